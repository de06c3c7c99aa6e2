"""What happened in a game: the engine's events, one immutable slotted class per kind.

`new_game` and `apply_action` report what happened as a list of `Event`s. Each kind has the
game's names for its fields and a class-level `type`, its name in JSON; `to_json()` gives the
JSON form (what the network carries and the recorded playthroughs show) and
`event_from_json` reads one back strictly, since it may come from another machine.
`EVENT_TYPES` lists every kind: the catalogues word each one (`jorvik.i18n.events`), and no
code outside the engine defines one.

An event is frozen: its fields are read-only properties over private slots. Its `__init__`
is generated as plain assignments (a frozen dataclass's goes through `object.__setattr__`,
and the engine makes a few events per decision, in every bot's play-outs too); the rest
(equality, `to_json`) is shared code in `Event`, since nothing calls it in a game's loop."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .cards import GOODS
from .kinds import CubeSource
from .phase import Phase


class Event:
    """One thing that happened. Subclasses are made by `_event` from their annotations."""
    __slots__ = ()
    type: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()        # the fields, in JSON order
    optional: ClassVar[frozenset[str]] = frozenset()   # fields absent from JSON when None
    annotations: ClassVar[dict[str, str]] = {}    # each field's type, as read from JSON
    # Closed sets of words some str fields take (checked when read from JSON).
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}
    _forms: ClassVar[tuple[tuple[str, Callable[[Any], Any] | None], ...]] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, "_" + n) for n in self.fields)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: {"type": ..., field: value, ...}, tuples as lists, a phase as its
        string; an optional field is left out when None."""
        out: dict[str, Any] = {"type": self.type}
        for n, form in self._forms:
            v = getattr(self, "_" + n)
            if v is None and n in self.optional:
                continue
            out[n] = v if form is None else form(v)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return type(other) is type(self) and other._values() == self._values()

    def __hash__(self) -> int:   # (GameOver's score rows are dicts: it has no hash)
        return hash((self.type, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self.fields, self._values()))
        return f"{type(self).__name__}({shown})"


EVENT_TYPES: dict[str, type[Event]] = {}   # every kind, by its JSON name


# ---- Reading a field from JSON: each annotation names a reader that checks and converts.

def _int(v: Any) -> int:
    if type(v) is not int:
        raise TypeError("a whole number")
    return v


def _bool(v: Any) -> bool:
    if type(v) is not bool:
        raise TypeError("true or false")
    return v


def _str(v: Any) -> str:
    if type(v) is not str:
        raise TypeError("a string")
    return v


def _ints(v: Any) -> tuple[int, ...]:
    if type(v) is not list:
        raise TypeError("a list of whole numbers")
    return tuple(_int(x) for x in v)


def _strs(v: Any) -> tuple[str, ...]:
    if type(v) is not list:
        raise TypeError("a list of strings")
    return tuple(_str(x) for x in v)


def _spot(v: Any) -> tuple[int, int]:
    if type(v) is not list or len(v) != 2:
        raise TypeError("[column, position]")
    return (_int(v[0]), _int(v[1]))


def _phase(v: Any) -> Phase:
    try:
        return Phase(_str(v))
    except ValueError:
        raise TypeError("a phase: " + ", ".join(Phase)) from None


def _score_rows(v: Any) -> tuple[dict[str, int], ...]:
    if type(v) is not list or not all(type(r) is dict for r in v):
        raise TypeError("a list of score rows")
    return tuple({_str(k): _int(x) for k, x in r.items()} for r in v)


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else read(v)


def _rows(v: tuple[dict[str, int], ...]) -> list[dict[str, int]]:
    return [dict(r) for r in v]


# annotation -> (read from JSON, the JSON form of a value: None when it is its own).
# A field with a default (`source: str | None = None`) is optional: absent from the JSON when
# None, never null there, and read with the reader of its type without "| None".
_READERS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any] | None]] = {
    "int": (_int, None),
    "int | None": (_optional(_int), None),   # a required field that may be null
    "bool": (_bool, None),
    "str": (_str, None),
    "Phase": (_phase, attrgetter("value")),
    "tuple[int, ...]": (_ints, list),
    "tuple[str, ...]": (_strs, list),
    "tuple[int, int]": (_spot, list),
    "tuple[dict[str, int], ...]": (_score_rows, _rows),
}

_GOOD_FIELDS = ("good", "goods")   # good names, checked against GOODS


_E = TypeVar("_E", bound=Event)


