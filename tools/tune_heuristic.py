"""Tune the heuristic's knobs (knowledge.Params) by self-play, for the expert bot's policy.

The shipped sets (knowledge.EXPERT_PARAMS):

    uv run python tools/tune_heuristic.py --mode karl --sweeps 1
    uv run python tools/tune_heuristic.py --mode jarl --set lam=1.76,attack_spread=0.42,attack_spread_w=0.36
    uv run python tools/tune_heuristic.py --mode karl --players 2 --games 600 --check-games 600 --min-gain 0.015
    uv run python tools/tune_heuristic.py --mode jarl --players 2 --sweeps 1 --games 400 --check-games 300 --min-gain 0.015 --set coin_base=0.108,lam=2.64,attack_spread=0.42,attack_spread_w=0.36,extra_vikings=1.05,pump=0.15

A variant of the knobs plays `--games` games in one seat (seats rotated) against default
`normal` bots at a `--players` table, on fixed seeds, so every variant meets the same deals.
A coordinate search changes one knob at a time by `--factors` (FACTORS) and keeps a change
that raises the variant's win rate (its mean margin to the best other player, / 40, breaks
near-ties) by more than `--min-gain`; `--sweeps` passes over the knobs. It then plays the best
set on other seeds at every table size and prints its win rate against the fair share there,
so that a set fitted to one table is seen at the others. Deterministic for its arguments;
games run in `--workers` processes. It prints the set as Python, for
knowledge.EXPERT_PARAMS, keyed by the table it was tuned at ("karl 2p"); there the sets tuned
at four players are keyed by the mode alone, for every table size without a set of its own.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from jorvik.bots.knowledge import DEFAULT, Params
from jorvik.bots.playout import bot_seed, play_out
from jorvik.bots.policy import NormalBot
from jorvik.carddata import load_cards
from jorvik.engine import new_game

KNOBS = ("attack_spread", "attack_spread_w", "lam", "coin_per_round", "coin_base",
         "extra_vikings", "pbuy_margin", "merchant_share", "keep_base", "share", "pump",
         "attack_decay")
FACTORS = (0.6, 1.5)        # a knob at 0 is tried at 0.2 instead
TUNE_SEEDS = 20_000         # the games of the search start here ...
CHECK_SEEDS = 50_000        # ... and those of the check at every table size here


def one_game(job: tuple[Params, str, int, int, int]) -> tuple[float, int]:
    """(the variant's share of the win, its margin to the best other) in one game."""
    params, mode, players, seed, seat = job
    bots = [NormalBot(bot_seed(seed, i), params=params if i == seat else None)
            for i in range(players)]
    st, _ = play_out(new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=load_cards()), bots)
    totals = [r["total"] for r in st.result["scores"]]
    winners = st.result["winners"]
    won = 1.0 / len(winners) if seat in winners else 0.0
    return won, totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def match(pool: ProcessPoolExecutor, params: Params, mode: str, players: int, games: int,
          first_seed: int) -> tuple[float, float]:
    """The variant's win rate and mean margin over `games` games."""
    jobs = [(params, mode, players, first_seed + g, g % players) for g in range(games)]
    got = list(pool.map(one_game, jobs, chunksize=8))
    return sum(w for w, _ in got) / games, sum(m for _, m in got) / games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("karl", "jarl"), required=True)
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 5), default=4)
    ap.add_argument("--games", type=int, default=300, help="games per variant")
    ap.add_argument("--check-games", type=int, default=200, help="games per table in the check")
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--min-gain", type=float, default=0.02)
    ap.add_argument("--factors", default=",".join(map(str, FACTORS)), metavar="F,...",
                    help="the factors a knob is tried at, in turn")
    ap.add_argument("--set", default="", metavar="KNOB=X,...",
                    help="start from the default knobs with these changed")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    if min(args.games, args.check_games) < 10 or args.sweeps < 0 or args.workers < 1:
        ap.error("--games and --check-games must be at least 10, --sweeps at least 0 and"
                 " --workers at least 1")
    t0 = time.perf_counter()
    try:
        factors = tuple(float(f) for f in args.factors.split(","))
        start = {k: float(v) for k, v in (kv.split("=") for kv in args.set.split(",") if kv)}
        best = dataclasses.replace(DEFAULT, **start)
    except (ValueError, TypeError) as e:
        ap.error(f"--set or --factors: {e}")
    with ProcessPoolExecutor(args.workers) as pool:
        def score(p: Params) -> tuple[float, float, float]:
            w, m = match(pool, p, args.mode, args.players, args.games, TUNE_SEEDS)
            return w + m / 40.0, w, m

        got = score(best)
        print(f"start: win {got[1]:.3f}, margin {got[2]:+.2f}", flush=True)
        for sweep in range(args.sweeps):
            for name in KNOBS:
                now = getattr(best, name)
                for f in factors if now else (None,):
                    value = now * f if f is not None else 0.2
                    cand = dataclasses.replace(best, **{name: value})
                    s = score(cand)
                    if s[0] > got[0] + args.min_gain:
                        best, got = cand, s
                        print(f"  {name} = {value:.4g}: win {s[1]:.3f}, margin {s[2]:+.2f}",
                              flush=True)
                        break
            print(f"sweep {sweep + 1}: win {got[1]:.3f}, margin {got[2]:+.2f}", flush=True)
        print(f"check on other deals ({args.check_games} a table), against default normal bots:")
        for n in (2, 3, 4, 5):
            w, m = match(pool, best, args.mode, n, args.check_games, CHECK_SEEDS)
            print(f"  {args.mode} {n}p: win {w:.3f} (fair share {1 / n:.3f}), margin {m:+.2f}",
                  flush=True)
    changed = {f.name: getattr(best, f.name) for f in dataclasses.fields(Params)
               if getattr(best, f.name) != getattr(DEFAULT, f.name)}
    print(f'"{args.mode} {args.players}p": Params('
          + ", ".join(f"{k}={v:.4g}" for k, v in changed.items()) + "),")
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
