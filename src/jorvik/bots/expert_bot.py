"""The `expert` bot: the hard bot's determinized search over a heuristic tuned by self-play,
looking one round further when it places vikings at a table of up to four, with racing, a time
bank and playouts to the final scores near the end (bench/bots.py measures it against `hard`,
bench/search.py its decisions).

For a decision in the demand, purchase or reservation phase (as the hard bot, and
pruned the same way: the heuristic's best ``top_k`` actions, never a reservation it could not
pay for) it:

1. samples a *determinization* of the public state — the deck's order within its seasons and
   the bag's order re-drawn by ``engine.determinize`` from a canonical (sorted) copy
   (``hard_bot.canonical``), so the bot never reads the hidden order;
2. plays every candidate still in the race on that same determinization with the same playout
   random numbers (common random numbers): the heuristic bot with a little noise in viking
   placement for every player. A placement (demand phase) at a table of up to
   ``deep_max_players`` (4) is played on to the end of the *next* round (``demand_horizon``
   = 1 more round); a purchase or reservation, and at five players a placement too, to the
   next round's supply (``horizon``); and in the last ``endgame`` rounds everything on to the
   end of the game (exact final scores, the last attacks included). The noise is keyed to the
   decision it nudges (``synced_noise``: round, player, vikings left, placement), not drawn
   in sequence, so two candidates' rollouts that part ways still meet the same nudges;
3. scores the end of a playout by the final margin when the game is over, else by the
   heuristic value's margin, as the hard bot does;
4. races the candidates: from the ``race_from``-th sample on, a candidate whose paired
   difference to the leader is more than ``z`` standard errors below is dropped (the spread
   is taken as at least ``var_floor``, so a few equal samples do not end a race), and so is
   one that came out within ``SAME`` (0.05 VP) of the leader in every sample (e.g. buying a
   card or passing on it when both lead to the same play); the search ends when one
   candidate is left.

Its heuristic — which candidates it weighs, how every player plays in its playouts, how it
unloads — runs on knobs of its own for each mode, and for two players for each mode at that
table (``heuristics.EXPERT_PARAMS``, tuned by self-play with tools/tune_heuristic.py;
``params`` replaces them), where `hard` searches the default heuristic. That was the lever
the search lacked: more samples barely helped (in 40 four-player Karl games against three
`hard` at 0.2 s, `hard` at 1 s won 30% and the expert with the default knobs at 1 s 35%, fair
share 25%), a better playout policy did: with the Jarl knobs the expert won 51.2%
(36.3–65.9%) of 40 four-player Jarl games against three `hard` at 0.2 s (seed 1000; the same
cell was 15–40% in 20-game runs before), its Picts VP +7.0 against `hard`'s −1.8, and 55.0%
(34.2–74.2%) of 20 five-player Jarl games (bench/bots.py; 15–45% before), 73.8% (58.5–84.9%)
of 40 three-player ones (37.5–40% in 20-game runs before). The Karl set moves less (the
default knobs were tuned on Karl): 40.0%, 25.0% and 27.5% of 20 three-, four- and five-player
Karl games (45.0%, 25.8% and 24.2% of 60 with 40 more each, seed 2000), at or a little above
the fair share, though in the first 20 its Picts VP beat `hard`'s (+0.8 / +2.2 / +3.9 against
+0.1 / −0.4 / −1.2; in the 40 more +1.5 / −0.1 / +1.4 against −0.5 / +0.0 / −1.1). With
the two-player Karl set it won 67.5% (52.0–79.9%) of 40 two-player Karl games (seed 1000), 50.0%
(35.2–64.8%) of 40 more (seed 2000) and 50.0% of 40 more again (seed 4000): 55.8%
(46.9–64.4%) of the 120, where the expert on the default knobs had won 55.5% of 100 (seed
3000, below) — the same. With the two-player Jarl set it won 82.5% (68.0–91.2%) of 40
two-player Jarl games (seed 1000; 51.0% of 100 on the default knobs), its Picts VP +6.5
against `hard`'s −4.7.

Why one round further for placements: what a viking brings (a card, its cubes, coins kept or
spent) is mostly worth something in the next round, where the heuristic value at the cut has
to guess it. Measured by bench/search.py (4-player Jarl, 40 placements from hard-bot games,
each candidate valued by 60 playouts to the end of the game): the mean regret of the choice
was 0.84 VP for `hard` at 0.2 s, 0.41 for the expert at 0.2 s (0.43 ± 0.19 less, paired) and
0.38 at 0.6 s; the heuristic's own choice 0.65. A sample one round further costs about three
times as much; purchases need no such depth (two candidates, settled by a few samples).
Against `hard` at 0.2 s (bench/bots.py, 20 games a table, seed 1000) it won 60 / 35 / 15 / 20%
of 2–5-player Karl games and 70 / 40 / 40 / 30% of Jarl games (without the deeper placements
and keyed noise: 55 / 30 / 40 / 40% and 70 / 37.5 / 15 / 15%): better at most tables, worse
in 4- and 5-player Karl, every figure within ±20 points of noise. With the heuristic's caches
(the same decisions for the same samples, a playout about a quarter cheaper), 4- and 5-player
Karl gave 25% and 17.5%, the expert's Picts VP −0.9 and −3.0 (hard's +0.0 / −0.3): it still
loses the defence race at five; 4- and 5-player Jarl 20% and 45% (noise again, both ways).
At five players the deeper placements do not pay: a round there has the most decisions, so a
sample one round further costs the most and spreads the widest, and 0.2–0.4 s buy too few of
them. bench/search.py (60 playouts to the end per candidate; the expert with
``deep_max_players=5`` is the deep search): 5-player Karl, 100 placements, regret 0.54 VP
cut at the next round's start and 0.63–0.75 one round further at 0.2 s (two runs each; `hard`
0.72–0.74), 0.45 and 0.60 at 0.4 s; 5-player Jarl, 60 placements, 0.67 and 0.70 at 0.2 s
(`hard` 0.69), 0.51 and 0.63 at 0.4 s. At four players the deep search is kept: 4-player
Jarl, 60 placements, 0.68 deep and 0.81 cut at the start at 0.2 s (`hard` 0.89), 0.58 and
0.67 at 0.4 s; 4-player Karl could not tell them apart (1.08 deep, 1.05 cut; `hard` 0.98;
± 0.2).
Screening first (a few cheap samples of every candidate, the best three or four searched
deeper) did no better than either at five players and was not kept. In matches against `hard`
at 0.2 s (bench/bots.py, seeds 1000 and 2000, 20 games each) the expert cut at the start won
2 + 3 of 40 five-player Karl games (12.5%; its Picts VP −0.7 / −1.9, hard's −0.8 / −0.4) and
3.5 + 5.5 of 40 Jarl games (22.5%): the better placements against heuristic playouts did not
show as wins there; the playouts' rivals are heuristic bots, the match's are `hard`.
With 100 games a cell (seed 3000) the 2-player figures came down: Jarl 51.0% (41.3–60.6%),
Karl 55.5% (45.7–64.9%) — the 20-game figures above were mostly luck, and no cell yet shows
the expert clearly stronger than `hard` in matches. On the same 100 five-player Karl
placements its choices gave away 0.45–0.53 VP against `hard`'s 0.68–0.76 (three runs). Tried
and not kept: a bias toward the heuristic's first choice (keep it unless another leads by
0.5–1 VP or by 1–2 standard errors) gave away more (0.55–0.70), and so did playing to the
final scores only in the last round or never (0.66 against 0.53); from three rounds before the
end changed nothing.

Budget: ``think`` seconds per searched decision *on average* (default 1.0; CPU seconds of this
process with ``cpu_clock``): the time a decision settled early by the race leaves unused goes
to a bank, from which a later, closer placement may take up to ``stretch`` × think in all (the
bank holds at most ``BANK_CAP`` × think; a purchase or reservation takes at most think: with
two candidates a few samples settle it); a search stops when the next sample would not fit,
after at least one. Or ``playouts`` samples (reproducible; no bank). ``stop`` (a
threading.Event) or ``should_stop`` (a callable, the hard bot's hook) ends the search between
playouts, e.g. when the app quits; it then answers with the best candidate so far (the
heuristic's choice before the first whole sample). Unloading and small pending decisions go to
the heuristic planner, as in the hard bot.

The learned evaluation (:mod:`jorvik.bots.evaluation`: features of each player's position →
final margin, fitted on self-play games by ``tools/fit_expert.py``) replaces the heuristic
value at the cut with ``learned=True`` (or an ``evaluation``). It is off by default: it
predicts the final margin of held-out self-play games a little better than the heuristic
value (R² +0.00 to +0.02 by table), but in play against two `hard` bots the expert did worse
with it: 3-player Jarl, 0.1 s per decision, the same 24 games for each of three search
settings, mean margin to the best rival −8.4, −5.4 and −4.5 VP with it (−5.0 refitted),
−3.6, −3.7 and −0.8 without (a `hard` bot in the same seat: −7.0).
"""

from __future__ import annotations

import math
import threading
from typing import Callable, Mapping

from jorvik.engine import Action, GameState

from .evaluation import Evaluation, load_evaluation
from .hard_bot import HardBot
from .heuristics import EXPERT_PARAMS, Ctx, Params, table_params


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
                 params: Mapping[str, Params] | None = None, **_: object):
        super().__init__(seed, think=think, playouts=playouts, top_k=top_k, horizon=horizon,
                         noise=noise, cpu_clock=cpu_clock)
        self.endgame = endgame
        self.z = z
        self.race_from = race_from
        self.var_floor = var_floor
        self.stop = stop
        # the app's hook (as on the hard bot): a callable saying the search must end now
        self.should_stop: Callable[[], bool] | None = None
        # the learned evaluation at the cut instead of the heuristic value (off by default:
        # see the module's docstring for what it measured)
        self.evaluation = evaluation or (load_evaluation() if learned else None)
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
