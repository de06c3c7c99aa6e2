"""The Jórvík hot-seat app: screens, global keys, bots, saving and the command palette."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from textual.app import App
from textual.screen import Screen

from jorvik.engine import CardSet
from jorvik.i18n import (
    LANGUAGES, get_language, language_name, level_name, remember_language, set_language, t,
)

from . import save as saving
from .commands import GameCommands, Palette, game_cards, system_commands
from .keys import ensure_labels, key, relabel, translated
from .screens.game import GameScreen
from .screens.message import ChoiceScreen, ConfirmScreen, InputScreen, SmallTerminal
from .session import Session, note_entry
from .text import Seats


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
    handover: bool = True
    bot_delay: float = 0.6
    think: float = 1.0
    autosave: bool = True
    notices: list[Callable[[], str]] = field(default_factory=list)


# Actions that still work while the terminal is too small for the board.
WHEN_TOO_SMALL = {"request_quit", "command_palette", "exit"}


@translated
class JorvikApp(App[int]):
    CSS_PATH = "jorvik.tcss"
    TITLE = "Jórvík"
    COMMANDS = App.COMMANDS | {GameCommands}
    KEYS = [
        key("ctrl+q", "request_quit", "tui.bind.quit", id="app-quit", priority=True),
        key("f1", "help", "tui.bind.help", id="app-help"),
        key("f2", "language", lambda: language_name(other_language()), id="app-language"),
        key("ctrl+p", "command_palette", "tui.bind.palette", id="app-palette", show=False,
            priority=True),
    ]

    def __init__(self, config: PlayConfig, ready_hook: Callable[[Screen], Any] | None = None):
        ensure_labels()  # before App.__init__ copies the bindings
        super().__init__()
        self.config = config
        self.session: Session | None = None
        self.handover = config.handover
        self.bot_delay = config.bot_delay
        self.ready_hook = ready_hook
        self._bots: dict[int, Any] = {}

    # ------------------------------------------------------------------ flow
    def on_mount(self) -> None:
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
        self._show(SetupScreen(seats, self.config.mode))

    def setup_done(self, seats: Seats) -> None:
        self.start_game(seats)

    def start_game(self, seats: Seats) -> None:
        c = self.config
        session = Session.start(c.cards, seats, c.mode, c.seed, c.start_player,
                                cards_path=c.cards_path, autosave=c.autosave)
        self.begin(session)

    def begin(self, session: Session) -> None:
        self.session = session
        self._bots = {}
        for words in self.config.notices:
            session.log.append(note_entry(len(session.actions), words))
        self.config.notices = []
        if session.over:
            self.game_over(session)
            return
        self._show(GameScreen(session))

    def load_game(self, path: Path) -> None:
        try:
            session = load_session(path, self.config)
        except saving.SaveError as e:
            self.push_screen(
                ChoiceScreen(t("tui.save.problem", error=str(e)),
                             [("new", "n", t("tui.button.new_game")),
                              ("quit", "q", t("tui.button.quit"))]),
                self._after_load_error)
            return
        self.config.mode = session.state.mode
        self.begin(session)

    def _after_load_error(self, answer: str | None) -> None:
        if answer == "new":
            self.show_setup(self.config.seats)
        else:
            self.exit(1)

    def game_over(self, session: Session) -> None:
        try:
            path = str(saving.save_finished(session)) if session.autosave else ""
        except OSError as e:
            self.notify(t("tui.save.failed", error=str(e)), severity="error")
            path = ""
        from .screens.final import FinalScreen  # only at the end: a faster start
        self._show(FinalScreen(session, path))

    def on_unmount(self) -> None:
        saving.AUTOSAVER.flush()  # the last move is on disk before the program ends

    def screen_ready(self, screen: Screen) -> None:
        if self.ready_hook is not None:
            hook, self.ready_hook = self.ready_hook, None
            hook(screen)

    # ------------------------------------------------------------------ language
    def action_language(self, lang: str = "") -> None:
        """Switch the whole app to `lang` (default: the next language) and remember it."""
        lang = lang or other_language()
        if lang not in LANGUAGES or lang == get_language():
            return
        set_language(lang)
        try:
            remember_language(lang)
        except OSError:  # an unwritable settings file only costs the next start the choice
            pass
        relabel(self)
        with self.batch_update():
            for screen in self.screen_stack:
                retranslate = getattr(screen, "retranslate", None)
                if retranslate is not None:
                    retranslate()
        self.screen.refresh_bindings()

    # ------------------------------------------------------------------ bots
    def bot_for(self, p: int) -> Any:
        """Seat p's bot from the bots registry (called in the bot's worker thread)."""
        bot = self._bots.get(p)
        if bot is None:
            from jorvik.bots import make_bot
            assert self.session is not None
            level = self.session.seats.bots[p] or "easy"
            seed = (self.config.seed or 0) * 10 + p
            try:
                bot = make_bot(level, seed=seed, think=self.config.think)
            except ValueError:
                bot = make_bot("easy", seed=seed, think=self.config.think)
                name = self.session.seats.names[p]
                self.call_from_thread(self.notice, lambda: t("tui.log.bot_fallback",
                                                             level=level_name(level), name=name))
            self._bots[p] = bot
        return bot

    def replace_bot(self, p: int) -> Any:
        """Seat p plays on as 'easy' (after its bot failed: the game must never stop)."""
        from jorvik.bots import make_bot
        bot = make_bot("easy", seed=(self.config.seed or 0) * 10 + p)
        self._bots[p] = bot
        return bot

    def notice(self, words: Callable[[], str]) -> None:
        """A line of the app's own in the game log (`words()` gives it in the language now)."""
        if self.session is not None:
            self.session.log.append(note_entry(len(self.session.actions), words,
                                               style="italic #ffb060"))
            if isinstance(self.screen, GameScreen):
                self.screen.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        screen = self.screen
        if isinstance(screen, SmallTerminal) and screen.too_small:
            return action in WHEN_TOO_SMALL
        return True

    # ------------------------------------------------------------------ actions
    def action_command_palette(self) -> None:
        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def get_system_commands(self, screen: Screen) -> Any:
        return system_commands(self, screen)

    def deck_cards(self) -> list:
        if self.session is not None:
            st = self.session.state
            return game_cards(self.config.cards, st.mode, st.n)
        return list(self.config.cards.cards)

    def action_help(self, tab: str = "keys", search: str = "") -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: only when asked
        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self.deck_cards(), tab, search))

    def action_save_as(self) -> None:
        if self.session is None:
            return
        session = self.session

        def chosen(value: str | None) -> None:
            if not value:
                return
            try:
                session.save_as(Path(value).expanduser())
            except OSError as e:
                self.notify(t("tui.save.failed", error=str(e)), severity="error")
                return
            self.notify(t("tui.save.saved", path=value))
        self.push_screen(InputScreen(t("tui.save.ask"), str(saving.default_save_path())), chosen)

    def action_undo(self) -> None:
        if isinstance(self.screen, GameScreen):
            self.screen.action_undo()

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmScreen):
            return
        if not isinstance(self.screen, (GameScreen,)) and not (
                self.session is not None and not self.session.over):
            self.exit(0)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit(0)
        self.push_screen(ConfirmScreen(lambda: t("tui.confirm.quit")), answer)

    def action_new_game(self) -> None:
        seats = self.session.seats if self.session else self.config.seats
        self.session = None
        self.show_setup(seats)


def load_session(path: Path, config: PlayConfig) -> Session:
    """A saved game with its own card file (unless --cards overrides); SaveError if not usable."""
    from jorvik.carddata import CardFileError, load_cards
    data = saving.read_save(path)
    cards = config.cards
    saved_cards = data.get("cards_path") if data.get("format") == saving.SAVE_FORMAT else None
    if config.cards_path is None and isinstance(saved_cards, str):
        try:
            cards = load_cards(saved_cards)
        except CardFileError as e:
            raise saving.SaveError(str(e)) from None
        config.cards = cards
        config.cards_path = saved_cards
    parsed = saving.parse_save(data, cards, path)
    return Session.from_save(parsed, cards, autosave=config.autosave)
