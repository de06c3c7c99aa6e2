"""The computer seats of a game being played: each seat's bot, a bot's turn, and its fallback.

No user interface, like the session. A bot's move goes in by the same door as a key press and
a remote player's move: `Session.submit`, for the seat's bot (`by`: its level). The turn is
this module's: `due` says which bot seat is to move, `begin` starts its turn, `think` (in a
worker thread) chooses, and `finish` (on the front end's thread) plays it or drops it. One
whole turn is `turn`'s steps, played here and now by `play_turn` (`play_bots`: the bots'
turns until a human decides) or on an event loop with the thinking in a worker thread by
`run_turn` (the Textual game screen's worker, the host's bot task): the policy
(the stale check, the failed bot's note) is written once for every front end. A
bot that fails (an unknown level, an error, an illegal move) gives its seat to 'easy', so a
game never stops; a choice that the game has moved past (undo, a seat change, quit, new
game) is dropped by its token."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from functools import partial
from typing import Any

from jorvik.engine import Action

from .errors import PlayError
from .session import Kept, Session

Words = Callable[[], str]   # a note for the log in the language at the time it is shown
PLAYED, DROPPED, AGAIN = "played", "dropped", "again"   # how a bot's turn ends (finish)
CLOSED = "closed"   # a turn's end when the game was closed (quit, new game) while it thought


def seat_seed(game_seed: int | None, p: int) -> int:
    """Seat p's bot's seed: from the game's seed (every game has one), so that a game replays
    with the same bots and two games without --seed do not share their bots; the same formula
    as `jorvik simulate` and `jorvik tournament`."""
    from jorvik.bots import bot_seed
    return bot_seed(game_seed or 0, p)


@dataclass(frozen=True)
class BotMove:
    """What a bot chose on its turn: `token` names the turn (BotTurns.begin)."""
    player: int
    token: int
    action: Action


# A bot's turn as steps (BotTurns.turn): each yields the blocking thinking and is sent its
# result; the turn's end (PLAYED, DROPPED or CLOSED) is the generator's return value.
Steps = Generator[Callable[[], BotMove | None], BotMove | None, str]


class BotTurns:
    """The bots of one session, made from the bots registry when first needed (or by `make`,
    as the lessons' scripted seats are)."""

    def __init__(self, session: Session, think: float = 1.0, delay: float = 0.0,
                 make: Callable[[int], Any] | None = None) -> None:
        self.session = session
        self.think_time = think
        self.delay = delay            # a bot's move shows no sooner than this (seconds)
        self.make = make
        self.token: int | None = None  # the turn under way (None: no bot thinks)
        self._bots: dict[int, Any] = {}
        self._levels: dict[int, str | None] = {}  # the level each seat's bot was made for
        self._turns = 0               # turns begun: every turn's token is new
        self._moves = 0               # the number of actions when the turn under way began

    @property
    def thinking(self) -> bool:
        return self.token is not None

    def due(self) -> int | None:
        """The bot seat whose decision it is now (None: a human's, or the game is over or
        closed)."""
        session = self.session
        p = session.decider
        if p is None or session.over or session.ended.is_set() or not session.seats.is_bot(p):
            return None
        return p

    def begin(self, p: int) -> int:
        """Seat p's bot starts thinking now; the token names this turn (no other turn has
        it, even one begun in the same state: after a seat changed hands)."""
        self._turns += 1
        self.token = self._turns
        self._moves = len(self.session.actions)
        return self.token

    def cancel(self) -> None:
        """The game moved on without the bot (undo): its choice, when it comes, is dropped."""
        self.token = None

    def bot(self, p: int, tell: Callable[[Words], None] = lambda words: None) -> Any:
        """Seat p's bot; an unknown level plays as 'easy' (and `tell` says so once). A seat
        that changed hands gets the bot of its new level."""
        bot = self._bots.get(p)
        level = self.session.seats.bots[p]
        if bot is not None and self._levels.get(p) == level:
            return bot
        self._levels[p] = level
        if self.make is not None:
            bot = self.make(p)
        else:
            from jorvik.bots import make_bot
            seats = self.session.seats
            level = seats.bots[p] or "easy"
            seed = seat_seed(self.session.first.seed, p)
            try:
                bot = make_bot(level, seed=seed, think=self.think_time)
            except ValueError:
                bot = make_bot("easy", seed=seed, think=self.think_time)
                tell(Kept("bot_fallback", p, seats))  # saved with the game
            if hasattr(bot, "should_stop"):
                bot.should_stop = self.session.ended.is_set
        self._bots[p] = bot
        return bot

    def replace(self, p: int) -> Any:
        """Seat p plays on as 'easy' (after its bot failed: the game must never stop)."""
        from jorvik.bots import make_bot
        bot = make_bot("easy", seed=seat_seed(self.session.first.seed, p))
        self._bots[p] = bot
        return bot

    def failed(self, p: int) -> Words:
        """The log's note that seat p's bot failed and 'easy' plays on for it (saved with
        the game)."""
        return Kept("bot_failed", p, self.session.seats)

    def think(self, p: int, token: int, tell: Callable[[Words], None]) -> BotMove | None:
        """Seat p's choice now (blocking: run it in a worker thread), no sooner than `delay`
        after it began; None when the game was closed meanwhile. `tell` gets the notes for
        the log (call it on the app's thread)."""
        session = self.session
        state = session.state
        t0 = time.monotonic()
        try:
            action = self.bot(p, tell).choose(state)
        except Exception:  # a broken bot must not end the game: 'easy' takes the seat over
            tell(self.failed(p))
            action = self.replace(p).choose(state)
        rest = self.delay - (time.monotonic() - t0)
        if rest > 0:
            session.ended.wait(rest)  # the delay ends early when the game is closed
        if session.ended.is_set():    # the game was closed (quit, new game)
            return None
        return BotMove(p, token, action)

    def stale(self, move: BotMove) -> bool:
        """Whether the game moved on (undo, a seat change, quit, new game) while the bot
        thought."""
        return (move.token != self.token or self._moves != len(self.session.actions)
                or self.session.ended.is_set())

    def play(self, move: BotMove) -> bool:
        """Submit the bot's choice for its seat (Session.submit, `by` the level the bot was
        made for): True when it was played (the turn is over); False when the bot broke the
        rules, after which 'easy' plays the seat and must think again. Any other refusal
        (the game moved on: see `stale`) is the PlayError."""
        try:
            self.session.submit(move.player, move.action, at=self._moves,
                                by=self._levels.get(move.player))
        except PlayError as e:
            if e.kind != "illegal_action":
                raise
            self.replace(move.player)
            return False
        self.token = None
        return True

    def finish(self, move: BotMove, tell: Callable[[Words], None]) -> str:
        """The end of a bot's turn, on the thread that changes the session: DROPPED when the
        game moved on while it thought (undo, a seat change, quit, new game), PLAYED when its
        move was played, AGAIN when the bot broke the rules ('easy' plays on for the seat
        and must think again, with the same token; `tell` gets the log's note)."""
        if self.stale(move):
            return DROPPED
        try:
            if self.play(move):
                return PLAYED
        except PlayError:
            self.token = None
            return DROPPED
        tell(self.failed(move.player))
        return AGAIN

    def turn(self, p: int, tell: Callable[[Words], None],
             note: Callable[[Words], None] | None = None) -> Steps:
        """Seat p's bot's whole turn, begun now (`thinking` from here on), as steps: each
        step yielded is the blocking thinking (`think`: call it, here or in a worker thread,
        and send back what it returns); the turn ends PLAYED (the move was played), DROPPED
        (the game moved on while it thought: undo, a seat change; the move is not played) or
        CLOSED (the game was closed). A bot that broke the rules thinks again ('easy' plays
        on for the seat: `note` gets the log's note, on the thread that drives the steps;
        `tell` gets the thinking's notes, on the worker's; `note` None: `tell` for both).
        Driven by `play_turn` (here and now) or `run_turn` (on an event loop)."""
        return self._steps(p, self.begin(p), tell, tell if note is None else note)

    def _steps(self, p: int, token: int, tell: Callable[[Words], None],
               note: Callable[[Words], None]) -> Steps:
        while True:
            move = yield lambda: self.think(p, token, tell)
            if move is None:
                return CLOSED
            outcome = self.finish(move, note)
            if outcome != AGAIN:
                return outcome

    def play_turn(self, p: int, tell: Callable[[Words], None] = lambda words: None) -> str:
        """Seat p's bot's turn here and now (blocking: the thinking on this thread): how it
        ended (`turn`)."""
        steps = self.turn(p, tell)
        try:
            think = next(steps)
            while True:
                think = steps.send(think())
        except StopIteration as end:
            outcome: str = end.value
            return outcome

    @staticmethod
    async def run_turn(steps: Steps, run: Callable[[Callable[[], BotMove | None]],
                                                   Awaitable[BotMove | None]] | None = None,
                       ) -> str:
        """A turn begun (`turn`) played on the running event loop: `run` runs each blocking
        thinking elsewhere (None: in the loop's default executor, a worker thread), the rest
        (the stale check, the move, the failed bot's note) runs on the loop; how it ended
        (`turn`). A task cancelled while its bot thinks never plays that choice (the
        thinking runs on; what it returns is dropped)."""
        if run is None:
            loop = asyncio.get_running_loop()
            run = partial(loop.run_in_executor, None)
        try:
            think = next(steps)
            while True:
                think = steps.send(await run(think))
        except StopIteration as end:
            outcome: str = end.value
            return outcome

    def play_bots(self, tell: Callable[[Words], None] = lambda words: None,
                  limit: int | None = None) -> int:
        """The bots' turns, here and now (blocking), until a human decides, the game is over
        or closed, a turn is dropped, or `limit` moves were made: how many moves the bots
        made. (A front end that keeps a screen live runs the same `turn` on its event loop,
        the thinking in a worker thread: the game screen and the host, by `run_turn`.)"""
        made = 0
        while (limit is None or made < limit) and (p := self.due()) is not None:
            if self.play_turn(p, tell) != PLAYED:
                return made
            made += 1
        return made
