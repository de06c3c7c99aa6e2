"""Train the value model (jorvik.bots.value) by self-play: generate, train, evaluate.

    nice -n 10 uv run python tools/train_value.py generate --games 20000 --seed 1 \
        --out /work/value-data --minutes 90 --workers 1
    uv run python tools/train_value.py train --data /work/value-data --seed 1 \
        --out src/jorvik/bots/value/model.npz
    uv run python tools/train_value.py evaluate --data /work/value-data-heldout

generate: game g (0 <= g < games) has seed `seed + g`, its table `tables[g % len(tables)]`;
every seat plays the search's play-out policy (the `normal` heuristic with its placement
noise) and, until a round drawn per game, a random legal action with a chance drawn per game
(so positions vary). Recorded: the first position of every round and each other decision
with chance `--sample`, as the public view's features (jorvik.bots.value.features; never the
deck's or the bag's order) with every seat's final VP and coins. Games are written in shards
of `--shard-games` games, each a pure function of (seed, shard, options) and written
atomically: a run stopped (by --minutes or a kill) is resumed by running it again, and shards
already on disk are skipped. `--workers` runs shards in parallel processes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from jorvik.bots import play_out
from jorvik.bots.policy import playout_policy
from jorvik.bots.playout import bot_seed
from jorvik.bots.value.features import MAX_SEATS, N_GLOBAL, N_PLAYER, position_features
from jorvik.carddata import load_cards
from jorvik.engine import current_player, is_over, legal_actions, new_game, observe
from jorvik.engine import apply_action

FORMAT = "jorvik-value-data-1"
TABLES = "3jarl,4karl,2karl,4jarl,3karl,5jarl"
MAX_GAME_DECISIONS = 5000


def parse_tables(text: str) -> list[tuple[int, str]]:
    out = []
    for t in text.split(","):
        t = t.strip()
        if len(t) < 5 or not t[0].isdigit() or t[1:] not in ("karl", "jarl") \
                or not 2 <= int(t[0]) <= MAX_SEATS:
            raise ValueError(f"table {t!r}: a player count 2-5 then karl or jarl, e.g. 3jarl")
        out.append((int(t[0]), t[1:]))
    return out


def play_game(seed: int, n: int, mode: str, cards, sample: float, noise: float,
              max_eps: float) -> dict:
    """One self-play game's recorded positions: features and every seat's final VP."""
    rng = random.Random(seed * 7919 + 17)
    eps = rng.choice((0.0, max_eps / 2, max_eps))
    eps_until = rng.randint(1, 8)                  # random moves before this round only
    bots = [playout_policy(bot_seed(seed, i), noise=noise) for i in range(n)]
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=cards)
    globs, seats, meta = [], [], []
    last_round = -1
    k = 0
    while not is_over(st) and k < MAX_GAME_DECISIONS:
        if st.round != last_round or rng.random() < sample:
            g, rows = position_features(observe(st, None))
            pad = np.zeros((MAX_SEATS, N_PLAYER), dtype=np.float32)
            pad[:n] = rows
            globs.append(g)
            seats.append(pad)
            meta.append((k, st.round))
            last_round = st.round
        p = current_player(st)
        if eps and st.round < eps_until and rng.random() < eps:
            legal = legal_actions(st)
            a = legal[rng.randrange(len(legal))]
        else:
            a = bots[p].choose(st)
        st, _ = apply_action(st, a)
        k += 1
    if not is_over(st):
        return {"positions": 0}
    final = np.zeros(MAX_SEATS, dtype=np.float32)
    coins = np.zeros(MAX_SEATS, dtype=np.float32)
    for i, r in enumerate(st.result["scores"]):
        final[i] = r["total"]
        coins[i] = r["coins"]
    m = len(globs)
    return {"positions": m, "glob": np.array(globs, dtype=np.float32),
            "seats": np.array(seats, dtype=np.float32), "n": np.full(m, n, dtype=np.int8),
            "final": np.tile(final, (m, 1)), "coins": np.tile(coins, (m, 1)),
            "game": np.full(m, seed, dtype=np.int64),
            "decision": np.array([d for d, _ in meta], dtype=np.int32),
            "round": np.array([r for _, r in meta], dtype=np.int16),
            "rounds": np.full(m, st.round, dtype=np.int16)}


def shard_path(out: Path, idx: int) -> Path:
    return out / f"shard-{idx:05d}.npz"


def make_shard(args: tuple) -> tuple[int, int, float]:
    """Play shard `idx`'s games and write them (atomically); (idx, positions, seconds)."""
    out, idx, opts = args
    t0 = time.process_time()
    cards = load_cards()
    tables = parse_tables(opts["tables"])
    first = idx * opts["shard_games"]
    last = min(opts["games"], first + opts["shard_games"])
    parts = []
    for g in range(first, last):
        n, mode = tables[g % len(tables)]
        got = play_game(opts["seed"] + g, n, mode, cards, opts["sample"], opts["noise"],
                        opts["epsilon"])
        if got["positions"]:
            parts.append(got)
    keys = ("glob", "seats", "n", "final", "coins", "game", "decision", "round", "rounds")
    data = {k: np.concatenate([p[k] for p in parts]) for k in keys}
    data["glob"] = data["glob"].astype(np.float16)
    data["seats"] = data["seats"].astype(np.float16)
    path = shard_path(Path(out), idx)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **data)
    os.replace(tmp, path)
    return idx, len(data["n"]), time.process_time() - t0


