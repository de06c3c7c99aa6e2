"""Bot benchmarks: decision times, and how the bots fare by table size.

    uv run python bench/bots.py                      # everything, default sizes
    uv run python bench/bots.py --only times
    uv run python bench/bots.py --only normal-easy --games 400
    uv run python bench/bots.py --only table --games 20 --think 0.2 --workers 2
    uv run python bench/bots.py --only table --pairs expert-hard --sizes 2 --modes jarl
    uv run python bench/bots.py --only table --playouts 20     # a fixed budget instead
    uv run python bench/bots.py --only legal --games 2000   # many games, any illegal action fails
    uv run python bench/bots.py --only table --pairs all-expert,picts-expert --sizes 3 --modes jarl
    nice -n 10 uv run python bench/bots.py --only model-match --tables 3jarl,4karl \
        --minutes 40 --out bench/results/model-match-DATE.jsonl      # resumable, see below

The model match (issue 49 §2): `expert` with the value model at its cut (``expert-model``)
against today's `expert` in the other seats, seats rotated (in game g the model sits in seat
g mod players), one process, the tables' games interleaved, each game appended to --out as a
JSON line as it ends; run again with the same --out to resume (games already there are
skipped), stopped by --minutes (no game starts after). Printed per table: games, the model's
share of wins (a shared win counts 1/k) with its 95% Wilson interval against the fair share,
the mean margin, and the CPU seconds a game took.

Exploiter rows (issue 34 §2): ``feeder``, ``picts``, ``collector`` or ``all`` against
``expert`` or ``hard`` in the other seats (e.g. ``all-expert``); the target is a ceiling, at
most half the fair share (17% at 3 players, 13% at 4), MET when the whole interval is below it.
``normal-expert`` and ``normal-hard`` are their floor: `normal`, no trick, in the exploiter's seat.
``expert-curve`` and ``hard-curve`` value coins at the search's cut by the measured curve (issue
34 §1, off by default): ``expertcurve-expert`` and ``hardcurve-hard`` play them against today's
bots, ``all-expertcurve`` an exploiter against them. ``expert-coins`` and ``hard-coins``: the
curve without the kept-cube credit for craftsmen, ``expert-held`` and ``hard-held`` that credit
without the curve (``expertcoins-expert``, ``expertheld-expert``, ...).

The table (issue 14): for 2, 3, 4 and 5 players × Karl and Jarl, `hard` against `normal` in
the other seats and `expert` against `hard` in the other seats, seats rotated with the seeds of
`jorvik tournament`; win rate with its 95% interval and the behaviour figures. Targets:
    hard vs normal     win rate ≥ fair share (1/players) + 15 points, at every table size
    expert vs hard     ≥ 55% in 2-player; ≥ fair share + 10 points at 3-5 players
    missed completions 0 for hard and expert
A cell is MET when its whole interval is at or above the target, NOT MET when it is below,
and OPEN (more games needed) when the interval spans it. The search bots think `--think`
seconds of CPU time per decision (default 0.2; CPU time, so that a busy machine slows the
benchmark down but does not weaken the bots), or `--playouts` samples.
Also: 4-player Karl, normal vs three easy ≥ 60% wins for normal.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from jorvik.bots import play_out, seat_bots
from jorvik.bots.registry import BOTS
from jorvik.bots.search import EXPERT, HARD, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import legal_actions, new_game
from jorvik.i18n.cli import label
from jorvik.tournament import play_game, tournament, wilson

PAIRS = {"hard-normal": ("hard", "normal"), "expert-hard": ("expert", "hard")}
# the search bots with the cut's options of issue 34 §1 (off by default): `-curve` values coins
# by the table's measured curve (Search.coins_at_cut "curve") and craftsmen by the cubes kept
# for them (Search.held_cubes), `-coins` the first alone, `-held` the second alone, `-capped`
# coins at the flat price unless the curve puts a coin lower ("capped") with the kept cubes,
# `-buycapped` that in purchase decisions only (Search.cut_in);
# e.g. the pairs "expertcurve-expert", "hardheld-hard", "expertcapped-expert", "all-expertcurve"
VARIANTS = {"curve": {"coins_at_cut": "curve", "held_cubes": True},
            "coins": {"coins_at_cut": "curve"}, "held": {"held_cubes": True},
            "capped": {"coins_at_cut": "capped", "held_cubes": True},
            "buycapped": {"coins_at_cut": "capped", "held_cubes": True, "cut_in": ("purchase",)},
            # the learned value model at the cut (Search.cut, issue 49): "expertmodel-expert"
            "model": {"cut": "model"}}


def _variant(config, **knobs):
    def make(seed=None, think=None, playouts=None, stop=None, cpu_clock=False, **_):
        return SearchBot(config, seed, think=think, playouts=playouts, stop=stop,
                         cpu_clock=cpu_clock, **knobs)
    return make


for _part, _knobs in VARIANTS.items():
    for _base, _config in (("hard", HARD), ("expert", EXPERT)):
        BOTS[f"{_base}-{_part}"] = _variant(_config, **_knobs)
        PAIRS[f"{_base}{_part}-{_base}"] = (f"{_base}-{_part}", _base)
# the scripted exploiters (issue 34 §2) against the search bots: their goal is a ceiling
EXPLOITERS = ("feeder", "picts", "collector", "all")
PAIRS.update({f"{e}-{b.replace('-', '')}": (f"exploit-{e}", b) for e in EXPLOITERS
              for b in ("expert", "hard", "expert-curve", "hard-curve", "expert-model")})
# ... and their floor: `normal` with no trick in the exploiter's seat ("normal-expert")
PAIRS.update({f"normal-{b}": ("normal", b) for b in ("expert", "hard")})


# ---------------------------------------------------------------------------- decision times

def decision_times(bot: str, mode: str, players: int, games: int, seed: int,
                   options: dict) -> list[float]:
    """Seconds per decision of `bot` in seat 0 against normal bots (only real decisions:
    states with more than one legal action)."""
    out: list[float] = []

    class Timed:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, st):
            t = time.perf_counter()
            a = self.inner.choose(st)
            dt = time.perf_counter() - t
            if len(legal_actions(st)) > 1:
                out.append(dt)
            return a

    for g in range(games):
        bots = seat_bots([bot] + ["normal"] * (players - 1), seed + g, **options)
        bots[0] = Timed(bots[0])
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed + g,
                      cards=load_cards())
        play_out(st, bots)
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def report_times(args) -> None:
    print("== decision times (seat 0 vs normal bots; decisions with a real choice)")
    for mode, players in (("karl", 4), ("jarl", 4), ("jarl", 2)):
        ts = decision_times("normal", mode, players, args.time_games, 7, {})
        print(f"normal {mode} {players}p: {len(ts)} decisions, median {1e3 * _pct(ts, .5):.2f} ms,"
              f" p95 {1e3 * _pct(ts, .95):.2f} ms, max {1e3 * max(ts):.2f} ms")
    opts = _search_options(args)
    for bot in ("hard", "expert"):
        ts = decision_times(bot, "karl", 4, 1, 7, opts)
        print(f"{bot} karl 4p ({_budget(args)}): {len(ts)} decisions, "
              f"median {1e3 * _pct(ts, .5):.1f} ms, p95 {1e3 * _pct(ts, .95):.1f} ms, "
              f"max {1e3 * max(ts):.1f} ms")


# ---------------------------------------------------------------------------- matches

def _search_options(args) -> dict:
    if args.playouts is not None:
        return {"playouts": args.playouts}
    return {"think": args.think, "cpu_clock": True}


def _budget(args) -> str:
    if args.playouts is not None:
        return f"{args.playouts} playouts per decision"
    return f"{args.think} s of CPU time per decision"


# the behaviour figures of issue 34 §3 (tournament.BEHAVIOUR), as the table prints them
HABITS = {"cheap_declined": "cheap", "cheap_declined_value": "worth",
          "crowded_unbought": "piles", "picts_vp_gained": "picts+", "picts_vp_lost": "picts-",
          "coins_unspent": "coins", "craftsmen_one_short": "short"}


def is_exploiter(pair: str) -> bool:
    """An exploiter's pair, or its floor (`normal` against a search bot): a ceiling."""
    focus, other = PAIRS[pair]
    return focus.startswith("exploit-") or (focus == "normal" and other != "normal")


