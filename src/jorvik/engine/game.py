"""The rules of Jórvík: new_game, legal_actions, apply_action and the automatic steps between."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from .actions import (
    Action, Assign, Buy, Decline, Discard, Done, Harbour, IllegalAction, Pass, Place, Reserve,
    Sell, Steal, Swap, Take, TakeOff, Trade, UseCard,
)
from .cards import CUBES_PER_GOOD, FEAST_VP, GOODS, SEASONS, CardSet
from .effects import EFFECTS, theft_targets
from .state import GameState, PlayerState, viking_owner

COLUMN_SIZE = 8
START_VP = 10
START_COINS = 5


# --------------------------------------------------------------------------- setup

def new_game(
    players: list[str] | tuple[str, ...],
    mode: str = "karl",
    seed: int | None = None,
    start_player: int | None = None,
    deck: list[str] | tuple[str, ...] | None = None,
    bag: list[str] | tuple[str, ...] | None = None,
    cards: CardSet | None = None,
    events: list[dict[str, Any]] | None = None,
) -> GameState:
    """Set up a game. `deck` (card ids, top first) and `bag` (goods in draw order) override
    the seeded shuffle, for tests and tutorials. Returns the state at the first decision;
    what happened on the way (round 1's supply) is appended to `events` when given."""
    if cards is None:
        from jorvik.carddata import load_cards  # the packaged card file, validated once
        cards = load_cards()
    names = [str(n) for n in players]
    if not 2 <= len(names) <= 5:
        raise ValueError(f"Jórvík is for 2 to 5 players, not {len(names)}")
    if mode not in ("karl", "jarl"):
        raise ValueError(f"unknown mode {mode!r}: use 'karl' or 'jarl'")
    n = len(names)
    if seed is None:  # every game has a concrete seed, kept in the state and its record
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    final = cards.final_card().id
    by_season = cards.deck_for(n, mode)
    in_game = {cid for ids in by_season.values() for cid in ids} | {final}
    set_aside = tuple(c.id for c in cards.cards if c.id not in in_game)
    if deck is None:
        order: list[str] = []
        for s in SEASONS:
            ids = list(by_season[s])
            rng.shuffle(ids)
            order.extend(ids)
        order.append(final)
    else:
        order = list(deck)
        unknown = [c for c in order if c not in cards.by_id]
        if unknown:
            raise ValueError(f"unknown card id(s) in deck: {unknown}")
        if final in order:
            order.remove(final)
        order.append(final)
        set_aside = tuple(c.id for c in cards.cards if c.id not in set(order))
    n_goods = 5 if mode == "karl" else 8
    if bag is None:
        cubes = [g for g in range(n_goods) for _ in range(CUBES_PER_GOOD[g])]
        rng.shuffle(cubes)
    else:
        index = {g: i for i, g in enumerate(GOODS)}
        try:
            cubes = [index[g] if isinstance(g, str) else int(g) for g in bag]
        except KeyError as e:
            raise ValueError(f"unknown good in bag: {e}") from None
    if start_player is None:
        start_player = rng.randrange(n)
    if not 0 <= start_player < n:
        raise ValueError(f"start player must be 0..{n - 1}")
    vikings = 3 if mode == "karl" else 4
    st = GameState(
        cards=cards,
        mode=mode,
        seed=seed,
        players=[PlayerState(name=nm, coins=START_COINS, vp=START_VP, vikings=vikings, filled={})
                 for nm in names],
        first_player=start_player,
        start_player=start_player,
        deck=tuple(order),
        bag=tuple(cubes),
        spaces=[None] * 12,
        space_goods=[()] * 12,
        columns=[()] * 6,
        set_aside=set_aside,
    )
    ev: list[dict] = [] if events is None else events
    _advance(st, ev)
    st.last_revealed = False
    return st


# --------------------------------------------------------------------------- queries

def current_player(st: GameState) -> int | None:
    """The player who decides now, or None when the game is over."""
    if st.pending:
        return st.pending[-1][1]
    ph = st.phase
    if ph in ("demand", "unloading"):
        return st.turn
    if ph == "purchase":
        return viking_owner(st.columns[st.turn][0])
    if ph == "reservation":
        return viking_owner(st.reservation[0][1])
    return None


def is_over(st: GameState) -> bool:
    return st.phase == "end"


def can_undo(st: GameState) -> bool:
    """Whether the action that produced `st` may be taken back: it revealed no card and drew
    no cube."""
    return not st.last_revealed


def storage_capacity(st: GameState, p: int) -> tuple[int, int]:
    """(board storage spaces, Warehouse spaces) of player p."""
    return 1, _warehouse_space(st, st.players[p])


def defence(st: GameState, p: int) -> int:
    """Player p's defence in an Attack of the Picts (warriors, doubled one by Shield wall)."""
    by_id = st.cards.by_id
    pl = st.players[p]
    warriors = [by_id[c].defence for c in pl.cards if by_id[c].type == "warrior"]
    total = sum(warriors)
    for c in pl.cards:
        eff = by_id[c].effect
        if eff:
            total += EFFECTS[eff].defence_bonus(warriors)
    return total


def price_now(st: GameState, column: int) -> int:
    """What the top viking in demand column `column` (1-6) would pay now."""
    return len(st.columns[column - 1])


def reservation_price(st: GameState) -> int:
    return len(st.reservation)


def complete(st: GameState, pl: PlayerState, cid: str) -> bool:
    return len(pl.filled.get(cid, ())) == len(st.cards.by_id[cid].goods)


def empty_fields(st: GameState, pl: PlayerState, cid: str) -> list[int]:
    """Goods still missing on craftsman `cid` (with repeats)."""
    need = list(st.cards.by_id[cid].goods)
    for g in pl.filled.get(cid, ()):
        need.remove(g)
    return need


def next_attack(st: GameState) -> str | None:
    """The id of the next Attack of the Picts card in the deck (public: one per season)."""
    by_id = st.cards.by_id
    for cid in st.deck:
        if by_id[cid].type == "picts":
            return cid
    return None


# --------------------------------------------------------------------------- legal actions

def legal_actions(st: GameState) -> list[Action]:
    """Every legal action for the player who decides now (empty when the game is over)."""
    cached = st.legal_cache
    if cached is not None:
        return cached
    out = _legal(st)
    st.legal_cache = out
    return out


def _legal(st: GameState) -> list[Action]:
    if st.pending:
        return _legal_pending(st, st.pending[-1])
    ph = st.phase
    if ph == "demand":
        p = st.turn
        out = _placements(st, p)
        if st.players[p].vikings == 0:
            out.append(Done())
        out.extend(_any_phase_uses(st, p))
        return out
    if ph == "purchase":
        p = viking_owner(st.columns[st.turn][0])
        return _purchase_options(st, p, len(st.columns[st.turn]))
    if ph == "reservation":
        p = viking_owner(st.reservation[0][1])
        return _purchase_options(st, p, len(st.reservation))
    if ph == "unloading":
        return _unloading_options(st, st.turn)
    return []


# Interned placement actions: the hot loop builds lists of these instead of new objects.
_PLACE = {(c, b): Place(c, b) for c in range(1, 7) for b in (False, True)}
_RESERVE = {(s, b): Reserve(s, b) for s in range(7, 13) for b in (False, True)}


def _placements(st: GameState, p: int) -> list[Action]:
    pl = st.players[p]
    spaces = st.spaces
    columns = st.columns
    open_cols = [c for c in range(6) if spaces[c] is not None and len(columns[c]) < COLUMN_SIZE]
    open_res = ([s for s in range(6, 12) if spaces[s] is not None]
                if st.mode == "jarl" else [])
    out: list[Action] = []
    for brown in (False, True):
        if (pl.brown == 0 or pl.brown_done) if brown else pl.vikings == 0:
            continue
        out += [_PLACE[c + 1, brown] for c in open_cols]
        out += [_RESERVE[s + 1, brown] for s in open_res]
    return out


def _ids_where(cards: CardSet, key: str, test) -> frozenset[str]:
    """Card ids passing `test`, computed once per card set."""
    ids = cards.cache.get(key)
    if ids is None:
        ids = cards.cache[key] = frozenset(c.id for c in cards.cards if test(c))
    return ids


def _holds(st: GameState, pl: PlayerState, effect: str, loading_too: bool = False) -> str | None:
    ids = _ids_where(st.cards, "effect:" + effect, lambda c: c.effect == effect)
    if ids.isdisjoint(pl.cards) and (not loading_too or ids.isdisjoint(pl.loading)):
        return None
    for c in pl.cards + pl.loading if loading_too else pl.cards:
        if c in ids:
            return c
    return None


def _any_phase_uses(st: GameState, p: int) -> list[Action]:
    ids = _ids_where(st.cards, "any_phase",
                     lambda c: bool(c.effect) and EFFECTS[c.effect].any_phase)
    cards = st.players[p].cards
    if ids.isdisjoint(cards):
        return []
    out: list[Action] = []
    for c in cards:
        if c in ids:
            eff = EFFECTS[st.cards.by_id[c].effect]
            if eff.usable(st, p):
                out.append(UseCard(c))
    return out


def _purchase_options(st: GameState, p: int, price: int) -> list[Action]:
    pl = st.players[p]
    out: list[Action] = []
    if pl.coins >= price:
        out.append(Buy())
    if _holds(st, pl, "jarls_hall", loading_too=True):
        out.append(Buy(hall=True))
    out.append(Pass())
    out.extend(_any_phase_uses(st, p))
    return out


def _warehouse_space(st: GameState, pl: PlayerState) -> int:
    by_id = st.cards.by_id
    extra = 0
    for c in pl.cards:
        eff = by_id[c].effect
        if eff:
            extra += EFFECTS[eff].extra_storage()
    return extra


def _card_targets(st: GameState, pl: PlayerState, g: int, merchants: bool) -> list[Action]:
    """Assignments of one cube of good g onto the player's cards (craftsman fields,
    merchants, prophecies); the Warehouse is handled by the caller."""
    by_id = st.cards.by_id
    out: list[Action] = []
    filled = pl.filled
    for c in pl.cards:
        card = by_id[c]
        t = card.type
        if t == "craftsman":
            if g in card.goods and card.goods.count(g) > filled.get(c, ()).count(g):
                out.append(Assign(g, "craftsman", c))
        elif t == "merchant":
            if merchants and card.goods[0] == g:
                out.append(Assign(g, "merchant", c))
        elif t == "prophecy":
            if card.goods[0] == g:
                out.append(Assign(g, "prophecy", c))
    return out


@lru_cache(maxsize=4096)
def _combos(pool: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Distinct sorted k-multisets drawn from the sorted multiset `pool`."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, chosen: tuple[int, ...]) -> None:
        if len(chosen) == k:
            out.append(chosen)
            return
        prev = -1
        for i in range(start, len(pool)):
            if pool[i] == prev:
                continue
            prev = pool[i]
            rec(i + 1, chosen + (pool[i],))

    rec(0, ())
    return tuple(out)


def _unloading_options(st: GameState, p: int) -> list[Action]:
    pl = st.players[p]
    out: list[Action] = []
    wh_space = _warehouse_space(st, pl)
    hand, storage, warehouse = pl.hand, pl.storage, pl.warehouse
    for g in sorted(set(hand) | set(storage) | set(warehouse)):
        src = "hand" if g in hand else "storage" if g in storage else "warehouse"
        out.extend(_card_targets(st, pl, g, merchants=True))
        if src == "hand" and len(storage) < 1:
            out.append(Assign(g, "storage"))
        if src != "warehouse" and len(warehouse) < wh_space:
            out.append(Assign(g, "warehouse"))
    pool = tuple(sorted(hand + storage + warehouse))
    if len(pool) >= 3:
        out.extend(Trade(c) for c in _combos(pool, 3))
    if len(pool) >= 2:
        out.extend(Sell(c) for c in _combos(pool, 2))
        if _holds(st, pl, "harbour_market"):
            out.extend(Harbour(c) for c in _combos(pool, 2))
    out.extend(_any_phase_uses(st, p))
    out.append(Done())
    return out


def _legal_pending(st: GameState, dec: tuple) -> list[Action]:
    kind, p = dec[0], dec[1]
    pl = st.players[p]
    if kind == "take":
        return [Take(g) for g in range(8) if st.common[g] > 0]
    if kind == "place_cube":
        g = dec[2]
        out = _card_targets(st, pl, g, merchants=True)
        if len(pl.warehouse) < _warehouse_space(st, pl):
            out.append(Assign(g, "warehouse"))
        out.append(Discard())
        return out
    if kind == "workshop":
        out = [TakeOff(c, g) for c, cubes in pl.filled.items() for g in sorted(set(cubes))]
        out.append(Decline())
        return out
    if kind == "theft":
        return [Steal(v, c, g) for v, c, g in theft_targets(st, p)]
    if kind == "trickery":
        out = _swaps(st)
        out.append(Decline())
        out.extend(_any_phase_uses(st, p))
        return out
    if kind in ("glory", "danegeld"):
        return [UseCard(dec[3]), Decline(), *_any_phase_uses(st, p)]
    raise AssertionError(f"unknown pending decision {dec!r}")


def _swaps(st: GameState) -> list[Action]:
    spots = [(c, i, v) for c in range(6) for i, v in enumerate(st.columns[c])]
    out: list[Action] = []
    for a in range(len(spots)):
        ca, ia, va = spots[a]
        for b in range(a + 1, len(spots)):
            cb, ib, vb = spots[b]
            if va != vb:
                out.append(Swap(ca + 1, ia, cb + 1, ib))
    return out


# --------------------------------------------------------------------------- apply

def apply_action(st: GameState, action: Action) -> tuple[GameState, list[dict[str, Any]]]:
    """Apply a legal action: returns the new state and the events that happened. The old
    state is unchanged; an illegal action raises IllegalAction and changes nothing."""
    legal = legal_actions(st)
    for a in legal:  # identity first: bots hand back one of the listed objects
        if a is action:
            break
    else:
        if action not in legal:
            raise IllegalAction(why_illegal(st, action))
    new = st.copy()
    ev: list[dict[str, Any]] = []
    info_before = new.info
    _do(new, action, ev)
    _advance(new, ev)
    new.last_revealed = new.info != info_before
    return new, ev


def why_illegal(st: GameState, action: Any) -> str:
    """A player-readable reason why `action` is not legal now."""
    if not isinstance(action, Action):
        return f"{action!r} is not an action"
    if st.phase == "end":
        return "the game is over"
    p = current_player(st)
    name = st.players[p].name if p is not None else "nobody"
    legal = legal_actions(st)
    same_type = [a for a in legal if type(a) is type(action)]
    what = action.type
    if st.pending:
        return (f"{name} must first finish: {st.pending[-1][0].replace('_', ' ')}"
                f" ({what} is not possible now)")
    if not same_type:
        return f"'{what}' is not possible in the {st.phase.replace('_', ' ')} phase now"
    if isinstance(action, Place):
        c = action.column
        if not 1 <= c <= 6 or st.spaces[c - 1] is None:
            return f"there is no card on space {c}"
        if len(st.columns[c - 1]) >= COLUMN_SIZE:
            return f"demand column {c} is full"
        if action.brown:
            return f"{name} has no brown viking to place"
    if isinstance(action, Reserve):
        return f"there is no card to reserve on space {action.space}"
    if isinstance(action, Buy):
        price = (len(st.columns[st.turn]) if st.phase == "purchase" else len(st.reservation))
        if action.hall:
            return f"{name} holds no Jarl's hall"
        return f"{name} cannot pay {price} coins (has {st.players[p].coins})"
    return f"{what} {action.to_json()} is not legal now"


def _do(st: GameState, a: Action, ev: list) -> None:
    if st.pending:
        dec = st.pending[-1]
        if isinstance(a, UseCard) and dec[0] in ("glory", "danegeld") and a.card == dec[3]:
            _resolve_attack_choice(st, dec, True, ev)
            return
        if isinstance(a, Decline) and dec[0] in ("glory", "danegeld"):
            _resolve_attack_choice(st, dec, False, ev)
            return
        if not isinstance(a, UseCard):
            _do_pending(st, dec, a, ev)
            return
    if isinstance(a, UseCard):
        _use_card(st, a.card, ev)
        return
    ph = st.phase
    if ph == "demand":
        _do_demand(st, a, ev)
    elif ph in ("purchase", "reservation"):
        _do_purchase(st, a, ev)
    elif ph == "unloading":
        _do_unloading(st, a, ev)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise IllegalAction(f"nothing to do in phase {ph}")


def _use_card(st: GameState, cid: str, ev: list) -> None:
    p = current_player(st)
    _spend_card(st, p, cid, ev)
    EFFECTS[st.cards.by_id[cid].effect].use(st, p, ev)


# ---- demand

def _do_demand(st: GameState, a: Action, ev: list) -> None:
    p = st.turn
    pl = st.mut(p)
    if isinstance(a, Done):
        pl.brown_done = True
        ev.append({"type": "stopped_placing", "player": p})
    else:
        brown = a.brown
        code = p * 2 + (1 if brown else 0)
        if brown:
            pl.brown -= 1
        else:
            pl.vikings -= 1
        if isinstance(a, Place):
            c = a.column - 1
            st.columns[c] = st.columns[c] + (code,)
            ev.append({"type": "viking_placed", "player": p, "column": a.column, "brown": brown,
                       "position": len(st.columns[c]), "card": st.spaces[c]})
        else:
            s = a.space - 1
            cid = st.spaces[s]
            st.reservation = st.reservation + ((cid, code, st.space_goods[s]),)
            st.spaces[s] = None
            st.space_goods[s] = ()
            ev.append({"type": "reserved", "player": p, "space": a.space, "card": cid,
                       "brown": brown, "slot": len(st.reservation)})
    st.turn = (p + 1) % st.n


def _can_place(st: GameState, p: int) -> bool:
    pl = st.players[p]
    if pl.vikings == 0 and (pl.brown == 0 or pl.brown_done):
        return False
    spaces = st.spaces
    for c in range(6):
        if spaces[c] is not None and len(st.columns[c]) < COLUMN_SIZE:
            return True
    return st.mode == "jarl" and any(spaces[s] is not None for s in range(6, 12))


def _discard_space(st: GameState, s: int, ev: list, reason: str) -> None:
    cid = st.spaces[s]
    goods = st.space_goods[s]
    st.spaces[s] = None
    st.space_goods[s] = ()
    _to_box(st, cid, goods, ev, reason)


def _to_box(st: GameState, cid: str, goods: tuple[int, ...], ev: list, reason: str) -> None:
    st.box = st.box + (cid,)
    if goods:
        _to_common(st, goods)
    ev.append({"type": "discarded", "card": cid, "goods": [GOODS[g] for g in goods],
               "reason": reason})


def _to_common(st: GameState, goods) -> None:
    common = list(st.common)
    for g in goods:
        common[g] += 1
    st.common = tuple(common)


def _return_viking(st: GameState, code: int) -> None:
    if code & 1:
        st.brown_boxed += 1
    else:
        st.mut(code >> 1).vikings += 1


# ---- purchase

def _do_purchase(st: GameState, a: Action, ev: list) -> None:
    if st.phase == "purchase":
        c = st.turn
        col = st.columns[c]
        p = viking_owner(col[0])
        price = len(col)
        cid = st.spaces[c]
        if isinstance(a, Buy):
            _buy(st, p, cid, st.space_goods[c], 0 if a.hall else price, a.hall, ev)
            for v in col:
                _return_viking(st, v)
            st.columns[c] = ()
            st.spaces[c] = None
            st.space_goods[c] = ()
        else:
            ev.append({"type": "passed", "player": p, "card": cid, "price": price, "auto": False})
            _return_viking(st, col[0])
            st.columns[c] = col[1:]
            if not col[1:]:
                _discard_space(st, c, ev, "nobody_bought")
    else:
        cid, code, goods = st.reservation[0]
        p = viking_owner(code)
        price = len(st.reservation)
        if isinstance(a, Buy):
            _buy(st, p, cid, goods, 0 if a.hall else price, a.hall, ev)
        else:
            ev.append({"type": "passed", "player": p, "card": cid, "price": price, "auto": False})
            _to_box(st, cid, goods, ev, "reservation_declined")
        _return_viking(st, code)
        st.reservation = st.reservation[1:]


def _buy(st: GameState, p: int, cid: str, goods: tuple[int, ...], price: int, hall: bool,
         ev: list) -> None:
    pl = st.mut(p)
    if hall:
        hid = _holds(st, pl, "jarls_hall")
        if hid:
            pl.cards = tuple(c for c in pl.cards if c != hid)
        else:
            hid = _holds(st, pl, "jarls_hall", loading_too=True)
            pl.loading = tuple(c for c in pl.loading if c != hid)
        st.box = st.box + (hid,)
        ev.append({"type": "card_used", "player": p, "card": hid})
    pl.coins -= price
    pl.loading = pl.loading + (cid,)
    if goods:
        pl.ship_goods = tuple(sorted(pl.ship_goods + goods))
    ev.append({"type": "bought", "player": p, "card": cid, "price": price, "free": hall,
               "goods": [GOODS[g] for g in goods]})
    eff = st.cards.by_id[cid].effect
    if eff:
        EFFECTS[eff].on_buy(st, p, ev)


# ---- unloading

def _take_from_pool(pl: PlayerState, goods: tuple[int, ...]) -> None:
    """Remove cubes from hand first, then board storage, then the Warehouse (that order
    never leaves a player worse off, so it needs no choice)."""
    hand, storage, warehouse = list(pl.hand), list(pl.storage), list(pl.warehouse)
    for g in goods:
        if g in hand:
            hand.remove(g)
        elif g in storage:
            storage.remove(g)
        else:
            warehouse.remove(g)
    pl.hand, pl.storage, pl.warehouse = tuple(hand), tuple(storage), tuple(warehouse)


def _place_cube(st: GameState, p: int, g: int, to: str, cid: str, ev: list) -> None:
    pl = st.mut(p)
    if to == "craftsman":
        pl.filled = {**pl.filled, cid: tuple(sorted(pl.filled.get(cid, ()) + (g,)))}
        if complete(st, pl, cid):
            ev.append({"type": "craftsman_complete", "player": p, "card": cid})
    elif to == "merchant":
        coins = st.cards.by_id[cid].coins_per_good
        pl.coins += coins
        _to_common(st, (g,))
        ev.append({"type": "coins", "player": p, "amount": coins, "reason": "merchant"})
    elif to == "prophecy":
        pl.vp += 2
        pl.vp_prophecy += 2
        _to_common(st, (g,))
        ev.append({"type": "vp", "player": p, "amount": 2, "reason": "prophecy"})
    elif to == "storage":
        pl.storage = pl.storage + (g,)
    elif to == "warehouse":
        pl.warehouse = pl.warehouse + (g,)


def _do_unloading(st: GameState, a: Action, ev: list) -> None:
    p = st.turn
    pl = st.mut(p)
    if isinstance(a, Done):
        if pl.hand:
            _to_common(st, pl.hand)
            ev.append({"type": "cubes_lost", "player": p, "goods": [GOODS[g] for g in pl.hand]})
            pl.hand = ()
        ev.append({"type": "unloading_done", "player": p})
        st.turn = (p + 1) % st.n
        st.unload_ready = False
        if st.turn == st.start_player:
            _end_round(st, ev)
        return
    if isinstance(a, Assign):
        g = a.good
        if g in pl.hand:
            pl.hand = _remove_one(pl.hand, g)
        elif g in pl.storage:
            pl.storage = _remove_one(pl.storage, g)
        else:
            pl.warehouse = _remove_one(pl.warehouse, g)
        _place_cube(st, p, g, a.to, a.card, ev)
        ev.append({"type": "assigned", "player": p, "good": GOODS[g], "to": a.to, "card": a.card})
        return
    _take_from_pool(pl, a.give)
    _to_common(st, a.give)
    gave = [GOODS[g] for g in a.give]
    if isinstance(a, Sell):
        pl.coins += 1
        ev.append({"type": "sold", "player": p, "goods": gave, "coins": 1})
    else:
        ev.append({"type": "traded" if isinstance(a, Trade) else "harbour_market",
                   "player": p, "goods": gave})
        st.pending = st.pending + (("take", p, a.type),)


def _remove_one(t: tuple[int, ...], g: int) -> tuple[int, ...]:
    i = t.index(g)
    return t[:i] + t[i + 1:]


def _do_pending(st: GameState, dec: tuple, a: Action, ev: list) -> None:
    kind, p = dec[0], dec[1]
    rest = st.pending[:-1]
    pl = st.mut(p)
    if kind == "take":
        common = list(st.common)
        common[a.good] -= 1
        st.common = tuple(common)
        ev.append({"type": "took", "player": p, "good": GOODS[a.good], "via": dec[2]})
        st.pending = rest + (("place_cube", p, a.good),)
    elif kind == "place_cube":
        g = dec[2]
        st.pending = rest
        if isinstance(a, Discard):
            _to_common(st, (g,))
            ev.append({"type": "cubes_lost", "player": p, "goods": [GOODS[g]]})
        else:
            _place_cube(st, p, g, a.to, a.card, ev)
            ev.append({"type": "assigned", "player": p, "good": GOODS[g], "to": a.to,
                       "card": a.card})
    elif kind == "workshop":
        if isinstance(a, Decline):
            st.pending = rest
            return
        left = dec[2] - 1
        pl.filled = {**pl.filled, a.card: _remove_one(pl.filled[a.card], a.good)}
        if not pl.filled[a.card]:
            pl.filled = {k: v for k, v in pl.filled.items() if v}
        ev.append({"type": "took_off", "player": p, "card": a.card, "good": GOODS[a.good]})
        st.pending = rest + ((("workshop", p, left),) if left else ()) + (("place_cube", p, a.good),)
    elif kind == "theft":
        victim = st.mut(a.player)
        victim.filled = {**victim.filled, a.card: _remove_one(victim.filled[a.card], a.good)}
        if not victim.filled[a.card]:
            victim.filled = {k: v for k, v in victim.filled.items() if v}
        ev.append({"type": "stolen", "player": p, "victim": a.player, "card": a.card,
                   "good": GOODS[a.good]})
        st.pending = rest + (("place_cube", p, a.good),)
    elif kind == "trickery":
        st.pending = rest
        if isinstance(a, Swap):
            ca, cb = a.column_a - 1, a.column_b - 1
            va, vb = st.columns[ca][a.position_a], st.columns[cb][a.position_b]
            col = list(st.columns[ca])
            col[a.position_a] = vb
            st.columns[ca] = tuple(col)
            col = list(st.columns[cb])
            col[a.position_b] = va
            st.columns[cb] = tuple(col)
            _spend_card(st, p, dec[2], ev)
            ev.append({"type": "swapped", "player": p, "a": [a.column_a, a.position_a],
                       "b": [a.column_b, a.position_b]})
        else:
            ev.append({"type": "declined", "player": p, "card": dec[2]})
            # An unused once-card stays for a later round.


def _start_unloading_turn(st: GameState, ev: list) -> None:
    p = st.turn
    pl = st.mut(p)
    by_id = st.cards.by_id
    income = (2 if not pl.loading else 1) + (1 if st.mode == "jarl" else 0)
    for c in pl.cards + pl.loading:
        eff = by_id[c].effect
        if eff:
            income += EFFECTS[eff].income_bonus()
    pl.coins += income
    ev.append({"type": "coins", "player": p, "amount": income, "reason": "income"})
    moved = []
    for c in pl.loading:
        eff = by_id[c].effect
        if eff and EFFECTS[eff].leaves_at_unloading():
            st.box = st.box + (c,)
            ev.append({"type": "discarded", "card": c, "goods": [], "reason": "used"})
            continue
        pl.cards = pl.cards + (c,)
        moved.append(c)
        if eff:
            EFFECTS[eff].on_card_area(pl)
    if moved:
        ev.append({"type": "to_card_area", "player": p, "cards": moved})
    pl.loading = ()
    if pl.ship_goods:
        pl.hand = tuple(sorted(pl.hand + pl.ship_goods))
        ev.append({"type": "unloaded", "player": p, "goods": [GOODS[g] for g in pl.ship_goods]})
        pl.ship_goods = ()
    st.unload_ready = True


def _end_round(st: GameState, ev: list) -> None:
    st.start_player = (st.start_player + 1) % st.n
    ev.append({"type": "start_player", "player": st.start_player})
    st.phase = "supply_start"


# ---- attacks

def _attack(st: GameState, cid: str, ev: list) -> None:
    card = st.cards.by_id[cid]
    n = st.n
    defs = [defence(st, p) for p in range(n)]
    hi, lo = max(defs), min(defs)
    order = [(st.start_player + i) % n for i in range(n)]
    winners = [p for p in order if defs[p] == hi] if hi != lo else []
    losers = [p for p in order if defs[p] == lo] if hi != lo else []
    ev.append({"type": "attack", "card": cid, "defence": defs, "gain": card.picts_gain,
               "loss": card.picts_loss, "winners": winners, "losers": losers})
    decisions = []
    for p in winners:
        glory = _holds(st, st.players[p], "glory")
        if glory:
            decisions.append(("glory", p, card.picts_gain, glory))
        else:
            _gain(st, p, card.picts_gain, "picts", ev)
    for p in losers:
        pl = st.players[p]
        dane = _holds(st, pl, "danegeld")
        if dane and pl.coins >= 2 and pl.vp > 0:
            decisions.append(("danegeld", p, card.picts_loss, dane))
        else:
            _gain(st, p, -card.picts_loss, "picts", ev)
    st.pending = st.pending + tuple(reversed(decisions))


def _gain(st: GameState, p: int, amount: int, reason: str, ev: list) -> None:
    pl = st.mut(p)
    if amount < 0:
        amount = -min(pl.vp, -amount)  # VP never go below 0
    pl.vp += amount
    pl.vp_picts += amount
    ev.append({"type": "vp", "player": p, "amount": amount, "reason": reason})


def _resolve_attack_choice(st: GameState, dec: tuple, use: bool, ev: list) -> None:
    kind, p, value, cid = dec
    st.pending = st.pending[:-1]
    pl = st.mut(p)
    if kind == "glory":
        if use:
            _spend_card(st, p, cid, ev)
            value *= 2
        _gain(st, p, value, "picts", ev)
    else:
        if use:
            pl.coins -= 2
            ev.append({"type": "coins", "player": p, "amount": -2, "reason": "danegeld"})
            ev.append({"type": "card_used", "player": p, "card": cid})
        else:
            _gain(st, p, -value, "picts", ev)


# ---- supply and the flow of the round

def _fill_order(st: GameState) -> list[int]:
    k = st.n + 1
    order = list(range(k))
    if st.mode == "jarl":
        order += list(range(6, 6 + k))
    return order


def _supply(st: GameState, ev: list) -> None:
    """Reveal cards until the spaces are filled, pausing when an attack needs a decision."""
    by_id = st.cards.by_id
    order = _fill_order(st)
    final = st.cards.final_card().id
    while st.supply_pos < len(order):
        if not st.deck or st.deck[0] == final:
            break  # the deck ran down: the round is played with what was placed
        cid = st.deck[0]
        st.deck = st.deck[1:]
        st.info += 1
        card = by_id[cid]
        if card.type == "picts":
            ev.append({"type": "card_revealed", "card": cid, "space": None})
            st.box = st.box + (cid,)
            _attack(st, cid, ev)
            if st.pending:
                return
            continue
        s = order[st.supply_pos]
        st.supply_pos += 1
        st.spaces[s] = cid
        ev.append({"type": "card_revealed", "card": cid, "space": s + 1})
        if card.type == "ship":
            k = card.ship_cubes(st.mode)
            drawn = st.bag[:k]
            st.bag = st.bag[k:]
            st.space_goods[s] = tuple(sorted(drawn))
            st.info += 1
            ev.append({"type": "cubes_drawn", "card": cid, "space": s + 1,
                       "goods": [GOODS[g] for g in drawn]})
    st.phase = "demand"
    st.turn = st.start_player
    for i, pl in enumerate(st.players):
        if pl.brown_done:
            st.mut(i).brown_done = False
    ev.append({"type": "phase", "phase": "demand"})


def _advance(st: GameState, ev: list) -> None:
    """Run the automatic steps until someone must decide or the game is over."""
    while not st.pending:
        ph = st.phase
        if ph == "demand":
            n = st.n
            for i in range(n):
                p = (st.turn + i) % n
                if _can_place(st, p):
                    st.turn = p
                    break
            else:
                _end_demand(st, ev)
                continue
            return
        if ph == "supply_start":
            by_id = st.cards.by_id
            if all(by_id[c].type == "picts" for c in st.deck):
                # Only the final Picts card is left (Ruling: with a seasonal attack just above
                # it, that attack is resolved first; no empty round is played).
                st.phase = "final"
                continue
            st.round += 1
            st.phase = "supply"
            st.supply_pos = 0
            ev.append({"type": "round", "round": st.round, "start_player": st.start_player})
            continue
        if ph == "final" and st.deck:
            cid = st.deck[0]
            st.deck = st.deck[1:]
            st.info += 1
            st.box = st.box + (cid,)
            ev.append({"type": "card_revealed", "card": cid, "space": None})
            _attack(st, cid, ev)
            continue
        if ph == "supply":
            _supply(st, ev)
            continue
        if ph == "final":
            st.result = final_scores(st)
            st.phase = "end"
            ev.append({"type": "game_over", **st.result})
            return
        if ph == "demand_end":
            for s in range(12):
                if st.spaces[s] is not None and (s >= 6 or not st.columns[s]):
                    _discard_space(st, s, ev, "no_demand")
            st.phase = "purchase"
            st.turn = 0
            ev.append({"type": "phase", "phase": "purchase"})
            continue
        if ph == "purchase":
            while st.turn < 6 and not st.columns[st.turn]:
                st.turn += 1
            if st.turn < 6:
                if _auto_pass(st, ev):
                    continue
                return
            st.phase = "reservation"
            continue
        if ph == "reservation":
            if st.reservation:
                if _auto_pass(st, ev):
                    continue
                return
            _end_purchase(st, ev)
            continue
        if ph == "unloading":
            if not st.unload_ready:
                _start_unloading_turn(st, ev)
            legal = _unloading_options(st, st.turn)
            if len(legal) == 1:  # nothing to assign: only "done"
                _do_unloading(st, legal[0], ev)
                continue
            st.legal_cache = legal
            return
        if ph == "end":
            return
        raise AssertionError(f"unknown phase {ph}")  # pragma: no cover


def _auto_pass(st: GameState, ev: list) -> bool:
    """A decider whose only option is to pass passes at once (they cannot pay)."""
    legal = _legal(st)
    if len(legal) == 1:
        first = len(ev)
        _do_purchase(st, legal[0], ev)
        ev[first]["auto"] = True  # the "passed" event: they could not pay
        return True
    st.legal_cache = legal
    return False


def _end_demand(st: GameState, ev: list) -> None:
    st.phase = "demand_end"
    order = [(st.start_player + i) % st.n for i in range(st.n)]
    decisions = []
    for p in order:
        trick = _holds(st, st.players[p], "loki_trickery")
        if trick and len(_swaps(st)) > 0:
            decisions.append(("trickery", p, trick))
    st.pending = st.pending + tuple(reversed(decisions))


def _spend_card(st: GameState, p: int, cid: str, ev: list) -> None:
    """A once-card from p's card area goes to the box after use."""
    pl = st.mut(p)
    pl.cards = tuple(c for c in pl.cards if c != cid)
    st.box = st.box + (cid,)
    ev.append({"type": "card_used", "player": p, "card": cid})


def _end_purchase(st: GameState, ev: list) -> None:
    # Placed brown vikings went to the box as they came back; Hired hands with none left on
    # it is discarded.
    for i, pl in enumerate(st.players):
        hh = _holds(st, pl, "hired_hands")
        if hh and pl.brown == 0:
            pl = st.mut(i)
            pl.cards = tuple(c for c in pl.cards if c != hh)
            st.box = st.box + (hh,)
            ev.append({"type": "discarded", "card": hh, "goods": [], "reason": "used"})
    st.phase = "unloading"
    st.turn = st.start_player
    st.unload_ready = False
    ev.append({"type": "phase", "phase": "unloading"})


# --------------------------------------------------------------------------- scoring

SCORE_CATEGORIES = ("start", "picts", "prophecies", "craftsmen", "merchants", "journeys",
                    "feasts", "skalds", "warehouse")


def final_scores(st: GameState) -> dict[str, Any]:
    """Final scoring: a per-player breakdown by category, totals, and the winner(s)."""
    by_id = st.cards.by_id
    rows = []
    for pl in st.players:
        row = dict.fromkeys(SCORE_CATEGORIES, 0)
        row["start"] = START_VP
        row["picts"] = pl.vp_picts
        row["prophecies"] = pl.vp_prophecy
        feasts = 0
        for c in pl.cards:
            card = by_id[c]
            t = card.type
            if t == "craftsman":
                if complete(st, pl, c):
                    row["craftsmen"] += card.vp
            elif t == "merchant":
                row["merchants"] += card.vp
            elif t == "journey":
                row["journeys"] += card.vp
            elif t == "feast":
                feasts += 1
            if card.effect:
                vp = EFFECTS[card.effect].final_vp(st, pl)
                if card.type == "skald":
                    row["skalds"] += vp
                elif card.effect == "warehouse":
                    row["warehouse"] += vp
        row["feasts"] = FEAST_VP[min(feasts, 4)]
        row["total"] = sum(row[k] for k in SCORE_CATEGORIES)
        row["coins"] = pl.coins
        rows.append(row)
    for i, row in enumerate(rows):
        st.mut(i).vp = row["total"]
    best = max((r["total"], r["coins"]) for r in rows)
    winners = [i for i, r in enumerate(rows) if (r["total"], r["coins"]) == best]
    return {"scores": rows, "winners": winners}


# --------------------------------------------------------------------------- hidden information

def determinize(st: GameState, rng: random.Random) -> GameState:
    """A copy of `st` whose hidden information (the order of the deck within each season,
    the bag's draw order) is re-drawn at random: what a player could believe the game is.
    Bots search on these so that they never read the real hidden order."""
    new = st.copy()
    by_id = st.cards.by_id
    final = st.cards.final_card().id
    rest = [c for c in st.deck if c != final]
    # Seasons are public (card backs); order within a season is not.
    seasons: dict[str, list[str]] = {}
    for c in rest:
        seasons.setdefault(by_id[c].season, []).append(c)
    order: list[str] = []
    for s in sorted(seasons):
        ids = sorted(seasons[s])  # sorted first: the sample depends on public facts only
        rng.shuffle(ids)
        order.extend(ids)
    if final in st.deck:
        order.append(final)
    new.deck = tuple(order)
    bag = sorted(st.bag)
    rng.shuffle(bag)
    new.bag = tuple(bag)
    return new
