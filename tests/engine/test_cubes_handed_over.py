"""RULES.md §6, ruling "assign immediately" as corrected on 2026-12-03: merchants and prophecies
buy and take cubes only during the unloading phase. A cube handed over at another time (a
Trading post in the demand phase, Loki: Theft during someone else's turn) may go to a
craftsman field or the Warehouse card, or back to the common goods area — not to a merchant
or prophecy. In the owner's own unloading turn the same cards may still sell or sacrifice it."""

from __future__ import annotations

import pytest

from jorvik.engine import (
    Assign,
    Discard,
    Harbour,
    IllegalAction,
    PlaceCube,
    Steal,
    Take,
    TakeOff,
    Trade,
    UseCard,
    apply_action,
    current_player,
    legal_actions,
)
from jorvik.engine.refusals import refusal

from .helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    edit,
    filler,
    finish_demand,
    game,
    give,
    play,
    to_unloading,
    with_common,
)
from .test_unloading import unloading

# Cards (CARDS.md): A01 Leatherworker (leather + wool), A06 Leather merchant, A07 Wool merchant,
# A09 Warehouse, B14 Prophecy of Leather, B15 Prophecy of Wool, C02 Saddler (leather + iron +
# amber), C21 Trading post, C22 Loki: Theft, D27 Workshop.
HOLDS = ["A01", "A07", "B15", "A09"]


def trading_post_holder(**common: int):
    """Peti's first demand turn (Jarl, 2 players). He holds the Trading post, the Leatherworker
    (empty), the Wool merchant, the Prophecy of Wool and the Warehouse (empty); the common
    goods area holds a wool."""
    st = game(2, "jarl", deck=filler(12, exclude=HOLDS))
    st = give(st, 0, "C21", *HOLDS)
    return with_common(st, **(common or {"wool": 1}))


def wool_choices(st) -> set:
    return set(legal_actions(st))


# ---- at another time: a craftsman field, the Warehouse or the common goods area only

def test_a_trading_post_cube_in_the_demand_phase_cannot_go_to_a_merchant_or_prophecy():
    st = trading_post_holder()
    assert st.phase == "demand" and current_player(st) == 0
    st = play(st, UseCard("C21"), Take(WOOL))
    assert wool_choices(st) == {Assign(WOOL, "craftsman", "A01"), Assign(WOOL, "warehouse"),
                                Discard()}
    for sale in (Assign(WOOL, "merchant", "A07"), Assign(WOOL, "prophecy", "B15")):
        with pytest.raises(IllegalAction) as info:
            apply_action(st, sale)
        assert info.value.reason == refusal("merchant_not_now", player=0)


def test_a_trading_post_cube_in_the_demand_phase_may_go_to_a_craftsman_or_the_warehouse():
    st = play(trading_post_holder(), UseCard("C21"), Take(WOOL))
    on_craftsman = play(st, Assign(WOOL, "craftsman", "A01"))
    assert on_craftsman.players[0].filled["A01"] == (WOOL,)
    on_warehouse = play(st, Assign(WOOL, "warehouse"))
    assert on_warehouse.players[0].warehouse == (WOOL,)
    back = play(st, Discard())
    assert back.common[WOOL] == 1
    for after in (on_craftsman, back):
        assert after.players[0].coins == st.players[0].coins   # nothing sold
        assert after.players[0].vp == st.players[0].vp         # nothing sacrificed


def test_a_trading_post_cube_at_a_purchase_decision_cannot_go_to_a_merchant_or_prophecy():
    st = finish_demand(trading_post_holder())
    assert st.phase == "purchase" and current_player(st) == 0
    st = play(st, UseCard("C21"), Take(WOOL))
    assert not any(isinstance(a, Assign) and a.to in ("merchant", "prophecy")
                   for a in legal_actions(st))


def test_without_a_craftsman_field_or_warehouse_space_the_cube_can_only_go_back():
    st = game(2, "jarl", deck=filler(12, exclude=["A07", "B15"]))
    st = with_common(give(st, 0, "C21", "A07", "B15"), wool=1)
    st = play(st, UseCard("C21"), Take(WOOL))
    assert legal_actions(st) == [Discard()]
    st = play(st, Discard())
    assert st.common[WOOL] == 1 and st.players[0].coins == 5


