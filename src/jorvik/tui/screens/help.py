"""F1 help: the keys in force, the rules summary with our rulings, and a searchable card reference."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Markdown, Static, TabbedContent, TabPane

from jorvik.i18n import t
from jorvik.i18n.rules import rules_summary

from ..keys import help_lines, key, translated
from ..text import card_name, card_text
from ..textual_compat import binding_chain
from ..widgets.column import card_values
from ..widgets.player_panel import legend
from .message import Recompose


def key_lines(under: Screen | None) -> list[tuple[str, str]]:
    """The keys in force on the screen under the help (its focused widget's, its own and the
    app's), each with what it does; and the mouse."""
    chain = binding_chain(under) if under is not None else []
    return help_lines(chain) + [(t("tui.key.mouse"), t("tui.help.key.mouse"))]


@translated
class HelpScreen(Recompose, ModalScreen[None]):
    COMPONENT_CLASSES = {"help--key", "help--jarl-only"}
    KEYS = [
        key("escape,f1", "close", "tui.bind.close", id="close"),
        # At once, wherever the focus is (the tabs, the search line): the open tab scrolls.
        key("pageup", "scroll('page_up')", "", show=False, id="help-page-up", priority=True),
        key("pagedown", "scroll('page_down')", "", show=False, id="help-page-down",
            priority=True),
        key("up", "scroll('up')", "", show=False, id="help-up", priority=True),
        key("down", "scroll('down')", "", show=False, id="help-down", priority=True),
        key("home", "scroll('home')", "", show=False, id="help-home"),
        key("end", "scroll('end')", "", show=False, id="help-end"),
    ]

    def __init__(self, cards: list, tab: str = "keys", search: str = "",
                 under: Screen | None = None) -> None:
        super().__init__(id="help")
        self.cards = cards
        self.under = under   # the screen whose keys the help lists
        self.tab = tab
        self.search = search

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with TabbedContent(initial=f"help-{self.tab}"):
                with TabPane(t("tui.help.keys_tab"), id="help-keys"):
                    keys = Text()
                    key_style = self.get_component_rich_style("help--key", partial=True)
                    for k, what in key_lines(self.under):
                        keys.append(f"{k:>12}  ", style=key_style)
                        keys.append(what + "\n")
                    keys.append("\n")
                    keys.append_text(legend())
                    yield VerticalScroll(Static(keys))
                with TabPane(t("tui.help.rules_tab"), id="help-rules"):
                    yield VerticalScroll(Markdown(rules_summary()))
                with TabPane(t("tui.help.cards_tab"), id="help-cards"):
                    yield Input(self.search, placeholder=t("tui.help.search"), id="card-search")
                    yield VerticalScroll(Static(id="card-list"))
            yield Static(t("tui.help.close") + " · " + t("tui.help.scroll"), id="help-hint")

    def on_mount(self) -> None:
        self.show_cards(self.search)
        if self.tab == "cards":
            self.query_one("#card-search", Input).focus()

    def retranslate(self) -> None:
        tabs, search = self.query(TabbedContent), self.query("#card-search").results(Input)
        if tabs:   # (not while it is being composed again: the last tab and search stay)
            self.tab = (tabs.first().active or "help-keys").removeprefix("help-")
        for box in search:
            self.search = box.value
        super().retranslate()

    def after_recompose(self) -> None:
        self.show_cards(self.search)

    @on(Input.Changed, "#card-search")
    def _search(self, event: Input.Changed) -> None:
        self.show_cards(event.value)

    def show_cards(self, query: str) -> None:
        q = query.strip().lower()
        out = Text()
        seen: set[tuple[str, str]] = set()
        shown = 0
        for c in self.cards:
            name, text = card_name(c), card_text(c)
            if q and q not in name.lower() and q not in text.lower() and q != c.id.lower():
                continue
            if (name, text) in seen:  # identical copies (ships, warriors) once
                continue
            seen.add((name, text))
            shown += 1
            out.append(name, style="bold")
            out.append(f"  {c.id}  ", style="dim")
            out.append_text(card_values(c))
            if c.jarl_only:
                out.append("  " + t("tui.help.jarl_only"),
                           style=self.get_component_rich_style("help--jarl-only", partial=True))
            out.append("\n" + text + "\n\n")
        if not shown:
            out.append(t("tui.help.no_cards"), style="dim")
        for card_list in self.query("#card-list").results(Static):   # (none while composed
            card_list.update(out)                                      # again)

    def action_scroll(self, how: str) -> None:
        """Scroll the open tab; nothing while the screen is being composed again (a key
        that comes between a language or theme switch's removal of the tabs and their
        return)."""
        tabs = self.query(TabbedContent)
        pane = tabs.first().active_pane if tabs else None
        scrolls = pane.query(VerticalScroll) if pane is not None else None
        if scrolls:
            getattr(scrolls.first(), f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
