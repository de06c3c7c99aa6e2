"""The Jarl reservation row: reserved cards in order, who reserved them, the price now."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from jorvik.engine import RESERVATION_ROW, GameState
from jorvik.i18n import get_language, t

from ..text import Seats, card_name, cubes
from .column import price_text
from .lines import TextLines
from .memo import Memo, component_style


class ReservationRow(Memo, TextLines):
    COMPONENT_CLASSES = {"reservation--label", "reservation--price"}

    def _style(self, part: str) -> Style:
        return component_style(self, f"reservation--{part}")

    def show(self, st: GameState, seats: Seats) -> None:
        sig = (st.reservation, tuple(seats.names), get_language())
        if self.unchanged(sig):
            return
        # The price first: a long row wraps onto a second line, never cut off.
        line = Text(t("tui.board.reservation"), style=self._style("label"))
        line.append(" (")
        line.append(price_text(st, RESERVATION_ROW), style=self._style("price"))
        line.append("): ")
        if not st.reservation:
            line.append(t("tui.board.reservation_empty"), style="dim")
        for i, (cid, code, goods) in enumerate(st.reservation):
            if i:
                line.append("  ")
            line.append(f"{i + 1}. ")
            line.append_text(seats.viking(code))
            line.append(card_name(st.cards.by_id[cid]))
            if goods:
                line.append(" ")
                line.append_text(cubes(goods))
        self.set(line)
        self._fit_height()

    def on_resize(self) -> None:
        self._fit_height()

    def _fit_height(self) -> None:
        """One line, or two when the row needs them (a layout only when that changes)."""
        width = self.content_size.width
        if not width:
            return
        rows = 1 if self.text.cell_len <= width else 2
        if self.size.height != rows:
            self.styles.height = rows
