"""The phases of a round (RULES.md §4) and the automatic steps between them, as one enum; the
table of what each phase does is `game.PHASES`. A phase is a string only in serialisation."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SUPPLY_START = "supply_start"   # a new round begins, or only the final attack is left
    SUPPLY = "supply"               # §4.1 cards revealed onto the spaces, ships' cubes, attacks
    DEMAND = "demand"               # §4.2 placing vikings, in turn
    DEMAND_END = "demand_end"       # Loki: Trickery, cards nobody wants to the box
    PURCHASE = "purchase"           # §4.3 buying or passing down the demand columns
    RESERVATION = "reservation"     # §4.3 the Jarl reservation row, left first
    UNLOADING = "unloading"         # §4.4 each player's unloading turn
    FINAL = "final"                 # §4.5 the final attack, then §5 final scoring
    END = "end"                     # the game is over

    # Equal to its name as a string and hashed like it, so a phase read back from JSON finds
    # the same table entry.
    __hash__ = str.__hash__
