"""`jorvik learn`: the lesson list, the lesson screen and the app that runs them.

The lesson screen is the game screen with a lesson panel; finished lessons are remembered in
the data directory."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jorvik.engine import Action, Phase, current_player
from jorvik.i18n import t
from jorvik.lessons import LESSONS, Lesson, learner_steps, script
from jorvik.outside import DataFileError, read_json_file
from jorvik.play.session import Session, start_entry
from jorvik.play.turns import BotTurns
from jorvik.settings import atomic_write, data_dir

from ..app import JorvikApp, PlayConfig
from ..choices import Menu
from ..keys import key, translated
from ..messages import GameOver, ScreenReady
from ..moves import move_path, move_words
from ..text import Seats
from ..widgets.column import SpaceWidget
from ..widgets.keybar import KeyBar
from ..widgets.player_panel import PlayerPanel
from .final import score_table, winner_text
from .game import GameScreen

# --------------------------------------------------------------------------- progress

def progress_path():
    return data_dir() / "learn.json"


def lessons_done() -> set[str]:
    """The ids of the finished lessons (an unreadable file counts as none finished)."""
    try:
        data = read_json_file(progress_path(), limit=64 * 1024, depth=2)
    except DataFileError:
        return set()
    done = data.get("done") if isinstance(data, dict) else None
    known = {x.id for x in LESSONS}
    if not isinstance(done, list):
        return set()
    return {d for d in done if isinstance(d, str) and d in known}


def mark_done(lesson_id: str) -> None:
    done = lessons_done() | {lesson_id}
    # progress is a convenience: an unwritable directory (OSError) costs only the mark
    with contextlib.suppress(OSError):
        atomic_write(progress_path(), json.dumps({"done": sorted(done)}))


# --------------------------------------------------------------------------- guidance

class ScriptBot:
    """A computer seat of a lesson: it plays the lesson's planned move for this moment."""

    def __init__(self, session: Session, moves: tuple[Action, ...]):
        self.session = session
        self.moves = moves

    def choose(self, state) -> Action:
        return self.moves[len(self.session.actions)]


# --------------------------------------------------------------------------- messages

@dataclass
class LessonChosen(Message):
    """A lesson was picked from the list."""
    lesson: Lesson


@dataclass
class LessonFinished(Message):
    """The lesson's script is played out (the game may go on, or be over)."""
    lesson: Lesson
    session: Session


# --------------------------------------------------------------------------- screens

class LessonPanel(Static):
    """What this step of the lesson is about, and why."""


