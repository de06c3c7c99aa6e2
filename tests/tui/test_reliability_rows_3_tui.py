"""Reliability audit 3, the rows of the app itself (issue 45 §2): Ctrl+S pressed twice in one
burst on the setup screen (N48)."""

from __future__ import annotations

import os

from textual import events

from jorvik.play import saves as saving
from jorvik.tui.screens.game import GameScreen
from tui_helpers import make_app, wait_until


async def test_N48_ctrl_s_twice_in_a_burst_on_the_setup_screen_starts_one_game():
    app = make_app("--players", "4", "--seed", "3")
    async with app.run_test(size=(100, 30)) as pilot:
        assert type(app.screen).__name__ == "SetupScreen"
        for _ in range(2):  # both in one burst, before the app handles the first
            app.post_message(events.Key("ctrl+s", None))
        await wait_until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack),
                         what="the game")
        await pilot.pause()
        # the game, perhaps under the "Save as" a late Ctrl+S asks for on the game screen
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        assert app.return_code is None and app.crash_report is None
        assert len(os.listdir(saving.games_dir())) == 1
        await pilot.press("escape", "ctrl+c")
