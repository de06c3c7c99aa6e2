"""The browser-seat web server as strangers meet it (the network audit remote-3, part B,
B51-B59): a hosted table on 127.0.0.1 and its web server, as `jorvik host --web` runs them,
attacked over HTTP. Join processes are counted among this process's descendants."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

import aiohttp
import pytest

from jorvik.net.run import listening_socket, start_web

from .helpers import hosted, until

MADE_UP = "JUNKJUNKJUNKAAAA"


def join_processes() -> list[int]:
    """The `jorvik.cli join` processes below this one (the browser seats' terminals)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
    mine, found = {os.getpid()}, []
    changed = True
    while changed:
        changed = False
        for pid, ppid in parent.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                changed = True
    for pid in mine - {os.getpid()}:
        try:
            args = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"jorvik.cli" in b" ".join(args) and b"join" in args:
            found.append(pid)
    return found


@contextlib.asynccontextmanager
async def web_seats(cards, **kw):
    """A table and its browser seats' web server: (table, base http url)."""
    async with hosted(cards, **kw) as (table, url):
        async def check(code: str) -> bool:
            return table.find(code) is not None
        sock = listening_socket("127.0.0.1", 0)
        address = url.split("//")[1].rstrip("/")
        runner, port = await start_web(address, sock, check)
        table.url = url   # (the host's own address, for a client beside the browser)
        try:
            yield table, f"http://127.0.0.1:{port}"
        finally:
            await runner.cleanup()


async def _until_no_joins(limit: float = 10.0) -> list[int]:
    await until(lambda: not join_processes(), within=limit, step=0.1)
    return join_processes()


async def test_B51_the_root_page_is_not_served_and_runs_no_join(cards):
    async with web_seats(cards) as (_table, base), aiohttp.ClientSession() as http:
        async with http.get(base + "/") as r:
            assert r.status == 404
            assert "websocket" not in (await r.text()).lower()
        await asyncio.sleep(0.3)
        assert join_processes() == []


async def test_B52_static_lists_no_directory(cards):
    async with web_seats(cards) as (_table, base), aiohttp.ClientSession() as http:
        for path in ("/static/", "/static/js/", "/static", "/static/../", "/static/%2e%2e/"):
            async with http.get(base + path) as r:
                text = await r.text()
                assert r.status != 200 and "textual.js" not in text and "css" not in text, path
        async with http.get(base + "/static/js/textual.js") as r:   # the page needs it
            assert r.status == 200


async def test_B55_a_forged_host_header_is_not_copied_into_the_page(cards):
    async with web_seats(cards) as (table, base), aiohttp.ClientSession() as http:
        link = f"{base}/seat/{table.code_of(1)}"
        async with http.get(link, headers={"Host": "evil.example:6666"}) as r:
            assert r.status == 200
            page = await r.text()
        assert "evil" not in page
        async with http.get(link) as r:   # nor kept for the next visitor
            assert "evil" not in await r.text()


async def test_B56_B58_code_less_and_made_up_sockets_start_no_process(cards):
    """12 sockets on the code-less /ws and 12 with made-up codes at once: the audit saw 26
    join processes (more than the cap of 8), all accepted."""
    async with web_seats(cards) as (_table, base), aiohttp.ClientSession() as http:
        async def knock(path: str) -> str:
            try:
                ws = await http.ws_connect(base + path, timeout=aiohttp.ClientWSTimeout(
                    ws_close=2))
            except aiohttp.WSServerHandshakeError as e:
                return str(e.status)
            await ws.close()
            return "open"
        paths = ["/ws"] * 12 + [f"/ws/{MADE_UP}{i:c}" for i in range(65, 77)]
        answers = await asyncio.gather(*(knock(p) for p in paths))
        assert "open" not in answers
        assert join_processes() == []


async def test_B59_made_up_codes_never_lock_the_real_player_out(cards):
    """10 sockets with made-up codes, then the real player's: the audit's real player got
    403 while the made-up ones held all 8 browser slots. Opening the seat again replaces its
    page's process instead of adding one."""
    async with web_seats(cards) as (table, base), aiohttp.ClientSession() as http:
        async def junk(i: int):
            try:
                return await http.ws_connect(f"{base}/ws/{MADE_UP}{i:c}")
            except aiohttp.WSServerHandshakeError:
                return None
        held = [ws for ws in await asyncio.gather(*(junk(65 + i) for i in range(10))) if ws]
        assert held == []
        first = await http.ws_connect(f"{base}/ws/{table.code_of(1)}?width=80&height=24")
        got = await asyncio.wait_for(first.receive(), 30)   # the join process draws its screen
        assert got.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
        assert len(join_processes()) == 1
        again = await asyncio.gather(*(http.ws_connect(f"{base}/ws/{table.code_of(1)}")
                                       for _ in range(2)))   # two more pages at once
        for _ in range(1000):   # what was on its way, then the close
            closed = await asyncio.wait_for(first.receive(), 20)
            if closed.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                break
        assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                               aiohttp.WSMsgType.CLOSING)
        await until(lambda: len(join_processes()) <= 1, within=120, step=0.1)
        assert len(join_processes()) == 1    # one seat, one process
        for ws in again:
            await ws.close()
        assert await _until_no_joins() == []


