"""The value model under the hints and the review (issue 49): a judging play-out plays the
decision's round and HORIZON − 1 more, and the value model scores the position reached from
its public view, so that the luck of the rest of the game (which no move changes) leaves the
paired difference; a play-out that reaches the end is scored by the final scores; without a
usable model the play-outs go on to the end as before. Budgets count the model's look."""

from __future__ import annotations

import statistics

import pytest

from jorvik import review as rv
from jorvik.bots import play_out, seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import (
    current_player,
    final_scores,
    is_over,
    legal_actions,
    make_record,
    new_game,
)


def _midgame(players: int = 4, decisions: int = 80):
    st = new_game([f"P{i}" for i in range(players)], mode="karl", seed=5, cards=load_cards())
    st, _ = play_out(st, seat_bots(["normal"] * players, 5), max_decisions=decisions)
    assert current_player(st) is not None and len(legal_actions(st)) > 1
    return st


def test_the_margin_is_own_minus_the_mean_of_the_best_rivals_and_the_rivals_average():
    assert rv.margin_of([30.0, 20.0], 0) == 10.0          # two players: own minus other
    assert rv.margin_of([30.0, 20.0], 1) == -10.0
    # three players: 30 − (½·24 + ½·(24 + 12)/2) = 30 − 21
    assert rv.margin_of([30.0, 24.0, 12.0], 0) == pytest.approx(9.0)


def test_a_cut_playout_stops_after_the_horizon_and_is_scored_by_the_value_model():
    st = _midgame()
    p = current_player(st)
    judge = rv.Judge(seed=1, horizon=1)
    last = judge.stop_round(st)
    assert last == st.round
    model = rv.value_model()
    assert model is not None
    out = judge.playout(p, last)(st, 7)
    # the same play-out by hand: the policy from the same seed to the round's end
    bot = rv.playout_bot(1)
    bot.rng.seed(7)
    reached, n = play_out(st, bot, stop_round=last, max_decisions=judge.max_steps)
    assert reached.round == st.round + 1 and not is_over(reached)
    assert out.value == pytest.approx(model.margins(reached)[p])
    assert out.steps == n + rv.MODEL_STEPS
    # its parts are the game as it would be scored at the cut
    scored = final_scores(reached.copy())["scores"][p]
    assert out.parts["craftsmen"] == scored.get("craftsmen", 0)
    vp = sum(v for k, v in out.parts.items() if k in rv.VP_PARTS)
    assert vp == pytest.approx(rv._margin(reached, p))


def _whole_game(players: int = 3, seed: int = 2):
    st0 = new_game([f"P{i}" for i in range(players)], mode="karl", seed=seed,
                   cards=load_cards())
    actions = []
    play_out(st0, seat_bots(["normal"] * players, seed),
             watch=lambda _b, a, _a: actions.append(a) and None)
    return rv.states_of(make_record(st0, actions))


def test_a_playout_that_reaches_the_end_is_scored_by_the_final_scores():
    states, actions = _whole_game()
    last = states[len(actions) - 1].round
    st = next(s for s in states[:len(actions)] if s.round == last
              and current_player(s) is not None and len(legal_actions(s)) > 1)
    p = current_player(st)
    judge = rv.Judge(seed=1, horizon=1)
    out = judge.playout(p, judge.stop_round(st))(st, 3)
    bot = rv.playout_bot(1)
    bot.rng.seed(3)
    end, n = play_out(st, bot, max_decisions=3000)
    assert is_over(end)
    assert out.value == pytest.approx(rv._margin(end, p)) and out.steps == n


def test_cut_playouts_give_a_far_steadier_paired_difference_than_playouts_to_the_end():
    st = _midgame()
    moves = rv.Judge(seed=1).best_moves(st, 2)
    sds = {}
    for h in (None, 2):
        sm = rv.Judge(seed=1, horizon=h).sampler(st, moves, "steady")
        for _ in range(12):
            sm.draw()
        sds[h] = statistics.stdev(sm.diffs(0, 1))
    assert sds[2] < 0.6 * sds[None], sds