def theft_holder():
    """Peti's first demand turn (Jarl, 2 players): he holds Loki: Theft, the Saddler (empty),
    the Leather merchant and the Prophecy of Leather; Benedek's Leatherworker holds a leather
    (incomplete)."""
    st = game(2, "jarl", deck=filler(12, exclude=["A01", "A06", "B14", "C02"]))
    st = give(st, 0, "C22", "C02", "A06", "B14")
    return give(st, 1, "A01", filled={"A01": [LEATHER]})


def test_a_stolen_cube_outside_the_thiefs_unloading_turn_cannot_go_to_a_merchant_or_prophecy():
    st = play(theft_holder(), UseCard("C22"), Steal(1, "A01", LEATHER))
    assert st.phase == "demand"
    assert set(legal_actions(st)) == {Assign(LEATHER, "craftsman", "C02"), Discard()}
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(LEATHER, "merchant", "A06"))
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(LEATHER, "prophecy", "B14"))


def test_a_cube_handed_over_in_someone_elses_unloading_turn_cannot_go_to_a_merchant():
    # The engine offers any-phase cards only at their owner's decisions, so this position is
    # built by hand: Benedek's unloading turn, and a cube Peti must assign at once.
    st = edit(trading_post_holder())
    st.phase, st.turn, st.unload_ready = "unloading", 1, True
    st.pending = (PlaceCube(0, WOOL),)
    assert st.phase == "unloading" and current_player(st) == 0
    assert set(legal_actions(st)) == {Assign(WOOL, "craftsman", "A01"),
                                      Assign(WOOL, "warehouse"), Discard()}


def test_a_workshop_cube_in_the_demand_phase_cannot_go_to_a_merchant():
    st = game(4, "jarl", deck=filler(10, exclude=["A01", "B01", "A06"]))
    st = give(st, 0, "D27", "A01", "B01", "A06", filled={"A01": [LEATHER]})
    st = play(st, UseCard("D27"), TakeOff("A01", LEATHER))
    assert Assign(LEATHER, "craftsman", "B01") in legal_actions(st)
    assert Assign(LEATHER, "merchant", "A06") not in legal_actions(st)


# ---- in the owner's own unloading turn the merchant and the prophecy still take it

def test_a_trading_post_cube_in_the_owners_unloading_turn_may_be_sold_or_sacrificed():
    st = to_unloading(trading_post_holder())
    assert st.phase == "unloading" and current_player(st) == 0
    st = play(st, UseCard("C21"), Take(WOOL))
    assert wool_choices(st) == {Assign(WOOL, "craftsman", "A01"),
                                Assign(WOOL, "merchant", "A07"),
                                Assign(WOOL, "prophecy", "B15"), Assign(WOOL, "warehouse"),
                                Discard()}
    sold = play(st, Assign(WOOL, "merchant", "A07"))
    assert sold.players[0].coins == st.players[0].coins + 1
    assert sold.common[WOOL] == 1
    sacrificed = play(st, Assign(WOOL, "prophecy", "B15"))
    assert sacrificed.players[0].vp == st.players[0].vp + 2


def test_a_stolen_cube_in_the_thiefs_own_unloading_turn_may_be_sold():
    st = to_unloading(theft_holder())
    assert st.phase == "unloading" and current_player(st) == 0
    st = play(st, UseCard("C22"), Steal(1, "A01", LEATHER))
    assert Assign(LEATHER, "merchant", "A06") in legal_actions(st)
    assert Assign(LEATHER, "prophecy", "B14") in legal_actions(st)
    st = play(st, Assign(LEATHER, "merchant", "A06"))
    assert st.common[LEATHER] == 1


def test_a_cube_from_a_3_for_1_trade_may_be_sold_to_a_merchant():
    st = unloading(cards=["A07"], loading=["B08"], goods=[AMBER, IRON, JET])
    st = play(with_common(st, wool=1), Trade((AMBER, IRON, JET)), Take(WOOL))
    assert Assign(WOOL, "merchant", "A07") in legal_actions(st)


def test_a_cube_from_the_harbour_market_may_be_sacrificed_to_a_prophecy():
    st = unloading(mode="jarl", cards=["A20", "B15"], loading=["B08"], goods=[AMBER, IRON])
    st = play(with_common(st, wool=1), Harbour((AMBER, IRON)), Take(WOOL))
    assert Assign(WOOL, "prophecy", "B15") in legal_actions(st)
