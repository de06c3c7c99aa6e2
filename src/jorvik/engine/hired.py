"""Hired hands (RULES.md §4.2 ruling and §6): the card brings 2 brown vikings. In any demand
phase the owner may place one of them on a placement turn instead of an own viking, and once
the own vikings are all placed place the rest on later turns or stop for this round; brown
vikings not placed stay on the card for a later round. A placed brown viking buys for its
owner like an own one, then goes to the box, not home (state.return_viking); after the
purchase phase the card goes to the box once no brown viking is left on it.

The demand phase asks `may_place_brown` and calls `place_brown` / `stop_placing`; the supply
phase calls `new_demand_phase`, the purchase phase `discard_used`."""

from __future__ import annotations

from .board import holds
from .effects import EFFECTS, Effect
from .events import Discarded, Event, StoppedPlacing
from .kinds import CardType
from .state import GameState, PlayerState

BROWN_VIKINGS = 2   # brown vikings the card brings


class HiredHands(Effect):
    kind = "hired_hands"
    card_type = CardType.BUILDING
    timing = "permanent"

    def on_card_area(self, pl: PlayerState) -> None:
        pl.brown = BROWN_VIKINGS


EFFECTS[HiredHands.kind] = HiredHands()


def may_place_brown(pl: PlayerState) -> bool:
    """Whether the player has a brown viking on Hired hands and has not stopped placing them
    this demand phase."""
    return pl.brown > 0 and not pl.brown_done


def place_brown(pl: PlayerState) -> None:
    """A brown viking leaves the card for the board (the caller places it)."""
    pl.brown -= 1


def stop_placing(st: GameState, p: int, ev: list[Event]) -> None:
    """Player p, own vikings all placed, places no more brown vikings this demand phase."""
    pl = st.mut(p)
    pl.brown_done = True
    ev.append(StoppedPlacing(p))


def new_demand_phase(st: GameState) -> None:
    """A new demand phase: whoever stopped placing brown vikings may place them again."""
    for i, pl in enumerate(st.players):
        if pl.brown_done:
            st.mut(i).brown_done = False


def discard_used(st: GameState, ev: list[Event]) -> None:
    """After the purchase phase: Hired hands with no brown viking left on it goes to the box
    (the placed ones went to the box as they came back from the board)."""
    for i, pl in enumerate(st.players):
        hh = holds(st, pl, "hired_hands")
        if hh and pl.brown == 0:
            pl = st.mut(i)
            pl.cards = tuple(c for c in pl.cards if c != hh)
            st.box = st.box + (hh,)
            ev.append(Discarded(hh, (), "used"))
