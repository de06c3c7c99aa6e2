"""The common goods area, the bag, the deck per season and the next Attack of the Picts."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from jorvik.engine import GameState, next_attack
from jorvik.i18n import t

from ..text import cube


class SupplyBar(Static):
    def show(self, st: GameState) -> None:
        sig = (st.common, len(st.bag), len(st.deck))
        if sig == getattr(self, "_sig", None):
            return
        self._sig = sig
        n_goods = 5 if st.mode == "karl" else 8
        line = Text(t("tui.board.common") + " ", style="bold")
        for g in range(n_goods):
            line.append_text(cube(g))
            line.append(f"{st.common[g]} ")
        line.append("│ " + t("tui.board.bag", count=len(st.bag)) + " │ ")
        by_id = st.cards.by_id
        per = {s: 0 for s in "ABCD"}
        for cid in st.deck:
            season = by_id[cid].season
            if season in per:
                per[season] += 1
        line.append(t("tui.board.deck") + " ")
        line.append(" ".join(f"{t(f'tui.season.{s}')} {k}" for s, k in per.items()))
        nxt = next_attack(st)
        line.append(" │ ")
        if nxt:
            card = by_id[nxt]
            line.append(t("tui.board.next_attack", gain=card.picts_gain, loss=card.picts_loss),
                        style="bold #ff8080")
        self.update(line, layout=False)
