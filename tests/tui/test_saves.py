"""Saved games a player can trust: every game resumes exactly (even without --seed, even
after the process was killed), each game has its own file, a damaged save is moved aside and
never overwritten, a second window is refused, and a failed save is never hidden."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jorvik.bots import bot_seed, make_bot
from jorvik.carddata import load_cards
from jorvik.cli import main
from jorvik.engine import apply_action, current_player, new_game
from jorvik.play import saves as saving
from jorvik.tui import exit_code
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ChoiceScreen, ConfirmScreen, InputScreen
from jorvik.tui.screens.setup import SetupScreen
from jorvik.tui.widgets.status import StatusBar
from tui_helpers import first_key, make_app, wait_until

ARGS = ("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "3",
        "--no-handover")
SCRIPT = "import sys; from jorvik.cli import main; sys.exit(main(sys.argv[1:]))"


def only_game() -> Path:
    files = list(saving.games_dir().glob("*.json"))
    assert len(files) == 1, files
    return files[0]


async def play_keys(app, pilot, n: int) -> None:
    for _ in range(n):
        await pilot.press(first_key(app))


async def save_as(app, pilot, target: Path) -> None:
    """Ctrl+S and the file name typed in."""
    await pilot.press("ctrl+s")
    assert isinstance(app.screen, InputScreen)
    app.screen.query_one("#answer").value = str(target)
    await pilot.press("enter")
    await pilot.pause()


async def edited_save(change) -> tuple[Path, str]:
    """A game of two moves (ARGS' game, saved by the play layer as the app saves it; the
    tests are about loading it), its save changed by `change(data)`: the path and the new
    text."""
    from jorvik.carddata import load_cards
    from jorvik.engine import legal_actions
    from jorvik.play.seats import Seats
    from jorvik.play.session import Session
    session = Session.start(load_cards(), Seats(["Anna", "Bela"], ["red", "blue"],
                                                [None, None]), "karl", 3, None)
    for _ in range(2):
        session.apply(legal_actions(session.state)[0])
    session.close()
    from jorvik.tui.handover import remember
    remember("never")   # ARGS' --no-handover, which the app remembers for the next games
    path = only_game()
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return path, text


def packaged_card_text() -> str:
    """The text of the game's own card file (wherever this version keeps it)."""
    try:
        from jorvik.carddata import default_card_file  # type: ignore[attr-defined]
    except ImportError:
        from importlib import resources
        return (resources.files("jorvik.data") / "cards.yaml").read_text(encoding="utf-8")
    return default_card_file().read_text(encoding="utf-8")


def message(app) -> str:
    return str(app.screen.query_one("#message-text").render())


# ------------------------------------------------------------------ the same game, always

@pytest.mark.parametrize("players,mode", [("Anna,Bela", "karl"), ("Anna,Bela,Csaba,Dora", "jarl")])
async def test_a_game_started_without_a_seed_resumes_as_the_same_game(players, mode):
    app = make_app("--names", players, "--mode", mode, "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        await play_keys(app, pilot, 9)
        state = app.session.state.to_dict()
        seed = app.session.first.seed
    assert isinstance(seed, int)
    saved = json.loads(only_game().read_text(encoding="utf-8"))
    assert saved["record"]["seed"] == seed and len(saved["record"]["deck"]) > 20
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, GameScreen)
        assert resumed.session.state.to_dict() == state
        assert f"seed {seed}" in resumed.session.line(resumed.session.log[0])


def _bot_reference(names: list[str], mode: str, seed: int, moves: int) -> dict:
    """The game the killed process played, played again here by the same bots (the app
    seeds seat p's bot as every runner does, with bot_seed)."""
    st = new_game(names, mode=mode, seed=seed, cards=load_cards())
    bots = [make_bot("easy", seed=bot_seed(seed, p)) for p in range(len(names))]
    for _ in range(moves):
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
    return st.to_dict()


