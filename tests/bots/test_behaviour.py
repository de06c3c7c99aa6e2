"""Five behaviours a strong player expects of the `normal`, `hard` and `expert` bots (issue 14),
and of `rollout`, the cheaper policy for play-outs (issue 37),
each on a constructed position: a stacked deck and bag, earlier choices played through the
engine.

The decks keep to cards whose text does not change between card-file versions (no A13, no
D02); the attacks still to come are B13 (+2/-2), C13 and D15 (+3/-3) and the final PX (+4/-4)."""

from __future__ import annotations

import pytest
from engine.helpers import (
    AMBER,
    JET,
    LEATHER,
    WOOL,
    filler,
    game,
    give,
    load,
    place,
    to_unloading,
    with_player,
)

from jorvik.bots import make_bot
from jorvik.bots.knowledge import Ctx, card_value, completable
from jorvik.engine import (
    Assign,
    Buy,
    GameState,
    Place,
    Reserve,
    apply_action,
    current_player,
    legal_actions,
    viking_owner,
)

BOTS = [("normal", {}), ("rollout", {}), ("hard", {"playouts": 4}), ("expert", {"playouts": 12})]
ATTACKS = ("B13", "C13", "D15")
ids = [name for name, _ in BOTS]


def deck(first: list[str], without: tuple[str, ...] = (), seasons: str = "ABCD",
         mode: str = "karl") -> list[str]:
    """`first` on top, then every other card of the mode in season order (a long game), left
    out: `without`, A13 and D02 (they change with the card file), seasons not in `seasons`."""
    from jorvik.carddata import load_cards
    skip = set(first) | set(without) | {"A13", "D02", "PX"}
    rest = sorted((c.id for c in load_cards().cards
                   if c.id not in skip and c.season in seasons
                   and (mode == "jarl" or not c.jarl_only)),
                  key=lambda cid: (cid[0], cid))
    return list(first) + rest


def unload(st: GameState, name: str, options: dict) -> list:
    """Player 0's whole unloading turn as the bot plays it."""
    bot = make_bot(name, seed=1, **options)
    done = []
    while st.phase == "unloading" and current_player(st) == 0:
        a = bot.choose(st)
        assert a in legal_actions(st)
        done.append(a)
        st, _ = apply_action(st, a)
    return done


def decide(st: GameState, name: str, options: dict):
    a = make_bot(name, seed=1, **options).choose(st)
    assert a in legal_actions(st)
    return a


# ---- 1. it completes a craftsman when it can this turn

@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_completes_the_leatherworker_instead_of_selling_the_leather(name, options):
    """L, L, W unloaded, an empty Leatherworker (L+W) and a leather merchant, early in a long
    game: the craftsman is completed (5 VP now), only the spare leather is sold."""
    first = filler(3, exclude=["A01", "A06", "A07", "B08"])
    st = game(2, deck=deck(first, ("A01", "A06", "A07", "B08")))
    st = give(st, 0, "A01", "A06", "A07")
    st = load(st, 0, "B08", goods=[LEATHER, LEATHER, WOOL])
    st = to_unloading(st)
    assert completable(st, 0)
    done = unload(st, name, options)
    assert Assign(LEATHER, "craftsman", "A01") in done
    assert Assign(WOOL, "craftsman", "A01") in done


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_completes_the_clothier_with_the_stored_cube(name, options):
    """A, L, J on the ship and W in storage complete the Clothier (A L W J, 11 VP) now."""
    first = filler(3, exclude=["B03", "B08", "A04", "A06"])
    st = game(2, deck=deck(first, ("B03", "B08", "A04", "A06")))
    st = give(st, 0, "B03", "A04", "A06", storage=(WOOL,))
    st = load(st, 0, "B08", goods=[AMBER, LEATHER, JET])
    st = to_unloading(st)
    done = unload(st, name, options)
    assert {a for a in done if isinstance(a, Assign) and a.to == "craftsman"} == {
        Assign(g, "craftsman", "B03") for g in (AMBER, LEATHER, WOOL, JET)}


# ---- 2. it values defence by the attacks still to come

def defence_position(without: tuple[str, ...] = (), mine: tuple[str, ...] = (),
                     theirs: tuple[str, ...] = ("B07",)) -> GameState:
    """2-player Karl, round 1: the Berserker ⚔4 (C06) on space 1; Peti has `mine`, Benedek
    `theirs` (a ⚔3 by default)."""
    first = ["C06", *filler(2, exclude=["C06"])]
    st = game(2, deck=deck(first, (*without, *mine, *theirs)))
    st = give(st, 0, *mine)
    return give(st, 1, *theirs)


