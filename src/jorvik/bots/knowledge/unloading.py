"""The unloading planner: the best use of a player's cubes (just unloaded, in storage, on the
Warehouse), as a value in VP-equivalents and, when asked, as engine actions in playing order.

It plans in the order a good player unloads (RULES.md §4.4), one step each:

1. :meth:`Planner.complete_best` — complete the craftsmen the cubes at hand complete together
   (the most VP): their VP are safe, a cube kept or sold instead is worth a coin or two;
2. :meth:`Planner.fill_craftsmen` — fill further fields while one adds more to a craftsman's
   chance than its cubes are worth elsewhere, directly or with one cube traded for (3 for 1,
   2 for 1 at the Harbour market);
3. :meth:`Planner.trade_for_prophecies` — trade cubes worth little for a prophecy's VP (Jarl);
4. :meth:`Planner.keep_on_warehouse` — the Warehouse's spaces for the cubes most worth keeping
   (each scores at the end);
5. :meth:`Planner.keep_in_storage` — the storage space for the next best;
6. :meth:`Planner.use_or_sell` — the rest to merchants and prophecies (only in the player's
   own unloading turn: ``sells_now``), else sold two for a coin.

Every rule it needs comes from the engine: the goods a craftsman still lacks
(``missing_fields``), storage (``storage_of``), the cubes a trade takes, a prophecy's VP.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from jorvik.engine import (
    PROPHECY_VP,
    WAREHOUSE_VP,
    Action,
    Assign,
    GameState,
    Harbour,
    Sell,
    Trade,
    empty_fields,
    missing_fields,
    storage_of,
)
from jorvik.engine.cardtypes import TYPE_RULES
from jorvik.engine.kinds import CardType

from .context import PLAN_CACHE, Ctx

# where an Assign puts a cube on each card type that takes them (cardtypes.TYPE_RULES)
_TO_CRAFTSMAN = TYPE_RULES[CardType.CRAFTSMAN].cube_to
_TO_MERCHANT = TYPE_RULES[CardType.MERCHANT].cube_to
_TO_PROPHECY = TYPE_RULES[CardType.PROPHECY].cube_to
MIN_GAIN = 1e-6   # a fill must add at least this much to be made


@dataclass
class Holding:
    """What a player has for the planner: cards (card area + loading area), craftsman fills,
    cubes by where they are, coins."""

    cards: tuple[str, ...]
    filled: dict[str, tuple[int, ...]]
    hand: list[int]
    storage: list[int]
    warehouse: list[int]
    coins: int


def holding_of(st: GameState, p: int, extra_cards: tuple[str, ...] = (),
               extra_cubes: tuple[int, ...] = ()) -> Holding:
    """Player p's holding, with `extra_cards` and `extra_cubes` as if bought."""
    pl = st.players[p]
    return Holding(
        cards=pl.cards + pl.loading + extra_cards,
        filled=pl.filled,
        hand=list(pl.hand) + list(pl.ship_goods) + list(extra_cubes),
        storage=list(pl.storage),
        warehouse=list(pl.warehouse),
        coins=pl.coins,
    )


@dataclass
class Plan:
    """The planner's answer: its value, and (when asked) its steps as engine actions in the
    order they are to be played."""
    value: float = 0.0
    steps: list[Action] = field(default_factory=list)


class Craftsman(NamedTuple):
    """A craftsman in the planner: its VP and the goods still missing (filled in place)."""
    card: str
    vp: int
    need: list[int]


class Merchant(NamedTuple):
    """The best-paying merchant of a good."""
    coins: int   # per cube sold
    card: str


class Fill(NamedTuple):
    """A way to fill craftsman fields: cubes assigned directly, and maybe one traded for."""
    craftsman: Craftsman
    direct: tuple[int, ...]   # cubes from the pool onto the craftsman
    give: tuple[int, ...]     # cubes given in a trade / at the Harbour market
    traded: int | None        # the good taken for them (onto the craftsman)


class Cube(NamedTuple):
    """A cube left over after the fills, and where it lies: "h" just unloaded, "s" storage,
    "w" Warehouse."""
    good: int
    src: str


