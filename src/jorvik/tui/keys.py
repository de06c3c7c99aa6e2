"""Key bindings labelled from the catalogues, re-labelled when the language changes.

A class lists its keys as `KEYS = [Key(...)]` and is decorated with `@translated`; its
BINDINGS are built from the current language, and `relabel(app)` rebuilds them (and the live
copies Textual keeps per widget) after a language switch, so the footer follows at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from textual.binding import Binding

from jorvik.i18n import get_language, t

T = TypeVar("T", bound=type)

_CLASSES: list[type] = []
_built_in: list[str] = []  # the language the classes' BINDINGS are in


@dataclass(frozen=True)
class Key:
    keys: str
    action: str
    label: str | Callable[[], str]   # a catalogue key, or a function giving the text
    options: dict[str, Any] = field(default_factory=dict)

    def binding(self) -> Binding:
        text = self.label() if callable(self.label) else t(self.label) if self.label else ""
        return Binding(self.keys, self.action, text, **self.options)


def key(keys: str, action: str, label: str | Callable[[], str], **options: Any) -> Key:
    return Key(keys, action, label, options)


def _build(cls: type) -> None:
    cls.BINDINGS = [k.binding() for k in cls.KEYS]  # type: ignore[attr-defined]
    cls._merged_bindings = cls._merge_bindings()  # type: ignore[attr-defined]


def translated(cls: T) -> T:
    """Class decorator: BINDINGS from KEYS in the current language (and again on relabel)."""
    ensure_labels()
    _build(cls)
    _CLASSES.append(cls)
    return cls


def ensure_labels() -> None:
    """Rebuild the classes' BINDINGS if the language changed since they were built (an app
    built after `set_language`); widgets made from now on copy the new ones."""
    lang = get_language()
    if _built_in != [lang]:
        _built_in[:] = [lang]
        for cls in _CLASSES:
            _build(cls)


def relabel(app: Any) -> None:
    """Rebuild every translated class's bindings and the live nodes' copies of them."""
    ensure_labels()
    classes = set(_CLASSES)
    nodes = [app]
    for screen in app.screen_stack:
        nodes.append(screen)
        nodes.extend(screen.walk_children())
    for node in nodes:
        if type(node) in classes:
            node._bindings = type(node)._merged_bindings.copy()
