"""The colours of text made in Python (Rich styles): the players' colours, the goods cubes, the
words of the players' areas, of a move and of the VP race.

None is written here: each is a variable of the theme now ($player-red, $good-amber, $key,
… defined for jorvik-dark and jorvik-light in tui/themes.py), looked up in the running app's
theme when the text is made, so the palette's theme switch changes them too (the app paints
every screen again after a switch: JorvikApp.on_theme_changed). With no app running (a test
of a pure function, the docs) they are jorvik-dark's."""

from __future__ import annotations

from jorvik.engine import GOODS

from .textual_compat import running_app
from .themes import DARK


def colour(name: str) -> str:
    """The theme variable `name` (without the $) of the running app's theme, e.g. "#ff6b6b";
    jorvik-dark's without an app, or before the app has read its theme."""
    app = running_app()
    if app is not None:
        value = app.theme_variables.get(name)
        if value:
            return value
    return DARK[name]


def style(name: str, bold: bool = True) -> str:
    """A Rich style in the theme's colour `name`: "bold #ffd866"."""
    return f"bold {colour(name)}" if bold else colour(name)


def player(colour_name: str) -> str:
    """A player's colour (of play.seats.COLOUR_NAMES) as text on the board."""
    return colour(f"player-{colour_name}")


def player_badge(colour_name: str) -> tuple[str, str]:
    """(background, text on it) of a player's badge: a viking, a seat."""
    return colour(f"player-{colour_name}-bg"), colour(f"player-{colour_name}-on")


def brown_badge() -> tuple[str, str]:
    """(background, text on it) of a brown viking."""
    return colour("brown-viking-bg"), colour("brown-viking-on")


def good(g: int) -> tuple[str, str]:
    """(background, letter colour) of a cube of good `g` (an index of GOODS)."""
    return colour(f"good-{GOODS[g]}"), colour(f"good-{GOODS[g]}-on")


# The text styles of the helpers that build words for several widgets and screens, by role.
def key() -> str:
    return style("key")            # a menu key in a move's words: "[b] Buy"


def label() -> str:
    return style("label")          # a heading in a player's area: "Craft", "Store"


def hand() -> str:
    return style("hand")           # the cubes in hand while unloading


def effects() -> str:
    return style("effects", bold=False)   # the cards with effects in a player's area


def coins() -> str:
    return style("coins", bold=False)     # a player's coins


def brown_vikings() -> str:
    return style("brown-vikings", bold=False)  # a player's brown vikings


def notice() -> str:
    return "italic " + colour("notice")   # the app's own notes in the game log


def completes() -> str:
    return style("completes")      # a complete craftsman's ✓VP; a move that completes one
