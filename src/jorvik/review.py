"""Judging moves by play-outs: hints, the review of a game record, the projected VP race.

Pure analysis (no UI): the best moves for the decision now, each decision of a record against
its best alternative, and each player's projected VP round by round.

A move is judged by its effect on the player's *final VP margin* (own final VP minus the best
other player's), estimated by play-outs (:mod:`jorvik.bots.sampler`): the move is applied to a
determinization of the state (the hidden deck and bag order re-drawn from public information
only) and the game is played to its end by the play-out policy (PLAYOUT_POLICY) for every
seat. The moves compared share the determinizations and play-out seeds (common random
numbers), so every difference comes with a standard error from the paired samples, and one
that cannot be told from zero (under Z standard errors) is "about equal".

No winner's curse: the largest of many noisy estimates is mostly noise. So a first pass only
*screens* (every decision of the review, the hint's six candidate moves); the leading ones are
judged again with fresh, independent samples, and only those fresh estimates are shown,
ranked and explained. Budgets are counted in moves played in play-outs, so the result depends
on the record and the seed only (not on the machine or the number of workers).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from jorvik.bots.sampler import Z, Estimate, Outcome, Paired, estimate, halve, race
from jorvik.engine import (
    Action, CardSet, GameState, current_player, final_scores, legal_actions,
)
from jorvik.engine.scoring import SCORE_CATEGORIES
from jorvik.recordschema import replay_record

# The play-out policy: the rollout policy plays a draw in well under half the normal bot's
# time with about the same spread of outcomes, so a CPU second of its draws gives a clearly
# smaller standard error (bench/review.py --only policy, bench/results/review-*.txt), and it
# wins about its share against three normal bots (bench/results/rollout-*.txt).
PLAYOUT_POLICY = "rollout"

DEFAULT_PLAYOUTS = 8     # kept for callers: draws per move of a fixed-size Judge
CANDIDATES = 3           # moves screened per decision: the one chosen and the bot's best two
HINT_CANDIDATES = 6      # moves screened for a hint (three are judged again and shown)
HINT_SHOWN = 3
# budgets, in moves played in play-outs (the rollout policy plays some 25,000 a CPU second)
HINT_STEPS = 36_000          # a hint: about 1.5 s of one core
REVIEW_STEPS = 1_400_000     # a whole review: well under 60 s on 2 cores
SCREEN_SHARE = 0.4           # of a review's budget: the first pass over every decision
SCREEN_DRAWS = (2, 12)       # the first pass's draws per decision, at least and at most
RECHECK = 12                 # decisions judged again with fresh samples, at most
SHOWN = 5                    # decisions listed


def projected_vp(st: GameState) -> list[int]:
    """Each player's VP if the game were scored now (final scoring applied to this state)."""
    return [row["total"] for row in final_scores(st.copy())["scores"]]


PARTS = (*SCORE_CATEGORIES, "coins")  # what a player's final score is made of


def _parts(st: GameState, p: int) -> dict[str, float]:
    """Player p's final score by category (and coins) at the end of a game."""
    rows = st.result["scores"] if st.result else final_scores(st.copy())["scores"]
    return {k: float(rows[p].get(k, 0)) for k in PARTS}


def reasons(a: dict[str, float], b: dict[str, float], count: int = 2,
            least: float = 0.5) -> tuple[tuple[str, float], ...]:
    """Why move a's average outcome differs from move b's: the `count` categories of the
    player's final score (PARTS) where the two differ most, as (category, a − b), largest
    first; differences under `least` VP (or coins) are left out."""
    diffs = [(k, a.get(k, 0.0) - b.get(k, 0.0)) for k in PARTS]
    diffs = [(k, d) for k, d in diffs if abs(d) >= least]
    diffs.sort(key=lambda kd: (-abs(kd[1]), PARTS.index(kd[0])))
    return tuple((k, round(d, 1)) for k, d in diffs[:count])


def _margin(st: GameState, p: int) -> float:
    """Player p's final VP margin at the end of a game; coins break ties, as in the rules."""
    rows = st.result["scores"] if st.result else final_scores(st.copy())["scores"]
    vals = [r["total"] + 0.01 * r["coins"] for r in rows]
    return vals[p] - max(v for i, v in enumerate(vals) if i != p)


