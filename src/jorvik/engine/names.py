"""Player names: the one rule the command line, the setup screen and saved games share."""

from __future__ import annotations

from collections.abc import Iterable

MAX_NAME = 24


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a player's name ('not_text', 'empty', 'too_long', 'unprintable'),
    or None. Only printable characters: a control character (ESC, BEL, newline, any Unicode
    category C) could drive the terminal that shows the name."""
    if not isinstance(name, str):
        return "not_text"
    if not name.strip():
        return "empty"
    if len(name) > MAX_NAME:
        return "too_long"
    if not all(ch.isprintable() for ch in name):
        return "unprintable"
    return None


def names_problem(names: Iterable[object]) -> tuple[str, object] | None:
    """The first problem of a list of player names as (problem, the name), or None; the
    problems of name_problem and 'duplicate'."""
    seen: set[str] = set()
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem, name
        assert isinstance(name, str)
        if name.casefold() in seen:
            return "duplicate", name
        seen.add(name.casefold())
    return None


def shown(value: object, limit: int = 40) -> str:
    """A value quoted for a message: control characters escaped, at most `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
