"""The words of a hosted table's seats: a seat that moved between the host's keyboard and
another machine (a log line), and a remote player whose connection was lost (a pane's)."""

from __future__ import annotations

from dataclasses import dataclass

from jorvik.i18n import t

REMOTE, LOCAL = "remote", "local"   # a `seat` message's two hands besides a bot's and a human's


@dataclass(frozen=True)
class RemoteNote:
    """The log's words for a seat that moved between the host's keyboard and another
    machine (not saved with the game: the sidecar keeps which seats are remote now)."""
    name: str
    remote: bool
    round: int

    def __call__(self) -> str:
        return t(f"net.seat.{REMOTE if self.remote else LOCAL}", name=self.name,
                 round=self.round)


def clock(seconds: float) -> str:
    """A time away as m:ss (h:mm:ss past an hour)."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def dropped_words(name: str, seconds: float) -> str:
    """"Bo: connection lost, 0:42"."""
    return t("net.join.dropped", name=name, time=clock(seconds))
