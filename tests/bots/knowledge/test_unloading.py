"""The unloading planner's steps, each from the rules (RULES.md §4.4, CARDS.md): what a
craftsman still needs, completing craftsmen first, the storage space and the Warehouse's four,
trades, merchants and prophecies only in the player's own unloading turn, two cubes for a coin.

Cards: A01 Leatherworker (leather, wool; 5 VP), A02 Smith (amber, iron; 5), A03 Jet carver
(jet, amber, wool; 8), C04 Clothier (jet, wool, leather, amber; 11), A06 Leather merchant,
A09 Warehouse, A20 Harbour market, B14 Prophecy of Leather."""

from __future__ import annotations

import pytest
from engine.helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    edit,
    filler,
    game,
    give,
    load,
    to_unloading,
    with_common,
)

from jorvik.bots.knowledge import Ctx, Holding, holding_of, plan_unload
from jorvik.bots.knowledge.unloading import Planner, Pool, best_completions
from jorvik.bots.policy import NormalBot
from jorvik.engine import (
    PROPHECY_VP,
    RULES,
    WAREHOUSE_VP,
    Assign,
    Harbour,
    Sell,
    Trade,
    apply_action,
    current_player,
    legal_actions,
    missing_fields,
    sells_now,
)

from ..test_behaviour import deck


def ctx(mode: str = "karl", players: int = 2) -> Ctx:
    return Ctx(game(players, mode=mode))


def last_round(st):
    """`st` with no cards left to come: the game ends after this round."""
    s = edit(st)
    s.deck = ()
    return s


def holding(cards=(), filled=None, hand=(), storage=(), warehouse=(), coins=5) -> Holding:
    return Holding(tuple(cards), dict(filled or {}), list(hand), list(storage), list(warehouse),
                   coins)


def planner(c: Ctx, h: Holding) -> Planner:
    return Planner(c, 0, h, want_steps=True)


def test_a_craftsman_needs_the_goods_the_engine_says_are_missing():
    c = ctx()
    p = planner(c, holding(["A03"], filled={"A03": (JET,)}, hand=[WOOL]))
    assert [x.need for x in p.crafts] == [missing_fields(c.by_id["A03"], (JET,))]
    assert p.crafts[0].need == [AMBER, WOOL]


def test_completing_takes_the_set_of_craftsmen_worth_most_that_the_cubes_allow_together():
    # leather, wool, amber, iron: Leatherworker + Smith (10 VP) beat the Jet carver alone
    c = ctx()
    p = planner(c, holding(["A01", "A02", "A03"], hand=[LEATHER, WOOL, AMBER, IRON],
                           filled={"A03": (JET,)}))
    done = best_completions(p.crafts, Pool([LEATHER, WOOL, AMBER, IRON], [], []))
    assert {x.card for x in done} == {"A01", "A02"}
    p.complete_best()
    assert {(a.good, a.card) for a in p.plan.steps} == {
        (LEATHER, "A01"), (WOOL, "A01"), (AMBER, "A02"), (IRON, "A02")}
    assert not p.pool.goods()


def test_a_craftsman_is_completed_with_the_stored_cube_and_the_ship_cubes_first():
    c = ctx()
    p = planner(c, holding(["C04"], hand=[JET, WOOL, LEATHER], storage=[AMBER]))
    plan = p.run()
    assert {a for a in plan.steps if isinstance(a, Assign)} == {
        Assign(g, "craftsman", "C04") for g in (JET, WOOL, LEATHER, AMBER)}
    assert plan.value == pytest.approx(11.0)


def test_the_storage_space_keeps_one_cube_and_the_rest_is_sold_two_for_a_coin():
    c = ctx()
    p = planner(c, holding(["A03"], hand=[JET, JET, IRON, IRON, LEATHER]))
    plan = p.run()
    stored = [a for a in plan.steps if isinstance(a, Assign) and a.to == "storage"]
    assert len(stored) == RULES.storage_spaces == 1
    sells = [a for a in plan.steps if isinstance(a, Sell)]
    assert all(len(a.give) == 2 for a in sells)
    placed = len(stored) + 2 * len(sells) + sum(
        1 for a in plan.steps if isinstance(a, Assign) and a.to != "storage")
    assert placed in (5, 4)   # an odd cube left over is lost, never sold alone


