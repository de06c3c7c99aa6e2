"""RULES.md §4.3 purchase phase: demand columns, the reservation row, Jarl's hall and the two
immediate cards (Treasure hoard, Loki: Tribute)."""

from __future__ import annotations

import pytest

from jorvik.engine import Buy, IllegalAction, Pass, apply_action, current_player, legal_actions
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
    pass_purchases,
    place,
    play,
    play_ev,
    viking,
    with_player,
)

# ---- demand columns

def test_rulebook_column_blue_white_yellow():
    # Blue (Peti) may pay 3 and passes; white (Móni) pays 2 and buys; yellow's viking returns.
    st = game(["Peti", "Móni", "Benedek"], "karl", deck=["A01", "A02", "A03", "A04"])
    st = place(st, 1, 1, 1, 2, 3, 4, 2, 3, 4)
    assert st.columns[0] == (viking(0), viking(1), viking(2))
    assert st.phase == "purchase" and current_player(st) == 0
    st = play(st, Pass())
    assert current_player(st) == 1
    assert st.columns[0] == (viking(1), viking(2))
    st = play(st, Buy())
    assert st.players[1].coins == 3
    assert st.players[1].loading == ("A01",)
    assert st.players[0].coins == 5 and st.players[2].coins == 5
    assert st.columns[0] == () and st.spaces[0] is None
    # every viking of column 1 is back with its owner (the other two of each wait elsewhere)
    assert [p.vikings for p in st.players] == [1, 1, 1]


def test_rulebook_column_yellow_green_yellow_blue():
    # Yellow (Benedek) declines 4, green (Eszti) declines 3, yellow's second viking buys for 2.
    st = game(["Benedek", "Eszti", "Peti"], "karl", deck=["A01", "A02", "A03", "A04"])
    st = place(st, 1, 1, 2, 1, 2, 1, 3, 3, 3)
    assert st.columns[0] == (viking(0), viking(1), viking(0), viking(2))
    st = play(st, Pass())
    assert current_player(st) == 1
    st = play(st, Pass())
    assert current_player(st) == 0
    st = play(st, Buy())
    assert st.players[0].coins == 3
    assert st.players[0].loading == ("A01",)
    assert [p.coins for p in st.players[1:]] == [5, 5]


def test_cards_are_sold_from_the_leftmost_column_to_the_right():
    st = game(3, "karl", deck=["A01", "A02", "A03", "A04"])
    st = place(st, 3, 2, 4, 3, 2, 4, 3, 2, 4)  # Peti: column 3 · Benedek: 2 · Eszti: 4
    assert st.spaces[0] is None  # column 1 had no demand: its card went to the box
    order = []
    while st.phase == "purchase":
        column = next(i for i, c in enumerate(st.columns) if c) + 1
        order.append((column, current_player(st)))
        st = play(st, Buy())
    assert order == [(2, 1), (3, 0), (4, 2)]


def test_a_card_nobody_buys_goes_to_the_box_with_its_cubes_to_the_common_area():
    st = game(2, "karl", deck=["B08", "A01", "A02"], bag=[AMBER, AMBER, IRON, JET])
    st = place(st, 1, 1, 2, 2, 3, 3)
    st = play(st, Pass(), Pass())
    assert "B08" in st.box
    assert st.common[AMBER] == 2 and st.common[IRON] == 1
    assert [p.loading for p in st.players] == [(), ()]


def test_a_player_who_cannot_pay_cannot_buy_and_the_right_passes_down():
    st = with_player(game(2, "karl", deck=filler(3)), 0, coins=1)
    st = place(st, 1, 1, 2, 2, 3, 3)
    # Peti's top viking would pay 2 but he has 1 coin: he is passed over.
    assert current_player(st) == 1
    assert st.columns[0] == (viking(1),)
    st = play(st, Buy())
    assert st.players[1].coins == 4


def test_buying_without_enough_coins_is_illegal():
    # Peti holds Jarl's hall, so he has a choice and is not passed over automatically.
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26")
    st = place(st, 1, 1, 2, 2, 3, 3, 2, 3)
    st = with_player(st, 0, coins=1)
    assert current_player(st) == 0
    assert Buy() not in legal_actions(st)
    with pytest.raises(IllegalAction):
        apply_action(st, Buy())


