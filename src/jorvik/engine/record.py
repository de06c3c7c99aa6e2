"""Game records: settings, the initial deck and bag, and the action list, which replay to an
identical state; checked at the edge by one schema before anything is replayed."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Literal

from pydantic import (
    BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError,
    ValidationInfo,
    field_validator, model_validator,
)

from .actions import Action, IllegalAction, action_from_json
from .cards import CUBES_PER_GOOD, GOODS, CardSet
from .game import apply_action, new_game
from .modes import GOODS_PER_MODE
from .names import names_problem, shown
from .state import GameState

RECORD_FORMAT = "jorvik-record/1"
MAX_ACTIONS = 20_000  # far beyond any real game
SEED_RANGE = (-2**63, 2**64)


class RecordError(Exception):
    """A game record that cannot be replayed; `problems` has one clear line per problem."""

    def __init__(self, problems: str | list[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))


class RecordWithoutDeck(RecordError):
    """A record made before records kept their seed and deck: it cannot be rebuilt exactly."""


class OtherCardFile(RecordError):
    """A record played with another card file (its cards_hash differs)."""


class StackedRecord(RecordError):
    """A record of a game dealt from a stacked deck (a lesson, a test position): it can be
    replayed and reviewed, but it is not a saved game to play on."""


def setup_orders(st0: GameState, events: list[dict[str, Any]] | None = None,
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
    deck = [e["card"] for e in events if e["type"] == "card_revealed"] + list(st0.deck)
    bag = [g for e in events if e["type"] == "cubes_drawn" for g in e["goods"]]
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
        "mode": st0.mode,
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


def _differences(what: str, given: list[str], expected: list[str]) -> list[str]:
    """Lines naming what is twice, missing or foreign in `given` against `expected`."""
    have, want = Counter(given), Counter(expected)
    out = []
    if len(given) != len(expected):
        out.append(f"{what}: {len(given)} items, a game of this size and mode has "
                   f"{len(expected)}")
    extra = sorted(k for k, v in have.items() if k in want and v > want[k])
    foreign = sorted(k for k in have if k not in want)
    missing = sorted(k for k, v in want.items() if have.get(k, 0) < v)
    if extra:
        out.append(f"{what}: too many of {', '.join(shown(x, 30) for x in extra[:8])}")
    if foreign:
        out.append(f"{what}: {', '.join(shown(x, 30) for x in foreign[:8])} "
                   f"{'does' if len(foreign) == 1 else 'do'} not belong in this game")
    if missing:
        out.append(f"{what}: too few of {', '.join(shown(x, 30) for x in missing[:8])}")
    return out


def _stacked_differences(what: str, given: list[str], expected: list[str]) -> list[str]:
    """Like _differences for a deck or bag laid by hand: part of the game's cards or cubes is
    enough, but nothing twice, nothing foreign."""
    return [line for line in _differences(what, given, expected)
            if "items, a game" not in line and "too few" not in line]


class RecordModel(BaseModel):
    """The shape of a record; with a CardSet in the validation context, also its deck, bag and
    card file. Every problem found becomes one line of the RecordError."""

    model_config = ConfigDict(extra="ignore")

    format: Literal["jorvik-record/1"]
    cards_hash: StrictStr = Field(max_length=200)
    mode: Literal["karl", "jarl"]
    players: list[StrictStr] = Field(min_length=2, max_length=5)
    seed: StrictInt | None = Field(ge=SEED_RANGE[0], lt=SEED_RANGE[1])
    start_player: StrictInt
    deck: list[StrictStr] | None = Field(default=None, max_length=500)
    bag: list[StrictStr] | None = Field(default=None, max_length=200)
    actions: list[Any] = Field(max_length=MAX_ACTIONS)
    stacked: StrictBool = False

    @field_validator("players")
    @classmethod
    def _names(cls, names: list[str]) -> list[str]:
        problem = names_problem(names)
        if problem is not None:
            words = {"not_text": "is not text", "empty": "is empty",
                     "too_long": "is longer than 24 characters",
                     "unprintable": "has a control character",
                     "duplicate": "appears twice"}[problem[0]]
            raise ValueError(f"the name {shown(problem[1])} {words}")
        return names

    @field_validator("start_player")
    @classmethod
    def _start(cls, start: int, info: ValidationInfo) -> int:
        n = len(info.data.get("players") or ())
        if n and not 0 <= start < n:
            raise ValueError(f"must be 0..{n - 1}, not {start}")
        return start

    @field_validator("actions")
    @classmethod
    def _actions(cls, actions: list[Any]) -> list[Any]:
        parsed = []
        for i, data in enumerate(actions):
            try:
                parsed.append(action_from_json(data))
            except IllegalAction as e:
                raise ValueError(f"action {i + 1} is malformed: {shown(str(e), 80)}") from None
        return parsed

    @model_validator(mode="after")
    def _fits_the_game(self, info: ValidationInfo) -> RecordModel:
        n = len(self.players)
        problems = []
        cards = (info.context or {}).get("cards")
        if cards is not None and self.deck is not None:
            expected = game_deck(cards, n, self.mode)
            if self.stacked:
                problems += _stacked_differences("deck", self.deck, expected)
            else:
                problems += _differences("deck", self.deck, expected)
        if self.bag is not None:
            cubes = list(game_cubes(self.mode).elements())
            problems += (_stacked_differences if self.stacked else _differences)(
                "bag", self.bag, cubes)
        if self.stacked and not (self.deck and self.bag):
            problems.append("a stacked record needs its deck and bag, neither empty")
        if (self.deck is None) != (self.bag is None):
            problems.append("a record has both a deck and a bag, or neither")
        if problems:
            raise ValueError("\n".join(problems))
        return self


def problem_lines(error: ValidationError) -> list[str]:
    """One line per problem pydantic found: where it is, and what is wrong."""
    out = []
    for e in error.errors():
        msg = str(e["msg"]).removeprefix("Value error, ")
        where = ".".join(str(x) for x in e["loc"])
        for line in msg.split("\n"):
            if where and not line.startswith(where):
                line = f"{where}: {line}"
            out.append(line if e["type"] != "missing" else f"the record has no {where!r}")
    return out


def check_record(record: Any, cards: CardSet, stacked_ok: bool = False) -> RecordModel:
    """The record checked against the schema and the card file; RecordError (one line per
    problem), RecordWithoutDeck for a record without a seed, OtherCardFile for one made with
    another card file, StackedRecord for a stacked one unless `stacked_ok` (review it, yes;
    play on from it as a saved game, no)."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"unknown record format {shown(record.get('format'))} "
                          f"(this version reads {RECORD_FORMAT!r})")
    try:
        rec = RecordModel.model_validate(record, context={"cards": cards})
    except ValidationError as e:
        raise RecordError(problem_lines(e)) from None
    if rec.cards_hash != cards.hash:
        raise OtherCardFile("the record was played with a different card file "
                            "(cards_hash differs); load it with the same --cards file")
    if rec.seed is None:
        raise RecordWithoutDeck("this save was made before saves kept their deck; "
                                "it cannot be resumed exactly")
    if rec.stacked and not stacked_ok:
        raise StackedRecord("this record was dealt from a stacked deck (a lesson or a test "
                            "position), not from its seed: it can be reviewed, not played on")
    return rec


