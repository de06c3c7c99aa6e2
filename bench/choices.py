"""Where a search bot with one of the cut's options decides otherwise than without (issue 34 §1)

    uv run python bench/choices.py --bot expert --variant curve --games 12 --out [FILE]
    ... --table 3jarl   --phases purchase,demand   --demand-sample 160   --think 0.2

A match tells whether an option wins more games; it takes hundreds of games to tell a few
VP, and it does not say which decisions changed. This asks both settings the same decisions:
the states where `normal` bots, playing whole games at the table, had a choice in the purchase
phase (every one) and the demand phase (a sample). Each setting decides each state once, at
``--think`` s of CPU time, with the same seed. It prints
  purchase   for cards of defence (warriors, Shield wall, Glory, Danegeld), cards at price <= 1
             and the rest: how often both buy, only one of them buys, or both pass;
  demand     the kind of card each setting places its viking under (or reserves), and how
             often the two placements differ.
``--variant``: a name of bench/bots.py's VARIANTS (curve, coins, held, capped,
buycapped).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from bots import VARIANTS  # bench/bots.py: the cut's options by name
from jorvik.bots.registry import make_bot
from jorvik.bots.search import EXPERT, HARD, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import (
    Buy,
    CardType,
    Phase,
    Place,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
    price_due,
)

CONFIGS = {"hard": HARD, "expert": EXPERT}
DEFENCE = (CardType.WARRIOR, CardType.DEFENCE)   # the cards that count at an Attack of the Picts
# (default buys, variant buys) -> the purchase table's column, in the table's order
OUTCOMES = {(True, True): "both buy", (True, False): "default only",
            (False, True): "variant only", (False, False): "both pass"}


def decisions(n: int, mode: str, games: int, seed: int, phases: set) -> list:
    """The states of `games` normal-bot games where the player to move had a choice in
    `phases` (no pending decision)."""
    cards = load_cards()
    out = []
    for g in range(games):
        st = new_game([f"P{i}" for i in range(n)], mode=mode, seed=seed + g, cards=cards)
        bots = [make_bot("normal", seed + g * n + i) for i in range(n)]
        while not is_over(st):
            if st.phase in phases and not st.pending and len(legal_actions(st)) > 1:
                out.append(st)
            st, _ = apply_action(st, bots[current_player(st)].choose(st))
    return out


def offered_kind(st) -> str:
    card = st.cards.by_id[st.spaces[st.turn]]
    if card.type in DEFENCE:
        return "defence"
    return "price<=1" if price_due(st) <= 1 else "other"


def placed_kind(st, action) -> str:
    if isinstance(action, Place):
        cid = st.spaces[action.column - 1]
        return st.cards.by_id[cid].type if cid else "empty"
    return type(action).__name__.lower()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", choices=tuple(CONFIGS), default="expert")
    ap.add_argument("--variant", choices=tuple(VARIANTS), default="curve")
    ap.add_argument("--table", default="3jarl", choices=[f"{n}{m}" for n in range(2, 6)
                                                          for m in ("karl", "jarl")],
                    help="players and mode, e.g. 3jarl, 4karl")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--phases", default="purchase,demand")
    ap.add_argument("--demand-sample", type=int, default=160,
                    help="demand decisions asked (a seeded sample)")
    ap.add_argument("--think", type=float, default=0.2, help="CPU seconds per decision")
    ap.add_argument("--out", nargs="?", const="", default=None,
                    help="also append the report to FILE (default bench/results/"
                         "choices-DATE.txt)")
    args = ap.parse_args(argv)
    n, mode = int(args.table[0]), args.table[1:]
    phases = set(args.phases.split(","))
    t0 = time.perf_counter()
    states = decisions(n, mode, args.games, args.seed, phases)
    buys = [s for s in states if s.phase == Phase.PURCHASE]
    places = [s for s in states if s.phase == Phase.DEMAND]
    places = random.Random(args.seed).sample(places, min(len(places), args.demand_sample))
    config, knobs = CONFIGS[args.bot], VARIANTS[args.variant]

    def both(st):
        return [SearchBot(config, 1, think=args.think, cpu_clock=True, **k).choose(st)
                for k in ({}, knobs)]

    lines = [f"# uv run python bench/choices.py --bot {args.bot} --variant {args.variant} "
             f"--table {args.table} --games {args.games} --seed {args.seed} --phases "
             f"{args.phases} --demand-sample {args.demand_sample} --think {args.think}  "
             f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)",
             f"== {args.bot} (default) against {args.bot}-{args.variant} ({knobs}) on the same "
             f"decisions of {args.games} normal-bot games, {args.table}"]
    if buys:
        tally: Counter = Counter()
        for st in buys:
            a, b = (isinstance(x, Buy) for x in both(st))
            tally[offered_kind(st), OUTCOMES[a, b]] += 1
        lines.append(f"purchase: {len(buys)} decisions        both buy  default only  "
                     f"variant only  both pass")
        for kind in ("defence", "price<=1", "other"):
            row = [tally[kind, c] for c in OUTCOMES.values()]
            lines.append(f"  {kind:<26} {row[0]:>8} {row[1]:>13} {row[2]:>13} {row[3]:>10}")
    if places:
        kinds: Counter = Counter()
        differ = 0
        for st in places:
            a, b = both(st)
            differ += a != b
            kinds["default", placed_kind(st, a)] += 1
            kinds["variant", placed_kind(st, b)] += 1
        lines.append(f"demand: {len(places)} decisions, {differ} placed otherwise; the card "
                     f"under the viking (default / variant):")
        for kind in sorted({k for _, k in kinds}):
            lines.append(f"  {kind:<12} {kinds['default', kind]:>4} / {kinds['variant', kind]}")
    lines.append(f"   ({time.perf_counter() - t0:.0f} s)")
    report = "\n".join(lines)
    print(report)
    if args.out is not None:
        out = Path(args.out or Path(__file__).parent / "results" /
                   f"choices-{datetime.now(UTC):%Y-%m-%d}.txt")
        with out.open("a") as f:
            f.write(report + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
