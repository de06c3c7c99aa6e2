"""`jorvik tournament`: the pure function, the statistics and the command line."""

from __future__ import annotations

import json

import pytest
from engine.helpers import LEATHER, WOOL, filler, game, give, load, place, to_unloading

from jorvik.cli import main
from jorvik.engine import Done, apply_action
from jorvik.tournament import Watcher, seating, tournament, wilson


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-3)
    assert wilson(2.5, 5)[0] < 0.5 < wilson(2.5, 5)[1]   # fractional wins


def test_seats_rotate():
    bots = ["hard", "normal", "easy", "easy"]
    assert seating(bots, 0) == bots
    assert seating(bots, 1) == ["normal", "easy", "easy", "hard"]
    assert {seating(bots, g).index("hard") for g in range(4)} == {0, 1, 2, 3}


def test_tournament_counts_every_game():
    res = tournament(6, 3, "karl", ["normal", "easy", "easy"], seed=7)
    by = {b.name: b for b in res.bots}
    assert by["normal"].played == 6 and by["easy"].played == 12
    assert by["normal"].wins + by["easy"].wins == pytest.approx(6)  # shared wins are fractional
    assert res.games_per_second > 0
    again = tournament(6, 3, "karl", ["normal", "easy", "easy"], seed=7)
    assert [b.row() for b in again.bots] == [b.row() for b in res.bots]


@pytest.mark.parametrize("bots,players,extra", [
    (["normal", "easy"], 3, {}),
    (["normal", "nope"], 2, {}),
    (["hard", "easy"], 2, {"think": 1.0, "playouts": 2}),
])
def test_tournament_rejects_bad_arguments(bots, players, extra):
    with pytest.raises(ValueError):
        tournament(1, players, "karl", bots, **extra)


def test_cli_json(capsys):
    rc = main(["tournament", "--games", "3", "--players", "2", "--mode", "jarl",
               "--bots", "normal,easy", "--seed", "5", "--json"])
    out, err = capsys.readouterr()
    assert rc == 0
    data = json.loads(out)
    assert set(data) == {"games", "bots"} and data["games"] == 3
    assert [b["name"] for b in data["bots"]] == ["normal", "easy"]
    for b in data["bots"]:
        assert set(b) == {"name", "wins", "win_rate", "ci_low", "ci_high", "mean_vp",
                          "missed_completions", "picts_vp", "cards_bought",
                          "cards_boxed_after_own_first_place", "cheap_declined",
                          "cheap_declined_value", "crowded_unbought", "picts_vp_gained",
                          "picts_vp_lost", "coins_unspent", "craftsmen_one_short"}
        assert b["ci_low"] <= b["win_rate"] <= b["ci_high"]
        assert b["cards_bought"] > 0 and b["missed_completions"] >= 0
    assert sum(b["wins"] for b in data["bots"]) == pytest.approx(3)
    assert err == ""


def test_cli_table(capsys):
    rc = main(["tournament", "--games", "2", "--players", "2", "--bots", "hard,easy",
               "--playouts", "1"])
    out, _ = capsys.readouterr()
    assert rc == 0
    assert "hard" in out and "easy" in out and "games/s" in out and "win rate" in out


