"""Why the engine refuses an action, as data: a kind and its fields, never words. The front
ends word a refusal in the player's language (catalogue keys play.refusals.<kind>); str() is a
short developer form for logs and tracebacks ("cannot_pay(player=1, price=3, coins=1)").

REFUSALS is the list of kinds, each with the fields it carries: a player is a 0-based seat, an
action a type name (`Action.type`), a decision a pending kind (`Decision.kind`), a phase a
`Phase`, space and column numbers from 1, and `field` a field name of an action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

REFUSALS: dict[str, tuple[str, ...]] = {
    "not_an_action": (),                        # something that is no action at all
    "unknown_action": ("action",),              # a JSON action of a type that does not exist
    "malformed": ("action", "field"),           # a field of the wrong type or out of range
    "game_over": (),
    "must_finish": ("player", "decision"),      # a pending decision comes first
    "merchant_not_now": ("player",),            # merchants, prophecies: own unloading turn only
    "wrong_phase": ("action", "phase"),         # no action of this type now
    "jarl_only": ("action",),                   # reserving, in Karl
    "card_not_usable": ("player", "card"),      # not held, used up, or not usable now
    "no_column": ("column",),                   # demand columns are under spaces 1-6 only
    "no_card": ("space",),                      # no card on that space
    "not_reservable": ("space",),               # reserving is for the cards on spaces 7-12
    "column_full": ("column",),
    "no_brown_viking": ("player",),
    "vikings_left": ("player", "count"),        # "done" while own vikings are still to place
    "no_hall": ("player",),                     # buying free without a Jarl's hall
    "cannot_pay": ("player", "price", "coins"),
    "not_legal": ("action",),                   # none of the above: not one of the options
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now: `kind` (one of REFUSALS) and its `fields`."""
    kind: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        want = REFUSALS.get(self.kind)
        if want is None or set(self.fields) != set(want):
            raise ValueError(f"refusal {self.kind!r} with fields {sorted(self.fields)}")
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    def __hash__(self) -> int:
        return hash((self.kind, tuple(sorted(self.fields.items()))))

    def __str__(self) -> str:
        return f"{self.kind}({', '.join(f'{k}={v!r}' for k, v in self.fields.items())})"[:200]

    def to_json(self) -> dict[str, Any]:
        """{"kind": ..., "fields": {...}}: plain values, to send or store."""
        return {"kind": self.kind, "fields": dict(self.fields)}


def refusal(kind: str, **fields: Any) -> Refusal:
    return Refusal(kind, fields)
