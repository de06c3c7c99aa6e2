"""The game record schema (pydantic), at the edge that reads records from outside (saves,
review files): check_record turns untrusted JSON into the engine's `Record`, one clear line
per problem, before anything is replayed."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from jorvik.engine import Action, CardSet, GameState
from jorvik.engine.actions import IllegalAction, action_from_json
from jorvik.engine.names import names_problem, shown
from jorvik.engine.record import (
    RECORD_FORMAT,
    OtherCardFile,
    Record,
    RecordError,
    RecordWithoutDeck,
    StackedRecord,
    game_cubes,
    game_deck,
    replay,
)

MAX_ACTIONS = 20_000  # far beyond any real game
SEED_RANGE = (-2**63, 2**64)


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


def check_record(record: Any, cards: CardSet, stacked_ok: bool = False) -> Record:
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
    if not cards.plays_as(rec.cards_hash):
        other = OtherCardFile("the record was played with cards whose rules differ from "
                              "these (cards_hash); load it with the same --cards file")
        other.cards_hash = rec.cards_hash
        raise other
    if rec.seed is None:
        raise RecordWithoutDeck("this save was made before saves kept their deck; "
                                "it cannot be resumed exactly")
    if rec.stacked and not stacked_ok:
        raise StackedRecord("this record was dealt from a stacked deck (a lesson or a test "
                            "position), not from its seed: it can be reviewed, not played on")
    return Record(
        mode=rec.mode, players=tuple(rec.players), seed=rec.seed, start_player=rec.start_player,
        deck=None if rec.deck is None else tuple(rec.deck),
        bag=None if rec.bag is None else tuple(rec.bag),
        actions=tuple(rec.actions), cards_hash=rec.cards_hash, stacked=rec.stacked)


def replay_record(record: Any, cards: CardSet, stacked_ok: bool = False,
                  states: list[GameState] | None = None) -> tuple[GameState, list[Action]]:
    """Check a record from outside (check_record) and replay it (engine.replay): the final
    state and the actions; RecordError (one line per problem) when it cannot be."""
    return replay(check_record(record, cards, stacked_ok), cards, states)
