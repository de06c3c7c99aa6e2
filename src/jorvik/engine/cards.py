"""Plain card records the engine plays with (the YAML loader in jorvik.carddata builds them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .kinds import CardType, Mode

# Goods are small ints in the engine; index order is fixed and documented.
GOODS: tuple[str, ...] = ("amber", "iron", "leather", "wool", "jet", "silk", "glass", "gold")
KARL_GOODS: tuple[str, ...] = GOODS[:5]
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
CUBES_PER_GOOD: tuple[int, ...] = (9, 9, 9, 9, 9, 3, 3, 3)

SEASONS: tuple[str, ...] = ("A", "B", "C", "D")
CARD_TYPES: tuple[CardType, ...] = tuple(CardType)
# Effect kinds of special cards; each has an entry in engine.effects.EFFECTS.
EFFECT_KINDS: tuple[str, ...] = (
    "warehouse", "toll_house", "treasure_hoard", "jarls_hall", "hired_hands",
    "harbour_market", "workshop", "trading_post", "loki_trickery", "loki_tribute",
    "loki_theft", "glory", "shield_wall", "danegeld",
    "skald_coins", "skald_ships", "skald_merchants", "skald_warriors",
    "skald_craftsmen", "skald_journeys", "saga_teller",
)
TIMINGS: tuple[str, ...] = ("", "permanent", "once", "immediate", "end")
FEAST_VP: tuple[int, ...] = (0, 2, 5, 9, 14)  # by number of feasts owned, 4+ -> 14


@dataclass(frozen=True, slots=True)
class Card:
    """One card record. Unused values are 0 / empty for card types that lack them."""

    id: str                    # "A01" .. "D29", "PX" for the final Picts card
    season: str                # "A".."D", or "X" for the final card
    type: CardType             # (a string from a card file becomes its CardType)
    name: str                  # English name
    jarl_only: bool
    source: str                # provenance as in CARDS.md: "R", "S", "X", "S/X", ...
    removed_karl: tuple[int, ...] = ()   # player counts that remove it in Karl
    removed_jarl: tuple[int, ...] = ()   # player counts that remove it in Jarl
    goods: tuple[int, ...] = ()          # craftsman fields / merchant's or prophecy's good
    vp: int = 0                          # craftsman (complete), merchant, journey VP
    coins_per_good: int = 0              # merchant
    defence: int = 0                     # warrior
    ship_karl: int = 0                   # cubes drawn onto a ship in Karl
    ship_jarl: int = 0                   # cubes drawn onto a ship in Jarl
    picts_gain: int = 0                  # Attack of the Picts: VP for the most defence
    picts_loss: int = 0                  # ... VP lost by the least defence
    timing: str = ""                     # one of TIMINGS
    effect: str = ""                     # one of EFFECT_KINDS, or ""
    text: str = ""                       # full effect text in English
    name_hu: str = ""                    # Hungarian name
    short: str = ""                      # name for a narrow card box (display only)
    short_hu: str = ""                   # ... in Hungarian
    text_hu: str = ""                    # Hungarian effect text
    source_note: str = ""                # why `source` says what it does (docs/cards.md)

    def __post_init__(self) -> None:
        if type(self.type) is not CardType:
            object.__setattr__(self, "type", CardType(self.type))

    def removed(self, players: int, mode: str) -> bool:
        """Whether this card is left out of a game of `players` in `mode`."""
        if mode == Mode.KARL:
            return self.jarl_only or players in self.removed_karl
        return players in self.removed_jarl

    def ship_cubes(self, mode: str) -> int:
        return self.ship_karl if mode == Mode.KARL else self.ship_jarl


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every card record of one card file, with a stable hash of its rules (names and texts
    left out); `also`: the hashes earlier versions wrote for cards that play the same, so a
    save or record naming one of them is accepted (CardSet.plays_as)."""

    cards: tuple[Card, ...]
    hash: str = ""
    also: frozenset[str] = field(default=frozenset(), compare=False, hash=False)
    by_id: dict[str, Card] = field(default_factory=dict, compare=False, hash=False)
    cache: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if not self.by_id:
            object.__setattr__(self, "by_id", {c.id: c for c in self.cards})

    def plays_as(self, cards_hash: str) -> bool:
        """Whether a save or record made with the cards named `cards_hash` plays on with these."""
        return cards_hash == self.hash or cards_hash in self.also

    def __getitem__(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def final_card(self) -> Card:
        """The final Attack of the Picts (found once: the supply phase asks every round)."""
        final = self.cache.get("final_card")
        if final is None:
            final = self.cache["final_card"] = next(c for c in self.cards if c.season == "X")
        return final

    def deck_for(self, players: int, mode: str) -> dict[str, list[str]]:
        """Card ids per season ("A".."D") that a game of this size and mode uses."""
        out: dict[str, list[str]] = {s: [] for s in SEASONS}
        for c in self.cards:
            if c.season in out and not c.removed(players, mode):
                out[c.season].append(c.id)
        return out
