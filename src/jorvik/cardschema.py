"""The card file schema (pydantic): shapes, value sets and every game rule; parse(text) builds a CardSet."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from jorvik.cardfile import CardFileError, load_yaml, shown
from jorvik.engine.cards import (
    CARD_TYPES,
    EFFECT_KINDS,
    GOOD_INDEX,
    GOODS,
    KARL_GOODS,
    SEASONS,
    TIMINGS,
    Card,
    CardSet,
)
from jorvik.engine.effects import EFFECTS
from jorvik.engine.kinds import CardType
from jorvik.outside import control_characters, printable

__all__ = ["FORMAT", "CardFile", "CardRecord", "parse"]

FORMAT = 1

# Fixed facts of CARDS.md that every card file must satisfy.
FINAL_SEASON = "X"
SEASON_COUNTS: dict[str, int] = {"A": 24, "B": 25, "C": 25, "D": 29}
KARL_COUNTS: dict[str, int] = {"A": 13, "B": 13, "C": 13, "D": 14}
# 4 Attacks of the Picts in all: one each in spring, summer and autumn, none in winter, plus
# the final card. With these counts every game lasts 16 / 12 / 10 / 8 rounds (2-5 players).
PICTS_PER_SEASON: dict[str, int] = {"A": 0, "B": 1, "C": 1, "D": 1}
KARL_SHIP_CUBES = 3
JARL_SHIP_CUBES = (1, 2)
KARL_BAG = 45  # 9 each of the five Karl goods = 15 Karl ships x 3
PLAYER_COUNTS = (2, 5)
NO_REMOVAL_PLAYERS = 4
DEFENCE_RANGE = (1, 5)

# The value fields a card record may carry, in the order they are checked (the first one a
# card's type does not allow is the error reported). Which types carry which is a column
# of TYPE_SCHEMA below.
VALUE_FIELDS: tuple[str, ...] = ("goods", "vp", "coins_per_good", "defence", "ship", "picts")
# Each effect kind: the card type it belongs to and its timing symbol, as the engine's
# effect says (engine.effects.EFFECTS: one entry per kind, with its rules).
assert set(EFFECTS) == set(EFFECT_KINDS), "engine EFFECTS out of step with EFFECT_KINDS"
EFFECT_RULES: dict[str, tuple[CardType, str]] = {
    kind: (EFFECTS[kind].card_type, EFFECTS[kind].timing) for kind in EFFECT_KINDS}

ID_PATTERN = r"^[A-Za-z0-9_-]{1,16}$"
_ID_RE = re.compile(ID_PATTERN)

# The value sets, straight from the engine's enumerations (a Literal of a tuple is the
# Literal of its items); each with the word an "unknown …" message uses.
Good = Literal[GOODS]  # type: ignore[valid-type]
Season = Literal[(*SEASONS, FINAL_SEASON)]  # type: ignore[valid-type]
TypeName = Literal[CARD_TYPES]  # type: ignore[valid-type]
Timing = Literal[TIMINGS]  # type: ignore[valid-type]
Effect = Literal[("", *EFFECT_KINDS)]  # type: ignore[valid-type]
VALUE_SETS: dict[str, tuple[str, str]] = {
    "season": ("season", f"{', '.join(SEASONS)} or {FINAL_SEASON} for the final card"),
    "type": ("card type", ", ".join(CARD_TYPES)),
    "goods": ("good", ", ".join(GOODS)),
    "timing": ("timing", ", ".join(t for t in TIMINGS if t)),
    "effect": ("effect", ", ".join(EFFECT_KINDS)),
}


def _plain(value: str) -> str:
    """Names and texts reach the terminal: no control characters (Unicode category C: ESC,
    BEL, newline…), so no escape sequence in a card file can drive it."""
    bad = control_characters(value)
    if bad:
        raise PydanticCustomError("control_character", "contains the control character {char} (names "
                                  "and texts are plain printable text on one line)",
                                  {"char": f"U+{ord(bad[0]):04X}"})
    return value


SHORT_NAME = 12  # at most this many characters in a card's short name (short, short_hu)


# Plain printable text of at most so many characters; a Name or Text may not be blank.
_NOT_BLANK = r"\S"
Name = Annotated[StrictStr, Field(max_length=60, pattern=_NOT_BLANK), AfterValidator(_plain)]
OtherName = Annotated[StrictStr, Field(max_length=60), AfterValidator(_plain)]
ShortName = Annotated[StrictStr, Field(max_length=SHORT_NAME), AfterValidator(_plain)]
Text = Annotated[StrictStr, Field(max_length=600, pattern=_NOT_BLANK), AfterValidator(_plain)]
OtherText = Annotated[StrictStr, Field(max_length=600), AfterValidator(_plain)]


def _rule(field: str, message: str, card_id: str | None = None) -> PydanticCustomError:
    """A broken game rule, naming the field (relative to the model that checks it) and, for
    checks across the deck, the card."""
    return PydanticCustomError("card_rule", "{message}",
                               {"field": field, "message": message, "card_id": card_id})


# ---------------------------------------------------------------------------
# Schema (pydantic v2)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RemovedModel(_Strict):
    """Player counts that leave the card out of the deck, per mode."""

    karl: list[StrictInt] = []
    jarl: list[StrictInt] = []

    @model_validator(mode="after")
    def _player_counts(self) -> RemovedModel:
        lo, hi = PLAYER_COUNTS
        for mode in ("karl", "jarl"):
            counts: list[int] = getattr(self, mode)
            for n in counts:
                if not lo <= n <= hi:
                    raise _rule(mode, f"player counts run from {lo} to {hi} (got {shown(n)})")
                if n == NO_REMOVAL_PLAYERS:
                    raise _rule(mode, f"with {NO_REMOVAL_PLAYERS} players nothing is removed (got {n})")
            if len(set(counts)) != len(counts):
                raise _rule(mode, f"a player count is listed twice ({shown(counts)})")
        return self


class ShipModel(_Strict):
    """Cubes drawn onto a ship card when it is revealed, per mode."""

    karl: Annotated[StrictInt, Field(ge=0)] = 0
    jarl: Annotated[StrictInt, Field(ge=JARL_SHIP_CUBES[0], le=JARL_SHIP_CUBES[-1])]


class PictsModel(_Strict):
    """An Attack of the Picts: VP gained by the most defence, lost by the least."""

    gain: Annotated[StrictInt, Field(gt=0)]
    loss: Annotated[StrictInt, Field(gt=0)]


class CardRecord(_Strict):
    """One record of the card file, as written in YAML (goods by name)."""

    id: Annotated[StrictStr, Field(pattern=ID_PATTERN)]
    season: Season
    type: TypeName
    name: Name
    name_hu: OtherName = ""
    # A name for a narrow card box (10-12 columns), shown only where the whole name does not
    # fit. Display only: left out of the card file's hash, so it never touches a save.
    short: Annotated[ShortName, Field(exclude=True)] = ""
    short_hu: Annotated[ShortName, Field(exclude=True)] = ""
    jarl_only: StrictBool = False
    source: Annotated[StrictStr, Field(pattern=r"^[RSX](/[RSX])*$")]
    source_note: OtherText = ""
    removed: RemovedModel = RemovedModel()
    goods: list[Good] = []
    vp: Annotated[StrictInt, Field(ge=0)] = 0
    coins_per_good: Annotated[StrictInt, Field(ge=0)] = 0
    defence: Annotated[StrictInt, Field(ge=0)] = 0
    ship: ShipModel | None = None
    picts: PictsModel | None = None
    timing: Timing = ""
    effect: Effect = ""
    text: Text
    text_hu: OtherText = ""

    @model_validator(mode="after")
    def _card_rules(self) -> CardRecord:
        """The rules that tie one card's fields together, by card type."""
        if self.season in SEASONS and not re.fullmatch(rf"{self.season}\d\d", self.id):
            raise _rule("id", f"a season {self.season} card's id is {self.season} and two digits, like "
                              f"{self.season}01 (got {shown(self.id)})")
        if self.season == FINAL_SEASON and self.type != CardType.PICTS:
            raise _rule("type", f"the final card (season {FINAL_SEASON}) must be an Attack of the Picts "
                                f"(type picts), got {shown(self.type)}")
        if not self.jarl_only:
            jarl_goods = [g for g in self.goods if g not in KARL_GOODS]
            if jarl_goods:
                raise _rule("goods", f"a Karl card (jarl_only: false) cannot need {jarl_goods[0]}: silk, "
                                     f"glass and gold are not in the Karl bag (mark the card jarl_only: true)")
        for fname in VALUE_FIELDS:
            if getattr(self, fname) and fname not in TYPE_SCHEMA[self.type].fields:
                types = FIELD_TYPES[fname]
                raise _rule(fname, f"a {self.type} card has no {fname} (only {', '.join(types)} cards do)")
        TYPE_SCHEMA[self.type].check(self)
        self._effect_rules()
        return self

    def _effect_rules(self) -> None:
        if self.effect:
            want_type, want_timing = EFFECT_RULES[self.effect]
            if self.type != want_type:
                raise _rule("effect", f"effect {self.effect} belongs on a {want_type} card, not a {self.type}")
            if self.timing != want_timing:
                raise _rule("timing", f"effect {self.effect} has timing {shown(want_timing)} "
                                      f"(got {shown(self.timing)})")
        elif TYPE_SCHEMA[self.type].special:
            raise _rule("effect", f"a {self.type} card needs an effect (one of "
                                  f"{', '.join(k for k, v in EFFECT_RULES.items() if v[0] == self.type)})")
        elif self.timing:
            raise _rule("timing", f"only special cards (with an effect) have a timing "
                                  f"(got {shown(self.timing)})")


