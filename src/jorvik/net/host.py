"""The host: one game held in one process, served to its seats over WebSockets.

The host owns the session (the same session, save file and lock as `jorvik play`), runs the
bots, and checks every action with the engine. A connection says hello with a join code;
the code names its seats (a remote seat, or the host's own keyboard with all local seats).
It then gets the public view after every move (the engine's `Observation.to_json`, the same
frame for every seat: nothing hidden is sent). A seat's action is played by `Session.submit`,
the one way any front end's move is played (its PlayError kinds become the protocol's
errors: SUBMIT_TO_PROTOCOL).

Limits on what a connection may do: one message at most MAX_MESSAGE bytes, RATE messages a
second (BURST at once), MAX_BAD refused messages before it is closed, a hello within
HELLO_TIMEOUT seconds, and no silence longer than IDLE_TIMEOUT (the client pings every few
seconds). Connections that have not shown a valid code yet wait apart from the seats, a few
per address, and wrong codes are answered ever more slowly (jorvik.net.gate): strangers
never cost a seated player their seat, and a seat's own reconnect always gets in. A second
connection with a seat's code takes the seat over: the first is told (`bye taken_over`) and
closed.

A remote player whose connection is lost is shown as dropped on every pane, with how long
(SeatInfo.dropped); a remote seat nobody has joined since the host began serving (or since
it went remote) is shown as not connected yet, counted from then (SeatInfo.not_yet). With a
stand-in level (`host --stand-in LEVEL`) the table hands a dropped player's seat to that bot
STAND_IN_AFTER seconds later (a seat nobody has joined waits for its player, or for the host's
keyboard to hand it over), and when the player comes (back) with the seat's code the seat
goes to them at once (the log says both). When each seat went away is kept in the sidecar
(wall-clock UTC), so that after `host --resume` the time away goes on from then.

Between decisions the host's keyboard may hand any seat to a bot or a human, to another
machine or to itself (`seat` messages: Table.change_hands): every change is in the save and
the log (Session.change_seat, Session.move_between_machines). Which seats are remote now,
which a stand-in plays and who is away since when is kept beside the save too (the .host
sidecar, written after the save: on resume the save's moves between machines have the last
word, remote_on_resume).

Spectators (`watch` in place of a hello, no code) get the same frames as the seats and
never a menu: at most WATCHERS of them at once, a limit of their own (a spectator never
takes a player's place; a full table of spectators answers `bye full`). Until it says
`watch`, a spectator is a stranger at the door like any other (jorvik.net.gate)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import ssl
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from jorvik.engine import IllegalAction, action_from_json
from jorvik.engine.names import name_problem
from jorvik.play import saves as saving
from jorvik.play.errors import PlayError
from jorvik.play.seats import HUMAN, SeatChange, level_names, remote_after
from jorvik.play.session import Kept, LogEntry, SeatNote, Session, note_entry
from jorvik.play.turns import DROPPED, PLAYED, BotTurns

from . import codes as joincodes
from .gate import Gate, address_key
from .protocol import (
    CODE_HEADER,
    MAX_CODE,
    MAX_MESSAGE,
    PROTOCOL,
    Act,
    BadMessage,
    Bye,
    Check,
    Error,
    Hello,
    LogItem,
    Note,
    Ping,
    Reason,
    SeatInfo,
    SeatTo,
    Update,
    Watch,
    Welcome,
    dump,
    read_client,
)
from .seatwords import LOCAL, REMOTE, RemoteNote

HELLO_TIMEOUT = 4.0
IDLE_TIMEOUT = 60.0
RATE = 50.0          # messages a second, on average ...
BURST = 100.0        # ... and at once
MAX_BAD = 20         # refused messages before the connection is closed
WATCHERS = 8         # spectators at once (their own limit: never a player's)
STAND_IN_AFTER = 20.0  # seconds a dropped player's seat waits before the stand-in bot plays it
MAX_AWAY = 10**7     # seconds away a pane is told at most (a sidecar's older time: not trusted)
# Session.submit's refusals (play/table.py SUBMIT_ERRORS) as the protocol's error kinds.
SUBMIT_TO_PROTOCOL = {"stale": "stale", "game_over": "not_your_turn",
                      "not_your_turn": "not_your_turn", "bot_seat": "not_your_turn",
                      "illegal_action": "illegal"}


@dataclass
class Grant:
    """What one join code lets its holder do: play these seats."""
    code: str
    seats: frozenset[int]
    local: bool = False     # the host's own keyboard (its code is never shown)
    retired: bool = False   # its seat is played at the host's keyboard now (code unknown)


SPECTATOR = Grant("", frozenset())   # a spectator's: no seat (never in Table.grants)


@dataclass(eq=False)
class Client:
    """One connection that said hello."""
    ws: ServerConnection
    grant: Grant
    name: str | None = None
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    bad: int = 0

    def allow(self) -> bool:
        """The rate limit: a token bucket of BURST tokens refilled at RATE a second."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def sidecar(path: Path) -> Path:
    """The file beside a hosted game's save that says which seats are remote."""
    return path.with_name(path.stem + ".host")


