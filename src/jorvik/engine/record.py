"""Game records: settings plus the action list, which replay to an identical state."""

from __future__ import annotations

from typing import Any

from .actions import Action, IllegalAction, action_from_json
from .cards import CardSet
from .game import apply_action, new_game
from .state import GameState

RECORD_FORMAT = "jorvik-record/1"


class RecordError(Exception):
    """A game record that cannot be replayed; the message says why."""


def make_record(st0: GameState, actions: list[Action], start: GameState | None = None,
                deck: list[str] | None = None, bag: list[str] | None = None) -> dict[str, Any]:
    """The JSON form of a game: its settings and every action taken since `st0`."""
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "cards_hash": st0.cards.hash,
        "mode": st0.mode,
        "players": [p.name for p in st0.players],
        "seed": st0.seed,
        "start_player": st0.first_player,
        "actions": [a.to_json() for a in actions],
    }
    if deck is not None:
        rec["deck"] = list(deck)
    if bag is not None:
        rec["bag"] = list(bag)
    return rec


def replay(record: Any, cards: CardSet | None = None) -> tuple[GameState, list[Action]]:
    """Rebuild a game from its record: the final state and the parsed actions.
    Raises RecordError with a clear message for a malformed or unplayable record."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r} "
                          f"(this version reads {RECORD_FORMAT!r})")
    for key in ("mode", "players", "seed", "start_player", "actions", "cards_hash"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    if cards is None:
        from jorvik.carddata import load_cards
        cards = load_cards()
    if record["cards_hash"] != cards.hash:
        raise RecordError("the record was played with a different card file "
                          "(cards_hash differs); load it with the same --cards file")
    try:
        st = new_game(record["players"], mode=record["mode"], seed=record["seed"],
                      start_player=record["start_player"], deck=record.get("deck"),
                      bag=record.get("bag"), cards=cards)
    except (ValueError, TypeError) as e:
        raise RecordError(f"bad game settings: {e}") from None
    if not isinstance(record["actions"], list):
        raise RecordError("'actions' must be a list")
    actions: list[Action] = []
    for i, data in enumerate(record["actions"]):
        try:
            a = action_from_json(data)
            st, _ = apply_action(st, a)
        except IllegalAction as e:
            raise RecordError(f"action {i + 1} cannot be replayed: {e}") from None
        actions.append(a)
    return st, actions
