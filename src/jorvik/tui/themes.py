"""The app's two Textual themes, jorvik-dark and jorvik-light: every colour the app shows is a
theme variable, so the palette's theme switch changes them all. The board's (BOARD_DARK,
BOARD_LIGHT: $board-bg, $key, $lesson, …) are jorvik.tcss's; the text colours made in Python
(TEXT_DARK, TEXT_LIGHT: $player-red, $good-amber, $label, …) are looked up by theme.py.

jorvik-dark keeps textual-dark's own colours for Textual's widgets (buttons, inputs, the
palette) and the board's colours as they always were; jorvik-light is built on
textual-light. Any other theme (Textual's nord, gruvbox, …) takes the board's colours of
the jorvik theme of its kind, dark or light, so the stylesheet always has every variable.
"""

from __future__ import annotations

from typing import Any

from textual.theme import BUILTIN_THEMES, Theme

DARK_NAME = "jorvik-dark"
LIGHT_NAME = "jorvik-light"

# The board's colours by role, as jorvik.tcss names them ($name).
BOARD_DARK: dict[str, str] = {
    # backgrounds
    "board-bg": "#101418",          # the screen, the choices, the full log
    "bar-bg": "#1f2630",            # the status line, the prompt, dialogs, the setup box
    "strip-bg": "#161b22",          # the supply and standings lines, the key bar, help
    "details-bg": "#1a1f27",        # the card details line
    "reservation-bg": "#1d1830",    # the reservation row (Jarl)
    "hover-bg": "#1c222a",          # a space under the mouse
    "cursor-bg": "#2a2818",         # the space of the highlighted choice
    "active-bg": "#1c2633",         # the area of the player deciding now
    "choice-bg": "#2a3a50",         # the highlighted choice
    "shade": "#000000",             # behind a dialog (at 60%)
    "warning-bg": "#b00000",        # "NOT SAVED" in the status line
    # lines and borders
    "rule": "#333a44",              # between the side area, the log and the rest
    "space-border": "#4a5360",
    "empty-border": "#2c323a",      # a space with no card
    "player-border": "#888888",
    "frame": "#d8b84a",             # dialogs, the setup and help boxes, a highlighted space
    "cursor": "#ffd866",            # the border of the space of the highlighted choice
    # text
    "space-title": "#c8c8c8",
    "text-soft": "#a8b0bc",         # card texts, the key bar
    "hint": "#8a93a0",        # hints under dialogs and screens
    "text-faint": "#5a6270",        # an empty space, a key not allowed now
    "key": "#ffd866",               # a key to press
    "price": "#ffd866",             # a space's price
    "title": "#ffd866",             # titles, the winner, a card's name
    "fresh": "#ffd866",             # log lines since the last human move
    "notice": "#ffb060",            # the app's own notes in the log, Jarl-only keys
    "problem": "#ff6b6b",           # a setup problem, a wrong lesson move
    "attack": "#ff8080",            # the Picts' attack on the supply line
    "reservation-label": "#c8b8ff",
    # the lessons (jorvik learn)
    "lesson": "#5fd37a",            # the lesson's marks and titles
    "lesson-bg": "#17261c",
    "lesson-step": "#8fbf9a",
    "lesson-wrong-bg": "#2a1a1a",
    "lesson-reservation-bg": "#17402a",
}

BOARD_LIGHT: dict[str, str] = {
    "board-bg": "#f3f0e8",
    "bar-bg": "#e2ddd0",
    "strip-bg": "#e9e5db",
    "details-bg": "#ece8de",
    "reservation-bg": "#e7e1f3",
    "hover-bg": "#e8e3d6",
    "cursor-bg": "#f6e7b4",
    "active-bg": "#dde6f2",
    "choice-bg": "#c6d7ee",
    "shade": "#404040",
    "warning-bg": "#b00000",
    "rule": "#b9b4a8",
    "space-border": "#8a8f98",
    "empty-border": "#cdc8bc",
    "player-border": "#777777",
    "frame": "#9a7410",
    "cursor": "#b07800",
    "space-title": "#2a2f36",
    "text-soft": "#3e4650",
    "hint": "#5c6470",
    "text-faint": "#8c919a",
    "key": "#8a5400",
    "price": "#8a5400",
    "title": "#7a4a00",
    "fresh": "#8a5400",
    "notice": "#a85200",
    "problem": "#c0282d",
    "attack": "#c02020",
    "reservation-label": "#5a3fb0",
    "lesson": "#1d8438",
    "lesson-bg": "#dcefe0",
    "lesson-step": "#3d6b48",
    "lesson-wrong-bg": "#f6dede",
    "lesson-reservation-bg": "#c6ead0",
}


