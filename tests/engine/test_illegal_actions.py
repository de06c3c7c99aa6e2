"""An illegal action raises IllegalAction with a reason (a kind and fields, written here from
the rules) and changes nothing (engine contract)."""

from __future__ import annotations

import json

import pytest

from jorvik.engine import (
    REFUSALS,
    Assign,
    Buy,
    Decline,
    Discard,
    Done,
    Harbour,
    IllegalAction,
    Pass,
    Place,
    Reserve,
    Sell,
    Steal,
    Swap,
    Take,
    TakeOff,
    Trade,
    UseCard,
    action_from_json,
    apply_action,
    current_player,
    is_over,
    legal_actions,
)
from jorvik.engine.refusals import refusal

from .helpers import (
    AMBER,
    GOLD,
    IRON,
    JET,
    LEATHER,
    WOOL,
    filler,
    finish_game,
    game,
    give,
    load,
    place,
    play,
    to_unloading,
)


def snapshot(st) -> str:
    return json.dumps(st.to_dict(), sort_keys=True)


def assert_refused(st, move, kind: str, /, **fields) -> None:
    """`move` is refused in `st` for the reason `kind` with `fields`, and changes nothing."""
    before = snapshot(st)
    legal_before = list(legal_actions(st))
    with pytest.raises(IllegalAction) as info:
        apply_action(st, move)
    assert info.value.reason == refusal(kind, **fields), str(info.value)
    assert str(info.value).startswith(kind)   # the developer form names the kind
    assert snapshot(st) == before, "an illegal action changed the state"
    assert list(legal_actions(st)) == legal_before


def demand_state():
    return game(2, "karl", deck=["A01", "A02"])  # short round: only spaces 1 and 2


def purchase_state():
    st = place(game(2, "karl", deck=filler(3)), 1, 1, 2, 2, 3, 3)
    assert st.phase == "purchase"
    return st


def unloading_state():
    st = game(2, "karl", deck=filler(6))
    st = load(st, 0, "B08", goods=[AMBER, IRON, JET])
    st = to_unloading(st)
    assert st.phase == "unloading"
    return st


DEMAND = "demand"


@pytest.mark.parametrize("action, kind, fields", [
    (Place(3), "no_card", {"space": 3}),           # no card there this round
    (Place(7), "no_column", {"column": 7}),        # no demand column under spaces 7-12
    (Reserve(8), "jarl_only", {"action": "reserve"}),   # no reservations in Karl
    (Place(1, brown=True), "no_brown_viking", {"player": 0}),
    (Buy(), "wrong_phase", {"action": "buy", "phase": DEMAND}),
    (Pass(), "wrong_phase", {"action": "pass", "phase": DEMAND}),
    (Done(), "vikings_left", {"player": 0, "count": 3}),   # own vikings must all be placed
    (Assign(AMBER, "storage"), "wrong_phase", {"action": "assign", "phase": DEMAND}),
    (Swap(1, 0, 2, 0), "wrong_phase", {"action": "swap", "phase": DEMAND}),
    (UseCard("C21"), "card_not_usable", {"player": 0, "card": "C21"}),   # not hers
    (Take(AMBER), "wrong_phase", {"action": "take", "phase": DEMAND}),
])
def test_illegal_actions_in_the_demand_phase_are_refused(action, kind, fields):
    st = demand_state()
    assert current_player(st) == 0 and st.players[0].vikings == 3   # Karl, 2 players: 3 each
    assert_refused(st, action, kind, **fields)


def test_placing_in_a_full_column_is_refused():
    st = place(game(3, "karl", deck=filler(4)), *[1] * 8)
    assert_refused(st, Place(1), "column_full", column=1)


def test_reserving_in_jarl_needs_a_card_on_spaces_7_to_12():
    st = game(2, "jarl", deck=filler(6))   # 2 players: spaces 1-3 and 7-9 are filled
    assert st.spaces[9] is None and st.spaces[0] is not None
    assert_refused(st, Reserve(10), "no_card", space=10)
    assert_refused(st, Reserve(1), "not_reservable", space=1)
    assert_refused(st, Reserve(8, brown=True), "no_brown_viking", player=0)


