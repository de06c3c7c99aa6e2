"""The scrolling game log: every engine event in words, in the player's colour."""

from __future__ import annotations

from textual.widgets import RichLog

from ..session import LogEntry


class GameLog(RichLog):
    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20, **kwargs)
        self.shown = 0

    def sync(self, entries: list[LogEntry]) -> None:
        """Show `entries`: append the new ones, or rewrite all after an undo."""
        if len(entries) < self.shown:
            self.clear()
            self.shown = 0
        for e in entries[self.shown:]:
            self.write(e.text)
        self.shown = len(entries)
