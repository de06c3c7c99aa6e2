"""The client side: the connection to a host (with reconnecting) and the table it shows.

`Mirror` is the table a client plays at (jorvik.play.table.Table, as the app's Session is
for `jorvik play`): the public view, the move number, the log and the seats, made from the
host's public views (`Observation.from_json`). It never applies an action itself: its
`submit` hands the move to `Link`, and the host's update brings the new view."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidMessage,
    InvalidStatus,
    InvalidURI,
)

from jorvik.engine import Action, CardSet, Event, GameState, current_player, is_over
from jorvik.engine.observation import Observation, ViewError
from jorvik.play.errors import PlayError
from jorvik.play.menu import MenuPath, build_menu
from jorvik.play.seats import SeatChange, level_names
from jorvik.play.session import Kept, LogEntry, SeatNote, View, event_entry, note_entry
from jorvik.tui.text import Seats

from .protocol import (
    CODE_HEADER,
    PROTOCOL,
    BadMessage,
    Bye,
    Error,
    SeatInfo,
    Update,
    Welcome,
    read_host,
)
from .seatwords import RemoteNote

PING_EVERY = 5.0       # seconds between the client's pings (the host's idle limit is longer)
STALL = 4.0            # no answer from the host for this long: "reconnecting…"
MAX_HOST_MESSAGE = 8 * 1024 * 1024
FINAL_BYES = {"bad_code", "version", "taken_over", "bad_name", "full",   # no use reconnecting
              "seat_local"}
FIRST_TRIES = 4        # first connections the host closed as "busy" before giving up


@dataclass
class Mirror:
    """The table as a client sees it: a `jorvik.play.table.Table`, as the local Session is,
    made from the host's public views. Its `submit` checks a move as the Session would (the
    game is over, the move is stale, it is not this seat's decision, the seat is not one of
    this client's) and hands it to `send`; the host's `Session.submit` plays it, and the
    host's update brings the new view (`update`, which tells the subscribers)."""
    cards: CardSet
    seats: Seats
    first: GameState
    remote: list[bool]
    mine: frozenset[int]
    game_id: str = ""
    states: list[GameState] = field(default_factory=list)   # one per move seen (gaps: the last)
    log: list[LogEntry] = field(default_factory=list)
    views: list[Observation] = field(default_factory=list)   # the host's views, the last now
    send: Callable[[int, Action], bool] | None = None   # (move, action): False: not sent
    path: None = None
    save_error: None = None
    autosave: bool = False
    ended: threading.Event = field(default_factory=threading.Event)
    listeners: list[Callable[[Mirror], None]] = field(default_factory=list)
    dropped: dict[int, float] = field(default_factory=dict)   # seat -> when (monotonic) its
                                                              # player's connection was lost
    not_yet: set[int] = field(default_factory=set)   # of those: seats nobody has joined yet

    @classmethod
    def from_welcome(cls, w: Welcome, cards: CardSet) -> Mirror:
        seats = Seats([s.name for s in w.seats], [s.colour for s in w.seats],
                      [s.bot for s in w.seats])
        view = Observation.from_json(w.view, cards)
        m = cls(cards=cards, seats=seats, first=view.state, remote=[s.remote for s in w.seats],
                mine=frozenset(w.you), game_id=w.game, views=[view],
                states=[view.state] * (w.move + 1))   # earlier ones are not known: the first
        m.set_seats(w.seats)
        m.add_log(w.log)
        return m

    def set_seats(self, infos: list[SeatInfo]) -> None:
        """The seats as the host says they are now: who plays each (a bot level or a
        human), which are remote, whose player's connection was lost (and when)."""
        if len(infos) != len(self.seats):
            return
        now = time.monotonic()
        self.seats.bots[:] = [i.bot for i in infos]
        self.remote = [i.remote for i in infos]
        self.dropped = {p: now - i.dropped for p, i in enumerate(infos) if i.dropped is not None}
        self.not_yet = {p for p, i in enumerate(infos) if i.dropped is not None and i.not_yet}

    def dropped_for(self, seat: int) -> float | None:
        """Seconds since `seat`'s player's connection was lost (None: not lost)."""
        since = self.dropped.get(seat)
        return None if since is None else max(0.0, time.monotonic() - since)

    def add_log(self, items: list[Any]) -> None:
        for item in items:
            event = item.engine_event()
            if event is not None:
                self.log.append(event_entry(item.move, event, self.first, self.seats))
            elif item.note is not None:
                entry = self._note(item.move, item.note)
                if entry is not None:
                    self.log.append(entry)

    def _note(self, move: int, note: dict[str, Any]) -> LogEntry | None:
        """A host's note as this table's log entry (None: not one this client knows)."""
        kind, p = note.get("kind"), note.get("player")
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < len(self.seats):
            return None
        if kind in ("hint", "bot_fallback", "bot_failed"):
            return note_entry(move, Kept(kind, p, self.seats))
        rnd = note.get("round")
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 0 <= rnd <= 100:
            return None
        if kind == "seat":
            bot, was, by = note.get("bot"), note.get("was"), note.get("by")
            levels = {None, *level_names()}
            if bot not in levels or was not in levels or by not in (None, p):
                return None
            words = SeatNote(SeatChange(move, p, bot, was, by), self.seats.names[p], rnd)
            return LogEntry(move, note=words, player=p, kind="seat", tone="")
        if kind in ("remote", "local"):
            return LogEntry(move, note=RemoteNote(self.seats.names[p], kind == "remote", rnd),
                            player=p, kind="remote", tone="")
        return None

    def update(self, u: Update) -> bool:
        """The host's new view; False when it is not newer than what is shown. The
        subscribers hear of it."""
        if u.move < self.moves:
            return False
        view = Observation.from_json(u.view, self.cards)
        while len(self.states) < u.move:
            self.states.append(self.states[-1])
        self.states[u.move:] = [view.state]
        self.views = [view]
        if u.seats is not None:
            self.set_seats(u.seats)
        self.add_log(u.log)
        self.changed()
        return True

    def changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # ---------------------------------------------------------------- the Table protocol
    @property
    def state(self) -> GameState:
        """The public view's state now (for the play layer's summaries: since.py)."""
        return self.states[-1]

    @property
    def moves(self) -> int:
        return len(self.states) - 1

    @property
    def public(self) -> Observation:
        return self.views[-1]

    @property
    def decider(self) -> int | None:
        return current_player(self.public.state)

    @property
    def over(self) -> bool:
        return is_over(self.public.state)

    def view(self, seat: int | None, path: MenuPath = ()) -> View:
        st = self.public.state
        decides = seat is not None and seat == self.decider and seat in self.mine
        return View(seat, Observation(seat, st), build_menu(st, path) if decides else None,
                    self.moves, self.over)

    def decided_by(self, move: int) -> int | None:
        return current_player(self.states[move]) if 0 <= move < len(self.states) else None

    def submit(self, seat: int, action: Action, at: int | None = None) -> list[Event]:
        """Check a move of one of this client's seats as the Session would, and send it (see
        the class); PlayError 'not_sent' when it could not go (not connected)."""
        if self.over or self.ended.is_set():
            raise PlayError("game_over")
        if at is not None and at != self.moves:
            raise PlayError("stale", move=self.moves)
        if seat != self.decider or seat not in self.mine:
            raise PlayError("not_your_turn", seat=seat)
        if self.seats.is_bot(seat):
            raise PlayError("bot_seat", seat=seat)
        if self.send is None or not self.send(self.moves, action):
            raise PlayError("not_sent")
        return []   # what happened comes with the host's update

    def subscribe(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def undo_target(self) -> int | None:
        return None   # no undo at a shared table

    def undo_takes_back(self) -> list[str]:
        return []

    def undo(self) -> bool:
        return False

    def save(self) -> None:
        pass          # the host saves

    def close(self) -> None:
        self.ended.set()


def client_ssl(tls: bool, cafile: str | None) -> ssl.SSLContext | None:
    if not tls and not cafile:
        return None
    ctx = ssl.create_default_context(cafile=cafile)
    if cafile:  # a host's own certificate, passed on by hand: its name need not match
        ctx.check_hostname = False
    return ctx


def url_of(address: str, tls: bool) -> str:
    return f"{'wss' if tls else 'ws'}://{address}/"


class ClosedEarly(Exception):
    """The host closed a first connection before it showed the table (with this reason)."""


def why_not(error: BaseException | None, url: str) -> tuple[str, dict[str, str]]:
    """Why a first connection to `url` got no table, as words to say (an i18n key and its
    fields): nothing listens there, no such host, a certificate not trusted, not a host."""
    from jorvik.outside import printable
    address = printable(url.split("://", 1)[-1].rstrip("/"))
    fields = {"address": address, "error": printable(str(error) or type(error).__name__)[:200]}
    if isinstance(error, ssl.SSLCertVerificationError):
        fields["error"] = printable(str(error.verify_message or error))[:200]
        return "net.join.untrusted", fields
    if isinstance(error, ssl.SSLError) or (url.startswith("wss:") and isinstance(
            error, (ConnectionResetError, ConnectionAbortedError, EOFError))):
        return "net.join.tls_failed", fields
    if isinstance(error, socket.gaierror):
        return "net.join.unknown_host", {**fields, "host": address.rsplit(":", 1)[0]}
    if isinstance(error, ConnectionRefusedError):
        return "net.join.refused", fields
    if isinstance(error, ClosedEarly):
        return "net.join.closed", fields
    if isinstance(error, InvalidStatus):
        fields["error"] = str(error.response.status_code)
        return "net.join.not_a_host", fields
    if isinstance(error, (InvalidMessage, InvalidHandshake, ConnectionClosed, ViewError)):
        return "net.join.not_a_host_tls" if url.startswith("ws:") else "net.join.not_a_host", \
            fields
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)):
        return "net.join.no_answer", fields
    return "net.join.cannot_connect", fields


