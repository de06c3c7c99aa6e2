"""Judging moves by play-outs: hints, the review of a game record, the projected VP race.

Pure analysis (no UI): the best moves for the decision now, each decision of a record against
its best alternative, and each player's projected VP round by round.

A move is judged by its effect on the player's *final VP margin* (own final VP minus the mean
of the best other player's and the others' average, coins breaking ties: the value model's
margin, so at two players simply own VP minus the other's), estimated by play-outs
(:mod:`jorvik.bots.sampler`): the move is applied to a determinization of the state (the
hidden deck and bag order re-drawn from public information only) and the game is played on
by the play-out policy (PLAYOUT_POLICY) for every seat until the round HORIZON − 1 after the
decision's is over; the value model (:mod:`jorvik.bots.value`) then gives the margin the
player can expect from the position reached (its public view only). A play-out that reaches
the game's end is scored by the final scores. Cutting the play-outs there removes most of
their noise (the luck of the rest of the game, which no move changes) and most of their cost:
a CPU second of them gives a paired difference's standard error several times smaller than
play-outs to the end (bench/judgement.py, bench/results/judgement-*.txt); without the model
(a file that cannot be read) the play-outs go on to the end as before. The moves compared
share the determinizations and play-out seeds (common random numbers), so every difference
comes with a standard error from the paired samples, and one that cannot be told from zero
(under Z standard errors) is "about equal".

No winner's curse: the largest of many noisy estimates is mostly noise. So a first pass only
*screens* (every decision of the review, the hint's six candidate moves); the leading ones are
judged again with fresh, independent samples, and only those fresh estimates are shown,
ranked and explained. Budgets are counted in moves played in play-outs (a model's look at a
position counted as MODEL_STEPS moves), so the result depends on the record and the seed only
(not on the machine or the number of workers).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from jorvik.bots.sampler import (
    MIN_CLEAR,
    Estimate,
    Outcome,
    Paired,
    Z,
    boundary,
    estimate,
    race,
    top_k,
)
from jorvik.engine import (
    Action,
    CardSet,
    GameState,
    current_player,
    final_scores,
    is_over,
    legal_actions,
)
from jorvik.engine.scoring import SCORE_CATEGORIES
from jorvik.playpool import PlayoutPool, ignore_sigint, sigint_held
from jorvik.recordschema import replay_record

# The play-out policy: the rollout policy plays a draw in well under half the normal bot's
# time with about the same spread of outcomes, so a CPU second of its draws gives a clearly
# smaller standard error (bench/review.py --only policy, bench/results/review-*.txt), and it
# wins about its share against three normal bots (bench/results/rollout-*.txt).
PLAYOUT_POLICY = "rollout"
# A play-out plays the decision's round and HORIZON − 1 more, then the value model scores it
# (None: to the game's end). 2: bench/results/judgement-*.txt (the standard error a CPU
# second buys, and how far the verdicts stray from play-outs to the end).
HORIZON: int | None = 2
# The review's screening (which decisions are worth judging again, and each one's best other
# move) plays only the decision's round before the model scores it: a draw costs a fraction
# of HORIZON's and varies far less, so the screen ranks the decisions more steadily for its
# budget; its bias only decides what is judged again: every loss reported is HORIZON's.
SCREEN_HORIZON: int | None = 1
MODEL_STEPS = 12     # a model's look at a position costs about as much as this many moves

DEFAULT_PLAYOUTS = 8     # kept for callers: draws per move of a fixed-size Judge
CANDIDATES = 3           # moves screened per decision: the one chosen and the bot's best two
HINT_CANDIDATES = 6      # moves screened for a hint (three are judged again and shown)
HINT_SHOWN = 3
HINT_SCREEN_SHARE = 0.4      # of a hint's budget: the screen of its candidate moves
# the fresh race looks at its lead first after this many draws: after 8, a heavy-tailed
# margin's standard error is itself too unsure (3 of the 5 positions where two hints named
# different best moves, each "clear", had stopped at 8-12 draws;
# bench/results/review-2026-12-04d.txt)
HINT_FIRST_LOOK = 16
# budgets, in moves played in play-outs (the rollout policy plays some 25,000 a CPU second;
# a look of the value model counts as MODEL_STEPS)
HINT_STEPS = 16_000          # a hint: about 0.9 s of one idle core, 0.5 s on 2 workers
# the game's hints stop drawing after this many seconds of wall time and show what their
# draws found by then (hints(deadline=)): under 1 s even on a busy machine
HINT_SECONDS = 0.9
# a whole review: at most about 22 CPU s (55 us a move on an idle core), about 12 s on 2
# cores; the screen by the decision's round (SCREEN_HORIZON) settles most reviews' lists in
# 200,000-250,000 moves (bench/results/judgement-2026-12-07.txt)
REVIEW_STEPS = 400_000
MAX_REVIEW_STEPS = 10 * REVIEW_STEPS  # the longest review (--playouts): a few minutes on 2 cores
SCREEN_SHARE = 0.2           # of a review's budget: the first screening round, every decision
SCREEN_DRAWS = (2, 12)       # the first round's draws per decision, at least and at most
HALVING_SHARE = 0.2          # of a review's budget: the screening rounds after the first
RECHECK = 12                 # decisions judged again with fresh samples, at most
SHOWN = 5                    # decisions listed


def projected_vp(st: GameState) -> list[int]:
    """Each player's VP if the game were scored now (final scoring applied to this state)."""
    return [row["total"] for row in final_scores(st.copy())["scores"]]


