"""One instance per game: an OS-level lock on a game's file while it is open, so that a
second window (or `jorvik games --delete`) cannot play or remove a game being played."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from jorvik.settings import data_dir

from .errors import SaveError


class GameLock:
    """An OS-level lock on one game (fcntl.flock on a file in the data directory's locks/),
    held while the game is open: the OS drops it when the process ends, even by SIGKILL."""

    def __init__(self, path: Path) -> None:
        key = hashlib.sha1(str(Path(path).resolve()).encode()).hexdigest()[:20]
        self.lock_path = data_dir() / "locks" / f"{key}.lock"
        self._fd: int | None = None

    def acquire(self) -> bool:
        """True when the lock is ours now; False when another process holds it."""
        if self._fd is not None:
            return True
        try:
            self.lock_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:  # an unwritable data directory: saving fails too, and says so
            return True
        try:
            import fcntl
        except ImportError:  # no flock on this system: one instance is not enforced
            self._fd = fd
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None


def lock_game(path: Path) -> GameLock:
    """The lock of the game saved at `path`; SaveError(kind='locked') when it is open in
    another instance."""
    lock = GameLock(path)
    if not lock.acquire():
        raise SaveError("locked", path=str(path), kind="locked")
    return lock
