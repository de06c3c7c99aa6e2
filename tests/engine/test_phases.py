"""The phase table (RULES.md §4: supply, demand, purchase, unloading, then the final attack and
scoring): every phase has one entry, and play moves only to a phase its entry lists as next."""

from __future__ import annotations

import dataclasses
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, game, is_over, legal_actions, new_game
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
    moves: list[tuple[Phase, Phase]] = []   # the phase changes of one action, in order

    def watched(ph: Phase, rule):
        def run(st, *args):
            nxt = rule(st, *args)
            if nxt is not None and nxt != ph:
                assert nxt in game.PHASES[ph].next, f"{ph} -> {nxt}"
                seen.add((ph, nxt))
                moves.append((ph, nxt))
            return nxt
        return run

    table = {ph: dataclasses.replace(r, step=watched(ph, r.step),
                                     apply=r.apply and watched(ph, r.apply))
             for ph, r in game.PHASES.items()}
    monkeypatch.setattr(game, "PHASES", table)
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    while not is_over(st):
        phase = st.phase
        assert current_player(st) is not None
        moves.clear()
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
        for frm, to in moves:   # every change was returned by the phase play was in
            assert frm == phase, f"{to} announced by {frm} while in {phase}"
            phase = to
        assert phase == st.phase
    assert current_player(st) is None and st.phase == Phase.END
    assert {(Phase.UNLOADING, Phase.SUPPLY_START), (Phase.FINAL, Phase.END),
            (Phase.DEMAND, Phase.DEMAND_END)} <= seen


def test_a_step_that_leads_to_a_phase_its_entry_does_not_list_stops_the_engine(monkeypatch):
    """The table is checked as play runs, not only by this file: a step (or an action) that
    returns a phase its entry does not list as next raises PhaseError, a fault in the
    engine, instead of playing on in the wrong phase."""
    rules = game.PHASES[Phase.SUPPLY]
    table = dict(game.PHASES)
    table[Phase.SUPPLY] = dataclasses.replace(rules, step=lambda st, ev: Phase.UNLOADING)
    monkeypatch.setattr(game, "PHASES", table)
    with pytest.raises(game.PhaseError, match="supply phase may not lead to unloading"):
        new_game(["A", "B"], mode="karl", seed=1, cards=load_cards())


def test_an_action_that_leads_to_a_phase_its_entry_does_not_list_stops_the_engine(monkeypatch):
    st = new_game(["A", "B"], mode="karl", seed=1, cards=load_cards())
    assert st.phase == Phase.DEMAND
    table = dict(game.PHASES)
    table[Phase.DEMAND] = dataclasses.replace(table[Phase.DEMAND],
                                              apply=lambda st, a, ev: Phase.FINAL)
    monkeypatch.setattr(game, "PHASES", table)
    before = st.to_dict()
    with pytest.raises(game.PhaseError, match="demand phase may not lead to final"):
        apply_action(st, legal_actions(st)[0])
    assert st.to_dict() == before   # the state asked about is unchanged
