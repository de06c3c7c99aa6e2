"""RULES.md §4.4 unloading phase: income, moving cards, and every way to assign a cube."""

from __future__ import annotations

import pytest

from jorvik.engine import (
    Assign,
    Buy,
    Discard,
    Done,
    Harbour,
    IllegalAction,
    Pass,
    Sell,
    Take,
    Trade,
    apply_action,
    current_player,
    fill_order,
    legal_actions,
)

from .helpers import (
    AMBER,
    GOLD,
    IRON,
    JET,
    LEATHER,
    SILK,
    WOOL,
    filler,
    finish_round,
    game,
    give,
    load,
    place,
    play,
    to_unloading,
    with_common,
)


def unloading(n: int = 2, mode: str = "karl", cards=(), loading=(), goods=(), **fields):
    """Peti (start player) at his unloading decision: `cards` in his card area, `loading`
    bought this round (ship cubes `goods`); nothing else was bought by anybody."""
    k = len(fill_order(n, mode))  # cards per round
    deck = filler(2 * k, exclude=[*cards, *loading])
    st = game(n, mode, deck=deck)
    st = give(st, 0, *cards, **fields)
    st = load(st, 0, *loading, goods=goods)
    st = to_unloading(st)
    assert st.phase == "unloading" and current_player(st) == 0
    return st


def sort(*goods: int) -> tuple[int, ...]:
    return tuple(sorted(goods))


# ---- income

@pytest.mark.parametrize("mode, bought, income", [
    ("karl", True, 1), ("karl", False, 2), ("jarl", True, 2), ("jarl", False, 3),
])
def test_income_is_1_coin_or_2_if_nothing_was_bought_and_jarl_adds_1(mode, bought, income):
    k = 3 * (2 if mode == "jarl" else 1)
    st = game(2, mode, deck=filler(2 * k, exclude=["D01"]))
    if bought:
        st = load(st, 0, "D01")
    st = finish_round(st)
    assert st.round == 2
    assert st.players[0].coins == 5 + income
    assert st.players[1].coins == 5 + (3 if mode == "jarl" else 2)


def test_toll_house_adds_1_coin_of_income():
    st = game(2, "karl", deck=filler(6))
    st = give(st, 0, "C12")
    st = finish_round(st)
    assert st.players[0].coins == 5 + 2 + 1


def test_toll_house_pays_even_while_still_in_the_loading_area():
    st = game(2, "karl", deck=filler(6))
    st = load(st, 0, "C12")
    st = finish_round(st)
    assert st.players[0].coins == 5 + 1 + 1
    assert "C12" in st.players[0].cards


def test_bought_cards_move_from_the_loading_area_to_the_card_area():
    st = game(2, "karl", deck=filler(6, exclude=["D01", "A04"]))
    st = load(st, 0, "D01", "A04")
    st = finish_round(st)
    assert st.players[0].loading == ()
    assert set(st.players[0].cards) == {"D01", "A04"}


def test_ships_move_to_the_card_area_after_unloading_with_no_cubes_left_on_them():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET])
    st = play(st, Done())
    assert "B08" in st.players[0].cards
    assert st.players[0].ship_goods == () and st.players[0].hand == ()


# ---- the rulebook example

def test_rulebook_example_benedek_unloads_craftsman_ship_and_amber_merchant():
    # Benedek owns an amber merchant, buys the Leatherworker (leather + wool) and a ship with
    # leather, amber, iron. Income 1; leather on the craftsman; amber sold for 1 coin; iron
    # stored; the ship goes to the card area.
    deck = ["A01", "B08", "A02"] + filler(3, exclude=["A01", "A02", "A04"])
    st = game(["Benedek", "Peti"], "karl", deck=deck, bag=[LEATHER, AMBER, IRON, WOOL, JET])
    st = give(st, 0, "A04")
    st = place(st, 1, 3, 2, 3, 3, 3)
    st = play(st, Buy(), Buy())  # 1 coin each
    st = play(st, Pass(), Pass(), Pass(), Pass())  # column 3: nobody buys
    assert st.phase == "unloading" and current_player(st) == 0
    assert st.players[0].coins == 5 - 2 + 1
    assert "A01" in st.players[0].cards and st.players[0].loading == ()
    assert st.players[0].hand == sort(LEATHER, AMBER, IRON)
    st = play(st, Assign(LEATHER, "craftsman", "A01"))
    assert st.players[0].filled["A01"] == (LEATHER,)
    st = play(st, Assign(AMBER, "merchant", "A04"))
    assert st.players[0].coins == 5
    assert st.common[AMBER] == 1
    st = play(st, Assign(IRON, "storage"))
    # Nothing is left to do: his turn ends by itself and the round runs on.
    assert st.players[0].storage == (IRON,)
    assert "B08" in st.players[0].cards
    assert st.players[0].coins == 5
    assert st.players[0].filled["A01"] == (LEATHER,)


