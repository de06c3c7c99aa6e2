"""RULES.md §4.2 demand phase: placing vikings, reservations, Hired hands, Loki: Trickery."""

from __future__ import annotations

import pytest

from jorvik.engine import (
    RESERVATION_ROW,
    Buy,
    Decline,
    Done,
    IllegalAction,
    Pass,
    Place,
    Reserve,
    Swap,
    action_from_json,
    apply_action,
    current_player,
    legal_actions,
)
from jorvik.engine.events import Bought

from .helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    filler,
    finish_round,
    game,
    give,
    place,
    play,
    play_ev,
    viking,
)


def placers(st, k: int) -> list[int]:
    """Who places the next k vikings (each placing on the lowest open column)."""
    out = []
    for _ in range(k):
        p = current_player(st)
        out.append(p)
        st = place(st, next(a for a in legal_actions(st) if isinstance(a, Place)))
    return out


def test_vikings_are_placed_one_per_turn_clockwise_from_the_start_player():
    st = game(3, "karl", deck=filler(4), start=1)
    assert placers(st, 9) == [1, 2, 0, 1, 2, 0, 1, 2, 0]


def test_the_first_viking_goes_to_the_top_of_the_column_and_later_ones_below():
    st = game(3, "karl", deck=filler(4))
    st = place(st, 2, 2, 2)
    assert st.columns[1] == (viking(0), viking(1), viking(2))


def test_placing_a_viking_takes_it_from_the_players_supply():
    st = game(2, "karl", deck=filler(3))
    st = place(st, 1)
    assert [p.vikings for p in st.players] == [2, 3]


def test_a_player_may_add_vikings_to_a_column_that_holds_their_own():
    st = game(2, "karl", deck=filler(3))
    st = place(st, 1, 2, 1)
    assert st.columns[0] == (viking(0), viking(0))
    assert Place(1) in legal_actions(st)


def test_vikings_go_only_into_columns_under_a_card():
    st = game(2, "karl", deck=["A01", "A02"])  # a short round: space 3 stays empty
    assert sorted(a.column for a in legal_actions(st)) == [1, 2]
    for col in (3, 4, 6):
        with pytest.raises(IllegalAction):
            apply_action(st, Place(col))


def test_a_column_with_8_vikings_is_full():
    st = game(3, "karl", deck=filler(4))
    st = place(st, *[1] * 8)
    assert len(st.columns[0]) == 8
    assert Place(1) not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Place(1))
    st = place(st, 2)
    assert st.phase != "demand"


def test_a_card_with_an_empty_column_goes_to_the_box_and_its_ship_cubes_to_the_common_area():
    st = game(2, "karl", deck=["A01", "A02", "B08"], bag=[AMBER, IRON, JET, WOOL])
    st = place(st, 1, 2, 1, 2, 1, 2)
    assert "B08" in st.box
    assert st.spaces[2] is None and st.space_goods[2] == ()
    assert st.common[AMBER] == st.common[IRON] == st.common[JET] == 1
    assert st.common[WOOL] == 0
    assert "A01" not in st.box and "A02" not in st.box


# ---- Jarl: the reservation row

def jarl_2p(bag=None):
    # Spaces 1-3: A01 A02 A03; spaces 7-9: ship B08 (2 cubes in Jarl), A04, A05.
    deck = ["A01", "A02", "A03", "B08", "A04", "A05"]
    return game(2, "jarl", deck=deck, bag=bag or [LEATHER, WOOL, AMBER])


def test_a_reserved_card_moves_with_its_viking_to_the_leftmost_free_slot():
    st = jarl_2p()
    st = place(st, "R7")
    assert st.spaces[6] is None and st.space_goods[6] == ()
    assert st.reservation == (("B08", viking(0), (LEATHER, WOOL)),)
    st = place(st, "R9")
    assert st.reservation[1] == ("A05", viking(1), ())
    assert [p.vikings for p in st.players] == [3, 3]


def test_a_reserved_card_can_no_longer_be_reserved_or_demanded():
    st = place(jarl_2p(), "R7")
    assert Reserve(7) not in legal_actions(st)
    assert Reserve(8) in legal_actions(st) and Reserve(9) in legal_actions(st)


def test_jarl_cards_left_on_spaces_7_to_12_go_to_the_box_after_the_demand_phase():
    st = jarl_2p()
    st = place(st, "R8", 1, 1, 2, 2, 3, 3, 1)
    assert all(s is None for s in st.spaces[6:])
    assert "B08" in st.box and "A05" in st.box and "A04" not in st.box
    assert st.common[LEATHER] == 1 and st.common[WOOL] == 1


# ---- Hired hands (brown vikings)

def with_hired_hands(extra_rounds: int = 2):
    """Jarl, 2 players. Round 1 (Benedek starts): Peti buys Hired hands (space 1) for 1 coin;
    nothing else is bought. Returns the state at the start of round 2's demand phase, where
    Peti holds Mjölnir."""
    deck = ["A21"] + filler(5 + 6 * extra_rounds, exclude=["A21"])
    st = game(2, "jarl", deck=deck, start=1)
    st = place(st, 2, 1, 2, 2, 2, 2, 2, 2)
    st = play(st, Buy())
    st = finish_round(st)
    assert st.round == 2 and st.phase == "demand" and current_player(st) == 0
    return st


