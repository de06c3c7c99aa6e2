"""Undo goes back to the last new information and never past it."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import Buy, Pass, Place, legal_actions
from jorvik.tui.session import Session
from jorvik.tui.text import Seats
from tui_helpers import make_app


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
        await pilot.press("1")
        assert len(app.screen.session.actions) == 1
        await pilot.press("ctrl+z")
        assert len(app.screen.session.actions) == 0
        assert len(app.screen.session.log) == before
