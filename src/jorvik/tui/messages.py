"""Messages the widgets post to the game screen, and the screens to the app (small dataclasses,
handled with @on)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from .choices import Choice

if TYPE_CHECKING:
    from textual.screen import Screen

    from jorvik.play.session import Session

    from .text import Seats


@dataclass
class SpaceClicked(Message):
    """A card space (1-12) was clicked on the board."""
    space: int


@dataclass
class ChoiceMade(Message):
    """A choice of the action menu was picked (by key, Enter or click)."""
    choice: Choice


@dataclass
class SpaceHovered(Message):
    """The mouse is over a card space (1-12), or left it (None): the details line shows it."""
    space: int | None


@dataclass
class ScreenReady(Message):
    """A screen is shown and answers keys (the app's ready hook runs once, on the first)."""
    screen: Screen


@dataclass
class SetupDone(Message):
    """The setup screen's names and colours were accepted: a game with these seats starts."""
    seats: Seats


@dataclass
class LanguageChosen(Message):
    """A language was picked (on the setup screen): the whole app switches to it."""
    lang: str


@dataclass
class GameOver(Message):
    """The game on the screen has ended (its final state is saved)."""
    session: Session

