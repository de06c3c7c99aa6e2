"""The play-out policy (`rollout`): the heuristic bot's decisions on card values that cost a
few microseconds instead of a planner run.

Everything that judges a move — the search bots `hard` and `expert`, the hints and the review
(:mod:`jorvik.review`) — plays games out to their end many times; :func:`rollout_policy` is
the one place they get the policy that plays those games. It is :class:`RolloutBot`: the
`normal` bot's price ladder, purchase knapsack, unloading planner and small decisions
(:mod:`jorvik.bots.normal_bot`), with one thing changed — what a card on the board is worth
to a player. `normal` asks ``player_value`` with the card and without it (the unloading
planner, the attacks, every effect: some 50 µs a card, and the demand and purchase phases
need dozens of cards a decision); here each player's holding is read once into a
:class:`Seat` (cubes by good, what the craftsmen still miss, defence, cards by type), and a
card's worth is read off it by its type:

* a craftsman: its VP times the chance of completing it (``Ctx.p_complete``) with the fields
  the player's spare cubes do not cover;
* a ship: each cube at its best use for the player — the field of a craftsman it advances
  (the rise in that craftsman's expected VP), a merchant's coins, a prophecy's VP, keeping it,
  or half a coin sold;
* a merchant / prophecy: as ``player_value`` counts them (VP, a share of the cubes still to
  come), plus the spare cubes of its good the player holds;
* a warrior (and a defence bonus): the change in ``Ctx.attack_value``; a feast: the step up
  the feast table; a journey: its VP;
* an effect: ``heuristics.EFFECT_VALUES``, as ``player_value`` counts it; a card that leaves
  at once (Treasure hoard, Loki's tribute): the coins the engine pays for it.

A player's seat and the card values read from it are kept while the round, the deck and the
player's cards, cubes and coins are unchanged (the values are a function of those alone, so
the same state gets the same decision whatever was played before). Noise, keyed noise and
knobs as in :class:`~jorvik.bots.normal_bot.NormalBot`.
"""

from __future__ import annotations

from collections import Counter

from jorvik.engine import (
    PROPHECY_VP, Action, Buy, Done, GameState, Pass, Place, Reserve, UseCard, defence,
    empty_fields, feast_vp, legal_actions, price_due, viking_owner,
)
from jorvik.engine.effects import EFFECTS

from .heuristics import EFFECT_VALUES, N_GOODS, Ctx, Owned, Params, holding_of, plan_unload
from .normal_bot import (
    _NOISE, _NOISE_MASK, UNPAID_RESERVATION, NormalBot, _later_reservations,
)



