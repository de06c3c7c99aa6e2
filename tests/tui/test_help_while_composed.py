"""The help screen is composed again when the language or the theme changes; a key that
comes in between (the tabs taken down, not yet back) does nothing, never ends the app.
A key flood found it: ['x', 'ctrl+u', 'up'] on the help screen ended the app with
NoMatches('TabbedContent')."""

from __future__ import annotations

from textual.widgets import TabbedContent

from jorvik.tui.screens.help import HelpScreen
from tui_helpers import make_app


async def test_keys_and_a_language_switch_while_the_tabs_are_gone_do_nothing():
    app = make_app("--players", "2", "--names", "A,B", "--seed", "1")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        help_.tab, help_.search = "cards", "ship"
        await help_.query_one(TabbedContent).remove()       # as a recompose leaves it
        for how in ("down", "up", "home", "end"):
            help_.action_scroll(how)
        help_.show_cards("leather")
        help_.retranslate()                                  # composed again: all back
        await pilot.pause()
        assert app.crash_report is None and app.screen is help_
        assert help_.query_one(TabbedContent).active == "help-cards"
        assert "ship" in str(help_.query_one("#card-list").render()).lower()
        await pilot.press("down")
        assert app.crash_report is None
