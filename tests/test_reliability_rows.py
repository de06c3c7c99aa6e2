"""The rows of the second reliability audit (F1–F12), each as the attack that found it.

Where a row is covered by a broader test elsewhere, the test here names it. Commands run as
`main([...])` in this process, or in a child process where a terminal, a crash or the
permissions of an ordinary user (uid 65534, for folders root could read anyway) matter.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from outside_helpers import as_nobody, played_record, save_of

from jorvik.cli import build_parser, main
from jorvik.outside import control_characters
from jorvik.settings import data_dir

PWNED = "\x1b]2;PWNED\x07"
RECORD = played_record(["Ann", "Bob"])


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = main([*argv, "--lang", "en"])
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_clean_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and not control_characters(lines[0]), lines[0]
    return lines[0]


# ------------------------------------------------------------------------- F1

def test_f1_a_card_path_with_an_escape_in_a_save_never_reaches_the_terminal(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save_of(RECORD, cards_path=PWNED)), encoding="utf-8")
    code, _, err = _run(["play", "--load", str(path)], capsys)
    assert code == 2
    _one_clean_line(err)


def test_f1_a_file_name_with_an_escape_in_games_is_listed_printable(capsys):
    games = data_dir() / "games"
    games.mkdir(parents=True)
    (games / f"x{PWNED}.json").write_text(json.dumps(save_of(RECORD)), encoding="utf-8")
    code, out, err = _run(["games"], capsys)
    assert code == 0, err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_f1_a_load_path_with_an_escape_is_one_printable_line(capsys):
    code, _, err = _run(["play", "--load", f"/tmp/{PWNED}x.json"], capsys)
    assert code == 2 and "\\x1b" in _one_clean_line(err)
    # the rest: every reader and command with hostile names, tests/test_outside_attacks.py


# ------------------------------------------------------------------------- F2

@pytest.mark.parametrize("attack", ["fifo", "dev/zero", "deep", "escapes"])
def test_f2_nothing_in_the_data_folder_stands_for_the_card_file(attack, capsys):
    """There is no card cache any more: what was once one is never read."""
    cache = data_dir() / "cache"
    cache.mkdir(parents=True)
    for name in ("cards-0.json", "cards-packaged.json"):
        path = cache / name
        if attack == "fifo":
            os.mkfifo(path)
        elif attack == "dev/zero":
            path.symlink_to("/dev/zero")
        elif attack == "deep":
            path.write_text("[" * 100_000)
        else:
            path.write_text(json.dumps({"cards": [{"id": "A01", "name": PWNED}]}))
    code, out, err = _run(["cards", "--json"], capsys)
    assert code == 0, err
    assert "\x1b" not in out and json.loads(out)


# ------------------------------------------------------------------------- F3

LEARN_CRASH = (
    "import sys\n"
    "from jorvik.tui.screens import learn\n"
    "def broken(self):\n"
    "    raise RuntimeError('a bug in the lessons')\n"
    "learn.LessonListScreen._options = broken\n"
    "from jorvik.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n")


def test_f3_a_crash_in_learn_exits_70_with_its_message(tmp_path):
    env = {**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver", "JORVIK_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-c", LEARN_CRASH, "learn", "--lang", "en"],
                          env=env, stdin=subprocess.PIPE, capture_output=True, timeout=300)
    err = proc.stderr.decode()
    assert proc.returncode == 70, err
    assert "Traceback" not in err and "crash" in err.lower()
    assert "saved" not in err.lower()   # a lesson is not a saved game
    # learn.json as FIFO, /dev/zero, 100,000 deep: tests/test_outside_attacks.py


# ------------------------------------------------------------------------- F4, F5
# review FILE with 100,000-deep JSON, and 300-byte ids and paths for games --resume/--delete,
# review, play --resume/--load: tests/test_outside_attacks.py
# (test_every_command_that_reads_a_file_says_one_line_and_exits_2,
#  test_a_300_byte_or_hostile_id_or_path_is_one_line_and_exit_2).


def test_f4_review_of_a_deeply_nested_file_is_one_line(tmp_path, capsys):
    for i, text in enumerate(["[" * 100_000, '{"a":' * 50_000]):
        path = tmp_path / f"deep{i}.json"
        path.write_text(text)
        code, _, err = _run(["review", str(path)], capsys)
        assert code == 2
        _one_clean_line(err)


# ------------------------------------------------------------------------- F6, F7

def _cli_in_child(argv: list[str]) -> tuple[int, str]:
    """`jorvik ARGV` as an ordinary user (a fork of this process; stderr captured). What the
    commands import is imported here first: the checkout may be closed to that user."""
    for name in ("jorvik.play.saves", "jorvik.tui", "jorvik.tui.app",
                 "jorvik.tui.screens.review"):
        importlib.import_module(name)
    build_parser()   # and what the parser imports (the host and join commands)
    def run():
        import io
        err = io.StringIO()
        sys.stderr, sys.stdout = err, io.StringIO()
        try:
            code = main([*argv, "--lang", "en"])
        except SystemExit as e:
            code = e.code
        return code, err.getvalue()
    return as_nobody(run)


@pytest.fixture
def shared_home(monkeypatch):
    """A data folder an ordinary user could use (pytest's own tmp is its owner's only)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to act as an ordinary user (uid 65534)")
    home = Path(tempfile.mkdtemp(prefix="jorvik-home-"))
    os.chown(home, 65534, 65534)
    monkeypatch.setenv("JORVIK_HOME", str(home))
    yield home
    for p in [home, *home.rglob("*")]:
        with contextlib.suppress(OSError):
            p.chmod(0o755)
    shutil.rmtree(home, ignore_errors=True)


