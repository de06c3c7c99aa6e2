"""Small screens: confirm, hand-over banner, error with a way on, save-as; and the
"please enlarge the terminal" behaviour shared by the big screens."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from jorvik.i18n import t

from ..text import Seats

MIN_WIDTH = 100
MIN_HEIGHT = 30


class SmallTerminal:
    """Mixin for a screen that needs MIN_WIDTH x MIN_HEIGHT: below that it shows only a
    clear message (CSS hides the rest), and it comes back when the terminal grows."""

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")  # type: ignore[attr-defined]

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        size = self.app.size  # type: ignore[attr-defined]
        self._fit(size.width, size.height)


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("enter,y", "answer(True)", t("tui.bind.accept"), id="yes"),
        Binding("escape,n", "answer(False)", t("tui.bind.reject"), id="no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t("tui.button.accept"), id="yes", variant="primary")
                yield Button(t("tui.button.reject"), id="no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class HandoverScreen(ModalScreen[None]):
    """"Benedek's turn — Enter": pass the keyboard on."""
    BINDINGS = [Binding("enter,space", "go", t("tui.bind.continue"), id="continue")]

    def __init__(self, seats: Seats, player: int) -> None:
        super().__init__(classes="dialog-screen")
        self.seats = seats
        self.player = player

    def compose(self) -> ComposeResult:
        text = t("tui.handover", name=self.seats.names[self.player])
        with Vertical(classes="dialog handover"):
            banner = Static(text, classes="dialog-text", id="handover-text")
            banner.styles.color = self.seats.fg(self.player)
            yield banner
            yield Button(t("tui.button.continue"), id="continue", variant="primary")

    def action_go(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str]):
    """A message with a few ways on (e.g. a corrupt save: new game / quit)."""

    def __init__(self, text: str, options: list[tuple[str, str, str]]) -> None:
        # options: (id, key, label)
        super().__init__(classes="dialog-screen")
        self.text = text
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.text, classes="dialog-text", id="message-text")
            with Horizontal(classes="dialog-buttons"):
                for oid, key, label in self.options:
                    yield Button(f"{label} [{key}]", id=oid)

    def on_key(self, event: events.Key) -> None:
        for oid, key, _ in self.options:
            if event.key == key:
                event.stop()
                self.dismiss(oid)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "")


class InputScreen(ModalScreen[str | None]):
    """Ask for one line of text (a file name for save-as)."""
    BINDINGS = [Binding("escape", "cancel", t("tui.bind.cancel"), id="cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text")
            yield Input(value=self.value, id="answer")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
