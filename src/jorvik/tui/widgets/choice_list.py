"""The list of choices of the decision now: ↑/↓ move a highlight, Enter or a click picks.

Why not Textual's OptionList: a new list of another length changes its virtual size, and that
lays the whole screen out again (tens of milliseconds on every decision); this widget has a
fixed size and only repaints itself. Nothing is highlighted in a new decision, so an Enter
meant for something else picks nothing."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from ..keys import key, translated
from ..text import clamp
from .lines import Lines
from .memo import component_style

INDENT = 5  # continuation lines of a long choice start under its words, not its key


@translated
class ChoiceList(Lines):
    can_focus = True
    COMPONENT_CLASSES = {"choices--highlight", "choices--more"}
    KEYS = [
        key("up", "move(-1)", "", help="menu", show=False, id="choices-up"),
        key("down", "move(1)", "", help="menu", show=False, id="choices-down"),
        key("home", "first", "", show=False, id="choices-first"),
        key("end", "last", "", show=False, id="choices-last"),
        key("enter", "select", "", help="menu", show=False, id="choices-select"),
    ]

    class Highlighted(Message):
        """The highlight moved (None: nothing highlighted)."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    class Selected(Message):
        """Choice `index` was picked (Enter or a click)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.items: list[Text] = []
        self.highlighted: int | None = None
        self._top = 0                      # first line shown
        self._rows: list[int] = []         # item of each wrapped line at the last build

    def set_items(self, items: list[Text]) -> None:
        """New choices: nothing highlighted, the top of the list shown."""
        self.items = items
        self.highlighted = None
        self._top = 0
        self.changed()
        self.post_message(self.Highlighted(None))

    def clear(self) -> None:
        self.set_items([])

    def _wrap(self, width: int) -> tuple[list[Text], list[int]]:
        lines: list[Text] = []
        rows: list[int] = []
        for i, item in enumerate(self.items):
            wrapped = clamp(item, width, 4)
            for j, line in enumerate(wrapped):
                if j:
                    line = Text.assemble(" " * INDENT, line)
                    line = clamp(line, width, 1)[0] if line.cell_len > width else line
                lines.append(line)
                rows.append(i)
        return lines, rows

    def build(self, width: int, height: int) -> list[Text]:
        lines, rows = self._wrap(width)
        if self.highlighted is not None and rows:
            first = rows.index(self.highlighted)
            last = len(rows) - 1 - rows[::-1].index(self.highlighted)
            if first < self._top:
                self._top = first
            elif last >= self._top + height:
                self._top = max(0, last - height + 1)
        self._top = max(0, min(self._top, max(0, len(lines) - height)))
        shown = lines[self._top:self._top + height]
        self._rows = rows[self._top:self._top + height]
        out = []
        for line, item in zip(shown, self._rows):
            line = line.copy()
            if item == self.highlighted:
                line.pad_right(width - line.cell_len)
                line.stylize(component_style(self, "choices--highlight"))
            out.append(line)
        # More choices than there is room for: an arrow at the edge says where.
        for y, more in ((0, self._top > 0), (len(out) - 1, self._top + height < len(lines))):
            if more and out:
                mark = "▲" if y == 0 and self._top > 0 else "▼"
                line = out[y]
                if line.cell_len >= width:
                    line.truncate(width - 1)
                line.pad_right(width - 1 - line.cell_len)
                line.append(mark, style=component_style(self, "choices--more"))
        return out

    def _set(self, index: int | None) -> None:
        if index != self.highlighted:
            self.highlighted = index
            self.changed()
            self.post_message(self.Highlighted(index))

    def action_move(self, step: int) -> None:
        if not self.items:
            return
        if self.highlighted is None:
            self._set(0 if step > 0 else len(self.items) - 1)
        else:
            self._set(max(0, min(len(self.items) - 1, self.highlighted + step)))

    def action_first(self) -> None:
        if self.items:
            self._set(0)

    def action_last(self) -> None:
        if self.items:
            self._set(len(self.items) - 1)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self.highlighted))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        y = offset.y
        if 0 <= y < len(self._rows):
            index = self._rows[y]
            self._set(index)
            self.post_message(self.Selected(index))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._top += 1
        self.changed()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._top = max(0, self._top - 1)
        self.changed()