def test_the_warehouse_keeps_up_to_four_cubes_and_each_scores_at_the_end():
    c = ctx()
    p = planner(c, holding(["A09", "A03"], hand=[JET, JET, AMBER, WOOL, IRON, IRON]))
    assert p.wh_cap == RULES.warehouse_spaces == 4
    plan = p.run()
    on_wh = [a for a in plan.steps if isinstance(a, Assign) and a.to == "warehouse"]
    assert 1 <= len(on_wh) <= 4
    # a cube kept on the Warehouse is worth its keeping and the VP it scores there
    alone = planner(c, holding(["A09"], hand=[JET])).run()
    assert alone.value == pytest.approx(c.keep_worth(0)[JET] + WAREHOUSE_VP)


def test_a_trade_gives_three_cubes_and_at_the_harbour_market_two():
    c = ctx("jarl")
    assert planner(c, holding(["A01"], hand=[JET])).trade_cubes == Trade.cubes == 3
    harbour = planner(c, holding(["A01", "A20"], hand=[JET]))
    assert harbour.trade is Harbour and harbour.trade_cubes == Harbour.cubes == 2


def test_a_trade_completes_a_craftsman_one_good_short():
    # the last round: the Leatherworker has leather; wool is missing (in the common goods
    # area) and three iron are worth little; with no wool there, no trade can bring it
    c = Ctx(last_round(with_common(game(2), wool=2)))
    plan = planner(c, holding(["A01"], filled={"A01": (LEATHER,)},
                              hand=[IRON, IRON, IRON])).run()
    assert plan.steps[0] == Trade((IRON, IRON, IRON))
    assert plan.value == pytest.approx(5.0)
    none = Ctx(last_round(with_common(game(2), wool=0)))
    assert not any(isinstance(a, Trade) for a in planner(none, holding(
        ["A01"], filled={"A01": (LEATHER,)}, hand=[IRON, IRON, IRON])).run().steps)


def test_a_cube_goes_to_the_merchant_or_prophecy_that_pays_most():
    c = ctx("jarl")
    to_merchant = planner(c, holding(["A06"], hand=[LEATHER])).run()
    assert to_merchant.steps == [Assign(LEATHER, "merchant", "A06")]
    # early a coin buys cards and is worth more than a prophecy's 2 VP; in the last round not
    assert c.coin_worth(0) > PROPHECY_VP
    early = planner(c, holding(["A06", "B14"], hand=[LEATHER])).run()
    assert early.steps == [Assign(LEATHER, "merchant", "A06")]
    late = Ctx(last_round(game(2, mode="jarl")))
    assert late.coin_worth(0) < PROPHECY_VP
    both = planner(late, holding(["A06", "B14"], hand=[LEATHER])).run()
    assert both.steps == [Assign(LEATHER, "prophecy", "B14")]


def test_merchants_take_cubes_only_in_the_players_own_unloading_turn():
    """A cube handed over outside the player's unloading turn may go to a craftsman or the
    Warehouse only (RULES.md §6): the normal bot's use of such a cube never names a merchant
    then, and does in its own turn."""
    first = filler(3, exclude=["A06", "B08"])
    st = game(2, deck=deck(first, ("A06", "B08")))
    st = give(st, 0, "A06")
    st = load(st, 0, "B08", goods=[LEATHER])
    bot = NormalBot(1)
    assert not sells_now(st, 0)
    _, outside = bot._place_value(Ctx(st), 0, LEATHER)
    assert not (isinstance(outside, Assign) and outside.to == "merchant")
    st = to_unloading(st)
    while current_player(st) != 0:
        st, _ = apply_action(st, bot.choose(st))
    assert sells_now(st, 0)
    _, inside = bot._place_value(Ctx(st), 0, LEATHER)
    assert inside == Assign(LEATHER, "merchant", "A06") and inside in legal_actions(st)


def test_the_planners_steps_are_legal_and_its_value_is_the_cached_one():
    first = filler(3, exclude=["A01", "A06", "A07", "B08"])
    st = game(2, deck=deck(first, ("A01", "A06", "A07", "B08")))
    st = give(st, 0, "A01", "A06", "A07")
    st = load(st, 0, "B08", goods=[LEATHER, LEATHER, WOOL])
    st = to_unloading(st)
    while current_player(st) != 0:
        st, _ = apply_action(st, NormalBot(1).choose(st))
    c = Ctx(st)
    plan = plan_unload(c, 0, holding_of(st, 0), want_steps=True)
    assert plan.steps[0] in legal_actions(st)
    c2 = Ctx(st, memo=NormalBot(1).memo)
    assert plan_unload(c2, 0, holding_of(st, 0)).value == pytest.approx(plan.value)
