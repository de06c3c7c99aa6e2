"""The play-out policy (`rollout`): the heuristic bot's decisions on card values read off a
player's holding in microseconds instead of a planner run per card.

Everything that judges a move — the search bots `hard` and `expert`, the hints and the review
(:mod:`jorvik.review`) — plays games out many times. :func:`playout_policy` is the one place
the search bots get the policy that plays them (still the normal bot: its docstring says
why); :func:`rollout_policy` is this cheaper one, :class:`RolloutBot`: the `normal` bot's price
ladder (its sigmoid chance that a rival buys, the pump), its purchase rule, its unloading
planner and its small decisions (:mod:`jorvik.bots.policy.normal`), with what a card on offer is
worth to a player computed differently. `normal` asks ``player_value`` with the card and
without it (the unloading planner, the attacks, every effect: some 50 µs a card, dozens of
cards a decision); here each player's holding is read once a round into a :class:`Seat`
(spare cubes by good, what each craftsman still lacks, defence, cards by type, effect cards),
and a card's worth is read off it by its type:

* a craftsman: its expected VP (``Ctx.p_complete``) with the spare cubes on it (their worth
  kept or sold given up) or without them, whichever is more, less what its empty fields take
  from the player's other craftsmen's chances;
* a ship: its cubes as the planner would use them, roughly — the craftsmen they complete
  (with a 3-for-1 trade, 2-for-1 at the Harbour market, when one good lacks), then each cube
  at its best use (a craftsman's field, a merchant's coins, a prophecy's VP), trades for a
  field still lacking, the storage space and the Warehouse, two for a coin;
* a merchant / prophecy: as ``player_value`` counts them (VP, a share of the cubes still to
  come), plus the spare cubes of its good;
* a warrior (and a defence bonus): the change in ``Ctx.attack_value``; a feast: the step up
  the feast table; a journey: its VP; one more card of a type for the skalds and the saga
  teller the player holds; an effect: ``knowledge.EFFECT_VALUES``; a card that leaves at
  once (Treasure hoard, Loki's tribute): the coins the engine pays for it.

These values come close to ``card_value`` (tests/bots/test_rollout.py) and the policy mostly
makes the normal bot's choice; bench/rollout.py measures its speed and strength (figures:
bench/results/rollout-2026-12-04.txt).

Caches. A seat is kept for the round by the player's holding and every player's defence; the
public facts it reads (the deck's and the bag's contents, the cards on offer) are those of
the first state of the round met with these defences, and a round's seats are shared by every
line of play with the same facts, so the rollouts of one search share them. Within a round
the cards bought by others change a seat only through the defences, so the estimate of the
cards still to come is not refreshed for each purchase. An unloading turn is planned once:
the plan's next step is played while the state is the one the last step led to. The caches
are found by what the states hold, so the same seeds give the same games (a game played
alone and one played interleaved with another come out the same: tests/bots/test_rollout.py).
Noise, keyed noise and knobs as in :class:`~jorvik.bots.policy.normal.NormalBot`.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from jorvik.engine import (
    PROPHECY_VP,
    RULES,
    WAREHOUSE_VP,
    Action,
    Done,
    GameState,
    Harbour,
    Phase,
    Place,
    Reserve,
    Trade,
    UseCard,
    empty_fields,
    feast_vp,
    holds,
    legal_actions,
    price_at,
    price_due,
    viking_owner,
)
from jorvik.engine.effects import EFFECTS
from jorvik.engine.kinds import CardType

from ..knowledge import (
    EFFECT_VALUES,
    N_GOODS,
    Ctx,
    Owned,
    Params,
    arrived_defences,
    holding_of,
    plan_unload,
    sigmoid,
    warehouse_room,
)
from ..knowledge.ladder import expected_price, reservation_price
from ..knowledge.ladder import owners as column_owners
from .normal import UNPAID_RESERVATION, NormalBot, buy_or_pass


class Seat:
    """What one player holds, read once for the card values (see the module docstring)."""

    __slots__ = (
        "board",
        "buys",
        "coin_worth",
        "counts",
        "crafts",
        "ctx",
        "defence",
        "effects",
        "journeys",
        "keep_worth",
        "merchants",
        "missing",
        "on_warehouse",
        "others",
        "owned",
        "p",
        "player",
        "prophecies",
        "room",
        "round",
        "spare",
        "st",
        "storage_free",
        "trade_cubes",
        "type_gain",
        "values",
        "warriors",
    )
    board: tuple    # every player's loading area when the seat was last handed out
    player: object  # the player record it was last handed out for (RolloutBot.seat)

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
            if t == CardType.CRAFTSMAN:
                short = []
                for g in empty_fields(st, pl, cid):
                    if spare[g]:
                        spare[g] -= 1
                    else:
                        short.append(g)
                crafts.append((card.vp, short))
            elif t == CardType.MERCHANT:
                g = card.goods[0]
                merchants[g] = max(merchants.get(g, 0), card.coins_per_good)
            elif t == CardType.PROPHECY:
                prophecies.add(card.goods[0])
            elif t == CardType.JOURNEY:
                journeys.append(card.vp)
            elif t == CardType.WARRIOR:
                warriors.append(card.defence)
        self.spare = spare
        self.on_warehouse = [pl.warehouse.count(g) for g in range(N_GOODS)]
        # room to keep unloaded cubes: the storage space if empty, the Warehouse's free spaces
        self.storage_free = 0 if pl.storage else 1
        self.trade_cubes = Harbour.cubes if holds(st, pl, "harbour_market") else Trade.cubes
        self.room = self.storage_free + max(0, warehouse_room(ctx, pl.cards) - len(pl.warehouse))
        self.crafts = crafts
        self.missing = sum(len(short) for _, short in crafts)
        self.merchants = merchants
        self.prophecies = prophecies
        self.counts = counts
        self.journeys = journeys
        self.warriors = warriors
        self.defence = ctx.defs[p]
        self.owned = Owned(ctx, p, pl, (), counts, journeys, pl.coins)
        self.values: dict[tuple[str, tuple[int, ...]], float] = {}
        # the player's effect cards, and what one more card of a type adds to them
        self.effects = [by_id[c].effect for c in pl.cards + pl.loading if by_id[c].effect]
        self.type_gain: dict[tuple[str, int], float] = {}
        self.buys: dict[tuple, float] = {}
        self.others: dict[int, float] = {}

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
        if t == CardType.CRAFTSMAN:
            # its expected VP with the spare cubes on it (their worth kept or sold given up:
            # the engine takes a good from the ship and storage before the Warehouse, where a
            # cube is also worth a VP at the end) or without them, whichever is more, less what
            # its empty fields take from the other craftsmen's chances
            v = max(self._craftsman_value(card.vp, card.goods, True),
                    self._craftsman_value(card.vp, card.goods, False))
        elif t == CardType.SHIP:
            v = self._cubes_value(goods)
        elif t == CardType.MERCHANT:
            g = card.goods[0]
            pr = ctx.params
            mine = ctx.future[g] / ctx.n * pr.merchant_share
            v = (card.vp + mine * card.coins_per_good * self.coin_worth * 0.8
                 + self.spare[g] * max(0.0, card.coins_per_good * self.coin_worth
                                       - self._kept(g)))
        elif t == CardType.PROPHECY:
            g = card.goods[0]
            mine = ctx.future[g] / ctx.n * ctx.params.merchant_share
            v = mine * PROPHECY_VP + self.spare[g] * max(0.0, PROPHECY_VP - self._kept(g))
        elif t == CardType.JOURNEY:
            v = card.vp
        elif t == CardType.FEAST:
            f = self.counts[CardType.FEAST]
            v = feast_vp(f + 1) - feast_vp(f)
            if ctx.feasts_left:
                v += 0.15 * (feast_vp(f + 2) - feast_vp(f + 1))
        elif t == CardType.WARRIOR:
            dp = self.defence + card.defence
            v = ctx.attack_value(self.p, dp) - ctx.attack_value(self.p, self.defence)
        if self.effects:
            v += self._held_effects_gain(t, card.vp)
        if effect is not None:
            worth = EFFECT_VALUES.get(card.effect)
            if worth is not None:
                v += worth(self.owned._replace(new_cards=(cid,)))
            bonus = effect.defence_bonus(self.warriors)
            if bonus:
                v += (ctx.attack_value(self.p, self.defence + bonus)
                      - ctx.attack_value(self.p, self.defence))
        return v

    def chance_buys(self, cid: str, goods: tuple[int, ...], price: int) -> float:
        """The chance this player buys `cid` at `price` when it comes to them (the normal
        bot's sigmoid of their gain over the price)."""
        key = (cid, goods, price)
        got = self.buys.get(key)
        if got is None:
            pr = self.ctx.params
            got = self.buys[key] = sigmoid(
                (self.value(cid, goods) - price * self.coin_worth - pr.pbuy_margin)
                / pr.pbuy_scale)
        return got

    def _craftsman_value(self, vp: int, goods: tuple[int, ...], use_spare: bool) -> float:
        v = 0.0
        short = 0
        spare = self.spare[:]
        for g in goods:
            if use_spare and spare[g]:
                from_wh = spare[g] <= self.on_warehouse[g]
                spare[g] -= 1
                v -= (max(0.5 * self.coin_worth, self.keep_worth[g] + 1.0) if from_wh
                      else self._kept(g))
            else:
                short += 1
        missing = self.missing + short
        return v + self._expected(vp, short, missing) - self._others(self.missing) \
            + self._others(missing)

    def _others(self, missing: int) -> float:
        """The expected VP of the player's craftsmen when `missing` fields are empty in all
        (a complete craftsman's VP are safe)."""
        got = self.others.get(missing)
        if got is None:
            got = self.others[missing] = sum(self._expected(vp, len(need), missing)
                                             for vp, need in self.crafts)
        return got

    def _held_effects_gain(self, card_type: str, vp: int) -> float:
        """What one more card of `card_type` (a journey: of `vp`) adds to the effect cards the
        player holds (a skald of that type, the saga teller), as ``player_value`` counts them."""
        key = (card_type, vp if card_type == CardType.JOURNEY else 0)
        got = self.type_gain.get(key)
        if got is None:
            counts = self.counts.copy()
            counts[card_type] += 1
            journeys = self.journeys + [vp] if card_type == CardType.JOURNEY else self.journeys
            more = self.owned._replace(counts=counts, journeys=journeys)
            got = 0.0
            for eff in self.effects:
                worth = EFFECT_VALUES.get(eff)
                if worth is not None:
                    got += worth(more) - worth(self.owned)
            self.type_gain[key] = got
        return got

    def _expected(self, vp: int, short: int, missing: int) -> float:
        """A craftsman's expected VP with `short` fields to fill, `missing` in all the
        player's craftsmen (the normal bot's completion chance)."""
        if short == 0:
            return float(vp)
        return vp * self.ctx.p_complete(short + self.ctx.params.share * (missing - short))

    def _kept(self, g: int) -> float:
        """A cube of good g kept or sold two for a coin: its worth when nothing better offers."""
        return max(self.keep_worth[g], 0.5 * self.coin_worth)

    def _cubes_value(self, goods: tuple[int, ...]) -> float:
        """Ship cubes (unloaded this round) as the planner would use them, roughly: first the
        craftsmen they complete (most VP first; one with a single good lacking through a
        trade of spare cubes, three or at the Harbour market two), then each cube at its best
        use — a craftsman's field (the rise in its expected VP), a merchant's coins or a
        prophecy's VP; the rest traded for a field a craftsman lacks while that gains, kept
        while there is room (the storage space if free, the Warehouse) and sold two for a
        coin (:class:`_ShipCubes`, one step each)."""
        ship = _ShipCubes(self, goods)
        ship.complete(trade=False)
        ship.complete(trade=True)
        left = ship.best_uses()
        ship.trade_for_fields(left)
        ship.keep_or_sell(left)
        return ship.total


class _ShipCubes:
    """One valuation of a ship's cubes for a seat (Seat._cubes_value): the cubes by good, the
    player's spare cubes, the craftsmen still short (most VP first) and the running total."""

    __slots__ = ("crafts", "missing", "pool", "seat", "spare", "total")

    def __init__(self, seat: Seat, goods: tuple[int, ...]):
        self.seat = seat
        self.pool = [0] * N_GOODS   # the ship's cubes by good
        for g in goods:
            self.pool[g] += 1
        self.spare = seat.spare[:]   # the player's cubes no craftsman needs, by good
        self.crafts = sorted(((vp, list(short)) for vp, short in seat.crafts if short),
                             key=lambda c: -c[0])
        self.missing = seat.missing
        self.total = 0.0

    def complete(self, trade: bool) -> None:
        """Complete each craftsman the ship's cubes complete (with `trade`: also one a single
        good short, through a trade of the cheapest cubes, when it gains more than they cost)."""
        seat = self.seat
        for vp, short in self.crafts:
            m = len(short)
            if not m:
                continue
            rest = self.pool[:]
            lack = []
            for g in short:
                if rest[g]:
                    rest[g] -= 1
                else:
                    lack.append(g)
            if lack:
                if (not trade or len(lack) > 1
                        or sum(rest) + sum(self.spare) < seat.trade_cubes):
                    continue
                if not self._trade(rest, vp - seat._expected(vp, m, self.missing)):
                    continue   # the trade costs more than the craftsman gains
            self.pool = rest
            self.total += vp - seat._expected(vp, m, self.missing)
            self.missing -= m
            short.clear()

    def _trade(self, rest: list[int], gain: float) -> bool:
        """Give the cheapest cubes (the ship's `rest` or the spare ones) if they cost less than
        `gain`; whether they were given."""
        seat = self.seat
        give = sorted([(seat._kept(g), g, rest) for g in range(N_GOODS) for _ in range(rest[g])]
                      + [(seat._kept(g), g, self.spare) for g in range(N_GOODS)
                         for _ in range(self.spare[g])],
                      key=lambda x: x[:2])[:seat.trade_cubes]
        if sum(x[0] for x in give) >= gain:
            return False
        for worth, g, where in give:
            where[g] -= 1
            self.total -= worth
        return True

    def best_uses(self) -> list[int]:
        """Each cube left at its best use (a craftsman's field, a merchant, a prophecy) when
        that beats selling it; the cubes with none."""
        seat = self.seat
        left = []
        for g in range(N_GOODS):
            for _ in range(self.pool[g]):
                best = 0.0
                if g in seat.merchants:
                    best = seat.merchants[g] * seat.coin_worth
                if g in seat.prophecies:
                    best = max(best, float(PROPHECY_VP))
                fill = None
                for vp, short in self.crafts:
                    if g in short:
                        m = len(short)
                        gain = (seat._expected(vp, m - 1, self.missing - 1)
                                - seat._expected(vp, m, self.missing))
                        if gain > best:
                            best, fill = gain, short
                if fill is not None:
                    fill.remove(g)
                    self.missing -= 1
                if best > 0.5 * seat.coin_worth:
                    self.total += best
                else:
                    left.append(g)
        return left

    def trade_for_fields(self, left: list[int]) -> None:
        """Trade leftover cubes for a field a craftsman still lacks, while one gains."""
        seat = self.seat
        while len(left) >= seat.trade_cubes:
            gain, short = max(((seat._expected(vp, len(short) - 1, self.missing - 1)
                                - seat._expected(vp, len(short), self.missing), short)
                               for vp, short in self.crafts if short),
                              default=(0.0, None), key=lambda x: x[0])
            left.sort(key=seat._kept)
            cost = sum(seat._kept(g) for g in left[:seat.trade_cubes])
            if short is None or gain <= cost:
                break
            self.total += gain
            del left[:seat.trade_cubes]
            short.pop()
            self.missing -= 1

    def keep_or_sell(self, left: list[int]) -> None:
        """The rest kept while there is room (a Warehouse cube scores too), sold two a coin."""
        if not left:
            return
        seat = self.seat
        left.sort(key=lambda g: -seat.keep_worth[g])
        room = seat.room
        for g in left[:room]:
            self.total += seat.keep_worth[g] + (WAREHOUSE_VP if room > seat.storage_free
                                                else 0.0)
        self.total += len(left[room:]) // 2 * seat.coin_worth


class _Round:
    """The seats read in one round, shared by every line of play whose public facts are the
    same when it is first met: the round, the deck's and the bag's contents (never their
    order) and the cards on offer. The rollouts of a search all start from one position, so
    they share the seats of its round."""

    __slots__ = ("ctxs", "defences", "params", "seats")

    def __init__(self, params: Params):
        self.params = params   # held, so the identity in the key stays sound
        # every player's defence by the cards bought so far this round (the loading areas),
        # and the public facts by every player's defence, as the first state with it saw them
        self.defences: dict[tuple, tuple[int, ...]] = {}
        self.ctxs: dict[tuple[int, ...], Ctx] = {}
        self.seats: dict[tuple, Seat] = {}


class _Line:
    """One line of play while its deck is unchanged: one round of one game or play-out (the
    supply draws from the deck, so a new round is a new line)."""

    __slots__ = ("deck", "facts", "last", "params", "round")

    def __init__(self, st: GameState, params: Params, facts: _Round):
        self.deck = st.deck   # held, so the identity check in Lines.line_of stays sound
        self.round = st.round
        self.params = params
        self.facts = facts
        self.last: dict[int, Seat] = {}   # player -> the seat last read for them


LINES = 32    # lines kept, the least recently used dropped first
ROUNDS = 64   # rounds' seats kept, likewise


def _remember(store: dict, key, value, size: int) -> None:
    """Put `value` last in the LRU `store`, dropping the oldest beyond `size`."""
    store.pop(key, None)
    if len(store) >= size:
        del store[next(iter(store))]
    store[key] = value


class Lines:
    """The lines of play and rounds' seats one bot has read (its own: a bot is used by one
    thread at a time, and hints, reviews and the bots' turns each have their own bots)."""

    __slots__ = ("lines", "recent", "rounds")

    def __init__(self) -> None:
        self.lines: dict[tuple[int, int], _Line] = {}
        self.rounds: dict[tuple, _Round] = {}
        self.recent: tuple[int, int] = (0, 0)   # the key of the line last asked for

    def line_of(self, st: GameState, params: Params) -> _Line:
        """The line `st` is on, for `params`."""
        line = self.lines.get(self.recent)
        if (line is not None and line.deck is st.deck and line.params is params
                and line.round == st.round and st.deck):
            return line   # the line of the last call (nearly every call)
        key = self.recent = (id(st.deck), id(params))
        line = self.lines.get(key)
        if line is None or line.deck is not st.deck or line.params is not params \
                or line.round != st.round or not st.deck:   # (every empty deck is one object)
            facts_key = (st.round, id(params), tuple(sorted(st.deck)), tuple(sorted(st.bag)),
                         tuple(st.spaces), tuple(cid for cid, _, _ in st.reservation))
            facts = self.rounds.get(facts_key)
            if facts is None or facts.params is not params:
                facts = _Round(params)
            _remember(self.rounds, facts_key, facts, ROUNDS)
            line = _Line(st, params, facts)
        _remember(self.lines, key, line, LINES)
        return line


class RolloutBot(NormalBot):
    """The play-out policy (the module docstring says how it decides)."""

    name = "rollout"

    def __init__(self, seed: int | None = None, params: Params | None = None,
                 noise: float = 0.0, **_: object):
        super().__init__(seed, params, noise)
        # the state of the last unloading step played and the plan's steps after it
        self._plan_rest: tuple[GameState, list[Action]] | None = None
        self._lines = Lines()

    def set_params(self, params: Params) -> None:
        if params is not self.params:
            super().set_params(params)
            self._plan_rest = None

    def forget(self) -> None:
        """Start afresh: the lines of play, the rounds' seats and the unloading plan read so
        far are dropped, so what it plays next depends on the state and its generator alone,
        not on the games played before (the seats a round shares are those of the first state
        met). A judge's play-out then comes out the same on whichever process plays it."""
        self._lines = Lines()
        self._plan_rest = None

    # ------------------------------------------------------------------ entry

    def choose(self, st: GameState) -> Action:
        legal = legal_actions(st)
        if len(legal) == 1:
            return legal[0]
        if not st.pending:
            if st.phase == Phase.DEMAND:
                return self._place(st, legal)
            if st.phase in (Phase.PURCHASE, Phase.RESERVATION):
                return self._buy(st, legal)
            if st.phase == Phase.UNLOADING:
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
            ctx = Ctx(st, self.params, self.memo)
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

    def seat(self, st: GameState, p: int, board: tuple | None = None) -> Seat:
        """Player p's seat in `st`: the last one read for them on this line while their player
        record is the same object (the engine copies a record only when it changes) and no
        card was bought since, else the line's seat for their holding and every player's
        defence, else read now. `board`: every player's loading area (the cards bought this
        round), if known."""
        if board is None:
            board = tuple(q.loading for q in st.players)
        line = self._lines.line_of(st, self.params)
        pl = st.players[p]
        got = line.last.get(p)
        if got is not None and got.player is pl and got.board == board:
            return got
        facts = line.facts
        defs = facts.defences.get(board)
        if defs is None:   # a card was bought: the defences may have changed
            defs = facts.defences[board] = arrived_defences(st)
        key = (p, defs, pl.cards, pl.loading, pl.hand, pl.ship_goods, pl.storage,
               pl.warehouse, tuple(pl.filled.items()))
        got = facts.seats.get(key)
        if got is None:
            ctx = facts.ctxs.get(defs)
            if ctx is None:
                ctx = facts.ctxs[defs] = Ctx(st, self.params, self.memo)
            got = facts.seats[key] = Seat(ctx, st, p)
        got.board = board
        got.player = pl
        line.last[p] = got
        return got

    # ------------------------------------------------------------------ price ladder

    def _ladder(self, st: GameState, seats: SeatOf, me: int, cid: str, goods: tuple,
                owners: list[int], length: float, coins: float, first: int = 0) -> float:
        """My expected gain from a column whose vikings (top first) belong to `owners`, when
        `length` vikings stand in it at purchase time, from the viking at `first` on: the
        normal bot's ladder (each viking pays one less than the one above, and gets its chance
        only when all above pass; I buy, or pass on to a lower viking of mine, whichever gains
        more), worked from the bottom up. `seats`: every player's seat."""
        mine = seats[me]
        gain = 0.0   # what the vikings below the current one bring me
        for j in range(len(owners) - 1, first - 1, -1):
            o = owners[j]
            price = expected_price(length, j)
            if o == me:
                if coins >= price - 1e-9:
                    gain = max(mine.value(cid, goods) - price * mine.coin_worth, gain)
            elif gain > 0.0:
                gain *= 1.0 - self._chance_buys(st, seats, o, cid, goods, price)
        return gain

    def _chance_buys(self, st: GameState, seats: SeatOf, o: int, cid: str, goods: tuple,
                     price: float) -> float:
        """The chance that opponent o buys `cid` at `price` (none without the coins)."""
        whole = round(price)
        if st.players[o].coins < whole:
            return 0.0
        return seats[o].chance_buys(cid, goods, whole)

    def _pump_gain(self, st: GameState, seats: SeatOf, me: int, cid: str, goods: tuple,
              owners: list[int], length: float) -> float:
        """A little for making the opponents above pay one more (as the normal bot)."""
        out = 0.0
        reach = 1.0
        for j, o in enumerate(owners):
            if o == me:
                break
            pb = self._chance_buys(st, seats, o, cid, goods, expected_price(length, j))
            out += reach * pb * seats[o].coin_worth
            reach *= 1.0 - pb
        return self.params.pump * out

    # ------------------------------------------------------------------ demand

    def _place(self, st: GameState, legal: list[Action]) -> Action:
        """The placement (or reservation) whose expected gain on the price ladder is the most
        (the normal bot's rule on quick card values); brown vikings after the player's own."""
        me = st.turn
        pl = st.players[me]
        board = tuple(q.loading for q in st.players)
        seats = [self.seat(st, q, board) for q in range(st.n)]   # all of them asked for
        remaining, extra = self._vikings_to_come(st)
        owners_of = [column_owners(col) for col in st.columns]
        spend, committed = self._coins_committed(st, seats, me, owners_of, extra)
        res_price = reservation_price(st, me, remaining)
        own_left = pl.vikings > 0
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Place):
                if a.brown and own_left:
                    continue   # brown vikings are placed after the player's own
                u = self._place_gain(st, seats, me, a.column - 1, owners_of, extra, spend,
                                     committed)
            elif isinstance(a, Reserve):
                if a.brown and own_left:
                    continue
                u = self._reserve_gain(st, seats[me], a.space - 1,
                                       pl.coins - committed >= res_price, res_price)
            elif isinstance(a, Done):
                u = 1.0   # stop placing brown vikings unless a placement is worth more
            else:
                continue  # any-phase cards are used in the unloading phase
            if self.noise:
                u += self._nudge(st.round, me, pl.vikings, a)
            if best is None or u > best[0]:
                best = (u, a)
        return legal[0] if best is None else best[1]

    def _vikings_to_come(self, st: GameState) -> tuple[int, float]:
        """The vikings still to be placed after this one, and how many more the heuristic
        expects in each open column (at most 2)."""
        remaining = sum(p.vikings + (p.brown if not p.brown_done else 0) for p in st.players) - 1
        open_cols = sum(1 for c in range(RULES.columns) if st.spaces[c] is not None) or 1
        return remaining, min(2.0, self.params.extra_vikings * remaining / open_cols)

    @staticmethod
    def _reserve_gain(st: GameState, seat: Seat, s: int, can_pay: bool, price: float) -> float:
        """What reserving the card on space `s` is worth: its value less the price, when I
        can pay for it (never below a reservation I cannot pay for)."""
        cid = st.spaces[s]
        if not can_pay or cid is None:
            return UNPAID_RESERVATION
        return max(seat.value(cid, st.space_goods[s]) - price * seat.coin_worth,
                   UNPAID_RESERVATION)

    def _coins_committed(self, st: GameState, seats: SeatOf, me: int,
                        owners_of: list[list[int]], extra: float) -> tuple[list[float], float]:
        """The coins I expect to spend on each column where I stand (by column), and in all
        with my reservations."""
        seat = seats[me]
        spend = [0.0] * RULES.columns
        for c, col in enumerate(owners_of):
            cid, goods = st.spaces[c], st.space_goods[c]
            if me in col and cid is not None:
                L = len(col) + extra
                j = col.index(me)
                if seat.value(cid, goods) > expected_price(L, j) * seat.coin_worth:
                    reach = 1.0   # the chance every viking above passes
                    for i in range(j):
                        reach *= 1.0 - self._chance_buys(st, seats, col[i], cid, goods, L - i)
                    spend[c] = reach * expected_price(L, j)
        res = st.reservation
        mine_res = [price_at(len(res), i) for i, r in enumerate(res)
                    if viking_owner(r.viking) == me]
        return spend, sum(spend) + sum(mine_res)

    def _place_gain(self, st: GameState, seats: SeatOf, me: int, c: int,
                    owners_of: list[list[int]], extra: float, spend: list[float],
                    committed: float) -> float:
        """What my viking in column `c` adds to my expected gain there, plus the pump."""
        seat = seats[me]
        pl = st.players[me]
        cid, goods = st.spaces[c], st.space_goods[c]
        if cid is None:
            return 0.0
        col = owners_of[c]
        L0 = len(col) + extra
        if me in col:
            coins = pl.coins - (committed - spend[c])
            u = (self._ladder(st, seats, me, cid, goods, col + [me], L0 + 1, coins)
                 - self._ladder(st, seats, me, cid, goods, col, L0, coins))
        elif seat.value(cid, goods) > (1.0 + extra) * seat.coin_worth:
            u = self._ladder(st, seats, me, cid, goods, col + [me], L0 + 1,
                             pl.coins - committed)
        else:
            u = 0.0   # not worth it even at the bottom of the column
        if col:
            u += self._pump_gain(st, seats, me, cid, goods, col, L0 + 1)
        return u

    # ------------------------------------------------------------------ purchase

    def _buy(self, st: GameState, legal: list[Action]) -> Action:
        if st.phase == Phase.PURCHASE:
            c = st.turn
            space, goods = st.spaces[c], st.space_goods[c]
            owners = column_owners(st.columns[c])
            me = owners[0]
        else:
            space, code, goods = st.reservation[0]
            me = viking_owner(code)
            owners = []
        if space is None:   # (the purchase phase asks only of a card on offer)
            return legal[0]
        cid: str = space
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
        rounds_left = seat.ctx.rounds_left
        for a in legal:
            u = buy_or_pass(a, v, price, pl.coins, cw, rounds_left, cont, best_later)
            if u is not None and (best is None or u > best[0]):
                best = (u, a)
        return legal[0] if best is None else best[1]

    def _later(self, st: GameState, seats: SeatOf, me: int) -> list[tuple[int, float]]:
        """(price, expected gain) of cards later in this purchase phase I may get, the best
        gain per coin first."""
        out = []
        res = st.reservation
        first = 1
        if st.phase == Phase.PURCHASE:
            first = 0
            for c in range(st.turn + 1, RULES.columns):
                owners = column_owners(st.columns[c])
                if me not in owners:
                    continue
                cid, goods = st.spaces[c], st.space_goods[c]
                if cid is None:
                    continue
                j = owners.index(me)
                L = len(owners)
                gain = self._ladder(st, seats, me, cid, goods, owners[:j + 1], L, L)
                if gain > 0:
                    out.append((price_at(L, j), gain))
        for i in range(first, len(res)):
            cid, code, goods = res[i]
            if viking_owner(code) == me:
                price = price_at(len(res), i)
                gain = seats[me].value(cid, goods) - price * seats[me].coin_worth
                if gain > 0:
                    out.append((price, gain))
        if len(out) > 1:
            out.sort(key=lambda x: -x[1] / x[0])
        return out


