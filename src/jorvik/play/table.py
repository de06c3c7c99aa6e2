"""The one way into a game for every front end: the `Table` protocol.

A front end (the Textual app at one keyboard, the join client of a hosted game, a browser
seat, which runs the join client) never reads the engine's state of the game and never
applies an action itself. It asks its table:

- `public`: the public view now (the engine's `Observation`: no deck order, no bag order, no
  seed), and `view(seat, path)`: that view with the menu as data (play/menu.py, at a
  submenu's `path`) when it is the seat's decision: the one menu every front end shows;
- `decider`, `over`, `moves`: whose decision it is, whether the game is over, how many
  actions it has had (`decided_by(move)`: whose decision it was after that many);
- `submit(seat, action, at=...)`: a seat's move. On a local `Session` it is checked and
  played there; on the join client's `Mirror` it is checked the same way and sent to the
  host, whose `Session.submit` plays it. A bot's move ends there too: the play layer's
  bot turns (play/turns.py) submit it for the bot's seat (`Session.submit(..., by=level)`),
  so a key press, a remote action and a bot's move all end in the same place. Refused: a
  `PlayError` whose kind is one of SUBMIT_ERRORS;
- `subscribe(listener)`: called after every change;
- `log`, `seats`, `cards`, `first`: what happened, who sits where, the card file, and the
  first state seen (the log's lines are worded from it: names and cards, nothing hidden is
  read from it); `undo_target()`/`undo()` (a shared table has no undo: None and False).

`jorvik.play.session.Session` and `jorvik.net.client.Mirror` both implement it (checked by
mypy, and by tests/play/test_table.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from jorvik.engine import Action, CardSet, Event, GameState, Observation

    from .menu import MenuPath
    from .seats import Seats
    from .session import LogEntry, View

# The kinds of PlayError that `submit` raises, in the order it checks them: the game is over
# or closed; the action was chosen at another move (`at`: a retry, or too late); it is not
# that seat's decision now; the seat is a bot's; (a bot's own move, Session.submit's `by`:)
# the seat is not that bot's; the rules refuse the action (with the engine's reason); the
# table could not pass it on (a remote table that is not connected).
SUBMIT_ERRORS = ("game_over", "stale", "not_your_turn", "bot_seat", "not_bot_seat",
                 "illegal_action", "not_sent")


@runtime_checkable
class Table(Protocol):
    """A game as a front end sees it and plays it (see the module)."""

    @property
    def cards(self) -> CardSet:
        ...

    @property
    def seats(self) -> Seats:
        ...

    @property
    def log(self) -> list[LogEntry]:
        """What happened (engine events and notes); a front end may add its own notes."""
        ...

    @property
    def first(self) -> GameState:
        """The first state seen: the log's lines are worded from it (names, cards)."""
        ...

    @property
    def moves(self) -> int:
        """How many actions the game has had."""
        ...

    @property
    def decider(self) -> int | None:
        """Whose decision it is now (None: nobody's, the game is over)."""
        ...

    @property
    def over(self) -> bool:
        ...

    @property
    def public(self) -> Observation:
        """The public view now, for anyone at the table."""
        ...

    def view(self, seat: int | None, path: MenuPath = ()) -> View:
        """What `seat` sees now: the public view, and the menu as data on its decision (at
        `path`: a submenu's, () for the top; play/menu.py)."""
        ...

    def decided_by(self, move: int) -> int | None:
        """Whose decision it was when the game had had `move` actions (None: nobody's, or not
        known here)."""
        ...

    def submit(self, seat: int, action: Action, at: int | None = None) -> Sequence[Event]:
        """`seat`'s move (chosen when the game had had `at` actions, if given): what happened
        (nothing yet on a remote table: the host's update tells), or a PlayError."""
        ...

    def subscribe(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        """Call `listener(table)` after every change; returns the function that stops it."""
        ...

    def undo_target(self) -> int | None:
        ...

    def undo_takes_back(self) -> list[str]:
        """The changes of hands an undo now would take back, in the log's words."""
        ...

    def undo(self) -> bool:
        ...


if TYPE_CHECKING:   # mypy checks that the Session is a Table
    from .session import Session

    def _a_table(session: Session) -> Table:
        return session
