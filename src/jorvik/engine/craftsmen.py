"""Craftsmen's material fields (RULES.md §4.4, §5): which are still empty, whether all are filled."""

from __future__ import annotations

from .state import GameState, PlayerState


def complete(st: GameState, pl: PlayerState, cid: str) -> bool:
    """Whether craftsman `cid` of player `pl` has every field filled (only then it scores)."""
    return len(pl.filled.get(cid, ())) == len(st.cards.by_id[cid].goods)


def empty_fields(st: GameState, pl: PlayerState, cid: str) -> list[int]:
    """Goods still missing on craftsman `cid` of player `pl` (with repeats, in field order)."""
    need = list(st.cards.by_id[cid].goods)
    for g in pl.filled.get(cid, ()):
        need.remove(g)
    return need
