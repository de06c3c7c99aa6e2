"""The whole game log on the full screen, newest at the bottom, with a search line (l; Esc
returns to the game)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from jorvik.i18n import t
from jorvik.play.session import Session

from ..keys import key, translated
from ..text import entry_text
from .message import Recompose


def matching_lines(session: Session, query: str) -> list[Text]:
    """The log's lines that contain `query` (any case); all of them for an empty query."""
    q = query.strip().lower()
    out = []
    for entry in session.log:
        text = entry_text(entry, session.seats, session.first)
        if not q or q in text.plain.lower():
            out.append(text)
    return out


@translated
class LogScreen(Recompose, ModalScreen[None]):
    KEYS = [
        key("escape", "close", "tui.bind.close", id="close"),
        key("pageup", "scroll(-1)", "", show=False, id="log-up", priority=True),
        key("pagedown", "scroll(1)", "", show=False, id="log-down", priority=True),
        key("up", "line(-1)", "", show=False, id="log-line-up", priority=True),
        key("down", "line(1)", "", show=False, id="log-line-down", priority=True),
    ]

    def __init__(self, session: Session, query: str = "") -> None:
        super().__init__(id="full-log")
        self.session = session
        self.query_text = query

    def compose(self) -> ComposeResult:
        with Vertical(id="full-log-box"):
            yield Input(self.query_text, placeholder=t("tui.full_log.search"), id="log-search")
            with VerticalScroll(id="full-log-scroll"):
                yield Static(id="full-log-lines")
            yield Static(t("tui.full_log.hint"), id="full-log-hint")

    def on_mount(self) -> None:
        self.show_lines(self.query_text)
        self.query_one("#log-search", Input).focus()

    def after_recompose(self) -> None:
        self.show_lines(self.query_text)

    @on(Input.Changed, "#log-search")
    def _search(self, event: Input.Changed) -> None:
        self.query_text = event.value
        self.show_lines(event.value)

    def show_lines(self, query: str) -> None:
        lines = matching_lines(self.session, query)
        body = Text("\n").join(lines) if lines else Text(t("tui.full_log.none"), style="dim")
        self.query_one("#full-log-lines", Static).update(body)
        scroll = self.query_one("#full-log-scroll", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_scroll(self, pages: int) -> None:
        scroll = self.query_one("#full-log-scroll", VerticalScroll)
        (scroll.scroll_page_down if pages > 0 else scroll.scroll_page_up)(animate=False)

    def action_line(self, lines: int) -> None:
        scroll = self.query_one("#full-log-scroll", VerticalScroll)
        scroll.scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
