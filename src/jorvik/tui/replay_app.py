"""`jorvik replay`: the app with one game to watch and nothing to play (the replay screen
alone, on the game app's stylesheet and keys)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events

from jorvik.play.replay import Replay

from .app import JorvikApp, PlayConfig
from .keys import translated
from .screens.replay import ReplayScreen


@translated
class ReplayApp(JorvikApp):
    """`jorvik replay`: the app with one game to watch, and nothing to play."""

    CSS_PATH = str(Path(__file__).parent / "jorvik.tcss")  # the app's one stylesheet
    hints = False

    def __init__(self, replay: Replay, config: PlayConfig, ready_hook: Any = None) -> None:
        super().__init__(config, ready_hook=ready_hook)
        self.replay = replay

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not JorvikApp.on_mount: no game to set up or load
        self.push_screen(ReplayScreen(self.replay))

    def deck_cards(self) -> list:
        from .commands import game_cards
        st = self.replay.first
        return game_cards(self.replay.cards, st.mode, st.n)

    def action_new_game(self) -> None:
        self.exit(0)

    def action_request_quit(self) -> None:
        self.exit(0)


def replay_app(replay: Replay) -> ReplayApp:
    from jorvik.tui.text import Seats
    config = PlayConfig(cards=replay.cards, seats=Seats([], [], []), handover=False,
                        autosave=False)
    return ReplayApp(replay, config)


def run_replay(replay: Replay) -> int:
    """`jorvik replay GAME_ID|FILE`: watch the game; nothing is written."""
    from . import run_app
    return run_app(replay_app(replay))
