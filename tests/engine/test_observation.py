"""The public view (`observe`): what anyone at the table sees — never the deck's order within
its seasons, the bag's draw order or the seed — and bots that decide from it alone."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.bots.registry import make_bot
from jorvik.carddata import load_cards
from jorvik.engine import (
    Observation,
    apply_action,
    current_player,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
)
from jorvik.engine.state import GameState
from jorvik.review import hints


def _mid_game(players: int, mode: str, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    for _ in range(steps):
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
    assert not is_over(st)
    return st


def _hidden_changed(st: GameState, seed: int) -> GameState:
    """`st` with only hidden information changed: each season's cards in another order, the
    bag in another order, another seed."""
    rng = random.Random(seed)
    other = st.copy()
    by_id = st.cards.by_id
    seasons: dict[str, list[str]] = {}
    for cid in st.deck:
        seasons.setdefault(by_id[cid].season, []).append(cid)
    order: list[str] = []
    for cids in seasons.values():   # the deck keeps its seasons in order
        rng.shuffle(cids)
        order.extend(cids)
    other.deck = tuple(order)
    bag = list(st.bag)
    rng.shuffle(bag)
    other.bag = tuple(bag)
    other.seed = (st.seed or 0) + 12345
    assert other.deck != st.deck and other.bag != st.bag
    return other


@pytest.mark.parametrize("players,mode,seed", [(2, "karl", 3), (4, "jarl", 5)])
def test_states_differing_only_in_hidden_information_look_the_same(players, mode, seed):
    st = _mid_game(players, mode, seed, 40)
    other = _hidden_changed(st, seed)
    p = current_player(st)
    assert observe(st, p) == observe(other, p)
    assert observe(st, p).to_json() == observe(other, p).to_json()


def test_a_view_differs_when_something_public_differs():
    st = _mid_game(3, "karl", 2, 30)
    richer = st.copy()
    richer.mut(0).coins += 1
    assert observe(st, 0) != observe(richer, 0)


def test_the_view_is_json_and_names_no_card_still_in_the_deck():
    st = _mid_game(4, "jarl", 7, 50)
    view = observe(st, current_player(st)).to_json()
    text = json.dumps(view)
    assert json.loads(text) == view
    assert "seed" not in view
    for cid in set(st.deck):
        assert f'"{cid}"' not in text, f"{cid} lies face down in the deck"
    # what can be known of the hidden parts: the cards left per season, the cubes per good
    assert sum(view["deck"].values()) == len(st.deck)
    assert sum(view["bag"].values()) == len(st.bag)
    assert next(iter(view["deck"])) == st.cards.by_id[st.deck[0]].season   # the top card's back


def test_observing_changes_nothing_and_the_view_keeps_no_seed():
    st = _mid_game(2, "jarl", 4, 20)
    before = st.to_dict()
    view = observe(st, 1)
    assert isinstance(view, Observation)
    assert st.to_dict() == before
    assert view.state.seed is None
    assert view.player == 1


def test_a_determinization_of_a_view_keeps_every_card_and_cube():
    st = _mid_game(3, "jarl", 9, 35)
    det = determinize(observe(st, 0), random.Random(1))
    assert sorted(det.deck) == sorted(st.deck)
    assert sorted(det.bag) == sorted(st.bag)
    assert det.deck[-1] == st.deck[-1]   # the final Picts card stays at the bottom
    assert legal_actions(det) == legal_actions(st)


def _demand_decision() -> GameState:
    st = _mid_game(3, "karl", 11, 0)
    assert st.phase == "demand" and len(legal_actions(st)) > 1
    return st


@pytest.mark.parametrize("bot", ["hard", "expert"])
def test_the_search_bots_decide_the_same_when_only_hidden_information_differs(bot):
    st = _demand_decision()
    other = _hidden_changed(st, 1)
    a = make_bot(bot, seed=3, playouts=2).choose(st)
    b = make_bot(bot, seed=3, playouts=2).choose(other)
    assert a == b


def test_hints_are_the_same_when_only_hidden_information_differs():
    st = _demand_decision()
    other = _hidden_changed(st, 2)
    a = hints(st, count=2, playouts=2, seed=1)
    b = hints(other, count=2, playouts=2, seed=1)
    assert [(h.action, h.margin) for h in a] == [(h.action, h.margin) for h in b]
