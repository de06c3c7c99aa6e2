"""Names of the game's things in the current language: cards, goods (name and letter), card
types and phases.

Card names and effect texts come from the card file (name / name_hu, text / text_hu); every
other word comes from the cards.<lang>.yaml and common.<lang>.yaml catalogues, in key families
named after the engine's values (cards.goods.<good>, cards.types.<type>, cards.phases.<phase>);
tests/i18n checks each family against the engine's enumeration."""

from __future__ import annotations

from jorvik.engine.cards import GOODS, Card

from . import get_language, join_list, named, t


def card_name(card: Card) -> str:
    """The card's name in the current language (the English name if no translation)."""
    if get_language() == "hu" and card.name_hu:
        return card.name_hu
    return card.name


def card_short_name(card: Card) -> str:
    """The card's short name in the current language, for a box too narrow for its whole name
    ("Gold merch.", "Aranyker."); "" if the card file gives none."""
    if get_language() == "hu":
        return card.short_hu if card.name_hu else card.short
    return card.short


def card_text(card: Card) -> str:
    """The card's effect text in the current language."""
    if get_language() == "hu" and card.text_hu:
        return card.text_hu
    return card.text


def _good(g: int | str) -> str:
    return GOODS[g] if isinstance(g, int) else g


def good_name(g: int | str) -> str:
    """A good's name, lower case for use inside a sentence; `g` is its index or English name."""
    return named("cards.goods", _good(g))


def good_letter(g: int | str) -> str:
    """The one letter that stands for a good on screen, distinct within each language
    (colour-blind safe: a cube always shows its letter). English: A I L W J S G O;
    Hungarian: B V Ő Y G S Ü A (see docs/i18n.md)."""
    name = _good(g)
    return t(f"cards.letters.{name}") if name in GOODS else "?"


def goods_list(goods: list | tuple) -> str:
    """Cubes as words, repeats counted: "2 amber, iron"."""
    counts: dict[str, int] = {}
    for g in goods:
        name = _good(g)
        counts[name] = counts.get(name, 0) + 1
    parts = [good_name(g) if n == 1 else t("cards.goods_counted", count=n, good=good_name(g))
             for g, n in counts.items()]
    return join_list(parts)


def type_name(card_type: str) -> str:
    """A card type's name ("craftsman" / "kézműves")."""
    return named("cards.types", card_type)


def phase_name(phase: str) -> str:
    """The name of an engine phase (GameState.phase) in the rulebook's terms."""
    return named("cards.phases", phase)
