"""The app offers giving up a stored cube (RULES.md §6, ruling "giving up a stored cube") the
way it offers trades and sales: one entry of the unloading menu, with a line per stored good
and place; last before "done", so the first key never throws a cube away."""

from __future__ import annotations

from jorvik import i18n
from jorvik.engine import Done, GiveUp, legal_actions
from jorvik.tui.choices import menu_of as build_menu
from jorvik.tui.moves import move_words
from test_cube_sources import AMBER, IRON, JET, SEATS, WOOL, labels, unloading_with


def with_storage(st, *storage: int):
    """The same unloading decision with `storage` on Peti's storage space."""
    st = st.copy()
    st.players = [p.copy() for p in st.players]
    st.players[0].storage = storage
    st.legal_cache = None
    return st


def stored_iron_and_amber():
    """Peti unloads wool, iron and jet; an iron lies on his storage space, an iron and an
    amber on his Warehouse."""
    st = unloading_with(warehouse=(IRON, AMBER), goods=(WOOL, IRON, JET))
    return with_storage(st, IRON)


def test_the_unloading_menu_offers_giving_up_a_stored_cube_last_before_done():
    menu = build_menu(stored_iron_and_amber(), SEATS)
    entry = [c for c in menu.choices if c.submenu == ("give_up",)]
    assert [c.label.plain for c in entry] == ["give up a stored cube…"]
    assert menu.choices.index(entry[0]) == len(menu.choices) - 2
    assert isinstance(menu.choices[-1].action, Done)
    assert entry[0].key and menu.choices[0] is not entry[0]


def test_its_menu_has_a_line_for_each_stored_good_and_place():
    st = stored_iron_and_amber()
    assert {a for a in legal_actions(st) if isinstance(a, GiveUp)} == {
        GiveUp(IRON, "storage"), GiveUp(IRON, "warehouse"), GiveUp(AMBER, "warehouse")}
    menu = build_menu(st, SEATS, ("give_up",))
    assert menu.prompt.plain.endswith("put 1 stored cube back into the common goods area:")
    lines = {c.action: c.label.plain for c in menu.choices if c.action}
    assert set(lines) == {GiveUp(IRON, "storage"), GiveUp(IRON, "warehouse"),
                          GiveUp(AMBER, "warehouse")}
    assert lines[GiveUp(IRON, "storage")].endswith("iron (from storage)")
    assert lines[GiveUp(IRON, "warehouse")].endswith("iron (from the Warehouse)")
    assert all(c.key for c in menu.choices)


def test_without_a_stored_cube_there_is_no_such_entry():
    st = unloading_with(warehouse=(), goods=(WOOL, IRON, JET))
    assert not any(c.submenu == ("give_up",) for c in build_menu(st, SEATS).choices)


def test_the_move_is_worded_by_the_menu_that_leads_to_it():
    words = move_words(stored_iron_and_amber(), SEATS, GiveUp(AMBER, "warehouse")).plain
    assert "give up a stored cube…" in words and "amber (from the Warehouse)" in words


def test_the_entry_is_in_hungarian_in_a_hungarian_game():
    i18n.set_language("hu")
    st = stored_iron_and_amber()
    assert "lemondás egy tárolt kockáról…" in labels(build_menu(st, SEATS))
    menu = build_menu(st, SEATS, ("give_up",))
    assert menu.prompt.plain.endswith("tegyél vissza 1 tárolt kockát a közös árumezőre:")
    assert any(s.endswith("(a Raktárról)") for s in labels(menu))
