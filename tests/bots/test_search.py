"""The determinized search (`hard`, `expert`): legal, reproducible, cancellable, its race and
time bank, its horizons, its knobs by table, and no search of a decision with one sensible
option (that it never reads hidden information is tested with the other bots in
test_hidden_information.py)."""

from __future__ import annotations

import json
import threading
import time

import pytest

from jorvik.bots import make_bot
from jorvik.bots.knowledge import final_margin, margin_of
from jorvik.bots.sampler import Outcome, Paired
from jorvik.bots.search import EXPERT, HARD, Race, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, legal_actions, new_game
from jorvik.tournament import play_game

from .test_bots_play import play_checked


@pytest.mark.parametrize("players,mode", [(2, "jarl"), (4, "karl")])
def test_expert_only_plays_legal_actions(players, mode):
    play_checked(["expert"] + ["normal"] * (players - 1), mode, 91 + players, playouts=1)


def test_expert_is_reproducible_with_a_playout_budget():
    a = play_game(["expert", "normal"], "karl", 33, bot_options={"playouts": 1})
    b = play_game(["expert", "normal"], "karl", 33, bot_options={"playouts": 1})
    assert a == b


def test_a_set_stop_event_or_should_stop_ends_the_search_at_once():
    st = new_game(["A", "B", "C"], mode="jarl", seed=5, cards=load_cards())
    while len(legal_actions(st)) < 3:
        st, _ = apply_action(st, legal_actions(st)[0])
    stop = threading.Event()
    stop.set()
    bot = make_bot("expert", seed=1, think=30.0, stop=stop)
    t = time.perf_counter()
    assert bot.choose(st) in legal_actions(st)
    assert time.perf_counter() - t < 10.0
    assert bot.last_stats["iterations"] == 0
    other = make_bot("expert", seed=1, think=30.0)
    answers = iter([False, False, False])
    other.should_stop = lambda: next(answers, True)   # "stop" from the fourth question on
    t = time.perf_counter()
    assert other.choose(st) in legal_actions(st)
    assert time.perf_counter() - t < 10.0 and other.last_stats["iterations"] <= 1


def test_the_margin_is_own_score_against_the_best_and_the_mean_other():
    assert margin_of([30, 20, 10], 0) == 30 - 0.5 * 20 - 0.5 * 15


def test_a_finished_games_margin_breaks_ties_by_coins():
    result = {"scores": [{"total": 40, "coins": 3}, {"total": 40, "coins": 1}]}
    assert final_margin(result, 0) == pytest.approx(0.02)
    assert final_margin(result, 1) == pytest.approx(-0.02)


def test_expert_in_a_tournament_from_the_command_line(capsys):
    from jorvik.cli import main
    rc = main(["tournament", "--games", "1", "--players", "2", "--bots", "expert,normal",
               "--playouts", "1", "--workers", "1", "--json"])
    assert rc == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in data["bots"]] == ["expert", "normal"]


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_time_a_decision_leaves_unused_is_spent_on_later_placements_within_the_stretch():
    """`think` is a budget per searched decision on average: a decision settled early banks
    the rest, a later placement may take up to `stretch` × think, never more than was saved;
    a purchase takes at most think, whatever is saved."""
    bot = make_bot("expert", seed=1, think=1.0)
    bot.clock = clock = FakeClock()
    assert bot._allowance(placing=True) == 1.0     # nothing saved yet
    bot._t0 = 0.0
    clock.now = 0.25                               # settled after a quarter of its second
    bot._book()
    assert bot.bank == pytest.approx(0.75)
    assert bot._allowance(placing=True) == pytest.approx(1.75)
    for _ in range(20):                            # many quick decisions: the bank is capped
        bot._t0 = clock.now
        bot._book()
    assert bot._allowance(placing=True) == pytest.approx(bot.config.stretch * 1.0)
    bot._t0 = clock.now
    clock.now += 3.0                               # a long one takes its time out of the bank
    bot._book()
    assert bot.bank == pytest.approx(10.0 - 2.0)
    assert bot._allowance(placing=False) == 1.0
    hard = make_bot("hard", seed=1, think=1.0)     # hard's stretch is 1: no bank to draw on
    hard.bank = 5.0
    assert hard._allowance(placing=True) == 1.0


def test_a_search_with_a_playout_budget_banks_nothing():
    bot = make_bot("expert", seed=1, playouts=2)
    assert bot._allowance(placing=True) == 0.0
    st = new_game(["A", "B"], mode="karl", seed=4, cards=load_cards())
    while len(legal_actions(st)) < 3:
        st, _ = apply_action(st, legal_actions(st)[0])
    bot.choose(st)
    assert bot.bank == 0.0


def test_racing_keeps_a_candidate_whose_small_lead_has_no_spread_yet():
    """Identical samples say nothing about the spread: a candidate 0.1 VP behind in every one
    of 16 samples is kept (the variance floor), one 5 VP behind is dropped."""
    lead = [float(i % 7) for i in range(16)]
    close = [x - 0.1 for x in lead]
    far = [x - 5.0 for x in lead]
    assert _race(EXPERT.race, [lead, close, far]) == [0, 1]


