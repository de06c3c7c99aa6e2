"""Set-ups for the engine's rule tests: stacked games, quick play-throughs and direct state edits.

Expected values in the tests come from RULES.md and CARDS.md; these helpers only drive the
engine through its public API (new_game, legal_actions, apply_action) and, for mid-game
situations, edit a *copy* of a state (never a state the engine may still share).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from jorvik.carddata import load_cards
from jorvik.engine import (
    Action,
    Decline,
    Discard,
    Done,
    GameState,
    Pass,
    Place,
    Reserve,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
    viking_code,
)

AMBER, IRON, LEATHER, WOOL, JET, SILK, GLASS, GOLD = range(8)

NAMES = ("Peti", "Benedek", "Eszti", "Móni", "Zsófi")

# Karl cards that do nothing unless someone buys them: stacked decks use them as filler.
INERT = (
    "A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A10",
    "B01", "B02", "B03", "B04", "C01", "C02", "C03", "C04",
    "D01", "A13", "D11", "D12", "D14",
)


def filler(k: int, exclude: Iterable[str] = ()) -> list[str]:
    """k inert card ids, none of them in `exclude`."""
    ex = set(exclude)
    ids = [c for c in INERT if c not in ex]
    assert len(ids) >= k, "not enough filler cards"
    return ids[:k]


def game(players: int | list[str] = 2, mode: str = "karl", deck: list[str] | None = None,
         bag: list[int] | None = None, start: int = 0, seed: int = 1) -> GameState:
    """A new game with the named (Hungarian rulebook) players, optionally stacked."""
    names = list(NAMES[:players]) if isinstance(players, int) else list(players)
    return new_game(names, mode=mode, seed=seed, start_player=start, deck=deck, bag=bag, cards=load_cards())


def play(st: GameState, *actions: Action) -> GameState:
    """Apply the actions in order; returns the last state."""
    for a in actions:
        st, _ = apply_action(st, a)
    return st


def play_ev(st: GameState, *actions: Action) -> tuple[GameState, list[dict[str, Any]]]:
    """Apply the actions in order; returns the last state and all events."""
    events: list[dict[str, Any]] = []
    for a in actions:
        st, ev = apply_action(st, a)
        events.extend(ev)
    return st, events


def place(st: GameState, *moves: int | str | Action) -> GameState:
    """Demand phase: each move is a column number (own viking), "R8" (reserve space 8),
    "b3" (brown viking on column 3), "bR8" (brown viking reserving space 8) or an action.
    Moves are made by whoever is to place next."""
    for m in moves:
        if isinstance(m, Action):
            a = m
        elif isinstance(m, int):
            a = Place(m)
        elif m.startswith("bR"):
            a = Reserve(int(m[2:]), brown=True)
        elif m.startswith("R"):
            a = Reserve(int(m[1:]))
        elif m.startswith("b"):
            a = Place(int(m[1:]), brown=True)
        else:  # pragma: no cover
            raise ValueError(m)
        st, _ = apply_action(st, a)
    return st


def viking(player: int, brown: bool = False) -> int:
    """A viking's code in a demand column / the reservation row."""
    return viking_code(player, brown)


# --------------------------------------------------------------------------- state edits

def edit(st: GameState) -> GameState:
    """A copy of `st` that owns every player record, safe to change directly."""
    s = st.copy()
    s.players = [p.copy() for p in s.players]
    for p in s.players:
        p.filled = dict(p.filled or {})
    s.legal_cache = None
    return s


def _take_out_of_play(s: GameState, cards: Iterable[str]) -> None:
    """Cards handed to a player leave the set-aside pile / box / deck they were in."""
    cards = set(cards)
    s.set_aside = tuple(c for c in s.set_aside if c not in cards)
    s.box = tuple(c for c in s.box if c not in cards)
    s.deck = tuple(c for c in s.deck if c not in cards)


