"""`jorvik play --resume --seat 3=hard` (and with --load FILE): seat 3 goes to the hard bot
before play goes on; `--seat 3=human` gives it back; a bad value is one clear line and exit
status 2, never a traceback, and the save is left as it was (issue 47 §1)."""

from __future__ import annotations

import pytest

from jorvik import cli
from jorvik.carddata import load_cards
from jorvik.engine import Place
from jorvik.play.lock import lock_game
from jorvik.play.seats import Seats
from jorvik.play.session import Session


def _saved(n: int = 3, bots: tuple = ()) -> Session:
    names = ["Anna", "Bálint", "Csaba", "Dóra"][:n]
    levels = list(bots) + [None] * (n - len(bots))
    s = Session.start(load_cards(), Seats(names, ["red", "blue", "green", "yellow"][:n], levels),
                      "karl", 4, 0)
    s.apply(Place(1))
    s.close()
    return s


def _started(monkeypatch) -> list:
    started: list = []
    monkeypatch.setattr("jorvik.tui.run_play", lambda config, hints: started.append(config) or 0)
    return started


@pytest.mark.parametrize("how", ["resume", "load"])
def test_resume_with_seat_hands_the_seat_over_once_the_game_is_loaded(monkeypatch, how):
    game = _saved(bots=(None, None, "normal"))
    before = game.path.read_bytes()
    started = _started(monkeypatch)
    where = ["--resume"] if how == "resume" else ["--load", str(game.path)]
    assert cli.main(["play", *where, "--seat", "2=hard", "--seat", "3=human"]) == 0
    config = started[0]
    assert config.load_path == game.path
    assert config.seat_changes == [(1, "hard"), (2, None)]
    assert game.path.read_bytes() == before     # changed by the app, in the game, not here
    config.lock.release()


@pytest.mark.parametrize("spec,words", [
    ("3=wizard", "unknown bot 'wizard' (choose from easy, expert, exploit-all, "
                 "exploit-collector, exploit-feeder, exploit-picts, hard, normal, random, "
                 "rollout, human)"),
    ("4=hard", "--seat: seat 4 is not between 1 and 3"),   # the saved game has 3 seats
    ("0=hard", "--seat: seat 0 is not between 1 and 3"),
    ("three=hard", "--seat: 'three' is not a seat number"),
    ("3", "--seat '3': use N=LEVEL, e.g. 2=hard"),
    ("=", "--seat '=': use N=LEVEL, e.g. 2=hard"),
])
@pytest.mark.parametrize("how", ["resume", "load"])
def test_a_bad_seat_is_one_line_and_exit_2_and_the_save_stays(capsys, monkeypatch, spec, words,
                                                            how):
    game = _saved()
    before = game.path.read_bytes()
    started = _started(monkeypatch)
    where = ["--resume"] if how == "resume" else ["--load", str(game.path)]
    with pytest.raises(SystemExit) as e:
        cli.main(["play", *where, "--seat", spec])
    err = capsys.readouterr().err
    assert e.value.code == 2 and words in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not started and game.path.read_bytes() == before
    lock_game(game.path).release()              # not left locked


def test_a_bad_seat_is_worded_in_hungarian_too(capsys, monkeypatch):
    _saved()
    _started(monkeypatch)
    with pytest.raises(SystemExit):
        cli.main(["--lang", "hu", "play", "--resume", "--seat", "5=hard"])
    assert "--seat: az 5. hely nincs 1 és 3 között" in capsys.readouterr().err


def test_resume_with_seat_and_nothing_to_resume_says_so(capsys, monkeypatch):
    started = _started(monkeypatch)
    with pytest.raises(SystemExit) as e:
        cli.main(["play", "--resume", "--seat", "2=hard"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "there is no unfinished game to resume" in err
    assert not started


def test_a_new_game_still_takes_seat_as_before(monkeypatch):
    started = _started(monkeypatch)
    assert cli.main(["play", "--players", "3", "--names", "Anna,Bálint,Csaba",
                     "--seat", "3=hard"]) == 0
    assert started[0].seats.bots == [None, None, "hard"] and started[0].seat_changes == []
