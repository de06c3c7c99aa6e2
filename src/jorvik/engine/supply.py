"""The supply phase (RULES.md §4.1): a new round, revealing cards onto the spaces, ships'
cubes; a revealed Attack of the Picts is resolved by picts.py."""

from __future__ import annotations

from functools import cache

from .cards import GOODS
from .cardtypes import TYPE_RULES
from .events import CardRevealed, CubesDrawn, Event, PhaseStarted, RoundStarted
from .hired import new_demand_phase
from .kinds import CardType, Mode
from .phase import Phase
from .picts import attack
from .state import GameState


def start_round(st: GameState, ev: list[Event]) -> Phase:
    """A new round begins (RULES.md §4.1), unless only Attack of the Picts cards are left:
    the phase that follows, the supply phase or the final one."""
    if all(st.cards.by_id[c].type == CardType.PICTS for c in st.deck):
        # Only the final Picts card is left (Ruling: with a seasonal attack just above it,
        # that attack is resolved first; no empty round is played).
        return Phase.FINAL
    st.round += 1
    st.supply_pos = 0
    ev.append(RoundStarted(st.round, st.start_player))
    return Phase.SUPPLY


@cache   # a few table sizes and modes; asked at every supply step
def fill_order(players: int, mode: str) -> tuple[int, ...]:
    """The card spaces (1-12) the supply phase fills, in order (RULES.md §4.1): players + 1
    spaces from space 1, and in Jarl as many again from space 7. Its length is the number of
    cards revealed onto spaces in a full round."""
    k = players + 1
    order = tuple(range(1, k + 1))
    if mode == Mode.JARL:
        order += tuple(range(7, 7 + k))
    return order


def fill_spaces(st: GameState, ev: list[Event]) -> Phase:
    """Reveal cards until the spaces are filled, pausing when an attack needs a decision (the
    supply phase goes on after it); then the demand phase."""
    by_id = st.cards.by_id
    order = fill_order(st.n, st.mode)
    final = st.cards.final_card().id
    while st.supply_pos < len(order):
        if not st.deck or st.deck[0] == final:
            break  # the deck ran down: the round is played with what was placed
        cid = st.deck[0]
        st.deck = st.deck[1:]
        st.info += 1
        card = by_id[cid]
        rules = TYPE_RULES[card.type]
        if not rules.on_space:   # an Attack of the Picts
            ev.append(CardRevealed(cid, None))
            st.box = st.box + (cid,)
            attack(st, cid, ev)
            if st.pending:
                return Phase.SUPPLY
            continue
        s = order[st.supply_pos] - 1
        st.supply_pos += 1
        st.spaces[s] = cid
        ev.append(CardRevealed(cid, s + 1))
        if rules.draws_cubes:
            k = card.ship_cubes(st.mode)
            drawn = st.bag[:k]
            st.bag = st.bag[k:]
            st.space_goods[s] = tuple(sorted(drawn))
            st.info += 1
            ev.append(CubesDrawn(cid, s + 1, tuple(map(GOODS.__getitem__, drawn))))
    st.turn = st.start_player
    new_demand_phase(st)
    ev.append(PhaseStarted(Phase.DEMAND))
    return Phase.DEMAND