def _race(race: Race, samples: list[list[float]], alive: list[int] | None = None) -> list[int]:
    """The candidates `race` keeps after the draws `samples` (one list of values per move)."""
    st = new_game(["A", "B"], seed=1, cards=load_cards())
    values = iter(x for draw in zip(*samples) for x in draw)
    move = legal_actions(st)[0]
    sampler = Paired(st, [move] * len(samples), lambda s, seed: Outcome(next(values)), rng=1)
    for _ in samples[0]:
        sampler.draw()
    alive = list(range(len(samples))) if alive is None else alive
    return race.survivors(sampler, [sum(x) for x in samples], alive)


def _demand_state(players: int = 4, mode: str = "jarl", seed: int = 12):
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    while st.phase != "demand" or len(legal_actions(st)) < 3:
        st, _ = apply_action(st, legal_actions(st)[0])
    return st


class _StopRounds(SearchBot):
    """An expert that notes where each of its rollouts was told to stop."""

    def __init__(self, *args, **kwargs):
        super().__init__(EXPERT, *args, **kwargs)
        self.stops: set[int] = set()

    def _playout(self, s, me, stop_round, seed, cut):
        self.stops.add(stop_round)
        return super()._playout(s, me, stop_round, seed, cut)


def test_placing_a_viking_is_judged_one_round_further_than_a_purchase():
    """A viking placed now pays off in this round's purchases and, through what they bring,
    in the next round's: the expert plays a placement on to the end of the next round, a
    purchase (settled by this round's unloading) only to the end of this one."""
    st = _demand_state()
    bot = _StopRounds(1, playouts=2)
    bot.choose(st)
    assert bot.stops == {st.round + 1}
    while st.phase != "purchase" or len(legal_actions(st)) < 2:
        st, _ = apply_action(st, legal_actions(st)[0])
    bot.stops.clear()
    bot.choose(st)
    assert bot.stops <= {st.round}


def test_the_rollouts_noise_is_the_same_for_the_same_decision_whatever_came_before():
    """Common random numbers: a rollout's random nudge to a placement belongs to the decision
    (round, player, vikings left, the placement), not to how many random numbers the rollout
    drew before it, so the candidates' rollouts stay comparable after they part ways."""
    from jorvik.bots.policy import NormalBot
    st = _demand_state(seed=13)
    keyed_a, keyed_b = NormalBot(1, noise=5.0), NormalBot(2, noise=5.0)
    keyed_a.noise_key = keyed_b.noise_key = 77
    for _ in range(7):
        keyed_b.rng.random()                      # b has drawn other numbers before
    assert keyed_a.rank(st) == keyed_b.rank(st)
    free_a, free_b = NormalBot(1, noise=5.0), NormalBot(2, noise=5.0)
    assert free_a.rank(st) != free_b.rank(st)     # without a key the nudges differ
    other_key = NormalBot(1, noise=5.0)
    other_key.noise_key = 78
    assert other_key.rank(st) != keyed_a.rank(st)


def test_racing_drops_a_candidate_that_came_out_as_the_leader_every_time():
    """Two moves that led to the same result (give or take a coin's tie-break, 0.01 VP) in
    all 16 samples cannot be told apart by more:
    the race ends with the first of them (the heuristic's preference) instead of spending the
    time a closer decision could use."""
    lead = [float(i % 5) for i in range(16)]
    assert _race(EXPERT.race, [lead, list(lead)]) == [0]
    assert _race(EXPERT.race, [lead, [x - 0.01 * (i % 2) for i, x in enumerate(lead)]]) == [0]
    assert _race(EXPERT.race, [lead, list(lead), [x - 0.1 for x in lead]]) == [0, 2]
    assert _race(HARD.race, [lead, list(lead)]) == [0, 1]   # hard keeps ties: no `same`


def test_at_five_players_a_placement_is_judged_at_the_next_rounds_start():
    """Five players make the longest rounds: a sample one round further buys too few of them
    at the usual budgets, so there a placement is cut where a purchase is."""
    st = _demand_state(players=5, mode="karl")
    bot = _StopRounds(1, playouts=2)
    bot.choose(st)
    assert bot.stops == {st.round}
    deep = _StopRounds(1, playouts=2, deep_max_players=5)
    deep.choose(st)
    assert deep.stops == {st.round + 1}


# --------------------------------------------------------------------- the expert's knobs

def _tuned_seat_wins(mode: str, players: int, seeds: range) -> float:
    """Games won by one heuristic bot with the expert's knobs for the table (seats rotated)
    against default heuristic bots."""
    from jorvik.bots.knowledge import EXPERT_PARAMS, table_params
    from jorvik.bots.playout import play_out
    from jorvik.bots.policy import NormalBot

    knobs = table_params(EXPERT_PARAMS, mode, players)
    won = 0.0
    for seed in seeds:
        seat = seed % players
        bots = [NormalBot(params=knobs if i == seat else None) for i in range(players)]
        st, _ = play_out(new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards()), bots)
        winners = st.result["winners"]
        won += 1.0 / len(winners) if seat in winners else 0.0
    return won


