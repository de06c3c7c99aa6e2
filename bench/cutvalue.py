"""Does the search's value at its cut choose as the end of the game would? (issue 34 §1)

    nice -n 10 uv run python bench/cutvalue.py --tables 3jarl,4karl --positions 40 --draws 24
    ... --bot hard|expert   --phases purchase,reservation,demand   --out [FILE]

Positions: the searched decisions (placement, purchase, reservation) of games of the play-out
policy, where the search keeps more than one candidate. For each, every candidate is played by
the search's own draws (common random numbers: one determinization and play-out seed per draw
for all candidates) to the search's cut, valued there by each way of valuing the cut (VALUES),
and then played on, by the same play-out, to the end of the game. The end's final margin is
what the cut value stands in for, so for each way:
  regret   the end value of the best candidate (by the end values) minus that of the one the
           cut value ranks first, in VP, averaged over positions (0 is perfect);
  agree    the share of the positions with a clear best candidate (its end lead >= 2 standard
           errors) where the cut value ranks it first;
  mse      the mean squared difference between the cut value's and the end's candidate
           differences (each candidate against the position's first), in VP².
Regret is paired over the same positions and draws, so two ways are compared by the mean of
their difference, printed with its standard error.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jorvik.bots import play_out
from jorvik.bots.knowledge import Ctx, final_margin, margin_of, player_value, table_params
from jorvik.bots.policy import playout_policy
from jorvik.bots.sampler import Outcome, Paired
from jorvik.bots.search import END, EXPERT, HARD, ROLLOUT_DECISIONS, SearchBot
from jorvik.carddata import load_cards
from jorvik.engine import CardSet, Phase, current_player, is_over, legal_actions, new_game, observe

ROOT = Path(__file__).resolve().parent.parent

# ways of valuing the cut: (ctx, player) -> VP-equivalents
VALUES = {
    "flat": lambda ctx, i: player_value(ctx, i),
    # the cut value of the `-curve` bots: coins by the table's measured curve
    "at_cut": lambda ctx, i: player_value(ctx, i, coins_at_cut="curve", held=True),
}


def positions(n: int, mode: str, seed: int, phases: set, every: int, cards) -> list:
    """Searched decisions of one game of the play-out policy, every `every`-th."""
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=cards)
    bot = playout_policy(seed, noise=0.35)
    out, k = [], 0
    while not is_over(st):
        if (not st.pending and st.phase in phases and len(legal_actions(st)) > 1):
            k += 1
            if k % every == 0:
                out.append(st)
        st, _ = play_out(st, bot, max_decisions=1)
    return out


def judge(st, search: SearchBot, draws: int, seed: int):
    """(candidates, Paired with end values and the cut values as parts) of one position."""
    cfg = search.config
    if cfg.params is not None:
        p = table_params(cfg.params, st.mode, st.n) or search.policy.params
        search.policy.set_params(p)
        search.rollout_bot.set_params(p)
    view = observe(st, current_player(st)).state
    cands = search.candidates(view, legal_actions(view))
    if len(cands) < 2:
        return None
    me = current_player(st)
    placing = st.phase == Phase.DEMAND
    stop_round = st.round + (cfg.demand_horizon if placing and st.n <= cfg.deep_max_players
                             else cfg.horizon)
    if Ctx(view).rounds_left < cfg.endgame:
        stop_round = END
    bot = search.rollout_bot

    def playout(s, pseed: int) -> Outcome:
        bot.noise_key = pseed if cfg.synced_noise else None
        bot.rng.seed(pseed)
        s, steps = play_out(s, bot, stop_round=stop_round, max_decisions=ROLLOUT_DECISIONS)
        parts = {}
        if is_over(s):
            end = final_margin(s.result, me)
            parts = dict.fromkeys(VALUES, end)
        else:
            ctx = Ctx(s, bot.params, bot.memo)
            for name, value in VALUES.items():
                parts[name] = margin_of([value(ctx, i) for i in range(ctx.n)], me)
            s, more = play_out(s, bot)
            steps += more
            end = final_margin(s.result, me)
        return Outcome(end, steps, parts)

    sampler = Paired(view, cands, playout, rng=seed)
    for _ in range(draws):
        sampler.draw()
    return cands, sampler


class _Tally:
    """Per way of valuing the cut: the regret of its pick, its agreement with the best
    play-out where that one is clear, and its squared error in the candidates' differences."""

    def __init__(self) -> None:
        self.regret: dict[str, list[float]] = {name: [] for name in VALUES}
        self.agree: dict[str, list[int]] = {name: [0, 0] for name in VALUES}
        self.sq: dict[str, list[float]] = {name: [] for name in VALUES}

    def add(self, k: int, sm: Paired) -> None:
        """One position's k candidates, played out by `sm`."""
        end = [sm.mean(j).mean for j in range(k)]
        best = max(range(k), key=lambda j: end[j])
        second = max((j for j in range(k) if j != best), key=lambda j: end[j])
        clear = sm.diff(best, second).ahead()
        for name in VALUES:
            cut = [statistics.mean(o.parts[name] for o in sm.got[j].values())
                   for j in range(k)]
            pick = max(range(k), key=lambda j: cut[j])
            self.regret[name].append(end[best] - end[pick])
            if clear:
                self.agree[name][1] += 1
                self.agree[name][0] += pick == best
            for j in range(1, k):
                self.sq[name].append(((cut[j] - cut[0]) - (end[j] - end[0])) ** 2)

    def lines(self) -> list[str]:
        """The table's rows, and each value's regret against the first's."""
        lines = [f"{'value':10} {'regret':>7} {'±se':>5} {'agree':>12} {'mse':>7}"]
        for name in VALUES:
            r = self.regret[name]
            se = statistics.stdev(r) / math.sqrt(len(r)) if len(r) > 1 else math.inf
            a, c = self.agree[name]
            lines.append(f"{name:10} {statistics.mean(r) if r else 0:7.3f} {se:5.2f} "
                         f"{a:5d}/{c:<5d} {a / max(1, c):5.1%} "
                         f"{statistics.mean(self.sq[name]) if self.sq[name] else 0:7.2f}")
        names = list(VALUES)
        for other in names[1:]:
            d = [a - b for a, b in zip(self.regret[other], self.regret[names[0]])]
            if len(d) > 1:
                lines.append(f"regret {other} − {names[0]}: {statistics.mean(d):+.3f} "
                             f"± {statistics.stdev(d) / math.sqrt(len(d)):.3f}")
        return lines


