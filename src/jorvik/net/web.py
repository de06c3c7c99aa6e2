"""A browser seat: the join view served as a web page with textual-serve.

`jorvik serve ADDR:PORT` (or `jorvik host --web`) serves …/seat/CODE: the page runs
`jorvik join` for that code in a terminal in the browser. The code travels in the link's
path and reaches the join process in its environment (JORVIK_JOIN_CODE), never through a
shell. Everything that reaches the port is a stranger until it shows a code the host
accepts (asked of the table itself, or of the host with a `check` message):
- only the seat page, its socket and the page's static files are served: no index page, no
  code-less terminal, no directory listing, nothing taken from the request's headers (the
  page's links are relative to where the browser found it);
- a join process is started only for a code the host accepts: one per code (a second page
  for the same seat replaces the first), at most PER_ADDRESS per browser address and
  MAX_SESSIONS in all;
- a wrong code gets a page that says so, later each time from the same address
  (jorvik.net.gate);
- with TLS (the host's --cert/--key) the pages and sockets are https:// and wss://.

…/watch is the spectators' page: `jorvik join --watch` in the browser, no code of a seat
and no menu (the public view only). Its join processes are counted apart from the seats':
at most WATCHERS (the host's own spectator limit, which counts them again) and PER_ADDRESS
per browser address; a spectator never takes a seat's place."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import shlex
import ssl
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from . import codes as joincodes
from .gate import Gate, address_key

CODE_FORM = re.compile(r"^[A-Za-z2-7-]{8,64}$")
MAX_SESSIONS = 8
PER_ADDRESS = 4
WATCHERS = 8           # spectators' pages at once (as the host's limit: jorvik.net.host)
CODE_ENV = "JORVIK_JOIN_CODE"
STOP = 3.0             # seconds a browser seat's join process has to quit when its page goes

Checker = Callable[[str], Awaitable[bool | None]]   # None: the host did not answer


class _SeatService(AppService):
    """textual-serve's app process, with the seat's code in its environment."""

    def __init__(self, *args: Any, code: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.code = code

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env[CODE_ENV] = self.code
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """The join process itself, with no shell between (one process per seat, and the
        one that is stopped is the one that runs)."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height))
        self._stdin = process.stdin
        # textual-serve copies what the process wrote to its stderr onto this process's
        # stdout at the end: the host's own board would be written over. It is read and
        # dropped here instead (the page shows the join view's own words).
        assert process.stderr is not None
        self._stderr = asyncio.get_running_loop().create_task(_drain(process.stderr))
        process.stderr = asyncio.StreamReader()
        process.stderr.feed_eof()
        return process

    async def stop(self) -> None:
        """Asked to quit; killed if it has not within STOP seconds."""
        process = getattr(self, "_process", None)
        try:
            await asyncio.wait_for(super().stop(), STOP)
        except Exception:
            pass
        finally:   # (cancelled too: the process never outlives its page)
            if process is not None and process.returncode is None:
                process.kill()
        if process is not None:
            await asyncio.wait_for(process.wait(), STOP)
            transport = getattr(process, "_transport", None)
            if transport is not None:   # closed on this loop, not when collected
                transport.close()


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.read(4096):
        pass


def ask_host(address: str, tls: ssl.SSLContext | None) -> Checker:
    """A checker that asks the host at `address` (a `check` message: no seat is taken)."""
    from websockets.asyncio.client import connect

    from .client import url_of
    from .protocol import CODE_HEADER, PROTOCOL

    async def check(code: str) -> bool | None:
        # (the code in the handshake too, as a client shows it: a right one never waits
        # behind the strangers that wrong ones from this server's browsers may be)
        try:
            async with connect(url_of(address, tls is not None), ssl=tls, open_timeout=5,
                               close_timeout=1, max_size=64 * 1024,
                               additional_headers={CODE_HEADER: code}) as ws:
                await ws.send(json.dumps({"t": "check", "v": PROTOCOL, "code": code}))
                answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
        except Exception:
            return None
        return isinstance(answer, dict) and answer.get("t") == "bye" and answer.get("kind") == "ok"
    return check