def test_all_vikings_are_back_with_their_owners_after_the_purchase_phase():
    st = game(3, "karl", deck=filler(4))
    st = place(st, 1, 1, 1, 2, 2, 3, 4, 4, 4)
    st = play(st, Pass(), Buy())
    st = pass_purchases(st)
    assert all(c == () for c in st.columns)
    assert [p.vikings for p in st.players] == [3, 3, 3]


# ---- the reservation row (Jarl)

def reservation_example(moni_coins: int = 1):
    """Jarl, 4 players. Peti reserves a ship (space 7), Móni a wool merchant (space 8), Eszti a
    5-defence warrior (space 9); everybody else goes to the demand columns."""
    deck = filler(5, exclude=["A07"]) + ["B08", "A07", "D05", "A10", "B04"]
    st = game(["Peti", "Benedek", "Eszti", "Móni"], "jarl", deck=deck,
              bag=[LEATHER, WOOL, AMBER, IRON])
    st = place(st, "R7", 1, 2, "R8", 1, 1, "R9", 2, 3, 3, 4, 4, 5, 5, 3, 4)
    assert [c for c, _, _ in st.reservation] == ["B08", "A07", "D05"]
    st = with_player(st, 3, coins=moni_coins)
    while st.phase == "purchase":
        st = play(st, Pass())
    assert st.phase == "reservation"
    return st


def test_rulebook_reservation_row_prices_3_then_2_then_1():
    st = reservation_example()
    assert current_player(st) == 0
    st = play(st, Buy())  # Peti pays 3 for the ship
    assert st.players[0].coins == 2
    assert "B08" in st.players[0].loading
    assert sorted(st.players[0].ship_goods) == [LEATHER, WOOL]
    # Móni cannot pay 2: her card goes to the box; Eszti now decides at price 1.
    assert current_player(st) == 2
    assert "A07" in st.box
    st = play(st, Buy())
    assert st.players[2].coins == 4
    assert "D05" in st.players[2].loading
    assert st.reservation == ()
    assert [p.vikings for p in st.players] == [4, 4, 4, 4]


def test_the_reservation_price_counts_the_cards_now_in_the_row():
    st = reservation_example(moni_coins=5)
    st = play(st, Pass())  # Peti discards the ship
    assert current_player(st) == 3
    st = play(st, Buy())  # two cards left: Móni pays 2
    assert st.players[3].coins == 3


def test_declining_a_reserved_card_discards_it_and_the_viking_returns():
    st = reservation_example()
    st = play(st, Pass())
    assert "B08" in st.box
    assert st.common[LEATHER] == 1 and st.common[WOOL] == 1
    assert st.players[0].loading == ()
    assert st.players[0].vikings == 4
    assert st.players[0].coins == 5


def test_only_the_reserver_may_buy_a_reserved_card():
    st = reservation_example()
    st = play(st, Pass())
    assert "B08" not in [c for c, _, _ in st.reservation]
    assert all("B08" not in p.loading for p in st.players)


# ---- Jarl's hall

def test_jarls_hall_makes_a_purchase_from_a_column_free_and_goes_to_the_box():
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26")
    st = place(st, 1, 1, 2, 2, 3, 3, 2, 3)
    assert current_player(st) == 0
    st = play(st, Buy(hall=True))
    assert st.players[0].coins == 5
    assert st.players[0].loading == ("A01",)
    assert "D26" not in st.players[0].cards and "D26" in st.box


def test_jarls_hall_works_even_without_coins_for_the_price():
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26", coins=0)
    st = place(st, 1, 1, 2, 2, 3, 3, 2, 3)
    assert current_player(st) == 0
    st = play(st, Buy(hall=True))
    assert st.players[0].coins == 0 and st.players[0].loading == ("A01",)


def test_jarls_hall_makes_a_purchase_from_the_reservation_row_free():
    st = give(game(2, "jarl", deck=filler(6)), 0, "D26")
    st = place(st, "R7", "R8", 1, 1, 2, 2, 3, 3)
    while st.phase == "purchase":
        st = play(st, Pass())
    assert st.phase == "reservation" and current_player(st) == 0
    st = play(st, Buy(hall=True))
    assert st.players[0].coins == 5
    assert st.players[0].loading == ("A04",)
    assert "D26" in st.box


