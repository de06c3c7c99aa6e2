"""`jorvik host` and `jorvik join` as real processes on 127.0.0.1: a whole game, a client
killed and rejoined, the host killed with SIGKILL and resumed. The clients here play their
seat with a bot (`join --auto`); the board itself is tested in test_join_view.py."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.outside import read_json_file
from tui_helpers import wait_until

pytestmark = pytest.mark.slow

JORVIK = [sys.executable, "-m", "jorvik.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(*args: str, watch: bool = False) -> tuple[subprocess.Popen, dict[str, str]]:
    """A headless host; its join lines as {seat name: "ADDR CODE"} once they are printed
    (`watch`: the spectators' lines too, as "watch": "--watch ADDR" and "watch web": LINK)."""
    proc = subprocess.Popen([*JORVIK, "host", "--headless", "--bot-delay", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: dict[str, str] = {}
    assert proc.stdout is not None
    for _ in range(10):
        line = proc.stdout.readline()
        if not line or line.startswith("Waiting"):
            break
        name = line.split(" (seat")[0]
        if line.startswith("Spectators"):
            if watch:
                lines["watch web" if "http" in line else "watch"] = " ".join(
                    line.split()[-1:] if "http" in line else line.split()[-2:])
            continue
        if "http://" in line:   # a browser seat's link (host --web)
            lines[name + " web"] = line.split()[-1]
        else:
            lines[name] = " ".join(line.split()[-2:])
    assert lines, proc.stderr.read() if proc.poll() is not None else "no join line"
    return proc, lines


def join(where: str, seed: int) -> subprocess.Popen:
    address, code = where.split()
    return subprocess.Popen([*JORVIK, "join", address, code, "--auto", "easy", "--seed",
                             str(seed), "--limit", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen, limit: float = 150) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return proc.returncode, out, err


def the_save() -> tuple[Path, dict]:
    games = Path(os.environ["JORVIK_HOME"]) / "games"
    [path] = games.glob("*.json")
    return path, read_json_file(path)


def moves_saved() -> int:
    try:
        return len(the_save()[1]["record"]["actions"])
    except (ValueError, OSError, Exception):
        return 0


def wait_for_moves(n: int, limit: float = 240) -> None:
    end = time.monotonic() + limit
    while moves_saved() < n:
        assert time.monotonic() < end, "the game did not get that far"
        time.sleep(0.1)


def final_of_save() -> dict:
    """The final scores the save replays to (opened as `play --load` opens a save)."""
    from jorvik.play import saves as saving
    from jorvik.play.session import Session
    path, _ = the_save()
    parsed, cards = saving.open_save(path, load_cards())
    return Session.from_save(parsed, cards, autosave=False).state.result


def test_a_four_player_jarl_game_with_three_remote_seats_and_a_bot():
    host, lines = start_host("--players", "4", "--mode", "jarl", "--names", "Ann,Bo,Cy",
                             "--bots", "4", "--level", "easy", "--seed", "3", "--port", "0")
    assert set(lines) == {"Ann", "Bo", "Cy"}
    assert all(w.startswith("127.0.0.1:") for w in lines.values())
    clients = [join(w, seed) for seed, w in enumerate(lines.values())]
    results = [finish(c) for c in clients]
    code, _out, err = finish(host, 30)
    assert code == 0, err
    scores = [json.loads(r[1]) for r in results]
    assert all(r[0] == 0 for r in results), [r[2] for r in results]
    assert scores[0] == scores[1] == scores[2] == final_of_save()  # the save replays to it


def test_a_client_killed_mid_game_rejoins_with_its_code():
    host, lines = start_host("--players", "2", "--mode", "karl", "--names", "Ann",
                             "--bots", "2", "--level", "easy", "--seed", "4", "--port", "0")
    first = join(lines["Ann"], 1)
    wait_for_moves(25)
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    again = join(lines["Ann"], 2)
    code, out, err = finish(again)
    assert code == 0, err
    assert json.loads(out) == final_of_save()
    assert finish(host, 120)[0] == 0


def test_the_host_killed_with_sigkill_resumes_and_the_client_reconnects():
    port = str(free_port())
    host, lines = start_host("--players", "2", "--mode", "karl", "--names", "Ann",
                             "--bots", "2", "--level", "easy", "--seed", "5", "--port", port)
    client = join(lines["Ann"], 1)
    wait_for_moves(25)
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    at_kill = moves_saved()
    again, lines_again = start_host("--resume", "--port", port)
    assert lines_again == lines               # the same codes after --resume
    code, out, err = finish(client)           # the same client process reconnected
    assert code == 0, err
    assert json.loads(out) == final_of_save()
    assert moves_saved() > at_kill
    assert finish(again, 30)[0] == 0


@pytest.mark.slow
async def test_a_jarl_game_with_two_remote_seats_one_local_seat_and_a_bot(cards):
    """`jorvik host`'s own machinery (the server in its thread, the local seat's board over
    loopback, as run.cmd_host sets them up), two real `jorvik join --auto` processes and a bot:
    the local seat is played by keys on the host's board, to the final scoring."""
    from jorvik.net import codes
    from jorvik.net.app import JoinApp, RemoteGameScreen
    from jorvik.net.host import Table
    from jorvik.net.run import Hosting
    from jorvik.play.session import Session
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.text import Seats

    seats = Seats(["Ann", "Bo", "Cy", "Bot 4"], ["red", "blue", "green", "yellow"],
                  [None, None, None, "easy"])
    session = Session.start(cards, seats, "jarl", 12, None)
    table = Table(session, [1, 2], codes.host_key(), think=0.05, bot_delay=0)
    hosting = Hosting(table, "127.0.0.1", 0, None)
    hosting.start()
    address = f"127.0.0.1:{hosting.port}"
    clients = [join(f"{address} {table.code_of(p)}", p) for p in (1, 2)]
    try:
        app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False),
                      f"ws://{address}/", table.local.code, address)
        async with app.run_test(size=(120, 40)) as pilot:
            end = time.monotonic() + 240
            while not session.over and time.monotonic() < end:
                screen = app.screen
                if (isinstance(screen, RemoteGameScreen) and screen.menu is not None
                        and screen.session.moves == len(session.actions)):
                    choice = screen.menu.choices[0]
                    if choice.submenu is not None:
                        screen.choose(choice)
                    elif choice.warn:
                        screen.play(choice.action)     # (the confirm dialog is tested elsewhere)
                    else:
                        await pilot.press(choice.key)
                await pilot.pause(0.05)
            assert session.over, "the game did not end in time"
            await wait_until(pilot, lambda: app.mirror is not None and app.mirror.over,
                             what="the end on the host's board")
            assert app.mirror.state.result == session.state.result   # the host's board too
        outs = [finish(c) for c in clients]
        assert all(json.loads(out) == session.state.result for _, out, _ in outs)
        assert final_of_save() == session.state.result
    finally:
        for c in clients:
            if c.poll() is None:
                c.kill()
        hosting.stop()
        table.close()