def _table(args: argparse.Namespace, n: int, mode: str, phases: set[Phase], cards: CardSet,
           config: Any, deadline: float, tally: _Tally) -> int:
    """Up to args.positions positions of one table judged into `tally`; how many were."""
    got, g = 0, 0
    while got < args.positions and time.monotonic() < deadline:
        for st in positions(n, mode, args.seed + g, phases, args.every, cards):
            if got >= args.positions or time.monotonic() > deadline:
                break
            search = SearchBot(config, seed=args.seed + got, playouts=args.draws)
            res = judge(st, search, args.draws, args.seed * 31 + got)
            if res is None:
                continue
            cands, sm = res
            got += 1
            tally.add(len(cands), sm)
        g += 1
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="3jarl,4karl")
    ap.add_argument("--positions", type=int, default=40, help="per table")
    ap.add_argument("--every", type=int, default=7, help="take every k-th searched decision")
    ap.add_argument("--draws", type=int, default=24)
    ap.add_argument("--bot", choices=("hard", "expert"), default="expert")
    ap.add_argument("--phases", default="purchase,reservation,demand")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--out", nargs="?", const="", default=None)
    args = ap.parse_args(argv)
    cards = load_cards()
    phases = {Phase(p) for p in args.phases.split(",")}
    config = EXPERT if args.bot == "expert" else HARD
    t0 = time.monotonic()
    deadline = t0 + 60 * args.minutes
    tally = _Tally()
    done = 0
    for table in args.tables.split(","):
        done += _table(args, int(table[0]), table[1:], phases, cards, config, deadline, tally)
    lines = [f"# bench/cutvalue.py {' '.join(argv if argv is not None else sys.argv[1:])}  "
             f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {time.monotonic() - t0:.0f} s,"
             f" {done} positions)", *tally.lines()]
    print("\n".join(lines))
    if args.out is not None:
        path = Path(args.out or ROOT / "bench" / "results"
                    / f"cutvalue-{datetime.now(UTC):%Y-%m-%d}.txt")
        with open(path, "a", encoding="utf-8") as f:
            print("\n".join(lines) + "\n", file=f)
    return 0

if __name__ == "__main__":
    sys.exit(main())
