"""The rows of reliability audit 3 (issue 45 §2 and §4), each written from the attack: a
signal to a running game, no terminal, an output that cannot take UTF-8, a killed review,
Ctrl+S twice on the setup screen, too few file descriptors, a card file with a key twice, the
longest review, and a machine without fcntl or pthread_sigmask (as on Windows)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from outside_helpers import alive, children
from pty_helpers import Pty, term_env

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
unix_only = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")


def _one_game(home: Path) -> Path:
    saves = sorted((home / "games").glob("*.json"))
    assert len(saves) == 1, saves
    return saves[0]


# ---------------------------------------------------------------- N43, N44: signals

@unix_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["N43_SIGTERM", "N44_SIGHUP"])
def test_N43_N44_a_signal_to_play_saves_says_so_and_gives_the_terminal_back(sig: int, tmp_path: Path) -> None:
    import termios
    home = tmp_path / "home"
    term = Pty(["play", "--players", "2", "--names", "Ann,Bob", "--seed", "4",
                "--handover", "never"], home)
    try:
        before = termios.tcgetattr(term.fd)
        assert term.read_until(b"\x1b[?1049h", 120)   # the board is on the alternate screen
        assert term.read_until(b"Ann", 120)
        term.settle(1.0)                               # let it settle, then a move
        os.write(term.fd, b"1")
        status, shown, after = term.stopped_by(sig)
    finally:
        term.close()
    assert status == 128 + sig
    tail = term.out[shown:]
    assert b"\x1b[?1049l" in tail                    # the alternate screen left
    assert b"\x1b[?1000l" in tail                    # mouse reporting off
    assert b"\x1b[?25h" in tail                      # the cursor shown
    lflag = after[3]
    assert lflag & termios.ECHO and lflag & termios.ICANON and lflag & termios.ISIG
    assert after[3] == before[3]
    text = tail.decode("utf-8", "replace")
    assert text.count("the game is saved") == 1 and "Traceback" not in text
    save = json.loads(_one_game(home).read_text(encoding="utf-8"))
    assert save["finished"] is False and len(save["record"]["actions"]) >= 1


@unix_only
def test_N43_a_signal_on_the_lesson_list_ends_learn_in_one_line(tmp_path: Path) -> None:
    import termios
    term = Pty(["learn"], tmp_path / "home")
    try:
        assert term.read_until(b"\x1b[?1049h", 120)
        status, shown, after = term.stopped_by(signal.SIGTERM)
    finally:
        term.close()
    assert status == 128 + signal.SIGTERM
    text = term.out[shown:].decode("utf-8", "replace")
    assert "stopped (SIGTERM)" in text and "Traceback" not in text
    assert b"\x1b[?1049l" in term.out[shown:] and after[3] & termios.ECHO


@unix_only
def test_N43_SIGTERM_to_host_gives_the_terminal_back_and_says_the_game_is_saved(tmp_path: Path) -> None:
    import socket
    import termios
    with socket.socket() as probe:   # a free port on 127.0.0.1
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = tmp_path / "home"
    term = Pty(["host", "--players", "2", "--names", "Ann,Bob", "--remote", "2", "--port",
                str(port)], home)
    try:
        assert term.read_until(b"Enter", 120)
        os.write(term.fd, b"\r")
        assert term.read_until(b"\x1b[?1049h", 120)
        status, shown, after = term.stopped_by(signal.SIGTERM)
    finally:
        term.close()
    assert status == 128 + signal.SIGTERM
    tail = term.out[shown:]
    assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail and after[3] & termios.ECHO
    text = tail.decode("utf-8", "replace")
    assert "saved" in text and "Traceback" not in text


@unix_only
def test_N43_N44_SIGHUP_to_join_gives_the_terminal_back_in_one_line(tmp_path: Path) -> None:
    import re
    import socket
    import termios
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host = subprocess.Popen([PY, "-m", "jorvik.cli", "host", "--headless", "--players", "2",
                             "--names", "Ann,Bob", "--remote", "1,2", "--port", str(port)],
                            env=term_env(tmp_path / "host"), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    term = None
    try:
        code = None
        for _ in range(20):   # the join lines come first
            found = re.search(r"jorvik join \S+ (\S+)", host.stdout.readline())
            if found:
                code = found.group(1)
                break
        assert code is not None
        term = Pty(["join", f"127.0.0.1:{port}", code], tmp_path / "join")
        assert term.read_until(b"\x1b[?1049h", 120)
        status, shown, after = term.stopped_by(signal.SIGHUP)
    finally:
        if term is not None:
            term.close()
        host.kill()
        host.wait(10)
    assert status == 128 + signal.SIGHUP
    tail = term.out[shown:]
    assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail and after[3] & termios.ECHO
    text = tail.decode("utf-8", "replace")
    assert "stopped (SIGHUP)" in text and "Traceback" not in text


# ---------------------------------------------------------------- N15, N16: no terminal

@pytest.mark.parametrize("stdin", ["devnull", "pipe"], ids=["N15_dev_null", "N16_echo_pipe"])
def test_N15_N16_play_without_a_terminal_says_so_in_one_line_and_exits_2(stdin: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    r = subprocess.run([PY, "-m", "jorvik.cli", "play", "--players", "2", "--names", "A,B"],
                       input=b"\n" if stdin == "pipe" else None,
                       stdin=subprocess.DEVNULL if stdin == "devnull" else None,
                       capture_output=True, env=term_env(home), timeout=300)
    err = r.stderr.decode()
    assert r.returncode == 2
    assert err.count("\n") == 1 and "needs a terminal" in err
    assert b"\x1b" not in r.stderr + r.stdout          # no board drawn to nothing
    assert not list((home / "games").glob("*.json")) if (home / "games").exists() else True


@unix_only
def test_N15_play_with_stderr_thrown_away_says_so_where_it_is_seen(tmp_path: Path) -> None:
    """`jorvik play 2>/dev/null`: the board would be drawn into nothing; the one line goes to
    the terminal that stdout still is."""
    import pty
    master, slave = pty.openpty()
    try:
        r = subprocess.run([PY, "-m", "jorvik.cli", "play", "--players", "2", "--names", "A,B"],
                           stdin=slave, stdout=slave, stderr=subprocess.DEVNULL,
                           env=term_env(tmp_path / "home"), timeout=300)
        seen = os.read(master, 4096).decode("utf-8", "replace")
    finally:
        os.close(slave)
        os.close(master)
    assert r.returncode == 2 and "needs a terminal (stderr is not one)" in seen
    assert "\x1b[" not in seen


def test_N15_learn_without_a_terminal_says_so_too(tmp_path: Path) -> None:
    r = subprocess.run([PY, "-m", "jorvik.cli", "learn"], stdin=subprocess.DEVNULL,
                       capture_output=True, env=term_env(tmp_path / "home"), timeout=300)
    assert r.returncode == 2 and "needs a terminal" in r.stderr.decode()


# ---------------------------------------------------------------- N26: seeds a save holds

@pytest.mark.parametrize("seed", [str(2**200), str(2**64), str(-2**63 - 1), "9" * 5000],
                         ids=["N26_2_200", "N26_2_64", "N26_below", "N26_5000_digits"])
def test_N26_play_refuses_a_seed_its_save_could_not_hold(seed: str, capsys) -> None:
    from jorvik.cli import main
    with pytest.raises(SystemExit) as e:
        main(["play", "--players", "2", "--names", "A,B", "--seed", seed])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and len(err) < 300
    assert "what a save can hold" in err


@pytest.mark.parametrize("command", [["host", "--players", "2"], ["join", "127.0.0.1", "CODE"]],
                         ids=["N26_host", "N26_join"])
def test_N26_host_and_join_refuse_a_seed_a_save_could_not_hold(command: list[str], capsys) -> None:
    from jorvik.cli import main
    with pytest.raises(SystemExit) as e:
        main([*command, "--seed", str(2**200)])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and len(err) < 300
    assert "what a save can hold" in err


def test_N26_every_seed_play_takes_is_saved_and_resumed(tmp_path: Path) -> None:
    from jorvik.carddata import load_cards
    from jorvik.cli import SEED
    from jorvik.play import saves as saving
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    for text in (str(2**64 - 1), str(-2**63)):
        session = Session.start(load_cards(), Seats(["A", "B"], ["red", "blue"], [None, None]),
                                "karl", SEED(text), None)
        data, _ = saving.open_save(session.path, load_cards())
        assert data.record["seed"] == int(text)
        session.close()


# ---------------------------------------------------------------- N12: output that is not UTF-8

N12_COMMANDS = [["cards", "--lang", "en"], ["cards", "--lang", "hu"], ["games"], ["--help"],
                ["play", "--help"], ["cards", "--json"], ["play", "--players", "9"],
                ["review", "nope"], ["simulate", "--games", "1", "--players", "2"]]
# Each command runs through `jorvik`'s main() in one real process per encoding, one after the
# other (a process of its own for each cost 18 interpreter starts): the output streams are
# the process's own, as PYTHONIOENCODING made them. After each command, a line on both
# streams ends its part: what it wrote, its exit status, a traceback if it raised.
N12_DRIVER = """
import json, sys, traceback
from jorvik.cli import main
for i, command in enumerate(json.loads(sys.argv[1])):
    try:
        code = main(command)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    sys.stdout.buffer.write(b"@@end %d %d@@\\n" % (i, code))
    sys.stdout.flush()
    sys.stderr.buffer.write(b"@@end %d@@\\n" % i)
    sys.stderr.flush()
