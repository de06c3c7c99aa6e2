"""The game's numbers in one place (RULES.md §2-§5): the engine, the card schema, the CLI, the
bots and the app import RULES instead of restating one."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import FEAST_VP
from .modes import MODES, VIKINGS_PER_PLAYER


@dataclass(frozen=True, slots=True)
class Rules:
    """Jórvík's numbers (RULES.md §2–§5): import RULES, never restate one."""
    min_players: int = 2
    max_players: int = 5
    modes: tuple[str, ...] = MODES
    columns: int = 6              # demand columns, one under each of card spaces 1-6
    spaces: int = 12              # card spaces on the board (7-12: Jarl, and reserved cards)
    column_size: int = 8          # vikings one demand column holds
    start_coins: int = 5
    start_vp: int = 10
    storage_spaces: int = 1       # the player board's storage space
    warehouse_spaces: int = 4     # the Warehouse card's extra storage
    warehouse_vp: int = 1         # ... and the VP each cube on it scores at the end
    workshop_cubes: int = 3       # cubes the Workshop may take off
    danegeld_coins: int = 2       # Danegeld: paid instead of the VP an attack takes
    prophecy_vp: int = 2          # a cube sacrificed to a prophecy
    feast_vp: tuple[int, ...] = FEAST_VP   # by feasts owned: 0, 1, 2, 3, 4 or more
    # Full rounds by table size (the same in both modes: the deck and the spaces filled per
    # round grow together).
    rounds: dict[int, int] = field(default_factory=lambda: {2: 16, 3: 12, 4: 10, 5: 8})
    vikings: dict[str, int] = field(default_factory=lambda: dict(VIKINGS_PER_PLAYER))

    @property
    def players(self) -> range:
        """The table sizes the game is for: 2 to 5."""
        return range(self.min_players, self.max_players + 1)


RULES = Rules()
