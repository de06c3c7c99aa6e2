"""The closed sets of names the rules use, as string enums: the mode, a card's type and the
place a cube comes from. Each member equals (and hashes like) its name as a string, so saves,
records and JSON from earlier releases read back unchanged and a comparison with the plain
string still holds; the engine itself names them only through these enums."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """How a game is played (RULES.md §2): Karl, the basic game, or Jarl, with the
    reservation row and all eight goods."""
    KARL = "karl"
    JARL = "jarl"


class CardType(StrEnum):
    """A card's type (RULES.md §3, docs/cards.md). What the rules do with each type is one
    row of `cardtypes.TYPE_RULES`."""
    CRAFTSMAN = "craftsman"
    MERCHANT = "merchant"
    PROPHECY = "prophecy"
    BUILDING = "building"
    FEAST = "feast"
    WARRIOR = "warrior"
    SHIP = "ship"
    PICTS = "picts"
    LOKI = "loki"
    DEFENCE = "defence"
    SKALD = "skald"
    JOURNEY = "journey"


class CubeSource(StrEnum):
    """Where a cube an unloading action uses comes from: the ships just unloaded, the player
    board's storage space or the Warehouse card (RULES.md §4.4 ruling "which cube")."""
    SHIP = "ship"
    STORAGE = "storage"
    WAREHOUSE = "warehouse"