@pytest.mark.parametrize("argv", [
    ["--bots", "normal,wizard", "--players", "2"],
    ["--bots", "normal,easy,easy", "--players", "2"],
    ["--bots", "normal", "--players", "2"],
    ["--bots", "hard,easy", "--players", "2", "--think", "1", "--playouts", "3"],
    ["--bots", "normal,easy", "--players", "9"],
    ["--bots", "normal,easy", "--games", "0"],
])
def test_cli_bad_arguments(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(["tournament", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("jorvik: error:")


def test_workers_give_the_same_figures_as_one_process():
    one = tournament(6, 3, "jarl", ["normal", "easy", "normal"], seed=40, workers=1)
    two = tournament(6, 3, "jarl", ["normal", "easy", "normal"], seed=40, workers=2)
    assert [b.row() for b in one.bots] == [b.row() for b in two.bots]
    assert one.decisions == two.decisions
    hard1 = tournament(2, 2, "karl", ["hard", "normal"], seed=41, playouts=1, workers=1)
    hard2 = tournament(2, 2, "karl", ["hard", "normal"], seed=41, playouts=1, workers=2)
    assert [b.row() for b in hard1.bots] == [b.row() for b in hard2.bots]


def test_cli_workers(capsys):
    argv = ["tournament", "--games", "4", "--players", "2", "--bots", "normal,easy",
            "--seed", "9", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one
    with pytest.raises(SystemExit):
        main([*argv, "--workers", "0"])


def test_a_turn_ended_with_a_craftsman_completable_is_a_missed_completion():
    st = game(2, deck=filler(6, exclude=["A01", "B08"]))
    st = give(st, 0, "A01")
    st = load(st, 0, "B08", goods=[LEATHER, LEATHER, WOOL])
    st = to_unloading(st)
    watch = Watcher(2)
    watch.before(st, Done())
    st, _ = apply_action(st, Done())
    watch.after(st)
    assert watch.finish(st)[0]["missed_completions"] == 1


def test_a_card_passed_first_in_line_and_boxed_is_counted_and_a_bought_one_is_not():
    from jorvik.engine import Buy, Pass
    st = place(game(2, deck=filler(6)), 1, 2, 2, 3, 3, 2)   # Peti alone on column 1
    watch = Watcher(2)
    for a in (Pass(), Buy()):      # Peti passes column 1 (boxed); Benedek buys column 2
        assert st.phase == "purchase"
        watch.before(st, a)
        st, _ = apply_action(st, a)
        watch.after(st)
    seen = watch.finish(st)
    assert seen[0]["cards_boxed_after_own_first_place"] == 1
    assert seen[1]["cards_boxed_after_own_first_place"] == 0 and seen[1]["cards_bought"] == 1


def _watched(st, *actions):
    watch = Watcher(st.n)
    for a in actions:
        assert st.phase == "purchase"
        watch.before(st, a)
        st, _ = apply_action(st, a)
        watch.after(st)
    return st, watch


def test_a_pile_of_three_under_a_card_nobody_bought_counts_for_each_seat_in_it():
    from jorvik.engine import Pass
    # column 1: Peti, Benedek, Peti (top first); the three pass at 3, 2 and 1
    st = place(game(2, deck=filler(6)), 1, 1, 1, 2, 3, 2)
    assert len(st.columns[0]) == 3
    coins = st.players[0].coins
    st, watch = _watched(st, Pass(), Pass(), Pass())
    seen = watch.finish(st)
    assert seen[0]["crowded_unbought"] == 1 and seen[1]["crowded_unbought"] == 1
    # the last pass was at price 1 with the coins to pay: a cheap card declined, valued
    assert coins >= 1
    assert seen[0]["cheap_declined"] == 1 and seen[1]["cheap_declined"] == 0
    assert seen[0]["cheap_declined_value"] != 0


def test_a_pile_whose_card_was_bought_is_not_counted():
    from jorvik.engine import Buy, Pass
    st = place(game(2, deck=filler(6)), 1, 1, 1, 2, 3, 2)
    st, watch = _watched(st, Pass(), Buy())
    seen = watch.finish(st)
    assert seen[0]["crowded_unbought"] == 0 and seen[1]["crowded_unbought"] == 0
    assert seen[0]["cheap_declined"] == 0   # Peti passed at 3, not at 1


def test_picts_coins_and_short_craftsmen_at_the_end_of_a_game():
    from jorvik.tournament import play_observed
    for seed in (3, 4):
        result, _, seen = play_observed(["normal", "normal", "normal"], "jarl", seed)
        for p, row in enumerate(result["scores"]):
            assert seen[p]["picts_vp_gained"] >= 0 and seen[p]["picts_vp_lost"] >= 0
            assert seen[p]["picts_vp_gained"] - seen[p]["picts_vp_lost"] == seen[p]["picts_vp"]
            assert seen[p]["coins_unspent"] == row["coins"]
        assert any(seen[p]["picts_vp_gained"] or seen[p]["picts_vp_lost"] for p in range(3))
