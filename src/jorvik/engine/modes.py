"""The two modes (`Mode`: Karl and Jarl) and the numbers that differ between them (RULES.md
§2, §3), named once."""

from __future__ import annotations

from .cards import CUBES_PER_GOOD, GOODS
from .kinds import Mode

MODES: tuple[Mode, ...] = tuple(Mode)
# Goods in play: Karl leaves silk, glass and gold in the box.
GOODS_PER_MODE: dict[str, tuple[str, ...]] = {Mode.KARL: GOODS[:5], Mode.JARL: GOODS}
GOODS_IN_PLAY: dict[str, int] = {m: len(g) for m, g in GOODS_PER_MODE.items()}
# Cubes in the bag at setup: 45 in Karl, all 54 in Jarl.
CUBES_IN_PLAY: dict[str, int] = {m: sum(CUBES_PER_GOOD[:k]) for m, k in GOODS_IN_PLAY.items()}
VIKINGS_PER_PLAYER: dict[str, int] = {Mode.KARL: 3, Mode.JARL: 4}
# Income in the unloading phase: 1 coin, 2 after buying nothing; Jarl adds 1.
INCOME_BONUS: dict[str, int] = {Mode.KARL: 0, Mode.JARL: 1}