# Type checkers read each kind as the frozen dataclass it behaves as: its fields, in order,
# are its `__init__`'s parameters.
@dataclass_transform(frozen_default=True)
def _event(cls: type[_E]) -> type[_E]:
    """Make `cls` an event kind: slots, read-only fields, a plain `__init__` (a field with a
    class-level value is optional and defaults to it), registered by its type."""
    own = cls.__dict__
    anns = {n: a for n, a in own.get("__annotations__", {}).items()
            if not a.startswith("ClassVar")}
    names = tuple(anns)
    defaults = {n: own[n] for n in names if n in own}
    for n in defaults:   # optional: read as its type without None (see _READERS)
        anns[n] = anns[n].removesuffix(" | None")
    for n, a in anns.items():
        if a not in _READERS:  # pragma: no cover - caught when the module is imported
            raise TypeError(f"{cls.__name__}.{n}: no JSON reader for {a!r}")
    ns: dict[str, Any] = {k: v for k, v in own.items()
                          if k not in names and k not in ("__dict__", "__weakref__")}
    ns["__slots__"] = tuple("_" + n for n in names)
    ns["fields"] = names
    ns["optional"] = frozenset(defaults)
    ns["annotations"] = anns   # (an optional field's without "| None")
    ns["_forms"] = tuple((n, _READERS[anns[n]][1]) for n in names)
    ns["__match_args__"] = names
    for n in names:
        ns[n] = property(attrgetter("_" + n), doc=f"{n} ({anns[n]})")
    params = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in names)
    sets = "".join(f"    self._{n} = {n}\n" for n in names) or "    pass\n"
    env = {f"_default_{n}": v for n, v in defaults.items()}
    exec(f"def __init__(self, {params}):\n{sets}", env)   # as dataclasses make theirs
    env["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    ns["__init__"] = env["__init__"]
    new: type[_E] = type(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = cls.__qualname__
    if new.type in EVENT_TYPES:  # pragma: no cover
        raise TypeError(f"two event kinds named {new.type!r}")
    EVENT_TYPES[new.type] = new
    return new


def event_from_json(data: Any) -> Event:
    """The event whose JSON form is `data`. Strict, since it may come from the network: an
    unknown type, a missing, extra or mistyped field raises ValueError with one line."""
    if type(data) is not dict:
        raise ValueError(f"an event is a JSON object, not {_shown(data)}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise ValueError(f"unknown event type {_shown(kind)}")
    extra = sorted(str(k) for k in data if k != "type" and k not in cls.fields)
    if extra:
        names = ", ".join(extra)
        names = names if len(names) <= 60 else names[:57] + "..."
        raise ValueError(f"{kind!r} event: unexpected field(s) {names}")
    anns = cls.annotations
    kwargs: dict[str, Any] = {}
    for n in cls.fields:
        if n not in data:
            if n in cls.optional:
                continue
            raise ValueError(f"{kind!r} event: missing field {n!r}")
        v = data[n]
        try:
            value = _READERS[anns[n]][0](v)
            if n in _GOOD_FIELDS:
                for g in (value,) if n == "good" else value:
                    if g not in GOODS:
                        raise TypeError("a good: " + ", ".join(GOODS))
            allowed = cls.choices.get(n)
            if allowed is not None and value not in allowed:
                raise TypeError("one of " + ", ".join(allowed))
        except TypeError as e:
            raise ValueError(f"{kind!r} event: field {n!r} is {_shown(v)}, expected {e}") from None
        kwargs[n] = value
    return cls(**kwargs)


def _shown(v: Any) -> str:
    """A value from outside, short enough for a one-line message: a list or an object by its
    size (never repr'd whole: it may be nested 100,000 deep), a string by its start."""
    if isinstance(v, (list, tuple)):
        return f"a list of {len(v)}"
    if isinstance(v, dict):
        return f"an object of {len(v)} fields"
    try:
        text = repr(v[:61] if isinstance(v, str) else v)
    except ValueError:   # an int too long to print
        return "a number too long to show"
    return text if len(text) <= 60 else text[:57] + "..."


# ---- The kinds, in the order a round brings them.

COIN_REASONS = ("income", "merchant", "treasure_hoard", "loki_tribute", "danegeld")
VP_REASONS = ("picts", "prophecy")
DISCARD_REASONS = ("no_demand", "nobody_bought", "reservation_declined", "used")
DESTINATIONS = ("craftsman", "merchant", "prophecy", "storage", "warehouse")
CUBE_SOURCES = tuple(s.value for s in CubeSource)


@_event
class RoundStarted(Event):
    """A new round begins; `start_player` holds Mjölnir."""
    type = "round"
    round: int
    start_player: int


@_event
class PhaseStarted(Event):
    """The demand, purchase or unloading phase begins."""
    type = "phase"
    phase: Phase


@_event
class CardRevealed(Event):
    """A card from the deck onto `space` (1-12); `space` is None for an Attack of the Picts."""
    type = "card_revealed"
    card: str
    space: int | None


@_event
class CubesDrawn(Event):
    """Cubes from the bag onto the ship just revealed on `space`."""
    type = "cubes_drawn"
    card: str
    space: int
    goods: tuple[str, ...]


@_event
class PictsAttack(Event):
    """An Attack of the Picts: each player's defence (by seat), the VP the most defence gains
    and the least loses, and who they are (in turn order from the start player)."""
    type = "attack"
    card: str
    defence: tuple[int, ...]
    gain: int
    loss: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]


@_event
class VPChanged(Event):
    """VP gained (amount > 0) or lost (< 0, already floored at 0 VP), and why."""
    type = "vp"
    choices = {"reason": VP_REASONS}
    player: int
    amount: int
    reason: str


@_event
class CoinsChanged(Event):
    """Coins gained (amount > 0) or paid (< 0), and why."""
    type = "coins"
    choices = {"reason": COIN_REASONS}
    player: int
    amount: int
    reason: str


@_event
class VikingPlaced(Event):
    """A viking (a brown one from Hired hands when `brown`) joins demand column `column`
    under `card`, at `position` (1 = top)."""
    type = "viking_placed"
    player: int
    column: int
    brown: bool
    position: int
    card: str


@_event
class Reserved(Event):
    """Jarl: the card on `space` moves to slot `slot` (from 1) of the reservation row."""
    type = "reserved"
    player: int
    space: int
    card: str
    brown: bool
    slot: int


@_event
class StoppedPlacing(Event):
    """The player places no more brown vikings this round."""
    type = "stopped_placing"
    player: int


@_event
class Swapped(Event):
    """Loki: Trickery: the vikings at `a` and `b` ([column, position]; column 0 = the
    reservation row) traded places."""
    type = "swapped"
    player: int
    a: tuple[int, int]
    b: tuple[int, int]


@_event
class Declined(Event):
    """The player kept Loki: Trickery `card` for a later round."""
    type = "declined"
    player: int
    card: str


@_event
class Passed(Event):
    """The player did not buy `card` at `price`; `auto`: passed for them, they could not pay."""
    type = "passed"
    player: int
    card: str
    price: int
    auto: bool


@_event
class Bought(Event):
    """The player bought `card` for `price` (`free`: with Jarl's hall), with its ship cubes."""
    type = "bought"
    player: int
    card: str
    price: int
    free: bool
    goods: tuple[str, ...]


@_event
class Discarded(Event):
    """`card` went to the box, its ship cubes `goods` to the common goods area."""
    type = "discarded"
    choices = {"reason": DISCARD_REASONS}
    card: str
    goods: tuple[str, ...]
    reason: str


@_event
class CardUsed(Event):
    """The player used a once-card; it went to the box."""
    type = "card_used"
    player: int
    card: str


@_event
class ToCardArea(Event):
    """Unloading: the player's bought cards moved from the loading area to the card area."""
    type = "to_card_area"
    player: int
    cards: tuple[str, ...]


@_event
class Unloaded(Event):
    """Unloading: the cubes of the player's ships are unloaded."""
    type = "unloaded"
    player: int
    goods: tuple[str, ...]


@_event
class Assigned(Event):
    """A cube of `good` went to a destination (`card` for a craftsman, merchant or prophecy);
    `source` says where it came from, None for a cube assigned at once."""
    type = "assigned"
    choices = {"to": DESTINATIONS, "source": CUBE_SOURCES}
    player: int
    good: str
    to: str
    card: str
    source: str | None = None


@_event
class CraftsmanComplete(Event):
    """Every field of the player's craftsman `card` is filled."""
    type = "craftsman_complete"
    player: int
    card: str


@_event
class Sold(Event):
    """Two cubes to the common goods area for `coins` coins."""
    type = "sold"
    player: int
    goods: tuple[str, ...]
    coins: int


@_event
class Traded(Event):
    """Three cubes to the common goods area; the player takes one next."""
    type = "traded"
    player: int
    goods: tuple[str, ...]


@_event
class HarbourMarket(Event):
    """Harbour market: two cubes to the common goods area; the player takes one next."""
    type = "harbour_market"
    player: int
    goods: tuple[str, ...]


@_event
class Took(Event):
    """The player took a cube of `good` from the common goods area, handed over `via` a trade,
    the Harbour market or the Trading post."""
    type = "took"
    choices = {"via": ("trade", "harbour", "trading_post")}
    player: int
    good: str
    via: str


@_event
class TookOff(Event):
    """Workshop: a cube off the player's own craftsman `card`."""
    type = "took_off"
    player: int
    card: str
    good: str


@_event
class Stolen(Event):
    """Loki: Theft: the player stole a cube off `victim`'s craftsman `card`."""
    type = "stolen"
    player: int
    victim: int
    card: str
    good: str


@_event
class CubesLost(Event):
    """Cubes the player did not place went to the common goods area."""
    type = "cubes_lost"
    player: int
    goods: tuple[str, ...]


@_event
class GaveUp(Event):
    """The player put a stored cube back into the common goods area."""
    type = "gave_up"
    choices = {"source": ("storage", "warehouse")}
    player: int
    good: str
    source: str


@_event
class UnloadingDone(Event):
    """The player's unloading turn ended."""
    type = "unloading_done"
    player: int


@_event
class StartPlayer(Event):
    """Mjölnir passed: `player` is the start player of the next round."""
    type = "start_player"
    player: int


@_event
class GameOver(Event):
    """The final scoring (as `state.result`): a row per player and the winner(s)."""
    type = "game_over"
    scores: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
