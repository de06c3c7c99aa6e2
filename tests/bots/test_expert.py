"""The expert bot: legal, reproducible, cancellable, and its learned evaluation's weights file
is validated like the card file (that it never reads hidden information is tested with the
other bots in test_hidden_information.py)."""

from __future__ import annotations

import json
import threading
import time

import pytest

from jorvik.carddata import load_cards
from jorvik.bots import make_bot
from jorvik.bots.expert_bot import ExpertBot
from jorvik.bots.heuristics import Ctx, player_value
from jorvik.bots.evaluation import (
    FEATURES, MODELS, WeightsFileError, features, load_evaluation, margin_of, parse_weights,
)
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


def test_the_shipped_weights_load_and_predict_a_margin_per_player():
    ev = load_evaluation()
    st = new_game(["A", "B", "C"], mode="karl", seed=2, cards=load_cards())
    m = ev.margins(st)
    assert len(m) == 3 and all(abs(x) < 50 for x in m)
    assert len(features(st)[0]) == len(FEATURES)


def test_the_margin_is_own_score_against_the_best_and_the_mean_other():
    assert margin_of([30, 20, 10], 0) == 30 - 0.5 * 20 - 0.5 * 15


def good_doc() -> dict:
    return {"format": 1, "features": list(FEATURES), "fitted": {"games": 1},
            "models": {m: [0.0] * len(FEATURES) for m in MODELS}}


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(format=2), "format 2"),
    (lambda d: d["features"].pop(), "other features"),
    (lambda d: d["models"].pop("jarl-5"), "no weights for jarl-5"),
    (lambda d: d["models"]["karl-2"].pop(), "weights, not"),
    (lambda d: d["models"]["karl-3"].__setitem__(0, "x"), "models.karl-3.0"),
    (lambda d: d["models"].update({"karl-9": [0.0] * len(FEATURES)}), "unknown model"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["models"]["karl-4"].__setitem__(1, 1e300), "not a sensible number"),
])
def test_a_bad_weights_file_is_one_clear_line(change, words):
    doc = good_doc()
    change(doc)
    with pytest.raises(WeightsFileError) as e:
        parse_weights(json.dumps(doc), "w.json")
    msg = str(e.value)
    assert words in msg and msg.startswith("w.json: ") and "\n" not in msg


def test_weights_that_are_not_json_or_missing_are_one_clear_line(tmp_path):
    with pytest.raises(WeightsFileError, match="not JSON"):
        parse_weights("{", "w.json")
    with pytest.raises(WeightsFileError, match="cannot read"):
        load_evaluation(str(tmp_path / "none.json"))
    assert parse_weights(json.dumps(good_doc()), "w.json").margins(
        new_game(["A", "B"], seed=1, cards=load_cards()))[0] == 0.0


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
    bot._placing = True
    assert bot._allowance() == 1.0                 # nothing saved yet
    bot._t0 = 0.0
    clock.now = 0.25                               # settled after a quarter of its second
    bot._settle()
    assert bot.bank == pytest.approx(0.75)
    assert bot._allowance() == pytest.approx(1.75)
    for _ in range(20):                            # many quick decisions: the bank is capped
        bot._t0 = clock.now
        bot._settle()
    assert bot._allowance() == pytest.approx(bot.stretch * 1.0)
    bot._t0 = clock.now
    clock.now += 3.0                               # a long one takes its time out of the bank
    bot._settle()
    assert bot.bank == pytest.approx(10.0 - 2.0)
    bot._placing = False
    assert bot._allowance() == 1.0


def test_a_search_with_a_playout_budget_banks_nothing():
    bot = make_bot("expert", seed=1, playouts=2)
    assert bot._allowance() == 0.0
    st = new_game(["A", "B"], mode="karl", seed=4, cards=load_cards())
    while len(legal_actions(st)) < 3:
        st, _ = apply_action(st, legal_actions(st)[0])
    bot.choose(st)
    assert bot.bank == 0.0