def playout_bot(seed: int = 0) -> Any:
    """The bot that plays every seat of a judging play-out (PLAYOUT_POLICY)."""
    if PLAYOUT_POLICY == "rollout":
        from jorvik.bots.policy import rollout_policy
        return rollout_policy(seed)
    from jorvik.bots.policy import NormalBot
    return NormalBot(seed)


def clear_reasons(parts: dict[str, Estimate], count: int = 2,
                  least: float = 0.5) -> tuple[tuple[str, float], ...]:
    """Why two moves' outcomes differ, honestly: of the paired differences by category of the
    player's final score (PARTS), the `count` largest that are clear of their own noise (Z
    standard errors) and at least `least` VP (or coins), as (category, difference)."""
    got = [(k, e.mean) for k, e in parts.items() if e.clear() and abs(e.mean) >= least]
    got.sort(key=lambda kd: (-abs(kd[1]), PARTS.index(kd[0])))
    return tuple((k, round(d, 1)) for k, d in got[:count])


class Judge:
    """Play-outs of a decider's moves to the game's end by the play-out policy, on shared
    determinizations (:class:`jorvik.bots.sampler.Paired`)."""

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0, max_steps: int = 3000,
                 policy: Any = None):
        from jorvik.bots.policy import NormalBot
        self.playouts = max(1, playouts)
        self.seed = seed
        self.max_steps = max_steps
        self.policy = policy if policy is not None else playout_bot(seed)
        self.ranker = NormalBot(seed)   # which moves are worth judging: the normal bot's rank

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

    def playout(self, p: int) -> Callable[[GameState, int], Outcome]:
        """A play-out for the sampler: player p's final VP margin and score by category."""
        from jorvik.bots import play_out

        def run(s: GameState, seed: int) -> Outcome:
            bot = self.policy
            bot.rng.seed(seed)
            s, n = play_out(s, bot, max_decisions=self.max_steps)
            return Outcome(_margin(s, p), n, _parts(s, p))
        return run

    def sampler(self, st: GameState, moves: list[Action], stream: str,
                stop: Callable[[], bool] | None = None) -> Paired:
        """Paired draws of `moves` at `st`; each `stream` name gives independent draws."""
        p = current_player(st)
        assert p is not None
        return Paired(st, moves, self.playout(p), random.Random(f"{self.seed}/{stream}"), stop)

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
    why: tuple[tuple[str, float], ...] = field(default=())
    se: float = 0.0      # the standard error of `effect` (the best: of its lead over the next)
    clear: bool = True   # `effect` is told from zero (the best: it leads the next clearly)


