"""Game records: settings, the initial deck and bag, and the action list, which replay to an
identical state. A record from outside is checked first, at the edge that reads it
(jorvik.recordschema), and reaches the engine as a `Record`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, IllegalAction
from .cards import CUBES_PER_GOOD, GOODS, CardSet
from .events import CardRevealed, CubesDrawn, Event
from .game import apply_action, new_game
from .modes import GOODS_PER_MODE
from .phase import Phase
from .refusals import Refusal
from .state import GameState

RECORD_FORMAT = "jorvik-record/1"


class RecordError(Exception):
    """A game record that cannot be replayed; `problems` has one clear line per problem. An
    action the rules refuse also gives its number (`move`, from 1), the engine's `reason`
    (a Refusal, for the front end to word) and the players' `names`."""

    def __init__(self, problems: str | list[str], reason: Refusal | None = None,
                 move: int | None = None, names: tuple[str, ...] = ()) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        self.reason, self.move, self.names = reason, move, names
        super().__init__("\n".join(self.problems))


class RecordWithoutDeck(RecordError):
    """A record made before records kept their seed and deck: it cannot be rebuilt exactly."""


class OtherCardFile(RecordError):
    """A record played with cards whose rules differ (CardSet.plays_as refuses its
    `cards_hash`)."""

    cards_hash: str = ""


class StackedRecord(RecordError):
    """A record of a game dealt from a stacked deck (a lesson, a test position): it can be
    replayed and reviewed, but it is not a saved game to play on."""


def setup_orders(st0: GameState, events: list[Event] | None = None,
                 ) -> tuple[list[str], list[str]]:
    """The deck (card ids, top first, the final card last) and the bag (goods in draw order)
    a game began with. `events` are those new_game gave for `st0`; without them the game is
    dealt again from its seed, which must give `st0` (ValueError otherwise)."""
    if events is None:
        events = []
        again = new_game([p.name for p in st0.players], mode=st0.mode, seed=st0.seed,
                         start_player=st0.first_player, cards=st0.cards, events=events)
        if again.to_dict() != st0.to_dict():
            raise ValueError("this game was not dealt from its seed: pass its deck and bag")
    deck = [e.card for e in events if isinstance(e, CardRevealed)] + list(st0.deck)
    bag = [g for e in events if isinstance(e, CubesDrawn) for g in e.goods]
    return deck, bag + [GOODS[g] for g in st0.bag]


def make_record(st0: GameState, actions: list[Action], start: GameState | None = None,
                deck: list[str] | None = None, bag: list[str] | None = None,
                stacked: bool = False) -> dict[str, Any]:
    """The JSON form of a game: its settings, initial deck and bag, and every action taken
    since `st0` (deck and bag are found with setup_orders when not given). `stacked`: the
    deck and bag were laid by hand (new_game(deck=…, bag=…)), not dealt from the seed."""
    if deck is None or bag is None:
        deck, bag = setup_orders(st0)
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "cards_hash": st0.cards.hash,
        "mode": str(st0.mode),
        "players": [p.name for p in st0.players],
        "seed": st0.seed,
        "start_player": st0.first_player,
        "deck": list(deck),
        "bag": list(bag),
        "actions": [a.to_json() for a in actions],
    }
    if stacked:
        rec["stacked"] = True
    return rec


def game_cubes(mode: str) -> Counter[str]:
    """The cubes in the bag at the start: 9 of each Karl good, and in Jarl 3 silk, glass, gold."""
    return Counter({g: CUBES_PER_GOOD[i] for i, g in enumerate(GOODS_PER_MODE[mode])})


def game_deck(cards: CardSet, players: int, mode: str) -> list[str]:
    """Every card id a game of this size and mode deals (the final card included)."""
    by_season = cards.deck_for(players, mode)
    return [cid for ids in by_season.values() for cid in ids] + [cards.final_card().id]


@dataclass(frozen=True, slots=True)
class Record:
    """A game record whose shape has been checked (jorvik.recordschema.check_record builds
    one from JSON): the settings, the deck and bag it was dealt (None in records older than
    them), the actions, and whether the deck and bag were laid by hand (`stacked`)."""
    mode: str
    players: tuple[str, ...]
    seed: int | None
    start_player: int
    deck: tuple[str, ...] | None
    bag: tuple[str, ...] | None
    actions: tuple[Action, ...]
    cards_hash: str = ""
    stacked: bool = False


def replay(rec: Record, cards: CardSet, states: list[GameState] | None = None,
           ) -> tuple[GameState, list[Action]]:
    """Rebuild a game from its checked record: the final state and the actions. The deck and
    bag must be the ones the seed deals, unless the record is a stacked one. Every state on
    the way is appended to `states` when given. Raises RecordError for a tampered or
    unplayable record."""
    st = first_state(rec, cards)
    # A stacked deck and bag are laid by hand: the game they deal must still keep every
    # invariant, with the cards and cubes it was dealt as its totals.
    check = _stacked_check(st) if rec.stacked else None
    if check is not None:
        check(st, 0)
    if states is not None:
        states.append(st)
    actions = list(rec.actions)
    for i, a in enumerate(actions):
        try:
            st, _ = apply_action(st, a)
        except IllegalAction as e:
            raise RecordError(f"action {i + 1} cannot be replayed: {e.reason}", reason=e.reason,
                              move=i + 1, names=tuple(pl.name for pl in st.players)) from None
        if check is not None:
            check(st, i + 1)
        if states is not None:
            states.append(st)
    return st, actions


def _stacked_check(first: GameState) -> Callable[[GameState, int], None]:
    """A check of each state of a stacked game against the totals it was dealt; RecordError
    naming the first broken invariant."""
    from .invariants import card_total, cube_total, violations
    cards, cubes = card_total(first), cube_total(first)
    if first.phase == Phase.END:
        raise RecordError("a stacked record must deal a game that can be played")

    def check(st: GameState, move: int) -> None:
        broken = violations(st, total_cards=cards, total_cubes=cubes)
        if broken:
            where = "as dealt" if move == 0 else f"after action {move}"
            raise RecordError(f"the stacked game is inconsistent {where}: {broken[0]}")
    return check


def first_state(rec: Record, cards: CardSet) -> GameState:
    """The state a checked record starts from (dealt from its deck and bag, which must be the
    seed's; a record older than deck and bag in records is dealt from its seed)."""
    assert rec.seed is not None
    if rec.stacked:
        assert rec.deck is not None and rec.bag is not None
        return new_game(rec.players, mode=rec.mode, seed=rec.seed,
                        start_player=rec.start_player, deck=rec.deck, bag=rec.bag, cards=cards)
    events: list[Event] = []
    seeded = new_game(rec.players, mode=rec.mode, seed=rec.seed, start_player=rec.start_player,
                      cards=cards, events=events)
    if rec.deck is None or rec.bag is None:
        return seeded
    if (list(rec.deck), list(rec.bag)) != setup_orders(seeded, events):
        raise RecordError("the deck and bag do not match the seed (the record was changed)")
    return new_game(rec.players, mode=rec.mode, seed=rec.seed, start_player=rec.start_player,
                    deck=rec.deck, bag=rec.bag, cards=cards)
