"""A real `jorvik play` killed (SIGKILL: nothing of its own code runs) right after a seat
changed hands: the save holds the change, and `--resume` goes on with the bot in that seat
(issue 47 §1: the save resumes exactly after a kill at any point)."""

from __future__ import annotations

import json
import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place
from jorvik.play.seats import Seats
from jorvik.play.session import Session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")


class Play:
    """`python -m jorvik.cli play ARGS` in a pseudo-terminal of 100 x 30, as a player's."""

    def __init__(self, args: list[str], home: Path) -> None:
        import fcntl
        import pty
        import termios
        env = dict(os.environ, JORVIK_HOME=str(home), TERM="xterm-256color", LANG="C.UTF-8")
        env.pop("TEXTUAL_DRIVER", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child
            os.execve(sys.executable, [sys.executable, "-m", "jorvik.cli", "play", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.out = b""

    def until(self, condition: Callable[[], bool], seconds: float = 60.0) -> bool:
        """Read the terminal (so the app never blocks on it) until `condition()` holds;
        `seconds` only bounds a hung app."""
        end = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > end:
                return False
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    self.out += os.read(self.fd, 65536)
                except OSError:
                    return condition()
        return True

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)


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
    first = Play(["--resume", "--seat", "2=easy", "--bot-delay", "10", "--handover", "never"],
                 home)
    try:
        assert first.until(lambda: bool(_save(path).get("seat_changes"))), first.out[-2000:]
    finally:
        first.kill()
    killed = _save(path)
    assert [s["bot"] for s in killed["seats"]] == [None, "easy"]
    assert killed["seat_changes"] == [{"move": 1, "seat": 1, "bot": "easy", "was": None,
                                       "by": None}]
    assert len(killed["record"]["actions"]) == 1   # the bot had not moved yet

    # --resume (no --seat): the bot in Bela's seat plays on at once
    again = Play(["--resume", "--bot-delay", "0", "--handover", "never"], home)
    try:
        assert again.until(lambda: len(_save(path).get("record", {}).get("actions", [])) >= 2), \
            again.out[-2000:]
    finally:
        again.kill()
    after = _save(path)
    assert after["seat_changes"] == killed["seat_changes"]
    assert after["record"]["actions"][:1] == killed["record"]["actions"]
    assert [s["bot"] for s in after["seats"]] == [None, "easy"]
    assert b"Traceback" not in first.out + again.out
