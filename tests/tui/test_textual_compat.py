"""Textual's private names, used only through jorvik.tui.textual_compat: one test per hook,
so that a Textual upgrade that renames one fails here, in one place; and the command
palette's crash on Ctrl+P then PageDown in one burst (reliability-2.md F8)."""

from __future__ import annotations

import pytest
from textual.command import CommandList

from jorvik.tui.commands import Palette
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.setup import SetupScreen
from tui_helpers import make_app, palette_lists, wait_until


def burst(app, *keys: str) -> None:
    """Post the key events at once, as a terminal delivers keys typed together (the pilot's
    press() waits for the app to be idle after each key)."""
    from textual import events
    for k in keys:
        app.post_message(events.Key(k, None))


GAME = ("--players", "2", "--names", "Ann,Bob", "--seed", "1", "--no-handover")
SETUP = ("--players", "2", "--seed", "1")


@pytest.mark.parametrize("where, argv, screen", [("game", GAME, GameScreen),
                                                  ("setup", SETUP, SetupScreen)])
@pytest.mark.parametrize("keys", [("ctrl+p", "pagedown"), ("ctrl+p", "pageup"),
                                  ("ctrl+p", "pagedown", "pagedown", "pageup")])
async def test_ctrl_p_then_page_keys_in_one_burst_do_not_crash(where, argv, screen, keys):
    """F8: the palette's list is filled before it is laid out; a page key then reached
    Textual's OptionList._move_page, which raised KeyError and ended the app (exit 70)."""
    app = make_app(*argv, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, screen)
        burst(app, *keys)
        # the palette laid out: its page keys (held until then) have moved the list
        await wait_until(pilot, lambda: app.crash_report is not None or not isinstance(
            app.screen, Palette) or any(c.region.height for c in app.screen.query(CommandList)))
        await pilot.pause()
        assert isinstance(app.screen, Palette), f"{where}: the palette closed"
        assert app.return_code is None and app.crash_report is None
        await pilot.press("pagedown", "pageup", "escape")
        await pilot.pause()
        assert isinstance(app.screen, screen)
    assert app.crash_report is None


# ---------------------------------------------------------------- one test per hook

def test_textual_is_the_major_version_the_hooks_are_written_for():
    import textual

    from jorvik.tui.textual_compat import TEXTUAL_MAJOR
    assert int(textual.__version__.split(".")[0]) == TEXTUAL_MAJOR


def test_no_module_but_textual_compat_uses_a_private_textual_name():
    import re
    from pathlib import Path

    import jorvik
    private = re.compile(r"_modal_binding_chain|_merged?_bindings|\._bindings\b|_NO_MATCHES"
                         r"|_list_visible|_no_matches|\._exception\b|_exception_event"
                         r"|_return_code|_close_messages|_handle_exception|_move_page"
                         r"|_gather_commands|_GATHER_COMMANDS_GROUP"
                         r"|from textual[.\w]* import _|textual\._")
    root = Path(jorvik.__file__).parent
    found = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py")
             if p.name != "textual_compat.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if private.search(line)]
    assert found == []


async def test_running_app_is_the_app_whose_loop_runs_and_none_outside_any():
    from jorvik.tui.textual_compat import running_app
    assert running_app() is None
    app = make_app(*GAME, autosave=False)
    async with app.run_test(size=(100, 30)):
        assert running_app() is app


async def test_rebuild_and_renew_bindings_relabel_a_class_and_its_live_widgets():
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import Screen

    from jorvik.tui.textual_compat import rebuild_bindings, renew_bindings

    class Keys(Screen):
        BINDINGS = [Binding("a", "hit", "Hit")]
        hits = 0

        def action_hit(self) -> None:
            type(self).hits += 1

    class KeyApp(App):
        def on_mount(self) -> None:
            self.push_screen(Keys())

    app = KeyApp()
    async with app.run_test() as pilot:
        await pilot.press("a")
        assert Keys.hits == 1
        Keys.BINDINGS = [Binding("b", "hit", "Hit")]
        rebuild_bindings(Keys)
        await pilot.press("b")
        assert Keys.hits == 1  # the live screen keeps the bindings it was made with ...
        renew_bindings(app.screen)
        await pilot.press("b", "a")
        assert Keys.hits == 2  # ... until renewed: b now, a no longer
        app.push_screen(Keys())  # a new screen is made with the rebuilt ones
        await pilot.press("b", "a")
        assert Keys.hits == 3


async def test_binding_chain_runs_from_the_focus_to_the_app_and_stops_at_a_modal_screen():
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import ModalScreen, Screen

    from jorvik.tui.textual_compat import binding_chain

    class Under(Screen):
        BINDINGS = [Binding("u", "bell", "Under")]

    class Over(ModalScreen):
        BINDINGS = [Binding("o", "bell", "Over")]

    class ChainApp(App):
        BINDINGS = [Binding("x", "bell", "App")]

        def on_mount(self) -> None:
            self.push_screen(Under())
            self.push_screen(Over())

    def keys(chain) -> set[str]:
        return {k for _, bindings in chain for k in bindings.key_to_bindings}

    app = ChainApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        over, under = app.screen_stack[-1], app.screen_stack[-2]
        assert [node for node, _ in binding_chain(under)] == [under, app]
        assert {"u", "x"} <= keys(binding_chain(under))
        assert [node for node, _ in binding_chain(over)] == [over]
        assert "o" in keys(binding_chain(over)) and not {"u", "x"} & keys(binding_chain(over))


