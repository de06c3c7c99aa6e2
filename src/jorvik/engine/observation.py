"""What a player at the table sees: the public view of a state (`observe`), and states a player
could believe the game is in (`determinize`). Bots and remote seats take their input here, so
they cannot read the deck's or the bag's order by construction.

Hidden in Jórvík are only the order of the deck within each season and the bag's draw order
(and the seed, which makes both). Everything else lies open on the table; the deck's cards per
season and the bag's cubes per good follow from what has been seen, so the view keeps them.

The view's JSON form (`Observation.to_json`) is what a hosted table sends to every seat and
onlooker; `Observation.from_json(data, cards)` reads it back (checked: a view that does not
fit the card file is a ViewError), to a state whose deck and bag are the fixed stand-ins
`observe` puts there."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .cards import CUBES_PER_GOOD, GOODS, CardSet
from .invariants import cube_total
from .kinds import Mode
from .modes import CUBES_IN_PLAY, GOODS_IN_PLAY
from .pending import Decision
from .phase import Phase
from .state import GameState, PlayerState, Reservation, StoredBefore

# The one list of what is hidden, as keys of GameState.to_dict(): the seed is left out of a
# view, and the deck and the bag are given only as counts (cards per season, cubes per good).
HIDDEN_FIELDS = ("seed", "deck", "bag")


class ViewError(ValueError):
    """A view's JSON that does not describe a state of this card file's game."""


@dataclass(frozen=True, slots=True, eq=False)
class Observation:
    """The public view of a state for `player` (None: anyone, e.g. a spectator). `state` is a
    copy with the hidden orders put in a fixed one (the deck sorted within its seasons, the bag
    sorted) and no seed: play on it only through `determinize`. Views are equal when they
    show the same thing."""

    player: int | None
    state: GameState

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data: `GameState.to_dict()` without the seed, with the deck as
        its card count per season (top season first) and the bag as its cube count per good."""
        st = self.state
        out = {k: v for k, v in st.to_dict().items() if k not in HIDDEN_FIELDS}
        out["observer"] = self.player
        by_id = st.cards.by_id
        deck: dict[str, int] = {}
        for cid in st.deck:
            season = by_id[cid].season
            deck[season] = deck.get(season, 0) + 1
        out["deck"] = deck
        bag = [0] * len(GOODS)
        for g in st.bag:
            bag[g] += 1
        out["bag"] = {GOODS[g]: k for g, k in enumerate(bag) if k}
        return out

    @classmethod
    def from_json(cls, data: Any, cards: CardSet) -> Observation:
        """The view `to_json` gave, read back with this card file (ViewError when `data` is not
        a view of a game played with it: wrong shape, unknown cards, cards or cubes that do not
        add up). Equal to the view it was made from."""
        try:
            return _read_view(data, cards)
        except ViewError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise ViewError(f"not a view of this game: {type(e).__name__}") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.player == other.player and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _deck_key(cards: CardSet) -> Callable[[str], tuple[str, str]]:
    by_id = cards.by_id
    return lambda cid: (by_id[cid].season, cid)   # (the final card's season "X" sorts last)


def observe(st: GameState, player: int | None) -> Observation:
    """The public view of `st` for `player`: what anyone at the table can see."""
    view = st.copy()
    view.deck = tuple(sorted(st.deck, key=_deck_key(st.cards)))
    view.bag = tuple(sorted(st.bag))
    view.seed = None
    view.last_revealed = st.last_revealed   # (copy() starts a new state's flag afresh)
    return Observation(player, view)


# ---------------------------------------------------------------- reading a view back
T = TypeVar("T")


def _is(value: Any, kind: type[T]) -> T:
    """`value` when it is of `kind` (a bool is no int here), else ViewError."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ViewError(f"not a {kind.__name__}")
    return value


def _list(value: Any) -> list[Any]:
    return _is(value, list)


def _goods(names: Any) -> tuple[int, ...]:
    return tuple(sorted(GOODS.index(_is(g, str)) for g in _list(names)))


def _card(cid: Any, cards: CardSet) -> str:
    text = _is(cid, str)
    if text not in cards.by_id:
        raise ViewError("a card this card file does not have")
    return text


def _plain(value: Any) -> Any:
    """A decision's field: lists as tuples, all the way down; ints and strings as they are."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    if isinstance(value, (int, str)) or value is None:
        return value
    raise ViewError("not a decision's field")


def _player(p: Any, cards: CardSet) -> PlayerState:
    p = _is(p, dict)
    return PlayerState(
        name=_is(p["name"], str), coins=_is(p["coins"], int), vp=_is(p["vp"], int),
        vp_picts=_is(p["vp_picts"], int), vp_prophecy=_is(p["vp_prophecy"], int),
        vikings=_is(p["vikings"], int), brown=_is(p["brown"], int),
        brown_done=_is(p["brown_done"], bool),
        loading=tuple(_card(c, cards) for c in _list(p["loading_area"])),
        ship_goods=_goods(p["ship_goods"]),
        cards=tuple(_card(c, cards) for c in _list(p["card_area"])),
        filled={_card(k, cards): _goods(g) for k, g in _is(p["craftsmen"], dict).items()},
        storage=_goods(p["storage"]), warehouse=_goods(p["warehouse"]),
        hand=_goods(p["hand"]))


