"""Judgements you can trust (issue 36): every difference carries its standard error from
paired draws; the review lists only losses measured again with fresh draws and clear of zero,
ordered by those; moves that cannot be told apart are "about equal"; reasons only where the
difference stands clear of its own noise; budgets shrink with the game's length."""

from __future__ import annotations

from test_learn_review import blunder_record

from jorvik.bots.sampler import Estimate
from jorvik.engine import Buy, Pass
from jorvik.i18n import set_language
from jorvik.review import (
    CANDIDATES,
    Decision,
    Hint,
    Review,
    clear_reasons,
    hints,
    review,
    screen_draws,
    states_of,
)
from jorvik.tui.screens.hint import hint_words
from jorvik.tui.screens.review import loss_words, report
from jorvik.tui.text import Seats


def _d(index: int, loss: float, se: float, fresh: bool) -> Decision:
    return Decision(index, 1, "purchase", 0, Pass(), Buy(), loss, (), se, fresh)


def test_only_fresh_losses_clear_of_zero_are_listed_in_their_order():
    decisions = [_d(1, 20.0, 1.0, False),   # the first pass's estimate only: never listed
                 _d(2, 6.0, 1.0, True), _d(3, 9.0, 2.0, True),
                 _d(4, 3.0, 2.0, True),     # 1.5 standard errors: not clear of zero
                 _d(5, -2.0, 1.0, True)]
    r = Review(decisions, [0], [[10, 10]], ["A", "B"])
    assert [d.index for d in r.costliest(5)] == [3, 2]
    assert [d.index for d in r.costliest(1)] == [3]


def test_a_review_lists_fresh_losses_with_their_standard_errors():
    result = review(blunder_record(), humans=[0], playouts=2, seed=1)
    worst = result.costliest(5)
    assert worst
    for d in worst:
        assert d.fresh and d.se >= 0 and d.loss >= 2 * d.se and d.loss > 0
    assert [d.loss for d in worst] == sorted((d.loss for d in worst), reverse=True)
    assert all(not d.fresh for d in result.decisions if d not in worst and d.loss > 50)


def test_another_seed_draws_other_samples_and_the_same_seed_the_same():
    from test_reasons import _position
    st = _position(3)
    one = hints(st, playouts=2, seed=1)
    assert one == hints(st, playouts=2, seed=1)
    other = hints(st, playouts=2, seed=2)
    assert [h.margin for h in one] != [h.margin for h in other]


def test_the_first_pass_gets_fewer_draws_for_a_longer_game_and_more_decisions():
    short, k = screen_draws([50] * 20, budget=200_000)
    assert k == CANDIDATES
    longer, _ = screen_draws([200] * 20, budget=200_000)
    more, _ = screen_draws([200] * 80, budget=200_000)
    assert short > longer > more >= 2
    # when even two draws of three moves do not fit: the chosen move against the bot's best
    assert screen_draws([400] * 400, budget=1_000_000) == (2, 2)


def test_reasons_leave_out_differences_within_their_noise():
    parts = {"picts": Estimate(6.0, 1.0, 20), "craftsmen": Estimate(9.0, 6.0, 20),
             "coins": Estimate(-2.0, 0.5, 20), "feasts": Estimate(0.3, 0.01, 20)}
    assert clear_reasons(parts) == (("picts", 6.0), ("coins", -2.0))
    assert clear_reasons({"picts": Estimate(6.0, 1.0, 2)}) == ()  # too few draws


