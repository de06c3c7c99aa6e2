"""The lessons in the app: the Pilot plays every lesson to its end by keys, a wrong move is
explained and not played, and finished lessons are remembered."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.message import Message

from jorvik.lessons import LESSONS
from jorvik.tui.messages import GameOver
from jorvik.tui.moves import move_path
from jorvik.tui.screens.learn import (
    LearnApp,
    LessonDoneScreen,
    LessonFinished,
    LessonListScreen,
    LessonScreen,
    lessons_done,
)
from jorvik.tui.screens.message import ConfirmScreen
from tui_helpers import make_learn_app, wait_until


class LessonEnd:
    """A message hook (App.run_test(message_hook=...)) that tells when a lesson has ended:
    `ended` at its LessonFinished (the script played out) or GameOver, `shown` when its end
    screen is resumed on top. The pilot waits for these messages, never for a guessed time:
    between the last move and the end screen the lesson screen may still show a menu."""

    def __init__(self, app: LearnApp) -> None:
        self.app = app
        self.ended = asyncio.Event()
        self.shown = asyncio.Event()

    def __call__(self, message: Message) -> None:
        if isinstance(message, (LessonFinished, GameOver)):
            self.ended.set()
        elif isinstance(message, events.ScreenResume) and isinstance(self.app.screen,
                                                                      LessonDoneScreen):
            self.shown.set()

    async def wait_shown(self) -> None:
        """Wait for the end screen (120 s only bounds a hung app)."""
        await asyncio.wait_for(self.shown.wait(), 120)
        assert isinstance(self.app.screen, LessonDoneScreen)


async def play_lesson(pilot, app: LearnApp, end: LessonEnd, limit: int = 2000) -> None:
    """Press the keys the lesson asks for until its end screen shows."""
    for _ in range(limit):
        screen = app.screen
        if end.ended.is_set() or isinstance(screen, LessonDoneScreen):
            await end.wait_shown()
            return
        if isinstance(screen, ConfirmScreen):
            await pilot.press("y")
            continue
        if isinstance(screen, LessonScreen) and not screen.thinking and screen.menu:
            i = len(screen.session.actions)
            if i >= len(screen.moves):  # played out: its LessonFinished is on its way
                await end.wait_shown()
                return
            keys = move_path(screen.session.state, screen.session.seats, screen.moves[i],
                             screen.path)
            assert keys, f"no keys lead to the lesson's move {screen.moves[i]}"
            await pilot.press(keys[0][0])
            continue
        await pilot.pause(0.01)
    raise AssertionError("the lesson did not end")


async def test_a_purchase_step_highlights_the_column_on_sale():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        screen = app.screen
        for _ in range(2000):
            st = screen.session.state
            if st.phase == "purchase" and screen.menu and not screen.thinking:
                break
            if screen.menu and not screen.thinking:
                i = len(screen.session.actions)
                await pilot.press(move_path(st, screen.session.seats, screen.moves[i])[0][0])
            else:
                await pilot.pause(0.01)
        # the purchase step is about the column on sale: column 2, the 3-defence warrior
        assert screen.query_one("#space-2").has_class("-lesson")


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(LESSONS)))
async def test_the_pilot_plays_each_lesson_to_its_end_by_keys(number):
    app = make_learn_app()
    end = LessonEnd(app)
    async with app.run_test(size=(120, 40), message_hook=end) as pilot:
        assert isinstance(app.screen, LessonListScreen)
        await pilot.press(str(number + 1))
        assert isinstance(app.screen, LessonScreen)
        await play_lesson(pilot, app, end)
        assert LESSONS[number].id in lessons_done()
        await pilot.press("enter")
        assert isinstance(app.screen, LessonListScreen)


async def test_the_pilot_waits_for_an_end_screen_that_comes_late(monkeypatch):
    """The race of the flaky [3]: the script is played out and the lesson screen still shows
    the next decision's menu while the end screen is on its way (here: 0.3 s late)."""
    later = LearnApp.lesson_finished

    def late(self, lesson, session):
        self.set_timer(0.3, lambda: later(self, lesson, session))
    monkeypatch.setattr(LearnApp, "lesson_finished", late)
    app = make_learn_app()
    end = LessonEnd(app)
    async with app.run_test(size=(120, 40), message_hook=end) as pilot:
        await pilot.press("4")
        await play_lesson(pilot, app, end)
        assert isinstance(app.screen, LessonDoneScreen)


async def test_a_different_legal_move_is_explained_and_not_played():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        screen = app.screen
        await wait_until(pilot, lambda: not screen.thinking and screen.menu, what="the menu")
        before = len(screen.session.actions)
        assert screen.query_one("#space-5").has_class("-lesson")  # the board part it is about
        assert not screen.query_one("#space-2").has_class("-lesson")
        await pilot.press("2")  # the lesson asks for column 5
        assert len(screen.session.actions) == before
        panel = screen.query_one("#lesson-panel")
        assert panel.has_class("-wrong")
        await pilot.press("5")
        assert len(screen.session.actions) > before
        assert not panel.has_class("-wrong")


async def test_the_lesson_list_marks_finished_lessons(tmp_path):
    from jorvik.tui.screens.learn import mark_done
    mark_done("picts")
    app = make_learn_app()
    async with app.run_test(size=(120, 40)):
        text = " ".join(str(o.prompt) for o in app.screen.query_one("#lessons").options)
        assert "done" in text and lessons_done() == {"picts"}


def test_a_broken_progress_file_counts_as_nothing_done(tmp_path):
    from jorvik.tui.screens.learn import progress_path
    progress_path().parent.mkdir(parents=True, exist_ok=True)
    progress_path().write_text("{not json", encoding="utf-8")
    assert lessons_done() == set()
    progress_path().write_text('{"done": ["round", 3, "nonsense"]}', encoding="utf-8")
    assert lessons_done() == {"round"}