def with_player(st: GameState, p: int, **fields: Any) -> GameState:
    """A copy of `st` with player p's fields replaced (coins=…, vp=…, storage=(…), …)."""
    s = edit(st)
    pl = s.players[p]
    for k, v in fields.items():
        setattr(pl, k, v)
    return s


def give(st: GameState, p: int, *cards: str, filled: dict[str, Iterable[int]] | None = None,
         **fields: Any) -> GameState:
    """A copy of `st` where player p has `cards` in their card area (below the board),
    with cubes already on craftsmen (`filled`) and any other player fields set."""
    s = edit(st)
    _take_out_of_play(s, cards)
    pl = s.players[p]
    pl.cards = pl.cards + tuple(cards)
    for cid, cubes in (filled or {}).items():
        pl.filled[cid] = tuple(sorted(cubes))
    for k, v in fields.items():
        setattr(pl, k, v)
    return s


def load(st: GameState, p: int, *cards: str, goods: Iterable[int] = ()) -> GameState:
    """A copy of `st` where player p has bought `cards` this round: they lie in the loading
    area (above the board), with `goods` on the ships among them."""
    s = edit(st)
    _take_out_of_play(s, cards)
    pl = s.players[p]
    pl.loading = pl.loading + tuple(cards)
    pl.ship_goods = tuple(sorted(pl.ship_goods + tuple(goods)))
    return s


def with_common(st: GameState, **counts: int) -> GameState:
    """A copy of `st` with cubes in the common goods area, e.g. with_common(st, wool=2).
    The cubes are taken from the bag so the cube count stays right when possible."""
    from jorvik.engine import GOODS
    s = edit(st)
    common = list(s.common)
    bag = list(s.bag)
    for name, k in counts.items():
        g = GOODS.index(name)
        common[g] += k
        for _ in range(k):
            if g in bag:
                bag.remove(g)
    s.common = tuple(common)
    s.bag = tuple(bag)
    return s


# --------------------------------------------------------------------------- quick play

def _default(st: GameState) -> Action:
    """A neutral choice: decline or discard what is optional, place vikings on the lowest
    column, never buy, end unloading turns at once."""
    legal = legal_actions(st)
    for kind in (Decline, Discard, Pass):
        for a in legal:
            if isinstance(a, kind):
                return a
    if st.phase == "demand" and not st.pending:
        for a in legal:
            if isinstance(a, Place) and not a.brown:
                return a
        for a in legal:
            if isinstance(a, (Place, Reserve)):
                return a
    for a in legal:
        if isinstance(a, Done):
            return a
    return legal[0]


def step(st: GameState) -> GameState:
    st, _ = apply_action(st, _default(st))
    return st


def finish_demand(st: GameState) -> GameState:
    """Place every remaining viking on the lowest open column (no reservations)."""
    while st.phase == "demand" and not st.pending:
        st = step(st)
    return st


def pass_purchases(st: GameState) -> GameState:
    """Everybody declines every card still for sale (columns and reservation row)."""
    while st.phase in ("purchase", "reservation") and not st.pending:
        st, _ = apply_action(st, Pass())
    return st


def to_unloading(st: GameState) -> GameState:
    """From the demand phase: place the rest neutrally, buy nothing, and stop at the first
    unloading decision (or wherever the game goes on by itself)."""
    st = finish_demand(st)
    while st.pending and st.phase == "demand_end":
        st = step(st)
    return pass_purchases(st)


def finish_round(st: GameState) -> GameState:
    """Play the rest of the round neutrally; stops at the first decision of the next round
    (which may be a Picts-attack decision in its supply phase) or at the end of the game."""
    r = st.round
    while not is_over(st) and st.round == r and st.phase != "final":
        st = step(st)
    return st


def finish_game(st: GameState) -> GameState:
    while not is_over(st):
        st = step(st)
    return st


def unload_turn_of(st: GameState) -> int | None:
    return current_player(st) if st.phase == "unloading" else None
