"""Train the value model (jorvik.bots.value) by self-play: generate, train, evaluate.

The shipped model (docs/value-model.md) is a main network made by distillation from the
first model (MAIN: commit 575a5a8's src/jorvik/data/value-model.json),

    uv run python tools/train_value.py export-teacher --commit 7a2ce70 --out TEACHER
    nice -n 10 uv run python tools/train_value.py generate --games 8300 --seed 1000000 \
        --out DATA --minutes 30 --workers 2 --shard-games 20 --sample 0.25 --teacher TEACHER
    uv run python tools/train_value.py train --data DATA --seed 1 --target teacher \
        --epochs 3 --out MAIN
    uv run python tools/train_value.py evaluate --data DATA

plus an endgame head: a linear correction of what MAIN misses in the last three rounds,
learnt from positions labelled by replays (each position's public view played out again
with the hidden deck and bag redrawn; the mean, with the game's own end as one more), and
folded into MAIN's linear parts of those rounds:

    git show 575a5a8:src/jorvik/data/value-model.json > MAIN
    T=3jarl,4karl,3jarl,4karl,2karl,4jarl,3karl,5jarl
    nice -n 10 uv run python tools/train_value.py generate --games 32 --seed 3100000 \
        --out END4 --tables $T --sample 0.04 --replays 4 --last 2 --shard-games 8 --workers 1
    nice -n 10 uv run python tools/train_value.py generate --games 768 --seed 3200000 \
        --out END2 --tables $T --sample 0.04 --replays 2 --last 2 --shard-games 8 --workers 1
    uv run python tools/train_value.py train --data END4,END2 --seed 1 --target replays \
        --residual-of MAIN --layers 0 --epochs 0 --ridge 10000 --validate-on target --out HEAD
    uv run python tools/train_value.py combine --main MAIN --head HEAD --data END4,END2 \
        --out src/jorvik/data/value-model.json

generate: game g (0 <= g < games) has seed `seed + g`, its table `tables[g % len(tables)]`;
every seat plays the search's play-out policy (the `normal` heuristic with its placement
noise) and, until a round drawn per game, a random legal action with a chance drawn per game
(so positions vary). Recorded: the first position of every round and each other decision
with chance `--sample`, as the public view's features (jorvik.bots.value.features; never the
deck's or the bag's order) with every seat's final VP and coins, the heuristic's value of
every seat (player_value, the search's cut before the model) and, with --teacher, the
teacher's expected margin of every seat. Games are written in shards of `--shard-games`
games, each a pure function of (seed, shard, options) and written atomically: a run stopped
(by --minutes or a kill) is resumed by running it again, and shards already on disk are
skipped. `--workers` runs shards in parallel processes.

train --target: "margin" (each seat's final margin), "vp", "teacher" (the teacher's margin:
far less noisy than one game's end, so far fewer games teach as much) or "blend" (their
mean); the epoch is chosen by the error against the games' final margins.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

# one core, and the same sums in the same order on every run (reproducible from the seed):
# set before numpy is first imported
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
import numpy as np  # noqa: E402

from jorvik.bots.knowledge import Ctx, player_value  # noqa: E402
from jorvik.bots.knowledge.values import COIN_TIEBREAK, final_margin  # noqa: E402
from jorvik.bots.playout import bot_seed  # noqa: E402
from jorvik.bots.policy import playout_policy  # noqa: E402
from jorvik.bots.value.features import (  # noqa: E402
    GLOBAL,
    MAX_SEATS,
    N_FEATURES,
    N_GLOBAL,
    N_PLAYER,
    perspectives,
    position_features,
)
from jorvik.bots.value.model import (  # noqa: E402
    BUCKETS,
    ModelFileError,
    ValueModel,
    bucket_of,
    load_model,
    model_from_json,
    read_model,
)
from jorvik.carddata import load_cards  # noqa: E402
from jorvik.engine import (  # noqa: E402
    apply_action,
    current_player,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
)

FORMAT = "jorvik-value-data-2"
# a shard's arrays: the features, the player counts, every seat's final VP and coins, the
# heuristic's value of every seat (player_value: the search's cut before the model, to
# compare with), the game's seed, the decision and round of the position, the game's rounds
KEYS = ("glob", "seats", "n", "final", "coins", "cut", "teacher", "game", "decision", "round",
        "rounds")
TABLES = "3jarl,4karl,2karl,4jarl,3karl,5jarl"
MAX_GAME_DECISIONS = 5000
_G_LEFT = GLOBAL.index("rounds_left")
_EMPTY = (("glob", (N_GLOBAL,), np.float32), ("seats", (MAX_SEATS, N_PLAYER), np.float32),
          ("n", (), np.int8), ("final", (MAX_SEATS,), np.float32),
          ("coins", (MAX_SEATS,), np.float32), ("cut", (MAX_SEATS,), np.float32),
          ("teacher", (MAX_SEATS,), np.float32), ("game", (), np.int64),
          ("decision", (), np.int32), ("round", (), np.int16), ("rounds", (), np.int16))


def parse_tables(text: str) -> list[tuple[int, str]]:
    out = []
    for t in text.split(","):
        t = t.strip()
        if len(t) < 5 or not t[0].isdigit() or t[1:] not in ("karl", "jarl") \
                or not 2 <= int(t[0]) <= MAX_SEATS:
            raise ValueError(f"table {t!r}: a player count 2-5 then karl or jarl, e.g. 3jarl")
        out.append((int(t[0]), t[1:]))
    return out


TEACHER_FILES = {"oldvalue/features.py": "src/jorvik/bots/value/features.py",
                 "oldvalue/model.py": "src/jorvik/bots/value/model.py",
                 "value-model.json": "src/jorvik/data/value-model.json"}


def export_teacher(args: argparse.Namespace) -> int:
    """Write an earlier commit's model and its feature code as a teacher folder (git show;
    its package-relative imports made absolute), e.g. the first model: --commit 7a2ce70."""
    import subprocess
    out = Path(args.out)
    (out / "oldvalue").mkdir(parents=True, exist_ok=True)
    (out / "oldvalue" / "__init__.py").write_text("", encoding="utf-8")
    for name, path in TEACHER_FILES.items():
        try:
            text = subprocess.run(["git", "show", f"{args.commit}:{path}"], check=True,
                                  capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError):
            print(f"train_value: cannot read {path} at {args.commit} (git show)",
                  file=sys.stderr)
            return 2
        (out / name).write_text(text.replace("from ..knowledge", "from jorvik.bots.knowledge"),
                                encoding="utf-8")
    print(f"wrote the teacher of {args.commit} to {out}")
    return 0


def load_teacher(folder: str) -> Any:
    """The teacher (--teacher): an earlier model and the code of its features, from a folder
    holding the package ``oldvalue`` (its features.py and model.py) and its
    ``value-model.json``. Its `margins(view)` label every recorded position."""
    sys.path.insert(0, folder)
    from oldvalue.model import read_model as read_old  # type: ignore[import-not-found]
    return read_old(Path(folder) / "value-model.json")


def replay_margins(st: Any, replays: int, seed: int, noise: float) -> np.ndarray:
    """Every seat's mean final margin over `replays` play-outs of the public view of `st`
    with the hidden deck and bag redrawn (engine.determinize) and other play-out seeds: the
    noise floor's own estimate of the position, a far steadier label than one game's end."""
    rng = random.Random(seed)
    view = observe(st, None)
    total = np.zeros(st.n)
    for _ in range(replays):
        s = determinize(view, rng)
        bots = [playout_policy(rng.randrange(1 << 30), noise=noise) for _ in range(st.n)]
        k = 0
        while not is_over(s) and k < MAX_GAME_DECISIONS:
            s, _ = apply_action(s, bots[current_player(s)].choose(s))
            k += 1
        if not is_over(s):
            return np.full(st.n, np.nan)
        total += [final_margin(s.result, i) for i in range(st.n)]
    return total / replays


def play_game(seed: int, n: int, mode: str, cards, sample: float, noise: float,
              max_eps: float, teacher: Any = None, replays: int = 0,
              last: int | None = None) -> dict:
    """One self-play game's recorded positions: features, every seat's final VP, the
    heuristic's value of every seat (player_value) and, with a teacher, its margins, or
    with `replays`, the mean final margin of that many play-outs of the position's public
    view (replay_margins, in the "teacher" column). With `last`, only positions with at
    most that many rounds left after theirs are recorded (an endgame data set)."""
    rng = random.Random(seed * 7919 + 17)
    eps = rng.choice((0.0, max_eps / 2, max_eps))
    eps_until = rng.randint(1, 8)                  # random moves before this round only
    bots = [playout_policy(bot_seed(seed, i), noise=noise) for i in range(n)]
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=cards)
    globs, seats, cuts, taught, meta = [], [], [], [], []
    last_round = -1
    k = 0
    while not is_over(st) and k < MAX_GAME_DECISIONS:
        record = st.round != last_round or rng.random() < sample
        if record and last is not None:
            view = observe(st, None).state
            g, rows = position_features(view)
            record = g[_G_LEFT] <= last
        elif record:
            view = observe(st, None).state
            g, rows = position_features(view)
        if record:
            pad = np.zeros((MAX_SEATS, N_PLAYER), dtype=np.float32)
            pad[:n] = rows
            globs.append(g)
            seats.append(pad)
            cut = np.zeros(MAX_SEATS, dtype=np.float32)
            told = np.zeros(MAX_SEATS, dtype=np.float32)
            if teacher is not None:   # its features hold player_value of every seat
                from oldvalue.features import _P as old_p  # type: ignore[import-not-found]
                from oldvalue.features import position_features as old_features
                from oldvalue.features import table_rows as old_rows
                og, orows = old_features(view)
                cut[:n] = orows[:, old_p["heuristic_value"]]
                told[:n] = teacher.margins(view) if teacher.target == "vp" else \
                    teacher.predict(old_rows(og, orows))
            else:
                ctx = Ctx(view)
                cut[:n] = [player_value(ctx, i) for i in range(n)]
            if replays:
                told[:n] = replay_margins(st, replays, seed * 104729 + k, noise)
            cuts.append(cut)
            taught.append(told)
            meta.append((k, st.round))
        if st.round != last_round:
            last_round = st.round
        p = current_player(st)
        if eps and st.round < eps_until and rng.random() < eps:
            legal = legal_actions(st)
            a = legal[rng.randrange(len(legal))]
        else:
            a = bots[p].choose(st)
        st, _ = apply_action(st, a)
        k += 1
    if not is_over(st) or not globs or not np.all(np.isfinite(taught)):
        return {"positions": 0}
    final = np.zeros(MAX_SEATS, dtype=np.float32)
    coins = np.zeros(MAX_SEATS, dtype=np.float32)
    for i, r in enumerate(st.result["scores"]):
        final[i] = r["total"]
        coins[i] = r["coins"]
    m = len(globs)
    return {"positions": m, "glob": np.array(globs, dtype=np.float32),
            "seats": np.array(seats, dtype=np.float32), "n": np.full(m, n, dtype=np.int8),
            "cut": np.array(cuts, dtype=np.float32),
            "teacher": np.array(taught, dtype=np.float32),
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
    teacher = load_teacher(opts["teacher"]) if opts.get("teacher") else None
    first = idx * opts["shard_games"]
    last = min(opts["games"], first + opts["shard_games"])
    parts = []
    for g in range(first, last):
        n, mode = tables[g % len(tables)]
        got = play_game(opts["seed"] + g, n, mode, cards, opts["sample"], opts["noise"],
                        opts["epsilon"], teacher, opts.get("replays", 0), opts.get("last"))
        if got["positions"]:
            parts.append(got)
    keys = KEYS
    if not parts:
        parts.append({k: np.zeros((0,) + shape, dtype=dt) for k, shape, dt in _EMPTY})
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
            "shard_games": args.shard_games, "features": [N_GLOBAL, N_PLAYER],
            "teacher": args.teacher}
    if args.replays or args.last is not None:   # kept out of older folders' options
        opts.update(replays=args.replays, last=args.last)
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


# ---------------------------------------------------------------------------- training



def load_data(folder: str | Path, limit: int | None = None) -> dict[str, np.ndarray]:
    """Every shard of a generated folder (or of several, "A,B"), in shard order (at most
    `limit` shards a folder); "replays" holds each position's number of replays (its
    folder's --replays)."""
    parts: dict[str, list] = {k: [] for k in KEYS + ("replays",)}
    for one in str(folder).split(","):
        paths = sorted(Path(one).glob("shard-[0-9][0-9][0-9][0-9][0-9].npz"))[:limit]
        if not paths:
            raise ValueError(f"no shards in {one}")
        try:
            k_rep = int(json.loads((Path(one) / "meta.json").read_text(encoding="utf-8"))
                        .get("replays", 0))
        except (OSError, ValueError, TypeError, AttributeError):
            k_rep = 0
        for path in paths:
            with np.load(path, allow_pickle=False) as d:
                for k in KEYS:
                    parts[k].append(d[k])
                parts["replays"].append(np.full(len(d["n"]), k_rep, dtype=np.int16))
    data = {k: np.concatenate(v) for k, v in parts.items()}
    data["glob"] = data["glob"].astype(np.float32)
    data["seats"] = data["seats"].astype(np.float32)
    return data


