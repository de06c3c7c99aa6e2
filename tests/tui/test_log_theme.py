"""The game log follows the palette's theme switch: lines already written to it (the app's own
notes, "Anna used a hint.", and the players' moves) take the new theme's colours, as the rest
of the screen does, and so does the full log (l) opened after the switch; none keeps a colour
only the dark theme has."""

from __future__ import annotations

from jorvik.tui.screens.hint import note_hint
from jorvik.tui.themes import DARK, DARK_NAME, LIGHT, LIGHT_NAME
from test_themes import KARL, SIZE, only_in_dark, text_fills
from tui_helpers import make_app, wait_until

NOTE = "used a hint"


def _log_fills(app, words: str) -> set[str]:
    """The colours the game log's lines containing `words` are drawn in."""
    return text_fills(app.export_screenshot(), words)


async def test_notes_and_moves_already_in_the_log_take_the_new_themes_colours():
    app = make_app(*KARL, autosave=False)  # Anna red
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")                       # Anna's move: a line in her colour
        await wait_until(pilot, lambda: len(app.screen.session.actions) >= 1, what="a move")
        note_hint(app.screen, 0)                     # a note of the app's own: "Anna used a hint."
        await wait_until(pilot, lambda: DARK["notice"] in _log_fills(app, NOTE),
                         what="the note in the dark theme's notice colour")
        app.theme = LIGHT_NAME
        await wait_until(pilot, lambda: LIGHT["player-red"] in text_fills(
            app.export_screenshot(), "Anna"), what="the board in the light theme")
        await wait_until(pilot, lambda: LIGHT["notice"] in _log_fills(app, NOTE),
                         what="the note in the light theme's notice colour")
        svg = app.export_screenshot()
        assert DARK["notice"] not in text_fills(svg, NOTE)
        left = only_in_dark() & set(text_fills(svg, ""))
        assert not left, left
        app.theme = DARK_NAME                        # and back
        await wait_until(pilot, lambda: DARK["notice"] in _log_fills(app, NOTE),
                         what="the note in the dark theme's notice colour again")


async def test_the_full_log_shows_an_earlier_note_in_the_theme_now():
    from jorvik.tui.screens.log import LogScreen
    app = make_app(*KARL, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        note_hint(app.screen, 0)                     # written in the dark theme
        await wait_until(pilot, lambda: DARK["notice"] in _log_fills(app, NOTE),
                         what="the note in the dark theme's notice colour")
        app.theme = LIGHT_NAME
        await wait_until(pilot, lambda: LIGHT["notice"] in _log_fills(app, NOTE),
                         what="the note in the light theme's notice colour")
        await pilot.press("l")                       # the whole log on the full screen
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), what="the full log")
        await wait_until(pilot, lambda: NOTE in app.export_screenshot().replace("&#160;", " "),
                         what="the note in the full log")
        fills = _log_fills(app, NOTE)
        assert LIGHT["notice"] in fills and DARK["notice"] not in fills, fills
