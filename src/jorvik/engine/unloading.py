"""The unloading phase (RULES.md §4.4): income, cards to the card area, and assigning cubes
(craftsmen, merchants, prophecies, storage, trades, giving up a stored cube), including the
cubes that special cards hand over (Trading post, Workshop, Loki: Theft), whenever they are
used: merchants and prophecies take those only in their owner's unloading turn."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from .actions import (
    SOURCES,
    Action,
    Assign,
    Decline,
    Discard,
    Done,
    GiveUp,
    Harbour,
    Sell,
    Take,
    TakeOff,
    Trade,
    _GivesCubes,
    malformed,
)
from .board import any_phase_uses, holds, remove_one, storage_of, to_common, warehouse_space
from .cards import GOODS, CardSet
from .cardtypes import TYPE_RULES, sold_on
from .effects import EFFECTS, WORKSHOP_CUBES, Effect
from .events import (
    Assigned,
    CoinsChanged,
    CubesLost,
    Discarded,
    Event,
    GaveUp,
    HarbourMarket,
    Sold,
    StartPlayer,
    ToCardArea,
    Took,
    TookOff,
    Traded,
    Unloaded,
    UnloadingDone,
)
from .kinds import CardType
from .modes import INCOME_BONUS
from .pending import Decision
from .phase import Phase
from .refusals import Refusal, refusal
from .rules import RULES
from .state import GameState, PlayerState

PROPHECY_VP = RULES.prophecy_vp   # a cube placed on a prophecy scores 2 VP at once
SELL_COINS = 1    # Sell: Sell.cubes cubes for 1 coin

# (looked up once: an enum member read off its class costs ~0.1 us, and this is the hot path)
_UNLOADING = Phase.UNLOADING

def storage_capacity(st: GameState, p: int) -> tuple[int, int]:
    """(board storage spaces, Warehouse spaces) of player p."""
    return storage_of(map(st.cards.by_id.__getitem__, st.players[p].cards))


def start_unloading_turn(st: GameState, ev: list[Event]) -> None:
    """Income, cards from the loading area to the card area, ship cubes unloaded (§4.4)."""
    p = st.turn
    pl = st.mut(p)
    by_id = st.cards.by_id
    income = (2 if not pl.loading else 1) + INCOME_BONUS[st.mode]
    for c in pl.cards + pl.loading:
        eff = by_id[c].effect
        if eff:
            income += EFFECTS[eff].income_bonus()
    pl.coins += income
    ev.append(CoinsChanged(p, income, "income"))
    moved = []
    for c in pl.loading:
        eff = by_id[c].effect
        if eff and EFFECTS[eff].leaves_at_unloading():
            st.box = st.box + (c,)
            ev.append(Discarded(c, (), "used"))
            continue
        pl.cards = pl.cards + (c,)
        moved.append(c)
        if eff:
            EFFECTS[eff].on_card_area(pl)
    if moved:
        ev.append(ToCardArea(p, tuple(moved)))
    pl.loading = ()
    if pl.ship_goods:
        pl.hand = tuple(sorted(pl.hand + pl.ship_goods))
        ev.append(Unloaded(p, tuple(map(GOODS.__getitem__, pl.ship_goods))))
        pl.ship_goods = ()
    st.unload_ready = True


def sells_now(st: GameState, p: int) -> bool:
    """Whether player p's merchants and prophecies take cubes now: only during the unloading
    phase, which for p's cubes is p's own unloading turn (RULES.md §6, ruling "assign
    immediately"). A cube handed over at another time (a Trading post in the demand phase,
    Loki: Theft in someone else's turn) may go to a craftsman or the Warehouse only."""
    return st.phase == _UNLOADING and st.turn == p


def card_targets(st: GameState, pl: PlayerState, g: int, sells: bool) -> list[Assign]:
    """Assignments of one cube of good g onto the player's cards: craftsman fields, and with
    `sells` merchants and prophecies (see sells_now); the Warehouse is handled by the
    caller."""
    takers = _cube_takers(st.cards)
    out: list[Assign] = []
    filled = pl.filled
    for c in pl.cards:
        taker = takers.get(c)
        if taker is None:
            continue
        to, fields, goods = taker
        if fields:
            if g in goods and goods.count(g) > filled.get(c, ()).count(g):
                out.append(_assign(g, to, c))
        elif sells and goods[0] == g:
            out.append(_assign(g, to, c))
    return out


def _cube_takers(cards: CardSet) -> dict[str, tuple[str, bool, tuple[int, ...]]]:
    """The cards a cube may go onto, by id: (where it goes, whether it fills fields, the
    card's goods), from their types' rows of TYPE_RULES; found once per card set (the hot
    loop asks at every unloading decision)."""
    takers: dict[str, tuple[str, bool, tuple[int, ...]]] | None = cards.cache.get("cube_takers")
    if takers is None:
        takers = cards.cache["cube_takers"] = {
            c.id: (rules.cube_to, rules.fields, c.goods)
            for c in cards.cards if (rules := TYPE_RULES[c.type]).cube_to}
    return takers


# Interned actions: actions are immutable, and the hot loop lists the same ones again and again.
_assign = lru_cache(maxsize=8192)(Assign)


# The actions that give cubes to the common goods area.
_GiveKind = type[Trade] | type[Sell] | type[Harbour]


@lru_cache(maxsize=4096)
def _gives(cls: _GiveKind, pool: tuple[int, ...], k: int) -> tuple[_GivesCubes, ...]:
    """Every `cls` (Trade, Sell, Harbour) of k cubes from the pool, with the usual sources."""
    return tuple(cls(c) for c in _combos(pool, k))


@lru_cache(maxsize=4096)
def _gives_from(cls: _GiveKind, pool: tuple[int, ...],
                places: tuple[tuple[int, ...], ...]) -> tuple[_GivesCubes, ...]:
    """Every `cls` of cls.cubes cubes from the pool, each with the usual sources and then with
    every other way to take its cubes from `places` (ship, storage space, Warehouse)."""
    out: list[_GivesCubes] = []
    # (mypy reads a frozen dataclass's class as unhashable, taking its instances' __hash__)
    for a in _gives(cls, pool, cls.cubes):  # type: ignore[arg-type]
        out.append(a)
        out.extend(cls(a.give, s) for s in _other_sources(a.give, places))
    return tuple(out)


@lru_cache(maxsize=4096)
def _combos(pool: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Distinct sorted k-multisets drawn from the sorted multiset `pool`."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, chosen: tuple[int, ...]) -> None:
        if len(chosen) == k:
            out.append(chosen)
            return
        prev = -1
        for i in range(start, len(pool)):
            if pool[i] == prev:
                continue
            prev = pool[i]
            rec(i + 1, chosen + (pool[i],))

    rec(0, ())
    return tuple(out)


def unloading_options(st: GameState, p: int) -> list[Action]:
    """The unloading turn's choices. Where a good lies in more than one place (ship, storage
    space, Warehouse), each other place it can come from is offered as an explicit source,
    but only where it leads to another position: no two actions here give the same state."""
    pl = st.players[p]
    hand, storage, warehouse = pl.hand, pl.storage, pl.warehouse
    if not (hand or storage or warehouse):   # no cube to place: the common turn, made short
        short = any_phase_uses(st, p)
        short.append(_DONE)
        return short
    out: list[Action] = []
    storage_free = not storage
    wh_free = len(warehouse) < warehouse_space(st, pl)
    back = _moving_back(st, p, pl)
    several = False
    for g in sorted(set(hand) | set(storage) | set(warehouse)):
        if _assign_options(st, pl, g, storage_free, wh_free, back, out):
            several = True
    _give_options(st, pl, several, out)
    # Giving up a stored cube (RULES.md §6): each stored good, from each place holding it.
    if storage:
        out.extend(_give_up(g, "storage") for g in sorted(set(storage)))
    if warehouse:
        out.extend(_give_up(g, "warehouse") for g in sorted(set(warehouse)))
    out += any_phase_uses(st, p)
    out.append(_DONE)
    return out


def _assign_options(st: GameState, pl: PlayerState, g: int, storage_free: bool, wh_free: bool,
                    back: frozenset[tuple[str, int]], out: list[Action]) -> bool:
    """Appends to `out` every assignment of a cube of good `g`: from its usual place first,
    then from each other place holding it, each with the moves into storage (if
    `storage_free`) and onto the Warehouse (if `wh_free`) but those that would only undo the
    last one (`back`). True when g lies in more than one place."""
    targets = card_targets(st, pl, g, sells=True)
    in_s, in_w = g in pl.storage, g in pl.warehouse
    usual = "ship" if g in pl.hand else "storage" if in_s else "warehouse"
    # The usual place first (its Assigns name no source), then each other place holding g.
    # (The moves into storage and onto the Warehouse are written out twice, not a function:
    # this is the hot loop of every play-out.)
    out.extend(targets)
    if usual != "storage" and storage_free and (usual, g) not in back:
        out.append(_assign(g, "storage", "", ""))
    if usual != "warehouse" and wh_free and (usual, g) not in back:
        out.append(_assign(g, "warehouse", "", ""))
    several = False
    for src, present in (("storage", in_s), ("warehouse", in_w)):
        if present and src != usual:
            several = True
            out.extend(_assign(g, a.to, a.card, src) for a in targets)
            if src != "storage" and storage_free and (src, g) not in back:
                out.append(_assign(g, "storage", "", src))
            if src != "warehouse" and wh_free and (src, g) not in back:
                out.append(_assign(g, "warehouse", "", src))
    return several


def _give_options(st: GameState, pl: PlayerState, several: bool, out: list[Action]) -> None:
    """Appends the trades, sales and Harbour market deals the player's cubes allow; from
    every combination of places when a good lies in more than one (`several`)."""
    places = (pl.hand, pl.storage, pl.warehouse)
    pool = tuple(sorted(pl.hand + pl.storage + pl.warehouse))
    for cls in (Trade, Sell, Harbour):
        if len(pool) < cls.cubes or (cls is Harbour and not holds(st, pl, "harbour_market")):
            continue
        if not several:
            out.extend(_gives(cls, pool, cls.cubes))
            continue
        out.extend(_gives_from(cls, pool, places))


_give_up = lru_cache(maxsize=64)(GiveUp)
_DONE = Done()
_NO_MOVES: frozenset[tuple[str, int]] = frozenset()


def _moving_back(st: GameState, p: int, pl: PlayerState) -> frozenset[tuple[str, int]]:
    """The storage<->Warehouse moves (from where, good) that would only undo the last one:
    they would put the stored cubes back as they were just before it, with nothing else of
    p's cubes changed since. Not offered, so a position cannot be looped for nothing (the
    ruling lets stored cubes move both ways; going straight back reaches no new position)."""
    before = st.stored_before
    if before is None or before[:3] != (p, st.round, pl.hand):
        return _NO_MOVES
    out = set()
    for frm, to in (("storage", "warehouse"), ("warehouse", "storage")):
        for g in set(getattr(pl, frm)):
            places = {"storage": list(pl.storage), "warehouse": list(pl.warehouse)}
            places[frm].remove(g)
            places[to].append(g)
            if (sorted(places["storage"]), sorted(places["warehouse"])) == (
                    sorted(before[3]), sorted(before[4])):
                out.add((frm, g))
    return frozenset(out)


def nothing_to_do(legal: list[Action]) -> bool:
    """Whether an unloading turn with these options ends at once: there is nothing to assign,
    only "done" (and giving up stored cubes, which then only throws them away)."""
    return all(type(a) is Done or type(a) is GiveUp for a in legal)


def _usual_sources(goods: tuple[int, ...], places: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    """Where the usual choice takes each cube of `goods` (sorted) from: ship, then storage,
    then the Warehouse."""
    left = [list(pl) for pl in places]
    out = []
    for g in goods:
        for src, pl in zip(SOURCES, left):
            if g in pl:
                pl.remove(g)
                out.append(src)
                break
        else:
            raise ValueError(f"no cube of {GOODS[g]} to give")
    return tuple(out)


def usual_sources(goods: tuple[int, ...], hand: tuple[int, ...] = (),
                  storage: tuple[int, ...] = (), warehouse: tuple[int, ...] = ()) -> tuple[str, ...]:
    """Where the usual choice (RULES.md §4.4 ruling "which cube") takes each cube of `goods`
    (in sorted order, as actions list them) from, given the cubes on the ships (`hand`), in storage and on the Warehouse: the ship
    first, then storage, then the Warehouse. ValueError when a cube is not there."""
    return _usual_sources(tuple(sorted(goods)), (hand, storage, warehouse))


def _other_sources(goods: tuple[int, ...], places: tuple[tuple[int, ...], ...]
                   ) -> list[tuple[str, ...]]:
    """Every way but the usual one to take the sorted cubes `goods` from the three places
    (as source tuples parallel to `goods`); each leads to a different position."""
    per_good: list[list[tuple[str, ...]]] = []
    for g in sorted(set(goods)):
        k = goods.count(g)
        have = [pl.count(g) for pl in places]
        ways = []
        for a in range(min(k, have[0]) + 1):
            for b in range(min(k - a, have[1]) + 1):
                c = k - a - b
                if c <= have[2]:
                    ways.append(("ship",) * a + ("storage",) * b + ("warehouse",) * c)
        per_good.append(ways)
    usual = _usual_sources(goods, places)
    out = []
    for combo in _product(per_good):
        if combo != usual:
            out.append(combo)
    return out


def _product(parts: list[list[tuple[str, ...]]]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for ways in parts:
        out = [done + w for done in out for w in ways]
    return out


def usual_form(st: GameState, a: Action) -> Action | None:
    """`a` with an explicit source that is just the usual choice, written without it (the form
    legal_actions lists); None if that is not the case."""
    if (st.phase != _UNLOADING or st.pending or not isinstance(a, (Assign, Trade, Sell, Harbour))
            or malformed(a)):
        return None
    pl = st.players[st.turn]
    places = (pl.hand, pl.storage, pl.warehouse)
    try:
        if isinstance(a, Assign):
            if a.source and a.source == _usual_sources((a.good,), places)[0]:
                return Assign(a.good, a.to, a.card)
        elif a.source and a.source == _usual_sources(a.give, places):
            return type(a)(a.give)
    except ValueError:
        pass
    return None


def _take_usual(pl: PlayerState, goods: tuple[int, ...]) -> None:
    """Remove the cubes `goods` the usual way: from the ship first, then storage, then the
    Warehouse (the hot loop's shortcut for _take_from(pl, goods, _usual_sources(...)))."""
    hand, storage, warehouse = list(pl.hand), list(pl.storage), list(pl.warehouse)
    for g in goods:
        if g in hand:
            hand.remove(g)
        elif g in storage:
            storage.remove(g)
        else:
            warehouse.remove(g)
    pl.hand, pl.storage, pl.warehouse = tuple(hand), tuple(storage), tuple(warehouse)


def _take_from(pl: PlayerState, goods: tuple[int, ...], sources: tuple[str, ...]) -> None:
    """Remove the cubes `goods` from the places named in `sources` (parallel to it)."""
    places = {"ship": list(pl.hand), "storage": list(pl.storage), "warehouse": list(pl.warehouse)}
    for g, src in zip(goods, sources):
        places[src].remove(g)
    pl.hand, pl.storage, pl.warehouse = (tuple(places["ship"]), tuple(places["storage"]),
                                         tuple(places["warehouse"]))


def place_cube(st: GameState, p: int, g: int, to: str, cid: str, ev: list[Event]) -> None:
    """Cube g arrives at its destination: a craftsman field, a merchant (coins), a prophecy
    (2 VP), the storage space or the Warehouse."""
    pl = st.mut(p)
    if to == "storage":
        pl.storage = pl.storage + (g,)
    elif to == "warehouse":
        pl.warehouse = pl.warehouse + (g,)
    else:   # onto a card: what its type's row says
        card = st.cards.by_id[cid]
        TYPE_RULES[card.type].on_cube(st, p, pl, g, card, ev)


def do_unloading(st: GameState, a: Action, ev: list[Event]) -> Phase | None:
    """One step of p's unloading turn: end it, assign a cube, or give cubes (trade, sell,
    Harbour market). The last player's end of turn ends the round: a new one follows (the
    phase returned); else None, the phase goes on."""
    p = st.turn
    pl = st.mut(p)
    if isinstance(a, Done):
        if pl.hand:
            to_common(st, pl.hand)
            ev.append(CubesLost(p, tuple(map(GOODS.__getitem__, pl.hand))))
            pl.hand = ()
        ev.append(UnloadingDone(p))
        st.turn = (p + 1) % st.n
        st.unload_ready = False
        if st.turn == st.start_player:
            end_round(st, ev)
            return Phase.SUPPLY_START
        return None
    if isinstance(a, GiveUp):
        g = a.good
        if a.source == "storage":
            pl.storage = remove_one(pl.storage, g)
        else:
            pl.warehouse = remove_one(pl.warehouse, g)
        to_common(st, (g,))
        ev.append(GaveUp(p, GOODS[g], a.source))
        return None
    if isinstance(a, Assign):
        g = a.good
        src = a.source or ("ship" if g in pl.hand else "storage" if g in pl.storage else "warehouse")
        if src != "ship" and a.to in ("storage", "warehouse"):  # a stored cube moved
            st.stored_before = (p, st.round, pl.hand, pl.storage, pl.warehouse)
        if src == "ship":
            pl.hand = remove_one(pl.hand, g)
        elif src == "storage":
            pl.storage = remove_one(pl.storage, g)
        else:
            pl.warehouse = remove_one(pl.warehouse, g)
        place_cube(st, p, g, a.to, a.card, ev)
        ev.append(Assigned(p, GOODS[g], a.to, a.card, src))
        return None
    assert isinstance(a, _GivesCubes)   # Trade, Sell or Harbour: the rest returned above
    if a.source:
        _take_from(pl, a.give, a.source)
    else:
        _take_usual(pl, a.give)
    to_common(st, a.give)
    gave = tuple(map(GOODS.__getitem__, a.give))
    if isinstance(a, Sell):
        pl.coins += SELL_COINS
        ev.append(Sold(p, gave, SELL_COINS))
    else:
        ev.append((Traded if isinstance(a, Trade) else HarbourMarket)(p, gave))
        st.pending = st.pending + (TakeCube(p, a.type),)
    return None


def end_round(st: GameState, ev: list[Event]) -> None:
    """Every player has unloaded: Mjölnir passes clockwise (and a new round follows)."""
    st.start_player = (st.start_player + 1) % st.n
    ev.append(StartPlayer(st.start_player))


# ---- Cubes handed over at once: take one from the common goods area, place it; the Workshop.

@dataclass(frozen=True, slots=True)
class TakeCube(Decision):
    """Take one cube of any good from the common goods area, handed over by a trade (`via`
    "trade"), the Harbour market ("harbour") or the Trading post ("trading_post")."""
    kind: ClassVar[str] = "take"
    via: str

    def options(self, st: GameState) -> list[Action]:
        return [Take(g) for g in range(len(st.common)) if st.common[g] > 0]

    def resolve(self, st: GameState, a: Action, ev: list[Event]) -> None:
        assert isinstance(a, Take)   # (the only answer: see options)
        p = self.player
        common = list(st.common)
        common[a.good] -= 1
        st.common = tuple(common)
        ev.append(Took(p, GOODS[a.good], self.via))
        st.pending = st.pending[:-1] + (PlaceCube(p, a.good),)


@dataclass(frozen=True, slots=True)
class PlaceCube(Decision):
    """Place the handed-over cube `good` on a card or the Warehouse, or discard it."""
    kind: ClassVar[str] = "place_cube"
    good: int

    def held(self) -> tuple[int, ...]:
        return (self.good,)

    def refuse(self, st: GameState, action: Any) -> Refusal:
        """A merchant or prophecy takes the cube only in its owner's own unloading turn."""
        if (isinstance(action, Assign) and sold_on(action.to)
                and not sells_now(st, self.player)):
            return refusal("merchant_not_now", player=self.player)
        return Decision.refuse(self, st, action)

    def options(self, st: GameState) -> list[Action]:
        g = self.good
        pl = st.players[self.player]
        out: list[Action] = []
        out += card_targets(st, pl, g, sells=sells_now(st, self.player))
        if len(pl.warehouse) < warehouse_space(st, pl):
            out.append(Assign(g, "warehouse"))
        out.append(Discard())
        return out

    def resolve(self, st: GameState, a: Action, ev: list[Event]) -> None:
        p, g = self.player, self.good
        st.pending = st.pending[:-1]
        if isinstance(a, Discard):
            to_common(st, (g,))
            ev.append(CubesLost(p, (GOODS[g],)))
        else:
            assert isinstance(a, Assign)   # (the only other answer: see options)
            place_cube(st, p, g, a.to, a.card, ev)
            ev.append(Assigned(p, GOODS[g], a.to, a.card))


@dataclass(frozen=True, slots=True)
class WorkshopTakeOff(Decision):
    """The Workshop: take up to `left` more cubes off own craftsmen (each then placed anew)."""
    kind: ClassVar[str] = "workshop"
    left: int

    def options(self, st: GameState) -> list[Action]:
        pl = st.players[self.player]
        out: list[Action] = [TakeOff(c, g) for c, cubes in pl.filled.items()
                             for g in sorted(set(cubes))]
        out.append(Decline())
        return out

    def resolve(self, st: GameState, a: Action, ev: list[Event]) -> None:
        p = self.player
        rest = st.pending[:-1]
        if isinstance(a, Decline):
            st.pending = rest
            return
        assert isinstance(a, TakeOff)   # (the only other answer: see options)
        pl = st.mut(p)
        pl.filled = {**pl.filled, a.card: remove_one(pl.filled[a.card], a.good)}
        if not pl.filled[a.card]:
            pl.filled = {k: v for k, v in pl.filled.items() if v}
        ev.append(TookOff(p, a.card, GOODS[a.good]))
        more = (WorkshopTakeOff(p, self.left - 1),) if self.left > 1 else ()
        st.pending = rest + more + (PlaceCube(p, a.good),)


class TradingPost(Effect):
    kind = "trading_post"
    card_type = CardType.BUILDING
    timing = "once"
    any_phase = True

    def usable(self, st: GameState, p: int) -> bool:
        return any(st.common)

    def use(self, st: GameState, p: int, ev: list[Event]) -> None:
        st.pending = st.pending + (TakeCube(p, "trading_post"),)


class Workshop(Effect):
    kind = "workshop"
    card_type = CardType.BUILDING
    timing = "once"
    any_phase = True

    def usable(self, st: GameState, p: int) -> bool:
        return any(st.players[p].filled.values())

    def use(self, st: GameState, p: int, ev: list[Event]) -> None:
        st.pending = st.pending + (WorkshopTakeOff(p, WORKSHOP_CUBES),)


EFFECTS.update((e.kind, e) for e in (TradingPost(), Workshop()))
