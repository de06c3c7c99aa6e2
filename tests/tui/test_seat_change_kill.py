"""A real `jorvik play` killed (SIGKILL: nothing of its own code runs) right after a seat
changed hands: the save holds the change, and `--resume` goes on with the bot in that seat
(issue 47 §1: the save resumes exactly after a kill at any point)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from pty_helpers import Pty

from jorvik.carddata import load_cards
from jorvik.engine import Place
from jorvik.play.seats import Seats
from jorvik.play.session import Session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")


def _save(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):   # never: the save is written whole (write, fsync, rename)
        return {}


def test_killed_right_after_a_seat_change_resume_goes_on_with_the_bot(tmp_path):
    home = Path(os.environ["JORVIK_HOME"])     # the conftest's, for this test alone
    seats = Seats(["Anna", "Bela"], ["red", "blue"], [None, None])
    game = Session.start(load_cards(), seats, "karl", 4, 0)
    game.apply(Place(1))                       # Anna placed: Bela's turn
    game.close()
    path = game.path

    # Bela leaves: his seat to 'easy', which waits 10 s before its move; killed at once
    first = Pty(["play", "--resume", "--seat", "2=easy", "--bot-delay", "10", "--handover", "never"],
                 home)
    try:
        assert first.until(lambda: bool(_save(path).get("seat_changes"))), first.out[-2000:]
    finally:
        first.close()
    killed = _save(path)
    assert [s["bot"] for s in killed["seats"]] == [None, "easy"]
    assert killed["seat_changes"] == [{"move": 1, "seat": 1, "bot": "easy", "was": None,
                                       "by": None}]
    assert len(killed["record"]["actions"]) == 1   # the bot had not moved yet

    # --resume (no --seat): the bot in Bela's seat plays on at once
    again = Pty(["play", "--resume", "--bot-delay", "0", "--handover", "never"], home)
    try:
        assert again.until(lambda: len(_save(path).get("record", {}).get("actions", [])) >= 2), \
            again.out[-2000:]
    finally:
        again.close()
    after = _save(path)
    assert after["seat_changes"] == killed["seat_changes"]
    assert after["record"]["actions"][:1] == killed["record"]["actions"]
    assert [s["bot"] for s in after["seats"]] == [None, "easy"]
    assert b"Traceback" not in first.out + again.out
