"""Review and hint benchmark: are the judgements stable, and how long do they take?

    nice -n 10 uv run python bench/review.py --only time              # 4-player review, hints
    nice -n 10 uv run python bench/review.py --only stability         # two seeds, before/after
    nice -n 10 uv run python bench/review.py --only hints --positions 200
    nice -n 10 uv run python bench/review.py --only policy            # normal vs rollout
    ... --out [FILE]                 # append to FILE (default bench/results/review-DATE.txt)

The games: the two records in ../shared/positions/ (seat 0, the human, reviewed) and whole
games of `normal` bots at 2-5 players in both modes (--tables; seat 0 reviewed).

stability: the review twice with independent seeds (1 and 2); the top-5 lists should share
>= 4 of 5 decisions and each shared decision's two losses differ by <= 2 VP. "before" is
today's code before issue 36 (review.py of commit 237cebb, loaded from git), "after" the
current one, both at their default budgets.
hints: positions spread over those games; two hint runs (seeds 1 and 2) per position, on
--workers worker processes. Of the positions where the first run's best move leads the second
by >= 2 standard errors, the share where the second run names the same best move should be
>= 95%; "before" (today's hints on the same positions) is measured on the same set.
time: a whole 4-player Karl game's review (one seat reviewed, 2 workers; target <= 60 s on 2
cores), wall and CPU seconds; then hints at the 4-player positions of the hints' 200 (target
<= 2 s each), wall seconds on --workers warm worker processes and on one thread, and whether
the two gave the same hints.
policy: the play-out policy's worth per CPU second: on positions of a 4-player game, the
standard deviation of a paired difference and the CPU time of a draw for the normal bot and
the rollout policy, so the standard error a second of each buys.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import types
from datetime import UTC, datetime
from pathlib import Path

from jorvik import review as after
from jorvik.bots import play_out, seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import current_player, legal_actions, make_record, new_game
from report import heading, recorded, results_file  # bench/report.py

ROOT = Path(__file__).resolve().parent.parent
# the team's shared records: ../shared/positions/ beside the checkout (a worktree's is further up)
POSITIONS = next((d / "shared" / "positions" for d in ROOT.parents
                  if (d / "shared" / "positions").is_dir()), ROOT.parent / "shared" / "positions")
BEFORE_COMMIT = "237cebb"
TABLES = ["2karl", "2jarl", "3karl", "3jarl", "4karl", "4jarl", "5karl", "5jarl"]


def cpu() -> float:
    """CPU seconds of this process and its finished children (the review's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def before_module() -> types.ModuleType:
    """review.py as it was before issue 36, with today's record reader (the engine's replay
    moved); its judging code is unchanged."""
    src = subprocess.run(["git", "show", f"{BEFORE_COMMIT}:src/jorvik/review.py"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    mod = types.ModuleType("review_before")
    sys.modules["review_before"] = mod
    exec(compile(src, "review_before.py", "exec"), mod.__dict__)
    mod.states_of = after.states_of
    return mod


def bot_game(players: int, mode: str, seed: int) -> dict:
    st0 = new_game([f"P{i + 1}" for i in range(players)], mode=mode, seed=seed,
                   cards=load_cards())
    actions = []
    play_out(st0, seat_bots(["normal"] * players, seed),
             watch=lambda _before, a, _after: actions.append(a) and None)
    return make_record(st0, actions)


def games(tables: list[str], shared: bool) -> list[tuple[str, dict]]:
    out = []
    if shared:
        for path in sorted(POSITIONS.glob("*.json")):
            rec = json.loads(path.read_text(encoding="utf-8"))
            # recorded before the card file's hash changed (the cards are the same): today's
            rec["cards_hash"] = load_cards().hash
            out.append((path.stem, rec))
    for i, tab in enumerate(tables):
        n, mode = int(tab[0]), tab[1:]
        out.append((f"{n}p {mode} (normal bots, seed {40 + i})", bot_game(n, mode, 40 + i)))
    return out


# --------------------------------------------------------------------------- stability

def top(res, k: int = 5) -> dict[int, float]:
    return {d.index: d.loss for d in res.costliest(k)}


def compare(a: dict[int, float], b: dict[int, float]) -> tuple[int, int, float]:
    """(shared decisions, the longer list's length, the largest loss difference of a shared)"""
    shared = set(a) & set(b)
    worst = max((abs(a[i] - b[i]) for i in shared), default=0.0)
    return len(shared), max(len(a), len(b)), worst


def stability(args) -> None:
    print("== review stability: seeds 1 and 2, seat 0 reviewed; top-5 shared (of the longer "
          "list) and the largest loss difference of a shared decision; target >= 4/5, <= 2 VP")
    old = before_module() if not args.skip_before else None
    rows = {"before": [], "after": []}
    for name, rec in games(args.tables, True):
        line = f"{name:<38}"
        for label, mod in (("before", old), ("after", after)):
            if mod is None:
                continue
            t0, c0 = time.perf_counter(), cpu()
            kw = {"workers": args.workers} if mod is after else {}
            lists = [top(mod.review(rec, humans=[0], seed=s, **kw)) for s in (1, 2)]
            shared, length, worst = compare(*lists)
            rows[label].append((shared, length, worst))
            line += (f"  {label}: {shared}/{length} shared, max diff {worst:4.1f} VP "
                     f"({(cpu() - c0) / 2:.0f} CPU s, {(time.perf_counter() - t0) / 2:.0f} s "
                     f"a review)")
        print(line)
        sys.stdout.flush()
    for label, got in rows.items():
        if not got:
            continue
        ok = sum(1 for s, n, w in got if s >= min(4, n) and w <= 2.0)
        print(f"{label}: {ok} of {len(got)} games meet both (>= 4 of 5 shared, or all when a "
              f"list is shorter; shared losses within 2 VP); shared in all "
              f"{sum(s for s, _, _ in got)}/{sum(n for _, n, _ in got)}")


# --------------------------------------------------------------------------- hints

def hint_positions(count: int, tables: list[str], seed: int = 7) -> list:
    states_all = []
    for _, rec in games(tables, True):
        states, _ = after.states_of(rec)
        states_all.append([s for s in states[:-1]
                           if current_player(s) is not None and len(legal_actions(s)) > 1])
    rng = random.Random(seed)
    per = math.ceil(count / len(states_all))
    out = []
    for sts in states_all:
        out.extend(rng.sample(sts, min(per, len(sts))))
    rng.shuffle(out)
    return out[:count]


def warm_pool(workers: int):
    """A started hint pool of `workers` processes, their start-up and imports done."""
    pool = after.hint_pool(workers)
    pool.start()
    st = hint_positions(1, ["2karl"])[0]
    after.hints(st, seed=99, budget=2000, pool=pool)
    return pool


def hints(args) -> None:
    positions = hint_positions(args.positions, args.tables, args.position_seed)
    print(f"== hints: {len(positions)} positions from the games above (2-5 players, both modes "
          f"and the two shared records; drawn with seed {args.position_seed}); seeds 1 and 2, "
          f"{args.workers} worker process(es); "
          f"target: where run 1's best leads by >= 2 standard errors, run 2 names the same "
          f"best move in >= 95%")
    old = before_module() if not args.skip_before else None
    clear, agree_after, agree_before, agree_all, times = 0, 0, 0, 0, []
    pool = warm_pool(args.workers)
    for st in positions:
        t0, c0 = time.perf_counter(), cpu()
        a = after.hints(st, seed=1, pool=pool)
        times.append((time.perf_counter() - t0, cpu() - c0, st.n))
        b = after.hints(st, seed=2, pool=pool)
        same = a[0].action == b[0].action
        agree_all += same
        if a[0].clear:
            clear += 1
            agree_after += same
            if old is not None:
                x, y = old.hints(st, seed=1), old.hints(st, seed=2)
                agree_before += x[0].action == y[0].action
        done = len(times)
        if done % 25 == 0 and done < len(positions):
            print(f"  after {done} positions: clear {clear}, same best after {agree_after}, "
                  f"before {agree_before}; all {agree_all}")
            sys.stdout.flush()
    print(f"after:  clear leader in run 1 at {clear} of {len(positions)} positions; run 2 named "
          f"the same best move at {agree_after} of them ({agree_after / max(clear, 1):.1%}); "
          f"at all positions {agree_all} of {len(positions)} "
          f"({agree_all / max(len(positions), 1):.1%})")
    if old is not None:
        print(f"before: on the same {clear} positions, two runs of today's hints named the same "
              f"best move at {agree_before} ({agree_before / max(clear, 1):.1%})")
    pool.close()
    by_n = {}
    for wall, c, n in times:
        by_n.setdefault(n, []).append((wall, c))
    for n in sorted(by_n):
        w = [x for x, _ in by_n[n]]
        c = [y for _, y in by_n[n]]
        print(f"hint time at {n} players ({len(w)} hints): mean {statistics.mean(w):.2f} s, "
              f"max {max(w):.2f} s wall; mean {statistics.mean(c):.2f}, 90th percentile "
              f"{sorted(c)[int(0.9 * (len(c) - 1))]:.2f}, max {max(c):.2f} CPU s"
              + (" (this process: the workers' are not counted)" if args.workers > 1 else ""))


# --------------------------------------------------------------------------- time

def timing(args) -> None:
    rec = bot_game(4, "karl", args.seed)
    n = len(rec["actions"])
    print(f"== time: a whole 4-player Karl game (normal bots, seed {args.seed}, {n} actions), "
          f"{args.workers} workers; target <= 60 s on 2 cores")
    for humans in args.humans:
        t0, c0 = time.perf_counter(), cpu()
        res = after.review(rec, humans=range(humans), seed=1, workers=args.workers)
        wall, c = time.perf_counter() - t0, cpu() - c0
        fresh = sum(d.fresh for d in res.decisions)
        print(f"{humans} seat(s) reviewed: {len(res.decisions)} decisions, {fresh} judged again, "
              f"{len(res.costliest())} listed, {len(res.unsure)} unsure; {res.steps:,} moves "
              f"played; {wall:.1f} s wall, {c:.1f} CPU s")
        sys.stdout.flush()
    positions = [st for st in hint_positions(args.positions, args.tables) if st.n == 4]
    pool = warm_pool(args.workers)
    walls: dict[str, list[float]] = {f"{args.workers} warm worker process(es)": [],
                                     "one thread": []}
    on_pool, alone = walls.values()
    same = 0
    for st in positions:
        t0 = time.perf_counter()
        a = after.hints(st, seed=1, pool=pool)
        on_pool.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        b = after.hints(st, seed=1)
        alone.append(time.perf_counter() - t0)
        same += a == b
    pool.close()
    print(f"hints at the {len(positions)} 4-player positions of the hints' {args.positions} "
          f"(seed 1, budget {after.HINT_STEPS:,} moves; target <= 2 s):")
    for how, w in walls.items():
        print(f"  {how}: wall mean {statistics.mean(w):.2f} s, 90th percentile "
              f"{sorted(w)[int(0.9 * (len(w) - 1))]:.2f} s, max {max(w):.2f} s; "
              f"over 2 s: {sum(x > 2.0 for x in w)}")
    print(f"  the same hints on both at {same} of {len(positions)} positions")


# --------------------------------------------------------------------------- policy

def policy(args) -> None:
    from jorvik.bots.policy import NormalBot, rollout_policy
    rec = bot_game(4, "jarl", args.seed)
    states, actions = after.states_of(rec)
    idx = [i for i, s in enumerate(states[:-1]) if len(legal_actions(s)) > 1]
    idx = idx[:: max(1, len(idx) // args.policy_positions)][:args.policy_positions]
    print(f"== play-out policy: {len(idx)} positions of a 4-player Jarl game (seed {args.seed}),"
          f" the chosen move against the normal bot's best other, {args.policy_draws} paired "
          f"draws each")
    est = {}
    for name, make in (("normal", NormalBot), ("rollout", rollout_policy)):
        sds, secs, losses = [], 0.0, []
        for i in idx:
            judge = after.Judge(seed=1, policy=make(1))
            moves = judge.best_moves(states[i], 2)
            if actions[i] not in moves:
                moves = [moves[0], actions[i]]
            sm = judge.sampler(states[i], moves, f"policy/{i}")
            c0 = time.process_time()
            for _ in range(args.policy_draws):
                sm.draw()
            secs += time.process_time() - c0
            e = sm.diff(0, 1)
            sds.append(e.se * math.sqrt(e.n))
            losses.append(e.mean)
        per_draw = secs / (len(idx) * args.policy_draws)
        sd = math.sqrt(statistics.mean(s * s for s in sds))
        est[name] = losses
        print(f"{name:<8} paired-difference SD {sd:.2f} VP, {per_draw * 1000:.1f} CPU ms a draw "
              f"of two moves; standard error after one CPU second of draws "
              f"{sd / math.sqrt(1 / per_draw):.2f} VP")
    a, b = est["normal"], est["rollout"]
    if len(a) > 2:
        r = statistics.correlation(a, b)
        print(f"the two policies' estimates of the same differences correlate {r:.2f}; mean "
              f"absolute gap {statistics.mean(abs(x - y) for x, y in zip(a, b)):.2f} VP")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("time", "stability", "hints", "policy"), default=None)
    ap.add_argument("--tables", nargs="*", default=TABLES)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--position-seed", type=int, default=7,
                    help="which positions the hints are asked at (7: the issue's 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--humans", type=int, nargs="*", default=[1])
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--skip-before", action="store_true")
    ap.add_argument("--policy-positions", type=int, default=20)
    ap.add_argument("--policy-draws", type=int, default=16)
    ap.add_argument("--out", nargs="?", const="", default=None, metavar="FILE",
                    help="append the figures to FILE (default: bench/results/review-DATE.txt)")
    args = ap.parse_args(argv)
    todo = [args.only] if args.only else ["time", "policy", "stability", "hints"]
    now = datetime.now(UTC)
    out = None if args.out is None else \
        Path(args.out) if args.out else results_file("review", now)
    with recorded(out):
        print(f"{heading('review.py', argv)}  "
              f"({now:%Y-%m-%d %H:%M} UTC, load {os.getloadavg()[0]:.1f})")
        for part in todo:
            {"time": timing, "stability": stability, "hints": hints, "policy": policy}[part](args)
            print(f"({part} done {datetime.now(UTC):%H:%M} UTC, load "
                  f"{' '.join(f'{x:.1f}' for x in os.getloadavg())})")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
