"""Computer players; each uses only the engine's public API."""

from .random_bot import RandomBot
from .registry import BOTS, make_bot

__all__ = ["BOTS", "RandomBot", "make_bot"]