# What a player's final VP margin is made of: the own final score by category, and
# "rivals": the margin less the own VP (minus the others' VP as the margin counts them, coins
# breaking ties), so that the VP parts of a play-out to the end add up to its margin exactly;
# coins are told apart. A play-out cut before the end (HORIZON) has the same parts as the game
# would be scored at the cut; what the value model expects beyond that is in no part (a
# difference's reasons call it "other").
VP_PARTS = (*SCORE_CATEGORIES, "rivals")
PARTS = (*VP_PARTS, "coins")
COIN_TIEBREAK = 0.01


def _rows(st: GameState) -> list[dict[str, Any]]:
    """The final scores of a finished game, or the game's scores if it were scored now."""
    return st.result["scores"] if st.result else final_scores(st.copy())["scores"]


def margin_of(values: list[float], p: int) -> float:
    """Player p's margin of these values (one a player): own minus the mean of the best other
    one and the others' average (the value model's margin; at two players own minus other)."""
    others = [v for i, v in enumerate(values) if i != p]
    return values[p] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def _margin(st: GameState, p: int) -> float:
    """Player p's final VP margin at the end of a game (or if it were scored now); coins
    break ties, as in the rules."""
    return margin_of([r["total"] + COIN_TIEBREAK * r["coins"] for r in _rows(st)], p)


def _parts(st: GameState, p: int) -> dict[str, float]:
    """Player p's final score by category (and coins) at the end of a game (or if it were
    scored now), with "rivals": the rest of the VP margin (so the VP parts sum to
    _margin(st, p))."""
    rows = _rows(st)
    out = {k: float(rows[p].get(k, 0)) for k in SCORE_CATEGORIES}
    out["rivals"] = _margin(st, p) - sum(out.values())
    out["coins"] = float(rows[p].get("coins", 0))
    return out


def reasons(a: dict[str, float], b: dict[str, float], count: int = 2,
            least: float = 0.5) -> tuple[tuple[str, float], ...]:
    """Why move a's average outcome differs from move b's: the `count` categories of the
    player's final score (PARTS) where the two differ most, as (category, a − b), largest
    first; differences under `least` VP (or coins) are left out."""
    diffs = [(k, a.get(k, 0.0) - b.get(k, 0.0)) for k in PARTS]
    diffs = [(k, d) for k, d in diffs if abs(d) >= least]
    diffs.sort(key=lambda kd: (-abs(kd[1]), PARTS.index(kd[0])))
    return tuple((k, round(d, 1)) for k, d in diffs[:count])


def playout_bot(seed: int = 0) -> Any:
    """The bot that plays every seat of a judging play-out (PLAYOUT_POLICY)."""
    if PLAYOUT_POLICY == "rollout":
        from jorvik.bots.policy import rollout_policy
        return rollout_policy(seed)
    from jorvik.bots.policy import NormalBot
    return NormalBot(seed)


def margin_reasons(total: float, parts: dict[str, Estimate], count: int = 2,
                   least: float = 0.5) -> tuple[tuple[str, float], ...]:
    """Why two moves' final VP margins differ by `total` (their paired difference), in parts
    that add up to it: the `count` largest VP parts (VP_PARTS) clear of their own noise and at
    least `least` VP (none clear: the largest part on the side of `total`), and "other" for
    the rest (when it is not 0.0). Rounded to tenths, the parts add up to `total` rounded to
    tenths exactly. () when there is no such part."""
    vp = {k: e for k, e in parts.items() if k in VP_PARTS and abs(e.mean) >= least}
    got = [(k, e.mean) for k, e in vp.items() if e.clear()]
    if not got:   # the difference is clear, its parts are not: the largest that points its way
        got = [(k, e.mean) for k, e in vp.items() if e.mean * total > 0]
        count = 1
    got.sort(key=lambda kd: (-abs(kd[1]), PARTS.index(kd[0])))
    named = [(k, round(d, 1)) for k, d in got[:count]]
    if not named:
        return ()
    rest = round(round(total, 1) - sum(d for _, d in named), 1)
    if rest != 0:
        named.append(("other", rest))
    return tuple(named)


def clear_reasons(parts: dict[str, Estimate], count: int = 2,
                  least: float = 0.5) -> tuple[tuple[str, float], ...]:
    """Why two moves' outcomes differ, honestly: of the paired differences by category of the
    player's final score (PARTS), the `count` largest that are clear of their own noise (Z
    standard errors) and at least `least` VP (or coins), as (category, difference)."""
    got = [(k, e.mean) for k, e in parts.items() if e.clear() and abs(e.mean) >= least]
    got.sort(key=lambda kd: (-abs(kd[1]), PARTS.index(kd[0])))
    return tuple((k, round(d, 1)) for k, d in got[:count])


