"""In the app, a bot's move goes in by the same door as a key press (issue 47 §2): the
play layer's turn submits it to `Session.submit` for the bot's seat; and Ctrl+Z after a bot
moved takes the game back to the human's decision before it, where no bot starts again."""

from __future__ import annotations

from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ConfirmScreen
from tui_helpers import make_app, record_submits, wait_until


def _app():
    return make_app("--players", "3", "--names", "Anna,Bela,Cili", "--bots", "2",
                    "--level", "easy", "--seed", "3", "--start-player", "1", "--bot-delay", "0",
                    "--no-handover", "--no-hints", autosave=False)


async def test_a_key_press_and_the_bots_move_both_end_in_session_submit(monkeypatch):
    calls = record_submits(monkeypatch)
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert session.decider == 0
        await pilot.press(screen.menu.choices[0].key)            # Anna places
        await wait_until(pilot, lambda: session.decider == 2 and not screen.thinking,
                         what="the bot's move, then Cili's turn")
        assert calls == [(0, None), (1, "easy")]                 # both by submit
        assert session.moves == 2


async def test_ctrl_z_after_a_bots_move_goes_back_to_the_human_before_it():
    app = _app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        session = screen.session
        await pilot.press(screen.menu.choices[0].key)            # Anna places
        await wait_until(pilot, lambda: session.decider == 2 and not screen.thinking,
                         what="Cili's turn after the bot's move")
        await pilot.press("ctrl+z")                              # Cili takes back Anna's
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen),
                         what="the question")
        assert "Anna's move" in app.screen.question()
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen and session.moves == 0,
                         what="the undo")
        assert session.decider == 0 and not screen.thinking and screen.menu is not None
        await pilot.press(screen.menu.choices[1].key)            # Anna places elsewhere
        await wait_until(pilot, lambda: session.decider == 2 and not screen.thinking,
                         what="the bot's move again")
        assert session.moves == 2