async def test_crash_hook_ends_the_app_with_its_code_and_the_harness_raises_the_error():
    from textual.app import App

    from jorvik.tui.textual_compat import CrashHook

    seen: list[Exception] = []

    class Boom(CrashHook, App):
        BINDINGS = [("b", "boom", "Boom")]
        crash_code = 70

        def crashed(self, error: Exception) -> None:
            seen.append(error)

        def action_boom(self) -> None:
            raise ZeroDivisionError("boom")

    app = Boom()
    with pytest.raises(ZeroDivisionError):
        async with app.run_test() as pilot:
            await pilot.press("b")
            await pilot.pause()
    assert [type(e) for e in seen] == [ZeroDivisionError]
    assert app.return_code == 70


async def test_no_matches_words_shows_our_line_when_nothing_matches():
    from textual.app import App
    from textual.command import CommandList, CommandPalette

    from jorvik.tui.textual_compat import NoMatchesWords

    class Ours(NoMatchesWords, CommandPalette):
        def no_matches_text(self) -> str:
            return "Nincs találat"

    class PaletteApp(App):
        def action_command_palette(self) -> None:
            self.push_screen(Ours())

    app = PaletteApp()
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p", *"qqqzzz")
        await wait_until(pilot, lambda: palette_lists(app, "Nincs találat"))
        listed = app.screen.query_one(CommandList)
        assert listed.option_count == 1
        assert str(listed.get_option_at_index(0).prompt) == "Nincs találat"


def _option_list_app(shown: bool):
    from textual.app import App
    from textual.widgets import OptionList

    class ListApp(App):
        def compose(self):
            yield OptionList(*(f"option {i}" for i in range(60)))

        def on_mount(self) -> None:
            self.query_one(OptionList).display = shown
            self.query_one(OptionList).highlighted = 0

    return ListApp()


async def test_textual_own_option_list_still_crashes_on_a_page_key_before_layout():
    """The upstream bug the guard is for (Textual 8.2.8). When this fails, Textual fixed it:
    guard_option_list_paging can go."""
    from textual.widgets import OptionList

    from jorvik.tui.textual_compat import _ORIGINAL_MOVE_PAGE, guard_option_list_paging
    guard_option_list_paging()
    original = _ORIGINAL_MOVE_PAGE[0]
    app = _option_list_app(shown=False)
    async with app.run_test() as pilot:
        await pilot.pause()
        listed = app.query_one(OptionList)
        with pytest.raises(KeyError):
            original(listed, 1)


async def test_guarded_page_keys_wait_for_the_layout_then_page():
    from textual.widgets import OptionList

    from jorvik.tui.textual_compat import guard_option_list_paging, option_list_paging_guarded
    guard_option_list_paging()
    guard_option_list_paging()  # idempotent
    assert option_list_paging_guarded()
    app = _option_list_app(shown=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        listed = app.query_one(OptionList)
        listed.action_page_down()  # not laid out: no KeyError, nothing moves
        await pilot.pause()
        assert listed.highlighted == 0
        listed.display = True
        listed.action_page_down()  # in the same moment as it is shown: done after layout
        assert listed.highlighted == 0
        await pilot.pause()
        assert listed.highlighted is not None and listed.highlighted > 0
        before = listed.highlighted
        listed.action_page_down()  # laid out: at once, as Textual does
        assert listed.highlighted > before


async def test_two_enters_in_one_burst_run_a_palette_command_once():
    """The key floods' find: the second Enter reached the palette after the first had closed
    it; Textual's palette then ran the command again and dismissed again, popping the screen
    under it (ScreenStackError once that was the last one)."""
    from jorvik.tui.screens.log import LogScreen
    app = make_app(*GAME, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p", *"Game log")
        await wait_until(pilot, lambda: palette_lists(app, "Game log"))
        burst(app, "enter", "enter", "enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, Palette))
        await pilot.pause()
        assert [type(s) for s in app.screen_stack[1:]] == [GameScreen, LogScreen]
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
    assert app.crash_report is None


async def test_two_lesson_keys_in_one_burst_open_one_lesson():
    """The key floods' other find: two LessonChosen in one burst mounted two lesson screens
    with the same id (DuplicateIds)."""
    from jorvik.carddata import load_cards
    from jorvik.lessons import LESSONS
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.screens.learn import LearnApp, LessonScreen
    from jorvik.tui.text import Seats
    app = LearnApp(PlayConfig(cards=load_cards(), seats=Seats([], [], []), handover=False,
                              bot_delay=0.0, autosave=False))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        burst(app, "1", "2")
        await wait_until(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson is app.lesson is LESSONS[0]  # the first key's lesson
    assert app.crash_report is None


async def test_a_search_that_runs_while_the_palette_closes_is_dropped():
    """A key flood's find: a search the palette runs while it is being taken down (its list
    already gone: a search key in the same burst as the closing one, on a loaded machine)
    failed in Textual's worker with NoMatches (CommandList) and ended the app. The hook runs
    Textual's own search; the palette's list removed as its close does first, a search then
    started ends quietly, and the palette still searches while whole."""
    app = make_app(*GAME, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p", *"Game log")
        await wait_until(pilot, lambda: palette_lists(app, "Game log"))   # it searches
        palette = app.screen
        assert isinstance(palette, Palette)
        await palette.query_one(CommandList).remove()
        worker = palette._gather_commands("Game")
        await wait_until(pilot, lambda: worker.is_finished, what="the dropped search")
        await pilot.pause()
        assert app.crash_report is None
        palette.dismiss()
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    assert app.crash_report is None
