"""A real `jorvik` command in a pseudo-terminal, as a player's terminal of 100 x 30: what the
tests of signals, kills and terminals share (tests/test_reliability_rows_3.py,
tests/tui/test_seat_change_kill.py)."""

from __future__ import annotations

import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PY = sys.executable


def term_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a player's terminal, with its own JORVIK_HOME."""
    env = dict(os.environ, JORVIK_HOME=str(home), TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("TEXTUAL_DRIVER", None)
    env.update(extra)
    return env


class Pty:
    """`python -m jorvik.cli ARGS` in a pseudo-terminal of 100 x 30, as a player's terminal."""

    def __init__(self, args: list[str], home: Path, files: int | None = None) -> None:
        import fcntl
        import pty
        import termios
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child
            if files is not None:
                import resource
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
            os.execve(PY, [PY, "-m", "jorvik.cli", *args], term_env(home))
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.out = b""
        self.status: int | None = None

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

    def read_until(self, needle: bytes, seconds: float) -> bool:
        """Read until `needle` has been shown (False: not within `seconds`)."""
        return self.until(lambda: needle in self.out, seconds)

    def settle(self, seconds: float) -> None:
        """Keep reading the terminal for `seconds` while the app draws (nothing is awaited)."""
        self.read_until(b"\0never\0", seconds)

    def stopped_by(self, sig: int, seconds: float = 120) -> tuple[int | None, int, list[Any]]:
        """Let the app settle, send it `sig` and wait for it to end: (its exit status, how
        much it had written before the signal, the terminal's attributes afterwards)."""
        import termios
        self.settle(1.5)
        shown = len(self.out)
        os.kill(self.pid, sig)
        status = self.wait(seconds)
        return status, shown, termios.tcgetattr(self.fd)

    def wait(self, seconds: float) -> int | None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.settle(0.1)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.settle(0.3)
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)
