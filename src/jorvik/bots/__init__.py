"""Computer players; each uses only the engine's public API."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