def test_hired_hands_brings_2_brown_vikings_when_it_reaches_the_card_area():
    st = with_hired_hands()
    assert "A21" in st.players[0].cards
    assert st.players[0].brown == 2
    assert Place(1, brown=True) in legal_actions(st)
    assert Reserve(7, brown=True) in legal_actions(st)


def test_a_brown_viking_may_be_placed_instead_of_an_own_viking():
    st = with_hired_hands()
    st = place(st, "b2")
    assert st.columns[1] == (viking(0, brown=True),)
    assert st.players[0].vikings == 4 and st.players[0].brown == 1
    assert current_player(st) == 1


def test_the_owner_keeps_placing_brown_vikings_after_the_others_run_out():
    st = with_hired_hands()
    st = place(st, 1, 1, 1, 1, 1, 1, 1, 2)  # 4 own vikings each
    assert st.phase == "demand" and current_player(st) == 0
    assert Done() in legal_actions(st)
    st = place(st, "b3")
    assert current_player(st) == 0
    st = place(st, "b3")
    assert st.phase != "demand"
    assert st.columns[2][-2:] == (viking(0, True), viking(0, True))


def test_the_owner_may_stop_with_brown_vikings_unplaced_and_keep_them_for_a_later_round():
    st = with_hired_hands()
    st = place(st, 1, 1, 1, 1, 1, 1, 1, 2)
    st = play(st, Done())
    assert st.phase != "demand"
    st = finish_round(st)
    assert st.round == 3 and current_player(st) == 1  # Mjölnir has passed to Benedek
    assert st.players[0].brown == 2
    st = place(st, 1)
    assert Place(1, brown=True) in legal_actions(st)


def test_own_vikings_cannot_be_held_back():
    st = with_hired_hands()
    assert Done() not in legal_actions(st)


def test_placed_brown_vikings_go_to_the_box_not_back_to_the_owner():
    st = with_hired_hands()
    st = place(st, "b3", 1, 1, 1, 1, 1, 1, 1, 1)
    st = play(st, Done())
    st = finish_round(st)
    assert st.round == 3
    assert st.players[0].brown == 1
    assert st.players[0].vikings == 4
    assert "A21" in st.players[0].cards


def test_hired_hands_is_discarded_when_both_brown_vikings_are_gone():
    st = with_hired_hands()
    st = place(st, "b3", 1, "b3", 1, 1, 1, 1, 1, 1, 1)
    st = finish_round(st)
    assert st.round == 3
    assert "A21" not in st.players[0].cards and "A21" in st.box
    assert st.players[0].brown == 0


def test_a_brown_viking_buys_for_its_owner():
    st = with_hired_hands()
    st = place(st, "b2", 1, 1, 1, 1, 1, 1, 1, 1)
    st = play(st, Done())
    # Column 1 (8 vikings) is resolved first: everybody passes.
    while st.columns[0]:
        st = play(st, Pass())
    assert current_player(st) == 0 and st.columns[1] == (viking(0, True),)
    coins = st.players[0].coins
    card = st.spaces[1]
    st, events = play_ev(st, Buy())
    bought = next(e for e in events if isinstance(e, Bought))
    assert (bought.player, bought.card, bought.price) == (0, card, 1)
    # The rest of the round runs by itself: Jarl income 2 (he bought something).
    assert st.players[0].coins == coins - 1 + 2
    assert card in st.players[0].cards


# ---- Loki: Trickery

def trickery_game():
    """Jarl, 2 players; Peti holds Loki: Trickery. Columns after the demand phase:
    1 = Benedek, Peti · 2 = Peti ×3 · 3 = Benedek ×3."""
    st = give(game(2, "jarl", deck=filler(12)), 0, "A22")
    st = place(st, 2, 1, 1, 3, 2, 3, 2, 3)
    return st


def test_trickery_is_offered_to_its_owner_at_the_end_of_the_demand_phase():
    st = trickery_game()
    assert st.pending and current_player(st) == 0
    assert Swap(1, 0, 1, 1) in legal_actions(st)
    assert Decline() in legal_actions(st)


def test_trickery_swap_changes_the_buying_order_in_a_column():
    st = trickery_game()
    st = play(st, Swap(1, 0, 1, 1))
    assert st.columns[0] == (viking(0), viking(1))
    assert st.phase == "purchase" and current_player(st) == 0
    coins = st.players[0].coins
    st = play(st, Buy())
    assert st.players[0].coins == coins - 2
    assert "A22" in st.box and "A22" not in st.players[0].cards


def test_trickery_swap_between_columns_changes_who_pays_which_price():
    st = trickery_game()
    st = play(st, Swap(1, 0, 2, 0))  # Benedek's top of column 1 <-> Peti's top of column 2
    assert st.columns[0] == (viking(0), viking(0))
    assert st.columns[1] == (viking(1), viking(0), viking(0))
    st = play(st, Pass(), Pass())  # Peti passes column 1 at 2 and at 1: nobody buys
    assert current_player(st) == 1
    coins = st.players[1].coins
    st = play(st, Buy())
    assert st.players[1].coins == coins - 3


