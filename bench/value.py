"""How well does the value model predict the end of a game? (issue 49 §1 Accuracy)

    nice -n 10 uv run python bench/value.py --tables 3jarl,4karl --games 200 \
        --floor-games 20 --replays 16 --out [FILE]
    ... --model PATH     # another model file (default: the shipped one)

Positions: the first position of every round (where the search cuts its play-outs) of games
of the search's play-out policy (normal, placement noise 0.35) with seeds from --seed on,
which the training never used (tools/train_value.py's runs start at seed 1,000,000 and are
far fewer than 90 million games). For every seat of every position, three ways of valuing the
position each give a margin (``knowledge.margin_of``: own value minus the mean of the best
rival's and the rivals' mean), compared with the final margin of the game itself
(``knowledge.final_margin``):

  cut     today's value at the search's cut: ``player_value`` of every seat, coins at the
          heuristic's one price (search.PLAIN_CUT, the default parameters)
  model   the value model's expected final VP of every seat
  floor   the noise floor: the first --floor-games games' positions are each played out
          --replays times from the public view (hidden deck and bag redrawn:
          ``engine.determinize``, other play-out seeds); the variance of the final margin
          around its mean over the replays is the error no valuation of the public view can
          go below (unbiased: divided by replays - 1).

Printed per table and round: positions, mean squared error (VP²) of cut and model against the
game's final margin, the floor, and the share of the gap between cut and floor the model
closes ((cut - model) / (cut - floor)); the issue's target is >= 50% at every round.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from jorvik.bots import play_out
from jorvik.bots.knowledge import Ctx, final_margin, margin_of, player_value
from jorvik.bots.playout import bot_seed
from jorvik.bots.policy import playout_policy
from jorvik.bots.value.features import position_features, table_rows
from jorvik.bots.value.model import ModelFileError, load_model, read_model
from jorvik.carddata import load_cards
from jorvik.engine import determinize, is_over, new_game, observe

ROOT = Path(__file__).resolve().parent.parent
NOISE = 0.35   # the search's play-out noise (Search.noise)


def game_positions(n: int, mode: str, seed: int, cards) -> tuple[list, dict]:
    """The first state of every round of one game of the play-out policy, and its result."""
    bots = [playout_policy(bot_seed(seed, i), noise=NOISE) for i in range(n)]
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=cards)
    out, last = [], -1
    while not is_over(st):
        if st.round != last:
            out.append(st)
            last = st.round
        st, _ = play_out(st, bots, max_decisions=1)
    return out, st.result


def floor_of(st, replays: int, seed: int) -> list[float]:
    """Per seat: the variance of the final margin over `replays` play-outs of the public view
    of `st` with the hidden orders redrawn."""
    rng = random.Random(seed)
    view = observe(st, None)
    got = []
    for r in range(replays):
        s = determinize(view, rng)
        bots = [playout_policy(rng.randrange(1 << 30), noise=NOISE) for _ in range(st.n)]
        s, _ = play_out(s, bots)
        got.append([final_margin(s.result, i) for i in range(st.n)])
    out = []
    for i in range(st.n):
        xs = [g[i] for g in got]
        mu = sum(xs) / len(xs)
        out.append(sum((x - mu) ** 2 for x in xs) / (len(xs) - 1))
    return out


def speed(model, cards) -> str:
    """CPU µs a position: the features, the network on one position's seats, the cut value."""
    states, _ = game_positions(4, "karl", 1, cards)
    views = [observe(st, None).state for st in states]
    t = time.process_time()
    feats = [position_features(v) for v in views]
    t_feat = (time.process_time() - t) / len(views)
    rows = [table_rows(*f) for f in feats]
    reps = 200
    t = time.process_time()
    for _ in range(reps):
        for r in rows:
            model.predict(r)
    t_net = (time.process_time() - t) / (reps * len(rows))
    big = np.concatenate(rows * 50)
    t = time.process_time()
    model.predict(big)
    t_batch = (time.process_time() - t) / (len(big) / 4)
    t = time.process_time()
    for v in views:
        ctx = Ctx(v)
        [player_value(ctx, i) for i in range(v.n)]
    t_cut = (time.process_time() - t) / len(views)
    return (f"speed (4-player Karl, CPU µs a position): features {t_feat * 1e6:.0f}, network "
            f"{t_net * 1e6:.0f} one position at a time ({t_batch * 1e6:.1f} batched), "
            f"the cut value (player_value of every seat) {t_cut * 1e6:.0f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="3jarl,4karl")
    ap.add_argument("--games", type=int, default=200, help="held-out games per table")
    ap.add_argument("--floor-games", type=int, default=20, help="of them, replayed for the floor")
    ap.add_argument("--replays", type=int, default=16)
    ap.add_argument("--seed", type=int, default=90_000_000)
    ap.add_argument("--model", default=None)
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--out", nargs="?", const="", default=None)
    args = ap.parse_args(argv)
    if args.replays < 2 or args.games < 1 or args.floor_games < 0:
        print("value: --replays must be at least 2, --games at least 1", file=sys.stderr)
        return 2
    try:
        model = read_model(args.model) if args.model else load_model()
    except ModelFileError as e:
        print(f"value: {e}", file=sys.stderr)
        return 2
    cards = load_cards()
    t0 = time.monotonic()
    deadline = t0 + 60 * args.minutes
    lines = [f"# bench/value.py {' '.join(argv if argv is not None else sys.argv[1:])}  "
             f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)",
             f"model: {args.model or 'the shipped one'}, trained on "
             f"{model.info.get('games', '?')} games ({model.info.get('positions', '?')} "
             f"positions), target {model.target}, "
             f"validation {model.info.get('validation_mse', '?')} VP²"]
    for table in args.tables.split(","):
        n, mode = int(table[0]), table[1:]
        sq = defaultdict(lambda: {"cut": [], "model": [], "floor": []})
        games = 0
        for g in range(args.games):
            if time.monotonic() > deadline:
                break
            seed = args.seed + g
            states, result = game_positions(n, mode, seed, cards)
            games += 1
            for st in states:
                view = observe(st, None).state
                truth = [final_margin(result, i) for i in range(n)]
                ctx = Ctx(view)
                cut = [player_value(ctx, i) for i in range(n)]
                mv = model.margins(view)
                row = sq[st.round]
                for i in range(n):
                    row["cut"].append((margin_of(cut, i) - truth[i]) ** 2)
                    row["model"].append((mv[i] - truth[i]) ** 2)
                if g < args.floor_games:
                    row["floor"].extend(floor_of(st, args.replays, seed * 1009 + st.round))
        lines.append(f"== {n}p {mode}: {games} held-out games (seeds {args.seed}..), floor from "
                     f"the first {min(games, args.floor_games)} x {args.replays} replays "
                     f"({time.monotonic() - t0:.0f} s so far)")
        lines.append(f"{'round':>5} {'seats':>6} {'cut':>8} {'model':>8} {'floor':>8} "
                     f"{'closed':>7}")
        tot = {"cut": [], "model": [], "floor": []}
        for rnd in sorted(sq):
            row = sq[rnd]
            mean = {k: (sum(v) / len(v) if v else float("nan")) for k, v in row.items()}
            gap = mean["cut"] - mean["floor"]
            closed = (mean["cut"] - mean["model"]) / gap if gap > 0 else float("nan")
            lines.append(f"{rnd:5d} {len(row['cut']):6d} {mean['cut']:8.2f} {mean['model']:8.2f} "
                         f"{mean['floor']:8.2f} {closed:7.0%}")
            for k in tot:
                tot[k].extend(row[k])
        mean = {k: (sum(v) / len(v) if v else float("nan")) for k, v in tot.items()}
        lines.append(f"{'all':>5} {len(tot['cut']):6d} {mean['cut']:8.2f} {mean['model']:8.2f} "
                     f"{mean['floor']:8.2f}")
        print("\n".join(lines[-(len(sq) + 3):]), flush=True)
    lines.append(speed(model, cards))
    lines.append(f"({time.monotonic() - t0:.0f} s)")
    print("\n".join([lines[0], lines[1]] + lines[-2:]))
    if args.out is not None:
        path = Path(args.out or ROOT / "bench" / "results"
                    / f"value-{datetime.now(UTC):%Y-%m-%d}.txt")
        with open(path, "a", encoding="utf-8") as f:
            print("\n".join(lines) + "\n", file=f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
