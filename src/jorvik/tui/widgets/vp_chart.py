"""The VP race: each player's projected VP round by round as a small line chart (Rich text).

Built in parts: the VP scale (`scale`), the x of each point of the race (`columns`), each
player's line drawn into a grid of cells (`draw_series`), the replay's mark (`draw_mark`),
and the rounds under the axis (`ticks`)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from .. import theme

# One marker per seat as well as a colour, so the chart reads without colours too.
MARKERS = ("●", "■", "▲", "◆", "✚")

Cell = tuple[str, str]  # a character of the plot and its style
Grid = list[list[Cell]]


def mark_style() -> str:
    """A replay's move now, in the theme's colour."""
    return theme.style("race-mark")


def scale(rows: list[list[int]]) -> tuple[int, int]:
    """The lowest and the highest VP the y axis shows: from 0 when the values spread over
    more than 20, else from one below the lowest (never below 0); always at least 1 apart."""
    lo = min(min(r) for r in rows)
    hi = max(max(r) for r in rows)
    lo = min(lo, 0) if hi - lo > 20 else max(0, lo - 1)
    return lo, max(hi, lo + 1)


def columns(count: int, plot_w: int) -> list[int]:
    """The x of each of `count` points of the race, spread over `plot_w` cells."""
    return [round(i * (plot_w - 1) / max(1, count - 1)) for i in range(count)]


def draw_series(grid: Grid, xs: list[int], series: list[int], y_of: Callable[[float], int],
                marker: str, style: str) -> None:
    """One player's points as `marker`, joined by dots through empty cells. A point another
    player already marks moves a step aside, so every one shows."""
    for i in range(len(xs) - 1):  # the line between two points, as dots
        x0, x1, y0, y1 = xs[i], xs[i + 1], series[i], series[i + 1]
        for x in range(x0 + 1, x1):
            y = y_of(y0 + (y1 - y0) * (x - x0) / (x1 - x0))
            if grid[y][x][0] == " ":
                grid[y][x] = ("·", style)
    width = len(grid[0])
    for i, x in enumerate(xs):
        y = y_of(series[i])
        for dx in (0, 1, -1, 2, -2):
            if 0 <= x + dx < width and grid[y][x + dx][0] not in MARKERS:
                x += dx
                break
        grid[y][x] = (marker, style)


def draw_mark(grid: Grid, xs: list[int], mark: float, style: str) -> int:
    """A vertical line at `mark` (a place on the race counted in its points: 2.5 is halfway
    between the third and the fourth) through the cells no point takes; its x."""
    if len(xs) < 2:
        return 0
    j = max(0, min(len(xs) - 2, int(mark)))
    x = round(xs[j] + (xs[j + 1] - xs[j]) * max(0.0, min(1.0, mark - j)))
    for cells in grid:
        if cells[x][0] in (" ", "·"):
            cells[x] = ("┃", style)
    return x


def ticks(rounds: list[int], xs: list[int], plot_w: int) -> str:
    """The round of each point under its x, leaving out a label that would touch another."""
    line = [" "] * (plot_w + 3)  # room for the last label past the right edge
    for i, x in enumerate(xs):
        tick = str(rounds[i])
        if all(c == " " for c in line[max(0, x - 1):x + len(tick) + 1]):
            for j, ch in enumerate(tick):
                line[x + j] = ch
    return "".join(line).rstrip()


def vp_chart(rounds: list[int], rows: list[list[int]], names: list[str], styles: list[str],
             width: int = 60, height: int = 10, axis: str = "round",
             mark: float | None = None) -> Text:
    """A line chart: x = the points of the race (start, end of each round, the end), y = VP.
    Each player's points are joined by dots; a legend names the markers. `mark`: a place on
    the race, counted in its points, drawn as a vertical line with an ↑ under the axis (a
    replay's move now)."""
    out = Text()
    if not rows or not names:
        return out
    lo, hi = scale(rows)
    label_w = len(str(hi)) + 1
    plot_w = max(10, width - label_w - 1 - len(axis) - 4)  # the axis name fits after it
    plot_h = max(4, height)
    xs = columns(len(rows), plot_w)

    def y_of(v: float) -> int:
        return round((v - lo) * (plot_h - 1) / (hi - lo))

    def style_of(p: int) -> str:
        return styles[p] if p < len(styles) else ""

    grid: Grid = [[(" ", "")] * plot_w for _ in range(plot_h)]
    for p in range(len(names)):
        draw_series(grid, xs, [r[p] for r in rows], y_of, MARKERS[p % len(MARKERS)],
                    style_of(p))
    mark_x = None if mark is None else draw_mark(grid, xs, mark, mark_style())
    for y in range(plot_h - 1, -1, -1):
        value = lo + (hi - lo) * y / (plot_h - 1)
        label = str(round(value)) if y in (0, plot_h - 1, (plot_h - 1) // 2) else ""
        out.append(f"{label:>{label_w}}│", style="dim")
        for ch, style in grid[y]:
            out.append(ch, style=style)
        out.append("\n")
    out.append(" " * label_w + "└" + "─" * plot_w + "\n", style="dim")
    if mark_x is not None:
        out.append(" " * (label_w + 1 + mark_x) + "↑\n", style=mark_style())
    out.append(" " * (label_w + 1) + ticks(rounds, xs, plot_w) + f"  {axis}\n", style="dim")
    for p in range(len(names)):
        out.append(f" {MARKERS[p % len(MARKERS)]} {names[p]} {rows[-1][p]}", style=style_of(p))
        out.append("  ")
    return out
