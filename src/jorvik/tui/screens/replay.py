"""Watching a game again (`jorvik replay`, `w` on the final scoring): the game screen's board
read-only, stepped move by move and round by round, with each move's log lines, the VP race
with the move marked, and the review's costliest decisions as places to jump to.

The stepping is jorvik.play.replay's; this screen only draws the step it is at. The review
takes a minute or more (it plays thousands of games out), so it runs only when asked (`r`)."""

from __future__ import annotations

import os
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from jorvik.i18n import t
from jorvik.i18n.cards import phase_name
from jorvik.play.replay import Jump, Replay

from .. import theme
from ..keys import key, translated
from ..messages import ScreenReady
from ..text import entry_text, painted
from ..widgets.board import board_widgets
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
from ..widgets.vp_chart import vp_chart
from .message import Recompose, SmallTerminal


def _keys() -> list:
    # In the order the key line keeps them when narrow; a pair of keys shows as one item.
    return [
        key("q,escape", "close", "replay.bind.close", id="replay-close"),
        key("left", "step(-1)", "replay.bind.move", key_display="← →", id="replay-back"),
        key("right", "step(1)", "replay.bind.next", show=False, id="replay-next"),
        key("left_square_bracket,pageup", "prev_round", "replay.bind.round", key_display="[ ]",
            id="replay-prev-round"),
        key("right_square_bracket,pagedown", "next_round", "replay.bind.next_round",
            show=False, id="replay-next-round"),
        key("r", "review", "learn.review.bind", id="replay-review"),
        key("g", "chart", "replay.bind.chart", id="replay-chart"),
        # Tab as in the game; p on the key line (the app's own Tab would put it first there)
        key("p", "view", "replay.bind.view", id="replay-view"),
        key("tab", "view", "replay.bind.view", show=False, id="replay-view-tab"),
        key("home", "to_start", "replay.bind.start", show=False, id="replay-start"),
        key("end", "to_end", "replay.bind.end", show=False, id="replay-end"),
        *[key(str(n), f"jump({n})", "replay.bind.jump", show=False, id=f"replay-jump-{n}")
          for n in range(1, 6)],
        key("c", "cards", "tui.bind.cards", show=False, id="replay-cards"),
        key("f1", "app.help", "tui.bind.help", id="replay-help"),
    ]


