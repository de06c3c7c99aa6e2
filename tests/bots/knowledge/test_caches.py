"""The heuristic's caches only save time: a value found again is the value computed afresh, and
a bot with them decides exactly as a bot without them."""

from __future__ import annotations

import random

import pytest

from jorvik.bots.knowledge import (
    DEFAULT,
    Ctx,
    Memo,
    Params,
    context,
    holding_of,
    plan_unload,
    unloading,
    values,
)
from jorvik.bots.policy import NormalBot
from jorvik.bots.policy import normal as normal_bot
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, new_game
from jorvik.tournament import play_game


def _positions(seed: int, players: int, mode: str):
    """Every state of a game between noisy heuristic bots."""
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    bots = [NormalBot(seed * 16 + i, noise=0.5) for i in range(players)]
    out = [st]
    while not is_over(st):
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
        out.append(st)
    return out


def _with_common(st, common):
    s = st.copy()
    s.common = common
    return s


@pytest.mark.parametrize("size", [context.PLAN_CACHE, 16])
def test_a_cached_unloading_plan_is_worth_what_the_planner_finds_afresh(monkeypatch, size):
    monkeypatch.setattr(unloading, "PLAN_CACHE", size)   # 16: the oldest plans are dropped
    memo = Memo()
    rng = random.Random(3)
    states = _positions(7, 4, "jarl") + _positions(8, 3, "karl")
    # the same holdings with an empty and a full common goods area: trades differ
    states += [_with_common(s, c) for s in states[::3] for c in ((0,) * 8, (9,) * 8)]
    checked = 0
    for st in states:   # warm the cache on every position, then ask again in another order
        ctx = Ctx(st, memo=memo)
        for p in range(st.n):
            plan_unload(ctx, p, holding_of(st, p))
    rng.shuffle(states)
    for st in states:
        ctx = Ctx(st, memo=memo)
        for p in range(st.n):
            h = holding_of(st, p)
            fresh = unloading.Planner(ctx, p, holding_of(st, p), False).run().value
            assert plan_unload(ctx, p, h).value == fresh
            checked += 1
    assert checked > 1000
    assert all(len(plans) <= size for _, _, plans in memo.plan_sets)


def test_other_parameters_do_not_reuse_the_plans_of_the_default_ones():
    memo = Memo()
    st = _positions(11, 2, "karl")[40]
    before = plan_unload(Ctx(st, memo=memo), 0, holding_of(st, 0)).value
    other = Params(keep_base=Params().keep_base + 3.0)
    ctx2 = Ctx(st, other, memo)
    assert plan_unload(ctx2, 0, holding_of(st, 0)).value == \
        unloading.Planner(ctx2, 0, holding_of(st, 0), False).run().value
    assert plan_unload(Ctx(st, memo=memo), 0, holding_of(st, 0)).value == before


def test_the_plans_of_two_parameter_sets_in_turn_are_both_kept():
    # the expert's knobs and hard's defaults at one table: neither empties the other's plans
    memo = Memo()
    st = _positions(11, 2, "karl")[40]
    other = Params(lam=2.0)
    for params in (DEFAULT, other, DEFAULT):
        plan_unload(Ctx(st, params, memo), 0, holding_of(st, 0))
    assert [p for _, p, plans in memo.plan_sets if plans] == [other, DEFAULT]
    for _ in range(context.PLAN_SETS + 1):   # other knobs come in: the oldest set is dropped
        plan_unload(Ctx(st, Params(lam=1.5), memo), 0, holding_of(st, 0))
    assert len(memo.plan_sets) <= context.PLAN_SETS


def test_caches_belong_to_a_bot_not_to_the_module():
    # two bots never share a cache, so hints, a review and a bot's turn can run at once
    from jorvik.bots import make_bot
    from jorvik.bots.knowledge import ladder
    from jorvik.bots.policy import rollout
    a, b = NormalBot(1), NormalBot(1)
    assert a.memo is not b.memo
    hard = make_bot("hard", seed=1, playouts=1)
    assert hard.rollout_bot.memo is hard.policy.memo
    for module in (context, unloading, values, ladder, normal_bot, rollout):
        assert not [k for k, v in vars(module).items()
                    if isinstance(v, (dict, list, set)) and k.startswith("_")
                    and not k.startswith("__")]


def test_the_search_bots_decide_the_same_with_the_caches_as_without(monkeypatch):
    options = {"playouts": 1}
    with_caches = play_game(["expert", "hard"], "jarl", 21, bot_options=options)

    def plan_afresh(ctx, p, h, want_steps=False, held=False):
        return unloading.Planner(ctx, p, h, want_steps).run(held)

    monkeypatch.setattr(values, "plan_unload", plan_afresh)
    monkeypatch.setattr(normal_bot, "plan_unload", plan_afresh)
    monkeypatch.setattr(normal_bot, "VALUE_CACHE", 1)
    monkeypatch.setattr(Ctx, "attack_value", _attack_value_afresh(Ctx.attack_value))
    without = play_game(["expert", "hard"], "jarl", 21, bot_options=options)
    assert with_caches == without


def _attack_value_afresh(method):
    def afresh(self, p, dp):
        self._attack_value.clear()
        return method(self, p, dp)
    return afresh
