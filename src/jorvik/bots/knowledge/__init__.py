"""What the game is worth to a player, read from public information only: the heuristic's
knobs (:mod:`.params`), the public facts of a position and the worth of a coin or a kept cube
(:mod:`.context`), the unloading planner (:mod:`.unloading`), what a position and a card are
worth and the margin a search maximises (:mod:`.values`), and the price ladder as the bots
read it (:mod:`.ladder`). Every rule comes from the engine's helpers."""

from .context import N_GOODS, Ctx, Memo, arrived_defences, sigmoid
from .params import (
    CUT_COINS,
    DEFAULT,
    EXPERT_PARAMS,
    CoinCurve,
    Params,
    cut_coins,
    table_params,
)
from .unloading import Holding, Plan, completable, holding_of, plan_unload, warehouse_room
from .values import (
    COINS_AT_CUT,
    EFFECT_VALUES,
    JARLS_HALL_COINS,
    Owned,
    base_values,
    card_value,
    final_margin,
    margin_of,
    player_value,
)

__all__ = [
    "COINS_AT_CUT", "CUT_COINS", "DEFAULT", "EFFECT_VALUES", "EXPERT_PARAMS", "JARLS_HALL_COINS",
    "N_GOODS",
    "CoinCurve", "Ctx", "Holding", "Memo", "Owned", "Params", "Plan", "arrived_defences",
    "base_values", "card_value", "completable", "cut_coins", "final_margin", "holding_of",
    "margin_of", "plan_unload", "player_value", "sigmoid", "table_params", "warehouse_room",
]
