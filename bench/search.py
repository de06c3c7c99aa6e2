"""How good the search bots' decisions are, measured without playing whole matches.

    uv run python bench/search.py                                  # 4-player Jarl, defaults
    uv run python bench/search.py --mode karl --players 3 --positions 40 --truth 60
    uv run python bench/search.py --players 5 --bots expert,expert:deep_max_players=5
    uv run python bench/search.py --players 5 --truth-file /tmp/j5.json   # saved, then reused

A match between two search bots needs hundreds of games to show a few VP a game; this measures
the decisions themselves. It

1. collects demand-phase positions (placing a viking: the decisions where the search bots
   differ most from the heuristic), or with ``--phase purchase`` purchase and reservation
   decisions (buy or pass), from games of `hard` bots on a small playout budget;
2. values every candidate the search bots consider (the heuristic's best seven) by playing the
   game *to the end* from it, `--truth` times on re-drawn hidden deck and bag orders with the
   same random numbers for every candidate: the "truth" is the mean final margin (own score
   against the best and the mean other, the search bots' utility) under heuristic play;
3. lets each bot decide each position on a fresh budget of `--think` seconds of CPU time and
   prints its regret: the truth of the best candidate minus the truth of the one it chose, in
   VP, averaged over the positions (0 = always the best; the heuristic bot's own choice is the
   first row). The truth is itself an estimate: its noise adds the same amount to every row,
   so compare rows, not the figures with zero.

Nothing here is a test: it prints what it measured.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing as mp
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from jorvik.bots import make_bot
from jorvik.bots.sampler import Paired
from jorvik.bots.search import END, EXPERT, HARD, PLAIN_CUT, Search, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, legal_actions, new_game
from jorvik.outside import DataFileError, printable, read_json_file

PHASES = {"demand": ("demand",), "purchase": ("purchase", "reservation")}


def collect(mode: str, players: int, count: int, seed: int, phase: str = "demand") -> list:
    """`count` positions of `phase` with at least two candidates, from hard-bot games."""
    rng = random.Random(seed)
    probe = SearchBot(EXPERT, seed)   # the expert weighs the most candidates (hard's are its first six)
    found = []
    game = 0
    while len(found) < count:
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed + game, cards=load_cards())
        bots = [SearchBot(HARD, seed * 97 + game * 8 + i, playouts=4) for i in range(players)]
        while not is_over(st) and len(found) < count:
            p = current_player(st)
            if (st.phase in PHASES[phase] and not st.pending and len(legal_actions(st)) > 1
                    and len(probe.candidates(st)) > 1 and rng.random() < 0.15):
                found.append(st.copy())
            st, _ = apply_action(st, bots[p].choose(st))
        game += 1
    return found


def truth_of(k: int, st, samples: int) -> list[float]:
    """The mean final margin of every candidate at position `k` over `samples` playouts to the
    end (the same determinizations and random numbers for every candidate)."""
    cands = SearchBot(EXPERT, k).candidates(st)
    bot = SearchBot(EXPERT, 10_000 + k, playouts=samples)
    me = current_player(st)
    # (played to the end: a cut only past ROLLOUT_DECISIONS)
    sampler = Paired(st, cands, lambda s, seed: bot._playout(s, me, END, seed, PLAIN_CUT),
                     rng=bot.rng)
    for _ in range(samples):
        sampler.draw()
    return [sampler.mean(j).mean for j in range(len(cands))]


def judge(job) -> tuple[list[float], dict]:
    """The truth of every candidate at one position (computed unless given), and each bot's
    regret there."""
    k, st, samples, thinks, bots, truth = job
    cands = SearchBot(EXPERT, k).candidates(st)
    if truth is None:
        truth = truth_of(k, st, samples)
    chosen = {"heuristic (normal)": cands[0]}
    for think in thinks:
        for name in bots:
            chosen[f"{name} ({think:g} s)"] = _bot(name, k, think).choose(st)
    best = max(truth)
    return truth, {name: best - truth[cands.index(a)] for name, a in chosen.items()}


class TruthFileError(Exception):
    """A truth file that cannot be used, as one line (printable: the path and the values
    quoted in it come from outside)."""

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


TRUTH_FORMAT = 1
MAX_TRUTH_FILE = 20_000_000   # bytes: far above any real run's file


def _settings(args) -> dict:
    return {"format": TRUTH_FORMAT, "mode": args.mode, "players": args.players,
            "phase": args.phase, "positions": args.positions, "seed": args.seed,
            "truth": args.truth}


def load_truth(path: str, settings: dict, positions: list) -> list[list[float]]:
    """The truths a run with the same `settings` saved in `path`, checked against the
    positions (regenerated from the seed) they belong to."""
    try:
        doc = read_json_file(Path(path), limit=MAX_TRUTH_FILE)
    except DataFileError as e:
        why = {"missing": "no such file", "not_a_file": "not a regular file",
               "too_big": "too large for a truth file"}.get(e.reason, e.detail or e.reason)
        raise TruthFileError(f"{path}: cannot read it ({why})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("values"), list):
        raise TruthFileError(f"{path}: not a truth file of bench/search.py")
    theirs = {k: doc.get(k) for k in settings}
    if theirs != settings:
        diff = ", ".join(f"{k} {theirs[k]!r} (not {v!r})" for k, v in settings.items()
                         if theirs[k] != v)
        raise TruthFileError(f"{path}: saved for other settings: {diff}")
    values = doc["values"]
    if len(values) != len(positions):
        raise TruthFileError(f"{path}: {len(values)} positions, not {len(positions)}")
    for k, (row, st) in enumerate(zip(values, positions)):
        want = len(SearchBot(EXPERT, k).candidates(st))
        if (not isinstance(row, list) or len(row) != want
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                           and math.isfinite(x) for x in row)):
            raise TruthFileError(f"{path}: position {k}: not {want} numbers, one per candidate"
                                 f" (saved by another version of the bots?)")
    return [[float(x) for x in row] for row in values]


def save_truth(path: str, settings: dict, values: list[list[float]]) -> None:
    """Write a new truth file; never overwrites one (the caller checked it is not there)."""
    with open(path, "x", encoding="utf-8") as f:
        json.dump({**settings, "values": values}, f)


SEARCHERS = {"hard": HARD, "expert": EXPERT}


def _bot(spec: str, seed: int, think: float):
    """A bot from `name` or `name:option=value+...` (a search bot with other settings, e.g.
    ``expert:deep_max_players=5``; values are numbers)."""
    name, _, opts = spec.partition(":")
    if not opts:
        return make_bot(name, seed=seed, think=think, cpu_clock=True)
    config = SEARCHERS[name]
    knobs = {f.name for f in dataclasses.fields(Search)}
    kwargs = {}
    for item in opts.split("+"):
        key, _, value = item.partition("=")
        if key not in knobs:
            raise KeyError(key)
        kwargs[key] = float(value) if "." in value else int(value)
    return SearchBot(config, seed, think=think, cpu_clock=True, **kwargs)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", default="jarl", choices=("karl", "jarl"))
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    ap.add_argument("--phase", default="demand", choices=tuple(PHASES))
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--truth", type=int, default=80, help="playouts to the end per candidate")
    ap.add_argument("--think", default="0.2,0.6", help="CPU seconds per decision, comma-separated")
    ap.add_argument("--bots", default="hard,expert",
                    help="comma-separated; a search bot's settings after a colon, joined by +:"
                         " expert:deep_max_players=5+top_k=5")
    ap.add_argument("--seed", type=int, default=9100)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--truth-file", default=None, metavar="PATH",
                    help="reuse the truth saved here by a run with the same settings, or save"
                         " it here if there is no such file (the truth is most of the time)")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = _parser()
    args = ap.parse_args(argv)
    bots = args.bots.split(",")
    for spec in bots:
        try:
            _bot(spec, 0, 0.1)
        except (KeyError, ValueError, TypeError):
            ap.error(f"--bots: {spec!r} is not a bot (hard, expert, or one of them with "
                     f"settings, e.g. expert:deep_max_players=5)")
    if args.positions < 2 or args.truth < 1:
        ap.error("--positions must be at least 2 and --truth at least 1")
    t0 = time.perf_counter()
    positions = collect(args.mode, args.players, args.positions, args.seed, args.phase)
    try:
        saved = _saved_truth(args, positions)
    except TruthFileError as e:
        print(f"bench/search.py: {e}", file=sys.stderr)
        return 2
    print(f"== decisions of the search bots: {args.mode} {args.players}p, {len(positions)} "
          f"{args.phase} positions (seed {args.seed}), truth = {args.truth} playouts to the end "
          f"per candidate{' (from ' + printable(args.truth_file) + ')' if saved else ''}, "
          f"{args.workers} workers")
    sys.stdout.flush()
    thinks = [float(x) for x in args.think.split(",")]
    rows: dict[str, list[float]] = {}
    jobs = [(k, st, args.truth, thinks, bots, saved[k] if saved else None)
            for k, st in enumerate(positions)]
    truths = []
    with mp.Pool(args.workers) as pool:
        for truth, got in pool.map(judge, jobs):
            truths.append(truth)
            for name, r in got.items():
                rows.setdefault(name, []).append(r)
    if args.truth_file and saved is None:
        try:
            save_truth(args.truth_file, _settings(args), truths)
            print(f"   truth saved to {printable(args.truth_file)}")
        except OSError as e:
            print(f"bench/search.py: {printable(args.truth_file)}: cannot save the truth ({printable(str(e))})",
                  file=sys.stderr)
    _print_regrets(rows, bots[0], thinks[0])
    print(f"   total {time.perf_counter() - t0:.0f} s")
    return 0


def _saved_truth(args: argparse.Namespace, positions: list[Any]) -> Any:
    """The truth saved by an earlier run in --truth-file, or None (no file given, or none yet).
    TruthFileError when the file does not fit, or when there is none and it could not be
    saved there (said now, not after the truth's minutes)."""
    if args.truth_file and os.path.exists(args.truth_file):
        return load_truth(args.truth_file, _settings(args), positions)
    if args.truth_file:
        folder = os.path.dirname(os.path.abspath(args.truth_file))
        if not (os.path.isdir(folder) and os.access(folder, os.W_OK)):
            raise TruthFileError(f"{printable(args.truth_file)}: cannot save the truth there (no "
                                 f"such folder, or not writable)")
    return None


def _print_regrets(rows: dict[str, list[float]], first: str, think: float) -> None:
    """Each chooser's mean regret, how often it chose the best, and its regret against the
    first bot at the first think time."""
    base = rows[f"{first} ({think:g} s)"]
    w = max(24, *(len(name) for name in rows))
    print(f"{'chooser':<{w}} {'regret (VP)':>11} {'± se':>6} {'best chosen':>11} "
          f"{'vs ' + first + ' ' + format(think, 'g') + ' s':>16}")
    for name, rs in rows.items():
        n = len(rs)
        se = statistics.stdev(rs) / n ** 0.5
        diff = [a - b for a, b in zip(rs, base)]
        dse = statistics.stdev(diff) / len(diff) ** 0.5 if any(diff) else 0.0
        best = sum(r < 1e-9 for r in rs) / n
        print(f"{name:<{w}} {sum(rs) / n:>11.3f} {se:>6.3f} {best:>11.0%} "
              f"{sum(diff) / len(diff):>+10.3f} ± {dse:.3f}")


if __name__ == "__main__":
    sys.exit(main())
