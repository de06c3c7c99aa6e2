"""The price ladder as the bots read it (RULES.md §4.3), from the engine's ``price_at``: who
stands in a column, and what a reservation made now is expected to cost."""

from __future__ import annotations

from collections.abc import Iterable

from jorvik.engine import RULES, GameState, price_at, viking_owner


def owners(column: Iterable[int]) -> list[int]:
    """The players whose vikings stand in a demand column, top first."""
    return [viking_owner(v) for v in column]


def expected_price(length: float, position: int) -> float:
    """The price ladder (engine.price_at) of a column as long as `length` vikings expected
    there (not always a whole number): the whole column's price plus the fraction (a coin a
    viking)."""
    whole = int(length)
    return price_at(whole, position) + (length - whole)


def later_reservations(st: GameState, remaining: int) -> float:
    """How many reservations are expected after one made now: most cards left on spaces 7-12
    get reserved while vikings (`remaining`) remain to be placed."""
    open_cards = sum(1 for s in range(RULES.columns, RULES.spaces)   # spaces 7-12
                     if st.spaces[s] is not None) - 1
    return max(0.0, min(float(open_cards), 0.3 * remaining))


def reservation_price(st: GameState, me: int, remaining: int) -> float:
    """What a reservation player `me` makes now is expected to cost: the row is paid leftmost
    first at its length then (``price_at``), so it costs 1 + the reservations made after it,
    and one more for each of mine before it."""
    return (1.0 + later_reservations(st, remaining)
            + sum(1 for r in st.reservation if viking_owner(r.viking) == me))
