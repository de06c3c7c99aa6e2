"""User settings (language, …) and the data directory for saves, as small JSON files."""

from __future__ import annotations

import json
import os
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


def load_settings() -> dict[str, Any]:
    path = data_dir() / "settings.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(**changes: Any) -> None:
    data = load_settings()
    data.update(changes)
    atomic_write(data_dir() / "settings.json", json.dumps(data, indent=1))