# ---------------------------------------------------------------------------
# What a card file says of each card type: one row per engine CardType


def _craftsman(r: CardRecord) -> None:
    if not r.goods:
        raise _rule("goods", "a craftsman needs at least one material field")
    if r.vp <= 0:
        raise _rule("vp", f"a craftsman scores VP when complete, more than 0 (got {r.vp})")


def _one_good(r: CardRecord) -> None:
    if len(r.goods) != 1:
        raise _rule("goods", f"a {r.type} takes exactly one good (got {len(r.goods)})")


def _merchant(r: CardRecord) -> None:
    _one_good(r)
    if r.coins_per_good <= 0:
        raise _rule("coins_per_good", f"a merchant pays at least 1 coin per good "
                                      f"(got {r.coins_per_good})")


def _prophecy(r: CardRecord) -> None:
    _one_good(r)
    if not r.jarl_only:
        raise _rule("jarl_only", "prophecy cards are Jarl only (jarl_only: true)")


def _warrior(r: CardRecord) -> None:
    lo, hi = DEFENCE_RANGE
    if not lo <= r.defence <= hi:
        raise _rule("defence", f"a warrior has defence {lo} to {hi} (got {r.defence})")


def _ship(r: CardRecord) -> None:
    ship = r.ship
    if ship is None:
        raise _rule("ship", "a ship card needs ship: {karl: 3, jarl: 1 or 2} ({jarl: 1 or 2} if "
                            "Jarl only)")
    if not r.jarl_only and ship.karl != KARL_SHIP_CUBES:
        raise _rule("ship.karl", f"a Karl ship must carry {KARL_SHIP_CUBES} cubes (got {ship.karl})")
    if r.jarl_only and ship.karl != 0:
        raise _rule("ship.karl", f"a Jarl-only ship is not used in Karl: leave karl out or 0 "
                                 f"(got {ship.karl})")


