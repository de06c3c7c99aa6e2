"""`jorvik host`'s own option checks as pure functions (which seats play from other
machines), and `jorvik join --name` refused in one worded line; no server is started."""

from __future__ import annotations

import pytest

from jorvik.cli import main
from jorvik.net.run import remote_seats
from jorvik.play.seating import Kind, Problem


def test_without_remote_every_human_seat_but_the_first_plays_from_afar():
    assert remote_seats([None, "easy", None, None], None, headless=False) == [2, 3]


def test_headless_every_human_seat_plays_from_afar():
    assert remote_seats([None, "easy", None], None, headless=True) == [0, 2]


def test_remote_names_its_seats():
    assert remote_seats([None, None, None], "3, 2", headless=False) == [2, 1]


def test_a_remote_seat_that_is_a_bot_is_its_problem():
    found = remote_seats([None, "easy"], "2", headless=False)
    assert isinstance(found, Problem) and found.kind == "net.cli.remote_bot"
    assert "2" in found.message and "\n" not in found.message


def test_headless_with_a_human_seat_left_at_the_host_is_its_problem():
    found = remote_seats([None, None, "easy"], "2", headless=True)
    assert isinstance(found, Problem) and found.kind == "net.cli.headless_local"


@pytest.mark.parametrize("spec, kind", [("x", Kind.NOT_A_SEAT), ("4", Kind.SEAT_RANGE)])
def test_remote_seat_numbers_are_checked(spec, kind):
    found = remote_seats([None, None, None], spec, headless=False)
    assert isinstance(found, Problem) and found.kind == kind and "--remote" in found.message


@pytest.mark.parametrize("name, words", [("", "every player needs a name"),
                                         ("x" * 30, "longer than 24 characters")])
def test_join_with_a_bad_name_says_why_in_words(name, words, capsys):
    # (it printed the catalogue key "cli.errors.name.e" before: the kind's first letter)
    with pytest.raises(SystemExit) as ended:
        main(["join", "127.0.0.1:1", "ABC", "--name", name])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and words in err and "cli.errors" not in err
    assert len(err.strip().splitlines()) == 1


def test_host_takes_every_option_of_a_new_table_that_play_takes_the_same_way():
    import argparse

    from jorvik.cli import build_parser
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    play, host = sub.choices["play"], sub.choices["host"]

    def options(parser):
        return {a.option_strings[0]: (a.dest, a.default, a.type, a.choices, a.help)
                for a in parser._actions if a.option_strings}
    shared = {k: v for k, v in options(play).items() if k not in ("--resume", "--load")}
    assert {"--names", "--seat", "--bot-delay", "--no-hints"} <= set(shared)
    assert {k: options(host)[k] for k in shared} == shared


WAIT_WITH_A_SIGNAL_ON_ANOTHER_THREAD = r"""
import asyncio, os, signal, threading, types
from jorvik.net.run import Hosting
from jorvik.tui import StoppingOnSignals

loop = asyncio.new_event_loop()
threading.Thread(target=loop.run_forever, daemon=True).start()

async def never_over():
    return types.SimpleNamespace(done=asyncio.Event())   # a game that never ends
table = asyncio.run_coroutine_threadsafe(never_over(), loop).result()
hosting = Hosting.__new__(Hosting)
hosting.loop, hosting.table = loop, table

def signal_another_thread():
    # once the host waits for the game's end ...
    while not table.done._waiters:
        threading.Event().wait(0.01)
    # ... the system gives the process a signal on one of its other threads: this one
    signal.pthread_kill(threading.get_ident(), signal.SIGTERM)
received = []
with StoppingOnSignals(None, received):
    threading.Thread(target=signal_another_thread).start()
    try:
        hosting.wait_done()
    except KeyboardInterrupt:
        print("stopped", received == [signal.SIGTERM])
        os._exit(0)
print("game over?")
"""


def test_a_headless_host_stops_on_a_signal_another_thread_received():
    """N43: SIGTERM to a headless host waiting for its game's end stops it, also when the
    system gives the signal to one of its other threads (the host hung there, waiting)."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-c", WAIT_WITH_A_SIGNAL_ON_ANOTHER_THREAD],
                          capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip() == "stopped True", proc.stderr
