"""Judgement benchmark (issue 49 §3-§5): the value model under the hints and the review.

    nice -n 10 uv run python bench/judgement.py --only speed [--set tuning]  # §5, and bias
    nice -n 10 uv run python bench/judgement.py --only stability --set heldout   # §3 review
    nice -n 10 uv run python bench/judgement.py --only hints --set heldout       # §3 hints
    nice -n 10 uv run python bench/judgement.py --only time                      # §4
    ... --out [FILE]      append the figures to FILE (default bench/results/judgement-DATE.txt)
    ... --before          also today's code before this change (review.py of BEFORE_COMMIT)

Games. "tuning": the games the horizon and the budgets were chosen on: whole games of
`normal` bots at 2-5 players in both modes, seeds 40-47 (those of bench/review.py) and the
4-player Karl game of seed 41. "heldout": games made with other seeds and other bots, never
looked at while tuning: seat k plays HELDOUT_LINEUP[k] (the reviewed seat 0 a `normal` bot,
the others `hard`, `rollout`, `normal`, `hard`), seeds HELDOUT_SEED + table number, a table
each of 2-5 players in both modes (a table's seed is the same whichever --tables are asked
for); --games-per-table makes more (the next seeds).

speed (§5): positions of the set's games (every few decisions), the record's move against
the normal bot's best other. For each horizon (None: play-outs to the game's end, as before
this change) the paired difference's standard deviation and the CPU time of a draw, so the
standard error one CPU second of draws buys (sd x sqrt(CPU s a draw)); target: at least 3x
smaller than play-outs to the end. And how far each horizon's verdict strays from play-outs
to the end: against a reference of --reference draws to the end, the correlation of the
estimates, and the mean squared gap less the reference's own noise (the squared bias that
is left, VP^2).

stability (§3): each game's review twice (seeds 1 and 2, seat 0 reviewed, 2 workers); the
top-5 lists share >= 4 of 5 (or all, when a list is shorter). Calibration: of the reviews
whose "how sure" line says the list is certain (no decision unsure), how many of the other
seed's lists are the same.

hints (§3): positions of the set's games, hints with seeds 1 and 2; the share of positions
where run 1's best leads clearly at which run 2 names the same best move (target >= 95%),
and at all positions.

time (§4): a held-out 4-player Karl game's review (seat 0; 2 workers), wall and CPU seconds
(target <= 30 s); hints at 4-player positions on 2 warm workers, wall (target <= 1 s).
CPU is shared with other sessions: each figure says the load; wall times under load are
inflated, CPU seconds are not.
"""

from __future__ import annotations