# ---- craftsmen

def test_a_cube_goes_only_onto_a_craftsman_field_of_the_same_good():
    st = unloading(cards=["A01"], loading=["B08"], goods=[LEATHER, JET, JET])
    assert Assign(LEATHER, "craftsman", "A01") in legal_actions(st)
    assert Assign(JET, "craftsman", "A01") not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(JET, "craftsman", "A01"))


def test_a_craftsman_field_is_filled_only_once():
    st = unloading(cards=["A01"], loading=["B08"], goods=[LEATHER, LEATHER, JET])
    st = play(st, Assign(LEATHER, "craftsman", "A01"))
    assert Assign(LEATHER, "craftsman", "A01") not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(LEATHER, "craftsman", "A01"))


def test_a_craftsman_with_two_fields_of_one_good_takes_two_such_cubes():
    st = unloading(cards=["C03"], loading=["B08"], goods=[IRON, IRON, IRON])
    st = play(st, Assign(IRON, "craftsman", "C03"), Assign(IRON, "craftsman", "C03"))
    assert st.players[0].filled["C03"] == (IRON, IRON)
    assert Assign(IRON, "craftsman", "C03") not in legal_actions(st)


def test_a_craftsman_bought_this_round_can_be_filled_at_once():
    st = unloading(loading=["A01", "B08"], goods=[LEATHER, WOOL, JET])
    st = play(st, Assign(LEATHER, "craftsman", "A01"), Assign(WOOL, "craftsman", "A01"))
    assert st.players[0].filled["A01"] == sort(LEATHER, WOOL)


def test_cubes_on_a_craftsman_stay_there_in_later_rounds():
    st = unloading(cards=["A01"], loading=["B08"], goods=[LEATHER, JET, JET])
    st = play(st, Assign(LEATHER, "craftsman", "A01"), Done())
    st = finish_round(st)
    assert st.players[0].filled["A01"] == (LEATHER,)


# ---- merchants and prophecies

def test_a_merchant_buys_any_number_of_its_goods():
    st = unloading(cards=["A04"], loading=["B08"], goods=[AMBER, AMBER, AMBER])
    coins = st.players[0].coins
    st = play(st, *[Assign(AMBER, "merchant", "A04")] * 2)
    assert st.players[0].coins == coins + 2
    st = play(st, Assign(AMBER, "merchant", "A04"))
    assert st.players[0].coins == coins + 3
    assert st.common[AMBER] == 3


def test_a_merchant_buys_only_its_own_good():
    st = unloading(cards=["A04"], loading=["B08"], goods=[IRON, AMBER, JET])
    assert Assign(IRON, "merchant", "A04") not in legal_actions(st)
    assert Assign(AMBER, "merchant", "A04") in legal_actions(st)


def test_a_jarl_silk_merchant_pays_2_coins_per_silk():
    st = unloading(mode="jarl", cards=["A14"], loading=["B08"], goods=[SILK, SILK])
    coins = st.players[0].coins
    st = play(st, Assign(SILK, "merchant", "A14"), Assign(SILK, "merchant", "A14"))
    assert st.players[0].coins == coins + 4


def test_a_prophecy_gives_2_vp_per_sacrificed_cube_of_its_good():
    st = unloading(mode="jarl", cards=["A17"], loading=["B08"], goods=[AMBER, AMBER])
    assert Assign(AMBER, "prophecy", "A17") in legal_actions(st)
    st = play(st, Assign(AMBER, "prophecy", "A17"), Assign(AMBER, "prophecy", "A17"))
    assert st.players[0].vp == 14
    assert st.common[AMBER] == 2


def test_a_prophecy_takes_only_its_own_good():
    st = unloading(mode="jarl", cards=["A17"], loading=["B08"], goods=[IRON, GOLD])
    assert not any(isinstance(a, Assign) and a.to == "prophecy" for a in legal_actions(st))


# ---- storage and the Warehouse