def _decision(d: Any) -> Decision:
    kind, *rest = _list(d)
    cls = Decision.KINDS[_is(kind, str)]
    return cls(*(_plain(x) for x in rest))


def _reservation(r: Any, cards: CardSet) -> Reservation:
    r = _is(r, dict)
    return Reservation(_card(r["card"], cards), _is(r["viking"], int), _goods(r["goods"]))


def _stored_before(v: Any) -> StoredBefore | None:
    if v is None:
        return None
    v = _is(v, dict)
    return (_is(v["player"], int), _is(v["round"], int), _goods(v["hand"]),
            _goods(v["storage"]), _goods(v["warehouse"]))


def _table(v: dict[str, Any], cards: CardSet) -> GameState:
    """Everything of the view but the deck and the bag."""
    mode = Mode(_is(v["mode"], str))
    spaces = [None if c is None else _card(c, cards) for c in _list(v["spaces"])]
    return GameState(
        cards=cards, mode=mode, seed=None,
        players=[_player(p, cards) for p in _list(v["players"])],
        first_player=_is(v["first_player"], int), start_player=_is(v["start_player"], int),
        round=_is(v["round"], int), phase=Phase(_is(v["phase"], str)),
        spaces=spaces, space_goods=[_goods(g) for g in _list(v["space_goods"])],
        columns=[tuple(_is(x, int) for x in _list(c)) for c in _list(v["demand_columns"])],
        reservation=tuple(_reservation(r, cards) for r in _list(v["reservation_row"])),
        common=tuple(_is(_is(v["common_goods"], dict)[g], int) for g in GOODS),
        box=tuple(_card(c, cards) for c in _list(v["box"])),
        set_aside=tuple(_card(c, cards) for c in _list(v["set_aside"])),
        brown_boxed=_is(v["brown_boxed"], int),
        turn=_is(v["turn"], int), supply_pos=_is(v["supply_pos"], int),
        unload_ready=_is(v["unload_ready"], bool),
        pending=tuple(_decision(d) for d in _list(v["pending"])),
        info=_is(v["info"], int), last_revealed=_is(v["last_revealed"], bool),
        result=None if v["result"] is None else _is(v["result"], dict),
        stored_before=_stored_before(v["stored_before"]))


def _deck(st: GameState, counts: Any) -> tuple[str, ...]:
    """The deck as `observe` holds it: every card of the game in no other place, sorted
    within its season; its count per season must be the view's."""
    seen = {c for c in st.spaces if c} | {r.card for r in st.reservation} | set(st.box)
    seen |= set(st.set_aside)
    for pl in st.players:
        seen |= set(pl.loading) | set(pl.cards)
    deck = sorted((c.id for c in st.cards.cards if c.id not in seen),
                  key=_deck_key(st.cards))
    by_id = st.cards.by_id
    if dict(Counter(by_id[c].season for c in deck)) != {
            _is(k, str): _is(n, int) for k, n in _is(counts, dict).items() if n}:
        raise ViewError("the deck does not add up")
    return tuple(deck)


def _bag(st: GameState, counts: Any) -> tuple[int, ...]:
    """The bag as `observe` holds it (sorted): every cube of the mode in no other place; its
    count per good must be the view's."""
    total = Counter({g: CUBES_PER_GOOD[g] for g in range(GOODS_IN_PLAY[st.mode])})
    out: Counter[int] = Counter()
    for g, k in enumerate(st.common):
        out[g] += k
    for gs in st.space_goods:
        out.update(gs)
    for r in st.reservation:
        out.update(r.goods)
    for pl in st.players:
        for gs in (pl.ship_goods, pl.hand, pl.storage, pl.warehouse, *pl.filled.values()):
            out.update(gs)
    for d in st.pending:
        out.update(d.held())   # a cube handed over is in no other place
    bag = tuple(sorted((total - out).elements()))
    told = {GOODS.index(_is(g, str)): _is(n, int) for g, n in _is(counts, dict).items() if n}
    if dict(Counter(bag)) != told:
        raise ViewError("the cubes do not add up")
    return bag


def _read_view(data: Any, cards: CardSet) -> Observation:
    v = _is(data, dict)
    if not cards.plays_as(_is(v["cards_hash"], str)):
        raise ViewError("the host plays with another card file")
    st = _table(v, cards)
    st.deck = _deck(st, v["deck"])
    st.bag = _bag(st, v["bag"])
    if cube_total(st) != CUBES_IN_PLAY[st.mode]:
        raise ViewError("the cubes do not add up")
    observer = v["observer"]
    if observer is not None and not 0 <= _is(observer, int) < st.n:
        raise ViewError("no such player")
    return Observation(observer, st)


def determinize(st: GameState | Observation, rng: random.Random) -> GameState:
    """A copy of `st` (or of a view's state) whose hidden information — the order of the deck
    within each season, the bag's draw order — is re-drawn at random: what a player could
    believe the game is. Bots search on these so that they never read the real hidden order."""
    if isinstance(st, Observation):
        st = st.state
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