def hints(st: GameState, count: int = HINT_SHOWN, playouts: int | None = None, seed: int = 0,
          stop: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None,
          budget: int = HINT_STEPS) -> list[Hint]:
    """The `count` best moves now for the decider, best first, each with its estimated final
    VP margin and its difference to the best with a standard error. HINT_CANDIDATES moves are
    screened by successive halving; the `count` leading ones are judged again with fresh
    draws in a race that stops once the best is clear, and only those are shown. `budget`:
    moves played in play-outs; `playouts`: a fixed number of draws in each pass instead (for
    tests). Only public information is used. [] when `stop()` turned true."""
    legal = legal_actions(st)
    if len(legal) <= 1:
        return [Hint(a, 0.0, 0.0) for a in legal]
    judge = Judge(seed=seed)
    moves = judge.best_moves(st, HINT_CANDIDATES)
    shown = min(count, len(moves))
    stream = f"hint/{st.round}/{len(legal)}"
    screen = judge.sampler(st, moves, stream + "/screen", stop)
    if playouts is not None:
        total = 2 * playouts
        for done in range(playouts if len(moves) > shown else 0):
            if not screen.draw():
                return []
            if progress is not None:
                progress(done + 1, total)
        top = screen.ranked()[:shown] if len(moves) > shown else list(range(len(moves)))
        fresh = judge.sampler(st, [moves[j] for j in top], stream + "/fresh", stop)
        for done in range(playouts):
            if not fresh.draw():
                return []
            if progress is not None:
                progress(playouts + done + 1, total)
    else:
        def tick(base: Callable[[], int]) -> Callable[[int], None] | None:
            if progress is None:
                return None
            return lambda steps: progress(min(budget, base() + steps), budget)
        if len(moves) > shown:
            top = halve(screen, int(budget * SCREEN_SHARE), keep=shown,
                        progress=tick(lambda: 0))[:shown]
            if screen.draws == 0:
                return []
        else:
            top = list(range(len(moves)))
        fresh = judge.sampler(st, [moves[j] for j in top], stream + "/fresh", stop)
        race(fresh, budget - screen.steps, progress=tick(lambda: screen.steps))
        if fresh.draws == 0:
            return []
        if progress is not None:
            progress(budget, budget)
    order = fresh.ranked()
    best = order[0]
    out = []
    for rank, j in enumerate(order):
        if rank == 0:
            lead = fresh.diff(best, order[1]) if len(order) > 1 else Estimate(0.0, 0.0, 0)
            why = clear_reasons(_part_estimates(fresh, best, order[1])) if len(order) > 1 else ()
            out.append(Hint(fresh.moves[j], fresh.mean(j).mean, 0.0, why, lead.se,
                            lead.clear() and lead.mean > 0))
        else:
            d = fresh.diff(j, best)
            out.append(Hint(fresh.moves[j], fresh.mean(j).mean, min(0.0, d.mean),
                            clear_reasons(_part_estimates(fresh, j, best)), d.se,
                            d.clear()))
    return out


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
    for a, b in zip(states, states[1:]):
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

    ("screen", index, state, chosen, k, draws, seed): the first pass over a decision — the
    chosen move against the normal bot's best k − 1, -> (the best other move, its paired
    difference to the chosen one, steps).
    ("fresh", index, pass, state, better, chosen, draws, seed): fresh draws of the two ->
    (the paired differences better − chosen draw by draw, the same by category, steps)."""
    kind, index = job[0], job[1]
    if kind == "screen":
        _, _, st, chosen, k, draws, seed = job
        judge = Judge(seed=seed)
        moves = judge.best_moves(st, k)
        if chosen not in moves:
            moves = moves[: k - 1] + [chosen]
        sm = judge.sampler(st, moves, f"review/{index}/screen", stop)
        for _ in range(draws):
            if not sm.draw():
                return None
        c = moves.index(chosen)
        best = max((j for j in range(len(moves)) if j != c),
                   key=lambda j: (sm.diff(j, c).mean, -j))
        return (kind, index), (moves[best], sm.diff(best, c), sm.steps)
    _, _, npass, st, better, chosen, draws, seed = job
    sm = Judge(seed=seed).sampler(st, [better, chosen], f"review/{index}/fresh/{npass}", stop)
    for _ in range(draws):
        if not sm.draw():
            return None
    a, b = sm.got
    diffs = [a[d].value - b[d].value for d in a]
    parts = {k: [(a[d].parts or {}).get(k, 0.0) - (b[d].parts or {}).get(k, 0.0) for d in a]
             for k in PARTS}
    return (kind, index, npass), (diffs, parts, sm.steps)


def _in_processes(jobs: list, workers: int, results: dict,
                  progress: Callable[[int, int], None] | None,
                  stop: Callable[[], bool] | None) -> None:
    """Judge `jobs` in `workers` processes of our own, each given one job at a time through
    its pipe. The workers ignore Ctrl+C: the process that owns them hears it, and ending the
    review in any way (Ctrl+C, SIGTERM, stop(), an error) kills them at once, so none goes on
    computing after it. No pool: a pool's feeder thread can block on a full pipe and hang
    its terminate()."""
    import multiprocessing
    from multiprocessing.connection import wait
    # spawn, not fork: the app calls this from a worker thread, and forking a process with
    # threads running is unsafe
    ctx = multiprocessing.get_context("spawn")
    todo = list(jobs)
    todo.reverse()
    procs = []
    try:
        busy = {}
        for _ in range(min(workers, len(todo))):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(theirs,), daemon=True)
            proc.start()
            theirs.close()
            procs.append(proc)
            mine.send(todo.pop())
            busy[mine] = proc
        while busy:
            for conn in wait(list(busy), timeout=0.5):
                try:
                    key, payload = conn.recv()
                except EOFError:
                    raise OSError("a review worker ended early") from None
                results[key] = payload
                if progress:
                    progress(len(results), len(jobs))
                if stop is not None and stop():
                    return
                if todo:
                    conn.send(todo.pop())
                else:
                    conn.send(None)
                    del busy[conn]
            if stop is not None and stop():
                return
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.kill()
        for proc in procs:
            proc.join()


def _worker(conn: Any) -> None:
    """A review worker: judge each job received until None (or the pipe closes)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        conn.send(_run(job))