def _attack(r: CardRecord) -> None:
    if r.picts is None:
        raise _rule("picts", "an Attack of the Picts needs picts: {gain: N, loss: N}")


def _journey(r: CardRecord) -> None:
    if r.vp <= 0:
        raise _rule("vp", f"a journey scores VP at the end, more than 0 (got {r.vp})")


def _no_check(r: CardRecord) -> None:
    pass


@dataclass(frozen=True, slots=True)
class TypeSchema:
    """What a card record of one type must say: the value fields it may carry (of
    VALUE_FIELDS), whether it is a special card (it needs an effect of EFFECT_RULES, and
    only it may have one) and the checks of its own fields."""
    fields: tuple[str, ...] = ()
    special: bool = False
    check: Callable[[CardRecord], None] = _no_check


TYPE_SCHEMA: dict[CardType, TypeSchema] = {
    CardType.CRAFTSMAN: TypeSchema(fields=("goods", "vp"), check=_craftsman),
    CardType.MERCHANT: TypeSchema(fields=("goods", "vp", "coins_per_good"), check=_merchant),
    CardType.PROPHECY: TypeSchema(fields=("goods",), check=_prophecy),
    CardType.BUILDING: TypeSchema(special=True),
    CardType.FEAST: TypeSchema(),
    CardType.WARRIOR: TypeSchema(fields=("defence",), check=_warrior),
    CardType.SHIP: TypeSchema(fields=("ship",), check=_ship),
    CardType.PICTS: TypeSchema(fields=("picts",), check=_attack),
    CardType.LOKI: TypeSchema(special=True),
    CardType.DEFENCE: TypeSchema(special=True),
    CardType.SKALD: TypeSchema(special=True),
    CardType.JOURNEY: TypeSchema(fields=("vp",), check=_journey),
}
assert set(TYPE_SCHEMA) == set(CardType), "TYPE_SCHEMA needs one row for each engine CardType"
# Which card types may carry each value field (the error messages name them).
FIELD_TYPES: dict[str, tuple[CardType, ...]] = {
    f: tuple(t for t, row in TYPE_SCHEMA.items() if f in row.fields) for f in VALUE_FIELDS}
