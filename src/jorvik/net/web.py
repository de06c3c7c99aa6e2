"""A browser seat: the join view served as a web page with textual-serve.

`jorvik serve --host ADDR:PORT` (or `jorvik host --web`) serves http://…/seat/CODE: the page
runs `jorvik join` for that code in a terminal in the browser. The code travels in the
link's path and reaches the join process in its environment (JORVIK_JOIN_CODE), never
through a shell; it is checked for the form of a join code first (the host checks the rest).
At most MAX_SESSIONS browser seats run at once."""

from __future__ import annotations

import re
import shlex
import sys
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

CODE_FORM = re.compile(r"^[A-Za-z2-7-]{8,64}$")
MAX_SESSIONS = 8
CODE_ENV = "JORVIK_JOIN_CODE"


class _SeatService(AppService):
    """textual-serve's app process, with the seat's code in its environment."""

    def __init__(self, *args: Any, code: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.code = code

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env[CODE_ENV] = self.code
        return env


class SeatServer(Server):
    """The web server of browser seats for the host at `address` (ADDR:PORT)."""

    def __init__(self, address: str, host: str, port: int, tls: bool = False,
                 cafile: str | None = None, lang: str | None = None) -> None:
        parts = [sys.executable, "-m", "jorvik.cli", "join", address, "-"]
        if tls:
            parts.append("--tls")
        if cafile:
            parts += ["--cafile", cafile]
        if lang:
            parts += ["--lang", lang]
        super().__init__(" ".join(shlex.quote(p) for p in parts), host=host, port=port,
                         title="Jórvík")
        self.sessions = 0

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/seat/{code}", self.handle_seat, name="seat")
        app.router.add_get("/ws/{code}", self.handle_seat_socket, name="seat_socket")
        return app

    async def handle_seat(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        if not CODE_FORM.match(code):
            raise web.HTTPNotFound()
        # The page's links lead back to where the browser found it (its Host header), so the
        # same server works on loopback, on a LAN address and on a port chosen at random.
        self.public_url = f"http://{request.host}"
        context = await Server.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
        url = context["app_websocket_url"]
        context["app_websocket_url"] = url.rsplit("/ws", 1)[0] + f"/ws/{code}"
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_seat_socket(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"]
        if not CODE_FORM.match(code) or self.sessions >= MAX_SESSIONS:
            raise web.HTTPForbidden()
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: AppService | None = None
        self.sessions += 1
        try:
            await websocket.prepare(request)
            service = _SeatService(self.command, write_bytes=websocket.send_bytes,
                                   write_str=websocket.send_str, close=websocket.close,
                                   download_manager=self.download_manager, debug=False,
                                   code=code)
            await service.start(min(max(width, 20), 400), min(max(height, 10), 200))
            await self._process_messages(websocket, service)
        except Exception:  # a browser gone mid-way: its join process stops below
            pass
        finally:
            self.sessions -= 1
            if service is not None:
                await service.stop()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        pass   # (textual-serve prints its logo and the command: the caller says what it serves)


def seat_link(web_host: str, web_port: int, code: str) -> str:
    return f"http://{web_host}:{web_port}/seat/{code}"
