"""The determinized search of `hard` and `expert`: one search, two sets of knobs (:class:`Search`).

Where players interact (placing vikings, buying, the reservation row) the search:

1. asks the `normal` policy to rank the legal actions and keeps its best ``top_k`` (never a
   reservation it cannot pay for);
2. draws with common random numbers (:class:`~jorvik.bots.sampler.Paired`): each draw
   re-deals the hidden order of the deck and the bag from the player's public view
   (``engine.observe``, ``engine.determinize``), picks one play-out seed, and plays every
   candidate still in the race on from that same deal with that same seed;
3. plays out with the play-out policy (``policy.playout_policy``) for every seat, with a little
   noise in viking placement, until the next round's supply (``horizon``; placements
   ``demand_horizon``) or, in the last ``endgame`` rounds, to the final scores;
4. values the end by one margin (``knowledge.margin_of``: the player's value against the best
   rival's and the field's; a finished game by its final scores, ``final_margin``). With
   ``coins_at_cut="curve"`` the coins where it cuts a play-out count by what the table's
   play-outs showed them to be worth (the first few most, a pile the rounds left cannot spend
   little: ``CoinCurve``), with "capped" at the heuristic's one price a coin unless the curve
   puts a coin lower; by default ("flat") at that one price;
5. races (:class:`Race`): a candidate clearly behind the leader on the draws they share is
   dropped; the search ends when one is left, when the budget is spent, or at once when the
   policy leaves one candidate (a decision with one sensible option is not searched).

`hard` (``HARD``) is this search on the default knobs. `expert` (``EXPERT``) plays it with the
heuristic's knobs tuned by self-play for the table, one round deeper for placements at up to
four players, to the final scores in the last two rounds, with the same noise for every
candidate of a draw, a stricter race, and a time bank (``think`` is an average; a close
placement may borrow up to three times it).

The budget is ``think`` seconds a decision (``cpu_clock``: CPU seconds of this process) or a
fixed number of ``playouts`` draws (reproducible). ``stop`` / ``should_stop`` end a search
between play-outs. Unloading and the small pending decisions are left to the policy, whose
planner already finds the best use of the cubes.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from jorvik.engine import (
    Action,
    GameState,
    Phase,
    Reserve,
    current_player,
    is_over,
    legal_actions,
    observe,
)

from .knowledge import (
    COINS_AT_CUT,
    EXPERT_PARAMS,
    Ctx,
    Params,
    final_margin,
    margin_of,
    player_value,
    table_params,
)
from .playout import play_out
from .policy import UNPAID_RESERVATION, NormalBot, playout_policy
from .sampler import Outcome, Paired, estimate

ROLLOUT_DECISIONS = 5000   # a rollout that runs longer is cut off and valued as it stands
BANK_CAP = 10.0   # the time bank holds at most this many decisions' `think`
END = 10_000      # a stop round past any game's end: play out to the final scores
SEARCHED = (Phase.DEMAND, Phase.PURCHASE, Phase.RESERVATION)   # where players interact
PLAIN_CUT = ("flat", False)   # the cut valued as the heuristic does: (coins_at_cut, held)
CUTS = ("heuristic", "model")   # what values a play-out's cut (Search.cut)


@dataclass(frozen=True)
class Race:
    """When a candidate leaves the race: from draw ``start`` on, every ``every`` draws, one
    whose paired difference to the leader is more than ``z`` standard errors (its variance
    taken as at least ``var_floor`` VP²), or within ``same`` VP of it in every draw (the draws
    cannot tell them apart). ``fixed_too``: race with a fixed number of play-outs too (else
    only on a time budget)."""
    start: int
    every: int
    z: float
    var_floor: float
    same: float = 0.0
    fixed_too: bool = False

    def due(self, draws: int, fixed: bool) -> bool:
        return (draws >= self.start and (draws - self.start) % self.every == 0
                and (self.fixed_too or not fixed))

    def survivors(self, sampler: Paired, sums: list[float], alive: list[int]) -> list[int]:
        """The candidates of `alive` still in the race (the leader by total always)."""
        lead = max(alive, key=lambda j: sums[j])
        keep = []
        for j in alive:
            if j == lead or not self._behind(sampler, lead, j):
                keep.append(j)
        return keep

    def _behind(self, sampler: Paired, lead: int, j: int) -> bool:
        d = sampler.diffs(lead, j)
        if max(map(abs, d)) < self.same:
            return True
        e = estimate(d)
        return e.mean > self.z * max(e.se, math.sqrt(self.var_floor / e.n)) + 1e-9


@dataclass(frozen=True)
class Search:
    """The search's knobs: `hard` and `expert` are two of them (HARD, EXPERT)."""
    name: str
    top_k: int                  # candidates the policy's ranking leaves to the search
    race: Race
    horizon: int = 0            # rounds past this one a play-out runs (to that supply)
    demand_horizon: int = 0     # ... for a placement, at tables up to deep_max_players
    deep_max_players: int = 0
    endgame: int = 0            # in the last rounds play-outs run to the final scores
    noise: float = 0.35         # the play-out policy's noise in viking placement
    synced_noise: bool = False  # the same nudges for every candidate of a draw
    params: Mapping[str, Params] | None = None   # the heuristic's knobs by table (None: DEFAULT)
    stretch: float = 1.0        # a placement may take up to this × think from the time bank
    # how the cut values coins (player_value's `coins_at_cut`): "flat" one price a coin;
    # "curve" the table's measured curve fixes the cheap cards the bots passed but did not win
    # more games than "flat", and lost Picts VP (docs/decisions.md; bench/bots.py's `-curve`,
    # `-coins`); "capped" the flat price unless the curve puts a coin lower: it buys those
    # cards too, and lost Picts VP too, even at purchases only (`-capped`, `-buycapped`)
    coins_at_cut: str = "flat"
    # value the cut's craftsmen by the cubes kept for them too (player_value's `held`); off,
    # like the curve: bench/bots.py's `-curve` bots have both, `-coins` the curve alone,
    # `-held` this alone
    held_cubes: bool = False
    # the decisions whose cut coins_at_cut and held_cubes value (the others: PLAIN_CUT);
    # e.g. only the purchases (bench/bots.py's `-buycapped`)
    cut_in: tuple[str, ...] = SEARCHED
    # what values a play-out's cut: "heuristic" (player_value with the options above) or
    # "model", the learned value model's expected final margin (jorvik.bots.value; issue 49,
    # off by default until a match says it plays better: docs/value-model.md)
    cut: str = "heuristic"

    def __post_init__(self) -> None:
        if self.coins_at_cut not in COINS_AT_CUT:
            raise ValueError(f"coins_at_cut: one of {COINS_AT_CUT}, not {self.coins_at_cut!r}")
        if self.cut not in CUTS:
            raise ValueError(f"cut: one of {CUTS}, not {self.cut!r}")


