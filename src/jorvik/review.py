"""Judging moves by playouts: hints, the review of a game record, the projected VP race.

Pure analysis (no UI): each decision of a record against its best alternative, the best
moves for the decision now, and each player's projected VP round by round.

A move is judged by its effect on the player's *final VP margin* (own final VP minus the best
other player's), estimated by playouts: the move is applied to a determinization of the state
(the hidden deck and bag order re-drawn from public information only) and the game is played
to its end by the `normal` bot for every seat. All candidates of a decision share the same
determinizations and playout seeds (common random numbers), so their difference is not
drowned in noise, and everything is seeded: a review of the same record gives the same result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from jorvik.bots import play_out
from jorvik.bots.hard_bot import canonical
from jorvik.engine import (
    Action, CardSet, GameState, apply_action, current_player, determinize, final_scores,
    legal_actions, replay,
)
from jorvik.engine.scoring import SCORE_CATEGORIES

DEFAULT_PLAYOUTS = 8     # determinizations per decision (each plays every candidate out)
MIN_PLAYOUTS = 2
CANDIDATES = 3           # moves compared per decision: the one chosen and the bots' best
STEP_BUDGET = 180_000    # moves played in playouts per reviewed game: <= ~45 s on 2 busy cores
HINT_CANDIDATES = 6      # moves compared for a hint (three are shown)


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


class Judge:
    """Estimates moves' effects on a player's final VP margin by normal-bot playouts."""

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, seed: int = 0, max_steps: int = 3000):
        from jorvik.bots import make_bot
        self.playouts = max(1, playouts)
        self.seed = seed
        self.max_steps = max_steps
        self.policy = make_bot("normal", seed=seed)

    def best_moves(self, st: GameState, k: int) -> list[Action]:
        """Up to k promising legal moves, best first by the normal bot's ranking."""
        legal = legal_actions(st)
        rank = getattr(self.policy, "rank", None)
        if rank is not None:
            try:
                ranked = [a for _, a in rank(st, legal)]
            except Exception:  # a bot's internal ranking is a convenience, never a must
                ranked = []
        else:
            ranked = []
        first = self.policy.choose(st)
        out = [first] + [a for a in ranked if a != first] + [a for a in legal if a not in ranked]
        return out[:k]

    def values(self, st: GameState, moves: list[Action], salt: int = 0,
               stop: Callable[[], bool] | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[float]:
        """The mean final VP margin of the decider after each move (`stop()` true: stop early
        with what is known; `progress(done, total)` after each determinization)."""
        p = current_player(st)
        assert p is not None
        canon = canonical(st)
        rng = random.Random((self.seed * 1_000_003 + salt) & 0xFFFFFFFF)
        sums = [0.0] * len(moves)
        done = 0
        for _ in range(self.playouts):
            det = determinize(canon, rng)
            for j, a in enumerate(moves):
                s, _ = apply_action(det, a)
                sums[j] += self._playout(s, p)
            done += 1
            if progress is not None:
                progress(done, self.playouts)
            if stop is not None and stop():
                break
        return [x / done for x in sums]

    def _playout(self, s: GameState, p: int) -> float:
        s, _ = play_out(s, self.policy, max_decisions=self.max_steps)
        return _margin(s, p)

    def _playout_parts(self, s: GameState, p: int) -> tuple[float, dict[str, float]]:
        """A playout's final VP margin for p and p's final score by category."""
        s, _ = play_out(s, self.policy, max_decisions=self.max_steps)
        return _margin(s, p), _parts(s, p)

    def outcomes(self, st: GameState, moves: list[Action], salt: int = 0,
                 stop: Callable[[], bool] | None = None,
                 progress: Callable[[int, int], None] | None = None
                 ) -> tuple[list[float], list[dict[str, float]]]:
        """As values(), and for each move the decider's mean final score by category (the
        breakdown the reasons are read from): the same determinizations and seeds."""
        p = current_player(st)
        assert p is not None
        canon = canonical(st)
        rng = random.Random((self.seed * 1_000_003 + salt) & 0xFFFFFFFF)
        sums = [0.0] * len(moves)
        parts = [{k: 0.0 for k in PARTS} for _ in moves]
        done = 0
        for _ in range(self.playouts):
            det = determinize(canon, rng)
            for j, a in enumerate(moves):
                s, _ = apply_action(det, a)
                margin, got = self._playout_parts(s, p)
                sums[j] += margin
                for k, v in got.items():
                    parts[j][k] += v
            done += 1
            if progress is not None:
                progress(done, self.playouts)
            if stop is not None and stop():
                break
        return ([x / done for x in sums],
                [{k: v / done for k, v in part.items()} for part in parts])


# --------------------------------------------------------------------------- hints

@dataclass(frozen=True)
class Hint:
    action: Action
    margin: float        # the estimated final VP margin after this move
    effect: float        # the same, relative to the best move (0 for the best)
    # why: the categories of the decider's final score where this move's average outcome
    # differs most from the best move's (for the best move: from the second best's)
    why: tuple[tuple[str, float], ...] = field(default=())


def hints(st: GameState, count: int = 3, playouts: int = 6, seed: int = 0,
          stop: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None) -> list[Hint]:
    """The `count` best moves now for the decider, best first, each with the estimated final
    VP margin it leads to. Only public information is used (see Judge.values)."""
    legal = legal_actions(st)
    if len(legal) <= 1:
        return [Hint(a, 0.0, 0.0) for a in legal]
    judge = Judge(playouts, seed)
    moves = judge.best_moves(st, HINT_CANDIDATES)
    vals, parts = judge.outcomes(st, moves, salt=len(legal), stop=stop, progress=progress)
    order = sorted(range(len(moves)), key=lambda j: (-vals[j], j))[:count]
    best = vals[order[0]]
    out = []
    for rank, j in enumerate(order):
        other = order[1] if rank == 0 and len(order) > 1 else order[0]
        why = reasons(parts[j], parts[other]) if other != j else ()
        out.append(Hint(moves[j], vals[j], vals[j] - best, why))
    return out


# --------------------------------------------------------------------------- review

@dataclass(frozen=True)
class Decision:
    index: int           # the action's index in the record
    round: int
    phase: str
    player: int
    chosen: Action
    better: Action       # the best move found (the chosen one when nothing was better)
    loss: float          # estimated final VP margin lost by the choice (>= 0)
    # why: where the better move's average outcome beats the chosen one's, by category of
    # the player's final score (see reasons)
    why: tuple[tuple[str, float], ...] = ()


@dataclass
class Review:
    decisions: list[Decision]
    rounds: list[int]                 # the round each row of `projected` belongs to
    projected: list[list[int]]        # projected VP per player at the end of each round
    names: list[str]

    def costliest(self, k: int = 5) -> list[Decision]:
        worst = sorted(self.decisions, key=lambda d: (-d.loss, d.index))
        return [d for d in worst if d.loss > 0.05][:k]


def states_of(record: Any, cards: CardSet | None = None) -> tuple[list[GameState], list[Action]]:
    """Every state of a recorded game (RecordError for a bad record); a stacked record (a
    lesson, a test position) may be reviewed too. `cards`: the game's (default: packaged)."""
    states: list[GameState] = []
    _, actions = replay(record, cards, stacked_ok=True, states=states)
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


def _judge_one(args: tuple) -> tuple[int, tuple[Action, tuple], float]:
    """One decision (a module-level function, so a process pool can run it): its index,
    (the best move, why it beats the chosen one) and the loss."""
    st, chosen, index, (playouts, k), seed = args
    judge = Judge(playouts, seed)
    moves = judge.best_moves(st, k)
    if chosen not in moves:
        moves = moves[: k - 1] + [chosen]
    vals, parts = judge.outcomes(st, moves, salt=index)
    best = max(range(len(moves)), key=lambda j: (vals[j], moves[j] == chosen))
    mine = moves.index(chosen)
    loss = vals[best] - vals[mine]
    why = reasons(parts[best], parts[mine]) if best != mine else ()
    return index, (moves[best], why), max(0.0, loss)


def budget_for(remaining: list[int]) -> tuple[int, int]:
    """(determinizations, candidates) per decision for a review whose decisions leave these
    many actions to the end of the game (a playout costs about that many moves). The
    defaults, less for a long review so that it keeps within STEP_BUDGET moves played; it
    depends on the record only, so the review stays deterministic."""
    cost = sum(remaining)
    if cost <= 0:
        return DEFAULT_PLAYOUTS, CANDIDATES
    playouts = STEP_BUDGET / cost          # playouts per decision that fit
    if playouts >= MIN_PLAYOUTS * CANDIDATES:
        return min(DEFAULT_PLAYOUTS, int(playouts // CANDIDATES)), CANDIDATES
    if playouts >= MIN_PLAYOUTS * 2:
        return MIN_PLAYOUTS, 2             # the chosen move against the bot's best
    return 1, 2


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
                    i, better, loss = conn.recv()
                except EOFError:
                    raise OSError("a review worker ended early") from None
                results[i] = (better, loss)
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
        conn.send(_judge_one(job))


def review(record: Any, humans: Iterable[int] | None = None,
           playouts: int | None = None, seed: int = 0, workers: int = 1,
           progress: Callable[[int, int], None] | None = None,
           stop: Callable[[], bool] | None = None,
           cards: CardSet | None = None) -> Review | None:
    """Judge every decision of `humans` (default: every seat) with more than one legal move.
    `playouts`: determinizations per decision (default: budget_for the review's length).
    `workers` > 1 spreads the decisions over processes; the result does not depend on it.
    None when `stop()` turned true before the end (the screen asking for it was closed)."""
    states, actions = states_of(record, cards)
    seats = set(range(states[0].n)) if humans is None else set(humans)
    jobs = []
    for i, (st, a) in enumerate(zip(states, actions)):
        p = current_player(st)
        if p in seats and len(legal_actions(st)) > 1:
            jobs.append([st, a, i, playouts, seed])
    per = (playouts, CANDIDATES) if playouts is not None else budget_for(
        [len(actions) - job[2] for job in jobs])
    for job in jobs:
        job[3] = per
    results: dict[int, tuple[Action, float]] = {}
    total = len(jobs)
    if progress:
        progress(0, total)
    if workers > 1 and total > 1:
        try:
            _in_processes(jobs, workers, results, progress, stop)
        except (OSError, ValueError, RuntimeError):
            # No worker processes here (e.g. inside a full-screen app whose standard streams
            # are not real files): judge the rest in this process, with the same result.
            pass
    for job in jobs:
        if stop is not None and stop():
            return None
        if job[2] not in results:
            i, better, loss = _judge_one(job)
            results[i] = (better, loss)
            if progress:
                progress(len(results), total)
    decisions = []
    for st, a, i, _, _ in jobs:
        (better, why), loss = results[i]
        decisions.append(Decision(i, st.round, st.phase, current_player(st), a, better,
                                  round(loss, 2), why))
    rounds, rows = vp_race(states)
    return Review(decisions, rounds, rows, [p.name for p in states[0].players])
