"""The pure rules engine of Jórvík: state in, legal actions out, action in, new state and events out.

Public API (documented in docs/engine.md):
    new_game, legal_actions, apply_action, current_player, is_over, can_undo,
    final_scores, the action classes, IllegalAction, GameState, make_record, replay.
"""

from .actions import (
    ACTION_TYPES, RESERVATION_ROW, SOURCES, Action, Assign, Buy, Decline, Discard, Done, Harbour, IllegalAction, Pass,
    Place, Reserve, Sell, Steal, Swap, Take, TakeOff, Trade, UseCard, action_from_json,
)
from .cards import GOODS, KARL_GOODS, Card, CardSet
from .board import complete, empty_fields
from .game import (
    apply_action, can_undo, current_player, determinize, is_over, legal_actions, new_game,
    why_illegal,
)
from .purchase import price_now, reservation_price
from .scoring import SCORE_CATEGORIES, final_scores
from .supply import defence, next_attack
from .unloading import storage_capacity
from .record import RECORD_FORMAT, RecordError, make_record, replay
from .state import GameState, PlayerState, viking_is_brown, viking_owner

__all__ = [name for name in dir() if not name.startswith("_")]
