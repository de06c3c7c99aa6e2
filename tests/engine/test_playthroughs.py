"""Recorded seeded playthroughs, compared on every run (regenerate only on purpose:
JORVIK_REGENERATE=1 uv run pytest tests/engine/test_playthroughs.py)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Event, apply_action, current_player, is_over, legal_actions, new_game

HERE = Path(__file__).parent / "playthroughs"
GAMES = [(2, "karl", 11), (4, "karl", 12), (4, "jarl", 13), (5, "jarl", 14)]


def playthrough_text(players: int, mode: str, seed: int) -> str:
    rng = random.Random(seed)
    setup: list[Event] = []
    st = new_game([f"P{i + 1}" for i in range(players)], mode=mode, seed=seed, events=setup, cards=load_cards())
    lines = [f"# Jórvík playthrough: {players} players, {mode}, seed {seed}, random actions"]
    lines.extend("  " + json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False) for e in setup)
    while not is_over(st):
        p = current_player(st)
        a = rng.choice(legal_actions(st))
        st, events = apply_action(st, a)
        lines.append(f"P{p + 1} {json.dumps(a.to_json(), sort_keys=True)}")
        lines.extend("  " + json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False) for e in events)
    lines.append("final " + json.dumps(st.result, sort_keys=True))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players,mode,seed", GAMES)
def test_recorded_playthrough_is_unchanged(players, mode, seed):
    path = HERE / f"{players}p_{mode}_seed{seed}.txt"
    text = playthrough_text(players, mode, seed)
    if os.environ.get("JORVIK_REGENERATE") or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not os.environ.get("JORVIK_REGENERATE"):
            pytest.fail(f"{path.name} was missing and has been written; run again")
    assert text == path.read_text(encoding="utf-8")
