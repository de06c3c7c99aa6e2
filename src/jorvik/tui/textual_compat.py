"""Every use of a private Textual name, in one place.

The app needs a few of Textual's internals (names beginning with `_`, which any release may
rename): each is behind one small function or mixin here, and tests/tui/test_textual_compat.py
tests each one, so that a Textual upgrade that changes them fails there and nowhere else.
Textual is pinned to the major version these were written for (pyproject.toml:
textual>=8.2,<9). No other module of jorvik uses a private Textual name.

It also works around one Textual bug (8.2.8): OptionList's page keys raise KeyError while
the list is not laid out yet (see guard_option_list_paging)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual._context import active_app

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode

TEXTUAL_MAJOR = 8  # the major version this module is written for


# ---------------------------------------------------------------- bindings (keys.py, help.py)

def rebuild_bindings(cls: type[DOMNode]) -> None:
    """Merge a class's BINDINGS again (and its bases'), as Textual does when the class is
    made: instances made from now on get them."""
    cls._merged_bindings = cls._merge_bindings()


def renew_bindings(node: DOMNode) -> None:
    """Give a live widget, screen or app its class's (rebuilt) bindings."""
    merged = type(node)._merged_bindings
    if merged is not None:
        node._bindings = merged.copy()


def binding_chain(screen: Any) -> list[tuple[DOMNode, Any]]:
    """The bindings in force on `screen`: (node, BindingsMap) from the focused widget out to
    the app, stopping at the first modal screen (Textual's own order)."""
    return list(screen._modal_binding_chain)


# ---------------------------------------------------------------- the running app (theme.py)

def running_app() -> App[Any] | None:
    """The app whose event loop runs this code (Textual's active_app), or None outside any."""
    return active_app.get(None)


# ---------------------------------------------------------------- ending after a crash (app.py)

class CrashHook:
    """Mixin for an App: an unhandled exception calls `self.crashed(error)` (which must not
    raise) instead of Textual's traceback screen; then the app ends with `self.crash_code`."""

    crash_code = 1

    def crashed(self, error: Exception) -> None:
        pass

    def _handle_exception(self, error: Exception) -> None:  # Textual's hook (App)
        self.crashed(error)
        end_after_crash(self, error, self.crash_code)


def end_after_crash(app: Any, error: Exception, code: int) -> None:
    """End `app` at once with exit status `code`, without Textual's traceback. Under the test
    harness (App.run_test) the error is re-raised when the test leaves the app, as Textual
    does for its own handler."""
    if app._exception is None:
        app._exception = error
        app._exception_event.set()
    app._return_code = code
    app._close_messages_no_wait()


# ---------------------------------------------------------------- the palette's words (commands.py)

class NoMatchesWords:
    """Mixin for a CommandPalette: its "No matches found" line in `self.no_matches_text()`
    (Textual words it inside _start_no_matches_countdown; these are the same steps)."""

    def no_matches_text(self) -> Any:
        return "No matches found"

    def _start_no_matches_countdown(self, search_value: str) -> None:  # CommandPalette's
        from textual.command import CommandList
        from textual.widgets.option_list import Option
        palette: Any = self
        palette._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                palette.query_one(CommandList).add_option(Option(
                    self.no_matches_text(), disabled=True, id=palette._NO_MATCHES))
                palette._list_visible = True
            else:
                palette._list_visible = False
        palette._no_matches_timer = palette.set_timer(palette._NO_MATCHES_COUNTDOWN,
                                                      show_no_matches)


# ---------------------------------------------------------------- a search while the palette closes

def _gather_search() -> Any:
    """CommandPalette's own search worker (its method under Textual's @work), and its group."""
    from textual.command import CommandPalette
    search = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
    return search, CommandPalette._GATHER_COMMANDS_GROUP


class SearchDroppedOnClose:
    """Mixin for a CommandPalette: a key that changes the search in the same burst as the key
    that closes the palette (or a search slow on a loaded machine) runs Textual's search
    worker while the closing palette's widgets are being taken down; the worker's lookup of
    its list then fails (NoMatches: CommandList) and the app ends with a traceback. That
    search has nobody to show its commands to: dropped. The same error on a whole palette
    is raised as before."""

    async def _search_unless_closed(self, search_value: str) -> None:
        from textual.command import CommandList
        from textual.css.query import NoMatches
        from textual.widgets import LoadingIndicator
        palette: Any = self
        search, _ = _gather_search()
        try:
            await search(palette, search_value)
        except NoMatches:
            if palette.query(CommandList) and palette.query(LoadingIndicator):
                raise   # the palette is whole: a real error

    def _gather_commands(self, search_value: str) -> Any:  # CommandPalette's (@work)
        _, group = _gather_search()
        palette: Any = self
        return palette.run_worker(partial(self._search_unless_closed, search_value),
                                  name="_gather_commands", group=group, exclusive=True)


# ---------------------------------------------------------------- Textual's OptionList paging bug

_ORIGINAL_MOVE_PAGE: list[Callable[..., None]] = []


def guard_option_list_paging() -> None:
    """PageUp/PageDown on an OptionList that has options and a highlight but is not laid out
    yet (no size: e.g. the command palette's list in the same moment it is filled) raise
    KeyError in Textual 8.2.8's OptionList._move_page, which reads the line of the highlight
    from a table only filled at layout. Guarded for every OptionList (the palette, the lesson
    menu, Select's drop-down): such a key waits for the next refresh once, then is dropped if
    the list still has no size. Idempotent."""
    if _ORIGINAL_MOVE_PAGE:
        return
    from textual.widgets import OptionList
    original = OptionList._move_page
    _ORIGINAL_MOVE_PAGE.append(original)

    def move_page(self: Any, direction: Any, _again: bool = True) -> None:
        if self.scrollable_content_region:
            original(self, direction)
        elif _again and self.is_attached:
            self.call_after_refresh(move_page, self, direction, False)

    # patched on purpose (the bug above); mypy refuses any assignment to a method
    OptionList._move_page = move_page  # type: ignore[method-assign]


def option_list_paging_guarded() -> bool:
    return bool(_ORIGINAL_MOVE_PAGE)