def test_the_storage_space_keeps_one_cube():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET])
    st = play(st, Assign(JET, "storage"))
    assert st.players[0].storage == (JET,)
    assert not any(isinstance(a, Assign) and a.to == "storage" for a in legal_actions(st))
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(AMBER, "storage"))


def test_a_stored_cube_stays_and_can_be_assigned_in_a_later_unloading_phase():
    st = unloading(loading=["B08", "A04"], goods=[AMBER, IRON, JET])
    st = play(st, Assign(AMBER, "storage"), Done())
    assert st.players[0].storage == (AMBER,)
    assert st.round == 2  # Benedek's unloading ran by itself; Benedek now holds Mjölnir
    st = load(st, 0, "D01")
    st = to_unloading(st)
    assert current_player(st) == 0 and st.players[0].storage == (AMBER,)
    coins = st.players[0].coins
    st = play(st, Assign(AMBER, "merchant", "A04"))
    assert st.players[0].coins == coins + 1
    assert st.players[0].storage == ()


def test_stored_cubes_can_be_sold_two_for_a_coin_with_new_ones():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET], storage=(WOOL,))
    assert Sell(sort(WOOL, JET)) in legal_actions(st)


def test_the_warehouse_keeps_4_more_cubes():
    st = unloading(cards=["A09"], loading=["B08", "B09"],
                   goods=[AMBER, AMBER, IRON, IRON, JET, WOOL])
    st = play(st, Assign(AMBER, "storage"))
    st = play(st, *[Assign(g, "warehouse") for g in (AMBER, IRON, IRON, JET)])
    assert st.players[0].storage == (AMBER,)
    assert sorted(st.players[0].warehouse) == [AMBER, IRON, IRON, JET]
    assert not any(isinstance(a, Assign) and a.to in ("storage", "warehouse")
                   for a in legal_actions(st))
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(WOOL, "warehouse"))


def test_without_a_warehouse_there_is_no_warehouse_space():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET])
    assert not any(isinstance(a, Assign) and a.to == "warehouse" for a in legal_actions(st))


# ---- trade 3 for 1, sell 2 for 1 coin, Harbour market

def test_trade_three_cubes_for_one_of_choice_from_the_common_area():
    st = unloading(cards=["A02"], loading=["B08"], goods=[LEATHER, WOOL, JET])
    st = with_common(st, amber=1)
    st = play(st, Trade(sort(LEATHER, WOOL, JET)))
    assert st.players[0].hand == ()
    assert {Take(AMBER), Take(LEATHER), Take(WOOL), Take(JET)} == set(legal_actions(st))
    st = play(st, Take(AMBER))
    st = play(st, Assign(AMBER, "craftsman", "A02"))
    assert st.players[0].filled["A02"] == (AMBER,)
    assert st.common[AMBER] == 0 and st.common[LEATHER] == 1


def test_trade_may_take_back_a_cube_just_given():
    st = unloading(cards=["A01"], loading=["B08"], goods=[LEATHER, IRON, IRON])
    assert sum(st.common) == 0
    st = play(st, Trade(sort(LEATHER, IRON, IRON)), Take(LEATHER))
    st = play(st, Assign(LEATHER, "craftsman", "A01"))
    assert st.players[0].filled["A01"] == (LEATHER,)


def test_trade_cannot_take_a_good_that_is_not_in_the_common_area():
    st = unloading(loading=["B08"], goods=[LEATHER, IRON, IRON])
    st = play(st, Trade(sort(LEATHER, IRON, IRON)))
    assert Take(GOLD) not in legal_actions(st) and Take(AMBER) not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Take(AMBER))


def test_the_traded_cube_must_go_onto_a_card_not_into_storage():
    st = unloading(cards=["A01"], loading=["B08"], goods=[LEATHER, IRON, IRON])
    st = play(st, Trade(sort(LEATHER, IRON, IRON)), Take(IRON))
    assert Assign(IRON, "storage") not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(IRON, "storage"))
    assert Discard() in legal_actions(st)


def test_a_traded_cube_may_go_onto_the_warehouse_card():
    st = unloading(cards=["A09"], loading=["B08"], goods=[LEATHER, IRON, IRON])
    st = play(st, Trade(sort(LEATHER, IRON, IRON)), Take(IRON))
    st = play(st, Assign(IRON, "warehouse"))
    assert st.players[0].warehouse == (IRON,)