@translated
class LessonScreen(GameScreen):
    """The game screen with a lesson panel; the learner's moves are checked against the
    lesson, the computer seats follow it."""

    seats_change_hands = False

    COMPONENT_CLASSES = {"lesson--title", "lesson--step", "lesson--wrong"}
    session: Session   # (a lesson is played at a local Session: GameScreen takes any Table)
    # Esc: back in a submenu (the game screen's), else back to the lesson list
    KEYS = GameScreen.KEYS + [key("escape", "to_lessons", "learn.bind.lessons",
                                  id="lesson-back")]

    def __init__(self, session: Session, lesson: Lesson, turns: BotTurns | None = None) -> None:
        super().__init__(session, turns)
        self.lesson = lesson
        self.moves = script(lesson)
        self.steps = dict(learner_steps(lesson))
        self.numbers = {i: n + 1 for n, i in enumerate(sorted(self.steps))}
        self.wrong: Text | None = None
        self._finished = False

    def on_mount(self) -> None:
        # Runs before GameScreen.on_mount (Textual calls the handlers of the whole MRO).
        self.query_one("#body").mount(LessonPanel(id="lesson-panel"), after="#board")
        self.add_class("-in-lesson")  # the stylesheet makes room for the panel below 100x30
        self.call_after_refresh(self._show_lesson)

    # ---------------------------------------------------------------- the panel
    def _refresh_view(self) -> None:
        super()._refresh_view()
        self._show_lesson()

    def retranslate(self) -> None:
        super().retranslate()
        self._show_lesson()

    def _style(self, part: str) -> Style:
        return self.get_component_rich_style(f"lesson--{part}", partial=True)

    def _step_index(self) -> int | None:
        """The script index of the learner's current (or last) step."""
        i = len(self.session.actions)
        if i in self.steps:
            return i
        earlier = [j for j in self.steps if j < i]
        return max(earlier) if earlier else None

    def _show_lesson(self) -> None:
        panels = self.query("#lesson-panel")
        if not panels:
            return
        panel = panels.first(LessonPanel)
        i = len(self.session.actions)
        st = self.session.public.state
        now = i in self.steps and current_player(st) == self.lesson.learner
        shown = self._step_index()
        text = Text(t("learn.panel.title", number=LESSONS.index(self.lesson) + 1,
                      title=t(self.lesson.title)), style=self._style("title"))
        if shown is not None:
            text.append("  ·  " + t("learn.panel.step", step=self.numbers[shown],
                                    steps=len(self.steps)), style=self._style("step"))
        text.append("\n")
        wrong = self.wrong if now else None
        if wrong is not None:
            # After a wrong move the move to make comes first, then why (the note ends with
            # the step's reason): a small panel cuts the end, never the instruction.
            text.append(t("learn.panel.your_move", move="").rstrip() + " ", style="bold")
            text.append_text(move_words(st, self.session.seats, self.moves[i]))
            text = Text.assemble(text, "\n", wrong)
        else:
            if shown is not None:
                text.append(t(self.steps[shown].text), style="" if now else "dim")
            if now:
                text.append("\n")
                text.append(t("learn.panel.your_move", move="").rstrip() + " ", style="bold")
                text.append_text(move_words(st, self.session.seats, self.moves[i]))
            elif i < len(self.moves):
                text.append("\n" + t("learn.panel.watch"), style="italic")
        panel.update(text)
        panel.set_class(self.wrong is not None and now, "-wrong")
        self._mark_board(i if now else None)

    def _mark_board(self, i: int | None) -> None:
        """Highlight the part of the board the step is about."""
        space = panel_player = None
        reservation = False
        st = self.session.public.state
        if i is not None:
            a = self.moves[i]
            col = getattr(a, "column", None) or getattr(a, "space", None)
            if col is not None and st.phase == Phase.DEMAND:
                space = col
            elif st.phase == Phase.PURCHASE:
                space = st.turn + 1
            elif st.phase == Phase.RESERVATION:
                reservation = True
            else:
                panel_player = self.lesson.learner
        for w in self.query(SpaceWidget):
            if (w.space == space) != w.has_class("-lesson"):
                w.set_class(w.space == space, "-lesson")
        for p in self.query(PlayerPanel):
            mine = p.player == panel_player
            if mine != p.has_class("-lesson"):
                p.set_class(mine, "-lesson")
        for r in self.query("#reservation"):
            r.set_class(reservation, "-lesson")
        if i is not None and self.menu is not None:
            self._point_at(self.moves[i])

    def _point_at(self, action: Action) -> None:
        """Put the menu's cursor on the choice that leads to the lesson's move."""
        menu: Menu = self.menu  # type: ignore[assignment]
        keys = move_path(self.session.public.state, self.session.seats, action, self.path, depth=3)
        if not keys:
            return
        for n, c in enumerate(menu.choices):
            if c.key == keys[0][0]:
                if self._choices.highlighted != n:
                    self._choices.highlighted = n
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return False  # the lesson panel already names the move: no hint key here
        return super().check_action(action, parameters)

    # ---------------------------------------------------------------- moves
    def play(self, action: Action) -> None:
        i = len(self.session.actions)
        if i in self.steps and action != self.moves[i]:
            step = self.steps[i]
            self.wrong = Text.assemble(
                (t("learn.wrong.prefix") + " ", self._style("wrong")),
                self.session.would_lead_to(action), t(step.why))
            self.notify(t("learn.wrong.retry", move=move_words(
                self.session.public.state, self.session.seats, self.moves[i]).plain),
                severity="warning")
            self.path = ()
            self.refresh_view()
            return
        self.wrong = None
        super().play(action)

    def action_to_lessons(self) -> None:
        """Esc outside a submenu: back to the lesson list."""
        show = getattr(self.app, "show_lessons", None)
        if show is not None:
            show()

    def after_change(self) -> None:
        if not self._finished and len(self.session.actions) >= len(self.moves) \
                and not self.session.over:
            self._finished = True
            self.refresh_view()
            self.post_message(LessonFinished(self.lesson, self.session))
            return
        super().after_change()


@translated
class LessonDoneScreen(ModalScreen[None]):
    COMPONENT_CLASSES = {"lesson--title"}
    KEYS = [key("enter,escape,space", "close", "learn.bind.lessons", id="lesson-done-close")]

    def __init__(self, lesson: Lesson, session: Session) -> None:
        super().__init__(classes="dialog-screen")
        self.lesson = lesson
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="lesson-done"):
            yield Static(Text(t("learn.done.title"), style=self.get_component_rich_style(
                "lesson--title", partial=True)), classes="dialog-text")
            with VerticalScroll(id="lesson-done-scroll"):
                yield Static(t(self.lesson.summary), id="lesson-done-text")
                if self.session.over:
                    yield Static(score_table(self.session))
                    yield Static(winner_text(self.session))
            yield Static(Text(t("learn.done.next"), style="italic"), classes="dialog-text")

    def action_close(self) -> None:
        self.dismiss(None)


