"""The game state as plain slotted data that copies cheaply; to_dict gives its JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .actions import Action
from .cards import GOODS, CardSet
from .kinds import Mode
from .pending import Decision
from .phase import Phase


# A viking in a demand column or the reservation row is one small int: player * 2 + brown.
# These three and return_viking (below, on the hot path of every purchase) are the only places
# that know it.
def viking_code(player: int, brown: bool = False) -> int:
    """The code of player `player`'s viking (a brown one, placed from Hired hands, if `brown`)."""
    return player * 2 + brown


def viking_owner(code: int) -> int:
    """The player who placed the viking (a brown one's too: it buys for them)."""
    return code >> 1


def viking_is_brown(code: int) -> bool:
    """Whether the viking is a brown one (Hired hands): it goes to the box, not home."""
    return bool(code & 1)


class Reservation(NamedTuple):
    """One place in the Jarl reservation row: the reserved card, the viking on it (its code)
    and the cubes on the card's ship."""
    card: str
    viking: int
    goods: tuple[int, ...]


# (player, round, hand, storage, Warehouse) just before a storage<->Warehouse move
StoredBefore = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(slots=True)
class PlayerState:
    name: str
    coins: int = 5
    vp: int = 10
    vp_picts: int = 0          # net VP from Attacks of the Picts (after the 0 floor)
    vp_prophecy: int = 0       # VP from prophecy sacrifices
    vikings: int = 3           # own vikings in the player's supply
    brown: int = 0             # brown vikings waiting on the Hired hands card
    brown_done: bool = False   # stopped placing brown vikings this demand phase
    loading: tuple[str, ...] = ()        # cards in the loading area
    ship_goods: tuple[int, ...] = ()     # cubes on the ships in the loading area (sorted)
    cards: tuple[str, ...] = ()          # the card area, in order acquired
    filled: dict[str, tuple[int, ...]] = field(default_factory=dict)   # craftsman id -> cubes
    # on it (sorted); replaced, never changed in place, so copies share it
    storage: tuple[int, ...] = ()        # the player board's storage space (at most 1)
    warehouse: tuple[int, ...] = ()      # cubes on the Warehouse card (at most 4)
    hand: tuple[int, ...] = ()           # cubes unloaded this turn, not yet assigned (sorted)

    def copy(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.name = self.name
        p.coins = self.coins
        p.vp = self.vp
        p.vp_picts = self.vp_picts
        p.vp_prophecy = self.vp_prophecy
        p.vikings = self.vikings
        p.brown = self.brown
        p.brown_done = self.brown_done
        p.loading = self.loading
        p.ship_goods = self.ship_goods
        p.cards = self.cards
        p.filled = self.filled
        p.storage = self.storage
        p.warehouse = self.warehouse
        p.hand = self.hand
        return p

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "coins": self.coins,
            "vp": self.vp,
            "vp_picts": self.vp_picts,
            "vp_prophecy": self.vp_prophecy,
            "vikings": self.vikings,
            "brown": self.brown,
            "brown_done": self.brown_done,
            "loading_area": list(self.loading),
            "ship_goods": [GOODS[g] for g in self.ship_goods],
            "card_area": list(self.cards),
            "craftsmen": {k: [GOODS[g] for g in v] for k, v in self.filled.items()},
            "storage": [GOODS[g] for g in self.storage],
            "warehouse": [GOODS[g] for g in self.warehouse],
            "hand": [GOODS[g] for g in self.hand],
        }


