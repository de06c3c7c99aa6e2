"""A hint's play-outs on worker processes (issue 36: a hint within 2 s at 4 players, on both
cores): the hints are the same on one thread, one worker or two, and when the workers cannot
start or end early; a stop leaves the workers idle at once; the game screen's workers are
kept from one hint to the next and end with the app."""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time
from pathlib import Path

import pytest
from test_learn_review import blunder_record

from jorvik.bots import play_out, seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import current_player, legal_actions, new_game
from jorvik.playpool import RESTARTS
from jorvik.review import hint_pool, hints, states_of
from jorvik.tui.screens.hint import HintScreen
from tui_helpers import hint_shown, make_app, small_hints


@functools.cache
def _positions():
    """A 2-player decision of the blunder game and two of a 4-player game of bots (played
    once per process: the tests only read them)."""
    states, _ = states_of(blunder_record())
    out = [next(s for s in states if s.round == 2 and len(legal_actions(s)) > 3)]
    st = new_game(["A", "B", "C", "D"], mode="karl", seed=3, cards=load_cards())
    for steps in (30, 90):
        s, _ = play_out(st, seat_bots(["normal"] * 4, 3), max_decisions=steps)
        assert current_player(s) is not None and len(legal_actions(s)) > 1
        out.append(s)
    return out


def _cpu(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_hints_are_the_same_on_one_thread_one_worker_and_two():
    positions = _positions()
    alone = [hints(st, seed=1, budget=1500) for st in positions]   # small: three hints each
    fixed = hints(positions[2], seed=2, playouts=3)
    for n in (1, 2):
        with hint_pool(n) as pool:
            assert [hints(st, seed=1, budget=1500, pool=pool) for st in positions] == alone
            assert hints(positions[2], seed=2, playouts=3, pool=pool) == fixed
            assert len(pool.pids) == n and not pool.broken   # played on the workers
    assert len(alone[0]) == 3


def test_workers_that_cannot_start_or_end_early_leave_the_hint_the_same(monkeypatch):
    st = _positions()[1]
    alone = hints(st, seed=4, budget=3000)
    with hint_pool(2) as pool:
        assert pool.start()
        # the sampler whose workers end plays on alone; a later one (the hint's fresh draws)
        # gets fresh workers, RESTARTS times; after that the pool serves no more
        for failed in range(1, RESTARTS + 2):
            for proc in pool.procs:
                proc.kill()
            assert hints(st, seed=4, budget=3000, pool=pool) == alone
            assert pool.failures == failed
            if failed <= RESTARTS:
                assert len(pool.pids) == 2 and not pool.broken
        assert pool.runner(None) is None and not pool.procs
        assert hints(st, seed=4, budget=3000, pool=pool) == alone
    import multiprocessing.context

    def refuse(self):
        raise OSError("no processes here")
    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refuse)
    with hint_pool(2) as pool:
        assert not pool.start()
        assert hints(st, seed=4, budget=3000, pool=pool) == alone


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to watch the workers")
def test_a_stopped_hint_leaves_its_workers_idle_at_once():
    st = _positions()[2]
    stopped = threading.Event()
    played = threading.Event()
    got = []
    with hint_pool(2) as pool:
        worker = threading.Thread(target=lambda: got.append(
            hints(st, seed=1, budget=10 ** 8, pool=pool, stop=stopped.is_set,
                  progress=lambda done, total: played.set())))
        worker.start()
        # into the play-outs: the first draws are done (the workers started and imported)
        assert played.wait(120), "no draw was played"
        before = [_cpu(p) for p in pool.pids]
        deadline = time.monotonic() + 60
        while sum(_cpu(p) for p in pool.pids) <= sum(before):   # the workers are playing
            assert time.monotonic() < deadline, "the workers were not playing"
            time.sleep(0.02)
        t0 = time.monotonic()
        stopped.set()
        worker.join(60)
        assert not worker.is_alive() and got == [[]]
        # the hint ends at its next look at stop(), not after its budget of 10**8 moves
        # (the bound is generous for a loaded machine: a look comes every 0.05 s)
        assert time.monotonic() - t0 < 10.0
        # the workers go idle once their last play-outs end, and stay idle: their CPU time
        # stands still over half a second (each play-out is short; 60 s bounds a hang)
        deadline = time.monotonic() + 60
        idle = [_cpu(p) for p in pool.pids]
        while True:
            time.sleep(0.5)
            now = [_cpu(p) for p in pool.pids]
            if now == idle:
                break
            assert time.monotonic() < deadline, "the workers went on computing"
            idle = now
        pids = pool.pids
    assert not any(_alive(p) for p in pids)


GAME = ("--players", "2", "--names", "Anna,Bela", "--seed", "4", "--no-handover")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to watch the workers")
async def test_the_game_screens_workers_serve_every_hint_and_end_with_the_app(monkeypatch):
    small_hints(monkeypatch)
    app = make_app(*GAME, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        pids = []
        for _ in range(2):
            await pilot.press("question_mark")
            assert isinstance(app.screen, HintScreen)
            await hint_shown(pilot)
            assert len(app.screen.found) == 3
            assert app.screen.pool is game.hint_workers and not game.hint_workers.broken
            pids.append(game.hint_workers.pids)
            await pilot.press("escape")
        assert len(pids[0]) == min(2, os.cpu_count() or 1) and pids[1] == pids[0]  # kept
        assert all(_alive(p) for p in pids[0])
        await pilot.press("ctrl+q")
        await pilot.pause()
    # the screen's unmount kills and reaps them (60 s bounds a hang on a loaded machine)
    deadline = time.monotonic() + 60
    while any(_alive(p) for p in pids[0]):
        assert time.monotonic() < deadline, "the hint workers outlived the app"
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("prepared", [True, False])
def test_workers_start_inside_an_app_whose_stderr_has_no_file_only_when_prepared(prepared):
    """Inside the full-screen app sys.stderr is a stand-in whose fileno() is -1; the first
    worker starts multiprocessing's resource tracker, which needs a real one: run_app
    prepares it before the app starts."""
    import subprocess
    import sys
    code = "\n".join([
        "import sys",
        "from jorvik.playpool import PlayoutPool, prepare",
        "if sys.argv[1] == 'yes':",
        "    prepare()",
        "class StandIn:",
        "    def fileno(self): return -1",
        "    def write(self, s): return len(s)",
        "    def flush(self): pass",
        "sys.stderr = StandIn()",
        "pool = PlayoutPool(1)",
        "print(pool.start(), flush=True)",
        "pool.close()",
    ])
    out = subprocess.run([sys.executable, "-c", code, "yes" if prepared else "no"],
                         capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == [str(prepared)]
