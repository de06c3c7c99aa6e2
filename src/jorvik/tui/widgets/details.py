"""The details line under the board: the whole text of the card the highlighted choice (or
the mouse) is about, since the board shows card texts cut to fit."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from jorvik.engine import Card, viking_code
from jorvik.i18n import get_language, t

from ..fit import fit_items
from ..text import Seats, card_name, card_text, clamp
from .column import card_values
from .lines import Lines
from .memo import Memo, component_style


def viking_key(seats: Seats, style: Style | str = "", width: int = 0) -> list[Text]:
    """Whose viking is whose, one item a player: the mark the board shows (the player's
    letter on their colour) and the name, a long one by its first word ("Vikings: É  Éva",
    "A  Player 3", "R  Ragnhildur"); when the key would not fit in `width` on one line,
    every name by its first word."""
    def key(words) -> list[Text]:
        out = []
        for p, word in enumerate(words):
            item = Text(t("tui.legend.vikings") + " ", style=style) if not p else Text()
            item.append_text(seats.viking(viking_code(p)))
            item.append(" " + (word if len(word) <= 12 else word[:11] + "…"), style=style)
            out.append(item)
        return out
    whole = key([n if len(n) <= 12 or not n.split() else n.split()[0] for n in seats.names])
    if not width or sum(i.cell_len + 3 for i in whole) - 3 <= width:
        return whole
    return key([n.split()[0] if n.split() else n for n in seats.names])


class CardDetails(Memo, Lines):
    COMPONENT_CLASSES = {"details--name", "details--text"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._card: Card | None = None
        self._seats: Seats | None = None

    def show(self, card: Card | None, seats: Seats | None = None) -> None:
        """Show `card` whole; with no card, the legend, led by whose viking is whose
        (`seats`)."""
        sig = (card.id if card else None, get_language(),
               (tuple(seats.names), tuple(seats.colours)) if seats is not None else None)
        if self.unchanged(sig):
            return
        self._card, self._seats = card, seats
        self.changed()

    def _text_style(self) -> Style:
        return component_style(self, "details--text")

    def build(self, width: int, height: int) -> list[Text]:
        card = self._card
        if card is None:  # nothing to tell about: what the marks mean
            from .player_panel import legend
            text = legend(full=False)
            items = [Text(item.strip(), style=self._text_style())
                     for item in text.plain.split(" · ") if item.strip()]
            if self._seats is not None:
                items = viking_key(self._seats, self._text_style(), width) + items
            return fit_items(items, width, height)  # whole marks only, never cut mid-word
        line = Text(card_name(card),
                    style=component_style(self, "details--name"))
        line.append("  ")
        line.append_text(card_values(card))
        line.append("  ")
        line.append(card_text(card), style=self._text_style())
        return clamp(line, width, height)