# The special cards' types: those with an effect.
EFFECT_TYPES: tuple[CardType, ...] = tuple(t for t, row in TYPE_SCHEMA.items() if row.special)


def _number(card_id: str) -> int:
    return int(card_id[1:]) if card_id[1:].isdigit() else 0


class CardFile(_Strict):
    """A whole card file: the format number and the deck, checked across its cards."""

    format: Annotated[StrictInt, Field(ge=FORMAT, le=FORMAT)]
    cards: list[CardRecord]

    @model_validator(mode="after")
    def _deck_rules(self) -> CardFile:
        records = self.cards
        seen: dict[str, int] = {}
        for i, r in enumerate(records):
            if r.id in seen:
                raise _rule("id", f"duplicate id: records #{seen[r.id] + 1} and #{i + 1} both use {r.id}",
                            r.id)
            seen[r.id] = i
        by_season: dict[str, list[CardRecord]] = {s: [] for s in (*SEASONS, FINAL_SEASON)}
        for r in records:
            by_season[r.season].append(r)
        _season_counts(by_season)
        _picts(by_season)
        _karl_counts(by_season)
        # the Karl bag: every Karl ship's cubes
        karl_ships = [r for r in records if r.type == CardType.SHIP and not r.jarl_only]
        total = sum(r.ship.karl for r in karl_ships if r.ship is not None)
        if total != KARL_BAG:
            raise _rule("ship.karl", f"the Karl ships ({', '.join(r.id for r in karl_ships)}) carry {total} "
                                     f"cubes in all; the Karl bag holds {KARL_BAG} (15 ships x 3)",
                        karl_ships[-1].id if karl_ships else None)
        return self


