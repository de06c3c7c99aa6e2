"""What the game screen needs from the app that shows it (so the screen does not import the
app: the app imports the screen)."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from textual.screen import Screen

from .session import Session


class GameHost(Protocol):
    handover: bool
    bot_delay: float

    def screen_ready(self, screen: Screen) -> None: ...

    def game_over(self, session: Session) -> None: ...

    def bot_for(self, p: int) -> Any: ...

    def replace_bot(self, p: int) -> Any: ...

    def notice(self, words: Callable[[], str]) -> None: ...
