"""The card file schema (pydantic) and every consistency check; parse(text) builds a CardSet."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, ValidationError

from jorvik.cardfile import CardFileError, control_characters, load_yaml, printable, shown
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

__all__ = ["CardRecord", "FORMAT", "parse"]

FORMAT = 1

# Fixed facts of CARDS.md that every card file must satisfy.
FINAL_SEASON = "X"
SEASON_COUNTS: dict[str, int] = {"A": 24, "B": 25, "C": 25, "D": 29}
KARL_COUNTS: dict[str, int] = {"A": 13, "B": 13, "C": 13, "D": 14}
# 4 Attacks of the Picts in all: one each in spring, summer and autumn, none in winter, plus
# the final card. With these counts every game lasts 16 / 12 / 10 / 8 rounds (2-5 players).
PICTS_PER_SEASON: dict[str, int] = {"A": 0, "B": 1, "C": 1, "D": 1}
KARL_SHIP_CUBES = 3
JARL_SHIP_CUBES: tuple[int, ...] = (1, 2)
KARL_BAG = 45  # 9 each of the five Karl goods = 15 Karl ships x 3
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5)
NO_REMOVAL_PLAYERS = 4
DEFENCE_RANGE = (1, 5)

# Which card types may carry which value fields.
FIELD_TYPES: dict[str, tuple[str, ...]] = {
    "goods": ("craftsman", "merchant", "prophecy"),
    "vp": ("craftsman", "merchant", "journey"),
    "coins_per_good": ("merchant",),
    "defence": ("warrior",),
    "ship": ("ship",),
    "picts": ("picts",),
}
# Each effect kind: the card type it belongs to and its timing symbol.
EFFECT_RULES: dict[str, tuple[str, str]] = {
    "warehouse": ("building", "permanent"),
    "toll_house": ("building", "permanent"),
    "treasure_hoard": ("building", "immediate"),
    "jarls_hall": ("building", "once"),
    "hired_hands": ("building", "permanent"),
    "harbour_market": ("building", "permanent"),
    "workshop": ("building", "once"),
    "trading_post": ("building", "once"),
    "loki_trickery": ("loki", "once"),
    "loki_tribute": ("loki", "immediate"),
    "loki_theft": ("loki", "once"),
    "glory": ("defence", "once"),
    "shield_wall": ("defence", "permanent"),
    "danegeld": ("defence", "permanent"),
    "skald_coins": ("skald", "end"),
    "skald_ships": ("skald", "end"),
    "skald_merchants": ("skald", "end"),
    "skald_warriors": ("skald", "end"),
    "skald_craftsmen": ("skald", "end"),
    "skald_journeys": ("skald", "end"),
    "saga_teller": ("skald", "end"),
}
EFFECT_TYPES: tuple[str, ...] = ("building", "loki", "defence", "skald")
assert set(EFFECT_RULES) == set(EFFECT_KINDS), "EFFECT_RULES out of step with engine EFFECT_KINDS"

_SOURCE_RE = re.compile(r"[RSX](/[RSX])*")
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,16}")
# Names and texts are plain printable text of a sane length (shown in tables and the app).
TEXT_LIMITS: dict[str, int] = {"name": 60, "name_hu": 60, "text": 600, "text_hu": 600,
                               "source_note": 600}


class _Problem(Exception):
    """Internal: a problem with one field, before the file name is known."""

    def __init__(self, field: str | None, message: str, card_id: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.card_id = card_id


# ---------------------------------------------------------------------------
# Schema (pydantic v2): shapes and types; the game rules are checked afterwards.


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RemovedModel(_Strict):
    """Player counts that leave the card out of the deck, per mode."""

    karl: list[StrictInt] = []
    jarl: list[StrictInt] = []


class ShipModel(_Strict):
    """Cubes drawn onto a ship card when it is revealed, per mode."""

    karl: StrictInt = 0
    jarl: StrictInt = 0


class PictsModel(_Strict):
    """An Attack of the Picts: VP gained by the most defence, lost by the least."""

    gain: StrictInt
    loss: StrictInt


class CardRecord(_Strict):
    """One record of the card file, as written in YAML (goods by name)."""

    id: StrictStr
    season: StrictStr
    type: StrictStr
    name: StrictStr
    name_hu: StrictStr = ""
    jarl_only: StrictBool = False
    source: StrictStr
    source_note: StrictStr = ""
    removed: RemovedModel = RemovedModel()
    goods: list[StrictStr] = []
    vp: StrictInt = 0
    coins_per_good: StrictInt = 0
    defence: StrictInt = 0
    ship: ShipModel | None = None
    picts: PictsModel | None = None
    timing: StrictStr = ""
    effect: StrictStr = ""
    text: StrictStr
    text_hu: StrictStr = ""


def _choices(values: tuple[str, ...] | list[str]) -> str:
    return ", ".join(v for v in values if v)


def _check_plain_text(fname: str, value: str, limit: int) -> None:
    """Names and texts reach the terminal: no control characters (Unicode category C: ESC,
    BEL, newline…), so no escape sequence in a card file can drive it; and a sane length."""
    bad = control_characters(value)
    if bad:
        raise _Problem(fname, f"contains the control character U+{ord(bad[0]):04X} (names and texts are "
                              f"plain printable text on one line): {shown(value)}")
    if len(value) > limit:
        raise _Problem(fname, f"is {len(value)} characters long; at most {limit}: {shown(value)}")


def _card_label(card_id: str) -> str:
    """A card id as messages name it: as written if it looks like one, else quoted and bounded."""
    return card_id if _ID_RE.fullmatch(card_id) else shown(card_id)


def _check_record(r: CardRecord) -> None:
    """Game-rule checks for one record; raises _Problem naming the field."""
    # identity
    if not _ID_RE.fullmatch(r.id):
        raise _Problem("id", f"an id is letters and digits, like A01 (got {shown(r.id)})")
    if r.season not in SEASONS and r.season != FINAL_SEASON:
        raise _Problem("season", f"unknown season {shown(r.season)} (expected one of {_choices(SEASONS)} or "
                                 f"{FINAL_SEASON} for the final card)")
    if r.season in SEASONS and not re.fullmatch(rf"{r.season}\d\d", r.id):
        raise _Problem("id", f"a season {r.season} card's id is {r.season} and two digits, like {r.season}01 "
                             f"(got {shown(r.id)})")
    if r.type not in CARD_TYPES:
        raise _Problem("type", f"unknown card type {shown(r.type)} (expected one of {_choices(CARD_TYPES)})")
    if r.season == FINAL_SEASON and r.type != "picts":
        raise _Problem("type", f"the final card (season {FINAL_SEASON}) must be an Attack of the Picts "
                               f"(type picts), got {shown(r.type)}")
    if not r.name.strip():
        raise _Problem("name", "the English name is empty")
    if not r.text.strip():
        raise _Problem("text", "the English effect text is empty")
    for fname, limit in TEXT_LIMITS.items():
        _check_plain_text(fname, getattr(r, fname), limit)
    if not _SOURCE_RE.fullmatch(r.source):
        raise _Problem("source", f"provenance is R, S or X, or several joined by '/' like S/X (got {shown(r.source)})")

    # removals by player count
    for mode in ("karl", "jarl"):
        counts: list[int] = getattr(r.removed, mode)
        for n in counts:
            if n not in PLAYER_COUNTS:
                raise _Problem(f"removed.{mode}", f"player counts run from {PLAYER_COUNTS[0]} to "
                                                  f"{PLAYER_COUNTS[-1]} (got {shown(n)})")
            if n == NO_REMOVAL_PLAYERS:
                raise _Problem(f"removed.{mode}", f"with {NO_REMOVAL_PLAYERS} players nothing is removed (got {shown(n)})")
        if len(set(counts)) != len(counts):
            raise _Problem(f"removed.{mode}", f"a player count is listed twice ({shown(counts)})")

    # goods
    for i, g in enumerate(r.goods):
        if g not in GOOD_INDEX:
            raise _Problem(f"goods[{i}]", f"unknown good {shown(g)} (expected one of {_choices(GOODS)})")
    if not r.jarl_only:
        jarl_goods = [g for g in r.goods if g not in KARL_GOODS]
        if jarl_goods:
            raise _Problem("goods", f"a Karl card (jarl_only: false) cannot need {jarl_goods[0]}: silk, glass and "
                                    f"gold are not in the Karl bag (mark the card jarl_only: true)")

    # fields that belong to other card types
    values: dict[str, Any] = {
        "goods": r.goods, "vp": r.vp, "coins_per_good": r.coins_per_good, "defence": r.defence,
        "ship": r.ship, "picts": r.picts,
    }
    for fname, types in FIELD_TYPES.items():
        if values[fname] and r.type not in types:
            raise _Problem(fname, f"a {r.type} card has no {fname} (only {_choices(types)} cards do)")
    for fname in ("vp", "coins_per_good", "defence"):
        if values[fname] < 0:
            raise _Problem(fname, f"must not be negative (got {values[fname]})")

    # per type
    if r.type == "craftsman":
        if not r.goods:
            raise _Problem("goods", "a craftsman needs at least one material field")
        if r.vp <= 0:
            raise _Problem("vp", f"a craftsman scores VP when complete, more than 0 (got {r.vp})")
    elif r.type in ("merchant", "prophecy"):
        if len(r.goods) != 1:
            raise _Problem("goods", f"a {r.type} takes exactly one good (got {len(r.goods)})")
        if r.type == "merchant" and r.coins_per_good <= 0:
            raise _Problem("coins_per_good", f"a merchant pays at least 1 coin per good (got {r.coins_per_good})")
        if r.type == "prophecy" and not r.jarl_only:
            raise _Problem("jarl_only", "prophecy cards are Jarl only (jarl_only: true)")
    elif r.type == "warrior":
        lo, hi = DEFENCE_RANGE
        if not lo <= r.defence <= hi:
            raise _Problem("defence", f"a warrior has defence {lo} to {hi} (got {r.defence})")
    elif r.type == "ship":
        if r.ship is None:
            raise _Problem("ship", "a ship card needs ship: {karl: 3, jarl: 1 or 2} ({jarl: 1 or 2} if Jarl only)")
        if not r.jarl_only and r.ship.karl != KARL_SHIP_CUBES:
            raise _Problem("ship.karl", f"a Karl ship must carry {KARL_SHIP_CUBES} cubes (got {r.ship.karl})")
        if r.jarl_only and r.ship.karl != 0:
            raise _Problem("ship.karl", f"a Jarl-only ship is not used in Karl: leave karl out or 0 "
                                        f"(got {r.ship.karl})")
        if r.ship.jarl not in JARL_SHIP_CUBES:
            raise _Problem("ship.jarl", f"in Jarl a ship carries 1 or 2 cubes (got {r.ship.jarl})")
    elif r.type == "picts":
        if r.picts is None:
            raise _Problem("picts", "an Attack of the Picts needs picts: {gain: N, loss: N}")
        if r.picts.gain <= 0:
            raise _Problem("picts.gain", f"the VP gained by the most defence must be more than 0 "
                                         f"(got {r.picts.gain})")
        if r.picts.loss <= 0:
            raise _Problem("picts.loss", f"the VP lost by the least defence is written as a positive number "
                                         f"(got {r.picts.loss})")
    elif r.type == "journey":
        if r.vp <= 0:
            raise _Problem("vp", f"a journey scores VP at the end, more than 0 (got {r.vp})")

    # effect and timing
    if r.timing not in TIMINGS:
        raise _Problem("timing", f"unknown timing {shown(r.timing)} (expected one of {_choices(TIMINGS)})")
    if r.effect:
        if r.effect not in EFFECT_RULES:
            raise _Problem("effect", f"unknown effect {shown(r.effect)} (expected one of {_choices(EFFECT_KINDS)})")
        want_type, want_timing = EFFECT_RULES[r.effect]
        if r.type != want_type:
            raise _Problem("effect", f"effect {r.effect} belongs on a {want_type} card, not a {r.type}")
        if r.timing != want_timing:
            raise _Problem("timing", f"effect {r.effect} has timing {shown(want_timing)} (got {shown(r.timing)})")
    else:
        if r.type in EFFECT_TYPES:
            raise _Problem("effect", f"a {r.type} card needs an effect (one of "
                                     f"{_choices([k for k, v in EFFECT_RULES.items() if v[0] == r.type])})")
        if r.timing:
            raise _Problem("timing", f"only special cards (with an effect) have a timing (got {shown(r.timing)})")


def _number(card_id: str) -> int:
    return int(card_id[1:]) if card_id[1:].isdigit() else 0


def _check_set(records: list[CardRecord]) -> None:
    """Checks across the whole card list; raises _Problem naming a card where possible."""
    # duplicate ids
    seen: dict[str, int] = {}
    for i, r in enumerate(records):
        if r.id in seen:
            raise _Problem("id", f"duplicate id: records #{seen[r.id] + 1} and #{i + 1} both use {r.id}", r.id)
        seen[r.id] = i

    by_season: dict[str, list[CardRecord]] = {s: [] for s in (*SEASONS, FINAL_SEASON)}
    for r in records:
        by_season[r.season].append(r)

    # cards per season, with the ids that look missing or extra by their numbering
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
            culprit = (extra or missing or [None])[0]
            raise _Problem("season", f"season {s} has {len(ids)} cards, expected {want}"
                                     + (f" ({hint})" if hint else ""), culprit)

    # exactly one final Picts card
    finals = by_season[FINAL_SEASON]
    if len(finals) != 1:
        if not finals:
            raise _Problem("season", f"there is no final card: one Attack of the Picts needs season "
                                     f"{FINAL_SEASON}")
        raise _Problem("season", f"only one card can be the final card (season {FINAL_SEASON}); also "
                                 f"{', '.join(r.id for r in finals[:-1])}", finals[-1].id)

    # the Attacks of the Picts: none in winter, one each in spring, summer and autumn
    for s, want in PICTS_PER_SEASON.items():
        picts = [r.id for r in by_season[s] if r.type == "picts"]
        if len(picts) != want:
            culprit = picts[want] if len(picts) > want else None
            raise _Problem("type", f"season {s} needs {want} Attack of the Picts card{'s' if want != 1 else ''}"
                                   f" (has {len(picts)}{': ' + ', '.join(picts) if picts else ''}); the deck "
                                   f"holds 4 in all: one each in B, C and D, plus the final card", culprit)
        for cid in picts:
            if next(r for r in by_season[s] if r.id == cid).jarl_only:
                raise _Problem("jarl_only", "an Attack of the Picts belongs to both modes (jarl_only: false)",
                               cid)

    # Karl cards per season (before player-count removals)
    for s, want in KARL_COUNTS.items():
        karl = sorted((r.id for r in by_season[s] if not r.jarl_only), key=_number)
        if len(karl) != want:
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
            raise _Problem("jarl_only", f"season {s} has {len(karl)} Karl cards (jarl_only: false), expected "
                                        f"{want}" + (f" ({hint})" if hint else ""),
                           suspects[-1] if suspects else None)

    # the Karl bag: every Karl ship's cubes
    karl_ships = [r for r in records if r.type == "ship" and not r.jarl_only]
    total = sum(r.ship.karl for r in karl_ships if r.ship is not None)
    if total != KARL_BAG:
        ids = ", ".join(r.id for r in karl_ships)
        raise _Problem("ship.karl", f"the Karl ships ({ids}) carry {total} cubes in all; the Karl bag holds "
                                    f"{KARL_BAG} (15 ships x 3)",
                       karl_ships[-1].id if karl_ships else None)


# ---------------------------------------------------------------------------
# Reading and converting


def _fmt_loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            # an unknown key is the user's text: bounded and printable
            text = str(part)
            out += ("." if out else "") + (text if re.fullmatch(r"\w{1,40}", text) else shown(text))
    return out


_TYPE_MESSAGES: dict[str, str] = {
    "int_type": "expected a whole number",
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list, like [amber, iron]",
    "model_type": "expected a mapping, like {karl: 3, jarl: 2}",
    "model_attributes_type": "expected a mapping, like {karl: 3, jarl: 2}",
    "dict_type": "expected a mapping",
}


def _validation_problem(exc: ValidationError, prefix: tuple[Any, ...] = ()) -> _Problem:
    errors = exc.errors(include_url=False)
    err = errors[0]
    loc = tuple(err.get("loc", ()))
    kind = err.get("type", "")
    if kind == "extra_forbidden":
        msg = "unknown field (not part of the card format; check the spelling)"
    elif kind == "missing":
        msg = "required field is missing"
    elif kind in _TYPE_MESSAGES:
        msg = f"{_TYPE_MESSAGES[kind]} (got {shown(err.get('input'))})"
    else:
        msg = str(err.get("msg", "invalid value"))
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        msg += f" (got {shown(err.get('input'))})"
    if len(errors) > 1:
        msg += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''} in this record)"
    return _Problem(_fmt_loc(prefix + loc) or None, msg)


def _record_to_card(r: CardRecord) -> Card:
    return Card(
        id=r.id,
        season=r.season,
        type=r.type,
        name=r.name,
        jarl_only=r.jarl_only,
        source=r.source,
        removed_karl=tuple(sorted(r.removed.karl)),
        removed_jarl=tuple(sorted(r.removed.jarl)),
        goods=tuple(GOOD_INDEX[g] for g in r.goods),
        vp=r.vp,
        coins_per_good=r.coins_per_good,
        defence=r.defence,
        ship_karl=r.ship.karl if r.ship else 0,
        ship_jarl=r.ship.jarl if r.ship else 0,
        picts_gain=r.picts.gain if r.picts else 0,
        picts_loss=r.picts.loss if r.picts else 0,
        timing=r.timing,
        effect=r.effect,
        text=r.text,
        name_hu=r.name_hu,
        text_hu=r.text_hu,
        source_note=r.source_note,
    )


def _canonical(r: CardRecord) -> dict[str, Any]:
    # The note explains provenance and changes no game value: leaving it out of the hash keeps
    # saves and records of a card file valid when its notes are reworded.
    d = r.model_dump(mode="json", exclude={"source_note"})
    d["removed"] = {k: sorted(v) for k, v in d["removed"].items()}
    return d


def parse(text: str, where: str) -> CardSet:
    """Validate a card file's text; raises CardFileError naming the card and field."""
    where = printable(where)
    data = load_yaml(text, where)

    if not isinstance(data, dict):
        raise CardFileError(f"{where}: the file must be a mapping with the keys 'format: {FORMAT}' and 'cards:' "
                            f"(a list of card records)")
    unknown = sorted(str(k) for k in data if k not in ("format", "cards"))
    if unknown:
        raise CardFileError(f"{where}: field {shown(unknown[0])}: unknown top-level key (only 'format' and "
                            f"'cards')",
                            field=unknown[0])
    fmt = data.get("format")
    if fmt != FORMAT or isinstance(fmt, bool):
        raise CardFileError(f"{where}: field 'format': this program reads card file format {FORMAT} "
                            f"(got {shown(fmt)})", field="format")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        raise CardFileError(f"{where}: field 'cards': must be a list of card records (got "
                            f"{type(raw_cards).__name__})", field="cards")

    records: list[CardRecord] = []
    for i, raw in enumerate(raw_cards):
        label = f"record #{i + 1}"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"]:
            label = f"card {_card_label(raw['id'])}"
        card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        if not isinstance(raw, dict):
            raise CardFileError(f"{where}: {label}: a card record must be a mapping of fields (got "
                                f"{type(raw).__name__})", card_id=card_id)
        try:
            rec = CardRecord.model_validate(raw)
            _check_record(rec)
        except ValidationError as exc:
            p = _validation_problem(exc)
            raise CardFileError(f"{where}: {label} field '{p.field}': {p.message}",
                                card_id=card_id, field=p.field) from None
        except _Problem as p:
            raise CardFileError(f"{where}: {label} field '{p.field}': {p.message}",
                                card_id=card_id, field=p.field) from None
        records.append(rec)

    try:
        _check_set(records)
    except _Problem as p:
        label = f"card {p.card_id}" if p.card_id else "card list"
        raise CardFileError(f"{where}: {label} field '{p.field}': {p.message}",
                            card_id=p.card_id, field=p.field) from None

    canonical = {"format": FORMAT, "cards": [_canonical(r) for r in records]}
    blob = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    return CardSet(cards=tuple(_record_to_card(r) for r in records), hash=digest)
