"""Computer players; each uses only the engine's public API."""

from .playout import MAX_DECISIONS, bot_seed, play_out
from .random_bot import RandomBot
from .registry import BOTS, make_bot, seat_bots

__all__ = ["BOTS", "MAX_DECISIONS", "RandomBot", "bot_seed", "make_bot", "play_out", "seat_bots"]