class Seat:
    """What one player holds, read once for the card values (see the module docstring)."""

    __slots__ = ("ctx", "st", "round", "player", "p", "coin_worth", "keep_worth", "spare", "crafts", "missing",
                 "merchants", "prophecies", "counts", "journeys", "warriors", "defence",
                 "owned", "values")

    def __init__(self, ctx: Ctx, st: GameState, p: int):
        pl = st.players[p]
        by_id = ctx.by_id
        self.ctx = ctx
        self.st = st
        self.round = st.round
        self.player = pl
        self.p = p
        self.coin_worth = ctx.coin_worth(p)
        self.keep_worth = ctx.keep_worth(p)
        spare = [0] * N_GOODS   # the player's cubes no craftsman of theirs needs
        for cubes in (pl.hand, pl.ship_goods, pl.storage, pl.warehouse):
            for g in cubes:
                spare[g] += 1
        crafts: list[tuple[int, list[int]]] = []   # (VP, goods the spare cubes do not cover)
        merchants: dict[int, int] = {}
        prophecies: set[int] = set()
        counts: Counter = Counter()
        journeys: list[int] = []
        warriors: list[int] = []
        for cid in pl.cards + pl.loading:
            card = by_id[cid]
            t = card.type
            counts[t] += 1
            if t == "craftsman":
                short = []
                for g in empty_fields(st, pl, cid):
                    if spare[g]:
                        spare[g] -= 1
                    else:
                        short.append(g)
                crafts.append((card.vp, short))
            elif t == "merchant":
                g = card.goods[0]
                merchants[g] = max(merchants.get(g, 0), card.coins_per_good)
            elif t == "prophecy":
                prophecies.add(card.goods[0])
            elif t == "journey":
                journeys.append(card.vp)
            elif t == "warrior":
                warriors.append(card.defence)
        self.spare = spare
        self.crafts = crafts
        self.missing = sum(len(short) for _, short in crafts)
        self.merchants = merchants
        self.prophecies = prophecies
        self.counts = counts
        self.journeys = journeys
        self.warriors = warriors
        self.defence = defence(st, p) + sum(by_id[c].defence for c in pl.loading
                                            if by_id[c].type == "warrior")
        self.owned = Owned(ctx, p, pl, (), counts, journeys, pl.coins)
        self.values: dict[tuple[str, tuple[int, ...]], float] = {}

    # ------------------------------------------------------------------ a card's worth

    def value(self, cid: str, goods: tuple[int, ...]) -> float:
        """What card `cid` (with the ship cubes `goods` on it) adds to this player."""
        key = (cid, goods)
        v = self.values.get(key)
        if v is None:
            v = self.values[key] = self._value(cid, goods)
        return v

    def _value(self, cid: str, goods: tuple[int, ...]) -> float:
        ctx = self.ctx
        card = ctx.by_id[cid]
        t = card.type
        effect = EFFECTS[card.effect] if card.effect else None
        if effect is not None and effect.leaves_at_unloading():
            bought = self.st.copy()   # the coins the engine pays when it is bought
            effect.on_buy(bought, self.p, [])
            return (bought.players[self.p].coins - self.st.players[self.p].coins) * self.coin_worth
        v = 0.0
        if t == "craftsman":
            short = 0
            spare = self.spare[:]
            for g in card.goods:
                if spare[g]:
                    spare[g] -= 1
                else:
                    short += 1
            v = card.vp * self._p_complete(short, self.missing + short)
        elif t == "ship":
            v = self._cubes_value(goods)
        elif t == "merchant":
            g = card.goods[0]
            pr = ctx.params
            mine = ctx.future[g] / ctx.n * pr.merchant_share
            v = (card.vp + mine * card.coins_per_good * self.coin_worth * 0.8
                 + self.spare[g] * max(0.0, card.coins_per_good * self.coin_worth
                                       - self._kept(g)))
        elif t == "prophecy":
            g = card.goods[0]
            mine = ctx.future[g] / ctx.n * ctx.params.merchant_share
            v = mine * PROPHECY_VP + self.spare[g] * max(0.0, PROPHECY_VP - self._kept(g))
        elif t == "journey":
            v = card.vp
        elif t == "feast":
            f = self.counts["feast"]
            v = feast_vp(f + 1) - feast_vp(f)
            if ctx.feasts_left:
                v += 0.15 * (feast_vp(f + 2) - feast_vp(f + 1))
        elif t == "warrior":
            dp = self.defence + card.defence
            v = ctx.attack_value(self.p, dp) - ctx.attack_value(self.p, self.defence)
        if effect is not None:
            worth = EFFECT_VALUES.get(card.effect)
            if worth is not None:
                v += worth(self.owned._replace(new_cards=(cid,)))
            bonus = effect.defence_bonus(self.warriors)
            if bonus:
                v += (ctx.attack_value(self.p, self.defence + bonus)
                      - ctx.attack_value(self.p, self.defence))
        return v

    def _p_complete(self, short: int, missing: int) -> float:
        """A craftsman's chance of completion with `short` fields to fill, `missing` in all."""
        return self.ctx.p_complete(short + self.ctx.params.share * (missing - short))

    def _kept(self, g: int) -> float:
        """A cube of good g kept or sold two for a coin: its worth when nothing better offers."""
        return max(self.keep_worth[g], 0.5 * self.coin_worth)

    def _cubes_value(self, goods: tuple[int, ...]) -> float:
        """Ship cubes at their best use each: a craftsman's field (the rise in its expected
        VP), a merchant's coins, a prophecy's VP, kept, or sold."""
        shorts = [(vp, Counter(short)) for vp, short in self.crafts if short]
        missing = self.missing
        total = 0.0
        for g in goods:
            best = self._kept(g)
            if g in self.merchants:
                best = max(best, self.merchants[g] * self.coin_worth)
            if g in self.prophecies:
                best = max(best, float(PROPHECY_VP))
            fill = None
            for i, (vp, short) in enumerate(shorts):
                m = sum(short.values())
                if short[g]:
                    gain = vp * (self._p_complete(m - 1, missing - 1)
                                 - self._p_complete(m, missing))
                    if gain > best:
                        best, fill = gain, i
            if fill is not None:
                shorts[fill][1][g] -= 1
                missing -= 1
            total += best
        return total


