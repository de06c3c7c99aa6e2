"""One card space of the board: the card's name and full text, ship cubes, and (spaces 1-6)
its demand column (vikings top first) with the price now."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from jorvik.engine import GameState
from jorvik.i18n import t

from ..choices import SPACE_KEYS, key_label
from ..messages import SpaceClicked
from ..text import Seats, card_name, card_text, cubes


def card_values(card) -> Text:
    """The printed values of a card in brief: goods, VP, coins, defence."""
    out = Text(t(f"tui.type.{card.type}"), style="italic")
    if card.goods:
        out.append(" ")
        out.append_text(cubes(card.goods))
    if card.vp:
        out.append(" " + t("tui.values.vp", vp=card.vp))
    if card.coins_per_good:
        out.append(" " + t("tui.values.coins_each", coins=card.coins_per_good))
    if card.defence:
        out.append(" " + t("tui.values.defence", defence=card.defence))
    return out


class SpaceWidget(Vertical):
    """Card space `space` (1-12); spaces 1-6 show their demand column below the card."""

    def __init__(self, space: int) -> None:
        super().__init__(id=f"space-{space}", classes="space " + ("low" if space <= 6 else "high"))
        self.space = space
        self._sig: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static(classes="space-card")
        if self.space <= 6:
            yield Static(classes="space-demand")

    def show(self, st: GameState, seats: Seats, highlight: bool) -> None:
        s = self.space - 1
        cid = st.spaces[s]
        sig = (cid, st.space_goods[s], st.columns[s] if s < 6 else None, highlight,
               tuple(seats.colours), tuple(seats.names))
        if sig == self._sig:
            return  # unchanged: skip the costly re-layout
        self._sig = sig
        self.set_class(cid is None, "-empty")
        self.set_class(highlight, "-highlight")
        key = key_label(SPACE_KEYS[self.space])
        self.border_title = str(self.space) if key == str(self.space) else f"{self.space} [{key}]"
        parts: list = []
        if cid is None:
            parts.append(Text(t("tui.board.empty"), style="dim"))
        else:
            card = st.cards.by_id[cid]
            parts.append(Text(card_name(card), style="bold"))
            if card.goods or card.vp or card.defence:
                parts.append(card_values(card))
            if card.type == "ship":
                goods = st.space_goods[s]
                parts.append(Text.assemble(t("tui.board.cargo") + " ",
                                           cubes(goods) if goods else Text("-")))
            parts.append(Text(card_text(card), style="#a8b0bc"))
        self.query_one(".space-card", Static).update(Group(*parts), layout=False)
        if self.space <= 6:
            col = st.columns[s]
            line = Text()
            for i, code in enumerate(col):
                if i:
                    line.append(" ")
                line.append_text(seats.viking(code))
            if not col:
                line.append(t("tui.board.no_demand"), style="dim")
            self.query_one(".space-demand", Static).update(line, layout=False)
            self.border_subtitle = (t("tui.board.price_now", price=len(col))
                                    if cid is not None else "")

    def on_click(self) -> None:
        self.post_message(SpaceClicked(self.space))
