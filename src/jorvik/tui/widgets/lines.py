"""A widget drawn line by line (Textual's line API) from Rich Texts it builds for its size.

Why: a Static turns its renderable into strips again on every repaint, and a repaint comes with
every change of a style class (the cursor's border, the active player's background), costing
milliseconds per widget per key press. Here the strips are built once per content change or
new size; a style change only lays the widget's base style under the cached strips."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class Lines(Widget):
    """Subclasses implement build(width, height) -> one Text per line (no line breaks), and
    call changed() when what they show changes."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._version = 0
        self._built: tuple | None = None
        self._strips: list[Strip] = []
        self._base: Style | None = None  # the widget's style; Textual resets it on restyling

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None

    def build(self, width: int, height: int) -> list[Text]:
        raise NotImplementedError

    def changed(self) -> None:
        self._version += 1
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size
        key = (self._version, width, height)
        if key != self._built:
            self._built = key
            console = self.app.console
            self._strips = [Strip(list(text.render(console, end="")), text.cell_len)
                            .adjust_cell_length(width)
                            for text in self.build(width, height)[:height]]
        base = self._base
        if base is None:  # computing it walks up the DOM: once per restyling, not per line
            base = self._base = self.rich_style
        if y < len(self._strips):
            return self._strips[y].apply_style(base)
        return Strip.blank(width, base)


class TextLines(Lines):
    """Shows one Text, wrapped to the width and cut to the height (a cut ends in "…")."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._text = Text()

    @property
    def text(self) -> Text:
        return self._text

    def set(self, text: Text) -> None:
        self._text = text
        self.changed()

    def build(self, width: int, height: int) -> list[Text]:
        from ..text import clamp
        return clamp(self._text, width, height)
