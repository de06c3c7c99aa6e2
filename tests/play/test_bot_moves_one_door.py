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
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.turns import BotTurns

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


if __name__ == "__main__":   # write the golden file (from the code before a change)
    out = {name: fingerprint(play_game(name)) for name in sorted(GAMES)}
    GOLDEN.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(json.dumps(out, indent=1) + "\n")
