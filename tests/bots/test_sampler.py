"""The determinized sampler (jorvik.bots.sampler): common random numbers make a paired
difference exact when the moves differ by a fixed amount, successive halving keeps the best
moves, a race stops once the leader is clear, and the same seed gives the same draws."""

from __future__ import annotations

import math
import random

import pytest

from jorvik.bots.sampler import (
    Estimate,
    Outcome,
    Paired,
    boundary,
    estimate,
    halve,
    race,
    top_k,
)
from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions, new_game


def _demand():
    st = new_game(["Anna", "Bela", "Csaba"], seed=4, cards=load_cards())
    moves = [a for a in legal_actions(st) if isinstance(a, Place)]
    assert len(moves) >= 4
    return st, moves[:4]


def _column(s) -> int:
    """The column the viking of the move just made went to (the only non-empty one)."""
    return next(i for i, col in enumerate(s.columns) if col)


def test_estimate_is_the_mean_and_its_standard_error():
    e = estimate([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5 and e.n == 4
    assert e.se == pytest.approx(math.sqrt((2.25 + 0.25 + 0.25 + 2.25) / 3 / 4))
    assert estimate([]).n == 0 and not estimate([5.0]).clear()
    assert Estimate(3.0, 1.0, 4).clear() and not Estimate(1.9, 1.0, 4).clear()
    assert not Estimate(3.0, 1.0, 3).clear()  # too few draws to call anything clear


def test_paired_draws_cancel_the_luck_the_moves_share():
    st, moves = _demand()
    seen = []

    def playout(s, seed):
        seen.append(seed)
        luck = random.Random(seed).gauss(0, 10)  # the same for every move of a draw
        return Outcome(luck + _column(s), steps=3, parts={"x": 2.0 * _column(s)})
    sampler = Paired(st, moves, playout, rng=7)
    for _ in range(6):
        assert sampler.draw()
    i, j = 0, 2
    d = sampler.diff(j, i)
    assert d.n == 6 and d.se == pytest.approx(0.0, abs=1e-9)
    assert d.mean == pytest.approx(_col_of(st, moves[j]) - _col_of(st, moves[i]))
    assert sampler.mean(j).se > 1  # unpaired, the luck stays in
    assert sampler.part_diff(j, i, "x").mean == pytest.approx(2 * d.mean)
    assert sampler.part_diffs(j, i, "x") == pytest.approx([2 * x for x in sampler.diffs(j, i)])
    assert sampler.steps == 6 * 4 * 3
    assert len(set(seen)) == 6 and len(seen) == 24  # one seed a draw, shared by the moves


def _col_of(st, move) -> int:
    from jorvik.engine import apply_action
    return _column(apply_action(st, move)[0])


def test_the_same_seed_gives_the_same_draws():
    st, moves = _demand()

    def playout(s, seed):
        return Outcome(random.Random(seed).random() + _column(s))
    a, b = Paired(st, moves, playout, rng=3), Paired(st, moves, playout, rng=3)
    for _ in range(3):
        a.draw(), b.draw()
    assert [a.mean(j) for j in range(4)] == [b.mean(j) for j in range(4)]
    c = Paired(st, moves, playout, rng=4)
    c.draw()
    assert c.mean(0) != a.got[0][0]


def test_a_stopped_draw_is_not_kept():
    st, moves = _demand()
    calls = []

    def playout(s, seed):
        calls.append(1)
        return Outcome(1.0)
    sampler = Paired(st, moves, playout, stop=lambda: len(calls) >= 2)
    assert not sampler.draw()
    assert sampler.draws == 0 and all(sampler.n(j) == 0 for j in range(4))


def test_halving_keeps_the_best_moves_and_keeps_to_its_budget():
    st, moves = _demand()
    cols = [_col_of(st, m) for m in moves]

    def playout(s, seed):
        return Outcome(random.Random(seed).gauss(0, 5) + 3 * _column(s)
                       + random.Random(seed * 7 + _column(s)).gauss(0, 0.5), steps=10)
    sampler = Paired(st, moves, playout, rng=1)
    kept = halve(sampler, budget=400, keep=1)
    order = sorted(range(4), key=lambda j: -cols[j])
    assert kept == order[:1]
    assert sampler.steps <= 400 + 4 * 10
    assert sampler.n(order[0]) > sampler.n(order[3])  # the budget moved to the better half
    two = Paired(st, moves, playout, rng=1)
    assert halve(two, budget=400, keep=2) == order[:2]


def test_a_race_stops_early_when_the_leader_is_clear_and_not_when_moves_are_equal():
    st, moves = _demand()

    def clear(s, seed):
        return Outcome(random.Random(seed).gauss(0, 5) + 10 * _column(s), steps=1)
    sampler = Paired(st, moves[:2], clear, rng=2)
    assert race(sampler, budget=10_000)
    assert sampler.draws == 8  # the fewest draws a race makes

    def equal(s, seed):
        return Outcome(random.Random(seed * 31 + _column(s)).gauss(0, 5), steps=1)
    sampler = Paired(st, moves[:2], equal, rng=2)
    assert not race(sampler, budget=200)
    assert 99 <= sampler.draws <= 101  # the budget ran out (2 steps a draw)


def test_a_race_that_drops_moves_clearly_behind_spends_the_rest_on_the_contenders():
    st, moves = _demand()
    cols = [_col_of(st, m) for m in moves[:3]]
    means = {cols[0]: 0.0, cols[1]: -0.5, cols[2]: -30.0}   # the third is far behind

    def playout(s, seed):
        return Outcome(random.Random(seed).gauss(0, 10) + means[_column(s)]
                       + random.Random(seed * 7 + _column(s)).gauss(0, 3), steps=1)
    sampler = Paired(st, moves[:3], playout, rng=5)
    assert not race(sampler, budget=600, drop=True)     # the first two cannot be told apart
    assert sampler.n(2) < sampler.n(0) == sampler.n(1)
    kept = Paired(st, moves[:3], playout, rng=5)
    race(kept, budget=600)
    assert kept.n(2) == kept.n(0)                       # without dropping, all drawn alike


def test_a_move_dropped_after_lucky_draws_is_neither_leader_nor_ranked_above_the_rest():
    """The moves a race kept are compared on the draws they share. A move dropped after a
    few draws has the highest mean of its own there (the luck all moves shared in those
    draws) and even leads the kept moves on those draws (its own luck), yet it is not the
    leader and is ranked below every move drawn on."""
    st, moves = _demand()
    cols = [_col_of(st, m) for m in moves[:3]]
    gain = {cols[0]: 0.0, cols[1]: 1.0, cols[2]: -3.0}   # the second best, the third worst
    order: dict[int, int] = {}

    def playout(s, seed):
        draw = order.setdefault(seed, len(order))
        shared = 20.0 if draw < 2 else 0.0               # the first two draws: great luck
        own = 10.0 if draw < 2 and _column(s) == cols[2] else 0.0   # and the third's own
        return Outcome(shared + own + gain[_column(s)], steps=1)
    sampler = Paired(st, moves[:3], playout, rng=3)
    for _ in range(2):
        assert sampler.draw()
    for _ in range(10):
        assert sampler.draw([0, 1])                      # the third move dropped
    assert sampler.mean(2).mean > sampler.mean(1).mean   # its own mean: all luck
    assert sampler.diff(2, 1).mean > 0                   # ahead on the draws it had
    assert sampler.leader() == 1
    assert sampler.ranked() == [1, 0, 2]


# --------------------------------------------------------------------------- top-k

def _arms(means: list[float], sd: float, seed: int = 0):
    """One Paired per arm: two moves whose paired difference has the given mean and noise
    (plus luck both moves share, which the pairing cancels)."""
    st, moves = _demand()
    first = _col_of(st, moves[0])
    arms = []
    for a, mu in enumerate(means):
        def playout(s, seed, mu=mu):
            own = random.Random(seed * 7 + _column(s)).gauss(0, sd / math.sqrt(2))
            return Outcome(random.Random(seed).gauss(0, 10) + own
                           + (mu if _column(s) == first else 0.0), steps=1)
        arms.append(Paired(st, moves[:2], playout, rng=seed * 1000 + a))
    return arms


def _run_top_k(arms, k, budget, first=8):
    def sample(plan):
        for a, n in plan.items():
            for _ in range(n):
                arms[a].draw()
        return float(sum(2 * n for n in plan.values()))
    return top_k(range(len(arms)), lambda: {a: p.diff(0, 1) for a, p in enumerate(arms)
                                             if p.draws},
                 sample, dict.fromkeys(range(len(arms)), 2.0), k, budget, first=first)


def test_top_k_finds_the_true_top_and_spends_at_the_boundary():
    means = [10, 9, 8, 5, 4, 3, 2, 1, 0, 0]
    arms = _arms(means, sd=6, seed=1)
    got = _run_top_k(arms, k=3, budget=6000)
    assert set(got.top) == {0, 1, 2} and got.settled and got.unsure == []  # which, not order
    assert got.spent <= 6000
    draws = [p.draws for p in arms]
    assert draws[8] == draws[9] == 8                      # clearly out after the first round
    assert max(draws[:6]) >= 32                           # the draws went to the boundary


def test_top_k_stops_early_when_the_boundary_is_clear():
    arms = _arms([20, 18, 16, 0, -3], sd=1, seed=2)
    got = _run_top_k(arms, k=3, budget=100_000)
    assert set(got.top) == {0, 1, 2} and got.settled
    assert got.spent == 5 * 8 * 2                         # the first round only
    assert all(p.draws == 8 for p in arms)


def test_top_k_says_unsure_when_the_boundary_is_tied():
    arms = _arms([6, 6, 6, 6, 0], sd=6, seed=3)
    got = _run_top_k(arms, k=2, budget=2000)
    assert not got.settled and got.unsure and set(got.unsure) <= set(got.top)
    assert len(got.top) == 2 and set(got.top) <= {0, 1, 2, 3}
    assert got.spent <= 2000


def test_top_k_lists_only_arms_clear_of_zero():
    arms = _arms([8, 0.0, 0.0, -6], sd=4, seed=4)
    got = _run_top_k(arms, k=3, budget=3000)
    assert got.top == [0]


def test_the_boundary_of_a_list():
    e = {"a": Estimate(9.0, 0.5, 50), "b": Estimate(6.0, 0.5, 50), "c": Estimate(5.5, 0.5, 50),
         "d": Estimate(1.0, 0.5, 50), "e": Estimate(0.5, 1.0, 50)}
    listed, doubt = boundary(e, 2)
    assert listed == ["a", "b"] and doubt == ["b", "c"]   # b and c within the noise
    listed, doubt = boundary(e, 3)
    assert listed == ["a", "b", "c"] and doubt == []      # d is clearly below c
    listed, doubt = boundary(e, 5)
    assert listed == ["a", "b", "c", "d"] and doubt == ["e"]   # e may yet be told from zero
    assert boundary({"x": Estimate(5.0, 0.1, 2)}, 1) == ([], ["x"])   # too few draws


def test_top_k_measures_the_listed_to_the_precision_asked_when_the_budget_allows():
    arms = _arms([20, 18, 16, 0, -3], sd=6, seed=2)
    got = _run_top_k_precise(arms, k=3, budget=100_000, precise=0.5)
    assert set(got.top) == {0, 1, 2} and got.settled
    assert all(arms[a].diff(0, 1).se <= 0.5 for a in got.top)
    assert arms[4].draws == 8                              # clearly out: no more draws
    poor = _arms([20, 18, 16, 0, -3], sd=6, seed=2)
    got = _run_top_k_precise(poor, k=3, budget=1000, precise=0.5)
    assert set(got.top) == {0, 1, 2} and got.settled and got.spent <= 1000


def _run_top_k_precise(arms, k, budget, precise):
    def sample(plan):
        for a, n in plan.items():
            for _ in range(n):
                arms[a].draw()
        return float(sum(2 * n for n in plan.values()))
    return top_k(range(len(arms)), lambda: {a: p.diff(0, 1) for a, p in enumerate(arms)},
                 sample, dict.fromkeys(range(len(arms)), 2.0), k, budget, precise=precise)


class _Here:
    """A runner playing its tasks in this thread, last first (as a pool may finish them),
    and the ahead tasks too; `fail_after`: raises OSError from that call on."""

    def __init__(self, playout, fail_after=None):
        self.playout = playout
        self.calls = 0
        self.ahead = []
        self.fail_after = fail_after

    def play(self, now, ahead, stop):
        from jorvik.engine import apply_action
        self.calls += 1
        if self.fail_after is not None and self.calls > self.fail_after:
            raise OSError("gone")
        self.ahead = [key for key, *_ in ahead]
        out = {key: self.playout(apply_action(det, move)[0], seed)
               for key, det, move, seed in reversed([*now, *ahead])}
        return [out[key] for key, *_ in now]


def test_a_runner_gives_the_same_draws_and_is_offered_the_next_draw_ahead():
    st, moves = _demand()

    def playout(s, seed):
        return Outcome(random.Random(seed * 31 + _column(s)).gauss(0, 5), steps=2)
    alone = Paired(st, moves, playout, rng=3)
    here = _Here(playout)
    ran = Paired(st, moves, playout, rng=3, runner=here)
    broken = Paired(st, moves, playout, rng=3, runner=_Here(playout, fail_after=2))
    for sm in (alone, ran, broken):
        race(sm, budget=200, drop=True)
        sm.draw([0, 1])
    assert ran.got == alone.got and broken.got == alone.got and ran.steps == alone.steps
    assert broken.runner is None                  # it failed: the sampler played on alone
    assert here.calls == ran.draws and len(here.ahead) == 2   # the next draw of the last two


def test_a_runner_stopped_keeps_nothing_of_the_draw():
    st, moves = _demand()
    sampler = Paired(st, moves, lambda s, seed: Outcome(1.0),
                     runner=type("Stopped", (), {"play": lambda self, now, ahead, stop: None})())
    assert not sampler.draw()
    assert sampler.draws == 0 and sampler.steps == 0 and all(sampler.n(j) == 0 for j in range(4))


def test_the_cost_of_a_draw_is_the_steps_a_move_has_taken_times_the_moves():
    st, moves = _demand()
    sampler = Paired(st, moves, lambda s, seed: Outcome(0.0, steps=_column(s) + 1), rng=1)
    assert sampler.cost() == 0.0
    sampler.draw()
    sampler.draw([0, 1])
    per_move = sampler.steps / 6
    assert sampler.cost() == pytest.approx(4 * per_move)
    assert sampler.cost([2]) == pytest.approx(per_move)
