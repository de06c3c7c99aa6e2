"""The decision now as the app shows it: the play layer's menu (jorvik.play.menu) with its
words put into styled text in the current language. The menu's types are the play layer's
(`MenuOf`, `ChoiceOf`), here with Rich text for labels and plain text for warnings."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GameState
from jorvik.play import menu as play_menu
from jorvik.play.menu import ChoiceOf, MenuOf, MenuPath
from jorvik.play.seats import Seats
from jorvik.play.words import Words, plain

from .text import painted, words_text

Choice = ChoiceOf[Text, str]
Menu = MenuOf[Text, str]


def build_menu(st: GameState, seats: Seats, path: MenuPath = ()) -> Menu:
    """The menu of the decision in `st` (see jorvik.play.menu.build_menu), in words."""
    painted_seats = painted(seats)

    def text(words: Words) -> Text:
        return words_text(words, painted_seats, st)
    return play_menu.build_menu(st, path).worded(text, plain)