class Pool:
    """Cubes by source; removing a good takes it from hand, then storage, then warehouse
    (the engine's usual choice, ``usual_sources``)."""

    __slots__ = ("hand", "storage", "warehouse")

    def __init__(self, hand, storage, warehouse):
        self.hand = list(hand)
        self.storage = list(storage)
        self.warehouse = list(warehouse)

    def count(self, g: int) -> int:
        return self.hand.count(g) + self.storage.count(g) + self.warehouse.count(g)

    def take(self, g: int) -> None:
        if g in self.hand:
            self.hand.remove(g)
        elif g in self.storage:
            self.storage.remove(g)
        else:
            self.warehouse.remove(g)

    def src(self, g: int) -> str:
        if g in self.hand:
            return "h"
        if g in self.storage:
            return "s"
        return "w"

    def goods(self) -> list[int]:
        return self.hand + self.storage + self.warehouse

    def cubes(self) -> list[Cube]:
        return ([Cube(g, "h") for g in self.hand] + [Cube(g, "s") for g in self.storage]
                + [Cube(g, "w") for g in self.warehouse])


def warehouse_room(ctx: Ctx, cards: tuple[str, ...]) -> int:
    """Warehouse spaces these cards would give (``storage_of``: the planner's cards include the
    loading area and cards valued as if bought)."""
    by_id = ctx.by_id
    return storage_of(by_id[c] for c in cards)[1]


def best_completions(crafts: list[Craftsman], pool: Pool) -> list[Craftsman]:
    """The craftsmen to complete from the cubes at hand: the set with the most VP (then the
    fewest cubes) that the cubes allow together."""
    have = Counter(pool.goods())
    open_ = [c for c in crafts if c.need and not Counter(c.need) - have]
    if not open_:
        return []
    best: tuple = ((0, 0), [])
    for k in range(len(open_), 0, -1):
        for combo in itertools.combinations(open_, k):
            need: Counter = Counter()
            for c in combo:
                need.update(c.need)
            if need - have:
                continue
            key = (sum(c.vp for c in combo), -sum(need.values()))
            if key > best[0]:
                best = (key, list(combo))
    return best[1]


def completable(st: GameState, p: int) -> bool:
    """Could player p complete one of their craftsmen from the cubes at hand (this turn's
    unloaded cubes, the storage space, the Warehouse) without trading?"""
    pl = st.players[p]
    have = Counter(pl.hand) + Counter(pl.ship_goods) + Counter(pl.storage) + Counter(pl.warehouse)
    by_id = st.cards.by_id
    for cid in pl.cards + pl.loading:
        if by_id[cid].type != CardType.CRAFTSMAN:
            continue
        need = Counter(empty_fields(st, pl, cid))
        if need and not need - have:
            return True
    return False


def plan_unload(ctx: Ctx, p: int, h: Holding, want_steps: bool = False,
                held: bool = False) -> Plan:
    """The best use of player p's cubes (see the module docstring). Value in VP-equivalents:
    craftsmen's expected VP after filling + kept cubes + coins and VP the cubes bring; with
    `held`, also what kept cubes add to the craftsmen they will fill (the search's cut).
    Values are kept in the asking bot's memo (``ctx.memo``) by everything the planner reads."""
    if want_steps or ctx.memo is None:
        return Planner(ctx, p, h, want_steps).run(held)
    plans = ctx.memo.plans(ctx.by_id, ctx.params)
    key = (h.cards, tuple(h.filled.items()), tuple(h.hand), tuple(h.storage),
           tuple(h.warehouse), h.coins, tuple(ctx.st.common), ctx.coin_worth(p),
           tuple(ctx.keep_worth(p)), ctx.rounds_left, held)
    value = plans.get(key)
    if value is None:
        if len(plans) >= PLAN_CACHE:
            del plans[next(iter(plans))]   # the oldest
        value = plans[key] = Planner(ctx, p, h, False).run(held).value
    return Plan(value)


