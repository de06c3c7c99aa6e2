"""The random bot (`easy`): plays any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

import random

from jorvik.engine import Action, GameState, legal_actions


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(legal_actions(state))
