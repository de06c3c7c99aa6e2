"""Never lose a game: autosave, --resume after a killed process, --load, corrupt saves,
bad card files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from jorvik.cli import main
from jorvik.tui.save import autosave_path
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ChoiceScreen
from jorvik.tui.screens.setup import SetupScreen
from tui_helpers import first_key, make_app

ARGS = ("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "3",
        "--no-handover")


async def test_every_action_is_autosaved_and_resume_continues_exactly():
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(7):
            await pilot.press(first_key(app))
        actions = list(app.screen.session.actions)
        state = app.screen.session.state.to_dict()
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert len(saved["record"]["actions"]) == len(actions)
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, GameScreen)
        assert resumed.screen.session.actions == actions
        assert resumed.screen.session.state.to_dict() == state
        assert [s.names for s in [resumed.screen.session.seats]] == [["Anna", "Bela"]]


def test_resume_works_after_the_terminal_process_was_killed(tmp_path):
    """A real `jorvik play` process, killed with SIGKILL, leaves a save --resume reads."""
    env = dict(os.environ)
    script = ("import sys; from jorvik.cli import main; sys.exit(main(sys.argv[1:]))")
    proc = subprocess.Popen(
        [sys.executable, "-c", script, "play", "--players", "2", "--bots", "1,2", "--level",
         "easy", "--seed", "4", "--bot-delay", "0.05"],
        env={**env, "TERM": "xterm-256color"}, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    path = autosave_path()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if path.exists():
                data = json.loads(path.read_text(encoding="utf-8"))
                if len(data["record"]["actions"]) >= 5:
                    break
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    data = json.loads(path.read_text(encoding="utf-8"))  # whole and valid JSON
    assert len(data["record"]["actions"]) >= 5
    from jorvik.carddata import load_cards
    from jorvik.tui.save import parse_save
    parsed = parse_save(data, load_cards(), path)
    assert len(parsed.actions) == len(data["record"]["actions"])


async def test_a_corrupt_save_gives_a_clear_message_and_offers_a_new_game():
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "jorvik-save/1", "record": {"actio', encoding="utf-8")
    app = make_app("--resume", "--players", "2")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = str(app.screen.query_one("#message-text").render())
        assert "damaged" in text and "new game" in text.lower()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_an_incompatible_save_is_refused_with_a_message():
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    rec = {"format": "jorvik-record/1", "cards_hash": "nope", "mode": "karl",
           "players": ["A", "B"], "seed": 1, "start_player": 0, "actions": []}
    path.write_text(json.dumps({"format": "jorvik-save/1", "record": rec, "seats": []}))
    app = make_app("--resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "card file" in str(app.screen.query_one("#message-text").render())


async def test_save_as_and_load(tmp_path):
    target = tmp_path / "mine.json"
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "1")
        await pilot.press("ctrl+s")
        inp = app.screen.query_one("#answer")
        inp.value = str(target)
        await pilot.press("enter")
        await pilot.pause()
    assert target.exists()
    loaded = make_app("--load", str(target))
    async with loaded.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert len(loaded.screen.session.actions) == 2


def test_a_bad_card_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "cards.yaml"
    bad.write_text("format: 1\ncards: [oops\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["play", "--cards", str(bad)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(bad) in err
