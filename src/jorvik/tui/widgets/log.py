"""The game log: every engine event in words, in the player's colour, newest at the bottom.
Earlier rounds are dim; the lines since the last human move have a mark in the margin, so what
happened without anyone deciding (an attack, an unloading with nothing to assign) stays in view
until the next human decision. The mouse wheel or PageUp / PageDown scroll it (a line at the
bottom says how far back); a new line goes back to the newest."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events

from jorvik.engine.events import RoundStarted
from jorvik.i18n import t
from jorvik.play.session import LogEntry

from ..text import clamp
from .lines import Lines
from .memo import component_style

SCROLL_STEP = 3


class GameLog(Lines):
    """Drawn line by line (no scrollbars, no layout of its own): a new entry costs one
    wrapped line, not a re-layout of the screen as a RichLog's growing height would."""

    COMPONENT_CLASSES = {"log--fresh"}

    def __init__(self, word: Callable[[LogEntry], Text] = lambda e: Text(), **kwargs) -> None:
        super().__init__(**kwargs)
        self.word = word                 # an entry in words (the screen knows the game)
        self.shown = 0
        self._entries: list[LogEntry] = []
        self._texts: list[Text] = []
        self._wrapped: list[tuple[int, Text]] = []  # (entry position, line) at _width
        self._width = 0
        self._round_start = 0            # position of the entry that began this round
        self._fresh = 0                  # entries with an index above this are marked
        self.back = 0                    # lines scrolled back from the newest

    def sync(self, entries: list[LogEntry], fresh: int = 0) -> None:
        """Show `entries`: append the new ones, or word all again after an undo. Entries
        with an index above `fresh` (the actions taken when the last human decided) are
        marked."""
        if len(entries) < self.shown:
            self.rewrite(entries, fresh)
            return
        if fresh != self._fresh:
            self._fresh = fresh
            self.changed()
        if len(entries) == self.shown:
            return
        start = self._round_start
        for pos in range(self.shown, len(entries)):
            ev = entries[pos].event
            if isinstance(ev, RoundStarted):
                start = pos
        new = [self.word(e) for e in entries[self.shown:]]
        self._entries += entries[self.shown:]
        self._round_start = start  # earlier lines are drawn dim (in _mark)
        first = len(self._texts)
        self._texts += new
        if self._width:
            for i, text in enumerate(new):
                self._wrapped += [(first + i, line)
                                  for line in clamp(text, self._width - 1, 10_000)]
        self.shown = len(entries)
        self.back = 0
        self.changed()

    def rewrite(self, entries: list[LogEntry], fresh: int | None = None) -> None:
        """Word every entry again (after an undo, or in a new language)."""
        self._entries = list(entries)
        self._texts = [self.word(e) for e in entries]
        self._round_start = max((i for i, e in enumerate(entries)
                                 if isinstance(e.event, RoundStarted)),
                                default=0)
        if fresh is not None:
            self._fresh = fresh
        self._width = 0
        self.shown = len(entries)
        self.back = 0
        self.changed()

    def build(self, width: int, height: int) -> list[Text]:
        if width != self._width:
            self._width = width
            self._wrapped = [(i, line) for i, text in enumerate(self._texts)
                             for line in clamp(text, width - 1, 10_000)]
        total = len(self._wrapped)
        self.back = max(0, min(self.back, total - height))
        if not self.back:
            shown = self._wrapped[-height:] if height else []
        else:
            end = total - self.back
            shown = self._wrapped[max(0, end - height + 1):end]
        lines = [self._mark(i, line) for i, line in shown]
        if self.back:
            lines.append(Text(t("tui.log.more", count=self.back), style="reverse"))
        return lines

    def _mark(self, pos: int, line: Text) -> Text:
        entry = self._entries[pos] if pos < len(self._entries) else None
        fresh = entry is not None and entry.index > self._fresh and self._fresh > 0
        out = Text("▍" if fresh else " ",
                   style=component_style(self, "log--fresh"))
        out.append_text(line)
        if pos < self._round_start:
            out.stylize("dim")
        return out

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
