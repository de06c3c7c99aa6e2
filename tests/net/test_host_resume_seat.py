"""`jorvik host --resume --seat N=LEVEL` / `--seat N=human` (issue 47 §1: a seat changes
hands from the host's command line): play's parsing and one-line errors, the change made by
Session.change_seat (in the save and the log, asked by the table), with --remote combined
sensibly (a seat handed to a bot cannot also be remote). A bad value is one line and exit
status 2, never a traceback, and the save and its sidecar keep their bytes."""

from __future__ import annotations

import asyncio
import json

import pytest

from jorvik.carddata import load_cards
from jorvik.cli import main
from jorvik.net.host import read_sidecar, sidecar, write_sidecar
from jorvik.net.run import change_seats, resumed_seats
from jorvik.play.lock import lock_game
from jorvik.play.seating import Problem
from jorvik.play.seats import Seats
from jorvik.play.session import Session


def _hosted_game(bots=(None, None, "easy"), remote=(0,)) -> Session:
    """A 3-player hosted game saved as `jorvik host` leaves it: Ann remote, Bo at the host's
    keyboard, Cy a bot."""
    seats = Seats(["Ann", "Bo", "Cy"], ["red", "blue", "green"], list(bots))
    game = Session.start(load_cards(), seats, "karl", 6, 0)
    write_sidecar(game, list(remote), listen="127.0.0.1")
    game.close()
    return game


class NoHosting:
    """In place of the server: a value that should have been refused never starts a game
    (and never waits for one)."""

    def __init__(self, *args, **kwargs) -> None:
        raise AssertionError("the host started")


@pytest.mark.parametrize(("options", "words"), [
    (["--seat", "4=hard"], "--seat: seat 4 is not between 1 and 3"),   # the save has 3
    (["--seat", "0=hard"], "--seat: seat 0 is not between 1 and 3"),
    (["--seat", "three=hard"], "--seat: 'three' is not a seat number"),
    (["--seat", "3"], "--seat '3': use N=LEVEL, e.g. 2=hard"),
    (["--seat", "3=wizard"], "unknown bot 'wizard' (choose from easy, expert"),
    (["--seat", "2=easy", "--seat", "3=wizard"], "unknown bot 'wizard'"),
    (["--seat", "2=hard", "--remote", "2"],
     "--seat 2=hard hands seat 2 to a bot: it cannot also be played from another machine"),
    (["--seat", "3=human", "--headless"], "--headless: every human seat must be remote"),
    (["--seat", "3=human", "--remote", "3,3x"], "--remote: '3x' is not a seat number"),
    (["--remote", "3"], "seat 3 is a bot"),                  # (as before: --seat not given)
    (["--seat", "2=hard", "--stand-in", "wizard"], "unknown bot 'wizard'"),
    (["--bots", "2"], "--resume with --bots: a resumed game keeps its seats"),
])
def test_a_bad_seat_or_combination_is_one_line_exit_2_and_the_save_keeps_its_bytes(
        options, words, capsys, monkeypatch):
    monkeypatch.setattr("jorvik.net.run.Hosting", NoHosting)
    game = _hosted_game()
    before, side = game.path.read_bytes(), sidecar(game.path).read_bytes()
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--resume", *options, "--port", "0"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "Traceback" not in err
    assert words in err and err.count("\n") == 1, err
    assert game.path.read_bytes() == before and sidecar(game.path).read_bytes() == side
    lock_game(game.path).release()               # and it is not left locked


def test_a_bad_seat_is_worded_in_hungarian_too(capsys, monkeypatch):
    monkeypatch.setattr("jorvik.net.run.Hosting", NoHosting)
    _hosted_game()
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "host", "--resume", "--seat", "5=hard", "--port", "0"])
    assert "--seat: az 5. hely nincs 1 és 3 között" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "host", "--resume", "--seat", "2=hard", "--remote", "2",
              "--port", "0"])
    err = capsys.readouterr().err
    assert "--seat 2=hard: a 2. helyen gép fog játszani" in err and err.count("\n") == 1


def test_with_nothing_to_resume_a_seat_says_so(capsys, monkeypatch):
    monkeypatch.setattr("jorvik.net.run.Hosting", NoHosting)
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--resume", "--seat", "2=hard", "--port", "0"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "there is no unfinished hosted game to resume" in err


def test_seats_change_hands_and_remote_combines_with_them():
    bots = [None, None, "easy"]          # Ann (remote), Bo (the host's keyboard), Cy (a bot)
    assert resumed_seats(bots, [0], ["3=human"], "3", headless=True) == ([(2, None)], [2])
    assert resumed_seats(bots, [0], ["1=hard", "2=normal"], None, headless=False) == (
        [(0, "hard"), (1, "normal")], [])      # a remote player's seat may go to a bot
    assert resumed_seats(bots, [0], ["2=hard", "2=human"], "2", headless=False) == (
        [(1, "hard"), (1, None)], [1])         # the last word for a seat counts
    assert resumed_seats(bots, [0], [], None, headless=False) == ([], [])
    found = resumed_seats(bots, [0], ["3=HUMAN", "2=easy"], "2", headless=False)
    assert isinstance(found, Problem) and found.kind == "net.cli.seat_and_remote"


def test_the_changes_are_the_tables_in_the_save_and_a_seat_given_back_stands_in_no_more():
    game = _hosted_game(bots=(None, "easy", "easy"), remote=(0, 1))   # easy stands in for Bo
    session = Session.from_save(*_opened(game), path=game.path)
    standing = change_seats(session, [(1, None), (1, "hard")], [1])
    assert standing == [1]               # hard plays Bo's seat until he is back
    standing = change_seats(session, [(0, "hard"), (1, None), (2, None)], standing)
    assert standing == []                # Bo's seat is a human's again
    saved = json.loads(game.path.read_text(encoding="utf-8"))
    assert [(c["seat"], c["bot"], c["by"]) for c in saved["seat_changes"]] == [
        (1, None, None), (1, "hard", None), (0, "hard", None), (1, None, None),
        (2, None, None)]
    assert [s["bot"] for s in saved["seats"]] == ["hard", None, None]
    lines = [session.line(e) for e in session.log]
    assert any("Ann" in line and "hard" in line for line in lines), lines
    session.close()


def _opened(game: Session):
    from jorvik.play.saves import open_save
    return open_save(game.path, load_cards())


def test_host_resume_hands_the_last_human_seat_to_a_bot_and_the_game_ends(capsys,
                                                                          monkeypatch):
    """Ann (remote) leaves for good: `host --resume --seat 1=easy --headless`; every seat is
    a bot's now, so the headless host plays the game to its end; the save says who changed
    the seat (the table) and when."""
    def bounded(hosting, linger: float = 0.0) -> None:   # a seat left to Ann: fail, no hang
        done = asyncio.wait_for(hosting.table.done.wait(), 120)
        asyncio.run_coroutine_threadsafe(done, hosting.loop).result(130)
    monkeypatch.setattr("jorvik.net.run.Hosting.wait_done", bounded)
    game = _hosted_game(bots=(None, "easy", "easy"), remote=(0,))
    assert main(["host", "--resume", "--headless", "--seat", "1=easy", "--port", "0",
                 "--bot-delay", "0"]) == 0
    out = capsys.readouterr().out
    assert "Ann (seat 1)" in out                 # still her seat: she may come back
    saved = json.loads(game.path.read_text(encoding="utf-8"))
    assert saved["finished"]
    assert [(c["move"], c["seat"], c["bot"], c["was"], c["by"])
            for c in saved["seat_changes"]] == [(0, 0, "easy", None, None)]
    assert read_sidecar(game.path) == [0]
