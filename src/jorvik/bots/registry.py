"""Bots by name: the one place the CLI, the app and tournaments look them up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .playout import bot_seed
from .random_bot import RandomBot


def _normal(seed=None, **_: Any) -> Any:
    from .policy import NormalBot
    return NormalBot(seed)


def _rollout(seed=None, **_: Any) -> Any:
    from .policy import rollout_policy
    return rollout_policy(seed)


def _search(level: str) -> Callable[..., Any]:
    """A factory of the search bot with the knobs of `level` (jorvik.bots.search)."""
    def make(seed=None, think: float | None = None, playouts: int | None = None,
             stop: Any = None, cpu_clock: bool = False, **_: Any) -> Any:
        from . import search
        config = {"hard": search.HARD, "expert": search.EXPERT}[level]
        return search.SearchBot(config, seed, think=think, playouts=playouts, stop=stop,
                                cpu_clock=cpu_clock)
    return make


# name -> factory(seed, **options); options a bot does not use are ignored.
#   easy / random: uniformly random legal actions
#   normal: the documented heuristic (jorvik.bots.policy.normal)
#   rollout: normal's decisions on quick card values, a cheaper policy for play-outs
#         (jorvik.bots.policy.rollout; the search still plays out with normal: playout_policy)
#   hard: the determinized search over the heuristic (jorvik.bots.search, knobs HARD);
#         options think (seconds per decision, default 1.0; CPU seconds with cpu_clock) or
#         playouts (a fixed budget), and stop (a threading.Event that ends a search)
#   expert: the same search with the knobs EXPERT (the heuristic's self-play-tuned knobs, one
#         round deeper for placements, endgame play-outs, a time bank: think is an average)
#   exploit-feeder / exploit-picts / exploit-collector / exploit-all: normal with a strong
#         player's trick against the search bots, or all three (jorvik.bots.policy.exploiters)
BOTS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None, **_: RandomBot(seed),
    "easy": lambda seed=None, **_: RandomBot(seed),
    "normal": _normal,
    "rollout": _rollout,
    "hard": _search("hard"),
    "expert": _search("expert"),
}


def _exploiter(*tricks: str) -> Callable[..., Any]:
    """A factory of the scripted player with these tricks (jorvik.bots.policy.exploiters)."""
    def make(seed=None, **_: Any) -> Any:
        from .policy import ExploiterBot
        return ExploiterBot(seed, tricks=tricks)
    return make


BOTS.update({
    "exploit-feeder": _exploiter("feeder"),
    "exploit-picts": _exploiter("picts"),
    "exploit-collector": _exploiter("collector"),
    "exploit-all": _exploiter("feeder", "picts", "collector"),
})


def make_bot(name: str, seed: int | None = None, **options: Any) -> Any:
    """A bot object with `choose(state) -> action`; ValueError for an unknown name."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(sorted(BOTS))})") from None
    return factory(seed=seed, **options)


def seat_bots(lineup: list[str], seed: int, **options: Any) -> list[Any]:
    """One bot per seat for the game with `seed`: lineup[i] in seat i, seeded by `bot_seed`."""
    return [make_bot(name, seed=bot_seed(seed, i), **options) for i, name in enumerate(lineup)]
