"""Undo takes back a change of hands like a move (issue 47 §1: "undoable like a move"); before
it does, the question says so, as it names another player's move it undoes: a player is not
surprised to find a seat played by a bot (or a human) again."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import Place
from jorvik.i18n import set_language
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.tui.screens.message import ConfirmScreen
from tui_helpers import choose_in_palette, make_app, wait_until

LEFT = "Bálint left; their seat is played by the easy bot from round 1."


def _session() -> Session:
    seats = Seats(["Anna", "Bálint", "Csaba"], ["red", "blue", "green"], [None, None, None])
    return Session.start(load_cards(), seats, "jarl", 4, 0, autosave=False)


def test_the_session_names_the_seat_changes_an_undo_would_take_back():
    s = _session()
    s.apply(Place(1))                        # Anna places; Bálint decides
    assert s.undo_takes_back() == []         # only a move to take back
    s.change_seat(1, "easy", by=1)           # Bálint hands his own seat to a bot
    assert s.undo_takes_back() == [LEFT]
    s.change_seat(1, None)                   # the table gives it back: one undo, the latest
    back = "A human plays Bálint's seat again from round 1 (the easy bot leaves)."
    assert s.undo_takes_back() == [back]
    set_language("hu")                       # in the language of the moment
    assert s.undo_takes_back() not in ([], [back])


async def test_the_undo_question_names_the_change_of_hands_it_takes_back():
    app = make_app("--players", "4", "--mode", "jarl", "--names", "Anna,Bálint,Csaba,Dóra",
                   "--seed", "4", "--start-player", "1", "--bot-delay", "0",
                   "--handover", "never", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        session = game.session
        await pilot.press("1")                    # Anna places; Bálint's turn
        await choose_in_palette(pilot, "Hand a seat to a bot", "Bálint (seat 2) → the easy bot",
                                "seat 2 the easy")
        await wait_until(pilot, lambda: session.decider == 2 and not game.thinking,
                         what="the bot's move in Bálint's seat")
        await pilot.press("ctrl+z")               # Csaba's undo: the bot's move and the change
        confirm = app.screen
        assert isinstance(confirm, ConfirmScreen)
        question = confirm.question() if callable(confirm.question) else confirm.question
        assert question == f"This undoes Bálint's move too, and takes back: {LEFT} Undo it?"
        await pilot.press("n")                    # refused: nothing changes
        await wait_until(pilot, lambda: app.screen is game)
        assert session.seats.bots == [None, "easy", None, None] and len(session.actions) == 2
