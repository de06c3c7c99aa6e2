"""Bots never read the hidden information: the deck's order within its seasons and the bag's
order. Two states that agree on everything public get the same decision for the same seed."""

from __future__ import annotations

import functools
import random

import pytest

from jorvik.bots import make_bot, play_out, seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import GameState, legal_actions, new_game


def reshuffled(st: GameState, rng: random.Random) -> GameState:
    """A copy of `st` with the same public information and a different hidden order."""
    c = st.copy()
    by_id = st.cards.by_id
    final = st.cards.final_card().id
    seasons: dict[str, list[str]] = {}
    for cid in st.deck:
        if cid != final:
            seasons.setdefault(by_id[cid].season, []).append(cid)
    order: list[str] = []
    for s in sorted(seasons):
        ids = seasons[s]
        for _ in range(10):  # make sure the order really changes when it can
            rng.shuffle(ids)
            if len(set(ids)) < 2 or ids != [c for c in st.deck if by_id[c].season == s]:
                break
        order.extend(ids)
    if final in st.deck:
        order.append(final)
    c.deck = tuple(order)
    bag = list(st.bag)
    for _ in range(10):
        rng.shuffle(bag)
        if len(set(bag)) < 2 or tuple(bag) != st.bag:
            break
    c.bag = tuple(bag)
    return c


def game_states(players: int, mode: str, seed: int, every: int) -> list[GameState]:
    """Every `every`-th decision state of a game between normal bots (each game played once
    per module: `hard` and `expert` are asked about the same states; they only read them)."""
    return list(_game_states(players, mode, seed, every))


@functools.cache
def _game_states(players: int, mode: str, seed: int, every: int) -> tuple[GameState, ...]:
    out = []
    k = 0

    def collect(before: GameState, _a, _after) -> None:
        nonlocal k
        if len(legal_actions(before)) > 1:
            if k % every == 0:
                out.append(before)
            k += 1

    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    play_out(st, seat_bots(["normal"] * players, seed), watch=collect)
    return tuple(out)


@pytest.mark.parametrize("players,mode,seed", [(4, "karl", 11), (2, "jarl", 12), (3, "jarl", 13)])
def test_normal_ignores_hidden_order(players, mode, seed):
    rng = random.Random(seed)
    states = game_states(players, mode, seed, every=3)
    assert len(states) > 20
    changed = 0
    for st in states:
        other = reshuffled(st, rng)
        changed += other.deck != st.deck or other.bag != st.bag
        a = make_bot("normal", seed=5).choose(st)
        b = make_bot("normal", seed=5).choose(other)
        assert a == b, (st.round, st.phase, a, b)
    assert changed > len(states) // 2


@pytest.mark.parametrize("name", ["hard", "expert"])
@pytest.mark.parametrize("players,mode,seed", [(4, "karl", 21), (2, "jarl", 22)])
def test_search_bots_ignore_hidden_order(players, mode, seed, name):
    rng = random.Random(seed)
    states = [s for s in game_states(players, mode, seed, every=1)
              if s.phase in ("demand", "purchase", "reservation") and not s.pending]
    picked = states[:: max(1, len(states) // 8)][:8]
    for st in picked:
        other = reshuffled(st, rng)
        assert other.deck != st.deck or other.bag != st.bag
        a = make_bot(name, seed=9, playouts=2).choose(st)
        b = make_bot(name, seed=9, playouts=2).choose(other)
        assert a == b, (st.round, st.phase, a, b)


def test_first_decision_from_stacked_games():
    """Games set up with the same cards in different hidden orders start the same way."""
    base = new_game(["A", "B", "C", "D"], mode="karl", seed=3, start_player=0, cards=load_cards())
    rng = random.Random(4)
    other_deck = list(reshuffled(base, rng).deck)
    # The first round's cards are on the board already; the rest of the deck differs.
    order = list(base.spaces[:5]) + [c for c in other_deck if c not in base.spaces]
    names = ["amber", "iron", "leather", "wool", "jet"]
    bag = [names[g] for g in base.bag]
    rng.shuffle(bag)
    # Put back the cubes already drawn onto the first round's ships, in the same order.
    drawn = []
    for s in range(5):
        cid = base.spaces[s]
        if base.cards.by_id[cid].type == "ship":
            drawn.extend(names[g] for g in base.space_goods[s])
    other = new_game(["A", "B", "C", "D"], mode="karl", seed=99, start_player=0,
                     deck=order, bag=drawn + bag, cards=load_cards())
    assert other.spaces == base.spaces and other.space_goods == base.space_goods
    assert other.deck != base.deck
    for name, opts in (("normal", {}), ("hard", {"playouts": 3}), ("expert", {"playouts": 3})):
        assert make_bot(name, seed=1, **opts).choose(base) == \
            make_bot(name, seed=1, **opts).choose(other)
