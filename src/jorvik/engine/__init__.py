"""The pure rules engine of Jórvík: state in, legal actions out, action in, new state and events out.

Public API (documented in docs/engine.md):
    new_game (with a CardSet loaded above the engine), legal_actions, apply_action (its events:
    Event, EVENT_TYPES, event_from_json; each kind's class in jorvik.engine.events),
    current_player, is_over, can_undo, final_scores, the action classes, the pending decision
    classes, IllegalAction (its `reason` a Refusal: a kind and fields, REFUSALS the kinds),
    GameState, Phase (PhaseError: a phase change the table does not list), the kinds as
    string enums (Mode, CardType, CubeSource) and TYPE_RULES (what the rules do with each
    card type), make_record, replay (of a checked Record), observe (the public view)
    and determinize; RULES, the game's numbers; and the rules the app and the
    bots ask instead of working them out again, of a state or of plain cards (prices and the
    price ladder, defence, storage, craftsmen, who holds an effect, theft targets, the usual
    cube, the board after a swap, the fill order, viking codes, each mode's numbers).
"""

from .actions import (
    ACTION_TYPES,
    RESERVATION_ROW,
    SOURCES,
    Action,
    Assign,
    Buy,
    Decline,
    Discard,
    Done,
    GiveUp,
    Harbour,
    IllegalAction,
    Pass,
    Place,
    Reserve,
    Sell,
    Steal,
    Swap,
    Take,
    TakeOff,
    Trade,
    UseCard,
    action_from_json,
)
from .board import (
    COLUMN_SIZE,
    START_COINS,
    START_VP,
    STORAGE_SPACES,
    holds,
    storage_of,
    warehouse_space,
)
from .cards import CUBES_PER_GOOD, FEAST_VP, GOODS, KARL_GOODS, Card, CardSet
from .cardtypes import TYPE_RULES, TypeRules
from .craftsmen import complete, empty_fields, missing_fields
from .effects import WAREHOUSE_SPACES, WAREHOUSE_VP, WORKSHOP_CUBES
from .events import EVENT_TYPES, Event, event_from_json
from .game import (
    PhaseError,
    apply_action,
    can_undo,
    current_player,
    is_over,
    legal_actions,
    new_game,
    why_illegal,
)
from .kinds import CardType, CubeSource, Mode
from .loki import Theft, Trickery, after_swap, theft_targets
from .modes import (
    CUBES_IN_PLAY,
    GOODS_IN_PLAY,
    GOODS_PER_MODE,
    INCOME_BONUS,
    MODES,
    VIKINGS_PER_PLAYER,
)
from .observation import Observation, determinize, observe
from .pending import Decision
from .phase import Phase
from .picts import (
    DANEGELD_COINS,
    AttackChoice,
    DanegeldChoice,
    GloryChoice,
    defence,
    defence_of,
    next_attack,
)
from .purchase import next_price, price_at, price_due, price_now, reservation_price
from .record import RECORD_FORMAT, Record, RecordError, make_record, replay
from .refusals import REFUSALS, Refusal
from .rules import RULES, Rules
from .scoring import SCORE_CATEGORIES, feast_vp, final_scores
from .state import GameState, PlayerState, Reservation, viking_code, viking_is_brown, viking_owner
from .supply import fill_order
from .unloading import (
    PROPHECY_VP,
    SELL_COINS,
    PlaceCube,
    TakeCube,
    WorkshopTakeOff,
    sells_now,
    storage_capacity,
    usual_sources,
)

# Written out, so that checkers and readers see the public names without running the module.
__all__ = [
    "ACTION_TYPES",
    "COLUMN_SIZE",
    "CUBES_IN_PLAY",
    "CUBES_PER_GOOD",
    "DANEGELD_COINS",
    "EVENT_TYPES",
    "FEAST_VP",
    "GOODS",
    "GOODS_IN_PLAY",
    "GOODS_PER_MODE",
    "INCOME_BONUS",
    "KARL_GOODS",
    "MODES",
    "PROPHECY_VP",
    "RECORD_FORMAT",
    "REFUSALS",
    "RESERVATION_ROW",
    "RULES",
    "SCORE_CATEGORIES",
    "SELL_COINS",
    "SOURCES",
    "START_COINS",
    "START_VP",
    "STORAGE_SPACES",
    "TYPE_RULES",
    "VIKINGS_PER_PLAYER",
    "WAREHOUSE_SPACES",
    "WAREHOUSE_VP",
    "WORKSHOP_CUBES",
    "Action",
    "Assign",
    "AttackChoice",
    "Buy",
    "Card",
    "CardSet",
    "CardType",
    "CubeSource",
    "DanegeldChoice",
    "Decision",
    "Decline",
    "Discard",
    "Done",
    "Event",
    "GameState",
    "GiveUp",
    "GloryChoice",
    "Harbour",
    "IllegalAction",
    "Mode",
    "Observation",
    "Pass",
    "Phase",
    "PhaseError",
    "Place",
    "PlaceCube",
    "PlayerState",
    "Record",
    "RecordError",
    "Refusal",
    "Reservation",
    "Reserve",
    "Rules",
    "Sell",
    "Steal",
    "Swap",
    "Take",
    "TakeCube",
    "TakeOff",
    "Theft",
    "Trade",
    "Trickery",
    "TypeRules",
    "UseCard",
    "WorkshopTakeOff",
    "action_from_json",
    "after_swap",
    "apply_action",
    "can_undo",
    "complete",
    "current_player",
    "defence",
    "defence_of",
    "determinize",
    "empty_fields",
    "event_from_json",
    "feast_vp",
    "fill_order",
    "final_scores",
    "holds",
    "is_over",
    "legal_actions",
    "make_record",
    "missing_fields",
    "new_game",
    "next_attack",
    "next_price",
    "observe",
    "price_at",
    "price_due",
    "price_now",
    "replay",
    "reservation_price",
    "sells_now",
    "storage_capacity",
    "storage_of",
    "theft_targets",
    "usual_sources",
    "viking_code",
    "viking_is_brown",
    "viking_owner",
    "warehouse_space",
    "why_illegal",
]
