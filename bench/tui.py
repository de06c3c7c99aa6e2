"""Benchmark of the app: command -> first interactive screen, and key press -> updated screen
(median and p99 over a whole 5-player Jarl game played by the first offered key). Prints the figures.

    uv run python bench/tui.py            # both measurements, at 120x40 and at 80x24
    uv run python bench/tui.py --startup  # only the start-up time
    uv run python bench/tui.py --keys     # only the key presses
    uv run python bench/tui.py --size 80x24   # one terminal size only (may be repeated)
    uv run python bench/tui.py --runs 2   # start-ups counted per kind (default 5)
    uv run python bench/tui.py --out      # also append the figures to bench/results/tui-<date>.txt

Start-up is measured twice: as the Python here runs it (PYTHONDONTWRITEBYTECODE=1 and no
__pycache__ in this sandbox, so every module is compiled from source on every start), and with
a bytecode cache (a fresh PYTHONPYCACHEPREFIX, filled by a first run that is not counted), as
after a normal install. Key presses are timed as wall time (what a player waits) and as this
process's CPU time (less disturbed by other busy processes on a shared machine).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time

from report import heading, recorded, results_file  # bench/report.py

STARTUP_TARGET = 1.0
KEY_TARGET = 0.030
KEY_P99_TARGET = 0.100
ARGV = ["play", "--players", "5", "--mode", "jarl", "--names", "Anna,Bela,Csaba,Dora,Erik",
        "--seed", "8", "--no-handover"]

CHILD = r"""
import sys, time
from jorvik.cli import build_parser, play_config
from jorvik.tui import build_app
parser = build_parser()
args = parser.parse_args(sys.argv[1:])
def ready(screen):
    print("READY", flush=True)
    screen.app.exit()
app = build_app(play_config(parser, args),
                ready_hook=lambda s: s.app.call_after_refresh(ready, s))
import os
w, h = (int(x) for x in os.environ.get("BENCH_SIZE", "120x40").split("x"))
app.run(headless=True, size=(w, h))
"""


def startup(runs: int = 5, bytecode: bool = False, size: str = "120x40") -> list[float]:
    """Wall time from starting a fresh Python process running `jorvik play` to its game
    screen being mounted and painted once (headless). The card cache is warm (one run first
    that is not counted), as on every start but the very first."""
    times = []
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as pyc:
        env = {**os.environ, "JORVIK_HOME": home, "BENCH_SIZE": size}
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = pyc
        for i in range(runs + 1):
            t0 = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", CHILD, *ARGV], env=env,
                                 capture_output=True, text=True, timeout=60)
            elapsed = time.perf_counter() - t0
            if "READY" not in out.stdout:
                raise SystemExit(f"the app did not start: {out.stderr[-2000:]}")
            if i:
                times.append(elapsed)
    return times


async def keys(size: tuple[int, int] = (120, 40)) -> tuple[list[float], list[float], int]:
    """Per key press: from sending the key to the end of the screen update it caused (wall),
    and the CPU time this process spent meanwhile."""
    from jorvik.cli import build_parser, play_config
    from jorvik.tui import build_app
    from jorvik.tui.screens.final import FinalScreen
    from jorvik.tui.screens.game import GameScreen

    parser = build_parser()
    app = build_app(play_config(parser, parser.parse_args(ARGV)))
    painted = [0.0]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        original = screen._compositor_refresh

        def timed_refresh(*a, **k):
            result = original(*a, **k)
            painted[0] = time.perf_counter()
            return result
        times: list[float] = []
        cpu: list[float] = []
        presses = 0
        while not isinstance(app.screen, FinalScreen) and presses < 5000:
            scr = app.screen
            if isinstance(scr, GameScreen):
                scr._compositor_refresh = timed_refresh  # type: ignore[method-assign]
            key = "enter"
            if isinstance(scr, GameScreen) and scr.menu and scr.menu.choices:
                key = scr.menu.choices[0].key or "enter"
            painted[0] = 0.0
            c0 = time.process_time()
            t0 = time.perf_counter()
            await pilot.press(key)
            presses += 1
            if painted[0] > t0:
                times.append(painted[0] - t0)
                cpu.append(time.process_time() - c0)
        return times, cpu, presses


def _startup_line(label: str, s: list[float]) -> None:
    med = statistics.median(s)
    print(f"command -> first interactive screen, {label}: median {med * 1000:.0f} ms "
          f"(min {min(s) * 1000:.0f}, max {max(s) * 1000:.0f}; {len(s)} runs; "
          f"target <= {STARTUP_TARGET * 1000:.0f} ms) {'OK' if med <= STARTUP_TARGET else 'SLOW'}")


def _size(text: str) -> str:
    """A terminal size as the option gives it: "80x24"."""
    w, x, h = text.partition("x")
    if not (x and w.isdigit() and h.isdigit() and 20 <= int(w) <= 500 and 10 <= int(h) <= 200):
        raise argparse.ArgumentTypeError(f"not a terminal size: {text!r} (e.g. 80x24)")
    return f"{int(w)}x{int(h)}"


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number above 0: {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--startup", action="store_true", help="only the start-up time")
    only.add_argument("--keys", action="store_true", help="only the key presses")
    ap.add_argument("--size", type=_size, action="append", metavar="WxH",
                    help="a terminal size (default: 120x40 and 80x24); may be repeated")
    ap.add_argument("--runs", type=_positive, default=5,
                    help="start-ups counted of each kind (default 5; one more runs first)")
    ap.add_argument("--out", action="store_true",
                    help="append the figures to bench/results/tui-<date>.txt")
    args = ap.parse_args(argv)
    with recorded(results_file("tui") if args.out else None, end="\n"):
        print(f"{heading('tui.py', argv)}  "
              f"({datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC)")
        for size in args.size or ["120x40", "80x24"]:
            measure(size, args)


def measure(size: str, args: argparse.Namespace) -> None:
    """The start-ups and the key presses (as the options ask) at one terminal size."""
    if not args.keys:
        _startup_line(f"5p Jarl at {size}, no bytecode cache (as here)",
                      startup(args.runs, size=size))
        _startup_line(f"5p Jarl at {size}, with a bytecode cache (warm)",
                      startup(args.runs, bytecode=True, size=size))
    if args.startup:
        return
    w, h = (int(x) for x in size.split("x"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["JORVIK_HOME"] = home
        times, cpu, presses = asyncio.run(keys((w, h)))
    times.sort()
    cpu.sort()
    med = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    ok = med <= KEY_TARGET and p99 <= KEY_P99_TARGET
    print(f"key press -> updated screen (5p Jarl at {size}, whole game, {presses} presses, "
          f"{len(times)} repaints): median {med * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms (targets: median <= {KEY_TARGET * 1000:.0f} ms, "
          f"p99 <= {KEY_P99_TARGET * 1000:.0f} ms) {'OK' if ok else 'SLOW'}; CPU per press: "
          f"median {statistics.median(cpu) * 1000:.1f} ms, "
          f"p99 {cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
