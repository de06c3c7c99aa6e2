"""Strangers at a hosted table (the network audit remote-3, part B): whatever reaches the port
without a valid join code must never keep a seated player out. Every load here runs on
127.0.0.1, from the same address as the real player (the hardest case for per-address
limits), bounded in connections and in seconds."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from websockets.asyncio.client import connect

from jorvik.net.client import Link
from jorvik.net.gate import Gate, address_key
from jorvik.net.protocol import PROTOCOL, Welcome

from .helpers import hosted, until

JUNK = 40        # connections that never say a word, reopened as soon as they close
GUESSERS = 32    # connections that guess codes, reopened at once


async def _try_join(url: str, code: str) -> str:
    """One real join: "welcome", or how it was refused."""
    try:
        async with connect(url, open_timeout=5, close_timeout=1, max_size=None) as ws:
            await ws.send(json.dumps({"t": "hello", "v": PROTOCOL, "code": code}))
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            return msg["t"] if msg["t"] == "welcome" else f"{msg['t']} {msg.get('kind')}"
    except Exception as e:
        return f"{type(e).__name__}: {e}"


async def _real_join(url: str, code: str) -> str:
    """One join as `jorvik join` makes it: "welcome", or the link's last status."""
    said: list[str] = []
    done = asyncio.Event()

    def receive(msg) -> None:
        if isinstance(msg, Welcome):
            said.append("welcome")
            done.set()

    def status(s: str) -> None:
        if s != "connected":
            said.append(s if s != "unreachable" else f"unreachable: {link.problem}")
            done.set()
    link = Link(url, code, receive, status)
    task = asyncio.create_task(link.run())
    try:
        await asyncio.wait_for(done.wait(), 10)
    except TimeoutError:
        said.append("no answer in 10 s")
    await link.stop()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    return said[0]


async def _junk(url: str, stop: list[float], opened: list[int], say: str | None) -> None:
    """Open a connection, say `say` (or nothing), wait until the host closes it; again, until
    `stop[0]` (a monotonic time) has passed."""
    while time.monotonic() < stop[0]:
        try:
            async with connect(url, open_timeout=5, close_timeout=0.5) as ws:
                opened[0] += 1
                if say is not None:
                    await ws.send(say)
                await asyncio.wait_for(ws.wait_closed(), max(0.01, stop[0] - time.monotonic()))
        except Exception:
            await asyncio.sleep(0.01)


async def _under_load(url: str, code: str, attackers: int, say: str | None,
                      joins: int) -> tuple[list[str], int]:
    """`joins` real joins one after the other while `attackers` connections keep going (at
    most 40 seconds in all)."""
    stop = [time.monotonic() + 40]
    opened = [0]
    tasks = [asyncio.create_task(_junk(url, stop, opened, say)) for _ in range(attackers)]
    # the junk holds every slot it can get first
    await until(lambda: opened[0] >= attackers, within=stop[0] - time.monotonic(), step=0.05)
    results = []
    for _ in range(joins):
        results.append(await _real_join(url, code))
        await asyncio.sleep(0.1)
    stop[0] = 0
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return results, opened[0]


async def test_B32_silent_connections_never_cost_a_seat(cards):
    """40 connections that never send a code, reopened as soon as they close, while the
    real player joins again and again (the audit: 1 join in 23 got in)."""
    async with hosted(cards) as (table, url):
        results, opened = await _under_load(url, table.code_of(1), JUNK, None, 12)
        assert opened >= JUNK
        assert results == ["welcome"] * 12, results


async def test_B30b_guessing_codes_never_refuses_a_real_join(cards):
    """32 connections guessing codes of the right form while the real player joins (the
    audit: 6 of 8 real joins refused with 1013 busy)."""
    async with hosted(cards) as (table, url):
        guess = json.dumps({"t": "hello", "v": PROTOCOL, "code": "AAAA-BBBB-CCCC-DDDD-EEEE-FF"})
        results, opened = await _under_load(url, table.code_of(2), GUESSERS, guess, 8)
        assert opened >= GUESSERS
        assert results == ["welcome"] * 8, results


