"""User settings (language, …) and the data directory for saves, as small JSON files."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir


def data_dir() -> Path:
    """Where settings and saved games live; JORVIK_HOME overrides (tests use it)."""
    override = os.environ.get("JORVIK_HOME")
    return Path(override) if override else Path(user_data_dir("jorvik", appauthor=False))


def atomic_write(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so a killed process never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


MAX_FILE_BYTES = 4 * 1024 * 1024  # a save of the longest game is well under 200 kB
MAX_JSON_DEPTH = 32                # a save nests 5 levels deep


class DataFileError(Exception):
    """A data file that cannot be read: `reason` is 'missing', 'not_a_file', 'too_big',
    'unreadable' or 'not_json'; `detail` says more (in English)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail


def read_text_file(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes: never blocks on a FIFO, never
    reads a device or a directory, never reads more than `limit` + 1 bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise DataFileError("missing") from None
    except OSError as e:
        raise DataFileError("unreadable", e.strerror or str(e)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DataFileError("not_a_file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise DataFileError("unreadable", e.strerror or str(e)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataFileError("too_big", f"more than {limit // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataFileError("not_json", str(e)) from None


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def read_json_file(path: Path, limit: int = MAX_FILE_BYTES, depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON in a regular file of bounded size and nesting; DataFileError otherwise."""
    text = read_text_file(path, limit)
    try:
        data = json.loads(text)
    except RecursionError:
        raise DataFileError("not_json", f"nested more than {depth} levels deep") from None
    except ValueError as e:
        raise DataFileError("not_json", str(e)[:120]) from None
    if json_depth(data) > depth:
        raise DataFileError("not_json", f"nested more than {depth} levels deep")
    return data


def load_settings() -> dict[str, Any]:
    try:
        data = read_json_file(data_dir() / "settings.json", limit=64 * 1024)
    except DataFileError:
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(**changes: Any) -> None:
    data = load_settings()
    data.update(changes)
    atomic_write(data_dir() / "settings.json", json.dumps(data, indent=1))
