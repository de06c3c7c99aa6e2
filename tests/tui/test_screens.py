"""Setup, help, the command palette, quitting and resizing."""

from __future__ import annotations

from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.help import HelpScreen
from jorvik.tui.screens.message import ConfirmScreen
from tui_helpers import make_app


async def test_setup_screen_takes_names_and_starts_the_game():
    app = make_app("--players", "2", "--seed", "1", "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one("#name-0").value = "Eszti"
        app.screen.query_one("#name-1").value = "Móni"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.seats.names == ["Eszti", "Móni"]


async def test_f1_help_lists_keys_rules_and_searchable_cards():
    app = make_app("--players", "2", "--names", "A,B", "--seed", "1")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        app.screen.show_cards("Leatherworker")
        shown = str(app.screen.query_one("#card-list").render())
        assert "leather" in shown.lower()
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_f1_lists_the_keys_in_force_on_the_screen_under_it():
    from jorvik.i18n import t
    from jorvik.tui.screens.help import key_lines
    from jorvik.tui.screens.setup import SetupScreen
    app = make_app("--players", "2", "--names", "A,B", "--seed", "1", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        keys = dict(key_lines(app.screen.under))
        assert keys["Ctrl+Z"] == t("tui.help.key.undo")
        assert keys["1 2 3 4 5 6"] == t("tui.help.key.columns")
        assert keys["↑ ↓ Enter"] == t("tui.help.key.menu")
        assert keys["F2"] == t("tui.help.key.language")
    app = make_app("--players", "2", "--seed", "1", "--no-handover", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f1")
        keys = dict(key_lines(app.screen.under))
        assert "F2" in keys and "Ctrl+Q" in keys
        assert "Ctrl+Z" not in keys and "1 2 3 4 5 6" not in keys  # no game keys here


async def test_quitting_asks_first_and_keeps_the_game():
    app = make_app("--players", "2", "--names", "A,B", "--seed", "1")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_resizing_to_small_and_back_restores_the_board():
    app = make_app("--players", "2", "--names", "A,B", "--seed", "1")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.resize_terminal(79, 24)
        assert app.screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        assert not app.screen.has_class("-too-small") and app.screen.has_class("-compact")
        await pilot.resize_terminal(100, 30)
        assert not app.screen.has_class("-compact")
