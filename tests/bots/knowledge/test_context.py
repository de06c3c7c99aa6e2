"""The public facts the bots read (jorvik.bots.knowledge.context), from the rules text."""

from __future__ import annotations

from jorvik.bots.knowledge import Ctx, arrived_defences
from jorvik.carddata import load_cards
from jorvik.engine import new_game

WARRIOR_1, WARRIOR_2, SHIELD_WALL = "A11", "A12", "B23"   # CARDS.md: defence 1, 2; Shield wall


def _table(cards, loading):
    st = new_game(["Anna", "Bela", "Csaba"], "jarl", seed=1, cards=load_cards())
    for p, ids in cards.items():
        st.players[p].cards = tuple(ids)
    for p, ids in loading.items():
        st.players[p].loading = tuple(ids)
    return st


def test_a_warrior_still_loading_counts_as_it_will_in_the_next_attack():
    # RULES.md: the most defence gains; a bought card waits in the loading area and joins
    # the card area before the next attack. Shield wall: "double the defence of one of your
    # warriors" -- the one still loading too, once it has arrived.
    st = _table({0: [SHIELD_WALL], 1: [WARRIOR_1]}, {0: [WARRIOR_2], 2: [WARRIOR_1, WARRIOR_2]})
    assert arrived_defences(st) == (4, 1, 3)
    assert Ctx(st).defs == [4, 1, 3]
