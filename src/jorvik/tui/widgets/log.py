"""The game log: every engine event in words, in the player's colour, newest at the bottom.
The mouse wheel or PageUp / PageDown scroll it (a line at the bottom says how far back); a new
line goes back to the newest."""

from __future__ import annotations

from rich.text import Text
from textual import events

from jorvik.i18n import t

from ..session import LogEntry
from ..text import clamp
from .lines import Lines

SCROLL_STEP = 3


class GameLog(Lines):
    """Drawn line by line (no scrollbars, no layout of its own): a new entry costs one
    wrapped line, not a re-layout of the screen as a RichLog's growing height would."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.shown = 0
        self._texts: list[Text] = []
        self._wrapped: list[Text] = []   # every entry wrapped to _width
        self._width = 0
        self.back = 0                    # lines scrolled back from the newest

    def sync(self, entries: list[LogEntry]) -> None:
        """Show `entries`: append the new ones, or word all again after an undo."""
        if len(entries) < self.shown:
            self.rewrite(entries)
            return
        if len(entries) == self.shown:
            return
        new = [e.text for e in entries[self.shown:]]
        self._texts += new
        if self._width:
            for text in new:
                self._wrapped += clamp(text, self._width, 10_000)
        self.shown = len(entries)
        self.back = 0
        self.changed()

    def rewrite(self, entries: list[LogEntry]) -> None:
        """Word every entry again (after an undo, or in a new language)."""
        self._texts = [e.text for e in entries]
        self._width = 0
        self.shown = len(entries)
        self.back = 0
        self.changed()

    def build(self, width: int, height: int) -> list[Text]:
        if width != self._width:
            self._width = width
            self._wrapped = [line for text in self._texts for line in clamp(text, width, 10_000)]
        total = len(self._wrapped)
        self.back = max(0, min(self.back, total - height))
        if not self.back:
            return self._wrapped[-height:] if height else []
        end = total - self.back
        lines = self._wrapped[max(0, end - height + 1):end]
        lines.append(Text(t("tui.log.more", count=self.back), style="reverse"))
        return lines

    def _scroll(self, lines: int) -> None:
        self.back = max(0, self.back + lines)
        self.changed()

    def scroll_pages(self, pages: int) -> None:
        self._scroll(pages * max(1, self.content_size.height - 2))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll(SCROLL_STEP)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll(-SCROLL_STEP)
