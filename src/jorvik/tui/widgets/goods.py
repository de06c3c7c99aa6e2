"""The common goods area, the next Attack of the Picts, the bag and the deck per season."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GOODS_IN_PLAY, GameState, next_attack
from jorvik.i18n import get_language, t

from ..fit import Part, fit_line
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
        goods = Text()
        for g in range(n_goods):
            goods.append_text(cube(g))
            goods.append(f"{st.common[g]}" + (" " if g < n_goods - 1 else ""))
        parts = [Part(Text(t("tui.board.common") + " ", style="bold").append_text(goods),
                      goods, keep=5)]
        by_id = st.cards.by_id
        nxt = next_attack(st)
        if nxt:
            card = by_id[nxt]
            style = component_style(self, "supply--attack")
            parts.append(Part(
                Text(t("tui.board.next_attack", gain=card.picts_gain, loss=card.picts_loss),
                     style=style),
                Text(t("tui.board.next_attack_short", gain=card.picts_gain,
                       loss=card.picts_loss), style=style), keep=6))
        parts.append(Part(Text(t("tui.board.bag", count=len(st.bag))), keep=7))
        per = dict.fromkeys("ABCD", 0)
        for cid in st.deck:
            season = by_id[cid].season
            if season in per:
                per[season] += 1
        counts = " ".join(f"{t(f'tui.season.{s}')} {k}" for s, k in per.items())
        parts.append(Part(Text(t("tui.board.deck") + " " + counts),
                          Text(t("tui.board.deck") + " " + " ".join(
                              f"{t(f'tui.season.{s}')}{k}" for s, k in per.items())),
                          keep=9))
        self._parts = parts
        self.set(fit_line(parts, 10_000, sep=" │ "))

    def build(self, width: int, height: int) -> list[Text]:
        """The line for the width: shorter forms, then the least needed parts give way;
        the deck counts are the last to go."""
        parts = getattr(self, "_parts", None)
        if parts is None:
            return super().build(width, height)
        return [fit_line(parts, width, sep=" │ ")]