class Judge:
    """Play-outs of a decider's moves by the play-out policy, on shared determinizations
    (:class:`jorvik.bots.sampler.Paired`): `horizon` rounds (the decision's and horizon − 1
    more; see HORIZON) and then the value model's margin, or to the game's end (None)."""

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0, max_steps: int = 3000,
                 policy: Any = None, independent: bool = False,
                 horizon: int | None = HORIZON):
        from jorvik.bots.policy import NormalBot
        self.playouts = max(1, playouts)
        # independent: every play-out starts with the policy's caches dropped (its forget()),
        # so its outcome is a function of its state and seed alone and the play-outs may be
        # played on any process in any order (a hint's); otherwise the play-outs of one judge
        # share what the policy read (a review's job plays its draws in one order anywhere)
        self.independent = independent
        self.seed = seed
        self.max_steps = max_steps
        self.custom = policy is not None
        self.policy = policy if policy is not None else playout_bot(seed)
        self.ranker = NormalBot(seed)   # which moves are worth judging: the normal bot's rank
        self.horizon = horizon if value_model() is not None else None

    def best_moves(self, st: GameState, k: int) -> list[Action]:
        """Up to k promising legal moves, best first by the normal bot's ranking."""
        legal = legal_actions(st)
        try:
            ranked = [a for _, a in self.ranker.rank(st, legal)]
        except Exception:  # a bot's internal ranking is a convenience, never a must
            ranked = []
        first = self.ranker.choose(st)
        out = [first] + [a for a in ranked if a != first] + [a for a in legal if a not in ranked]
        return out[:k]

    def stop_round(self, st: GameState) -> int | None:
        """The last round a play-out of a decision at `st` plays (None: to the end)."""
        return None if self.horizon is None else st.round + max(1, self.horizon) - 1

    def playout(self, p: int, stop_round: int | None = None) -> Callable[[GameState, int], Outcome]:
        """A play-out for the sampler: player p's final VP margin and score by category, to
        the end of round `stop_round` (its margin then by the value model) or of the game."""
        from jorvik.bots import play_out
        model = value_model() if stop_round is not None else None

        def run(s: GameState, seed: int) -> Outcome:
            bot = self.policy
            if self.independent and hasattr(bot, "forget"):
                bot.forget()
            bot.rng.seed(seed)
            s, n = play_out(s, bot, stop_round=stop_round, max_decisions=self.max_steps)
            if model is None or is_over(s):
                return Outcome(_margin(s, p), n, _parts(s, p))
            return Outcome(model.margins(s)[p], n + MODEL_STEPS, _parts(s, p))
        return run

    def sampler(self, st: GameState, moves: list[Action], stream: str,
                stop: Callable[[], bool] | None = None,
                pool: PlayoutPool | None = None) -> Paired:
        """Paired draws of `moves` at `st`; each `stream` name gives independent draws.
        `pool`: worker processes to play them on, with the same outcomes (only for an
        independent judge with the default policy: the workers have no other)."""
        p = current_player(st)
        assert p is not None
        last = self.stop_round(st)
        runner = None
        if pool is not None and self.independent and not self.custom:
            runner = pool.runner(_Playout(p, self.max_steps, self.seed, last))
        return Paired(st, moves, self.playout(p, last), random.Random(f"{self.seed}/{stream}"),
                      stop, runner)

    def values(self, st: GameState, moves: list[Action], salt: int = 0,
               stop: Callable[[], bool] | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[float]:
        """The mean final VP margin of the decider after each move, over `playouts` draws."""
        return self.outcomes(st, moves, salt, stop, progress)[0]

    def outcomes(self, st: GameState, moves: list[Action], salt: int = 0,
                 stop: Callable[[], bool] | None = None,
                 progress: Callable[[int, int], None] | None = None
                 ) -> tuple[list[float], list[dict[str, float]]]:
        """As values(), and for each move the decider's mean final score by category."""
        sm = self.sampler(st, moves, f"fixed/{salt}", stop)
        for done in range(1, self.playouts + 1):
            if not sm.draw():
                break
            if progress is not None:
                progress(done, self.playouts)
        parts = []
        for j in range(len(moves)):
            outs = list(sm.got[j].values())
            parts.append({k: sum((o.parts or {}).get(k, 0.0) for o in outs) / max(1, len(outs))
                          for k in PARTS})
        return [sm.mean(j).mean for j in range(len(moves))], parts


@dataclass(frozen=True)
class _Playout:
    """An independent judge's play-out as a worker process plays it (a play-out pool's spec:
    picklable and hashable): player p's outcome by the play-out policy of an independent
    Judge(seed=seed, max_steps=max_steps), to the end of round `stop_round` (None: of the
    game), which a worker makes once and keeps. Its outcomes are those of any such judge's
    playout(p, stop_round): each play-out starts afresh from its state and seed."""
    p: int
    max_steps: int
    seed: int
    stop_round: int | None = None

    def make(self) -> Callable[[GameState, int], Outcome]:
        return Judge(seed=self.seed, max_steps=self.max_steps,
                     independent=True).playout(self.p, self.stop_round)


def value_model() -> Any:
    """The shipped value model (jorvik.bots.value), or None when its file cannot be used (the
    play-outs then go on to the game's end)."""
    from jorvik.bots.value.model import ModelFileError, load_model
    try:
        return load_model()
    except ModelFileError:
        return None


def hint_pool(workers: int | None = None) -> PlayoutPool:
    """Worker processes for hints (not started yet: start() or the first hint does it), up
    to `workers` (default: the cores, at most 2); they import the judging code on starting."""
    return PlayoutPool(workers, warm=("jorvik.review", "jorvik.bots.policy",
                                      "jorvik.bots.value.model"))


def _part_estimates(sm: Paired, i: int, j: int) -> dict[str, Estimate]:
    return {k: sm.part_diff(i, j, k) for k in PARTS}


# --------------------------------------------------------------------------- hints

@dataclass(frozen=True)
class Hint:
    action: Action
    margin: float        # the estimated final VP margin after this move
    effect: float        # the same, relative to the best move (0 for the best)
    # why: the categories of the decider's final score where this move's outcome differs from
    # the best move's (for the best move: from the second best's), clear of their noise
    # why: where this move's final VP margin differs from the best move's (for the best move:
    # from the next one's), in VP parts adding up to `effect` (the best: to `lead`); given
    # only when that difference is clear ("about equal" moves have no reasons)
    why: tuple[tuple[str, float], ...] = field(default=())
    se: float = 0.0      # the standard error of `effect` (the best: of its lead over the next)
    clear: bool = True   # `effect` is told from zero (the best: it leads the next clearly)
    lead: float = 0.0    # the best move: its lead over the next one (others: 0)


def hints(st: GameState, count: int = HINT_SHOWN, playouts: int | None = None, seed: int = 0,
          stop: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None,
          budget: int = HINT_STEPS, pool: PlayoutPool | None = None,
          deadline: float | None = None) -> list[Hint]:
    """The `count` best moves now for the decider, best first, each with its estimated final VP
    margin and its difference to the best with a standard error. HINT_CANDIDATES moves are
    screened; the `count` leading ones (and any other the screen's leader does not clearly beat)
    are judged again with fresh draws in a race that stops once the best is clear (a move
    clearly behind it is drawn no more, so the budget goes where the lead is in doubt), and only
    those are shown. `budget`: moves played in play-outs; `playouts`: a fixed number of draws in
    each pass instead (for tests). `pool`: worker processes to play the draws on (hint_pool());
    the hints are the same without it. `deadline`: seconds of wall time after which the screen
    and then the race stop drawing (each once it has MIN_CLEAR draws) and the hints are those
    of the draws made by then: on a busy machine a hint ends on time, with wider ± (without
    it, the budget alone ends it, and the hints depend on the seed only). Only public
    information is used. [] when `stop()` turned true."""
    legal = legal_actions(st)
    if len(legal) <= 1:
        return [Hint(a, 0.0, 0.0) for a in legal]
    judge = Judge(seed=seed, independent=True)
    moves = judge.best_moves(st, HINT_CANDIDATES)
    shown = min(count, len(moves))
    stream = f"hint/{st.round}/{len(legal)}"
    late = _late(deadline)
    drawn: list[Paired] = []   # the sampler drawing now

    def halt() -> bool:
        """stop() asked, or the deadline passed once the sampler drawing has MIN_CLEAR draws."""
        return (stop is not None and stop()) or (late() and drawn[-1].draws >= MIN_CLEAR)

    screen = judge.sampler(st, moves, stream + "/screen", halt, pool)
    drawn.append(screen)

    def fresh_of(top: list[int]) -> Paired:
        drawn.append(judge.sampler(st, [moves[j] for j in top], stream + "/fresh", halt, pool))
        return drawn[-1]

    if playouts is not None:
        fresh = _hint_draws(screen, fresh_of, shown, playouts, progress)
    else:
        fresh = _hint_race(screen, fresh_of, shown, budget, progress)
    if stop is not None and stop():
        return []
    return [] if fresh is None else _hint_list(fresh, count)


def _late(deadline: float | None) -> Callable[[], bool]:
    """Whether `deadline` seconds (None: never) have passed since this was called."""
    if deadline is None:
        return lambda: False
    end = time.monotonic() + deadline
    return lambda: time.monotonic() >= end


def _hint_draws(screen: Paired, fresh_of: Callable[[list[int]], Paired], shown: int,
                playouts: int, progress: Callable[[int, int], None] | None) -> Paired | None:
    """A hint of a fixed size: `playouts` draws of every candidate, then as many fresh ones of
    the `shown` leading (the screen only when there are more candidates). None: stopped."""
    total = 2 * playouts
    many = len(screen.moves) > shown
    for done in range(playouts if many else 0):
        if not screen.draw():
            return None
        if progress is not None:
            progress(done + 1, total)
    fresh = fresh_of(screen.ranked()[:shown] if many else list(range(len(screen.moves))))
    for done in range(playouts):
        if not fresh.draw():
            return None
        if progress is not None:
            progress(playouts + done + 1, total)
    return fresh


def _hint_race(screen: Paired, fresh_of: Callable[[list[int]], Paired], shown: int,
               budget: int, progress: Callable[[int, int], None] | None) -> Paired | None:
    """A hint on a budget (in moves played): the screen (HINT_SCREEN_SHARE of it) when there
    are more candidates than `shown`, then a race of fresh draws for the rest. None: stopped
    before any fresh draw."""
    def tick(base: Callable[[], int]) -> Callable[[int], None] | None:
        if progress is None:
            return None
        return lambda steps: progress(min(budget, base() + steps), budget)

    top: list[int] | None = list(range(len(screen.moves)))
    if len(screen.moves) > shown:
        top = _screen_hint(screen, int(budget * HINT_SCREEN_SHARE), shown, tick(lambda: 0))
    if top is None:
        return None
    fresh = fresh_of(top)
    race(fresh, budget - screen.steps, least=HINT_FIRST_LOOK,
         progress=tick(lambda: screen.steps), drop=True)
    if fresh.draws == 0:
        return None
    if progress is not None:
        progress(budget, budget)
    return fresh


def _hint_list(fresh: Paired, count: int) -> list[Hint]:
    """The hints of a hint's fresh draws: the `count` best moves, best first."""
    order = fresh.ranked()[:count]
    best = order[0]
    out = []
    for rank, j in enumerate(order):
        if rank == 0:
            lead = fresh.diff(best, order[1]) if len(order) > 1 else Estimate(0.0, 0.0, 0)
            why = margin_reasons(lead.mean, _part_estimates(fresh, best, order[1])) \
                if len(order) > 1 and lead.ahead() else ()
            out.append(Hint(fresh.moves[j], fresh.mean(j).mean, 0.0, why, lead.se,
                            lead.ahead(), max(0.0, lead.mean)))
        else:
            d = fresh.diff(j, best)
            effect = min(0.0, d.mean)
            why = margin_reasons(effect, _part_estimates(fresh, j, best)) \
                if d.clear() and effect < 0 else ()
            out.append(Hint(fresh.moves[j], fresh.mean(j).mean, effect, why, d.se,
                            d.clear()))
    return out


def _screen_hint(screen: Paired, budget: int, shown: int,
                 progress: Callable[[int], None] | None) -> list[int] | None:
    """A hint's screen: draws of every candidate until `budget` steps are spent (at least
    MIN_CLEAR draws); goes on to the fresh race: the `shown` best by the screen and every other
    move the screen's leader does not clearly beat (so that a move the screen's noise put
    fourth is not lost; the race drops it soon if it is behind). None when stopped before
    MIN_CLEAR draws (a stop after them, the hint's deadline, ends the screen there)."""
    while screen.draws < MIN_CLEAR or screen.steps + screen.cost() <= budget:
        if not screen.draw():
            if screen.draws < MIN_CLEAR:
                return None
            break
        if progress is not None:
            progress(screen.steps)
    ranked = screen.ranked()
    lead = ranked[0]
    behind = [j for j in ranked[shown:] if screen.diff(lead, j).ahead()]
    return ranked[:shown] + [j for j in ranked[shown:] if j not in behind]


# --------------------------------------------------------------------------- review

@dataclass(frozen=True)
class Decision:
    index: int           # the action's index in the record
    round: int
    phase: str
    player: int
    chosen: Action
    better: Action       # the best other move found by the first pass
    loss: float          # estimated final VP margin lost by the choice (better − chosen)
    # why: where the better move's outcome beats the chosen one's, by category of the
    # player's final score, from the fresh samples and clear of their noise
    why: tuple[tuple[str, float], ...] = ()
    se: float = 0.0      # the standard error of `loss`
    fresh: bool = False  # `loss` is from fresh samples (the decision was judged again)

    @property
    def clear(self) -> bool:
        """The loss is told from zero: Z standard errors or more."""
        return self.loss > 0 and self.loss >= Z * self.se


@dataclass
class Review:
    decisions: list[Decision]
    rounds: list[int]                 # the round each row of `projected` belongs to
    projected: list[list[int]]        # projected VP per player at the end of each round
    names: list[str]
    # how sure: the listed decisions whose place the noise could still change (indices in the
    # record), and how many moves the play-outs made
    unsure: list[int] = field(default_factory=list)
    steps: int = 0

    def costliest(self, k: int = SHOWN) -> list[Decision]:
        """The k decisions that cost the most by the fresh samples, each clear of zero."""
        worst = sorted((d for d in self.decisions if d.fresh and d.clear),
                       key=lambda d: (-d.loss, d.index))
        return worst[:k]


def states_of(record: Any, cards: CardSet | None = None) -> tuple[list[GameState], list[Action]]:
    """Every state of a recorded game (RecordError for a bad record); a stacked record (a
    lesson, a test position) may be reviewed too. `cards`: the game's (default: packaged)."""
    from jorvik.carddata import load_cards
    states: list[GameState] = []
    _, actions = replay_record(record, cards or load_cards(), stacked_ok=True, states=states)
    return states, actions


def vp_race(states: list[GameState]) -> tuple[list[int], list[list[int]]]:
    """Projected VP of every player at the start and at the end of every round."""
    rounds: list[int] = [0]
    rows: list[list[int]] = [projected_vp(states[0])]
    for a, b in itertools.pairwise(states):
        if b.round != a.round and a.round > 0:
            rounds.append(a.round)
            rows.append(projected_vp(a))
    last = states[-1]
    rounds.append(last.round)
    rows.append([r["total"] for r in last.result["scores"]] if last.result else projected_vp(last))
    return rounds, rows


def _run(job: tuple, stop: Callable[[], bool] | None = None) -> tuple[tuple, Any] | None:
    """One job of a review (a module-level function, so a worker process can run it), as
    (its key, its result); None when `stop()` turned true.

    ("screen", index, round, state, chosen, better, k, draws, seed, horizon): screening
    draws of a decision, by play-outs of `horizon` (SCREEN_HORIZON's, as the review ran it). Round 0 (better None): the chosen move against the normal bot's best k − 1 ->
    (the best other move, the paired differences best − chosen draw by draw, steps); a later
    round: more draws of that best other move against the chosen one, the same.
    ("fresh", index, round, state, better, chosen, draws, seed): fresh draws of the two ->
    (the paired differences better − chosen draw by draw, the same by category, steps).
    Each (kind, index, round) draws from its own stream: every job's draws are independent."""
    kind, index, rnd = job[0], job[1], job[2]
    if kind == "screen":
        _, _, _, st, chosen, better, k, draws, seed, horizon = job
        judge = Judge(seed=seed, horizon=horizon)
        if better is None:
            moves = judge.best_moves(st, k)
            if chosen not in moves:
                moves = moves[: k - 1] + [chosen]
            name = f"review/{index}/screen"
        else:
            moves = [better, chosen]
            name = f"review/{index}/screen/{rnd}"
        sm = judge.sampler(st, moves, name, stop)
        for _ in range(draws):
            if not sm.draw():
                return None
        c = moves.index(chosen)
        best = max((j for j in range(len(moves)) if j != c),
                   key=lambda j: (sm.diff(j, c).mean, -j))
        return (kind, index, rnd), (moves[best], sm.diffs(best, c), sm.steps)
    _, _, _, st, better, chosen, draws, seed = job
    sm = Judge(seed=seed).sampler(st, [better, chosen], f"review/{index}/fresh/{rnd}", stop)
    for _ in range(draws):
        if not sm.draw():
            return None
    parts = {k: sm.part_diffs(0, 1, k) for k in PARTS}
    return (kind, index, rnd), (sm.diffs(0, 1), parts, sm.steps)


class _Workers:
    """Up to `n` worker processes of our own, started when first needed and kept for the
    whole review (its rounds of jobs), each given one job at a time through its pipe. The
    workers ignore Ctrl+C: the process that owns them hears it, and leaving the `with` block
    in any way (Ctrl+C, SIGTERM, stop(), an error) kills them at once, so none goes on
    computing after it. No pool: a pool's feeder thread can block on a full pipe and hang
    its terminate(). Where no process can be started (e.g. inside a full-screen app whose
    standard streams are not real files, unless jorvik.playpool.prepare() ran before it) the
    jobs are judged in this process, with the same result: the results do not depend on the
    workers."""

    def __init__(self, n: int):
        self.n = n
        self.procs: list[Any] = []
        self.conns: list[Any] = []
        self.broken = n <= 1

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()

    def close(self) -> None:
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()
        for proc in self.procs:
            proc.join()
        self.procs, self.conns = [], []

    def _start(self, count: int) -> None:
        import multiprocessing
        # spawn, not fork: the app calls this from a worker thread, and forking a process
        # with threads running is unsafe
        ctx = multiprocessing.get_context("spawn")
        while len(self.procs) < min(self.n, count):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(theirs,), daemon=True)
            with sigint_held():
                proc.start()
            theirs.close()
            self.procs.append(proc)
            self.conns.append(mine)

    def _in_processes(self, jobs: list, results: dict, progress: Callable[[], None] | None,
                      stop: Callable[[], bool] | None) -> None:
        from multiprocessing.connection import wait
        self._start(len(jobs))
        todo = [job for job in reversed(jobs) if _key(job) not in results]
        busy = set()
        for conn in self.conns:
            if todo:
                conn.send(todo.pop())
                busy.add(conn)
        while busy:
            for conn in cast(list[Any], wait(list(busy), timeout=0.5)):
                try:
                    key, payload = conn.recv()
                except EOFError:
                    raise OSError("a review worker ended early") from None
                results[key] = payload
                busy.discard(conn)
                if progress:
                    progress()
                if stop is not None and stop():
                    return
                if todo:
                    conn.send(todo.pop())
                    busy.add(conn)
            if stop is not None and stop():
                return

    def run(self, jobs: list, results: dict, progress: Callable[[], None] | None,
            stop: Callable[[], bool] | None) -> bool:
        """Judge `jobs` into `results`; False when `stop()` turned true."""
        if not self.broken and len(jobs) > 1:
            try:
                self._in_processes(jobs, results, progress, stop)
            except (OSError, ValueError, RuntimeError):
                self.broken = True
                self.close()
        for job in jobs:
            if stop is not None and stop():
                return False
            if _key(job) not in results:
                got = _run(job, stop)
                if got is None:
                    return False
                results[got[0]] = got[1]
                if progress:
                    progress()
        return not (stop is not None and stop())