async def test_B30_wrong_codes_from_one_address_are_answered_ever_more_slowly(cards):
    """The audit guessed 109 codes a second with no slow-down. Each wrong code from an
    address is answered later than the last; a right code from it still gets in at once."""
    async with hosted(cards) as (table, url):
        start = time.monotonic()
        first = await _try_join(url, "AAAA-BBBB-CCCC-DDDD-EEEE-FF")
        assert first == "bye bad_code" and time.monotonic() - start < 1.2
        for _ in range(24):   # as a guesser would, one after the other (no wait each time)
            table.gate.failed("127.0.0.1")
        start = time.monotonic()
        refused = await _try_join(url, "AAAA-BBBB-CCCC-DDDD-EEEE-FF")
        waited = time.monotonic() - start
        assert refused == "bye bad_code" and waited >= 1.2
        assert await _try_join(url, table.code_of(1)) == "welcome"


async def test_B30_a_guesser_from_one_address_holds_few_connections_at_once(cards):
    """Opening more parallel guesses does not buy more guesses: past a few waiting
    connections per address, the longest-waiting one is closed unanswered."""
    async with hosted(cards) as (table, url):
        for _ in range(24):
            table.gate.failed("127.0.0.1")
        guess = json.dumps({"t": "hello", "v": PROTOCOL, "code": "AAAA-BBBB-CCCC-DDDD-EEEE-FF"})
        socks = [await connect(url, close_timeout=0.5) for _ in range(12)]
        for ws in socks:
            with contextlib.suppress(Exception):
                await ws.send(guess)
        answered = 0
        for ws in socks:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 8))
                answered += msg == {"t": "bye", "kind": "bad_code"}
            except Exception:
                pass
        assert answered <= 4
        for ws in socks:
            await ws.close()


async def test_a_connection_that_never_says_hello_is_closed(cards, monkeypatch):
    from jorvik.net import host as hostmod
    assert hostmod.HELLO_TIMEOUT <= 5          # short: the audit's was 10 s
    monkeypatch.setattr(hostmod, "HELLO_TIMEOUT", 0.3)
    async with hosted(cards) as (_table, url), connect(url, close_timeout=0.5) as ws:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert msg == {"t": "bye", "kind": "no_hello"}


def test_the_gate_counts_an_ipv6_machine_by_its_network_and_forgets_old_failures():
    assert address_key(("2001:db8::1", 5, 0, 0)) == address_key(("2001:db8::ffff", 9, 0, 0))
    assert address_key(("2001:db8:0:1::1", 5)) != address_key(("2001:db8::1", 5))
    assert address_key(("::ffff:10.0.0.1", 5)) == "10.0.0.1"
    now = [0.0]
    gate = Gate(clock=lambda: now[0])
    first = gate.failed("10.0.0.1")
    for _ in range(30):
        later = gate.failed("10.0.0.1")
    assert later > first
    assert gate.failed("10.0.0.2") == first      # another address is not slowed
    now[0] += 3600
    assert gate.failed("10.0.0.1") == first      # an hour later it is forgotten


def test_the_gate_pushes_out_the_longest_waiting_connection_of_a_full_address():
    gate = Gate(per_address=2, waiting=3)
    out: list[str] = []
    for who in ("a1", "a2", "a3"):
        gate.enter(who, "A", lambda who=who: out.append(who))
    assert out == ["a1"]
    gate.enter("b1", "B", lambda: out.append("b1"))
    assert out == ["a1"] and len(gate) == 3
    gate.enter("b2", "B", lambda: out.append("b2"))
    assert out == ["a1", "a2"] and len(gate) == 3   # all full: the oldest of all goes
    gate.leave("a3")
    gate.enter("c1", "C", lambda: out.append("c1"))
    assert out == ["a1", "a2"]
