"""A bot's move goes in by the same door as a key press and a remote action (issue 47 §2):
`Session.submit`, for the seat's bot. Going through it changes no game: seeded games with
bots (all bots, and humans with bots between them, a seat handed to a bot on the way) make
exactly the moves, and the saves, they made when bots played through `Session.apply`
(`data/bot_games.json` was written by the code before the change: `python
tests/play/test_bot_moves_one_door.py` writes it again)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import legal_actions
from jorvik.play.errors import PlayError
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.table import SUBMIT_ERRORS
from jorvik.play.turns import AGAIN, DROPPED, PLAYED, BotTurns
from tui_helpers import record_submits

CARDS = load_cards()
GOLDEN = Path(__file__).parent / "data" / "bot_games.json"
NAMES = ["Anna", "Bálint", "Csaba", "Dóra", "Emese"]

# name -> (mode, seed, the seats' levels (None: a human), a seat change (move, seat, level))
GAMES: dict[str, tuple[str, int, list[str | None], tuple[int, int, str] | None]] = {
    "all-bots-3-karl": ("karl", 11, ["easy", "normal", "rollout"], None),
    "all-bots-4-jarl": ("jarl", 12, ["normal", "easy", "normal", "rollout"], None),
    "mixed-3-jarl": ("jarl", 13, [None, "normal", None], None),
    "mixed-4-karl": ("karl", 14, [None, "easy", None, "normal"], (40, 2, "rollout")),
    "mixed-5-jarl": ("jarl", 15, ["normal", None, None, "easy", None], (25, 1, "normal")),
}


def play_game(name: str) -> Session:
    """Game `name` to its end: a human seat takes a seeded random legal move (by submit), a
    bot seat its bot's choice (by the bots' turns)."""
    mode, seed, levels, change = GAMES[name]
    n = len(levels)
    seats = Seats(NAMES[:n], ["red", "blue", "green", "yellow", "white"][:n], list(levels))
    session = Session.start(CARDS, seats, mode, seed, 0, autosave=False)
    turns = BotTurns(session)
    rng = random.Random(seed)
    while not session.over:
        if change is not None and session.moves == change[0]:
            session.change_seat(change[1], change[2])
            change = None
        p = session.decider
        assert p is not None
        if session.seats.is_bot(p):
            move = turns.think(p, turns.begin(p), lambda words: None)
            assert move is not None and turns.play(move)
        else:
            session.submit(p, rng.choice(legal_actions(session.state)), at=session.moves)
    return session


def fingerprint(session: Session) -> dict[str, object]:
    """The save's moves and the whole save (but for when it was made), as hashes."""
    data = json.loads(session.save_text())
    moves = json.dumps(data["record"]["actions"])
    data.pop("saved", None)
    data.pop("started", None)
    whole = json.dumps(data, sort_keys=True)
    return {"moves": len(session.actions),
            "moves_sha256": hashlib.sha256(moves.encode()).hexdigest(),
            "save_sha256": hashlib.sha256(whole.encode()).hexdigest()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bots_play_the_same_games_through_submit_as_before(name):
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    assert fingerprint(play_game(name)) == expected


def _mixed(seed: int = 5) -> Session:
    seats = Seats(["Anna", "Bálint", "Csaba"], ["red", "blue", "green"], [None, "normal", None])
    return Session.start(CARDS, seats, "karl", seed, 0, autosave=False)


def test_every_bot_move_is_submitted_for_its_seat_by_its_bot(monkeypatch):
    calls = record_submits(monkeypatch)
    session = _mixed()
    turns = BotTurns(session)
    rng = random.Random(2)
    while session.moves < 60:
        if turns.play_bots() == 0:
            p = session.decider
            session.submit(p, rng.choice(legal_actions(session.state)))
    bots = [c for c in calls if c[1] is not None]
    assert len(calls) == session.moves           # every move went through submit
    assert bots and set(bots) == {(1, "normal")}  # the bot's: for its seat, by its level
    assert all(seat != 1 for seat, by in calls if by is None)


def test_play_bots_stops_where_a_human_decides():
    session = _mixed()
    session.submit(0, legal_actions(session.state)[0])
    assert session.decider == 1
    made = BotTurns(session).play_bots()
    assert made >= 1 and session.decider is not None and not session.seats.is_bot(
        session.decider)
    assert BotTurns(session).play_bots() == 0     # a human's decision: nothing to do


def test_a_bot_may_not_play_a_human_seat_nor_a_seat_that_changed_level():
    session = _mixed()
    action = legal_actions(session.state)[0]
    with pytest.raises(PlayError) as e:
        session.submit(0, action, by="normal")    # Anna is a human
    assert e.value.kind == "not_bot_seat" and e.value.kind in SUBMIT_ERRORS
    assert str(e.value) == "That seat is no longer played by that bot."
    session.submit(0, action)
    with pytest.raises(PlayError) as e:
        session.submit(1, legal_actions(session.state)[0], by="hard")   # Bálint's is normal
    assert e.value.kind == "not_bot_seat" and session.moves == 1


def test_a_choice_of_the_seats_old_bot_is_dropped_when_the_seat_changed_level():
    session = _mixed()
    session.submit(0, legal_actions(session.state)[0])
    turns = BotTurns(session)
    move = turns.think(1, turns.begin(1), lambda words: None)   # the normal bot chose ...
    assert move is not None
    session.change_seat(1, "easy")                              # ... then easy took the seat
    assert turns.finish(move, lambda words: None) == DROPPED
    assert session.moves == 1 and session.decider == 1 and not turns.thinking
    assert turns.play_bots(limit=1) == 1                        # easy plays it


def test_a_bot_that_breaks_the_rules_thinks_again_and_easy_plays_its_seat():
    from jorvik.engine import Place

    class Cheat:
        def choose(self, state):
            return Place(99)

    session = _mixed()
    session.submit(0, legal_actions(session.state)[0])
    turns = BotTurns(session, make=lambda p: Cheat())
    told: list[str] = []
    token = turns.begin(1)
    move = turns.think(1, token, lambda words: None)
    assert turns.finish(move, lambda words: told.append(words())) == AGAIN
    assert session.moves == 1 and told and "easy" in told[0]
    again = turns.think(1, token, lambda words: None)
    assert turns.finish(again, lambda words: None) == PLAYED and session.moves == 2


if __name__ == "__main__":   # write the golden file (from the code before a change)
    out = {name: fingerprint(play_game(name)) for name in sorted(GAMES)}
    GOLDEN.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(json.dumps(out, indent=1) + "\n")
