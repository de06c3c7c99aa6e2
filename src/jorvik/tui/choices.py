"""The decision now as the app shows it: the play layer's menu (jorvik.play.menu) with its
words put into styled text in the current language."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from jorvik.engine import Action, GameState
from jorvik.play import menu as play_menu
from jorvik.play.seats import Seats as PlainSeats
from jorvik.play.words import plain

from .text import painted, words_text


@dataclass
class Choice:
    label: Text
    key: str | None = None
    action: Action | None = None
    submenu: tuple | None = None
    warn: str | None = None      # ask before doing it (cubes that would be lost)
    space: int | None = None     # board space it concerns (highlighted on the board)
    tag: str = ""                # footer binding it answers to (buy, pass, done, ...)
    card: str | None = None      # card it is about (its whole text shows under the board)


@dataclass
class Menu:
    prompt: Text
    choices: list[Choice] = field(default_factory=list)
    path: tuple = ()
    card: str | None = None      # card the whole decision is about (the one to buy)

    def by_key(self, key: str) -> Choice | None:
        for c in self.choices:
            if c.key == key:
                return c
        return None


def build_menu(st: GameState, seats: PlainSeats, path: tuple = ()) -> Menu:
    """The menu of the decision in `st` (see jorvik.play.menu.build_menu), in words."""
    seats = painted(seats)
    menu = play_menu.build_menu(st, path)
    return Menu(words_text(menu.prompt, seats, st),
                [Choice(words_text(c.label, seats, st), c.key, c.action, c.submenu,
                        plain(c.warn) if c.warn is not None else None, c.space, c.tag, c.card)
                 for c in menu.choices],
                menu.path, menu.card)
