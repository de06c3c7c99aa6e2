"""The decision keys: the one table of the keys a menu gives its choices (a front end that
reads keys uses them; one that clicks may ignore them, but lessons and hints name them)."""

from __future__ import annotations

# A choice's key: a card space's is its number (0 = 10, - = 11, = = 12); other choices take
# the next free digit, then a letter no other key of the game screen uses, then a capital
# letter (Shift+letter), so every item of even a very long list (vikings to swap, many
# destinations) has a key. A choice a footer binding names has its own letter.
SEQ_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
SPACE_KEYS = SEQ_KEYS + ("minus", "equals_sign")
EXTRA_KEYS = ("a", "n", "e", "f", "g", "i", "j", "k", "o", "r", "u", "w", "x", "y", "z",
              *"ABCDEFGHIJKLMNOPQRSTUVWXYZ")
CHOICE_KEYS = SEQ_KEYS + EXTRA_KEYS            # the keys menus number their choices with
TAG_KEYS = {                                    # footer tag -> its letter (several share d)
    "buy": "b", "hall": "h", "pass": "p", "brown": "b", "done": "d", "stop": "d",
    "decline": "d", "discard": "d", "trade": "t", "sell": "s", "harbour": "m",
}
BACK_KEY = "escape"


def space_key(space: int) -> str:
    """The key of card space 1-12."""
    return SPACE_KEYS[space - 1]
