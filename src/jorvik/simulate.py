"""`jorvik simulate`: play many bot games through the engine and check invariants."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jorvik.bots import MAX_DECISIONS, play_out, seat_bots
from jorvik.engine import CardSet, GameState, is_over, new_game
from jorvik.engine.invariants import violations


@dataclass
class SimResult:
    games: int = 0
    finished: int = 0
    violations: int = 0
    rounds: list[int] = field(default_factory=list)
    winner_vp: list[int] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    failing: list[dict[str, Any]] = field(default_factory=list)  # seed, decision, violations

    def summary(self) -> dict[str, Any]:
        """The seven figures; when an invariant broke, also `failing_seeds` and `failures`
        (each game's seed, decision number and violations), so the game can be replayed."""
        g = max(self.games, 1)
        out: dict[str, Any] = {
            "games": self.games,
            "finished": self.finished,
            "violations": self.violations,
            "mean_rounds": round(sum(self.rounds) / max(len(self.rounds), 1), 3),
            "mean_winner_vp": round(sum(self.winner_vp) / max(len(self.winner_vp), 1), 3),
            "decisions_per_game": round(self.decisions / g, 3),
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
        }
        if self.failing:
            out["failing_seeds"] = [f["seed"] for f in self.failing]
            out["failures"] = self.failing
        return out


def simulate(games: int, players: int, mode: str, seed: int, bots: list[str],
             cards: CardSet | None = None, check: bool = True,
             progress: Callable[[int], None] | None = None) -> SimResult:
    """Play `games` games with seeds seed, seed+1, ...; bots[i] sits in seat i (cycled)."""
    res = SimResult()
    if cards is None:
        from jorvik.carddata import load_cards
        cards = load_cards()
    names = [f"Player {i + 1}" for i in range(players)]
    lineup = [bots[i % len(bots)] for i in range(players)]
    clock = time.perf_counter
    for g in range(games):
        game_seed = seed + g
        t0 = clock()
        st = new_game(names, mode=mode, seed=game_seed, cards=cards)
        checking = 0.0   # the invariant checks are not part of the speed
        bad = violations(st) if check else []

        def watch(_before: GameState, _action: object, after: GameState) -> bool:
            nonlocal bad, checking
            t = clock()
            bad = violations(after)
            checking += clock() - t
            return bool(bad)

        n = 0
        if not bad:
            st, n = play_out(st, seat_bots(lineup, game_seed), max_decisions=MAX_DECISIONS,
                             watch=watch if check else None)
        res.seconds += clock() - t0 - checking
        res.games += 1
        res.decisions += n
        if bad:
            res.violations += 1
            res.problems.append(f"game seed {game_seed}, decision {n}: " + "; ".join(bad))
            res.failing.append({"seed": game_seed, "decision": n, "violations": list(bad)})
        elif is_over(st) and st.result is not None:
            res.finished += 1
            res.rounds.append(st.round)
            res.winner_vp.append(max(r["total"] for r in st.result["scores"]))
        else:
            res.problems.append(f"game seed {game_seed} did not finish in {MAX_DECISIONS} decisions")
        if progress:
            progress(g + 1)
    return res