class Planner:
    """One planning of player p's holding `h`: the cards that take cubes, the pool of cubes,
    what each use of a cube is worth, and the plan as it is built step by step."""

    def __init__(self, ctx: Ctx, p: int, h: Holding, want_steps: bool):
        self.ctx = ctx
        self.coin_worth = ctx.coin_worth(p)
        self.keep_worth = ctx.keep_worth(p)
        self.common = list(ctx.st.common)   # the goods a trade can take
        self.share = ctx.params.share
        self.pc = ctx.p_complete
        self.want_steps = want_steps
        self.plan = Plan()
        self.value = 0.0
        self.kept: list[tuple[int, bool]] = []   # (good, on the Warehouse) of the cubes kept
        self.crafts: list[Craftsman] = []
        self.merchants: dict[int, Merchant] = {}
        self.prophecies: dict[int, str] = {}
        self._read_cards(h)
        self.pool = Pool(h.hand, h.storage, h.warehouse)

    def _read_cards(self, h: Holding) -> None:
        """The craftsmen and what they lack, the best merchant of each good, the prophecies,
        the storage and Warehouse spaces, and the trade the cards allow."""
        by_id = self.ctx.by_id
        cards = [by_id[cid] for cid in h.cards]
        harbour = False
        for cid, card in zip(h.cards, cards):
            t = card.type
            if t == CardType.CRAFTSMAN:
                self.crafts.append(Craftsman(cid, card.vp,
                                             missing_fields(card, h.filled.get(cid, ()))))
            elif t == CardType.MERCHANT:
                g = card.goods[0]
                if g not in self.merchants or self.merchants[g].coins < card.coins_per_good:
                    self.merchants[g] = Merchant(card.coins_per_good, cid)
            elif t == CardType.PROPHECY:
                self.prophecies[card.goods[0]] = cid
            elif card.effect == "harbour_market":
                harbour = True
        self.storage_spaces, self.wh_cap = storage_of(cards)
        self.trade: type[Trade] | type[Harbour] = Harbour if harbour else Trade
        self.trade_cubes = self.trade.cubes

    def run(self, held: bool = False) -> Plan:
        """Every step in turn (see the module docstring); the plan with its value."""
        if not self.pool.goods():
            self.plan.value = self.craftsmen_value()
            return self.plan
        self.complete_best()
        self.fill_craftsmen()
        self.value = self.craftsmen_value()
        self.trade_for_prophecies()
        left = self.pool.cubes()
        self.keep_on_warehouse(left)
        self.keep_in_storage(left)
        self.use_or_sell(left)
        if held:
            self.value += held_for_craftsmen(self.crafts, self.kept, self.craft_val, self.pc,
                                             self.share)
        self.plan.value = self.value
        return self.plan

    # -- what a cube and a craftsman are worth

    def free_use(self, g: int) -> float:
        """What a cube is worth used at once, not kept: a merchant's coins or a prophecy's VP."""
        v = 0.0
        if g in self.merchants:
            v = self.merchants[g].coins * self.coin_worth
        if g in self.prophecies:
            v = max(v, PROPHECY_VP)
        return v

    def alt(self, g: int, src: str = "h") -> float:
        """Opportunity cost of spending a cube from `src` on something else: used at once, sold
        (half a coin), or kept (a Warehouse cube gives up its VP)."""
        v = max(self.free_use(g), 0.5 * self.coin_worth)
        keep = self.keep_worth[g]
        if src == "w":
            keep += WAREHOUSE_VP
        elif src == "s" or self.wh_cap:
            pass
        else:
            keep *= 0.6
        return max(v, keep)

    def total_missing(self) -> int:
        return sum(len(c.need) for c in self.crafts)

    def craft_val(self, c: Craftsman, m: int, all_missing: int) -> float:
        """Craftsman c's expected VP with `m` fields empty, `all_missing` over all craftsmen."""
        if m == 0:
            return float(c.vp)
        return c.vp * self.pc(m + self.share * (all_missing - m))

    def craftsmen_value(self) -> float:
        all_missing = self.total_missing()
        value = 0.0
        for c in self.crafts:
            value += self.craft_val(c, len(c.need), all_missing)
        return value

    def _assign(self, g: int, to: str, card: str = "") -> None:
        if self.want_steps:
            self.plan.steps.append(Assign(g, to, card))

    # -- 1. completions

    def complete_best(self) -> None:
        """Complete the craftsmen the cubes at hand complete together (``best_completions``)."""
        for c in best_completions(self.crafts, self.pool):
            for g in list(c.need):
                self.pool.take(g)
                c.need.remove(g)
                self._assign(g, _TO_CRAFTSMAN, c.card)

    # -- 2. further fills

    def fill_craftsmen(self) -> None:
        """Make the fill that adds most, again and again, while one adds anything."""
        while (best := self.best_fill()) is not None:
            self.make_fill(best)

    def best_fill(self) -> Fill | None:
        """The fill that adds most over what its cubes are worth elsewhere (None: none adds)."""
        all_missing = self.total_missing()
        best: Fill | None = None
        best_net = MIN_GAIN
        for c in self.crafts:
            m = len(c.need)
            if m == 0:
                continue
            cur = self.craft_val(c, m, all_missing)
            for net, fill in self._fills(c, m, cur, all_missing):
                if net > best_net:
                    best_net, best = net, fill
        return best

    def _fills(self, c: Craftsman, m: int, cur: float, all_missing: int
               ) -> Iterator[tuple[float, Fill]]:
        """Craftsman c's candidate fills with their net gain: one field directly, completion
        directly or with one cube traded for, and one field traded for."""
        yield from self._single_fills(c, m, cur, all_missing)
        have, short, rest = self._split_need(c)
        if len(short) == 0 and m >= 2:
            cost = sum(self.alt(g) for g in have)
            yield c.vp - cur - cost, Fill(c, tuple(have), (), None)
        if len(short) == 1 and self.common[short[0]] > 0 and len(rest) >= self.trade_cubes:
            give = self._cheapest(rest)
            cost = sum(self.alt(g) for g in have) + sum(self.alt(g) for g in give)
            yield (self.craft_val(c, 0, all_missing - m) - cur - cost,
                   Fill(c, tuple(have), give, short[0]))
        if len(short) >= 1 and m - 1 >= 1 and self.common[short[0]] > 0:
            every = [x for x, n in Counter(self.pool.goods()).items() for _ in range(n)]
            if len(every) >= self.trade_cubes:
                give = self._cheapest(every)
                net = (self.craft_val(c, m - 1, all_missing - 1) - cur
                       - sum(self.alt(x) for x in give))
                yield net, Fill(c, (), give, short[0])

    def _single_fills(self, c: Craftsman, m: int, cur: float, all_missing: int
                      ) -> Iterator[tuple[float, Fill]]:
        """One field of c filled from the pool, for each good it lacks that the pool holds."""
        seen = set()
        for g in c.need:
            if g in seen:
                continue
            seen.add(g)
            if self.pool.count(g):
                net = (self.craft_val(c, m - 1, all_missing - 1) - cur
                       - self.alt(g, self.pool.src(g)))
                yield net, Fill(c, (g,), (), None)

    def _split_need(self, c: Craftsman) -> tuple[list[int], list[int], list[int]]:
        """(c's missing goods the pool holds, those it lacks, the pool's other cubes)."""
        tmp = Counter(self.pool.goods())
        have, short = [], []
        for g in c.need:
            if tmp[g] > 0:
                tmp[g] -= 1
                have.append(g)
            else:
                short.append(g)
        rest = [g for g, n in tmp.items() for _ in range(n)]
        return have, short, rest

    def _cheapest(self, cubes: list[int]) -> tuple[int, ...]:
        """The cubes a trade gives: the trade's number of the least worth ones, sorted."""
        cubes.sort(key=self.alt)
        return tuple(sorted(cubes[:self.trade_cubes]))

    def make_fill(self, fill: Fill) -> None:
        c = fill.craftsman
        for g in fill.direct:
            self.pool.take(g)
            c.need.remove(g)
            self._assign(g, _TO_CRAFTSMAN, c.card)
        if fill.traded is not None:
            self._give(fill.give, fill.traded)
            c.need.remove(fill.traded)

    def _give(self, give: tuple[int, ...], take: int) -> None:
        """Trade the cubes `give` for one of good `take` from the common supply."""
        for g in give:
            self.pool.take(g)
            self.common[g] += 1
        self.common[take] -= 1
        if self.want_steps:
            self.plan.steps.append(self.trade(give))

    # -- 3. prophecies

    def trade_for_prophecies(self) -> None:
        """Trade the least worth cubes for a prophecy's good while its VP beat them."""
        if not self.prophecies:
            return
        while True:
            goods = self.pool.goods()
            if len(goods) < self.trade_cubes:
                return
            cand = [g for g in self.prophecies if self.common[g] > 0]
            if not cand:
                return
            goods.sort(key=self.alt)
            give = tuple(sorted(goods[:self.trade_cubes]))
            if PROPHECY_VP - sum(self.alt(g) for g in give) <= 0.05:
                return
            self._give(give, cand[0])
            self.value += PROPHECY_VP

    # -- 4.-6. the cubes left

    def keep_on_warehouse(self, left: list[Cube]) -> None:
        """The Warehouse's spaces for the cubes whose keeping (and VP) beats using them now."""
        wh_val = [k + WAREHOUSE_VP for k in self.keep_worth]

        def gain(x: Cube) -> float:
            return wh_val[x.good] - self.free_use(x.good)

        to_wh: list[Cube] = []
        for x in sorted(left, key=lambda x: (gain(x), x.src == "w"), reverse=True):
            if len(to_wh) >= self.wh_cap:
                break
            if gain(x) > 0:
                to_wh.append(x)
        for x in to_wh:
            left.remove(x)
            self.value += wh_val[x.good]
            self.kept.append((x.good, True))
            if x.src != "w":
                self._assign(x.good, "warehouse")

    def keep_in_storage(self, left: list[Cube]) -> None:
        """The storage space for the cube most worth keeping; a stored cube with no better use
        stays. (Its step is played last, after the sales: see use_or_sell.)"""
        self.stored: list[Cube] = []
        for _ in range(self.storage_spaces):
            cand = [x for x in left if x.src in "hs"]
            occupant = [x for x in left if x.src == "s"]
            if occupant and self.free_use(occupant[0].good) <= 0:
                cand = occupant   # the stored cube has nowhere better to go: it stays
            if not cand:
                return
            best = max(cand, key=lambda x: (self.keep_worth[x.good] - self.free_use(x.good),
                                            x.src == "s"))
            if self.keep_worth[best.good] - self.free_use(best.good) <= 0:
                return
            left.remove(best)
            self.value += self.keep_worth[best.good]
            self.kept.append((best.good, False))
            self.stored.append(best)

    def use_or_sell(self, left: list[Cube]) -> None:
        """The cubes left: to a merchant or prophecy when they pay, kept where they are when
        stored, the unloaded rest sold two for a coin."""
        hand_left = []
        for g, src in left:
            fu = self.free_use(g)
            if fu > 0:
                self.value += fu
                if g in self.prophecies and (g not in self.merchants
                                             or self.merchants[g].coins
                                             * self.coin_worth <= PROPHECY_VP):
                    self._assign(g, _TO_PROPHECY, self.prophecies[g])
                else:
                    self._assign(g, _TO_MERCHANT, self.merchants[g].card)
            elif src == "h":
                hand_left.append(g)
            else:  # stays where it is
                self.value += self.keep_worth[g] + (WAREHOUSE_VP if src == "w" else 0.0)
                self.kept.append((g, src == "w"))
        for x in self.stored:
            if x.src == "h":
                self._assign(x.good, "storage")
        pairs = len(hand_left) // 2
        self.value += pairs * self.coin_worth
        if self.want_steps:
            hand_left.sort()
            for i in range(pairs):
                self.plan.steps.append(Sell(tuple(hand_left[2 * i:2 * i + 2])))


