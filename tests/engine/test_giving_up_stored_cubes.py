"""RULES.md §6, ruling "giving up a stored cube": during their own unloading turn a player may
put any stored cube (storage space or Warehouse) back into the common goods area, e.g. to make
room for a better one."""

from __future__ import annotations

import pytest

from jorvik.engine import (
    Assign,
    Done,
    GiveUp,
    IllegalAction,
    action_from_json,
    apply_action,
    current_player,
    legal_actions,
)
from jorvik.engine.events import GaveUp

from .helpers import (
    AMBER,
    GOLD,
    IRON,
    JET,
    WOOL,
    filler,
    game,
    give,
    load,
    play,
    play_ev,
    to_unloading,
)
from .test_unloading import unloading


def give_ups(st) -> set:
    return {a for a in legal_actions(st) if isinstance(a, GiveUp)}


def test_a_cube_on_the_storage_space_may_be_put_back_into_the_common_goods_area():
    st = unloading(loading=["B08"], goods=[AMBER, WOOL, JET], storage=(IRON,))
    assert GiveUp(IRON, "storage") in legal_actions(st)
    after, events = play_ev(st, GiveUp(IRON, "storage"))
    assert after.players[0].storage == ()
    assert after.common[IRON] == st.common[IRON] + 1
    assert GaveUp(player=0, good="iron", source="storage") in events
    assert current_player(after) == 0 and after.phase == "unloading"  # the turn goes on


def test_a_cube_on_the_warehouse_may_be_put_back_into_the_common_goods_area():
    st = unloading(cards=["A09"], loading=["B08"], goods=[AMBER, WOOL, JET],
                   warehouse=(GOLD, IRON))
    assert give_ups(st) == {GiveUp(GOLD, "warehouse"), GiveUp(IRON, "warehouse")}
    after = play(st, GiveUp(GOLD, "warehouse"))
    assert after.players[0].warehouse == (IRON,)
    assert after.common[GOLD] == st.common[GOLD] + 1


def test_any_stored_cube_may_be_given_up_from_either_place():
    st = unloading(cards=["A09"], loading=["B08"], goods=[AMBER, WOOL, JET], storage=(IRON,),
                   warehouse=(IRON, JET))
    assert give_ups(st) == {GiveUp(IRON, "storage"), GiveUp(IRON, "warehouse"),
                            GiveUp(JET, "warehouse")}
    from_storage = play(st, GiveUp(IRON, "storage"))
    from_warehouse = play(st, GiveUp(IRON, "warehouse"))
    assert (from_storage.players[0].storage, from_storage.players[0].warehouse) == ((), (IRON, JET))
    assert (from_warehouse.players[0].storage,
            from_warehouse.players[0].warehouse) == ((IRON,), (JET,))


def test_giving_up_the_stored_cube_makes_room_for_a_better_one():
    st = unloading(loading=["B08"], goods=[AMBER, WOOL, JET], storage=(IRON,))
    assert Assign(JET, "storage") not in legal_actions(st)     # the storage space is full
    st = play(st, GiveUp(IRON, "storage"), Assign(JET, "storage"))
    assert st.players[0].storage == (JET,)


def test_cubes_just_unloaded_are_not_stored_and_cannot_be_given_up():
    st = unloading(loading=["B08"], goods=[AMBER, WOOL, JET])
    assert give_ups(st) == set()
    with pytest.raises(IllegalAction):
        apply_action(st, GiveUp(AMBER, "storage"))


def test_a_stored_cube_cannot_be_given_up_outside_its_owners_unloading_turn():
    st = give(game(2, "karl", deck=filler(12)), 0, storage=(IRON,))
    st = give(st, 1, storage=(JET,))
    assert st.phase == "demand" and current_player(st) == 0
    assert give_ups(st) == set()
    with pytest.raises(IllegalAction):
        apply_action(st, GiveUp(IRON, "storage"))


def test_in_an_unloading_turn_only_the_players_own_stored_cubes_may_be_given_up():
    st = game(2, "karl", deck=filler(12, exclude=["B08", "B09"]))
    st = load(give(st, 0, storage=(IRON,)), 0, "B08", goods=[AMBER, WOOL, JET])
    st = load(give(st, 1, storage=(JET,)), 1, "B09", goods=[AMBER, WOOL, WOOL])
    st = to_unloading(st)
    assert current_player(st) == 0 and st.phase == "unloading"
    assert give_ups(st) == {GiveUp(IRON, "storage")}
    with pytest.raises(IllegalAction):
        apply_action(st, GiveUp(JET, "storage"))
    # Benedek's turn comes after Peti's: he may give up his, Peti no longer his.
    st = play(st, Done())
    assert current_player(st) == 1 and st.phase == "unloading"
    assert give_ups(st) == {GiveUp(JET, "storage")}


def test_a_turn_with_nothing_to_do_but_give_up_the_stored_cube_ends_at_once():
    # The program's choice (the rules help, "What the program decides for you"): an unloading
    # turn with nothing to assign does not stop only to offer throwing the stored cube away.
    st = give(game(2, "karl", deck=filler(12)), 0, storage=(IRON,))
    st = to_unloading(st)
    assert st.round == 2 and st.players[0].storage == (IRON,)


def test_give_up_has_a_json_form():
    a = GiveUp(IRON, "warehouse")
    assert a.to_json() == {"type": "give_up", "good": "iron", "source": "warehouse"}
    assert action_from_json(a.to_json()) == a
    for bad in ({"type": "give_up", "good": "iron"},
                {"type": "give_up", "good": "steel", "source": "storage"},
                {"type": "give_up", "good": "iron", "source": "cellar"}):
        with pytest.raises(IllegalAction):
            apply_action(unloading(loading=["B08"], goods=[AMBER, WOOL, JET], storage=(IRON,)),
                         action_from_json(bad))
