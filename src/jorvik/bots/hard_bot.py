"""The search bot (`hard`): determinized Monte Carlo over the heuristic bot.

For a decision in the demand or purchase phase (where players interact, and where the price
ladder and the opponents' replies matter) it:

1. asks the heuristic (:class:`~jorvik.bots.normal_bot.NormalBot`) to rank the legal actions
   and keeps the best ``top_k`` (dominated placements are never searched);
2. repeatedly samples a *determinization*: the real state with the hidden information — the
   order of the deck within each season and the order of the bag — re-drawn at random by
   ``engine.determinize``. Before sampling, the hidden order is put into a canonical order
   (sorted), so the sample depends only on public information and the bot's own generator:
   the bot never reads the real deck or bag order, and two states that differ only in it get
   the same decision for the same seed;
3. for each candidate, applies it and plays the game on with the play-out policy
   (:func:`~jorvik.bots.rollout_bot.playout_policy`: the heuristic bot) for every player
   (with a little random noise in viking placement, so the opponents are not assumed to be
   perfectly predictable) until the end of the next round's supply (``horizon`` rounds
   further) or the end of the game;
4. scores the end position by ``player_value`` (final scores at the game end; with
   ``spend_cut``, off by default, the cut's value of coins and kept cubes, ``at_cut``): own
   value minus the average of the best and the mean opponent;
5. uses the same determinization and the same playout random numbers for every candidate
   (common random numbers) so the comparison is not drowned in noise, and picks the best mean.

Budget: ``think`` seconds per decision (default 1.0; CPU seconds of this process with
``cpu_clock``; it stops sampling when the next sample would not fit, after at least one, or
once one candidate is clearly ahead of every other (``clear_leader``): a decision with one
sensible option is not searched for the whole budget), or ``playouts`` samples per candidate (reproducible, for tests and benchmarks; then it takes as
long as it takes). ``should_stop`` (a callable, e.g. ``threading.Event().is_set``) is checked
between playouts: when it says so the search ends at once with the best candidate so far, so
an app can quit while the bot thinks. Unloading and the small pending decisions are left to
the heuristic planner, which already finds the best assignment of cubes.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Iterator

from jorvik.engine import (
    Action, GameState, Reserve, apply_action, current_player, determinize, is_over, legal_actions,
    observe,
)

from .heuristics import Ctx, margin_of, player_value
from .normal_bot import UNPAID_RESERVATION, NormalBot
from .playout import play_out
from .rollout_bot import playout_policy

ROLLOUT_DECISIONS = 5000   # a rollout that runs longer is cut off and valued as it stands
SETTLE_FROM = 8   # samples before a time-budgeted search may stop on a clear leader
SETTLE_Z = 4.0    # ... clear: ahead of every other candidate by this many standard errors
SETTLE_FLOOR = 0.25   # VP²: the least spread assumed of a paired difference


def clear_leader(samples: list[list[float]]) -> bool:
    """Whether the candidate with the best total leads every other one, on the samples they
    share (common random numbers), by more than SETTLE_Z standard errors of the paired
    difference (its variance taken as at least SETTLE_FLOOR): a decision with one sensible
    option, such as a card worth far more than its price, or one worth nothing."""
    n = len(samples[0])
    lead = max(range(len(samples)), key=lambda j: sum(samples[j]))
    for j in range(len(samples)):
        if j == lead:
            continue
        d = [a - b for a, b in zip(samples[lead], samples[j])]
        mean = sum(d) / n
        var = max(sum((x - mean) ** 2 for x in d) / (n - 1), SETTLE_FLOOR)
        if mean <= SETTLE_Z * math.sqrt(var / n):
            return False
    return True


def canonical(st: GameState) -> GameState:
    """The state of the decider's public view (``engine.observe``): the hidden orders replaced
    by a fixed one, only public information left in it."""
    return observe(st, current_player(st)).state


class HardBot:
    name = "hard"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 playouts: int | None = None, top_k: int = 6, horizon: int = 0,
                 noise: float = 0.35, cpu_clock: bool = False, spend_cut: bool = False,
                 playout_policy: Callable[..., NormalBot] = playout_policy, **_: object):
        if think is None and playouts is None:
            think = 1.0
        # cpu_clock: `think` counts this process's CPU time (benchmarks on a busy machine)
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.think = think
        self.playouts = playouts
        self.top_k = top_k
        self.horizon = horizon
        self.rng = random.Random(seed)
        self.policy = NormalBot(seed)
        # who plays every seat in the play-outs (rollout_bot.playout_policy, or another)
        self.rollout_bot = playout_policy(0, noise=noise)
        self.rollout_bot.memo = self.policy.memo   # one set of caches for the whole search
        self.last_stats: dict = {}
        # value the cut with player_value(at_cut=True) (coins by what the rounds left can
        # spend, craftsmen with the cubes kept for them): it buys the cheap cards the strong
        # player's positions show passed, but lost against the flat value (3p Jarl, 0.2 s,
        # 19 games against two hard: 18.4%, margin -6.9 VP), so it is off by default
        self.spend_cut = spend_cut
        self.should_stop: Callable[[], bool] | None = None

    def choose(self, st: GameState) -> Action:
        self._t0 = self.clock()
        st = canonical(st)   # the search sees what the player sees, never the hidden order
        legal = legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        if st.pending or st.phase not in ("demand", "purchase", "reservation"):
            return self.policy.choose(st)
        cands = self.candidates(st, legal)
        if len(cands) == 1:
            return cands[0]
        return self._search(st, cands)

    def candidates(self, st: GameState, legal: list[Action] | None = None) -> list[Action]:
        """The actions a search of `st` weighs: the heuristic's best ``top_k``, best first, never
        a reservation the heuristic cannot pay for (it only boxes the card); at least the
        heuristic's first choice."""
        ranked = self.policy.rank(st, legal)
        return [a for u, a in ranked[: self.top_k]
                if not (isinstance(a, Reserve) and u <= UNPAID_RESERVATION)] or [ranked[0][1]]

    def _stopped(self) -> bool:
        return self.should_stop is not None and self.should_stop()

    def _allowance(self) -> float:
        """Seconds this decision may take (from ``_t0``)."""
        return self.think or 0.0

    def _samples(self, st: GameState, cands: list[Action], alive: list[int], stop_round: int
                 ) -> Iterator[tuple[list[tuple[int, float]], bool]]:
        """The search's samples while the budget lasts. Each plays every candidate in `alive`
        (a list the caller may shrink between samples) on one determinization with one
        playout seed (common random numbers) and yields ([(candidate, value)], last), `last`
        when the budget is spent. A sample cut short by a stop request is never yielded: a
        sample counts only when every candidate was played out in it."""
        me = current_player(st)
        canon = canonical(st)
        clock = self.clock
        deadline = self._t0 + self._allowance()
        slowest = 0.0
        iters = 0
        while not self._stopped():
            t = clock()
            det = determinize(canon, self.rng)
            seed = self.rng.getrandbits(32)
            done = []
            for j in alive:
                if self._stopped():
                    break
                s, _ = apply_action(det, cands[j])
                done.append((j, self._rollout(s, me, stop_round, seed)))
            whole = len(done) == len(alive)
            iters += whole
            if self.playouts is not None:
                last = iters >= self.playouts
            else:
                now = clock()
                slowest = max(slowest, now - t)
                last = now + slowest > deadline   # the next sample would not fit in the budget
            if whole:
                yield done, last
            if last:
                return

    def _search(self, st: GameState, cands: list[Action]) -> Action:
        k = len(cands)
        sums = [0.0] * k
        iters = 0
        samples: list[list[float]] = [[] for _ in range(k)]
        settled = False
        for done, _ in self._samples(st, cands, list(range(k)), st.round + self.horizon):
            for j, v in done:
                sums[j] += v
                samples[j].append(v)
            iters += 1
            # on a time budget, a decision whose leader is clear stops: the rest of the second
            # would only confirm it (a fixed budget of playouts is always spent, reproducibly)
            if self.playouts is None and iters >= SETTLE_FROM and clear_leader(samples):
                settled = True
                break
        best = max(range(k), key=lambda j: (sums[j], -j))
        self.last_stats = {"iterations": iters, "candidates": k, "settled": settled,
                           "means": [x / max(iters, 1) for x in sums]}
        return cands[best]

    def _rollout(self, s: GameState, me: int, stop_round: int, seed: int) -> float:
        bot = self.rollout_bot
        bot.rng.seed(seed)
        s, _ = play_out(s, bot, stop_round=stop_round, max_decisions=ROLLOUT_DECISIONS)
        if is_over(s):
            vals = [float(r["total"]) + 0.01 * r["coins"] for r in s.result["scores"]]
            return margin_of(vals, me)
        return self._score(Ctx(s, bot.params, bot.memo), me)

    def _score(self, ctx: Ctx, me: int) -> float:
        """My margin at the end of an unfinished playout."""
        return margin_of([player_value(ctx, i, at_cut=self.spend_cut) for i in range(ctx.n)],
                         me)
