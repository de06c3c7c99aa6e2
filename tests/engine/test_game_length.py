"""Every game lasts exactly 16 / 12 / 10 / 8 rounds for 2 / 3 / 4 / 5 players, in Karl and in
Jarl alike (CARDS.md, sanity figures; RULES.md §4.1 game-end ruling)."""

import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, is_over, legal_actions, new_game
from jorvik.engine.events import CardRevealed, GameOver


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("players,rounds", [(2, 16), (3, 12), (4, 10), (5, 8)])
def test_every_game_lasts_exactly(mode, players, rounds):
    for seed in range(3):
        rng = random.Random(seed)
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
        while not is_over(st):
            st, _ = apply_action(st, rng.choice(legal_actions(st)))
        assert st.round == rounds


def test_game_ends_after_the_final_picts_card_is_resolved():
    rng = random.Random(3)
    st = new_game(["A", "B"], mode="karl", seed=3, cards=load_cards())
    while not is_over(st):
        st, events = apply_action(st, rng.choice(legal_actions(st)))
    revealed = [e.card for e in events if isinstance(e, CardRevealed)]
    assert revealed[-1] == "PX"
    assert isinstance(events[-1], GameOver)
    assert events[-1].to_json() == {"type": "game_over", **st.result}
    assert st.deck == ()