import argparse
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
BEFORE_COMMIT = "7a2ce70"      # main before issue 49's review change
TABLES = ["2karl", "2jarl", "3karl", "3jarl", "4karl", "4jarl", "5karl", "5jarl"]
HELDOUT_SEED = 4_900_000
HELDOUT_LINEUP = ["normal", "hard", "rollout", "normal", "hard"]


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def before_module() -> types.ModuleType:
    """review.py as it was before this change (play-outs to the end)."""
    src = subprocess.run(["git", "show", f"{BEFORE_COMMIT}:src/jorvik/review.py"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    mod = types.ModuleType("review_before")
    sys.modules["review_before"] = mod
    exec(compile(src, "review_before.py", "exec"), mod.__dict__)
    return mod


def bot_game(players: int, mode: str, seed: int, lineup: list[str]) -> dict:
    st0 = new_game([f"P{i + 1}" for i in range(players)], mode=mode, seed=seed,
                   cards=load_cards())
    actions = []
    play_out(st0, seat_bots(lineup[:players], seed),
             watch=lambda _before, a, _after: actions.append(a) and None)
    return make_record(st0, actions)


_GAMES: dict[tuple, list[tuple[str, dict]]] = {}


def games(which: str, per_table: int = 1, tables: list[str] | None = None
          ) -> list[tuple[str, dict]]:
    """The set's games (made once a process)."""
    key = (which, per_table, tuple(tables or TABLES))
    if key not in _GAMES:
        _GAMES[key] = _make_games(which, per_table, tables or TABLES)
    return _GAMES[key]


def _make_games(which: str, per_table: int, tables: list[str]) -> list[tuple[str, dict]]:
    out = []
    if which == "tuning":
        for tab in tables:
            n, mode, i = int(tab[0]), tab[1:], TABLES.index(tab)
            out.append((f"{n}p {mode} normal seed {40 + i}", bot_game(n, mode, 40 + i,
                                                                       ["normal"] * 5)))
        return out
    for k in range(per_table):
        for tab in tables:
            n, mode, i = int(tab[0]), tab[1:], TABLES.index(tab)
            seed = HELDOUT_SEED + 100 * k + i
            out.append((f"{n}p {mode} held-out seed {seed}",
                        bot_game(n, mode, seed, HELDOUT_LINEUP)))
    return out


def decisions(rec: dict, seat: int | None = None) -> list[int]:
    states, _ = after.states_of(rec)
    return [i for i, s in enumerate(states[:-1]) if len(legal_actions(s)) > 1
            and (seat is None or current_player(s) == seat)]


def modules(args) -> list[tuple[str, types.ModuleType]]:
    """The code measured: this one ("after"), and with --before or --before-only the one
    before this change."""
    out = [] if args.before_only else [("after", after)]
    if args.before or args.before_only:
        out.append(("before", before_module()))
    return out


# --------------------------------------------------------------------------- speed

def speed(args) -> None:
    recs = games(args.set, args.games_per_table, args.tables)
    horizons = [None if h == "end" else int(h) for h in args.horizons]
    print(f"== speed: {args.positions} positions a game from {len(recs)} {args.set} games "
          f"({', '.join(name for name, _ in recs)}); the record's move against the normal "
          f"bot's best other, {args.draws} paired draws a horizon, reference "
          f"{args.reference} draws to the end")
    rows: dict[object, dict[str, list[float]]] = {h: {"var": [], "cpu": [], "est": [],
                                                      "se": []} for h in horizons}
    ref_est, ref_se = [], []
    for name, rec in recs:
        states, actions = after.states_of(rec)
        idx = decisions(rec)
        idx = idx[:: max(1, len(idx) // args.positions)][: args.positions]
        for i in idx:
            st = states[i]
            base = after.Judge(seed=1, horizon=None)
            moves = base.best_moves(st, 2)
            if actions[i] not in moves:
                moves = [moves[0], actions[i]]
            for h in horizons:
                judge = after.Judge(seed=1, horizon=h)
                sm = judge.sampler(st, moves, f"speed/{name}/{i}")
                c0 = time.process_time()
                for _ in range(args.draws):
                    sm.draw()
                rows[h]["cpu"].append((time.process_time() - c0) / args.draws)
                e = sm.diff(0, 1)
                rows[h]["var"].append(e.se ** 2 * e.n)
                rows[h]["est"].append(e.mean)
                rows[h]["se"].append(e.se)
            if args.reference:
                sm = after.Judge(seed=2, horizon=None).sampler(st, moves, f"ref/{name}/{i}")
                for _ in range(args.reference):
                    sm.draw()
                e = sm.diff(0, 1)
                ref_est.append(e.mean)
                ref_se.append(e.se)
        print(f"  {name}: {len(idx)} positions ({datetime.now(UTC):%H:%M} UTC, load {load()})")
        sys.stdout.flush()
    full = rows.get(None)
    full_se1 = None
    if full:
        full_se1 = math.sqrt(statistics.mean(full["var"]) * statistics.mean(full["cpu"]))
    print(f"{'horizon':<8} {'sd VP':>6} {'CPU ms/draw':>11} {'SE after 1 CPU s':>16} "
          f"{'x better':>8} {'corr ref':>8} {'bias^2 VP^2':>11} {'same sign':>9}")
    for h in horizons:
        r = rows[h]
        sd = math.sqrt(statistics.mean(r["var"]))
        per = statistics.mean(r["cpu"])
        se1 = math.sqrt(statistics.mean(r["var"]) * per)
        better = f"{full_se1 / se1:8.1f}" if full_se1 else "       -"
        corr = bias = same = "-"
        if ref_est and len(ref_est) > 2:
            corr = f"{statistics.correlation(r['est'], ref_est):.2f}"
            gap = statistics.mean((a - b) ** 2 - s * s - t * t
                                  for a, b, s, t in zip(r["est"], ref_est, r["se"], ref_se))
            bias = f"{gap:.2f}"
            pairs = [(a, b) for a, b, s in zip(r["est"], ref_est, ref_se) if abs(b) > 2 * s]
            same = f"{sum((a > 0) == (b > 0) for a, b in pairs)}/{len(pairs)}"
        print(f"{h if h is not None else 'end':<8} {sd:6.2f} {per * 1000:11.1f} {se1:16.3f} "
              f"{better} {corr:>8} {bias:>11} {same:>9}")
    if ref_est:
        print(f"reference: {len(ref_est)} positions, mean |difference| "
              f"{statistics.mean(abs(x) for x in ref_est):.2f} VP, its own mean standard "
              f"error {statistics.mean(ref_se):.2f} VP; 'same sign': of the positions where "
              f"the reference is clear (2 standard errors), those where the horizon's "
              f"estimate has its sign")


# --------------------------------------------------------------------------- stability

def top(res, k: int = 5) -> list[int]:
    return [d.index for d in res.costliest(k)]


def stability(args) -> None:
    recs = games(args.set, args.games_per_table, args.tables)
    mods = modules(args)
    print(f"== review stability: {len(recs)} {args.set} games, seat 0 reviewed, seeds 1 and 2, "
          f"{args.workers} workers; target: >= 4 of 5 shared (all, if a list is shorter); "
          f"calibration: a list said certain is the same with the other seed")
    tally = {label: [0, 0, 0, 0, 0, 0.0, 0.0] for label, _ in mods}
    for name, rec in recs:
        line = f"{name:<34}"
        for label, mod in mods:
            t0, c0 = time.perf_counter(), cpu()
            res = [mod.review(rec, humans=[0], seed=s, workers=args.workers) for s in (1, 2)]
            wall, c = (time.perf_counter() - t0) / 2, (cpu() - c0) / 2
            a, b = top(res[0]), top(res[1])
            shared = len(set(a) & set(b))
            n = max(len(a), len(b))
            ok = shared >= min(4, n)
            t = tally[label]
            t[0] += ok
            t[1] += 1
            for r, other in ((res[0], b), (res[1], a)):
                if not r.unsure:
                    t[2] += 1
                    t[3] += top(r) == other
            t[4] += shared
            t[5] += wall
            t[6] += c
            line += (f"  {label}: {shared}/{n} shared, unsure {len(res[0].unsure)}/"
                     f"{len(res[1].unsure)} ({c:.0f} CPU s, {wall:.0f} s a review)")
        print(line)
        sys.stdout.flush()
    for label, t in tally.items():
        print(f"{label}: {t[0]} of {t[1]} games share >= 4 of 5 (or all); "
              f"said certain {t[2]} times, the other seed's list the same {t[3]} of them; "
              f"mean {t[6] / max(1, t[1]):.0f} CPU s, {t[5] / max(1, t[1]):.0f} s wall a review")


# --------------------------------------------------------------------------- hints

def hint_positions(args) -> list:
    recs = games(args.set, args.games_per_table, args.tables)
    pools = []
    for _, rec in recs:
        states, _ = after.states_of(rec)
        pools.append([states[i] for i in decisions(rec)])
    rng = random.Random(args.position_seed)
    per = math.ceil(args.positions / len(pools))
    out = []
    for sts in pools:
        out.extend(rng.sample(sts, min(per, len(sts))))
    rng.shuffle(out)
    return out[: args.positions]


def warm_pool(mod, workers: int, st):
    pool = mod.hint_pool(workers)
    pool.start()
    mod.hints(st, seed=99, budget=2000, pool=pool)
    return pool


def hints(args) -> None:
    positions = hint_positions(args)
    mods = modules(args)
    print(f"== hints: {len(positions)} positions of the {args.set} games (position seed "
          f"{args.position_seed}), seeds 1 and 2, {args.workers} warm workers; target: where "
          f"run 1's best leads clearly, run 2 names the same best move in >= 95%")
    for label, mod in mods:
        pool = warm_pool(mod, args.workers, positions[0])
        clear = agree = agree_all = 0
        walls: dict[int, list[float]] = {}
        c0 = cpu()
        for k, st in enumerate(positions):
            t0 = time.perf_counter()
            a = mod.hints(st, seed=1, pool=pool)
            walls.setdefault(st.n, []).append(time.perf_counter() - t0)
            b = mod.hints(st, seed=2, pool=pool)
            same = a[0].action == b[0].action
            agree_all += same
            if a[0].clear:
                clear += 1
                agree += same
            if (k + 1) % 25 == 0:
                print(f"  {label} after {k + 1}: clear {clear}, same best {agree}; all "
                      f"{agree_all} (load {load()})")
                sys.stdout.flush()
        pool.close()
        print(f"{label}: clear leader in run 1 at {clear} of {len(positions)}; run 2 the same "
              f"best move at {agree} of them ({agree / max(clear, 1):.1%}); at all positions "
              f"{agree_all} ({agree_all / max(len(positions), 1):.1%}); this process "
              f"{cpu() - c0:.0f} CPU s (the workers' not counted)")
        for n in sorted(walls):
            w = walls[n]
            print(f"  {label} hint wall at {n} players ({len(w)}): mean {statistics.mean(w):.2f}"
                  f" s, 90th percentile {sorted(w)[int(0.9 * (len(w) - 1))]:.2f} s, max "
                  f"{max(w):.2f} s")


# --------------------------------------------------------------------------- time

def timing(args) -> None:
    mods = modules(args)
    seed = HELDOUT_SEED + 4
    rec = bot_game(4, "karl", seed, HELDOUT_LINEUP)
    print(f"== time: a held-out 4-player Karl game (seed {seed}, {len(rec['actions'])} "
          f"actions), seat 0 reviewed, {args.workers} workers; target <= 30 s; load {load()}")
    for label, mod in mods:
        t0, c0 = time.perf_counter(), cpu()
        res = mod.review(rec, humans=[0], seed=1, workers=args.workers)
        wall, c = time.perf_counter() - t0, cpu() - c0
        print(f"{label}: {len(res.decisions)} decisions, {len(res.costliest())} listed, "
              f"{len(res.unsure)} unsure; {res.steps:,} moves; {wall:.1f} s wall, {c:.1f} CPU s"
              f" (load {load()})")
        sys.stdout.flush()
    states, _ = after.states_of(rec)
    idx = decisions(rec)
    rng = random.Random(args.position_seed)
    picks = [states[i] for i in sorted(rng.sample(idx, min(args.positions, len(idx))))]
    for label, mod in mods:
        pool = warm_pool(mod, args.workers, picks[0])
        walls, cpus = [], []
        for st in picks:
            t0, c0 = time.perf_counter(), cpu()
            mod.hints(st, seed=1, pool=pool)
            walls.append(time.perf_counter() - t0)
            cpus.append(cpu() - c0)
        pool.close()
        print(f"{label}: hints at {len(picks)} positions of that game on {args.workers} warm "
              f"workers: wall mean {statistics.mean(walls):.2f} s, 90th percentile "
              f"{sorted(walls)[int(0.9 * (len(walls) - 1))]:.2f} s, max {max(walls):.2f} s; "
              f"over 1 s: {sum(w > 1.0 for w in walls)} (load {load()})")
        alone = []
        for st in picks:   # the same hints on one thread: their CPU time, which load does not
            c0 = time.process_time()    # inflate (the workers' is not counted above)
            mod.hints(st, seed=1)
            alone.append(time.process_time() - c0)
        print(f"{label}: the same hints on one thread: CPU mean {statistics.mean(alone):.2f} s,"
              f" 90th percentile {sorted(alone)[int(0.9 * (len(alone) - 1))]:.2f} s, max "
              f"{max(alone):.2f} s (on 2 idle cores a hint's wall is about half its CPU, plus "
              f"the pool's overhead)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("speed", "stability", "hints", "time"), nargs="+",
                    required=True)
    ap.add_argument("--set", choices=("tuning", "heldout"), default="tuning")
    ap.add_argument("--tables", nargs="*", default=None)
    ap.add_argument("--games-per-table", type=int, default=1)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--position-seed", type=int, default=7)
    ap.add_argument("--draws", type=int, default=16)
    ap.add_argument("--reference", type=int, default=0)
    ap.add_argument("--horizons", nargs="*", default=["end", "1", "2", "3"])
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--before", action="store_true")
    ap.add_argument("--before-only", action="store_true")
    ap.add_argument("--out", nargs="?", const="", default=None, metavar="FILE")
    args = ap.parse_args(argv)
    now = datetime.now(UTC)
    out = None if args.out is None else \
        Path(args.out) if args.out else results_file("judgement", now)
    with recorded(out):
        print(f"{heading('judgement.py', argv)}  "
              f"({now:%Y-%m-%d %H:%M} UTC, load {load()}, horizon {after.HORIZON}, hint "
              f"budget {after.HINT_STEPS:,}, review budget {after.REVIEW_STEPS:,})")
        for part in args.only:
            {"speed": speed, "stability": stability, "hints": hints, "time": timing}[part](args)
            print(f"({part} done {datetime.now(UTC):%H:%M} UTC, load {load()})")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