def test_a_traded_cube_that_is_not_assigned_goes_to_the_common_area():
    st = unloading(loading=["B08"], goods=[LEATHER, IRON, IRON])
    st = play(st, Trade(sort(LEATHER, IRON, IRON)), Take(IRON), Discard())
    assert st.common[IRON] == 2 and st.common[LEATHER] == 1
    assert st.players[0].hand == () and st.players[0].storage == ()


def test_trade_may_use_a_stored_cube():
    st = unloading(cards=["A01"], loading=["B08"], goods=[AMBER, IRON], storage=(JET,))
    assert Trade(sort(AMBER, IRON, JET)) in legal_actions(st)


def test_sell_two_cubes_for_one_coin():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET])
    coins = st.players[0].coins
    st = play(st, Sell(sort(AMBER, IRON)))
    assert st.players[0].coins == coins + 1
    assert st.players[0].hand == (JET,)
    assert st.common[AMBER] == 1 and st.common[IRON] == 1


def test_harbour_market_two_cubes_for_one_of_choice_any_number_of_times():
    st = unloading(mode="jarl", cards=["A20", "A14"], loading=["B08", "B09"],
                   goods=[AMBER, IRON, JET, WOOL])
    st = with_common(st, silk=2)
    st = play(st, Harbour(sort(AMBER, IRON)), Take(SILK), Assign(SILK, "merchant", "A14"))
    st = play(st, Harbour(sort(JET, WOOL)), Take(SILK), Assign(SILK, "merchant", "A14"))
    assert st.players[0].hand == ()
    assert st.common[SILK] == 2 and st.common[AMBER] == 1


def test_harbour_market_is_only_for_its_owner():
    st = unloading(mode="jarl", loading=["B08"], goods=[AMBER, IRON])
    assert not any(isinstance(a, Harbour) for a in legal_actions(st))


# ---- end of the turn and of the phase

def test_unassigned_cubes_go_to_the_common_area_when_the_turn_ends():
    st = unloading(loading=["B08"], goods=[AMBER, IRON, JET])
    st = play(st, Assign(AMBER, "storage"), Done())
    assert st.common[IRON] == 1 and st.common[JET] == 1 and st.common[AMBER] == 0
    assert st.players[0].hand == ()


def test_unloading_goes_clockwise_from_the_start_player_and_then_mjolnir_passes_on():
    # Everybody keeps a cube their own merchant buys, so every unloading turn waits for them.
    st = game(3, "karl", deck=filler(8, exclude=["A04", "A05", "A06"]), start=1)
    st = give(st, 0, "A04", storage=(AMBER,))
    st = give(st, 1, "A05", storage=(IRON,))
    st = give(st, 2, "A06", storage=(LEATHER,))
    st = to_unloading(st)
    order = []
    while st.phase == "unloading":
        order.append(current_player(st))
        st = play(st, Done())
    assert order == [1, 2, 0]
    assert st.start_player == 2
    assert st.phase == "demand" and current_player(st) == 2


def test_cubes_on_the_warehouse_can_be_assigned_in_a_later_unloading_phase():
    st = unloading(cards=["A09", "A05"], loading=["B08"], goods=[IRON, IRON, JET],
                   warehouse=(IRON,))
    coins = st.players[0].coins
    st = play(st, *[Assign(IRON, "merchant", "A05")] * 3)
    assert st.players[0].coins == coins + 3
    assert st.players[0].warehouse == ()


def test_a_warehouse_bought_this_round_can_be_filled_at_once():
    st = unloading(loading=["A09", "B08"], goods=[AMBER, IRON, JET])
    st = play(st, Assign(AMBER, "warehouse"), Assign(IRON, "warehouse"))
    assert sorted(st.players[0].warehouse) == [AMBER, IRON]


def test_a_stored_cube_may_move_onto_the_warehouse():
    st = unloading(cards=["A09"], loading=["B08"], goods=[AMBER, IRON, JET], storage=(WOOL,))
    st = play(st, Assign(WOOL, "warehouse"), Assign(JET, "storage"))
    assert st.players[0].warehouse == (WOOL,) and st.players[0].storage == (JET,)


@pytest.mark.parametrize("kind", [Trade, Sell, Harbour])
def test_the_order_in_which_cubes_are_given_does_not_matter(kind):
    st = unloading(mode="jarl", cards=["A20"], loading=["B08", "B09"],
                   goods=[LEATHER, IRON, IRON, AMBER])
    give = (LEATHER, IRON, IRON) if kind is Trade else (LEATHER, IRON)
    assert kind(tuple(sorted(give))) in legal_actions(st)
    play(st, kind(give))  # the same cubes, not sorted by good
