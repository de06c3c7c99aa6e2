"""The rules the app and the bots ask the engine instead of working them out again: prices,
craftsmen's fields, who holds an effect, theft targets, the fill order, viking codes, feast VP
and each mode's numbers; and the pending decisions by name. Expected values from RULES.md."""

from __future__ import annotations

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import (
    CUBES_IN_PLAY,
    GOODS,
    GOODS_IN_PLAY,
    GOODS_PER_MODE,
    RESERVATION_ROW,
    SELL_COINS,
    STORAGE_SPACES,
    VIKINGS_PER_PLAYER,
    WAREHOUSE_SPACES,
    Buy,
    DanegeldChoice,
    Decline,
    GloryChoice,
    Harbour,
    Pass,
    PlaceCube,
    Sell,
    Take,
    TakeCube,
    Theft,
    Trade,
    UseCard,
    WorkshopTakeOff,
    complete,
    current_player,
    empty_fields,
    feast_vp,
    fill_order,
    holds,
    legal_actions,
    new_game,
    next_price,
    price_due,
    price_now,
    reservation_price,
    storage_capacity,
    theft_targets,
    viking_code,
    viking_is_brown,
    viking_owner,
)

from .helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    game,
    give,
    load,
    place,
    play,
    with_common,
)
from .test_purchase import reservation_example
from .test_unloading import sort, unloading

# ---- prices (RULES.md §4.3)

def test_the_price_shown_is_the_price_charged_down_a_column():
    # Rulebook: blue, white, yellow in a column. Blue may pay 3, passes; white pays 2.
    st = game(["Peti", "Móni", "Benedek"], "karl", deck=["A01", "A02", "A03", "A04"])
    assert price_now(st, 1) == 0 and next_price(st, 1) == 1  # a first viking would pay 1
    st = place(st, 1, 1, 1, 2, 3, 4, 2, 3, 4)
    assert price_now(st, 1) == 3 == price_due(st)
    assert next_price(st, 1) == 4
    st = play(st, Pass())
    assert price_now(st, 1) == 2 == price_due(st)
    coins = st.players[1].coins
    st = play(st, Buy())
    assert st.players[1].coins == coins - 2


def test_the_reservation_price_is_the_number_of_cards_now_in_the_row():
    st = reservation_example()  # three reserved cards: 3, then 2, then 1
    assert reservation_price(st) == 3 == price_due(st) == price_now(st, RESERVATION_ROW)
    coins = st.players[0].coins
    st = play(st, Buy())
    assert st.players[0].coins == coins - 3
    # Móni cannot pay 2 and her card goes; Eszti decides at 1.
    assert reservation_price(st) == 1 == price_due(st)
    assert next_price(st, RESERVATION_ROW) == 2


# ---- craftsmen (RULES.md §4.4: a craftsman scores only when all its fields are filled)

def test_empty_fields_are_the_goods_still_missing_with_repeats():
    # C03 Weaponsmith: iron + iron + jet + leather.
    st = give(game(2), 0, "C03", filled={"C03": [IRON]})
    pl = st.players[0]
    assert sorted(empty_fields(st, pl, "C03")) == sorted([IRON, JET, LEATHER])
    assert not complete(st, pl, "C03")
    st = give(game(2), 0, "C03", filled={"C03": []})
    assert sorted(empty_fields(st, st.players[0], "C03")) == sorted([IRON, IRON, JET, LEATHER])


def test_a_craftsman_with_every_field_filled_is_complete():
    # A03 Jet carver: jet + amber + wool.
    st = give(game(2), 0, "A03", filled={"A03": [JET, AMBER, WOOL]})
    assert complete(st, st.players[0], "A03")
    assert empty_fields(st, st.players[0], "A03") == []


# ---- who holds an effect

def test_jarls_hall_counts_from_the_loading_area_only_when_asked():
    # Jarl's hall may be used "even in the phase it was bought": from the loading area.
    st = load(game(2, "jarl"), 0, "D26")
    pl = st.players[0]
    assert holds(st, pl, "jarls_hall") is None
    assert holds(st, pl, "jarls_hall", loading_too=True) == "D26"
    st = give(game(2), 1, "A09")
    assert holds(st, st.players[1], "warehouse") == "A09"
    assert holds(st, st.players[0], "warehouse") is None


def test_the_warehouse_adds_4_spaces_to_the_one_storage_space():
    st = game(2)
    assert STORAGE_SPACES == 1 and storage_capacity(st, 0) == (1, 0)
    st = give(st, 0, "A09")
    assert WAREHOUSE_SPACES == 4 and storage_capacity(st, 0) == (1, 4)


# ---- Loki: Theft: a cube from an opponent's incomplete craftsman

def test_theft_targets_are_cubes_on_opponents_incomplete_craftsmen():
    st = game(3)
    st = give(st, 1, "A03", filled={"A03": [JET, AMBER]})         # incomplete
    st = give(st, 2, "A02", filled={"A02": [AMBER, IRON]})        # complete: safe
    st = give(st, 0, "C01", filled={"C01": [AMBER]})              # own: not a target
    assert sorted(theft_targets(st, 0)) == sorted([(1, "A03", JET), (1, "A03", AMBER)])
    assert theft_targets(st, 1) == [(0, "C01", AMBER)]


# ---- the supply phase fills players + 1 spaces per row (RULES.md §4.1)

