"""The strongest bot (`expert`): determinized search with racing, deeper playouts and a learned
evaluation of unfinished games.

For a decision in the demand, purchase or reservation phase (as the hard bot, and
pruned the same way: the heuristic's best ``top_k`` actions, never a reservation it could not
pay for) it:

1. samples a *determinization* of the public state — the deck's order within its seasons and
   the bag's order re-drawn by ``engine.determinize`` from a canonical (sorted) copy
   (``hard_bot.canonical``), so the bot never reads the hidden order;
2. plays every candidate still in the race on that same determinization with the same playout
   random numbers (common random numbers): the heuristic bot with a little noise in viking
   placement for every player, to the next round's supply (``horizon`` more rounds), and in
   the last ``endgame`` rounds on to the end of the game (exact final scores, the last
   attacks included);
3. scores the end of a playout by the final margin when the game is over, else by the learned
   evaluation (:mod:`jorvik.bots.evaluation`: features of each player's position → final
   margin, fitted on self-play games by ``tools/fit_expert.py``);
4. races the candidates: from the sixth sample on, a candidate whose paired difference to the
   leader is more than ``z`` standard errors below is dropped, so the budget goes to the close
   ones.

Budget: ``think`` seconds per decision (default 1.0; it stops when the next sample would not
fit, after at least one; CPU seconds of this process with ``cpu_clock``) or ``playouts`` samples (reproducible). ``stop`` (a threading.Event)
ends the search between playouts, e.g. when the app quits. Unloading and small pending
decisions go to the heuristic planner, as in the hard bot.
"""

from __future__ import annotations

import math
import random
import threading
import time

from jorvik.engine import (
    Action, GameState, Reserve, apply_action, current_player, determinize, is_over,
    legal_actions,
)

from .evaluation import Evaluation, load_evaluation, margin_of
from .hard_bot import canonical
from .heuristics import Ctx
from .normal_bot import UNPAID_RESERVATION, NormalBot


class ExpertBot:
    name = "expert"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 playouts: int | None = None, top_k: int = 7, horizon: int = 0,
                 endgame: int = 2,
                 noise: float = 0.35, z: float = 2.5, stop: threading.Event | None = None,
                 evaluation: Evaluation | None = None, cpu_clock: bool = False, **_: object):
        if think is None and playouts is None:
            think = 1.0
        # cpu_clock: `think` counts this process's CPU time (benchmarks on a busy machine)
        self.clock = time.process_time if cpu_clock else time.perf_counter
        self.think = think
        self.playouts = playouts
        self.top_k = top_k
        self.horizon = horizon
        self.endgame = endgame
        self.z = z
        self.stop = stop
        self.rng = random.Random(seed)
        self.policy = NormalBot(seed)
        self.rollout_bot = NormalBot(0, noise=noise)
        self.evaluation = evaluation or load_evaluation()
        self.last_stats: dict = {}

    def choose(self, st: GameState) -> Action:
        t0 = self.clock()
        legal = legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        if st.pending or st.phase not in ("demand", "purchase", "reservation"):
            return self.policy.choose(st)
        ranked = self.policy.rank(st, legal)
        cands = [a for u, a in ranked[: self.top_k]
                 if not (isinstance(a, Reserve) and u <= UNPAID_RESERVATION)] or [ranked[0][1]]
        if len(cands) == 1:
            return cands[0]
        return self._search(st, cands, t0)

    def _stopped(self) -> bool:
        return self.stop is not None and self.stop.is_set()

    def _search(self, st: GameState, cands: list[Action], t0: float) -> Action:
        me = current_player(st)
        canon = canonical(st)
        k = len(cands)
        alive = list(range(k))
        sums = [0.0] * k
        samples: list[list[float]] = [[] for _ in range(k)]
        iters = 0
        clock = self.clock
        deadline = t0 + (self.think or 0.0)
        stop_round = st.round + self.horizon
        if Ctx(st).R < self.endgame:   # close to the end: play on to the real final scores
            stop_round = 10_000
        slowest = 0.0
        while True:
            t = clock()
            det = determinize(canon, self.rng)
            seed = self.rng.getrandbits(32)
            for j in alive:
                s, _ = apply_action(det, cands[j])
                v = self._rollout(s, me, stop_round, seed)
                sums[j] += v
                samples[j].append(v)
            iters += 1
            if self.playouts is not None:
                if iters >= self.playouts:
                    break
            else:
                now = clock()
                slowest = max(slowest, now - t)
                if now + slowest > deadline:  # the next sample would not fit in the budget
                    break
            if self._stopped() or len(alive) == 1:
                break
            if iters >= 6 and iters % 2 == 0:
                alive = self._race(alive, samples, iters)
        best = max(alive, key=lambda j: (sums[j], -j))
        self.last_stats = {"iterations": iters, "candidates": k, "alive": len(alive),
                           "means": [sums[j] / len(samples[j]) for j in range(k)]}
        return cands[best]

    def _race(self, alive: list[int], samples: list[list[float]], iters: int) -> list[int]:
        """Drop the candidates clearly behind the leader on the samples they share."""
        lead = max(alive, key=lambda j: sum(samples[j][:iters]))
        keep = []
        for j in alive:
            if j == lead:
                keep.append(j)
                continue
            d = [a - b for a, b in zip(samples[lead][:iters], samples[j][:iters])]
            mean = sum(d) / len(d)
            var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
            if mean <= self.z * math.sqrt(var / len(d)) + 1e-9:
                keep.append(j)
        return keep

    def _rollout(self, s: GameState, me: int, stop_round: int, seed: int) -> float:
        bot = self.rollout_bot
        bot.rng.seed(seed)
        steps = 0
        while not is_over(s) and s.round <= stop_round and steps < 5000:
            s, _ = apply_action(s, bot.choose(s))
            steps += 1
        if is_over(s):
            vals = [float(r["total"]) + 0.01 * r["coins"] for r in s.result["scores"]]
            return margin_of(vals, me)
        return self.evaluation.margins(s, Ctx(s, bot.params))[me]
