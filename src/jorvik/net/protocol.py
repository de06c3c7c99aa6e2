"""The messages between host and clients: JSON objects checked by pydantic models.

Every message is one JSON object with a type `t`. A client says `hello` (protocol version,
join code, optional name) and then `act` (an action and the number of moves made when it
was chosen: a retry of an action already played is refused as stale, so it applies once)
and `note` (a hint was asked for on its turn), and `seat` (a seat changes hands: to a bot, a
human, another machine or the host's keyboard). In place of a hello, `check` asks whether a
code is one of the table's without taking its seat, and `watch` asks to watch the table as
a spectator (no code: the public view only, no seat, no menu).
The host answers `welcome` (seats, which are yours, the public view and the log so far),
then `update` after every move and every change of the seats (the new view, what happened,
the seats now: who plays each, whose connection was lost and how long ago), `error` for a refused
message and `bye` before it closes a connection. Anything else is refused unread."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from jorvik.engine.events import Event, event_from_json
from jorvik.outside import parse_json

PROTOCOL = 1                 # the version a hello must name
MAX_MESSAGE = 64 * 1024      # bytes a client may send in one message
MAX_CODE = 64                # characters of a join code as typed (with its dashes)
MAX_NAME = 64                # characters of a client's name before the name check
CODE_HEADER = "X-Jorvik-Code"  # the join code in the handshake too: a seat's connection is
                               # then never held with strangers' (jorvik.net.gate)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Strict):
    t: Literal["hello"]
    v: int
    code: str = Field(max_length=MAX_CODE)
    name: str | None = Field(default=None, max_length=MAX_NAME)


class Check(_Strict):
    """In place of a hello: is this a join code of the table? Answered with `bye` "ok" or
    "bad_code" (as a hello's code is: slowly when wrong), and no seat is taken. A browser-seat
    server asks this before it starts a join process for a code."""
    t: Literal["check"]
    v: int
    code: str = Field(max_length=MAX_CODE)


class Watch(_Strict):
    """In place of a hello: watch the table (a spectator). Answered with `welcome` (no seat
    of yours) and every `update`, or `bye` "full" when the table has its spectators."""
    t: Literal["watch"]
    v: int


class Act(_Strict):
    t: Literal["act"]
    move: int = Field(ge=0, le=100_000)
    action: dict[str, Any]


class Ping(_Strict):
    t: Literal["ping"]


class SeatTo(_Strict):
    """A seat changes hands between decisions (`to`: a bot level, "human", "remote": played
    from another machine, "local": at the host's keyboard). The host's keyboard asks it for
    the table; a remote player only for their own seat, and only to a bot or back."""
    t: Literal["seat"]
    seat: int = Field(ge=0, le=4)
    to: str = Field(min_length=1, max_length=20)


class Note(_Strict):
    """The player asked for a hint at this move (the table's log says so, as at one keyboard)."""
    t: Literal["note"]
    kind: Literal["hint"]
    move: int = Field(ge=0, le=100_000)


CLIENT_MESSAGES: dict[str, type[_Strict]] = {"hello": Hello, "act": Act, "ping": Ping,
                                             "note": Note, "check": Check, "watch": Watch,
                                             "seat": SeatTo}


class BadMessage(Exception):
    """A message from a client that is not one of ours; `kind` says which way."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def read_client(raw: str | bytes) -> Hello | Act | Ping | Note | Check | Watch | SeatTo:
    """A client's message checked (BadMessage otherwise): size, JSON, shape, types."""
    if isinstance(raw, bytes):
        raise BadMessage("binary")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage("too_big")
    try:
        data = parse_json(raw)
    except Exception:
        raise BadMessage("not_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise BadMessage("no_type")
    model = CLIENT_MESSAGES.get(data["t"])
    if model is None:
        raise BadMessage("unknown_type")
    try:
        return model.model_validate(data)  # type: ignore[return-value]
    except ValidationError:
        raise BadMessage("bad_fields") from None


# ---------------------------------------------------------------- host to client
class SeatInfo(BaseModel):
    name: str
    colour: str
    bot: str | None = None
    remote: bool = False
    dropped: float | None = Field(default=None, ge=0, le=10**7)  # seconds since its player's
                                                                 # connection was lost
    not_yet: bool | None = None   # (with `dropped`) nobody has joined the seat yet: since the
    #                               host began serving, or the seat went remote


class LogItem(BaseModel):
    """One thing the log shows: an engine event (its JSON form, `Event.to_json()`), or a kept
    note (hint used, bot fallback). The event is read with the engine's strict
    `event_from_json`, so a host's malformed event makes the whole message a bad one."""
    move: int
    event: dict[str, Any] | None = None
    note: dict[str, Any] | None = None

    @field_validator("event")
    @classmethod
    def _an_engine_event(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        if v is not None:
            event_from_json(v)   # its ValueError is reported as a bad field
        return v

    def engine_event(self) -> Event | None:
        """The event as the engine's typed object (None for a note)."""
        return None if self.event is None else event_from_json(self.event)


class Welcome(BaseModel):
    t: Literal["welcome"] = "welcome"
    v: int = PROTOCOL
    game: str
    seats: list[SeatInfo]
    you: list[int]
    move: int
    view: dict[str, Any]
    log: list[LogItem]


class Update(BaseModel):
    t: Literal["update"] = "update"
    move: int
    view: dict[str, Any]
    log: list[LogItem]
    seats: list[SeatInfo] | None = None   # the seats now (who plays them, who dropped)


class Reason(BaseModel):
    """Why the rules refused an action (the engine's Refusal): its kind and fields; the
    client words it in its player's language."""
    kind: str = Field(max_length=40)
    fields: dict[str, int | str] = {}


class Error(BaseModel):
    t: Literal["error"] = "error"
    kind: str
    move: int | None = None
    reason: Reason | None = None     # kind "illegal": why


class Bye(BaseModel):
    t: Literal["bye"] = "bye"
    kind: str


HOST_MESSAGES: dict[str, type[BaseModel]] = {
    "welcome": Welcome, "update": Update, "error": Error, "bye": Bye}


def read_host(raw: str | bytes) -> BaseModel:
    """A host's message checked the same way (a client trusts the host no more than that)."""
    if isinstance(raw, bytes):
        raise BadMessage("binary")
    try:
        data = parse_json(raw)
    except Exception:
        raise BadMessage("not_json") from None
    if not isinstance(data, dict):
        raise BadMessage("no_type")
    model = HOST_MESSAGES.get(str(data.get("t")))
    if model is None:
        raise BadMessage("unknown_type")
    try:
        return model.model_validate(data)
    except ValidationError:
        raise BadMessage("bad_fields") from None


def dump(message: BaseModel) -> str:
    return json.dumps(message.model_dump(exclude_none=True), ensure_ascii=False,
                      separators=(",", ":"))
