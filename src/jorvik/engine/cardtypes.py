"""What the rules do with each card type, as one table (`TYPE_RULES`, one row per `CardType`):
where its VP count in the final scoring, whether cubes go onto it, whether it defends, draws
ship cubes or is resolved at once when revealed. The engine asks this table instead of
comparing type names, so a new card type is one `CardType` member and one row here (its
special effect, if any, is an entry of effects.EFFECTS)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import FEAST_VP, Card
from .craftsmen import complete
from .kinds import CardType
from .state import GameState, PlayerState


def _own_vp(st: GameState, pl: PlayerState, card: Card) -> int:
    return card.vp


def _vp_when_complete(st: GameState, pl: PlayerState, card: Card) -> int:
    return card.vp if complete(st, pl, card.id) else 0


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
    # True: a cube fills an empty field of its good (craftsmen). False: the card takes cubes
    # of its one good and sells them, only in its owner's own unloading turn (merchants,
    # prophecies).
    fields: bool = False
    defends: bool = False        # its defence counts at an Attack of the Picts (warriors)
    draws_cubes: bool = False    # revealed onto a space, it gets cubes from the bag (ships)
    on_space: bool = True        # False: resolved when revealed, never on a space (Picts)


TYPE_RULES: dict[CardType, TypeRules] = {
    CardType.CRAFTSMAN: TypeRules(score="craftsmen", vp=_vp_when_complete,
                                  cube_to=CardType.CRAFTSMAN.value, fields=True),
    CardType.MERCHANT: TypeRules(score="merchants", cube_to=CardType.MERCHANT.value),
    # (a prophecy's VP are scored as its cubes are sacrificed: PlayerState.vp_prophecy)
    CardType.PROPHECY: TypeRules(cube_to=CardType.PROPHECY.value),
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
