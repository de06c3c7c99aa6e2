"""Words as data: what a front end puts into the player's language when it shows them —
catalogue keys with their fields, cards, cubes, vikings, players and engine events — never
styled text. `plain` words them without styles (the CLI, a remote client, tests); the TUI
has its own renderer that adds colours.

A phrase (`Words`) is a tuple of parts; a part is a `str` (shown as it is: punctuation, a
number), one of the small frozen classes below, or an engine event (`jorvik.engine.Event`:
worded as the log words it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jorvik.engine.events import Event
from jorvik.i18n import t


@dataclass(frozen=True, slots=True)
class Say:
    """A catalogue message: `key` with its fields (a field may be a Card, a GoodName, a
    nested Say, or a tuple of them — a list worded as the language joins one)."""
    key: str
    fields: tuple[tuple[str, Any], ...] = ()

    def field(self, name: str, default: Any = None) -> Any:
        return dict(self.fields).get(name, default)


def say(key: str, **fields: Any) -> Say:
    return Say(key, tuple(fields.items()))


@dataclass(frozen=True, slots=True)
class Card:
    """A card's name (in the language of the moment): the engine's card, which carries its
    names in every language (a remote client needs only `card.id`)."""
    card: Any

    @property
    def id(self) -> str:
        return str(self.card.id)


@dataclass(frozen=True, slots=True)
class GoodName:
    """A good's name ("amber")."""
    good: int


@dataclass(frozen=True, slots=True)
class Cube:
    """One goods cube (its letter); `named`: with its name after it ("A amber")."""
    good: int
    named: bool = False


@dataclass(frozen=True, slots=True)
class Cubes:
    """Cubes in a row."""
    goods: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Viking:
    """A viking on the board, by its engine code (whose it is, brown or not)."""
    code: int


@dataclass(frozen=True, slots=True)
class Player:
    """A player's name; longer than `limit` characters it ends in '…'."""
    player: int
    limit: int = 0


@dataclass(frozen=True, slots=True)
class Deed:
    """An engine event worded as the log words it, less the acting player's name at its head
    ("used Loki: Trickery"): for a line that names the player already ("Ödön: …")."""
    event: Any


@dataclass(frozen=True, slots=True)
class Tone:
    """Words with a meaning a front end may show (a colour, bold): 'completes' (a cube that
    completes a craftsman), 'strong' (what happened to you), 'quiet' (a note)."""
    words: Words
    tone: str


Part = str | Say | Card | GoodName | Cube | Cubes | Viking | Player | Event | Deed | Tone
Words = tuple[Part, ...]  # a phrase: its parts in order


def short_name(name: str, limit: int) -> str:
    """A name cut to `limit` characters, ending in '…' when cut."""
    return name if not limit or len(name) <= limit else name[:limit - 1] + "…"


def field_value(value: Any) -> Any:
    """A catalogue field in the language of the moment."""
    if isinstance(value, Card):
        from jorvik.i18n.cards import card_name
        return card_name(value.card)
    if isinstance(value, GoodName):
        from jorvik.i18n.cards import good_name
        return good_name(value.good)
    if isinstance(value, Say):
        return say_text(value)
    if isinstance(value, tuple):  # a list of things: "A, B and C" in the language's way
        from jorvik.i18n import join_list
        return join_list([str(field_value(v)) for v in value])
    return value


def say_text(s: Say) -> str:
    return t(s.key, **{k: field_value(v) for k, v in s.fields})


def plain(words: Words | Part, seats: Any = None, state: Any = None) -> str:
    """The words without styles. `seats` names the players (else 'player N'); `state` (any
    state of the game) words engine events."""
    if not isinstance(words, tuple):
        words = (words,)
    out: list[str] = []
    for part in words:
        out.append(_plain_part(part, seats, state))
    return "".join(out)


def _plain_part(part: Any, seats: Any, state: Any) -> str:
    from jorvik.i18n.cards import good_letter, good_name
    if isinstance(part, str):
        return part
    if isinstance(part, Say):
        return say_text(part)
    if isinstance(part, (Card, GoodName)):
        return str(field_value(part))
    if isinstance(part, Cube):
        return good_letter(part.good) + (" " + good_name(part.good) if part.named else "")
    if isinstance(part, Cubes):
        return " ".join(good_letter(g) for g in part.goods)
    if isinstance(part, Viking):
        if seats is None:
            return "?"
        from jorvik.engine import viking_is_brown
        mark = seats.initial(seats.owner(part.code))
        return f"{mark}b" if viking_is_brown(part.code) else f"{mark} "
    if isinstance(part, Player):
        name = seats.names[part.player] if seats is not None else f"#{part.player + 1}"
        return short_name(name, part.limit)
    if isinstance(part, Event):
        from jorvik.i18n.events import describe_event
        try:
            return describe_event(part, state)
        except Exception:  # a gap in the describer must never stop the game
            return str(part)
    if isinstance(part, Deed):
        from jorvik.i18n.events import describe_deed
        try:
            return describe_deed(part.event, state)
        except Exception:  # a gap in the describer must never stop the game
            return str(part.event)
    if isinstance(part, Tone):
        return plain(part.words, seats, state)
    return str(part)
