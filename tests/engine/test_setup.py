"""RULES.md §2–3 and CARDS.md removals: what the table looks like before the first card."""

from __future__ import annotations

from collections import Counter

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place, Reserve, legal_actions, new_game

from .helpers import AMBER, GLASS, GOLD, IRON, JET, LEATHER, SILK, WOOL, filler, game

JARL_ONLY = (
    [f"A{i}" for i in range(14, 25)] + [f"B{i}" for i in range(14, 26)]
    + [f"C{i}" for i in range(14, 26)] + ["D02"] + [f"D{i}" for i in range(16, 30)]
)


def all_cubes(st) -> Counter:
    """Every cube in the game wherever it is right after setup and the first supply."""
    c = Counter(st.bag)
    for goods in st.space_goods:
        c.update(goods)
    for g, k in enumerate(st.common):
        c[g] += k
    return +c  # drop goods with no cubes


def cards_in_play(st) -> list[str]:
    """Every card of this game: still in the deck, on the board, or boxed (a Picts card)."""
    return list(st.deck) + [c for c in st.spaces if c] + list(st.box)


def season(cid: str) -> str:
    return cid[0]


def test_karl_bag_holds_45_cubes_nine_of_each_basic_good():
    st = game(4, "karl", seed=7)
    cubes = all_cubes(st)
    assert sum(cubes.values()) == 45
    assert cubes == {AMBER: 9, IRON: 9, LEATHER: 9, WOOL: 9, JET: 9}


def test_jarl_bag_holds_all_54_cubes_with_three_silk_glass_gold():
    st = game(4, "jarl", seed=7)
    cubes = all_cubes(st)
    assert sum(cubes.values()) == 54
    assert cubes == {AMBER: 9, IRON: 9, LEATHER: 9, WOOL: 9, JET: 9, SILK: 3, GLASS: 3, GOLD: 3}


@pytest.mark.parametrize("mode, vikings", [("karl", 3), ("jarl", 4)])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_player_has_3_vikings_in_karl_and_4_in_jarl(mode, vikings, n):
    st = game(n, mode, deck=filler(12))
    assert [p.vikings for p in st.players] == [vikings] * n


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_each_player_starts_on_10_vp_with_5_coins(mode):
    st = game(3, mode, deck=filler(8))
    assert [p.vp for p in st.players] == [10, 10, 10]
    assert [p.coins for p in st.players] == [5, 5, 5]


def test_players_start_with_empty_areas_and_storage():
    st = game(2, "karl", deck=filler(3))
    for p in st.players:
        assert p.cards == () and p.loading == () and p.storage == () and p.warehouse == ()


@pytest.mark.parametrize("start", [0, 1, 2])
def test_the_given_start_player_holds_mjolnir_and_places_first(start):
    st = game(3, "karl", deck=filler(4), start=start)
    assert st.start_player == start
    assert st.phase == "demand"
    from jorvik.engine import current_player
    assert current_player(st) == start


def test_a_random_start_player_is_drawn_from_the_seed():
    picks = {new_game(["a", "b", "c", "d"], seed=s, cards=load_cards()).start_player for s in range(30)}
    assert picks <= {0, 1, 2, 3} and len(picks) > 1
    assert (new_game(["a", "b", "c"], seed=5, cards=load_cards()).start_player
            == new_game(["a", "b", "c"], seed=5, cards=load_cards()).start_player)


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deck_is_winter_then_spring_then_summer_then_autumn_with_the_final_picts_at_the_bottom(
        mode, seed):
    st = game(4, mode, seed=seed)
    assert st.deck[-1] == "PX"
    seasons = [season(c) for c in st.deck[:-1]]
    assert seasons == sorted(seasons), "seasons must come in order A, B, C, D"
    # The first round's cards were all winter cards.
    assert all(season(c) == "A" for c in cards_in_play(st) if c not in st.deck)


def test_karl_with_4_players_uses_13_winter_13_spring_13_summer_14_autumn():
    st = game(4, "karl", seed=3)
    counts = Counter(season(c) for c in cards_in_play(st))
    assert counts == {"A": 13, "B": 13, "C": 13, "D": 14, "P": 1}


def test_jarl_with_4_players_uses_every_card():
    st = game(4, "jarl", seed=3)
    counts = Counter(season(c) for c in cards_in_play(st))
    assert counts == {"A": 24, "B": 25, "C": 25, "D": 29, "P": 1}
    assert st.set_aside == ()


def test_karl_leaves_out_every_jarl_only_card():
    for n in (2, 3, 4, 5):
        st = game(n, "karl", seed=n)
        assert not set(JARL_ONLY) & set(cards_in_play(st))
        assert set(JARL_ONLY) <= set(st.set_aside)


REMOVED = {
    ("karl", 2): {"D03", "D13"},
    ("karl", 3): {"D03", "D11"},
    ("karl", 4): set(),
    ("karl", 5): {"D03", "D11"},
    ("jarl", 2): {"D03", "D13", "D27", "D28"},
    ("jarl", 3): {"D03", "D11", "D27", "D28"},
    ("jarl", 4): set(),
    ("jarl", 5): {"D03", "D11", "D27", "D28"},
}


@pytest.mark.parametrize("mode, n", sorted(REMOVED))
def test_autumn_removals_depend_on_player_count_and_mode(mode, n):
    st = game(n, mode, seed=11)
    removed = set(st.set_aside) - set(JARL_ONLY) if mode == "karl" else set(st.set_aside)
    assert removed == REMOVED[mode, n]
    in_play = set(cards_in_play(st))
    assert not REMOVED[mode, n] & in_play
    autumn = {c for c in in_play if season(c) == "D"}
    expected_autumn = 14 if mode == "karl" else 29
    assert len(autumn) == expected_autumn - len(REMOVED[mode, n])


def test_a_stacked_deck_gets_the_final_picts_card_at_the_bottom_and_sets_the_rest_aside():
    st = game(2, "karl", deck=["A01", "A02", "A03", "A04"])
    assert st.deck == ("A04", "PX")
    assert "A05" in st.set_aside and "PX" not in st.set_aside


def test_karl_uses_only_card_spaces_1_to_6_and_no_reservations():
    st = game(5, "karl", deck=filler(12))
    assert all(s is None for s in st.spaces[6:])
    assert not any(isinstance(a, Reserve) for a in legal_actions(st))
    assert all(isinstance(a, Place) for a in legal_actions(st))