def _season_counts(by_season: dict[str, list[CardRecord]]) -> None:
    """Cards per season, with the ids that look missing or extra by their numbering."""
    for s, want in SEASON_COUNTS.items():
        ids = {r.id for r in by_season[s]}
        if len(ids) != want:
            expected = {f"{s}{n:02d}" for n in range(1, want + 1)}
            extra = sorted(ids - expected)
            missing = sorted(expected - ids)
            hint = "; ".join(p for p in (
                f"unexpected {', '.join(extra)}" if extra else "",
                f"missing {', '.join(missing)}" if missing else "",
            ) if p)
            raise _rule("season", f"season {s} has {len(ids)} cards, expected {want}"
                                  + (f" ({hint})" if hint else ""), next(iter(extra or missing), None))
    finals = by_season[FINAL_SEASON]
    if not finals:
        raise _rule("season", f"there is no final card: one Attack of the Picts needs season {FINAL_SEASON}")
    if len(finals) > 1:
        raise _rule("season", f"only one card can be the final card (season {FINAL_SEASON}); also "
                              f"{', '.join(r.id for r in finals[:-1])}", finals[-1].id)


def _picts(by_season: dict[str, list[CardRecord]]) -> None:
    """The Attacks of the Picts: none in winter, one each in spring, summer and autumn."""
    for s, want in PICTS_PER_SEASON.items():
        picts = [r for r in by_season[s] if r.type == CardType.PICTS]
        if len(picts) != want:
            ids = [r.id for r in picts]
            raise _rule("type", f"season {s} needs {want} Attack of the Picts card{'s' if want != 1 else ''}"
                                f" (has {len(ids)}{': ' + ', '.join(ids) if ids else ''}); the deck "
                                f"holds 4 in all: one each in B, C and D, plus the final card",
                        ids[want] if len(ids) > want else None)
        for r in picts:
            if r.jarl_only:
                raise _rule("jarl_only", "an Attack of the Picts belongs to both modes (jarl_only: false)",
                            r.id)


def _karl_counts(by_season: dict[str, list[CardRecord]]) -> None:
    """Karl cards per season (before player-count removals), naming the likeliest slip."""
    for s, want in KARL_COUNTS.items():
        karl = sorted((r.id for r in by_season[s] if not r.jarl_only), key=_number)
        if len(karl) == want:
            continue
        jarl = sorted((r.id for r in by_season[s] if r.jarl_only), key=_number)
        if len(karl) > want:
            # Karl cards are mostly numbered first: the highest-numbered ones look misplaced.
            suspects = karl[want:]
            hint = f"{', '.join(suspects)} marked Karl"
        else:
            # Jarl-only cards numbered among the Karl ones; the last is the likeliest slip.
            last_karl = _number(karl[-1]) if karl else 0
            suspects = [i for i in jarl if _number(i) < last_karl] or jarl[:1]
            hint = f"{', '.join(suspects)} marked jarl_only" if suspects else ""
        raise _rule("jarl_only", f"season {s} has {len(karl)} Karl cards (jarl_only: false), expected "
                                 f"{want}" + (f" ({hint})" if hint else ""), suspects[-1] if suspects else None)


# ---------------------------------------------------------------------------
# Pydantic's errors as one friendly line


# The message for a value pydantic refused, by field (indices left out), where a general one
# would say less.
FIELD_MESSAGES: dict[str, str] = {
    "id": "an id is letters and digits, like A01",
    "source": "provenance is R, S or X, or several joined by '/' like S/X",
    "name": "the English name is empty",
    "text": "the English effect text is empty",
    "ship.jarl": "in Jarl a ship carries 1 or 2 cubes",
    "picts.gain": "the VP gained by the most defence must be more than 0",
    "picts.loss": "the VP lost by the least defence is written as a positive number",
}
_TYPE_MESSAGES: dict[str, str] = {
    "int_type": "expected a whole number",
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list, like [amber, iron]",
    "model_type": "expected a mapping, like {karl: 3, jarl: 2}",
    "model_attributes_type": "expected a mapping, like {karl: 3, jarl: 2}",
    "dict_type": "expected a mapping",
}


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            # an unknown key is the user's text: bounded and printable
            text = str(part)
            out += ("." if out else "") + (text if re.fullmatch(r"\w{1,40}", text) else shown(text))
    return out


