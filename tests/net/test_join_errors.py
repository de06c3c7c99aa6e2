"""`jorvik join` where there is no table to join (the network audit remote-3, B71 and
B61-B66): a closed port, an HTTP server, a name no machine has, a certificate not trusted,
plain to TLS and TLS to plain. The first attempt says what is wrong in one line and ends
non-zero; it never shows `reconnecting…` forever."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time

import pytest
from aiohttp import web

from jorvik.net import codes
from jorvik.net.auto import AutoPlayer
from jorvik.net.client import client_ssl
from jorvik.net.host import Table, open_server, server_ssl
from jorvik.play.session import Session
from jorvik.tui.text import Seats

from .test_tls import cert  # noqa: F401 - the fixture

CODE = "ABCD-EFGH-IJKL-MNOP"


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _first_attempt(url: str, cards, tls=None) -> tuple[list[str], str | None, float]:
    """An AutoPlayer (the client without a screen) left to its own: what it said, its one
    line, and how long it took to give up."""
    player = AutoPlayer(url, CODE, cards, tls=tls)
    start = time.monotonic()
    result = await player.play(limit=30)
    assert result is None
    return player.statuses, player.link.problem, time.monotonic() - start


async def test_B71_a_closed_port_is_said_at_once(cards):
    statuses, problem, took = await _first_attempt(f"ws://127.0.0.1:{closed_port()}/", cards)
    assert statuses == ["unreachable"] and took < 20
    assert "Nothing answers at 127.0.0.1:" in problem and "\n" not in problem


async def test_B71_B64_an_http_server_is_not_a_host(cards):
    async def page(request: web.Request) -> web.Response:
        return web.Response(text="a web page")
    app = web.Application()
    app.router.add_get("/", page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    try:
        statuses, problem, _ = await _first_attempt(f"ws://127.0.0.1:{port}/", cards)
    finally:
        await runner.cleanup()
    assert statuses == ["unreachable"]
    assert "is not a Jórvík host" in problem and "200" in problem


async def test_B71_B66_a_name_no_machine_has(cards):
    statuses, problem, _ = await _first_attempt("ws://no-such-host.invalid:7878/", cards)
    assert statuses == ["unreachable"]
    assert "no-such-host.invalid" in problem and "No machine" in problem


async def test_B71_B61_an_untrusted_certificate_is_named(cards, cert):  # noqa: F811
    crt, key = cert
    seats = Seats(["Ann", "Bo"], ["red", "blue"], [None, "easy"])
    table = Table(Session.start(cards, seats, "karl", 1, None), [0], codes.host_key(),
                  think=0.05, bot_delay=0)
    server = await open_server(table, "127.0.0.1", 0, server_ssl(crt, key))
    port = server.sockets[0].getsockname()[1]
    try:
        untrusted = await _first_attempt(f"wss://127.0.0.1:{port}/", cards,
                                         tls=client_ssl(True, None))
        plain = await _first_attempt(f"ws://127.0.0.1:{port}/", cards)
    finally:
        server.close()
        await server.wait_closed()
        table.close()
    assert untrusted[0] == ["unreachable"] and "certificate" in untrusted[1]
    assert "--cafile" in untrusted[1]
    assert plain[0] == ["unreachable"] and "--tls" in plain[1]          # B62


async def test_tls_to_a_plain_host_says_so(cards):
    from .helpers import hosted
    async with hosted(cards) as (_table, url):
        statuses, problem, _ = await _first_attempt(url.replace("ws:", "wss:"), cards,
                                                    tls=client_ssl(True, None))
    assert statuses == ["unreachable"] and "without --tls" in problem


async def test_a_seat_that_was_connected_still_reconnects(cards):
    """The other side of B71: a drop after the table was seen is waited out."""
    from .helpers import hosted, until
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, "easy"), remote=(0,),
                      mode="karl", seed=2) as (table, url):
        player = AutoPlayer(url, table.code_of(0), cards)
        task = asyncio.create_task(player.play(limit=20))
        await until(lambda: "connected" in player.statuses, what="the first connection")
        await player.link.ws.close(1012)   # as when the host restarts
        await until(lambda: player.statuses.count("connected") >= 2 or task.done(),
                    what="the reconnection")
        assert "reconnecting" in player.statuses and player.statuses.count("connected") == 2
        player.done.set()
        await task


@pytest.mark.parametrize("address", ["127.0.0.1:{closed}", "no-such-host.invalid:7878"])
def test_B71_jorvik_join_says_one_line_and_exits_non_zero(address, tmp_path):
    """The command itself, as a player runs it (the auto player: no terminal needed)."""
    where = address.format(closed=closed_port())
    proc = subprocess.run([sys.executable, "-m", "jorvik.cli", "join", where, CODE,
                           "--auto", "easy"], capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "JORVIK_HOME": str(tmp_path)})
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert where.split(":")[0] in lines[0]


async def test_B71_the_board_ends_with_the_reason_instead_of_reconnecting(cards):
    """The board's join view (the audit's tmux run: `reconnecting…` for ever, Ctrl+Q exit 0)."""
    from jorvik.net.app import JoinApp
    from jorvik.tui.app import PlayConfig
    port = closed_port()
    app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False),
                  f"ws://127.0.0.1:{port}/", CODE, f"127.0.0.1:{port}")
    from tui_helpers import wait_until
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: app.ended_with is not None, what="the board's end")
    assert app.ended_with == "unreachable" and app.return_value == 1   # jorvik join's status
    assert "reconnecting" not in app.statuses
    assert "Nothing answers" in app.link.problem


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_B71_the_board_in_a_terminal_says_why_and_exits_non_zero(tmp_path):
    """`jorvik join` with its board, in a terminal (the audit ran it in tmux for 15 s:
    `reconnecting…`, never an exit). Every stream is the terminal, as in tmux: with standard
    error elsewhere `join` says it needs a terminal instead (N15)."""
    import os
    import pty
    import select
    main, sub = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "jorvik.cli", "join",
                             f"127.0.0.1:{closed_port()}", CODE],
                            stdin=sub, stdout=sub, stderr=sub,
                            env={**os.environ, "JORVIK_HOME": str(tmp_path),
                                 "TERM": "xterm-256color"})
    os.close(sub)
    screen = b""
    end = time.monotonic() + 300   # bounds a hang; a loaded machine takes its time
    while proc.poll() is None and time.monotonic() < end:
        if select.select([main], [], [], 0.2)[0]:
            try:
                screen += os.read(main, 65536)
            except OSError:
                break
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)
    while select.select([main], [], [], 0.2)[0]:
        try:
            screen += os.read(main, 65536)
        except OSError:
            break
    os.close(main)
    assert proc.returncode == 1
    # the board draws on standard error, so the closing line comes on the same terminal
    assert screen.decode(errors="replace").rstrip().endswith(
        "is the host running, and is this its port?")
    assert b"reconnecting" not in screen
