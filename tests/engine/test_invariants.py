"""Seeded fuzz and property tests: conservation and purity after every action, exact replay."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from jorvik.carddata import load_cards
from jorvik.engine import (
    IllegalAction,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    make_record,
    new_game,
)
from jorvik.engine.invariants import violations
from jorvik.recordschema import replay_record


def state_hash(st) -> str:
    return hashlib.sha256(json.dumps(st.to_dict(), sort_keys=True).encode()).hexdigest()


def play_checked(players: int, mode: str, seed: int, pick=None):
    """Play one game, checking every invariant after every action; returns (first, last, actions)."""
    rng = random.Random(seed)
    st = first = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    assert violations(st) == []
    history = [(st, state_hash(st))]
    actions = []
    step = 0
    while not is_over(st):
        legal = legal_actions(st)
        assert legal, f"no legal action for {current_player(st)} in {st.phase}"
        a = pick(legal, step) if pick else rng.choice(legal)
        st, _ = apply_action(st, a)
        actions.append(a)
        assert violations(st) == [], (step, a)
        history.append((st, state_hash(st)))
        step += 1
        assert step < 5000, "game does not end"
    for old, h in history:
        assert state_hash(old) == h, "an action changed an earlier state"
    return first, st, actions


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_replay_exactly(players, mode):
    for seed in (players * 100 + 1, players * 100 + 2):
        first, last, actions = play_checked(players, mode, seed)
        record = json.loads(json.dumps(make_record(first, actions)))
        again, parsed = replay_record(record, load_cards())
        assert state_hash(again) == state_hash(last)
        assert parsed == actions
        assert last.result["winners"]


def test_game_over_offers_no_action_and_refuses_any():
    _, last, actions = play_checked(2, "karl", 7)
    assert legal_actions(last) == []
    assert current_player(last) is None
    with pytest.raises(IllegalAction):
        apply_action(last, actions[-1])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=hs.integers(0, 10_000),
    players=hs.integers(2, 5),
    mode=hs.sampled_from(["karl", "jarl"]),
    choices=hs.lists(hs.integers(0, 10_000), min_size=50, max_size=400),
)
def test_any_sequence_of_legal_actions_keeps_the_invariants(seed, players, mode, choices):
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    before = []
    for c in choices:
        if is_over(st):
            break
        legal = legal_actions(st)
        before.append((st, state_hash(st)))
        st, _ = apply_action(st, legal[c % len(legal)])
        assert violations(st) == []
    for old, h in before:
        assert state_hash(old) == h
