"""The standings bar: one line on the board with each player's rank by VP if the game ended
now, and the gap to the leader ("1. Anna 31 · 2. Bálint −4 · 3. Dénes −9")."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GameState
from jorvik.i18n import get_language, t

from ..fit import Part, fit_line
from jorvik.play.scores import scores_now
from ..text import Seats
from .lines import TextLines
from .memo import Memo


def standings(st: GameState, seats: Seats) -> list[tuple[int, int, int]]:
    """(rank, seat, VP if the game ended now) by rank: VP, then coins; equal totals share a
    rank."""
    rows = scores_now(st)["scores"]
    order = sorted(range(len(rows)), key=lambda p: (-rows[p]["total"], -rows[p]["coins"], p))
    out = []
    for i, p in enumerate(order):
        prev = out[-1] if out else None
        tied = prev is not None and (rows[prev[1]]["total"], rows[prev[1]]["coins"]) == (
            rows[p]["total"], rows[p]["coins"])
        out.append((prev[0] if tied else i + 1, p, rows[p]["total"]))
    return out


def _cut(name: str, most: int) -> str:
    return name if len(name) <= most else name[:most - 1] + "…"


def standings_parts(st: GameState, seats: Seats, most: tuple[int, int] = (14, 6)) -> list[Part]:
    """A part per player, by rank; names cut to most[0] (full form) or most[1] (short)."""
    table = standings(st, seats)
    lead = table[0][2] if table else 0
    parts = []
    for i, (rank, p, vp) in enumerate(table):
        gap = vp - lead
        value = t("tui.standings.leader", vp=vp) if i == 0 else f"{gap:+d}".replace("-", "−")
        style = seats.style(p)
        full = Text(f"{rank}. ").append(_cut(seats.names[p], most[0]), style=style)
        full.append(" " + value)
        short = Text(f"{rank}.").append(_cut(seats.names[p], most[1]), style=style)
        short.append(" " + value)
        parts.append(Part(full, short, keep=10 - i))
    return parts


class StandingsBar(Memo, TextLines):
    """Shown on the board under the supply line; fits itself to the width."""

    def show(self, st: GameState, seats: Seats) -> None:
        rows = scores_now(st)["scores"]
        sig = (tuple((r["total"], r["coins"]) for r in rows), tuple(seats.names),
               get_language())
        if self.unchanged(sig):
            return
        self._parts = standings_parts(st, seats)
        self._tiny = standings_parts(st, seats, (4, 3))
        self._lead = Text(t("tui.standings.title") + " ", style="bold")
        self.set(fit_line(self._parts, 10_000, lead=self._lead))

    def build(self, width: int, height: int) -> list[Text]:
        parts = getattr(self, "_parts", None)
        if parts is None:
            return super().build(width, height)
        # every player is shown: the title gives way first, then the names get shorter
        every = len(parts)
        for candidate, lead in ((parts, self._lead), (parts, Text()), (self._tiny, Text())):
            line = fit_line(candidate, width, lead=lead)
            if line.plain.count(" · ") == every - 1:
                return [line]
        return [line]