"""


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_N12_every_command_works_or_says_one_line_on_an_output_that_cannot_take_utf8(
        encoding: str, tmp_path: Path) -> None:
    import re
    r = subprocess.run([PY, "-c", N12_DRIVER, json.dumps(N12_COMMANDS)], capture_output=True,
                       timeout=300, env=term_env(tmp_path / "home", PYTHONIOENCODING=encoding),
                       stdin=subprocess.DEVNULL)
    outs = re.split(rb"@@end (\d+) (\d+)@@\n", r.stdout)
    errs = re.split(rb"@@end \d+@@\n", r.stderr)
    assert r.returncode == 0 and len(errs) == len(N12_COMMANDS) + 1, r.stderr[-2000:]
    for i, command in enumerate(N12_COMMANDS):
        out, number, code = outs[3 * i], int(outs[3 * i + 1]), int(outs[3 * i + 2])
        err = errs[i].decode(encoding, "replace")
        assert number == i
        assert "Traceback" not in err and "UnicodeEncodeError" not in err, (command, err)
        assert code in (0, 2) and len(err.splitlines()) <= 1, (command, code, err)
        if command[0] == "cards" and "--json" not in command:
            assert code == 0 and "A01" in out.decode(encoding), command


# ---------------------------------------------------------------- N30: a key written twice

@pytest.mark.parametrize("where, expect", [("card", "card A01: field 'vp' appears twice"),
                                           ("top", "field 'format' appears twice")],
                         ids=["N30_card_key_twice", "N30_top_key_twice"])
def test_N30_a_card_file_with_a_key_twice_is_refused_in_one_line(where: str, expect: str, tmp_path: Path,
                                                                   capsys) -> None:
    from jorvik.carddata import default_card_file
    from jorvik.cli import main
    text = default_card_file().read_text(encoding="utf-8")
    if where == "card":
        start = text.index("  - id: A01")
        vp = text.index("    vp: 5\n", start)
        text = text[:vp] + "    vp: 5\n    vp: 99\n" + text[vp + len("    vp: 5\n"):]
    else:
        text = "format: 1\n" + text
    path = tmp_path / "dup.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        main(["cards", "--cards", str(path), "--json"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and expect in err


# ---------------------------------------------------------------- N9: too few file descriptors

@unix_only
def test_N9_too_few_file_descriptors_is_an_environment_problem_not_a_bug(tmp_path: Path) -> None:
    term = Pty(["play", "--players", "2", "--names", "A,B"], tmp_path / "home", files=8)
    try:
        status = term.wait(300)
    finally:
        term.close()
    text = term.out.decode("utf-8", "replace")
    assert status not in (None, 0, 70)
    assert "unexpected error" not in text and "Traceback" not in text and "crash-" not in text
    assert "Too many open files" in text and "limit of the system" in text


# ---------------------------------------------------------------- N41, N42: the review

def _five_player_jarl_record() -> dict:
    from outside_helpers import played_record
    return played_record(["A", "B", "C", "D", "E"], mode="jarl", seed=5, level="easy")


def test_N41_the_longest_review_a_5_player_game_can_ask_for_is_minutes_not_hours() -> None:
    """`--playouts` at its most (1000) on a 5-player Jarl game: the moves the review plans to
    play (the figure its progress bar counts down) stay within MAX_REVIEW_STEPS, about ten
    minutes where REVIEW_STEPS, the default review, is under one."""
    from jorvik.cli import MAX_PLAYOUTS
    from jorvik.review import MAX_REVIEW_STEPS, REVIEW_STEPS, review
    totals: list[int] = []
    got = review(_five_player_jarl_record(), playouts=MAX_PLAYOUTS, workers=1,
                 progress=lambda done, total: totals.append(total), stop=lambda: True)
    assert got is None and totals
    assert totals[0] <= MAX_REVIEW_STEPS <= 10 * REVIEW_STEPS


def test_N41_review_says_in_one_line_when_it_plays_fewer_playouts_than_asked(tmp_path: Path) -> None:
    from jorvik.tui.screens import review as screen
    game = tmp_path / "five.json"
    game.write_text(json.dumps(_five_player_jarl_record()), encoding="utf-8")
    import io
    from contextlib import redirect_stderr
    err = io.StringIO()
    from unittest import mock
    with redirect_stderr(err), mock.patch.object(screen, "review", return_value=None), \
            pytest.raises(AssertionError):   # the review itself is not run here
        screen.run_review(str(game), playouts=1000)
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    assert any("--playouts 1000" in line and "a decision instead" in line for line in lines)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="/proc finds the workers")
def test_N42_review_killed_its_workers_end_with_it_silently(tmp_path: Path) -> None:
    game = tmp_path / "five.json"
    game.write_text(json.dumps(_five_player_jarl_record()), encoding="utf-8")
    err_path = tmp_path / "err.txt"
    with open(err_path, "wb") as err:
        proc = subprocess.Popen([PY, "-m", "jorvik.cli", "review", str(game), "--playouts", "1000"],
                                env=term_env(tmp_path / "home"), stdout=subprocess.DEVNULL, stderr=err,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(workers) < 1:
            workers = [c for c in children(proc.pid)
                       if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
            time.sleep(0.2)
        assert workers, "the review never started its workers"
        time.sleep(2.0)   # judging
        proc.kill()       # SIGKILL: nothing of the review's own code runs
        proc.wait()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and any(alive(w) for w in workers):
            time.sleep(0.2)
        assert not any(alive(w) for w in workers)
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)
    text = err_path.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in text and "BrokenPipeError" not in text


# ---------------------------------------------------------------- §4: without Unix-only calls

WINDOWS_LIKE = '''
import signal, sys
sys.modules["fcntl"] = None          # import fcntl: ImportError, as on Windows
for name in ("pthread_sigmask", "SIGHUP"):
    if hasattr(signal, name):
        delattr(signal, name)
'''

PLAY = r'''
import json, sys
import fcntl_hidden_check
from jorvik.bots.registry import seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, legal_actions, new_game
from jorvik.play import saves as saving
from jorvik.play.session import Session
from jorvik.review import hint_pool, hints
from jorvik.tui.text import Seats

cards = load_cards()
st = new_game(["A", "B", "C"], seed=3, mode="karl", cards=cards)   # a bot game
bots = seat_bots(["easy"] * 3, seed=1)
while not is_over(st):
    st, _ = apply_action(st, bots[current_player(st)].choose(st))
pool = hint_pool(2)                                                 # a hint, on workers
try:
    shown = hints(new_game(["A", "B"], seed=4, mode="karl", cards=cards), playouts=2, pool=pool)
finally:
    pool.close()
s = Session.start(cards, Seats(["A", "B"], ["red", "blue"], [None, None]), "karl", 5, None)
s.apply(legal_actions(s.state)[0])                                  # a save
data, _ = saving.open_save(s.path, cards)
second = saving.GameLock(s.path).acquire()
s.close()
print(json.dumps({"over": True, "vp": [p.vp for p in st.players], "hints": len(shown),
                  "saved": len(data.actions), "second_window": second}))
'''


def test_S4_a_bot_game_a_hint_and_a_save_without_fcntl_or_pthread_sigmask(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(WINDOWS_LIKE)   # in the hint workers too
    (site / "fcntl_hidden_check.py").write_text(
        "import signal\ntry:\n    import fcntl\nexcept ImportError:\n    pass\n"
        "else:\n    raise SystemExit('fcntl is not hidden')\n"
        "assert not hasattr(signal, 'pthread_sigmask')\n")
    env = term_env(tmp_path / "home", PYTHONPATH=os.pathsep.join([str(site), str(ROOT / "src")]))
    r = subprocess.run([PY, "-c", PLAY], capture_output=True, text=True, env=env, timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["hints"] >= 1 and got["saved"] == 1 and len(got["vp"]) == 3


def test_S4_the_game_lock_needs_no_fcntl_module(tmp_path: Path) -> None:
    """play/lock.py takes its lock through filelock (flock on Unix, msvcrt on Windows): a
    second window of the same game is refused, and the lock goes with the process."""
    import jorvik.play.lock as lock_module
    from jorvik.play.lock import GameLock
    source = Path(lock_module.__file__).read_text(encoding="utf-8")
    assert "import fcntl" not in source
    game = tmp_path / "g.json"
    first, second = GameLock(game), GameLock(game)
    assert first.acquire() and not second.acquire()
    first.release()
    assert second.acquire()
    second.release()
