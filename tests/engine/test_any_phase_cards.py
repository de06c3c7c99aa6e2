"""RULES.md §6 "once, any phase" cards (Trading post, Workshop, Loki: Theft) and the rulings
"any phase" (usable whenever the owner holds a decision) and "assign immediately"."""

from __future__ import annotations

import pytest

from jorvik.engine import (
    Assign,
    Decline,
    Discard,
    Done,
    IllegalAction,
    Place,
    Steal,
    Take,
    TakeOff,
    UseCard,
    apply_action,
    current_player,
    legal_actions,
)

from .helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    filler,
    finish_demand,
    finish_round,
    game,
    give,
    place,
    play,
    to_unloading,
    with_common,
)


def uses(st) -> set[str]:
    return {a.card for a in legal_actions(st) if isinstance(a, UseCard)}


# ---- Trading post

def trading_post_game(**common):
    st = game(2, "jarl", deck=filler(12, exclude=["A07"]))
    st = give(st, 0, "C21", "A07")
    return with_common(st, **(common or {"wool": 1, "jet": 1}))


def test_trading_post_takes_a_cube_of_choice_from_the_common_area_and_assigns_it():
    st = trading_post_game()
    assert current_player(st) == 0 and "C21" in uses(st)
    assert set(legal_actions(play(st, UseCard("C21")))) == {Take(WOOL), Take(JET)}
    # Sold to the merchant in the owner's unloading turn (merchants buy only then: RULES.md
    # §6, ruling "assign immediately"; tests/engine/test_cubes_handed_over.py).
    st = play(to_unloading(st), UseCard("C21"))
    assert set(legal_actions(st)) == {Take(WOOL), Take(JET)}
    coins = st.players[0].coins
    st = play(st, Take(WOOL), Assign(WOOL, "merchant", "A07"))
    assert st.players[0].coins == coins + 1
    assert st.common[WOOL] == 1  # sold to the merchant: back in the common area
    assert "C21" in st.box and "C21" not in st.players[0].cards


def test_trading_post_is_used_once_and_goes_to_the_box():
    st = play(trading_post_game(), UseCard("C21"), Take(JET), Discard())
    assert "C21" in st.box
    assert "C21" not in uses(st)


def test_using_a_card_in_the_demand_phase_does_not_use_up_the_turn():
    st = play(trading_post_game(), UseCard("C21"), Take(JET), Discard())
    assert st.phase == "demand" and current_player(st) == 0
    assert st.players[0].vikings == 4
    assert Place(1) in legal_actions(st)


def test_the_cube_from_the_trading_post_cannot_go_into_storage():
    st = play(trading_post_game(), UseCard("C21"), Take(JET))
    assert Assign(JET, "storage") not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Assign(JET, "storage"))
    st = play(st, Discard())
    assert st.common[JET] == 1 and st.players[0].storage == ()


def test_trading_post_is_offered_at_the_owners_purchase_decision():
    st = place(trading_post_game(), 1, 2, 2, 2, 3, 3, 3, 3)
    assert st.phase == "purchase" and current_player(st) == 0
    assert "C21" in uses(st)


def test_trading_post_is_offered_at_the_start_of_the_owners_unloading_turn():
    st = to_unloading(trading_post_game())
    assert st.phase == "unloading" and current_player(st) == 0
    assert "C21" in uses(st) and Done() in legal_actions(st)


def test_an_any_phase_card_is_not_offered_while_another_player_decides():
    st = place(trading_post_game(), 1)
    assert current_player(st) == 1
    assert "C21" not in uses(st)


def test_an_any_phase_card_is_offered_at_a_picts_attack_decision():
    deck = filler(6, exclude=["A07"]) + ["B13"] + filler(12, exclude=["A07"])[6:]
    st = game(2, "jarl", deck=deck)
    st = with_common(give(st, 0, "A11", "C23", "C21"), wool=1)
    st = finish_round(st)
    assert st.pending and current_player(st) == 0 and UseCard("C23") in legal_actions(st)
    assert "C21" in uses(st)


# ---- Workshop (4 players only in Jarl)

def workshop_game():
    """Peti's first demand turn; he holds the Workshop and three craftsmen: Leatherworker
    complete (leather + wool), Weaponsmith with one iron, Tanner (iron + leather) empty."""
    st = game(4, "jarl", deck=filler(10, exclude=["A01", "B01", "C03"]))
    return give(st, 0, "D27", "A01", "C03", "B01",
                filled={"A01": [LEATHER, WOOL], "C03": [IRON]})


def test_workshop_takes_cubes_off_own_craftsmen_and_assigns_them_again():
    st = workshop_game()
    assert "D27" in uses(st)
    st = play(st, UseCard("D27"))
    assert TakeOff("A01", LEATHER) in legal_actions(st)
    assert TakeOff("C03", IRON) in legal_actions(st)
    st = play(st, TakeOff("A01", LEATHER), Assign(LEATHER, "craftsman", "B01"))
    st = play(st, TakeOff("C03", IRON), Assign(IRON, "craftsman", "B01"))
    assert st.players[0].filled.get("A01") == (WOOL,)
    assert not st.players[0].filled.get("C03")
    assert st.players[0].filled["B01"] == (IRON, LEATHER)
    assert "D27" in st.box and "D27" not in st.players[0].cards


