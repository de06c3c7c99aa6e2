"""Review benchmark: how long `jorvik review` takes for a whole 4-player game.

    uv run python bench/review.py                       # 4-player Karl, one reviewed seat
    uv run python bench/review.py --humans 4 --playouts 4
    uv run python bench/review.py --mode jarl --workers 1

Target: a 4-player game reviewed in <= 60 s on 2 cores. The game is played by `normal` bots
(seed --seed) and recorded; the review judges every decision of the reviewed seats that has
more than one legal move. Budget per decision (review.budget_for): 8 determinizations x 3
compared moves played to the game's end by the normal bot, fewer for a long review so that the
playouts of a game make at most STEP_BUDGET moves (every seat of a 4-player game reviewed:
2 x 2 in Karl, 1 x 2 in Jarl). --playouts fixes the determinizations.
"""

from __future__ import annotations

import argparse
import os
import time

from jorvik.carddata import load_cards
from jorvik.bots import play_out, seat_bots
from jorvik.engine import make_record, new_game
from jorvik.review import CANDIDATES, budget_for, review


def recorded_game(players: int, mode: str, seed: int) -> dict:
    st0 = new_game([f"P{i + 1}" for i in range(players)], mode=mode, seed=seed, cards=load_cards())
    actions = []
    play_out(st0, seat_bots(["normal"] * players, seed),
             watch=lambda _before, a, _after: actions.append(a))
    return make_record(st0, actions)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--mode", default="karl")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--humans", type=int, default=1, help="how many seats are reviewed")
    ap.add_argument("--playouts", type=int, default=None,
                    help="determinizations per decision (default: as jorvik review chooses)")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args()
    rec = recorded_game(args.players, args.mode, args.seed)
    times = []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        res = review(rec, humans=range(args.humans), playouts=args.playouts,
                     workers=args.workers)
        times.append(time.perf_counter() - t0)
    best = min(times)
    n = len(res.decisions)
    per, k = ((args.playouts, CANDIDATES) if args.playouts else
              budget_for([len(rec["actions"]) - d.index for d in res.decisions]))
    print(f"game: {args.players}-player {args.mode}, seed {args.seed}, "
          f"{len(rec['actions'])} actions, {args.humans} reviewed seat(s)")
    print(f"decisions judged: {n}; budget per decision: {per} determinizations x "
          f"up to {k} moves played to the end ({per * k} playouts)")
    print(f"workers: {args.workers}; review time: best {best:.1f} s of {len(times)} "
          f"({best / max(n, 1) * 1000:.0f} ms per decision); target <= 60 s")


if __name__ == "__main__":
    main()
