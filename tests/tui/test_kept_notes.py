"""Fairness that survives a quit (reliability-2.md F12): the log's notes that it promises to
keep — a hint used, a bot that plays as 'easy' — are part of the saved game; they come back
after --resume, in the log and in the review. A hint is noted once per request that showed
its moves, never for a window closed before."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from jorvik.play import saves as saving
from jorvik.tui.screens import hint as hint_screen
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.hint import HintScreen
from jorvik.tui.screens.log import LogScreen
from tui_helpers import hint_shown, make_app, wait_until

ARGS = ("--players", "2", "--names", "Anna,Bela", "--seed", "4", "--start-player", "1",
        "--handover", "never")
HINT_USED = "Anna used a hint."


def only_game() -> Path:
    files = list(saving.games_dir().glob("*.json"))
    assert len(files) == 1, files
    return files[0]


def saved_notes() -> list[dict]:
    return json.loads(only_game().read_text(encoding="utf-8"))["notes"]


def log_lines(app) -> list[str]:
    return [app.session.line(e) for e in app.session.log]


@pytest.fixture
def quick_hints(monkeypatch):
    """The judge answers at once with the first three legal moves (the real one takes
    seconds; what is noted does not depend on the moves)."""
    from jorvik.engine import legal_actions
    from jorvik.review import Hint

    def hints(st, count=3, stop=None, progress=None, **_):
        return [Hint(a, 1.0 - i, -float(i)) for i, a in enumerate(legal_actions(st)[:count])]
    monkeypatch.setattr(hint_screen, "hints", hints)


@pytest.fixture
def endless_hints(monkeypatch):
    """A judge that thinks until it is told to stop (the window closed)."""
    stopped = threading.Event()

    def hints(st, count=3, stop=None, progress=None, **_):
        while not stop():
            threading.Event().wait(0.01)
        stopped.set()
        return []
    monkeypatch.setattr(hint_screen, "hints", hints)
    return stopped


async def shown(pilot) -> None:
    await hint_shown(pilot)


async def test_a_hint_is_saved_and_comes_back_after_a_quit_and_resume_in_the_log(quick_hints):
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await shown(pilot)
        assert log_lines(app).count(HINT_USED) == 1
        assert saved_notes() == [{"move": 0, "kind": "hint", "player": 0}]  # at once
        await pilot.press("escape", "ctrl+c")  # quit right after the hint
    assert app.return_code == 0
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, GameScreen)
        lines = log_lines(resumed)
        assert lines.count(HINT_USED) == 1
        assert lines.index(HINT_USED) == 1  # after the start line, before any move
        note = resumed.session.log[1]
        assert (note.player, note.kind) == (0, "hint")  # the hand-over summary counts it
        await pilot.press("l")  # the full log shows it too
        await pilot.pause()
        assert isinstance(resumed.screen, LogScreen)
        assert HINT_USED in str(resumed.screen.query_one("#full-log-lines").render())
    assert saved_notes() == [{"move": 0, "kind": "hint", "player": 0}]  # kept on resaving


async def test_a_hint_window_closed_at_once_notes_nothing(endless_hints):
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HintScreen)
        await pilot.press("escape")
        assert endless_hints.wait(60)  # the judge stopped: no result will come
        await pilot.pause()       # (a result on its way would be handled by now)
        assert not isinstance(app.screen, HintScreen)
        assert HINT_USED not in log_lines(app)
        assert app.session.notes() == []
    assert saved_notes() == []


async def test_each_request_that_showed_moves_is_noted_once(quick_hints):
    app = make_app(*ARGS, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        for requests in (1, 2):
            await pilot.press("question_mark")
            await shown(pilot)
            app.screen._show(app.screen.found)  # shown again: still one note per request
            await pilot.press("escape")
            assert log_lines(app).count(HINT_USED) == requests
        assert [n["kind"] for n in app.session.notes()] == ["hint", "hint"]


async def test_a_bot_that_plays_as_easy_is_noted_saved_and_resumed(monkeypatch):
    import jorvik.bots as bots
    real = bots.make_bot

    def make_bot(level, *args, **kwargs):
        if level == "normal":
            raise ValueError("not here")
        return real(level, *args, **kwargs)
    monkeypatch.setattr(bots, "make_bot", make_bot)
    fallback = "Bot level 'normal' is not available; Bela plays as 'easy'."
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--bots", "2",
                   "--level", "normal", "--bot-delay", "0", "--handover", "never")
    async with app.run_test(size=(120, 40)) as pilot:
        def anna_chooses() -> bool:
            return (app.session.decider == 0 and isinstance(app.screen, GameScreen)
                    and bool(app.screen.menu and app.screen.menu.choices))
        for _ in range(300):   # Anna plays her first choices until the bot's fallback is noted
            await wait_until(pilot, anna_chooses, what="Anna's menu")
            if fallback in log_lines(app):
                break
            await pilot.press(app.screen.menu.choices[0].key or "enter")
        assert log_lines(app).count(fallback) == 1
        await pilot.press("ctrl+c")
    assert [n["kind"] for n in saved_notes()] == ["bot_fallback"]
    resumed = make_app("--resume")
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert fallback in log_lines(resumed)


async def test_the_review_lists_the_kept_notes(quick_hints):
    from jorvik.review import states_of
    from jorvik.tui.screens.review import load_game, note_lines
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await shown(pilot)
        await pilot.press("escape", "ctrl+c")
    game_id = only_game().name.removesuffix(".json")
    record, seats, cards, notes = load_game(game_id)
    assert notes == [{"move": 0, "kind": "hint", "player": 0}]
    states, _ = states_of(record, cards)
    lines = [line.plain for line in note_lines(notes, states, seats)]
    assert lines == ["", "Noted during the game", "Round 1, demand phase: Anna used a hint."]
    assert note_lines([], states, seats) == []


async def test_jorvik_review_prints_the_kept_notes(quick_hints, capsys):
    from jorvik.cli import main
    app = make_app(*ARGS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await shown(pilot)
        await pilot.press("escape", "ctrl+c")
    game_id = only_game().name.removesuffix(".json")
    assert main(["review", game_id, "--playouts", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Noted during the game" in out
    assert "Round 1, demand phase: Anna used a hint." in out


# ---------------------------------------------------------------- the save's "notes" field

def two_moves_save(notes) -> dict:
    """A save of a two-player game after two moves, with these notes (None: no field)."""
    from jorvik.carddata import load_cards
    from jorvik.engine import legal_actions
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    s = Session.start(load_cards(), Seats(["Anna", "Bela"], ["red", "blue"], [None, None]),
                      "karl", 7, None, autosave=False)
    for _ in range(2):
        s.apply(legal_actions(s.state)[0])
    data = json.loads(s.save_text())
    if notes is None:
        del data["notes"]
    else:
        data["notes"] = notes
    return data


def parse(data):
    from jorvik.carddata import load_cards
    return saving.parse_save(data, load_cards(), Path("game.json"))


def test_an_old_save_without_notes_is_read_and_has_none():
    assert parse(two_moves_save(None)).notes == []


def test_notes_in_range_are_read():
    notes = [{"move": 0, "kind": "hint", "player": 0}, {"move": 2, "kind": "bot_failed",
                                                        "player": 1}]
    assert parse(two_moves_save(notes)).notes == notes


@pytest.mark.parametrize("notes", [
    [{"move": 3, "kind": "hint", "player": 0}],            # after the last move
    [{"move": -1, "kind": "hint", "player": 0}],
    [{"move": 0, "kind": "hint", "player": 2}],            # no such seat
    [{"move": 0, "kind": "hint", "player": True}],
    [{"move": "0", "kind": "hint", "player": 0}],
    [{"move": 0, "kind": "\x1b[31mhint", "player": 0}],
    [{"move": 0, "kind": "anything", "player": 0}],
    [{"move": 0, "kind": "hint", "player": 0, "words": "Bela cheated"}],  # no free text
    [{"move": 0, "kind": "hint"}],
    ["hint"],
    {"move": 0},
    [{"move": 0, "kind": "hint", "player": 0}] * (saving.MAX_NOTES + 1),
], ids=["late", "negative", "seat", "bool", "string", "escape", "kind", "words", "no-player",
        "not-object", "not-list", "too-many"])
def test_a_bad_notes_field_is_one_clear_line(notes):
    with pytest.raises(saving.SaveError) as e:
        parse(two_moves_save(notes))
    message = str(e.value)
    assert "\n" not in message and "\x1b" not in message
    assert "game.json" in message


def test_a_game_with_more_notes_than_a_save_holds_still_saves_a_readable_file():
    from jorvik.carddata import load_cards
    from jorvik.play.session import Kept, Session, note_entry
    from jorvik.tui.text import Seats
    seats = Seats(["Anna", "Bela"], ["red", "blue"], [None, None])
    s = Session.start(load_cards(), seats, "karl", 7, None, autosave=False)
    s.log.extend(note_entry(0, Kept("hint", 0, seats)) for _ in range(saving.MAX_NOTES + 5))
    data = json.loads(s.save_text())
    assert len(data["notes"]) == saving.MAX_NOTES
    assert len(parse(data).notes) == saving.MAX_NOTES
