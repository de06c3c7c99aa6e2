"""Untrusted input on the command line: names, seconds, bot levels, a misplaced option,
`jorvik games`, and `simulate --json` when an invariant breaks. Each bad input is one clear
line and exit 2, never a traceback, a hang, or a byte sent to the terminal unasked."""

from __future__ import annotations

import json
import sys

import pytest

from jorvik import cli, simulate


def run(capsys, *argv, stdin: str = ""):
    import io
    sys.stdin = io.StringIO(stdin)
    try:
        code = cli.main(list(argv))
    except SystemExit as e:
        code = e.code
    finally:
        sys.stdin = sys.__stdin__
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(capsys, *argv) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# ------------------------------------------------------------------ names

def test_a_name_with_an_escape_sequence_is_refused_and_never_reaches_the_terminal(capsys):
    """ESC ]0;title BEL would set the terminal's title: it must not get out, not even in the
    error message (which shows the name with the control characters spelled out). (In the
    test's own process: `jorvik play` is cli.main; what it writes is what capsys holds.)"""
    from jorvik.settings import data_dir
    code, out, err = run(capsys, "play", "--names", "\x1b]0;pwned\x07,Bela")
    assert code == 2
    for stream in (out, err):
        assert "\x1b" not in stream and "\x07" not in stream
    assert err.count("\n") == 1 and "control character" in err and "\\x1b]0;pwned\\x07" in err
    assert not (data_dir() / "games").exists()


@pytest.mark.parametrize("names,words", [
    ("Anna,Anna", "two players are called 'Anna'"),
    ("Anna,anna", "two players are called 'anna'"),
    ("Anna," + "x" * 25, "longer than 24 characters"),
    ("Anna,,Bela", "every player needs a name"),
    ("Anna,Be\u200bla", "control character"),   # a zero-width space: Unicode category C
    ("Anna,Be\nla", "control character"),
])
def test_the_same_name_rules_as_the_setup_screen(capsys, names, words):
    assert words in one_line_error(capsys, "play", "--names", names)


def test_a_24_character_name_with_accents_is_fine():
    from jorvik.engine.names import names_problem
    assert names_problem(["Árvíztűrő Tükörfúrógép Ő", "Béla"]) is None


# ------------------------------------------------------------------ options

@pytest.mark.parametrize("option,value,words", [
    ("--think", "nan", "expected a number of seconds, not 'nan'"),
    ("--think", "inf", "expected a number of seconds, not 'inf'"),
    ("--think", "-1", "expected 0 or more seconds"),
    ("--think", "1e9", "at most 60.0 seconds"),
    ("--bot-delay", "nan", "expected a number of seconds, not 'nan'"),
    ("--bot-delay", "3600", "at most 10.0 seconds"),
])
def test_seconds_must_be_a_finite_number_in_range(capsys, option, value, words):
    assert words in one_line_error(capsys, "play", option, value)


def test_tournament_think_nan_is_refused_too(capsys):
    assert "not 'nan'" in one_line_error(capsys, "tournament", "--bots", "hard,easy",
                                         "--think", "nan")


@pytest.mark.parametrize("argv", [["play", "--level", "wizard", "--bots", "2"],
                                  ["play", "--seat", "2=wizard"]])
def test_play_refuses_an_unknown_bot_level_exactly_as_tournament_does(capsys, argv):
    play_error = one_line_error(capsys, *argv)
    tournament_error = one_line_error(capsys, "tournament", "--bots", "wizard,easy")
    assert play_error == tournament_error
    assert ("unknown bot 'wizard' (choose from easy, expert, exploit-all, exploit-collector, exploit-feeder, exploit-picts, hard, normal, random, rollout)"
            in play_error)


def test_play_options_without_the_command_suggest_jorvik_play(capsys):
    err = one_line_error(capsys, "--players", "3")
    assert "did you mean `jorvik play --players 3`?" in err


def test_lang_alone_still_starts_play(monkeypatch):
    called = []
    monkeypatch.setattr("jorvik.tui.run_play", lambda config, hints: called.append(config) or 0)
    assert cli.main(["--lang", "en"]) == 0 and called[0].need_setup


# ------------------------------------------------------------------ jorvik games

def _saved_game(names=("Anna", "Bela"), actions=0, finished=False):
    from jorvik.carddata import load_cards
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    seats = Seats(list(names), ["red", "blue"], [None, None])
    s = Session.start(load_cards(), seats, "karl", 4, 0)
    from jorvik.engine import legal_actions
    for _ in range(actions):
        s.apply(legal_actions(s.state)[0])
    s.close()
    return s


