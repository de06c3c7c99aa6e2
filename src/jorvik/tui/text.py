"""Words and styles for the app: players (name, colour, viking mark), goods cubes (letter +
colour), log lines, and fitting text into a fixed number of lines.

Names of cards and goods, and the log sentences, come from jorvik.i18n; this module only adds
colour and layout."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.style import Style
from rich.text import Text

from jorvik.engine import GOODS, GameState, viking_is_brown, viking_owner
from jorvik.i18n import t_split
from jorvik.i18n.cards import card_name, card_text, good_letter, good_name
from jorvik.i18n.events import describe_event

from .theme import BROWN, COLOURS, GOOD_STYLE

__all__ = ["COLOURS", "COLOUR_NAMES", "BROWN", "GOOD_STYLE", "Seats", "card_name", "card_text",
           "clamp", "cube", "cube_word", "cubes", "describe", "good_index", "good_letter",
           "good_name"]

COLOUR_NAMES: tuple[str, ...] = tuple(COLOURS)


def rich_t(key: str, parts: dict[str, Text], **fields: Any) -> Text:
    """The message `key` with some fields filled by styled text of the caller's (`parts`),
    the others as plain text, in the order the language puts them."""
    pieces = t_split(key, tuple(parts), **fields)
    return Text.assemble(*(parts[p] if i % 2 else p for i, p in enumerate(pieces)))


def good_index(g: int | str) -> int:
    return GOODS.index(g) if isinstance(g, str) else g


def cube(g: int | str, click: str | None = None) -> Text:
    """One goods cube: its letter on its colour (colour-blind safe: the letter tells).
    `click` is an action run when the cube is clicked (e.g. "screen.cube(0, 3)")."""
    g = good_index(g)
    bg, fg = GOOD_STYLE[g]
    style = Style.parse(f"bold {fg} on {bg}")
    if click:
        style += Style(meta={"@click": click})
    return Text(good_letter(g), style=style)


def cubes(goods, sep: str = " ", click: str | None = None) -> Text:
    """Cubes in a row; with `click`, each cube runs `click` formatted with good=<index>."""
    out = Text()
    for i, g in enumerate(goods):
        if i:
            out.append(sep)
        out.append_text(cube(g, click.format(good=good_index(g)) if click else None))
    return out


def cube_word(g: int | str) -> Text:
    """A cube with its name: "[A] amber"."""
    g = good_index(g)
    return Text.assemble(cube(g), " ", good_name(g))


_console: list[Console] = []


def _measure() -> Console:
    """A console for wrapping only (Text.wrap needs one; it never prints)."""
    if not _console:
        import io
        _console.append(Console(file=io.StringIO(), width=200, color_system=None))
    return _console[0]


def clamp(text: Text, width: int, lines: int) -> list[Text]:
    """`text` wrapped to `width`, at most `lines` lines; a cut text ends in "…"."""
    if width <= 0 or lines <= 0:
        return []
    wrapped = list(text.wrap(_measure(), width, overflow="ellipsis"))
    for line in wrapped:
        line.rstrip()
    if len(wrapped) <= lines:
        return wrapped
    out = wrapped[:lines]
    last = out[-1]
    if last.cell_len >= width:
        last.truncate(width - 1)
        last.rstrip()
    last.append("…")
    return out


def markers(names: list[str]) -> list[str]:
    """One letter per player for their vikings: the name's first letter when no one else's
    name begins with it; among players who share one, the first keeps it and each other
    takes the next letter of their own name that no player's mark has (then A-Z). A mark is
    never a digit (menu keys are digits)."""
    firsts = [_letter((n.strip() or "?")[0]) for n in names]
    out: list[str] = [""] * len(names)
    taken: set[str] = set()
    for p, f in enumerate(firsts):
        if firsts.count(f) == 1 or f not in taken and firsts.index(f) == p:
            out[p] = f
            taken.add(f)
    for p, name in enumerate(names):
        if out[p]:
            continue
        pool = [_letter(c) for c in name if c.isalpha()] + [chr(c) for c in range(65, 91)]
        mark = next((c for c in pool if c not in taken and c not in firsts), None) or next(
            c for c in pool if c not in taken)
        out[p] = mark
        taken.add(mark)
    return out


def _letter(c: str) -> str:
    c = c.upper()
    return c if c.isalpha() else "?"


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
        """A short mark for a player's viking: the first letter of the name, made unique —
        never a digit, which a menu key could be taken for (see markers)."""
        return markers(self.names)[p]

    def viking(self, code: int) -> Text:
        p, brown = viking_owner(code), viking_is_brown(code)
        if brown:
            return Text(f"{self.initial(p)}b", style=f"bold {BROWN[1]} on {BROWN[0]}")
        bg, fg, _ = COLOURS[self.colours[p]]
        return Text(f"{self.initial(p)} ", style=f"bold {fg} on {bg}")

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": n, "colour": c, "bot": b}
                for n, c, b in zip(self.names, self.colours, self.bots)]


def describe(event: dict[str, Any], state: GameState, seats: Seats) -> Text:
    """One log line for an engine event in the current language, in the player's colour."""
    try:
        line = describe_event(event, state)
    except Exception:  # a gap in the describer must never stop the game
        line = str(event)
    p = event.get("player")
    if isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(seats):
        return Text(line, style=seats.fg(p))
    return Text(line)
