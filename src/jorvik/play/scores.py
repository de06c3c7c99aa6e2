"""VP if the game ended now: the engine's final scoring applied to the state as it is."""

from __future__ import annotations

from typing import Any

from jorvik.engine import GameState, final_scores

# (state, its scores): every panel asks about the same state. One tuple, replaced whole, so a
# reader on another thread never pairs a state with another state's scores.
_last: tuple[GameState | None, dict[str, Any]] = (None, {})


def scores_now(st: GameState) -> dict[str, Any]:
    """final_scores() of `st` as it is (the engine's scoring is pure); the result once over."""
    global _last
    state, scores = _last
    if state is not st:
        scores = st.result or final_scores(st)
        _last = (st, scores)
    return scores


def projected_vp(st: GameState) -> list[int]:
    """Each player's total VP if the game ended now."""
    return [row["total"] for row in scores_now(st)["scores"]]