@dataclass(slots=True)
class GameState:
    cards: CardSet
    mode: Mode
    seed: int | None
    players: list[PlayerState]
    first_player: int            # the start player of round 1
    start_player: int            # who holds Mjölnir now
    round: int = 0
    phase: Phase = Phase.SUPPLY_START
    deck: tuple[str, ...] = ()   # top first
    bag: tuple[int, ...] = ()    # draw order (hidden information)
    # card on spaces 1..12 (index 0..11), ship cubes on each space, demand columns 1..6 (top
    # first); new_game gives each its full length
    spaces: list[str | None] = field(default_factory=list)
    space_goods: list[tuple[int, ...]] = field(default_factory=list)
    columns: list[tuple[int, ...]] = field(default_factory=list)
    reservation: tuple[Reservation, ...] = ()          # the reservation row, left first
    common: tuple[int, ...] = (0,) * 8                 # common goods area, count per good
    box: tuple[str, ...] = ()                          # cards out of the game
    set_aside: tuple[str, ...] = ()                    # cards removed at setup
    brown_boxed: int = 0                               # brown vikings gone to the box
    turn: int = 0                # demand / unloading: whose turn; purchase: column index
    supply_pos: int = 0          # supply: how many spaces have been filled this round
    unload_ready: bool = False   # unloading: the turn player's income etc. are done
    pending: tuple[Decision, ...] = ()  # stack of sub-decisions, last = decides now
    info: int = 0                # count of cards revealed + cube draws (undo barrier)
    last_revealed: bool = False  # did the action that made this state reveal anything
    result: dict[str, Any] | None = None   # final scoring, once the game is over
    # (player, round, hand, storage, Warehouse) just before the last storage<->Warehouse move:
    # moving straight back to that is not offered (it changes nothing; no loop, RULES.md §4.4)
    stored_before: StoredBefore | None = None
    legal_cache: list[Action] | None = None
    owned: int = -1              # bitmask of players this state may mutate (copy-on-write)

    def mut(self, i: int) -> PlayerState:
        """Player i, copied first if still shared with an earlier state."""
        if not (self.owned >> i) & 1:
            self.players[i] = self.players[i].copy()
            self.owned |= 1 << i
        return self.players[i]

    @property
    def n(self) -> int:
        return len(self.players)

    def copy(self) -> GameState:
        s = GameState.__new__(GameState)
        s.cards = self.cards
        s.mode = self.mode
        s.seed = self.seed
        s.players = self.players[:]
        s.owned = 0
        s.first_player = self.first_player
        s.start_player = self.start_player
        s.round = self.round
        s.phase = self.phase
        s.deck = self.deck
        s.bag = self.bag
        s.spaces = self.spaces[:]
        s.space_goods = self.space_goods[:]
        s.columns = self.columns[:]
        s.reservation = self.reservation
        s.common = self.common
        s.box = self.box
        s.set_aside = self.set_aside
        s.brown_boxed = self.brown_boxed
        s.turn = self.turn
        s.supply_pos = self.supply_pos
        s.unload_ready = self.unload_ready
        s.pending = self.pending
        s.info = self.info
        s.last_revealed = False
        s.result = self.result
        s.stored_before = self.stored_before
        s.legal_cache = None
        return s

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (documented in docs/engine.md)."""
        return {
            "mode": str(self.mode),   # (plain strings in the JSON form, as the phase)
            "seed": self.seed,
            "cards_hash": self.cards.hash,
            "round": self.round,
            "phase": str(self.phase),
            "first_player": self.first_player,
            "start_player": self.start_player,
            "turn": self.turn,
            "supply_pos": self.supply_pos,
            "unload_ready": self.unload_ready,
            "deck": list(self.deck),
            "bag": [GOODS[g] for g in self.bag],
            "spaces": list(self.spaces),
            "space_goods": [[GOODS[g] for g in t] for t in self.space_goods],
            "demand_columns": [list(c) for c in self.columns],
            "reservation_row": [
                {"card": r.card, "viking": r.viking, "goods": [GOODS[g] for g in r.goods]}
                for r in self.reservation
            ],
            "common_goods": dict(zip(GOODS, self.common)),
            "box": list(self.box),
            "set_aside": list(self.set_aside),
            "brown_boxed": self.brown_boxed,
            "pending": [d.to_json() for d in self.pending],
            "info": self.info,
            "last_revealed": self.last_revealed,
            "players": [p.to_dict() for p in self.players],
            "result": self.result,
            "stored_before": None if self.stored_before is None else _stored_json(
                self.stored_before),
        }


# Slots of GameState that are not the game but ways of holding it: the card file (its hash is
# in to_dict), the legal actions once computed, the copy-on-write mask. Every other slot is in
# to_dict (tests/engine/test_observation.py checks it).
NOT_STATE = ("cards", "legal_cache", "owned")


def _stored_json(before: StoredBefore) -> dict[str, Any]:
    player, rnd, hand, storage, warehouse = before
    return {"player": player, "round": rnd, "hand": [GOODS[g] for g in hand],
            "storage": [GOODS[g] for g in storage],
            "warehouse": [GOODS[g] for g in warehouse]}


def return_viking(st: GameState, code: int) -> None:
    """A viking leaves the board: an own one goes home, a brown one to the box."""
    if code & 1:                                # viking_is_brown, without the call
        st.brown_boxed += 1
    else:
        st.mut(code >> 1).vikings += 1          # viking_owner
