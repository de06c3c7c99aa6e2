"""The play layer as the host and the join view use it, imported in this one place: the
session, bot turns and saves are moving from tui/ to play/ (issue 33), and only this file
has to follow them."""

from __future__ import annotations

from jorvik.play import saves as saving
from jorvik.play.session import Kept, LogEntry, Session, event_entry, note_entry
from jorvik.play.turns import BotMove, BotTurns
from jorvik.tui.text import Seats

__all__ = ["BotMove", "BotTurns", "Kept", "LogEntry", "Seats", "Session", "event_entry",
           "note_entry", "saving"]

