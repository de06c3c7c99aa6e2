"""RULES.md §4.4 ruling "which cube": the player chooses where each cube comes from (ship,
storage space, Warehouse) and may move stored cubes between the storage space and the
Warehouse both ways during their own unloading turn; the usual choice stays the default."""

from __future__ import annotations

import json

import pytest

from jorvik.engine import (
    Assign,
    Discard,
    Done,
    GiveUp,
    IllegalAction,
    Sell,
    Take,
    Trade,
    UseCard,
    action_from_json,
    apply_action,
    legal_actions,
)

from .helpers import AMBER, IRON, JET, WOOL, play, with_common
from .test_unloading import unloading


def kept(st, p: int = 0) -> tuple[tuple[int, ...], tuple[int, ...]]:
    pl = st.players[p]
    return tuple(sorted(pl.storage)), tuple(sorted(pl.warehouse))


# ---- the audit's position (a): a full Warehouse and a 3-for-1 trade

def full_warehouse_and_three_wool_unloaded():
    """Peti owns the Warehouse, full of wool; he unloads three more wool; the common goods
    area holds an amber, for which he has no card."""
    st = unloading(cards=["A09"], loading=["B08"], goods=[WOOL, WOOL, WOOL],
                   warehouse=(WOOL, WOOL, WOOL, WOOL))
    return with_common(st, amber=1)


def test_the_usual_trade_gives_the_unloaded_cubes_and_the_new_cube_finds_no_room():
    st = play(full_warehouse_and_three_wool_unloaded(), Trade((WOOL, WOOL, WOOL)), Take(AMBER))
    assert legal_actions(st) == [Discard()]


def test_a_trade_may_give_the_warehouse_cubes_so_the_new_cube_keeps_a_place():
    st = full_warehouse_and_three_wool_unloaded()
    trade = Trade((WOOL, WOOL, WOOL), ("warehouse", "warehouse", "warehouse"))
    assert trade in legal_actions(st)
    st = play(st, trade, Take(AMBER), Assign(AMBER, "warehouse"))
    assert kept(st) == ((), (AMBER, WOOL))
    # The unloaded wool fills the Warehouse and the storage space again.
    st = play(st, Assign(WOOL, "warehouse"), Assign(WOOL, "warehouse"), Assign(WOOL, "storage"))
    assert kept(st) == ((WOOL,), (AMBER, WOOL, WOOL, WOOL))
    assert st.players[0].hand == ()
    # The better end: five cubes kept, the amber among them; the usual choice kept at most
    # four wool (or the amber with one wool).


# ---- the audit's position (b): a full Warehouse and the Trading post

def full_warehouse_and_trading_post():
    st = unloading(mode="jarl", cards=["A09", "C21"], warehouse=(WOOL, WOOL, IRON, IRON))
    return with_common(st, amber=1)


def test_with_a_full_warehouse_the_trading_post_cube_has_nowhere_to_go_at_first():
    st = play(full_warehouse_and_trading_post(), UseCard("C21"), Take(AMBER))
    assert legal_actions(st) == [Discard()]


def test_a_warehouse_cube_may_move_to_the_storage_space_to_make_room():
    st = full_warehouse_and_trading_post()
    move = Assign(IRON, "storage")  # only on the Warehouse: its usual place, no source needed
    assert move in legal_actions(st)
    st = play(st, move, UseCard("C21"), Take(AMBER), Assign(AMBER, "warehouse"))
    assert kept(st) == ((IRON,), (AMBER, IRON, WOOL, WOOL))


# ---- moves and sources

def test_stored_cubes_move_between_the_storage_space_and_the_warehouse_both_ways():
    st = unloading(cards=["A09"], storage=(JET,), warehouse=(IRON,))
    st = play(st, Assign(JET, "warehouse"))
    assert kept(st) == ((), (IRON, JET))
    st = play(st, Assign(IRON, "storage"))
    assert kept(st) == ((IRON,), (JET,))


