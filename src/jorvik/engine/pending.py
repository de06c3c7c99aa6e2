"""The sub-decisions a player must finish before play goes on (`GameState.pending`), one small
frozen record per kind; `to_json` gives the list form `[kind, player, ...]` of docs/engine.md."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision of `player`; the last one in `state.pending` decides now."""
    kind: ClassVar[str] = ""
    player: int

    def to_json(self) -> list[Any]:
        return [self.kind, *(getattr(self, f.name) for f in fields(self))]


@dataclass(frozen=True, slots=True)
class TakeCube(Decision):
    """Take one cube of any good from the common goods area, handed over by a trade (`via`
    "trade"), the Harbour market ("harbour") or the Trading post ("trading_post")."""
    kind: ClassVar[str] = "take"
    via: str


@dataclass(frozen=True, slots=True)
class PlaceCube(Decision):
    """Place the handed-over cube `good` on a card or the Warehouse, or discard it."""
    kind: ClassVar[str] = "place_cube"
    good: int


@dataclass(frozen=True, slots=True)
class WorkshopTakeOff(Decision):
    """The Workshop: take up to `left` more cubes off own craftsmen (each then placed anew)."""
    kind: ClassVar[str] = "workshop"
    left: int


@dataclass(frozen=True, slots=True)
class Theft(Decision):
    """Loki: Theft: steal a cube from an opponent's incomplete craftsman."""
    kind: ClassVar[str] = "theft"


@dataclass(frozen=True, slots=True)
class Trickery(Decision):
    """Loki: Trickery at the end of the demand phase: swap two vikings with `card`, or keep it."""
    kind: ClassVar[str] = "trickery"
    card: str


@dataclass(frozen=True, slots=True)
class AttackChoice(Decision):
    """An Attack of the Picts lets `player` choose with `card`: see GloryChoice and
    DanegeldChoice."""
    value: int
    card: str


@dataclass(frozen=True, slots=True)
class GloryChoice(AttackChoice):
    """Glory: double the `value` VP gained for the most defence (the card goes), or keep it."""
    kind: ClassVar[str] = "glory"


@dataclass(frozen=True, slots=True)
class DanegeldChoice(AttackChoice):
    """Danegeld: pay 2 coins instead of losing `value` VP, or lose them."""
    kind: ClassVar[str] = "danegeld"