def _one_game(home: Path) -> str:
    games = home / "games"
    games.mkdir()
    (games / "ann-bob.json").write_text(json.dumps(save_of(RECORD)), encoding="utf-8")
    for p in (games, games / "ann-bob.json"):
        os.chown(p, 65534, 65534)
    return "ann-bob"


def test_f6_games_delete_in_a_read_only_games_folder_is_one_line_and_exit_1(shared_home):
    game = _one_game(shared_home)
    (shared_home / "games").chmod(0o555)
    code, err = _cli_in_child(["games", "--delete", game, "--yes"])
    assert code == 1, err
    _one_clean_line(err)
    assert (shared_home / "games" / "ann-bob.json").exists()


@pytest.mark.parametrize("argv", [["games"], ["games", "--resume", "ann-bob"],
                                  ["games", "--delete", "ann-bob", "--yes"],
                                  ["review", "ann-bob"], ["play", "--resume"]],
                         ids=["games", "resume", "delete", "review", "play resume"])
def test_f7_an_unreadable_data_folder_is_one_line_and_no_traceback(shared_home, argv):
    _one_game(shared_home)
    shared_home.chmod(0o000)
    code, err = _cli_in_child(argv)
    assert code in (1, 2), err
    _one_clean_line(err)


async def test_f7_play_with_an_unusable_data_folder_never_claims_a_save(tmp_path, monkeypatch):
    """The data folder is under a regular file, so nothing can be made there (not even by
    root): the game can still be played, says it is not saved, and on the way out says so
    again: never "Your game is saved"."""
    from jorvik.cli import build_parser, play_config
    from jorvik.tui import after_game_lines, build_app, exit_code
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("JORVIK_HOME", str(blocker / "home"))
    parser = build_parser()
    app = build_app(play_config(parser, parser.parse_args(
        ["play", "--players", "2", "--names", "Ann,Bob", "--handover", "never"])))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("1")
            await pilot.pause()
        assert app.session is not None and app.session.save_error is not None
    lines = after_game_lines(app)
    assert lines and all("is saved" not in line for line in lines), lines
    assert exit_code(app, 0) == 1


# ------------------------------------------------------------------------- F8
# Ctrl+P then PageDown in one burst: tests/tui/test_textual_compat.py
# (test_ctrl_p_then_page_keys_in_one_burst_do_not_crash); the crash message says "saved"
# only when a save exists: test_a_crash_on_the_setup_screen_does_not_claim_a_save below.


SETUP_CRASH = (
    "import sys\n"
    "from jorvik.tui.screens import setup\n"
    "def broken(self, *a, **k):\n"
    "    raise RuntimeError('a bug on the setup screen')\n"
    "setup.SetupScreen.on_mount = broken\n"
    "from jorvik.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n")


def test_f8_a_crash_before_any_game_does_not_claim_a_save(tmp_path):
    env = {**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver", "JORVIK_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-c", SETUP_CRASH, "play", "--lang", "en"], env=env,
                          stdin=subprocess.PIPE, capture_output=True, timeout=300)
    err = proc.stderr.decode()
    assert proc.returncode == 70, err
    assert "Traceback" not in err and "saved" not in err.lower()
    report = next((tmp_path / "home").rglob("crash-*.txt"))
    assert str(report) in err


def test_f7_a_crash_with_an_unusable_data_folder_names_the_real_report(tmp_path):
    """Nothing can be written in the data folder: the report goes to the system's temporary
    folder and the message names it (never "?"), and no save is claimed."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver", "JORVIK_HOME": str(blocker / "home"),
           "TMPDIR": str(temp)}
    proc = subprocess.run([sys.executable, "-c", SETUP_CRASH, "play", "--lang", "en"], env=env,
                          stdin=subprocess.PIPE, capture_output=True, timeout=300)
    err = proc.stderr.decode()
    assert proc.returncode == 70, err
    report = next(temp.glob("jorvik-crash-*.txt"))
    assert str(report) in err and "RuntimeError" in report.read_text(encoding="utf-8")
    assert "Traceback" not in err and "saved" not in err.lower() and " ? " not in err


# ------------------------------------------------------------------------- F9, F10

def test_f9_a_stacked_record_that_breaks_the_cube_count_is_refused(tmp_path, capsys):
    rec = copy.deepcopy(RECORD)
    rec["stacked"] = True
    rec["bag"] = []
    path = tmp_path / "stacked.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, _, err = _run(["review", str(path)], capsys)
    assert code == 2
    _one_clean_line(err)


def test_f9_an_empty_stacked_record_is_refused(tmp_path, capsys):
    rec = copy.deepcopy(RECORD)
    rec.update(stacked=True, deck=[], bag=[], actions=[])
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, _, err = _run(["review", str(path)], capsys)
    assert code == 2
    _one_clean_line(err)


def test_f10_review_refuses_a_save_of_another_format(tmp_path, capsys):
    path = tmp_path / "future.json"
    path.write_text(json.dumps(save_of(RECORD) | {"format": "jorvik-save/99"}), "utf-8")
    code, _, err = _run(["review", str(path)], capsys)
    assert code == 2
    assert "jorvik-save/99" in _one_clean_line(err)


# ------------------------------------------------------------------------- F11

@pytest.mark.parametrize("argv", [["review", "x.json", "--playouts", "100000"],
                                  ["simulate", "--games", "10000000000"],
                                  ["tournament", "--games", "10000000000"]])
def test_f11_every_budget_has_an_upper_bound(argv, capsys):
    code, _, err = _run(argv, capsys)
    assert code == 2
    _one_clean_line(err)
    # Ctrl+C / SIGTERM to the group: tests/test_review_interrupt.py


# ------------------------------------------------------------------------- F12
# hint notes survive a quit and come back after --resume: tests/tui/test_kept_notes.py
