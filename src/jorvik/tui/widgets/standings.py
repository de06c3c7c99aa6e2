"""The standings bar: one line on the board with each player's rank by VP if the game ended
now, and the gap to the leader ("1. Anna 31 VP · 2. Bálint −4 · 3. Dénes −9"). Names that
begin with a numeral ("1. játékos", "2. gép") are ranked by their order alone ("2. gép 31 GyP
· 1. játékos −4"), never "1. 2. gép"; an entry is always whole, never cut mid-word."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GameState
from jorvik.i18n import get_language, t
from jorvik.play.scores import scores_now

from ..fit import Part, fit_line
from ..text import Seats
from .lines import TextLines
from .memo import Memo


def standings(st: GameState, seats: Seats) -> list[tuple[int, int, int]]:
    """(rank, seat, VP if the game ended now) by rank: VP, then coins; equal totals share a
    rank."""
    rows = scores_now(st)["scores"]
    order = sorted(range(len(rows)), key=lambda p: (-rows[p]["total"], -rows[p]["coins"], p))
    out: list[tuple[int, int, int]] = []
    for i, p in enumerate(order):
        tied = bool(out) and (rows[out[-1][1]]["total"], rows[out[-1][1]]["coins"]) == (
            rows[p]["total"], rows[p]["coins"])
        out.append((out[-1][0] if tied else i + 1, p, rows[p]["total"]))
    return out


def _cut(name: str, most: int) -> str:
    """`name` in at most `most` cells: whole, else cut after a whole word ("Magdolna…"),
    else inside the word (a long single name), always ending in "…"."""
    if len(name) <= most:
        return name
    room = name.rfind(" ", 0, most)
    if room > 0 and not name[:room].rstrip(".").isdigit():  # never "1…" for "1. játékos"
        return name[:room].rstrip() + "…"
    return name[:most - 1] + "…"


def standings_parts(st: GameState, seats: Seats, most: int = 14, ranked: bool = True,
                    unit: bool = True) -> list[Text]:
    """An entry per player, by rank: "2. Bálint −4" (the leader: "1. Anna 31 VP"); names cut
    to `most`. Without `ranked` the order alone gives the rank (the gaps show ties): for
    names that begin with a numeral, "1. 1. játékos" would not read well at a narrow width.
    Without `unit` the leader's VP is a bare number."""
    table = standings(st, seats)
    lead = table[0][2] if table else 0
    parts = []
    for i, (rank, p, vp) in enumerate(table):
        gap = vp - lead
        if i == 0:
            value = t("tui.standings.leader", vp=vp) if unit else str(vp)
        else:
            value = f"{gap:+d}".replace("-", "−")
        entry = Text(f"{rank}. " if ranked else "")
        entry.append(_cut(seats.names[p], most), style=seats.style(p))
        entry.append(" " + value)
        parts.append(entry)
    return parts


SEP = " · "


class StandingsBar(Memo, TextLines):
    """Shown on the board under the supply line; fits itself to the width."""

    def show(self, st: GameState, seats: Seats) -> None:
        rows = scores_now(st)["scores"]
        sig = (tuple((r["total"], r["coins"]) for r in rows), tuple(seats.names),
               get_language())
        if self.unchanged(sig):
            return
        title = Text(t("tui.standings.title") + " ", style="bold")
        # A name that begins with a numeral ("2. gép", "1. játékos") after a rank would read
        # "1. 2. gép": then the order alone gives the ranks (the gaps show ties).
        numbered = any(name[:1].isdigit() for name in seats.names)
        rank = not numbered
        whole = standings_parts(st, seats, most=24, ranked=rank)
        whole_bare = standings_parts(st, seats, most=24, ranked=False)
        # Every player is always shown, each entry whole, in the first form that fits: whole
        # names ranked, with the title then without; whole names in order alone (the gaps
        # show ties), then with the leader's VP as a bare number; only then names cut after
        # a word or shorter (long names), ranked again.
        self._forms = [
            (whole, title), (whole, Text()), (whole_bare, title), (whole_bare, Text()),
            (standings_parts(st, seats, most=24, ranked=False, unit=False), Text()),
        ] + [(standings_parts(st, seats, most=most, ranked=rank), lead)
             for most, lead in ((14, title), (14, Text()), (8, Text()), (4, Text()))]
        self.set(self._join(whole, title))

    @staticmethod
    def _join(parts: list[Text], lead: Text) -> Text:
        out = lead.copy()
        for i, part in enumerate(parts):
            if i:
                out.append(SEP)
            out.append_text(part)
        return out

    def build(self, width: int, height: int) -> list[Text]:
        forms = getattr(self, "_forms", None)
        if forms is None:
            return super().build(width, height)
        for parts, lead in forms:
            line = self._join(parts, lead)
            if line.cell_len <= width:
                return [line]
        return [fit_line([Part(p) for p in forms[-1][0]], width)]
