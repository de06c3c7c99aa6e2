"""One card space of the board: the card's name, values and a compact text (cut to the room
there is; the details line shows it whole), ship cubes, and (spaces 1-6) its demand column
with the price now on its last line."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from jorvik.engine import GameState, next_price, price_now
from jorvik.i18n import get_language, t

from ..keys import key_label, space_key
from ..messages import SpaceClicked, SpaceHovered
from ..text import Seats, card_name, card_text, clamp, cubes
from .lines import Lines
from .memo import Memo, component_style



def card_values(card) -> Text:
    """The printed values of a card in brief: type (unless the name says it: "Warrior"),
    goods, VP, coins, defence."""
    kind = t(f"tui.type.{card.type}")
    out = Text(kind if not card_name(card).startswith(kind) else "", style="italic")
    if card.goods:
        out.append(" " if out else "")
        out.append_text(cubes(card.goods))
    for shown, words in ((card.vp, lambda: t("tui.values.vp", vp=card.vp)),
                         (card.coins_per_good,
                          lambda: t("tui.values.coins_each", coins=card.coins_per_good)),
                         (card.defence, lambda: t("tui.values.defence", defence=card.defence))):
        if shown:
            out.append((" " if out else "") + words())
    return out


def price_text(st: GameState, column: int, short: bool = False) -> str:
    """What the top viking of demand column `column` (or the reservation row, column
    RESERVATION_ROW) pays now; when there is none yet, what the next one would pay (`short`:
    the shorter form, for a narrow card box)."""
    price = price_now(st, column)
    if price == 0:
        key = "tui.board.price_next_short" if short else "tui.board.price_next"
        return t(key, price=next_price(st, column))
    return t("tui.board.price_now", price=price)


class SpaceWidget(Memo, Lines):
    """Card space `space` (1-12); spaces 1-6 show their demand column at the bottom.

    Its size is fixed by the stylesheet, so a change of content repaints only this widget;
    build() fits the content to that size."""

    COMPONENT_CLASSES = {"space--price", "space--text"}
    _price = ""  # the price line's text (spaces 1-6), from the engine's price_now
    _price_short = ""  # its shorter form, for a box too narrow for it (5 players at 80×24)

    def __init__(self, space: int) -> None:
        super().__init__(id=f"space-{space}", classes="space " + ("low" if space <= 6 else "high"))
        self.space = space
        self._view: tuple = (None, (), (), None)
        key = key_label(space_key(space))
        self.border_title = str(space) if key == str(space) else f"{space} [{key}]"

    def show(self, st: GameState, seats: Seats, highlight: bool) -> None:
        s = self.space - 1
        cid = st.spaces[s]
        column = st.columns[s] if self.space <= 6 else ()
        sig = (cid, st.space_goods[s], column, highlight, tuple(seats.colours),
               tuple(seats.names), get_language())
        if self.unchanged(sig):
            return  # no repaint
        if (cid is None) != self.has_class("-empty"):
            self.set_class(cid is None, "-empty")
        if highlight != self.has_class("-highlight"):
            self.set_class(highlight, "-highlight")
        card = st.cards.by_id[cid] if cid is not None else None
        self._view = (card, st.space_goods[s], column, seats)
        self._price = price_text(st, self.space) if self.space <= 6 else ""
        self._price_short = price_text(st, self.space, short=True) if self.space <= 6 else ""
        self.changed()

    def _price_style(self) -> Style:
        return component_style(self, "space--price")

    def build(self, width: int, height: int) -> list[Text]:
        card, goods, column, seats = self._view
        low = self.space <= 6
        demand: list[Text] = []
        if low and card is not None:
            line = Text()
            for i, code in enumerate(column):
                if i:
                    line.append(" ")
                line.append_text(seats.viking(code))
            price = self._price  # never cut: the number is what the player needs
            if cell_len(price) > width:
                price = self._price_short
            if line.cell_len + 1 + len(price) <= width:
                line.append(" " * (width - line.cell_len - len(price)))
                line.append(price, style=self._price_style() if column else "dim")
                demand = [line]
            else:  # many vikings: they go on as many lines as they need, the price last
                demand = clamp(line, width, height) + [Text(price, style=self._price_style())]
        top = max(0, height - len(demand))
        lines: list[Text] = []
        if card is None:
            lines.append(Text(t("tui.board.empty"), style="dim"))
        else:
            # The name and values first; the card text only in the room left (the details
            # line under the board shows it whole).
            name_lines = 2 if top >= 4 else 1
            lines += clamp(Text(card_name(card), style="bold"), width, name_lines)
            if card.goods or card.vp or card.defence or card.coins_per_good:
                lines += clamp(card_values(card), width, 2 if top >= 4 else 1)
            if card.type == "ship":
                lines += clamp(Text.assemble(t("tui.board.cargo") + " ",
                                             cubes(goods) if goods else Text("-")), width, 1)
            room = top - len(lines)
            if room > 0:
                lines += clamp(Text(card_text(card), style=component_style(self, "space--text")), width, room)
        lines = lines[:top]
        if demand:
            lines += [Text()] * (top - len(lines))
            lines += demand
        return lines[:height]

    def on_click(self) -> None:
        self.post_message(SpaceClicked(self.space))

    def on_enter(self) -> None:
        self.post_message(SpaceHovered(self.space))

    def on_leave(self) -> None:
        self.post_message(SpaceHovered(None))
