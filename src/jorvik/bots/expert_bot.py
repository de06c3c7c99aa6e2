"""The `expert` bot: the hard bot's determinized search, with the heuristic's knobs tuned by
self-play for each mode (``heuristics.EXPERT_PARAMS``) in its candidates and play-outs.

Over `hard` it adds: placements at tables of up to ``deep_max_players`` searched to the end of
the next round (``demand_horizon``); in the last ``endgame`` rounds play-outs to the final
scores; noise in the play-outs keyed to the decision (``synced_noise``), so candidates'
rollouts meet the same nudges; a race that drops a candidate more than ``z`` standard errors
behind the leader (or within ``SAME`` of it in every sample); and a time bank: ``think`` is an
average, a close placement may take up to ``stretch`` × think. ``stop`` / ``should_stop`` end
a search between play-outs. The learned evaluation (``learned=True``) is off by default.
Measurements and the history of these choices: bench/results/expert-notes-2026-12-04.txt.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Callable, Mapping

from jorvik.engine import Action, GameState

from .hard_bot import HardBot
from .heuristics import EXPERT_PARAMS, Ctx, Params, table_params

if TYPE_CHECKING:   # the learned evaluation is an experiment, off every default path
    from .evaluation import Evaluation


BANK_CAP = 10.0   # the bank holds at most this many decisions' `think`
SAME = 0.05       # VP: two candidates this close in every sample count as one
DEEP_MAX_PLAYERS = 4   # placements are searched one round further at tables up to this size


class ExpertBot(HardBot):
    """The hard bot's candidates and budget, searched one round deeper for placements, with
    racing, a time bank and endgame playouts."""

    name = "expert"

    def __init__(self, seed: int | None = None, think: float | None = None,
                 playouts: int | None = None, top_k: int = 7, horizon: int = 0,
                 endgame: int = 2, noise: float = 0.35, z: float = 3.0,
                 stop: threading.Event | None = None, evaluation: Evaluation | None = None,
                 cpu_clock: bool = False, stretch: float = 3.0,
                 race_from: int = 16, var_floor: float = 1.0, learned: bool = False,
                 synced_noise: bool = True, demand_horizon: int = 1,
                 deep_max_players: int = DEEP_MAX_PLAYERS,
                 params: Mapping[str, Params] | None = None, spend_cut: bool = False,
                 **_: object):
        super().__init__(seed, think=think, playouts=playouts, top_k=top_k, horizon=horizon,
                         noise=noise, cpu_clock=cpu_clock, spend_cut=spend_cut)
        self.endgame = endgame
        self.z = z
        self.race_from = race_from
        self.var_floor = var_floor
        self.stop = stop
        # the app's hook (as on the hard bot): a callable saying the search must end now
        self.should_stop: Callable[[], bool] | None = None
        # the learned evaluation at the cut instead of the heuristic value (off by default:
        # see the module's docstring for what it measured)
        self.evaluation = evaluation
        if learned and evaluation is None:   # the experiment reads its weights only when asked
            from .evaluation import load_evaluation
            self.evaluation = load_evaluation()
        # the time bank: seconds of `think` that decisions settled early left unused
        self.stretch = stretch
        self.bank = 0.0
        self.synced_noise = synced_noise
        self._placing = False   # the decision being searched places a viking
        self.demand_horizon = demand_horizon
        self.deep_max_players = deep_max_players
        # the heuristic's knobs by mode or table, for its choices and its playouts alike
        self.params_by_table = EXPERT_PARAMS if params is None else params

    def choose(self, st: GameState) -> Action:
        p = table_params(self.params_by_table, st.mode, st.n) or self.policy.params
        self.policy.set_params(p)
        self.rollout_bot.set_params(p)
        return super().choose(st)

    def _allowance(self) -> float:
        if self.think is None:
            return 0.0
        if not self._placing:   # purchases settle on few samples: the bank is for placements
            return self.think
        return self.think + min(self.bank, (self.stretch - 1.0) * self.think)

    def _settle(self) -> None:
        """Book this decision's time: what it left of `think` goes to the bank, what it took
        beyond `think` comes out of it."""
        if self.think is not None:
            used = self.clock() - self._t0
            self.bank = min(max(0.0, self.bank + self.think - used), BANK_CAP * self.think)

    def _stopped(self) -> bool:
        return ((self.stop is not None and self.stop.is_set())
                or (self.should_stop is not None and self.should_stop()))

    def _search(self, st: GameState, cands: list[Action]) -> Action:
        k = len(cands)
        alive = list(range(k))
        sums = [0.0] * k
        samples: list[list[float]] = [[] for _ in range(k)]
        iters = 0
        self._placing = st.phase == "demand"
        deep = self._placing and st.n <= self.deep_max_players
        stop_round = st.round + (self.demand_horizon if deep else self.horizon)
        if Ctx(st).rounds_left < self.endgame:   # near the end: play on to the final scores
            stop_round = 10_000
        for done, last in self._samples(st, cands, alive, stop_round):
            for j, v in done:
                sums[j] += v
                samples[j].append(v)
            iters += 1
            if last or len(alive) == 1:
                break
            if iters >= self.race_from and iters % 2 == 0:
                alive[:] = self._race(alive, samples, iters)
        best = max(alive, key=lambda j: (sums[j], -j))
        self._settle()
        self.last_stats = {"iterations": iters, "candidates": k, "alive": len(alive),
                           "means": [sums[j] / max(1, len(samples[j])) for j in range(k)]}
        return cands[best]

    def _race(self, alive: list[int], samples: list[list[float]], iters: int) -> list[int]:
        """Drop the candidates clearly behind the leader on the samples they share, and those
        that came out within ``SAME`` of the leader in every one of them (a coin's tie-break
        worth at most): the samples cannot tell them apart, so more of them would only spend
        time a closer decision could use."""
        lead = max(alive, key=lambda j: sum(samples[j][:iters]))
        keep = []
        for j in alive:
            if j == lead:
                keep.append(j)
                continue
            d = [a - b for a, b in zip(samples[lead][:iters], samples[j][:iters])]
            if max(map(abs, d)) < SAME:
                continue
            mean = sum(d) / len(d)
            var = max(sum((x - mean) ** 2 for x in d) / (len(d) - 1), self.var_floor)
            if mean <= self.z * math.sqrt(var / len(d)) + 1e-9:
                keep.append(j)
        return keep

    def _rollout(self, s: GameState, me: int, stop_round: int, seed: int) -> float:
        self.rollout_bot.noise_key = seed if self.synced_noise else None
        return super()._rollout(s, me, stop_round, seed)

    def _score(self, ctx: Ctx, me: int) -> float:
        if self.evaluation is None:
            return super()._score(ctx, me)
        return self.evaluation.margins(ctx.st, ctx)[me]
