"""Issue 48 §2 in the app: a banner with nothing to tell says so in one line; with one human,
when the game ran whole phases for them, it stops once with what happened before their next
decision (and only once)."""

from __future__ import annotations

from jorvik.i18n import t
from jorvik.play.since import ran_for
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ConfirmScreen, HandoverScreen
from tui_helpers import first_key, make_app, wait_until

TWO = ("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "4")


async def test_a_banner_after_undo_with_nothing_to_tell_says_so_in_one_line():
    app = make_app(*TWO, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        first = game.session.decider
        await pilot.press("2")
        await pilot.press("ctrl+z")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        banner = app.screen
        assert isinstance(banner, HandoverScreen) and banner.player == first
        text = str(banner.query_one("#handover-since").render())
        assert text == t("tui.since.nothing_banner"), text
        assert "→" not in text and t("tui.since.title") not in text


async def test_one_human_the_game_stops_once_after_running_phases_for_them():
    # One game to the end of round 3 (it stops at the start of rounds 2 and 3; three seeds
    # to round 4 stopped the same way, at three times the cost). The rules themselves are
    # tested without the app: ran_for in tests/play/test_since_round3.py, banner_due in
    # test_handover.py.
    stops = 0
    for seed in ("1",):
        app = make_app("--players", "2", "--mode", "karl", "--names", "Anna,Bot", "--bots", "2",
                       "--level", "easy", "--bot-delay", "0", "--seed", seed, autosave=False)
        async with app.run_test(size=(100, 30)) as pilot:
            game = app.screen
            assert isinstance(game, GameScreen)
            for _ in range(400):
                if game.session.over or game.session.state.round > 3:
                    break
                screen = app.screen
                if isinstance(screen, HandoverScreen):
                    stops += 1
                    assert ran_for(game.session, 0)
                    lines = [line.plain for line in screen.since]
                    assert lines, "the stop says what happened"
                    await pilot.press("enter")
                    await pilot.pause()
                    # once: the same decision brings no second banner
                    assert not isinstance(app.screen, HandoverScreen)
                    continue
                if game.thinking or game.menu is None:
                    await wait_until(pilot, lambda app=app, game=game: not (
                        game.thinking or game.menu is None) or app.screen is not game
                        or game.session.over, what="a menu after the bot's turn")
                    continue
                await pilot.press(first_key(app))
    assert stops
