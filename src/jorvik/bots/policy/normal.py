"""The heuristic bot (`normal`): values cards for what they are worth to each player and plays
the price ladder with that knowledge.

How it decides (all from public information, see :mod:`jorvik.bots.knowledge`):

* **Card values.** A card is worth ``player_value(with it) - player_value(without it)``: a
  craftsman by its VP times the chance of completing it with the cubes the player holds or
  will likely get (fewer missing fields and more rounds left → likelier); a ship by what the
  unloading planner makes of its cubes (fields filled, merchant coins, prophecy VP, cubes
  kept); a merchant by its VP plus the coins for goods it is likely to sell; a feast by the
  step up the 2/5/9/14 table; journeys and skalds by their VP / current counts; a warrior by
  how it moves the player's chances of having the most (least) defence in each attack still
  to come against the opponents' current defence; buildings and special cards by simple
  estimates. Coins are worth more early (they buy cards) and little at the end.
* **Demand phase (placing vikings).** For every column it works out the price ladder: the
  top viking pays the number of vikings in the column, and each viking below pays one less but
  only gets the chance if every viking above passes. Opponents above are assumed to buy when
  the card is worth more to them than the price and they have the coins. The bot places its
  viking where its expected gain (chance of getting the card × (value − price)) rises most,
  counting that its own viking raises the price for vikings above, plus a little for making an
  opponent who will buy pay one more. In Jarl it compares reserving a card (certain, but priced
  by the reservations after it). Brown vikings are placed after its own and only for a good
  card.
* **Purchase phase.** Buys when value − price × coin worth beats passing, keeping coins for
  better cards further right where it holds the top viking (a small knapsack); uses Jarl's hall
  on an expensive card.
* **Unloading.** Executes the planner's best plan: complete craftsmen first (trading 3-for-1 or
  at the Harbour market when that completes one), then prophecies, merchants, the Warehouse and
  storage for the most useful cubes, selling the rest two for a coin. Trading post, Loki: Theft
  and Workshop are used when they add clearly (or in the last round at all).
* **Attacks.** Glory on a big gain, Danegeld when the VP lost are worth more than 2 coins.
  Loki: Trickery swaps two vikings when that gains it a card cheaply.

Deterministic: no randomness unless ``noise`` > 0 (used by the search bots' playouts), from
its own seeded generator, or with ``noise_key`` set from a fixed table of nudges looked up by
the key and the decision (the expert's playouts: the same nudge for the same decision in
every candidate's rollout). Typical decision time well under a millisecond.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from jorvik.engine import (
    DANEGELD_COINS,
    PROPHECY_VP,
    RESERVATION_ROW,
    RULES,
    Action,
    Assign,
    Buy,
    DanegeldChoice,
    Decline,
    Discard,
    Done,
    GameState,
    GloryChoice,
    Pass,
    Phase,
    Place,
    PlaceCube,
    Reserve,
    Steal,
    Swap,
    Take,
    TakeCube,
    TakeOff,
    Theft,
    Trickery,
    UseCard,
    WorkshopTakeOff,
    complete,
    current_player,
    empty_fields,
    legal_actions,
    missing_fields,
    price_at,
    price_due,
    sells_now,
    theft_targets,
    viking_owner,
)
from jorvik.engine.cards import Card
from jorvik.engine.cardtypes import TYPE_RULES
from jorvik.engine.kinds import CardType

from ..knowledge import (
    DEFAULT,
    JARLS_HALL_COINS,
    N_GOODS,
    Ctx,
    Holding,
    Memo,
    Params,
    base_values,
    card_value,
    holding_of,
    plan_unload,
    sigmoid,
    warehouse_room,
)
from ..knowledge.ladder import expected_price, reservation_price
from ..knowledge.ladder import owners as owners_of

BIG = 1e9
_NOISE_MASK = 4095   # keyed noise: a fixed table of 4096 standard normal nudges
_NOISE_RNG = random.Random(14)
_NOISE = tuple(_NOISE_RNG.gauss(0.0, 1.0) for _ in range(_NOISE_MASK + 1))
del _NOISE_RNG
UNPAID_RESERVATION = -0.2   # the score of a reservation that would not be bought
# card-value tables kept, least recently used dropped first: a search's rollouts all start from
# the same position, so the first rounds' tables are shared by every rollout of a decision
VALUE_CACHE = 512


def buy_or_pass(a: Action, value: float, price: int, coins: int, coin_worth: float,
                rounds_left: int, cont: float, best_later: Callable[[int], float]
                ) -> float | None:
    """The worth of `a` when a card worth `value` is offered at `price` to a player holding
    `coins`: buying pays the price (with Jarl's hall, the hall's worth instead), passing gets
    what the column goes on to bring (`cont`, at least nothing); either plus what the coins
    left still buy later (`best_later`). None for any other action."""
    if isinstance(a, Buy):
        if a.hall:
            hall_worth = JARLS_HALL_COINS * coin_worth if rounds_left > 0 else 0.0
            return value - hall_worth + best_later(coins)
        return value - price * coin_worth + best_later(coins - price)
    if isinstance(a, Pass):
        return max(cont, 0.0) + best_later(coins)
    return None


class NormalBot:
    name = "normal"

    def __init__(self, seed: int | None = None, params: Params | None = None,
                 noise: float = 0.0, **_: object):
        self.rng = random.Random(seed)
        self.params = params or DEFAULT
        self.noise = noise
        # set: the noise is looked up by (key, decision) instead of drawn from `rng`
        self.noise_key: int | None = None
        self._vcache: dict = {}
        self.memo = Memo()   # the heuristic's caches (deck facts, unloading plans): this bot's

    def set_params(self, params: Params) -> None:
        """Play on with other knobs (the card values kept so far were found with the old ones)."""
        if params is not self.params:
            self.params = params
            self._vcache.clear()

    # ------------------------------------------------------------------ entry

    def choose(self, st: GameState) -> Action:
        legal = legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        ranked = self.rank(st, legal)
        return ranked[0][1]

    def rank(self, st: GameState, legal: list[Action] | None = None) -> list[tuple[float, Action]]:
        """Legal actions with a score, best first (the search bot prunes with this). Only the
        first is guaranteed meaningful in unloading and pending decisions."""
        if legal is None:
            legal = legal_actions(st)
        p = current_player(st)
        assert p is not None, "no one decides in a finished game"
        ctx = Ctx(st, self.params, self.memo)
        if st.pending:
            return [(0.0, self._pending(ctx, p, legal))]
        ph = st.phase
        if ph == Phase.DEMAND:
            return self._demand(ctx, p, legal)
        if ph in (Phase.PURCHASE, Phase.RESERVATION):
            return self._purchase(ctx, p, legal)
        if ph == Phase.UNLOADING:
            return [(0.0, self._unloading(ctx, p, legal))]
        return [(0.0, legal[0])]

    # ------------------------------------------------------------------ card values

    def _values(self, ctx: Ctx) -> _Values:
        """Card values {(player, slot): value}, computed on demand. Slot: space index 0..11,
        or ('r', i) for reservation row entry i. Kept while the board and the players'
        holdings are unchanged (a whole demand phase)."""
        st = ctx.st
        key = (st.round, tuple(st.spaces), tuple(st.space_goods), st.reservation,
               tuple((pl.cards, pl.loading, pl.coins, pl.storage, pl.warehouse,
                      tuple(pl.filled.items()), pl.vp) for pl in st.players))
        cache = self._vcache
        got = cache.pop(key, None)
        if got is None:
            got = _Values(ctx)
            if len(cache) >= VALUE_CACHE:
                del cache[next(iter(cache))]   # the least recently used
        else:
            got.ctx = ctx
        cache[key] = got   # last: the most recently used
        return got

    # ------------------------------------------------------------------ price ladder

    def _p_buy(self, ctx: Ctx, vals: _Values, o: int, slot, price: int) -> float:
        """Chance that opponent o buys the card in `slot` at `price`."""
        key = (o, slot, price)
        got = vals.pbuy.get(key)
        if got is None:
            if ctx.st.players[o].coins < price:
                got = 0.0
            else:
                pr = self.params
                gain = vals[(o, slot)] - price * ctx.coin_worth(o)
                got = sigmoid((gain - pr.pbuy_margin) / pr.pbuy_scale)
            vals.pbuy[key] = got
        return got

    def _column_util(self, ctx: Ctx, vals: _Values, me: int, slot, owners: list[int],
                     length: float, coins: float, i: int = 0) -> float:
        """My expected gain from a demand column whose vikings (top first) belong to `owners`,
        when `length` vikings stand in it at purchase time."""
        reach = 1.0
        v_me = vals[(me, slot)]
        coin_worth = ctx.coin_worth(me)
        for j in range(i, len(owners)):
            o = owners[j]
            price = expected_price(length, j)
            if o == me:
                buy = v_me - price * coin_worth if coins >= price - 1e-9 else -BIG
                cont = self._column_util(ctx, vals, me, slot, owners, length, coins, j + 1)
                return reach * max(buy, cont, 0.0)
            reach *= 1.0 - self._p_buy(ctx, vals, o, slot, round(price))
            if reach < 1e-4:
                return 0.0
        return 0.0

    def _pump(self, ctx: Ctx, vals: _Values, me: int, slot, owners: list[int],
              length: float) -> float:
        """A little for making opponents above pay one more."""
        out = 0.0
        reach = 1.0
        for j, o in enumerate(owners):
            price = expected_price(length, j)
            if o == me:
                break
            pb = self._p_buy(ctx, vals, o, slot, round(price))
            out += reach * pb * ctx.coin_worth(o)
            reach *= 1.0 - pb
        return self.params.pump * out

    def _committed(self, ctx: Ctx, vals: _Values, me: int, extra: float) -> list:
        """Coins I expect to spend on each column where I already stand (0.0 elsewhere), then
        on each of my reservations."""
        st = ctx.st
        out = [0.0] * RULES.columns
        for c in range(RULES.columns):
            if not st.columns[c]:
                continue
            owners = owners_of(st.columns[c])
            if me not in owners:
                continue
            L = len(owners) + extra
            reach = 1.0
            for j, o in enumerate(owners):
                price = expected_price(L, j)
                if o == me:
                    if vals[(me, c)] - price * ctx.coin_worth(me) > 0:
                        out[c] = reach * price
                    break
                reach *= 1.0 - self._p_buy(ctx, vals, o, c, round(price))
        res = st.reservation
        for i, (_, code, _) in enumerate(res):
            if viking_owner(code) == me:
                out.append(price_at(len(res), i))
        return out

    @staticmethod
    def _spent(committed: list[float], skip: int) -> float:
        """The coins of `committed` expected on everything but column `skip` (-1: none)."""
        spent = 0.0
        for c, x in enumerate(committed):
            if c != skip:
                spent += x
        return spent

    # ------------------------------------------------------------------ demand

    def _demand(self, ctx: Ctx, me: int, legal: list[Action]) -> list[tuple[float, Action]]:
        st = ctx.st
        vals = self._values(ctx)
        pl = st.players[me]
        remaining = sum(p.vikings + (p.brown if not p.brown_done else 0) for p in st.players) - 1
        open_cols = sum(1 for c in range(RULES.columns) if st.spaces[c] is not None) or 1
        extra = min(2.0, self.params.extra_vikings * remaining / open_cols)
        scored: list[tuple[float, Action]] = []
        own_left = pl.vikings > 0
        committed = self._committed(ctx, vals, me, extra)
        # A new reservation's price, the same for every space, paid from the coins not
        # expected on my columns and row.
        res_price = reservation_price(st, me, remaining)
        res_coins = pl.coins - self._spent(committed, -1)
        for a in legal:
            if getattr(a, "brown", False) and own_left:
                continue   # brown vikings are placed after the player's own
            if isinstance(a, Place):
                c = a.column - 1
                owners = owners_of(st.columns[c])
                coins = pl.coins - self._spent(committed, c)
                L0 = len(owners) + extra
                before = self._column_util(ctx, vals, me, c, owners, L0, coins)
                after = self._column_util(ctx, vals, me, c, owners + [me], L0 + 1, coins)
                u = after - before + self._pump(ctx, vals, me, c, owners, L0 + 1)
            elif isinstance(a, Reserve):
                if res_coins >= res_price:
                    u = vals[(me, a.space - 1)] - res_price * ctx.coin_worth(me)
                else:
                    u = UNPAID_RESERVATION
                u = max(u, UNPAID_RESERVATION)
            elif isinstance(a, Done):
                u = 1.0  # stop placing brown vikings unless a placement is worth more
            else:
                continue  # any-phase cards are used in the unloading phase
            if self.noise:
                u += self._nudge(st.round, me, pl.vikings, a)
            scored.append((u, a))
        if not scored:
            return [(0.0, legal[0])]
        scored.sort(key=lambda x: -x[0])
        return scored

    # ------------------------------------------------------------------ purchase

    def _nudge(self, rnd: int, me: int, vikings: int, a: Action) -> float:
        """The noise added to a placement's value: drawn from the bot's generator, or, with a
        noise_key, a fixed nudge per (key, round, seat, vikings left, action)."""
        if self.noise_key is None:
            return self.rng.gauss(0.0, self.noise)
        return self.noise * _NOISE[hash((self.noise_key, rnd, me, vikings, a)) & _NOISE_MASK]

    def _purchase(self, ctx: Ctx, me: int, legal: list[Action]) -> list[tuple[float, Action]]:
        st = ctx.st
        pl = st.players[me]
        vals = self._values(ctx)
        coin_worth = ctx.coin_worth(me)
        if st.phase == Phase.PURCHASE:
            c = st.turn
            slot: int | tuple[str, int] = c
            owners = owners_of(st.columns[c])
            cont = self._column_util(ctx, vals, me, slot, owners, len(owners), pl.coins, 1)
        else:
            slot = ("r", 0)
            cont = 0.0
        price = price_due(st)
        v = vals[(me, slot)]
        later = self._later_options(ctx, vals, me)

        def best_later(coins: int) -> float:
            best = 0.0
            for k in range(len(later) + 1):
                for combo in itertools.combinations(later, k):
                    cost = sum(x[0] for x in combo)
                    if cost <= coins:
                        best = max(best, sum(x[1] for x in combo))
            return best

        scored: list[tuple[float, Action]] = []
        for a in legal:
            u = buy_or_pass(a, v, price, pl.coins, coin_worth, ctx.rounds_left, cont, best_later)
            if u is not None:
                scored.append((u, a))
        scored.sort(key=lambda x: -x[0])
        return scored

    def _later_options(self, ctx: Ctx, vals: _Values, me: int) -> list[tuple[int, float]]:
        """(price, expected gain) of cards later in this purchase phase I may get."""
        st = ctx.st
        out = []
        coin_worth = ctx.coin_worth(me)
        if st.phase == Phase.PURCHASE:
            for c in range(st.turn + 1, RULES.columns):
                owners = owners_of(st.columns[c])
                if me not in owners:
                    continue
                L = len(owners)
                reach = 1.0
                for j, o in enumerate(owners):
                    price = price_at(L, j)
                    if o == me:
                        gain = vals[(me, c)] - price * coin_worth
                        if gain > 0:
                            out.append((price, reach * gain))
                        break
                    reach *= 1.0 - self._p_buy(ctx, vals, o, c, price)
            # The reservation row comes afterwards; its price falls as cards are resolved.
            res = st.reservation
            for i, (_, code, _) in enumerate(res):
                if viking_owner(code) == me:
                    price = price_at(len(res), i)
                    gain = vals[(me, ("r", i))] - price * coin_worth
                    if gain > 0:
                        out.append((price, gain))
        else:
            res = st.reservation
            for i in range(1, len(res)):
                if viking_owner(res[i][1]) == me:
                    price = price_at(len(res), i)
                    gain = vals[(me, ("r", i))] - price * coin_worth
                    if gain > 0:
                        out.append((price, gain))
        return out[:8]

    # ------------------------------------------------------------------ unloading

    def _unloading(self, ctx: Ctx, me: int, legal: list[Action]) -> Action:
        st = ctx.st
        uses = [a for a in legal if isinstance(a, UseCard)]
        for a in uses:
            if self._want_use(ctx, me, a.card):
                return a
        h = holding_of(st, me)
        legal_set = set(legal)
        for step in plan_unload(ctx, me, h, want_steps=True).steps:
            if step in legal_set:
                return step
        return Done()

    def _want_use(self, ctx: Ctx, me: int, cid: str) -> bool:
        st = ctx.st
        eff = ctx.by_id[cid].effect
        last = ctx.rounds_left <= 0
        if eff == "trading_post":
            base = plan_unload(ctx, me, holding_of(st, me)).value
            best = max((self._place_value(ctx, me, g)[0] for g in range(N_GOODS) if st.common[g]),
                       default=base)
            return best - base > (0.05 if last else 1.2)
        if eff == "loki_theft":
            gain, _ = self._best_theft(ctx, me)
            return gain > (0.05 if last else 1.5)
        if eff == "workshop":
            gain, _ = self._best_workshop(ctx, me)
            return gain > (0.3 if last else 1.5)
        return False

    # value of receiving cube g that must be placed at once onto a card; best action
    def _place_value(self, ctx: Ctx, me: int, g: int,
                     h: Holding | None = None) -> tuple[float, Action]:
        st = ctx.st
        if h is None:
            h = holding_of(st, me)
        by_id = ctx.by_id
        base = plan_unload(ctx, me, h).value
        best: tuple[float, Action] = (base, Discard())
        wh_cap = warehouse_room(ctx, h.cards)
        sells = sells_now(st, me)   # merchants and prophecies: only in my unloading turn
        for cid in h.cards:
            card = by_id[cid]
            rules = TYPE_RULES[card.type]
            if not rules.cube_to:
                continue   # the card takes no cubes
            if rules.fields:   # a craftsman: a field of this good may be empty
                have = h.filled.get(cid, ())
                if g in missing_fields(card, have):
                    filled = dict(h.filled)
                    filled[cid] = tuple(sorted(have + (g,)))
                    h2 = Holding(h.cards, filled, h.hand, h.storage, h.warehouse, h.coins)
                    val = plan_unload(ctx, me, h2).value
                else:
                    val = -BIG
            elif sells and card.goods[0] == g:   # a merchant's or a prophecy's sale
                val = base + SALE_WORTH[card.type](ctx, me, card)
            else:
                continue
            if val > best[0] + 1e-9:
                best = (val, Assign(g, rules.cube_to, cid))
        if len(h.warehouse) < wh_cap:
            h2 = Holding(h.cards, h.filled, h.hand, h.storage, h.warehouse + [g], h.coins)
            val = plan_unload(ctx, me, h2).value
            if val > best[0] + 1e-9:
                best = (val, Assign(g, "warehouse"))
        return best

    def _best_theft(self, ctx: Ctx, me: int) -> tuple[float, Action | None]:
        st = ctx.st
        by_id = ctx.by_id
        base = plan_unload(ctx, me, holding_of(st, me)).value
        best: tuple[float, Action | None] = (0.0, None)
        for victim, cid, g in theft_targets(st, me):
            m = len(empty_fields(st, st.players[victim], cid))
            loss = by_id[cid].vp * (ctx.p_complete(m) - ctx.p_complete(m + 1))
            mine = self._place_value(ctx, me, g)[0] - base
            gain = mine + loss / max(1, ctx.n - 1)
            if gain > best[0]:
                best = (gain, Steal(victim, cid, g))
        return best

    def _best_workshop(self, ctx: Ctx, me: int) -> tuple[float, Action | None]:
        st = ctx.st
        h = holding_of(st, me)
        base = plan_unload(ctx, me, h).value
        best: tuple[float, Action | None] = (0.0, None)
        for cid, cubes in h.filled.items():
            if complete(st, st.players[me], cid):
                continue  # never break up a complete craftsman
            for g in sorted(set(cubes)):
                filled = dict(h.filled)
                rest = list(cubes)
                rest.remove(g)
                filled[cid] = tuple(rest)
                h2 = Holding(h.cards, filled, h.hand, h.storage, h.warehouse, h.coins)
                val, _ = self._place_value(ctx, me, g, h2)
                if val - base > best[0]:
                    best = (val - base, TakeOff(cid, g))
        return best

    # ------------------------------------------------------------------ pending decisions

    def _pending(self, ctx: Ctx, me: int, legal: list[Action]) -> Action:
        """The answer to the decision on top of the pending stack, by its kind (DECISIONS);
        the first option for a kind the table does not know."""
        decision = ctx.st.pending[-1]
        answer = DECISIONS.get(decision.kind)
        return legal[0] if answer is None else answer(self, ctx, me, decision, legal)

    def _take_cube(self, ctx: Ctx, me: int, d: TakeCube, legal: list[Action]) -> Action:
        """Trading post: the good whose cube adds most where it must go at once."""
        best = None
        for a in legal:
            if isinstance(a, Take):
                val = self._place_value(ctx, me, a.good)[0]
                if best is None or val > best[0]:
                    best = (val, a)
        return best[1] if best else legal[0]

    def _place_cube(self, ctx: Ctx, me: int, d: PlaceCube, legal: list[Action]) -> Action:
        _, a = self._place_value(ctx, me, d.good)
        return a if a in legal else Discard()

    def _workshop(self, ctx: Ctx, me: int, d: WorkshopTakeOff, legal: list[Action]) -> Action:
        gain, a = self._best_workshop(ctx, me)
        return a if a is not None and gain > 0.3 and a in legal else Decline()

    def _theft(self, ctx: Ctx, me: int, d: Theft, legal: list[Action]) -> Action:
        _, a = self._best_theft(ctx, me)
        if a is not None and a in legal:
            return a
        return next(x for x in legal if isinstance(x, Steal))

    def _glory(self, ctx: Ctx, me: int, d: GloryChoice, legal: list[Action]) -> Action:
        """Glory now on a big gain, the last attack's or one no later attack beats."""
        later = [a.gain for a in ctx.attacks]
        use = d.value >= 3 or not later or max(later) <= d.value or ctx.rounds_left <= 1
        return UseCard(d.card) if use and UseCard(d.card) in legal else Decline()

    def _danegeld(self, ctx: Ctx, me: int, d: DanegeldChoice, legal: list[Action]) -> Action:
        """Danegeld when the VP the attack takes are worth more than its coins."""
        use = d.value > DANEGELD_COINS * ctx.coin_worth(me)
        return UseCard(d.card) if use and UseCard(d.card) in legal else Decline()

    def _trickery_choice(self, ctx: Ctx, me: int, d: Trickery, legal: list[Action]) -> Action:
        return self._trickery(ctx, me, legal)

    def _trickery(self, ctx: Ctx, me: int, legal: list[Action]) -> Action:
        st = ctx.st
        vals = self._values(ctx)
        pl = st.players[me]

        def total(columns) -> float:
            out = 0.0
            for c in range(RULES.columns):
                if not columns[c]:
                    continue
                owners = owners_of(columns[c])
                if me in owners:
                    out += self._column_util(ctx, vals, me, c, owners, len(owners), pl.coins)
            return out

        base = total(st.columns)
        best: tuple[float, Action] = (1.0, Decline())
        for a in legal:
            if not isinstance(a, Swap) or RESERVATION_ROW in (a.column_a, a.column_b):
                continue  # this heuristic weighs demand columns only
            cols = list(st.columns)
            ca, cb = a.column_a - 1, a.column_b - 1
            va, vb = cols[ca][a.position_a], cols[cb][a.position_b]
            if viking_owner(va) != me and viking_owner(vb) != me:
                continue
            col = list(cols[ca])
            col[a.position_a] = vb
            cols[ca] = tuple(col)
            col = list(cols[cb])
            col[a.position_b] = va
            cols[cb] = tuple(col)
            gain = total(cols) - base
            if gain > best[0]:
                best = (gain, a)
        return best[1]


