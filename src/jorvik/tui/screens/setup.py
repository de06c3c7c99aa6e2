"""Who plays: a name and a colour for each seat (bots are marked), and the language."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from jorvik.engine.names import MAX_NAME, names_problem
from jorvik.i18n import LANGUAGES, get_language, language_name, level_name, t

from ..keys import key, translated
from ..messages import LanguageChosen, ScreenReady, SetupDone
from ..text import COLOUR_NAMES, Seats
from ..widgets.keybar import KeyBar
from .message import Recompose


@translated
class SetupScreen(Recompose, Screen):
    KEYS = [
        key("ctrl+s", "start", "tui.bind.start", id="start"),
        key("ctrl+q", "app.quit", "tui.bind.quit_now", id="quit-now", priority=True),
    ]

    def __init__(self, seats: Seats, mode: str) -> None:
        super().__init__(id="setup")
        self.seats = seats
        self.mode = mode
        self._focus = "name-0"

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Static(t("tui.setup.title", mode=t(f"tui.mode.{self.mode}"),
                           count=len(self.seats)), id="setup-title")
            for p in range(len(self.seats)):
                with Horizontal(classes="setup-row"):
                    label = t("tui.setup.seat", seat=p + 1)
                    if self.seats.bots[p]:
                        # on a line of its own: "2. hely (gép: közepes)" is wider than the label
                        label += "\n" + t("tui.status.bot", level=level_name(self.seats.bots[p]))
                    yield Static(label, classes="setup-label")
                    yield Input(self.seats.names[p], id=f"name-{p}", classes="setup-name")
                    yield Select([(t(f"tui.colour.{c}"), c) for c in COLOUR_NAMES],
                                 value=self.seats.colours[p], allow_blank=False,
                                 id=f"colour-{p}", classes="setup-colour")
            with Horizontal(classes="setup-row"):
                yield Static(t("tui.setup.language"), classes="setup-label")
                yield Select([(language_name(lang), lang) for lang in LANGUAGES],
                             value=get_language(), allow_blank=False, id="language",
                             classes="setup-language")
            yield Static("", id="setup-error")
            yield Button(t("tui.setup.start"), id="start", variant="primary")
            yield Static(t("tui.setup.hint"), id="setup-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#name-0", Input).focus()
        self.post_message(ScreenReady(self))

    @on(Select.Changed, "#language")
    def _language(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != get_language():
            self.post_message(LanguageChosen(event.value))

    def retranslate(self) -> None:
        """Compose again in the new language, keeping what was typed and chosen."""
        self.seats = Seats(*self._entered(), list(self.seats.bots))
        self._focus = self.focused.id if self.focused is not None and self.focused.id else "name-0"
        super().retranslate()

    def after_recompose(self) -> None:
        try:
            self.query_one(f"#{self._focus}").focus()
        except Exception:  # the focused widget is gone: the first name will do
            self.query_one("#name-0", Input).focus()

    def _entered(self) -> tuple[list[str], list[str]]:
        n = len(self.seats)
        names = [self.query_one(f"#name-{p}", Input).value.strip() for p in range(n)]
        colours = [str(self.query_one(f"#colour-{p}", Select).value) for p in range(n)]
        return names, colours

    @on(Input.Changed)
    def _shorten(self, event: Input.Changed) -> None:
        """A name longer than MAX_NAME (typed or pasted) is shortened, and the screen says so."""
        value = event.value
        if len(value) > MAX_NAME:
            short = value[:MAX_NAME]
            event.input.value = short
            self.query_one("#setup-error", Static).update(
                Text(t("tui.setup.name_shortened", most=MAX_NAME, name=short)))
            self._shortened = True  # the next start waits: the player sees the new name

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        p = int((event.input.id or "name-0").split("-")[1])
        if p + 1 < len(self.seats):
            self.query_one(f"#name-{p + 1}", Input).focus()
        else:
            self.action_start()

    @on(Button.Pressed, "#start")
    def _start(self) -> None:
        self.action_start()

    _shortened = False

    def action_start(self) -> None:
        if self._shortened:  # a name was just shortened: say so first; start on the next
            self._shortened = False
            return
        n = len(self.seats)
        names, colours = self._entered()
        error = ""
        problem = names_problem(names)  # the rule `jorvik play --names` applies too
        if problem is not None:
            error = {"empty": t("tui.setup.need_names"), "duplicate": t("tui.setup.same_names"),
                     "too_long": t("tui.setup.name_too_long", most=MAX_NAME),
                     }.get(problem[0]) or t("tui.setup.name_unprintable")
        elif len(set(colours)) < n:
            error = t("tui.setup.same_colours")
        if error:
            self.query_one("#setup-error", Static).update(error)
            return
        self.post_message(SetupDone(Seats(names, colours, list(self.seats.bots))))
