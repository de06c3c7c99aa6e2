"""The Jórvík hot-seat app: screens, global keys, bots, saving and the command palette."""

from __future__ import annotations

import contextlib
import errno
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen

from jorvik.engine import CardSet
from jorvik.i18n import (
    LANGUAGES,
    get_language,
    language_name,
    remember_language,
    set_language,
    t,
)
from jorvik.play import saves as saving
from jorvik.play.errors import PlayError
from jorvik.play.session import Session, note_entry
from jorvik.play.turns import BotTurns
from jorvik.play.words import plain

from . import handover
from .commands import GameCommands, Palette, game_cards, system_commands
from .keys import ensure_labels, key, relabel, translated
from .messages import GameOver, LanguageChosen, ScreenReady, SetupDone
from .screens.game import GameScreen
from .screens.message import ChoiceScreen, ConfirmScreen, InputScreen, SmallTerminal
from .text import Seats, painted
from .textual_compat import CrashHook, guard_option_list_paging
from .themes import BoardColours, register_themes
from .widgets.memo import forget_styles
from .widgets.status import StatusBar


def other_language() -> str:
    """The language the F2 key switches to (the next one in LANGUAGES)."""
    i = LANGUAGES.index(get_language())
    return LANGUAGES[(i + 1) % len(LANGUAGES)]


@dataclass
class PlayConfig:
    """Everything `jorvik play` decided before the app starts."""
    cards: CardSet
    seats: Seats
    mode: str = "karl"
    seed: int | None = None
    start_player: int | None = None
    cards_path: str | None = None
    load_path: Path | None = None
    need_setup: bool = False
    handover: bool | str = True   # a mode of tui/handover.py; True: the remembered one
    bot_delay: float = 0.6
    think: float = 1.0
    autosave: bool = True
    lock: saving.GameLock | None = None   # held for load_path (jorvik play checked it first)
    notices: list[Callable[[], str]] = field(default_factory=list)
    seat_changes: list[tuple[int, str | None]] = field(default_factory=list)  # play --seat N=L


# Actions that still work while the terminal is too small for the board.
WHEN_TOO_SMALL = {"request_quit", "command_palette", "exit", "quit_key"}
CRASH_EXIT = 70  # an unexpected error (EX_SOFTWARE); the game's save is intact
ENVIRONMENT_EXIT = 1  # the machine ran out of something (files, memory, disk): not a bug
_ENVIRONMENT_ERRNOS = frozenset(getattr(errno, n) for n in ("EMFILE", "ENFILE", "ENOMEM", "ENOSPC",
                                                            "EDQUOT") if hasattr(errno, n))


def environment_problem(error: BaseException) -> bool:
    """Whether an error the app did not expect is the machine's limit, not a bug: too many
    open files (`ulimit -n`), no memory, a full disk."""
    return isinstance(error, MemoryError) or (
        isinstance(error, OSError) and error.errno in _ENVIRONMENT_ERRNOS)


