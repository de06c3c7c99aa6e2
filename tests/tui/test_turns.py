"""The computer seats of a game: a failing bot gives its seat to 'easy' and the game goes on;
a choice the game has moved past is dropped; a game replays with the same bots."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions
from jorvik.play.session import Session
from jorvik.play.turns import BotMove, BotTurns
from jorvik.tui.text import Seats


def _session(bots=(None, "easy"), seed: int = 1) -> Session:
    seats = Seats(["Anna", "Bot"], ["red", "blue"], list(bots))
    return Session.start(load_cards(), seats, "karl", seed, 1, autosave=False)


class Broken:
    def choose(self, state):
        raise RuntimeError("a bug in the bot")


class Cheat:
    def choose(self, state):
        return Place(99)  # no such column: the engine refuses it


def test_an_unknown_bot_level_plays_as_easy_and_says_so_once():
    session = _session(bots=(None, "grandmaster"))
    turns = BotTurns(session)
    told: list[str] = []
    move = turns.think(1, turns.begin(1), lambda words: told.append(words()))
    assert move is not None and move.action in legal_actions(session.state)
    assert len(told) == 1 and "grandmaster" in told[0] and "Bot" in told[0]
    turns.think(1, turns.begin(1), lambda words: told.append(words()))
    assert len(told) == 1


def test_a_bot_that_fails_hands_its_seat_to_easy_and_the_move_is_still_made():
    session = _session()
    turns = BotTurns(session, make=lambda p: Broken())
    told: list[str] = []
    move = turns.think(1, turns.begin(1), lambda words: told.append(words()))
    assert move is not None and move.action in legal_actions(session.state)
    assert turns.play(move) and len(session.actions) == 1 and not turns.thinking
    assert len(told) == 1 and "easy" in told[0]


def test_an_illegal_bot_move_is_refused_and_easy_plays_the_seat_from_then_on():
    session = _session()
    turns = BotTurns(session, make=lambda p: Cheat())
    token = turns.begin(1)
    move = turns.think(1, token, lambda words: None)
    assert move is not None and not turns.play(move)
    assert not session.actions            # the state is as it was
    again = turns.think(1, token, lambda words: None)
    assert again is not None and turns.play(again) and len(session.actions) == 1


def test_a_choice_made_before_an_undo_is_dropped():
    session = _session(bots=("easy", None))   # the bot begins
    turns = BotTurns(session)
    token = turns.begin(0)
    move = turns.think(0, token, lambda words: None)
    assert move is not None and not turns.stale(move)
    turns.cancel()                            # undo while the bot thought
    assert turns.stale(move) and not turns.thinking
    turns.begin(0)
    session.apply(legal_actions(session.state)[0])   # the game moved on meanwhile
    assert turns.stale(BotMove(0, token, move.action))


def test_a_closed_game_gets_no_bot_move():
    session = _session(bots=("easy", None))
    turns = BotTurns(session, delay=5.0)
    session.close()
    assert turns.think(0, turns.begin(0), lambda words: None) is None


def test_a_game_replays_with_the_same_bots():
    def first_moves(seed: int) -> list:
        session = _session(bots=("normal", "normal"), seed=seed)
        turns = BotTurns(session)
        for _ in range(6):
            p = session.decider
            move = turns.think(p, turns.begin(p), lambda words: None)
            assert move is not None and turns.play(move)
        return session.actions
    assert first_moves(5) == first_moves(5)
