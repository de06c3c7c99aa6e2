"""The public view of a game state, as the host sends it, and the state a client rebuilds.

The view holds what anyone at the table sees: the board, the players' areas, the pending
decision, the number of cards left in each season and of cubes in the bag. It never holds
the deck's cards or order, the bag's draw order, the seed, or the cards set aside at setup
(a client knows which cards a game of its size uses from its own card file). A client
rebuilds a GameState from it whose deck and bag are a stand-in made from public facts only
(unseen cards sorted by season, the bag's cubes sorted): enough to draw the board, list the
legal actions and compute a hint, never what the real deck holds."""

from __future__ import annotations

from collections import Counter
from typing import Any

from jorvik.engine import GOODS, CardSet, Decision, GameState, Phase, PlayerState, Reservation
from jorvik.engine.cards import CUBES_PER_GOOD
from jorvik.engine.invariants import cube_total
from jorvik.engine.modes import CUBES_IN_PLAY, GOODS_IN_PLAY

# Keys of GameState.to_dict() that are hidden or that a client works out for itself.
HIDDEN = ("deck", "bag", "seed", "set_aside")

DECISIONS: dict[str, type] = dict(Decision.KINDS)   # every pending decision kind


class ViewError(ValueError):
    """A view that does not describe a state of this card file's game."""


def public_view(st: GameState) -> dict[str, Any]:
    """What any player may see of `st` (see the module's docstring), as JSON-ready data."""
    data = st.to_dict()
    for k in HIDDEN:
        data.pop(k, None)
    by_id = st.cards.by_id
    seasons = Counter(by_id[c].season for c in st.deck)
    data["deck_left"] = dict(sorted(seasons.items()))
    data["bag_left"] = len(st.bag)
    # Public, and it changes what is legal (a storage<->Warehouse move straight back is not
    # offered), but not in to_dict: (player, round, hand, storage, Warehouse) or None.
    before = getattr(st, "stored_before", None)
    data["stored_before"] = None if before is None else json_ready(before)
    return data


def json_ready(value: Any) -> Any:
    """Tuples as lists, all the way down."""
    if isinstance(value, (tuple, list)):
        return [json_ready(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, (int, str)) or value is None:
        return value
    raise ViewError("not a position")


def _goods(names: Any) -> tuple[int, ...]:
    return tuple(sorted(GOODS.index(g) for g in names))


def state_from_view(view: dict[str, Any], cards: CardSet) -> GameState:
    """A GameState equal to the host's in everything public (ViewError when `view` does not
    fit this card file). Its deck and bag are public stand-ins (see the module)."""
    try:
        return _rebuild(view, cards)
    except ViewError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ViewError(f"not a view of this game: {type(e).__name__}") from None


def _rebuild(v: dict[str, Any], cards: CardSet) -> GameState:
    if not cards.plays_as(str(v["cards_hash"])):
        raise ViewError("the host plays with another card file")
    by_id = cards.by_id
    players = []
    for p in v["players"]:
        players.append(PlayerState(
            name=str(p["name"]), coins=int(p["coins"]), vp=int(p["vp"]),
            vp_picts=int(p["vp_picts"]), vp_prophecy=int(p["vp_prophecy"]),
            vikings=int(p["vikings"]), brown=int(p["brown"]), brown_done=bool(p["brown_done"]),
            loading=tuple(p["loading_area"]), ship_goods=_goods(p["ship_goods"]),
            cards=tuple(p["card_area"]),
            filled={k: _goods(g) for k, g in p["craftsmen"].items()},
            storage=_goods(p["storage"]), warehouse=_goods(p["warehouse"]),
            hand=_goods(p["hand"])))
    n, mode = len(players), v["mode"]
    pending = []
    for d in v["pending"]:
        cls = DECISIONS[d[0]]
        pending.append(cls(*d[1:]))
    st = GameState(
        cards=cards, mode=mode, seed=None, players=players,
        first_player=int(v["first_player"]), start_player=int(v["start_player"]),
        round=int(v["round"]), phase=Phase(str(v["phase"])),
        spaces=list(v["spaces"]),
        space_goods=[_goods(g) for g in v["space_goods"]],
        columns=[tuple(int(x) for x in c) for c in v["demand_columns"]],
        reservation=tuple(Reservation(r["card"], int(r["viking"]), _goods(r["goods"]))
                          for r in v["reservation_row"]),
        common=tuple(int(v["common_goods"][g]) for g in GOODS),
        box=tuple(v["box"]), brown_boxed=int(v["brown_boxed"]),
        turn=int(v["turn"]), supply_pos=int(v["supply_pos"]),
        unload_ready=bool(v["unload_ready"]), pending=tuple(pending), info=int(v["info"]),
        result=v["result"],
    )
    if hasattr(st, "stored_before"):
        before = v.get("stored_before")
        st.stored_before = None if before is None else _tuples(before)
    # The cards of this game (its size and mode), minus every card in sight: the deck.
    by_season = cards.deck_for(n, mode)
    final = cards.final_card().id
    in_game = {c for ids in by_season.values() for c in ids} | {final}
    st.set_aside = tuple(c.id for c in cards.cards if c.id not in in_game)
    seen = {c for c in st.spaces if c} | {c for c, _, _ in st.reservation} | set(st.box)
    for pl in players:
        seen |= set(pl.loading) | set(pl.cards)
    for c in seen:
        if c not in by_id:
            raise ViewError("a card this card file does not have")
    left = v["deck_left"]
    deck = sorted((c for c in in_game if c not in seen),
                  key=lambda c: (c == final, by_id[c].season, c))
    counts = Counter(by_id[c].season for c in deck)
    if {k: int(x) for k, x in left.items() if int(x)} != dict(counts):
        raise ViewError("the deck does not add up")
    st.deck = tuple(deck)
    # The bag: every cube of the game that is in no other place.
    n_goods = GOODS_IN_PLAY[mode]
    total = Counter({g: CUBES_PER_GOOD[g] for g in range(n_goods)})
    st.bag = ()
    out = Counter()
    for g, k in enumerate(st.common):
        out[g] += k
    for gs in st.space_goods:
        out.update(gs)
    for _, _, gs in st.reservation:
        out.update(gs)
    for pl in players:
        for gs in (pl.ship_goods, pl.hand, pl.storage, pl.warehouse, *pl.filled.values()):
            out.update(gs)
    for d in st.pending:
        out.update(d.held())   # a cube handed over is in no other place
    bag = total - out
    st.bag = tuple(sorted(bag.elements()))
    if len(st.bag) != int(v["bag_left"]) or cube_total(st) != CUBES_IN_PLAY[mode]:
        raise ViewError("the cubes do not add up")
    return st
