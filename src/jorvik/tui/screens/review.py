"""The review of a game as a screen and as the `jorvik review GAME_ID|FILE` report.

It shows the costliest decisions and the VP race; the screen opens from the final scoring."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

from jorvik.engine import CardSet, GameState
from jorvik.i18n import t
from jorvik.i18n.cards import phase_name
from jorvik.review import (
    REVIEW_STEPS,
    Review,
    decisions_left,
    playout_draws,
    review,
    states_of,
    vp_race,
)

from ..keys import key, translated
from ..moves import move_words
from ..text import Seats, painted, rich_t
from ..why import shown_se, why_text
from ..widgets.keybar import KeyBar
from ..widgets.vp_chart import vp_chart


class ReviewInputError(Exception):
    """A game to review that cannot be found or read; the message says why, in one line."""


def load_game(spec: str) -> tuple[dict[str, Any], Seats, CardSet, list[dict[str, Any]]]:
    """A record, its seats, its cards and its kept notes (hints used, ...) from a FILE or a
    GAME_ID (`<data dir>/games/<id>.json`), with the checks `jorvik play --load` makes: the
    save's format, its seats, the record's deck, bag and seed (a stacked record only if its
    game is consistent)."""
    from jorvik.carddata import load_cards
    from jorvik.play import saves as saving
    path = Path(spec).expanduser()
    if not _names_a_file(spec, path):
        found = saving.find_game(spec)
        if found is None:
            raise ReviewInputError(t("learn.review.no_game", game=spec,
                                     path=str(saving.games_dir())))
        path = found
    try:
        parsed, cards = saving.open_save(path, load_cards(), stacked_ok=True)
    except saving.SaveError as e:
        raise ReviewInputError(str(e)) from None
    return parsed.record, painted(parsed.seats), cards, parsed.notes


def _names_a_file(spec: str, path: Path) -> bool:
    """Whether `jorvik review SPEC` means a file (a path, or something that exists) rather
    than a game id."""
    if "/" in spec or "\\" in spec or spec.startswith(".") or spec.endswith(".json"):
        return True
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return False


def humans_of(seats: Seats) -> list[int]:
    """The seats a review judges: the humans (every seat when all were bots)."""
    humans = [p for p in range(len(seats)) if not seats.is_bot(p)]
    return humans or list(range(len(seats)))


def loss_words(loss: float, se: float | None) -> str:
    """A loss with its uncertainty, read at a glance: "−8 VP, ±2" (tenths when the ± is under
    one VP); without a standard error, just "−8.3 VP"."""
    if se is None:
        return t("learn.review.loss_plain", loss=loss)
    if se >= 1:
        return t("learn.review.loss", loss=loss, se=se)
    return t("learn.review.loss_tenths", loss=loss, se=shown_se(se))


def _line(d, st: GameState, seats: Seats) -> Text:
    """One decision: the catalogue's sentence with the two moves in the menu's words."""
    chosen = move_words(st, seats, d.chosen, keys=False)
    chosen.stylize("bold")
    return rich_t("learn.review.row", {"chosen": chosen,
                                       "better": move_words(st, seats, d.better, keys=False)},
                  round=d.round, phase=phase_name(d.phase), name=seats.names[d.player],
                  loss=loss_words(d.loss, getattr(d, "se", None)))


def report(result: Review, states: list[GameState], seats: Seats, width: int = 78,
           notes: list[dict[str, Any]] | None = None) -> list[Text]:
    """The review as lines of text: title, the costliest decisions, the notes kept with the
    game (hints used, a bot that played as 'easy'), the VP race chart."""
    out = [Text(t("learn.review.title"), style="bold")]
    worst = result.costliest(5)
    if not worst:
        out.append(Text(t("learn.review.none")))
    for d in worst:
        out.append(_line(d, states[d.index], seats))
        out[-1].append_text(why_text(getattr(d, "why", ())))
    if worst:
        out.append(Text(t("learn.review.legend"), style="dim"))
        unsure = len(result.unsure)
        out.append(Text(t("learn.review.unsure", count=unsure) if unsure
                        else t("learn.review.sure"), style="italic"))
    out.extend(note_lines(notes or [], states, seats))
    out.append(Text())
    out.append(Text(t("learn.review.chart"), style="bold"))
    out.append(vp_chart(result.rounds, result.projected, seats.names,
                        [seats.style(p) if seats.colours else "" for p in range(len(seats))],
                        width=width, height=10, axis=t("learn.review.round_axis")))
    return out


def note_lines(notes: list[dict[str, Any]], states: list[GameState], seats: Seats) -> list[Text]:
    """The game's kept notes, each with the round and phase it was made in (none: no lines)."""
    from jorvik.play.session import Kept
    if not notes:
        return []
    out = [Text(), Text(t("learn.review.notes"), style="bold")]
    for n in sorted(notes, key=lambda n: n["move"]):
        st = states[min(n["move"], len(states) - 1)]
        out.append(Text(t("learn.review.note", round=st.round, phase=phase_name(st.phase),
                          note=Kept(n["kind"], n["player"], seats)())))
    return out