def _key(job: tuple) -> tuple:
    return job[0], job[1], job[2]


def _worker(conn: Any) -> None:
    """A review worker: judge each job received until the pipe closes. When the review's
    process is gone (killed, even by SIGKILL) it stops within a play-out, silently: nobody
    is left to tell (N42)."""
    ignore_sigint()
    orphaned = _parent_gone()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        result = _run(job, orphaned)
        if result is None:
            return
        try:
            conn.send(result)
        except (OSError, ValueError):  # BrokenPipeError: the review is gone
            return


def _parent_gone(every: float = 0.5) -> Callable[[], bool]:
    """A stop() for a worker's play-outs: true once the process that started it has ended
    (asked at most every `every` seconds)."""
    import multiprocessing
    import time
    parent = multiprocessing.parent_process()
    last = [time.monotonic(), False]

    def gone() -> bool:
        now = time.monotonic()
        if parent is not None and not last[1] and now - last[0] >= every:
            last[0], last[1] = now, not parent.is_alive()
        return bool(last[1])
    return gone


def screen_draws(remaining: list[int], budget: int = REVIEW_STEPS) -> tuple[int, int]:
    """(draws, candidates) per decision for the first screening round of a review whose
    decisions leave these many actions to the end of the game (a play-out makes about that
    many moves): as many draws of CANDIDATES moves as SCREEN_SHARE of the budget allows
    (within SCREEN_DRAWS), two moves (the chosen one and the bot's best) when even the
    fewest do not fit. A long game, a big table and many reviewed seats get fewer draws a
    decision."""
    cost = sum(remaining)
    least, most = SCREEN_DRAWS
    if cost <= 0:
        return most, CANDIDATES
    for k in (CANDIDATES, 2):
        draws = int(budget * SCREEN_SHARE // (cost * k))
        if draws >= least:
            return min(most, draws), k
    return least, 2


def decisions_left(states: list[GameState], actions: list[Action], seats: Iterable[int],
                   horizon: int | None = HORIZON) -> dict[int, int]:
    """The decisions a review judges (the moves of `seats` with more than one legal move),
    each with the cost of a play-out from it, as the record played on: the moves to the end
    of the round `horizon` − 1 after its own (and MODEL_STEPS for the model's look) or to the
    game's end (horizon None, or no value model)."""
    seats = set(seats)
    if value_model() is None:
        horizon = None
    end = len(actions)
    # the first move of each round of the record: where a play-out cut at its start stops
    first: dict[int, int] = {}
    for i, st in enumerate(states[:end]):
        first.setdefault(st.round, i)
    out = {}
    for i, st in enumerate(states[:end]):
        if current_player(st) not in seats or len(legal_actions(st)) <= 1:
            continue
        stop = None if horizon is None else first.get(st.round + max(1, horizon))
        out[i] = max(1, end - i) if stop is None else max(1, stop - i) + MODEL_STEPS
    return out


def playout_draws(playouts: int, remaining: int) -> int:
    """The draws a decision a `--playouts` review makes: `playouts`, or fewer when they would
    play more than MAX_REVIEW_STEPS moves in all (3 x CANDIDATES play-outs a draw of a
    decision, each about as long as the `remaining` moves the decisions leave, summed)."""
    return max(1, min(playouts, MAX_REVIEW_STEPS // max(1, 3 * CANDIDATES * remaining)))


def review(record: Any, humans: Iterable[int] | None = None,
           playouts: int | None = None, seed: int = 0, workers: int = 1,
           progress: Callable[[int, int], None] | None = None,
           stop: Callable[[], bool] | None = None,
           cards: CardSet | None = None, budget: int = REVIEW_STEPS) -> Review | None:
    """Judge every decision of `humans` (default: every seat) with more than one legal move.

    Screening: each decision, the chosen move against the bot's best (screen_draws); then
    successive halving over the decisions — the costlier-looking half gets more draws of the
    chosen move against its best other, round by round, down to RECHECK. Those are judged again
    with fresh draws, spent where the list's boundary is in doubt (sampler.top_k: the k-th
    against the next, and zero) and on listed losses not yet measured to PRECISE, until both are
    done or the budget is spent; only the fresh estimates are reported. `playouts`: draws a
    decision in the first pass instead (no halving; twice as many fresh ones, one fresh pass).
    `workers` > 1 spreads the jobs over processes; the result does not depend on it. None when
    `stop()` turned true before the end (the screen asking for it was closed)."""
    states, actions = states_of(record, cards)
    seats = set(range(states[0].n)) if humans is None else set(humans)
    left = decisions_left(states, actions, seats)
    sleft = decisions_left(states, actions, seats, SCREEN_HORIZON)
    if playouts is not None:
        # --playouts asks for draws a decision; a big table's long game at the most the
        # option takes would play for hours (N41), so no more than MAX_REVIEW_STEPS fit.
        draws, k = playout_draws(playouts, sum(left.values())), CANDIDATES
    else:
        draws, k = screen_draws(list(sleft.values()), budget)
    total = budget if playouts is None else max(1, 3 * draws * k * sum(left.values()))
    with _Workers(workers) as pool:
        run = _ReviewRun(states, actions, left, seed, pool, total, progress, stop, sleft)
        if progress:
            progress(0, total)
        if not run.screen(draws, k, budget if playouts is None else 0):
            return None
        lead = run.leading()
        if playouts is not None:
            if lead and run.sample(dict.fromkeys(lead, 2 * draws)) is None:
                return None
        elif not run.recheck(lead, budget):
            return None
    if progress:
        progress(total, total)
    return run.result()


class _ReviewRun:
    """The state of one review while it runs: its decisions (`left`: each with the cost of
    a play-out from it), the jobs' results, the screened and the fresh draws."""

    def __init__(self, states: list[GameState], actions: list[Action], left: dict[int, int],
                 seed: int, pool: _Workers, total: int,
                 progress: Callable[[int, int], None] | None,
                 stop: Callable[[], bool] | None, screen_left: dict[int, int] | None = None):
        self.states, self.actions, self.left, self.seed = states, actions, left, seed
        # the cost of a screening play-out from each decision (SCREEN_HORIZON's)
        self.screen_left = left if screen_left is None else screen_left
        self.pool, self.total, self.progress, self.stop = pool, total, progress, stop
        self.results: dict[tuple, Any] = {}
        self.planned: dict[tuple, int] = {}
        self.screened: dict[int, list[float]] = {}
        self.better: dict[int, Action] = {}
        self.fresh: dict[int, tuple[list[float], dict[str, list[float]]]] = {}
        self.rounds = 0
        self.alive: list[int] | None = None

    def report(self) -> None:
        if self.progress is not None:
            done = sum(self.planned.get(key, 0) for key in self.results)
            self.progress(min(self.total, done), self.total)

    def run(self, jobs: list[tuple], cost: Callable[[tuple], int]) -> bool:
        """Judge `jobs` (each planned to cost cost(job)); False: stopped."""
        for job in jobs:
            self.planned[_key(job)] = cost(job)
        # the longest first, so that the workers finish a round at about the same time
        jobs = sorted(jobs, key=lambda job: -self.planned[_key(job)])
        return self.pool.run(jobs, self.results, self.report, self.stop)

    def screen(self, draws: int, k: int, budget: int) -> bool:
        """The first pass: `draws` draws of each decision's chosen move against the bot's best
        k − 1, then successive halving (HALVING_SHARE of `budget`). False: stopped."""
        todo = list(self.left)
        jobs = [("screen", i, 0, self.states[i], self.actions[i], None, k, draws, self.seed,
                 SCREEN_HORIZON) for i in todo]
        if not self.run(jobs, lambda job: draws * k * self.screen_left[job[1]]):
            return False
        for i in todo:
            self.better[i], diffs, _ = self.results[("screen", i, 0)]
            self.screened[i] = list(diffs)
        alive = _halve_decisions(todo, self.screened, self.screen_left, budget, self.run,
                                 self.results, self.states, self.actions, self.better,
                                 self.seed)
        self.alive = alive
        return alive is not None

    def leading(self) -> list[int]:
        """The decisions judged again: up to RECHECK that survived the screen, the likely
        costliest first, whose screened loss is above zero."""
        likely = _shrunk(self.screened)
        return [i for i in sorted(self.alive or [], key=lambda i: (-likely[i][0], i))
                if estimate(self.screened[i]).mean > 0][:RECHECK]

    def sample(self, plan: Mapping[int, int]) -> float | None:
        """Fresh draws, `plan[i]` of decision i (pooled with its earlier fresh ones); the
        moves they played (None: stopped)."""
        r = self.rounds
        self.rounds += 1
        jobs = [("fresh", i, r, self.states[i], self.better[i], self.actions[i], n, self.seed)
                for i, n in plan.items()]
        if not self.run(jobs, lambda job: job[6] * 2 * self.left[job[1]]):
            return None
        got = 0
        for i in plan:
            diffs, parts, steps = self.results[("fresh", i, r)]
            pooled = self.fresh.setdefault(i, ([], {p: [] for p in PARTS}))
            pooled[0].extend(diffs)
            for p in PARTS:
                pooled[1][p].extend(parts[p])
            got += steps
        return got

    def recheck(self, lead: list[int], budget: int) -> bool:
        """Fresh draws of the `lead` decisions where the list's boundary is in doubt
        (sampler.top_k), within what is left of `budget`. False: stopped."""
        cost = {i: 2 * self.left[i] for i in lead}
        whole = sum(cost.values()) or 1
        room = max(0, budget - _spent(self.results))
        got = top_k(lead, lambda: {i: estimate(v[0]) for i, v in self.fresh.items()},
                    self.sample, cost, SHOWN, room,
                    first=max(2 * MIN_DRAWS, int(room * FRESH_FIRST // whole)),
                    precise=PRECISE)
        return got is not None

    def decision(self, i: int) -> Decision:
        """Decision i as judged: by its fresh draws when it has any, else by the screen's."""
        st = self.states[i]
        p = current_player(st)
        assert p is not None
        if i in self.fresh and self.fresh[i][0]:
            e = estimate(self.fresh[i][0])
            why = margin_reasons(e.mean, {k: estimate(v) for k, v in self.fresh[i][1].items()}) \
                if e.clear() and e.mean > 0 else ()
            return Decision(i, st.round, st.phase, p, self.actions[i], self.better[i],
                            round(e.mean, 2), why, round(e.se, 2), True)
        first = estimate(self.screened[i])
        return Decision(i, st.round, st.phase, p, self.actions[i], self.better[i],
                        round(first.mean, 2), (), round(min(first.se, 1e9), 2), False)

    def result(self) -> Review:
        rounds_of, rows = vp_race(self.states)
        out = Review([self.decision(i) for i in self.left], rounds_of, rows,
                     [p.name for p in self.states[0].players], steps=_spent(self.results))
        _, doubt = boundary({i: estimate(v[0]) for i, v in self.fresh.items() if v[0]}, SHOWN)
        out.unsure = [d.index for d in out.costliest(SHOWN) if d.index in doubt]
        return out


MIN_DRAWS = 4   # the fewest fresh draws a decision gets in the first fresh round (doubled)
FRESH_FIRST = 0.3  # of the fresh budget: the first round, the same draws for every candidate
PRECISE = 0.5      # VP: a listed loss is measured on (budget allowing) to this standard error


def _spent(results: dict) -> int:
    return sum(v[2] for v in results.values())


def _halve_decisions(todo: list[int], screened: dict[int, list[float]], left: dict[int, int],
                     budget: int, run: Callable[..., bool], results: dict,
                     states: list[GameState], actions: list[Action], better: dict, seed: int
                     ) -> list[int] | None:
    """Successive halving over a review's decisions after the first screening round: the half
    that looks costliest (by the screening draws so far, shrunk by their noise: _shrunk, so a
    loss measured precisely is not passed over for a larger one that is mostly noise, and the
    same decisions are kept from one seed to the next) gets more draws of the chosen move
    against its best other, round by round, until RECHECK are left; HALVING_SHARE of `budget`
    is shared equally by the rounds. Returns the decisions left (None:
    stopped). This only chooses what is judged again: the losses reported come from fresh draws."""
    alive = list(todo)
    cuts = math.ceil(math.log2(len(alive) / RECHECK)) if len(alive) > RECHECK else 0
    share = budget * HALVING_SHARE
    for r in range(1, cuts + 1):
        likely = _shrunk(screened)
        alive = sorted(alive, key=lambda i: (-likely[i][0], i))
        alive = alive[:max(RECHECK, (len(alive) + 1) // 2)]
        if r == cuts or len(alive) <= RECHECK:
            break
        rest = cuts - r   # rounds of draws still to come, this one included
        room = (share - (_spent(results) - _first_spent(results))) / rest
        n = int(room // (2 * sum(left[i] for i in alive)))
        if n < 2:
            continue
        jobs = [("screen", i, r, states[i], actions[i], better[i], 2, n, seed, SCREEN_HORIZON)
                for i in alive]
        if not run(jobs, lambda job: job[7] * 2 * left[job[1]]):
            return None
        for i in alive:
            screened[i].extend(results[("screen", i, r)][1])
    return alive


def _shrunk(screened: dict[int, list[float]]) -> dict[int, tuple[float, float]]:
    """Each decision's screened loss shrunk toward the mean of all by its own noise, as
    (mean, standard deviation) of what its true loss likely is (empirical Bayes: x̄ + (x −
    x̄)·τ²/(τ² + se²), sd² = τ²·se²/(τ² + se²); τ² the spread of the true losses, estimated
    as the spread of the estimates less their median squared standard error, which a few
    very noisy decisions do not inflate)."""
    est = {i: estimate(v) for i, v in screened.items() if v}
    noise = {i: (e.se ** 2 if math.isfinite(e.se) else math.inf) for i, e in est.items()}
    finite = sorted(noise[i] for i in est if math.isfinite(noise[i]))
    if len(est) < 3 or not finite:
        return {i: (est[i].mean if i in est else 0.0, 0.0) for i in screened}
    mean = sum(e.mean for e in est.values()) / len(est)
    spread = sum((e.mean - mean) ** 2 for e in est.values()) / (len(est) - 1)
    tau2 = max(spread - finite[len(finite) // 2], 0.05 * spread, 1e-9)
    out = {}
    for i in screened:
        if i not in est or not math.isfinite(noise[i]):
            out[i] = (mean, math.sqrt(tau2))
        else:
            w = tau2 / (tau2 + noise[i])
            out[i] = (mean + (est[i].mean - mean) * w, math.sqrt(noise[i] * w))
    return out


def _first_spent(results: dict) -> int:
    return sum(v[2] for key, v in results.items() if key[0] == "screen" and key[2] == 0)
