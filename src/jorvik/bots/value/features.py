"""The value model's inputs: numbers describing a position's public view, per seat.

`position_features(view)` reads an :class:`~jorvik.engine.Observation` (or a state already
observed) and returns one global row and one row per seat (:data:`GLOBAL`, :data:`PLAYER`);
`perspectives` (`table_rows` for one position) arranges them from seat p's side: the table's
facts, p's own row, the others' in turn order after p (empty seats zero), their best and
mean. Everything read is public: the cards and cubes on the table and in every player's area,
coins, VP, the deck as a *set* of cards per season (never its order) and the bag's
*contents* (never its order).

Cheap by construction (bench/value.py --speed: about a fifth of the first model's features,
which asked the heuristic of every seat): every card's numbers are read once per card set
into tables (:class:`CardTables`, kept in the card set's cache), so the cards still to come
are a 0/1 vector times a table and a seat's cards add up their rows; only the craftsmen's
filled fields, the cubes held and the few cards scored by an effect are read one by one.
Nothing calls the heuristic (`knowledge.player_value`, the unloading planner): the model
learns the whole value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jorvik.engine import GOODS, Observation, Phase, fill_order
from jorvik.engine.board import START_VP
from jorvik.engine.cards import CARD_TYPES, EFFECT_KINDS, FEAST_VP, CardSet
from jorvik.engine.cardtypes import TYPE_RULES
from jorvik.engine.effects import EFFECTS
from jorvik.engine.kinds import CardType, Mode

MAX_SEATS = 5
N_GOODS = len(GOODS)
PHASES = tuple(Phase)
TYPE_INDEX = {t: i for i, t in enumerate(CARD_TYPES)}
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECT_KINDS)}

GLOBAL = (
    ["players_2", "players_3", "players_4", "players_5", "jarl", "round", "rounds_left"]
    + [f"phase_{p.value}" for p in PHASES]
    + ["attacks_left", "attack_gain", "attack_loss", "feasts_left", "future_cubes",
       "demand_fields", "cubes_in_bag", "cards_on_board", "cubes_on_board", "defence_left"]
)
# a seat's row: the facts read one by one (_seat_row, in this order), then the sums of its
# cards' rows of CardTables.seat, then what is worked out of those
_READ = ["vp", "coins", "vikings", "brown", "vp_picts", "vp_prophecy", "ship_cubes", "storage",
         "warehouse", "hand", "loading_cards", "craft_vp_done", "craft_vp_open",
         "craft_missing", "craft_miss1", "craft_miss2", "craft_miss3", "craft_vp_miss1",
         "cubes_fitting", "missing_to_come", "merchant_income", "prophecy_to_come",
         "score_now"]
_SUMMED = (["merchant_vp", "journey_vp", "feasts", "defence"]
           + [f"cards_{t}" for t in CARD_TYPES] + [f"effect_{e}" for e in EFFECT_KINDS])
PLAYER = _READ + _SUMMED + ["feast_vp", "defence_rank", "turn_order"]
N_GLOBAL = len(GLOBAL)
N_PLAYER = len(PLAYER)
# perspective rows: the table, my row, the others' rows, the others' best and mean row
N_FEATURES = N_GLOBAL + (MAX_SEATS + 2) * N_PLAYER
_P = {name: i for i, name in enumerate(PLAYER)}
_G = {name: i for i, name in enumerate(GLOBAL)}
_PHASE_AT = {p: _G[f"phase_{p.value}"] for p in PHASES}
_K = _G["attacks_left"]
_SUM0 = len(_READ)
_SUM1 = _SUM0 + len(_SUMMED)

# the columns of a card's row in CardTables.seat: _SUMMED
_S_MERCHANT, _S_JOURNEY, _S_FEAST, _S_DEFENCE = range(4)
_S_TYPES = 4
_S_EFFECTS = _S_TYPES + len(CARD_TYPES)
_S_WIDTH = len(_SUMMED)
# ... in CardTables.unseen (summed over the deck, the board and the reservation row)
(_U_PICTS, _U_GAIN, _U_LOSS, _U_FEAST, _U_SHIP_KARL, _U_SHIP_JARL, _U_WARRIOR, _U_NONPICTS,
 _U_DEMAND) = range(9)
_U_WIDTH = _U_DEMAND + N_GOODS


_CRAFTSMAN, _MERCHANT, _PROPHECY, _FEAST = 1, 2, 3, 4
_KINDS = {CardType.CRAFTSMAN: _CRAFTSMAN, CardType.MERCHANT: _MERCHANT,
          CardType.PROPHECY: _PROPHECY, CardType.FEAST: _FEAST}


class CardTables:
    """Every card's numbers of one card set, as rows of arrays indexed by the card's place in
    the set (read once per card set)."""

    def __init__(self, cards: CardSet):
        self.index = {c.id: i for i, c in enumerate(cards.cards)}
        m = len(cards.cards)
        self.seat = np.zeros((m, _S_WIDTH), dtype=np.float64)
        self.unseen = np.zeros((m, _U_WIDTH), dtype=np.float64)
        # a card's (kind, VP scored by the card itself, goods, coins a good) for _seat_row
        self.facts: dict[str, tuple[int, int, tuple[int, ...], int]] = {}
        self.scored_effects: set[str] = set()     # cards whose effect scores at the end
        self.shield: dict[str, str] = {}          # cards whose effect adds defence: effect
        for i, c in enumerate(cards.cards):
            self._card(i, c)
        # each card's nonzero entries of `seat`, as (column, value)
        self.seat_entries = [[(k, v) for k, v in enumerate(r) if v] for r in self.seat.tolist()]

    def _card(self, i: int, c: Any) -> None:
        kind = _KINDS.get(c.type, 0)
        own_vp = c.vp if c.type in (CardType.CRAFTSMAN, CardType.MERCHANT,
                                    CardType.JOURNEY) else 0
        self.facts[c.id] = (kind, own_vp, c.goods, c.coins_per_good)
        s = self.seat[i]
        u = self.unseen[i]
        s[_S_TYPES + TYPE_INDEX[c.type]] = 1.0
        if c.effect:
            s[_S_EFFECTS + EFFECT_INDEX[c.effect]] = 1.0
            eff = EFFECTS[c.effect]
            if eff.score:
                self.scored_effects.add(c.id)
            if eff.defence_bonus([1, 2]):
                self.shield[c.id] = c.effect
        if c.type == CardType.MERCHANT:
            s[_S_MERCHANT] = c.vp
        elif c.type == CardType.JOURNEY:
            s[_S_JOURNEY] = c.vp
        elif c.type == CardType.FEAST:
            s[_S_FEAST] = u[_U_FEAST] = 1.0
        elif c.type == CardType.CRAFTSMAN:
            for g in c.goods:
                u[_U_DEMAND + g] += 1.0
        elif c.type == CardType.SHIP:
            u[_U_SHIP_KARL] = c.ship_cubes(Mode.KARL)
            u[_U_SHIP_JARL] = c.ship_cubes(Mode.JARL)
        if TYPE_RULES[c.type].defends:
            s[_S_DEFENCE] = u[_U_WARRIOR] = c.defence
        if c.type == CardType.PICTS:
            u[_U_PICTS] = 1.0
            u[_U_GAIN] = c.picts_gain
            u[_U_LOSS] = c.picts_loss
        else:
            u[_U_NONPICTS] = 1.0


def tables_of(cards: CardSet) -> CardTables:
    """The card set's CardTables (made once, kept in the card set's cache)."""
    got = cards.cache.get("value.features")
    if got is None:
        got = cards.cache["value.features"] = CardTables(cards)
    return got


def position_features(view: Observation | Any) -> tuple[np.ndarray, np.ndarray]:
    """(global row, seats × PLAYER rows) of a public view (an Observation or an observed
    GameState: the deck and the bag are read as sets only)."""
    st = view.state if isinstance(view, Observation) else view
    tab = tables_of(st.cards)
    n = st.n
    # the sums of the seats' cards' rows (a card's nonzero entries, in Python: a seat holds
    # few cards) and of the cards still to come (the deck as a set, the board, the row)
    owned = [pl.cards + pl.loading for pl in st.players]
    board = [c for c in st.spaces if c]
    index = tab.index
    summed = []
    for cs in owned:
        acc = [0.0] * _S_WIDTH
        for c in cs:
            for k, v in tab.seat_entries[index[c]]:
                acc[k] += v
        summed.append(acc)
    unseen_ids = st.deck + tuple(board) + tuple(r.card for r in st.reservation)
    where = np.bincount(np.fromiter(map(index.__getitem__, unseen_ids), np.int64,
                                    len(unseen_ids)), minlength=len(index))
    unseen = (where @ tab.unseen).tolist()
    # the cubes still to come onto ships, by good: the bag's contents times the share of the
    # bag the ships still to come draw; a player's share of them
    bag = [0] * N_GOODS
    for cube in st.bag:
        bag[cube] += 1
    ships = unseen[_U_SHIP_JARL if st.mode == Mode.JARL else _U_SHIP_KARL]
    frac = min(1.0, ships / len(st.bag)) if st.bag else 0.0
    g = _global_row(st, unseen, len(board), frac * len(st.bag))
    share = [b * frac / n for b in bag]
    defence = []
    for i in range(n):   # a Shield wall doubles a warrior: the engine's rule, rarely needed
        if tab.shield and not tab.shield.keys().isdisjoint(owned[i]):
            summed[i][_S_DEFENCE] = _defence(owned[i], tab)
        defence.append(summed[i][_S_DEFENCE])
    rows = []
    for i, pl in enumerate(st.players):
        d = defence[i]
        rank = sum((e < d) - (e > d) for e in defence) / n
        rows.append(_seat_row(st, pl, tab, share) + summed[i]
                    + [FEAST_VP[min(int(summed[i][_S_FEAST]), len(FEAST_VP) - 1)], rank,
                       ((i - st.start_player) % n) / n])
    return g, np.array(rows, dtype=np.float32)


def _global_row(st: Any, unseen: list[float], board: int, future: float) -> np.ndarray:
    """The table's row (`future`: the bag's cubes the ships still to come draw)."""
    n = st.n
    g = [0.0] * N_GLOBAL
    g[n - 2] = 1.0
    g[4] = float(st.mode == Mode.JARL)
    g[5] = st.round
    g[6] = -(-int(unseen[_U_NONPICTS] - board - len(st.reservation))
             // len(fill_order(n, st.mode)))
    g[_PHASE_AT[st.phase]] = 1.0
    g[_K:_K + 10] = [unseen[_U_PICTS], unseen[_U_GAIN], unseen[_U_LOSS], unseen[_U_FEAST],
                     future, sum(unseen[_U_DEMAND:]), len(st.bag), board,
                     sum(len(t) for t in st.space_goods), unseen[_U_WARRIOR]]
    return np.array(g, dtype=np.float32)


def _defence(cids: tuple[str, ...], tab: CardTables) -> float:
    """Defence with a Shield wall among the cards: the warriors' and each defence effect's
    bonus on them (the engine's picts.defence_of, read from the tables)."""
    warriors = [int(tab.seat[tab.index[c], _S_DEFENCE]) for c in cids
                if tab.seat[tab.index[c], _S_DEFENCE]]
    return float(sum(warriors) + sum(EFFECTS[tab.shield[c]].defence_bonus(warriors)
                                     for c in cids if c in tab.shield))


def _seat_row(st: Any, pl: Any, tab: CardTables, share: list[float]) -> list[float]:
    """The facts of a seat's row read card by card (_READ): counts of cubes, the craftsmen's
    missing goods, the merchants' and prophecies' goods to come, the score if the game ended
    now (engine.final_scores' total: the card area alone, the cards still loading left
    out)."""
    held = [0] * N_GOODS
    for cube in pl.ship_goods + pl.storage + pl.warehouse + pl.hand:
        held[cube] += 1
    missing: dict[int, int] = {}
    done_vp = open_vp = miss = m1 = m2 = m3 = vp1 = feasts = 0
    income = prophecy = 0.0
    score = START_VP + pl.vp_picts + pl.vp_prophecy
    filled = pl.filled or {}
    scoring = len(pl.cards)   # the first cards are the card area, the rest still loading
    for j, cid in enumerate(pl.cards + pl.loading):
        kind, vp, good, coins = tab.facts[cid]
        if j < scoring and cid in tab.scored_effects:
            score += EFFECTS[st.cards.by_id[cid].effect].final_vp(st, pl)
        if kind == _CRAFTSMAN:
            need = list(good)
            for c in filled.get(cid, ()):
                need.remove(c)
            k = len(need)
            if not k:
                done_vp += vp
                score += vp if j < scoring else 0
                continue
            open_vp += vp
            miss += k
            m1 += k == 1
            m2 += k == 2
            m3 += k >= 3
            vp1 += vp if k == 1 else 0
            for gd in need:
                missing[gd] = missing.get(gd, 0) + 1
            continue
        if j < scoring:
            score += vp
            feasts += kind == _FEAST
        if kind == _MERCHANT:
            income += share[good[0]] * coins
        elif kind == _PROPHECY:
            prophecy += share[good[0]]
    score += FEAST_VP[min(feasts, len(FEAST_VP) - 1)]
    return [pl.vp, pl.coins, pl.vikings, pl.brown, pl.vp_picts, pl.vp_prophecy,
            len(pl.ship_goods), len(pl.storage), len(pl.warehouse), len(pl.hand),
            len(pl.loading), done_vp, open_vp, miss, m1, m2, m3, vp1,
            sum(min(v, held[gd]) for gd, v in missing.items()),
            sum(v * share[gd] for gd, v in missing.items()), income, prophecy, score]


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


# per player count n: for each seat p, the seats in turn order from p, then n (a zero row)
# for the empty seats
_ROTATIONS = {n: np.array([[(p + k) % n if k < n else n for k in range(MAX_SEATS)]
                           for p in range(n)]) for n in range(2, MAX_SEATS + 1)}


def table_rows(glob: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Every seat's input row (seats × N_FEATURES) of one position's position_features (as
    perspectives, for one position at a time)."""
    n = rows.shape[0]
    padded = np.zeros((n + 1, N_PLAYER), dtype=np.float32)
    padded[:n] = rows
    rot = padded[_ROTATIONS[n]]            # n × MAX_SEATS × N_PLAYER
    others = rot[:, 1:n]
    out = np.empty((n, N_FEATURES), dtype=np.float32)
    out[:, :N_GLOBAL] = glob
    end = N_GLOBAL + MAX_SEATS * N_PLAYER
    out[:, N_GLOBAL:end] = rot.reshape(n, -1)
    out[:, end:end + N_PLAYER] = others.max(axis=1)
    out[:, end + N_PLAYER:] = others.sum(axis=1) / (n - 1)
    return out
