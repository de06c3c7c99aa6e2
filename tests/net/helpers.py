"""A hosted game on 127.0.0.1 (any free port) for the net tests."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from jorvik.net import codes
from jorvik.net.host import Table, open_server
from jorvik.play.session import Session
from jorvik.tui.text import Seats


@contextlib.asynccontextmanager
async def hosted(cards, names=("Ann", "Bo", "Cy", "Di"), bots=(None, None, None, "easy"),
                 remote=(1, 2), mode="jarl", seed=7,
                 stand_in: str | None = None,
                 session: Session | None = None,
                 stand_in_after: float = 0.0,
                 **options: Any) -> AsyncIterator[tuple[Table, str]]:
    """A table served on loopback: (table, ws url); closed on the way out. `stand_in`: the
    bot that plays a dropped player's seat (at once: no wait in a test). `session`: a game
    to host (a resumed one; else a new game of `names`, `bots`, `mode`, `seed`).
    `stand_in_after`: how long a dropped player's seat waits for the stand-in.
    `options`: more of Table's (a clock, `away`, `standing_in`)."""
    if session is None:
        seats = Seats(list(names), ["red", "blue", "green", "yellow", "white"][:len(names)],
                      list(bots))
        session = Session.start(cards, seats, mode, seed, None)
    table = Table(session, list(remote), codes.host_key(), think=0.05, bot_delay=0,
                  stand_in=stand_in, **options)
    table.stand_in_after = stand_in_after
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


def frame_problems(raw: str, session: Session, secrets: list[str]) -> list[str]:
    """What is wrong with one message a seat or a spectator received (the raw text as it
    came): a view that is not exactly the engine's public view of the host's state at its
    move, more than counts of the deck or the bag, a card id still in the deck at that move,
    a seed, or any of `secrets` (the join codes)."""
    import json

    from jorvik.engine import observe
    out: list[str] = []
    msg = json.loads(raw)
    move = msg.get("move")
    st = session.states[move] if isinstance(move, int) and move < len(session.states) \
        else session.state
    view = msg.get("view")
    if view is not None:
        if view != json.loads(json.dumps(observe(st, None).to_json())):
            out.append(f"the frame at move {move} is not the public view")
        if not all(isinstance(n, int) for n in (*view["deck"].values(),
                                                *view["bag"].values())):
            out.append("more than counts of the deck or the bag")
    out.extend(f"card {c} of the deck" for c in set(st.deck) if f'"{c}"' in raw)
    if '"seed"' in raw:
        out.append("a seed")
    out.extend("a join code" for code in secrets if code in raw)
    return out