def replay(record: Any, cards: CardSet | None = None, stacked_ok: bool = False,
           states: list[GameState] | None = None) -> tuple[GameState, list[Action]]:
    """Rebuild a game from its record: the final state and the parsed actions. The deck and
    bag must be the ones the seed deals (or, with `stacked_ok`, may be a stacked record's).
    Every state on the way is appended to `states` when given. Raises RecordError for a
    malformed, tampered or unplayable record (see check_record)."""
    if cards is None:
        from jorvik.carddata import load_cards
        cards = load_cards()
    rec = check_record(record, cards, stacked_ok)
    st = first_state(rec, cards)
    # A stacked deck and bag are laid by hand: the game they deal must still keep every
    # invariant, with the cards and cubes it was dealt as its totals.
    check = _stacked_check(st) if rec.stacked else None
    if check is not None:
        check(st, 0)
    if states is not None:
        states.append(st)
    actions: list[Action] = rec.actions
    for i, a in enumerate(actions):
        try:
            st, _ = apply_action(st, a)
        except IllegalAction as e:
            raise RecordError(f"action {i + 1} cannot be replayed: {shown(str(e), 80)}") from None
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
    if first.phase == "end":
        raise RecordError("a stacked record must deal a game that can be played")

    def check(st: GameState, move: int) -> None:
        broken = violations(st, total_cards=cards, total_cubes=cubes)
        if broken:
            where = "as dealt" if move == 0 else f"after action {move}"
            raise RecordError(f"the stacked game is inconsistent {where}: {broken[0]}")
    return check


def first_state(rec: RecordModel, cards: CardSet) -> GameState:
    """The state a checked record starts from (dealt from its deck and bag, which must be the
    seed's; a record older than deck and bag in records is dealt from its seed)."""
    assert rec.seed is not None
    if rec.stacked:
        assert rec.deck is not None and rec.bag is not None
        return new_game(rec.players, mode=rec.mode, seed=rec.seed,
                        start_player=rec.start_player, deck=rec.deck, bag=rec.bag, cards=cards)
    events: list[dict[str, Any]] = []
    seeded = new_game(rec.players, mode=rec.mode, seed=rec.seed, start_player=rec.start_player,
                      cards=cards, events=events)
    if rec.deck is None or rec.bag is None:
        return seeded
    if (rec.deck, rec.bag) != setup_orders(seeded, events):
        raise RecordError("the deck and bag do not match the seed (the record was changed)")
    return new_game(rec.players, mode=rec.mode, seed=rec.seed, start_player=rec.start_player,
                    deck=rec.deck, bag=rec.bag, cards=cards)