@pytest.mark.parametrize("action, kind, fields", [
    (Place(1), "wrong_phase", {"action": "place", "phase": "purchase"}),
    (Buy(hall=True), "no_hall", {"player": 0}),
    (Trade((AMBER, AMBER, AMBER)), "wrong_phase", {"action": "trade", "phase": "purchase"}),
    (Done(), "wrong_phase", {"action": "done", "phase": "purchase"}),
    (Decline(), "wrong_phase", {"action": "decline", "phase": "purchase"}),
])
def test_illegal_actions_in_the_purchase_phase_are_refused(action, kind, fields):
    st = purchase_state()
    assert current_player(st) == 0   # her viking tops column 1
    assert_refused(st, action, kind, **fields)


def test_buying_without_enough_coins_is_refused_with_the_price():
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26", coins=1)
    st = place(st, 1, 1, 2, 2, 3, 3, 2, 3)
    # column 1: her viking on top of two, so the price is 2 (one per viking in the column)
    assert st.phase == "purchase" and len(st.columns[0]) == 2 and current_player(st) == 0
    assert_refused(st, Buy(), "cannot_pay", player=0, price=2, coins=1)


@pytest.mark.parametrize("action, kind, fields", [
    (Assign(WOOL, "storage"), "not_legal", {"action": "assign"}),          # no wool on the ship
    (Assign(AMBER, "merchant", "A04"), "not_legal", {"action": "assign"}),  # no such merchant
    (Assign(AMBER, "craftsman", "A01"), "not_legal", {"action": "assign"}),  # no such craftsman
    (Assign(AMBER, "warehouse"), "not_legal", {"action": "assign"}),       # no Warehouse card
    (Trade((GOLD, IRON, JET)), "not_legal", {"action": "trade"}),          # no gold
    (Sell((AMBER, IRON, JET)), "not_legal", {"action": "sell"}),           # sell takes 2 cubes
    (Harbour((AMBER, IRON)), "wrong_phase", {"action": "harbour", "phase": "unloading"}),
    (Take(AMBER), "wrong_phase", {"action": "take", "phase": "unloading"}),   # nothing traded
    (Discard(), "wrong_phase", {"action": "discard", "phase": "unloading"}),
    (TakeOff("A01", LEATHER), "wrong_phase", {"action": "take_off", "phase": "unloading"}),
    (Steal(1, "A01", LEATHER), "wrong_phase", {"action": "steal", "phase": "unloading"}),
    (Place(1), "wrong_phase", {"action": "place", "phase": "unloading"}),
    (Buy(), "wrong_phase", {"action": "buy", "phase": "unloading"}),
])
def test_illegal_actions_in_the_unloading_phase_are_refused(action, kind, fields):
    st = unloading_state()
    assert current_player(st) == 0
    assert_refused(st, action, kind, **fields)


def test_a_pending_choice_must_be_finished_first():
    st = play(unloading_state(), Trade((AMBER, IRON, JET)))
    assert_refused(st, Done(), "must_finish", player=0, decision="take")
    assert_refused(st, Assign(AMBER, "storage"), "must_finish", player=0, decision="take")


def test_actions_after_the_game_is_over_are_refused():
    st = finish_game(game(2, "karl", deck=filler(3)))
    assert is_over(st)
    assert_refused(st, Done(), "game_over")
    assert_refused(st, Place(1), "game_over")


@pytest.mark.parametrize("thing", [None, "place", {"type": "place", "column": 1}, 3])
def test_something_that_is_not_an_action_is_refused(thing):
    assert_refused(demand_state(), thing, "not_an_action")


@pytest.mark.parametrize("data, kind, fields", [
    ("place", "not_an_action", {}),
    ({"type": "fly"}, "unknown_action", {"action": "fly"}),
    ({"type": "place", "column": "1"}, "malformed", {"action": "place", "field": "column"}),
    ({"type": "place", "column": 1, "colour": "red"}, "malformed",
     {"action": "place", "field": "colour"}),
    ({"type": "place"}, "malformed", {"action": "place", "field": "column"}),
])
def test_a_json_action_that_cannot_be_read_is_refused_with_its_reason(data, kind, fields):
    with pytest.raises(IllegalAction) as info:
        action_from_json(data)
    assert info.value.reason == refusal(kind, **fields)


def test_a_reason_names_only_the_fields_of_its_kind():
    with pytest.raises(ValueError):
        refusal("cannot_pay", player=0)
    with pytest.raises(ValueError):
        refusal("no_such_kind")
    assert str(refusal("cannot_pay", player=1, price=3, coins=1)) == (
        "cannot_pay(player=1, price=3, coins=1)")
    assert refusal("no_card", space=3).to_json() == {"kind": "no_card", "fields": {"space": 3}}
    assert set(REFUSALS) >= {"wrong_phase", "must_finish", "not_legal"}
