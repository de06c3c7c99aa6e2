"""VP if the game ended now: the engine's final scoring applied to the state as it is."""

from __future__ import annotations

from typing import Any

from jorvik.engine import GameState, final_scores

_last: list[Any] = [None, None]  # (state, scores): every panel asks about the same state


def scores_now(st: GameState) -> dict[str, Any]:
    """final_scores() of a copy of `st` (it writes the totals into the players it scores)."""
    if _last[0] is not st:
        if st.result:
            _last[1] = st.result
        else:
            _last[1] = final_scores(st.copy())
        _last[0] = st
    return _last[1]


def projected_vp(st: GameState) -> list[int]:
    """Each player's total VP if the game ended now."""
    return [row["total"] for row in scores_now(st)["scores"]]
