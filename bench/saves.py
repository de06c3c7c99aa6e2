"""Kill `jorvik play` at random moments and check that --resume gives back exactly the game.

Each trial runs the real `jorvik play` (bots in every seat, no delay) in a subprocess, either
a new game (2-player Karl or 4-player Jarl, half of them without --seed) or `--resume` of the
game the trial before killed, and sends it SIGKILL at a random moment after its first save.
The child reports, through a pipe, each state it is about to save ("pending") and each it has
saved, with the time the save took. The game is then loaded here the way the app loads it and
must be exactly the state the child last saved, or the one it was saving when it was killed.

    uv run python bench/saves.py              # 200 kills (a few minutes)
    uv run python bench/saves.py --kills 20   # a quick look

Prints the number of exact resumes, the save time per move (median, p99) and the save size.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import hashlib, json, os, sys, time
from jorvik.tui import session as S
fd = int(os.environ["BENCH_FD"])
save = S.Session.save

def digest(st):
    return hashlib.sha1(json.dumps(st.to_dict(), sort_keys=True).encode()).hexdigest()

def reporting_save(self):
    h = digest(self.state)
    os.write(fd, f"P {len(self.actions)} {h}\n".encode())
    t = time.perf_counter()
    save(self)
    dt = time.perf_counter() - t
    os.write(fd, f"S {len(self.actions)} {h} {dt:.6f} {len(self.save_text())}\n".encode())

S.Session.save = reporting_save
from jorvik.cli import main
sys.exit(main(sys.argv[1:]))
"""


def digest(state) -> str:
    return hashlib.sha1(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def resumed_state(home: Path):
    """The game played last, loaded as the app loads it (here, in this process)."""
    os.environ["JORVIK_HOME"] = str(home)
    from jorvik.carddata import load_cards
    from jorvik.play import saves as saving
    from jorvik.play.session import Session
    games = saving.list_games()
    if not games:
        return None
    cards = load_cards()
    path = games[0].path
    data = saving.parse_save(saving.read_save(path), cards, path)
    return Session.from_save(data, cards, autosave=False).state


def trial(home: Path, rng: random.Random, resume: bool, seed: int) -> dict:
    """One game started or resumed, killed at a random moment after its first save, and
    what --resume gives back judged against what it reported saving."""
    buf = _play_and_kill(_argv(rng, resume, seed), home, rng)
    return _judge(buf, home)


def _argv(rng: random.Random, resume: bool, seed: int) -> list[str]:
    players, mode = rng.choice([(2, "karl"), (4, "jarl")])
    argv = ["play", "--bot-delay", "0", "--level", "easy"]
    if resume:
        return argv + ["--resume"]
    argv += ["--players", str(players), "--mode", mode,
             "--bots", ",".join(str(p + 1) for p in range(players))]
    if rng.random() < 0.5:
        argv += ["--seed", str(seed)]
    return argv


def _play_and_kill(argv: list[str], home: Path, rng: random.Random) -> bytes:
    """Runs `jorvik play argv` and kills it (SIGKILL) 0-1.5 s after its first save (or after
    60 s); returns what it reported through the pipe."""
    r, w = os.pipe()
    env = {**os.environ, "JORVIK_HOME": str(home), "BENCH_FD": str(w), "TERM": "xterm-256color"}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, *argv], env=env, pass_fds=(w,),
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(w)
    os.set_blocking(r, False)
    buf = b""
    started = time.monotonic()
    kill_after = None
    while proc.poll() is None and time.monotonic() - started < 60:
        buf += _read_some(r)
        if kill_after is None and b"\nS " in b"\n" + buf:
            kill_after = time.monotonic() + rng.uniform(0.0, 1.5)
        if kill_after is not None and time.monotonic() >= kill_after:
            break
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    while chunk := _read_some(r):
        buf += chunk
    os.close(r)
    return buf


def _read_some(fd: int) -> bytes:
    """What the non-blocking pipe holds now (b"" when nothing, or at its end)."""
    try:
        return os.read(fd, 65536)
    except BlockingIOError:
        return b""


def _judge(buf: bytes, home: Path) -> dict:
    """The resumed game against the states the child reported saved or being saved."""
    lines = [ln.split() for ln in buf.decode().splitlines() if ln.strip()]
    saved = [ln for ln in lines if ln[0] == "S" and len(ln) == 5]
    pending = [ln for ln in lines if ln[0] == "P" and len(ln) == 3]
    state = resumed_state(home)
    got = digest(state) if state is not None else None
    ok_hashes = {saved[-1][2]} if saved else set()
    if pending:
        ok_hashes.add(pending[-1][2])  # killed while saving: the new save or the old one
    finished_game = state is not None and state.phase == "end"
    return {
        "exact": got in ok_hashes,
        "finished": finished_game,
        "was_pending": bool(pending) and got == pending[-1][2] and (
            not saved or pending[-1][2] != saved[-1][2]),
        "moves": int(saved[-1][1]) if saved else 0,
        "save_seconds": [float(s[3]) for s in saved],
        "save_bytes": [int(s[4]) for s in saved],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=900.0, help="stop after this many seconds")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    home = Path(tempfile.mkdtemp(prefix="jorvik-bench-saves-"))
    results = []
    t0 = time.monotonic()
    resume = False
    for i in range(args.kills):
        if time.monotonic() - t0 > args.budget:
            print(f"(budget of {args.budget:.0f} s spent after {i} kills)")
            break
        res = trial(home, rng, resume, args.seed * 1000 + i)
        results.append(res)
        if not res["exact"]:
            print(f"kill {i + 1}: NOT the state before the kill (after {res['moves']} moves)")
        resume = not res["finished"] and rng.random() < 0.6
    times = sorted(x for r in results for x in r["save_seconds"])
    sizes = sorted(x for r in results for x in r["save_bytes"])
    exact = sum(r["exact"] for r in results)
    print(f"kills: {len(results)}; resumed to exactly the state before the kill: {exact}"
          f"/{len(results)}")
    print(f"  of which the kill came during a save and the new save was whole: "
          f"{sum(r['was_pending'] for r in results)}; games that had ended before the kill "
          f"(checked the same way): {sum(r['finished'] for r in results)}")
    if times:
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"save time per move: median {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {p99 * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms over {len(times)} saves "
              f"(write + fsync + rename)")
        print(f"save size: median {statistics.median(sizes) / 1024:.1f} kB, "
              f"max {sizes[-1] / 1024:.1f} kB")
    print(f"wall time: {time.monotonic() - t0:.0f} s")
    import shutil
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