def test_a_cube_for_a_card_may_come_from_the_warehouse_instead_of_the_ship():
    st = unloading(cards=["A09", "A07"], loading=["B08"], goods=[WOOL, IRON, JET],
                   warehouse=(WOOL, WOOL, WOOL, WOOL))
    legal = legal_actions(st)
    assert Assign(WOOL, "merchant", "A07") in legal                 # usual: the ship's wool
    assert Assign(WOOL, "merchant", "A07", "warehouse") in legal    # the player's choice
    st = play(st, Assign(WOOL, "merchant", "A07", "warehouse"))
    assert sorted(st.players[0].hand) == sorted((WOOL, IRON, JET))
    assert kept(st) == ((), (WOOL, WOOL, WOOL))


def test_no_source_is_offered_where_a_good_lies_in_one_place_only():
    st = unloading(cards=["A09", "A07"], loading=["B08"], goods=[WOOL, IRON, JET],
                   warehouse=(AMBER,))
    # (Giving up a stored cube always names the place it comes from.)
    assert not any(getattr(a, "source", "") for a in legal_actions(st)
                   if not isinstance(a, GiveUp))


@pytest.mark.parametrize("position", [
    {"cards": ["A09", "A07", "A01"], "loading": ["B08"], "goods": [WOOL, WOOL, IRON],
     "storage": (WOOL,), "warehouse": (WOOL, IRON)},
    {"cards": ["A09"], "loading": ["B08"], "goods": [WOOL, WOOL, WOOL],
     "warehouse": (WOOL,) * 4},
    {"cards": ["A09", "A05"], "loading": ["B08"], "goods": [IRON, JET, AMBER],
     "storage": (IRON,), "warehouse": (JET, IRON, AMBER)},
])
def test_every_legal_action_leads_to_a_different_position(position):
    st = unloading(**position)
    legal = legal_actions(st)
    assert len(set(legal)) == len(legal)
    seen: dict[str, object] = {}
    for a in legal:
        new, _ = apply_action(st, a)
        key = json.dumps(new.to_dict(), sort_keys=True)
        assert key not in seen, f"{a} and {seen[key]} give the same position"
        seen[key] = a


def test_an_explicit_source_that_is_the_usual_one_is_accepted():
    st = unloading(loading=["B08"], goods=[WOOL, IRON, JET], storage=(WOOL,))
    st2, _ = apply_action(st, Sell((WOOL, IRON), ("ship", "ship")))
    st3, _ = apply_action(st, Sell((WOOL, IRON)))
    assert st2.to_dict() == st3.to_dict()


def test_a_source_that_holds_no_such_cube_is_illegal():
    st = unloading(loading=["B08"], goods=[WOOL, IRON, JET], storage=(WOOL,))
    with pytest.raises(IllegalAction):
        apply_action(st, Sell((WOOL, IRON), ("warehouse", "ship")))
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(JET, "storage", "", "storage"))


# ---- JSON: old records still replay

def test_actions_without_a_source_parse_as_the_usual_choice():
    assert action_from_json({"type": "assign", "good": "wool", "to": "storage", "card": ""}) \
        == Assign(WOOL, "storage")
    assert action_from_json({"type": "trade", "give": ["wool", "iron", "jet"]}) \
        == Trade((WOOL, IRON, JET))
    # The usual choice is written without a source, exactly as before sources existed.
    assert "source" not in Assign(WOOL, "storage").to_json()
    assert "source" not in Trade((WOOL, IRON, JET)).to_json()


def test_sources_round_trip_through_json_in_the_order_of_the_cubes():
    a = Trade((JET, WOOL, WOOL), ("ship", "warehouse", "storage"))
    assert a.give == (WOOL, WOOL, JET)
    data = a.to_json()
    assert data["give"] == ["wool", "wool", "jet"]
    assert data["source"] == ["storage", "warehouse", "ship"]
    assert action_from_json(data) == a
    b = Assign(WOOL, "merchant", "A07", "warehouse")
    assert b.to_json()["source"] == "warehouse" and action_from_json(b.to_json()) == b