def test_racing_keeps_a_candidate_whose_small_lead_has_no_spread_yet():
    """Identical samples say nothing about the spread: a candidate 0.1 VP behind in every one
    of 16 samples is kept (the variance floor), one 5 VP behind is dropped."""
    bot = make_bot("expert", seed=1, playouts=1)
    lead = [float(i % 7) for i in range(16)]
    close = [x - 0.1 for x in lead]
    far = [x - 5.0 for x in lead]
    assert bot._race([0, 1, 2], [lead, close, far], 16) == [0, 1]


def test_the_learned_evaluation_scores_the_cut_only_when_asked_for():
    st = new_game(["A", "B", "C"], mode="jarl", seed=3, cards=load_cards())
    ctx = Ctx(st)
    plain = make_bot("expert", seed=1, playouts=1)
    learned = ExpertBot(1, playouts=1, learned=True)
    assert plain.evaluation is None
    assert learned._score(ctx, 0) == pytest.approx(load_evaluation().margins(st, ctx)[0])
    assert plain._score(ctx, 0) == pytest.approx(
        margin_of([player_value(ctx, i) for i in range(3)], 0))


def _demand_state(players: int = 4, mode: str = "jarl", seed: int = 12):
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    while st.phase != "demand" or len(legal_actions(st)) < 3:
        st, _ = apply_action(st, legal_actions(st)[0])
    return st


class _StopRounds(ExpertBot):
    """An expert that notes where each of its rollouts was told to stop."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stops: set[int] = set()

    def _rollout(self, s, me, stop_round, seed):
        self.stops.add(stop_round)
        return super()._rollout(s, me, stop_round, seed)


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
    from jorvik.bots.normal_bot import NormalBot
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
    bot = make_bot("expert", seed=1, playouts=1)
    lead = [float(i % 5) for i in range(16)]
    assert bot._race([0, 1], [lead, list(lead)], 16) == [0]
    assert bot._race([0, 1], [lead, [x - 0.01 * (i % 2) for i, x in enumerate(lead)]], 16) == [0]
    assert bot._race([0, 1, 2], [lead, list(lead), [x - 0.1 for x in lead]], 16) == [0, 2]


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
    from jorvik.bots.heuristics import EXPERT_PARAMS, table_params
    from jorvik.bots.normal_bot import NormalBot
    from jorvik.bots.playout import play_out

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
    from jorvik.bots.heuristics import DEFAULT, EXPERT_PARAMS

    bot = ExpertBot(1, playouts=1)
    bot.choose(new_game(["A", "B", "C", "D"], mode="jarl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["jarl"] is bot.rollout_bot.params
    assert EXPERT_PARAMS["jarl"] != DEFAULT
    bot.choose(new_game(["A", "B", "C", "D"], mode="karl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["karl"] is bot.rollout_bot.params
    # a table size with knobs of its own uses them
    bot.choose(new_game(["A", "B"], mode="karl", seed=3, cards=load_cards()))
    assert bot.policy.params is EXPERT_PARAMS["karl 2p"] is bot.rollout_bot.params
    assert EXPERT_PARAMS["karl 2p"] != EXPERT_PARAMS["karl"]
    mine = ExpertBot(1, playouts=1, params={"jarl": DEFAULT, "karl 3p": EXPERT_PARAMS["jarl"]})
    mine.choose(new_game(["A", "B"], mode="jarl", seed=3, cards=load_cards()))
    assert mine.policy.params is DEFAULT is mine.rollout_bot.params
    mine.choose(new_game(["A", "B", "C"], mode="karl", seed=3, cards=load_cards()))
    assert mine.policy.params is EXPERT_PARAMS["jarl"] is mine.rollout_bot.params


def test_table_params_prefers_the_tables_own_knobs_then_the_modes():
    from jorvik.bots.heuristics import DEFAULT, Params, table_params

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


def test_the_learned_evaluation_is_off_every_default_path():
    # an expert made and playing, and a tournament's command, never load the experiment
    import subprocess
    import sys
    code = ("import sys\n"
            "from jorvik.cli import main\n"
            "main(['tournament', '--games', '1', '--players', '2', '--bots', 'expert,easy',\n"
            "      '--playouts', '1', '--workers', '1', '--json'])\n"
            "assert 'jorvik.bots.evaluation' not in sys.modules, 'loaded'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
