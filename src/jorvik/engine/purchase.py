"""The purchase phase (RULES.md §4.3): buying or passing down each demand column, then the
reservation row; Jarl's hall, cards that act when bought; used-up Hired hands to the box
(hired.py)."""

from __future__ import annotations

from .actions import RESERVATION_ROW, Action, Buy, Pass
from .board import any_phase_uses, discard_space, holds, to_box
from .cards import GOODS
from .effects import EFFECTS
from .events import Bought, CardUsed, Event, Passed, PhaseStarted
from .hired import discard_used
from .phase import Phase
from .state import GameState, return_viking, viking_owner

# (looked up once: an enum member read off its class costs ~0.1 us, and this is the hot path)
_PURCHASE = Phase.PURCHASE

def price_at(vikings_in_column: int, position: int = 0) -> int:
    """The price ladder (RULES.md §4.3): the viking at `position` (0 = top) of a demand column
    of `vikings_in_column` pays one coin for each viking still in the column when its turn
    comes, its own included; the card at slot `position` of a reservation row of that many
    cards likewise. Ask it of a column as it would be, too."""
    return vikings_in_column - position


def price_now(st: GameState, column: int) -> int:
    """What the top viking in demand column `column` (1-6) pays now: one coin per viking in the
    column, their own included (RULES.md §4.3); 0 while the column is empty. Column
    RESERVATION_ROW gives the reservation row's price."""
    if column == RESERVATION_ROW:
        return reservation_price(st)
    return len(st.columns[column - 1])   # price_at(len(column)): the top viking's price


def reservation_price(st: GameState) -> int:
    """What the leftmost reserved card costs now: one coin per card in the reservation row,
    this one included (RULES.md §4.3)."""
    return len(st.reservation)   # price_at(len(row)): the leftmost card's price


def next_price(st: GameState, column: int) -> int:
    """The price in demand column `column` (or the reservation row) once one more viking (or
    reserved card) joins it: what a first viking in an empty column would pay."""
    return price_now(st, column) + 1


def price_due(st: GameState) -> int:
    """The price of the purchase decision now: the demand column on sale, or in the
    reservation phase the leftmost reserved card."""
    if st.phase == _PURCHASE:
        return price_now(st, st.turn + 1)
    return reservation_price(st)


# Interned: the purchase options are listed at every purchase decision.
_BUY, _BUY_FREE, _PASS = Buy(), Buy(hall=True), Pass()


def purchase_options(st: GameState, p: int, price: int) -> list[Action]:
    """Buy (if p can pay), buy free with Jarl's hall, pass; any-phase cards."""
    pl = st.players[p]
    out: list[Action] = [_BUY] if pl.coins >= price else []
    if holds(st, pl, "jarls_hall", loading_too=True):
        out.append(_BUY_FREE)
    out.append(_PASS)
    out += any_phase_uses(st, p)
    return out


def do_purchase(st: GameState, a: Action, ev: list[Event], auto: bool = False) -> None:
    """The deciding viking buys or passes: a demand column (§4.3), else the reservation row.
    `auto`: the engine passes for them, since they cannot pay (the event says so)."""
    if st.phase == _PURCHASE:
        c = st.turn
        col = st.columns[c]
        p = viking_owner(col[0])
        price = price_now(st, c + 1)
        cid = st.spaces[c]
        assert cid is not None   # (a column with vikings is under a card)
        if isinstance(a, Buy):
            buy(st, p, cid, st.space_goods[c], 0 if a.hall else price, a.hall, ev)
            for v in col:
                return_viking(st, v)
            st.columns[c] = ()
            st.spaces[c] = None
            st.space_goods[c] = ()
        else:
            ev.append(Passed(p, cid, price, auto))
            return_viking(st, col[0])
            st.columns[c] = col[1:]
            if not col[1:]:
                discard_space(st, c, ev, "nobody_bought")
    else:
        cid, code, goods = st.reservation[0]   # a Reservation
        p = viking_owner(code)
        price = reservation_price(st)
        if isinstance(a, Buy):
            buy(st, p, cid, goods, 0 if a.hall else price, a.hall, ev)
        else:
            ev.append(Passed(p, cid, price, auto))
            to_box(st, cid, goods, ev, "reservation_declined")
        return_viking(st, code)
        st.reservation = st.reservation[1:]


def buy(st: GameState, p: int, cid: str, goods: tuple[int, ...], price: int, hall: bool,
         ev: list[Event]) -> None:
    """Player p takes card `cid` (with its ship cubes) into the loading area for `price`."""
    pl = st.mut(p)
    if hall:
        hid = holds(st, pl, "jarls_hall")
        if hid:
            pl.cards = tuple(c for c in pl.cards if c != hid)
        else:
            hid = holds(st, pl, "jarls_hall", loading_too=True)
            pl.loading = tuple(c for c in pl.loading if c != hid)
        assert hid is not None   # (Buy(hall=True) is offered only to the hall's owner)
        st.box = st.box + (hid,)
        ev.append(CardUsed(p, hid))
    pl.coins -= price
    pl.loading = pl.loading + (cid,)
    if goods:
        pl.ship_goods = tuple(sorted(pl.ship_goods + goods))
    ev.append(Bought(p, cid, price, hall, tuple(map(GOODS.__getitem__, goods)) if goods else ()))
    eff = st.cards.by_id[cid].effect
    if eff:
        EFFECTS[eff].on_buy(st, p, ev)


def end_purchase(st: GameState, ev: list[Event]) -> None:
    """After the reservation row: used-up Hired hands go to the box; unloading begins (the
    phase that follows)."""
    discard_used(st, ev)
    st.turn = st.start_player
    st.unload_ready = False
    ev.append(PhaseStarted(Phase.UNLOADING))