def _message(err: Any, field: str) -> str:
    """One error of pydantic's, in the card file's own words."""
    kind, got, ctx = err["type"], shown(err.get("input")), err.get("ctx") or {}
    bare = re.sub(r"\[\d+\]", "", field)
    if kind == "card_rule":
        return ctx["message"]
    if kind == "extra_forbidden":
        return "unknown field (not part of the card format; check the spelling)"
    if kind == "missing":
        return "required field is missing"
    if kind == "control_character":
        return f"{err['msg']}: {got}"
    if kind in _TYPE_MESSAGES:
        return f"{_TYPE_MESSAGES[kind]} (got {got})"
    if kind == "literal_error" and bare in VALUE_SETS:
        noun, values = VALUE_SETS[bare]
        return f"unknown {noun} {got} (expected one of {values})"
    if kind == "string_too_long":
        return f"is {len(err['input'])} characters long; at most {ctx['max_length']}: {got}"
    if bare in FIELD_MESSAGES:
        return f"{FIELD_MESSAGES[bare]} (got {got})"
    if kind == "greater_than_equal" and ctx.get("ge") == 0:
        return f"must not be negative (got {got})"
    return f"{err['msg']} (got {got})"


def _card_file_error(exc: ValidationError, raw: Any, where: str) -> CardFileError:
    """The first of pydantic's errors as one line naming the card and field."""
    errors = exc.errors(include_url=False)
    err = errors[0]
    loc = tuple(err["loc"])
    ctx = err.get("ctx") or {}
    rule_field = ctx.get("field") if err["type"] == "card_rule" else None
    if not loc and rule_field is None:  # the file itself is not a mapping
        return CardFileError(f"{where}: the file must be a mapping with the keys 'format: {FORMAT}' and "
                             f"'cards:' (a list of card records)")
    if loc[:1] == ("cards",) and len(loc) >= 2:
        return _record_error(errors, raw, where, rule_field)
    if rule_field is not None:  # a rule across the deck
        card_id = ctx.get("card_id")
        label = f"card {card_id}" if card_id else "card list"
        return CardFileError(f"{where}: {label} field '{rule_field}': {ctx['message']}",
                             card_id=card_id, field=rule_field)
    return _top_level_error(err, raw, where)


def _record_error(errors: list[Any], raw: Any, where: str, rule_field: str | None) -> CardFileError:
    """The first error, which is in one card record (its location starts "cards", index)."""
    err = errors[0]
    loc = tuple(err["loc"])
    i = int(loc[1])   # (an index into the list of cards)
    record = raw["cards"][i]
    card_id = record.get("id") if isinstance(record, dict) and isinstance(record.get("id"), str) else None
    label = f"card {_card_label(card_id)}" if card_id else f"record #{i + 1}"
    if len(loc) == 2 and err["type"] in ("model_type", "model_attributes_type"):
        return CardFileError(f"{where}: {label}: a card record must be a mapping of fields (got "
                             f"{type(record).__name__})", card_id=card_id)
    field = _path(loc[2:] + (tuple(rule_field.split(".")) if rule_field else ()))
    more = sum(1 for e in errors[1:] if tuple(e["loc"])[:2] == loc[:2])
    msg = _message(err, field)
    if more:
        msg += f" (and {more} more problem{'s' if more > 1 else ''} in this record)"
    return CardFileError(f"{where}: {label} field '{field}': {msg}", card_id=card_id, field=field)


def _top_level_error(err: Any, raw: Any, where: str) -> CardFileError:
    """The first error, which is in the file's own keys (format, cards or an unknown one)."""
    field = str(err["loc"][0])
    if err["type"] == "extra_forbidden":
        return CardFileError(f"{where}: field {shown(field)}: unknown top-level key (only 'format' and "
                             f"'cards')", field=field)
    if field == "format":
        msg = f"this program reads card file format {FORMAT} (got {shown(raw.get('format'))})"
    elif field == "cards":
        msg = f"must be a list of card records (got {type(raw.get('cards')).__name__})"
    else:
        msg = _message(err, field)
    return CardFileError(f"{where}: field '{field}': {msg}", field=field)