def screen_draws(remaining: list[int], budget: int = REVIEW_STEPS) -> tuple[int, int]:
    """(draws, candidates) per decision for the first pass of a review whose decisions leave
    these many actions to the end of the game (a play-out makes about that many moves): as
    many draws of CANDIDATES moves as SCREEN_SHARE of the budget allows (within
    SCREEN_DRAWS), two moves (the chosen one and the bot's best) when even the fewest do not
    fit. A long game, a big table and many reviewed seats get fewer draws a decision."""
    cost = sum(remaining)
    least, most = SCREEN_DRAWS
    if cost <= 0:
        return most, CANDIDATES
    for k in (CANDIDATES, 2):
        draws = int(budget * SCREEN_SHARE // (cost * k))
        if draws >= least:
            return min(most, draws), k
    return least, 2


def _judge_all(jobs: list[tuple], workers: int, results: dict,
               progress: Callable[[], None] | None, stop: Callable[[], bool] | None) -> bool:
    """Run `jobs` into `results` (in `workers` processes when more than one); False when
    `stop()` turned true. The results do not depend on the workers."""
    if workers > 1 and len(jobs) > 1:
        try:
            _in_processes(jobs, workers, results,
                          (lambda _done, _total: progress()) if progress else None, stop)
        except (OSError, ValueError, RuntimeError):
            # No worker processes here (e.g. inside a full-screen app whose standard streams
            # are not real files): judge the rest in this process, with the same result.
            pass
    for job in jobs:
        if stop is not None and stop():
            return False
        key = (job[0], job[1]) if job[0] == "screen" else (job[0], job[1], job[2])
        if key not in results:
            got = _run(job, stop)
            if got is None:
                return False
            results[got[0]] = got[1]
            if progress:
                progress()
    return not (stop is not None and stop())


def review(record: Any, humans: Iterable[int] | None = None,
           playouts: int | None = None, seed: int = 0, workers: int = 1,
           progress: Callable[[int, int], None] | None = None,
           stop: Callable[[], bool] | None = None,
           cards: CardSet | None = None, budget: int = REVIEW_STEPS) -> Review | None:
    """Judge every decision of `humans` (default: every seat) with more than one legal move.

    First pass: each decision, the chosen move against the bot's best (screen_draws). Then the
    RECHECK decisions that look costliest are judged again with fresh draws (two passes: the
    second spends what is left of `budget` on those whose place in the list is in doubt), and
    only the fresh estimates are reported. `playouts`: draws a decision in the first pass
    instead (twice as many fresh ones, one fresh pass). `workers` > 1 spreads the decisions
    over processes; the result does not depend on it. None when `stop()` turned true before
    the end (the screen asking for it was closed)."""
    states, actions = states_of(record, cards)
    seats = set(range(states[0].n)) if humans is None else set(humans)
    todo = [i for i, st in enumerate(states[:len(actions)])
            if current_player(st) in seats and len(legal_actions(st)) > 1]
    left = {i: max(1, len(actions) - i) for i in todo}
    if playouts is not None:
        draws, k = max(1, playouts), CANDIDATES
    else:
        draws, k = screen_draws([left[i] for i in todo], budget)
    jobs = [("screen", i, states[i], actions[i], k, draws, seed) for i in todo]
    planned = {("screen", i): draws * k * left[i] for i in todo}
    total = max(budget, sum(planned.values())) if playouts is None else \
        3 * sum(planned.values())
    results: dict[tuple, Any] = {}

    def report() -> None:
        if progress is not None:
            progress(min(total, sum(planned.get(key, 0) for key in results)), total)
    if progress:
        progress(0, total)
    if not _judge_all(jobs, workers, results, report, stop):
        return None
    spent = sum(results[("screen", i)][2] for i in todo)
    screened = {i: results[("screen", i)] for i in todo}
    # the leading candidates, judged again with fresh draws
    lead = sorted((i for i in todo if screened[i][1].mean > 0),
                  key=lambda i: (-screened[i][1].mean, i))[:RECHECK]
    pooled: dict[int, tuple[list[float], dict[str, list[float]]]] = {
        i: ([], {p: [] for p in PARTS}) for i in lead}
    fresh_budget = max(0, budget - spent)
    passes = [(lead, 2 * draws if playouts is not None else None, 0.7)]
    if playouts is None:
        passes.append((None, None, 1.0))
    for npass, (which, fixed, share) in enumerate(passes):
        if which is None:
            which = _in_doubt(lead, pooled)
        if not which:
            break
        room = fresh_budget * share - (_spent_fresh(results))
        n = fixed or int(room // (2 * sum(left[i] for i in which)))
        if fixed is None and n < 2:
            break
        if fixed is None and npass == 0:
            n = max(n, 2 * MIN_DRAWS)
        jobs = [("fresh", i, npass, states[i], screened[i][0], actions[i], n, seed)
                for i in which]
        for i in which:
            planned[("fresh", i, npass)] = n * 2 * left[i]
        if playouts is not None:
            total = sum(planned.values())
        if not _judge_all(jobs, workers, results, report, stop):
            return None
        for i in which:
            diffs, parts, _ = results[("fresh", i, npass)]
            pooled[i][0].extend(diffs)
            for p in PARTS:
                pooled[i][1][p].extend(parts[p])
    if progress:
        progress(total, total)
    decisions = []
    for i in todo:
        st = states[i]
        better, first, _ = screened[i]
        if i in pooled and pooled[i][0]:
            e = estimate(pooled[i][0])
            why = clear_reasons({p: estimate(v) for p, v in pooled[i][1].items()}) \
                if e.mean > 0 else ()
            d = Decision(i, st.round, st.phase, current_player(st), actions[i], better,
                         round(e.mean, 2), why, round(e.se, 2), True)
        else:
            d = Decision(i, st.round, st.phase, current_player(st), actions[i], better,
                         round(first.mean, 2), (), round(min(first.se, 1e9), 2), False)
        decisions.append(d)
    rounds, rows = vp_race(states)
    result = Review(decisions, rounds, rows, [p.name for p in states[0].players],
                    steps=spent + _spent_fresh(results))
    result.unsure = _unsure(result)
    return result


MIN_DRAWS = 4   # the fewest fresh draws a decision gets in the first fresh pass (doubled)


def _spent_fresh(results: dict) -> int:
    return sum(v[2] for key, v in results.items() if key[0] == "fresh")


def _in_doubt(lead: list[int], pooled: dict) -> list[int]:
    """The re-judged decisions whose place in the list the noise could still change: whose
    loss is not yet clear of zero, or within Z standard errors of the cut between the last
    listed and the first left out."""
    est = {i: estimate(pooled[i][0]) for i in lead if pooled[i][0]}
    order = sorted(est, key=lambda i: (-est[i].mean, i))
    listed = [i for i in order if est[i].clear() and est[i].mean > 0][:SHOWN]
    rest = [i for i in order if i not in listed]
    doubt = {i for i in order if est[i].mean > 0 and not est[i].clear()}
    if len(listed) == SHOWN and rest:
        for i in listed:
            for j in rest:
                if est[j].mean > 0 and _close(est[i], est[j]):
                    doubt.update((i, j))
    return [i for i in order if i in doubt]


def _close(a: Estimate, b: Estimate) -> bool:
    return abs(a.mean - b.mean) < Z * math.sqrt(a.se ** 2 + b.se ** 2)


def _unsure(result: Review) -> list[int]:
    """The listed decisions that could change places with a re-judged one left out, or with
    zero: the review says so (the budget ran out before the list was certain)."""
    listed = result.costliest(SHOWN)
    out = [d for d in result.decisions if d.fresh and d.loss > 0 and d not in listed]
    shown = {d.index for d in listed}
    unsure = set()
    for d in listed:
        for o in out:
            if _close(Estimate(d.loss, d.se, 2), Estimate(o.loss, o.se, 2)):
                unsure.add(d.index)
    return sorted(unsure & shown, key=lambda i: [d.index for d in listed].index(i))
