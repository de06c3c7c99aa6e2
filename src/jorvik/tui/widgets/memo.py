"""Repaint only on a change: a widget remembers what its picture was last made from; and the
component-class colours, looked up once per widget class and theme."""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget

_NOTHING = object()


class Memo:
    """Mixin for the widgets the game screen shows the state in. `unchanged(sig)` is True when
    `sig` (everything the picture is made from) equals the last one, else it remembers `sig`;
    a widget with several parts names each (`part`). `forget()` makes the next show() paint
    again (after a language switch)."""

    _memo: dict[str, object] | None = None

    def unchanged(self, sig: object, part: str = "") -> bool:
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        if memo.get(part, _NOTHING) == sig:
            return True
        memo[part] = sig
        return False

    def forget(self) -> None:
        self._memo = None


# The colours of a widget's component classes (jorvik.tcss) change only with the theme: each
# is looked up once per widget class and theme, not on every repaint.
_STYLES: dict[tuple[type, str, str], Style] = {}


def component_style(widget: Widget, name: str) -> Style:
    """`widget.get_component_rich_style(name, partial=True)`, remembered per widget class and
    theme."""
    key = (type(widget), name, widget.app.theme)
    style = _STYLES.get(key)
    if style is None:
        style = _STYLES[key] = widget.get_component_rich_style(name, partial=True)
    return style


def forget_styles() -> None:
    """Look the component classes' colours up again (the theme's variables changed)."""
    _STYLES.clear()