def target(pair: str, players: int) -> float:
    fair = 1.0 / players
    if is_exploiter(pair):
        return fair / 2   # at most half its fair share
    if pair == "hard-normal":
        return fair + 0.15
    return 0.55 if players == 2 else fair + 0.10


def verdict(lo: float, hi: float, goal: float, ceiling: bool = False) -> str:
    if ceiling:   # the goal is an upper bound (an exploiter's win rate)
        return "MET" if hi <= goal else "NOT MET" if lo > goal else "OPEN"
    if lo >= goal:
        return "MET"
    if hi < goal:
        return "NOT MET"
    return "OPEN"


def report_table(args) -> None:
    sizes = [int(x) for x in args.sizes.split(",")]
    modes = args.modes.split(",")
    pairs = args.pairs.split(",")
    print(f"== by table size: {args.games} games per cell, {_budget(args)}, "
          f"{args.workers} workers, seed {args.seed}")
    print(f"{'pair':<12} {'table':<7} {'games':>5} {'win rate':>8} {'95% interval':>14} "
          f"{'target':>7} {'verdict':<8} {'margin':>6} {'missed':>6} {'picts':>6} {'bought':>6} "
          f"{'boxed':>5}"
          f" {'| other:':<8} {'missed':>6} {'picts':>6} {'bought':>6} {'boxed':>5} {'secs':>6}")
    sys.stdout.flush()
    t_all = time.perf_counter()
    for pair in pairs:
        focus, other = PAIRS[pair]
        for mode in modes:
            for n in sizes:
                t0 = time.perf_counter()
                res = tournament(args.games, n, mode, [focus] + [other] * (n - 1),
                                 seed=args.seed, workers=args.workers,
                                 think=None if args.playouts else args.think,
                                 playouts=args.playouts, cpu_clock=args.playouts is None)
                rows = {b.name: b.row() for b in res.bots}
                f, o = rows[focus], rows[other]
                goal = target(pair, n)
                print(f"{pair:<12} {mode + ' ' + str(n) + 'p':<7} {args.games:>5} "
                      f"{f['win_rate']:>8.1%} {f['ci_low']:>6.1%}–{f['ci_high']:<7.1%} "
                      f"{goal:>7.0%} "
                      f"{verdict(f['ci_low'], f['ci_high'], goal, is_exploiter(pair)):<8} "
                      f"{f['mean_margin']:>+6.1f} "
                      f"{f['missed_completions']:>6} {f['picts_vp']:>+6.1f} "
                      f"{f['cards_bought']:>6.1f} {f['cards_boxed_after_own_first_place']:>5.1f}"
                      f" {'| ' + other:<8} {o['missed_completions']:>6} {o['picts_vp']:>+6.1f} "
                      f"{o['cards_bought']:>6.1f} {o['cards_boxed_after_own_first_place']:>5.1f}"
                      f" {time.perf_counter() - t0:>6.0f}")
                for name in dict.fromkeys((focus, other)):
                    habits = " ".join(f"{HABITS[k]} {rows[name][k]:.2f}" for k in HABITS)
                    print(f"    habits of {name}: {habits}")
                sys.stdout.flush()
    print(f"   total {time.perf_counter() - t_all:.0f} s. {label('behaviour_legend')}")
    print("   margin: the first bot's mean VP minus the best other player's. habits (issue 34 "
          "§3, per seat and game): cheap = cards passed at price <= 1 holding the coins, "
          "worth = their value to the passer, piles = >= 3-viking piles under a card nobody "
          "bought, picts+/picts- = VP gained/lost in attacks, coins = unspent at the end, "
          "short = craftsmen one good short at the end")


