"""The value model's inputs: numbers describing a position's public view, per seat.

`position_features(view)` reads an :class:`~jorvik.engine.Observation` (or a state already
observed) and returns one global row and one row per seat (:data:`GLOBAL`, :data:`PLAYER`);
`perspectives` (`table_rows` for one position) arranges them from seat p's side: the table's
facts, p's own row, the others' in turn order after p (empty seats zero), their best and
mean. Everything read is public: the cards and cubes on the table and in every player's area,
coins, VP, the deck as a *set* of cards per season (never its order) and the bag's
*contents* (never its order).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from jorvik.engine import Observation, Phase, feast_vp, final_scores
from jorvik.engine.cards import CARD_TYPES, EFFECT_KINDS

from ..knowledge import Ctx, player_value
from ..knowledge.unloading import holding_of, plan_unload

MAX_SEATS = 5
PHASES = tuple(Phase)
TYPE_INDEX = {t: i for i, t in enumerate(CARD_TYPES)}
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECT_KINDS)}

GLOBAL = (
    ["players_2", "players_3", "players_4", "players_5", "jarl", "round", "rounds_left"]
    + [f"phase_{p.value}" for p in PHASES]
    + ["attacks_left", "attack_gain", "attack_loss", "feasts_left", "future_cubes",
       "demand_fields", "cubes_in_bag", "cards_on_board", "cubes_on_board"]
)
PLAYER = (
    ["vp", "coins", "vikings", "brown", "vp_picts", "vp_prophecy", "ship_cubes", "storage",
     "warehouse", "hand", "loading_cards"]
    + [f"cards_{t}" for t in CARD_TYPES]
    + ["craft_vp_done", "craft_vp_open", "craft_missing", "craft_miss1", "craft_miss2",
       "craft_miss3", "cubes_fitting", "merchant_vp", "journey_vp", "feast_vp", "defence",
       "defence_rank", "score_now", "heuristic_value", "planner_value", "turn_order",
       "coin_worth"]
    + [f"effect_{e}" for e in EFFECT_KINDS]
)
N_GLOBAL = len(GLOBAL)
N_PLAYER = len(PLAYER)
# perspective rows: the table, my row, the others' rows, the others' best and mean row
N_FEATURES = N_GLOBAL + (MAX_SEATS + 2) * N_PLAYER
_P = {name: i for i, name in enumerate(PLAYER)}


def position_features(view: Observation) -> tuple[np.ndarray, np.ndarray]:
    """(global row, seats × PLAYER rows) of a public view (an Observation or an observed
    GameState: the deck and the bag are read as sets only)."""
    st = view.state if isinstance(view, Observation) else view
    by_id = st.cards.by_id
    ctx = Ctx(st)
    n = st.n
    g = np.zeros(N_GLOBAL, dtype=np.float32)
    g[n - 2] = 1.0
    g[4] = st.mode == "jarl"
    g[5] = st.round
    g[6] = ctx.rounds_left
    g[7 + PHASES.index(st.phase)] = 1.0
    k = 7 + len(PHASES)
    g[k] = len(ctx.attacks)
    g[k + 1] = sum(a.gain for a in ctx.attacks)
    g[k + 2] = sum(a.loss for a in ctx.attacks)
    g[k + 3] = ctx.feasts_left
    g[k + 4] = sum(ctx.future)
    g[k + 5] = sum(ctx.demand)
    g[k + 6] = len(st.bag)
    g[k + 7] = sum(1 for c in st.spaces if c)
    g[k + 8] = sum(len(t) for t in st.space_goods)

    rows = np.zeros((n, N_PLAYER), dtype=np.float32)
    scores = final_scores(st)["scores"]
    defs = ctx.defs
    for i, pl in enumerate(st.players):
        r = rows[i]
        r[0] = pl.vp
        r[1] = pl.coins
        r[2] = pl.vikings
        r[3] = pl.brown
        r[4] = pl.vp_picts
        r[5] = pl.vp_prophecy
        r[6] = len(pl.ship_goods)
        r[7] = len(pl.storage)
        r[8] = len(pl.warehouse)
        r[9] = len(pl.hand)
        r[10] = len(pl.loading)
        held = Counter(pl.ship_goods + pl.storage + pl.warehouse + pl.hand)
        missing: Counter = Counter()
        done_vp = open_vp = miss = 0
        m1 = m2 = m3 = 0
        merchant = journey = feasts = 0
        filled = pl.filled or {}
        for cid in pl.cards + pl.loading:
            card = by_id[cid]
            r[11 + TYPE_INDEX[card.type]] += 1
            if card.effect:
                r[_P["effect_" + card.effect]] = 1.0
            t = card.type
            if t == "craftsman":
                need = list(card.goods)
                for c in filled.get(cid, ()):
                    need.remove(c)
                if need:
                    open_vp += card.vp
                    miss += len(need)
                    m1 += len(need) == 1
                    m2 += len(need) == 2
                    m3 += len(need) >= 3
                    missing.update(need)
                else:
                    done_vp += card.vp
            elif t == "merchant":
                merchant += card.vp
            elif t == "journey":
                journey += card.vp
            elif t == "feast":
                feasts += 1
        r[_P["craft_vp_done"]] = done_vp
        r[_P["craft_vp_open"]] = open_vp
        r[_P["craft_missing"]] = miss
        r[_P["craft_miss1"]] = m1
        r[_P["craft_miss2"]] = m2
        r[_P["craft_miss3"]] = m3
        r[_P["cubes_fitting"]] = sum(min(v, held[gd]) for gd, v in missing.items())
        r[_P["merchant_vp"]] = merchant
        r[_P["journey_vp"]] = journey
        r[_P["feast_vp"]] = feast_vp(feasts)
        r[_P["defence"]] = defs[i]
        below = sum(d < defs[i] for d in defs)
        r[_P["defence_rank"]] = (below - sum(d > defs[i] for d in defs)) / n
        r[_P["score_now"]] = scores[i]["total"]
        if st.phase == Phase.END:
            pv = hv = float(pl.vp)
        else:
            pv = plan_unload(ctx, i, holding_of(st, i)).value
            hv = player_value(ctx, i, plan_value=pv)
        r[_P["heuristic_value"]] = hv
        r[_P["planner_value"]] = pv
        r[_P["turn_order"]] = ((i - st.start_player) % n) / n
        r[_P["coin_worth"]] = ctx.coin_worth(i)
    return g, rows


def perspectives(glob: np.ndarray, seats: np.ndarray, n: np.ndarray, p: np.ndarray
                 ) -> np.ndarray:
    """Input rows (m × N_FEATURES) of m (position, seat) pairs: `glob` (m × N_GLOBAL), `seats`
    (m × MAX_SEATS × N_PLAYER, empty seats zero), `n` the positions' player counts and `p` the
    seats. A row is the table, seat p's own row, the others' rows in turn order after p (empty
    seats zero), then the others' largest and mean row."""
    m = glob.shape[0]
    k = np.arange(MAX_SEATS)
    n = n.astype(np.int64)[:, None]
    idx = (p.astype(np.int64)[:, None] + k[None, :]) % n
    valid = k[None, :] < n
    rot = seats[np.arange(m)[:, None], idx] * valid[..., None]
    others = rot[:, 1:]
    best = np.where(valid[:, 1:, None], others, -np.inf).max(axis=1)
    mean = others.sum(axis=1) / (n - 1)
    return np.concatenate([glob, rot.reshape(m, -1), best, mean], axis=1).astype(np.float32)


def table_rows(glob: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Every seat's input row (seats × N_FEATURES) of one position's position_features."""
    n = rows.shape[0]
    seats = np.zeros((n, MAX_SEATS, N_PLAYER), dtype=np.float32)
    seats[:, :n] = rows
    return perspectives(np.broadcast_to(glob, (n, glob.shape[0])), seats,
                        np.full(n, n), np.arange(n))
