"""Play-out policy benchmark (issue 37): speed against random play, strength against `normal`,
and what `hard` gains from it.

    uv run python bench/rollout.py --only speed                 # the ratio per table
    uv run python bench/rollout.py --only strength --games 200  # rollout vs three normal
    uv run python bench/rollout.py --only hard --games 60       # hard on it vs hard on normal
    uv run python bench/rollout.py --only review                # the review's stability

speed: decisions per CPU second (the machine is shared; wall-clock figures swing with the
load) of `random`, `normal` and `rollout` in every seat, the games of `jorvik simulate`
without its invariant checks, at 2 and 5 players in both modes; each policy is run `--repeat`
times alternately in one process and the best run kept; the ratio to random's is the target
(rollout >= 0.3).
strength: one `rollout` against three `normal` (4-player Karl and Jarl, seats rotated, the
seeds of `jorvik tournament`), win rate with its 95% interval against the fair share 25%.
hard: one `hard` whose play-outs use the rollout policy against three `hard` with today's
(normal) play-outs, 4-player Jarl, `--think` CPU seconds per decision; fair share 25%.
review: the top-5 costliest decisions of `jorvik review` on a recorded game, with two seeds,
for the normal and the rollout play-outs: how many of the five the two seeds share.
Every section prints its figures; --out appends them to a dated file in bench/results/.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time

from jorvik.bots import BOTS, play_out, seat_bots
from jorvik.bots.policy import NormalBot, rollout_policy
from jorvik.bots.search import HARD, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import legal_actions, new_game
from jorvik.tournament import tournament
from report import heading, recorded, results_file  # bench/report.py

TABLES = ((2, "karl"), (2, "jarl"), (5, "karl"), (5, "jarl"))


def _hard_on_rollout(seed=None, think=None, playouts=None, cpu_clock=False, **_):
    """`hard` whose play-outs the rollout policy plays (`hard` itself plays them with
    policy.playout_policy, the normal bot)."""
    return SearchBot(HARD, seed, think=think, playouts=playouts, cpu_clock=cpu_clock,
                     playout_policy=rollout_policy)


# for this benchmark only (worker processes are forked, so they see it too)
BOTS["hard-rollout-playouts"] = _hard_on_rollout
# the normal bot under another name: its win rate against three normal bots at the same
# seeds is what an equally strong bot gets there (the seats and deals are not all alike)
BOTS["normal-again"] = lambda seed=None, **_: NormalBot(seed)


def rate(bot: str, players: int, mode: str, games: int, seed: int) -> float:
    """Decisions per CPU second of `bot` in every seat over `games` games (the games of
    `jorvik simulate`: seeds seed, seed+1, ...; bots seeded by seat; no invariant checks)."""
    names = [f"Player {i + 1}" for i in range(players)]
    decisions = 0
    cpu = 0.0
    for g in range(games):
        t0 = time.process_time()
        st = new_game(names, mode=mode, seed=seed + g, cards=load_cards())
        _, n = play_out(st, seat_bots([bot] * players, seed + g))
        cpu += time.process_time() - t0
        decisions += n
    return decisions / cpu


def speed(args) -> None:
    print(f"== speed: decisions per CPU second, best of {args.repeat} alternating runs of "
          f"{args.speed_games} games (seed {args.seed})")
    print(f"{'table':<8} {'random':>9} {'normal':>9} {'rollout':>9} {'normal/random':>14}"
          f" {'rollout/random':>15}  target rollout/random >= 0.30")
    for players, mode in TABLES:
        best = {"random": 0.0, "normal": 0.0, "rollout": 0.0}
        for _ in range(args.repeat):
            for bot in best:
                best[bot] = max(best[bot], rate(bot, players, mode, args.speed_games, args.seed))
        ratio_n = best["normal"] / best["random"]
        ratio_r = best["rollout"] / best["random"]
        print(f"{players}p {mode:<5} {best['random']:>9,.0f} {best['normal']:>9,.0f} "
              f"{best['rollout']:>9,.0f} {ratio_n:>14.3f} {ratio_r:>15.3f}  "
              f"{'MET' if ratio_r >= 0.3 else 'NOT MET'}")
        sys.stdout.flush()


def _cell(res, name: str) -> dict:
    return next(b.row() for b in res.bots if b.name == name)


def strength(args) -> None:
    print(f"== strength: rollout vs three normal, 4 players, {args.games} games a cell, "
          f"seed {args.seed}, seats rotated; fair share 25%")
    for mode in args.modes.split(","):
        for focus in (["rollout", "normal-again"] if args.baseline else ["rollout"]):
            strength_cell(args, mode, focus)


def strength_cell(args, mode: str, focus: str) -> None:
    """One cell: `focus` against three normal bots, seats rotated."""
    t0 = time.perf_counter()
    res = tournament(args.games, 4, mode, [focus, "normal", "normal", "normal"],
                     seed=args.seed, workers=args.workers)
    r, n = _cell(res, focus), _cell(res, "normal")
    verdict = ("above the fair share" if r["ci_low"] > 0.25 else
               "below the fair share" if r["ci_high"] < 0.25 else
               "interval spans the fair share")
    print(f"4p {mode:<5} {focus:<12} {r['win_rate']:.1%} [{r['ci_low']:.1%}, "
          f"{r['ci_high']:.1%}] mean VP {r['mean_vp']:.1f} (normal {n['mean_vp']:.1f}), "
          f"margin {r['mean_margin']:+.1f}  {verdict}  ({time.perf_counter() - t0:.0f} s)")
    sys.stdout.flush()


def samples(args) -> None:
    """Samples per searched decision of `hard` at --think CPU seconds, on the same positions
    (placements and purchases from a 4-player game of normal bots), with each play-out policy."""
    st = new_game([f"P{i + 1}" for i in range(4)], mode=args.hard_mode, seed=args.seed, cards=load_cards())
    bots = seat_bots(["normal"] * 4, args.seed)
    spots = []

    def watch(before, _a, _after):
        if (not before.pending and before.phase in ("demand", "purchase")
                and len(legal_actions(before)) > 1):
            spots.append(before)

    play_out(st, bots, watch=watch)
    spots = spots[::max(1, len(spots) // args.sample_positions)][:args.sample_positions]
    print(f"== hard's samples per searched decision at {args.think} s CPU, {len(spots)} "
          f"positions of a 4p {args.hard_mode} game")
    for name in ("hard-rollout-playouts", "hard"):
        got = []
        for i, pos in enumerate(spots):
            bot = BOTS[name](seed=i, think=args.think, cpu_clock=True)
            bot.choose(pos)
            if bot.last_stats:
                got.append(bot.last_stats["iterations"])
        mean = sum(got) / max(len(got), 1)
        print(f"{name:<22} {mean:6.1f} samples a decision (searched: {len(got)})")
        sys.stdout.flush()


def hard(args) -> None:
    print(f"== judgement: hard on rollout play-outs vs three hard on normal play-outs, "
          f"4p {args.hard_mode}, {args.games} games, {args.think} s CPU per decision, "
          f"seed {args.seed}; fair share 25%")
    t0 = time.perf_counter()
    res = tournament(args.games, 4, args.hard_mode,
                     ["hard-rollout-playouts", "hard", "hard", "hard"],
                     seed=args.seed, workers=args.workers, think=args.think, cpu_clock=True)
    r, o = _cell(res, "hard-rollout-playouts"), _cell(res, "hard")
    print(f"hard (rollout play-outs) {r['win_rate']:.1%} [{r['ci_low']:.1%}, {r['ci_high']:.1%}]"
          f" mean VP {r['mean_vp']:.1f}, margin {r['mean_margin']:+.1f}; hard (normal play-outs) "
          f"mean VP {o['mean_vp']:.1f}  ({time.perf_counter() - t0:.0f} s)")


def review(args) -> None:
    from jorvik import review as review_mod
    from jorvik.engine import make_record

    print("== review stability: the top-5 costliest decisions of seat 1 with review seeds 1 "
          "and 2 (4-player Jarl games played by normal bots)")
    made = review_mod.Judge.__init__

    def judged_by(policy):
        def init(self, *a, **k):
            made(self, *a, **k)
            self.policy = policy(self.seed)
        return init

    for game_seed in args.review_games:
        st0 = new_game([f"P{i + 1}" for i in range(4)], mode="jarl", seed=game_seed, cards=load_cards())
        actions = []
        play_out(st0, seat_bots(["normal"] * 4, game_seed),
                 watch=lambda _b, a, _a, actions=actions: actions.append(a))
        rec = make_record(st0, actions)
        runs = [("normal", NormalBot, args.review_playouts),
                ("rollout", rollout_policy, args.review_playouts)]
        if args.review_playouts_rollout:
            runs.append(("rollout", rollout_policy, args.review_playouts_rollout))
        for name, policy, playouts in runs:
            review_mod.Judge.__init__ = judged_by(policy)
            t0 = time.process_time()
            tops = []
            for seed in (1, 2):
                res = review_mod.review(rec, humans=[0], playouts=playouts, seed=seed)
                tops.append({d.index for d in res.costliest(5)})
            print(f"game {game_seed} play-outs by {name:<8} {playouts:>3} determinizations: "
                  f"shared {len(tops[0] & tops[1])}/5 ({time.process_time() - t0:.0f} CPU s)")
            sys.stdout.flush()
        review_mod.Judge.__init__ = made


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("speed", "strength", "samples", "hard", "review"),
                    default=None)
    ap.add_argument("--sample-positions", type=int, default=20)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--speed-games", type=int, default=10)
    ap.add_argument("--modes", default="karl,jarl")
    ap.add_argument("--baseline", action="store_true",
                    help="strength: also the normal bot itself in the focus seat")
    ap.add_argument("--hard-mode", default="jarl")
    ap.add_argument("--think", type=float, default=0.2)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--review-playouts", type=int, default=8)
    ap.add_argument("--review-games", type=int, nargs="*", default=[11])
    ap.add_argument("--review-playouts-rollout", type=int, default=None,
                    help="also review with the rollout policy at this many (e.g. the same time)")
    ap.add_argument("--out", action="store_true", help="append the figures to bench/results/")
    args = ap.parse_args(argv)
    todo = [args.only] if args.only else ["speed", "strength", "samples", "hard"]
    with recorded(results_file("rollout") if args.out else None, end="\n"):
        print(f"{heading('rollout.py', argv)}  "
              f"({datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC)")
        for what in todo:
            if what == "speed":
                speed(args)
            elif what == "strength":
                args.games = args.games or 200
                strength(args)
            elif what == "samples":
                samples(args)
            elif what == "hard":
                args.games = args.games or 60
                hard(args)
            elif what == "review":
                review(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
