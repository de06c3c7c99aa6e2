"""A client without a screen that plays its seats with a bot (`jorvik join --auto LEVEL`):
for tests, the benchmark and a table short of a player. It sees only the public view, and
its bot chooses on that view's state; its move goes through the Mirror's submit, as a key
press of the join view does."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from jorvik.engine import Action, CardSet
from jorvik.play.errors import PlayError

from .client import Link, Mirror
from .protocol import Bye, Error, Update, Welcome


class AutoPlayer:
    """Plays the seats of one code with bot `level` until the game is over (or `limit`
    seconds pass). `seen` gets every view's move number and the time it arrived."""

    def __init__(self, url: str, code: str, cards: CardSet, level: str = "easy",
                 seed: int = 0, tls: Any = None, name: str | None = None,
                 seen: Callable[[int, float], None] | None = None) -> None:
        from jorvik.bots import make_bot
        self.cards = cards
        self.bot = make_bot(level, seed=seed, think=0.05)
        self.mirror: Mirror | None = None
        self.link = Link(url, code, self._receive, self._status, name=name, tls=tls)
        self.done = asyncio.Event()
        self.errors: list[str] = []
        self.statuses: list[str] = []
        self.seen = seen
        self.sent: int | None = None

    def _status(self, s: str) -> None:
        self.statuses.append(s)
        if s in ("bad_code", "version", "taken_over", "bad_name", "stopped", "unreachable"):
            self.done.set()

    def _receive(self, msg: Any) -> None:
        if isinstance(msg, Welcome):
            self.mirror = Mirror.from_welcome(msg, self.cards)
            self.mirror.send = self._send
            self.sent = None
        elif isinstance(msg, Update) and self.mirror is not None:
            if self.seen is not None:
                self.seen(msg.move, time.perf_counter())
            self.mirror.update(msg)
        elif isinstance(msg, Error):
            self.errors.append(msg.kind)
            self.sent = None
        elif isinstance(msg, Bye):
            self.statuses.append(msg.kind)
        self._maybe_act()

    def _maybe_act(self) -> None:
        m = self.mirror
        if m is None:
            return
        if m.over:
            self.done.set()
            return
        p = m.decider
        move = m.moves
        if p is None or p not in m.mine or self.sent == move:
            return
        action = self.bot.choose(m.public.state)
        try:
            m.submit(p, action, at=move)
        except PlayError:   # (not connected now: the next view brings another chance)
            return
        self.sent = move

    def _send(self, move: int, action: Action) -> bool:
        if self.link.ws is None:
            return False
        asyncio.get_running_loop().create_task(self.link.act(move, action.to_json()))
        return True

    async def play(self, limit: float = 600.0) -> dict[str, Any] | None:
        """Play until the game ends; the final result the host showed (None: not over)."""
        runner = asyncio.get_running_loop().create_task(self.link.run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.done.wait(), limit)
        await self.link.stop()
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
        m = self.mirror
        return m.public.state.result if m is not None and m.over else None
