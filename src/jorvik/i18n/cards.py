"""Names of the game's things in the current language: cards, goods (name and letter), card
types, phases, timings, modes, scoring categories and amounts (coins, VP, cubes).

Card names and effect texts come from the card file (name / name_hu, text / text_hu); every
other word comes from the cards.<lang>.yaml and common.<lang>.yaml catalogues. The keys of
each family are listed below in full, so a static scan finds them (tests/i18n)."""

from __future__ import annotations

from jorvik.engine.cards import GOODS, Card

from . import get_language, join_list, t

# One letter per good, distinct within each language (colour-blind safe: a cube always shows
# its letter). English: A I L W J S G O; Hungarian: B V Ő Y G S Ü A (see docs/i18n.md).
GOOD_NAME_KEYS: dict[str, str] = {
    "amber": "cards.goods.amber",
    "iron": "cards.goods.iron",
    "leather": "cards.goods.leather",
    "wool": "cards.goods.wool",
    "jet": "cards.goods.jet",
    "silk": "cards.goods.silk",
    "glass": "cards.goods.glass",
    "gold": "cards.goods.gold",
}
GOOD_LETTER_KEYS: dict[str, str] = {
    "amber": "cards.letters.amber",
    "iron": "cards.letters.iron",
    "leather": "cards.letters.leather",
    "wool": "cards.letters.wool",
    "jet": "cards.letters.jet",
    "silk": "cards.letters.silk",
    "glass": "cards.letters.glass",
    "gold": "cards.letters.gold",
}
TYPE_KEYS: dict[str, str] = {
    "craftsman": "cards.types.craftsman",
    "merchant": "cards.types.merchant",
    "prophecy": "cards.types.prophecy",
    "building": "cards.types.building",
    "feast": "cards.types.feast",
    "warrior": "cards.types.warrior",
    "ship": "cards.types.ship",
    "picts": "cards.types.picts",
    "loki": "cards.types.loki",
    "defence": "cards.types.defence",
    "skald": "cards.types.skald",
    "journey": "cards.types.journey",
}
# Every value of GameState.phase.
PHASE_KEYS: dict[str, str] = {
    "supply_start": "cards.phases.supply_start",
    "supply": "cards.phases.supply",
    "demand": "cards.phases.demand",
    "demand_end": "cards.phases.demand_end",
    "purchase": "cards.phases.purchase",
    "reservation": "cards.phases.reservation",
    "unloading": "cards.phases.unloading",
    "final": "cards.phases.final",
    "end": "cards.phases.end",
}
TIMING_KEYS: dict[str, str] = {
    "permanent": "cards.timings.permanent",
    "once": "cards.timings.once",
    "immediate": "cards.timings.immediate",
    "end": "cards.timings.end",
}
MODE_KEYS: dict[str, str] = {
    "karl": "cards.modes.karl",
    "jarl": "cards.modes.jarl",
}
# engine.SCORE_CATEGORIES plus the "total" and "coins" columns of the final scoring.
SCORE_KEYS: dict[str, str] = {
    "start": "cards.score.start",
    "picts": "cards.score.picts",
    "prophecies": "cards.score.prophecies",
    "craftsmen": "cards.score.craftsmen",
    "merchants": "cards.score.merchants",
    "journeys": "cards.score.journeys",
    "feasts": "cards.score.feasts",
    "skalds": "cards.score.skalds",
    "warehouse": "cards.score.warehouse",
    "total": "cards.score.total",
    "coins": "cards.score.coins",
}


def card_name(card: Card) -> str:
    """The card's name in the current language (the English name if no translation)."""
    if get_language() == "hu" and card.name_hu:
        return card.name_hu
    return card.name


def card_text(card: Card) -> str:
    """The card's effect text in the current language."""
    if get_language() == "hu" and card.text_hu:
        return card.text_hu
    return card.text


def _good(g: int | str) -> str:
    return GOODS[g] if isinstance(g, int) else g


def good_name(g: int | str) -> str:
    """A good's name, lower case for use inside a sentence; `g` is its index or English name."""
    key = GOOD_NAME_KEYS.get(_good(g))
    return t(key) if key else str(g)


def good_letter(g: int | str) -> str:
    """The one letter that stands for a good on screen (distinct within a language)."""
    key = GOOD_LETTER_KEYS.get(_good(g))
    return t(key) if key else "?"


def goods_list(goods: list | tuple) -> str:
    """Cubes as words, repeats counted: "2 amber, iron"."""
    counts: dict[str, int] = {}
    for g in goods:
        name = _good(g)
        counts[name] = counts.get(name, 0) + 1
    parts = [good_name(g) if n == 1 else t("cards.goods_counted", count=n, good=good_name(g))
             for g, n in counts.items()]
    return join_list(parts)


def _named(table: dict[str, str], value: str) -> str:
    """The catalogue text of `value` from one of the key tables, or the value itself."""
    key = table.get(value)
    return t(key) if key else value


def type_name(card_type: str) -> str:
    """A card type's name ("craftsman" / "kézműves")."""
    return _named(TYPE_KEYS, card_type)


def phase_name(phase: str) -> str:
    """The name of an engine phase (GameState.phase) in the rulebook's terms."""
    return _named(PHASE_KEYS, phase)


def timing_name(timing: str) -> str:
    """How often a special card works: permanent, once, immediate, final scoring."""
    return _named(TIMING_KEYS, timing)


def mode_name(mode: str) -> str:
    return _named(MODE_KEYS, mode)


def score_name(category: str) -> str:
    """A column heading of the final scoring (engine.SCORE_CATEGORIES, "total", "coins")."""
    return _named(SCORE_KEYS, category)


def coins_text(n: int) -> str:
    """ "1 coin", "3 coins" / "3 érme"."""
    return t("common.coins", count=n)


def vp_text(n: int) -> str:
    """ "3 VP" / "3 GyP"."""
    return t("common.vp", count=n)


def cubes_text(n: int) -> str:
    """ "1 cube", "3 cubes" / "3 árukocka"."""
    return t("common.cubes", count=n)