def report_normal_easy(args) -> None:
    games = args.games or 400
    t0 = time.perf_counter()
    res = tournament(games, 4, "karl", ["normal", "easy", "easy", "easy"], seed=args.seed,
                     workers=args.workers)
    r = next(b.row() for b in res.bots if b.name == "normal")
    ok = "MET" if r["win_rate"] >= 0.60 else "NOT MET"
    print(f"== normal vs three easy, 4-player Karl: {games} games, win rate {r['win_rate']:.1%} "
          f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}], target ≥ 60%: {ok} "
          f"({time.perf_counter() - t0:.0f} s)")


def legal_check(args) -> None:
    """Many games of random seatings: any illegal action raises in apply_action."""
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    for g in range(args.games):
        players = rng.randint(2, 5)
        mode = rng.choice(("karl", "jarl"))
        lineup = [rng.choice(("normal", "easy", "normal")) for _ in range(players)]
        play_game(lineup, mode, args.seed + g)
    print(f"== legality: {args.games} games with normal/easy seats, no illegal action "
          f"({time.perf_counter() - t0:.0f} s)")


def _match_lines(path: str) -> list[dict]:
    import json
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    continue   # a line cut short by a kill: that game is played again
    except FileNotFoundError:
        pass
    return out


def model_summary(done: list[dict], tables: list[tuple[int, str]]) -> list[str]:
    """Per table: games, the model's win share with its interval, the fair share, margin."""
    lines = []
    for n, mode in tables:
        got = [d for d in done if d["players"] == n and d["mode"] == mode]
        wins = sum(d["win"] for d in got)
        lo, hi = wilson(wins, len(got))
        fair = 1.0 / n
        verdict = ("ABOVE" if lo > fair else "BELOW" if hi < fair else "OPEN") if got else "-"
        margin = sum(d["margin"] for d in got) / max(1, len(got))
        cpu = sum(d["cpu"] for d in got) / max(1, len(got))
        lines.append(f"{n}p {mode}: {len(got)} games, expert-model wins {wins:.1f} = "
                     f"{wins / max(1, len(got)):.1%} (95% {lo:.1%}–{hi:.1%}), fair share "
                     f"{fair:.0%}: {verdict}; margin {margin:+.2f} VP; {cpu:.0f} CPU s a game")
    return lines


