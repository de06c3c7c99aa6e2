"""Judgement benchmark (issue 49 §3-§5): the value model under the hints and the review.

    nice -n 10 uv run python bench/judgement.py --only speed [--set tuning]  # §5, and bias
    nice -n 10 uv run python bench/judgement.py --only stability --set heldout   # §3 review
    nice -n 10 uv run python bench/judgement.py --only hints --set heldout       # §3 hints
    nice -n 10 uv run python bench/judgement.py --only time --positions 20       # §4
    ... --set fresh       the games held out from the 2026-12-07 tuning (see below)
    ... --done FILE       stability: each review's figures as JSON lines; a rerun resumes
    ... --out [FILE]      append the figures to FILE (default bench/results/judgement-DATE.txt)
    ... --before          also today's code before this change (review.py of BEFORE_COMMIT)

Games. "tuning": the games the horizon and the budgets were chosen on: whole games of
`normal` bots at 2-5 players in both modes, seeds 40-47 (those of bench/review.py) and the
4-player Karl game of seed 41. "heldout": games made with other seeds and other bots, never
looked at while tuning: seat k plays HELDOUT_LINEUP[k] (the reviewed seat 0 a `normal` bot,
the others `hard`, `rollout`, `normal`, `hard`), seeds HELDOUT_SEED + table number, a table
each of 2-5 players in both modes (a table's seed is the same whichever --tables are asked
for); --games-per-table makes more (the next seeds). "fresh": the same lineup with seeds
FRESH_SEED + table number, made after the 2026-12-07 choices (the screen's horizon, the
review's and the hint's budgets, the hint's deadline), which were made on the tuning games.
Held-out games are stored in GAMES_FILE when first made (`hard` thinks by wall time, so a
seed makes another game under another load) and read from there after.

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

time (§4), one command: hints at --positions positions of the fresh 4-player Karl game on 2
warm workers, as the game asks for them (deadline HINT_SECONDS) and by the budget alone, then
that game's review (seat 0; 2 workers): wall and CPU seconds (this process and its workers),
targets a hint <= 1 s and a review <= 30 s wall on 2 idle cores. Each line says the load
average before and after: wall times under load are inflated, CPU seconds much less.
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
BEFORE_COMMIT = "7a2ce70"      # main before issue 49's review change
TABLES = ["2karl", "2jarl", "3karl", "3jarl", "4karl", "4jarl", "5karl", "5jarl"]
HELDOUT_SEED = 4_900_000
HELDOUT_LINEUP = ["normal", "hard", "rollout", "normal", "hard"]
# "fresh": held out from this session's tuning (2026-12-07: SCREEN_HORIZON, REVIEW_STEPS,
# HINT_STEPS were chosen on tuning games and the 4-player Karl game of the heldout set)
FRESH_SEED = 5_300_000
SET_SEED = {"heldout": HELDOUT_SEED, "fresh": FRESH_SEED}
# the games made, by name: `hard` thinks by wall time, so the same seed makes another game
# under another load; every part (and a resumed run) reads the same record from here
GAMES_FILE = ROOT / "bench" / "results" / "judgement-games.json"


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


def _stored() -> dict[str, dict]:
    try:
        return json.loads(GAMES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def stored_game(name: str, make) -> dict:
    """The record stored under `name` in GAMES_FILE, made by make() and stored first if
    there is none."""
    got = _stored()
    if name not in got:
        got[name] = make()
        GAMES_FILE.write_text(json.dumps(got, indent=0, sort_keys=True), encoding="utf-8")
    return got[name]


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
            seed = SET_SEED[which] + 100 * k + i
            name = f"{n}p {mode} held-out seed {seed}"
            out.append((name, stored_game(
                name, lambda n=n, mode=mode, seed=seed: bot_game(n, mode, seed,
                                                                 HELDOUT_LINEUP))))
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

def one_review(args, label: str, mod, name: str, rec: dict, seed: int) -> dict:
    """One review's figures: read from --done FILE when it holds this review (the same code
    label, game, seed, budget and horizons), else run and appended there (so a stopped run
    resumes where it was)."""
    key = {"label": label, "game": name, "seed": seed,
           "budget": getattr(mod, "REVIEW_STEPS", None), "horizon": getattr(mod, "HORIZON", None),
           "screen": getattr(mod, "SCREEN_HORIZON", None), "workers": args.workers}
    done = Path(args.done) if args.done else None
    if done is not None and done.exists():
        for row in done.read_text(encoding="utf-8").splitlines():
            got = json.loads(row)
            if all(got.get(k) == v for k, v in key.items()):
                return got
    l0 = load()
    t0, c0 = time.perf_counter(), cpu()
    res = mod.review(rec, humans=[0], seed=seed, workers=args.workers)
    got = {**key, "wall": time.perf_counter() - t0, "cpu": cpu() - c0, "top": top(res),
           "unsure": res.unsure, "steps": getattr(res, "steps", 0),
           "losses": [[d.loss, d.se] for d in res.costliest()],
           "load": [l0, load()], "when": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"}
    if done is not None:
        with done.open("a", encoding="utf-8") as f:
            f.write(json.dumps(got) + "\n")
    return got


def top(res, k: int = 5) -> list[int]:
    return [d.index for d in res.costliest(k)]


def stability(args) -> None:
    recs = games(args.set, args.games_per_table, args.tables)
    mods = modules(args)
    print(f"== review stability: {len(recs)} {args.set} games, seat 0 reviewed, seeds 1 and 2, "
          f"{args.workers} workers; target: >= 4 of 5 shared (all, if a list is shorter); "
          f"calibration: a list said certain is the same with the other seed")
    tally = {label: [0, 0, 0, 0, 0, 0.0, 0.0, 0] for label, _ in mods}
    for name, rec in recs:
        line = f"{name:<34}"
        for label, mod in mods:
            res = [one_review(args, label, mod, name, rec, s) for s in (1, 2)]
            wall = sum(r["wall"] for r in res) / 2
            c = sum(r["cpu"] for r in res) / 2
            a, b = res[0]["top"], res[1]["top"]
            shared = len(set(a) & set(b))
            n = max(len(a), len(b))
            ok = shared >= min(4, n)
            t = tally[label]
            t[0] += ok
            t[1] += 1
            for r, other in ((res[0], b), (res[1], a)):
                if not r["unsure"]:
                    t[2] += 1
                    t[3] += r["top"] == other
                    t[7] += set(r["top"]) == set(other)
            t[4] += shared
            t[5] += wall
            t[6] += c
            line += (f"  {label}: {shared}/{n} shared, unsure {len(res[0]['unsure'])}/"
                     f"{len(res[1]['unsure'])} ({c:.0f} CPU s, {wall:.0f} s a review, "
                     f"{res[0]['steps']:,}/{res[1]['steps']:,} moves)")
        print(line)
        sys.stdout.flush()
    for label, t in tally.items():
        print(f"{label}: {t[0]} of {t[1]} games share >= 4 of 5 (or all); "
              f"said certain {t[2]} times, the other seed's list the same decisions {t[7]} "
              f"of them, in the same order {t[3]}; "
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

def proc_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) of these running processes so far (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _spread(xs: list[float]) -> str:
    return (f"mean {statistics.mean(xs):.2f} s, 90th percentile "
            f"{sorted(xs)[int(0.9 * (len(xs) - 1))]:.2f} s, max {max(xs):.2f} s")


def timing(args) -> None:
    """§4 in one command: a 4-player hint at `--positions` positions of a held-out 4-player
    Karl game (the fresh set's, stored in GAMES_FILE) on 2 warm workers, as the game asks
    for it (deadline HINT_SECONDS) and by its budget alone, and the review of that game
    (seat 0, 2 workers): wall and CPU seconds (this process and its workers), with the load
    average before and after each."""
    mods = modules(args)
    seed = FRESH_SEED + TABLES.index("4karl")
    name = f"4p karl held-out seed {seed}"
    rec = stored_game(name, lambda: bot_game(4, "karl", seed, HELDOUT_LINEUP))
    states, _ = after.states_of(rec)
    idx = decisions(rec)
    rng = random.Random(args.position_seed)
    picks = [states[i] for i in sorted(rng.sample(idx, min(args.positions, len(idx))))]
    print(f"== time: {name} ({len(rec['actions'])} actions, {len(idx)} positions with more "
          f"than one legal move); targets: a hint <= 1 s wall, a review <= 30 s wall, on 2 "
          f"idle cores; {os.cpu_count()} cores, load {load()}")
    for label, mod in mods:
        pool = warm_pool(mod, args.workers, picks[0])
        runs = [("budget alone", {})]
        if hasattr(mod, "HINT_SECONDS"):
            runs.insert(0, (f"deadline {mod.HINT_SECONDS} s", {"deadline": mod.HINT_SECONDS}))
        for what, extra in runs:
            walls, cpus, l0 = [], [], load()
            for st in picks:
                c0 = cpu() + proc_cpu(pool.pids)
                t0 = time.perf_counter()
                mod.hints(st, seed=1, pool=pool, **extra)
                walls.append(time.perf_counter() - t0)
                cpus.append(cpu() + proc_cpu(pool.pids) - c0)
            print(f"{label}: a 4-player hint ({what}), {len(picks)} positions, "
                  f"{args.workers} warm workers: wall {_spread(walls)}; over 1 s: "
                  f"{sum(w > 1.0 for w in walls)}; CPU {_spread(cpus)} (load {l0} -> {load()})")
            sys.stdout.flush()
        pool.close()
    for label, mod in mods:
        l0 = load()
        t0, c0 = time.perf_counter(), cpu()
        res = mod.review(rec, humans=[0], seed=1, workers=args.workers)
        wall, c = time.perf_counter() - t0, cpu() - c0
        print(f"{label}: a 4-player review, {args.workers} workers: {wall:.1f} s wall, "
              f"{c:.1f} CPU s; {len(res.decisions)} decisions, {len(res.costliest())} listed, "
              f"{len(res.unsure)} unsure; {res.steps:,} moves (load {l0} -> {load()})")
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("speed", "stability", "hints", "time"), nargs="+",
                    required=True)
    ap.add_argument("--set", choices=("tuning", "heldout", "fresh"), default="tuning")
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
    ap.add_argument("--done", default=None, metavar="FILE",
                    help="stability: each review's figures as JSON lines; a rerun reads them")
    args = ap.parse_args(argv)
    now = datetime.now(UTC)
    out = None if args.out is None else \
        Path(args.out) if args.out else results_file("judgement", now)
    with recorded(out):
        print(f"{heading('judgement.py', argv)}  "
              f"({now:%Y-%m-%d %H:%M} UTC, load {load()}, horizon {after.HORIZON}, screen "
              f"horizon {after.SCREEN_HORIZON}, hint "
              f"budget {after.HINT_STEPS:,}, review budget {after.REVIEW_STEPS:,})")
        for part in args.only:
            {"speed": speed, "stability": stability, "hints": hints, "time": timing}[part](args)
            print(f"({part} done {datetime.now(UTC):%H:%M} UTC, load {load()})")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
