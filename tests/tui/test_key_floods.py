"""Key floods (issue 30 §7): random keys, 500 sent at once, then bursts of 2–3 keys sent
together (as a terminal delivers keys typed or pasted together), on the setup, game, learn,
help, palette and final screens: the app never crashes. Seeded, so that a failure replays.

The keys that quit by design (Ctrl+C, Ctrl+Q, and q where it means "quit now") are left out;
when the flood quits the app another way (a palette command, a dialog's answer), the app is
started again and the flood goes on. An unhandled error in the app is re-raised by
App.run_test when the app is left, and its crash report is checked after every burst."""

from __future__ import annotations

import asyncio
import json
import random
import string
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events

from jorvik.tui.app import JorvikApp
from tui_helpers import make_app

FLOOD = 500       # keys sent at once
BURSTS = 40       # then this many bursts of 2–3 keys, each waited for
# Every flood runs twice: a short one in the quick tier (-m "not slow"), the whole one in the
# slow tier. Both are seeded, so a failure replays with the same keys.
SIZES = [pytest.param((100, 10), id="short"),
         pytest.param((FLOOD, BURSTS), id="whole", marks=pytest.mark.slow)]
SIZE = (120, 40)

CHARACTERS = {"space": " ", "question_mark": "?", "full_stop": ".", "comma": ",",
              "slash": "/", "plus": "+", "minus": "-", "exclamation_mark": "!"}
NAMED = ["enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "pageup",
         "pagedown", "home", "end", "backspace", "delete", "insert", "f1", "f2", "f3", "f10",
         "ctrl+p", "ctrl+z", "ctrl+s", "ctrl+a", "ctrl+e", "ctrl+k", "ctrl+u", "ctrl+w",
         "shift+up", "shift+down", "ctrl+left", "ctrl+right", *CHARACTERS]
QUIT_KEYS = {"ctrl+c", "ctrl+q", "q"}
KEYS = sorted(set(string.ascii_lowercase + string.digits) - QUIT_KEYS) + NAMED


def key_event(key: str) -> events.Key:
    char = key if len(key) == 1 else CHARACTERS.get(key)
    return events.Key(key, char)


