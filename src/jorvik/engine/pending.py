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
from .refusals import Refusal, refusal


@dataclass(frozen=True, slots=True)
class Decision:
    """A pending decision of `player`; the last one in `state.pending` decides now. Besides
    its rule (options, resolve) it says what a front end needs without matching on its
    class: `at_attack` (taken at an Attack of the Picts), `held()` (cubes it holds in no
    other place) and `refuse()` (why an action does not answer it)."""
    kind: ClassVar[str] = ""
    KINDS: ClassVar[dict[str, type[Decision]]] = {}   # every kind, by its name
    at_attack: ClassVar[bool] = False
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

    def held(self) -> tuple[int, ...]:
        """The cubes (goods) this decision holds, in no other place of the game."""
        return ()

    def refuse(self, st: Any, action: Any) -> Refusal:
        """Why `action` is not legal while this decision is pending: by default, it must be
        finished first."""
        return refusal("must_finish", player=self.player, decision=self.kind)

    def resolve(self, st: Any, action: Action, ev: list[Event]) -> None:  # pragma: no cover
        """Apply the legal answer `action` to `st` (a GameState the engine owns: the state
        module imports this one, so it is not named here), events to `ev`."""
        raise NotImplementedError