def test_workshop_moves_at_most_3_cubes():
    st = play(workshop_game(), UseCard("D27"))
    st = play(st, TakeOff("A01", LEATHER), Assign(LEATHER, "craftsman", "B01"))
    st = play(st, TakeOff("A01", WOOL), Discard())
    st = play(st, TakeOff("C03", IRON), Assign(IRON, "craftsman", "B01"))
    assert not st.pending
    assert not any(isinstance(a, TakeOff) for a in legal_actions(st))
    assert st.phase == "demand" and current_player(st) == 0


def test_workshop_may_stop_after_fewer_than_3_cubes():
    st = play(workshop_game(), UseCard("D27"))
    st = play(st, TakeOff("C03", IRON), Assign(IRON, "craftsman", "B01"), Decline())
    assert not st.pending
    assert st.players[0].filled["A01"] == (LEATHER, WOOL)


def test_a_cube_taken_off_by_the_workshop_cannot_go_into_storage():
    st = play(workshop_game(), UseCard("D27"), TakeOff("C03", IRON))
    assert Assign(IRON, "storage") not in legal_actions(st)
    st = play(st, Discard())
    assert st.common[IRON] == 1


def test_workshop_takes_cubes_only_off_its_owners_craftsmen():
    st = give(workshop_game(), 1, "C01", filled={"C01": [AMBER]})
    st = play(st, UseCard("D27"))
    assert all(a.card != "C01" for a in legal_actions(st) if isinstance(a, TakeOff))


# ---- Loki: Theft

def theft_game():
    """Peti holds Loki: Theft and the Saddler (leather, iron, amber). Benedek has the
    Leatherworker with leather (incomplete) and the Smith complete (amber + iron); Peti's own
    Tanner has an iron (incomplete)."""
    st = game(2, "jarl", deck=filler(12, exclude=["A01", "A02", "B01", "C02"]))
    st = give(st, 0, "C22", "C02", "B01", filled={"B01": [IRON]})
    return give(st, 1, "A01", "A02", filled={"A01": [LEATHER], "A02": [AMBER, IRON]})


def test_theft_steals_only_from_an_opponents_incomplete_craftsman():
    st = theft_game()
    assert "C22" in uses(st)
    st = play(st, UseCard("C22"))
    assert set(legal_actions(st)) == {Steal(1, "A01", LEATHER)}
    with pytest.raises(IllegalAction):
        apply_action(st, Steal(1, "A02", AMBER))


def test_the_stolen_cube_is_assigned_at_once():
    st = play(theft_game(), UseCard("C22"), Steal(1, "A01", LEATHER))
    assert not st.players[1].filled.get("A01")
    assert Assign(LEATHER, "storage") not in legal_actions(st)
    st = play(st, Assign(LEATHER, "craftsman", "C02"))
    assert st.players[0].filled["C02"] == (LEATHER,)
    assert "C22" in st.box and "C22" not in st.players[0].cards


def test_the_stolen_cube_may_be_discarded_to_the_common_area():
    st = play(theft_game(), UseCard("C22"), Steal(1, "A01", LEATHER), Discard())
    assert st.common[LEATHER] == 1
    assert not st.players[1].filled.get("A01")


def test_theft_is_not_offered_without_a_cube_on_an_opponents_incomplete_craftsman():
    st = game(2, "jarl", deck=filler(12, exclude=["A01", "A02"]))
    st = give(st, 0, "C22")
    st = give(st, 1, "A01", "A02", filled={"A02": [AMBER, IRON]})
    assert "C22" not in uses(st)


# ---- every kind of decision

def holder_of(card: str):
    """Peti holds `card` (usable now) in a Jarl game of the size the card belongs to."""
    if card == "D27":  # Workshop: 4 players only
        st = game(4, "jarl", deck=filler(20, exclude=["A01"]))
        return give(st, 0, "D27", "A01", filled={"A01": [LEATHER]})
    st = game(2, "jarl", deck=filler(12, exclude=["A01"]))
    if card == "C21":
        return with_common(give(st, 0, "C21"), amber=1)
    return give(give(st, 0, "C22"), 1, "A01", filled={"A01": [LEATHER]})


@pytest.mark.parametrize("card", ["C21", "D27", "C22"])
def test_any_phase_cards_are_offered_at_each_of_the_owners_decisions(card):
    st = holder_of(card)
    assert current_player(st) == 0 and card in uses(st)          # placing a viking
    st = finish_demand(st)  # all vikings on column 1: Peti's first is on top, 8 too dear
    assert st.phase == "purchase" and current_player(st) == 0
    assert card in uses(st)                                       # buying or passing
    st = to_unloading(st)
    assert st.phase == "unloading" and current_player(st) == 0
    assert card in uses(st)                                       # own unloading turn

