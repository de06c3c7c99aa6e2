"""A move in words: the menu keys and labels that lead to an action (lessons, hints, review)."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import Action, GameState

from .choices import build_menu
from . import theme
from .keys import key_label
from .text import Seats


def move_path(st: GameState, seats: Seats, action: Action, path: tuple = (), depth: int = 3
              ) -> list[tuple[str, Text]] | None:
    """The menu keys (with their labels) that lead to `action` from the menu at `path`."""
    menu = build_menu(st, seats, path)
    for c in menu.choices:
        if c.action == action and c.key:
            return [(c.key, c.label)]
    if depth:
        for c in menu.choices:
            if c.submenu and c.key and c.tag != "back":
                rest = move_path(st, seats, action, c.submenu, depth - 1)
                if rest is not None:
                    return [(c.key, c.label)] + rest
    return None


def move_words(st: GameState, seats: Seats, action: Action, keys: bool = True) -> Text:
    """The move as the menu says it ("[t] Trade 3 for 1 › [1] give J J I"), keys optional."""
    found = move_path(st, seats, action)
    if not found:
        return Text(str(action.to_json()))
    out = Text()
    for i, (k, label) in enumerate(found):
        if i:
            out.append(" › ")
        if keys:
            out.append(f"[{key_label(k)}] ", style=theme.KEY)
        out.append_text(label)
    return out