def _card_label(card_id: str) -> str:
    """A card id as messages name it: as written if it looks like one, else quoted and bounded."""
    return card_id if _ID_RE.fullmatch(card_id) else shown(card_id)


# ---------------------------------------------------------------------------
# Converting


# Fields the engine's Card holds as the record writes them.
_AS_WRITTEN = ("id", "season", "type", "name", "name_hu", "short", "short_hu", "jarl_only",
               "source", "source_note",
               "vp", "coins_per_good", "defence", "timing", "effect", "text", "text_hu")


def _record_to_card(r: CardRecord) -> Card:
    return Card(
        **{f: getattr(r, f) for f in _AS_WRITTEN},
        removed_karl=tuple(sorted(r.removed.karl)),
        removed_jarl=tuple(sorted(r.removed.jarl)),
        goods=tuple(GOOD_INDEX[g] for g in r.goods),
        ship_karl=r.ship.karl if r.ship else 0,
        ship_jarl=r.ship.jarl if r.ship else 0,
        picts_gain=r.picts.gain if r.picts else 0,
        picts_loss=r.picts.loss if r.picts else 0,
    )


def _canonical(r: CardRecord) -> dict[str, Any]:
    # The note explains provenance and changes no game value: leaving it out of the hash keeps
    # saves and records of a card file valid when its notes are reworded.
    d = r.model_dump(mode="json", exclude={"source_note"})
    d["removed"] = {k: sorted(v) for k, v in d["removed"].items()}
    return d


# What a card is to the rules: everything but its words (names, texts, provenance and notes
# in any language). Two card files that agree on these, card by card and in this order, deal
# the same decks and play the same games, so a save of one plays on with the other.
RULES_FIELDS = ("id", "season", "type", "jarl_only", "removed_karl", "removed_jarl", "goods",
                "vp", "coins_per_good", "defence", "ship_karl", "ship_jarl", "picts_gain",
                "picts_loss", "timing", "effect")
RULES_PREFIX = "rules1-"  # the hashes of earlier versions (sha256 of every word) have none
HISTORY_FILE = "card_history.json"


def _rules_values(card: Card) -> list[Any]:
    return [sorted(v) if k.startswith("removed_") else list(v) if isinstance(v, tuple) else v
            for k in RULES_FIELDS for v in (getattr(card, k),)]


def _sha(value: Any) -> str:
    blob = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()  # ASCII text (ensure_ascii)


def rules_hash(cards: Any) -> str:
    """The identity saves and records are checked against: the rules values of every card, in
    the file's order (the order a deck is dealt in); never a name, text or note."""
    return RULES_PREFIX + _sha([list(RULES_FIELDS)] + [_rules_values(c) for c in cards])


def card_digests(cards: Any) -> dict[str, str]:
    """A short digest of each card's rules values by id, to name the cards two sets differ in."""
    return {c.id: _sha(_rules_values(c))[:10] for c in cards}


def text_hash(deck: CardFile) -> str:
    """The hash earlier versions wrote into saves: every word of the card file but the notes.
    A save made with this very file by such a version is accepted by it."""
    canonical = {"format": FORMAT, "cards": [_canonical(r) for r in deck.cards]}
    blob = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def parse(text: str, where: str) -> CardSet:
    """Validate a card file's text; raises CardFileError naming the card and field. The set's
    hash is its rules identity (rules_hash); `also` holds the hash an earlier version wrote
    for this very file (text_hash)."""
    where = printable(where)
    data = load_yaml(text, where)
    try:
        deck = CardFile.model_validate(data)
    except ValidationError as exc:
        raise _card_file_error(exc, data, where) from None
    cards = tuple(_record_to_card(r) for r in deck.cards)
    return CardSet(cards=cards, hash=rules_hash(cards), also=frozenset({text_hash(deck)}))