@translated
class LessonListScreen(Screen):
    COMPONENT_CLASSES = {"lesson--done"}
    KEYS = [
        key("1", "open(0)", "", show=False, id="lesson-1"),
        key("2", "open(1)", "", show=False, id="lesson-2"),
        key("3", "open(2)", "", show=False, id="lesson-3"),
        key("4", "open(3)", "", show=False, id="lesson-4"),
        key("q,escape,ctrl+q", "app.quit", "tui.bind.quit_now", id="lessons-quit", priority=True),
        key("f2", "app.language", "", show=False, id="lessons-language"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-body"):
            yield Static(t("learn.list.title"), id="lessons-title")
            yield Static(t("learn.list.intro"), id="lessons-intro")
            yield OptionList(*self._options(), id="lessons")
            yield Static(Text(t("learn.list.keys"), style="italic"), id="lessons-keys")
        yield KeyBar()

    def _options(self) -> list[Option]:
        done_ids = lessons_done()
        done = self.get_component_rich_style("lesson--done", partial=True)
        out = []
        for n, lesson in enumerate(LESSONS):
            finished = lesson.id in done_ids
            mark = "✔ " + t("learn.list.done") if finished else "· " + t("learn.list.todo")
            out.append(Option(Text.assemble((f"{n + 1}. ", "bold"), t(lesson.title), "   ",
                                            (mark, done if finished else "dim")),
                              id=lesson.id))
        return out

    def on_mount(self) -> None:
        self.query_one("#lessons", OptionList).focus()
        self.post_message(ScreenReady(self))

    def retranslate(self) -> None:
        self.call_later(self.recompose)

    def action_open(self, n: int) -> None:
        self.post_message(LessonChosen(LESSONS[n]))

    @on(OptionList.OptionSelected, "#lessons")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open(event.option_index)


# --------------------------------------------------------------------------- the app

class LearnApp(JorvikApp):
    """The Jórvík app in lesson mode: the lesson list first, a lesson, then the list again."""

    CSS_PATH = str(Path(__file__).parent.parent / "jorvik.tcss")  # the app's one stylesheet
    hints = False  # the lesson panel already says which move to make

    def __init__(self, config: PlayConfig, ready_hook: Any = None):
        super().__init__(config, ready_hook=ready_hook)
        self.lesson: Lesson | None = None

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # not JorvikApp.on_mount: no game to set up or load
        self.show_lessons()

    def action_command_palette(self) -> None:
        # Esc (or q) on the lesson list quits: a palette asked for in the same breath would
        # open on an app that is closing (Textual then fails to find its list)
        if not getattr(self, "_exit", False):
            super().action_command_palette()

    def show_lessons(self) -> None:
        self.session = None
        self.lesson = None
        self._show(LessonListScreen())

    def start_lesson(self, lesson: Lesson) -> None:
        first = lesson.new_game()
        seats = Seats(list(lesson.names), list(lesson.colours),
                      [None if p == lesson.learner else "lesson" for p in range(len(lesson.names))])
        session = Session(cards=first.cards, seats=seats, first=first, states=[first],
                          autosave=False)
        session.log.append(start_entry(first, seats))
        self.session = session
        self.lesson = lesson
        moves = script(lesson)
        turns = BotTurns(session, delay=self.config.bot_delay,
                         make=lambda p: ScriptBot(session, moves))
        self._show(LessonScreen(session, lesson, turns))

    @on(LessonChosen)
    def _lesson_chosen(self, message: LessonChosen) -> None:
        if self.lesson is not None:  # a second lesson key in the same burst: one is open
            return
        self.start_lesson(message.lesson)

    @on(LessonFinished)
    def _lesson_finished(self, message: LessonFinished) -> None:
        self.lesson_finished(message.lesson, message.session)

    def lesson_finished(self, lesson: Lesson, session: Session) -> None:
        mark_done(lesson.id)
        self.push_screen(LessonDoneScreen(lesson, session), lambda _: self.show_lessons())

    def on_game_over(self, message: GameOver) -> None:
        message.prevent_default()  # not JorvikApp's final screen: the lesson's own ending
        if self.lesson is not None:
            self.lesson_finished(self.lesson, message.session)

    def action_new_game(self) -> None:
        self.show_lessons()

    def action_request_quit(self) -> None:
        self.exit(0)


def run_learn(lang: str | None = None, bot_delay: float = 0.8) -> int:
    """`jorvik learn`: the lesson list in the app."""
    from jorvik.carddata import load_cards
    from jorvik.i18n import set_language
    if lang:
        set_language(lang)
    config = PlayConfig(cards=load_cards(), seats=Seats([], [], []), handover=False,
                        bot_delay=bot_delay, autosave=False)
    from .. import run_app
    return run_app(LearnApp(config))
