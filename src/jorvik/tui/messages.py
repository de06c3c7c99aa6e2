"""Messages the widgets post to the game screen (small dataclasses, handled with @on)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from .choices import Choice


@dataclass
class SpaceClicked(Message):
    """A card space (1-12) was clicked on the board."""
    space: int


@dataclass
class ReservationClicked(Message):
    """The reservation row was clicked."""


@dataclass
class ChoiceMade(Message):
    """A choice of the action menu was picked (by key, Enter or click)."""
    choice: Choice


@dataclass
class SpaceHovered(Message):
    """The mouse is over a card space (1-12), or left it (None): the details line shows it."""
    space: int | None
