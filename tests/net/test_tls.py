"""TLS: a host given --cert/--key serves wss://, a client trusting that certificate plays, and
a plain ws:// client gets nowhere."""

from __future__ import annotations

import ssl
import subprocess

import pytest
from websockets.asyncio.client import connect

from jorvik.net import codes
from jorvik.net.auto import AutoPlayer
from jorvik.net.client import client_ssl
from jorvik.net.host import Table, open_server, server_ssl
from jorvik.play.session import Session
from jorvik.tui.text import Seats


@pytest.fixture
def cert(tmp_path):
    key, crt = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(crt)],
                   check=True, capture_output=True, timeout=300)
    return str(crt), str(key)


async def test_a_game_over_tls(cards, cert):
    crt, key = cert
    seats = Seats(["Ann", "Bo"], ["red", "blue"], [None, "easy"])
    session = Session.start(cards, seats, "karl", 1, None)
    table = Table(session, [0], codes.host_key(), think=0.05, bot_delay=0)
    server = await open_server(table, "127.0.0.1", 0, server_ssl(crt, key))
    port = server.sockets[0].getsockname()[1]
    table.start()
    try:
        plain = AutoPlayer(f"ws://127.0.0.1:{port}/", table.code_of(0), cards)
        assert await plain.play(limit=1.5) is None and plain.mirror is None
        player = AutoPlayer(f"wss://127.0.0.1:{port}/", table.code_of(0), cards,
                            tls=client_ssl(True, crt))
        assert await player.play(limit=60) == session.state.result
        # the system's trust alone does not know this one
        with pytest.raises(ssl.SSLCertVerificationError):
            await connect(f"wss://127.0.0.1:{port}/", ssl=client_ssl(True, None),
                          open_timeout=3)
    finally:
        server.close()
        await server.wait_closed()
        table.close()