class Link:
    """The connection to the host, kept up: on a drop or a stall it says so (`status`) and
    connects again with the same code until the host says the code is no good, the seat was
    taken over, or `stop()`. Messages go to `receive` on the caller's event loop.
    A link that never reached the table does not wait: the first attempt that fails ends it
    with status "unreachable", and `problem` says why in one line."""

    def __init__(self, url: str, code: str, receive: Callable[[Any], None],
                 status: Callable[[str], None] = lambda s: None, name: str | None = None,
                 tls: ssl.SSLContext | None = None, watch: bool = False) -> None:
        self.url, self.code, self.name, self.tls = url, code, name, tls
        self.watch = watch               # a spectator: `watch` in place of a hello, no code
        self.receive, self.status = receive, status
        self.ws: ClientConnection | None = None
        self.stopped = False
        self.final: str | None = None    # why the host ended it for good
        self.connected = asyncio.Event()
        self.was_connected = False       # the table was seen once: drops are reconnected
        self.problem: str | None = None  # why the first connection got no table

    def _headers(self) -> dict[str, str]:
        if self.watch:
            return {}
        code = self.code.strip()
        if code.isascii() and code.isprintable():
            return {CODE_HEADER: code}
        return {}

    async def run(self, attempts: int = 10_000) -> None:
        delay = 0.1
        busy = 0
        for _ in range(attempts):
            if self.stopped:
                return
            failure: BaseException | None = None
            try:
                async with connect(self.url, ssl=self.tls, open_timeout=5, ping_interval=2,
                                   ping_timeout=STALL, max_size=MAX_HOST_MESSAGE,
                                   close_timeout=1, compression=None,
                                   additional_headers=self._headers()) as ws:
                    self.ws = ws
                    hello: dict[str, Any] = {"t": "hello", "v": PROTOCOL, "code": self.code}
                    if self.name:
                        hello["name"] = self.name
                    if self.watch:
                        hello = {"t": "watch", "v": PROTOCOL}
                    await ws.send(json.dumps(hello))
                    pinger = asyncio.get_running_loop().create_task(self._ping(ws))
                    try:
                        async for raw in ws:
                            try:
                                msg = read_host(raw)
                            except BadMessage:
                                continue
                            if isinstance(msg, Welcome):
                                delay = 0.1
                                self.was_connected = True
                                self.connected.set()
                                self.status("connected")
                            if isinstance(msg, Bye) and msg.kind in FINAL_BYES:
                                self.final = msg.kind
                            self.receive(msg)
                    finally:
                        pinger.cancel()
                        self.ws = None
                        self.connected.clear()
                    if not self.was_connected:
                        code = ws.close_code
                        if code == 1013 and busy < FIRST_TRIES:   # pushed out: try again
                            busy += 1
                            failure = None
                        else:
                            failure = ClosedEarly(ws.close_reason or str(code))
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake, InvalidURI, ViewError) as e:
                failure = e
            if self.final is not None or self.stopped:
                self.status(self.final or "stopped")
                return
            if not self.was_connected and failure is not None:
                from jorvik.i18n import t
                key, fields = why_not(failure, self.url)
                self.problem = t(key, None, None, **fields)
                self.final = "unreachable"
                self.status("unreachable")
                return
            self.status("reconnecting")
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    async def _ping(self, ws: ClientConnection) -> None:
        try:
            while True:
                await asyncio.sleep(PING_EVERY)
                await ws.send('{"t":"ping"}')
        except (ConnectionClosed, asyncio.CancelledError):
            pass

    async def act(self, move: int, action: dict[str, Any]) -> bool:
        """Send an action chosen at `move`; False when not connected now (choose again)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(json.dumps({"t": "act", "move": move, "action": action}))
        except ConnectionClosed:
            return False
        return True

    async def hint_used(self, move: int) -> None:
        """Tell the host a hint was asked for at `move` (lost if not connected: it is a note)."""
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps({"t": "note", "kind": "hint", "move": move}))

    async def seat(self, seat: int, to: str) -> None:
        """Ask the table to hand `seat` to `to` (lost if not connected: asked again)."""
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps({"t": "seat", "seat": seat, "to": to}))

    async def stop(self) -> None:
        self.stopped = True
        if self.ws is not None:
            await self.ws.close()


def is_error(msg: Any) -> bool:
    return isinstance(msg, Error)


if TYPE_CHECKING:   # mypy checks that the Mirror is a Table (jorvik.play.table)
    from jorvik.play.table import Table

    def _a_table(mirror: Mirror) -> Table:
        return mirror
