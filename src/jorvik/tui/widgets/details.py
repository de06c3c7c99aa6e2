"""The details line under the board: the whole text of the card the highlighted choice (or
the mouse) is about, since the board shows card texts cut to fit."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from jorvik.engine import Card
from jorvik.i18n import get_language

from ..text import card_name, card_text, clamp
from .column import card_values
from ..fit import fit_items
from .lines import Lines
from .memo import Memo, component_style


class CardDetails(Memo, Lines):
    COMPONENT_CLASSES = {"details--name", "details--text"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._card: Card | None = None

    def show(self, card: Card | None) -> None:
        sig = (card.id if card else None, get_language())
        if self.unchanged(sig):
            return
        self._card = card
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
            return fit_items(items, width, height)  # whole marks only, never cut mid-word
        line = Text(card_name(card),
                    style=component_style(self, "details--name"))
        line.append("  ")
        line.append_text(card_values(card))
        line.append("  ")
        line.append(card_text(card), style=self._text_style())
        return clamp(line, width, height)