@translated
class JorvikApp(BoardColours, CrashHook, App[int]):
    CSS_PATH = "jorvik.tcss"
    TITLE = "Jórvík"
    hints = True  # whether the hint key (?) works (screens/hint.py); build_app sets it
    COMMANDS = App.COMMANDS | {GameCommands}
    KEYS = [
        key("ctrl+q", "request_quit", "tui.bind.quit", help="quit", id="app-quit",
            priority=True),
        key("ctrl+c", "quit_key", "tui.bind.quit", id="app-interrupt", show=False,
            priority=True),
        key("f1", "help", "tui.bind.help", help="help", id="app-help"),
        key("f2", "language", lambda: language_name(other_language()), help="language",
            id="app-language"),
        key("ctrl+p", "command_palette", "tui.bind.palette", help="palette", id="app-palette",
            show=False,
            priority=True),
    ]

    def __init__(self, config: PlayConfig, ready_hook: Callable[[Screen], Any] | None = None):
        ensure_labels()  # before App.__init__ copies the bindings
        guard_option_list_paging()  # Textual's page keys before a list is laid out (F8)
        super().__init__()
        register_themes(self)  # jorvik-dark and jorvik-light (tui/themes.py)
        self.config = config
        self.session: Session | None = None
        self.handover = handover.chosen(config.handover)  # always / changes / never
        self.bot_delay = config.bot_delay
        self.ready_hook = ready_hook
        self.crash_report: Path | None = None
        self.crash_report_error: OSError | None = None  # why no report could be written
        self.saved_copy: Path | None = None  # the last "Save as" (told on exit if saving failed)
        self.environment_error: BaseException | None = None  # ended by the machine's limits

    # ------------------------------------------------------------------ flow
    def on_mount(self, event: events.Mount) -> None:
        if self.config.load_path is not None:
            self.load_game(self.config.load_path)
        elif self.config.need_setup:
            self.show_setup(self.config.seats)
        else:
            self.start_game(self.config.seats)

    def _show(self, screen: Screen) -> None:
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_setup(self, seats: Seats) -> None:
        from .screens.setup import SetupScreen  # only when asked for: a faster start
        self._setup_open = True
        self._show(SetupScreen(seats, self.config.mode))

    def on_setup_done(self, message: SetupDone) -> None:
        # One game per setup screen: Ctrl+S twice in a burst posts two of these before the
        # screen is gone (N48: two game files and a duplicate screen id).
        if not getattr(self, "_setup_open", False):
            return
        self._setup_open = False
        self.start_game(message.seats)

    def start_game(self, seats: Seats) -> None:
        c = self.config
        session = Session.start(c.cards, seats, c.mode, c.seed, c.start_player,
                                cards_path=c.cards_path, autosave=c.autosave)
        self.begin(session)

    def begin(self, session: Session) -> None:
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        session.on_saved = self._saved
        for words in self.config.notices:
            session.log.append(note_entry(len(session.actions), words))
        self.config.notices = []
        for seat, level in self.config.seat_changes:  # a resumed game's seats change hands
            try:
                session.change_seat(seat, level)
            except PlayError as e:
                session.log.append(note_entry(len(session.actions), partial(str, e)))
        self.config.seat_changes = []
        if session.over:
            self.game_over(session)
            return
        turns = BotTurns(session, think=self.config.think, delay=self.bot_delay)
        self._show(GameScreen(session, turns, handover=self.handover,
                              resumed=bool(session.actions)))
        if session.save_error is not None:  # the first save failed: say so once it shows
            self.call_after_refresh(self._saved, session.save_error)

    def load_game(self, path: Path) -> None:
        try:
            session = load_session(path, self.config)
        except saving.SaveError as e:
            self.push_screen(
                ChoiceScreen(t("tui.save.problem", error=plain(e.words)),
                             [("new", "n", t("tui.button.new_game")),
                              ("quit", "q", t("tui.button.quit"))]),
                self._after_load_error)
            return
        self.config.mode = session.public.state.mode
        if session.path is not None and session.path != path:
            where = str(session.path)
            self.config.notices.append(lambda: t("tui.save.continued_in", path=where))
        self.begin(session)

    def _after_load_error(self, answer: str | None) -> None:
        if answer == "new":
            self.show_setup(self.config.seats)
        else:
            self.exit(1)

    def on_game_over(self, message: GameOver) -> None:
        self.game_over(message.session)

    def game_over(self, session: Session) -> None:
        """The finished game stays in its file as a record (saved with the last move)."""
        path = str(session.path) if session.path and session.save_error is None else ""
        from .screens.final import FinalScreen  # only at the end: a faster start
        self._show(FinalScreen(session, path))

    def _saved(self, error: OSError | None) -> None:
        """After every save: a failure shows in the status bar until a save works again."""
        was = getattr(self, "_save_failed", False)
        self._save_failed = error is not None
        warning = (lambda: t("tui.save.not_saved_status", error=str(error))) if error else None
        for screen in self.screen_stack:
            for bar in screen.query(StatusBar):
                bar.warn(warning)
        if error is not None and not was:
            self.notify(t("tui.save.failed", error=str(error)), severity="error", timeout=8,
                        markup=False)
        elif error is None and was:
            self.notify(t("tui.save.works_again"))

    @property
    def save_failed(self) -> bool:
        return self.session is not None and self.session.save_error is not None

    def on_unmount(self) -> None:
        self._close_game()
        if self.config.lock is not None:
            self.config.lock.release()

    def _close_game(self) -> None:
        """The game is not played on here: a bot thinking in its worker thread stops at its
        next check (within a playout), and nothing more is saved."""
        if self.session is not None:
            self.session.close()

    crash_code = CRASH_EXIT  # CrashHook ends the app with it after crashed()

    def crashed(self, error: Exception) -> None:
        """An unexpected error: write a crash report (traceback and the game record) into the
        data directory and end with CRASH_EXIT; run_play says where it is and how to resume.
        The save is intact: it was written after the last move."""
        self._close_game()
        if environment_problem(error):  # no report: nothing in the program to fix (N9)
            self.environment_error, self.crash_code = error, ENVIRONMENT_EXIT
            return
        try:
            self.crash_report = write_crash_report(error, self.session)
        except OSError as e:
            self.crash_report, self.crash_report_error = None, e

    def on_screen_ready(self, message: ScreenReady) -> None:
        if self.ready_hook is not None:
            hook, self.ready_hook = self.ready_hook, None
            hook(message.screen)

    # ------------------------------------------------------------------ language
    def on_language_chosen(self, message: LanguageChosen) -> None:
        self.action_language(message.lang)

    def action_language(self, lang: str = "") -> None:
        """Switch the whole app to `lang` (default: the next language) and remember it."""
        lang = lang or other_language()
        if lang not in LANGUAGES or lang == get_language():
            return
        set_language(lang)
        # an unwritable settings file (OSError) only costs the next start the choice
        with contextlib.suppress(OSError):
            remember_language(lang)
        relabel(self)
        self.paint_again()
        self.screen.refresh_bindings()

    def paint_again(self) -> None:
        """Every open screen made again from what it shows (in the language and the theme
        now): each screen's retranslate."""
        with self.batch_update():
            for screen in self.screen_stack:
                retranslate = getattr(screen, "retranslate", None)
                if retranslate is not None:
                    retranslate()

    # ------------------------------------------------------------------ theme
    def watch_theme(self, theme: str) -> None:
        """A new theme (the palette's switch): the text made in Python takes its colours
        from the theme's variables when it is made (tui/theme.py), so every screen is made
        again, after Textual has read the new variables (its own watcher asked for that
        first)."""
        if self.is_running:
            self.call_next(self._theme_changed)

    def _theme_changed(self) -> None:
        forget_styles()
        self.paint_again()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        screen = self.screen
        if isinstance(screen, SmallTerminal) and screen.too_small:
            return action in WHEN_TOO_SMALL
        return True

    # ------------------------------------------------------------------ actions
    def action_command_palette(self) -> None:
        # is_open is typed for App[object] only (Textual's annotation; it takes any app)
        if self.use_command_palette and not Palette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(Palette(id="--command-palette"))

    def get_system_commands(self, screen: Screen) -> Any:
        return system_commands(self, screen)

    def deck_cards(self) -> list:
        if self.session is not None:
            st = self.session.public.state
            return game_cards(self.config.cards, st.mode, st.n)
        return list(self.config.cards.cards)

    def action_help(self, tab: str = "keys", search: str = "") -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: only when asked
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.deck_cards(), tab, search, under=self.screen))

    def action_save_as(self, then_quit: bool = False) -> None:
        """Save a copy where the player says (asking before replacing a file)."""
        if self.session is None:
            return
        session = self.session

        def write(path: Path) -> None:
            try:
                session.save_as(path)
            except OSError as e:
                self.notify(t("tui.save.failed", error=str(e)), severity="error", markup=False)
                return
            self.notify(t("tui.save.saved", path=str(path)), markup=False)
            self.saved_copy = path
            if then_quit:
                self.exit(0)

        def chosen(value: str | None) -> None:
            if not value:
                return
            path = Path(value).expanduser()
            if path.is_dir():
                self.notify(t("tui.save.is_folder", path=str(path)), severity="error",
                            markup=False)
                return
            if path.exists() or path.is_symlink():
                self.push_screen(ConfirmScreen(lambda: t("tui.save.replace", path=str(path))),
                                 lambda yes: write(path) if yes else None)
                return
            write(path)
        self.push_screen(InputScreen(t("tui.save.ask"), str(saving.default_save_path())), chosen)

    def action_undo(self) -> None:
        if isinstance(self.screen, GameScreen):
            self.screen.action_undo()

    def action_quit_key(self) -> None:
        """Ctrl+C: quit at once, even while a bot thinks (every move is saved already; when
        the last save failed it asks first, as Ctrl+Q does)."""
        if self.save_failed:
            self.action_request_quit()
            return
        self._close_game()
        self.exit(0)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, (ConfirmScreen, ChoiceScreen)):
            return
        if self.save_failed:
            def after(answer: str | None) -> None:
                if answer == "save":
                    self.action_save_as(then_quit=True)
                elif answer == "quit":
                    self.exit(1)
            error = str(self.session.save_error) if self.session else ""
            self.push_screen(ChoiceScreen(t("tui.confirm.quit_unsaved", error=error),
                                          [("save", "s", t("tui.button.save_as")),
                                           ("quit", "q", t("tui.button.quit_unsaved")),
                                           ("back", "b", t("tui.button.back"))]), after)
            return
        if not isinstance(self.screen, (GameScreen,)) and not (
                self.session is not None and not self.session.over):
            self.exit(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._close_game()
                self.exit(0)
        self.push_screen(ConfirmScreen(lambda: t("tui.confirm.quit")), answer)

    def action_new_game(self) -> None:
        seats = self.session.seats if self.session else self.config.seats
        self._close_game()
        self.session = None
        self.show_setup(painted(seats))


def load_session(path: Path, config: PlayConfig) -> Session:
    """A saved game with its own card file (unless --cards overrides); SaveError if not
    usable. A damaged save in the data directory is moved aside first (nothing ever writes
    over it); one from another card file, or from before saves kept their deck, stays put.
    A save of this version in games/ goes on in its own file; any other is continued in a
    new file of its own, the original left as it is."""
    try:
        parsed, cards = saving.open_save(path, config.cards, own_cards=config.cards_path is None)
        if cards is not config.cards:
            config.cards, config.cards_path = cards, parsed.cards_path
    except saving.SaveError as e:
        if e.kind == "damaged" and _ours(path):
            try:
                moved = saving.move_aside(path)
            except OSError:
                raise e from None
            raise saving.SaveError(e.reason, kind=e.kind, moved_to=moved, **e.fields) from None
        raise
    parsed.seats = painted(parsed.seats)  # the seats as this app shows them
    own = (parsed.current and parsed.game_id is not None and saving.in_games_dir(path)
           and Path(path).name == f"{parsed.game_id}.json")
    if own:
        lock = config.lock or saving.lock_game(path)
        config.lock = None  # the session holds it now
        return Session.from_save(parsed, config.cards, autosave=config.autosave,
                                 path=Path(path), lock=lock)
    return Session.from_save(parsed, config.cards, autosave=config.autosave)


def _ours(path: Path) -> bool:
    """A file in the data directory (a game or the old autosave), which the app may move."""
    return saving.in_games_dir(path) or Path(path) == saving.legacy_autosave_path()


def write_crash_report(error: BaseException, session: Session | None) -> Path:
    """The traceback and the game record in crashes/crash-<time>.txt; returns its path."""
    import json
    import time
    parts = ["".join(traceback.format_exception(error))]
    inner = getattr(error, "error", None)  # a failed worker: the error it failed with
    if isinstance(inner, BaseException):
        parts.append("".join(traceback.format_exception(inner)))
    if session is not None:
        parts.append(f"save file: {session.path}\n")
        try:
            parts.append(json.dumps(session.record(), ensure_ascii=False, indent=1))
        except Exception as e:  # the report is written even if the record cannot be
            parts.append(f"(no record: {e!r})")
    from jorvik.settings import atomic_write
    name = time.strftime("crash-%Y%m%d-%H%M%S.txt")
    try:
        path = saving.crash_dir() / name
        atomic_write(path, "\n".join(parts))
    except OSError:  # an unwritable data folder: the system's temporary folder, else say why
        import tempfile
        path = Path(tempfile.gettempdir()) / f"jorvik-{name}"
        atomic_write(path, "\n".join(parts))
    return path
