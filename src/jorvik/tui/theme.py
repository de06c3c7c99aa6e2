"""The colours of text made outside any one widget: the players' colours, the goods cubes,
and the words of the players' areas and of a move (the one table of them). Every other colour
of the app is in jorvik.tcss, as component classes where Rich text needs one."""

from __future__ import annotations

# Player colours: name -> (background, foreground for text on it, foreground on dark).
COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#d04040", "#ffffff", "#ff6b6b"),
    "blue": ("#3a6fe0", "#ffffff", "#6f9cff"),
    "green": ("#2e9e44", "#ffffff", "#5fd37a"),
    "yellow": ("#e0c020", "#000000", "#f2d94e"),
    "white": ("#e8e8e8", "#000000", "#ffffff"),
}
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

# Text styles of the helpers that build words for several widgets and screens.
KEY = "bold #ffd866"            # a menu key in a move's words: "[b] Buy"
LABEL = "bold #c8c8c8"          # a heading in a player's area: "Craft", "Store"
HAND = "bold #ffcc66"           # the cubes in hand while unloading
EFFECTS = "#c8b8ff"             # the cards with effects in a player's area
COINS = "#ffd866"               # a player's coins
BROWN_VIKINGS = "#c08040"       # a player's brown vikings
