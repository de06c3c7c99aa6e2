"""The common goods area, the next Attack of the Picts, the bag and the deck per season."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GOODS_IN_PLAY, GameState, next_attack
from jorvik.i18n import get_language, t

from ..text import cube
from .lines import TextLines
from .memo import Memo, component_style


class SupplyBar(Memo, TextLines):
    COMPONENT_CLASSES = {"supply--attack"}

    def show(self, st: GameState) -> None:
        sig = (st.common, len(st.bag), len(st.deck), get_language())
        if self.unchanged(sig):
            return
        n_goods = GOODS_IN_PLAY[st.mode]
        line = Text(t("tui.board.common") + " ", style="bold")
        for g in range(n_goods):
            line.append_text(cube(g))
            line.append(f"{st.common[g]} ")
        by_id = st.cards.by_id
        nxt = next_attack(st)
        if nxt:  # before the bag and the deck: on a narrow terminal the end is cut off
            card = by_id[nxt]
            line.append("│ ")
            line.append(t("tui.board.next_attack", gain=card.picts_gain, loss=card.picts_loss),
                        style=component_style(self, "supply--attack"))
            line.append(" ")
        line.append("│ " + t("tui.board.bag", count=len(st.bag)) + " │ ")
        per = {s: 0 for s in "ABCD"}
        for cid in st.deck:
            season = by_id[cid].season
            if season in per:
                per[season] += 1
        line.append(t("tui.board.deck") + " ")
        line.append(" ".join(f"{t(f'tui.season.{s}')} {k}" for s, k in per.items()))
        self.set(line)
