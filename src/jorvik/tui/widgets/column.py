"""One card space of the board: the card's name, values and a compact text (cut to the room
there is; the details line shows it whole), ship cubes, and (spaces 1-6) its demand column
with the price now on its last line.

The name is always on the first line, whole: the card's short name from the card file where
the whole name does not fit (never "Gold…"); a crowded demand column packs its vikings closer
rather than push the name off."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from jorvik.engine import CardType, GameState, next_price, price_now
from jorvik.i18n import get_language, t
from jorvik.i18n.cards import card_short_name

from ..fit import cut_at_word
from ..keys import key_label, space_key
from ..messages import SpaceClicked, SpaceHovered
from ..text import Seats, card_name, card_text, clamp, cubes
from .lines import Lines
from .memo import Memo, component_style


def name_lines(card, width: int, lines: int) -> list[Text]:
    """The card's name in at most `lines` lines of `width` cells, never cut: the whole name if
    it fits (wrapped at its spaces), else its short name; only a card file without short names
    gets a name cut at a word."""
    name = card_name(card)
    wrapped = clamp(Text(name, style="bold"), width, lines)
    if " ".join(line.plain for line in wrapped).split() == name.split():
        return wrapped
    short = card_short_name(card)
    if short and cell_len(short) <= width:
        return [Text(short, style="bold")]
    return [cut_at_word(Text(name, style="bold"), width)]


def card_values(card, width: int | None = None) -> Text:
    """The printed values of a card in brief: type (unless the name says it: "Warrior"),
    goods, VP, coins, defence. Given a `width` the line does not fit in, the type and the coins
    take their short forms ("Merch S 1 VP 2c", "Ker S 1 GyP 2é"), then the type is left out
    (the name says it), then the cubes close up ("IIJL 11 VP"), so that the figures stay
    whole."""
    out = _card_values(card, 0)
    for short in (1, 2, 3):
        if width is None or out.cell_len <= width:
            break
        out = _card_values(card, short)
    return out


def _card_values(card, short: int) -> Text:
    kind = t(f"tui.type.{card.type}")
    if short and f"tui.short.{card.type}" in _SHORT_TYPES:
        kind = t(f"tui.short.{card.type}")
    if short > 1 or card_name(card).startswith(t(f"tui.type.{card.type}")):
        kind = ""
    out = Text(kind, style="italic")
    if card.goods:
        out.append(" " if out else "")
        out.append_text(cubes(card.goods, sep="" if short > 2 else " "))
    for shown, words in ((card.vp, lambda: t("tui.values.vp", vp=card.vp)),
                         (card.coins_per_good,
                          lambda: t("tui.values.coins_short" if short else "tui.values.coins_each",
                                    coins=card.coins_per_good)),
                         (card.defence, lambda: t("tui.values.defence", defence=card.defence))):
        if shown:
            out.append((" " if out else "") + words())
    return out


# The card types with a short form in the catalogues (tui.short.*).
_SHORT_TYPES = frozenset(f"tui.short.{k}" for k in ("craftsman", "merchant", "prophecy",
                                                    "defence", "feast", "journey"))


def price_text(st: GameState, column: int, short: bool = False) -> str:
    """What the top viking of demand column `column` (or the reservation row, column
    RESERVATION_ROW) pays now; when there is none yet, what the next one would pay (`short`:
    the shorter form, for a narrow card box)."""
    price = price_now(st, column)
    if price == 0:
        key = "tui.board.price_next_short" if short else "tui.board.price_next"
        return t(key, price=next_price(st, column))
    return t("tui.board.price_now", price=price)


def _mark(seats: Seats, code: int, tight: bool) -> Text:
    """A viking's mark: its player's letter on the player's colour ("É ", a brown one "Éb");
    `tight`: the letter alone (a brown one on brown)."""
    mark = seats.viking(code)
    return mark[:1] if tight else mark


def _rows(column, seats: Seats, sep: str, tight: bool, width: int) -> list[Text]:
    """The vikings of a demand column in rows of at most `width` cells (a viking never split)."""
    rows: list[Text] = [Text()]
    for code in column:
        mark = _mark(seats, code, tight)
        gap = sep if rows[-1].cell_len else ""
        if rows[-1].cell_len + len(gap) + mark.cell_len > width:
            rows.append(Text())
            gap = ""
        rows[-1].append(gap)
        rows[-1].append_text(mark)
    return rows


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
        # the tightest form ("8c"), for a two-line box under a crowded column
        self._price_tight = (t("tui.board.price_tight", price=price_now(st, self.space))
                             if self.space <= 6 else "")
        self.changed()

    def _price_style(self) -> Style:
        return component_style(self, "space--price")

    def build(self, width: int, height: int) -> list[Text]:
        card, goods, column, seats = self._view
        low = self.space <= 6
        demand: list[Text] = []
        if low and card is not None:
            # the name keeps the first line: the column has the rest
            demand = self._demand(column, seats, width, max(1, height - 1))
        top = max(0, height - len(demand))
        lines: list[Text] = []
        if card is None:
            lines.append(Text(t("tui.board.empty"), style="dim"))
        else:
            # The name and values first; the card text only in the room left (the details
            # line under the board shows it whole).
            lines += name_lines(card, width, 2 if top >= 4 else 1)
            if card.goods or card.vp or card.defence or card.coins_per_good:
                lines += clamp(card_values(card, width), width, 2 if top >= 4 else 1)
            if card.type == CardType.SHIP:
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

    def _demand(self, column, seats: Seats, width: int, room: int) -> list[Text]:
        """The demand column's vikings and the price in at most `room` lines: one line if
        they fit; else the vikings on lines of their own, the price last; else the vikings
        packed without gaps (each is a coloured letter, so they stay apart). The price is
        never cut: the number is what the player needs."""
        price = self._price
        if cell_len(price) > width:
            price = self._price_short
        style = self._price_style() if column else "dim"
        out: list[Text] = []
        for sep, tight in ((" ", False), ("", False), ("", True)):
            line = Text(sep).join(_mark(seats, code, tight) for code in column)
            if line.cell_len + 1 + cell_len(price) <= width or not column:
                line.append(" " * max(1 if column else 0, width - line.cell_len - cell_len(price)))
                line.append(price, style=style)
                return [line]
            wrapped = _rows(column, seats, sep, tight, width)
            out = wrapped + [Text(price, style=style)]
            if len(out) <= room:
                return out
        if room == 1:  # one line for vikings and price: the price in its tightest form
            price = self._price_tight
            line = Text("").join(_mark(seats, code, True) for code in column)
            if line.cell_len + 1 + cell_len(price) > width:
                more = f"+{len(column)}"
                for shown in range(len(column), -1, -1):
                    more = f"+{len(column) - shown}" if shown < len(column) else ""
                    if shown + len(more) + 1 + cell_len(price) <= width:
                        break
                line = line[:shown]
                line.append(more)
            line.append(" " * max(1, width - line.cell_len - cell_len(price)))
            line.append(price, style=style)
            return [line]
        # more vikings than the box has cells: the first ones (they buy first), then "+n"
        keep = out[:room - 1] if room > 1 else []
        shown = sum(len(row.plain) for row in keep)
        if keep and shown < len(column):
            more = f"+{len(column) - shown}"
            keep[-1] = keep[-1][:max(0, width - len(more))]
            keep[-1].append(more)
        return keep + [Text(price, style=style)]

    def on_click(self) -> None:
        self.post_message(SpaceClicked(self.space))

    def on_enter(self) -> None:
        self.post_message(SpaceHovered(self.space))

    def on_leave(self) -> None:
        self.post_message(SpaceHovered(None))
