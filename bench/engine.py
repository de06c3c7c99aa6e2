"""Engine benchmark: random playouts (decisions/s, games/s) and the cost of copying a state.

Run: uv run python bench/engine.py [--games N]
Targets (one core): >= 50,000 decisions/s, >= 50 whole 4-player Jarl games/s, copy <= 20 us.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, is_over, legal_actions, new_game


def playouts(players: int, mode: str, games: int, cards) -> tuple[float, float, float]:
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=cards)
        while not is_over(st):
            st, _ = apply_action(st, rng.choice(legal_actions(st)))
            decisions += 1
    dt = time.perf_counter() - start
    return decisions / dt, games / dt, decisions / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per setting; the best is shown (this VM's speed varies a lot)")
    args = ap.parse_args()
    cards = load_cards()
    print(f"{'setting':<10} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15}"
          f"   (best of {args.repeat} runs of {args.games} games; median in brackets)")
    for players, mode in ((2, "karl"), (4, "karl"), (4, "jarl"), (5, "jarl")):
        runs = sorted(playouts(players, mode, args.games, cards) for _ in range(args.repeat))
        dps, gps, dpg = runs[-1]
        med = runs[len(runs) // 2]
        print(f"{players}p {mode:<7} {dps:>12,.0f} {gps:>9.1f} {dpg:>15.1f}"
              f"   [{med[0]:,.0f}/s, {med[1]:.1f} games/s]")
    st = new_game(["A", "B", "C", "D"], mode="jarl", seed=1, cards=cards)
    rng = random.Random(1)
    for _ in range(60):
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
    n = 100_000
    per = timeit.timeit(st.copy, number=n) / n
    print(f"state copy (4p Jarl, mid-game): {per * 1e6:.2f} us")


if __name__ == "__main__":
    main()
