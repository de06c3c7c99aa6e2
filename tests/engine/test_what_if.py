"""Rule helpers over plain inputs (issue 33 §2): what a column position would pay, what a set of
cards would defend or store, what a craftsman still needs — asked of cards nobody holds yet,
and the same answers the engine's (state, player) helpers give. And the game's numbers, once."""

from __future__ import annotations

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import (
    RULES,
    defence,
    defence_of,
    empty_fields,
    missing_fields,
    new_game,
    price_at,
    price_now,
    storage_capacity,
    storage_of,
)

from .helpers import game, give, place

CARDS = load_cards()


def _of(kind: str, **want) -> list:
    return [c for c in CARDS.cards if c.type == kind and all(getattr(c, k) == v
                                                              for k, v in want.items())]


def test_the_price_ladder_each_viking_pays_the_vikings_still_in_its_column():
    """RULES.md §4.3: the top viking pays one coin per viking in the column, its own included;
    the next one pays one less, down to 1 for the last."""
    assert [price_at(3, j) for j in range(3)] == [3, 2, 1]
    assert price_at(1) == 1 and price_at(0) == 0


def test_the_price_now_is_the_ladder_of_the_column_as_it_stands():
    st = place(game(2), 1, 1, 1)
    assert price_now(st, 1) == price_at(len(st.columns[0])) == 3


def test_defence_of_warriors_adds_up_and_shield_wall_doubles_the_strongest():
    """§4.5 / CARDS.md: warriors add their defence; Shield wall doubles one warrior (the
    strongest is the best choice)."""
    warriors = sorted(_of("warrior", effect=""), key=lambda c: c.defence)
    weak, strong = warriors[0], warriors[-1]
    assert strong.defence > weak.defence
    shield = next(c for c in CARDS.cards if c.effect == "shield_wall")
    assert defence_of([]) == 0
    assert defence_of([weak, strong]) == weak.defence + strong.defence
    assert defence_of([weak, strong, shield]) == weak.defence + 2 * strong.defence
    assert defence_of([shield]) == 0


def test_defence_of_a_player_is_defence_of_their_cards():
    warriors = _of("warrior", effect="")[:2]
    st = give(game(2, "jarl"), 0, *(c.id for c in warriors))
    assert defence(st, 0) == defence_of(warriors) == sum(c.defence for c in warriors)
    assert defence(st, 1) == 0


def test_storage_is_one_space_and_the_warehouse_adds_four():
    warehouse = next(c for c in CARDS.cards if c.effect == "warehouse")
    assert storage_of([]) == (1, 0)
    assert storage_of([warehouse]) == (1, 4)
    st = give(game(2, "jarl"), 0, warehouse.id)
    assert storage_capacity(st, 0) == (1, 4) and storage_capacity(st, 1) == (1, 0)


def test_missing_fields_of_a_craftsman_keep_repeats_and_are_empty_when_complete():
    card = next(c for c in _of("craftsman") if len(set(c.goods)) < len(c.goods))
    first = card.goods[0]
    need = list(card.goods)
    need.remove(first)
    assert missing_fields(card) == list(card.goods)
    assert missing_fields(card, [first]) == need
    assert missing_fields(card, card.goods) == []
    st = give(game(2), 0, card.id, filled={card.id: [first]})
    assert empty_fields(st, st.players[0], card.id) == need


def test_the_game_is_for_two_to_five_players_in_two_modes():
    assert list(RULES.players) == [2, 3, 4, 5]
    assert RULES.modes == ("karl", "jarl")
    assert (RULES.columns, RULES.spaces, RULES.start_coins, RULES.start_vp) == (6, 12, 5, 10)
    assert (RULES.danegeld_coins, RULES.prophecy_vp) == (2, 2)
    assert RULES.feast_vp[1:] == (2, 5, 9, 14)
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            new_game([f"P{i}" for i in range(n)], cards=CARDS)


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rounds_per_table_size_are_the_deck_over_the_cards_revealed_per_round(players, mode):
    from jorvik.engine import fill_order
    deck = CARDS.deck_for(players, mode)
    cards = sum(1 for ids in deck.values() for cid in ids if CARDS[cid].type != "picts")
    assert cards / len(fill_order(players, mode)) == RULES.rounds[players]


def test_the_state_after_a_trickery_swap_is_the_swapped_board_and_the_original_is_unchanged():
    """Loki: Trickery: two vikings trade places (RULES.md §6 ruling); after_swap shows the board
    as the swap would leave it, without spending the card."""
    from jorvik.engine import Swap, after_swap

    from .helpers import filler
    st = give(game(2, "jarl", deck=filler(12)), 0, "A22")
    st = place(st, 2, 1, 1, 3, 2, 3, 2, 3)   # 1 = Benedek, Peti · 2 = Peti x3 · 3 = Benedek x3
    before = st.to_dict()
    top1, top2 = st.columns[0][0], st.columns[1][0]
    new = after_swap(st, Swap(1, 0, 2, 0))
    assert new.columns[0][0] == top2 and new.columns[1][0] == top1
    assert st.to_dict() == before
    assert "A22" in new.players[0].cards and new.pending == st.pending


def test_the_usual_choice_takes_a_cube_from_the_ship_then_storage_then_the_warehouse():
    """RULES.md §4.4 ruling 'which cube': without a named source a cube comes from the ships
    just unloaded, then the storage space, then the Warehouse."""
    from jorvik.engine import usual_sources

    from .helpers import AMBER, IRON
    assert usual_sources((AMBER,), hand=(AMBER,), storage=(AMBER,)) == ("ship",)
    assert usual_sources((AMBER,), storage=(AMBER,), warehouse=(AMBER,)) == ("storage",)
    assert usual_sources((AMBER, AMBER), hand=(AMBER,), warehouse=(AMBER,)) == ("ship", "warehouse")
    assert usual_sources((IRON, AMBER), hand=(AMBER,), storage=(IRON,)) == ("ship", "storage")
    with pytest.raises(ValueError):
        usual_sources((IRON,), hand=(AMBER,))
