"""What a position and a card are worth to a player, in VP-equivalents, and the one margin the
search maximises.

* :func:`player_value` — a player's whole position: VP so far, what their cards will score
  (craftsmen weighted by the chance of completing them, the unloading planner's use of their
  cubes), the soft value of their defence in the attacks still to come, coins and cubes at
  their current worth;
* :func:`card_value` — ``player_value`` with the card minus without it;
* :func:`margin_of` — a player's score against the field, and :func:`final_margin` of a
  finished game (coins break ties, RULES.md §5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from jorvik.engine import PROPHECY_VP, Phase, PlayerState, defence_of, feast_vp, holds
from jorvik.engine.effects import EFFECTS
from jorvik.engine.kinds import CardType

from .context import Ctx
from .unloading import holding_of, plan_unload

# Jarl's hall pays up to this many coins of a card's price (the heuristic's estimate of what
# it saves in a typical purchase)
JARLS_HALL_COINS = 2.2
# a finished game's margin counts a coin as this much of a VP: coins break ties (RULES.md §5)
COIN_TIEBREAK = 0.01


class Owned(NamedTuple):
    """What player_value gathered about a player's cards, for the effect values."""
    ctx: Ctx
    p: int
    player: PlayerState
    new_cards: tuple[str, ...]   # cards valued as if the player had them
    counts: Counter              # the player's cards by type
    journeys: list[int]          # VP of the player's journeys
    coins: int


def _skald(card_type: CardType, growth: float) -> Callable[[Owned], float]:
    """A skald: a VP per card of its type now, and more as the player buys them."""
    return lambda o: o.counts[card_type] + growth * o.ctx.rounds_left


def _new_skald_coins(o: Owned) -> float:
    # A skald of coins already owned counts through the coin's worth (Ctx.coin_worth).
    if any(o.ctx.by_id[c].effect == "skald_coins" for c in o.new_cards):
        return o.coins + 0.6 * o.ctx.rounds_left
    return 0.0


def _jarls_hall(o: Owned) -> float:
    if o.ctx.rounds_left > 0 or o.ctx.st.phase in (Phase.DEMAND, Phase.PURCHASE,
                                                     Phase.RESERVATION):
        return JARLS_HALL_COINS * o.ctx.coin_worth(o.p)
    return 0


def _once_card(o: Owned) -> float:
    return 0.8 if o.ctx.rounds_left > 0 else 0.3


# Effect -> its worth to a player holding it, in VP-equivalents (card effects not named
# here are worth nothing beyond the card's type: Shield wall counts through the defence,
# Treasure hoard and Loki's tribute through the coins they bring when bought).
EFFECT_VALUES: dict[str, Callable[[Owned], float]] = {
    "skald_ships": _skald(CardType.SHIP, 0.35),
    "skald_merchants": _skald(CardType.MERCHANT, 0.1),
    "skald_warriors": _skald(CardType.WARRIOR, 0.2),
    "skald_craftsmen": _skald(CardType.CRAFTSMAN, 0.15),
    "skald_journeys": _skald(CardType.JOURNEY, 0.05),
    "skald_coins": _new_skald_coins,
    "saga_teller": lambda o: (max(o.journeys, default=0)
                              + (1.0 if o.ctx.rounds_left > 2 and not o.journeys else 0.0)),
    # room to keep cubes for later + 1 VP per cube at the end
    "warehouse": lambda o: min(2.5, 0.3 * o.ctx.rounds_left),
    "toll_house": lambda o: o.ctx.rounds_left * o.ctx.coin_worth(o.p),
    "jarls_hall": _jarls_hall,
    "hired_hands": lambda o: 1.0 * (o.player.brown
                                    if holds(o.ctx.st, o.player, "hired_hands") else 2),
    "harbour_market": lambda o: min(2.5, 0.3 * o.ctx.rounds_left),
    "workshop": _once_card,
    "loki_theft": _once_card,
    "loki_trickery": _once_card,
    "trading_post": lambda o: 1.0,
    "glory": lambda o: max(a.gain for a in o.ctx.attacks) * 0.5 if o.ctx.attacks else 0.0,
    "danegeld": lambda o: 0.4 * sum(a.loss for a in o.ctx.attacks) * 0.5,
}

_PLAN_CARDS = (CardType.CRAFTSMAN, CardType.MERCHANT, CardType.PROPHECY)
_PLAN_EFFECTS = ("warehouse", "harbour_market")