class Table:
    """The hosted game: the session, the grants, the clients and the bots. Everything runs
    on the host's event loop, except a bot's thinking (a worker thread). `stand_in`: the bot
    level that plays a dropped player's seat until they return (None: the seat waits);
    `standing_in`: the seats a stand-in plays already (a resumed game's); `away`: since
    when (wall-clock seconds) each remote seat's player has been away, and whether their
    connection was lost (else: not connected yet), as read_away reads it back. `clock`
    measures times away, `wall` tells the time of day (both injected by tests)."""

    def __init__(self, session: Session, remote: list[int], key: bytes,
                 think: float = 1.0, bot_delay: float = 0.3, stand_in: str | None = None,
                 standing_in: list[int] | tuple[int, ...] = (),
                 away: dict[int, tuple[float, bool]] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.session = session
        self.remote = sorted(remote)
        self.key = key
        seats = session.seats
        self.grants: list[Grant] = [
            Grant(joincodes.seat_code(key, session.game_id or "unsaved", p), frozenset([p]))
            for p in self.remote]
        local = frozenset(p for p in range(len(seats)) if p not in remote and not seats.is_bot(p))
        self.local = Grant(secrets.token_urlsafe(24), local, local=True)
        self.grants.append(self.local)
        self.turns = BotTurns(session, think=think, delay=bot_delay)
        self.holders: dict[int, Client] = {}     # grant index -> its connection
        self.watchers: set[Client] = set()       # spectators (at most WATCHERS)
        self.connections: set[ServerConnection] = set()
        self.gate = Gate()                       # connections yet to show a valid code
        self.known: weakref.WeakSet[ServerConnection] = weakref.WeakSet()  # showed one
        self.sent = len(session.log)             # log entries every client has
        self.bot_task: asyncio.Task[None] | None = None
        self.done = asyncio.Event()
        self.nobody = asyncio.Event()            # set while no client holds a grant
        self.nobody.set()
        self.moves = 0                           # actions applied by this host process
        self.on_change: Callable[[], None] | None = None
        self.stand_in = stand_in
        self.stand_in_after = STAND_IN_AFTER
        # seats played by the stand-in until their player returns
        self.standing_in: set[int] = {p for p in standing_in if p in self.remote}
        self.clock, self.wall = clock, wall
        started = clock()                         # remote seats whose player is away: since
        self.dropped: dict[int, float] = dict.fromkeys(self.standing_in, started)
        self.not_yet: set[int] = set()   # ... of them, those nobody has joined (SeatInfo)
        for p, (since, lost) in (away or {}).items():
            if p in self.remote:
                self.dropped[p] = started - max(0.0, wall() - since)
                if not lost:
                    self.not_yet.add(p)
        self.hosting: dict[str, Any] | None = None  # where it is served (for the sidecar)

    # ------------------------------------------------------------ what clients see
    def code_of(self, seat: int) -> str:
        return next(g.code for g in self.grants if seat in g.seats and not g.local)

    def seat_infos(self) -> list[SeatInfo]:
        s = self.session.seats
        now = self.clock()
        return [SeatInfo(name=s.names[p], colour=s.colours[p], bot=s.bots[p],
                         remote=p in self.remote,
                         dropped=(round(min(max(0.0, now - self.dropped[p]), MAX_AWAY), 1)
                                  if p in self.dropped else None),
                         not_yet=True if p in self.dropped and p in self.not_yet else None)
                for p in range(len(s))]

    def log_items(self, start: int = 0) -> list[LogItem]:
        out = []
        for e in self.session.log[start:]:
            note = _note_json(e)
            if e.event is not None:
                out.append(LogItem(move=e.index, event=e.event.to_json()))
            elif note is not None:
                out.append(LogItem(move=e.index, note=note))
        return out

    def frame(self) -> dict[str, Any]:
        """The view every seat gets: the engine's public view, nothing else."""
        return self.session.public.to_json()

    def welcome(self, grant: Grant) -> str:
        s = self.session
        return dump(Welcome(game=s.game_id or "", seats=self.seat_infos(),
                            you=sorted(grant.seats), move=len(s.actions),
                            view=self.frame(), log=self.log_items()))

    def broadcast(self, but: Client | None = None) -> None:
        """Every client (`but` one, who has it all in its welcome) gets the new view and
        what happened since the last one."""
        s = self.session
        msg = dump(Update(move=len(s.actions), view=self.frame(),
                          log=self.log_items(self.sent), seats=self.seat_infos()))
        self.sent = len(s.log)
        for c in [*self.holders.values(), *self.watchers]:
            if c is not but:
                self._send(c.ws, msg)
        if self.on_change is not None:
            self.on_change()

    @staticmethod
    def _send(ws: ServerConnection, text: str) -> None:
        """Send without waiting for a slow client (its buffer is bounded: websockets closes
        a connection whose writes stall past its limits)."""
        async def go() -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(text)
        asyncio.get_running_loop().create_task(go())

    # ------------------------------------------------------------ connections
    async def handler(self, ws: ServerConnection) -> None:
        self.connections.add(ws)
        client: Client | None = None
        address = address_key(ws.remote_address)
        if ws in self.known:   # a valid code in the handshake: never held at the door
            self.known.discard(ws)
        else:
            self.gate.enter(ws, address, lambda: self._push_out(ws))
        try:
            try:
                client = await self._hello(ws, address)
            finally:
                self.gate.leave(ws)
            if client is None:
                return
            while True:
                try:
                    raw = await asyncio.wait_for(ws.recv(), IDLE_TIMEOUT)
                except TimeoutError:
                    await self._bye(ws, "idle")
                    return
                if not client.allow():
                    client.bad += 1
                    self._send(ws, dump(Error(kind="rate")))
                elif not await self._message(client, raw):
                    client.bad += 1
                if client.bad > MAX_BAD:
                    await self._bye(ws, "too_many_errors")
                    return
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(ws)
            if client is not None:
                self.watchers.discard(client)
                for i, c in list(self.holders.items()):
                    if c is client:
                        del self.holders[i]
                        self._left(i)
                if not self.holders:
                    self.nobody.set()

    def process_request(self, connection: ServerConnection, request: Any) -> None:
        """The handshake: a connection whose request shows a valid code (CODE_HEADER, as the
        client sends it) goes past the strangers' door; its hello is checked as any other."""
        values = request.headers.get_all(CODE_HEADER)
        if len(values) == 1 and self.find(values[0][:MAX_CODE]) is not None:
            self.known.add(connection)

    def find(self, code: str) -> int | None:
        """The grant whose code `code` is (None: no code of this table, or of a seat played
        at the host's keyboard now)."""
        return joincodes.find_seat({i: g.code for i, g in enumerate(self.grants)
                                    if not g.retired}, code)

    def _push_out(self, ws: ServerConnection) -> None:
        """Room for a newer connection from strangers (jorvik.net.gate): this one, still
        without a valid code, goes."""
        asyncio.get_running_loop().create_task(ws.close(1013, "busy"))

    async def _hello(self, ws: ServerConnection, address: str) -> Client | None:
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
        except TimeoutError:
            await self._bye(ws, "no_hello")
            return None
        try:
            msg = read_client(raw)
        except BadMessage as e:
            await self._bye(ws, e.kind)
            return None
        if not isinstance(msg, (Hello, Check, Watch)):
            await self._bye(ws, "no_hello")
            return None
        if msg.v != PROTOCOL:
            await self._bye(ws, "version")
            return None
        if isinstance(msg, Watch):
            return await self._watch(ws)
        found = self.find(msg.code)
        if found is None:   # guessing is slow, and slower each time (hopeless at 128 bits)
            try:   # (a connection closed meanwhile, e.g. pushed out, ends the wait)
                await asyncio.wait_for(ws.wait_closed(), self.gate.failed(address))
                return None
            except TimeoutError:
                pass
            await self._bye(ws, "bad_code")
            return None
        if isinstance(msg, Check):
            await self._bye(ws, "ok")
            return None
        if msg.name is not None and name_problem(msg.name) is not None:
            await self._bye(ws, "bad_name")
            return None
        client = Client(ws, self.grants[found], name=msg.name)
        old = self.holders.get(found)
        self.holders[found] = client
        self.nobody.clear()
        if old is not None:  # the player moved to another machine: the old one is told
            await self._bye(old.ws, "taken_over")
        back = self._returned(client.grant)
        await ws.send(self.welcome(client.grant))
        if back:   # every other pane sees the seat is theirs (again): no longer away
            self.broadcast(but=client)
            self._next_bot()
        return client

    async def _watch(self, ws: ServerConnection) -> Client | None:
        """A spectator: in when the table has room for one more (bye "full" otherwise)."""
        if len(self.watchers) >= WATCHERS:
            await self._bye(ws, "full")
            return None
        client = Client(ws, SPECTATOR)
        self.watchers.add(client)
        await ws.send(self.welcome(SPECTATOR))
        return client

    async def _bye(self, ws: ServerConnection, kind: str) -> None:
        try:
            await ws.send(dump(Bye(kind=kind)))
            await ws.close(1008 if kind not in ("taken_over", "idle", "game_over", "ok") else 1000,
                           kind)
        except ConnectionClosed:
            pass

    async def _message(self, client: Client, raw: str | bytes) -> bool:
        """One message of a client that said hello; False when it was refused."""
        try:
            msg = read_client(raw)
        except BadMessage as e:
            self._send(client.ws, dump(Error(kind=e.kind)))
            return False
        if isinstance(msg, Ping):
            return True
        if isinstance(msg, (Hello, Check, Watch)):
            self._send(client.ws, dump(Error(kind="hello_again")))
            return False
        if isinstance(msg, Note):
            return self.hint_used(client, msg)
        if isinstance(msg, SeatTo):
            kind = self.asked(client, msg)
            if kind is not None:
                self._send(client.ws, dump(Error(kind=kind, move=len(self.session.actions))))
            return kind is None
        assert isinstance(msg, Act)
        return self.act(client, msg)

    def hint_used(self, client: Client, msg: Note) -> bool:
        """A client's player asked for a hint on their turn: noted in the log and the save,
        as `jorvik play` notes it (anything else is refused)."""
        s = self.session
        p = s.decider
        if msg.move != len(s.actions) or p is None or p not in client.grant.seats:
            self._send(client.ws, dump(Error(kind="not_your_turn", move=len(s.actions))))
            return False
        if any(e.kept is not None and e.kept.kind == "hint" and e.kept.player == p
               and e.index == msg.move for e in s.log):
            return True   # once per move is enough
        s.log.append(note_entry(len(s.actions), Kept("hint", p, s.seats), player=p,
                                kind="hint"))
        s.save()
        self.broadcast()
        return True

    def act(self, client: Client, msg: Act) -> bool:
        """A client's action, for its seat whose decision it is now (else its first seat):
        played by `Session.submit` when chosen at this move, on that seat's turn and legal;
        otherwise refused with an error (nothing changes)."""
        s = self.session
        move = len(s.actions)
        seats = client.grant.seats
        decider = s.decider
        seat = decider if decider is not None and decider in seats else min(seats, default=-1)
        kind, reason = "", None
        try:
            action = action_from_json(msg.action)
        except IllegalAction as e:   # not a move at all (malformed): the engine says why
            kind, reason = "illegal", Reason.model_validate(e.reason.to_json())
        except (TypeError, ValueError, KeyError):
            kind = "illegal"
        else:
            try:
                s.submit(seat, action, at=msg.move)
            except PlayError as e:
                kind = SUBMIT_TO_PROTOCOL.get(e.kind, "illegal")
                if e.reason is not None:
                    reason = Reason.model_validate(e.reason.to_json())
        if kind:
            self._send(client.ws, dump(Error(kind=kind, move=move, reason=reason)))
            return kind == "stale"   # a retry is no fault of the client's
        self.moves += 1
        self.after_move()
        return True

    # ------------------------------------------------------------ the game goes on
    def after_move(self, but: Client | None = None) -> None:
        self.broadcast(but)
        s = self.session
        if s.over:
            self.done.set()
            return
        p = s.decider
        if p is not None and s.seats.is_bot(p) and self.bot_task is None:
            self.bot_task = asyncio.get_running_loop().create_task(self._bot(p))

    def note(self, words: Any) -> None:
        s = self.session
        s.log.append(note_entry(len(s.actions), words))

    async def _bot(self, p: int) -> None:
        """Seat p's bot's turn (the play layer's: BotTurns.turn, run by run_turn), its thinking
        in the loop's executor; then everyone is told, or (the seat changed hands while it
        thought: the move was dropped) the bot of the seat whose decision it is starts."""
        loop = asyncio.get_running_loop()

        def tell(words: Any) -> None:   # (from the bot's worker thread)
            loop.call_soon_threadsafe(self.note, words)
        try:
            outcome = await self.turns.run_turn(self.turns.turn(p, tell, self.note))
        finally:
            self.bot_task = None
        if outcome == PLAYED:
            self.moves += 1
            self.after_move()
        elif outcome == DROPPED:
            loop.call_soon(self._next_bot)

    def _next_bot(self) -> None:
        """A bot for the seat whose decision it is, if a bot plays it and none thinks."""
        s = self.session
        p = s.decider
        if (not s.over and not s.ended.is_set() and p is not None and s.seats.is_bot(p)
                and self.bot_task is None):
            self.bot_task = asyncio.get_running_loop().create_task(self._bot(p))

    async def drained(self, limit: float = 15.0) -> None:
        """After the end: wait (at most `limit` seconds) until every client, having seen
        the final table, has gone."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.nobody.wait(), limit)

    def start(self) -> None:
        """Begin (or go on with) play, served from now: a bot may be first; every remote
        seat of a human nobody has joined yet is away from now (not connected yet), and the
        stand-in (if any) takes the seat of a player whose connection was lost (before a
        restart) after what is left of its wait."""
        now = self.clock()
        if not self.session.over:
            for p in self.remote:
                if p not in self.dropped and not self.session.seats.is_bot(p) \
                        and not self._held(p):
                    self.dropped[p] = now
                    self.not_yet.add(p)
            for p, since in sorted(self.dropped.items()):
                self._stand_in_later(p, since)
        self.save_sidecar()
        self.after_move()

    def close(self) -> None:
        self.session.close()

    # ------------------------------------------------------------ seats change hands
    def asked(self, client: Client, msg: SeatTo) -> str | None:
        """A `seat` message: the host's keyboard asks for the table; a remote player only
        for their own seat, and only to a bot or back to themselves. The protocol's error
        kind when it is refused (None: done, or nothing to do)."""
        if client.grant.local:
            return self.change_hands(msg.seat, msg.to, by=None)
        if msg.seat not in client.grant.seats or msg.to in (REMOTE, LOCAL):
            return "not_your_seat"
        return self.change_hands(msg.seat, msg.to, by=msg.seat)

    def change_hands(self, seat: int, to: str, by: int | None = None) -> str | None:
        """Seat `seat` changes hands now: to the bot level `to`, to a human ("human"), to
        another machine ("remote") or to the host's keyboard ("local"); asked by that seat's
        player (`by` == seat) or the table (None). Session.change_seat records a bot/human
        change (save, log, undo); Session.move_between_machines a remote/local one (save and
        log; never undone), and the sidecar keeps which seats are remote now. The error kind
        when it cannot be done (None: done, or nothing to do)."""
        s = self.session
        if s.over or s.ended.is_set():
            return "game_over"
        if not 0 <= seat < len(s.seats):
            return "no_seat"
        if to in (REMOTE, LOCAL):
            return self._move_seat(seat, to == REMOTE)
        level = None if to == HUMAN else to
        if level is not None and level not in level_names():
            return "unknown_level"
        try:
            change = s.change_seat(seat, level, by=by)
        except PlayError as e:
            return e.kind
        if change is None:
            return None
        if level is None or seat not in self.dropped:
            self.standing_in.discard(seat)
        elif by is None:   # a dropped player's seat: the bot plays it until they return
            self.standing_in.add(seat)
        self._seats_changed(change)
        return None

    def _seats_changed(self, change: SeatChange | None = None,
                       but: Client | None = None) -> None:
        """After a change of hands: the sidecar, a thinking bot told, everyone told (`but`
        one, who was welcomed again), and the bot of the seat whose decision it is started."""
        if change is not None and change.seat == self.session.decider:
            self.turns.cancel()   # its choice (if it was thinking) is dropped
        self.save_sidecar()
        self.after_move(but)
        if self.bot_task is None:
            self._next_bot()

    def _move_seat(self, seat: int, remote: bool) -> str | None:
        """A human seat moves to another machine (its code: the same as ever for that seat)
        or to the host's keyboard (its remote player, if connected, is told and closed)."""
        s = self.session
        if remote == (seat in self.remote):
            return None
        if remote and s.seats.is_bot(seat):
            return "bot_seat"
        code = joincodes.seat_code(self.key, s.game_id or "unsaved", seat)
        grant = next((g for g in self.grants if g.code == code), None)
        local = self.local.seats - {seat} if remote else self.local.seats | {seat}
        self.local.seats = frozenset(local)
        if remote:
            if grant is None:
                self.grants.append(Grant(code, frozenset([seat])))   # (holders: by index)
            else:
                grant.retired = False
            self.remote = sorted({*self.remote, seat})
            if not self._held(seat):   # nobody at the other machine yet
                self.dropped[seat] = self.clock()
                self.not_yet.add(seat)
        else:
            self.remote = [p for p in self.remote if p != seat]
            self.dropped.pop(seat, None)
            self.not_yet.discard(seat)
            self.standing_in.discard(seat)
            if grant is not None:
                grant.retired = True
                index = self.grants.index(grant)
                holder = self.holders.pop(index, None)
                if holder is not None:
                    asyncio.get_running_loop().create_task(self._bye(holder.ws, "seat_local"))
        s.move_between_machines(seat, remote)   # the log's line, kept in the save
        mine = self.holders.get(self.grants.index(self.local))
        if mine is not None:   # the host's own board: its seats are others now (the whole
            self._send(mine.ws, self.welcome(self.local))   # log: no update to add again)
        self._seats_changed(but=mine)
        return None

    def _left(self, index: int) -> None:
        """A remote player's connection is gone: their seats are shown as dropped, and the
        stand-in (if any) takes them over after STAND_IN_AFTER seconds."""
        grant = self.grants[index]
        if grant.local or self.session.over:
            return
        now = self.clock()
        for p in sorted(grant.seats):
            self.dropped[p] = now
            self.not_yet.discard(p)
            self._stand_in_later(p, now)
        self.save_sidecar()
        self.broadcast()

    def _held(self, seat: int) -> bool:
        """Whether a remote player's connection holds `seat` now."""
        return any(seat in self.grants[i].seats and not self.grants[i].local
                   for i in self.holders)

    def _stand_in_later(self, seat: int, since: float) -> None:
        """With a stand-in level: the stand-in takes `seat` when its player, whose
        connection was lost, has been away since `since` for STAND_IN_AFTER seconds, counted
        from `since` (a resumed table's seat may have waited already). A seat nobody has
        joined yet waits for its player (a late friend, a client reconnecting after a
        restart): the host's keyboard may hand it to a bot, until they join."""
        if self.stand_in is None or seat in self.not_yet:
            return
        asyncio.get_running_loop().call_later(
            max(0.0, self.stand_in_after - (self.clock() - since)), self._stand_in, seat, since)

    def _stand_in(self, seat: int, since: float) -> None:
        """The stand-in bot plays `seat`, its player still away since `since`."""
        if self.session.over or self.session.ended.is_set() or self.stand_in is None:
            return
        if self.dropped.get(seat) == since and not self.session.seats.is_bot(seat):
            self.change_hands(seat, self.stand_in, by=None)

    def _returned(self, grant: Grant) -> bool:
        """A remote player is back: no longer dropped, and a seat a stand-in played is theirs
        again at once (their own change, as the log says). True when a seat changed."""
        back = False
        for p in sorted(grant.seats):
            if grant.local:
                continue
            back = self.dropped.pop(p, None) is not None or back
            self.not_yet.discard(p)
            if p in self.standing_in:
                self.standing_in.discard(p)
                s = self.session
                if s.seats.is_bot(p) and not s.over and not s.ended.is_set():
                    change = s.change_seat(p, None, by=p)
                    if change is not None and p == s.decider:
                        self.turns.cancel()
        if back:
            self.save_sidecar()
        return back

    def save_sidecar(self) -> None:
        """The sidecar again (remote seats, stand-ins, since when each away seat's player
        has been away: wall-clock seconds, UTC), when this table was given where it is
        served (`hosting`)."""
        if self.hosting is not None:
            now, wall = self.clock(), self.wall()
            away = [{"seat": p, "since": round(wall - (now - since), 3),
                     "lost": p not in self.not_yet} for p, since in sorted(self.dropped.items())]
            write_sidecar(self.session, self.remote, standing_in=sorted(self.standing_in),
                          away=away, **self.hosting)


def _note_json(e: LogEntry) -> dict[str, Any] | None:
    """A log note as a client gets it: a kept note, a seat that changed hands, a seat that
    moved between machines (None: a note for the host's own screen only)."""
    if e.kept is not None:
        return {"kind": e.kept.kind, "player": e.kept.player}
    if isinstance(e.note, SeatNote):
        c = e.note.change
        return {"kind": "seat", "player": c.seat, "bot": c.bot, "was": c.was, "by": c.by,
                "round": e.note.round}
    if isinstance(e.note, RemoteNote):
        return {"kind": REMOTE if e.note.remote else LOCAL, "player": e.player,
                "round": e.note.round}
    return None


def server_ssl(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if not cert:
        return None
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert, key)
    return ctx


async def open_server(table: Table, host: str | None, port: int | None,
                      tls: ssl.SSLContext | None = None, sock: Any = None) -> Server:
    """The WebSocket server of `table` (port 0: any free port; see server.sockets), on
    `sock` when it is given (a socket already listening: see run.listening_socket)."""
    where: dict[str, Any] = {"sock": sock} if sock is not None else {"host": host, "port": port}
    return await serve(table.handler, ssl=tls, max_size=MAX_MESSAGE,
                       process_request=table.process_request,
                       max_queue=16, ping_interval=5, ping_timeout=10,
                       open_timeout=HELLO_TIMEOUT, close_timeout=2, compression=None, **where)


def write_sidecar(session: Session, remote: list[int], **hosting: Any) -> None:
    """Which seats are remote, and where the game was served (`hosting`: listen, port,
    web_port, cert, key), beside the save, for `host --resume`."""
    if session.path is None:
        return
    from jorvik.settings import atomic_write
    atomic_write(sidecar(session.path), json.dumps({"remote": remote, **hosting}))


def _sidecar_data(path: Path) -> dict[str, Any] | None:
    from jorvik.outside import read_json_file
    try:
        data = read_json_file(sidecar(path), limit=8192)
    except Exception:
        return None
    return data if isinstance(data, dict) else None


def _seat_list(value: Any) -> list[int] | None:
    if not isinstance(value, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < 5 for p in value):
        return None
    return sorted(set(value))


def read_sidecar(path: Path) -> list[int] | None:
    """The remote seats of a hosted game's save (None: not a hosted game)."""
    data = _sidecar_data(path)
    return _seat_list(data.get("remote") if data is not None else None)


def remote_on_resume(path: Path, session: Session) -> list[int]:
    """The seats played from other machines when the hosted game saved at `path` resumes:
    the sidecar's, and each seat the save's moves between machines name as the save last
    says (the save is written before the sidecar: after a kill between the two, the save's
    is the newer word)."""
    return remote_after(read_sidecar(path) or [], session.remote_changes)


def read_standing_in(path: Path) -> list[int]:
    """The remote seats a stand-in bot plays until their player returns (an older sidecar:
    none)."""
    data = _sidecar_data(path)
    return _seat_list(data.get("standing_in") if data is not None else None) or []


def read_away(path: Path, now: float | None = None) -> dict[int, tuple[float, bool]]:
    """Since when (wall-clock seconds) each remote seat's player has been away, and whether
    their connection was lost (False: they had not connected yet), as save_sidecar keeps it;
    an entry not of its kind, or a time in the future or more than MAX_AWAY seconds before
    `now` (None: the time now), is left out (an older sidecar has none)."""
    data = _sidecar_data(path) or {}
    value = data.get("away")
    now = time.time() if now is None else now
    out: dict[int, tuple[float, bool]] = {}
    for item in value[:5] if isinstance(value, list) else []:
        if not isinstance(item, dict):
            continue
        p, since, lost = item.get("seat"), item.get("since"), item.get("lost")
        if (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < 5
                and isinstance(since, (int, float)) and not isinstance(since, bool)
                and now - MAX_AWAY <= since <= now and isinstance(lost, bool)):
            out[p] = (float(since), lost)
    return out


def read_hosting(path: Path) -> dict[str, Any]:
    """Where a hosted game was served, as write_sidecar keeps it; what is missing or not of
    its kind is left out (an older sidecar has none of it)."""
    data = _sidecar_data(path) or {}
    out: dict[str, Any] = {}
    level = data.get("stand_in")
    if isinstance(level, str) and level in level_names():
        out["stand_in"] = level
    for name in ("port", "web_port"):
        v = data.get(name)
        if isinstance(v, int) and not isinstance(v, bool) and 0 < v < 65536:
            out[name] = v
    for name in ("listen", "cert", "key"):
        v = data.get(name)
        if isinstance(v, str) and 0 < len(v) <= 1024 and v.isprintable():
            out[name] = v
    return out


def latest_hosted() -> Path | None:
    """The most recently played unfinished hosted game."""
    for g in saving.list_games():
        if g.unfinished and read_sidecar(g.path) is not None:
            return g.path
    return None
