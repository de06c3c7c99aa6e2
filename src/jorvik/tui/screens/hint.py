"""The hint key (?): the three best moves now, each with its estimated final VP margin.

They are judged in a worker thread while a progress bar runs, the play-outs on the game
screen's worker processes (both cores; started when the screen opens, kept until it closes,
so a hint does not wait for them); a hint is noted in the game log (and saved with the game)
once the moves are shown: a window closed before is not."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from jorvik.engine import GameState, current_player
from jorvik.i18n import t
from jorvik.play.session import Kept
from jorvik.playpool import PlayoutPool
from jorvik.review import HINT_SECONDS, Hint, hint_pool, hints

from ..keys import key, translated
from ..moves import move_words
from ..text import Seats, rich_t
from ..why import shown_se, why_text


def request_hint(screen: Any) -> None:
    """The game screen's hint key (`screen` is the GameScreen): refused when hints are off or
    no human decides now."""
    app = screen.app
    session = screen.session
    if not getattr(app, "hints", True):
        screen.notify(t("learn.hint.disabled"), severity="warning")
        return
    p = session.decider
    if p is None or session.seats.is_bot(p) or screen.thinking:
        return
    app.push_screen(HintScreen(session.public.state, session.seats,
                               shown=lambda: note_hint(screen, p), pool=hint_workers(screen)))


def hint_workers(screen: Any) -> PlayoutPool:
    """The game screen's worker processes for hints, made when first asked for (they start
    with the first hint, unless warm_hints started them before) and closed with the screen."""
    if screen.hint_workers is None:
        screen.hint_workers = hint_pool()
    return screen.hint_workers


def warm_hints(screen: Any) -> None:
    """Start the game screen's hint workers in the background, so that no hint waits for
    processes to start and import the judging code."""
    threading.Thread(target=hint_workers(screen).start, name="hint-workers",
                     daemon=True).start()


def note_hint(screen: Any, p: int) -> None:
    """"X used a hint" in the game log, saved with the game at once (a quit right after
    the hint keeps it)."""
    session = screen.session
    screen.note(Kept("hint", p, session.seats), player=p, kind="hint")
    session.save()


def hint_words(h: Hint, best: bool) -> str:
    """What a hint line says of its move: the best one's final VP margin; another's
    difference to the best with its ± ("−8 VP, ±2"), or "about equal" when the difference
    cannot be told from zero. The best one also says its lead over the next when that is
    clear ("…; 1.7 VP ahead of the next, ±0.6"): its reasons (h.why) add up to that lead, as
    another move's add up to its difference to the best."""
    if best:
        margin = round(h.margin)  # ahead, behind or level: said as such (a "−2" on the best
        key = ("learn.hint.best_ahead" if margin > 0 else "learn.hint.best_behind"
               if margin < 0 else "learn.hint.best_even")   # move read as a contradiction)
        words = t(key, margin=abs(margin))
        if not h.clear or h.lead <= 0:   # its lead over the next is not told from noise
            return words
        lead = t("learn.hint.lead" if h.se >= 1 else "learn.hint.lead_tenths",
                 lead=h.lead, se=shown_se(h.se))
        return f"{words}; {lead}"   # what the best move's reasons add up to
    if not h.clear:
        return t("learn.hint.equal")
    if h.se >= 1:
        return t("learn.hint.loss", loss=-h.effect, se=h.se)
    return t("learn.hint.loss_tenths", loss=-h.effect, se=shown_se(h.se))


@translated
class HintScreen(ModalScreen[None]):
    KEYS = [key("escape,enter,question_mark", "close", "tui.bind.back", id="hint-close")]

    def __init__(self, state: GameState, seats: Seats,
                 shown: Callable[[], None] | None = None,
                 pool: PlayoutPool | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.seats = seats
        self.shown = shown  # called once when the best moves are shown (the hint is noted)
        self.pool = pool    # worker processes for the play-outs (None: this thread alone)
        self.found: list[Hint] | None = None
        self.closed = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="hint"):
            yield Static(self._title(), classes="dialog-text", id="hint-title")
            yield Static(t("learn.hint.thinking"), id="hint-text", classes="dialog-text")
            yield ProgressBar(id="hint-progress", show_eta=False)

    def _title(self) -> Text:
        p = current_player(self.state)
        return Text(t("learn.hint.title", name=self.seats.names[p] if p is not None else ""),
                    style="bold")

    def on_mount(self) -> None:
        self._think()

    @work(thread=True, exclusive=True, group="hint")
    def _think(self) -> None:
        def progress(done: int, total: int) -> None:
            if not self.closed:
                self.app.call_from_thread(self._progress, done, total)
        found = hints(self.state, count=3, stop=lambda: self.closed, progress=progress,
                      pool=self.pool, deadline=HINT_SECONDS)
        if not self.closed:
            self.app.call_from_thread(self._show, found)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    def _show(self, found: list[Hint]) -> None:
        if self.closed:  # closed while the result was on its way: nothing was shown
            return
        self.found = found
        self.query_one(ProgressBar).display = False
        if len(found) <= 1:
            self.query_one("#hint-text", Static).update(t("learn.hint.none"))
            return
        lines = []
        for rank, h in enumerate(found, 1):
            move = move_words(self.state, self.seats, h.action)
            lines.append(rich_t("learn.hint.line", {"move": move}, rank=rank,
                                effect=hint_words(h, rank == 1)))
            lines[-1].append_text(why_text(h.why))  # the categories the swing is in
        self.query_one("#hint-text", Static).update(Text("\n").join(lines))
        if self.shown is not None:
            shown, self.shown = self.shown, None
            shown()

    def retranslate(self) -> None:
        """The moves found, again in the language and the theme now (JorvikApp.paint_again)."""
        self.query_one("#hint-title", Static).update(self._title())
        if self.found is not None and not self.closed:
            self._show(self.found)

    def on_unmount(self) -> None:
        self.closed = True  # the thread, and the workers, stop after their current play-outs

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)