class SeatOf(Protocol):
    """Every player's seat by player (a list of them, or _Seats)."""

    def __getitem__(self, p: int, /) -> Seat: ...


class _Seats:
    """Every player's seat in one state, each read when first asked for."""

    def __init__(self, bot: RolloutBot, st: GameState):
        self.got: list[Seat | None] = [None] * st.n
        self.bot = bot
        self.st = st
        self.board = tuple(q.loading for q in st.players)

    def __getitem__(self, p: int) -> Seat:
        got = self.got[p]
        if got is None:
            got = self.got[p] = self.bot.seat(self.st, p, self.board)
        return got


def rollout_policy(seed: int | None = None, params: Params | None = None,
                   noise: float = 0.0) -> RolloutBot:
    """The rollout policy: the normal bot's decisions on quick card values."""
    return RolloutBot(seed, params=params, noise=noise)


def playout_policy(seed: int | None = None, params: Params | None = None,
                   noise: float = 0.0) -> NormalBot:
    """The policy the search bots play their play-outs with: the one place to choose it.

    Still the normal bot. The rollout policy (:func:`rollout_policy`) makes several times as
    many decisions a second, but `hard` playing out with it did not play better against
    `hard` on normal play-outs, so it is not the default (issue 37; figures:
    bench/results/rollout-2026-12-04.txt)."""
    return NormalBot(seed, params=params, noise=noise)
