"""The game screen moves the objects alive at each new round out of the garbage collector's
sight (gc.freeze: no long collection on a key press); a closed screen gives them back, so a
game that is no longer played can be collected."""

from __future__ import annotations

import gc

from jorvik.tui.screens.game import GameScreen
from tui_helpers import first_key, make_app


async def test_a_closed_game_screen_unfreezes_what_it_froze():
    gc.unfreeze()
    app = make_app("--players", "2", "--names", "Ann,Bob", "--seed", "3", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press(first_key(app))   # a move: the screen freezes the first round
        await pilot.pause()
        assert gc.get_freeze_count() > 0
        app.action_new_game()               # the game screen is closed for the setup
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert gc.get_freeze_count() == 0
