"""Determinized sampling of a decision's candidate moves with common random numbers.

One *draw* re-deals the hidden information of a state (the deck's order within its seasons,
the bag's order) from public information only, picks one play-out seed, and plays every
candidate still in the running from that same determinization with that same seed. Two
moves are then compared by the mean of their *paired* differences, whose standard error is
far smaller than that of two separate means (the luck of the deal cancels out).

The small stable API, used by the hints and the review (:mod:`jorvik.review`) and open to the
search bots:

* :class:`Paired` — the draws of one decision: ``draw()``, ``diff(i, j)`` (an
  :class:`Estimate` of move i minus move j; ``diffs`` its draws), ``mean(j)``,
  ``part_diff(i, j, key)`` (``part_diffs``), ``leader()``, ``cost()`` (the steps a draw is
  expected to take) and ``steps`` (moves played in its play-outs, the unit budgets are counted
  in); given a :class:`Runner`, its play-outs are played elsewhere (worker processes) with
  the very same outcomes;
* :func:`halve` — successive halving: spend a budget on the candidates in rounds, keeping the
  better half each round, down to ``keep``;
* :func:`race` — draw on until the leader is clear of every other by ``Z`` standard errors,
  or the budget is spent (``drop=True``: a move clearly behind the leader stops being drawn);
* :func:`top_k` — which k of many separately sampled arms have the largest means (clear of
  zero): the draws go where the boundary between the k-th and the next is in doubt, until it
  is clear or the budget is spent; :func:`boundary` says where it stands.

Everything is seeded: the same seed gives the same draws, the same estimates.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from jorvik.engine import Action, GameState, apply_action, current_player, determinize, observe

Z = 2.0          # a difference is "clear" when it is at least Z standard errors from zero
MIN_CLEAR = 4    # ... and rests on at least this many paired draws
Z_STOP = 2.5     # a race stops early when its leader is this clear (stricter: it looks often)

K = TypeVar("K", bound=Hashable)

# A play-out: (the state after a candidate move, the draw's play-out seed) ->
# (its value, the moves played, and optional parts of the value, e.g. scoring categories)
Playout = Callable[[GameState, int], "Outcome"]


@dataclass(frozen=True)
class Outcome:
    value: float
    steps: int = 1
    parts: Mapping[str, float] | None = None


# One play-out for a Runner: (its key, a draw's determinization, the move, the play-out seed)
Task = tuple[Hashable, GameState, Action, int]


class Runner(Protocol):
    """Plays a sampler's play-outs somewhere else (e.g. on worker processes).

    ``play(now, ahead, stop)``: the outcomes of the `now` tasks, in their order, each the very
    one the sampler's own play-out gives (``playout(apply_action(det, move), seed)``); the
    `ahead` tasks are likely asked for next and may be played meanwhile. None when `stop()`
    turned true; OSError when it cannot play any more (the sampler then plays on by itself)."""

    def play(self, now: Sequence[Task], ahead: Sequence[Task],
             stop: Callable[[], bool] | None) -> list[Outcome] | None: ...


_SAMPLERS = itertools.count()   # tells one sampler's tasks from another's


@dataclass(frozen=True)
class Estimate:
    """A mean with its standard error over n samples."""
    mean: float
    se: float
    n: int

    def clear(self, z: float = Z) -> bool:
        """Whether the mean can be told from zero: at least z standard errors away."""
        return self.n >= MIN_CLEAR and abs(self.mean) > 0 and abs(self.mean) >= z * self.se

    def ahead(self, z: float = Z) -> bool:
        """Whether the first of the two compared is clearly ahead: a positive difference clear
        of zero."""
        return self.clear(z) and self.mean > 0


def estimate(xs: Sequence[float]) -> Estimate:
    """The mean of xs and its standard error (sample standard deviation / sqrt n)."""
    n = len(xs)
    if n == 0:
        return Estimate(0.0, math.inf, 0)
    m = sum(xs) / n
    if n == 1:
        return Estimate(m, math.inf, 1)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return Estimate(m, math.sqrt(var / n), n)


class Paired:
    """The paired draws of one decision's candidate `moves` from state `st`.

    `rng`: a seed or a generator (the determinizations and play-out seeds come from it);
    `stop()` true: a draw ends at once and is discarded (a draw counts only when every
    candidate asked for was played in it). `runner`: plays the play-outs elsewhere (each
    draw's moves, and the next draw's meanwhile: so the generator must be this sampler's
    own); the outcomes, and so everything drawn, are the same as without it."""

    def __init__(self, st: GameState, moves: Sequence[Action], playout: Playout,
                 rng: int | random.Random = 0, stop: Callable[[], bool] | None = None,
                 runner: Runner | None = None):
        self.moves = list(moves)
        self.playout = playout
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.stop = stop
        self.runner = runner
        self.view = observe(st, current_player(st))   # public information only
        self.draws = 0
        self.steps = 0
        # per move: draw number -> outcome (a move left out of a draw has no entry for it)
        self.got: list[dict[int, Outcome]] = [{} for _ in self.moves]
        self._dealt: list[tuple[GameState, int]] = []   # the next draws' (det, seed), in order
        self._id = next(_SAMPLERS)

    def _deal(self, ahead: int) -> tuple[GameState, int]:
        """The determinization and play-out seed of the draw `ahead` after the next one:
        dealt from the generator in draw order, so a draw's are the same whether or not a
        later draw's were dealt early."""
        while len(self._dealt) <= ahead:
            det = determinize(self.view, self.rng)
            self._dealt.append((det, self.rng.getrandbits(32)))
        return self._dealt[ahead]

    def _tasks(self, ahead: int, alive: Sequence[int]) -> list[Task]:
        det, seed = self._deal(ahead)
        return [((self._id, self.draws + ahead, j), det, self.moves[j], seed) for j in alive]

    def draw(self, alive: Sequence[int] | None = None) -> bool:
        """One determinization and play-out seed, every move in `alive` (default: all) played
        out from it. False when stopped before the end (nothing of it is kept)."""
        alive = list(range(len(self.moves)) if alive is None else alive)
        det, seed = self._deal(0)
        done: list[tuple[int, Outcome]] | None = None
        if self.runner is not None:
            try:
                outs = self.runner.play(self._tasks(0, alive), self._tasks(1, alive), self.stop)
            except OSError:
                self.runner = None   # played on here, with the same outcomes
            else:
                done = None if outs is None else list(zip(alive, outs))
                if done is None:
                    self._dealt.pop(0)
                    return False
        if done is None:
            done = []
            for j in alive:
                if self.stop is not None and self.stop():
                    self._dealt.pop(0)
                    return False
                s, _ = apply_action(det, self.moves[j])
                done.append((j, self.playout(s, seed)))
        self._dealt.pop(0)
        for j, out in done:
            self.steps += out.steps
            self.got[j][self.draws] = out
        self.draws += 1
        return True

    def cost(self, alive: Sequence[int] | None = None) -> float:
        """The steps one more draw of `alive` (default: all moves) is expected to take, from
        the draws so far (0 before the first)."""
        if not self.draws:
            return 0.0
        alive = range(len(self.moves)) if alive is None else alive
        return self.steps / max(1, sum(self.n(j) for j in range(len(self.moves)))) \
            * len(alive)

    def n(self, j: int) -> int:
        return len(self.got[j])

    def mean(self, j: int) -> Estimate:
        """Move j's value (unpaired: its own mean and standard error)."""
        return estimate([o.value for o in self.got[j].values()])

    def diffs(self, i: int, j: int) -> list[float]:
        """Move i's value minus move j's in each draw both were played in, in draw order."""
        a, b = self.got[i], self.got[j]
        return [a[d].value - b[d].value for d in a if d in b]

    def diff(self, i: int, j: int) -> Estimate:
        """Move i's value minus move j's, paired over the draws both were played in."""
        return estimate(self.diffs(i, j))

    def part_diffs(self, i: int, j: int, key: str) -> list[float]:
        """As diffs, for one part of the outcome (0 where a play-out gave no parts)."""
        a, b = self.got[i], self.got[j]
        return [(a[d].parts or {}).get(key, 0.0) - (b[d].parts or {}).get(key, 0.0)
                for d in a if d in b]

    def part_diff(self, i: int, j: int, key: str) -> Estimate:
        """As diff, for one part of the outcome."""
        return estimate(self.part_diffs(i, j, key))

    def leader(self, among: Sequence[int] | None = None) -> int:
        """The move with the best mean among those of `among` (default: all) drawn the most
        times; ties to the first. Those share their draws (a race only ever stops drawing a
        move), so their means are comparable; a move drawn less — one a race dropped — is
        never the leader on the luck of its few draws."""
        among = list(range(len(self.moves))) if among is None else list(among)
        most = max(self.n(j) for j in among)
        return max((j for j in among if self.n(j) == most),
                   key=lambda j: (self.mean(j).mean if self.got[j] else -math.inf,
                                  -among.index(j)))

    def ranked(self, among: Sequence[int] | None = None) -> list[int]:
        """`among` (default: all moves) best first: the leader, then the moves drawn as often
        by their paired difference to it (the same draws, less noise than the means), then
        those drawn less — dropped by a race, clearly behind a leader of their time — the
        later dropped first; ties in the given order. A dropped move's few draws never put it
        above a move that was drawn on."""
        among = list(range(len(self.moves))) if among is None else list(among)
        lead = self.leader(among)

        def key(j: int) -> tuple[bool, int, float, int]:
            d = self.diff(j, lead)
            return (j != lead, -self.n(j), -d.mean if d.n else math.inf, among.index(j))
        return sorted(among, key=key)

    def clear_lead(self, among: Sequence[int], z: float = Z) -> bool:
        """Whether the leader of `among` beats every other of them by z standard errors."""
        lead = self.leader(among)
        return all(self.diff(lead, j).ahead(z) for j in among if j != lead)


