"""Bot benchmarks: decision times and the target matches.

    uv run python bench/bots.py                      # everything, default sizes
    uv run python bench/bots.py --only times
    uv run python bench/bots.py --only normal-easy --games 400
    uv run python bench/bots.py --only hard-normal --games 100 --think 0.1
    uv run python bench/bots.py --only hard-normal-2p --games 100 --playouts 20
    uv run python bench/bots.py --only legal --games 2000   # many games, any illegal action fails

Targets (seats rotated, the same seeds and rotation as `jorvik tournament`):
    4-player Karl: normal vs three easy      ≥ 60% wins for normal
    4-player Karl: hard vs three normal      ≥ 40% wins for hard
    2-player Jarl: hard vs normal            ≥ 65% wins for hard
Games run in --workers processes (default: the number of CPUs).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from jorvik.bots import make_bot
from jorvik.engine import apply_action, current_player, is_over, legal_actions, new_game
from jorvik.tournament import play_game, seating, wilson


# ---------------------------------------------------------------------------- decision times

def decision_times(bot: str, mode: str, players: int, games: int, seed: int,
                   options: dict) -> list[float]:
    """Seconds per decision of `bot` in seat 0 against normal bots (only real decisions:
    states with more than one legal action)."""
    out: list[float] = []
    for g in range(games):
        lineup = [bot] + ["normal"] * (players - 1)
        bots = [make_bot(b, seed=seed + g * 16 + i, **options) for i, b in enumerate(lineup)]
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed + g)
        while not is_over(st):
            p = current_player(st)
            t = time.perf_counter()
            a = bots[p].choose(st)
            dt = time.perf_counter() - t
            if p == 0 and len(legal_actions(st)) > 1:
                out.append(dt)
            st, _ = apply_action(st, a)
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def report_times(args) -> None:
    print("== decision times (seat 0 vs normal bots; decisions with a real choice)")
    for mode, players in (("karl", 4), ("jarl", 4), ("jarl", 2)):
        ts = decision_times("normal", mode, players, args.time_games, 7, {})
        print(f"normal {mode} {players}p: {len(ts)} decisions, median {1e3 * _pct(ts, .5):.2f} ms,"
              f" p95 {1e3 * _pct(ts, .95):.2f} ms, max {1e3 * max(ts):.2f} ms")
    opts = _hard_options(args)
    ts = decision_times("hard", "karl", 4, 1, 7, opts)
    budget = f"think {opts['think']} s" if "think" in opts else f"{opts['playouts']} playouts"
    print(f"hard karl 4p ({budget}): {len(ts)} decisions, median {1e3 * _pct(ts, .5):.1f} ms, "
          f"p95 {1e3 * _pct(ts, .95):.1f} ms, max {1e3 * max(ts):.1f} ms")


# ---------------------------------------------------------------------------- matches

def _play_slice(job) -> list[tuple[list[str], dict]]:
    bots, mode, seed, games, options = job
    out = []
    for g in games:
        lineup = seating(bots, g)
        result, _ = play_game(lineup, mode, seed + g, None, options)
        out.append((lineup, result))
    return out


def match(bots: list[str], mode: str, games: int, seed: int, options: dict,
          workers: int) -> dict[str, dict]:
    """Like `jorvik tournament`, with the games spread over worker processes."""
    slices = [list(range(w, games, workers)) for w in range(workers)]
    jobs = [(bots, mode, seed, s, options) for s in slices if s]
    t0 = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            parts = list(ex.map(_play_slice, jobs))
    else:
        parts = [_play_slice(j) for j in jobs]
    secs = time.perf_counter() - t0
    stats: dict[str, dict] = {b: {"n": 0, "wins": 0.0, "vp": [], "margin": []} for b in bots}
    for part in parts:
        for lineup, result in part:
            totals = [r["total"] for r in result["scores"]]
            for s, name in enumerate(lineup):
                st = stats[name]
                st["n"] += 1
                st["vp"].append(totals[s])
                st["margin"].append(totals[s] - max(t for i, t in enumerate(totals) if i != s))
                if s in result["winners"]:
                    st["wins"] += 1 / len(result["winners"])
    for st in stats.values():
        lo, hi = wilson(st["wins"], st["n"])
        st.update(rate=st["wins"] / st["n"], lo=lo, hi=hi, mean_vp=statistics.mean(st["vp"]),
                  mean_margin=statistics.mean(st["margin"]))
    stats["_seconds"] = {"seconds": secs}
    return stats


def report_match(title: str, bots: list[str], mode: str, focus: str, target: float,
                 args, options: dict) -> None:
    st = match(bots, mode, args.games, args.seed, options, args.workers)
    secs = st.pop("_seconds")["seconds"]
    print(f"== {title}: {args.games} games, {mode}, {len(bots)} players, options {options or '-'}"
          f" ({secs:.0f} s)")
    for name, s in st.items():
        print(f"   {name:<7} win rate {s['rate']:6.1%} [{s['lo']:.1%}, {s['hi']:.1%}]  "
              f"mean VP {s['mean_vp']:5.1f}  margin {s['mean_margin']:+5.1f}")
    verdict = "MET" if st[focus]["rate"] >= target else "NOT MET"
    print(f"   target {focus} ≥ {target:.0%}: {verdict}")
    sys.stdout.flush()


def _hard_options(args) -> dict:
    if args.playouts is not None:
        return {"playouts": args.playouts}
    return {"think": args.think}


def legal_check(args) -> None:
    """Many games of random seatings: any illegal action raises in apply_action."""
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    for g in range(args.games):
        players = rng.randint(2, 5)
        mode = rng.choice(("karl", "jarl"))
        lineup = [rng.choice(("normal", "easy", "normal")) for _ in range(players)]
        play_game(lineup, mode, args.seed + g)
    print(f"== legality: {args.games} games with normal/easy seats, no illegal action "
          f"({time.perf_counter() - t0:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("times", "normal-easy", "hard-normal", "hard-normal-2p",
                                       "legal"), default=None)
    ap.add_argument("--games", type=int, default=None, help="games per match")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--think", type=float, default=0.1, help="hard bot seconds per decision")
    ap.add_argument("--playouts", type=int, default=None, help="hard bot playouts instead")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-games", type=int, default=10)
    args = ap.parse_args(argv)
    hard = _hard_options(args)
    todo = [args.only] if args.only else ["times", "normal-easy", "hard-normal", "hard-normal-2p"]
    for what in todo:
        if what == "times":
            report_times(args)
            continue
        if what == "legal":
            args.games = args.games or 2000
            legal_check(args)
            continue
        base_games = args.games
        if what == "normal-easy":
            args.games = base_games or 400
            report_match("normal vs three easy", ["normal", "easy", "easy", "easy"], "karl",
                         "normal", 0.60, args, {})
        elif what == "hard-normal":
            args.games = base_games or 40
            report_match("hard vs three normal", ["hard", "normal", "normal", "normal"], "karl",
                         "hard", 0.40, args, hard)
        elif what == "hard-normal-2p":
            args.games = base_games or 40
            report_match("hard vs normal", ["hard", "normal"], "jarl", "hard", 0.65, args, hard)
        args.games = base_games
    return 0


if __name__ == "__main__":
    sys.exit(main())
