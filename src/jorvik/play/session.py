"""One game being played: the engine states so far, the actions, the log, undo and saving.

No user interface: a front end (the Textual app, `jorvik games`, a remote seat) asks it for
the public view and the menu as data (`view`), submits a seat's action (`submit`), reads the
events since a point (`events_since`) and hears of every change (`subscribe`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jorvik.engine import (
    Action,
    CardSet,
    Event,
    GameState,
    IllegalAction,
    Observation,
    apply_action,
    can_undo,
    current_player,
    is_over,
    make_record,
    new_game,
    observe,
)
from jorvik.engine.events import (
    CardRevealed,
    CubesDrawn,
    PhaseStarted,
    RoundStarted,
    StartPlayer,
    ToCardArea,
    UnloadingDone,
)
from jorvik.engine.record import first_state, setup_orders
from jorvik.i18n import level_name, t
from jorvik.i18n.events import describe_event
from jorvik.recordschema import check_record

from . import saves as saving
from .errors import PlayError, refusal_words
from .lock import GameLock
from .menu import Menu, MenuPath, build_menu
from .seats import RemoteChange, SeatChange, Seats, bots_before, level_names
from .words import Tone, plain, say_text


@dataclass
class LogEntry:
    """One line of the game log, kept as what happened (an engine event, or a note whose
    words come from the catalogues) and put into words when shown, so that a language switch
    re-words the whole log."""
    index: int                          # how many actions had been taken when it happened
    note: Callable[[], str] | None = None   # a note's words in the current language
    event: Event | None = None
    player: int | None = None           # a note about one player (e.g. a hint used) ...
    kind: str = ""                      # ... and what kind ("hint"; "" for other notes)
    kept: Kept | None = None            # a note kept with the saved game (see Kept)
    tone: str = "quiet"                 # how a note reads: "quiet" (aside), "" (plain)
    style: str | None = None            # a front end's look for its own note, by name (not
    #                                     read here: a theme switch colours the line anew)

    def words(self) -> tuple[Any, ...]:
        """The line as words (Words: see play/words.py)."""
        if self.event is not None:
            return (self.event,)
        text = self.note() if self.note is not None else ""
        return (Tone((text,), self.tone),) if self.tone else (text,)


def event_entry(index: int, event: Event, state: GameState | None = None,
                seats: Seats | None = None) -> LogEntry:
    """A log entry for an engine event (worded when shown, from any state of the game)."""
    return LogEntry(index, event=event)


@dataclass(frozen=True)
class Kept:
    """The words of a note that is part of the game and is saved with it (the log promises
    to keep it): a hint used, a bot that plays as 'easy'. Kept as what it is, so that it is
    saved, comes back after --resume and is worded in the language of the moment."""
    kind: str       # one of saving.NOTE_KINDS
    player: int
    seats: Seats

    def __call__(self) -> str:
        name = self.seats.names[self.player]
        if self.kind == "hint":
            return t("learn.hint.used", name=name)
        level = level_name(self.seats.bots[self.player] or "easy")
        return t(f"tui.log.{self.kind}", level=level, name=name)


def note_entry(index: int, words: Callable[[], str], style: Any = None,
               player: int | None = None, kind: str = "") -> LogEntry:
    """A log entry of the front end's own: `words()` gives it in the current language;
    `player` and `kind` say what it is about (a hint used: the hand-over summary tells it);
    `style` is the front end's look for it. Words that are a Kept note are saved with the
    game."""
    kept = words if isinstance(words, Kept) else None
    if kept is not None and player is None:
        player, kind = kept.player, kind or kept.kind
    return LogEntry(index, note=words, player=player, kind=kind, kept=kept, style=style)


@dataclass(frozen=True)
class SeatNote:
    """The log's words for a seat that changed hands ("Bálint left; his seat is played by
    hard from round 6", and the way back), worded in the language of the moment. Not a
    kept note: the save keeps the change itself (Session.seat_changes), and its line is made
    again from it."""
    change: SeatChange
    name: str
    round: int

    def __call__(self) -> str:
        c = self.change
        fields: dict[str, Any] = {"name": self.name, "round": self.round,
                                  "level": level_name(c.bot) if c.bot else "",
                                  "was": level_name(c.was) if c.was else ""}
        if c.bot is None:
            kind = "back_own" if c.by == c.seat else "back"
        elif c.was is None:
            kind = "left_own" if c.by == c.seat else "to_bot"
        else:
            kind = "level"
        return t(f"play.seat.{kind}", **fields)


def seat_note(change: SeatChange, session: Session) -> SeatNote:
    """The words of a seat change, in the round it happened in."""
    return SeatNote(change, session.seats.names[change.seat], session.states[change.move].round)


def seat_entry(change: SeatChange, session: Session) -> LogEntry:
    """The log line of a seat change, at the move it happened after."""
    return LogEntry(change.move, note=seat_note(change, session), player=change.seat,
                    kind="seat", tone="")


@dataclass(frozen=True)
class RemoteNote:
    """The log's words for a hosted seat that moved between the host's keyboard and another
    machine ("Bo's seat is played from another machine from round 3."), worded in the
    language of the moment. The save keeps the move itself (Session.remote_changes), and
    its line is made again from it."""
    name: str
    remote: bool
    round: int

    def __call__(self) -> str:
        return t(f"net.seat.{'remote' if self.remote else 'local'}", name=self.name,
                 round=self.round)


def remote_entry(change: RemoteChange, session: Session) -> LogEntry:
    """The log line of a hosted seat that moved between machines, after its move."""
    words = RemoteNote(session.seats.names[change.seat], change.remote,
                       session.states[change.move].round)
    return LogEntry(change.move, note=words, player=change.seat, kind="remote", tone="")


def start_entry(first: GameState, seats: Seats) -> LogEntry:
    """The log's first line: the mode, the players and the seed."""
    return LogEntry(0, note=lambda: t("tui.log.new_game", mode=t(f"tui.mode.{first.mode}"),
                                      players=", ".join(seats.names), seed=str(first.seed)),
                    tone="")