def held_for_craftsmen(crafts: list[Craftsman], kept: list[tuple[int, bool]],
                       craft_val: Callable[[Craftsman, int, int], float],
                       pc: Callable[[float], float], share: float) -> float:
    """What the kept cubes add to the craftsmen still short: a craftsman whose missing goods
    are partly kept (on the Warehouse or the storage space) is filled from them once the rest
    arrives, so it is only that many goods short; a cube moved off the Warehouse then gives up
    the VP it would score there (kept cubes' own worth is already counted)."""
    if not kept:
        return 0.0
    spare = sorted(kept, key=lambda x: x[1])   # storage cubes are given first
    all_missing = sum(len(c.need) for c in crafts)
    gain = 0.0
    for c in sorted((c for c in crafts if c.need), key=lambda c: -c.vp):
        m = len(c.need)
        held: list[int] = []   # indices into spare
        for g in c.need:
            i = next((i for i, x in enumerate(spare) if x[0] == g and i not in held), None)
            if i is not None:
                held.append(i)
        if not held:
            continue
        lost = sum(WAREHOUSE_VP for i in held if spare[i][1])
        k = len(held)
        with_held = (c.vp - lost) * pc(m - k + share * (all_missing - m))
        extra = with_held - craft_val(c, m, all_missing)
        if extra > 0:
            gain += extra
            spare = [x for i, x in enumerate(spare) if i not in held]
    return gain
