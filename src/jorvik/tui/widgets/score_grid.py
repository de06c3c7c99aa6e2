"""The scores table (the `v` table and the final scoring): players as columns in order of
rank (the winner, or the leader if the game ended now, first, so always in view), the
categories as rows in a fixed first column; it uses the screen's width and scrolls sideways
(←/→, the mouse) when the players do not fit.

Category labels are whole when they fit with every player's column; otherwise (e.g. 80×24
with five players) each label is its catalogue abbreviation (tui.score_abbr, at most
ABBR_CELLS cells: the rule, tested) and the highlighted row's full name is shown under the
table. Names longer than the room for a column end in "…" (whole in the log and the winner
line)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from jorvik import i18n
from jorvik.engine import SCORE_CATEGORIES
from jorvik.i18n import t

from ..text import Seats

ABBR_CELLS = 7          # an abbreviated category label is at most this wide
NAME_MIN, NAME_WANT, NAME_MAX = 6, 12, 24
ROWS = (*SCORE_CATEGORIES, "total", "coins")


def ranked(rows: list[dict[str, Any]]) -> list[int]:
    """Seats by rank: total VP, then coins (the tie-break), then seat."""
    return sorted(range(len(rows)), key=lambda p: (-rows[p].get("total", 0),
                                                   -rows[p].get("coins", 0), p))


def label(cat: str, short: bool) -> str:
    return t(f"tui.score_abbr.{cat}") if short else t(f"tui.score.{cat}")


def fit_name(name: str, width: int) -> str:
    return name if len(name) <= width else name[:max(1, width - 1)] + "…"


def layout(width: int, names: list[str]) -> tuple[bool, int]:
    """Whether the labels are abbreviated, and how wide a name may be, for a table `width`
    cells wide: whole labels when they fit beside every player's column at NAME_WANT cells
    (or their longest name's, if shorter), else abbreviations; names get the rest of the
    room (at least NAME_MIN: beyond that the table scrolls)."""
    full = max(len(label(c, False)) for c in ROWS)
    n = max(1, len(names))
    need = min(max((len(x) for x in names), default=NAME_MIN), NAME_WANT)
    short = full + 2 + n * (max(need, 3) + 2) > width
    lab = max(len(label(c, short)) for c in ROWS) + 2
    room = (width - lab) // n - 2
    return short, max(NAME_MIN, min(NAME_MAX, room))


class ScoreGrid(DataTable):
    """Build with the scores (final_scores()); `on_label` gets the highlighted row's full
    category name (for the line under the table)."""

    def __init__(self, seats: Seats, result: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(fixed_columns=1, cursor_type="row", zebra_stripes=True,
                         show_cursor=True, **kwargs)
        self.seats = seats
        self.result = result
        self.short = False
        self._width = -1
        self.order = ranked(result.get("scores") or [])

    def fill(self, width: int) -> None:
        """Lay the table out for `width` cells (again only when the width changed)."""
        if width == self._width:
            return
        self._width = width
        rows = self.result.get("scores") or []
        names = [self.seats.names[p] for p in self.order]
        self.short, name_width = layout(width, names)
        row = self.cursor_row
        self.clear(columns=True)
        self.add_column(Text(t("tui.final.category"), style="bold"), key="category")
        for p in self.order:
            self.add_column(Text(fit_name(self.seats.names[p], name_width),
                                 style=self.seats.style(p)), key=f"p{p}")
        winners = set(self.result.get("winners") or [])
        for cat in ROWS:
            bold = "bold" if cat == "total" else ""
            cells: list[Any] = [Text(label(cat, self.short), style=bold)]
            for p in self.order:
                value = rows[p].get(cat, 0) if p < len(rows) else 0
                style = bold + (" underline" if cat == "total" and p in winners else "")
                cells.append(Text(_number(value), style=style.strip(), justify="right"))
            self.add_row(*cells, key=cat)
        if 0 <= row < len(ROWS):
            self.move_cursor(row=row)

    def full_label(self) -> str:
        """The highlighted row's category in full."""
        row = self.cursor_row
        return t(f"tui.score.{ROWS[row]}") if 0 <= row < len(ROWS) else ""


def _number(value: Any) -> str:
    fmt = getattr(i18n, "format_number", None)  # the language's number format, if it has one
    return fmt(value) if fmt is not None else str(value)


class ScoreBox(Vertical):
    """The grid and, when its labels are abbreviated, the highlighted row's full name under
    it. It lays the grid out for the screen's width, again when the terminal is resized."""

    def __init__(self, seats: Seats, result: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(classes="score-box", **kwargs)
        self.grid = ScoreGrid(seats, result, classes="score-grid")

    def compose(self) -> ComposeResult:
        yield self.grid
        yield Static(classes="score-focus")

    def on_mount(self) -> None:
        self.grid.focus()  # ←/→ scroll it, ↑/↓ show each category's full name
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        if not self.grid.is_mounted:
            return  # a resize before the grid is there: on_mount lays it out
        width = self.app.size.width - 8  # the dialog's border and padding
        self.grid.fill(max(20, width))
        self._show_focus()

    @on(DataTable.RowHighlighted)
    def _row(self, event: DataTable.RowHighlighted) -> None:
        self._show_focus()

    def _show_focus(self) -> None:
        found = self.query(".score-focus")
        if not found:
            return
        focus = found.first(Static)
        focus.display = self.grid.short
        if self.grid.short:
            focus.update(Text("▸ " + self.grid.full_label(), style="italic"))
