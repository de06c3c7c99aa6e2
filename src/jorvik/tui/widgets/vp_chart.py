"""The VP race: each player's projected VP round by round as a small line chart (Rich text)."""

from __future__ import annotations

from rich.text import Text

# One marker per seat as well as a colour, so the chart reads without colours too.
MARKERS = ("●", "■", "▲", "◆", "✚")
MARK_STYLE = "bold #ffd866"  # a replay's move now


def vp_chart(rounds: list[int], rows: list[list[int]], names: list[str], styles: list[str],
             width: int = 60, height: int = 10, axis: str = "round",
             mark: float | None = None) -> Text:
    """A line chart: x = the points of the race (start, end of each round, the end), y = VP.
    Each player's points are joined by dots; a legend names the markers. `mark`: a place on
    the race, counted in its points (2.5: halfway between the third and the fourth), drawn as
    a vertical line with an ↑ under the axis (a replay's move now)."""
    out = Text()
    if not rows or not names:
        return out
    n = len(names)
    lo = min(min(r) for r in rows)
    hi = max(max(r) for r in rows)
    lo = min(lo, 0) if hi - lo > 20 else max(0, lo - 1)
    hi = max(hi, lo + 1)
    label_w = len(str(hi)) + 1
    plot_w = max(10, width - label_w - 1 - len(axis) - 4)  # the axis name fits after it
    plot_h = max(4, height)
    cols = len(rows)
    xs = [round(i * (plot_w - 1) / max(1, cols - 1)) for i in range(cols)]

    def y_of(v: float) -> int:
        return round((v - lo) * (plot_h - 1) / (hi - lo))

    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(plot_h)]
    for p in range(n):
        series = [r[p] for r in rows]
        style = styles[p] if p < len(styles) else ""
        for i in range(cols - 1):  # the line between two points, as dots
            x0, x1, y0, y1 = xs[i], xs[i + 1], series[i], series[i + 1]
            for x in range(x0 + 1, x1):
                y = y_of(y0 + (y1 - y0) * (x - x0) / (x1 - x0))
                if grid[y][x][0] == " ":
                    grid[y][x] = ("·", style)
        for i in range(cols):
            y, x = y_of(series[i]), xs[i]
            # a point another player already marks moves a step aside, so every one shows
            for dx in (0, 1, -1, 2, -2):
                if 0 <= x + dx < plot_w and grid[y][x + dx][0] not in MARKERS:
                    x += dx
                    break
            grid[y][x] = (MARKERS[p % len(MARKERS)], style)
    mark_x = None
    if mark is not None and cols > 1:
        j = max(0, min(cols - 2, int(mark)))
        mark_x = round(xs[j] + (xs[j + 1] - xs[j]) * max(0.0, min(1.0, mark - j)))
        for row in grid:
            if row[mark_x][0] in (" ", "·"):
                row[mark_x] = ("┃", MARK_STYLE)
    elif mark is not None:
        mark_x = 0
    for row in range(plot_h - 1, -1, -1):
        value = lo + (hi - lo) * row / (plot_h - 1)
        label = str(round(value)) if row in (0, plot_h - 1, (plot_h - 1) // 2) else ""
        out.append(f"{label:>{label_w}}│", style="dim")
        for ch, style in grid[row]:
            out.append(ch, style=style)
        out.append("\n")
    out.append(" " * label_w + "└" + "─" * plot_w + "\n", style="dim")
    if mark_x is not None:
        out.append(" " * (label_w + 1 + mark_x) + "↑\n", style=MARK_STYLE)
    ticks = [" "] * (plot_w + 3)  # room for the last label past the right edge
    for i, x in enumerate(xs):
        tick = str(rounds[i])
        if all(c == " " for c in ticks[max(0, x - 1):x + len(tick) + 1]):
            for j, ch in enumerate(tick):
                ticks[x + j] = ch
    out.append(" " * (label_w + 1) + "".join(ticks).rstrip() + f"  {axis}\n", style="dim")
    for p in range(n):
        style = styles[p] if p < len(styles) else ""
        out.append(f" {MARKERS[p % len(MARKERS)]} {names[p]} {rows[-1][p]}", style=style)
        out.append("  ")
    return out
