"""The registry of special-card effects, looked up by a card's effect kind."""

from __future__ import annotations

from .craftsmen import complete
from .pending import TakeCube, Theft, WorkshopTakeOff
from .state import GameState, PlayerState

WAREHOUSE_SPACES = 4   # extra storage spaces on the Warehouse card
WORKSHOP_CUBES = 3     # cubes the Workshop may take off


class Effect:
    """Hooks a special card may have; the defaults do nothing."""

    kind = ""
    any_phase = False        # usable whenever its owner holds a decision (once cards)

    def income_bonus(self) -> int:
        return 0

    def extra_storage(self) -> int:
        return 0

    def on_buy(self, st: GameState, p: int, ev: list) -> None:
        pass

    def leaves_at_unloading(self) -> bool:
        """Immediate cards go to the box in the unloading phase instead of the card area."""
        return False

    def on_card_area(self, pl: PlayerState) -> None:
        pass

    def usable(self, st: GameState, p: int) -> bool:
        return False

    def use(self, st: GameState, p: int, ev: list) -> None:
        pass

    def defence_bonus(self, warrior_defences: list[int]) -> int:
        return 0

    def final_vp(self, st: GameState, pl: PlayerState) -> int:
        return 0


class Warehouse(Effect):
    kind = "warehouse"

    def extra_storage(self) -> int:
        return WAREHOUSE_SPACES

    def final_vp(self, st, pl):
        return len(pl.warehouse)


class TollHouse(Effect):
    kind = "toll_house"

    def income_bonus(self) -> int:
        return 1


class TreasureHoard(Effect):
    kind = "treasure_hoard"

    def on_buy(self, st, p, ev):
        st.mut(p).coins += 4
        ev.append({"type": "coins", "player": p, "amount": 4, "reason": "treasure_hoard"})

    def leaves_at_unloading(self):
        return True


class LokiTribute(Effect):
    kind = "loki_tribute"

    def on_buy(self, st, p, ev):
        got = 0
        for i, other in enumerate(st.players):
            if i != p and other.coins > 0:
                st.mut(i).coins -= 1
                got += 1
                ev.append({"type": "coins", "player": i, "amount": -1, "reason": "loki_tribute"})
        st.mut(p).coins += got
        ev.append({"type": "coins", "player": p, "amount": got, "reason": "loki_tribute"})

    def leaves_at_unloading(self):
        return True


class HiredHands(Effect):
    kind = "hired_hands"

    def on_card_area(self, pl):
        pl.brown = 2


class JarlsHall(Effect):
    kind = "jarls_hall"


class HarbourMarket(Effect):
    kind = "harbour_market"


class LokiTrickery(Effect):
    kind = "loki_trickery"


class Glory(Effect):
    kind = "glory"


class ShieldWall(Effect):
    kind = "shield_wall"

    def defence_bonus(self, warrior_defences):
        # Doubling one warrior: the strongest is always the best choice.
        return max(warrior_defences, default=0)


class Danegeld(Effect):
    kind = "danegeld"


class TradingPost(Effect):
    kind = "trading_post"
    any_phase = True

    def usable(self, st, p):
        return any(st.common)

    def use(self, st, p, ev):
        st.pending = st.pending + (TakeCube(p, "trading_post"),)


class Workshop(Effect):
    kind = "workshop"
    any_phase = True

    def usable(self, st, p):
        return any(st.players[p].filled.values())

    def use(self, st, p, ev):
        st.pending = st.pending + (WorkshopTakeOff(p, WORKSHOP_CUBES),)


class LokiTheft(Effect):
    kind = "loki_theft"
    any_phase = True

    def usable(self, st, p):
        return bool(theft_targets(st, p))

    def use(self, st, p, ev):
        st.pending = st.pending + (Theft(p),)


def theft_targets(st: GameState, p: int) -> list[tuple[int, str, int]]:
    """What player p may steal with Loki: Theft: (victim, craftsman, good) for every kind of
    cube on an opponent's incomplete craftsman."""
    out = []
    for i, other in enumerate(st.players):
        if i == p:
            continue
        for cid, cubes in other.filled.items():
            if cubes and not complete(st, other, cid):
                for g in sorted(set(cubes)):
                    out.append((i, cid, g))
    return out


class Skald(Effect):
    """1 VP per coin / ship / merchant / warrior / craftsman / journey at the end."""

    def __init__(self, kind: str, counts: str):
        self.kind = kind
        self.counts = counts

    def final_vp(self, st, pl):
        if self.counts == "coins":
            return pl.coins
        by_id = st.cards.by_id
        return sum(1 for c in pl.cards if by_id[c].type == self.counts)


class SagaTeller(Effect):
    kind = "saga_teller"

    def final_vp(self, st, pl):
        # Doubling one journey: the most valuable one is always the best choice.
        by_id = st.cards.by_id
        return max((by_id[c].vp for c in pl.cards if by_id[c].type == "journey"), default=0)


EFFECTS: dict[str, Effect] = {
    e.kind: e
    for e in (
        Warehouse(), TollHouse(), TreasureHoard(), LokiTribute(), HiredHands(), JarlsHall(),
        HarbourMarket(), LokiTrickery(), Glory(), ShieldWall(), Danegeld(), TradingPost(),
        Workshop(), LokiTheft(), SagaTeller(),
        Skald("skald_coins", "coins"), Skald("skald_ships", "ship"),
        Skald("skald_merchants", "merchant"), Skald("skald_warriors", "warrior"),
        Skald("skald_craftsmen", "craftsman"), Skald("skald_journeys", "journey"),
    )
}