HARD = Search("hard", top_k=6, race=Race(start=8, every=1, z=4.0, var_floor=0.25))
# the expert: see the module docstring
EXPERT = Search("expert", top_k=7,
                race=Race(start=16, every=2, z=3.0, var_floor=1.0, same=0.05, fixed_too=True),
                demand_horizon=1, deep_max_players=4, endgame=2, synced_noise=True,
                params=EXPERT_PARAMS, stretch=3.0)


class SearchBot:
    """A determinized search bot with the knobs `config` (see the module docstring)."""

    def __init__(self, config: Search, seed: int | None = None, think: float | None = None,
                 playouts: int | None = None, cpu_clock: bool = False,
                 stop: threading.Event | None = None,
                 playout_policy: Callable[..., NormalBot] = playout_policy, **knobs: Any):
        self.config = config = replace(config, **knobs) if knobs else config
        self.name = config.name
        if think is None and playouts is None:
            think = 1.0
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.think = think
        self.playouts = playouts
        self.rng = random.Random(seed)
        self.policy = NormalBot(seed)
        self.rollout_bot = playout_policy(0, noise=config.noise)
        self.rollout_bot.memo = self.policy.memo   # one set of caches for the whole search
        self.stop = stop
        self.should_stop: Callable[[], bool] | None = None   # the app's hook
        self.bank = 0.0   # seconds of `think` that decisions settled early left unused
        self.last_stats: dict = {}

    # -- the decision

    def choose(self, st: GameState) -> Action:
        self._t0 = self.clock()
        if self.config.params is not None:
            p = table_params(self.config.params, st.mode, st.n) or self.policy.params
            self.policy.set_params(p)
            self.rollout_bot.set_params(p)
        st = observe(st, current_player(st)).state   # only what the player sees
        legal = legal_actions(st)
        self.last_stats = {"iterations": 0, "candidates": len(legal)}
        if len(legal) == 1:
            return legal[0]
        if st.pending or st.phase not in SEARCHED:
            return self.policy.choose(st)
        cands = self.candidates(st, legal)
        self.last_stats["candidates"] = len(cands)
        if len(cands) == 1:
            return cands[0]
        return self._search(st, cands)

    def candidates(self, st: GameState, legal: list[Action] | None = None) -> list[Action]:
        """The actions a search of `st` weighs: the policy's best ``top_k``, best first, never
        a reservation the policy cannot pay for (it only boxes the card); at least the
        policy's first choice."""
        ranked = self.policy.rank(st, legal)
        return [a for u, a in ranked[: self.config.top_k]
                if not (isinstance(a, Reserve) and u <= UNPAID_RESERVATION)] or [ranked[0][1]]

    def _stopped(self) -> bool:
        return ((self.stop is not None and self.stop.is_set())
                or (self.should_stop is not None and self.should_stop()))

    def _search(self, st: GameState, cands: list[Action]) -> Action:
        cfg = self.config
        placing = st.phase == Phase.DEMAND
        stop_round = st.round + (cfg.demand_horizon if placing and st.n <= cfg.deep_max_players
                                 else cfg.horizon)
        if Ctx(st).rounds_left < cfg.endgame:
            stop_round = END
        me = current_player(st)
        assert me is not None   # (a search runs only where someone decides)
        cut = (cfg.coins_at_cut, cfg.held_cubes) if st.phase in cfg.cut_in else PLAIN_CUT
        sampler = Paired(st, cands,
                         lambda s, seed: self._playout(s, me, stop_round, seed, cut),
                         rng=self.rng, stop=self._stopped)
        alive = list(range(len(cands)))
        sums = [0.0] * len(cands)
        deadline = self._t0 + self._allowance(placing)
        fixed = self.playouts is not None
        slowest = 0.0
        while True:
            t = self.clock()
            if not sampler.draw(alive):
                break
            for j in alive:
                sums[j] += sampler.got[j][sampler.draws - 1].value
            if self.playouts is not None:
                last = sampler.draws >= self.playouts
            else:
                now = self.clock()
                slowest = max(slowest, now - t)
                last = now + slowest > deadline   # the next draw would not fit in the budget
            if last:
                break
            if cfg.race.due(sampler.draws, fixed):
                alive = cfg.race.survivors(sampler, sums, alive)
                if len(alive) == 1:
                    break
        best = max(alive, key=lambda j: (sums[j], -j))
        self._book()
        self.last_stats = {"iterations": sampler.draws, "candidates": len(cands),
                           "alive": len(alive),
                           "means": [sums[j] / max(1, sampler.n(j)) for j in range(len(cands))]}
        return cands[best]

    def _allowance(self, placing: bool) -> float:
        """Seconds this decision may take: `think`, and for a placement what the bank lends
        (up to ``stretch`` × think in all)."""
        if self.think is None:
            return 0.0
        if not placing:
            return self.think
        return self.think + min(self.bank, (self.config.stretch - 1.0) * self.think)

    def _book(self) -> None:
        """What this decision left of `think` goes to the bank, what it took beyond comes out."""
        if self.think is not None:
            used = self.clock() - self._t0
            self.bank = min(max(0.0, self.bank + self.think - used), BANK_CAP * self.think)

    # -- one play-out and its value

    def _playout(self, s: GameState, me: int, stop_round: int, seed: int,
                 cut: tuple[str, bool]) -> Outcome:
        bot = self.rollout_bot
        bot.noise_key = seed if self.config.synced_noise else None
        bot.rng.seed(seed)
        s, steps = play_out(s, bot, stop_round=stop_round, max_decisions=ROLLOUT_DECISIONS)
        if is_over(s):
            assert s.result is not None   # (a finished game holds its final scores)
            return Outcome(final_margin(s.result, me), steps)
        if self.config.cut == "model":
            return Outcome(self._model_score(s, me), steps)
        return Outcome(self._score(Ctx(s, bot.params, bot.memo), me, *cut), steps)

    def _model_score(self, s: GameState, me: int) -> float:
        """My expected final margin at the end of an unfinished play-out by the value model
        (which reads only the public view: the play-out's deck and bag as sets)."""
        from .value.model import load_model
        return load_model().margins(s)[me]

    def _score(self, ctx: Ctx, me: int, coins: str, held: bool) -> float:
        """My margin at the end of an unfinished play-out (`coins`, `held`: player_value's
        `coins_at_cut` and `held` for this decision)."""
        return margin_of([player_value(ctx, i, coins_at_cut=coins, held=held)
                          for i in range(ctx.n)], me)
