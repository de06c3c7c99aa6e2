"""The demand phase (RULES.md §4.2): placing vikings in demand columns and reserving cards
(brown ones too, asking hired.py), Loki: Trickery at its end, and the cards nobody wants
going to the box."""

from __future__ import annotations

from .actions import Action, Done, Place, Reserve
from .board import COLUMN_SIZE, discard_space, holds
from .events import Event, PhaseStarted, Reserved, VikingPlaced
from .hired import may_place_brown, place_brown, stop_placing
from .kinds import Mode
from .loki import Trickery, swaps
from .phase import Phase
from .rules import RULES
from .state import GameState, Reservation, viking_code

COLUMNS, SPACES = RULES.columns, RULES.spaces   # demand columns 1-6 under spaces 1-6 of 12
_JARL = Mode.JARL   # (looked up once: the hot loop asks it at every placement)


# Interned placement actions, by brown and then by the column's index 0-5 (a reservation: the
# space's index 6-11, less 6): the hot loop builds lists of these instead of new objects.
_PLACE = {b: [Place(c + 1, b) for c in range(COLUMNS)] for b in (False, True)}
_RESERVE = {b: [Reserve(s + 1, b) for s in range(COLUMNS, SPACES)] for b in (False, True)}


def placements(st: GameState, p: int) -> list[Action]:
    """Player p's Place / Reserve options: own vikings, then brown ones (Hired hands)."""
    pl = st.players[p]
    spaces = st.spaces
    columns = st.columns
    open_cols = [c for c in range(COLUMNS) if spaces[c] is not None and len(columns[c]) < COLUMN_SIZE]
    open_res = ([s for s in range(COLUMNS, SPACES) if spaces[s] is not None]
                if st.mode == _JARL else [])
    out: list[Action] = []
    for brown in (False, True):
        if not (may_place_brown(pl) if brown else pl.vikings):
            continue
        place, reserve = _PLACE[brown], _RESERVE[brown]
        out += [place[c] for c in open_cols]
        out += [reserve[s - COLUMNS] for s in open_res]
    return out


def can_place(st: GameState, p: int) -> bool:
    """Whether player p still has a viking to place and somewhere to place it."""
    pl = st.players[p]
    if pl.vikings == 0 and not may_place_brown(pl):
        return False
    spaces = st.spaces
    for c in range(COLUMNS):
        if spaces[c] is not None and len(st.columns[c]) < COLUMN_SIZE:
            return True
    return st.mode == _JARL and any(spaces[s] is not None for s in range(COLUMNS, SPACES))


def do_demand(st: GameState, a: Action, ev: list[Event]) -> None:
    """Place or reserve one viking (or stop placing brown ones); the next player is up."""
    p = st.turn
    if isinstance(a, Done):
        stop_placing(st, p, ev)
    else:
        assert isinstance(a, (Place, Reserve))
        pl = st.mut(p)
        brown = a.brown
        code = viking_code(p, brown)
        if brown:
            place_brown(pl)
        else:
            pl.vikings -= 1
        if isinstance(a, Place):
            c = a.column - 1
            st.columns[c] = st.columns[c] + (code,)
            cid = st.spaces[c]
            assert cid is not None   # (a column is open only under a card)
            ev.append(VikingPlaced(p, a.column, brown, len(st.columns[c]), cid))
        else:
            s = a.space - 1
            cid = st.spaces[s]
            assert cid is not None   # (only a space with a card is reservable)
            st.reservation = st.reservation + (Reservation(cid, code, st.space_goods[s]),)
            st.spaces[s] = None
            st.space_goods[s] = ()
            ev.append(Reserved(p, a.space, cid, brown, len(st.reservation)))
    st.turn = (p + 1) % st.n


def end_demand(st: GameState, ev: list[Event]) -> None:
    """All vikings are placed: owners of Loki: Trickery decide, in turn order (the demand
    phase's end follows)."""
    order = [(st.start_player + i) % st.n for i in range(st.n)]
    decisions = []
    for p in order:
        trick = holds(st, st.players[p], "loki_trickery")
        if trick and swaps(st):
            decisions.append(Trickery(p, trick))
    st.pending = st.pending + tuple(reversed(decisions))


def discard_unclaimed(st: GameState, ev: list[Event]) -> Phase:
    """After the last viking: cards on spaces 1-6 without demand and every card left on
    spaces 7-12 go to the box; the purchase phase begins."""
    for s in range(SPACES):
        if st.spaces[s] is not None and (s >= COLUMNS or not st.columns[s]):
            discard_space(st, s, ev, "no_demand")
    st.turn = 0
    ev.append(PhaseStarted(Phase.PURCHASE))
    return Phase.PURCHASE
