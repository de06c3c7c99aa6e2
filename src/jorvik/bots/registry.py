"""Bots by name: the one place the CLI, the app and tournaments look them up."""

from __future__ import annotations

from typing import Any, Callable

from .random_bot import RandomBot

# name -> factory(seed, **options); options a bot does not use are ignored.
BOTS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None, **_: RandomBot(seed),
    "easy": lambda seed=None, **_: RandomBot(seed),
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Any:
    """A bot object with `choose(state) -> action`; ValueError for an unknown name."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    return factory(seed=seed, **options)