class _Line:
    """The seats read in one line of play while its deck is unchanged: one round of one game
    or play-out (the supply draws from the deck, so a new round is a new line). Every bot on
    the same line shares it (bots in seats of one game, the one bot of a play-out)."""

    __slots__ = ("deck", "params", "ctx", "seats", "last")

    def __init__(self, st: GameState, params: Params):
        self.deck = st.deck   # held, so the identity check in line_of stays sound
        self.params = params
        self.ctx = Ctx(st, params)   # the round's public facts, as its first decision saw them
        self.seats: dict[tuple, Seat] = {}
        self.last: dict[int, Seat] = {}   # player -> the seat last read for them


_LINES: dict[tuple[int, int], _Line] = {}
LINES = 32   # lines kept, the least recently used dropped first
_recent: list[tuple[int, int]] = [(0, 0)]   # the key of the line last asked for


def line_of(st: GameState, params: Params) -> _Line:
    """The line `st` is on, for bots with `params`."""
    line = _LINES.get(_recent[0])
    if (line is not None and line.deck is st.deck and line.params is params
            and line.ctx.st.round == st.round):
        return line   # the line of the last call (nearly every call)
    key = _recent[0] = (id(st.deck), id(params))
    line = _LINES.get(key)
    if line is None or line.deck is not st.deck or line.params is not params \
            or line.ctx.st.round != st.round:
        line = _Line(st, params)
        if len(_LINES) >= LINES:
            _LINES.pop(next(iter(_LINES)), None)
    else:
        _LINES.pop(key, None)
    _LINES[key] = line   # last: the most recently used
    return line


