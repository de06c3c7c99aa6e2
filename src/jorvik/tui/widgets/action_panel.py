"""The decision now: a prompt and the legal choices, each with its key (or arrows + Enter);
while a bot thinks, a turning mark says so."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.timer import Timer
from textual.widgets import Static

from jorvik.i18n import t

from ..choices import Menu
from ..keys import key_label
from ..messages import ChoiceMade
from .choice_list import ChoiceList
from .lines import TextLines
from .memo import Memo, component_style

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class ActionPanel(Memo, Vertical):
    COMPONENT_CLASSES = {"actions--key"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.menu: Menu | None = None
        self._note: Text | None = None
        self._spin = 0
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="turn-strip")
        yield TextLines(id="prompt")
        yield ChoiceList(id="choices")

    def show(self, menu: Menu | None, note: Text | None = None, thinking: bool = False,
             decision: object = None) -> None:
        """Show `menu` (None: nobody here decides), with `note` under the prompt; `thinking`
        turns the spinner in front of the note. `decision` tells decisions apart: the list is
        rebuilt (highlight on the first choice) only for a new decision or other choices."""
        self.menu = menu
        self._note = note
        self._set_spinner(thinking)
        self._show_prompt()
        options = self.query_one("#choices", ChoiceList)
        labels = (decision, tuple((c.key, c.label.plain) for c in menu.choices) if menu else ())
        if self.unchanged(labels, "options"):
            return  # the same choices: keep the list (and the highlighted one) as it is
        if menu is None:
            options.clear()
            return
        items = []
        key_style = component_style(self, "actions--key")
        for c in menu.choices:
            label = Text(f"{key_label(c.key):>3} ", style=key_style)
            label.append_text(c.label)
            items.append(label)
        # Nothing highlighted in a new decision: Enter picks nothing until an arrow key
        # (or a mouse click) chose a line, so no Enter meant for something else makes a move.
        options.set_items(items)

    def strip(self, seats, p: int | None) -> None:
        """The turn strip: "▶ Ödön's turn" on the player's colour (p None: hidden)."""
        sig = (p, seats.names[p] if p is not None else None, t("tui.turn_strip", name=""))
        if self.unchanged(sig, "strip"):
            return
        strip = self.query_one("#turn-strip", Static)
        if p is None:
            strip.display = False
            return
        strip.update(Text(t("tui.turn_strip", name=seats.names[p]), style=seats.badge(p),
                          no_wrap=True, overflow="ellipsis"))
        strip.styles.background = seats.badge(p).split(" on ")[-1]
        strip.display = True

    def _show_prompt(self) -> None:
        menu, note = self.menu, self._note
        spin = SPINNER[self._spin % len(SPINNER)] if self._timer is not None else ""
        sig = (menu.prompt.plain if menu else None, note.plain if note else None, spin)
        if self.unchanged(sig, "prompt"):
            return
        head = Text.assemble(menu.prompt) if menu else Text()
        if note is not None:
            if menu:
                head.append("\n")
            if spin:
                head.append(spin + " ",
                            style=component_style(self, "actions--key"))
            head.append_text(note)
        self.query_one("#prompt", TextLines).set(head)

    def _set_spinner(self, on: bool) -> None:
        if on and self._timer is None:
            self._timer = self.set_interval(0.15, self._turn)
        elif not on and self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _turn(self) -> None:
        self._spin += 1
        self._show_prompt()

    @on(ChoiceList.Selected)
    def _selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if self.menu is None or event.index >= len(self.menu.choices):
            return
        self.post_message(ChoiceMade(self.menu.choices[event.index]))
