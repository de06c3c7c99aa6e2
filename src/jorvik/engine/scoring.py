"""Final scoring (RULES.md §5): every card's VP by category, the totals and the winner(s)."""

from __future__ import annotations

from typing import Any

from .board import START_VP
from .cards import FEAST_VP
from .craftsmen import complete
from .effects import EFFECTS
from .state import GameState


def feast_vp(feasts: int) -> int:
    """VP for owning `feasts` feast cards: 1, 2, 3, 4 or more feasts score 2, 5, 9, 14."""
    return FEAST_VP[min(feasts, len(FEAST_VP) - 1)]


SCORE_CATEGORIES = ("start", "picts", "prophecies", "craftsmen", "merchants", "journeys",
                    "feasts", "skalds", "warehouse")


def final_scores(st: GameState) -> dict[str, Any]:
    """Final scoring: a per-player breakdown by category, totals, and the winner(s). Pure: it
    reads `st` and changes nothing (at the game's end the engine writes the totals onto the
    VP track itself); coins break ties (RULES.md §5)."""
    by_id = st.cards.by_id
    rows = []
    for pl in st.players:
        row = dict.fromkeys(SCORE_CATEGORIES, 0)
        row["start"] = START_VP
        row["picts"] = pl.vp_picts
        row["prophecies"] = pl.vp_prophecy
        feasts = 0
        for c in pl.cards:
            card = by_id[c]
            t = card.type
            if t == "craftsman":
                if complete(st, pl, c):
                    row["craftsmen"] += card.vp
            elif t == "merchant":
                row["merchants"] += card.vp
            elif t == "journey":
                row["journeys"] += card.vp
            elif t == "feast":
                feasts += 1
            if card.effect:
                vp = EFFECTS[card.effect].final_vp(st, pl)
                if card.type == "skald":
                    row["skalds"] += vp
                elif card.effect == "warehouse":
                    row["warehouse"] += vp
        row["feasts"] = feast_vp(feasts)
        row["total"] = sum(row[k] for k in SCORE_CATEGORIES)
        row["coins"] = pl.coins
        rows.append(row)
    best = max((r["total"], r["coins"]) for r in rows)
    winners = [i for i, r in enumerate(rows) if (r["total"], r["coins"]) == best]
    return {"scores": rows, "winners": winners}
