"""One instance per game: an OS-level lock on a game's file while it is open, so that a
second window (or `jorvik games --delete`) cannot play or remove a game being played."""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from typing import Any

from filelock import FileLock, SoftFileLock, Timeout

from jorvik.settings import data_dir

from .errors import SaveError


class GameLock:
    """An OS-level lock on one game (filelock: flock on Unix, msvcrt on Windows, on a file in
    the data directory's locks/), held while the game is open: the OS drops it when the
    process ends, even by SIGKILL."""

    def __init__(self, path: Path) -> None:
        key = hashlib.sha1(str(Path(path).resolve()).encode()).hexdigest()[:20]
        self.lock_path = data_dir() / "locks" / f"{key}.lock"
        self._lock: Any = None
        self._held = False

    def acquire(self) -> bool:
        """True when the lock is ours now; False when another process (or another GameLock of
        this one) holds it."""
        if self._held:
            return True
        if FileLock is SoftFileLock:  # neither flock nor msvcrt here: a lock file alone would
            self._held = True         # outlive a killed game and lock it for ever; play unlocked
            return True
        try:
            self.lock_path.parent.mkdir(parents=True, exist_ok=True)
            # No soft-lock fallback: a lock file left by a killed process would lock the game
            # for ever. A system without OS locks plays unlocked, as an unwritable folder does.
            lock = FileLock(self.lock_path, timeout=0, thread_local=False,
                            fallback_to_soft=False, preserve_lock_file=True)
            lock.acquire()
        except Timeout:
            return False
        except (OSError, NotImplementedError, RuntimeError):
            # an unwritable data directory (saving fails too, and says so) or no OS locks
            self._held = True
            return True
        self._lock, self._held = lock, True
        return True

    def release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release(force=True)
        self._lock, self._held = None, False


def lock_game(path: Path) -> GameLock:
    """The lock of the game saved at `path`; SaveError(kind='locked') when it is open in
    another instance."""
    lock = GameLock(path)
    if not lock.acquire():
        raise SaveError("locked", path=str(path), kind="locked")
    return lock