@translated
class ReplayScreen(SmallTerminal, Screen):
    """A game watched again; nothing here changes it or its file."""

    KEYS = _keys()

    def __init__(self, replay: Replay, step: int = 0, review: Any = None,
                 on_review: Any = None) -> None:
        # The game screen's id and mode class: the board is laid out as in play.
        super().__init__(id="game", classes=f"{replay.first.mode} replay")
        self.replay = replay
        self.seats = painted(replay.seats)
        self.step = replay.clamp(step)
        self.review: Any = review        # jorvik.review.Review, once judged
        self.on_review = on_review       # told the review when it is judged here
        self.judging: tuple[int, int] | None = None  # (done, total) while the review runs
        self.closed = False              # tells the review's thread to stop
        self._found = False
        self._race: tuple[list[int], list[list[int]]] | None = None
        self._words: dict[int, Text] = {}   # id(log entry) -> its words (the replay keeps
                                            # every entry alive, so an id is never reused)

    @property
    def jumps(self) -> list[Jump]:
        return self.replay.jumps(self.review) if self.review is not None else []

    def compose(self) -> ComposeResult:
        st = self.replay.first
        yield StatusBar(id="status")
        with Vertical(id="body"):
            with Vertical(id="board"):
                yield from board_widgets(st.n, st.mode)
            yield Static(id="replay-chart")
            with Horizontal(id="lower"):
                with Grid(id="players", classes=f"players-{st.n}"):
                    for p in range(st.n):
                        yield PlayerPanel(p)
                with Vertical(id="side"):
                    with VerticalScroll(id="actions", can_focus=False):
                        yield Static(id="replay-move")
                    yield GameLog(id="log", word=self._log_line)
        yield Static(self.too_small_text(), id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        # The widgets show_step() draws in, found once (a query walks the DOM each time).
        self._status = self.query_one(StatusBar)
        self._spaces = list(self.query(SpaceWidget))
        self._reservation = list(self.query(ReservationRow))
        self._supply = self.query_one(SupplyBar)
        self._standings = self.query_one(StandingsBar)
        self._panels = list(self.query(PlayerPanel))
        self._details = self.query_one(CardDetails)
        self._log = self.query_one(GameLog)
        self._move = self.query_one("#replay-move", Static)
        self._side = self.query_one("#actions", VerticalScroll)
        self._found = True
        self.show_step()
        self.post_message(ScreenReady(self))

    def on_resize(self, event) -> None:
        super().on_resize(event)
        if self._found and self.has_class("-view-chart"):
            self.call_after_refresh(self._show_chart)

    # ------------------------------------------------------------------ drawing
    def _log_line(self, entry) -> Text:
        """A log entry in words, worded once per language: stepping back words the log
        shown again, and a long game's log has hundreds of lines."""
        words = self._words.get(id(entry))
        if words is None:
            words = self._words[id(entry)] = entry_text(entry, self.seats, self.replay.first)
        return words

    def show_step(self) -> None:
        """Draw the game as it was after `step` moves."""
        if not self._found:
            return
        replay, step, seats = self.replay, self.step, self.seats
        st = replay.state(step)
        log = replay.log_until(step)
        with self.app.batch_update():
            self._status.show(st, seats, False, round_seasons(st, log))
            for w in self._spaces:
                w.show(st, seats, False)
            for r in self._reservation:
                r.show(st, seats)
            self._supply.show(st)
            self._standings.show(st, seats)
            for panel in self._panels:
                panel.show(st, seats)
            self._details.show(None)
            self._log.sync(log, max(0, step - 1))
            self._move.update(self.move_text())
            self._side.scroll_home(animate=False)
            if self.has_class("-view-chart"):
                self._show_chart()

    def move_text(self) -> Text:
        """The side panel: which move this is, its log lines, and the review's words on it
        (or how far the review has got, or that it can be asked for)."""
        replay, step = self.replay, self.step
        st = replay.state(step)
        out = Text()
        if step == 0:
            out.append(t("replay.panel.start", last=replay.last), style="bold")
        else:
            out.append(t("replay.panel.move", step=step, last=replay.last, round=st.round,
                         phase=phase_name(st.phase)), style="bold")
        for entry in replay.lines(step):
            out.append("\n")
            out.append_text(self._log_line(entry))
        jumps = self.jumps
        here = next((n for n, j in enumerate(jumps, 1) if j.step == step), None)
        if here is not None:
            d = jumps[here - 1].decision
            out.append("\n")
            out.append(t("replay.panel.costly", number=here, count=len(jumps)),
                       style=theme.style("notice"))
            out.append("\n")
            out.append_text(_decision_line(d, replay, self.seats))
        out.append("\n")
        if self.judging is not None:
            done, total = self.judging
            out.append(t("replay.panel.judging", percent=round(100 * done / max(1, total))),
                       style="italic")
        elif self.review is None:
            out.append(t("replay.panel.review_hint"), style="dim")
        elif jumps:
            out.append(t("replay.panel.jumps", count=len(jumps)), style="dim")
        else:
            out.append(t("replay.panel.no_jumps"), style="dim")
        return out

    def _show_chart(self) -> None:
        from jorvik.review import vp_race
        if self._race is None:
            self._race = vp_race(self.replay.states)
        rounds, rows = self._race
        chart = self.query_one("#replay-chart", Static)
        width = max(30, chart.size.width or self.app.size.width)
        height = max(4, (chart.size.height or 12) - 6)  # title, axis, mark, ticks, legend, now
        seats = self.seats
        st = self.replay.state(self.step)
        title = Text(t("replay.chart.title", step=self.step, round=st.round), style="bold")
        title.append("\n")
        title.append_text(vp_chart(rounds, rows, seats.names,
                                   [seats.style(p) for p in range(len(seats))],
                                   width=width - 1, height=height,
                                   axis=t("learn.review.round_axis"),
                                   mark=self.replay.race_position(self.step)))
        now = self.replay.projected(self.step)
        title.append("\n")
        title.append(t("replay.chart.now") + " ", style="bold")
        for p, vp in enumerate(now):
            title.append(f"{seats.names[p]} {vp}", style=seats.style(p))
            title.append("  ")
        chart.update(title)

    def retranslate(self) -> None:
        self._words = {}
        for w in self.walk_children():
            if isinstance(w, Memo):
                w.forget()
        self.query_one("#too-small", Static).update(self.too_small_text())
        self._log.rewrite(self.replay.log_until(self.step), max(0, self.step - 1))
        self.show_step()

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small:
            return action == "close"
        if action == "view":
            return self.has_class("-compact") and not self.has_class("-view-chart")
        if action == "jump":
            return len(self.jumps) >= int(str(parameters[0]))
        return True

    def go(self, step: int) -> None:
        step = self.replay.clamp(step)
        if step != self.step:
            self.step = step
            self.show_step()

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_to_start(self) -> None:
        self.go(0)

    def action_to_end(self) -> None:
        self.go(self.replay.last)

    def action_prev_round(self) -> None:
        self.go(self.replay.prev_round(self.step))

    def action_next_round(self) -> None:
        self.go(self.replay.next_round(self.step))

    def action_jump(self, number: int) -> None:
        jumps = self.jumps
        if 1 <= number <= len(jumps):
            self.go(jumps[number - 1].step)

    def action_view(self) -> None:
        """Tab (compact layout): the board or the players' areas, as in the game."""
        self.toggle_class("-view-players")

    def action_chart(self) -> None:
        """g: the VP race in the board's place, the move marked on it; again: the board."""
        on = not self.has_class("-view-chart")
        self.set_class(on, "-view-chart")
        if on:
            self.remove_class("-view-players")
            self.call_after_refresh(self._show_chart)
        self.refresh_bindings()

    def action_cards(self) -> None:
        from .cards import CardsScreen
        self.app.push_screen(CardsScreen(self.replay.state(self.step), self.seats))

    def action_close(self) -> None:
        self.closed = True
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit(0)

    def on_unmount(self) -> None:
        self.closed = True

    # ------------------------------------------------------------------ the review
    def action_review(self) -> None:
        """r: the review's costliest decisions as places to jump to (judged the first time:
        a minute or more)."""
        if self.review is not None:
            self.app.push_screen(JumpScreen(self.replay, self.review, self.seats),
                                 self._jumped)
            return
        if self.judging is not None:
            return
        self.judging = (0, 1)
        self.show_step()
        self._judge()

    @work(thread=True, exclusive=True, group="replay-review")
    def _judge(self) -> None:
        from jorvik.review import review

        from .review import humans_of

        def progress(done: int, total: int) -> None:
            if not self.closed:
                self.app.call_from_thread(self._progress, done, total)
        result = review(self.replay.record, humans=humans_of(self.seats), progress=progress,
                        workers=min(2, os.cpu_count() or 1), stop=lambda: self.closed,
                        cards=self.replay.cards)
        if result is not None and not self.closed:
            self.app.call_from_thread(self.reviewed, result)

    def _progress(self, done: int, total: int) -> None:
        if self.judging is not None:
            self.judging = (done, total)
            self._move.update(self.move_text())

    def reviewed(self, result: Any) -> None:
        """The review is judged: its costliest decisions are the jump points (1–5), listed."""
        self.judging = None
        self.review = result
        if self.on_review is not None:
            self.on_review(result)
        self.refresh_bindings()
        self.show_step()
        if self.is_current:
            self.app.push_screen(JumpScreen(self.replay, result, self.seats), self._jumped)

    def _jumped(self, number: int | None) -> None:
        if number:
            self.action_jump(number)


def _decision_line(d: Any, replay: Replay, seats: Any) -> Text:
    """A costly decision in the review's words (the chosen move, the better one, the loss)."""
    from ..why import why_text
    from .review import _line
    line = _line(d, replay.states[d.index], seats)
    line.append_text(why_text(getattr(d, "why", ())))
    return line


@translated
class JumpScreen(Recompose, ModalScreen[int | None]):
    """The review's costliest decisions: a number (or Enter for the first) watches it."""

    KEYS = [
        *[key(str(n), f"pick({n})", "", show=False, id=f"jump-pick-{n}") for n in range(1, 6)],
        key("enter", "pick(1)", "replay.bind.watch", id="jump-first"),
        key("escape,q,r", "pick(0)", "tui.bind.close", id="jump-close"),
    ]

    def __init__(self, replay: Replay, review: Any, seats: Any) -> None:
        super().__init__(classes="dialog-screen")
        self.replay = replay
        self.review = review
        self.seats = seats

    def compose(self) -> ComposeResult:
        jumps = self.replay.jumps(self.review)
        text = Text(t("replay.jumps.title"), style="bold")
        for n, j in enumerate(jumps, 1):
            text.append(f"\n{n}. ", style="bold")
            text.append_text(_decision_line(j.decision, self.replay, self.seats))
        if not jumps:
            text.append("\n")
            text.append(t("replay.panel.no_jumps"))
        with Vertical(classes="dialog jumps-dialog"):
            with VerticalScroll(id="jumps-scroll"):
                yield Static(text, id="jumps-text")
            yield Static(t("replay.jumps.hint") if jumps else t("replay.jumps.close"),
                         classes="dialog-hint")

    def action_pick(self, number: int) -> None:
        count = len(self.replay.jumps(self.review))
        self.dismiss(number if 1 <= number <= count else None)
