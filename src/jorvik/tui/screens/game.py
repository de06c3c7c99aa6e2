"""The main screen: the board, the players, the decision now and the log."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from jorvik.engine import Action, IllegalAction, Place, Reserve, current_player
from jorvik.i18n import t

from ..choices import Choice, Menu, build_menu
from ..messages import ChoiceMade, ReservationClicked, SpaceClicked
from ..widgets.action_panel import ActionPanel
from ..widgets.column import SpaceWidget
from ..widgets.goods import SupplyBar
from ..widgets.log import GameLog
from ..widgets.player_panel import PlayerPanel
from ..widgets.reservation import ReservationRow
from ..widgets.status import StatusBar
from .message import ConfirmScreen, HandoverScreen, SmallTerminal

if TYPE_CHECKING:
    from ..app import JorvikApp
    from ..session import Session

DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")
# Letter keys of the menu: (key, tag) -> footer text; only legal ones show (check_action).
LETTERS = (("b", "buy"), ("h", "hall"), ("p", "pass"), ("b", "brown"), ("d", "done"),
           ("d", "stop"), ("d", "decline"), ("d", "discard"), ("t", "trade"), ("s", "sell"),
           ("m", "harbour"))


def _bindings() -> list[Binding]:
    out = [Binding(k, f"pick('{k}')", k, show=False, id=f"choice-{k}") for k in DIGITS]
    out += [Binding(k, f"pick('{k}', '{tag}')", t(f"tui.bind.{tag}"), id=f"choice-{tag}")
            for k, tag in LETTERS]
    out += [
        Binding("escape", "pick('escape')", t("tui.bind.back"), id="back"),
        Binding("ctrl+z", "undo", t("tui.bind.undo"), id="undo"),
        Binding("f1", "app.help", t("tui.bind.help"), id="help"),
        Binding("ctrl+s", "app.save_as", t("tui.bind.save_as"), id="save-as"),
        Binding("ctrl+q", "app.request_quit", t("tui.bind.quit"), id="quit", priority=True),
    ]
    return out


class GameScreen(SmallTerminal, Screen):
    BINDINGS = _bindings()

    def __init__(self, session: Session) -> None:
        super().__init__(id="game", classes=session.state.mode)
        self.session = session
        self.path: tuple = ()
        self.menu: Menu | None = None
        self.thinking = False
        self.last_human: int | None = None
        self.bot_token: int | None = None
        self._ready = False
        self._keys: tuple = ()
        self._cursor: int | None = None

    @property
    def japp(self) -> JorvikApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        st = self.session.state
        yield StatusBar(id="status")
        with Vertical(id="body"):
            with VerticalScroll(id="board"):
                with Horizontal(classes="space-row", id="row-low"):
                    for s in range(1, 7):
                        yield SpaceWidget(s)
                if st.mode == "jarl":
                    with Horizontal(classes="space-row", id="row-high"):
                        for s in range(7, 13):
                            yield SpaceWidget(s)
                    yield ReservationRow(id="reservation")
                yield SupplyBar(id="supply")
            with Horizontal(id="lower"):
                with Grid(id="players", classes=f"players-{st.n}"):
                    for p in range(st.n):
                        yield PlayerPanel(p)
                with Vertical(id="side"):
                    yield ActionPanel(id="actions")
                    yield GameLog(id="log")
        yield Static(t("tui.too_small", width=100, height=30), id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.start()
        self.query_one("#choices", OptionList).focus()
        self._ready = True
        self.japp.screen_ready(self)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.refresh_bindings()  # the footer may have missed changes under a dialog

    # ------------------------------------------------------------------ view
    def refresh_view(self) -> None:
        session = self.session
        st = session.state
        seats = session.seats
        p = current_player(st)
        human = p is not None and not seats.is_bot(p)
        self.menu = build_menu(st, seats, self.path) if human else None
        highlight = {c.space for c in (self.menu.choices if self.menu else []) if c.space}
        self.query_one(StatusBar).show(st, seats, self.thinking)
        for w in self.query(SpaceWidget):
            w.show(st, seats, w.space in highlight)
        if st.mode == "jarl":
            self.query_one(ReservationRow).show(st, seats)
        self.query_one(SupplyBar).show(st)
        for panel in self.query(PlayerPanel):
            panel.show(st, seats)
        note = None
        if p is not None and seats.is_bot(p):
            note = Text(t("tui.status.bot_turn", name=seats.names[p]), style="italic")
        self.query_one(ActionPanel).show(self.menu, note)
        self.query_one(GameLog).sync(session.log)
        # The footer rebuilds itself on refresh_bindings(): only when the keys changed.
        # Digit keys are not shown in the footer, so only the tagged letters count.
        keys = (tuple((c.key, c.tag) for c in self.menu.choices if c.tag) if self.menu else (),
                self.session.undo_target() is not None, self.thinking)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def after_change(self) -> None:
        """After any change of state: the end, a hand-over, or a bot's turn."""
        self.refresh_view()
        session = self.session
        if session.over:
            self.japp.game_over(session)
            return
        p = session.decider
        if p is None:
            return
        if session.seats.is_bot(p):
            self.start_bot(p)
            return
        humans = sum(1 for i in range(len(session.seats)) if not session.seats.is_bot(i))
        if (self.japp.handover and humans > 1 and self.last_human is not None
                and p != self.last_human):
            self.last_human = p
            self.app.push_screen(HandoverScreen(session.seats, p))
        self.last_human = p

    def start(self) -> None:
        """Begin play on this screen (a bot may be first)."""
        p = self.session.decider
        if p is not None and not self.session.seats.is_bot(p):
            self.last_human = p
        self.after_change()

    # ------------------------------------------------------------------ input
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            key = parameters[0]
            choice = self.menu.by_key(str(key)) if self.menu else None
            if choice is None:
                return False
            if len(parameters) > 1 and choice.tag != parameters[1]:
                return False
            return True
        if action == "undo":
            return self.session.undo_target() is not None and not self.thinking or None
        return True

    def action_pick(self, key: str, tag: str = "") -> None:
        choice = self.menu.by_key(key) if self.menu else None
        if choice is not None:
            self.choose(choice)

    @on(ChoiceMade)
    def _choice_made(self, message: ChoiceMade) -> None:
        self.choose(message.choice)

    @on(SpaceClicked)
    def _space_clicked(self, message: SpaceClicked) -> None:
        if not self.menu:
            return
        for c in self.menu.choices:
            if isinstance(c.action, (Place, Reserve)) and c.space == message.space:
                self.choose(c)
                return

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if not self.menu or event.option_index >= len(self.menu.choices):
            return
        space = self.menu.choices[event.option_index].space
        if space == self._cursor:
            return
        self._cursor = space
        for w in self.query(SpaceWidget):
            w.set_class(w.space == space, "-cursor")

    def choose(self, choice: Choice) -> None:
        if choice.submenu is not None:
            self.path = choice.submenu
            self.refresh_view()
            return
        if choice.action is None:
            return
        if choice.warn:
            action = choice.action

            def confirmed(yes: bool | None) -> None:
                if yes:
                    self.play(action)
            self.app.push_screen(ConfirmScreen(choice.warn), confirmed)
            return
        self.play(choice.action)

    def play(self, action: Action) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as e:  # the menu only offers legal actions; never crash
            self.notify(str(e), severity="error")
            return
        self.path = ()
        self.after_change()

    def action_undo(self) -> None:
        if self.thinking or not self.session.undo():
            self.notify(t("tui.undo.none"), severity="warning")
            return
        self.bot_token = None
        self.path = ()
        self.last_human = self.session.decider
        self.notify(t("tui.undo.done"))
        self.refresh_view()

    # ------------------------------------------------------------------ bots
    def start_bot(self, p: int) -> None:
        self.thinking = True
        token = len(self.session.actions)
        self.bot_token = token
        self.refresh_view()
        self._think(p, token)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, p: int, token: int) -> None:
        state = self.session.state
        bot = self.japp.bot_for(p)
        t0 = time.monotonic()
        action = bot.choose(state)
        rest = self.japp.bot_delay - (time.monotonic() - t0)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self._bot_chose, token, action)

    def _bot_chose(self, token: int, action: Action) -> None:
        if token != self.bot_token or token != len(self.session.actions):
            return  # the game moved on (undo) while the bot thought
        self.thinking = False
        self.bot_token = None
        self.play(action)