def _killed_in_round_2(players: int, mode: str) -> None:
    """A seedless game of bots in its own process, killed with SIGKILL once its autosave
    reaches round 2 (a hung process fails the test after 120 s)."""
    seats = ",".join(str(p + 1) for p in range(players))
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, "play", "--players", str(players), "--mode", mode,
         "--bots", seats, "--level", "easy", "--bot-delay", "0.02"],
        env={**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver"}, stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not ((games := saving.list_games()) and games[0].round >= 2):
            assert time.monotonic() < deadline, "the game did not reach round 2"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


@pytest.mark.parametrize("players,mode", [(2, "karl"), (4, "jarl")])
async def test_a_seedless_game_killed_with_sigkill_resumes_exactly(players, mode):
    _killed_in_round_2(players, mode)
    data = json.loads(only_game().read_text(encoding="utf-8"))  # whole, valid JSON
    record = data["record"]
    assert len(record["actions"]) >= 5
    expected = _bot_reference(record["players"], mode, record["seed"], len(record["actions"]))
    resumed = make_app("--resume", "--bot-delay", "10")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert resumed.session.states[len(record["actions"])].to_dict() == expected


# ------------------------------------------------------------------ one file per game

async def test_a_new_game_never_touches_another_games_file():
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_keys(app, pilot, 4)
    first = only_game()
    before = first.read_bytes()
    again = make_app(*ARGS)
    async with again.run_test(size=(120, 40)) as pilot:
        await play_keys(again, pilot, 2)
    assert first.read_bytes() == before
    assert len(list(saving.games_dir().glob("*.json"))) == 2


async def test_resume_continues_the_most_recently_played_unfinished_game():
    older = make_app("--names", "Old,Game", "--no-handover")
    async with older.run_test(size=(120, 40)) as pilot:
        await play_keys(older, pilot, 2)
        old_path = older.session.path
    newer = make_app("--names", "New,Game", "--no-handover")
    async with newer.run_test(size=(120, 40)) as pilot:
        await play_keys(newer, pilot, 3)
        new_path, state = newer.session.path, newer.session.state.to_dict()
    os.utime(old_path, (time.time() + 60, time.time() + 60))  # the file time is not the rule
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert resumed.session.path == new_path
        assert resumed.session.state.to_dict() == state


def test_a_finished_game_stays_as_a_record_and_resume_skips_it():
    from jorvik.carddata import load_cards
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    seats = Seats(["Anna", "Bela"], ["red", "blue"], ["easy", "easy"])
    session = Session.start(load_cards(), seats, "karl", 2, None)
    bots = [make_bot("easy", seed=p) for p in range(2)]
    while not session.over:
        session.apply(bots[session.decider].choose(session.state))
    session.close()
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert data["finished"] is True and data["round"] == 16
    assert len(data["record"]["actions"]) == len(session.actions)
    assert saving.latest_unfinished() is None
    assert [g.finished for g in saving.list_games()] == [True]


# ------------------------------------------------------------------ damaged and foreign saves

async def test_a_damaged_save_is_moved_aside_and_never_overwritten():
    path = saving.games_dir() / "20260101-120000-anna-bela.json"
    path.parent.mkdir(parents=True)
    damaged = b'{"format": "jorvik-save/2", "record": {"actio'
    path.write_bytes(damaged)
    app = make_app("--resume", "--players", "2")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = message(app)
        aside = list(path.parent.glob("20260101-120000-anna-bela.damaged-*.json"))
        assert len(aside) == 1 and str(aside[0]) in text.replace("\n", "")
        assert "damaged" in text and "new game" in text.lower()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert aside[0].read_bytes() == damaged
    assert not path.exists()


async def test_a_save_from_another_card_file_is_left_in_place_and_names_the_card_file(
        tmp_path):
    cards = tmp_path / "house-rules.yaml"
    cards.write_text(packaged_card_text(), encoding="utf-8")
    app = make_app(*ARGS, "--cards", str(cards))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_keys(app, pilot, 2)
    path = only_game()
    text = path.read_text(encoding="utf-8")
    # A value the rules use changed (a renamed card plays on: tests/play/test_old_saves.py)
    text_of_cards = cards.read_text(encoding="utf-8")
    start = text_of_cards.index('name: "Leatherworker"')
    vp = text_of_cards.index("vp: 5", start)
    cards.write_text(text_of_cards[:vp] + "vp: 6" + text_of_cards[vp + 5:], encoding="utf-8")
    app = make_app("--resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = message(app).replace("\n", "")
        assert f"rules differ from {cards} now (cards A01)" in shown
    assert path.read_text(encoding="utf-8") == text
    assert not list(path.parent.glob("*.damaged-*"))


async def test_a_save_from_another_version_of_the_cards_says_so_and_is_left_in_place():
    path, text = await edited_save(lambda data: data["record"].update(cards_hash="another"))
    app = make_app("--resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "cards this version does not know" in message(app)
        assert "--cards FILE" in message(app)
    assert path.read_text(encoding="utf-8") == text


async def test_a_save_from_before_saves_kept_their_deck_is_kept_and_a_new_game_offered():
    def old(data):
        data["record"]["seed"] = None
        del data["record"]["deck"], data["record"]["bag"]
    path, text = await edited_save(old)
    app = make_app("--load", str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "made before saves kept their deck; it cannot be resumed exactly" in message(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("target", ["/dev/zero", "folder", "fifo", "huge"])
def test_a_file_that_cannot_be_a_save_is_one_line_before_the_app_starts(target, tmp_path,
                                                                         capsys):
    path = {"/dev/zero": Path("/dev/zero"), "folder": tmp_path}.get(target, tmp_path / target)
    if target == "fifo":
        os.mkfifo(path)
    elif target == "huge":
        path.write_bytes(b" " * (5 * 1024 * 1024))
    t0 = time.monotonic()
    with pytest.raises(SystemExit) as e:
        main(["play", "--load", str(path), "--lang", "en"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err
    assert time.monotonic() - t0 < 10
    if target == "huge":
        assert path.stat().st_size == 5 * 1024 * 1024


@pytest.mark.parametrize("target", ["deep", "[bold]brackets[dim]"])
def test_a_file_that_is_not_a_save_gives_one_line_at_once(target, tmp_path, capsys):
    """--load of a file outside the games folder that cannot be used: one line, exit 2,
    before the app starts (a damaged save of our own folder opens the app, which offers to
    move it aside)."""
    path = tmp_path / target
    if target == "deep":
        path.write_text("[" * 5000 + "]" * 5000)
    else:
        path.write_text("{}")
    with pytest.raises(SystemExit) as e:
        main(["play", "--load", str(path), "--lang", "en"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err
    assert "None" not in err


async def test_a_save_whose_names_carry_escape_sequences_is_refused():
    def escape(data):
        data["record"]["players"][0] = data["seats"][0]["name"] = "\x1b]0;pwned\x07"
    path, _ = await edited_save(escape)
    app = make_app("--load", str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "\x1b" not in message(app) and "\\x1b" in message(app)


async def test_loading_a_copy_goes_on_in_a_new_file_and_leaves_the_copy_alone(tmp_path):
    target = tmp_path / "mine.json"
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "1")
        await save_as(app, pilot, target)
    copy = target.read_bytes()
    loaded = make_app("--load", str(target))
    async with loaded.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert len(loaded.session.actions) == 2
        await play_keys(loaded, pilot, 2)
        assert loaded.session.path.parent == saving.games_dir()
    assert target.read_bytes() == copy


async def test_save_as_onto_an_existing_file_asks_first(tmp_path):
    target = tmp_path / "[bold]precious[dim].json"  # brackets: shown, not read as styles
    target.write_text("my own file", encoding="utf-8")
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await save_as(app, pilot, target)
        assert isinstance(app.screen, ConfirmScreen)
        assert target.name in str(app.screen.query_one(".dialog-text").render())
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text(encoding="utf-8") == "my own file"
        await save_as(app, pilot, target)
        await pilot.press("y")
        await pilot.pause()
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == saving.SAVE_FORMAT


# ------------------------------------------------------------------ one instance per game

def test_a_second_instance_on_the_same_game_gets_one_line_and_exit_2(monkeypatch, capsys):
    env = {**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver"}
    first = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, "play", "--players", "2", "--bots", "1,2",
         "--bot-delay", "1"], env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120   # bounds a hang; a loaded machine takes its time
        while not saving.list_games():
            assert time.monotonic() < deadline, "the first instance saved no game"
            time.sleep(0.05)
        # the second instance: `jorvik play --resume` in the test's own process (cli.main)
        from jorvik.cli import main
        monkeypatch.setenv("TEXTUAL_DRIVER", env["TEXTUAL_DRIVER"])
        try:
            code = main(["play", "--resume"])
        except SystemExit as e:
            code = e.code
        err = capsys.readouterr().err
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    assert code == 2
    assert err.count("\n") == 1 and "open in another" in err
    assert "Traceback" not in err
    # SIGKILL leaves no stale lock: the game opens now
    lock = saving.GameLock(only_game())
    assert lock.acquire()
    lock.release()


# ------------------------------------------------------------------ honest saving

async def test_a_failed_save_stays_in_the_status_bar_and_quitting_says_it_is_not_saved(
        monkeypatch):
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_keys(app, pilot, 1)

        def full(path, text):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(saving, "write_save", full)
        await play_keys(app, pilot, 3)
        bar = app.screen.query_one(StatusBar)
        await wait_until(pilot, lambda: "NOT SAVED" in str(bar.text), what="the warning")
        assert "No space left" in str(bar.text)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "NOT saved" in message(app)
        await pilot.press("q")
    assert app.save_failed and exit_code(app, app.return_code) == 1


async def test_the_warning_goes_when_saving_works_again(monkeypatch):
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        real = saving.write_save
        monkeypatch.setattr(saving, "write_save",
                            lambda path, text: (_ for _ in ()).throw(OSError(5, "I/O error")))
        await play_keys(app, pilot, 1)
        assert "NOT SAVED" in str(app.screen.query_one(StatusBar).text)
        monkeypatch.setattr(saving, "write_save", real)
        await play_keys(app, pilot, 1)
        assert "NOT SAVED" not in str(app.screen.query_one(StatusBar).text)
        state = app.session.state.to_dict()
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert resumed.session.state.to_dict() == state


async def test_an_unexpected_error_writes_a_crash_report_and_keeps_the_save(monkeypatch):
    app = make_app(*ARGS)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(120, 40)) as pilot:
            await play_keys(app, pilot, 3)
            saved = only_game().read_text(encoding="utf-8")

            def broken(self, action):
                raise RuntimeError("a bug in the app")
            monkeypatch.setattr(GameScreen, "play", broken)
            await play_keys(app, pilot, 1)
            await pilot.pause()
    assert app.return_code == 70 and exit_code(app, app.return_code) == 70
    report = app.crash_report.read_text(encoding="utf-8")
    assert "RuntimeError: a bug in the app" in report and '"actions"' in report
    assert app.crash_report.parent == saving.crash_dir()
    assert only_game().read_text(encoding="utf-8") == saved


@pytest.mark.parametrize("keys", [("ctrl+q", "y"), ("ctrl+c",)])
async def test_quitting_while_the_hard_bot_thinks_stops_its_search_at_once(keys, monkeypatch):
    from jorvik.bots.search import Race, SearchBot
    searches: list[float] = []
    search = SearchBot._search

    def timed(self, st, cands):
        try:
            return search(self, st, cands)
        finally:
            searches.append(time.monotonic())
    monkeypatch.setattr(SearchBot, "_search", timed)
    # every search takes its whole 30 s (no candidate leaves the race early)
    monkeypatch.setattr(Race, "survivors", lambda self, sampler, sums, alive: alive)
    app = make_app("--players", "2", "--bots", "1,2", "--level", "hard", "--think", "30",
                   "--bot-delay", "0")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen)
                         and app.screen.thinking, what="the bot's search")
        assert app.screen.thinking and not searches  # a 30-second search is under way
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        quit_at = time.monotonic()
    deadline = time.monotonic() + 60
    while not searches:
        assert time.monotonic() < deadline, "the search never ended"
        await asyncio.sleep(0.01)
    # stopped, not run to its end: the search would have gone on for 30 s (the bound is
    # generous for a loaded machine)
    assert searches[0] - quit_at < 10.0
    assert app.return_code == 0 and app.crash_report is None


# ------------------------------------------------------------------ names on the setup screen

@pytest.mark.parametrize("name,words", [("\x1b]0;pwned\x07", "printable"),
                                        ("Anna", "same name"),
                                        ("x" * 25, "at most 24 characters")])
async def test_the_setup_screen_applies_the_same_name_rules_as_the_command_line(name, words):
    from textual.widgets import Input, Static
    app = make_app("--players", "2")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-0", Input).value = "Anna"
        field = app.screen.query_one("#name-1", Input)
        field.value = name
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert words in str(app.screen.query_one("#setup-error", Static).render())
    assert not saving.games_dir().exists()



async def test_the_autosave_of_an_earlier_version_goes_on_in_a_new_file_and_stays_as_it_was():
    path, _ = await edited_save(lambda data: None)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = "jorvik-save/1"
    for key in ("id", "started", "finished", "round"):
        del data[key]
    del data["record"]["deck"], data["record"]["bag"]
    legacy = saving.legacy_autosave_path()
    legacy.write_text(json.dumps(data), encoding="utf-8")
    path.unlink()
    before = legacy.read_bytes()
    app = make_app("--resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(app.session.actions) == 2
        state = app.session.state.to_dict()
        assert app.session.path.parent == saving.games_dir()
        assert "goes on in its own file" in " ".join(app.session.line(e) for e in app.session.log)
    assert legacy.read_bytes() == before
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert resumed.session.state.to_dict() == state


def test_a_crash_in_a_real_terminal_prints_where_the_report_is_and_how_to_resume(tmp_path):
    script = (
        "import sys\n"
        "from jorvik.play.session import Session\n"
        "apply = Session.apply\n"
        "def buggy(self, action):\n"
        "    if len(self.actions) == 4:\n"
        "        raise RuntimeError('a bug in the app')\n"
        "    return apply(self, action)\n"
        "Session.apply = buggy\n"
        "from jorvik.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n")
    proc = subprocess.run(
        [sys.executable, "-c", script, "play", "--players", "2", "--bots", "1,2",
         "--bot-delay", "0"], env={**os.environ, "TERM": "xterm-256color",
           # no terminal here: the app runs headless (without one it refuses to start, N15)
           "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver"},
        stdin=subprocess.PIPE, capture_output=True, timeout=300)
    err = proc.stderr.decode()
    assert proc.returncode == 70
    assert "Traceback" not in err and "jorvik play --resume" in err
    report = next(saving.crash_dir().glob("crash-*.txt"))
    assert str(report) in err
    assert "RuntimeError: a bug in the app" in report.read_text(encoding="utf-8")
    data = json.loads(only_game().read_text(encoding="utf-8"))
    assert len(data["record"]["actions"]) == 4  # every move before the crash is saved


def test_a_bad_card_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "cards.yaml"
    bad.write_text("format: 1\ncards: [oops\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["play", "--cards", str(bad)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(bad) in err
    assert not saving.games_dir().exists()


async def test_a_new_game_while_a_bot_thinks_leaves_the_old_game_as_it_was():
    app = make_app("--players", "2", "--names", "Anna,Bot", "--seat", "2=hard", "--think", "30",
                   "--start-player", "2", "--bot-delay", "0")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen)
                         and app.screen.thinking, what="the bot's search")
        old = app.session
        before = old.path.read_bytes()
        app.action_new_game()
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen)
                         and app.screen.query("#name-0") and old.ended.is_set())
        await pilot.pause()
        assert old.ended.is_set() and old.path.read_bytes() == before
    assert app.crash_report is None and old.path.read_bytes() == before