def test_without_a_usable_model_the_playouts_go_to_the_end(monkeypatch):
    monkeypatch.setattr(rv, "value_model", lambda: None)
    st = _midgame()
    judge = rv.Judge(seed=1)
    assert judge.horizon is None and judge.stop_round(st) is None
    p = current_player(st)
    out = judge.playout(p, judge.stop_round(st))(st, 2)
    bot = rv.playout_bot(1)
    bot.rng.seed(2)
    end, n = play_out(st, bot, max_decisions=3000)
    assert out.value == pytest.approx(rv._margin(end, p)) and out.steps == n


def test_a_broken_model_file_means_no_model_not_an_error(monkeypatch):
    from jorvik.bots.value import model as vm

    def broken():
        raise vm.ModelFileError("value-model.json: not a value model")
    monkeypatch.setattr(vm, "load_model", broken)
    assert rv.value_model() is None


def test_a_review_budgets_a_decision_by_its_cut_playout_not_the_rest_of_the_game():
    states, acts = _whole_game()
    to_end = rv.decisions_left(states, acts, [0], horizon=None)
    cut = rv.decisions_left(states, acts, [0], horizon=2)
    assert to_end.keys() == cut.keys()
    first = {}
    for i, s in enumerate(states[:len(acts)]):
        first.setdefault(s.round, i)
    for i, cost in cut.items():
        stop = first.get(states[i].round + 2)
        if stop is None:        # the play-out reaches the game's end
            assert cost == to_end[i] == len(acts) - i
        else:                   # to the start of the round after next, and the model's look
            assert cost == stop - i + rv.MODEL_STEPS < to_end[i] + rv.MODEL_STEPS
    assert sum(cut.values()) < 0.6 * sum(to_end.values())


def test_the_review_screens_by_the_decisions_round_and_judges_again_by_the_horizon(
        monkeypatch):
    """The screen (which decisions are judged again, and each one's best other move) plays
    the decision's round only (SCREEN_HORIZON) before the model scores it; the losses listed
    come from fresh draws of HORIZON's play-outs."""
    assert rv.SCREEN_HORIZON == 1 and rv.HORIZON == 2
    states, acts = _whole_game()
    seen: list[tuple[str, object]] = []
    real = rv._run

    def spy(job, stop=None):
        got = real(job, stop)
        seen.append((job[0], job[-1] if job[0] == "screen" else None))
        if job[0] == "screen" and job[2] == 0:   # its draws are those of a round's play-outs
            st, chosen, k, draws, seed = job[3], job[4], job[6], job[7], job[8]
            judge = rv.Judge(seed=seed, horizon=1)
            moves = judge.best_moves(st, k)
            if chosen not in moves:
                moves = moves[: k - 1] + [chosen]
            sm = judge.sampler(st, moves, f"review/{job[1]}/screen")
            for _ in range(draws):
                sm.draw()
            assert got[1][2] == sm.steps
        return got
    monkeypatch.setattr(rv, "_run", spy)
    # 10 000 steps: ~90 screen jobs and a dozen fresh ones for this game, all this checks
    res = rv.review(make_record(states[0], acts), humans=[0], seed=1, budget=10_000)
    assert {h for kind, h in seen if kind == "screen"} == {1}
    assert any(kind == "fresh" for kind, _ in seen)
    assert all(d.fresh for d in res.costliest())


def test_a_hint_past_its_deadline_shows_what_its_draws_found(monkeypatch):
    """hints(deadline=): once the deadline has passed, the screen and the race each stop at
    MIN_CLEAR draws, and the hints are those draws' (whatever the budget); a stop() still
    gives none."""
    st = _midgame()
    while len(legal_actions(st)) <= rv.HINT_SHOWN:    # a decision with a screen to make
        st, _ = play_out(st, seat_bots(["normal"] * st.n, 5), max_decisions=1)
    made = []
    real = rv.Judge.sampler

    def keep(self, *args, **kwargs):
        made.append(real(self, *args, **kwargs))
        return made[-1]
    monkeypatch.setattr(rv.Judge, "sampler", keep)
    quick = rv.hints(st, seed=1, deadline=0)
    assert len(quick) == 3
    assert [sm.draws for sm in made] == [rv.MIN_CLEAR, rv.MIN_CLEAR]
    assert rv.hints(st, seed=1, deadline=0, budget=10 ** 9) == quick
    assert rv.hints(st, seed=1, deadline=0, stop=lambda: True) == []
    made.clear()
    rv.hints(st, seed=1, budget=4000)                  # no deadline: the budget ends it
    assert made[-1].draws > rv.MIN_CLEAR
