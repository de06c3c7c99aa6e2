"""The Jarl reservation row: reserved cards in order, who reserved them, the price now."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from jorvik.engine import GameState
from jorvik.i18n import t

from ..messages import ReservationClicked
from ..text import Seats, card_name, cubes


class ReservationRow(Static):
    def show(self, st: GameState, seats: Seats) -> None:
        sig = (st.reservation, tuple(seats.names))
        if sig == getattr(self, "_sig", None):
            return
        self._sig = sig
        line = Text(t("tui.board.reservation") + ": ", style="bold #c8b8ff")
        if not st.reservation:
            line.append(t("tui.board.reservation_empty"), style="dim")
        for i, (cid, code, goods) in enumerate(st.reservation):
            if i:
                line.append("  ")
            line.append(f"{i + 1}. ")
            line.append_text(seats.viking(code))
            line.append(" " + card_name(st.cards.by_id[cid]))
            if goods:
                line.append(" ")
                line.append_text(cubes(goods))
        line.append("   ")
        line.append(t("tui.board.price_now", price=len(st.reservation)), style="bold")
        self.update(line, layout=False)

    def on_click(self) -> None:
        self.post_message(ReservationClicked())
