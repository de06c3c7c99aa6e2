"""The decision now as the app shows it: the play layer's menu as data (jorvik.play.menu:
the game screen gets it from its table, `Table.view(seat, path).menu`) with its words put
into styled text in the current language. The menu's types are the play layer's (`MenuOf`,
`ChoiceOf`), here with Rich text for labels and plain text for warnings."""

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


def worded(menu: play_menu.Menu, seats: Seats, st: GameState) -> Menu:
    """The play layer's `menu` in styled words (`st`: the public view it was made from, for
    the cards and names its words name)."""
    painted_seats = painted(seats)

    def text(words: Words) -> Text:
        return words_text(words, painted_seats, st)
    return menu.worded(text, plain)


def menu_of(st: GameState, seats: Seats, path: MenuPath = ()) -> Menu:
    """The menu of the decision in any state `st` (a lesson's, a hint's, a review's: not a
    table's decision now, which the table gives), in words (see jorvik.play.menu)."""
    return worded(play_menu.build_menu(st, path), seats, st)
