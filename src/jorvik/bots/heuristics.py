"""Shared game knowledge for the computer players: what a position is worth to a player.

Everything here reads only public information: the cards and cubes on the table, every
player's cards, cubes and coins, the *set* of cards still in the deck (which cards are left is
public, only their order within a season is hidden) and the *contents* of the bag (never its
order). Nothing reads ``st.deck`` or ``st.bag`` in order.

The central pieces:

* :class:`Ctx` — per-state facts shared by all players' evaluations: rounds left, the
  attacks still to come, which goods future craftsmen will want, how much a coin and a kept
  cube are worth to each player.
* :func:`plan_unload` — the unloading planner. Given a player's cubes (just unloaded, in
  storage, on the Warehouse) it fills craftsmen first (including a 3-for-1 trade or a Harbour
  market swap when that completes or advances a craftsman by more than the cubes given are
  worth), then sacrifices to prophecies, sells to merchants, keeps the most useful cubes on the
  Warehouse / storage space, sells the rest two-for-a-coin. It returns the plan's value and
  its steps; the normal bot executes the steps, valuations use the value.
* :func:`player_value` — a player's whole position in VP-equivalents: VP so far, what their
  cards will score (craftsmen weighted by the chance of completing them), the soft value of
  their defence in the attacks still to come, coins and cubes at their current worth.
  The value of a card to a player is ``player_value`` with the card minus without it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field
from jorvik.engine import GameState, defence

FEAST_VP = (0, 2, 5, 9, 14)

# ---------------------------------------------------------------------------- tunables


@dataclass
class Params:
    """Knobs of the evaluation. The defaults were tuned with seeded matches: a variant against
    three default normal bots (4-player Karl) and one (2-player Jarl), and against the hard
    bot (2-player Jarl, margin). Coin worth, the expected vikings still to come, the share of
    missing fields and the merchants' expected income mattered most; `coin_glut` (off) and the
    other knobs made no measurable difference."""

    coin_base: float = 0.3       # worth of a coin with no rounds left ...
    coin_per_round: float = 0.22  # ... plus this per future round (capped at coin_cap rounds)
    coin_cap: int = 8
    coin_glut: float = 0.0       # scale coin worth down when coins outrun spending chances (off)
    lam: float = 1.1             # craftsman completion: P = exp(-lam * m_eff / (R + 0.7))
    share: float = 0.3           # other missing fields of own craftsmen count this much
    keep_base: float = 0.2       # a kept cube: base worth ...
    keep_demand: float = 0.06    # ... plus this per unowned craftsman field wanting its good
    keep_cap: float = 1.2
    merchant_future: float = 0.22  # (old model, used when merchant_share == 0)
    merchant_share: float = 0.3  # share of a player's expected future cubes of a good that
                                 # reach its merchant / prophecy
    attack_spread: float = 0.7   # softness of "will I be top/bottom" in an attack ...
    attack_spread_w: float = 0.45  # ... growing with sqrt(defence on warriors still to come
                                   # before it): more warriors to come, more can change
    attack_decay: float = 0.0    # attack k counts 1/(1 + decay*k)
    # demand phase (NormalBot)
    extra_vikings: float = 0.7   # share of the vikings still to come expected under each card
    pump: float = 0.25           # worth of making an opponent above pay one more coin
    pbuy_margin: float = 0.2     # opponents buy when value - price > margin (soft, by scale)
    pbuy_scale: float = 0.5


DEFAULT = Params()


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# ---------------------------------------------------------------------------- context


def cards_per_round(st: GameState) -> int:
    return (st.n + 1) * (2 if st.mode == "jarl" else 1)


_DECK_CACHE: dict = {}


def _deck_info(st: GameState) -> tuple:
    """Facts about the cards not yet bought or boxed (the deck as a set, the board): the
    attacks to come, how many craftsman fields want each good, feasts left, counts by type,
    and how many non-attack cards remain in the deck."""
    key = (st.deck, tuple(st.spaces), st.reservation)
    got = _DECK_CACHE.get(key)
    if got is not None:
        return got
    by_id = st.cards.by_id
    rest = 0
    attacks = []
    warriors: Counter = Counter()   # defence on unseen warriors by season
    demand = [0] * 8
    feasts = 0
    ship_cubes = 0
    types: Counter = Counter()
    unseen = list(st.deck) + [c for c in st.spaces if c] + [c for c, _, _ in st.reservation]
    for cid in unseen:
        card = by_id[cid]
        t = card.type
        types[t] += 1
        if t == "picts":
            attacks.append((card.season, card.picts_gain, card.picts_loss))
            continue
        if t == "craftsman":
            for g in card.goods:
                demand[g] += 1
        elif t == "warrior":
            warriors[card.season] += card.defence
        elif t == "feast":
            feasts += 1
        elif t == "ship":
            ship_cubes += card.ship_cubes(st.mode)
    for cid in st.deck:
        if by_id[cid].type != "picts":
            rest += 1
    attacks.sort()
    # Cubes still to come onto ships, per good: the bag's contents (public, never its order)
    # times the share of the bag the remaining ships will draw.
    bag = [0] * 8
    for g in st.bag:
        bag[g] += 1
    frac = min(1.0, ship_cubes / len(st.bag)) if st.bag else 0.0
    future = [b * frac for b in bag]
    # Defence that can still be bought before each attack (an attack lies somewhere in its
    # season: half of its own season's warriors come before it on average).
    attack_w = [sum(w for s, w in warriors.items() if s < season) + 0.5 * warriors[season]
                for season, _, _ in attacks]
    got = ([(g, l) for _, g, l in attacks], demand, feasts, types, rest, future, attack_w)
    if len(_DECK_CACHE) > 4096:
        _DECK_CACHE.clear()
    _DECK_CACHE[key] = got
    return got


class Ctx:
    """Public facts about a state, computed once and shared by every player's evaluation."""

    __slots__ = ("st", "n", "by_id", "params", "R", "attacks", "attack_w", "demand", "feasts_left",
                 "_defs", "_cv", "_kv", "unseen_types", "karl", "future")

    def __init__(self, st: GameState, params: Params = DEFAULT):
        self.st = st
        self.n = st.n
        self.params = params
        self.karl = st.mode == "karl"
        self.by_id = st.cards.by_id
        info = _deck_info(st)
        (self.attacks, self.demand, self.feasts_left, self.unseen_types, rest, self.future,
         self.attack_w) = info
        # Future rounds after the current one (in supply, the upcoming round counts).
        self.R = -(-rest // cards_per_round(st))
        self._defs: list[int] | None = None
        self._cv: dict[int, float] = {}
        self._kv: dict[int, list[float]] = {}

    @property
    def defs(self) -> list[int]:
        if self._defs is None:
            self._defs = [defence(self.st, p) + self._loading_defence(p) for p in range(self.n)]
        return self._defs

    def _loading_defence(self, p: int) -> int:
        by_id = self.by_id
        return sum(by_id[c].defence for c in self.st.players[p].loading
                   if by_id[c].type == "warrior")

    # -- worth of a coin / of a kept cube for player p

    def cv(self, p: int) -> float:
        """What one coin is worth to player p now, in VP."""
        try:
            return self._cv[p]
        except KeyError:
            pr = self.params
            v = pr.coin_base + pr.coin_per_round * min(self.R, pr.coin_cap)
            if pr.coin_glut:
                st = self.st
                vik = 3 if self.karl else 4
                income = 1.5 if self.karl else 2.5
                have = st.players[p].coins + income * self.R
                need = 1.6 * vik * (self.R + 1)
                v *= max(0.3, min(1.3, 1.0 + pr.coin_glut * (1.0 - have / need)))
            if self._owns_effect(p, "skald_coins"):
                v += 1.0
            self._cv[p] = v
            return v

    def kv(self, p: int) -> list[float]:
        v = self._kv.get(p)
        if v is None:
            pr = self.params
            pl = self.st.players[p]
            own = [0] * 8
            for cid in pl.cards + pl.loading:
                card = self.by_id[cid]
                if card.type == "craftsman":
                    need = list(card.goods)
                    for g in pl.filled.get(cid, ()):
                        need.remove(g)
                    for g in need:
                        own[g] += 1
            if self.R <= 0:
                v = [0.0] * 8
            else:
                scale = min(1.0, self.R / 2.0)
                v = [min(pr.keep_cap, pr.keep_base + pr.keep_demand * (self.demand[g] + 4 * own[g]))
                     * scale for g in range(8)]
            self._kv[p] = v
        return v

    def _owns_effect(self, p: int, effect: str) -> bool:
        pl = self.st.players[p]
        by_id = self.by_id
        return any(by_id[c].effect == effect for c in pl.cards + pl.loading)

    def p_complete(self, m_eff: float) -> float:
        if m_eff <= 1e-9:
            return 1.0
        if self.R <= 0:
            return 0.0
        return math.exp(-self.params.lam * m_eff / (self.R + 0.7))

    def attack_value(self, p: int, dp: float) -> float:
        """Soft expected VP from the attacks still to come with defence dp against the others'
        current defence: every attack counts by its gain and loss, more softly the more
        defence can still be bought before it."""
        if not self.attacks:
            return 0.0
        pr = self.params
        others = [d for i, d in enumerate(self.defs) if i != p]
        total = 0.0
        for k, (gain, loss) in enumerate(self.attacks):
            s = pr.attack_spread + pr.attack_spread_w * math.sqrt(self.attack_w[k])
            top = 1.0
            bot = 1.0
            for d in others:
                top *= _sigmoid((dp - d + 0.5) / s)
                bot *= _sigmoid((d - dp + 0.5) / s)
            total += (gain * top - loss * bot) / (1.0 + pr.attack_decay * k)
        return total


# ---------------------------------------------------------------------------- unloading planner


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
    value: float = 0.0
    steps: list[tuple] = field(default_factory=list)
    fills: dict[str, int] = field(default_factory=dict)   # craftsman -> missing after plan


class _Pool:
    """Cubes by source; removing a good takes it from hand, then storage, then warehouse
    (exactly as the engine does)."""

    __slots__ = ("hand", "storage", "warehouse")

    def __init__(self, hand, storage, warehouse):
        self.hand = list(hand)
        self.storage = list(storage)
        self.warehouse = list(warehouse)

    def count(self, g: int) -> int:
        return self.hand.count(g) + self.storage.count(g) + self.warehouse.count(g)

    def size(self) -> int:
        return len(self.hand) + len(self.storage) + len(self.warehouse)

    def take(self, g: int) -> str:
        if g in self.hand:
            self.hand.remove(g)
            return "h"
        if g in self.storage:
            self.storage.remove(g)
            return "s"
        self.warehouse.remove(g)
        return "w"

    def src(self, g: int) -> str:
        if g in self.hand:
            return "h"
        if g in self.storage:
            return "s"
        return "w"

    def goods(self) -> list[int]:
        return self.hand + self.storage + self.warehouse


def _best_completions(crafts: list[list], pool: _Pool) -> list[list]:
    """The craftsmen to complete from the cubes at hand: the set with the most VP (then the
    fewest cubes) that the cubes allow together."""
    open_ = [c for c in crafts if c[2]]
    have = Counter(pool.goods())
    open_ = [c for c in open_ if not Counter(c[2]) - have]
    if not open_:
        return []
    best: tuple = ((0, 0), [])
    for k in range(len(open_), 0, -1):
        for combo in itertools.combinations(open_, k):
            need: Counter = Counter()
            for c in combo:
                need.update(c[2])
            if need - have:
                continue
            key = (sum(c[1] for c in combo), -sum(need.values()))
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
        card = by_id[cid]
        if card.type != "craftsman":
            continue
        need = Counter(card.goods) - Counter(pl.filled.get(cid, ()))
        if need and not need - have:
            return True
    return False


def plan_unload(ctx: Ctx, p: int, h: Holding, common: tuple[int, ...] | None = None,
                harbour: bool | None = None, want_steps: bool = False) -> Plan:
    """The best use of player p's cubes (see the module docstring). Value in VP-equivalents:
    craftsmen's expected VP after filling + kept cubes + coins and VP the cubes bring."""
    by_id = ctx.by_id
    cv = ctx.cv(p)
    kv = ctx.kv(p)
    if common is None:
        common = ctx.st.common
    common = list(common)
    merchants: dict[int, tuple[int, str]] = {}
    prophecies: dict[int, str] = {}
    crafts: list[list] = []   # [cid, vp, missing list]
    wh_cap = 0
    for cid in h.cards:
        card = by_id[cid]
        t = card.type
        if t == "craftsman":
            need = list(card.goods)
            for g in h.filled.get(cid, ()):
                need.remove(g)
            crafts.append([cid, card.vp, need])
        elif t == "merchant":
            g = card.goods[0]
            if g not in merchants or merchants[g][0] < card.coins_per_good:
                merchants[g] = (card.coins_per_good, cid)
        elif t == "prophecy":
            prophecies[card.goods[0]] = cid
        elif card.effect == "warehouse":
            wh_cap += 4
        elif card.effect == "harbour_market" and harbour is None:
            harbour = True
    harbour = bool(harbour)
    plan = Plan()
    steps = plan.steps
    share = ctx.params.share
    pc = ctx.p_complete
    if not (h.hand or h.storage or h.warehouse):
        M = sum(len(c[2]) for c in crafts)
        for c in crafts:
            m = len(c[2])
            plan.value += c[1] if m == 0 else c[1] * pc(m + share * (M - m))
            plan.fills[c[0]] = m
        return plan
    pool = _Pool(h.hand, h.storage, h.warehouse)

    def free_use(g: int) -> float:
        """What a cube is worth used at once, not kept."""
        v = 0.0
        if g in merchants:
            v = merchants[g][0] * cv
        if g in prophecies:
            v = max(v, 2.0)
        return v

    def alt(g: int, src: str = "h") -> float:
        """Opportunity cost of spending a cube on something else."""
        v = max(free_use(g), 0.5 * cv)
        keep = kv[g]
        if src == "w":
            keep += 1.0
        elif src == "s" or wh_cap:
            pass
        else:
            keep *= 0.6
        return max(v, keep)

    def total_missing() -> int:
        return sum(len(c[2]) for c in crafts)

    def craft_val(c, m: int, M: int) -> float:
        if m == 0:
            return float(c[1])
        return c[1] * pc(m + share * (M - m))

    # ---- completions first: a completed craftsman's VP are safe, while cubes kept or sold
    # instead are worth a coin or two and the craftsman may never be completed later
    for c in _best_completions(crafts, pool):
        for g in list(c[2]):
            pool.take(g)
            c[2].remove(g)
            if want_steps:
                steps.append(("assign", g, "craftsman", c[0]))

    # ---- fills (direct, by completing sets, through trades)
    while True:
        M = total_missing()
        best = None
        best_net = 1e-6
        for c in crafts:
            need = c[2]
            m = len(need)
            if m == 0:
                continue
            cur = craft_val(c, m, M)
            # single direct fill
            seen = set()
            for g in need:
                if g in seen:
                    continue
                seen.add(g)
                if pool.count(g):
                    net = craft_val(c, m - 1, M - 1) - cur - alt(g, pool.src(g))
                    if net > best_net:
                        best_net, best = net, ("fill", c, (g,), (), None)
            # completion, directly and with at most one traded / harbour cube
            tmp = Counter(pool.goods())
            have, short = [], []
            for g in need:
                if tmp[g] > 0:
                    tmp[g] -= 1
                    have.append(g)
                else:
                    short.append(g)
            if len(short) == 0 and m >= 2:
                cost = sum(alt(g) for g in have)
                net = c[1] - cur - cost
                if net > best_net:
                    best_net, best = net, ("fill", c, tuple(have), (), None)
            if len(short) == 1 and (common[short[0]] > 0):
                k = 2 if harbour else 3
                rest = [g for g, n in tmp.items() for _ in range(n)]
                if len(rest) >= k:
                    rest.sort(key=alt)
                    give = tuple(sorted(rest[:k]))
                    cost = sum(alt(g) for g in have) + sum(alt(g) for g in give)
                    net = craft_val(c, 0, M - m) - cur - cost
                    if net > best_net:
                        best_net, best = net, ("fill", c, tuple(have), give, short[0])
            # a single traded fill (no completion)
            if len(short) >= 1 and m - 1 >= 1:
                g = short[0]
                if common[g] > 0:
                    k = 2 if harbour else 3
                    rest = [x for x, n in Counter(pool.goods()).items() for _ in range(n)]
                    if len(rest) >= k:
                        rest.sort(key=alt)
                        give = tuple(sorted(rest[:k]))
                        net = craft_val(c, m - 1, M - 1) - cur - sum(alt(x) for x in give)
                        if net > best_net:
                            best_net, best = net, ("fill", c, (), give, g)
        if best is None:
            break
        _, c, direct, give, traded = best
        for g in direct:
            pool.take(g)
            c[2].remove(g)
            if want_steps:
                steps.append(("assign", g, "craftsman", c[0]))
        if traded is not None:
            for g in give:
                pool.take(g)
                common[g] += 1
            common[traded] -= 1
            c[2].remove(traded)
            if want_steps:
                steps.append(("harbour" if harbour else "trade", give, traded, "craftsman", c[0]))
    M = total_missing()
    value = 0.0
    for c in crafts:
        value += craft_val(c, len(c[2]), M)
        plan.fills[c[0]] = len(c[2])

    # ---- trades for prophecy VP (Jarl) with cubes worth little
    if prophecies:
        while True:
            k = 2 if harbour else 3
            goods = pool.goods()
            if len(goods) < k:
                break
            cand = [g for g in prophecies if common[g] > 0]
            if not cand:
                break
            goods.sort(key=alt)
            give = tuple(sorted(goods[:k]))
            if 2.0 - sum(alt(g) for g in give) <= 0.05:
                break
            g = cand[0]
            for x in give:
                pool.take(x)
                common[x] += 1
            common[g] -= 1
            value += 2.0
            if want_steps:
                steps.append(("harbour" if harbour else "trade", give, g, "prophecy",
                              prophecies[g]))

    # ---- leftovers: warehouse / storage / prophecy / merchant / sell / lose
    left = [(g, "h") for g in pool.hand] + [(g, "s") for g in pool.storage] + \
           [(g, "w") for g in pool.warehouse]
    # Warehouse slots: 1 VP at the end + keep value.
    wh_val = [kv[g] + (1.0 if ctx.R >= 0 else 0) for g in range(8)]
    cand = sorted(left, key=lambda x: (wh_val[x[0]] - free_use(x[0]), x[1] == "w"), reverse=True)
    to_wh = []
    for x in cand:
        if len(to_wh) >= wh_cap:
            break
        if wh_val[x[0]] - free_use(x[0]) > 0:
            to_wh.append(x)
    for x in to_wh:
        left.remove(x)
        value += wh_val[x[0]]
        if want_steps and x[1] != "w":
            steps.append(("assign", x[0], "warehouse", ""))
    # Storage: one hand or storage cube.
    st_cand = [x for x in left if x[1] in "hs"]
    occupant = [x for x in left if x[1] == "s"]
    if occupant and free_use(occupant[0][0]) <= 0:
        st_cand = occupant  # the stored cube has nowhere better to go: it stays
    keep = None
    if st_cand:
        best_keep = max(st_cand, key=lambda x: (kv[x[0]] - free_use(x[0]), x[1] == "s"))
        if kv[best_keep[0]] - free_use(best_keep[0]) > 0:
            keep = best_keep
    if keep is not None:
        left.remove(keep)
        value += kv[keep[0]]
    hand_left = []
    for g, src in left:
        fu = free_use(g)
        if fu > 0:
            value += fu
            if want_steps:
                if g in prophecies and (g not in merchants or 2.0 >= merchants[g][0] * cv):
                    steps.append(("assign", g, "prophecy", prophecies[g]))
                else:
                    steps.append(("assign", g, "merchant", merchants[g][1]))
        elif src == "h":
            hand_left.append(g)
        else:  # stays where it is
            value += kv[g] + (1.0 if src == "w" else 0.0)
    if keep is not None and keep[1] == "h" and want_steps:
        steps.append(("assign", keep[0], "storage", ""))
    pairs = len(hand_left) // 2
    value += pairs * cv
    if want_steps:
        hand_left.sort()
        for i in range(pairs):
            steps.append(("sell", tuple(sorted(hand_left[2 * i:2 * i + 2]))))
    plan.value = value
    return plan


# ---------------------------------------------------------------------------- player value

_SKALD_COUNTS = {"skald_ships": "ship", "skald_merchants": "merchant",
                 "skald_warriors": "warrior", "skald_craftsmen": "craftsman",
                 "skald_journeys": "journey"}


_PLAN_CARDS = ("craftsman", "merchant", "prophecy")
_PLAN_EFFECTS = ("warehouse", "harbour_market")


def player_value(ctx: Ctx, p: int, extra_cards: tuple[str, ...] = (),
                 extra_cubes: tuple[int, ...] = (), coin_delta: int = 0,
                 extra_vp: float = 0.0, plan_value: float | None = None) -> float:
    """Player p's position in VP-equivalents (see the module docstring). `plan_value` reuses
    the unloading planner's value when the extra cards cannot change it."""
    st = ctx.st
    pl = st.players[p]
    by_id = ctx.by_id
    h = holding_of(st, p, extra_cards, extra_cubes)
    h.coins += coin_delta
    R = ctx.R
    cv = ctx.cv(p)
    pr = ctx.params
    v = pl.vp + extra_vp
    if ctx.R <= 0 and st.phase == "end":
        return float(pl.vp)
    if plan_value is None:
        plan_value = plan_unload(ctx, p, h).value
    v += plan_value
    counts: Counter = Counter()
    feasts = 0
    journeys = []
    warriors = []
    effects = []
    for cid in h.cards:
        card = by_id[cid]
        t = card.type
        counts[t] += 1
        if t == "merchant":
            if pr.merchant_share:
                mine = ctx.future[card.goods[0]] / ctx.n * pr.merchant_share
                v += card.vp + mine * card.coins_per_good * cv * 0.8
            else:
                v += card.vp + pr.merchant_future * R * card.coins_per_good * cv
        elif t == "journey":
            v += card.vp
            journeys.append(card.vp)
        elif t == "feast":
            feasts += 1
        elif t == "warrior":
            warriors.append(card.defence)
        elif t == "prophecy":
            if pr.merchant_share:
                v += ctx.future[card.goods[0]] / ctx.n * pr.merchant_share * 2.0
            else:
                v += min(3.0, 0.35 * R) * 2.0 * 0.5
        if card.effect:
            effects.append(card.effect)
    v += FEAST_VP[min(feasts, 4)]
    if feasts and feasts < 4 and ctx.feasts_left:
        v += 0.15 * (FEAST_VP[min(feasts + 1, 4)] - FEAST_VP[feasts]) * min(1, ctx.feasts_left)
    coins = h.coins
    dp = sum(warriors)
    for eff in effects:
        if eff == "shield_wall":
            dp += max(warriors, default=0)
        elif eff in _SKALD_COUNTS:
            n = counts[_SKALD_COUNTS[eff]]
            grow = {"ship": 0.35, "merchant": 0.1, "warrior": 0.2, "craftsman": 0.15,
                    "journey": 0.05}[_SKALD_COUNTS[eff]]
            v += n + grow * R
        elif eff == "skald_coins":
            if eff_new(extra_cards, ctx, eff):  # owned ones count through cv
                v += coins + 0.6 * R
        elif eff == "saga_teller":
            v += max(journeys, default=0) + (1.0 if R > 2 and not journeys else 0.0)
        elif eff == "warehouse":
            v += min(2.5, 0.3 * R)  # room to keep cubes for later + 1 VP per cube at the end
        elif eff == "toll_house":
            v += R * cv
        elif eff == "jarls_hall":
            v += 2.2 * cv if R > 0 or st.phase in ("demand", "purchase", "reservation") else 0
        elif eff == "hired_hands":
            v += 1.0 * (pl.brown if cid_in_area(pl, "hired_hands", by_id) else 2)
        elif eff == "harbour_market":
            v += min(2.5, 0.3 * R)
        elif eff in ("workshop", "loki_theft", "loki_trickery"):
            v += 0.8 if R > 0 else 0.3
        elif eff == "trading_post":
            v += 1.0
        elif eff == "glory":
            if ctx.attacks:
                v += max(g for g, _ in ctx.attacks) * 0.5
        elif eff == "danegeld":
            v += 0.4 * sum(l for _, l in ctx.attacks) * 0.5
    v += ctx.attack_value(p, dp)
    v += coins * cv
    return v


def eff_new(extra_cards: tuple[str, ...], ctx: Ctx, effect: str) -> bool:
    return any(ctx.by_id[c].effect == effect for c in extra_cards)


def cid_in_area(pl, effect: str, by_id) -> bool:
    return any(by_id[c].effect == effect for c in pl.cards)


def base_values(ctx: Ctx, p: int) -> tuple[float, float]:
    """(player_value, planner value) of player p as things stand."""
    pv = plan_unload(ctx, p, holding_of(ctx.st, p)).value
    return player_value(ctx, p, plan_value=pv), pv


def card_value(ctx: Ctx, p: int, cid: str, cubes: tuple[int, ...] = (),
               base: tuple[float, float] | None = None) -> float:
    """What card `cid` (with the ship cubes on it) would add to player p's position."""
    if base is None:
        base = base_values(ctx, p)
    card = ctx.by_id[cid]
    coin_delta = 0
    extra_cards: tuple[str, ...] = (cid,)
    if card.effect == "treasure_hoard":
        coin_delta = 4
        extra_cards = ()
    elif card.effect == "loki_tribute":
        coin_delta = sum(1 for i, o in enumerate(ctx.st.players) if i != p and o.coins > 0)
        extra_cards = ()
    pv = None
    if not cubes and card.type not in _PLAN_CARDS and card.effect not in _PLAN_EFFECTS:
        pv = base[1]
    return player_value(ctx, p, extra_cards, tuple(cubes), coin_delta, plan_value=pv) - base[0]
