"""What every phase shares: the board's sizes, card look-ups by effect, and moving cards,
cubes and vikings to the box, the common goods area or home."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .actions import Action, UseCard
from .cards import GOODS, Card, CardSet
from .effects import EFFECTS
from .events import CardUsed, Discarded, Event
from .rules import RULES
from .state import GameState, PlayerState

COLUMN_SIZE = RULES.column_size        # vikings in one demand column
START_VP = RULES.start_vp
START_COINS = RULES.start_coins
STORAGE_SPACES = RULES.storage_spaces  # the player board's storage space (the Warehouse: more)


def ids_where(cards: CardSet, key: str, test: Callable[[Card], bool]) -> frozenset[str]:
    """Card ids passing `test`, computed once per card set."""
    ids: frozenset[str] | None = cards.cache.get(key)
    if ids is None:
        ids = cards.cache[key] = frozenset(c.id for c in cards.cards if test(c))
    return ids


def _with_effect(cards: CardSet, effect: str) -> frozenset[str]:
    """The ids of the cards with `effect` (computed once per card set, keyed by the effect's
    name: no ids_where key is an effect's name)."""
    ids = cards.cache.get(effect)
    if ids is None:
        ids = cards.cache[effect] = frozenset(c.id for c in cards.cards if c.effect == effect)
    return ids


def holds(st: GameState, pl: PlayerState, effect: str, loading_too: bool = False) -> str | None:
    """The id of a card with `effect` in player pl's card area (with `loading_too`, in the
    loading area as well: Jarl's hall and the Toll house already work from there), or None."""
    ids = _with_effect(st.cards, effect)
    if ids.isdisjoint(pl.cards) and (not loading_too or ids.isdisjoint(pl.loading)):
        return None
    for c in pl.cards + pl.loading if loading_too else pl.cards:
        if c in ids:
            return c
    return None


def any_phase_uses(st: GameState, p: int) -> list[Action]:
    """UseCard options of p's usable any-phase cards (Trading post, Workshop, Loki: Theft)."""
    ids = ids_where(st.cards, "any_phase", _any_phase)
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


def _any_phase(card: Card) -> bool:
    return bool(card.effect) and EFFECTS[card.effect].any_phase


def _more_storage(card: Card) -> bool:
    return bool(card.effect) and EFFECTS[card.effect].extra_storage() != 0


def storage_of(cards: Iterable[Card]) -> tuple[int, int]:
    """(board storage spaces, extra spaces of these cards: the Warehouse's 4) that a player
    holding `cards` has: ask it of cards not bought yet too."""
    extra = 0
    for card in cards:
        if card.effect:
            extra += EFFECTS[card.effect].extra_storage()
    return STORAGE_SPACES, extra


def warehouse_space(st: GameState, pl: PlayerState) -> int:
    """Extra storage spaces of player pl's cards (the Warehouse: 4): storage_of of their cards,
    asked on every unloading step, so without building the list of cards."""
    if ids_where(st.cards, "more_storage", _more_storage).isdisjoint(pl.cards):
        return 0
    by_id = st.cards.by_id
    extra = 0
    for c in pl.cards:
        eff = by_id[c].effect
        if eff:
            extra += EFFECTS[eff].extra_storage()
    return extra


def spend_card(st: GameState, p: int, cid: str, ev: list[Event]) -> None:
    """A once-card from p's card area goes to the box after use."""
    pl = st.mut(p)
    pl.cards = tuple(c for c in pl.cards if c != cid)
    st.box = st.box + (cid,)
    ev.append(CardUsed(p, cid))


def discard_space(st: GameState, s: int, ev: list[Event], reason: str) -> None:
    """The card on space s (and its ship cubes) goes to the box."""
    cid = st.spaces[s]
    assert cid is not None   # (asked only of a space with a card)
    goods = st.space_goods[s]
    st.spaces[s] = None
    st.space_goods[s] = ()
    to_box(st, cid, goods, ev, reason)


def to_box(st: GameState, cid: str, goods: tuple[int, ...], ev: list[Event], reason: str) -> None:
    """Card `cid` goes to the box, its ship cubes to the common goods area."""
    st.box = st.box + (cid,)
    if goods:
        to_common(st, goods)
    ev.append(Discarded(cid, tuple(map(GOODS.__getitem__, goods)) if goods else (), reason))


def to_common(st: GameState, goods: Iterable[int]) -> None:
    """Cubes go to the common goods area."""
    common = list(st.common)
    for g in goods:
        common[g] += 1
    st.common = tuple(common)


def remove_one(t: tuple[int, ...], g: int) -> tuple[int, ...]:
    """`t` without one `g`."""
    i = t.index(g)
    return t[:i] + t[i + 1:]
