"""What the rules do with each card type, as one table (`TYPE_RULES`, one row per `CardType`):
where its VP count in the final scoring, whether cubes go onto it, whether it defends, draws
ship cubes or is resolved at once when revealed, and what a cube assigned to it does. The
engine asks this table instead of comparing type names, so a new card type is one `CardType`
member and one row here (its special effect, if any, is an entry of effects.EFFECTS)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import to_common
from .cards import FEAST_VP, Card
from .craftsmen import complete
from .events import CoinsChanged, CraftsmanComplete, Event, VPChanged
from .kinds import CardType
from .rules import RULES
from .state import GameState, PlayerState


def _own_vp(st: GameState, pl: PlayerState, card: Card) -> int:
    return card.vp


def _vp_when_complete(st: GameState, pl: PlayerState, card: Card) -> int:
    return card.vp if complete(st, pl, card.id) else 0


# What a cube of good g assigned to player p's card does (p's state `pl` is theirs to change).
CubeArrives = Callable[[GameState, int, PlayerState, int, Card, list[Event]], None]


def _fills_a_field(st: GameState, p: int, pl: PlayerState, g: int, card: Card,
                   ev: list[Event]) -> None:
    """A craftsman: the cube fills a field; the last one completes it."""
    cid = card.id
    pl.filled = {**pl.filled, cid: tuple(sorted(pl.filled.get(cid, ()) + (g,)))}
    if complete(st, pl, cid):
        ev.append(CraftsmanComplete(p, cid))


def _sold(st: GameState, p: int, pl: PlayerState, g: int, card: Card, ev: list[Event]) -> None:
    """A merchant: the cube is sold for its coins and goes to the common goods area."""
    pl.coins += card.coins_per_good
    to_common(st, (g,))
    ev.append(CoinsChanged(p, card.coins_per_good, "merchant"))


def _sacrificed(st: GameState, p: int, pl: PlayerState, g: int, card: Card,
                ev: list[Event]) -> None:
    """A prophecy: the cube is sacrificed for VP at once and goes to the common goods area."""
    pl.vp += RULES.prophecy_vp
    pl.vp_prophecy += RULES.prophecy_vp
    to_common(st, (g,))
    ev.append(VPChanged(p, RULES.prophecy_vp, "prophecy"))


def _takes_no_cube(st: GameState, p: int, pl: PlayerState, g: int, card: Card,
                   ev: list[Event]) -> None:
    raise ValueError(f"a cube cannot go onto {card.id} ({card.type})")


@dataclass(frozen=True, slots=True)
class TypeRules:
    """The rules of one card type; the defaults are a card that does none of these."""
    # The final scoring's category (scoring.SCORE_CATEGORIES) its own VP count in; "" none.
    score: str = ""
    # Its own VP at the end (by default the card's `vp`).
    vp: Callable[[GameState, PlayerState, Card], int] = _own_vp
    # VP by how many cards of the type a player owns (feasts); when given, the category
    # scores the count instead of each card's `vp`.
    by_count: tuple[int, ...] = ()
    # Where a cube assigned to it goes (an Assign's `to`); "" takes none.
    cube_to: str = ""
    # What a cube assigned to it does (with `cube_to`).
    on_cube: CubeArrives = _takes_no_cube
    # True: a cube fills an empty field of its good (craftsmen). False: the card takes cubes
    # of its one good and sells them, only in its owner's own unloading turn (merchants,
    # prophecies).
    fields: bool = False
    defends: bool = False        # its defence counts at an Attack of the Picts (warriors)
    draws_cubes: bool = False    # revealed onto a space, it gets cubes from the bag (ships)
    on_space: bool = True        # False: resolved when revealed, never on a space (Picts)


TYPE_RULES: dict[CardType, TypeRules] = {
    CardType.CRAFTSMAN: TypeRules(score="craftsmen", vp=_vp_when_complete,
                                  cube_to=CardType.CRAFTSMAN.value, on_cube=_fills_a_field,
                                  fields=True),
    CardType.MERCHANT: TypeRules(score="merchants", cube_to=CardType.MERCHANT.value,
                                 on_cube=_sold),
    # (a prophecy's VP are scored as its cubes are sacrificed: PlayerState.vp_prophecy)
    CardType.PROPHECY: TypeRules(cube_to=CardType.PROPHECY.value, on_cube=_sacrificed),
    CardType.BUILDING: TypeRules(),
    CardType.FEAST: TypeRules(score="feasts", by_count=FEAST_VP),
    CardType.WARRIOR: TypeRules(defends=True),
    CardType.SHIP: TypeRules(draws_cubes=True),
    CardType.PICTS: TypeRules(on_space=False),
    CardType.LOKI: TypeRules(),
    CardType.DEFENCE: TypeRules(),
    CardType.SKALD: TypeRules(),
    CardType.JOURNEY: TypeRules(score="journeys"),
}


def sold_on(to: str) -> bool:
    """Whether an Assign's destination `to` is a card type that takes cubes of its one good
    and sells them (merchants, prophecies: their owner's own unloading turn only)."""
    return bool(to) and any(rules.cube_to == to and not rules.fields
                            for rules in TYPE_RULES.values())