def generate(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        parse_tables(args.tables)
    except ValueError as e:
        print(f"train_value: {e}", file=sys.stderr)
        return 2
    if args.games < 1 or args.shard_games < 1 or args.workers < 1:
        print("train_value: --games, --shard-games and --workers must be at least 1",
              file=sys.stderr)
        return 2
    opts = {"format": FORMAT, "games": args.games, "seed": args.seed, "tables": args.tables,
            "sample": args.sample, "noise": args.noise, "epsilon": args.epsilon,
            "shard_games": args.shard_games, "features": [N_GLOBAL, N_PLAYER]}
    out.mkdir(parents=True, exist_ok=True)
    meta = out / "meta.json"
    if meta.exists():
        try:
            old = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = None
        if old != opts:
            print(f"train_value: {out} holds data made with other options; "
                  "choose another --out", file=sys.stderr)
            return 2
    else:
        meta.write_text(json.dumps(opts, indent=1), encoding="utf-8")
    shards = -(-args.games // args.shard_games)
    todo = [i for i in range(shards) if not shard_path(out, i).exists()]
    print(f"{shards - len(todo)} of {shards} shards on disk; {len(todo)} to play", flush=True)
    deadline = time.monotonic() + 60 * args.minutes
    t0 = time.monotonic()
    done = positions = 0
    jobs = ((str(out), i, opts) for i in todo)
    if args.workers == 1:
        results = map(make_shard, jobs)
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(args.workers)
        results = pool.imap_unordered(make_shard, jobs)
    try:
        for idx, m, cpu in results:
            done += 1
            positions += m
            print(f"shard {idx}: {m} positions, {cpu:.1f} CPU s "
                  f"({done}/{len(todo)}, {time.monotonic() - t0:.0f} s)", flush=True)
            if time.monotonic() > deadline:
                print("time limit reached: run again to resume", flush=True)
                break
    finally:
        if pool is not None:
            pool.terminate()
    print(f"wrote {done} shards, {positions} positions in {time.monotonic() - t0:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="self-play positions with final scores, in shards")
    g.add_argument("--games", type=int, required=True)
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--tables", default=TABLES)
    g.add_argument("--sample", type=float, default=0.03,
                   help="chance a decision's position is recorded (besides each round's first)")
    g.add_argument("--noise", type=float, default=0.35, help="the policy's placement noise")
    g.add_argument("--epsilon", type=float, default=0.06,
                   help="the largest per-game chance of a random legal action")
    g.add_argument("--shard-games", type=int, default=100)
    g.add_argument("--minutes", type=float, default=60.0, help="start no shard after this")
    g.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        return generate(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
