"""RULES.md §4.1 supply phase, the Picts card in the supply, and the game end (§5 trigger)."""

from __future__ import annotations

import pytest

from jorvik.engine import Decline, UseCard, current_player, is_over, legal_actions

from .helpers import (
    AMBER,
    GOLD,
    IRON,
    JET,
    LEATHER,
    SILK,
    WOOL,
    filler,
    finish_game,
    finish_round,
    game,
    give,
    play,
)

SPACES = {
    ("karl", 2): [1, 2, 3],
    ("karl", 3): [1, 2, 3, 4],
    ("karl", 4): [1, 2, 3, 4, 5],
    ("karl", 5): [1, 2, 3, 4, 5, 6],
    ("jarl", 2): [1, 2, 3, 7, 8, 9],
    ("jarl", 3): [1, 2, 3, 4, 7, 8, 9, 10],
    ("jarl", 4): [1, 2, 3, 4, 5, 7, 8, 9, 10, 11],
    ("jarl", 5): [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
}


def filled_spaces(st) -> list[int]:
    return [i + 1 for i, c in enumerate(st.spaces) if c is not None]


@pytest.mark.parametrize("mode, n", sorted(SPACES))
def test_cards_per_round_are_players_plus_one_in_each_row(mode, n):
    deck = filler(14)
    st = game(n, mode, deck=deck)
    assert filled_spaces(st) == SPACES[mode, n]


@pytest.mark.parametrize("mode, n", [("karl", 4), ("jarl", 3)])
def test_cards_are_revealed_onto_spaces_in_increasing_order(mode, n):
    deck = filler(14)
    st = game(n, mode, deck=deck)
    spaces = SPACES[mode, n]
    assert [st.spaces[s - 1] for s in spaces] == deck[:len(spaces)]
    assert st.deck[0] == deck[len(spaces)]


def test_a_karl_ship_receives_3_cubes_from_the_bag():
    bag = [LEATHER, AMBER, IRON, WOOL, JET]
    st = game(2, "karl", deck=["A01", "B08", "A02"], bag=bag)
    assert sorted(st.space_goods[1]) == sorted([LEATHER, AMBER, IRON])
    assert st.bag == (WOOL, JET)
    assert st.space_goods[0] == () and st.space_goods[2] == ()


@pytest.mark.parametrize("ship, cubes", [("B08", 2), ("B10", 1), ("A24", 2), ("B18", 1),
                                         ("C17", 1), ("D18", 2)])
def test_a_jarl_ship_receives_only_the_number_printed_for_jarl(ship, cubes):
    bag = [SILK, GOLD, AMBER, IRON]
    st = game(2, "jarl", deck=[ship, "A01", "A02", "A03", "A04", "A05"], bag=bag)
    assert st.spaces[0] == ship
    assert sorted(st.space_goods[0]) == sorted(bag[:cubes])
    assert len(st.bag) == len(bag) - cubes


def test_a_ship_takes_what_is_left_when_the_bag_runs_short():
    st = game(3, "karl", deck=["B08", "B09", "A01", "A02"], bag=[JET, WOOL])
    assert sorted(st.space_goods[0]) == [WOOL, JET]
    assert st.space_goods[1] == ()
    assert st.bag == ()
    assert st.spaces[1] == "B09"  # the empty ship is still on offer


def test_a_picts_card_takes_no_space_and_goes_to_the_box():
    st = game(2, "karl", deck=["A01", "B13", "A02", "A03"])
    assert st.spaces[:3] == ["A01", "A02", "A03"]
    assert "B13" in st.box
    assert "B13" not in st.spaces


def test_the_attack_is_resolved_when_the_picts_card_is_revealed():
    # Round 2 reveals a feast, then the Picts, then two more cards; Peti has a warrior.
    deck = filler(3) + ["D01", "B13", "D02", "B04"]
    st = give(game(2, "karl", deck=deck), 0, "A11")
    st = finish_round(st)
    assert st.round == 2
    assert [p.vp for p in st.players] == [12, 8]
    assert st.spaces[:3] == ["D01", "D02", "B04"]
    assert "B13" in st.box


def test_a_picts_decision_pauses_the_supply_until_it_is_made():
    # Jarl, round 2: one card, then the Picts; Peti wins and may use Glory; revealing goes on
    # only after his choice.
    deck = filler(6) + ["D01", "B13", "D02", "B04", "A10", "C01", "C02"]
    st = give(game(2, "jarl", deck=deck), 0, "A11", "C23")
    st = finish_round(st)
    assert st.phase == "supply" and current_player(st) == 0
    assert UseCard("C23") in legal_actions(st) and Decline() in legal_actions(st)
    assert st.spaces[0] == "D01" and st.spaces[1] is None
    st = play(st, Decline())
    assert st.phase == "demand"
    assert [st.spaces[i] for i in (0, 1, 2, 6, 7, 8)] == ["D01", "D02", "B04", "A10", "C01", "C02"]


def test_the_final_picts_card_is_never_revealed_during_a_round():
    st = game(2, "karl", deck=["A01", "A02"])
    assert st.spaces[:3] == ["A01", "A02", None]
    assert st.deck == ("PX",)
    assert st.phase == "demand" and not is_over(st)


def test_a_short_last_round_is_played_with_the_cards_that_were_placed():
    st = game(4, "karl", deck=["A04", "A05"])
    assert filled_spaces(st) == [1, 2]
    assert st.phase == "demand"
    st = finish_round(st)
    assert is_over(st)
    assert st.round == 1


def test_the_game_ends_when_only_the_final_picts_card_is_left_at_the_start_of_a_supply_phase():
    st = game(2, "karl", deck=filler(6))
    assert st.round == 1 and st.deck[-1] == "PX" and len(st.deck) == 4
    st = finish_round(st)
    assert st.round == 2 and not is_over(st)
    st = finish_round(st)
    assert is_over(st)
    assert st.round == 2
    assert st.deck == () and "PX" in st.box
    assert st.result is not None
    assert legal_actions(st) == []
    assert current_player(st) is None


def test_the_final_picts_card_is_resolved_as_an_attack_with_4_and_minus_4():
    st = give(game(3, "karl", deck=filler(4)), 1, "A12")
    st = give(st, 2, "A11")
    st = finish_round(st)
    assert is_over(st)
    assert [p["picts"] for p in st.result["scores"]] == [-4, 4, 0]


def test_a_seasonal_attack_just_above_the_final_card_ends_the_game_without_an_empty_round():
    # Our ruling (docs/engine.md, shown in the in-game help): when only Attack of the Picts
    # cards are left at the start of a supply phase, they are resolved in order and the game
    # ends; no round with nothing to place or buy is played. Round 1 uses the 3 filler cards.
    st = game(2, "karl", deck=filler(3) + ["D15"])
    st = finish_game(st)
    assert st.round == 1
    assert [p.coins for p in st.players] == [5 + 2, 5 + 2]
    assert st.box[-2:] == ("D15", "PX")
