"""Load the card list (the shipped data/cards.yaml or a user's corrected copy) into a CardSet.

The file is read by jorvik.cardfile (bounded, regular files only) and checked by
jorvik.cardschema (pydantic and YAML without aliases) once per process and file content.
"""

from __future__ import annotations

import argparse
import functools
from importlib import resources
from pathlib import Path
from typing import Any

from jorvik.cardfile import CardFileError, read_card_file
from jorvik.engine.cards import GOODS, Card, CardSet

__all__ = ["CardFileError", "card_to_dict", "cards_differ", "default_card_file", "load_cards", "load_cards_or_exit"]

DEFAULT_NAME = "cards.yaml"


@functools.lru_cache(maxsize=4)
def _load_text(text: str, where: str) -> CardSet:
    """The checked cards of a card file's text. Every process checks its card file again
    (about 30 ms): a validated copy kept in the data folder could be edited there, and
    checking a copy costs as much as checking the file."""
    import dataclasses

    from jorvik.cardschema import parse
    cards = parse(text, where)
    earlier = frozenset(h for h, rules in _history()["hashes"].items() if rules == cards.hash)
    return dataclasses.replace(cards, also=cards.also | earlier, by_id={}, cache={})


@functools.lru_cache(maxsize=1)
def _history() -> dict[str, Any]:
    """data/card_history.json (tools/card_history.py): the hash every earlier version wrote for
    its packaged cards, mapped to their rules identity, and each identity's card digests. A
    missing or broken table only costs the acceptance of old saves, never a start."""
    from jorvik.cardschema import HISTORY_FILE
    from jorvik.outside import DataFileError, read_json_file
    try:
        data = read_json_file(Path(str(resources.files("jorvik.data"))) / HISTORY_FILE)
        if isinstance(data.get("hashes"), dict) and isinstance(data.get("rules"), dict):
            return data
    except (DataFileError, OSError, ValueError, AttributeError):
        pass
    return {"hashes": {}, "rules": {}}


def cards_differ(cards_hash: str, cards: CardSet) -> list[str] | None:
    """The ids of the cards whose rules differ between the cards a save names (`cards_hash`)
    and `cards`, sorted; None when those cards are unknown here (a card file of the player's
    own, or a version newer than this one)."""
    from jorvik.cardschema import card_digests
    history = _history()
    rules = cards_hash if cards_hash in history["rules"] else history["hashes"].get(cards_hash)
    theirs = history["rules"].get(rules) if isinstance(rules, str) else None
    if not isinstance(theirs, dict):
        return None
    ours = card_digests(cards.cards)
    return sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))


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


_DICT_ORDER = ("id", "season", "type", "name", "name_hu", "short", "short_hu", "jarl_only", "source", "source_note",
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
        "type": str(card.type),   # (a plain string for YAML, not the CardType)
        "name": card.name,
        "name_hu": card.name_hu,
        "short": card.short,
        "short_hu": card.short_hu,
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
