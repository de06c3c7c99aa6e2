"""What a position's public facts are worth to each player: rounds left, the attacks still to
come, which goods future craftsmen will want, what a coin and a kept cube are worth.

Everything here reads only public information: the cards and cubes on the table, every
player's cards, cubes and coins, the *set* of cards still in the deck (which cards are left is
public, only their order within a season is hidden) and the *contents* of the bag (never its
order). Nothing reads ``st.deck`` or ``st.bag`` in order."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import NamedTuple

from jorvik.engine import (
    GOODS,
    GameState,
    defence_of,
    empty_fields,
    fill_order,
    holds,
)
from jorvik.engine.kinds import CardType

from .params import DEFAULT, Params, cut_coins

N_GOODS = len(GOODS)   # goods are numbered 0..N_GOODS-1 (Karl uses the first five)


def sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# ---------------------------------------------------------------------------- context


class Attack(NamedTuple):
    """An Attack of the Picts still to come."""
    gain: int   # VP for the most defence
    loss: int   # VP lost by the least defence


class DeckInfo(NamedTuple):
    """Facts about the cards not yet bought or boxed (the deck as a set, the board)."""
    attacks: list[Attack]       # attacks to come, by season
    demand: list[int]           # craftsman fields wanting each good
    feasts_left: int
    rest: int                   # non-attack cards still in the deck
    future: list[float]         # cubes of each good still to come onto ships (expected)
    attack_defence: list[float]  # defence that can still be bought before each attack


DECKS = 4096   # deck facts a Memo keeps (all dropped when full: a new game or search)
PLAN_CACHE = 8192   # unloading plans a Memo keeps for one parameter set, oldest dropped first
PLAN_SETS = 4       # parameter sets whose plans a Memo keeps


class Memo:
    """The heuristic's caches, owned by one bot (a search's bots share their owner's) and
    passed in its :class:`Ctx`: deck facts by the cards left, and the unloading planner's
    values by everything the planner reads. Positions repeat across a search's rollouts and
    across a phase, so the same facts and holdings are asked for again and again. A bot is
    used by one thread at a time, and hints, reviews and the bots' turns each make their own,
    so nothing here is shared between threads."""

    __slots__ = ("decks", "plan_sets")

    def __init__(self) -> None:
        self.decks: dict[tuple, DeckInfo] = {}
        # (card set, knobs, plans) of the last PLAN_SETS parameter sets (held, so an identity
        # check is enough): the expert's knobs and the defaults are in play at one table
        self.plan_sets: list[tuple[object, Params, dict[tuple, float]]] = []

    def deck_info(self, st: GameState) -> DeckInfo:
        key = (st.deck, tuple(st.spaces), st.reservation)
        got = self.decks.get(key)
        if got is None:
            if len(self.decks) >= DECKS:
                self.decks.clear()
            got = self.decks[key] = _deck_info(st)
        return got

    def plans(self, by_id: object, params: Params) -> dict[tuple, float]:
        """The planner's values for this card set and these knobs."""
        for b, pr, plans in self.plan_sets:
            if b is by_id and pr is params:
                return plans
        plans = {}
        self.plan_sets.insert(0, (by_id, params, plans))
        del self.plan_sets[PLAN_SETS:]
        return plans


def _deck_info(st: GameState) -> DeckInfo:
    """Facts about the cards not yet bought or boxed (see DeckInfo)."""
    by_id = st.cards.by_id
    rest = 0
    attacks = []
    warriors: Counter = Counter()   # defence on unseen warriors by season
    demand = [0] * N_GOODS
    feasts = 0
    ship_cubes = 0
    unseen = list(st.deck) + [c for c in st.spaces if c] + [c for c, _, _ in st.reservation]
    for cid in unseen:
        card = by_id[cid]
        t = card.type
        if t == CardType.PICTS:
            attacks.append((card.season, card.picts_gain, card.picts_loss))
            continue
        if t == CardType.CRAFTSMAN:
            for g in card.goods:
                demand[g] += 1
        elif t == CardType.WARRIOR:
            warriors[card.season] += card.defence
        elif t == CardType.FEAST:
            feasts += 1
        elif t == CardType.SHIP:
            ship_cubes += card.ship_cubes(st.mode)
    for cid in st.deck:
        if by_id[cid].type != CardType.PICTS:
            rest += 1
    attacks.sort()
    # Cubes still to come onto ships, per good: the bag's contents (public, never its order)
    # times the share of the bag the remaining ships will draw.
    bag = [0] * N_GOODS
    for g in st.bag:
        bag[g] += 1
    frac = min(1.0, ship_cubes / len(st.bag)) if st.bag else 0.0
    future = [b * frac for b in bag]
    # Defence that can still be bought before each attack (an attack lies somewhere in its
    # season: half of its own season's warriors come before it on average).
    attack_defence = [sum(w for s, w in warriors.items() if s < season) + 0.5 * warriors[season]
                      for season, _, _ in attacks]
    return DeckInfo([Attack(g, loss) for _, g, loss in attacks], demand, feasts, rest, future,
                    attack_defence)


def arrived_defences(st: GameState) -> tuple[int, ...]:
    """Every player's defence once the cards in their loading area have arrived: the engine's
    defence_of of their cards and those (a Shield wall doubles a warrior still loading too)."""
    by_id = st.cards.by_id
    return tuple(defence_of(by_id[c] for c in pl.cards + pl.loading) for pl in st.players)