def model_match(args) -> None:
    """expert-model against today's expert (see the module docstring), resumable."""
    import json
    tables = [(int(t[0]), t[1:]) for t in args.tables.split(",")]
    out = args.out or f"bench/results/model-match-{time.strftime('%Y-%m-%d')}.jsonl"
    done = _match_lines(out)
    have = {(d["players"], d["mode"], d["game"]) for d in done}
    deadline = time.monotonic() + 60 * args.minutes
    opts = _search_options(args)
    cards = load_cards()
    print(f"== expert-model vs expert, {_budget(args)}, seats rotated; {len(done)} games "
          f"already in {out}", flush=True)
    for g in range(args.games or 200):
        for n, mode in tables:
            if (n, mode, g) in have:
                continue
            if time.monotonic() > deadline:
                print("time limit reached: run again with the same --out to resume")
                print("\n".join(model_summary(done, tables)))
                return
            lineup = ["expert"] * n
            seat = g % n
            lineup[seat] = "expert-model"
            t = time.process_time()
            result, _ = play_game(lineup, mode, args.seed + g, cards, opts)
            totals = [r["total"] + 0.01 * r["coins"] for r in result["scores"]]
            win = 1.0 / len(result["winners"]) if seat in result["winners"] else 0.0
            rec = {"players": n, "mode": mode, "game": g, "seed": args.seed + g, "seat": seat,
                   "win": win, "margin": round(totals[seat] - max(
                       v for i, v in enumerate(totals) if i != seat), 2),
                   "totals": [r["total"] for r in result["scores"]],
                   "cpu": round(time.process_time() - t, 1)}
            with open(out, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            done.append(rec)
            print(f"game {g} {n}p {mode}: model seat {seat}, win {win:.2f}, margin "
                  f"{rec['margin']:+.2f}, {rec['cpu']} CPU s", flush=True)
    print("\n".join(model_summary(done, tables)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("times", "normal-easy", "table", "legal", "model-match"),
                    default=None)
    ap.add_argument("--games", type=int, default=None, help="games per match / table cell")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--think", type=float, default=0.2,
                    help="search bots' CPU seconds per decision")
    ap.add_argument("--playouts", type=int, default=None, help="search bots' playouts instead")
    ap.add_argument("--pairs", default="hard-normal,expert-hard")
    ap.add_argument("--sizes", default="2,3,4,5")
    ap.add_argument("--modes", default="karl,jarl")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-games", type=int, default=10)
    ap.add_argument("--tables", default="3jarl,4karl", help="model-match: the tables")
    ap.add_argument("--minutes", type=float, default=40.0, help="model-match: no game after")
    ap.add_argument("--out", default=None, help="model-match: the JSON-lines file (resumed)")
    args = ap.parse_args(argv)
    todo = [args.only] if args.only else ["times", "normal-easy", "table"]
    for what in todo:
        if what == "times":
            report_times(args)
        elif what == "normal-easy":
            report_normal_easy(args)
        elif what == "legal":
            args.games = args.games or 2000
            legal_check(args)
        elif what == "table":
            args.games = args.games or 20
            report_table(args)
        elif what == "model-match":
            model_match(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