def test_trickery_declined_is_kept_for_a_later_round():
    st = play(trickery_game(), Decline())
    assert st.phase == "purchase"
    assert "A22" in st.players[0].cards
    assert st.columns[0] == (viking(1), viking(0))


def reservation_trickery_game():
    """Jarl, 2 players; Peti holds Loki: Trickery. After the demand phase: Peti reserved
    space 7 (slot 0), Benedek reserved space 8 (slot 1); column 1 = Peti, Benedek;
    column 2 = Peti, Benedek; column 3 = Peti, Benedek."""
    st = give(game(2, "jarl", deck=filler(12)), 0, "A22")
    return place(st, "R7", "R8", 1, 1, 2, 2, 3, 3)


def test_trickery_swaps_vikings_in_the_reservation_row_too():
    # RULES.md §6 ruling: any two vikings on the board, demand columns and reservation row.
    st = reservation_trickery_game()
    swaps = [a for a in legal_actions(st) if isinstance(a, Swap)]
    assert Swap(RESERVATION_ROW, 0, RESERVATION_ROW, 1) in swaps
    assert Swap(1, 1, RESERVATION_ROW, 0) in swaps  # Benedek's column viking <-> Peti's slot
    assert any(RESERVATION_ROW in (a.column_a, a.column_b) for a in swaps)


def test_a_viking_moved_onto_a_reserved_card_makes_it_its_owners_reservation():
    st = reservation_trickery_game()
    peti_card = st.reservation[0][0]
    # Benedek's viking (2nd in column 1) <-> Peti's viking on the first reserved card.
    st = play(st, Swap(1, 1, RESERVATION_ROW, 0))
    assert st.reservation[0] == (peti_card, viking(1), ())
    assert st.columns[0] == (viking(0), viking(0))
    # The row is resolved as usual: the first reserved card is now Benedek's to buy or box,
    # at the row's price (2 cards in the row).
    st = pass_columns(st)
    assert st.phase == "reservation" and current_player(st) == 1
    coins = st.players[1].coins
    st, ev = play_ev(st, Buy())
    assert st.players[1].coins == coins - 2
    assert any(isinstance(e, Bought) and e.card == peti_card and e.player == 1 for e in ev)


def test_swapping_two_reserved_cards_swaps_who_buys_which():
    st = reservation_trickery_game()
    first, second = st.reservation[0][0], st.reservation[1][0]
    st = play(st, Swap(RESERVATION_ROW, 0, RESERVATION_ROW, 1))
    assert [(c, v) for c, v, _ in st.reservation] == [(first, viking(1)), (second, viking(0))]


def test_two_vikings_of_the_same_player_and_kind_are_never_offered_as_a_swap():
    st = reservation_trickery_game()
    for a in legal_actions(st):
        if isinstance(a, Swap):
            va = viking_at(st, a.column_a, a.position_a)
            vb = viking_at(st, a.column_b, a.position_b)
            assert va != vb, a
    # Peti's two column vikings at the top of columns 1 and 2 are not offered.
    assert Swap(1, 0, 2, 0) not in legal_actions(st)


def test_a_swap_of_two_own_vikings_is_illegal():
    st = reservation_trickery_game()
    with pytest.raises(IllegalAction):
        apply_action(st, Swap(1, 0, RESERVATION_ROW, 0))


def test_a_swap_round_trips_through_json_with_the_reservation_row():
    a = Swap(RESERVATION_ROW, 1, 3, 0)
    assert a.to_json() == {"type": "swap", "column_a": 0, "position_a": 1, "column_b": 3,
                           "position_b": 0}
    assert action_from_json(a.to_json()) == a


def viking_at(st, column: int, position: int) -> int:
    if column == RESERVATION_ROW:
        return st.reservation[position][1]
    return st.columns[column - 1][position]


def pass_columns(st):
    """Everybody declines every card in the demand columns; stops at the reservation row."""
    while st.phase == "purchase" and not st.pending:
        st, _ = apply_action(st, Pass())
    return st


def test_a_players_own_and_brown_vikings_are_of_different_kinds_and_may_be_swapped():
    # Jarl, 2 players; Peti holds Trickery and Hired hands: his brown viking and his own
    # viking are not "the same player and kind", so swapping them is offered.
    st = give(game(2, "jarl", deck=filler(12)), 0, "A22", "A21", brown=1)
    st = place(st, "b1", 1, 1, 2, 2, 2, 3, 3, 3)
    assert st.pending and st.columns[0][:2] == (viking(0, brown=True), viking(1))
    assert st.columns[0][2] == viking(0)
    assert Swap(1, 0, 1, 2) in legal_actions(st)
    st = play(st, Swap(1, 0, 1, 2))
    assert st.columns[0][0] == viking(0) and st.columns[0][2] == viking(0, brown=True)