# The events a lesson's wrong move leaves out of its sentence (would_lead_to): the board
# shows them.
_QUIET = (RoundStarted, PhaseStarted, CardRevealed, CubesDrawn, StartPlayer, UnloadingDone,
          ToCardArea)


@dataclass(frozen=True)
class View:
    """What a seat sees now (a front end draws it): the public view of the state (the
    engine's observation: never the deck order or the bag), the menu as data when this seat
    decides, and how many actions the game has had (a point for events_since)."""
    player: int | None
    public: Any
    menu: Menu | None
    moves: int
    over: bool


@dataclass
class Session:
    """A game being played, for any front end: it only asks the engine for legal actions and
    applies chosen ones. It saves itself to its own file (`path`) after every change, before
    the change is shown. Only one thread changes it (the front end's); workers get states."""

    cards: CardSet
    seats: Seats
    first: GameState
    deck: list[str] = field(default_factory=list)   # the deck and bag the game began with
    bag: list[str] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    cards_path: str | None = None
    autosave: bool = True
    path: Path | None = None                        # this game's save file
    game_id: str = ""
    started: str = ""
    save_error: OSError | None = None               # the last save failed (None: it worked)
    on_saved: Callable[[OSError | None], None] | None = None
    lock: GameLock | None = None
    ended: threading.Event = field(default_factory=threading.Event)  # closed: play stops
    listeners: list[Callable[[Session], None]] = field(default_factory=list)
    seat_changes: list[SeatChange] = field(default_factory=list)  # in the order they came
    remote_changes: list[RemoteChange] = field(default_factory=list)  # (a hosted game's)
    _public: tuple[GameState, Observation] | None = field(default=None, repr=False)

    @classmethod
    def start(cls, cards: CardSet, seats: Seats, mode: str, seed: int | None,
              start_player: int | None, cards_path: str | None = None,
              autosave: bool = True) -> Session:
        """A new game in a new file of its own (no other game's file is touched)."""
        events: list[Event] = []
        first = new_game(list(seats.names), mode=mode, seed=seed, start_player=start_player,
                         cards=cards, events=events)
        deck, bag = setup_orders(first, events)
        s = cls(cards=cards, seats=seats, first=first, deck=deck, bag=bag, states=[first],
                cards_path=cards_path, autosave=autosave)
        s.log.append(start_entry(first, seats))
        s.started = saving.now_text()
        if autosave:
            s._claim_file()
        s.save()
        return s

    def _claim_file(self) -> None:
        """A file of its own for this game; when the data folder cannot hold one, the game
        is played unsaved and says so (save_error), as after any failed save."""
        try:
            self.game_id, self.path, self.lock = saving.claim_new_game(list(self.seats.names))
        except OSError as e:
            self.save_error = e

    @classmethod
    def from_save(cls, data: saving.SaveData, cards: CardSet, autosave: bool = True,
                  path: Path | None = None, lock: GameLock | None = None) -> Session:
        """Rebuild every state of a saved game (for undo and the log). It goes on in `path`
        when given (its own file), else in a new file of its own."""
        rec = check_record(data.record, cards)
        first = first_state(rec, cards)
        deck, bag = setup_orders(first)
        s = cls(cards=cards, seats=data.seats, first=first, deck=deck, bag=bag, states=[first],
                cards_path=data.cards_path, autosave=autosave, lock=lock)
        s.log.append(start_entry(first, data.seats))
        for a in data.actions:
            s._apply(a)
        for note in sorted(data.notes, key=lambda n: n["move"]):  # each after its move
            s._insert_log(note_entry(note["move"], Kept(note["kind"], note["player"],
                                                        data.seats)))
        s._replay_seat_changes(data.seat_changes)
        s._replay_remote_changes(data.remote_changes)
        if path is not None and data.game_id:
            s.path, s.game_id = path, data.game_id
            s.started = data.started or saving.now_text()
        else:
            s.started = saving.now_text()
            if autosave:
                if s.lock is not None:
                    s.lock.release()
                    s.lock = None
                s._claim_file()
                s.save()
        return s

    # ---------------------------------------------------------------- queries
    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def decider(self) -> int | None:
        return current_player(self.state)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    # the Table protocol (play/table.py): what a front end asks
    @property
    def moves(self) -> int:
        return len(self.actions)

    @property
    def public(self) -> Observation:
        """The public view now, for anyone (made once a state)."""
        st = self.state
        if self._public is None or self._public[0] is not st:
            self._public = (st, observe(st, None))
        return self._public[1]

    def decided_by(self, move: int) -> int | None:
        """Whose decision it was when the game had had `move` actions."""
        return current_player(self.states[move]) if 0 <= move < len(self.states) else None

    def undo_target(self) -> int | None:
        """The index of the state undo returns to: the last human decision that no new
        information (card, cube) separates from now, or the last seat change when it came
        later (undo takes it back as it takes back a move); None when undo is not possible."""
        point = self.undo_point()
        return None if point is None else point[0]

    def undo_takes_back(self) -> list[str]:
        """The seat changes an undo now would take back, in the log's words (the latest
        first): a front end names them before it undoes ("A human plays Bo's seat again from
        round 2 (the normal bot leaves)"), as it names another player's move."""
        point = self.undo_point()
        gone = [] if point is None else self.seat_changes[point[1]:]
        return [seat_note(c, self)() for c in reversed(gone)]

    def undo_point(self) -> tuple[int, int] | None:
        """Where undo returns to: (the index of the state, how many seat changes are kept).
        Walking back from now: a seat change made at a state is taken back there; a state in
        which a human (as the seats were then) decided is a stop, and before it any seat change
        made in that state; new information (a card, a cube) is never passed."""
        i = len(self.states) - 1
        n = len(self.seat_changes)
        while True:
            if n and self.seat_changes[n - 1].move == i:
                return i, n - 1
            if i == 0 or not can_undo(self.states[i]):
                return None
            i -= 1
            while n and self.seat_changes[n - 1].move > i:
                n -= 1
            p = current_player(self.states[i])   # decided after the changes made at i
            if p is not None and self.bots_at(n)[p] is None:
                return i, n

    def bots_at(self, kept: int) -> list[str | None]:
        """The seats' bot levels as they were with only the first `kept` seat changes made."""
        return bots_before(self.seats.bots, self.seat_changes[kept:])

    def record(self) -> dict[str, Any]:
        return make_record(self.first, self.actions, deck=self.deck, bag=self.bag)

    def notes(self) -> list[dict[str, Any]]:
        """The log's kept notes as the save holds them (each with the number of moves made
        when it was noted)."""
        return [{"move": e.index, "kind": e.kept.kind, "player": e.kept.player}
                for e in self.log if e.kept is not None]

    def save_text(self) -> str:
        return saving.save_text(self.first, self.actions, self.deck, self.bag, self.seats,
                                self.cards_path, self.game_id, self.started, self.state,
                                notes=self.notes(), seat_changes=self.seat_changes,
                                remote_changes=self.remote_changes)

    # ---------------------------------------------------------------- changes
    def apply(self, action: Action) -> list[Event]:
        """Play `action` (IllegalAction when the rules refuse it: nothing changes), save, and
        tell the listeners."""
        events = self._apply(action)
        self.save()
        self._changed()
        return events

    def would_lead_to(self, action: Action) -> str:
        """What `action` would lead to if it were played now, in the log's words ("It would
        have led to: Bela passed on the Feast at 4 coins."), then a space; why the rules
        refuse it, for a move they refuse; "" when it cannot be told. Nothing changes: a
        lesson's wrong move, explained on the game's own state (so the words name the card
        the game would reveal, which the public view does not know)."""
        try:
            _, events = apply_action(self.state, action)
        except IllegalAction as e:
            return say_text(refusal_words(e.reason, self.seats.names, self.state.cards)) + " "
        words = [describe_event(ev, self.state) for ev in events if not isinstance(ev, _QUIET)]
        words = [w.rstrip(".") for w in words if w][:3]
        return t("learn.wrong.led_to", events="; ".join(words)) + " " if words else ""

    def submit(self, seat: int, action: Action, at: int | None = None,
               by: str | None = None) -> list[Event]:
        """A move for `seat`, chosen when the game had had `at` actions (None: now): a
        front end's (a key press, a remote player's message: `by` None) or the seat's bot's
        (`by`: the level of the bot that chose it, play/turns.py). PlayError when the game is
        over or closed ('game_over'), the game has moved on since `at` ('stale': a retry, or
        too late), it is not that seat's decision now ('not_your_turn'), a front end plays a
        bot's seat ('bot_seat'), a bot plays a seat that is not (or no longer) its own
        ('not_bot_seat'), or the rules refuse it ('illegal_action', with the engine's
        reason: worded as that reason). The one way a move is played."""
        if self.over or self.ended.is_set():
            raise PlayError("game_over")
        if at is not None and at != len(self.actions):
            raise PlayError("stale", move=len(self.actions))
        if seat != self.decider:
            raise PlayError("not_your_turn", seat=seat)
        if by is None and self.seats.is_bot(seat):
            raise PlayError("bot_seat", seat=seat)
        if by is not None and self.seats.bots[seat] != by:
            raise PlayError("not_bot_seat", seat=seat)
        try:
            return self.apply(action)
        except IllegalAction as e:
            raise PlayError("illegal_action", reason=e.reason, names=self.seats.names,
                            cards=self.cards, action=getattr(action, "type", "?")) from None

    def subscribe(self, listener: Callable[[Session], None]) -> Callable[[], None]:
        """Call `listener(session)` after every change (a move, an undo), on the thread that
        made it; returns the function that stops it."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def view(self, seat: int | None, path: MenuPath = ()) -> View:
        """What `seat` sees now (None: an onlooker): the public view and, when it is the
        seat's decision, the menu as data (at `path`: a submenu's; () for the top), made
        from the public view, as a remote table makes it."""
        public = self.public
        decider = self.decider
        menu = (build_menu(public.state, path) if seat is not None and seat == decider
                else None)
        return View(seat, Observation(seat, public.state), menu, len(self.actions), self.over)

    def line(self, entry: LogEntry) -> str:
        """A log entry in plain words, in the language now (styled words: entry.words())."""
        return plain(entry.words(), self.seats, self.first)

    def events_since(self, moves: int) -> list[tuple[int, Event]]:
        """The engine events after the game's first `moves` actions, each with the number of
        actions taken when it happened (a front end that has seen `moves` catches up)."""
        return [(e.index, e.event) for e in self.log if e.event is not None and e.index > moves]

    def _apply(self, action: Action) -> list[Event]:
        before = self.state
        new, events = apply_action(before, action)
        self.states.append(new)
        self.actions.append(action)
        n = len(self.actions)
        self.log.extend(LogEntry(n, event=ev) for ev in events)
        return events

    def undo(self) -> bool:
        point = self.undo_point()
        if point is None:
            return False
        target, kept = point
        gone = self.seat_changes[kept:]
        self.seats.bots[:] = self.bots_at(kept)
        del self.seat_changes[kept:]
        del self.states[target + 1:]
        del self.actions[target:]
        self.log = [e for e in self.log if (e.index <= target or e.kind == "remote") and not (
            isinstance(e.note, SeatNote) and any(e.note.change is g for g in gone))]
        self._keep_remote_changes(target)
        self.save()
        self._changed()
        return True

    # ---------------------------------------------------------------- seats change hands
    def change_seat(self, seat: int, bot: str | None, by: int | None = None,
                    ) -> SeatChange | None:
        """Seat `seat` changes hands now, between two decisions: to the bot of level `bot`,
        or to a human (None). Asked by that seat's own player (`by` == seat) or by the table
        as a whole (`by` None). Recorded in the log and the save, taken back by undo like a
        move; None when the seat is in those hands already (nothing changes). PlayError when
        the game is over or closed ('game_over'), there is no such seat ('no_seat'), a player
        asks for another's seat ('not_your_seat') or there is no such bot ('unknown_level').
        The front end's bot that was thinking for the seat must drop its choice."""
        self._seat_can_change(seat)
        if by is not None and by != seat:
            raise PlayError("not_your_seat", seat=seat)
        if bot is not None and bot not in level_names():
            raise PlayError("unknown_level", level=bot, choices=", ".join(level_names()))
        was = self.seats.bots[seat]
        if was == bot:
            return None
        change = SeatChange(len(self.actions), seat, bot, was, by)
        self.seat_changes.append(change)
        self.seats.bots[seat] = bot
        self.log.append(seat_entry(change, self))
        self.save()
        self._changed()
        return change

    def _seat_can_change(self, seat: int) -> None:
        """PlayError when no seat can change now ('game_over': over or closed) or there is
        no such seat ('no_seat')."""
        if self.over or self.ended.is_set():
            raise PlayError("game_over")
        if not 0 <= seat < len(self.seats):
            raise PlayError("no_seat", seat=seat + 1, players=len(self.seats))

    def _replay_seat_changes(self, changes: list[SeatChange]) -> None:
        """A saved game's seat changes, each in its place in the log (the seats are the
        saved ones: as they are after the last change)."""
        self.seat_changes = list(changes)
        for change in changes:
            self._insert_log(seat_entry(change, self))

    def _insert_log(self, entry: LogEntry) -> None:
        """A saved line back in its place in the log: after the lines of its move."""
        at = next((i for i, e in enumerate(self.log) if e.index > entry.index), len(self.log))
        self.log.insert(at, entry)

    def _keep_remote_changes(self, target: int) -> None:
        """After an undo to `target` actions: the seats moved between machines after it stay
        where they are (no undo takes a player back from their machine), as moved after
        `target` actions now; their log lines go with them."""
        self.remote_changes = [c if c.move <= target else RemoteChange(target, c.seat, c.remote)
                               for c in self.remote_changes]
        for e in self.log:
            if e.kind == "remote" and e.index > target and isinstance(e.note, RemoteNote):
                e.index = target
                e.note = RemoteNote(e.note.name, e.note.remote, self.states[target].round)

    def move_between_machines(self, seat: int, remote: bool) -> RemoteChange:
        """A hosted seat moves to another machine (`remote`) or to the host's keyboard, now,
        between two decisions (the host decides whether it may): recorded in the log and the
        save. Undo never takes it back (see RemoteChange). PlayError when the game is over or
        closed ('game_over') or there is no such seat ('no_seat')."""
        self._seat_can_change(seat)
        change = RemoteChange(len(self.actions), seat, remote)
        self.remote_changes.append(change)
        self.log.append(remote_entry(change, self))
        self.save()
        self._changed()
        return change

    def _replay_remote_changes(self, changes: list[RemoteChange]) -> None:
        """A saved hosted game's seats that moved between machines, each in its place in the
        log (after the seat changes made at the same move)."""
        self.remote_changes = list(changes)
        for change in changes:
            self._insert_log(remote_entry(change, self))

    def save(self) -> None:
        """Save to the game's own file now (atomic; a few ms). A failure is kept in
        save_error (and told to on_saved) until a save works again: it is never silent."""
        if not self.autosave or self.path is None or self.ended.is_set():
            return  # (a closed game's file may be open in another window now)
        try:
            saving.write_save(self.path, self.save_text())
        except OSError as e:
            self.save_error = e
        else:
            self.save_error = None
        if self.on_saved is not None:
            self.on_saved(self.save_error)

    def save_as(self, path: Path) -> None:
        saving.write_save(path, self.save_text())

    def close(self) -> None:
        """The game is no longer played here: a thinking bot stops, nothing more is saved,
        and another instance may open it (the lock goes; the file stays)."""
        self.ended.set()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
