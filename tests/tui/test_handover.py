"""The hand-over banner: it comes whenever the deciding human changes (in the purchase phase
too), Enter on it only dismisses it, and it tells what the others did since."""

from __future__ import annotations

from jorvik.tui.screens.message import HandoverScreen
from tui_helpers import make_app

TWO = ("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "4")


async def test_enter_on_the_banner_only_dismisses_it_and_it_says_what_happened():
    app = make_app(*TWO, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        game = app.screen
        first = game.session.decider
        await pilot.press("2")
        assert isinstance(app.screen, HandoverScreen)
        since = " ".join(line.plain for line in app.screen.since)
        assert f"{game.session.seats.names[first]}: placed 1 viking (column 2)" in since
        await pilot.press("enter")
        assert app.screen is game and len(game.session.actions) == 1
        await pilot.press("enter")  # nothing is highlighted in a new decision: no move
        assert len(game.session.actions) == 1


async def test_the_banner_comes_whenever_the_deciding_human_changes_in_the_purchase_too():
    app = make_app(*TWO, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        game = app.screen
        banners = []
        last = game.session.decider
        presses = 0
        while game.session.state.round == 1:
            if isinstance(app.screen, HandoverScreen):
                banners.append((game.session.state.phase, app.screen.player))
                last = app.screen.player
                await pilot.press("enter")
                continue
            assert game.session.decider == last, "the deciding human changed without a banner"
            # Both players in column 1 (1, 1, 1 ...); everyone passes: the next viking down
            # the column, the other player, decides next.
            key = "p" if game.session.state.phase == "purchase" else "1"
            await pilot.press(key)
            presses += 1
            assert presses < 50
        assert any(phase == "purchase" for phase, _ in banners), banners
