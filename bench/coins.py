"""What a coin and a craftsman are worth where the search cuts its play-outs (issue 34 §1).

    nice -n 10 uv run python bench/coins.py                       # default grid
    nice -n 10 uv run python bench/coins.py --tables 3jarl,4karl --games 3 --pairs 12
    ... --out [FILE]        # append to FILE (default bench/results/coins-DATE.txt)
    uv run python bench/coins.py --fit bench/results/coins-2026-12-04.txt   # the curves
    nice -n 10 uv run python bench/coins.py --craftsmen --games 40   # completion chances

``--fit`` reads such tables back and fits each table's ``CoinCurve`` (knowledge/params.py:
rich, poor, scale; weighted least squares over a grid) to them, printing the fit beside
today's CUT_COINS.

States where a search cuts (the first state of a round) are taken from games of the search's
play-out policy. For each player of each such state, the player's coins are set to a level
and to the level + D, and both states are played to the end by the play-out policy with the
same seeds (common random numbers); the difference of the player's final margin
(``knowledge.final_margin``), divided by D, is what a coin at that level is worth with that
many rounds left. The table prints it with its standard error beside what the search's cut
value gives a coin there (``Ctx.coin_worth`` and ``Ctx.coins_value``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from jorvik.bots import play_out
from jorvik.bots.knowledge import (
    DEFAULT,
    EXPERT_PARAMS,
    CoinCurve,
    Ctx,
    cut_coins,
    final_margin,
    table_params,
)
from jorvik.bots.policy import playout_policy
from jorvik.carddata import load_cards
from jorvik.engine import CardType, is_over, new_game

ROOT = Path(__file__).resolve().parent.parent
LEVELS = (1, 4, 8, 13)
DELTA = 2
NOISE = 0.35


def cut_states(n: int, mode: str, seed: int, params, cards) -> list:
    """The first state of every round of one game of the play-out policy."""
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=cards)
    bot = playout_policy(seed, params=params, noise=NOISE)
    out = [st]
    while not is_over(st):
        st, _ = play_out(st, bot, stop_round=st.round)
        if not is_over(st):
            out.append(st)
    return out[1:]


def final(st, p: int, coins: int, seed: int, bot) -> float:
    s = st.copy()
    s.mut(p).coins = coins
    bot.noise_key = seed
    bot.rng.seed(seed)
    s, _ = play_out(s, bot)
    return final_margin(s.result, p)


def measure(table: str, games: int, pairs: int, seed0: int, expert: bool, cards, rows: dict,
            deadline: float) -> None:
    n, mode = int(table[0]), table[1:]
    params = (table_params(EXPERT_PARAMS, mode, n) or DEFAULT) if expert else DEFAULT
    bot = playout_policy(0, params=params, noise=NOISE)
    for g in range(games):
        for st in cut_states(n, mode, seed0 + g, params, cards):
            ctx = Ctx(st, params)
            r = ctx.rounds_left
            for p in range(n):
                for level in LEVELS:
                    if time.monotonic() > deadline:
                        return
                    diffs = []
                    for k in range(pairs):
                        s = 1_000_003 * (seed0 + g) + 1009 * st.round + 97 * p + k
                        diffs.append((final(st, p, level + DELTA, s, bot)
                                      - final(st, p, level, s, bot)) / DELTA)
                    key = (table, r, level)
                    rows[key]["d"].extend(diffs)
                    rows[key]["flat"].append(ctx.coin_worth(p))
                    rows[key]["cut"].append((ctx.coins_value(p, level + DELTA)
                                             - ctx.coins_value(p, level)) / DELTA)


def report(rows: dict, out) -> None:
    print(f"{'table':7} {'left':>4} {'coins':>5} {'n':>5} {'worth':>6} {'±se':>5} "
          f"{'flat':>5} {'cut':>5}", file=out)
    for (table, r, level), v in sorted(rows.items()):
        d = v["d"]
        if len(d) < 2:
            continue
        se = statistics.stdev(d) / math.sqrt(len(d))
        print(f"{table:7} {r:4d} {level:5d} {len(d):5d} {statistics.mean(d):6.2f} {se:5.2f} "
              f"{statistics.mean(v['flat']):5.2f} {statistics.mean(v['cut']):5.2f}", file=out)


def completions(table: str, games: int, seed0: int, expert: bool, cards, out) -> None:
    """How often a craftsman with m_eff fields empty at the start of a round (the weighted
    count ``Ctx.p_complete`` reads) is complete at the end of a game of the play-out policy,
    against the chance the knobs give it (``Params.lam``), and the lam that fits best."""
    n, mode = int(table[0]), table[1:]
    params = (table_params(EXPERT_PARAMS, mode, n) or DEFAULT) if expert else DEFAULT
    seen = []   # (m_eff, rounds left, completed by the end of the game)
    for g in range(games):
        seen += _craftsmen_seen(n, mode, seed0 + g, params, cards)
    if not seen:
        return
    best = max((x / 20 for x in range(4, 81)), key=lambda lam: _loglik(seen, lam))
    print(f"{table:6} {'expert' if expert else 'hard'} play-outs: {len(seen)} craftsmen-rounds, "
          f"{sum(d for *_, d in seen) / len(seen):.0%} completed; lam fit {best:.2f} "
          f"(knobs' lam {params.lam}; log-lik {_loglik(seen, best):.1f} vs "
          f"{_loglik(seen, params.lam):.1f})", file=out)
    for lo, hi in ((0, 1.5), (1.5, 2.5), (2.5, 9)):
        for rlo, rhi in ((1, 3), (3, 6), (6, 20)):
            sel = [d for m, r, d in seen if lo <= m < hi and rlo <= r < rhi]
            if len(sel) >= 10:
                mid_m = statistics.mean(m for m, r, d in seen if lo <= m < hi and rlo <= r < rhi)
                mid_r = statistics.mean(r for m, r, d in seen if lo <= m < hi and rlo <= r < rhi)
                print(f"    m_eff {lo}-{hi} rounds left {rlo}-{rhi - 1}: {len(sel):4d}, "
                      f"completed {sum(sel) / len(sel):.0%}; knobs say "
                      f"{math.exp(-params.lam * mid_m / (mid_r + 0.7)):.0%}, fit "
                      f"{math.exp(-best * mid_m / (mid_r + 0.7)):.0%}", file=out)


def _craftsmen_seen(n: int, mode: str, seed: int, params, cards) -> list[tuple[float, int, bool]]:
    """One game's craftsmen with fields empty at each cut: (m_eff, rounds left, completed by
    the end of the game)."""
    from jorvik.engine import empty_fields
    states = cut_states(n, mode, seed, params, cards)
    bot = playout_policy(seed, params=params, noise=NOISE)
    end, _ = play_out(states[-1], bot)
    seen = []
    for st in states:
        ctx = Ctx(st, params)
        for p, pl in enumerate(st.players):
            crafts = [c for c in pl.cards + pl.loading if ctx.by_id[c].type == CardType.CRAFTSMAN]
            missing = {c: len(empty_fields(st, pl, c)) for c in crafts}
            total = sum(missing.values())
            for c, m in missing.items():
                if m:
                    done = not empty_fields(end, end.players[p], c)
                    seen.append((m + params.share * (total - m), ctx.rounds_left, done))
    return seen


def _loglik(seen: list[tuple[float, int, bool]], lam: float) -> float:
    """The log-likelihood of the completions seen if each completes with the chance lam gives."""
    ll = 0.0
    for m_eff, r, done in seen:
        q = math.exp(-lam * m_eff / (r + 0.7)) if r > 0 else 0.0
        q = min(max(q, 1e-6), 1 - 1e-6)
        ll += math.log(q if done else 1 - q)
    return ll


def read_tables(paths: list[str]) -> list[tuple[str, int, float, float, float]]:
    """(table, rounds left, mid-point coins, worth, se) of every row in printed tables."""
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            p = line.split()
            if len(p) == 8 and p[0][:1].isdigit() and p[1].isdigit():
                rows.append((p[0], int(p[1]), int(p[2]) + DELTA / 2, float(p[4]), float(p[5])))
    return rows


def fit(paths: list[str]) -> None:
    rows = read_tables(paths)
    grid = [(a / 20, b / 10, tau) for a in range(4, 20) for b in range(5, 50)
            for tau in (2, 3, 4, 5, 6, 8, 10)]
    for table in sorted({r[0] for r in rows}):
        sel = [r for r in rows if r[0] == table]

        def chi2(g: tuple[float, float, float], sel: list = sel) -> float:
            curve = CoinCurve(*g)
            return sum(((w - (curve.value(c + 0.5, r) - curve.value(c - 0.5, r)))
                        / max(se, 0.1)) ** 2 for _, r, c, w, se in sel)
        best = min(grid, key=chi2)
        mode, n = table[1:], int(table[0])
        print(f"{table:6} fit rich {best[0]:.2f} poor {best[1]:.1f} scale {best[2]:.0f} "
              f"(chi2/row {chi2(best) / len(sel):.2f}, {len(sel)} rows); "
              f"CUT_COINS {cut_coins(mode, n)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="2karl,3jarl,4karl,4jarl")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=12)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--expert", action="store_true", help="the expert's knobs (default: hard's)")
    ap.add_argument("--minutes", type=float, default=60.0, help="stop measuring after this")
    ap.add_argument("--out", nargs="?", const="", default=None)
    ap.add_argument("--fit", nargs="+", metavar="FILE", help="fit the curves to these tables")
    ap.add_argument("--craftsmen", action="store_true", help="craftsmen's completion instead")
    args = ap.parse_args(argv)
    if args.fit:
        fit(args.fit)
        return 0
    cards = load_cards()
    if args.craftsmen:
        for table in args.tables.split(","):
            completions(table, args.games, args.seed, args.expert, cards, sys.stdout)
            sys.stdout.flush()
        return 0
    rows: dict = defaultdict(lambda: {"d": [], "flat": [], "cut": []})
    t0 = time.monotonic()
    deadline = t0 + 60 * args.minutes
    for table in args.tables.split(","):
        measure(table, args.games, args.pairs, args.seed, args.expert, cards, rows, deadline)
    head = (f"# bench/coins.py {' '.join(argv if argv is not None else sys.argv[1:])}  "
            f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
            f"{time.monotonic() - t0:.0f} s)\n"
            f"== a coin's worth in final margin (VP) by rounds left and coins held; "
            f"{'expert' if args.expert else 'hard'} play-outs; flat: Ctx.coin_worth, cut: "
            f"Ctx.coins_value per coin")
    print(head)
    report(rows, sys.stdout)
    if args.out is not None:
        path = Path(args.out or ROOT / "bench" / "results"
                    / f"coins-{datetime.now(UTC):%Y-%m-%d}.txt")
        with open(path, "a", encoding="utf-8") as f:
            print(head, file=f)
            report(rows, f)
            print(file=f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
