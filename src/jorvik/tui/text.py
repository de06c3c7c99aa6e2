"""Words and styles for the app: card names, goods (letter + colour), players, events.

The i18n helpers (jorvik.i18n.cards / .events / .rules) are written by another module owner;
until they exist, simple fallbacks keep the app working."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from jorvik.engine import GOODS, Card, GameState
from jorvik.i18n import get_language, t

try:  # pragma: no cover - depends on the i18n module being present
    from jorvik.i18n import cards as _i18n_cards
except ImportError:  # pragma: no cover
    _i18n_cards = None
try:  # pragma: no cover
    from jorvik.i18n.events import describe_event as _describe_event
except ImportError:  # pragma: no cover
    _describe_event = None
try:  # pragma: no cover
    from jorvik.i18n.rules import rules_summary as _rules_summary
except ImportError:  # pragma: no cover
    _rules_summary = None

# Player colours: name -> (background, foreground for text on it, foreground on dark).
COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#d04040", "#ffffff", "#ff6b6b"),
    "blue": ("#3a6fe0", "#ffffff", "#6f9cff"),
    "green": ("#2e9e44", "#ffffff", "#5fd37a"),
    "yellow": ("#e0c020", "#000000", "#f2d94e"),
    "white": ("#e8e8e8", "#000000", "#ffffff"),
}
COLOUR_NAMES: tuple[str, ...] = tuple(COLOURS)
BROWN = ("#8b5a2b", "#ffffff")

# Goods: background and text colour of a cube; the letter comes from good_letter().
GOOD_STYLE: tuple[tuple[str, str], ...] = (
    ("#ff9900", "#000000"),  # amber
    ("#8a8a8a", "#000000"),  # iron
    ("#8b4513", "#ffffff"),  # leather
    ("#f5f5f5", "#000000"),  # wool
    ("#1a1a1a", "#ffffff"),  # jet
    ("#ff88cc", "#000000"),  # silk
    ("#4aa3ff", "#000000"),  # glass
    ("#ffd700", "#000000"),  # gold
)
_FALLBACK_LETTERS = {"en": "AILWJSGU", "hu": "BVŐGYSÜA"}


def card_name(card: Card) -> str:
    if _i18n_cards is not None and hasattr(_i18n_cards, "card_name"):
        return _i18n_cards.card_name(card)
    if get_language() == "hu" and card.name_hu:
        return card.name_hu
    return card.name


def card_text(card: Card) -> str:
    if _i18n_cards is not None and hasattr(_i18n_cards, "card_text"):
        return _i18n_cards.card_text(card)
    if get_language() == "hu" and card.text_hu:
        return card.text_hu
    return card.text


def good_name(g: int) -> str:
    if _i18n_cards is not None and hasattr(_i18n_cards, "good_name"):
        return _i18n_cards.good_name(g)
    return t(f"tui.goods.{GOODS[g]}")


def good_letter(g: int) -> str:
    if _i18n_cards is not None and hasattr(_i18n_cards, "good_letter"):
        return _i18n_cards.good_letter(g)
    letters = _FALLBACK_LETTERS.get(get_language(), _FALLBACK_LETTERS["en"])
    return letters[g]


def good_index(g: int | str) -> int:
    return GOODS.index(g) if isinstance(g, str) else g


def cube(g: int | str) -> Text:
    """One goods cube: its letter on its colour (colour-blind safe: the letter tells)."""
    g = good_index(g)
    bg, fg = GOOD_STYLE[g]
    return Text(f"{good_letter(g)}", style=f"bold {fg} on {bg}")


def cubes(goods, sep: str = " ") -> Text:
    out = Text()
    for i, g in enumerate(goods):
        if i:
            out.append(sep)
        out.append_text(cube(g))
    return out


def cube_word(g: int | str) -> Text:
    """A cube with its name: "[A] amber"."""
    g = good_index(g)
    return Text.assemble(cube(g), " ", good_name(g))


def rules_summary() -> str:
    if _rules_summary is not None:
        return _rules_summary()
    return t("tui.help.rules_fallback")


class Seats:
    """Who sits where: names, colours, bot levels (None = human)."""

    def __init__(self, names: list[str], colours: list[str], bots: list[str | None]):
        self.names = names
        self.colours = colours
        self.bots = bots

    def __len__(self) -> int:
        return len(self.names)

    def fg(self, p: int) -> str:
        return COLOURS[self.colours[p]][2]

    def style(self, p: int) -> str:
        return f"bold {self.fg(p)}"

    def badge(self, p: int) -> str:
        bg, fg, _ = COLOURS[self.colours[p]]
        return f"bold {fg} on {bg}"

    def name(self, p: int) -> Text:
        return Text(self.names[p], style=self.style(p))

    def is_bot(self, p: int | None) -> bool:
        return p is not None and self.bots[p] is not None

    def initial(self, p: int) -> str:
        """A short mark for a player's viking: the first letter of the name, made unique."""
        name = self.names[p].strip() or "?"
        first = name[0].upper()
        if sum(1 for n in self.names if (n.strip() or "?")[0].upper() == first) > 1:
            return str(p + 1)
        return first

    def viking(self, code: int) -> Text:
        p, brown = code >> 1, bool(code & 1)
        if brown:
            return Text(f"{self.initial(p)}b", style=f"bold {BROWN[1]} on {BROWN[0]}")
        bg, fg, _ = COLOURS[self.colours[p]]
        return Text(f"{self.initial(p)} ", style=f"bold {fg} on {bg}")

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": n, "colour": c, "bot": b}
                for n, c, b in zip(self.names, self.colours, self.bots)]


def describe(event: dict[str, Any], state: GameState, seats: Seats) -> Text:
    """One log line for an engine event, in the acting player's colour."""
    line: str | None = None
    if _describe_event is not None:
        try:
            line = _describe_event(event, state)
        except Exception:  # a gap in the describer must never stop the game
            line = None
    if line is None:
        line = _fallback_event(event, state)
    p = event.get("player")
    if isinstance(p, int) and 0 <= p < len(seats):
        return Text(line, style=seats.fg(p))
    return Text(line)


def _fallback_event(event: dict[str, Any], state: GameState) -> str:
    """Plain words for an event until jorvik.i18n.events exists."""
    kind = str(event.get("type", "?"))
    parts: list[str] = []
    p = event.get("player")
    if isinstance(p, int) and 0 <= p < state.n:
        parts.append(state.players[p].name + ":")
    parts.append(kind.replace("_", " "))
    by_id = state.cards.by_id
    for key, value in event.items():
        if key in ("type", "player") or value in (None, [], "", False):
            continue
        if key == "card" and value in by_id:
            value = card_name(by_id[value])
        elif key in ("victim",) and isinstance(value, int) and value < state.n:
            value = state.players[value].name
        elif key in ("winners", "losers") and isinstance(value, list):
            value = ", ".join(state.players[i].name for i in value) or "-"
        elif key == "scores":
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        parts.append(f"{key.replace('_', ' ')} {value}")
    return " ".join(parts)
