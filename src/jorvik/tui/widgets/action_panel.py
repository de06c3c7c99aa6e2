"""The decision now: a prompt and the legal choices, each with its key (or arrows + Enter)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from jorvik.i18n import t

from ..choices import Menu, key_label
from ..messages import ChoiceMade


class ActionPanel(Vertical):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.menu: Menu | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="prompt")
        yield OptionList(id="choices")

    def show(self, menu: Menu | None, note: Text | None = None) -> None:
        self.menu = menu
        prompt = self.query_one("#prompt", Static)
        options = self.query_one("#choices", OptionList)
        if menu is None:
            options.clear_options()
            prompt.update(note or Text(""), layout=False)
            return
        head = Text.assemble(menu.prompt)
        if note is not None:
            head.append("\n")
            head.append_text(note)
        prompt.update(head, layout=False)
        items = []
        for i, c in enumerate(menu.choices):
            label = Text(f"{key_label(c.key) if c.key != 'escape' else t('tui.key.esc'):>3} ",
                         style="bold #ffd866")
            label.append_text(c.label)
            items.append(Option(label, id=f"c{i}"))
        options.set_options(items)
        if menu.choices:
            options.highlighted = 0

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.menu is None or event.option_index >= len(self.menu.choices):
            return
        self.post_message(ChoiceMade(self.menu.choices[event.option_index]))