async def test_B57_a_wrong_code_gets_a_page_that_says_so(cards):
    """The audit's browser said only "Session ended" for a wrong code."""
    async with web_seats(cards) as (_table, base), aiohttp.ClientSession() as http:
        async with http.get(f"{base}/seat/{MADE_UP}") as r:
            assert r.status == 404
            assert "does not know this join code" in await r.text()
        assert join_processes() == []


@pytest.fixture(autouse=True)
def _no_join_left():
    yield
    for pid in join_processes():   # a failed test's leftovers, by id
        with contextlib.suppress(OSError):
            os.kill(pid, 9)


async def test_jorvik_serve_asks_the_host_and_takes_no_seat(cards):
    """`jorvik serve` (a web server beside a running host) asks the host about a code with a
    `check`: the seat's player, connected meanwhile, keeps the seat."""
    import json

    from websockets.asyncio.client import connect

    from jorvik.net.protocol import PROTOCOL
    from jorvik.net.web import ask_host
    async with hosted(cards) as (table, url):
        address = url.split("//")[1].rstrip("/")
        async with connect(url) as seated:
            await seated.send(json.dumps({"t": "hello", "v": PROTOCOL,
                                          "code": table.code_of(1)}))
            assert json.loads(await seated.recv())["t"] == "welcome"
            check = ask_host(address, None)
            assert await check(table.code_of(1)) is True
            assert await check(MADE_UP) is False
            await seated.send('{"t":"ping"}')
            with pytest.raises(asyncio.TimeoutError):   # no bye taken_over came
                await asyncio.wait_for(seated.recv(), 0.5)
            assert len(table.holders) == 1


async def test_jorvik_serve_with_no_host_says_so_on_the_page(cards):
    """A seat link of `jorvik serve` while its host is down: the page says the host did not
    answer (not that the code is wrong), and no process starts."""
    from jorvik.net.web import ask_host

    from .test_join_errors import closed_port
    address = f"127.0.0.1:{closed_port()}"
    runner, port = await start_web(address, listening_socket("127.0.0.1", 0),
                                   ask_host(address, None))
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(f"http://127.0.0.1:{port}/seat/{MADE_UP}") as r:
            assert r.status == 503 and "did not answer" in await r.text()
        assert join_processes() == []
    finally:
        await runner.cleanup()


async def test_a_browser_seat_s_last_words_never_land_on_the_host_s_terminal(cards, capfd):
    """Beyond the audit: textual-serve copies a finished process's stderr onto the server's
    stdout, i.e. over the host's own board (`host --web` with a local seat). A browser seat
    whose seat is taken over ends with a line on its stderr; none reaches this process."""
    import json

    from websockets.asyncio.client import connect

    from jorvik.net.protocol import PROTOCOL
    async with web_seats(cards) as (table, base), aiohttp.ClientSession() as http:
        page = await http.ws_connect(f"{base}/ws/{table.code_of(1)}")
        # until its join process holds the seat
        await until(lambda: 0 in table.holders, within=120, step=0.1)  # a hang's bound
        assert 0 in table.holders      # (grant 0: seat 1's code)
        async with connect(table.url) as ws:   # the player moves to a terminal
            await ws.send(json.dumps({"t": "hello", "v": PROTOCOL, "code": table.code_of(1)}))
            assert json.loads(await ws.recv())["t"] == "welcome"
            assert await _until_no_joins(20) == []
        await page.close()
    out = capfd.readouterr().out
    assert "taken over" not in out and "\x1b[" not in out


async def test_the_spectators_page_watches_with_no_code_and_its_own_limit(cards, monkeypatch):
    """…/watch: the page names no code; its socket runs `jorvik join --watch` (the host
    counts a spectator, no seat is taken); past the spectators' own limit a page gets 503,
    and a seat's page still opens (a spectator never takes a seat's place)."""
    from jorvik.net import web as webmod
    monkeypatch.setattr(webmod, "WATCHERS", 1)
    async with web_seats(cards) as (table, base), aiohttp.ClientSession() as http:
        async with http.get(base + "/watch") as r:
            page = await r.text()
        assert r.status == 200 and 'data-session-websocket-url="/watch/ws"' in page
        assert not any(g.code in page for g in table.grants)
        assert r.headers["Cache-Control"] == "no-store"
        watching = await http.ws_connect(base + "/watch/ws?width=100&height=30")
        got = await asyncio.wait_for(watching.receive(), 120)   # its terminal draws
        assert got.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
        await until(lambda: len(table.watchers) == 1, within=120, what="the host's spectator")
        assert table.holders == {}          # no seat taken
        [pid] = join_processes()
        args = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
        assert b"--watch" in args and not any(g.code.encode() in args for g in table.grants)
        with pytest.raises(aiohttp.WSServerHandshakeError) as full:
            await http.ws_connect(base + "/watch/ws")
        assert full.value.status == 503
        seat = await http.ws_connect(f"{base}/ws/{table.code_of(1)}?width=80&height=24")
        got = await asyncio.wait_for(seat.receive(), 120)
        assert got.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
        await until(lambda: 1 in {p for i in table.holders for p in table.grants[i].seats},
                    within=120, what="the seat's page at the table")
        await seat.close()
        await watching.close()
        assert await _until_no_joins(20) == []
