"""Final scoring (RULES.md §5): every card's VP by category (each card type's category is its
row of cardtypes.TYPE_RULES, each effect's its EFFECTS entry), the totals and the winner(s)."""

from __future__ import annotations

from typing import Any

from .board import START_VP
from .cards import FEAST_VP
from .cardtypes import TYPE_RULES
from .effects import EFFECTS
from .state import GameState


def feast_vp(feasts: int) -> int:
    """VP for owning `feasts` feast cards: 1, 2, 3, 4 or more feasts score 2, 5, 9, 14."""
    return _by_count(FEAST_VP, feasts)


def _by_count(vp: tuple[int, ...], owned: int) -> int:
    """VP for owning `owned` cards of a type scored by count (the last entry: that many or
    more)."""
    return vp[min(owned, len(vp) - 1)]


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
        owned: dict[str, int] = {}   # cards of the types scored by count, by category
        for c in pl.cards:
            card = by_id[c]
            rules = TYPE_RULES[card.type]
            if rules.by_count:
                owned[rules.score] = owned.get(rules.score, 0) + 1
            elif rules.score:
                row[rules.score] += rules.vp(st, pl, card)
            if card.effect:
                eff = EFFECTS[card.effect]
                if eff.score:
                    row[eff.score] += eff.final_vp(st, pl)
        for rules in TYPE_RULES.values():
            if rules.by_count:
                row[rules.score] = _by_count(rules.by_count, owned.get(rules.score, 0))
        row["total"] = sum(row[k] for k in SCORE_CATEGORIES)
        row["coins"] = pl.coins
        rows.append(row)
    best = max((r["total"], r["coins"]) for r in rows)
    winners = [i for i, r in enumerate(rows) if (r["total"], r["coins"]) == best]
    return {"scores": rows, "winners": winners}
