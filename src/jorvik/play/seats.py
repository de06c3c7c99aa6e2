"""Who sits where, as data: each seat's name, colour name and bot level (None: a human), and
the one letter that marks a player's vikings. How a seat looks is the front end's affair."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jorvik.engine import viking_owner

COLOUR_NAMES: tuple[str, ...] = ("red", "blue", "green", "yellow", "white")


def markers(names: list[str]) -> list[str]:
    """One letter per player for their vikings: the name's first letter when no one else's
    name begins with it; among players who share one, the first keeps it and each other
    takes the next letter of their own name that no player's mark has (then A-Z). A mark is
    never a digit (menu keys are digits)."""
    # the first letter, not a leading numeral ("2. gép" -> G; "?" is the hint key)
    firsts = [_letter(next((c for c in n if c.isalpha()), "?")) for n in names]
    out: list[str] = [""] * len(names)
    taken: set[str] = set()
    for p, f in enumerate(firsts):
        if firsts.count(f) == 1 or (f not in taken and firsts.index(f) == p):
            out[p] = f
            taken.add(f)
    for p, name in enumerate(names):
        if out[p]:
            continue
        pool = [_letter(c) for c in name if c.isalpha()] + [chr(c) for c in range(65, 91)]
        mark = next((c for c in pool if c not in taken and c not in firsts), None) or next(
            c for c in pool if c not in taken)
        out[p] = mark
        taken.add(mark)
    return out


def _letter(c: str) -> str:
    c = c.upper()
    return c if c.isalpha() else "?"


@dataclass(eq=False)
class Seats:
    """Who sits where: names, colour names (of COLOUR_NAMES), bot levels (None = human)."""
    names: list[str]
    colours: list[str]
    bots: list[str | None]

    def __len__(self) -> int:
        return len(self.names)

    def is_bot(self, p: int | None) -> bool:
        return p is not None and self.bots[p] is not None

    def initial(self, p: int) -> str:
        """A short mark for a player's viking: the first letter of the name, made unique —
        never a digit, which a menu key could be taken for (see markers)."""
        return markers(self.names)[p]

    def owner(self, code: int) -> int:
        """The seat a viking code belongs to."""
        return viking_owner(code)

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": n, "colour": c, "bot": b}
                for n, c, b in zip(self.names, self.colours, self.bots)]

    @classmethod
    def default(cls, names: list[str]) -> Seats:
        """Humans in the usual colours (a bare engine record names only the players)."""
        return cls(list(names), list(COLOUR_NAMES)[:len(names)], [None] * len(names))


# ---------------------------------------------------------------- a seat changes hands

HUMAN = "human"   # the word for a human seat where a bot level could be named (--seat 3=human)


@dataclass(frozen=True)
class SeatChange:
    """A seat changed hands between two decisions: after `move` actions of the game, seat
    `seat` went from `was` to `bot` (a bot level; None: a human), asked by that seat's own
    player (`by` == seat) or by the table as a whole (`by` None)."""
    move: int
    seat: int
    bot: str | None
    was: str | None
    by: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "seat": self.seat, "bot": self.bot, "was": self.was,
                "by": self.by}


@dataclass(frozen=True)
class RemoteChange:
    """A hosted seat moved between machines between two decisions: after `move` actions of
    the game, seat `seat` went to another machine (`remote` True) or to the host's keyboard
    (False). Who plays it (a human, a bot) stays as it was. Undo never takes it back (the
    player is at the other machine still): an undo past it keeps it, as made after the move
    undo returns to."""
    move: int
    seat: int
    remote: bool

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "seat": self.seat, "remote": self.remote}


def remote_after(remote: list[int], changes: list[RemoteChange]) -> list[int]:
    """The seats played from other machines after `changes`, from the seats `remote` (a
    seat no change names stays as it is in `remote`)."""
    out = set(remote)
    for c in changes:
        if c.remote:
            out.add(c.seat)
        else:
            out.discard(c.seat)
    return sorted(out)


def bots_before(bots: list[str | None], changes: list[SeatChange]) -> list[str | None]:
    """The seats' bot levels before `changes` (the levels now, each change taken back from
    the last one)."""
    out = list(bots)
    for c in reversed(changes):
        out[c.seat] = c.was
    return out


def level_names() -> list[str]:
    """The bot levels a seat can be handed to (the bots registry's names)."""
    from jorvik.bots import BOTS
    return sorted(BOTS)


class SeatSpecError(ValueError):
    """A `N=LEVEL` that cannot be used: `key` names its words in the catalogue
    (cli.errors.…), `fields` fill them in; str() words it in the language now, with what
    was typed quoted (an escape sequence in it written out, never sent)."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields

    def __str__(self) -> str:
        from jorvik.i18n import quoted, t
        fields: dict[str, Any] = {k: quoted(v) if k in ("value", "name") else v
                                  for k, v in self.fields.items()}
        return t(self.key, **fields)


def parse_seat_change(spec: str, players: int) -> tuple[int, str | None]:
    """`N=LEVEL` (as `play --resume --seat 3=hard` gives it) as (0-based seat, bot level or
    None for `N=human`); SeatSpecError when it is not of that shape, N is not a number or
    not a seat of a `players`-player game, or LEVEL is no bot level and not `human`."""
    seat_s, eq, level = (part.strip() for part in spec.partition("="))
    if not eq or not seat_s or not level:
        raise SeatSpecError("cli.errors.play.seat_spec", value=spec)
    try:
        seat = int(seat_s)
    except ValueError:
        raise SeatSpecError("cli.errors.play.not_a_seat", option="--seat", value=seat_s) from None
    if not 1 <= seat <= players:
        raise SeatSpecError("cli.errors.play.seat_range", option="--seat", seat=seat,
                            players=players)
    if level.lower() == HUMAN:
        return seat - 1, None
    if level not in level_names():
        raise SeatSpecError("cli.errors.unknown_bot", name=level,
                            choices=", ".join([*level_names(), HUMAN]))
    return seat - 1, level


def parse_seat_changes(specs: list[str], players: int | None) -> list[tuple[int, str | None]]:
    """Every `--seat N=LEVEL` of a resumed game, checked (parse_seat_change) against its
    `players` (None: not known yet: any seat a game can have, 1 to 5)."""
    return [parse_seat_change(spec, players or 5) for spec in specs]
