"""User settings (language, …) and the data directory for saves, as small JSON files."""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from jorvik.outside import DataFileError, read_json_file

MAX_SETTINGS_BYTES = 64 * 1024


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


def load_settings() -> dict[str, Any]:
    """The saved settings: a JSON object of short names to plain values (a string of at most
    100 characters, a number, true or false); anything else in the file is ignored, and a
    file that cannot be read counts as no settings. Each user of a setting checks its value
    against what it allows."""
    try:
        data = read_json_file(data_dir() / "settings.json", limit=MAX_SETTINGS_BYTES, depth=1)
    except DataFileError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if _NAME.fullmatch(k) and _plain(v)}


_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _plain(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= 100 and value.isprintable()
    return isinstance(value, (bool, int, float))


def setting(name: str, allowed: tuple[str, ...]) -> str | None:
    """The saved value of one setting if it is one of `allowed`, else None."""
    value = load_settings().get(name)
    return value if isinstance(value, str) and value in allowed else None


def save_settings(**changes: Any) -> None:
    data = load_settings()
    data.update(changes)
    atomic_write(data_dir() / "settings.json", json.dumps(data, indent=1))
