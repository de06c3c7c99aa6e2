"""What a player at the table sees: the public view of a state (`observe`), and states a player
could believe the game is in (`determinize`). Bots and remote seats take their input here, so
they cannot read the deck's or the bag's order by construction.

Hidden in Jórvík are only the order of the deck within each season and the bag's draw order
(and the seed, which makes both). Everything else lies open on the table; the deck's cards per
season and the bag's cubes per good follow from what has been seen, so the view keeps them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import GOODS
from .state import GameState

HIDDEN_FIELDS = ("seed", "deck", "bag")   # of GameState.to_dict(): never in a view


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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.player == other.player and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def observe(st: GameState, player: int | None) -> Observation:
    """The public view of `st` for `player`: what anyone at the table can see."""
    view = st.copy()
    by_id = st.cards.by_id
    view.deck = tuple(sorted(st.deck, key=lambda cid: (by_id[cid].season, cid)))
    view.bag = tuple(sorted(st.bag))
    view.seed = None
    return Observation(player, view)


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