def test_a_difference_reads_at_a_glance_and_moves_not_told_apart_are_about_equal():
    set_language("en")
    assert loss_words(8.3, 2.1) == "−8 VP, ±2"
    assert loss_words(3.42, 0.61) == "−3.4 VP, ±0.6"
    assert loss_words(25.83, None) == "−25.8 VP"
    assert hint_words(Hint(Pass(), 3.0, -4.0, (), 3.0, False), best=False) == "about equal"
    assert hint_words(Hint(Pass(), 3.0, -8.2, (), 1.6, True), best=False) == "−8 VP, ±2"
    assert hint_words(Hint(Buy(), 7.2, 0.0, (), 1.0, True), best=True) == \
        "best: a final VP margin of about +7"
    set_language("hu")
    assert hint_words(Hint(Pass(), 3.0, -4.0, (), 3.0, False), best=False) == \
        "nagyjából egyforma"
    assert loss_words(3.42, 0.61) == "−3,4 GyP, ±0,6"
    set_language("en")


def test_the_report_says_how_sure_it_is():
    set_language("en")
    rec = blunder_record()
    result = review(rec, humans=[0], playouts=2, seed=1)
    states, _ = states_of(rec)
    seats = Seats(["Peti", "Benedek"], ["blue", "yellow"], [None, "normal"])
    text = "\n".join(line.plain for line in report(result, states, seats))
    assert "VP, ±" in text and "standard error" in text
    assert "How sure:" in text
    result.unsure = [result.costliest(1)[0].index]
    text = "\n".join(line.plain for line in report(result, states, seats))
    assert "1 decision listed could trade places" in text


def test_a_hint_on_a_budget_reports_progress_to_the_end_and_ranks_by_fresh_draws():
    rec = blunder_record()
    states, actions = states_of(rec)
    i = next(i for i, (s, a) in enumerate(zip(states, actions))
             if isinstance(a, Pass) and s.round == 2)
    seen = []
    found = hints(states[i], budget=4000, seed=3, progress=lambda d, t: seen.append((d, t)))
    assert isinstance(found[0].action, Buy) and found[0].effect == 0
    assert all(h.effect <= 0 and h.se >= 0 for h in found)
    assert seen[-1] == (4000, 4000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_screen_ranks_a_precise_loss_above_a_larger_noisy_one():
    import random

    from jorvik.review import _shrunk
    rng = random.Random(1)
    truth = [abs(rng.gauss(0.0, 2.0)) for _ in range(20)]           # losses of 0 to ~5 VP
    screened = {i: [truth[i] + rng.gauss(0, 3.0) for _ in range(30)] for i in range(20)}
    screened[20] = [4.0 + rng.gauss(0, 0.3) for _ in range(30)]     # 4 VP, measured well
    screened[21] = [4.5 + rng.gauss(0, 20.0) for _ in range(30)]    # mostly noise
    screened[22] = [0.5 + rng.gauss(0, 0.1) for _ in range(30)]     # small, measured well
    likely = _shrunk(screened)
    assert likely[20][0] > likely[21][0]                 # shrunk: the precise one is larger
    assert abs(likely[20][0] - sum(screened[20]) / 30) < 0.2 and likely[20][1] < 0.1
    assert likely[22][0] < likely[20][0] and likely[22][1] < 0.05


def test_a_hint_screen_passes_on_every_move_it_cannot_tell_from_its_leader():
    import random

    from jorvik.bots.sampler import Outcome, Paired
    from jorvik.carddata import load_cards
    from jorvik.engine import Place, apply_action, legal_actions, new_game
    from jorvik.review import _screen_hint
    st = new_game(["Anna", "Bela", "Csaba"], seed=4, cards=load_cards())
    moves = [a for a in legal_actions(st) if isinstance(a, Place)][:4]

    def column(s):
        return next(i for i, col in enumerate(s.columns) if col)
    col = [column(apply_action(st, m)[0]) for m in moves]
    worth = {col[0]: 5.0, col[1]: 4.8, col[2]: 4.6, col[3]: -20.0}

    def playout(s, seed):
        return Outcome(worth[column(s)] + random.Random(seed * 5 + column(s)).gauss(0, 3), 10)
    screen = Paired(st, moves, playout, rng=1)
    top = _screen_hint(screen, budget=400, shown=2, progress=None)
    assert sorted(top) == [0, 1, 2]             # the third is within the noise: kept
    assert screen.steps <= 400 + 4 * 10
