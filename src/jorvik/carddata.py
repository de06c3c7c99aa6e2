"""Load the card list (the shipped data/cards.yaml or a user's corrected copy) into a CardSet.

Validation (jorvik.cardschema: pydantic and YAML) runs once per distinct file content; the
validated records are cached as JSON in the data directory, so later starts skip it.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
from dataclasses import asdict, fields
from importlib import resources
from pathlib import Path
from typing import Any

from jorvik.cardfile import CardFileError, read_card_file
from jorvik.engine.cards import GOODS, Card, CardSet

__all__ = ["CardFileError", "card_to_dict", "default_card_file", "load_cards", "load_cards_or_exit"]

DEFAULT_NAME = "cards.yaml"
CACHE_VERSION = 2  # bump when the schema's checks or the Card fields change


_CARD_FIELDS = tuple(f.name for f in fields(Card))
_TUPLE_FIELDS = ("removed_karl", "removed_jarl", "goods")


def _cache_path(text: str) -> Path:
    from jorvik.settings import data_dir
    key = hashlib.sha256(f"{CACHE_VERSION}\0{text}".encode("utf-8")).hexdigest()[:32]
    return data_dir() / "cache" / f"cards-{key}.json"


def _from_cache(path: Path) -> CardSet | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cards = []
        for d in data["cards"]:
            for k in _TUPLE_FIELDS:
                d[k] = tuple(d[k])
            cards.append(Card(**{k: d[k] for k in _CARD_FIELDS}))
        return CardSet(cards=tuple(cards), hash=data["hash"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no cache or a damaged one: validate again


def _to_cache(path: Path, cards: CardSet) -> None:
    from jorvik.settings import atomic_write
    try:
        atomic_write(path, json.dumps({"hash": cards.hash,
                                       "cards": [asdict(c) for c in cards.cards]}))
    except OSError:
        pass  # a read-only data directory only costs the next start the validation


def _load_text(text: str, where: str) -> CardSet:
    path = _cache_path(text)
    cards = _from_cache(path)
    if cards is None:
        from jorvik.cardschema import parse
        cards = parse(text, where)
        _to_cache(path, cards)
    return cards


def default_card_file() -> Path:
    """The shipped card file: inside the installed package (the wheel carries the checkout's
    data/cards.yaml as jorvik/data/cards.yaml), else the top-level data/cards.yaml of the
    development checkout this module runs from."""
    packaged = Path(str(resources.files("jorvik.data"))) / DEFAULT_NAME
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[2] / "data" / DEFAULT_NAME


@functools.lru_cache(maxsize=1)
def _load_default() -> CardSet:
    return _load_text(read_card_file(default_card_file()), DEFAULT_NAME)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and check a card file; None loads the packaged cards.yaml (cached).

    Raises CardFileError with one human-readable message for any problem.
    """
    if path is None:
        return _load_default()
    text = read_card_file(path)
    return _load_text(text, str(path))


def load_cards_or_exit(parser: argparse.ArgumentParser, path: str | Path | None) -> CardSet:
    """load_cards for a command: a bad card file ends it with one line and exit status 2."""
    try:
        return load_cards(path)
    except CardFileError as e:
        from jorvik.i18n.cli import error_text
        parser.exit(2, error_text("prefix", message=e) + "\n")


_DICT_ORDER = ("id", "season", "type", "name", "name_hu", "jarl_only", "source", "source_note",
               "removed", "goods", "vp", "coins_per_good", "defence", "ship", "picts", "timing", "effect", "text", "text_hu")


def card_to_dict(card: Card) -> dict[str, Any]:
    """The card as a cards.yaml record (good names, zero/empty fields left out; jarl_only always shown)."""
    removed: dict[str, list[int]] = {}
    if card.removed_karl:
        removed["karl"] = list(card.removed_karl)
    if card.removed_jarl:
        removed["jarl"] = list(card.removed_jarl)
    ship: dict[str, int] = {}
    if card.ship_karl:
        ship["karl"] = card.ship_karl
    if card.ship_jarl:
        ship["jarl"] = card.ship_jarl
    picts: dict[str, int] = {}
    if card.picts_gain or card.picts_loss:
        picts = {"gain": card.picts_gain, "loss": card.picts_loss}
    values: dict[str, Any] = {
        "id": card.id,
        "season": card.season,
        "type": card.type,
        "name": card.name,
        "name_hu": card.name_hu,
        "jarl_only": card.jarl_only,
        "source": card.source,
        "source_note": card.source_note,
        "removed": removed,
        "goods": [GOODS[g] for g in card.goods],
        "vp": card.vp,
        "coins_per_good": card.coins_per_good,
        "defence": card.defence,
        "ship": ship,
        "picts": picts,
        "timing": card.timing,
        "effect": card.effect,
        "text": card.text,
        "text_hu": card.text_hu,
    }
    return {k: values[k] for k in _DICT_ORDER if k == "jarl_only" or values[k] not in ("", 0, [], {})}
