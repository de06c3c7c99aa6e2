"""Engine benchmark: random playouts (decisions and games per CPU second) and the cost of
copying a state; with --against, the same playouts by another checkout's engine, run in turn
with this one's, and the change per setting.

Run: uv run python bench/engine.py [--games N] [--repeat R] [--against DIR] [--out]
  --against DIR  another checkout with its own environment (`git worktree add DIR <commit>`,
                 then `uv sync` in it): each run is a fresh process of either checkout, the
                 two alternating, so that a busy machine slows both alike.
  --instructions with --against: also count the instructions per decision of each engine under
                 valgrind's callgrind (the same count on a busy machine as on an idle one).
  --out          appends the figures to bench/results/engine-<date>.txt.
CPU time (time.process_time) is measured, not wall time: other processes on a shared machine
then count less. Targets (one core): >= 50,000 decisions/s, >= 50 whole 4-player Jarl games/s,
copy <= 20 us.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

from report import heading, recorded, results_file  # bench/report.py

SETTINGS = ((2, "karl"), (4, "karl"), (4, "jarl"), (5, "jarl"))
HERE = Path(__file__).resolve().parent


def playouts(players: int, mode: str, games: int) -> tuple[int, float]:
    """Random games of seeds 0..games-1: (decisions, CPU seconds)."""
    from jorvik.carddata import load_cards
    from jorvik.engine import apply_action, is_over, legal_actions, new_game
    cards = load_cards()
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=cards)
        while not is_over(st):
            st, _ = apply_action(st, rng.choice(legal_actions(st)))
            decisions += 1
    return decisions, time.process_time() - start


def in_process(python: str, players: int, mode: str, games: int) -> tuple[int, float]:
    """One run in a fresh process of `python` (a checkout's environment)."""
    out = subprocess.run([python, str(Path(__file__).resolve()), "--child",
                          f"{players},{mode},{games}"], capture_output=True, text=True,
                         check=True, cwd=Path(python).parents[2])
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return got["decisions"], got["cpu"]


def instructions(python: str, players: int, mode: str, games: int) -> float:
    """Instructions per decision of `games` games (callgrind; start-up taken off by a run of
    no games)."""
    def counted(n: int) -> tuple[int, int]:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              python, str(Path(__file__).resolve()), "--child",
                              f"{players},{mode},{n}"], capture_output=True, text=True,
                             check=True, cwd=Path(python).parents[2])
        ir = int(out.stderr.rpartition("Collected : ")[2].split()[0])
        return ir, json.loads(out.stdout.strip().splitlines()[-1])["decisions"]
    start, _ = counted(0)
    total, decisions = counted(games)
    return (total - start) / decisions


def _load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _rate(run: tuple[int, float]) -> float:
    return run[0] / run[1]


def compare(args: argparse.Namespace) -> None:
    other = Path(args.against).resolve() / ".venv" / "bin" / "python"
    mine = Path(sys.executable)
    if not other.exists():
        raise SystemExit(f"{other} not found: run `uv sync` in {args.against} first")
    print(f"this checkout ({HERE.parent}) against {args.against}: {args.repeat} alternating "
          f"runs of {args.games} games per setting, each a fresh process; {_load()}")
    print(f"{'setting':<9} {'against: median':>15} {'best':>9} {'this: median':>13} "
          f"{'best':>9} {'change: median':>15} {'best':>7}   decisions/CPU s")
    for players, mode in SETTINGS:
        theirs, ours = [], []
        for r in range(args.repeat):
            order = [(other, theirs), (mine, ours)]
            for python, runs in order if r % 2 == 0 else order[::-1]:
                runs.append(_rate(in_process(str(python), players, mode, args.games)))
        m0, m1 = statistics.median(theirs), statistics.median(ours)
        b0, b1 = max(theirs), max(ours)
        print(f"{players}p {mode:<6} {m0:>15,.0f} {b0:>9,.0f} {m1:>13,.0f} {b1:>9,.0f} "
              f"{m1 / m0 - 1:>+15.1%} {b1 / b0 - 1:>+7.1%}")
    print(f"({_load()} at the end)")
    if args.instructions:
        print(f"instructions per decision (callgrind, {args.games} games; fewer is faster)")
        print(f"{'setting':<9} {'against':>10} {'this':>10} {'change':>8}")
        for players, mode in SETTINGS:
            i0 = instructions(str(other), players, mode, args.games)
            i1 = instructions(str(mine), players, mode, args.games)
            print(f"{players}p {mode:<6} {i0:>10,.0f} {i1:>10,.0f} {i1 / i0 - 1:>+8.1%}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per setting; the best and the median are shown")
    ap.add_argument("--against", metavar="DIR", help="another checkout to compare with")
    ap.add_argument("--instructions", action="store_true",
                    help="with --against: instructions per decision under callgrind too")
    ap.add_argument("--out", action="store_true", help="append the figures to bench/results/")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        players, mode, games = args.child.split(",")
        decisions, cpu = playouts(int(players), mode, int(games))
        print(json.dumps({"decisions": decisions, "cpu": cpu}))
        return
    with recorded(results_file("engine") if args.out else None, end="\n"):
        print(f"{heading('engine.py', argv)}  "
              f"({datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC)")
        if args.against:
            compare(args)
        else:
            measure(args)


def measure(args: argparse.Namespace) -> None:
    from jorvik.carddata import load_cards
    from jorvik.engine import apply_action, legal_actions, new_game
    print(f"{_load()}; {args.repeat} runs of {args.games} games per setting")
    print(f"{'setting':<10} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15}"
          f"   (per CPU second, best run; median in brackets)")
    for players, mode in SETTINGS:
        runs = sorted((playouts(players, mode, args.games) for _ in range(args.repeat)),
                      key=_rate)
        best, med = runs[-1], runs[len(runs) // 2]
        print(f"{players}p {mode:<7} {_rate(best):>12,.0f} {args.games / best[1]:>9.1f} "
              f"{best[0] / args.games:>15.1f}   [{_rate(med):,.0f}/s, "
              f"{args.games / med[1]:.1f} games/s]")
    st = new_game(["A", "B", "C", "D"], mode="jarl", seed=1, cards=load_cards())
    rng = random.Random(1)
    for _ in range(60):
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
    n = 100_000
    per = timeit.timeit(st.copy, number=n) / n
    print(f"state copy (4p Jarl, mid-game): {per * 1e6:.2f} us")
    print("one viking_placed event (the commonest), built as: " + ", ".join(
        f"{what} {us:.3f} us" for what, us in event_costs()))


def event_costs() -> list[tuple[str, float]]:
    """What building one event costs: the engine's class, a frozen slotted dataclass with the
    same fields (the obvious alternative), and the dict events were before."""
    from dataclasses import dataclass

    from jorvik.engine.events import VikingPlaced

    @dataclass(frozen=True, slots=True)
    class Frozen:
        player: int
        column: int
        brown: bool
        position: int
        card: str

    n = 300_000
    builds = [("the engine's class", lambda: VikingPlaced(1, 3, False, 2, "A05")),
              ("a frozen dataclass", lambda: Frozen(1, 3, False, 2, "A05")),
              ("a dict", lambda: {"type": "viking_placed", "player": 1, "column": 3,
                                  "brown": False, "position": 2, "card": "A05"})]
    return [(what, min(timeit.repeat(fn, number=n, repeat=3)) / n * 1e6)
            for what, fn in builds]


if __name__ == "__main__":
    main()
