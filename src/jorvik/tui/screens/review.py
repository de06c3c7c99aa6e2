"""The review of a game as a screen and as the `jorvik review GAME_ID|FILE` report.

It shows the costliest decisions and the VP race; the screen opens from the final scoring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

from jorvik.engine import GameState
from jorvik.i18n import t
from jorvik.i18n.cards import phase_name
from jorvik.review import Review, review, states_of, vp_race

from ..keys import key, translated
from ..moves import move_words
from ..why import why_text
from ..text import COLOUR_NAMES, Seats
from ..widgets.keybar import KeyBar
from ..widgets.vp_chart import vp_chart

MAX_FILE_BYTES = 20_000_000  # a record of a long game is well under 1 MB


class ReviewInputError(Exception):
    """A game to review that cannot be found or read; the message says why, in one line."""


def load_game(spec: str) -> tuple[dict[str, Any], Seats]:
    """A record and its seats from a FILE, or from a GAME_ID (`<data dir>/games/<id>.json`)."""
    from jorvik.settings import data_dir
    path = Path(spec).expanduser()
    if not path.is_file():
        if "/" in spec or "\\" in spec or spec.startswith("."):
            raise ReviewInputError(t("learn.review.bad_file", path=spec, error="not found"))
        path = data_dir() / "games" / f"{spec}.json"
        if not path.is_file():
            raise ReviewInputError(t("learn.review.no_game", game=spec, path=str(path)))
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ReviewInputError(t("learn.review.bad_file", path=str(path), error="too large"))
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise ReviewInputError(t("learn.review.bad_file", path=str(path), error=str(e))) from None
    record = data.get("record") if isinstance(data, dict) and isinstance(
        data.get("record"), dict) else data
    if not isinstance(record, dict) or not isinstance(record.get("players"), list):
        raise ReviewInputError(t("learn.review.bad_file", path=str(path),
                                 error="not a game record"))
    names = [str(n) for n in record["players"]]
    bots: list[str | None] = [None] * len(names)
    seats_data = data.get("seats") if isinstance(data, dict) else None
    if isinstance(seats_data, list) and len(seats_data) == len(names):
        bots = [s.get("bot") if isinstance(s, dict) and isinstance(s.get("bot"), str) else None
                for s in seats_data]
    colours = list(COLOUR_NAMES[:len(names)]) if len(names) <= len(COLOUR_NAMES) else []
    return record, Seats(names, colours, bots)


def humans_of(seats: Seats) -> list[int]:
    """The seats a review judges: the humans (every seat when all were bots)."""
    humans = [p for p in range(len(seats)) if not seats.is_bot(p)]
    return humans or list(range(len(seats)))


def _line(d, st: GameState, seats: Seats) -> Text:
    """One decision: the catalogue's sentence with the two moves in the menu's words."""
    template = t("learn.review.row", round=d.round, phase=phase_name(d.phase),
                 name=seats.names[d.player], chosen="\x00", better="\x01", loss=d.loss)
    before, _, rest = template.partition("\x00")
    middle, _, after = rest.partition("\x01")
    chosen = move_words(st, seats, d.chosen, keys=False)
    chosen.stylize("bold")
    return Text.assemble(before, chosen, middle, move_words(st, seats, d.better, keys=False),
                         after)


def report(result: Review, states: list[GameState], seats: Seats, width: int = 78) -> list[Text]:
    """The review as lines of text: title, the costliest decisions, the VP race chart."""
    out = [Text(t("learn.review.title"), style="bold")]
    worst = result.costliest(5)
    if not worst:
        out.append(Text(t("learn.review.none")))
    for d in worst:
        out.append(_line(d, states[d.index], seats))
        out[-1].append_text(why_text(getattr(d, "why", ())))
    out.append(Text())
    out.append(Text(t("learn.review.chart"), style="bold"))
    out.append(vp_chart(result.rounds, result.projected, seats.names,
                        [seats.style(p) if seats.colours else "" for p in range(len(seats))],
                        width=width, height=10, axis=t("learn.review.round_axis")))
    return out


def race_chart(states: list[GameState], seats: Seats, width: int = 70) -> Text:
    """The VP race of a game (its states, first to last) as a chart with its title."""
    rounds, rows = vp_race(states)
    return Text.assemble("\n", (t("learn.review.chart"), "bold"), "\n", vp_chart(
        rounds, rows, seats.names,
        [seats.style(p) if seats.colours else "" for p in range(len(seats))],
        width=width, height=8, axis=t("learn.review.round_axis")))


def run_review(game: str, playouts: int | None = None) -> int:
    """`jorvik review GAME_ID|FILE`: a progress bar while the decisions are judged, then the
    report. A game that cannot be read raises ReviewInputError or RecordError (one line)."""
    import os
    from rich.console import Console
    from rich.progress import Progress
    record, seats = load_game(game)
    states, _ = states_of(record)
    console = Console()
    workers = min(2, os.cpu_count() or 1)
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(t("learn.review.working", count=0), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total,
                       description=t("learn.review.working", count=total))
        result = review(record, humans=humans_of(seats), playouts=playouts,
                        workers=workers, progress=progress)
    assert result is not None  # nothing here asks it to stop
    for line in report(result, states, seats, width=min(console.width, 100) - 2):
        console.print(line)
    return 0


# --------------------------------------------------------------------------- the screen

@translated
class ReviewScreen(Screen):
    """The review from the final scoring screen; the judging runs in a worker thread."""

    KEYS = [key("q,escape", "close", "tui.bind.back", id="review-close")]

    def __init__(self, record: dict[str, Any], seats: Seats) -> None:
        super().__init__(id="review")
        self.record = record
        self.seats = seats
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
        states, _ = states_of(self.record)

        def progress(done: int, total: int) -> None:
            if not self.closed:
                self.app.call_from_thread(self._progress, done, total)
        import os
        result = review(self.record, humans=humans_of(self.seats), progress=progress,
                        workers=min(2, os.cpu_count() or 1), stop=lambda: self.closed)
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
        lines = report(self.result, self.states, self.seats, width=width)[1:]  # title shown
        self.query_one("#review-report", Static).update(Text("\n").join(lines))

    def retranslate(self) -> None:
        self._show_report()

    def on_unmount(self) -> None:
        self.closed = True

    def action_close(self) -> None:
        self.closed = True
        self.app.pop_screen()
