"""Bots by name: the one place the CLI, the app and tournaments look them up."""

from __future__ import annotations

from typing import Any, Callable

from .playout import bot_seed
from .random_bot import RandomBot


def _normal(seed=None, **_: Any) -> Any:
    from .normal_bot import NormalBot
    return NormalBot(seed)


def _rollout(seed=None, **_: Any) -> Any:
    from .rollout_bot import rollout_policy
    return rollout_policy(seed)


def _hard(seed=None, think: float | None = None, playouts: int | None = None,
          cpu_clock: bool = False, **_: Any) -> Any:
    from .hard_bot import HardBot
    return HardBot(seed, think=think, playouts=playouts, cpu_clock=cpu_clock)


def _expert(seed=None, think: float | None = None, playouts: int | None = None,
            stop: Any = None, cpu_clock: bool = False, **_: Any) -> Any:
    from .expert_bot import ExpertBot
    return ExpertBot(seed, think=think, playouts=playouts, stop=stop, cpu_clock=cpu_clock)


# name -> factory(seed, **options); options a bot does not use are ignored.
#   easy / random: uniformly random legal actions
#   normal: the documented heuristic (jorvik.bots.normal_bot)
#   rollout: normal's decisions on quick card values, a cheaper policy for play-outs
#         (jorvik.bots.rollout_bot; the search bots still play out with normal: playout_policy)
#   hard: determinized Monte Carlo search over the heuristic (jorvik.bots.hard_bot);
#         options think (seconds per decision, default 1.0; CPU seconds with cpu_clock) or
#         playouts (a fixed budget)
#   expert: determinized search over the heuristic with its self-play-tuned knobs
#         (heuristics.EXPERT_PARAMS), one round deeper for placements (up to 4 players), with
#         racing, a time bank and endgame playouts (jorvik.bots.expert_bot); options think
#         (an average per decision: a close one may take up to 3×) / playouts as hard, and
#         stop (a threading.Event that ends a search between playouts)
#   exploit-feeder / exploit-picts / exploit-collector / exploit-all: normal with a strong
#         player's trick against the search bots, or all three (jorvik.bots.exploiters)
BOTS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None, **_: RandomBot(seed),
    "easy": lambda seed=None, **_: RandomBot(seed),
    "normal": _normal,
    "rollout": _rollout,
    "hard": _hard,
    "expert": _expert,
}


def _exploiter(*tricks: str) -> Callable[..., Any]:
    """A factory of the scripted player with these tricks (jorvik.bots.exploiters)."""
    def make(seed=None, **_: Any) -> Any:
        from .exploiters import ExploiterBot
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