def test_done_still_loses_the_unassigned_ship_cubes():
    st = unloading(cards=["A09"], loading=["B08"], goods=[WOOL, WOOL, WOOL], warehouse=(WOOL,) * 4)
    st = play(st, Done())
    assert kept(st) == ((), (WOOL,) * 4)


# ---- no loop (issue 31 §5): going straight back changes nothing, so it is not offered

def with_a_ship(**fields):
    """Peti's unloading turn with a ship of wool, wool and amber still to unload (so the turn
    goes on after a move of his stored cubes) and the Warehouse card."""
    return unloading(cards=["A09"], loading=["B08"], goods=[WOOL, WOOL, AMBER], **fields)


def moves_between_storage_and_warehouse(st) -> list:
    return [a for a in legal_actions(st) if isinstance(a, Assign)
            and a.to in ("storage", "warehouse") and a.good not in st.players[0].hand]


def test_a_stored_cube_moved_onto_the_warehouse_is_not_offered_straight_back():
    # The ruling lets stored cubes move both ways; the move back right after would only
    # restore the position before (undo does that), so it is not a choice of its own.
    st = with_a_ship(storage=(JET,))
    assert Assign(JET, "warehouse") in legal_actions(st)
    st = play(st, Assign(JET, "warehouse"))
    assert kept(st) == ((), (JET,)) and st.phase == "unloading"
    assert Assign(JET, "storage") not in legal_actions(st)
    assert Assign(JET, "storage", "", "warehouse") not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(JET, "storage"))
    # the storage space is free for a ship cube, as the move meant
    assert Assign(WOOL, "storage") in legal_actions(st)


def test_a_cube_moved_to_the_storage_space_is_not_offered_straight_back_either():
    st = with_a_ship(warehouse=(JET,))
    st = play(st, Assign(JET, "storage"))
    assert kept(st) == ((JET,), ())
    assert Assign(JET, "warehouse") not in legal_actions(st)


def test_every_arrangement_of_the_stored_cubes_stays_reachable():
    # Storage jet, Warehouse iron: he may end with both on the Warehouse or with the two
    # swapped; from the swap, moving the iron back would only restore "both on it".
    st = with_a_ship(storage=(JET,), warehouse=(IRON,))
    both_on = play(st, Assign(JET, "warehouse"))
    assert kept(both_on) == ((), (IRON, JET))
    assert Assign(IRON, "storage") in legal_actions(both_on)
    swapped = play(both_on, Assign(IRON, "storage"))
    assert kept(swapped) == ((IRON,), (JET,))
    assert moves_between_storage_and_warehouse(swapped) == []


def test_moving_back_is_offered_again_once_something_else_changed():
    st = with_a_ship(storage=(JET,))
    st = play(st, Assign(JET, "warehouse"))
    assert Assign(JET, "storage") not in legal_actions(st)
    st = play(st, Assign(WOOL, "warehouse"))  # a ship cube unloaded: a new position
    assert Assign(JET, "storage") in legal_actions(st)


def test_moves_between_storage_and_warehouse_cannot_loop():
    # Taking any storage<->Warehouse move again and again stops within a few moves: the
    # stored cubes alone cannot cycle for ever (the reviewer's 182 moves there and back).
    st = with_a_ship(storage=(JET,), warehouse=(IRON, WOOL, AMBER))
    taken = 0
    while moves := moves_between_storage_and_warehouse(st):
        assert taken < 10, "storage<->Warehouse moves still offered after 10 of them"
        st = play(st, moves[-1])
        taken += 1
    assert 1 <= taken <= 2


def test_the_next_unloading_turn_may_move_the_cube_back():
    st = with_a_ship(storage=(JET,))
    st = play(st, Assign(JET, "warehouse"))
    st.legal_cache = None
    st.stored_before = (0, st.round - 1) + st.stored_before[2:]  # as if a round ago
    assert Assign(JET, "storage") in legal_actions(st)