def test_games_lists_every_saved_game(capsys):
    first = _saved_game(("Anna", "Bela"), actions=3)
    second = _saved_game(("Csaba", "Dora"))
    code, out, _ = run(capsys, "games")
    assert code == 0
    for g in (first, second):
        assert g.game_id in out
    assert "Anna, Bela" in out and "Karl" in out and "unfinished" in out
    assert out.index(second.game_id) < out.index(first.game_id)  # the last played first


def test_games_with_no_games_says_where_they_will_be(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "No saved games yet" in out


def test_games_delete_asks_first_and_keeps_the_game_on_no(capsys):
    game = _saved_game()
    code, out, _ = run(capsys, "games", "--delete", game.game_id, stdin="n\n")
    assert code == 1 and game.path.exists() and "Kept" in out
    code, out, _ = run(capsys, "games", "--delete", game.game_id, stdin="y\n")
    assert code == 0 and not game.path.exists() and "Deleted" in out


def test_games_delete_refuses_a_game_open_in_another_window(capsys):
    from jorvik.play.lock import lock_game
    game = _saved_game()
    lock = lock_game(game.path)
    try:
        err = one_line_error(capsys, "games", "--delete", game.game_id, "--yes")
    finally:
        lock.release()
    assert "open in another" in err and game.path.exists()


@pytest.mark.parametrize("game_id", ["nope", "../../etc/passwd", ".hidden"])
def test_games_resume_of_an_unknown_id_is_one_line(capsys, game_id):
    assert "there is no saved game" in one_line_error(capsys, "games", "--resume", game_id)


def test_games_resume_opens_the_game(monkeypatch):
    game = _saved_game(actions=2)
    seen = []
    monkeypatch.setattr("jorvik.tui.run_play", lambda config, hints: seen.append(config) or 0)
    assert cli.main(["games", "--resume", game.game_id]) == 0
    assert seen[0].load_path == game.path
    seen[0].lock.release()


# ------------------------------------------------------------------ simulate --json

def test_simulate_json_lists_the_failing_seeds_and_violations(capsys, monkeypatch):
    real = simulate.violations

    def broken(st):
        return ["coins went negative"] if st.round == 2 and st.seed == 6 else real(st)
    monkeypatch.setattr(simulate, "violations", broken)
    code, out, _ = run(capsys, "simulate", "--games", "3", "--players", "2", "--seed", "5",
                       "--json")
    data = json.loads(out)
    assert code == 1
    assert {"games", "finished", "violations", "mean_rounds", "mean_winner_vp",
            "decisions_per_game", "decisions_per_second"} <= set(data)
    assert data["violations"] == 1 and data["failing_seeds"] == [6]
    assert data["failures"][0]["violations"] == ["coins went negative"]
    assert data["failures"][0]["decision"] > 0


# ------------------------------------------------------------------ play --resume/--load with seats

@pytest.mark.parametrize("lang,words", [
    ("en", "a resumed game keeps its seats; hand one to a bot with --seat N=LEVEL"),
    ("hu", "a folytatott játék megtartja a helyeit; egy helyet a --seat N=SZINT"),
])
@pytest.mark.parametrize("how", ["resume", "load"])
@pytest.mark.parametrize("seats", [["--bots", "1,2"]])  # --seat N=LEVEL: test_seat_change_cli
def test_resume_with_bots_says_the_seats_cannot_change_and_leaves_the_save(
        capsys, monkeypatch, lang, words, how, seats):
    """The player's report: `play --resume --bots 1,2,3,4` resumed all-human, --bots
    silently ignored. Now: one line saying so, exit 2, no game started, the save's bytes
    as they were and no lock left on it."""
    game = _saved_game(actions=3)
    before = game.path.read_bytes()
    started = []
    monkeypatch.setattr("jorvik.tui.run_play", lambda config, hints: started.append(config) or 0)
    where = ["--resume"] if how == "resume" else ["--load", str(game.path)]
    err = one_line_error(capsys, "--lang", lang, "play", *where, *seats)
    assert words in err and seats[0] in err and where[0] in err
    assert not started and game.path.read_bytes() == before
    from jorvik.play.lock import lock_game
    lock_game(game.path).release()   # not left locked


def test_resume_without_seat_options_still_opens_the_game(monkeypatch):
    game = _saved_game(actions=3)
    seen = []
    monkeypatch.setattr("jorvik.tui.run_play", lambda config, hints: seen.append(config) or 0)
    assert cli.main(["play", "--resume", "--level", "hard"]) == 0
    assert seen[0].load_path == game.path
    seen[0].lock.release()