def test_jarls_hall_bought_this_phase_can_be_used_in_the_same_purchase_phase():
    deck = ["D26", "A01"] + filler(4, exclude=["A01"])
    st = game(2, "jarl", deck=deck)
    st = place(st, 1, 2, 3, 2, 3, 3, 3, 3)  # column 2: Benedek ×2; column 3: Peti on top
    st = play(st, Buy())  # Jarl's hall for 1
    assert st.players[0].loading == ("D26",)
    st = play(st, Pass(), Pass())  # column 2 (Benedek twice) passes; nobody buys
    assert current_player(st) == 0
    assert len(st.columns[2]) == 5
    st, events = play_ev(st, Buy(hall=True))  # column 3 at price 5, for free
    assert [(e.card, e.price) for e in events if isinstance(e, Bought)] == [("A02", 0)]
    # (the rest of the round then runs by itself: Jarl income 2 for Peti)
    assert st.players[0].coins == 4 + 2
    assert "D26" in st.box and "D26" not in st.players[0].cards
    assert "A02" in st.players[0].cards


# ---- the two immediate cards

def test_treasure_hoard_gives_4_coins_at_once():
    st = game(2, "jarl", deck=["B22"] + filler(5))
    st = place(st, 1, 2, 2, 2, 3, 3, 3, 3)
    st = play(st, Buy())
    assert st.players[0].coins == 5 - 1 + 4


def test_treasure_hoard_coins_can_be_spent_later_in_the_same_purchase_phase():
    st = game(2, "jarl", deck=["B22"] + filler(5))
    st = place(st, 1, 2, 3, 2, 3, 2, 3, 2)  # Peti: 1, 3, 3, 3 · Benedek: 2 ×4
    st = with_player(st, 0, coins=1)
    st = play(st, Buy())  # Treasure hoard for his last coin: now 4
    st = play(st, Pass(), Pass(), Pass(), Pass())  # Benedek passes column 2
    assert current_player(st) == 0
    st, events = play_ev(st, Buy())  # column 3 at price 3; the rest of the game runs by itself
    assert [e.price for e in events if isinstance(e, Bought)] == [3]
    assert st.players[0].coins == 1 + 2  # and Jarl income 2 in the unloading phase


def test_treasure_hoard_goes_to_the_box_in_the_unloading_phase():
    st = game(2, "jarl", deck=["B22"] + filler(11))
    st = place(st, 1, 2, 2, 2, 3, 3, 3, 3)
    st = play(st, Buy())
    st = finish_round(st)
    assert "B22" in st.box
    assert "B22" not in st.players[0].cards and st.players[0].loading == ()
    # Jarl income after buying something: 2
    assert st.players[0].coins == 5 - 1 + 4 + 2


def tribute_game():
    """Jarl, 4 players (Loki: Tribute is only in the 4-player game). Peti alone tops column 1
    with Loki: Tribute; Eszti has no coins."""
    st = game(4, "jarl", deck=["D28"] + filler(19, exclude=["D28"]))
    st = place(st, 1, 2, 3, 4, 5, 2, 3, 4, 5, 2, 3, 4, 5, 2, 3, 4)
    return with_player(st, 2, coins=0)


def test_loki_tribute_takes_1_coin_from_every_other_player_who_has_one():
    st = tribute_game()
    assert current_player(st) == 0
    st = play(st, Buy())
    assert [p.coins for p in st.players] == [5 - 1 + 2, 4, 0, 4]


def test_loki_tribute_goes_to_the_box_in_the_unloading_phase():
    st = play(tribute_game(), Buy())
    st = finish_round(st)
    assert "D28" in st.box and "D28" not in st.players[0].cards
    assert st.players[0].coins == 5 - 1 + 2 + 2


def test_a_bought_card_goes_to_the_loading_area_with_its_ship_cubes():
    st = game(2, "karl", deck=["B08", "A01", "A02"], bag=[AMBER, IRON, JET])
    st = place(st, 1, 2, 2, 2, 3, 3)
    st = play(st, Buy())
    assert st.players[0].loading == ("B08",)
    assert sorted(st.players[0].ship_goods) == [AMBER, IRON, JET]
    assert st.players[0].cards == ()
