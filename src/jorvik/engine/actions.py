"""Every action a player can take, as small frozen dataclasses with a JSON form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import GOOD_INDEX, GOODS
from .kinds import CubeSource
from .refusals import Refusal, refusal


class IllegalAction(Exception):
    """An action that is not legal in this state; `reason` (a Refusal: a kind and fields)
    says why, and the front ends word it; str() is its short developer form."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.reason = reason


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
            elif f.name == "source":
                if not v:
                    continue  # the usual choice: records stay as they were before sources
                v = v if isinstance(v, str) else list(v)
            out[f.name] = v
        return out


_GOOD_FIELDS = {"good"}
_GOOD_TUPLE_FIELDS = {"give"}

# Where a cube an action uses comes from (CubeSource), as the plain strings an action holds. An
# action without a source takes the usual choice: ship first, then storage, then the Warehouse
# (RULES.md §4.4 ruling "which cube"), the order of CubeSource.
SOURCES: tuple[str, ...] = tuple(s.value for s in CubeSource)


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
    storage (the player board's space) or warehouse (the Warehouse card). `source` says where
    the cube comes from (one of SOURCES); "" is the usual choice. Storage <-> warehouse with
    a source is a move of a stored cube."""
    type: ClassVar[str] = "assign"
    good: int
    to: str
    card: str = ""
    source: str = ""


class _GivesCubes(Action):
    """Base of actions that give a multiset of cubes: `give` is kept sorted, so the order
    the cubes are listed in does not matter. `source`, when given, names where each cube of
    `give` comes from (parallel to it, one of SOURCES each); empty is the usual choice."""

    __slots__ = ()
    cubes: ClassVar[int]              # how many cubes it gives
    # (the fields every subclass declares; annotations only: this class is no dataclass)
    give: tuple[int, ...]
    source: tuple[str, ...]

    def __post_init__(self) -> None:
        try:
            if self.source:
                if len(self.source) != len(self.give):
                    raise ValueError
                pairs = sorted(zip(self.give, self.source))
                object.__setattr__(self, "give", tuple(g for g, _ in pairs))
                object.__setattr__(self, "source", tuple(s for _, s in pairs))
            else:
                object.__setattr__(self, "give", tuple(sorted(self.give)))
                object.__setattr__(self, "source", ())
        except (TypeError, ValueError):
            raise IllegalAction(refusal("malformed", action=self.type, field="give")) from None


@dataclass(frozen=True, slots=True)
class Trade(_GivesCubes):
    """Unloading: put 3 cubes into the common goods area, then take 1 cube from there."""
    type: ClassVar[str] = "trade"
    cubes: ClassVar[int] = 3          # given for one cube of choice
    give: tuple[int, ...]
    source: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Sell(_GivesCubes):
    """Unloading: put 2 cubes into the common goods area for 1 coin."""
    type: ClassVar[str] = "sell"
    cubes: ClassVar[int] = 2          # given for SELL_COINS coins
    give: tuple[int, ...]
    source: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Harbour(_GivesCubes):
    """Harbour market (unloading): put 2 cubes into the common goods area, then take 1."""
    type: ClassVar[str] = "harbour"
    cubes: ClassVar[int] = 2          # given for one cube of choice
    give: tuple[int, ...]
    source: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """Unloading: put one stored cube of `good` back into the common goods area, from
    `source` ("storage": the player board's space, or "warehouse": the Warehouse card), e.g.
    to make room for a better one (RULES.md §6, ruling "giving up a stored cube")."""
    type: ClassVar[str] = "give_up"
    good: int
    source: str


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


# Whether a field's value has the type its annotation names (a str under `from __future__
# import annotations`); an annotation not listed is a tuple of strings.
_HAS_TYPE: dict[str, Callable[[Any], bool]] = {
    "int": lambda v: type(v) is int,
    "bool": lambda v: type(v) is bool,
    "str": lambda v: type(v) is str,
    "tuple[int, ...]": lambda v: type(v) is tuple and all(type(x) is int for x in v),
}


def _str_tuple(v: Any) -> bool:
    return type(v) is tuple and all(type(x) is str for x in v)


def _in_range(name: str, v: Any) -> bool:
    """Whether a field of the right type names what exists: goods, cube sources."""
    if name in _GOOD_FIELDS:
        return bool(0 <= v < len(GOODS))
    if name in _GOOD_TUPLE_FIELDS:
        return all(0 <= g < len(GOODS) for g in v)
    if name == "source":
        return all(s in SOURCES for s in ((v,) if type(v) is str and v else v))
    return True


def malformed(action: Action) -> Refusal | None:
    """Why `action` cannot be an action at all (a field of the wrong type, a good or cube
    source that does not exist), or None. Checked only for actions that are not legal, so
    the hot loop never pays for it."""
    for f in fields(action):
        v = getattr(action, f.name)
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        if not _HAS_TYPE.get(kind, _str_tuple)(v) or not _in_range(f.name, v):
            return refusal("malformed", action=action.type, field=f.name)
    return None


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (Place, Reserve, Swap, Buy, Pass, Assign, Trade, Sell, Harbour, GiveUp, Take,
                Discard, UseCard, TakeOff, Steal, Decline, Done)
}


def action_from_json(data: Any) -> Action:
    """Build an action from its JSON form; raises IllegalAction on a malformed one."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalAction(refusal("not_an_action"))
    cls = ACTION_TYPES.get(data["type"])
    if cls is None:
        raise IllegalAction(refusal("unknown_action", action=data["type"][:40]))
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        try:
            kwargs[f.name] = _field_from_json(f.name, f.type, data[f.name])
        except (KeyError, TypeError):
            raise IllegalAction(refusal("malformed", action=cls.type, field=f.name)) from None
    extra = set(data) - {"type"} - {f.name for f in fields(cls)}
    if extra:
        name = sorted(str(x) for x in extra)[0][:40]
        raise IllegalAction(refusal("malformed", action=cls.type, field=name))
    try:
        return cls(**kwargs)
    except TypeError:
        missing = [f.name for f in fields(cls) if f.name not in kwargs]
        raise IllegalAction(refusal("malformed", action=cls.type,
                                    field=missing[0] if missing else "")) from None


# What JSON value a plain field takes, by its annotation (as written or as a type): a
# number that is not true/false, true/false, text. Other fields are read as they come.
def _json_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_JSON_TYPE: dict[Any, Callable[[Any], bool]] = {
    "int": _json_int, int: _json_int,
    "bool": lambda v: isinstance(v, bool), bool: lambda v: isinstance(v, bool),
    "str": lambda v: isinstance(v, str), str: lambda v: isinstance(v, str),
}


def _field_from_json(name: str, annotation: Any, v: Any) -> Any:
    """One field's value read from JSON: goods by name, a cube source as text or a list of
    texts; KeyError or TypeError when it is not one."""
    if name in _GOOD_FIELDS:
        return GOOD_INDEX[v]
    if name in _GOOD_TUPLE_FIELDS:
        return tuple(GOOD_INDEX[g] for g in v)
    if name == "source":
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            return tuple(v)
        if not isinstance(v, str):
            raise TypeError
        return v
    check = _JSON_TYPE.get(annotation)
    if check is not None and not check(v):
        raise TypeError
    return v