def test_a_warrior_is_worth_more_the_more_attacks_are_to_come():
    values = []
    for k in range(len(ATTACKS) + 1):
        st = defence_position(without=ATTACKS[:k])   # k of the seasonal attacks left out
        values.append(card_value(Ctx(st), 0, "C06"))
    assert values == sorted(values, reverse=True)
    assert values[0] > values[-1] + 3                  # three more attacks: a big difference


def test_a_warrior_is_worth_more_when_it_turns_the_attacks_around():
    behind = card_value(Ctx(defence_position(mine=(), theirs=("B07",))), 0, "C06")
    ahead = card_value(Ctx(defence_position(mine=("D05", "D04"), theirs=("A11",))), 0, "C06")
    assert behind > ahead + 2


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_buys_the_warrior_that_takes_the_lead_cheaply(name, options):
    """No defence against a ⚔3 with four attacks to come: the ⚔4 at 1 coin is bought."""
    st = place(defence_position(), 1, 2, 2, 3, 3, 2)
    assert st.phase == "purchase" and current_player(st) == 0 and st.columns[0] == (0,)
    assert decide(st, name, options) == Buy()


# ---- 3. it does not decline a card it is first in line for when it is worth the price

def midgame(first: list[str], seasons: str, **peti) -> GameState:
    st = game(2, deck=deck(first, seasons=seasons))
    return give(st, 0, **peti) if peti else st


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_buys_a_warrior_alone_at_one_coin_holding_nine(name, options):
    first = ["B06", *filler(2, exclude=["B06"])]
    st = game(2, deck=deck(first, ("C06",), seasons="CD"))
    st = give(st, 1, "C06")
    st = with_player(st, 0, coins=9)
    st = place(st, 1, 2, 3, 2, 3, 2)
    assert st.phase == "purchase" and st.columns[0] == (0,)
    assert decide(st, name, options) == Buy()


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_buys_the_clothier_with_three_of_its_goods_stored(name, options):
    first = ["B03", *filler(2, exclude=["B03", "A09"])]
    st = game(2, deck=deck(first, ("A09",), seasons="BCD"))
    st = give(st, 0, "A09", warehouse=(AMBER, LEATHER, WOOL))
    st = place(st, 1, 1, 2, 3, 2, 3)               # Benedek below Peti: price 2
    assert st.phase == "purchase" and [viking_owner(v) for v in st.columns[0]] == [0, 1]
    assert decide(st, name, options) == Buy()


# ---- 4. it buys or declines reservations consistently with its coins

def jarl_round(coins: int, seed: int) -> GameState:
    """3-player Jarl, round 1, Peti (start player) with `coins`; good cards on spaces 7-10."""
    top = ["A11", "A01", "A02", "A04", "C06", "B07", "B03", "D05"]
    st = game(3, "jarl", deck=deck(top, mode="jarl"), seed=seed)
    return with_player(st, 0, coins=coins)


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
@pytest.mark.parametrize("coins", [1, 3, 6])
def test_reserves_no_more_than_it_can_pay_and_buys_what_it_reserved(name, options, coins):
    st = jarl_round(coins, seed=coins)
    bots = [make_bot(name, seed=1, **options)] + [make_bot("normal", seed=i) for i in (2, 3)]
    while st.phase == "demand" or st.pending:
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
    while st.phase == "purchase":
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
    mine = [i for i, (_, code, _) in enumerate(st.reservation) if viking_owner(code) == 0]
    row = len(st.reservation)
    cost = sum(row - i for i in mine)   # each is paid at the row's length when it comes up
    assert cost <= st.players[0].coins + 1   # one coin of slack: an estimate of later rows
    while st.phase == "reservation" and not st.pending:
        p = current_player(st)
        a = bots[p].choose(st)
        if p == 0 and len(st.reservation) <= st.players[0].coins:
            assert a == Buy(), st.reservation[0]
        st, _ = apply_action(st, a)


@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_does_not_reserve_what_it_cannot_pay(name, options):
    """No coin at all: a reservation can only go to the box, so it places a viking instead."""
    st = jarl_round(0, seed=5)
    a = decide(st, name, options)
    assert not isinstance(a, Reserve)


# ---- 5. it does not stack vikings where one suffices

@pytest.mark.parametrize("name,options", BOTS, ids=ids)
def test_does_not_put_a_second_viking_under_its_own_on_a_small_warrior(name, options):
    """Peti alone on top of the ⚔1's column: a second viking there only wastes it."""
    first = ["A11", "A01", "A02"]
    st = game(2, deck=deck(first))
    st = place(st, 1, 2)
    assert current_player(st) == 0
    a = decide(st, name, options)
    assert isinstance(a, Place) and a.column != 1
