"""Conservation checks that must hold after every action (used by tests and `simulate`)."""

from __future__ import annotations

from .board import STORAGE_SPACES
from .effects import WAREHOUSE_SPACES
from .hired import BROWN_VIKINGS
from .modes import CUBES_IN_PLAY, VIKINGS_PER_PLAYER
from .state import GameState, viking_is_brown, viking_owner


def cube_total(st: GameState) -> int:
    total = len(st.bag) + sum(st.common)
    total += sum(len(g) for g in st.space_goods)
    total += sum(len(r.goods) for r in st.reservation)
    for pl in st.players:
        total += len(pl.ship_goods) + len(pl.hand) + len(pl.storage) + len(pl.warehouse)
        total += sum(len(v) for v in pl.filled.values())
    for dec in st.pending:
        total += len(dec.held())   # a cube handed over is in no other place
    return total


def _cards(st: GameState) -> list[str]:
    cards = list(st.deck) + [c for c in st.spaces if c] + [r.card for r in st.reservation]
    cards += list(st.box) + list(st.set_aside)
    for pl in st.players:
        cards += list(pl.loading) + list(pl.cards)
    return cards


def card_total(st: GameState) -> int:
    """How many cards are in the game, wherever they are (set-aside cards included)."""
    return len(_cards(st))


def violations(st: GameState, total_cards: int | None = None,
               total_cubes: int | None = None) -> list[str]:
    """Every broken invariant of `st`, as readable messages (empty when all is well). The
    totals default to a whole game's; a stacked game (a lesson) passes its own."""
    out: list[str] = []
    want = total_cubes if total_cubes is not None else CUBES_IN_PLAY[st.mode]
    got = cube_total(st)
    if got != want:
        out.append(f"cubes: {got} in play, expected {want}")
    cards = _cards(st)
    expected = total_cards if total_cards is not None else len(st.cards.cards)
    if len(cards) != expected or len(set(cards)) != len(cards):
        out.append(f"cards: {len(cards)} ({len(set(cards))} distinct), expected {expected}")
    per = VIKINGS_PER_PLAYER[st.mode]
    placed = [0] * st.n
    brown_on_board = 0
    for col in st.columns:
        for v in col:
            if viking_is_brown(v):
                brown_on_board += 1
            else:
                placed[viking_owner(v)] += 1
    for v in (r.viking for r in st.reservation):
        if viking_is_brown(v):
            brown_on_board += 1
        else:
            placed[viking_owner(v)] += 1
    for i, pl in enumerate(st.players):
        if pl.vikings + placed[i] != per:
            out.append(f"vikings: {pl.name} has {pl.vikings} + {placed[i]} placed, expected {per}")
        if pl.coins < 0:
            out.append(f"coins: {pl.name} has {pl.coins}")
        if pl.vp < 0:
            out.append(f"vp: {pl.name} has {pl.vp}")
        if len(pl.storage) > STORAGE_SPACES:
            out.append(f"storage: {pl.name} stores {len(pl.storage)} cubes")
        if len(pl.warehouse) > WAREHOUSE_SPACES:
            out.append(f"warehouse: {pl.name} holds {len(pl.warehouse)} cubes")
    brown = sum(pl.brown for pl in st.players) + brown_on_board + st.brown_boxed
    if brown not in (0, BROWN_VIKINGS):
        out.append(f"brown vikings: {brown} accounted for, expected 0 or {BROWN_VIKINGS}")
    return out
