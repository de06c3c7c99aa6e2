"""`jorvik host --resume --remote N` (issue 47 §1): a seat played at the host's keyboard is
played from another machine from the resume on; a seat remote already, a bot's seat or a bad
value is one line and exit 2. Then the host is killed (SIGKILL) mid-game and `host --resume`
brings it back exactly: the same address, port and join codes, the moves saved before the
kill kept, the remote seats kept. Real processes on 127.0.0.1, each test its own JORVIK_HOME."""

from __future__ import annotations

import signal
import time

import pytest

from jorvik.carddata import load_cards
from jorvik.net.host import read_sidecar, sidecar, write_sidecar
from jorvik.play.seats import Seats
from jorvik.play.session import Session

from .test_processes import finish, join, moves_saved, start_host, the_save

pytestmark = pytest.mark.slow


def _hosted_game() -> Session:
    """A 3-player hosted game saved as `jorvik host` leaves it: Ann remote, Bo at the host's
    keyboard, Cy a bot."""
    seats = Seats(["Ann", "Bo", "Cy"], ["red", "blue", "green"], [None, None, "easy"])
    game = Session.start(load_cards(), seats, "karl", 6, 0)
    write_sidecar(game, [0], listen="127.0.0.1")
    game.close()
    return game


@pytest.mark.parametrize(("value", "words"), [
    ("1", "seat 1 is already played from another machine"),
    ("3", "seat 3 is a bot"),
    ("x", "x"), ("9", "9"), ("", "''")])
def test_resume_remote_refuses_a_remote_seat_a_bot_or_a_bad_value_in_one_line(value, words,
                                                                              capsys):
    from jorvik.cli import main
    game = _hosted_game()
    with pytest.raises(SystemExit) as exit_:
        main(["host", "--resume", "--remote", value, "--port", "0", "--headless"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2 and words in err, err
    assert read_sidecar(game.path) == [0]        # nothing changed
    # the game is not left locked: a good value goes on (checked in the next test)
    from jorvik.play.lock import lock_game
    lock_game(game.path).release()


def test_resume_remote_then_a_kill_then_resume_goes_on_exactly():
    game = _hosted_game()
    host, lines = start_host("--resume", "--remote", "2", "--port", "0", watch=True)
    try:
        assert set(lines) == {"Ann", "Bo", "watch"}          # Bo's seat: remote now
        assert lines["watch"] == "--watch " + lines["Ann"].split()[0]
        assert read_sidecar(game.path) == [0, 1]
        players = [join(lines["Ann"], 1), join(lines["Bo"], 2)]
        end = time.monotonic() + 120
        while moves_saved() < 12 and time.monotonic() < end and host.poll() is None:
            time.sleep(0.2)
        assert moves_saved() >= 12, "the resumed game did not go on"
        host.send_signal(signal.SIGKILL)
        finish(host, 30)
    finally:
        if host.poll() is None:
            host.kill()
            finish(host, 30)
    for p in players:
        p.kill()
        finish(p, 30)
    _path, killed = the_save()
    assert not killed["finished"]
    # resumed with no option: where it was served (the port), the same codes, both remote
    again, lines_again = start_host("--resume", watch=True)
    try:
        assert lines_again == lines
        players = [join(lines["Ann"], 3), join(lines["Bo"], 4)]
        results = [finish(p, 300) for p in players]
        assert all(code == 0 for code, _, _ in results), results
        code, _, err = finish(again, 60)
        assert code == 0 and "Traceback" not in err
    finally:
        if again.poll() is None:
            again.kill()
            finish(again, 30)
    _path, done = the_save()
    assert done["finished"]
    actions = killed["record"]["actions"]
    assert done["record"]["actions"][:len(actions)] == actions   # nothing lost or replayed
    assert done["record"]["seed"] == killed["record"]["seed"]
    assert sidecar(game.path).exists() and read_sidecar(game.path) == [0, 1]