COINS_AT_CUT = ("flat", "curve", "capped")   # the ways player_value can value coins at a cut


def player_value(ctx: Ctx, p: int, extra_cards: tuple[str, ...] = (),
                 extra_cubes: tuple[int, ...] = (), coin_delta: int = 0,
                 extra_vp: float = 0.0, plan_value: float | None = None,
                 coins_at_cut: str = "flat", held: bool = False) -> float:
    """Player p's position in VP-equivalents (see the module docstring). `plan_value` reuses
    the unloading planner's value when the extra cards cannot change it. `coins_at_cut` (a
    search's value where it stops a play-out; see :data:`COINS_AT_CUT`): "flat", one price a
    coin (:meth:`Ctx.coin_worth`, as the heuristic's own decisions); "curve", the table's
    measured curve (:meth:`Ctx.coins_value`: the first coins most, a pile the rounds left
    cannot spend little); "capped", the flat price a coin unless the curve puts it lower.
    With `held` craftsmen count the cubes kept for them too: at the cut a coin or a kept cube
    more or less is the whole difference between buying a card and passing."""
    st = ctx.st
    pl = st.players[p]
    by_id = ctx.by_id
    h = holding_of(st, p, extra_cards, extra_cubes)
    h.coins += coin_delta
    coin_worth = ctx.coin_worth(p)
    pr = ctx.params
    v = pl.vp + extra_vp
    if ctx.rounds_left <= 0 and st.phase == Phase.END:
        return float(pl.vp)
    if plan_value is None:
        plan_value = plan_unload(ctx, p, h, held=held).value
    v += plan_value
    counts: Counter = Counter()
    feasts = 0
    journeys = []
    effects = []
    for cid in h.cards:
        card = by_id[cid]
        t = card.type
        counts[t] += 1
        if t == CardType.MERCHANT:
            mine = ctx.future[card.goods[0]] / ctx.n * pr.merchant_share
            v += card.vp + mine * card.coins_per_good * coin_worth * 0.8
        elif t == CardType.JOURNEY:
            v += card.vp
            journeys.append(card.vp)
        elif t == CardType.FEAST:
            feasts += 1
        elif t == CardType.PROPHECY:
            v += ctx.future[card.goods[0]] / ctx.n * pr.merchant_share * PROPHECY_VP
        if card.effect:
            effects.append(card.effect)
    v += feast_vp(feasts)
    if feasts and ctx.feasts_left:   # a step up the feast table to come (none from 4 on)
        v += 0.15 * (feast_vp(feasts + 1) - feast_vp(feasts)) * min(1, ctx.feasts_left)
    owned = Owned(ctx, p, pl, extra_cards, counts, journeys, h.coins)
    dp = defence_of(by_id[c] for c in h.cards)   # cards valued as if bought too
    for eff in effects:
        value = EFFECT_VALUES.get(eff)
        if value is not None:
            v += value(owned)
    v += ctx.attack_value(p, dp)
    if coins_at_cut == "flat":
        v += h.coins * coin_worth
    else:
        v += ctx.coins_value(p, h.coins, capped=coins_at_cut == "capped")
    return v


def margin_of(scores: list[float], p: int) -> float:
    """Player p's margin: their score minus the mean of the best rival's and the rivals'
    average (a search maximises it: beating the leader matters, the field too)."""
    others = [s for i, s in enumerate(scores) if i != p]
    return scores[p] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def final_margin(result: dict[str, Any], p: int) -> float:
    """Player p's margin in a finished game (``state.result``): VP, coins breaking ties."""
    return margin_of([float(r["total"]) + COIN_TIEBREAK * r["coins"] for r in result["scores"]],
                     p)


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
    effect = EFFECTS[card.effect] if card.effect else None
    if effect is not None and effect.leaves_at_unloading():
        # An immediate card (Treasure hoard, Loki's tribute) is not kept: it is worth the
        # coins the engine pays when it is bought.
        bought = ctx.st.copy()
        effect.on_buy(bought, p, [])
        coin_delta = bought.players[p].coins - ctx.st.players[p].coins
        extra_cards = ()
    pv = None
    if not cubes and card.type not in _PLAN_CARDS and card.effect not in _PLAN_EFFECTS:
        pv = base[1]
    return player_value(ctx, p, extra_cards, tuple(cubes), coin_delta, plan_value=pv) - base[0]
