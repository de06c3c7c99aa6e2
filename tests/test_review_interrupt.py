"""Ctrl+C or SIGTERM to `jorvik review`'s process group stops it at once: one line, exit 130,
and no worker process left computing (reliability-2.md F11)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from outside_helpers import alive, children, played_record


def _whole_game(path: Path) -> None:
    record = played_record(["A", "B", "C", "D"], mode="jarl", seed=11, level="normal",
                           bot_seed=1)
    path.write_text(json.dumps(record), encoding="utf-8")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the workers")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("delay", [0.0, 1.0], ids=["starting", "judging"])
def test_a_signal_to_the_group_stops_review_and_its_workers(tmp_path, sig, delay):
    # delay 0: the signal comes while the workers are still starting up (importing), when a
    # worker that does not ignore Ctrl+C yet would end with a traceback; 1 s: well into judging
    game = tmp_path / "game.json"
    _whole_game(game)
    env = {**os.environ, "JORVIK_HOME": str(tmp_path / "home")}
    code = "import sys; from jorvik.cli import main; sys.exit(main(sys.argv[1:]))"
    # a shell's background job may ignore SIGINT; a terminal's Ctrl+C does not
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "review", str(game), "--playouts", "200", "--lang", "en"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None:
            workers = [c for c in children(proc.pid)
                       if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
            if len(workers) >= min(2, os.cpu_count() or 1):
                break
            time.sleep(0.2)
        assert workers, "the review never started its workers"
        time.sleep(delay)
        os.killpg(proc.pid, sig)
        _out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    lines = [line for line in err.decode().strip().splitlines()
             if line.strip() and "--playouts 200 would judge" not in line]  # the cap (N41)
    assert lines == ["jorvik: stopped (Ctrl+C); nothing was left running."], lines
    deadline = time.monotonic() + 60   # they end with the review; 60 s bounds a hang
    while [w for w in workers if alive(w)]:
        assert time.monotonic() < deadline, "a worker went on computing"
        time.sleep(0.05)