# The colours of text made in Python (theme.py), by role. A player's colour: as text on the
# board (player-red), and as a badge (a viking): its background and the text on it.
TEXT_DARK: dict[str, str] = {
    "player-red": "#ff6b6b", "player-red-bg": "#d04040", "player-red-on": "#ffffff",
    "player-blue": "#6f9cff", "player-blue-bg": "#3a6fe0", "player-blue-on": "#ffffff",
    "player-green": "#5fd37a", "player-green-bg": "#2e9e44", "player-green-on": "#ffffff",
    "player-yellow": "#f2d94e", "player-yellow-bg": "#e0c020", "player-yellow-on": "#000000",
    "player-white": "#ffffff", "player-white-bg": "#e8e8e8", "player-white-on": "#000000",
    "brown-viking-bg": "#8b5a2b", "brown-viking-on": "#ffffff",
    # a goods cube: its colour and its letter's (the letter tells it without colours)
    "good-amber": "#ff9900", "good-amber-on": "#000000",
    "good-iron": "#8a8a8a", "good-iron-on": "#000000",
    "good-leather": "#8b4513", "good-leather-on": "#ffffff",
    "good-wool": "#f5f5f5", "good-wool-on": "#000000",
    "good-jet": "#1a1a1a", "good-jet-on": "#ffffff",
    "good-silk": "#ff88cc", "good-silk-on": "#000000",
    "good-glass": "#4aa3ff", "good-glass-on": "#000000",
    "good-gold": "#ffd700", "good-gold-on": "#000000",
    "label": "#c8c8c8",             # a heading in a player's area: "Craft", "Store"
    "hand": "#ffcc66",              # the cubes in hand while unloading
    "effects": "#c8b8ff",           # the cards with effects in a player's area
    "coins": "#ffd866",             # a player's coins
    "brown-vikings": "#c08040",     # a player's brown vikings
    "completes": "green",           # a complete craftsman's ✓VP, a move that completes one
    "race-mark": "#ffd866",         # the VP race: a replay's move now
}

TEXT_LIGHT: dict[str, str] = {
    "player-red": "#c0282d", "player-red-bg": "#d04040", "player-red-on": "#ffffff",
    "player-blue": "#2456c8", "player-blue-bg": "#3a6fe0", "player-blue-on": "#ffffff",
    "player-green": "#1d7a35", "player-green-bg": "#2e9e44", "player-green-on": "#ffffff",
    "player-yellow": "#8a6d00", "player-yellow-bg": "#e0c020", "player-yellow-on": "#000000",
    "player-white": "#6a6a6a", "player-white-bg": "#ffffff", "player-white-on": "#000000",
    "brown-viking-bg": "#8b5a2b", "brown-viking-on": "#ffffff",
    "good-amber": "#f08c00", "good-amber-on": "#000000",
    "good-iron": "#8a8a8a", "good-iron-on": "#000000",
    "good-leather": "#8b4513", "good-leather-on": "#ffffff",
    "good-wool": "#ffffff", "good-wool-on": "#000000",
    "good-jet": "#1a1a1a", "good-jet-on": "#ffffff",
    "good-silk": "#f47cc0", "good-silk-on": "#000000",
    "good-glass": "#3a8ff0", "good-glass-on": "#000000",
    "good-gold": "#e8c300", "good-gold-on": "#000000",
    "label": "#2a2f36",
    "hand": "#9a5a00",
    "effects": "#5a3fb0",
    "coins": "#8a5400",
    "brown-vikings": "#8b5a2b",
    "completes": "#1d7a35",
    "race-mark": "#b07800",
}

DARK = {**BOARD_DARK, **TEXT_DARK}
LIGHT = {**BOARD_LIGHT, **TEXT_LIGHT}


def _based_on(base: str, name: str, variables: dict[str, str]) -> Theme:
    """A theme with the Textual colours of the built-in theme `base` and our variables."""
    b = BUILTIN_THEMES[base]
    return Theme(name=name, primary=b.primary, secondary=b.secondary, warning=b.warning,
                 error=b.error, success=b.success, accent=b.accent, foreground=b.foreground,
                 background=b.background, surface=b.surface, panel=b.panel, boost=b.boost,
                 dark=b.dark, luminosity_spread=b.luminosity_spread, text_alpha=b.text_alpha,
                 variables={**b.variables, **variables})


JORVIK_DARK = _based_on("textual-dark", DARK_NAME, DARK)
JORVIK_LIGHT = _based_on("textual-light", LIGHT_NAME, LIGHT)


def register_themes(app: Any) -> None:
    """Offer both themes in the palette's theme switch and start in jorvik-dark."""
    app.register_theme(JORVIK_DARK)
    app.register_theme(JORVIK_LIGHT)
    app.theme = DARK_NAME


class BoardColours:
    """App mixin: a theme that does not name the board's colours takes those of the jorvik
    theme of its kind (Textual asks before it reads the stylesheet, at every theme change)."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        defaults = super().get_theme_variable_defaults()  # type: ignore[misc]
        theme = self.current_theme  # type: ignore[attr-defined]
        return {**defaults, **(DARK if theme is None or theme.dark else LIGHT)}