def test_the_expert_plays_and_plays_out_with_the_knobs_of_the_games_table():
    from jorvik.bots.knowledge import DEFAULT, EXPERT_PARAMS

    bot = SearchBot(EXPERT, 1, playouts=1)
    bot.choose(new_game(["A", "B", "C", "D"], mode="jarl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["jarl"] is bot.rollout_bot.params
    assert EXPERT_PARAMS["jarl"] != DEFAULT
    bot.choose(new_game(["A", "B", "C", "D"], mode="karl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["karl"] is bot.rollout_bot.params
    # a table size with knobs of its own uses them
    bot.choose(new_game(["A", "B"], mode="karl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["karl 2p"] is bot.rollout_bot.params
    assert EXPERT_PARAMS["karl 2p"] != EXPERT_PARAMS["karl"]
    mine = SearchBot(EXPERT, 1, playouts=1,
                     params={"jarl": DEFAULT, "karl 3p": EXPERT_PARAMS["jarl"]})
    mine.choose(new_game(["A", "B"], mode="jarl", seed=3, cards=load_cards()))
    assert mine.policy.params is DEFAULT is mine.rollout_bot.params
    mine.choose(new_game(["A", "B", "C"], mode="karl", seed=3, cards=load_cards()))
    assert mine.policy.params is EXPERT_PARAMS["jarl"] is mine.rollout_bot.params


def test_table_params_prefers_the_tables_own_knobs_then_the_modes():
    from jorvik.bots.knowledge import DEFAULT, Params, table_params

    own = Params(lam=2.0)
    by_table = {"karl": DEFAULT, "karl 2p": own}
    assert table_params(by_table, "karl", 2) is own
    assert table_params(by_table, "karl", 5) is DEFAULT
    assert table_params(by_table, "jarl", 2) is None


@pytest.mark.slow
def test_the_expert_knobs_for_jarl_beat_the_default_heuristic_at_four_players():
    # Deterministic (the heuristic bots draw no noise): 40 deals the knobs were not tuned on.
    # Fair share 10 of 40 (the default knobs in the same seats win 7); tools/tune_heuristic.py
    # measured 53% over 200 such deals.
    assert _tuned_seat_wins("jarl", 4, range(50_000, 50_040)) >= 14


@pytest.mark.slow
def test_the_two_player_knobs_beat_the_default_heuristic_and_the_modes_knobs():
    # Deterministic, on 40 two-player deals none of the sets was tuned on (fair share 20 of
    # 40). Karl: the default knobs in the same seats win 16.5, the Karl set 20; Jarl: 18 and
    # 28 (the Jarl set was tuned at four players).
    assert _tuned_seat_wins("karl", 2, range(50_000, 50_040)) >= 24
    assert _tuned_seat_wins("jarl", 2, range(50_000, 50_040)) >= 31


# --------------------------------------------------------------------- trivial decisions

@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_decision_with_one_option_or_no_interaction_is_not_searched(level):
    """One legal action, unloading (the planner's) and the small pending decisions are answered
    without a single play-out, even with 30 s to think."""
    st = new_game(["A", "B", "C"], mode="jarl", seed=5, cards=load_cards())
    asked = 0
    while asked < 20 and st.phase != "end":
        legal = legal_actions(st)
        if len(legal) == 1 or st.pending or st.phase == "unloading":
            bot = make_bot(level, seed=1, think=30.0)
            t = time.perf_counter()
            assert bot.choose(st) in legal
            assert bot.last_stats["iterations"] == 0 and time.perf_counter() - t < 5.0
            asked += 1
        st, _ = apply_action(st, make_bot("normal", seed=2).choose(st))
    assert asked == 20


def test_a_clear_purchase_leaves_the_race_long_before_the_budget_is_spent():
    """A buy-or-pass the draws settle ends when the race has one candidate left, not when the
    budget (30 s) is spent; with a fixed number of play-outs the expert races too."""
    from .test_positions import position
    st = position("strong-player-g1", 116)   # the Feast at 1 with 17 coins
    bot = SearchBot(EXPERT, 0, think=30.0, cpu_clock=True, coins_at_cut="curve",
                    held_cubes=True)
    t = time.process_time()
    bot.choose(st)
    assert bot.last_stats["alive"] == 1
    assert time.process_time() - t < 30.0 / 2
    fixed = SearchBot(EXPERT, 0, playouts=200, coins_at_cut="curve", held_cubes=True)
    fixed.choose(st)
    assert fixed.last_stats["alive"] == 1 and fixed.last_stats["iterations"] < 200


def test_a_way_of_valuing_coins_at_the_cut_the_search_does_not_know_is_refused():
    from dataclasses import replace
    with pytest.raises(ValueError, match="coins_at_cut"):
        replace(EXPERT, coins_at_cut="caped")
    with pytest.raises(ValueError, match="coins_at_cut"):
        SearchBot(HARD, 0, playouts=1, coins_at_cut="")
