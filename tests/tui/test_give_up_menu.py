"""The app offers giving up a stored cube (RULES.md §6, ruling "giving up a stored cube") in
the cube's own menu, after its destinations, from each place the good is stored in."""

from __future__ import annotations

from jorvik import i18n
from jorvik.engine import GiveUp, legal_actions
from jorvik.tui.choices import build_menu, destinations
from jorvik.tui.keys import CHOICE_KEYS
from jorvik.tui.moves import move_words

from test_cube_sources import AMBER, IRON, JET, SEATS, WOOL, labels, unloading_with


def with_storage(st, *storage: int):
    """The same unloading decision with `storage` on Peti's storage space."""
    st = st.copy()
    st.players = [p.copy() for p in st.players]
    st.players[0].storage = storage
    st.legal_cache = None
    return st


def nowhere_to_go():
    """Amber on a full Warehouse, wool on the storage space: no card takes amber and there is
    no room to move it; the only thing to do with it is to give it up."""
    st = unloading_with(warehouse=(AMBER, WOOL, WOOL, WOOL), goods=(WOOL, IRON, JET))
    return with_storage(st, WOOL)


def test_a_stored_good_offers_giving_it_up_from_each_place_it_is_stored_in():
    st = with_storage(unloading_with(warehouse=(IRON, IRON), goods=(WOOL, IRON, JET)), IRON)
    assert {a for a in legal_actions(st) if isinstance(a, GiveUp)} == {
        GiveUp(IRON, "storage"), GiveUp(IRON, "warehouse")}
    menu = build_menu(st, SEATS, ("cube", IRON))
    gives = [c for c in menu.choices if isinstance(c.action, GiveUp)]
    assert [c.label.plain for c in gives] == [
        "back into the common goods area (from storage)",
        "back into the common goods area (from the Warehouse)"]
    # After the destinations, and on keys no destination of this player ever has.
    assert menu.choices.index(gives[0]) > max(
        i for i, c in enumerate(menu.choices) if c.action and not isinstance(c.action, GiveUp))
    fixed = set(CHOICE_KEYS[:len(destinations(st, 0))])
    assert all(c.key and c.key not in fixed for c in gives)


def test_a_good_stored_with_nowhere_to_go_still_has_its_menu_for_giving_it_up():
    st = nowhere_to_go()
    top = build_menu(st, SEATS)
    assert any(c.submenu == ("cube", AMBER) for c in top.choices)
    menu = build_menu(st, SEATS, ("cube", AMBER))
    assert [c.action for c in menu.choices if c.action] == [GiveUp(AMBER, "warehouse")]
    words = move_words(st, SEATS, GiveUp(AMBER, "warehouse"), keys=False).plain
    assert "back into the common goods area (from the Warehouse)" in words


def test_the_give_up_line_is_in_hungarian_in_a_hungarian_game():
    i18n.set_language("hu")
    assert labels(build_menu(nowhere_to_go(), SEATS, ("cube", AMBER)))[0] == (
        "vissza a közös árumezőre (a Raktárról)")
