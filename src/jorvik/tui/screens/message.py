"""Small screens: confirm, hand-over banner, error with a way on, save-as; and the
"please enlarge the terminal" behaviour shared by the big screens."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from jorvik.i18n import t

from ..keys import key, translated
from ..text import Seats

MIN_WIDTH = 80
MIN_HEIGHT = 24
COMPACT_WIDTH = 100  # below this (or COMPACT_HEIGHT) the board and the players are two views
COMPACT_HEIGHT = 30  # switched with Tab (CSS: .-compact)
SHORT_HEIGHT = 38  # below this the board uses its short heights (CSS: .-short)


class SmallTerminal:
    """Mixin for a screen that needs MIN_WIDTH x MIN_HEIGHT (and lays itself out compactly
    below COMPACT_WIDTH x COMPACT_HEIGHT): below the minimum it shows only a clear message (CSS hides the rest), its keys do nothing, and it comes back when the
    terminal grows."""

    too_small = False

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        short = height < SHORT_HEIGHT
        compact = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        if compact != self.has_class("-compact"):  # type: ignore[attr-defined]
            self.set_class(compact, "-compact")  # type: ignore[attr-defined]
            # keys that only make sense when narrow (Tab: board/players) come and go
            self.refresh_bindings()  # type: ignore[attr-defined]
        # Changing a class restyles the whole screen: only when it really changes.
        if small != self.has_class("-too-small"):  # type: ignore[attr-defined]
            self.set_class(small, "-too-small")  # type: ignore[attr-defined]
        if short != self.has_class("-short"):  # type: ignore[attr-defined]
            self.set_class(short, "-short")  # type: ignore[attr-defined]
        if small != self.too_small:
            self.too_small = small
            self.refresh_bindings()  # type: ignore[attr-defined]

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        size = self.app.size  # type: ignore[attr-defined]
        self._fit(size.width, size.height)

    def too_small_text(self) -> str:
        return t("tui.too_small", width=MIN_WIDTH, height=MIN_HEIGHT)


class Recompose:
    """Mixin for a screen whose words are all made in compose(): a language switch composes
    it again (then after_recompose() restores what compose cannot know)."""

    def retranslate(self) -> None:
        self.call_later(self._compose_again)  # type: ignore[attr-defined]

    async def _compose_again(self) -> None:
        await self.recompose()  # type: ignore[attr-defined]
        self.after_recompose()

    def after_recompose(self) -> None:
        pass


@translated
class ConfirmScreen(Recompose, ModalScreen[bool]):
    KEYS = [
        key("enter,y", "answer(True)", "tui.bind.accept", id="yes"),
        key("escape,n", "answer(False)", "tui.bind.reject", id="no"),
    ]

    def __init__(self, question: str | Callable[[], str]) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            q = self.question() if callable(self.question) else self.question
            yield Static(Text(q), classes="dialog-text")  # plain: a path may hold brackets
            with Horizontal(classes="dialog-buttons"):
                yield Button(Text(t("tui.button.accept")), id="yes", variant="primary")
                yield Button(Text(t("tui.button.reject")), id="no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


@translated
class HandoverScreen(Recompose, ModalScreen[None]):
    """"Benedek's turn — Enter": pass the keyboard on, with what the others did since the
    player's last turn. Enter (or Space) only dismisses it: no key here reaches the game."""
    KEYS = [key("enter,space", "go", "tui.bind.continue", help="handover", id="continue",
                priority=True)]

    def __init__(self, seats: Seats, player: int, since: list[Text] | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.seats = seats
        self.player = player
        self.since = since or []

    def compose(self) -> ComposeResult:
        text = t("tui.handover", name=self.seats.names[self.player])
        with Vertical(classes="dialog handover"):
            banner = Static(text, classes="dialog-text", id="handover-text")
            banner.styles.color = self.seats.fg(self.player)
            yield banner
            if self.since:
                lines = Text(t("tui.since.title"), style="bold")
                for line in self.since:
                    lines.append("\n")
                    lines.append_text(line)
                # a long summary scrolls (arrows, mouse) and the button stays in view
                with VerticalScroll(id="handover-scroll"):
                    yield Static(lines, id="handover-since")
            else:  # (after a resume or an undo) nothing to tell: one line says so
                yield Static(t("tui.since.nothing_banner"), id="handover-since")
            yield Button(Text(t("tui.button.continue")), id="continue", variant="primary")

    def on_mount(self) -> None:
        self._fit_summary()

    def on_resize(self) -> None:
        self._fit_summary()

    def _fit_summary(self) -> None:
        """The summary gets the dialog's height (90% of the screen) less its frame, title
        and button: at 80×24 a whole round's summary no longer pushes the button out."""
        for scroll in self.query("#handover-scroll"):
            scroll.styles.max_height = max(4, int(self.app.size.height * 0.9) - 11)

    def on_key(self, event: events.Key) -> None:
        event.stop()  # a stray key stays here: nothing is chosen in the game under the banner
        for scroll in self.query("#handover-scroll"):
            move = {"up": scroll.scroll_up, "down": scroll.scroll_down,
                    "pageup": scroll.scroll_page_up, "pagedown": scroll.scroll_page_down,
                    "home": scroll.scroll_home, "end": scroll.scroll_end}.get(event.key)
            if move is not None:
                move(animate=False)

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
            # a Text: a path or an error from a file is shown as it is, never read as markup
            yield Static(Text(self.text), classes="dialog-text", id="message-text")
            with Horizontal(classes="dialog-buttons"):
                for oid, letter, label in self.options:
                    # a Text: "[n]" in a str label would be read as markup and vanish
                    yield Button(Text(f"{label} [{letter}]"), id=oid)

    def on_key(self, event: events.Key) -> None:
        for oid, letter, _ in self.options:
            if event.key == letter:
                event.stop()
                self.dismiss(oid)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "")


@translated
class InputScreen(ModalScreen[str | None]):
    """Ask for one line of text (a file name for save-as)."""
    KEYS = [key("escape", "cancel", "tui.bind.cancel", id="cancel")]

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