def seat_pairs(data: dict[str, np.ndarray], mask: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
    """(position index, seat) of every seat of every position (of `mask`)."""
    n = data["n"].astype(np.int64)
    pos = np.arange(len(n)) if mask is None else np.flatnonzero(mask)
    i = np.repeat(pos, n[pos])
    first = np.repeat(np.cumsum(n[pos]) - n[pos], n[pos])
    p = np.arange(len(i)) - first
    return i, p


def rows_of(data: dict[str, np.ndarray], i: np.ndarray, p: np.ndarray) -> np.ndarray:
    return perspectives(data["glob"][i], data["seats"][i], data["n"][i], p)


class Net:
    """The network while it trains (float64 weights, Adam)."""

    def __init__(self, sizes: list[int], rng: np.random.Generator):
        self.w = [rng.normal(0.0, math.sqrt(2.0 / a), (a, b)) for a, b in itertools.pairwise(sizes)]
        self.b = [np.zeros(b) for b in sizes[1:]]
        self.m = [np.zeros_like(x) for x in self.w + self.b]
        self.v = [np.zeros_like(x) for x in self.w + self.b]
        self.t = 0
        self.linear = np.zeros((BUCKETS, sizes[0]))

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        hs = [x]
        h = x
        last = len(self.w) - 1
        for k, (w, b) in enumerate(zip(self.w, self.b)):
            h = h @ w + b
            if k < last:
                h = np.maximum(h, 0.0)
            hs.append(h)
        return h[:, 0], hs

    def step(self, x: np.ndarray, y: np.ndarray, lr: float, l2: float) -> float:
        out, hs = self.forward(x)
        err = out - y
        g = (2.0 / len(y)) * err[:, None]
        gw, gb = [], []
        for k in range(len(self.w) - 1, -1, -1):
            gw.append(hs[k].T @ g + l2 * self.w[k])
            gb.append(g.sum(axis=0))
            if k:
                g = (g @ self.w[k].T) * (hs[k] > 0)
        grads = gw[::-1] + gb[::-1]
        self.t += 1
        b1, b2 = 0.9, 0.999
        for x_, gr, m, v in zip(self.w + self.b, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * gr
            v *= b2
            v += (1 - b2) * gr * gr
            x_ -= lr * (m / (1 - b1 ** self.t)) / (np.sqrt(v / (1 - b2 ** self.t)) + 1e-8)
        return float(np.mean(err * err))


def is_validation(game: np.ndarray) -> np.ndarray:
    """The games kept out of training to choose the epoch (one in ten, by seed)."""
    return game % 10 == 9


def margins(values: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Each seat's margin (knowledge.margin_of: own value minus the mean of the best rival's
    and the rivals' mean) from values (m × MAX_SEATS, empty seats ignored)."""
    m = values.shape[0]
    k = np.arange(MAX_SEATS)
    valid = k[None, :] < n[:, None]
    out = np.zeros_like(values)
    for p in range(MAX_SEATS):
        others = valid & (k[None, :] != p)
        best = np.where(others, values, -np.inf).max(axis=1)
        mean = np.where(others, values, 0.0).sum(axis=1) / np.maximum(1, others.sum(axis=1))
        out[:, p] = values[:, p] - 0.5 * best - 0.5 * mean
    out[~valid] = 0.0
    del m
    return out


def targets(data: dict[str, np.ndarray], target: str) -> np.ndarray:
    """What the model learns of each seat (positions × MAX_SEATS): its final VP ("vp"), its
    final margin ("margin": knowledge.final_margin, coins breaking ties), or the teacher's
    expected margin ("teacher"; generate --teacher), or their mean ("blend"), or with
    generate --replays the mean of the replays and the game's own end ("replays")."""
    if target == "vp":
        return data["final"].astype(np.float64)
    if target == "teacher":
        return data["teacher"].astype(np.float64)
    if target == "blend":
        return 0.5 * (data["teacher"].astype(np.float64) + targets(data, "margin"))
    if target == "replays":   # the replays' mean and the game's own end, as one more replay
        k = data["replays"].astype(np.float64)[:, None]
        return (k * data["teacher"].astype(np.float64) + targets(data, "margin")) / (k + 1)
    return margins(data["final"] + COIN_TIEBREAK * data["coins"], data["n"].astype(np.int64))


def predict_all(model: Any, data: dict[str, np.ndarray], mask: np.ndarray,
                batch: int = 8192) -> np.ndarray:
    """The model's values (positions of `mask` × MAX_SEATS) of every seat."""
    i, p = seat_pairs(data, mask)
    out = np.zeros((len(data["n"]), MAX_SEATS))
    for s in range(0, len(i), batch):
        out[i[s:s + batch], p[s:s + batch]] = model.predict(rows_of(data, i[s:s + batch],
                                                                    p[s:s + batch]))
    return out[mask]


def train(args: argparse.Namespace) -> int:
    t0 = time.process_time()
    w0 = time.monotonic()
    try:
        data = load_data(args.data, args.shards)
    except (OSError, ValueError) as e:
        print(f"train_value: {e}", file=sys.stderr)
        return 2
    rng = np.random.default_rng(args.seed)
    val = is_validation(data["game"])
    ti, tp = seat_pairs(data, ~val)
    vi, vp = seat_pairs(data, val)
    if not len(vi) or not len(ti):
        print("train_value: the data needs training games and validation games (seeds "
              "ending in 9)", file=sys.stderr)
        return 2
    target = targets(data, args.target)
    if args.residual_of:   # learn what another model misses: the target minus its value
        try:
            under = read_model(args.residual_of)
        except ModelFileError as e:
            print(f"train_value: {e}", file=sys.stderr)
            return 2
        target = target - predict_all(under, data, np.ones(len(data["n"]), bool))
    y = target[ti, tp].astype(np.float64)
    sample = rng.choice(len(ti), size=min(len(ti), 50_000), replace=False)
    xs = rows_of(data, ti[sample], tp[sample]).astype(np.float64)
    mean = xs.mean(axis=0)
    scale = xs.std(axis=0)
    scale[scale < 1e-3] = 1.0
    y_mean, y_scale = float(y.mean()), float(y.std())
    predicts = "vp" if args.target == "vp" else "margin"
    info0 = {"target": predicts, "base": "none", "trained_on": args.target}
    sizes = [N_FEATURES] + [args.hidden] * args.layers + [1]
    if args.init:
        try:
            init = read_model(args.init)
        except ModelFileError as e:
            print(f"train_value: {e}", file=sys.stderr)
            return 2
        sizes = [N_FEATURES] + [w.shape[1] for w, _ in init.layers]
    net = Net(sizes, rng)
    net.w[-1][:] = 0.0   # the network starts at the linear part's values
    if args.init:   # ... or at the init model, its linear parts corrected by ridge regression
        mean = init.mean.astype(np.float64)
        scale = 1.0 / init.inv.astype(np.float64)
        y_mean, y_scale = init.y_mean, init.y_scale
        net.w = [w.astype(np.float64) for w, _ in init.layers]
        net.b = [b.astype(np.float64) for _, b in init.layers]
        net.m = [np.zeros_like(x) for x in net.w + net.b]
        net.v = [np.zeros_like(x) for x in net.w + net.b]
        ys = (y - y_mean) / y_scale
        before = np.concatenate([init.predict(rows_of(data, ti[s:s + 8192], tp[s:s + 8192]))
                                 for s in range(0, len(ti), 8192)])
        linear = init.linear.astype(np.float64) + ridge(
            data, ti, tp, ys - (before - y_mean) / y_scale, mean, scale, args.ridge)
    else:
        ys = (y - y_mean) / y_scale
        linear = ridge(data, ti, tp, ys, mean, scale, args.ridge)
    net.linear = linear
    print(f"{len(data['n'])} positions of {len(np.unique(data['game']))} games; "
          f"{len(ti)} training rows, {len(vi)} validation rows; net {sizes}", flush=True)
    # the epoch is chosen by the error against what the games did (the final VP or margin),
    # or with --validate-on target against the training target (replay means: steadier)
    vy = (target if args.validate_on == "target" else
          targets(data, predicts) - (target - targets(data, args.target)))[vi, vp]
    best = (math.inf, None, 0)
    for epoch in range(args.epochs + 1):
        lr = args.lr * (0.5 ** (max(0, epoch - 1) // max(1, args.halve)))
        order = rng.permutation(len(ti)) if epoch else np.arange(0)
        losses = [0.0]
        for s in range(0, len(order), args.batch):
            b = order[s:s + args.batch]
            rows = rows_of(data, ti[b], tp[b])
            x = (rows - mean) / scale
            losses.append(net.step(x, ys[b] - linear_part(rows, x, linear), lr, args.l2))
        model = to_model(net, mean, scale, y_mean, y_scale, info0)
        pred = np.concatenate([model.predict(rows_of(data, vi[s:s + 8192], vp[s:s + 8192]))
                               for s in range(0, len(vi), 8192)])
        vmse = float(np.mean((pred - vy) ** 2))
        print(f"epoch {epoch}: train {np.mean(losses) * y_scale ** 2:.2f} VP², "
              f"validation {vmse:.2f} VP² (lr {lr:.2g}, {time.monotonic() - w0:.0f} s)",
              flush=True)
        if vmse < best[0]:
            best = (vmse, [w.copy() for w in net.w] + [b.copy() for b in net.b], epoch)
    k = len(net.w)
    net.w, net.b = best[1][:k], best[1][k:]
    meta = [json.loads((Path(d) / "meta.json").read_text(encoding="utf-8"))
            for d in str(args.data).split(",")]
    info = {"target": predicts, "base": "none", "trained_on": args.target, "data": meta,
            "positions": len(data["n"]),
            "games": len(np.unique(data["game"])), "training_rows": len(ti),
            "validation_rows": len(vi), "validation_mse": round(best[0], 3),
            "epoch": best[2], "seed": args.seed, "hidden": sizes[1], "layers": len(sizes) - 2,
            "epochs": args.epochs, "lr": args.lr, "batch": args.batch, "l2": args.l2,
            "ridge": args.ridge, "validate_on": args.validate_on, "init": args.init,
            "residual_of": args.residual_of,
            "cpu_seconds": round(time.process_time() - t0, 1)}
    model = to_model(net, mean, scale, y_mean, y_scale, info)
    text = json.dumps(model.to_json(), separators=(",", ":"))
    out = Path(args.out)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)
    print(f"best epoch {best[2]}: validation {best[0]:.2f} VP²; wrote {out} "
          f"({len(text) / 1024:.0f} kB, {info['cpu_seconds']} CPU s)")
    return 0


def evaluate(args: argparse.Namespace) -> int:
    """Per rounds before the end: the squared error of the model's margin and of the cut
    value's (player_value, kept with every position) against the final margin, on the
    validation games of a data folder (or every game with --all)."""
    try:
        data = load_data(args.data, args.shards)
        model = read_model(args.model) if args.model else load_model()
    except (OSError, ValueError, ModelFileError) as e:
        print(f"train_value: {e}", file=sys.stderr)
        return 2
    mask = np.ones(len(data["n"]), bool) if args.all else is_validation(data["game"])
    n = data["n"][mask].astype(np.int64)
    truth = targets(data, "margin")[mask]
    pred = predict_all(model, data, mask)
    if model.target == "vp":
        pred = margins(pred, n)
    cut = margins(data["cut"][mask].astype(np.float64), n)
    valid = np.arange(MAX_SEATS)[None, :] < n[:, None]
    left = (data["rounds"] - data["round"])[mask]
    print(f"{int(mask.sum())} positions of {len(np.unique(data['game'][mask]))} games "
          f"(model target {model.target})")
    print(f"{'rounds to end':>13} {'seats':>7} {'cut':>8} {'model':>8}")
    for k in sorted(set(left.tolist())):
        sel = (left == k)[:, None] & valid
        e_cut = float(np.mean((cut - truth)[sel] ** 2))
        e_mod = float(np.mean((pred - truth)[sel] ** 2))
        print(f"{k:13d} {int(sel.sum()):7d} {e_cut:8.2f} {e_mod:8.2f}")
    e_cut = float(np.mean((cut - truth)[valid] ** 2))
    e_mod = float(np.mean((pred - truth)[valid] ** 2))
    print(f"{'all':>13} {int(valid.sum()):7d} {e_cut:8.2f} {e_mod:8.2f}")
    return 0


def combine(args: argparse.Namespace) -> int:
    """Write --main with --head as its endgame head (model.ValueModel.with_endgame), valuing
    the rounds left where, on the endgame data's validation games, the head's squared error
    against the replay means is below the main model's (or --rounds-left)."""
    try:
        main_model = read_model(args.main)
        head = read_model(args.head)
        data = load_data(args.data)
    except (OSError, ValueError, ModelFileError) as e:
        print(f"train_value: {e}", file=sys.stderr)
        return 2
    val = is_validation(data["game"])
    n = data["n"][val].astype(np.int64)
    valid = np.arange(MAX_SEATS)[None, :] < n[:, None]
    label = data["teacher"][val].astype(np.float64)
    final = targets(data, "margin")[val]
    a = predict_all(main_model, data, val)
    b = predict_all(head, data, val)
    adds = bool(head.info.get("residual_of"))
    if adds:
        b = a + b
    left = data["glob"][val][:, _G_LEFT].astype(np.int64)
    chosen = []
    print(f"{'rounds left':>11} {'seats':>6} {'main':>8} {'head':>8}  (against the replay "
          f"means; against the final margins)")
    for k in sorted(set(left.tolist())):
        sel = (left == k)[:, None] & valid
        ea, eb = (float(np.mean((x - label)[sel] ** 2)) for x in (a, b))
        fa, fb = (float(np.mean((x - final)[sel] ** 2)) for x in (a, b))
        print(f"{k:11d} {int(sel.sum()):6d} {ea:8.2f} {eb:8.2f}  ({fa:.2f} {fb:.2f})")
        if eb < ea:
            chosen.append(k)
    if args.rounds_left is not None:
        try:
            chosen = [int(x) for x in args.rounds_left.split(",")]
        except ValueError:
            print("train_value: --rounds-left: numbers such as 0,1,2", file=sys.stderr)
            return 2
    if not chosen:
        print("train_value: the head is better at no rounds left; nothing written",
              file=sys.stderr)
        return 1
    # the files' own numbers (5 significant digits), not float32's longer decimals
    data_json = json.loads(Path(args.main).read_text(encoding="utf-8"))
    head_json = json.loads(Path(args.head).read_text(encoding="utf-8"))
    data_json["endgame"] = {k: head_json[k] for k in ("mean", "scale", "linear", "layers",
                                                      "y_mean", "y_scale")}
    data_json["endgame"]["rounds_left"] = chosen
    data_json["endgame"]["adds"] = adds
    data_json["info"] = {**main_model.info, "endgame": {**head.info, "rounds_left": chosen}}
    data_json["info"].pop("endgame_of", None)
    model_from_json(data_json, "combined model")   # checks it reads back
    text = json.dumps(data_json, separators=(",", ":"))
    out = Path(args.out)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)
    print(f"the head values rounds left {chosen}; wrote {out} ({len(text) / 1024:.0f} kB)")
    return 0


def upgrade(args: argparse.Namespace) -> int:
    """Write a model file made for fewer inputs as one for today's features: every input
    it knew keeps its scaling and weights (matched by name), every new input gets scale 1
    and weight 0, so the model values every position as before (a head trained on the new
    inputs then adds what they say: combine)."""
    from jorvik.bots.value.model import feature_names
    try:
        raw = json.loads(Path(args.model).read_text(encoding="utf-8"))
        old = raw["features"]
        where = {name: k for k, name in enumerate(old)}
        names = feature_names()
        take = [where.get(name, -1) for name in names]

        def remap(column: list, fill: float) -> list:
            return [column[k] if k >= 0 else fill for k in take]
        raw["mean"] = remap(raw["mean"], 0.0)
        raw["scale"] = remap(raw["scale"], 1.0)
        raw["linear"] = [remap(row, 0.0) for row in raw["linear"]]
        w = raw["layers"][0]["w"]
        raw["layers"][0]["w"] = [w[k] if k >= 0 else [0.0] * len(w[0]) for k in take]
        raw["features"] = names
        raw.setdefault("info", {})["upgraded_from"] = len(old)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        print(f"train_value: {args.model}: cannot upgrade ({e})", file=sys.stderr)
        return 2
    try:
        model_from_json(raw, "upgraded model")
    except ModelFileError as e:
        print(f"train_value: {e.message}", file=sys.stderr)
        return 2
    text = json.dumps(raw, separators=(",", ":"))
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"{len(names) - sum(k >= 0 for k in take)} new inputs; wrote {args.out}")
    return 0


def ridge(data, ti, tp, ys, mean, scale, lam: float, batch: int = 32768) -> np.ndarray:
    """The linear parts: for each stage of the game (model.bucket_of), ridge regression of
    the standardised target on the standardised inputs (penalty `lam`), summed over batches."""
    a = np.zeros((BUCKETS, N_FEATURES, N_FEATURES))
    c = np.zeros((BUCKETS, N_FEATURES))
    for s in range(0, len(ti), batch):
        rows = rows_of(data, ti[s:s + batch], tp[s:s + batch])
        z = (rows - mean) / scale
        k = bucket_of(rows)
        for b in range(BUCKETS):
            zb = z[k == b]
            a[b] += zb.T @ zb
            c[b] += zb.T @ ys[s:s + batch][k == b]
    return np.stack([np.linalg.solve(a[b] + lam * np.eye(N_FEATURES), c[b])
                     for b in range(BUCKETS)])


def linear_part(rows: np.ndarray, z: np.ndarray, linear: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", z, linear[bucket_of(rows)])


def to_model(net: Net, mean, scale, y_mean, y_scale, info) -> ValueModel:
    """The trained net as a ValueModel, rounded as its file keeps it."""
    data = ValueModel(mean, scale, list(zip(net.w, net.b)), y_mean, y_scale, info,
                      net.linear).to_json()
    data = json.loads(json.dumps(_rounded(data)))
    return model_from_json(data, "trained model")


def _rounded(x: Any) -> Any:
    if isinstance(x, float):
        return float(f"{x:.5g}")
    if isinstance(x, list):
        return [_rounded(v) for v in x]
    if isinstance(x, dict):
        return {k: _rounded(v) for k, v in x.items()}
    return x


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
    g.add_argument("--teacher", default=None,
                   help="a folder with an earlier model to label the positions (load_teacher)")
    g.add_argument("--replays", type=int, default=0,
                   help="label each position by the mean margin of this many play-outs of "
                        "its public view (replay_margins; train with --target teacher)")
    g.add_argument("--last", type=int, default=None,
                   help="record only positions with at most this many rounds left after "
                        "theirs (an endgame data set)")
    t = sub.add_parser("train", help="train the network on generated data")
    t.add_argument("--data", required=True)
    t.add_argument("--out", required=True)
    t.add_argument("--seed", type=int, required=True)
    t.add_argument("--shards", type=int, default=None, help="use only the first shards")
    t.add_argument("--target", choices=("margin", "vp", "teacher", "blend", "replays"),
                   default="margin",
                   help="what to learn (the model predicts a margin for all but vp)")
    t.add_argument("--hidden", type=int, default=48)
    t.add_argument("--layers", type=int, default=2)
    t.add_argument("--epochs", type=int, default=2)
    t.add_argument("--halve", type=int, default=3, help="halve the step every k epochs")
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--batch", type=int, default=512)
    t.add_argument("--l2", type=float, default=1e-5)
    t.add_argument("--ridge", type=float, default=3000.0, help="the linear parts' penalty")
    t.add_argument("--init", default=None,
                   help="start from this model file (its inputs' scaling and network; its "
                        "linear parts corrected by ridge regression on what it misses)")
    t.add_argument("--residual-of", default=None,
                   help="learn the target minus this model's value (an endgame head that "
                        "adds to it: combine)")
    t.add_argument("--validate-on", choices=("final", "target"), default="final",
                   help="choose the epoch by the error against the final margins or the "
                        "training target")
    u = sub.add_parser("upgrade", help="a model file of fewer inputs for today's features")
    u.add_argument("--model", required=True)
    u.add_argument("--out", required=True)
    c = sub.add_parser("combine", help="a model with an endgame head (train on --last data)")
    c.add_argument("--main", required=True, help="the model valuing the other positions")
    c.add_argument("--head", required=True, help="a model trained on an endgame data set")
    c.add_argument("--data", required=True, help="the endgame data set (its validation games "
                   "choose the rounds left the head values)")
    c.add_argument("--out", required=True)
    c.add_argument("--rounds-left", default=None,
                   help="the rounds left the head values, e.g. 0,1,2 (default: each where it "
                        "is closer to the replay means than the main model)")
    x = sub.add_parser("export-teacher", help="an earlier commit's model as a --teacher folder")
    x.add_argument("--commit", required=True)
    x.add_argument("--out", required=True)
    e = sub.add_parser("evaluate", help="the model's and the cut value's error per round")
    e.add_argument("--data", required=True)
    e.add_argument("--model", default=None, help="a model file (default: the shipped one)")
    e.add_argument("--shards", type=int, default=None)
    e.add_argument("--all", action="store_true", help="every game, not the validation games")
    args = ap.parse_args(argv)
    if args.cmd == "evaluate":
        return evaluate(args)
    if args.cmd == "export-teacher":
        return export_teacher(args)
    if args.cmd == "generate":
        return generate(args)
    if args.cmd == "train":
        return train(args)
    if args.cmd == "combine":
        return combine(args)
    if args.cmd == "upgrade":
        return upgrade(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
