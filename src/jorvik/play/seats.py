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
