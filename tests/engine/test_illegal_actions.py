"""An illegal action raises IllegalAction with a reason and changes nothing (engine contract)."""

from __future__ import annotations

import json

import pytest

from jorvik.engine import (
    Assign, Buy, Decline, Discard, Done, Harbour, IllegalAction, Pass, Place, Reserve, Sell,
    Steal, Swap, Take, TakeOff, Trade, UseCard, apply_action, is_over, legal_actions,
)

from .helpers import (
    AMBER, GOLD, IRON, JET, LEATHER, WOOL, filler, finish_game, game, give, load, place, play,
    to_unloading,
)


def snapshot(st) -> str:
    return json.dumps(st.to_dict(), sort_keys=True)


def assert_refused(st, action, *words: str) -> str:
    before = snapshot(st)
    legal_before = list(legal_actions(st))
    with pytest.raises(IllegalAction) as info:
        apply_action(st, action)
    msg = str(info.value)
    assert msg.strip(), "IllegalAction must say why"
    for w in words:
        assert w in msg.lower(), f"{w!r} not in {msg!r}"
    assert snapshot(st) == before, "an illegal action changed the state"
    assert list(legal_actions(st)) == legal_before
    return msg


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


@pytest.mark.parametrize("action, words", [
    (Place(3), ("space 3",)),      # no card there this round
    (Place(7), ()),                # no demand column under spaces 7-12
    (Reserve(8), ()),              # no reservations in Karl
    (Place(1, brown=True), ("brown",)),
    (Buy(), ()),
    (Pass(), ()),
    (Done(), ()),                  # own vikings must all be placed
    (Assign(AMBER, "storage"), ()),
    (Swap(1, 0, 2, 0), ()),
    (UseCard("C21"), ()),
    (Take(AMBER), ()),
])
def test_illegal_actions_in_the_demand_phase_are_refused(action, words):
    assert_refused(demand_state(), action, *words)


def test_placing_in_a_full_column_is_refused():
    st = place(game(3, "karl", deck=filler(4)), *[1] * 8)
    assert_refused(st, Place(1), "full")


@pytest.mark.parametrize("action, words", [
    (Place(1), ()),
    (Buy(hall=True), ("hall",)),
    (Trade((AMBER, AMBER, AMBER)), ()),
    (Done(), ()),
    (Decline(), ()),
])
def test_illegal_actions_in_the_purchase_phase_are_refused(action, words):
    assert_refused(purchase_state(), action, *words)


def test_buying_without_enough_coins_is_refused_with_the_price():
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26", coins=1)
    st = place(st, 1, 1, 2, 2, 3, 3, 2, 3)
    assert_refused(st, Buy(), "coins")


@pytest.mark.parametrize("action", [
    Assign(WOOL, "storage"),                   # no wool on the ship
    Assign(AMBER, "merchant", "A04"),          # no such merchant
    Assign(AMBER, "craftsman", "A01"),         # no such craftsman
    Assign(AMBER, "warehouse"),                # no Warehouse card
    Trade((GOLD, IRON, JET)),                  # no gold
    Sell((AMBER, IRON, JET)),                  # sell takes 2 cubes
    Harbour((AMBER, IRON)),                    # no Harbour market
    Take(AMBER),                               # nothing was traded
    Discard(),
    TakeOff("A01", LEATHER),
    Steal(1, "A01", LEATHER),
    Place(1),
    Buy(),
])
def test_illegal_actions_in_the_unloading_phase_are_refused(action):
    assert_refused(unloading_state(), action)


def test_a_pending_choice_must_be_finished_first():
    st = play(unloading_state(), Trade((AMBER, IRON, JET)))
    assert_refused(st, Done())
    assert_refused(st, Assign(AMBER, "storage"))


def test_actions_after_the_game_is_over_are_refused():
    st = finish_game(game(2, "karl", deck=filler(3)))
    assert is_over(st)
    assert_refused(st, Done(), "over")
    assert_refused(st, Place(1), "over")


@pytest.mark.parametrize("thing", [None, "place", {"type": "place", "column": 1}, 3])
def test_something_that_is_not_an_action_is_refused(thing):
    assert_refused(demand_state(), thing)
