"""Loki (RULES.md §6): Trickery (two vikings trade places at the end of the demand phase),
Theft (a cube from an opponent's incomplete craftsman) and Tribute (a coin from every
opponent); the decisions Trickery and Theft give, and the cards' hooks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from .actions import RESERVATION_ROW, Action, Decline, Steal, Swap
from .board import any_phase_uses, remove_one, spend_card
from .cards import GOODS
from .craftsmen import complete
from .effects import EFFECTS, Effect
from .events import CoinsChanged, Declined, Event, Stolen, Swapped
from .kinds import CardType
from .pending import Decision
from .state import GameState
from .unloading import PlaceCube


@dataclass(frozen=True, slots=True)
class Trickery(Decision):
    """Loki: Trickery at the end of the demand phase: swap two vikings with `card`, or keep it."""
    kind: ClassVar[str] = "trickery"
    card: str

    def options(self, st: GameState) -> list[Action]:
        """Every swap, decline, any-phase cards."""
        out = swaps(st)
        out.append(Decline())
        out.extend(any_phase_uses(st, self.player))
        return out

    def resolve(self, st: GameState, a: Action, ev: list[Event]) -> None:
        """Swap the two vikings and spend the card, or keep it for a later round."""
        p = self.player
        st.pending = st.pending[:-1]
        if isinstance(a, Swap):
            _swap(st, a)
            spend_card(st, p, self.card, ev)
            ev.append(Swapped(p, (a.column_a, a.position_a), (a.column_b, a.position_b)))
        else:
            ev.append(Declined(p, self.card))


@dataclass(frozen=True, slots=True)
class Theft(Decision):
    """Loki: Theft: steal a cube from an opponent's incomplete craftsman (then place it)."""
    kind: ClassVar[str] = "theft"

    def options(self, st: GameState) -> list[Action]:
        return [Steal(v, c, g) for v, c, g in theft_targets(st, self.player)]

    def resolve(self, st: GameState, a: Action, ev: list[Event]) -> None:
        assert isinstance(a, Steal)   # (the only answer: see options)
        victim = st.mut(a.player)
        victim.filled = {**victim.filled, a.card: remove_one(victim.filled[a.card], a.good)}
        if not victim.filled[a.card]:
            victim.filled = {k: v for k, v in victim.filled.items() if v}
        ev.append(Stolen(self.player, a.player, a.card, GOODS[a.good]))
        st.pending = st.pending[:-1] + (PlaceCube(self.player, a.good),)


def theft_targets(st: GameState, p: int) -> list[tuple[int, str, int]]:
    """What player p may steal with Loki: Theft: (victim, craftsman, good) for every kind of
    cube on an opponent's incomplete craftsman."""
    out = []
    for i, other in enumerate(st.players):
        if i == p:
            continue
        for cid, cubes in other.filled.items():
            if cubes and not complete(st, other, cid):
                for g in sorted(set(cubes)):
                    out.append((i, cid, g))
    return out


def _vikings_on_board(st: GameState) -> list[tuple[int, int, int]]:
    """(column, position, viking) for every viking on the board: demand columns 1-6 with
    position 0 = top, then the reservation row as column RESERVATION_ROW with position =
    slot (0 = leftmost)."""
    spots = [(c + 1, i, v) for c, col in enumerate(st.columns) for i, v in enumerate(col)]
    spots += [(RESERVATION_ROW, i, r[1]) for i, r in enumerate(st.reservation)]
    return spots


def swaps(st: GameState) -> list[Action]:
    """Loki: Trickery (RULES.md §6 ruling): any two vikings on the board trade places, except
    two of the same player and kind (that would change nothing)."""
    spots = _vikings_on_board(st)
    out: list[Action] = []
    for a in range(len(spots)):
        ca, ia, va = spots[a]
        for b in range(a + 1, len(spots)):
            cb, ib, vb = spots[b]
            if va != vb:
                out.append(_swap_action(ca, ia, cb, ib))
    return out


# Interned: a Trickery decision lists every pair of vikings on the board.
_swap_action = lru_cache(maxsize=4096)(Swap)


def after_swap(st: GameState, swap: Swap) -> GameState:
    """A copy of `st` with the two vikings of `swap` trading places (what Loki: Trickery would
    leave on the board; the card is not spent, no event is told)."""
    new = st.copy()
    _swap(new, swap)
    return new


def _swap(st: GameState, swap: Swap) -> None:
    va = _viking_at(st, swap.column_a, swap.position_a)
    vb = _viking_at(st, swap.column_b, swap.position_b)
    _put_viking(st, swap.column_a, swap.position_a, vb)
    _put_viking(st, swap.column_b, swap.position_b, va)


def _viking_at(st: GameState, column: int, position: int) -> int:
    if column == RESERVATION_ROW:
        return st.reservation[position].viking
    return st.columns[column - 1][position]


def _put_viking(st: GameState, column: int, position: int, code: int) -> None:
    if column == RESERVATION_ROW:
        # The reserved card becomes the reservation of the viking's owner.
        row = list(st.reservation)
        row[position] = row[position]._replace(viking=code)
        st.reservation = tuple(row)
    else:
        col = list(st.columns[column - 1])
        col[position] = code
        st.columns[column - 1] = tuple(col)


class LokiTheft(Effect):
    kind = "loki_theft"
    card_type = CardType.LOKI
    timing = "once"
    any_phase = True

    def usable(self, st: GameState, p: int) -> bool:
        return bool(theft_targets(st, p))

    def use(self, st: GameState, p: int, ev: list[Event]) -> None:
        st.pending = st.pending + (Theft(p),)


class LokiTribute(Effect):
    kind = "loki_tribute"
    card_type = CardType.LOKI
    timing = "immediate"

    def on_buy(self, st: GameState, p: int, ev: list[Event]) -> None:
        got = 0
        for i, other in enumerate(st.players):
            if i != p and other.coins > 0:
                st.mut(i).coins -= 1
                got += 1
                ev.append(CoinsChanged(i, -1, "loki_tribute"))
        st.mut(p).coins += got
        ev.append(CoinsChanged(p, got, "loki_tribute"))

    def leaves_at_unloading(self) -> bool:
        return True


class LokiTrickery(Effect):
    kind = "loki_trickery"
    card_type = CardType.LOKI
    timing = "once"


EFFECTS.update((e.kind, e) for e in (LokiTrickery(), LokiTheft(), LokiTribute()))
