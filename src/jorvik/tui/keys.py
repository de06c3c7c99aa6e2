"""The app's keys: the one table of the decision keys, and key bindings labelled from the
catalogues, re-labelled when the language changes.

A class lists its keys as `KEYS = [Key(...)]` and is decorated with `@translated`; its
BINDINGS are built from the current language, and `relabel(app)` rebuilds them (and the live
copies Textual keeps per widget) after a language switch, so the footer follows at once.
A key may name its line of the F1 help (`help="undo"`: tui.help.key.undo); the help lists
the bindings in force under it, so it can never name a key that does not work."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from textual.binding import Binding

from jorvik.i18n import get_language, t
from jorvik.play.keys import (  # noqa: F401  (the decision keys' one table, bound here)
    BACK_KEY,
    CHOICE_KEYS,
    EXTRA_KEYS,
    SEQ_KEYS,
    SPACE_KEYS,
    TAG_KEYS,
    space_key,
)

from .textual_compat import rebuild_bindings, renew_bindings

T = TypeVar("T", bound=type)

KEY_LABEL = {"minus": "-", "equals_sign": "=", "question_mark": "?", "up": "↑", "down": "↓",
             "pageup": "PgUp", "pagedown": "PgDn", "enter": "Enter", "tab": "Tab",
             "home": "Home", "end": "End", "space": "Space", "left": "←", "right": "→",
             "left_square_bracket": "[", "right_square_bracket": "]"}


def key_label(key: str | None) -> str:
    """A key as the screen shows it ("minus" -> "-", "ctrl+z" -> "Ctrl+Z", "escape" -> Esc)."""
    if not key:
        return ""
    if key == "escape":
        return t("tui.key.esc")
    if key in KEY_LABEL:
        return KEY_LABEL[key]
    if "+" in key:
        return "+".join(part.capitalize() if len(part) > 1 else part.upper()
                        for part in key.split("+"))
    return key.upper() if key[0] == "f" and key[1:].isdigit() else key


# ---------------------------------------------------------------- bindings

_CLASSES: list[type] = []
_built_in: list[str] = []  # the language the classes' BINDINGS are in


@dataclass(frozen=True)
class Key:
    keys: str
    action: str
    label: str | Callable[[], str]   # a catalogue key, or a function giving the text
    options: dict[str, Any] = field(default_factory=dict)
    help: str = ""                   # its line of the F1 help: tui.help.key.<help>

    def binding(self) -> Binding:
        text = self.label() if callable(self.label) else t(self.label) if self.label else ""
        return Binding(self.keys, self.action, text, **self.options)


def key(keys: str, action: str, label: str | Callable[[], str], help: str = "",
        **options: Any) -> Key:
    return Key(keys, action, label, options, help)


def help_lines(chain: list[tuple[Any, Any]]) -> list[tuple[str, str]]:
    """The F1 help's key list: (keys, what they do) for every binding of `chain` (a screen's
    binding chain, focused widget first), a key once (the first binding of it counts), the
    keys with one help line on one line, in the order they first appear. A binding without a
    help line shows its footer label; one with neither, or not made by `key`, is left out."""
    lines: dict[str, list[str]] = {}
    earlier: set[str] = set()   # keys a node nearer the focus binds
    for node, bindings in chain:
        helps: dict[str, str] = getattr(type(node), "KEY_HELP", {})
        order = {id_: n for n, id_ in enumerate(helps)}  # as the class lists its keys
        here: set[str] = set()
        for k, binding in sorted(bindings, key=lambda kb: order.get(kb[1].id or "", -1)):
            here.add(k)
            if k in earlier or binding.id not in helps:
                continue
            name = helps[binding.id]
            what = t(f"tui.help.key.{name}") if name else binding.description
            if not what:
                continue
            shown = lines.setdefault(what, [])
            label = key_label(k)
            if label not in shown:
                shown.append(label)
        earlier |= here
    out = []
    for what, labels in lines.items():
        keys = " ".join(labels) if len(labels) <= 6 else " ".join(labels[:5]) + " …"
        out.append((keys, what))
    return out


def _build(cls: Any) -> None:
    cls.BINDINGS = [k.binding() for k in cls.KEYS]
    # binding id -> help line ("": its label), for the F1 help; only bindings made here
    cls.KEY_HELP = {**getattr(super(cls, cls), "KEY_HELP", {}),
                **{k.options["id"]: k.help for k in cls.KEYS if "id" in k.options}}
    rebuild_bindings(cls)


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
            renew_bindings(node)