async def until(condition: Callable[[], object], what: str, within: float = 600.0) -> None:
    """Wait for `condition` while the app runs (no Pilot.pause: its wait for the app's queues
    gives up after 30 s, and a flood can take longer on a loaded machine; the test then left
    the app with keys still queued, and Textual's teardown under them ended in
    ScreenStackError). `within` only bounds a hung app."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not come within {within} s")
        await asyncio.sleep(0.01)


async def settled(app: JorvikApp) -> None:
    """Until the app, then the screen and its widgets, have handled everything queued so far
    (a mark queued after it in each, as Pilot.pause does, without its time limit); twice,
    for what the first messages passed on."""
    for what in ("the keys", "what they passed on"):
        try:
            pumps = [app, *app.screen.walk_children(with_self=True)]
        except Exception:   # no screen: the app is ending
            return
        done: set[int] = set()

        def mark(i: int, done: set[int] = done) -> None:
            done.add(i)
        marked = [i for i, pump in enumerate(pumps) if pump.call_later(mark, i)]
        await until(lambda done=done, pumps=pumps, marked=marked: all(
            i in done or not pumps[i].is_running for i in marked), what)


class Flood:
    """Drives one app (and its successors, when a flood quits it) with seeded random keys."""

    def __init__(self, make: Callable[[], JorvikApp], seed: int,
                 prepare: Callable[[Any], Awaitable[None]] | None = None,
                 leave_out: frozenset[str] = frozenset()) -> None:
        self.make = make
        self.prepare = prepare
        self.rng = random.Random(seed)
        self.keys = [k for k in KEYS if k not in leave_out]
        self.starts = 0
        self.flood, self.bursts = FLOOD, BURSTS

    def _start(self) -> tuple[JorvikApp, list[bool]]:
        app = self.make()
        quit_: list[bool] = []
        real_exit = app.exit

        def exit(*args: Any, **kwargs: Any) -> None:  # a flood that quits: start again
            quit_.append(True)
            real_exit(*args, **kwargs)
        app.exit = exit  # type: ignore[method-assign]
        self.starts += 1
        return app, quit_

    async def run(self) -> None:
        sent = 0
        total = self.flood + self.bursts * 3
        bursts = 0
        while sent < total:
            assert self.starts < 20, "the flood quits the app too often to test it"
            app, quit_ = self._start()
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                if self.prepare is not None:
                    await self.prepare(pilot)
                if sent < self.flood:  # all at once
                    for _ in range(self.flood - sent):
                        app.post_message(key_event(self.rng.choice(self.keys)))
                    sent = self.flood
                    await settled(app)
                    assert app.crash_report is None
                while not quit_ and bursts < self.bursts:
                    burst = [self.rng.choice(self.keys) for _ in range(self.rng.choice((2, 3)))]
                    for k in burst:
                        app.post_message(key_event(k))
                    bursts += 1
                    sent += len(burst)
                    await settled(app)
                    assert app.crash_report is None, (burst, app.crash_report)
                if bursts >= self.bursts:
                    sent = total
                if quit_:   # as a real exit: the app ends its loop before it is taken down
                    await until(lambda app=app: not app.is_running, "the app's end")
            assert app.crash_report is None


GAME = ("--players", "2", "--names", "Ann,Bob", "--seed", "1", "--handover", "never",
        "--no-hints", "--bot-delay", "0")


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a palette "Screenshot" writes its SVG here


@pytest.fixture(autouse=True, params=SIZES)
def _size(request, monkeypatch):
    real = Flood.__init__

    def sized(self, *args, **kwargs) -> None:
        real(self, *args, **kwargs)
        self.flood, self.bursts = request.param
    monkeypatch.setattr(Flood, "__init__", sized)


def _is(name: str) -> Callable[[Any], Awaitable[None]]:
    async def check(pilot) -> None:
        assert type(pilot.app.screen).__name__ == name
    return check


async def test_a_key_flood_on_the_setup_screen():
    await Flood(lambda: make_app("--players", "2", "--seed", "1", autosave=False), seed=1,
                prepare=_is("SetupScreen")).run()


async def test_a_key_flood_on_the_game_screen():
    await Flood(lambda: make_app(*GAME, autosave=False), seed=2,
                prepare=_is("GameScreen")).run()


async def test_a_key_flood_on_the_help_screen():
    async def help_(pilot) -> None:
        await pilot.press("f1")
        assert type(pilot.app.screen).__name__ == "HelpScreen"
    await Flood(lambda: make_app(*GAME, autosave=False), seed=3, prepare=help_,
                leave_out=frozenset({"escape", "f1"})).run()


async def test_a_key_flood_on_the_command_palette():
    async def palette(pilot) -> None:
        await pilot.press("ctrl+p")
        assert type(pilot.app.screen).__name__ == "Palette"
    await Flood(lambda: make_app(*GAME, autosave=False), seed=4, prepare=palette,
                leave_out=frozenset({"escape"})).run()


async def test_a_key_flood_on_the_lessons():
    from jorvik.carddata import load_cards
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.screens.learn import LearnApp
    from jorvik.tui.text import Seats

    def learn() -> JorvikApp:
        return LearnApp(PlayConfig(cards=load_cards(), seats=Seats([], [], []),
                                   handover=False, bot_delay=0.0, autosave=False))

    async def lesson(pilot) -> None:
        await pilot.press("1")
        assert type(pilot.app.screen).__name__ == "LessonScreen"
    await Flood(learn, seed=5, prepare=_is("LessonListScreen")).run()
    await Flood(learn, seed=6, prepare=lesson).run()


def finished_game(folder: Path) -> Path:
    from jorvik.bots import make_bot
    from jorvik.carddata import load_cards
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    seats = Seats(["Ann", "Bob"], ["red", "blue"], [None, None])
    session = Session.start(load_cards(), seats, "karl", 5, None, autosave=False)
    bots = [make_bot("random", seed=p) for p in range(2)]
    while not session.over:
        session.apply(bots[session.decider].choose(session.state))
    path = folder / "finished.json"
    path.write_text(session.save_text(), encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["finished"] is True
    return path


async def test_a_key_flood_on_the_final_screen(tmp_path):
    path = finished_game(tmp_path)
    # r opens the review, which judges the whole game in two processes: not in a flood
    await Flood(lambda: make_app("--load", str(path), autosave=False), seed=7,
                prepare=_is("FinalScreen"), leave_out=frozenset({"r"})).run()
