"""Undo goes back to the last new information and never past it."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import Pass, Place, legal_actions
from jorvik.play.session import Session
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ConfirmScreen
from jorvik.tui.text import Seats
from tui_helpers import cube_to_assign, first_key, make_app, saved_at


def _session(bots=(None, None)) -> Session:
    seats = Seats(["Anna", "Bela"], ["red", "blue"], list(bots))
    return Session.start(load_cards(), seats, "karl", 1, 0, autosave=False)


def test_a_viking_placement_can_be_taken_back():
    s = _session()
    s.apply(Place(1))
    assert s.undo()
    assert len(s.actions) == 0 and s.decider == 0


def test_undo_stops_at_a_revealed_card():
    s = _session()
    # Play the demand and purchase phases until the next round reveals cards.
    while s.state.round == 1:
        legal = legal_actions(s.state)
        a = next((x for x in legal if isinstance(x, (Pass, Place))), legal[-1])
        s.apply(a)
    assert s.undo_target() is None  # the action that started round 2 revealed cards
    assert not s.undo()


def test_undo_skips_back_over_bot_moves_to_the_human():
    s = _session(bots=(None, "easy"))
    s.apply(Place(1))       # Anna
    s.apply(Place(2))       # the bot
    assert s.decider == 0
    assert s.undo()
    assert len(s.actions) == 0 and s.decider == 0


async def test_ctrl_z_in_the_app_takes_back_a_placement_and_the_log_line():
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        before = len(app.screen.session.log)
        first = app.screen.session.seats.names[app.screen.session.decider]
        await pilot.press("1")
        assert len(app.screen.session.actions) == 1
        await pilot.press("ctrl+z")  # the first player's move, the other to decide: it asks
        assert f"{first}'s move" in app.screen.question()
        await pilot.press("y")
        assert len(app.screen.session.actions) == 0
        assert len(app.screen.session.log) == before


async def test_ctrl_z_into_another_players_decision_can_be_refused():
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await pilot.press("ctrl+z")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen) and len(app.screen.session.actions) == 1


async def test_ctrl_z_over_a_players_own_decision_does_not_ask(tmp_path):
    path = saved_at(tmp_path, ["Anna", "Bela"], "karl", 4, cube_to_assign)
    app = make_app("--load", path, "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        me = screen.session.decider
        n = len(screen.session.actions)
        await pilot.press(first_key(app))  # the first cube …
        await pilot.press(first_key(app))  # … to its first destination (keys are fixed per place)
        assert len(screen.session.actions) == n + 1 and screen.session.decider == me
        await pilot.press("ctrl+z")
        assert app.screen is screen and len(screen.session.actions) == n


async def test_ctrl_z_with_nothing_to_undo_says_why():
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert any("no move has been made yet" in n.message for n in app._notifications)
