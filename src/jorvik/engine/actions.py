"""Every action a player can take, as small frozen dataclasses with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import GOOD_INDEX, GOODS


class IllegalAction(Exception):
    """An action that is not legal in this state; the message says why."""


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in _GOOD_FIELDS:
                v = GOODS[v] if v >= 0 else None
            elif f.name in _GOOD_TUPLE_FIELDS:
                v = [GOODS[g] for g in v]
            out[f.name] = v
        return out


_GOOD_FIELDS = {"good"}
_GOOD_TUPLE_FIELDS = {"give"}


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Demand phase: put a viking on the demand column under card space `column` (1-6)."""
    type: ClassVar[str] = "place"
    column: int
    brown: bool = False


@dataclass(frozen=True, slots=True)
class Reserve(Action):
    """Jarl demand phase: put a viking on the card on space `space` (7-12), reserving it."""
    type: ClassVar[str] = "reserve"
    space: int
    brown: bool = False


# Swap's column for a viking in the Jarl reservation row (its position is the row's slot).
RESERVATION_ROW = 0


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Loki: Trickery at the end of the demand phase: two vikings on the board trade places.
    Each is addressed by (column, position): a demand column 1-6 with position 0 = top, or
    column RESERVATION_ROW (0) with position = slot in the reservation row (0 = leftmost)."""
    type: ClassVar[str] = "swap"
    column_a: int
    position_a: int
    column_b: int
    position_b: int


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Purchase phase: buy the card now offered, paying the price (free with Jarl's hall)."""
    type: ClassVar[str] = "buy"
    hall: bool = False


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Purchase phase: do not buy; in the reservation row the card goes to the box."""
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Put one cube of `good` on a destination: craftsman/merchant/prophecy (with card),
    storage (the player board's space) or warehouse (the Warehouse card)."""
    type: ClassVar[str] = "assign"
    good: int
    to: str
    card: str = ""


class _GivesCubes(Action):
    """Base of actions that give a multiset of cubes: `give` is kept sorted, so the order
    the cubes are listed in does not matter."""

    __slots__ = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "give", tuple(sorted(self.give)))


@dataclass(frozen=True, slots=True)
class Trade(_GivesCubes):
    """Unloading: put 3 cubes into the common goods area, then take 1 cube from there."""
    type: ClassVar[str] = "trade"
    give: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sell(_GivesCubes):
    """Unloading: put 2 cubes into the common goods area for 1 coin."""
    type: ClassVar[str] = "sell"
    give: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Harbour(_GivesCubes):
    """Harbour market (unloading): put 2 cubes into the common goods area, then take 1."""
    type: ClassVar[str] = "harbour"
    give: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the cube of `good` from the common goods area (after a trade, Harbour market,
    Trading post)."""
    type: ClassVar[str] = "take"
    good: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put the cube that must be assigned at once into the common goods area instead."""
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """Use a special card: Trading post, Workshop, Loki: Theft (any phase), Glory, Danegeld
    (at an attack)."""
    type: ClassVar[str] = "use_card"
    card: str


@dataclass(frozen=True, slots=True)
class TakeOff(Action):
    """Workshop: take one cube of `good` off your own craftsman `card`."""
    type: ClassVar[str] = "take_off"
    card: str
    good: int


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Loki: Theft: take one cube of `good` off `player`'s incomplete craftsman `card`."""
    type: ClassVar[str] = "steal"
    player: int
    card: str
    good: int


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not use the optional card offered now (Trickery, Glory, Danegeld, more Workshop)."""
    type: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End your unloading turn (cubes left on ships go to the common goods area), or stop
    placing brown vikings when your own are all placed."""
    type: ClassVar[str] = "done"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (Place, Reserve, Swap, Buy, Pass, Assign, Trade, Sell, Harbour, Take,
                Discard, UseCard, TakeOff, Steal, Decline, Done)
}


def action_from_json(data: Any) -> Action:
    """Build an action from its JSON form; raises IllegalAction on a malformed one."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalAction(f"not an action: {data!r}")
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise IllegalAction(f"unknown action type {data['type']!r}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        v = data[f.name]
        try:
            if f.name in _GOOD_FIELDS:
                v = GOOD_INDEX[v]
            elif f.name in _GOOD_TUPLE_FIELDS:
                v = tuple(sorted(GOOD_INDEX[g] for g in v))
            elif f.type in ("int", int) and not isinstance(v, int) or isinstance(v, bool) and f.type in ("int", int):
                raise TypeError
            elif f.type in ("bool", bool) and not isinstance(v, bool):
                raise TypeError
            elif f.type in ("str", str) and not isinstance(v, str):
                raise TypeError
        except (KeyError, TypeError):
            raise IllegalAction(f"bad value {v!r} for {f.name!r} in {data['type']!r}") from None
        kwargs[f.name] = v
    extra = set(data) - {"type"} - {f.name for f in fields(cls)}
    if extra:
        raise IllegalAction(f"unexpected field(s) {sorted(extra)} in {data['type']!r}")
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise IllegalAction(f"incomplete {data['type']!r} action: {e}") from None


Action.from_json = staticmethod(action_from_json)  # type: ignore[attr-defined]
