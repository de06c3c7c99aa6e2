"""The registry of special-card effects, looked up by a card's effect kind. The hooks of a rule
with a module of its own are registered by that module (unloading.py: Trading post, Workshop;
loki.py: the Loki cards; hired.py: Hired hands), which the engine always imports."""

from __future__ import annotations

from .events import CoinsChanged, Event
from .kinds import CardType
from .rules import RULES
from .state import GameState, PlayerState

WAREHOUSE_SPACES = RULES.warehouse_spaces   # extra storage spaces on the Warehouse card
WORKSHOP_CUBES = RULES.workshop_cubes       # cubes the Workshop may take off
WAREHOUSE_VP = RULES.warehouse_vp           # VP a cube on the Warehouse scores at the end


class Effect:
    """Hooks a special card may have; the defaults do nothing."""

    kind = ""
    # The card type that carries it and its timing symbol (one of cards.TIMINGS); the card
    # file's schema asks these (cardschema.EFFECT_RULES).
    card_type: CardType
    timing: str
    any_phase = False        # usable whenever its owner holds a decision (once cards)
    score = ""               # the final scoring's category its final_vp count in

    def income_bonus(self) -> int:
        return 0

    def extra_storage(self) -> int:
        return 0

    def on_buy(self, st: GameState, p: int, ev: list[Event]) -> None:
        pass

    def leaves_at_unloading(self) -> bool:
        """Immediate cards go to the box in the unloading phase instead of the card area."""
        return False

    def on_card_area(self, pl: PlayerState) -> None:
        pass

    def usable(self, st: GameState, p: int) -> bool:
        return False

    def use(self, st: GameState, p: int, ev: list[Event]) -> None:
        pass

    def defence_bonus(self, warrior_defences: list[int]) -> int:
        return 0

    def final_vp(self, st: GameState, pl: PlayerState) -> int:
        return 0


class Warehouse(Effect):
    kind = "warehouse"
    card_type = CardType.BUILDING
    timing = "permanent"
    score = "warehouse"

    def extra_storage(self) -> int:
        return WAREHOUSE_SPACES

    def final_vp(self, st: GameState, pl: PlayerState) -> int:
        return WAREHOUSE_VP * len(pl.warehouse)


class TollHouse(Effect):
    kind = "toll_house"
    card_type = CardType.BUILDING
    timing = "permanent"

    def income_bonus(self) -> int:
        return 1


class TreasureHoard(Effect):
    kind = "treasure_hoard"
    card_type = CardType.BUILDING
    timing = "immediate"

    def on_buy(self, st: GameState, p: int, ev: list[Event]) -> None:
        st.mut(p).coins += 4
        ev.append(CoinsChanged(p, 4, "treasure_hoard"))

    def leaves_at_unloading(self) -> bool:
        return True


class JarlsHall(Effect):
    kind = "jarls_hall"
    card_type = CardType.BUILDING
    timing = "once"


class HarbourMarket(Effect):
    kind = "harbour_market"
    card_type = CardType.BUILDING
    timing = "permanent"


class Glory(Effect):
    kind = "glory"
    card_type = CardType.DEFENCE
    timing = "once"


class ShieldWall(Effect):
    kind = "shield_wall"
    card_type = CardType.DEFENCE
    timing = "permanent"

    def defence_bonus(self, warrior_defences: list[int]) -> int:
        # Doubling one warrior: the strongest is always the best choice.
        return max(warrior_defences, default=0)


class Danegeld(Effect):
    kind = "danegeld"
    card_type = CardType.DEFENCE
    timing = "permanent"


class Skald(Effect):
    """1 VP per coin / ship / merchant / warrior / craftsman / journey at the end."""
    card_type = CardType.SKALD
    timing = "end"
    score = "skalds"

    def __init__(self, kind: str, counts: str) -> None:
        self.kind = kind
        self.counts = counts

    def final_vp(self, st: GameState, pl: PlayerState) -> int:
        if self.counts == "coins":
            return pl.coins
        by_id = st.cards.by_id
        return sum(1 for c in pl.cards if by_id[c].type == self.counts)


class SagaTeller(Effect):
    kind = "saga_teller"
    card_type = CardType.SKALD
    timing = "end"
    score = "skalds"

    def final_vp(self, st: GameState, pl: PlayerState) -> int:
        # Doubling one journey: the most valuable one is always the best choice.
        by_id = st.cards.by_id
        return max((by_id[c].vp for c in pl.cards if by_id[c].type == CardType.JOURNEY),
                   default=0)


EFFECTS: dict[str, Effect] = {
    e.kind: e
    for e in (
        Warehouse(), TollHouse(), TreasureHoard(), JarlsHall(),
        HarbourMarket(), Glory(), ShieldWall(), Danegeld(), SagaTeller(),
        Skald("skald_coins", "coins"), Skald("skald_ships", CardType.SHIP),
        Skald("skald_merchants", CardType.MERCHANT), Skald("skald_warriors", CardType.WARRIOR),
        Skald("skald_craftsmen", CardType.CRAFTSMAN), Skald("skald_journeys", CardType.JOURNEY),
    )
}
