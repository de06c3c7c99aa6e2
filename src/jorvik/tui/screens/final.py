"""The final scoring: every player's VP by category, the winner(s), then new game or quit; and
the same table live during the game ("if the game ended now")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from jorvik.engine import SCORE_CATEGORIES
from jorvik.i18n import format_number, t
from jorvik.play.scores import scores_now
from jorvik.play.session import Session

from ..keys import key, translated
from ..messages import ScreenReady
from ..text import painted
from ..widgets.keybar import KeyBar
from ..widgets.score_grid import ScoreBox, ScoreGrid
from .message import Recompose, SmallTerminal

if TYPE_CHECKING:
    from ..text import Seats
    from .review import ReviewScreen


class _Rematches(Protocol):
    """What the end screen asks of its app (JorvikApp): a new game, or the same seats again."""

    config: Any

    def action_new_game(self) -> None: ...

    def start_game(self, seats: Seats) -> None: ...


def score_table(session: Session, result: dict | None = None) -> Table:
    """The VP of every player by the final scoring's categories (`result`: final_scores())."""
    result = result or session.public.state.result or {"scores": [], "winners": []}
    seats = painted(session.seats)
    table = Table(expand=False, header_style="bold")
    table.add_column(t("tui.final.category"))
    for p in range(len(seats)):
        table.add_column(seats.name(p), justify="right")
    rows = result["scores"]
    for cat in SCORE_CATEGORIES:
        table.add_row(t(f"tui.score.{cat}"), *[format_number(r[cat]) for r in rows])
    table.add_section()
    table.add_row(Text(t("tui.score.total"), style="bold"),
                  *[Text(format_number(r["total"]), style="bold") for r in rows])
    table.add_row(t("tui.score.coins"), *[format_number(r["coins"]) for r in rows])
    return table


def winner_text(session: Session) -> Text:
    result = session.public.state.result or {"scores": [], "winners": []}
    winners = result["winners"]
    rows = result["scores"]
    seats = painted(session.seats)
    out = Text()
    if not winners:
        return out
    names = Text(", ").join(seats.name(p) for p in winners)
    if len(winners) > 1:
        out.append(t("tui.final.shared") + " ")
        out.append_text(names)
        return out
    out.append(t("tui.final.winner") + " ")
    out.append_text(names)
    w = winners[0]
    tied = [p for p, r in enumerate(rows) if r["total"] == rows[w]["total"] and p != w]
    if tied:
        out.append("\n" + t("tui.final.tie_break", coins=rows[w]["coins"]))
    return out


@translated
class FinalScreen(Recompose, SmallTerminal, Screen):
    KEYS = [
        key("n", "rematch", "replay.bind.rematch", id="rematch"),
        key("w", "watch", "replay.bind.again", id="watch"),
        key("s", "app.new_game", "tui.bind.new_game", id="new-game"),
        key("r", "review", "learn.review.bind", id="review"),
        key("q,ctrl+q", "quit_now", "tui.bind.quit_now", id="quit-now", priority=True),
        key("f1", "app.help", "tui.bind.help", id="help"),
    ]

    def __init__(self, session: Session, saved_to: str = "") -> None:
        super().__init__(id="final")
        self.session = session
        self.saved_to = saved_to
        self.judged: Any = None  # the review, once judged here (a replay's jump points reuse it)
        self._review_screen: ReviewScreen | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(t("tui.final.title"), id="final-title")
            with VerticalScroll(id="final-scroll"):
                yield ScoreBox(painted(self.session.seats), self.session.public.state.result or {},
                               id="final-table")
                yield Static(winner_text(self.session), id="final-winner")
                from jorvik.play.replay import race_states

                from .review import race_chart  # the VP race (screens/review.py)
                yield Static(race_chart(race_states(self.session), painted(self.session.seats)),
                             id="final-chart")
                if self.saved_to:
                    yield Static(t("tui.final.saved", path=self.saved_to), id="final-saved")
                yield Static(t("replay.final.next") if self._own_game()
                             else t("tui.final.next"), id="final-next")
        yield Static(self.too_small_text(), id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        for grid in self.query(ScoreGrid):  # (the box focuses it too, once composed)
            grid.focus()
        self.post_message(ScreenReady(self))

    def action_quit_now(self) -> None:
        """q: the game is over and saved: quit at once."""
        self.app.exit()

    def action_review(self) -> None:
        from .review import ReviewScreen
        self._review_screen = screen = ReviewScreen(
            self.session.record(), painted(self.session.seats), self.session.cards,
            notes=self.session.notes())
        self.app.push_screen(screen)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        got = getattr(self._review_screen, "result", None)
        if got is not None:
            self.judged = got

    def _own_game(self) -> bool:
        """A game of this window's (not a hosted table's: its next game is the host's)."""
        return isinstance(self.session, Session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "watch" and not self._own_game():
            return False
        return super().check_action(action, parameters)

    def action_rematch(self) -> None:
        """n: the same players in the same seats, the bots at the same levels, a new seed (a
        hosted table's next game is the host's: n does what a new game does there)."""
        app = cast(_Rematches, self.app)
        if not self._own_game():
            app.action_new_game()
            return
        config = app.config
        config.mode, config.seed = self.session.public.state.mode, None
        app.start_game(painted(self.session.seats))

    def action_watch(self) -> None:
        """w: the game again, move by move (the replay viewer; nothing in the save changes)."""
        if not self._own_game():
            return
        from jorvik.play.replay import Replay

        from .replay import ReplayScreen

        def judged(result) -> None:
            self.judged = result
        self.app.push_screen(ReplayScreen(Replay.of_session(self.session), step=0,
                                          review=self.judged, on_review=judged))


@translated
class ScoresNowScreen(Recompose, ModalScreen[None]):
    """v in the game: every player's VP if the game ended now, by the final categories."""
    KEYS = [key("escape,v,enter,q", "close", "tui.bind.close", id="close")]

    def __init__(self, session: Session) -> None:
        super().__init__(id="scores-now", classes="dialog-screen")
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog scores-dialog"):
            yield Static(t("tui.scores_now.title"), classes="dialog-text", id="scores-title")
            yield ScoreBox(painted(self.session.seats), scores_now(self.session.public.state),
                           id="scores-table")
            yield Static(t("tui.scores_now.hint"), classes="dialog-hint")

    def on_mount(self) -> None:
        for grid in self.query(ScoreGrid):  # (the box focuses it too, once composed)
            grid.focus()

    def action_close(self) -> None:
        self.dismiss(None)