class RolloutBot(NormalBot):
    """The play-out policy (the module docstring says how it decides)."""

    name = "rollout"

    def __init__(self, seed: int | None = None, params: Params | None = None,
                 noise: float = 0.0, **_: object):
        super().__init__(seed, params, noise)
        # the state of the last unloading step played and the plan's steps after it
        self._plan_rest: tuple[GameState, list[Action]] | None = None

    def set_params(self, params: Params) -> None:
        if params is not self.params:
            super().set_params(params)
            self._plan_rest = None

    # ------------------------------------------------------------------ entry

    def choose(self, st: GameState) -> Action:
        legal = legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        if not st.pending:
            if st.phase == "demand":
                return self._place(st, legal)
            if st.phase in ("purchase", "reservation"):
                return self._buy(st, legal)
            if st.phase == "unloading":
                return self._unload(st, legal)
        return super().choose(st)   # the small decisions: the normal bot's

    # ------------------------------------------------------------------ unloading

    def _unload(self, st: GameState, legal: list[Action]) -> Action:
        """The normal bot's unloading (a card use when it adds clearly, else the planner's next
        step), planned once a turn: the rest of the plan is played on while its next step is
        legal, as long as the state is the one the last step led to (the same round, deck and
        turn, every other player's record the very same object: the engine copies only the
        record an action changes)."""
        me = st.turn
        rest = None
        memo = self._plan_rest
        if memo is not None:
            prev, steps = memo
            if (prev.turn == me and prev.round == st.round and prev.deck is st.deck
                    and prev.info == st.info and prev.players[me] is not st.players[me]
                    and all(a is b or q == me
                            for q, (a, b) in enumerate(zip(prev.players, st.players)))):
                rest = steps
        if rest is None:
            ctx = Ctx(st, self.params)
            for a in legal:
                if isinstance(a, UseCard) and self._want_use(ctx, me, a.card):
                    self._plan_rest = None
                    return a
            rest = plan_unload(ctx, me, holding_of(st, me), want_steps=True).steps
        listed = {a: a for a in legal}   # hand back the engine's own objects
        for i, a in enumerate(rest):
            got = listed.get(a)
            if got is not None:
                self._plan_rest = (st, rest[i + 1:])
                return got
        self._plan_rest = None
        return listed.get(Done(), legal[-1])

    # ------------------------------------------------------------------ seats

    def seat(self, st: GameState, p: int) -> Seat:
        """Player p's seat in `st`: the last one read for them on this line while their player
        record is the same object (the engine copies a record only when it changes), else the
        line's seat for their holding, else read now."""
        line = line_of(st, self.params)
        pl = st.players[p]
        got = line.last.get(p)
        if got is not None and got.player is pl:
            return got
        key = (p, pl.cards, pl.loading, pl.hand, pl.ship_goods, pl.storage, pl.warehouse,
               tuple(pl.filled.items()))
        got = line.seats.get(key)
        if got is None:
            got = line.seats[key] = Seat(line.ctx, st, p)
        got.player = pl
        line.last[p] = got
        return got

    # ------------------------------------------------------------------ price ladder

    def _ladder(self, st: GameState, seats: "_Seats", me: int, cid: str, goods: tuple,
                owners: list[int], length: float, coins: float, first: int = 0) -> float:
        """My expected gain from a column whose vikings (top first) belong to `owners`, when
        `length` vikings stand in it at purchase time, from the viking at `first` on: the
        normal bot's ladder (each viking pays one less than the one above, and gets its chance
        only when all above pass; I buy, or pass on to a lower viking of mine, whichever gains
        more), worked from the bottom up. `seats`: every player's seat."""
        pr = self.params
        mine = seats[me]
        gain = 0.0   # what the vikings below the current one bring me
        for j in range(len(owners) - 1, first - 1, -1):
            o = owners[j]
            price = length - j
            if o == me:
                if coins >= price - 1e-9:
                    gain = max(mine.value(cid, goods) - price * mine.coin_worth, gain)
            elif gain > 0.0 and st.players[o].coins >= price:
                seat = seats[o]
                x = ((seat.value(cid, goods) - int(round(price)) * seat.coin_worth
                      - pr.pbuy_margin) / pr.pbuy_scale)
                # the chance o buys: the normal bot's sigmoid as a clipped straight line
                gain *= 1.0 if x <= -2.0 else 0.0 if x >= 2.0 else 0.5 - 0.25 * x
        return gain

    # ------------------------------------------------------------------ demand

    def _place(self, st: GameState, legal: list[Action]) -> Action:
        me = st.turn
        pl = st.players[me]
        seats = _Seats(self, st)
        seat = seats[me]
        cw = seat.coin_worth
        remaining = sum(p.vikings + (p.brown if not p.brown_done else 0) for p in st.players) - 1
        open_cols = sum(1 for c in range(6) if st.spaces[c] is not None) or 1
        extra = min(2.0, self.params.extra_vikings * remaining / open_cols)
        # the columns' vikings by owner, and the coins I expect to spend on the columns where
        # I stand (by column) and on the reservation row
        owners_of = [[viking_owner(v) for v in col] for col in st.columns]
        spend = [0.0] * 6
        for c, owners in enumerate(owners_of):
            if me in owners:
                price = len(owners) + extra - owners.index(me)
                if seat.value(st.spaces[c], st.space_goods[c]) > price * cw:
                    spend[c] = price
        res = st.reservation
        mine_res = [len(res) - i for i, (_, code, _) in enumerate(res) if viking_owner(code) == me]
        committed = sum(spend) + sum(mine_res)
        res_price = 1.0 + _later_reservations(st, remaining) + len(mine_res)
        own_left = pl.vikings > 0
        best: tuple[float, Action] | None = None
        for a in legal:
            kind = type(a)
            if kind is Place:
                if a.brown and own_left:
                    continue   # brown vikings are placed after the player's own
                c = a.column - 1
                cid, goods = st.spaces[c], st.space_goods[c]
                owners = owners_of[c]
                L0 = len(owners) + extra
                if me in owners:
                    coins = pl.coins - (committed - spend[c])
                    u = (self._ladder(st, seats, me, cid, goods, owners + [me], L0 + 1, coins)
                         - self._ladder(st, seats, me, cid, goods, owners, L0, coins))
                elif seat.value(cid, goods) > (1.0 + extra) * cw:
                    u = self._ladder(st, seats, me, cid, goods, owners + [me], L0 + 1,
                                     pl.coins - committed)
                else:
                    u = 0.0   # not worth it even at the bottom of the column
            elif kind is Reserve:
                if a.brown and own_left:
                    continue
                if pl.coins - committed >= res_price:
                    s = a.space - 1
                    u = max(seat.value(st.spaces[s], st.space_goods[s]) - res_price * cw,
                            UNPAID_RESERVATION)
                else:
                    u = UNPAID_RESERVATION
            elif kind is Done:
                u = 1.0   # stop placing brown vikings unless a placement is worth more
            else:
                continue  # any-phase cards are used in the unloading phase
            if self.noise:
                if self.noise_key is None:
                    u += self.rng.gauss(0.0, self.noise)
                else:
                    u += self.noise * _NOISE[hash((self.noise_key, st.round, me, pl.vikings,
                                                   a)) & _NOISE_MASK]
            if best is None or u > best[0]:
                best = (u, a)
        return legal[0] if best is None else best[1]

    # ------------------------------------------------------------------ purchase

    def _buy(self, st: GameState, legal: list[Action]) -> Action:
        if st.phase == "purchase":
            c = st.turn
            cid, goods = st.spaces[c], st.space_goods[c]
            owners = [viking_owner(v) for v in st.columns[c]]
            me = owners[0]
        else:
            cid, code, goods = st.reservation[0]
            me = viking_owner(code)
            owners = []
        pl = st.players[me]
        seats = _Seats(self, st)
        seat = seats[me]
        cw = seat.coin_worth
        v = seat.value(cid, goods)
        cont = self._ladder(st, seats, me, cid, goods, owners, len(owners), pl.coins, 1)
        price = price_due(st)
        later = self._later(st, seats, me)

        def best_later(coins: int) -> float:
            """The most I expect from my later cards with `coins` (greedy, best first)."""
            out = 0.0
            for cost, gain in later:
                if cost <= coins:
                    coins -= cost
                    out += gain
            return out

        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Buy):
                if a.hall:
                    u = v - (2.2 * cw if seat.ctx.rounds_left > 0 else 0.0) + best_later(pl.coins)
                else:
                    u = v - price * cw + best_later(pl.coins - price)
            elif isinstance(a, Pass):
                u = max(cont, 0.0) + best_later(pl.coins)
            else:
                continue
            if best is None or u > best[0]:
                best = (u, a)
        return legal[0] if best is None else best[1]

    def _later(self, st: GameState, seats: "_Seats", me: int) -> list[tuple[int, float]]:
        """(price, expected gain) of cards later in this purchase phase I may get, the best
        gain per coin first."""
        out = []
        res = st.reservation
        first = 1
        if st.phase == "purchase":
            first = 0
            for c in range(st.turn + 1, 6):
                col = st.columns[c]
                if not any(viking_owner(x) == me for x in col):
                    continue
                cid, goods = st.spaces[c], st.space_goods[c]
                owners = [viking_owner(x) for x in col]
                j = owners.index(me)
                L = len(owners)
                gain = self._ladder(st, seats, me, cid, goods, owners[:j + 1], L, L)
                if gain > 0:
                    out.append((L - j, gain))
        for i in range(first, len(res)):
            cid, code, goods = res[i]
            if viking_owner(code) == me:
                price = len(res) - i
                gain = seats[me].value(cid, goods) - price * seats[me].coin_worth
                if gain > 0:
                    out.append((price, gain))
        out.sort(key=lambda x: -x[1] / x[0])
        return out


class _Seats(list):
    """Every player's seat in one state, each read when first asked for."""

    def __init__(self, bot: RolloutBot, st: GameState):
        super().__init__([None] * st.n)
        self.bot = bot
        self.st = st

    def __getitem__(self, p: int) -> Seat:
        got = list.__getitem__(self, p)
        if got is None:
            got = self.bot.seat(self.st, p)
            self[p] = got
        return got


def rollout_policy(seed: int | None = None, params: Params | None = None,
                   noise: float = 0.0) -> RolloutBot:
    """The policy every play-out that judges a move uses (search, hints, review)."""
    return RolloutBot(seed, params=params, noise=noise)