# The normal bot's answer to each kind of pending decision, by the decision's kind.
DECISIONS: dict[str, Callable[..., Action]] = {
    TakeCube.kind: NormalBot._take_cube,
    PlaceCube.kind: NormalBot._place_cube,
    WorkshopTakeOff.kind: NormalBot._workshop,
    Theft.kind: NormalBot._theft,
    GloryChoice.kind: NormalBot._glory,
    DanegeldChoice.kind: NormalBot._danegeld,
    Trickery.kind: NormalBot._trickery_choice,
}


# what selling one cube on a card that sells its good is worth now, by the card's type
SALE_WORTH: dict[CardType, Callable[[Ctx, int, Card], float]] = {
    CardType.MERCHANT: lambda ctx, me, card: card.coins_per_good * ctx.coin_worth(me),
    CardType.PROPHECY: lambda ctx, me, card: PROPHECY_VP,
}


class _Values(dict):
    """A lazily filled {(player, slot): card value} table."""

    def __init__(self, ctx: Ctx):
        super().__init__()
        self.ctx = ctx
        self.base: dict[int, tuple[float, float]] = {}
        self.pbuy: dict[tuple, float] = {}

    def __missing__(self, key):
        q, slot = key
        ctx = self.ctx
        st = ctx.st
        b = self.base.get(q)
        if b is None:
            b = self.base[q] = base_values(ctx, q)
        if isinstance(slot, tuple):
            cid, _, goods = st.reservation[slot[1]]
        else:
            cid, goods = st.spaces[slot], st.space_goods[slot]
        v = self[key] = card_value(ctx, q, cid, goods, b)
        return v
