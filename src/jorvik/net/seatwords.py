"""The words of a hosted table's seats: a seat that moved between the host's keyboard and
another machine (a log line: play.session.RemoteNote, kept in the save), and a remote player
whose connection was lost or who has not connected yet (a pane's)."""

from __future__ import annotations

from jorvik.i18n import t
from jorvik.play.session import RemoteNote

REMOTE, LOCAL = "remote", "local"   # a `seat` message's two hands besides a bot's and a human's

__all__ = ["LOCAL", "REMOTE", "RemoteNote", "clock", "dropped_words"]


def clock(seconds: float) -> str:
    """A time away as m:ss (h:mm:ss past an hour)."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def dropped_words(name: str, seconds: float, not_yet: bool = False) -> str:
    """"Bo: connection lost, 0:42"; for a seat nobody has joined yet (`not_yet`): "Bo: not
    connected yet, 1:05"."""
    return t("net.join.not_yet" if not_yet else "net.join.dropped", name=name,
             time=clock(seconds))
