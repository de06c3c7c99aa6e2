"""The heuristic's knobs: the defaults (`normal`, `hard`) and the expert's, by mode and for two
players. The figures behind them are in bench/results/expert-notes-2026-12-04.txt."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass
class Params:
    """Knobs of the evaluation. The defaults were tuned with seeded matches: a variant against
    three default normal bots (4-player Karl) and one (2-player Jarl), and against the hard
    bot (2-player Jarl, margin). Coin worth, the expected vikings still to come, the share of
    missing fields and the merchants' expected income mattered most; the other knobs made no
    measurable difference."""

    coin_base: float = 0.3       # worth of a coin with no rounds left ...
    coin_per_round: float = 0.22  # ... plus this per future round (capped at coin_cap rounds)
    coin_cap: int = 8
    lam: float = 1.1             # craftsman completion: P = exp(-lam * m_eff / (rounds_left + 0.7))
    share: float = 0.3           # other missing fields of own craftsmen count this much
    keep_base: float = 0.2       # a kept cube: base worth ...
    keep_demand: float = 0.06    # ... plus this per unowned craftsman field wanting its good
    keep_cap: float = 1.2
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

# The expert bot's knobs (its policy and its playouts; `normal` and `hard` keep DEFAULT) by
# mode, and for two players by table (see table_params), found by tools/tune_heuristic.py (its
# docstring gives the commands): a coordinate search for the knobs under which one heuristic
# bot wins most often against default ones at one table size, on fixed deals. The mode's sets
# were tuned at four players; the Jarl one started from a first fit of the heuristic's choices
# to `hard`'s. Both sharpen the attacks (who will have the most and the least defence) and
# expect more vikings under each card; Jarl also expects fewer completions and values coins
# lower. Two players want other knobs of their own.
EXPERT_PARAMS: dict[str, Params] = {
    "karl": Params(attack_spread=0.42, extra_vikings=1.05),
    "karl 2p": Params(lam=1.65, share=0.18, keep_base=0.12, attack_spread=1.05,
                      extra_vikings=1.05, pbuy_margin=0.12),
    "jarl": Params(coin_base=0.108, lam=2.64, attack_spread=0.42, attack_spread_w=0.36,
                   extra_vikings=1.05, pump=0.15),
    "jarl 2p": Params(coin_base=0.0648, lam=2.64, keep_base=0.12, attack_spread=0.63,
                      attack_spread_w=0.36, extra_vikings=1.575, pump=0.15, pbuy_margin=0.12),
}


def table_params(by_table: Mapping[str, Params], mode: str, players: int) -> Params | None:
    """The knobs `by_table` gives a table: those of its mode and size ("karl 2p"), else those of
    its mode ("karl"), else None."""
    return by_table.get(f"{mode} {players}p") or by_table.get(mode)


@dataclass(frozen=True)
class CoinCurve:
    """What coins held where a search cuts its play-outs are worth, in VP of final margin: each
    coin ``rich`` (half of it in the last round, rising to all of it with two rounds left),
    plus ``poor`` × exp(−coins / ``scale``) for each coin: the first few coins, which decide
    whether a player can buy at all, are worth most; a pile beyond what the rounds left can
    spend adds little. Measured by paired play-outs to the end with two coins more or less
    (bench/coins.py): it hardly moves with the rounds left, and a lot with the coins held."""
    rich: float
    poor: float
    scale: float

    def value(self, coins: int, rounds_left: int) -> float:
        rich = self.rich * (0.5 + 0.5 * min(1.0, rounds_left / 2))
        return rich * coins + self.poor * self.scale * (1.0 - math.exp(-coins / self.scale))


# by table: fitted (weighted least squares, bench/results/coins-2026-12-04.txt) to the
# measured worth of two coins more at 1, 4, 8 and 13 coins held, every round of the game
CUT_COINS: dict[str, CoinCurve] = {
    "karl 2p": CoinCurve(0.6, 4.8, 3.0),
    "karl 3p": CoinCurve(0.6, 4.3, 3.0),
    "karl 4p": CoinCurve(0.6, 3.5, 3.0),
    "karl 5p": CoinCurve(0.3, 2.7, 4.0),
    "jarl 2p": CoinCurve(0.5, 4.2, 3.0),
    "jarl 3p": CoinCurve(0.5, 1.6, 6.0),
    "jarl 4p": CoinCurve(0.7, 0.9, 6.0),
    "jarl 5p": CoinCurve(0.55, 1.0, 6.0),
}


def cut_coins(mode: str, players: int) -> CoinCurve:
    """The coin curve of a table (CUT_COINS)."""
    return CUT_COINS[f"{mode} {players}p"]