def halve(sampler: Paired, budget: int, keep: int = 1, alive: Sequence[int] | None = None,
          first: int = MIN_CLEAR, progress: Callable[[int], None] | None = None) -> list[int]:
    """Successive halving: the candidates `alive` (default: all) share `budget` steps in
    rounds; after each round the better half (at least `keep`) goes on, ranked by the paired
    difference to the leader. Each round draws at least `first` times. Returns the survivors,
    best first. `progress(steps)` after every draw."""
    alive = list(range(len(sampler.moves))) if alive is None else list(alive)
    rounds = max(1, math.ceil(math.log2(max(1, len(alive) / max(1, keep)))))
    start = sampler.steps
    for r in range(rounds):
        if len(alive) <= keep:
            break
        share = (budget - (sampler.steps - start)) / (rounds - r)
        spent0 = sampler.steps
        draws = 0
        while draws < first or sampler.steps - spent0 + sampler.cost(alive) <= share:
            if not sampler.draw(alive):
                return sampler.ranked(alive)[:max(keep, 1)]
            draws += 1
            if progress is not None:
                progress(sampler.steps)
        alive = sampler.ranked(alive)[:max(keep, (len(alive) + 1) // 2)]
    return sampler.ranked(alive)


def race(sampler: Paired, budget: int, alive: Sequence[int] | None = None,
         z: float = Z_STOP, least: int = MIN_CLEAR * 2,
         progress: Callable[[int], None] | None = None, drop: bool = False) -> bool:
    """Draw on the candidates `alive` (default: all) until the leader beats every other by z
    standard errors or `budget` steps are spent; True when the leader is clear. The lead is
    looked at after `least` draws and then each time the draws grew by half (looking after
    every draw would stop on a lucky streak far more often than z suggests). `drop`: at each
    look, a move the leader beats by z is drawn no more, so the rest of the budget goes to
    the moves still in contention."""
    alive = list(range(len(sampler.moves))) if alive is None else list(alive)
    start = sampler.steps
    draws = 0
    look = least
    while True:
        if draws >= look:
            if sampler.clear_lead(alive, z):
                return True
            if drop:
                lead = sampler.leader(alive)
                alive = [j for j in alive if j == lead or not sampler.diff(lead, j).ahead(z)]
            look = max(look + 1, int(look * 1.5))
        if draws > 0 and sampler.steps - start + sampler.cost(alive) > budget:
            return False
        if not sampler.draw(alive):
            return False
        draws += 1
        if progress is not None:
            progress(sampler.steps)


@dataclass(frozen=True)
class TopK:
    """The outcome of :func:`top_k`: the arms listed (best first: the k largest means among
    those clear of zero), those of them whose place the noise could still change, and whether
    the boundary was settled (nothing left in doubt) within the budget."""
    top: list
    unsure: list
    settled: bool
    spent: float


def boundary(est: Mapping[K, Estimate], k: int, z: float = Z) -> tuple[list[K], list[K]]:
    """Where a top-k list stands: (the listed, best first — the k largest means among the
    arms clear of zero — and the arms in doubt, best first). An arm is in doubt when more
    draws could change whether it is listed: a listed one and an unlisted one whose means
    are within z standard errors of their difference (when the list is full), or one not
    yet clear of zero that could enter the list (there is room, or it is that close to the
    k-th). Arms with fewer than MIN_CLEAR draws are in doubt."""
    order = sorted(est, key=lambda a: -est[a].mean)
    listed = [a for a in order if est[a].ahead(z)][:k]
    rest = [a for a in order if a not in listed]
    doubt = {a for a in order if est[a].n < MIN_CLEAR}

    def close(a: K, b: K) -> bool:
        return est[a].mean - est[b].mean < z * math.sqrt(est[a].se ** 2 + est[b].se ** 2)

    for b in rest:
        could = est[b].mean + z * est[b].se > 0          # may yet be told from zero
        if not could:
            continue
        if len(listed) < k:
            if not est[b].clear(z):
                doubt.add(b)
            continue
        for a in listed:
            if close(a, b):
                doubt.update((a, b))
    return listed, [a for a in order if a in doubt]


def top_k(arms: Sequence[K], estimates: Callable[[], Mapping[K, Estimate]],
          sample: Callable[[Mapping[K, int]], float | None], cost: Mapping[K, float], k: int,
          budget: float, first: int = MIN_CLEAR * 2, z: float = Z,
          precise: float = 0.0) -> TopK | None:
    """Top-k identification by racing at the boundary: which k of the `arms` (each sampled on
    its own, e.g. a decision's paired loss) have the largest means, each clear of zero.

    Every arm gets `first` draws (fewer when the budget does not allow them, never under
    MIN_CLEAR); then, round by round, the arms in doubt (:func:`boundary`) get as many draws
    again as they have, scaled down to what is left of `budget`, until none is in doubt or
    fewer than two draws each are left. `precise` > 0: a listed arm whose standard error is
    larger gets draws too (the same way), so that what is listed is also measured to that
    precision when the budget allows. `sample({arm: draws})` draws them and returns the
    cost spent (None: stopped, and so is this, returning None); `estimates()` the arms'
    estimates so far; `cost[arm]` what one draw of it is expected to cost. The listed arms
    still in doubt at the end are `unsure`."""
    arms = list(arms)
    if not arms:
        return TopK([], [], True, 0.0)
    whole = sum(cost[a] for a in arms)
    n0 = max(MIN_CLEAR, min(first, int(budget // max(whole, 1e-9))))
    spent = _spend(sample, dict.fromkeys(arms, n0), cost)
    if spent is None:
        return None
    while True:
        est = estimates()
        listed, doubt = boundary(est, k, z)
        vague = [a for a in listed if a not in doubt and precise > 0 and est[a].se > precise]
        if not doubt and not vague:
            return TopK(listed, [], True, spent)
        want = _more_draws(est, doubt + vague, cost, budget - spent)
        if not want:
            return TopK(listed, [a for a in listed if a in doubt], not doubt, spent)
        got = _spend(sample, want, cost)
        if got is None:
            return None
        spent += got


def _spend(sample: Callable[[Mapping[K, int]], float | None], plan: Mapping[K, int],
           cost: Mapping[K, float]) -> float | None:
    """Draw `plan` ({arm: draws}); the cost it spent (the expected cost when the sampler
    does not say), None when stopped."""
    got = sample(plan)
    if got is None:
        return None
    return got if got > 0 else sum(n * cost[a] for a, n in plan.items())


def _more_draws(est: Mapping[K, Estimate], arms: Sequence[K], cost: Mapping[K, float],
                room: float) -> dict[K, int]:
    """The next round of top_k: as many draws again as each arm has (at least two), scaled
    down to `room`; arms left under two draws get none."""
    want = {a: max(2, est[a].n) for a in arms}
    need = sum(want[a] * cost[a] for a in want)
    if need > room:
        scale = room / need
        want = {a: int(n * scale) for a, n in want.items()}
        want = {a: n for a, n in want.items() if n >= 2}
    return want
