"""RULES.md §4.5 Attack of the Picts and the defence cards (Shield wall, Glory, Danegeld)."""

from __future__ import annotations

from jorvik.engine import Decline, Done, UseCard, current_player, is_over, legal_actions

from .helpers import (
    AMBER,
    filler,
    finish_round,
    game,
    give,
    play,
    to_unloading,
    with_player,
)


def cards_per_round(n: int, mode: str) -> int:
    return (n + 1) * (2 if mode == "jarl" else 1)


def round_2_opens_with_an_attack(n: int, mode: str = "karl", picts: str = "B13"):
    """A game whose round 2 supply begins with an Attack of the Picts (B13: +2 / −2),
    and cards for round 2 after it. Hand out warriors in round 1, then finish_round."""
    k = cards_per_round(n, mode)
    deck = filler(k) + [picts] + filler(2 * k)[k:]
    return game(n, mode, deck=deck)


def vps(st) -> list[int]:
    return [p.vp for p in st.players]


def test_rulebook_example_most_defence_gains_least_defence_loses():
    # Peti 1, Benedek 3 (two warriors), Eszti 0, Móni 0 → Benedek +2, Peti 0, Eszti and Móni −2.
    st = round_2_opens_with_an_attack(4)
    st = give(st, 0, "A11")
    st = give(st, 1, "A12", "B05")
    st = finish_round(st)
    assert st.round == 2 and "B13" in st.box
    assert vps(st) == [10, 12, 8, 8]


def test_players_tied_for_most_defence_all_gain():
    st = round_2_opens_with_an_attack(3)
    st = give(give(st, 0, "A12"), 1, "C05")
    st = finish_round(st)
    assert vps(st) == [12, 12, 8]


def test_players_tied_for_least_defence_all_lose():
    st = round_2_opens_with_an_attack(3)
    st = give(give(st, 0, "B07"), 1, "A11")
    st = give(st, 2, "B05")
    st = finish_round(st)
    assert vps(st) == [12, 8, 8]


def test_when_every_player_has_the_same_defence_nobody_gains_or_loses():
    st = round_2_opens_with_an_attack(3)
    st = give(give(st, 0, "A12"), 1, "C05")
    st = give(st, 2, "A11", "B05")
    st = finish_round(st)
    assert vps(st) == [10, 10, 10]


def test_an_attack_when_nobody_has_warriors_changes_nothing():
    st = game(3, "karl", deck=["B13", "A01", "A02", "A03", "A04"])
    assert "B13" in st.box
    assert vps(st) == [10, 10, 10]


def test_victory_points_never_go_below_zero():
    st = round_2_opens_with_an_attack(2)
    st = give(st, 0, "A11")
    st = with_player(st, 1, vp=1, vp_picts=-9)
    st = finish_round(st)
    assert vps(st) == [12, 0]


def test_only_warriors_in_the_card_area_count_for_defence():
    # A feast and a journey are not warriors; the lone 1-defence warrior still wins.
    st = round_2_opens_with_an_attack(2)
    st = give(st, 0, "A11")
    st = give(st, 1, "A10", "D12")
    st = finish_round(st)
    assert vps(st) == [12, 8]


# ---- Shield wall

def test_shield_wall_doubles_the_defence_of_one_warrior():
    # Peti: warriors 2 + 1 with Shield wall → 2×2 + 1 = 5 beats Benedek's 4.
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A12", "A11", "B23")
    st = give(st, 1, "C06")
    st = finish_round(st)
    assert vps(st) == [12, 8]


def test_shield_wall_doubles_only_one_warrior():
    # Peti: warriors 2 + 2 with Shield wall → 6, not 8; Benedek's 4 + 3 = 7 wins.
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A12", "B06", "B23")
    st = give(st, 1, "C06", "B07")
    st = finish_round(st)
    assert vps(st) == [8, 12]


def test_shield_wall_without_a_warrior_gives_no_defence():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "B23")
    st = give(st, 1, "A11")
    st = finish_round(st)
    assert vps(st) == [8, 12]


# ---- Glory

def test_glory_used_after_winning_doubles_the_vp_gained_and_goes_to_the_box():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A11", "C23")
    st = finish_round(st)
    assert current_player(st) == 0
    assert UseCard("C23") in legal_actions(st)
    st = play(st, UseCard("C23"))
    assert vps(st) == [14, 8]
    assert "C23" not in st.players[0].cards
    assert "C23" in st.box


def test_glory_declined_gives_the_normal_gain_and_is_kept():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A11", "C23")
    st = finish_round(st)
    st = play(st, Decline())
    assert vps(st) == [12, 8]
    assert "C23" in st.players[0].cards


def test_glory_is_not_offered_to_a_player_who_did_not_win():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "C23")
    st = give(st, 1, "A11")
    st = finish_round(st)
    assert st.phase == "demand"
    assert vps(st) == [8, 12]
    assert "C23" in st.players[0].cards


def test_glory_is_not_offered_when_every_player_has_the_same_defence():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A11", "C23")
    st = give(st, 1, "B05")
    st = finish_round(st)
    assert st.phase == "demand"
    assert vps(st) == [10, 10]


def test_glory_works_in_the_final_attack_too():
    st = give(game(2, "jarl", deck=filler(6)), 0, "A11", "C23")
    st = finish_round(st)
    assert st.phase == "final" and current_player(st) == 0
    st = play(st, UseCard("C23"))
    assert is_over(st)
    assert [s["picts"] for s in st.result["scores"]] == [8, -4]


# ---- Danegeld

def test_danegeld_pays_2_coins_to_avoid_losing_vp():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A11")
    st = give(st, 1, "D29")
    st = finish_round(st)
    assert current_player(st) == 1
    assert UseCard("D29") in legal_actions(st)
    coins = st.players[1].coins
    st = play(st, UseCard("D29"))
    assert vps(st) == [12, 10]
    assert st.players[1].coins == coins - 2


def test_danegeld_is_permanent_and_stays_after_use():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(give(st, 0, "A11"), 1, "D29")
    st = play(finish_round(st), UseCard("D29"))
    assert "D29" in st.players[1].cards
    assert "D29" not in st.box


def test_danegeld_declined_loses_the_vp_and_keeps_the_coins():
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(give(st, 0, "A11"), 1, "D29")
    st = finish_round(st)
    coins = st.players[1].coins
    st = play(st, Decline())
    assert vps(st) == [12, 8]
    assert st.players[1].coins == coins


def test_danegeld_cannot_be_paid_with_fewer_than_2_coins():
    # Benedek keeps an amber in storage and has an amber merchant, so his unloading turn waits
    # for him; there his coins are set to 1 (after income), then the round ends with the attack.
    st = round_2_opens_with_an_attack(2, "jarl")
    st = give(st, 0, "A11")
    st = give(st, 1, "D29", "A04", storage=(AMBER,))
    st = to_unloading(st)
    assert st.phase == "unloading" and current_player(st) == 1
    st = with_player(st, 1, coins=1)
    st = play(st, Done())
    assert st.round == 2 and st.phase == "demand"
    assert vps(st) == [12, 8]
    assert st.players[1].coins == 1
