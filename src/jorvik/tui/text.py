"""Words and styles for the app: players (name, colour, viking mark), goods cubes (letter +
colour), log lines, and fitting text into a fixed number of lines.

Names of cards and goods, and the log sentences, come from jorvik.i18n; this module only adds
colour and layout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.style import Style
from rich.text import Text

from jorvik.engine import GOODS, Event, GameState, viking_is_brown, viking_owner
from jorvik.i18n import t_split
from jorvik.i18n.cards import card_name, card_text, good_letter, good_name
from jorvik.i18n.events import describe_event, event_player
from jorvik.play import words as w
from jorvik.play.seats import COLOUR_NAMES, markers
from jorvik.play.seats import Seats as PlainSeats

from . import theme

__all__ = [
    "COLOUR_NAMES",
    "Seats",
    "card_name",
    "card_text",
    "clamp",
    "cube",
    "cube_word",
    "cubes",
    "describe",
    "good_index",
    "good_letter",
    "good_name",
    "markers",
    "painted",
    "words_text",
]



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
    bg, fg = theme.good(g)
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


class Seats(PlainSeats):
    """Who sits where (jorvik.play.seats), with how each seat looks here: its colours, its
    name in its colour, its vikings' marks."""

    def fg(self, p: int) -> str:
        return theme.player(self.colours[p])

    def style(self, p: int) -> str:
        return f"bold {self.fg(p)}"

    def badge(self, p: int) -> str:
        bg, fg = theme.player_badge(self.colours[p])
        return f"bold {fg} on {bg}"

    def name(self, p: int) -> Text:
        return Text(self.names[p], style=self.style(p))

    def viking(self, code: int) -> Text:
        p, brown = viking_owner(code), viking_is_brown(code)
        if brown:
            bg, fg = theme.brown_badge()
            return Text(f"{self.initial(p)}b", style=f"bold {fg} on {bg}")
        bg, fg = theme.player_badge(self.colours[p])
        return Text(f"{self.initial(p)} ", style=f"bold {fg} on {bg}")


def painted(seats: PlainSeats) -> Seats:
    """The seats as this app shows them (the same seats; play/ makes plain ones)."""
    if isinstance(seats, Seats):
        return seats
    return Seats(seats.names, seats.colours, seats.bots)


TONES: dict[str, Callable[[], str]] = {"completes": theme.completes, "strong": lambda: "bold",
                                       "quiet": lambda: "italic"}


# The looks the screens give their own notes in the game log (LogEntry.style), by name: a
# note keeps the name, not a colour, so a line already written takes a new theme's colour.
NOTE_LOOKS: dict[str, Callable[[], str]] = {"notice": theme.notice}


def tone_style(tone: str | None) -> str:
    """The style of a tone of the play layer's words, in the theme now ("" for none)."""
    style = TONES.get(tone or "")
    return style() if style is not None else ""


def words_text(words: Any, seats: PlainSeats, state: GameState | None = None) -> Text:
    """Words of the play layer (jorvik.play.words) as styled text in the current language:
    cubes in their colours, players in theirs, log lines coloured as the log colours them."""
    seats = painted(seats)
    if not isinstance(words, tuple):
        words = (words,)
    out = Text()
    for part in words:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, w.Cube):
            out.append_text(cube_word(part.good) if part.named else cube(part.good))
        elif isinstance(part, w.Cubes):
            out.append_text(cubes(part.goods))
        elif isinstance(part, w.Viking):
            out.append_text(seats.viking(part.code))
        elif isinstance(part, w.Player):
            out.append(w.short_name(seats.names[part.player], part.limit),
                       style=seats.style(part.player))
        elif isinstance(part, Event):
            out.append_text(describe(part, state, seats))
        elif isinstance(part, w.Deed):
            out.append(w.plain(part, seats, state))
        elif isinstance(part, w.Tone):
            inner = words_text(part.words, seats, state)
            inner.stylize(tone_style(part.tone))
            out.append_text(inner)
        else:
            out.append(w.plain(part, seats, state))
    return out


def entry_text(entry: Any, seats: PlainSeats, state: GameState) -> Text:
    """A line of the game log (jorvik.play.session.LogEntry) in the current language: an
    event as `describe` words it (`state`: any state of the game), a note in its tone or the
    look the screen gave it (a name of NOTE_LOOKS), in the theme now."""
    if entry.event is not None:
        return describe(entry.event, state, painted(seats))
    words = entry.note() if entry.note is not None else ""
    look = NOTE_LOOKS.get(entry.style) if isinstance(entry.style, str) else None
    return Text(words, style=look() if look is not None else tone_style(entry.tone))


def describe(event: Event, state: GameState | None, seats: Seats) -> Text:
    """One log line for an engine event in the current language, in the player's colour."""
    try:
        line = describe_event(event, state)
    except Exception:  # a gap in the describer must never stop the game
        line = str(event)
    p = event_player(event)
    if p is not None and 0 <= p < len(seats):
        return Text(line, style=seats.fg(p))
    return Text(line)
