"""The board as the game screen and the replay draw it: which widgets, in which rows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from jorvik.engine import RULES, Mode, fill_order

from .column import SpaceWidget
from .details import CardDetails
from .goods import SupplyBar
from .reservation import ReservationRow
from .standings import StandingsBar


def board_widgets(n: int, mode: str) -> ComposeResult:
    """The board's widgets, inside its container: the card spaces in use each round (a
    second row and the reservation row in Jarl), the supply, the standings and the card
    details. The game screen and the replay draw the same board."""
    used = fill_order(n, mode)
    with Horizontal(classes="space-row", id="row-low"):
        for s in used:
            if s <= RULES.columns:
                yield SpaceWidget(s)
    if mode == Mode.JARL:
        with Horizontal(classes="space-row", id="row-high"):
            for s in used:
                if s > RULES.columns:
                    yield SpaceWidget(s)
        yield ReservationRow(id="reservation")
    yield SupplyBar(id="supply")
    yield StandingsBar(id="standings")
    yield CardDetails(id="details")