class SeatServer(Server):
    """The web server of browser seats for the host at `address` (ADDR:PORT); `check` says
    whether a code is one the host accepts."""

    def __init__(self, address: str, check: Checker, tls: bool = False,
                 cafile: str | None = None, lang: str | None = None) -> None:
        parts = [sys.executable, "-m", "jorvik.cli", "join", address, "-"]
        if tls:
            parts.append("--tls")
        if cafile:
            parts += ["--cafile", cafile]
        if lang:
            parts += ["--lang", lang]
        super().__init__(" ".join(shlex.quote(p) for p in parts), host="", port=0,
                         title="Jórvík")
        watch = [*parts[:5], "--watch", *parts[6:]]   # (no code)
        self.watch_command = " ".join(shlex.quote(p) for p in watch)
        self.check = check
        self.address = address
        self.gate = Gate()
        self.sessions: dict[bytes, _Seat] = {}   # the running seats by normalised code
        self.watchers: set[_Seat] = set()        # the spectators' pages running
        self.locks: dict[bytes, asyncio.Lock] = {}

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/seat/{code}", self.handle_seat, name="seat"),
            web.get("/ws/{code}", self.handle_seat_socket, name="seat_socket"),
            web.get("/watch", self.handle_watch, name="watch"),
            web.get("/watch/ws", self.handle_watch_socket, name="watch_socket"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.middlewares.append(_headers)
        return app

    async def _known(self, request: web.Request, code: str) -> bool | None:
        """Whether `code` is one the host accepts (None: the host did not answer); a wrong
        one is answered slowly."""
        known = await self.check(code) if CODE_FORM.match(code) else False
        if known is False:
            await asyncio.sleep(self.gate.failed(address_key(request.remote or "")))
        return known

    async def handle_seat(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        known = await self._known(request, code)
        if not known:
            return _refusal(known is None, self.address)
        context = {
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64),
            "app_websocket_url": f"/ws/{code}",   # relative: no Host header is trusted
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_seat_socket(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        if not await self._known(request, code):
            raise web.HTTPForbidden()   # (the page said why)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest()
        address = address_key(request.remote or "")
        key = joincodes.normal(code)
        width = min(max(to_int(request.query.get("width", "80"), 80), 20), 400)
        height = min(max(to_int(request.query.get("height", "24"), 24), 10), 200)
        seat = _Seat(address, websocket)
        async with self.locks.setdefault(key, asyncio.Lock()):  # one seat's pages in turn
            old = self.sessions.get(key)
            if old is not None:   # the same seat opened again: that page gives way
                await old.end()
            mine = sum(1 for s in self.sessions.values() if s.address == address)
            if mine >= PER_ADDRESS or len(self.sessions) >= MAX_SESSIONS:
                raise web.HTTPServiceUnavailable()
            self.sessions[key] = seat
            try:
                await websocket.prepare(request)
                seat.service = _SeatService(
                    self.command, write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str, close=websocket.close,
                    download_manager=self.download_manager, debug=False, code=code)
                await seat.service.start(width, height)
            except Exception:
                await self._ended(key, seat)
                return websocket
        try:
            await self._process_messages(websocket, seat.service)
        except Exception:
            pass
        finally:
            await self._ended(key, seat)
        return websocket

    def _page(self, request: web.Request, socket_url: str) -> web.StreamResponse:
        context = {
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64),
            "app_websocket_url": socket_url,   # relative: no Host header is trusted
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_watch(self, request: web.Request) -> web.StreamResponse:
        """The spectators' page: no code, the public view only."""
        return self._page(request, "/watch/ws")

    async def handle_watch_socket(self, request: web.Request) -> web.StreamResponse:
        """A spectator's terminal: `jorvik join --watch` while the page is open; refused
        (503) past WATCHERS pages, or PER_ADDRESS from one browser address."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest()
        address = address_key(request.remote or "")
        mine = sum(1 for w in self.watchers if w.address == address)
        if mine >= PER_ADDRESS or len(self.watchers) >= WATCHERS:
            raise web.HTTPServiceUnavailable()
        width = min(max(to_int(request.query.get("width", "80"), 80), 20), 400)
        height = min(max(to_int(request.query.get("height", "24"), 24), 10), 200)
        watcher = _Seat(address, websocket)
        self.watchers.add(watcher)
        try:
            await websocket.prepare(request)
            watcher.service = _SeatService(
                self.watch_command, write_bytes=websocket.send_bytes,
                write_str=websocket.send_str, close=websocket.close,
                download_manager=self.download_manager, debug=False, code="")
            await watcher.service.start(width, height)
            await self._process_messages(websocket, watcher.service)
        except Exception:
            pass
        finally:
            self.watchers.discard(watcher)
            try:
                if watcher.service is not None:
                    await watcher.service.stop()
            finally:
                watcher.done.set()
        return websocket

    async def _ended(self, key: bytes, seat: _Seat) -> None:
        if self.sessions.get(key) is seat:
            del self.sessions[key]
        try:
            if seat.service is not None:
                await seat.service.stop()
        finally:
            seat.done.set()


class _Seat:
    """One browser seat running: its page's socket and its join process."""

    def __init__(self, address: str, websocket: web.WebSocketResponse) -> None:
        self.address, self.websocket = address, websocket
        self.service: _SeatService | None = None
        self.done = asyncio.Event()

    async def end(self) -> None:
        """Close the page and wait (a few seconds at most) until its process is gone."""
        with contextlib.suppress(Exception):
            await self.websocket.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.done.wait(), STOP + 2)


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    """No page is cached, framed by another site, or named in a Referer (its path holds the
    code)."""
    response: web.StreamResponse = await handler(request)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["X-Content-Type-Options"] = "nosniff"
    if request.path.startswith(("/seat/", "/watch")):
        response.headers["Cache-Control"] = "no-store"
    return response


def _refusal(unreachable: bool, address: str) -> web.Response:
    """The page of a code the host does not know, or of a host that did not answer: what is
    wrong, in words."""
    from jorvik.i18n import t
    words = html.escape(t("net.join.unreachable", address=address) if unreachable
                        else t("net.bye.bad_code"))
    return web.Response(status=503 if unreachable else 404, content_type="text/html", text=(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Jórvík</title></head>"
        f"<body style='background:#0c181f;color:#eee;font-family:monospace'><p>{words}</p>"
        "</body></html>"))


def seat_link(web_host: str, web_port: int, code: str, tls: bool = False) -> str:
    return f"{'https' if tls else 'http'}://{web_host}:{web_port}/seat/{code}"


def watch_link(web_host: str, web_port: int, tls: bool = False) -> str:
    """The spectators' page (no code)."""
    return f"{'https' if tls else 'http'}://{web_host}:{web_port}/watch"