class Ctx:
    """Public facts about a state, computed once and shared by every player's evaluation."""

    __slots__ = (
        "_attack_value",
        "_coin_worth",
        "_defs",
        "_keep_worth",
        "attack_defence",
        "attacks",
        "by_id",
        "demand",
        "feasts_left",
        "future",
        "memo",
        "n",
        "params",
        "rounds_left",
        "st",
    )

    def __init__(self, st: GameState, params: Params = DEFAULT, memo: Memo | None = None):
        self.st = st
        self.n = st.n
        self.params = params
        self.memo = memo   # the caches of the bot asking (None: nothing kept)
        self.by_id = st.cards.by_id
        info = memo.deck_info(st) if memo is not None else _deck_info(st)
        self.attacks = info.attacks
        self.demand = info.demand
        self.feasts_left = info.feasts_left
        self.future = info.future
        self.attack_defence = info.attack_defence
        # Future rounds after the current one (in supply, the upcoming round counts).
        self.rounds_left = -(-info.rest // len(fill_order(st.n, st.mode)))
        self._defs: list[int] | None = None
        self._coin_worth: dict[int, float] = {}
        self._keep_worth: dict[int, list[float]] = {}
        self._attack_value: dict[tuple[int, float], float] = {}

    @property
    def defs(self) -> list[int]:
        """Every player's defence once their loading areas have arrived (arrived_defences)."""
        if self._defs is None:
            self._defs = list(arrived_defences(self.st))
        return self._defs

    # -- worth of a coin / of a kept cube for player p

    def coin_worth(self, p: int) -> float:
        """What one coin is worth to player p now, in VP (the heuristic's price of a coin in
        its decisions; :meth:`coins_value` is what a pile of them is worth at a search's cut)."""
        try:
            return self._coin_worth[p]
        except KeyError:
            pr = self.params
            v = pr.coin_base + pr.coin_per_round * min(self.rounds_left, pr.coin_cap)
            if holds(self.st, self.st.players[p], "skald_coins", loading_too=True):
                v += 1.0
            self._coin_worth[p] = v
            return v

    def coins_value(self, p: int, coins: int, capped: bool = False) -> float:
        """What holding `coins` coins is worth to player p now, in VP, where a search cuts its
        play-outs: the table's measured curve (:data:`~.params.CUT_COINS`), in which the first
        coins are worth most and each coin beyond what the rounds left can spend little; a
        Skald of coins adds its VP a coin. `capped`: each coin at the heuristic's one price
        (:meth:`coin_worth`, the Skald's VP in it) unless the curve puts that coin lower, so
        only a pile the rounds left cannot spend is worth less than today's flat price."""
        curve = cut_coins(self.st.mode, self.n)
        left = self.rounds_left
        skald = 1.0 if holds(self.st, self.st.players[p], "skald_coins", loading_too=True) else 0.0
        if capped:
            flat = self.coin_worth(p)   # (a Skald's VP a coin is in it)
            worth = [curve.value(c, left) for c in range(coins + 1)]
            return sum(min(flat, b - a + skald) for a, b in itertools.pairwise(worth))
        return curve.value(coins, left) + skald * coins

    def keep_worth(self, p: int) -> list[float]:
        """What keeping one cube of each good is worth to player p now, in VP."""
        v = self._keep_worth.get(p)
        if v is None:
            pr = self.params
            st = self.st
            pl = st.players[p]
            own = [0] * N_GOODS   # empty fields of p's craftsmen wanting each good
            for cid in pl.cards + pl.loading:
                if self.by_id[cid].type == CardType.CRAFTSMAN:
                    for g in empty_fields(st, pl, cid):
                        own[g] += 1
            if self.rounds_left <= 0:
                v = [0.0] * N_GOODS
            else:
                scale = min(1.0, self.rounds_left / 2.0)
                v = [min(pr.keep_cap, pr.keep_base + pr.keep_demand * (self.demand[g] + 4 * own[g]))
                     * scale for g in range(N_GOODS)]
            self._keep_worth[p] = v
        return v

    def p_complete(self, m_eff: float) -> float:
        """The chance of completing a craftsman with `m_eff` (weighted) fields still empty."""
        if m_eff <= 1e-9:
            return 1.0
        if self.rounds_left <= 0:
            return 0.0
        return math.exp(-self.params.lam * m_eff / (self.rounds_left + 0.7))

    def attack_value(self, p: int, dp: float) -> float:
        """Soft expected VP from the attacks still to come with defence dp against the others'
        current defence: every attack counts by its gain and loss, more softly the more
        defence can still be bought before it."""
        if not self.attacks:
            return 0.0
        got = self._attack_value.get((p, dp))
        if got is not None:
            return got
        pr = self.params
        others = [d for i, d in enumerate(self.defs) if i != p]
        total = 0.0
        for k, (gain, loss) in enumerate(self.attacks):
            s = pr.attack_spread + pr.attack_spread_w * math.sqrt(self.attack_defence[k])
            top = 1.0
            bot = 1.0
            for d in others:
                top *= sigmoid((dp - d + 0.5) / s)
                bot *= sigmoid((d - dp + 0.5) / s)
            total += (gain * top - loss * bot) / (1.0 + pr.attack_decay * k)
        self._attack_value[(p, dp)] = total
        return total