def race_chart(states: list[GameState], seats: Seats, width: int = 70) -> Text:
    """The VP race of a game (its states, first to last) as a chart with its title."""
    rounds, rows = vp_race(states)
    return Text.assemble("\n", (t("learn.review.chart"), "bold"), "\n", vp_chart(
        rounds, rows, seats.names,
        [seats.style(p) if seats.colours else "" for p in range(len(seats))],
        width=width, height=8, axis=t("learn.review.round_axis")))


def run_review(game: str, playouts: int | None = None, seed: int = 0) -> int:
    """`jorvik review GAME_ID|FILE`: a progress bar while the decisions are judged, then the
    report. A game that cannot be read raises ReviewInputError or RecordError (one line).
    Ctrl+C or SIGTERM stops it at once (KeyboardInterrupt), its worker processes with it."""
    import signal

    from rich.console import Console
    from rich.progress import Progress
    record, seats, cards, notes = load_game(game)
    states, actions = states_of(record, cards)
    console = Console()
    workers = min(2, os.cpu_count() or 1)
    previous = signal.signal(signal.SIGTERM, _interrupted)
    try:
        humans = humans_of(seats)
        left = decisions_left(states, actions, humans)
        count = len(left)
        if playouts is not None and playout_draws(playouts, sum(left.values())) < playouts:
            print(t("learn.review.playouts_capped", asked=playouts,  # one line, never wrapped
                    draws=playout_draws(playouts, sum(left.values()))), file=sys.stderr)
        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(t("learn.review.working", count=count), total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)
            result = review(record, humans=humans_of(seats), playouts=playouts, seed=seed,
                            workers=workers, progress=progress, cards=cards)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert result is not None  # nothing here asks it to stop
    for line in report(result, states, seats, width=min(console.width, 100) - 2, notes=notes):
        console.print(line)
    return 0


def _interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


# --------------------------------------------------------------------------- the screen

@translated
class ReviewScreen(Screen):
    """The review from the final scoring screen; the judging runs in a worker thread."""

    KEYS = [key("q,escape", "close", "tui.bind.back", id="review-close")]

    def __init__(self, record: dict[str, Any], seats: Seats, cards: CardSet | None = None,
                 notes: list[dict[str, Any]] | None = None, budget: int = REVIEW_STEPS) -> None:
        super().__init__(id="review")
        self.budget = budget  # moves the judging may play (jorvik.review.review's budget)
        self.record = record
        self.seats = seats
        self.cards = cards  # the game's cards (None: the packaged ones)
        self.notes = notes or []  # the notes kept with the game (hints used...)
        self.result: Review | None = None
        self.states: list[GameState] = []
        self.closed = False  # tells the judging thread to stop (closing must not wait for it)

    def compose(self) -> ComposeResult:
        with Vertical(id="review-body"):
            yield Static(Text(t("learn.review.title"), style="bold"), id="review-title")
            yield ProgressBar(id="review-progress", show_eta=False)
            with VerticalScroll(id="review-scroll"):
                yield Static("", id="review-report")
        yield KeyBar()

    def on_mount(self) -> None:
        self._judge()

    @work(thread=True, exclusive=True, group="review")
    def _judge(self) -> None:
        states, _ = states_of(self.record, self.cards)

        def progress(done: int, total: int) -> None:
            if not self.closed:
                self.app.call_from_thread(self._progress, done, total)
        result = review(self.record, humans=humans_of(self.seats), progress=progress,
                        workers=min(2, os.cpu_count() or 1), stop=lambda: self.closed,
                        cards=self.cards, budget=self.budget)
        if result is not None and not self.closed:
            self.app.call_from_thread(self._show, result, states)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    def _show(self, result: Review, states: list[GameState]) -> None:
        self.result, self.states = result, states
        self.query_one(ProgressBar).display = False
        self._show_report()

    def _show_report(self) -> None:
        if self.result is None:
            return
        width = max(40, self.app.size.width - 6)
        lines = report(self.result, self.states, self.seats, width=width,
                       notes=self.notes)[1:]  # title shown
        self.query_one("#review-report", Static).update(Text("\n").join(lines))

    def retranslate(self) -> None:
        self._show_report()

    def on_unmount(self) -> None:
        self.closed = True

    def action_close(self) -> None:
        self.closed = True
        self.app.pop_screen()
