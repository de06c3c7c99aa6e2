"""The phase table (RULES.md §4: supply, demand, purchase, unloading, then the final attack and
scoring): every phase has one entry, and play moves only to a phase its entry lists as next."""

from __future__ import annotations

import dataclasses
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, legal_actions, new_game
from jorvik.engine import game
from jorvik.engine.phase import Phase


def test_every_phase_has_one_entry_and_only_deciding_phases_have_a_decider():
    assert set(game.PHASES) == set(Phase)
    deciding = {ph for ph, rules in game.PHASES.items() if rules.decider is not None}
    assert deciding == {Phase.DEMAND, Phase.PURCHASE, Phase.RESERVATION, Phase.UNLOADING}
    for rules in game.PHASES.values():
        assert (rules.decider is None) == (rules.options is None) == (rules.apply is None)


@pytest.mark.parametrize("players,mode,seed", [(2, "karl", 1), (4, "jarl", 2), (5, "jarl", 3)])
def test_play_moves_only_to_the_phases_the_table_lists(players, mode, seed, monkeypatch):
    seen: set[tuple[Phase, Phase]] = set()

    def watched(ph: Phase, step):
        def run(st, ev):
            go_on = step(st, ev)
            if st.phase != ph:
                assert st.phase in game.PHASES[ph].next, f"{ph} -> {st.phase}"
                seen.add((ph, st.phase))
            return go_on
        return run

    table = {ph: dataclasses.replace(r, step=watched(ph, r.step)) for ph, r in game.PHASES.items()}
    monkeypatch.setattr(game, "PHASES", table)
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    while not is_over(st):
        before = st.phase
        assert current_player(st) is not None
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
        if st.phase != before and (before, st.phase) not in seen:
            # an action's own effect may only lead where the automatic steps are listed
            assert any(st.phase in r.next for r in table.values())
    assert current_player(st) is None and st.phase == Phase.END
    assert {(Phase.UNLOADING, Phase.SUPPLY_START), (Phase.FINAL, Phase.END),
            (Phase.DEMAND, Phase.DEMAND_END)} <= seen
