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
``--compare DIR`` adds an earlier model (a folder as train_value.py's --teacher takes: its
feature code and its file; or a model file of today's features) as the column "old".

    nice -n 10 uv run python bench/value.py --speed [--compare DIR]
    nice -n 10 uv run python bench/value.py --judge --tables 4karl,3jarl --games 6 --draws 16

--speed: CPU µs a position of the features, the network and the heuristic's cut value (and
of the earlier model's features with --compare), interleaved over the same positions.

--judge (issue 49 §5): truncated play-outs against full ones. Positions: the first
placement of rounds 2, 4 and 6 of held-out games; the two moves the `normal` bot ranks first;
`--draws` paired draws (engine.determinize, common play-out seeds: jorvik.bots.sampler.Paired)
played out by the judging play-out policy (--policy rollout, the review's; or normal) in each
of the ways: "full" to the final scores (today's judgement), "trunc0" this round then the
value model, "trunc1" one round more then the model (bots.playout.margin_playout). Printed:
the variance of the paired difference per draw, CPU seconds a draw, and the standard error
one CPU second buys (sqrt(variance × seconds a draw): lower is better), the factor against
full play-outs (of the standard error, and of the CPU for the same standard error: its
square), and how the truncated verdicts agree with the full ones (correlation of the mean
differences over positions; the sign where the full one is clear by 2 standard errors).
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
from jorvik.bots.policy import NormalBot, playout_policy
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
    for _ in range(replays):
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


def load_old(folder: str):
    """An earlier model with its own feature code (tools/train_value.py's load_teacher)."""
    sys.path.insert(0, folder)
    from oldvalue.model import read_model as read_old  # type: ignore[import-not-found]
    return read_old(Path(folder) / "value-model.json")


def speed_report(model, cards, old=None, reps: int = 5) -> str:
    """CPU µs a position (4-player Karl and 3-player Jarl positions, every round): the
    features, the network on one position's seats, the heuristic's cut value, and the earlier
    model's features with --compare; the ways are interleaved rep by rep so that a machine
    busy in bursts loads them alike. Also a calibration loop (sum(range(1000)))."""
    views = []
    for n, mode in ((4, "karl"), (3, "jarl")):
        for seed in (1, 2):
            states, _ = game_positions(n, mode, seed, cards)
            views += [observe(st, None).state for st in states]
    rows = [table_rows(*position_features(v)) for v in views]
    ways = {"features": lambda: [position_features(v) for v in views],
            "network": lambda: [model.predict(r) for r in rows],
            "features+network (seat_values)": lambda: [model.seat_values(v) for v in views],
            "cut value (player_value, every seat)":
                lambda: [[player_value(ctx, i) for i in range(v.n)]
                         for v in views for ctx in (Ctx(v),)],
            "calibration sum(range(1000))": lambda: [sum(range(1000)) for _ in views]}
    if old is not None and "oldvalue" in sys.modules:
        from oldvalue.features import position_features as old_features
        ways["old model's features"] = lambda: [old_features(v) for v in views]
    if old is not None:
        ways["old model features+network"] = lambda: [old.seat_values(v) for v in views]
    spent = dict.fromkeys(ways, 0.0)
    for _ in range(reps):
        for k, f in ways.items():
            t = time.process_time()
            f()
            spent[k] += time.process_time() - t
    per = {k: v / (reps * len(views)) * 1e6 for k, v in spent.items()}
    return (f"speed ({len(views)} positions of 4-player Karl and 3-player Jarl, CPU µs a "
            "position, averaged over "
            f"{reps} interleaved reps): " + "; ".join(f"{k} {v:.0f}" for k, v in per.items()))


def first_placement(st, seed: int):
    """The first placement decision with a choice at or after `st` (normal bots play)."""
    from jorvik.engine import Phase, current_player, legal_actions
    bots = [NormalBot(bot_seed(seed, i)) for i in range(st.n)]
    for _ in range(400):
        if is_over(st):
            return None
        if st.phase == Phase.DEMAND and not st.pending and len(legal_actions(st)) > 1:
            return st
        st, _ = play_out(st, bots[current_player(st)], max_decisions=1)
    return None


def judge(args, model, cards) -> list[str]:
    """Truncated against full play-outs (see the module docstring)."""
    from jorvik.bots.playout import margin_playout
    from jorvik.bots.policy import rollout_policy
    from jorvik.bots.sampler import Outcome, Paired
    from jorvik.engine import current_player
    modes = {"full": None, "trunc0": 0, "trunc1": 1}
    lines = [f"== judge: {args.policy} play-outs, {args.draws} paired draws a position, "
             "the two moves normal ranks first, rounds 2, 4, 6"]
    deadline = time.monotonic() + 60 * args.minutes
    for table in args.tables.split(","):
        n, mode = int(table[0]), table[1:]
        got: dict[str, list] = {m: [] for m in modes}
        for g in range(args.games):
            if time.monotonic() > deadline:
                break
            seed = args.seed + g
            states, _ = game_positions(n, mode, seed, cards)
            for st in (s for s in states if s.round in (2, 4, 6)):
                pos = first_placement(st, seed)
                if pos is None:
                    continue
                me = current_player(pos)
                cands = [a for _, a in NormalBot(seed).rank(pos)[:2]]
                if len(cands) < 2:
                    continue
                for m, rounds in modes.items():
                    bot = (rollout_policy(seed) if args.policy == "rollout"
                           else playout_policy(seed, noise=NOISE))

                    def po(s, sd, bot=bot, rounds=rounds, me=me):
                        bot.rng.seed(sd)
                        v, k = margin_playout(s, bot, me, rounds=rounds, model=model)
                        return Outcome(v, k)
                    sampler = Paired(pos, cands, po, rng=seed * 31 + pos.round)
                    t = time.process_time()
                    for _ in range(args.draws):
                        sampler.draw()
                    cpu = (time.process_time() - t) / args.draws
                    d = np.array(sampler.diffs(0, 1))
                    got[m].append((float(d.var(ddof=1)), cpu, float(d.mean()),
                                   float(d.std(ddof=1) / np.sqrt(len(d)))))
        full = got["full"]
        lines.append(f"{n}p {mode}: {len(full)} positions")
        base = None
        for m, rows in got.items():
            if not rows:
                continue
            var = float(np.mean([r[0] for r in rows]))
            cpu = float(np.mean([r[1] for r in rows]))
            se1 = float(np.sqrt(var * cpu))
            base = base or se1
            line = (f"  {m:<7} variance {var:7.2f} VP² a draw, {cpu * 1e3:7.1f} CPU ms a draw, "
                    f"SE after 1 CPU s {se1:.3f} VP: x{base / se1:.2f} better than full "
                    f"(x{(base / se1) ** 2:.1f} less CPU for the same SE)")
            if m != "full" and len(rows) > 2:
                a = np.array([r[2] for r in rows])
                b = np.array([r[2] for r in full])
                clear = [i for i, r in enumerate(full) if abs(r[2]) > 2 * r[3]]
                same = sum(np.sign(a[i]) == np.sign(b[i]) for i in clear)
                line += (f"; agreement with full: correlation {np.corrcoef(a, b)[0, 1]:.2f}, "
                         f"sign {same}/{len(clear)} where full is clear")
            lines.append(line)
        print("\n".join(lines[-(len(got) + 1):]), flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="3jarl,4karl")
    ap.add_argument("--games", type=int, default=200, help="held-out games per table")
    ap.add_argument("--floor-games", type=int, default=20, help="of them, replayed for the floor")
    ap.add_argument("--replays", type=int, default=16)
    ap.add_argument("--floor-last", type=int, default=None,
                    help="the floor only at the last rounds: those this many rounds before "
                         "the last or later")
    ap.add_argument("--seed", type=int, default=90_000_000)
    ap.add_argument("--model", default=None)
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--out", nargs="?", const="", default=None)
    ap.add_argument("--compare", default=None,
                    help="an earlier model (column old): a model file, or a folder with its "
                         "own feature code (train_value.py export-teacher)")
    ap.add_argument("--speed", action="store_true", help="only the speed figures")
    ap.add_argument("--judge", action="store_true", help="truncated vs full play-outs")
    ap.add_argument("--draws", type=int, default=16, help="--judge: paired draws a position")
    ap.add_argument("--policy", choices=("rollout", "normal"), default="rollout")
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
    try:   # --compare: a model file of today's features, or a folder with its own features
        old = (None if not args.compare else read_model(args.compare)
               if Path(args.compare).is_file() else load_old(args.compare))
    except ModelFileError as e:
        print(f"value: {e}", file=sys.stderr)
        return 2
    header = f"# bench/value.py {' '.join(argv if argv is not None else sys.argv[1:])}  " \
        f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)"
    if args.speed or args.judge:
        out = [header] + ([speed_report(model, cards, old)] if args.speed else []) \
            + (judge(args, model, cards) if args.judge else [])
        print("\n".join(out[:2]) if args.speed else out[0])
        _write(args, out)
        return 0
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
        sq = defaultdict(lambda: {"cut": [], "model": [], "old": [], "floor": []})
        games = 0
        for g in range(args.games):
            if time.monotonic() > deadline:
                break
            seed = args.seed + g
            states, result = game_positions(n, mode, seed, cards)
            result_round = states[-1].round
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
                if old is not None:
                    ov = old.margins(view)
                    row["old"].extend((ov[i] - truth[i]) ** 2 for i in range(n))
                near_end = args.floor_last is None or result_round - st.round <= args.floor_last
                if g < args.floor_games and near_end:
                    row["floor"].extend(floor_of(st, args.replays, seed * 1009 + st.round))
        lines.append(f"== {n}p {mode}: {games} held-out games (seeds {args.seed}..), floor from "
                     f"the first {min(games, args.floor_games)} x {args.replays} replays "
                     f"({time.monotonic() - t0:.0f} s so far)")
        lines.append(f"{'round':>5} {'seats':>6} {'cut':>8} {'model':>8} {'floor':>8} "
                     f"{'closed':>7} {'old':>8}")
        tot: dict[str, list] = {"cut": [], "model": [], "old": [], "floor": []}
        for rnd in sorted(sq):
            row = sq[rnd]
            mean = {k: (sum(v) / len(v) if v else float("nan")) for k, v in row.items()}
            gap = mean["cut"] - mean["floor"]
            closed = (mean["cut"] - mean["model"]) / gap if gap > 0 else float("nan")
            lines.append(f"{rnd:5d} {len(row['cut']):6d} {mean['cut']:8.2f} {mean['model']:8.2f} "
                         f"{mean['floor']:8.2f} {closed:7.0%} {mean['old']:8.2f}")
            for k in tot:
                tot[k].extend(row[k])
        mean = {k: (sum(v) / len(v) if v else float("nan")) for k, v in tot.items()}
        lines.append(f"{'all':>5} {len(tot['cut']):6d} {mean['cut']:8.2f} {mean['model']:8.2f} "
                     f"{mean['floor']:8.2f} {'':>7} {mean['old']:8.2f}")
        print("\n".join(lines[-(len(sq) + 3):]), flush=True)
    lines.append(speed_report(model, cards, old, reps=1))
    lines.append(f"({time.monotonic() - t0:.0f} s)")
    print("\n".join([lines[0], lines[1]] + lines[-2:]))
    _write(args, lines)
    return 0


def _write(args, lines: list[str]) -> None:
    if args.out is not None:
        path = Path(args.out or ROOT / "bench" / "results"
                    / f"value-{datetime.now(UTC):%Y-%m-%d}.txt")
        with open(path, "a", encoding="utf-8") as f:
            print("\n".join(lines) + "\n", file=f)


if __name__ == "__main__":
    sys.exit(main())
