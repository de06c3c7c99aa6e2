"""Bots only take legal actions, are reproducible for a seed, and normal beats easy."""

from __future__ import annotations

import random

import pytest

from jorvik.bots import BOTS, make_bot, play_out, seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import is_over, legal_actions, new_game
from jorvik.tournament import play_game, tournament


def play_checked(lineup: list[str], mode: str, seed: int, **options) -> dict:
    def legal(before, a, _after) -> None:
        assert a in legal_actions(before), (before.phase, before.pending, a)

    st = new_game([f"P{i}" for i in range(len(lineup))], mode=mode, seed=seed, cards=load_cards())
    st, _ = play_out(st, seat_bots(lineup, seed, **options), max_decisions=5000, watch=legal)
    assert is_over(st)
    return st.result


def test_registry_names():
    assert {"easy", "random", "normal", "hard", "expert"} <= set(BOTS)
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("games", [pytest.param(range(30), id="first-30"),
                                   pytest.param(range(30, 200), id="170-more",
                                                marks=pytest.mark.slow)])
def test_normal_only_plays_legal_actions(games):
    """200 games, 2-5 players, both modes, normal and easy in random seats (the first 30 in
    the quick tier, all of them in the slow one)."""
    rng = random.Random(2024)
    tables = []
    for g in range(200):
        players = rng.randint(2, 5)
        mode = rng.choice(("karl", "jarl"))
        lineup = [rng.choice(("normal", "easy")) for _ in range(players)]
        lineup[rng.randrange(players)] = "normal"
        if g in games:
            play_checked(lineup, mode, 5000 + g)
            tables.append((players, mode))
    assert {p for p, _ in tables} == {2, 3, 4, 5} and {m for _, m in tables} == {"karl", "jarl"}


@pytest.mark.parametrize("players,mode", [(4, "karl"), (2, "jarl"), (3, "jarl"), (5, "karl")])
def test_hard_only_plays_legal_actions(players, mode):
    lineup = ["hard"] + ["normal"] * (players - 1)
    play_checked(lineup, mode, 77 + players, playouts=1)


def test_bots_are_reproducible():
    a = play_game(["normal", "easy", "normal"], "jarl", 31)
    b = play_game(["normal", "easy", "normal"], "jarl", 31)
    assert a == b
    a = play_game(["hard", "normal"], "karl", 32, bot_options={"playouts": 1})
    b = play_game(["hard", "normal"], "karl", 32, bot_options={"playouts": 1})
    assert a == b


@pytest.mark.slow
def test_normal_beats_easy():
    res = tournament(24, 4, "karl", ["normal", "easy", "easy", "easy"], seed=100)
    normal = next(b for b in res.bots if b.name == "normal")
    assert normal.wins / normal.played >= 0.6
    res = tournament(12, 2, "jarl", ["normal", "easy"], seed=200)
    normal = next(b for b in res.bots if b.name == "normal")
    assert normal.wins / normal.played >= 0.8
