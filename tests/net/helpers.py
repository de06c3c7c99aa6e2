"""A hosted game on 127.0.0.1 (any free port) for the net tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from jorvik.net import codes
from jorvik.net.host import Table, open_server
from jorvik.play.session import Session
from jorvik.tui.text import Seats


async def until(condition, limit: float = 30.0) -> bool:
    """Let the loop run until `condition()` holds (True), or `limit` seconds pass (False):
    the limit only bounds a hung test, it is never what a test waits for."""
    end = asyncio.get_running_loop().time() + limit
    while True:
        if condition():
            return True
        if asyncio.get_running_loop().time() > end:
            return False
        await asyncio.sleep(0.02)


@contextlib.asynccontextmanager
async def hosted(cards, names=("Ann", "Bo", "Cy", "Di"), bots=(None, None, None, "easy"),
                 remote=(1, 2), mode="jarl", seed=7) -> AsyncIterator[tuple[Table, str]]:
    """A table served on loopback: (table, ws url); closed on the way out."""
    seats = Seats(list(names), ["red", "blue", "green", "yellow", "white"][:len(names)],
                  list(bots))
    session = Session.start(cards, seats, mode, seed, None)
    table = Table(session, list(remote), codes.host_key(), think=0.05, bot_delay=0)
    server = await open_server(table, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table.start()
    try:
        yield table, f"ws://127.0.0.1:{port}/"
    finally:
        server.close()
        await server.wait_closed()
        table.close()
