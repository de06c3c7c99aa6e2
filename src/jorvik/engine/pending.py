"""The sub-decisions a player must finish before play goes on (`GameState.pending`): the base
every kind extends. Each kind is a small frozen record in the module of the rule it belongs to
(cubes handed over: unloading.py; Trickery and Theft: loki.py; Glory and Danegeld: picts.py)
and owns its options and how an answer resolves it; `to_json` gives the list form
`[kind, player, ...]` of docs/engine.md."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .actions import Action, UseCard
from .events import Event


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision of `player`; the last one in `state.pending` decides now."""
    kind: ClassVar[str] = ""
    KINDS: ClassVar[dict[str, type[Decision]]] = {}   # every kind, by its name
    player: int

    def __init_subclass__(cls) -> None:   # (no super(): slots=True rebuilds the class)
        if cls.__dict__.get("kind"):
            Decision.KINDS[cls.kind] = cls

    def to_json(self) -> list[Any]:
        return [self.kind, *(getattr(self, f.name) for f in fields(self))]

    def options(self, st: Any) -> list[Action]:  # pragma: no cover - every kind has its own
        """Every legal answer now."""
        raise NotImplementedError

    def answered_by(self, action: Action) -> bool:
        """Whether `action` answers this decision (else it is an any-phase card played on top
        of it)."""
        return not isinstance(action, UseCard)

    def resolve(self, st: Any, action: Action, ev: list[Event]) -> None:  # pragma: no cover
        """Apply the legal answer `action` to `st` (a GameState the engine owns: the state
        module imports this one, so it is not named here), events to `ev`."""
        raise NotImplementedError
