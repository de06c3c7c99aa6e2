"""A player's area in its compact notation (the legend in F1): the goods first (loading area,
hand, storage space, Warehouse), then the cards grouped by kind in a fixed order, each kind in
its own notation (craftsmen as their fields, feasts and ships counted, journeys by VP), any
other kind by its cards' names with counts; the Warehouse is a piece of its own, never named
again among the buildings. Pure functions: no app."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.i18n.cards import card_name
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.tui.widgets.player_panel import card_segment, goods_segments, panel_segments

FEAST, FEAST2, SHIP, JOURNEY = "A10", "A13", "A24", "B25"
CRAFTSMAN, WAREHOUSE, HARBOUR, HIRED = "A01", "A09", "A20", "A21"


def state_with(cards: tuple[str, ...] = (), storage: tuple[int, ...] = (),
               hand: tuple[int, ...] = ()):
    st = Session.start(load_cards(), Seats(["Anna", "Bela"], ["red", "blue"], [None, None]),
                       "karl", 1, None, autosave=False).state.copy()
    pl = st.players[0]
    pl.cards, pl.storage, pl.hand, pl.loading, pl.ship_goods = cards, storage, hand, (), ()
    return st


def test_the_goods_come_first_then_the_kinds_in_their_order_not_the_order_taken():
    st = state_with((SHIP, FEAST, CRAFTSMAN, JOURNEY, FEAST2))
    plain = [seg.plain for seg in panel_segments(st, 0)]
    by_id = st.cards.by_id
    assert plain[0].endswith("- 0/1")                              # the empty storage space
    assert plain[1].endswith(f"→{by_id[CRAFTSMAN].vp}")            # a craftsman, not complete
    assert plain[2].endswith("×2")                                  # two feasts, counted
    assert plain[3].endswith(str(by_id[JOURNEY].vp))                # a journey by its VP
    assert plain[4].endswith("×1")                                  # one ship
    assert len(plain) == 5


def test_cubes_in_hand_show_only_while_there_are_some():
    assert len(goods_segments(state_with(), 0)) == 1                # the storage space only
    hand = goods_segments(state_with(hand=(0, 1)), 0)
    assert len(hand) == 2 and hand[0].plain.endswith("A I")        # amber, iron


def test_buildings_by_name_without_the_warehouse_which_has_its_own_piece():
    st = state_with((WAREHOUSE, HARBOUR, HIRED, HARBOUR))
    by_id = st.cards.by_id
    buildings = card_segment(st, 0, "building", [WAREHOUSE, HARBOUR, HIRED, HARBOUR])
    assert buildings is not None
    assert buildings.plain == f"{card_name(by_id[HARBOUR])} ×2, {card_name(by_id[HIRED])}"
    assert card_segment(st, 0, "building", [WAREHOUSE]) is None   # nothing left to name
    house = goods_segments(st, 0)[-1]
    assert house.plain.startswith(card_name(by_id[WAREHOUSE])) and house.plain.endswith("0/4")


def test_a_card_of_every_type_a_player_can_own_shows_in_their_area():
    # a new card type needs its place in the area's order, else its cards would not show
    from jorvik.engine import TYPE_RULES
    st = state_with()
    owned = [k for k, rules in TYPE_RULES.items() if rules.on_space]  # (Picts are never owned)
    for kind in owned:
        card = next(c for c in st.cards.by_id.values() if c.type == kind and c.id != WAREHOUSE)
        shown = panel_segments(state_with((card.id,)), 0)
        assert len(shown) == 2, (kind, [s.plain for s in shown])   # the storage space, the card