def test_four_players_fill_spaces_1_to_5_and_in_jarl_7_to_11():
    assert fill_order(4, "karl") == (1, 2, 3, 4, 5)
    assert fill_order(4, "jarl") == (1, 2, 3, 4, 5, 7, 8, 9, 10, 11)  # 10 cards
    assert len(fill_order(2, "karl")) == 3 and len(fill_order(5, "jarl")) == 12


def test_the_first_round_fills_the_spaces_in_that_order():
    st = game(4, "jarl")
    filled = [s + 1 for s in range(12) if st.spaces[s] is not None]
    assert filled == list(fill_order(4, "jarl"))


# ---- viking codes

@pytest.mark.parametrize("player", range(5))
@pytest.mark.parametrize("brown", [False, True])
def test_a_vikings_code_tells_its_owner_and_whether_it_is_brown(player, brown):
    code = viking_code(player, brown)
    assert viking_owner(code) == player and viking_is_brown(code) == brown


def test_placed_vikings_carry_their_players_code():
    st = game(3)
    st = place(st, 1, 1, 2)
    assert st.columns[0] == (viking_code(0), viking_code(1))
    assert st.columns[1] == (viking_code(2),)


# ---- feasts: 1, 2, 3, 4+ feasts score 2, 5, 9, 14 VP

@pytest.mark.parametrize("feasts, vp", [(0, 0), (1, 2), (2, 5), (3, 9), (4, 14), (5, 14), (6, 14)])
def test_feasts_score_by_how_many_are_owned(feasts, vp):
    assert feast_vp(feasts) == vp


# ---- the two modes (RULES.md §2, §3)

@pytest.mark.parametrize("mode, vikings, cubes, goods", [
    ("karl", 3, 45, ("amber", "iron", "leather", "wool", "jet")),
    ("jarl", 4, 54, GOODS),
])
def test_each_mode_sets_up_its_vikings_and_cubes(mode, vikings, cubes, goods):
    assert VIKINGS_PER_PLAYER[mode] == vikings
    assert CUBES_IN_PLAY[mode] == cubes
    assert GOODS_PER_MODE[mode] == goods and GOODS_IN_PLAY[mode] == len(goods)
    st = new_game(["A", "B"], mode=mode, seed=3, cards=load_cards())
    assert all(p.vikings == vikings for p in st.players)
    drawn = sum(len(g) for g in st.space_goods)
    assert len(st.bag) + drawn == cubes
    in_play = set(st.bag) | {g for s in st.space_goods for g in s}
    assert {GOODS[g] for g in in_play} == set(goods)  # Karl: no silk, glass or gold


# ---- pending decisions by name

def test_a_trade_hands_over_a_cube_to_take_then_to_place():
    st = unloading(cards=["A02"], loading=["B08"], goods=[LEATHER, WOOL, JET])
    st = with_common(st, amber=1)
    st = play(st, Trade(sort(LEATHER, WOOL, JET)))
    assert st.pending[-1] == TakeCube(0, "trade") and current_player(st) == 0
    assert st.to_dict()["pending"] == [["take", 0, "trade"]]
    st = play(st, Take(AMBER))
    assert st.pending[-1] == PlaceCube(0, AMBER)
    assert st.to_dict()["pending"] == [["place_cube", 0, AMBER]]


def test_decisions_keep_their_json_list_form():
    assert WorkshopTakeOff(1, 3).to_json() == ["workshop", 1, 3]
    assert Theft(2).to_json() == ["theft", 2]
    assert GloryChoice(0, 3, "C23").to_json() == ["glory", 0, 3, "C23"]
    assert DanegeldChoice(1, 2, "C24").to_json() == ["danegeld", 1, 2, "C24"]


def glory_decision(st):
    """A copy of `st` where player 0, holding Glory, has just won an attack worth 3 VP."""
    s = give(st, 0, "C23")
    s.pending = (GloryChoice(0, 3, "C23"),)
    return s


def test_glory_doubles_the_vp_gained_or_is_kept():
    st = glory_decision(game(2))
    assert current_player(st) == 0
    assert {UseCard("C23"), Decline()} <= set(legal_actions(st))
    vp = st.players[0].vp
    used = play(st, UseCard("C23"))
    assert used.players[0].vp == vp + 6 and "C23" not in used.players[0].cards
    kept = play(st, Decline())
    assert kept.players[0].vp == vp + 3 and "C23" in kept.players[0].cards


# ---- the exchanges of the unloading phase (RULES.md §4.4)

def test_trade_is_3_for_1_and_sell_2_for_1_coin():
    assert (Trade.cubes, Sell.cubes, SELL_COINS, Harbour.cubes) == (3, 2, 1, 2)
    three = legal_actions(unloading(cards=["A02"], loading=["B08"], goods=[LEATHER, WOOL, JET]))
    assert {len(a.give) for a in three if isinstance(a, Trade)} == {3}
    assert {len(a.give) for a in three if isinstance(a, Sell)} == {2}
    two = legal_actions(unloading(cards=["A02"], loading=["B08"], goods=[LEATHER, WOOL]))
    assert not any(isinstance(a, Trade) for a in two)   # 3 cubes needed, 2 at hand
    assert any(isinstance(a, Sell) for a in two)
    assert not any(isinstance(a, Harbour) for a in two)  # only with the Harbour market

