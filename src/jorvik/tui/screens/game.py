"""The main screen: the board, the players, the decision now and the log.

It plays at a `jorvik.play.table.Table` (the local Session, or a hosted game's Mirror): it
draws the table's public view, and a chosen move goes to `table.submit` (never to the engine
itself); when the keyboard changes hands is the play layer's policy (jorvik.play.handover)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from jorvik.engine import (
    Action,
    GameState,
    Mode,
    Place,
    Reserve,
    Steal,
    TakeOff,
)
from jorvik.i18n import t
from jorvik.play.errors import PlayError
from jorvik.play.handover import Handing, HandOver
from jorvik.play.session import Session, note_entry
from jorvik.play.since import Item, summary
from jorvik.play.table import Table
from jorvik.play.turns import PLAYED, BotTurns, Steps

from ..choices import Choice, Menu, worded
from ..handover import resolve
from ..keys import BACK_KEY, EXTRA_KEYS, SPACE_KEYS, TAG_KEYS, Key, key, translated
from ..messages import ChoiceMade, GameOver, ScreenReady, SpaceClicked, SpaceHovered
from ..text import entry_text, painted, words_text
from ..widgets.action_panel import ActionPanel
from ..widgets.board import board_widgets
from ..widgets.choice_list import ChoiceList
from ..widgets.column import SpaceWidget
from ..widgets.details import CardDetails
from ..widgets.goods import SupplyBar
from ..widgets.keybar import KeyBar
from ..widgets.log import GameLog
from ..widgets.memo import Memo
from ..widgets.player_panel import PlayerPanel
from ..widgets.reservation import ReservationRow
from ..widgets.standings import StandingsBar
from ..widgets.status import StatusBar, round_seasons
from .message import ConfirmScreen, HandoverScreen, SmallTerminal

if TYPE_CHECKING:
    from jorvik.playpool import PlayoutPool

HELP_OF_SPACE = {**dict.fromkeys(SPACE_KEYS[:6], "columns"), **dict.fromkeys(SPACE_KEYS[6:], "reserve")}


def _keys() -> list[Key]:
    # Every decision key from the one table; a key works only while the menu has a choice
    # under it (check_action), so the footer shows only the tagged letters that are legal.
    out = [key(k, f"pick('{k}')", "", help=HELP_OF_SPACE.get(k, "more"), show=False,
               id=f"choice-{k}") for k in (*SPACE_KEYS, *EXTRA_KEYS)]
    out += [key(k, f"pick('{k}', '{tag}')", f"tui.bind.{tag}", help=tag if tag not in (
        "stop", "decline", "discard") else "done", id=f"choice-{tag}")
        for tag, k in TAG_KEYS.items()]
    out += [
        key(BACK_KEY, "pick('escape')", "tui.bind.back", help="back", id="back"),
        key("ctrl+z", "undo", "tui.bind.undo", help="undo", id="undo"),
        key("tab", "view", "tui.bind.view", help="view", id="view", priority=True),
        key("v", "scores", "tui.bind.scores", help="scores", id="scores"),
        key("c", "cards", "tui.bind.cards", help="cards", id="cards"),
        key("l", "full_log", "tui.bind.log", help="full_log", id="full-log"),
        key("question_mark", "hint", "learn.bind.hint", help="hint", id="hint"),
        key("pageup", "log(1)", "", help="log", show=False, id="log-older", priority=True),
        key("pagedown", "log(-1)", "", help="log", show=False, id="log-newer", priority=True),
        key("f1", "app.help", "tui.bind.help", help="help", id="help"),
        key("ctrl+s", "app.save_as", "tui.bind.save_as", help="save_as", id="save-as"),
        key("ctrl+q", "app.request_quit", "tui.bind.quit", help="quit", id="quit",
            priority=True),
    ]
    return out


@translated
class GameScreen(SmallTerminal, Screen):
    KEYS = _keys()
    # a hot-seat table's seats change hands from the palette (tui/commands.py); a lesson's
    # and a joined game's do not
    seats_change_hands = True

    def __init__(self, session: Table, turns: BotTurns | None = None,
                 handover: bool | str = False, resumed: bool = False) -> None:
        super().__init__(id="game", classes=session.public.state.mode)
        self.session = session
        if turns is None:   # (a table of its own, with bots: the local Session)
            assert isinstance(session, Session)
            turns = BotTurns(session)
        self.turns = turns
        self.hand = HandOver(resolve(handover))  # who had the keyboard (play/handover.py)
        self.resumed = resumed             # a saved game goes on: the banner first
        self.banners = 0                   # hand-over banners shown (bench, tests)
        self._since: tuple[int, int] | None = None  # (player, actions) the summary is for
        self.path: tuple = ()
        self.menu: Menu | None = None
        self._keys: tuple = ()
        self._cursor: int | None = None
        self._hover: int | None = None
        self._highlighted: Choice | None = None
        self._frozen_round = -1
        self._found = False  # on_mount has found the widgets refresh_view() updates
        self.hint_workers: PlayoutPool | None = None  # worker processes for hints (hint.py)

    @property
    def handover(self) -> str:
        """The hand-over mode: always / changes / never (play/handover.py)."""
        return self.hand.mode

    @handover.setter
    def handover(self, mode: str) -> None:
        self.hand.mode = mode

    @property
    def last_human(self) -> int | None:
        return self.hand.last_human

    def _public(self) -> GameState:
        """The table's public view now, as a state to draw (no deck or bag order, no seed)."""
        return self.session.public.state

    @property
    def thinking(self) -> bool:
        """A bot is choosing its move now."""
        return self.turns.thinking

    def compose(self) -> ComposeResult:
        st = self._public()
        yield StatusBar(id="status")
        with Vertical(id="body"):
            with Vertical(id="board"):
                yield from board_widgets(st.n, st.mode)
            with Horizontal(id="lower"):
                with Grid(id="players", classes=f"players-{st.n}"):
                    for p in range(st.n):
                        yield PlayerPanel(p)
                with Vertical(id="side"):
                    yield ActionPanel(id="actions")
                    yield GameLog(id="log", word=self._log_line)
                    with VerticalScroll(id="since", can_focus=False):
                        yield Static(id="since-text")
        yield Static(self.too_small_text(), id="too-small")
        yield KeyBar()

    def on_unmount(self) -> None:
        """The screen is gone (a new game, the final scoring, quit): what gc.freeze() kept out
        of the collector's sight goes back to it, so a closed game and its screen can be
        collected; the hint workers are ended."""
        if self._frozen_round != -1:
            gc.unfreeze()
            self._frozen_round = -1
        if self.hint_workers is not None:
            self.hint_workers.close()  # no worker process outlives the game's screen

    def on_mount(self) -> None:
        # The widgets refresh_view() updates, found once (a query walks the DOM each time).
        self._spaces = list(self.query(SpaceWidget))
        self._panels = list(self.query(PlayerPanel))
        self._status = self.query_one(StatusBar)
        self._supply = self.query_one(SupplyBar)
        self._standings = self.query_one(StandingsBar)
        self._reservation = (self.query_one(ReservationRow)
                             if self._public().mode == Mode.JARL else None)
        self._actions = self.query_one(ActionPanel)
        self._choices = self.query_one("#choices", ChoiceList)
        self._details = self.query_one(CardDetails)
        self._log = self.query_one(GameLog)
        self._found = True
        self.start()
        self._choices.focus()
        self.post_message(ScreenReady(self))
        seats = self.session.seats
        if (getattr(self.app, "hints", True) and not self.app.is_headless
                and any(not seats.is_bot(p) for p in range(len(seats)))):
            from .hint import warm_hints  # the hint key will be there: its workers start now
            warm_hints(self)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.refresh_bindings()  # the footer may have missed changes under a dialog

    # ------------------------------------------------------------------ view
    def refresh_view(self) -> None:
        """Show the state now. Every widget compares what it shows with what it would show
        and repaints only on a difference; sizes are fixed, so nothing is laid out again.
        Before on_mount there is nothing to update (a hosted game's update or refusal can
        come between the push and the mount): on_mount's start() shows the state then."""
        if not self._found:
            return
        with self.app.batch_update():
            self._refresh_view()

    def _refresh_view(self) -> None:
        session = self.session
        st = self._public()
        seats = painted(session.seats)
        p = session.decider
        self.menu = self._menu(p, st)
        highlight = {c.space for c in (self.menu.choices if self.menu else []) if c.space}
        self._status.show(st, seats, self.thinking, round_seasons(st, session.log))
        for w in self._spaces:
            w.show(st, seats, w.space in highlight)
        if self._reservation is not None:
            self._reservation.show(st, seats)
        self._supply.show(st)
        self._standings.show(st, seats)
        for panel in self._panels:
            panel.show(st, seats)
        self._actions.show(self.menu, self._waiting_note(p), thinking=self.thinking,
                           decision=(session.moves, self.path))
        self._highlight(self._choices.highlighted)
        self._log.sync(session.log, self._last_human_move())
        self._show_turn(p)
        # The footer rebuilds itself on refresh_bindings(): only when the keys changed.
        # Digit keys are not shown in the footer, so only the tagged letters count.
        keys = (tuple((c.key, c.tag) for c in self.menu.choices if c.tag) if self.menu else (),
                self.session.undo_target() is not None, self.thinking)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def _menu(self, p: int | None, st: GameState) -> Menu | None:
        """The table's menu of `p`'s decision at the submenu now, in words (None: this
        screen does not act for `p`, or the table offers no menu)."""
        if not self._acts_for(p):
            return None
        menu = self.session.view(p, self.path).menu
        return None if menu is None else worded(menu, self.session.seats, st)

    def _acts_for(self, p: int | None) -> bool:
        """Whether this screen offers the decision of player `p` (here: every human's)."""
        return p is not None and self._human(p)

    def _human(self, p: int) -> bool:
        """Whether player `p` is one of the humans at this screen (here: every human seat)."""
        return not self.session.seats.is_bot(p)

    def _waiting_note(self, p: int | None) -> Text | None:
        """What the decision area says while it offers no menu (here: a bot's turn)."""
        if p is not None and self.session.seats.is_bot(p):
            return Text(t("tui.status.bot_turn", name=self.session.seats.names[p]),
                        style="italic")
        return None

    def _show_turn(self, p: int | None) -> None:
        """The turn strip and the summary in the side area, from a hand-over until the
        player acts (any move, or an undo, ends it)."""
        since = self._since
        on = since is not None and since == (p, self.session.moves)
        if not on and since is not None:
            self._since = None
        if on != self.has_class("-since"):
            self.set_class(on, "-since")
        self._actions.strip(self.session.seats, p if on else None)

    def _hand_over(self, p: int, banner: bool, items: list[Item] | None = None) -> None:
        """The keyboard goes to human p: the strip and the side summary (until p acts), and
        the banner when `banner` (`items`: the summary, when already made)."""
        session = self.session
        if items is None:
            items = summary(session, p)  # type: ignore[arg-type]  # (since reads the states)
        self._since = (p, session.moves)
        self._show_since(items)
        self.query_one("#since", VerticalScroll).scroll_home(animate=False)
        self.refresh_view()
        if banner:
            self.banners += 1
            self.app.push_screen(HandoverScreen(
                painted(session.seats), p, [words_text(i.text, session.seats, self._public())
                                   for i in items]))

    def _show_since(self, items: list[Item]) -> None:
        """The side area's summary, in the language now."""
        session = self.session
        lines = Text(t("tui.since.title"), style="bold")
        for item in items:
            lines.append("\n")
            lines.append_text(words_text(item.text, session.seats, self._public()))
        if not items:
            lines.append("\n")
            lines.append(t("tui.since.nothing"), style="italic")
        self.query_one("#since-text", Static).update(lines)

    def _log_line(self, entry) -> Text:
        return entry_text(entry, self.session.seats, self.session.first)

    def _humans(self) -> int:
        """How many humans share this screen."""
        return sum(1 for i in range(len(self.session.seats)) if self._human(i))

    def _last_human_move(self) -> int:
        """How many actions had been taken when the last human decision (of this screen's)
        before now was made (the log marks what happened from then on)."""
        session = self.session
        moves = session.moves
        for i in range(moves - 1, max(-1, moves - 399), -1):
            p = session.decided_by(i)
            if p is not None and self._human(p):
                return i
        return 0

    def retranslate(self) -> None:
        """Everything again in the language now (the log too)."""
        for w in self.walk_children():
            if isinstance(w, Memo):
                w.forget()
        self.query_one("#too-small", Static).update(self.too_small_text())
        self._keys = ()
        if self._since is not None:   # the summary shown until the player acts
            self._show_since(summary(self.session, self._since[0]))  # type: ignore[arg-type]
        self.refresh_view()
        self._log.rewrite(self.session.log)

    def note(self, words: Callable[[], str], player: int | None = None, kind: str = "") -> None:
        """A line of the app's own in the game log (`words()` gives it in the language now);
        `player` and `kind` say what it is about (see note_entry)."""
        session = self.session
        # the look by name (tui/text.py NOTE_LOOKS), coloured when shown: a theme switch
        # colours the notes already written too
        session.log.append(note_entry(session.moves, words, style="notice", player=player,
                                      kind=kind))
        self.refresh_view()

    def _show_details(self) -> None:
        """The details line: the hovered space's card, else the highlighted choice's."""
        st = self._public()
        cid = None
        if self._hover is not None:
            cid = st.spaces[self._hover - 1]
        if cid is None and self._highlighted is not None:
            cid = self._highlighted.card
        if cid is None and self.menu is not None:
            cid = self.menu.card
        self._details.show(st.cards.by_id.get(cid) if cid else None,
                          painted(self.session.seats))

    def _highlight(self, index: int | None) -> None:
        menu = self.menu
        choice = menu.choices[index] if menu and index is not None and index < len(
            menu.choices) else None
        self._highlighted = choice
        space = choice.space if choice else None
        if space != self._cursor:
            self._cursor = space
            for w in self._spaces:
                if (w.space == space) != w.has_class("-cursor"):
                    w.set_class(w.space == space, "-cursor")
        self._show_details()

    def after_change(self) -> None:
        """After any change of state: the end, a hand-over, or a bot's turn."""
        self.refresh_view()
        session = self.session
        st = self._public()
        if st.round != self._frozen_round:
            # The game's states and log only grow: once a round, the objects alive now are
            # moved out of the collector's sight, so a full collection (100 ms and more late
            # in a game) never lands on a key press.
            self._frozen_round = st.round
            gc.freeze()
        if session.over:
            self.post_message(GameOver(session))  # type: ignore[arg-type]
            return
        p = session.decider
        if p is None:
            return
        if session.seats.is_bot(p):
            self.start_bot(p)
            return
        if self._human(p):
            self._handing(self.hand.turn(session, p, self._humans()))

    def _handing(self, handing: Handing | None) -> None:
        if handing is not None:
            self._hand_over(handing.player, handing.banner, handing.items)

    def start(self) -> None:
        """Begin play on this screen (a bot may be first). A resumed game with more than one
        human begins with the banner for the player whose turn it is."""
        p = self.session.decider
        if p is not None and self._human(p):
            self._handing(self.hand.start(self.session, p, self._humans(), self.resumed))
        self.after_change()

    def set_handover(self, mode: str) -> None:
        """The hand-over mode from now on (the palette's switch)."""
        self.hand.mode = resolve(mode)

    # ------------------------------------------------------------------ input
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:
            return False  # only the message shows: no key may change the game unseen
        if action == "pick":
            key = parameters[0]
            choice = self.menu.by_key(str(key)) if self.menu else None
            if choice is None:
                return False
            return not (len(parameters) > 1 and choice.tag != parameters[1])
        if action == "view":
            return self.has_class("-compact")
        return True

    def action_view(self) -> None:
        """Tab (compact layout): the board or the players' areas."""
        self.toggle_class("-view-players")

    def action_scores(self) -> None:
        """v: the VP of every player if the game ended now, by the final scoring's categories."""
        from .final import ScoresNowScreen
        self.app.push_screen(ScoresNowScreen(self.session))  # type: ignore[arg-type]

    def action_cards(self) -> None:
        """c: every card on the board at once, whole (made for 80×24)."""
        from .cards import CardsScreen
        self.app.push_screen(CardsScreen(self._public(), painted(self.session.seats)))

    def action_full_log(self) -> None:
        """l: the whole game log on the full screen, with search."""
        from .log import LogScreen
        self.app.push_screen(LogScreen(self.session))  # type: ignore[arg-type]

    def action_hint(self) -> None:
        from .hint import request_hint  # only when asked: the judge loads the bots
        request_hint(self)

    def action_log(self, pages: int) -> None:
        """PageUp / PageDown: scroll the game log back or forward by most of its height."""
        self._log.scroll_pages(pages)

    def action_pick(self, key: str, tag: str = "") -> None:
        choice = self.menu.by_key(key) if self.menu else None
        if choice is not None:
            self.choose(choice)

    def action_cube(self, player: int, good: int, where: str = "") -> None:
        """A cube in a player's area was clicked: pick the choice about it, if any."""
        if self.too_small or not self.menu:
            return
        card = where[5:] if where.startswith("card:") else None
        for c in self.menu.choices:
            a = c.action
            if card is None and c.submenu == ("cube", good) and player == self.session.decider:
                self.choose(c)
                return
            if card is not None and isinstance(a, Steal) and (a.player, a.card, a.good) == (
                    player, card, good):
                self.choose(c)
                return
            if (card is not None and isinstance(a, TakeOff) and (a.card, a.good) == (card, good)
                    and player == self.session.decider):
                self.choose(c)
                return

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

    @on(SpaceHovered)
    def _space_hovered(self, message: SpaceHovered) -> None:
        self._hover = message.space
        self._show_details()

    @on(ChoiceList.Highlighted)
    def _highlighted_option(self, event: ChoiceList.Highlighted) -> None:
        self._highlight(event.index)

    def choose(self, choice: Choice) -> None:
        if self.too_small:
            return
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
        """The chosen move goes to the table: the one way a front end's move is played."""
        session = self.session
        p = session.decider
        try:
            session.submit(-1 if p is None else p, action, at=session.moves)
        except PlayError as e:  # the menu only offers legal actions; never crash
            self.notify(str(e), severity="error")
            return
        self.path = ()
        self.after_change()

    def action_undo(self) -> None:
        """Ctrl+Z: back over this player's own decisions freely; into another player's
        decision only after asking (naming them); when undo is not possible, say why."""
        session = self.session
        if self.thinking:
            self.notify(t("tui.undo.bot_thinking"), severity="warning")
            return
        target = session.undo_target()
        if target is None:
            why = "tui.undo.start" if not session.moves else "tui.undo.none"
            self.notify(t(why), severity="warning")
            return
        whose = session.decided_by(target)
        other = whose is not None and whose != session.decider
        seats = session.undo_takes_back()
        if other or seats:
            name = session.seats.names[whose] if other and whose is not None else ""

            def question() -> str:
                if not seats:
                    return t("tui.undo.other", name=name)
                back = " ".join(seats)
                if other:
                    return t("tui.undo.other_and_seats", name=name, changes=back)
                return t("tui.undo.seats", changes=back)

            def answered(yes: bool | None) -> None:
                if yes:
                    self._undo()
            self.app.push_screen(ConfirmScreen(question), answered)
            return
        self._undo()

    def _undo(self) -> None:
        was = self.session.decider
        if not self.session.undo():
            return
        self.turns.cancel()
        self.path = ()
        p = self.session.decider
        if p is not None and self.session.seats.is_bot(p):  # a seat change taken back:
            self.notify(t("tui.undo.done"))                # the seat's bot plays on
            self.after_change()
            return
        self.notify(t("tui.undo.done"))
        self.refresh_view()
        # The keyboard goes back to another player: the banner says whose turn it is.
        self._handing(self.hand.undone(self.session, was, p, p is not None and self._human(p),
                                       self._humans()))

    # ------------------------------------------------------------------ bots
    def start_bot(self, p: int) -> None:
        """Seat p's bot's turn, the play layer's (BotTurns.turn: the stale check, the move
        through the session's submit, the failed bot's note): it begins now (the screen
        shows it thinking) and goes on in the screen's bot worker."""
        app = self.app

        def tell(words: Callable[[], str]) -> None:   # (from the bot's thinking thread)
            app.call_from_thread(self.note, words)
        steps = self.turns.turn(p, tell, self.note)
        self.refresh_view()
        self._bot_turn(steps)

    @work(exclusive=True, group="bot")
    async def _bot_turn(self, steps: Steps) -> None:
        """The turn's steps on the app's thread (its widgets are touched only here), the
        thinking in a worker thread, so the screen stays live meanwhile. A newer turn (after
        an undo or a seat change) cancels this one: what its bot then chooses is dropped."""
        if await self.turns.run_turn(steps) == PLAYED:
            self.path = ()
            self.after_change()
