"""A hosted game on 127.0.0.1 (any free port) for the net tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from jorvik.net import codes
from jorvik.net.host import Table, open_server
from jorvik.play.session import Session
from jorvik.tui.text import Seats


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


async def until(condition: Callable[[], object], within: float = 60.0, what: str = "",
                step: float = 0.02) -> bool:
    """Let the event loop run until `condition()` holds. `within` only bounds a hung host:
    past it the test fails with `what`, or, when `what` is empty, this returns False (the
    caller checks what it needs). A slow machine makes a test slower, not red."""
    loop = asyncio.get_running_loop()
    end = loop.time() + within
    while not condition():
        if loop.time() > end:
            if what:
                raise AssertionError(f"{what} did not come within {within} s")
            return False
        await asyncio.sleep(step)
    return True
