"""A move in words: the menu keys and labels that lead to an action (lessons, hints, review)."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import Action, GameState
from jorvik.i18n import t
from jorvik.play.seats import Seats as PlainSeats

from . import theme
from .choices import menu_of
from .keys import key_label


def move_path(st: GameState, seats: PlainSeats, action: Action, path: tuple = (), depth: int = 3
              ) -> list[tuple[str, Text]] | None:
    """The menu keys (with their labels) that lead to `action` from the menu at `path`."""
    menu = menu_of(st, seats, path)
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


def move_words(st: GameState, seats: PlainSeats, action: Action, keys: bool = True) -> Text:
    """The move as the menu says it ("[t] Trade 3 → 1… › [1] give J J I"); keys=False: as
    a sentence says it, without the menu's keys and marks ("trade 3 for 1: give J J I",
    "L leather (from the ship) onto Weaponsmith": no arrow, no "›", no "…")."""
    found = move_path(st, seats, action)
    if not found:
        return Text(str(action.to_json()))
    out = Text()
    joint = ""
    for i, (k, label) in enumerate(found):
        if keys:
            if i:
                out.append(" › ")
            out.append(f"[{key_label(k)}] ", style=theme.key())
            out.append_text(label)
            continue
        words, more = _prose(label)
        out.append(joint if i else "")
        out.append_text(words)
        joint = " " if more else ": "
    return out


def _prose(label: Text) -> tuple[Text, bool]:
    """A menu label in a sentence's words: its trailing submenu arrow and "…" dropped, an
    arrow inside it ("3 → 1") said with the language's word ("3 for 1"); and whether the
    label ended with an arrow (what follows goes on without a colon)."""
    words = label.copy()
    words.rstrip()
    more = words.plain.endswith("→")
    while words.plain and words.plain[-1] in "→…:":
        words.right_crop(1)
        words.rstrip()
    for mark, say in ((" → ", f" {t('tui.choice.arrow_words')} "), ("…", "")):
        while mark in words.plain:
            i = words.plain.index(mark)
            words = Text.assemble(words[:i], say, words[i + len(mark):])
    return words, more
