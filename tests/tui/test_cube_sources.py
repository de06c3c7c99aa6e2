"""The app's cube menus: the usual cube source is pre-selected, and another source appears as
an extra line only where the engine offers it (RULES.md §4.4 ruling "which cube")."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import Assign, Done, Pass, Trade, apply_action, legal_actions, new_game
from jorvik.tui.choices import menu_of as build_menu
from jorvik.tui.text import Seats

AMBER, IRON, LEATHER, WOOL, JET = range(5)
DECK = ["A01", "A02", "A03", "A04", "A05", "A06"]


def unloading_with(warehouse: tuple[int, ...], goods: tuple[int, ...]):
    """Peti at his unloading decision in a 2-player Karl game, owning the Warehouse (A09)
    with `warehouse` on it, having bought a ship with `goods`."""
    st = new_game(["Peti", "Benedek"], mode="karl", seed=1, start_player=0, deck=DECK, cards=load_cards())
    st = st.copy()
    st.players = [p.copy() for p in st.players]
    pl = st.players[0]
    pl.cards, pl.warehouse = ("A09",), warehouse
    pl.loading, pl.ship_goods = ("B08",), goods
    st.set_aside = tuple(c for c in st.set_aside if c not in ("A09", "B08"))
    st.legal_cache = None
    while st.phase in ("demand", "purchase", "demand_end"):
        legal = legal_actions(st)
        st, _ = apply_action(st, next((a for a in legal if isinstance(a, Pass)), legal[0]))
    assert st.phase == "unloading"
    return st


SEATS = Seats(["Peti", "Benedek"], ["red", "blue"], [None, None])


def labels(menu) -> list[str]:
    return [c.label.plain for c in menu.choices]


def test_a_good_in_one_place_has_one_line_per_destination_and_no_source_words():
    st = unloading_with(warehouse=(AMBER,), goods=(WOOL, IRON, JET))
    menu = build_menu(st, SEATS, ("cube", WOOL))
    assert all(isinstance(c.action, Assign) and not c.action.source
               for c in menu.choices if c.action)
    assert not any("from" in s for s in labels(menu))


def test_a_good_on_the_ship_and_the_warehouse_offers_the_other_source_as_an_extra_line():
    st = unloading_with(warehouse=(WOOL, WOOL, WOOL, WOOL), goods=(WOOL, WOOL, WOOL))
    menu = build_menu(st, SEATS, ("trade",))
    usual = [c for c in menu.choices if c.action == Trade((WOOL, WOOL, WOOL))]
    other = [c for c in menu.choices
             if c.action == Trade((WOOL,) * 3, ("warehouse",) * 3)]
    assert usual and other
    assert "from" not in usual[0].label.plain
    assert "3× from the Warehouse" in other[0].label.plain
    # The usual choice comes first: the first key takes it, no extra key press.
    trades = [c for c in menu.choices if isinstance(c.action, Trade)]
    assert trades[0] is usual[0]
    assert any(isinstance(c.action, Done) for c in build_menu(st, SEATS).choices)
