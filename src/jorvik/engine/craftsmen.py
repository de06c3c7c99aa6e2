"""Craftsmen's material fields (RULES.md §4.4, §5): which are still empty, whether all are filled."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .state import GameState, PlayerState


def complete(st: GameState, pl: PlayerState, cid: str) -> bool:
    """Whether craftsman `cid` of player `pl` has every field filled (only then it scores)."""
    return len(pl.filled.get(cid, ())) == len(st.cards.by_id[cid].goods)


def missing_fields(card: Card, filled: Iterable[int] = ()) -> list[int]:
    """The goods craftsman `card` still needs with cubes `filled` on it (repeats kept, in field
    order); [] when complete. Ask it of a card not bought yet too."""
    need = list(card.goods)
    for g in filled:
        need.remove(g)
    return need


def empty_fields(st: GameState, pl: PlayerState, cid: str) -> list[int]:
    """Goods still missing on craftsman `cid` of player `pl` (with repeats, in field order)."""
    return missing_fields(st.cards.by_id[cid], pl.filled.get(cid, ()))
