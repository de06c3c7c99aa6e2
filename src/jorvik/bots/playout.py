"""The one loop that lets bots play a game on: simulations, tournaments, the search bots'
rollouts and the tests all play through `play_out`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jorvik.engine import Action, GameState, apply_action, current_player, is_over

MAX_DECISIONS = 20_000   # far beyond any real game; a game that runs past it is stuck

# watch(state before, action chosen, state after) -> True to stop the play-out there
Watch = Callable[[GameState, Action, GameState], Any]


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game with `seed` (one formula for every runner,
    so a game is the same whoever plays it)."""
    return seed * 16 + seat


def play_out(st: GameState, bots: Any, *, stop_round: int | None = None,
             max_decisions: int = MAX_DECISIONS, watch: Watch | None = None
             ) -> tuple[GameState, int]:
    """Play `st` on with `bots` (one per seat, or one bot for every seat) until the game is
    over, the round passes `stop_round`, `max_decisions` decisions were made or `watch`
    says stop. Returns the state reached and the number of decisions made."""
    if isinstance(bots, Sequence):
        seats = bots

        def choose(s: GameState) -> Action:
            p = current_player(s)
            assert p is not None   # (the loop stops at the game's end)
            return seats[p].choose(s)
    else:
        choose = bots.choose
    last_round = stop_round if stop_round is not None else 1 << 30
    n = 0
    while n < max_decisions and not is_over(st) and st.round <= last_round:
        a = choose(st)
        nxt, _ = apply_action(st, a)
        n += 1
        if watch is not None and watch(st, a, nxt):
            return nxt, n
        st = nxt
    return st, n


def margin_playout(st: GameState, bots: Any, p: int, *, rounds: int | None = None,
                   model: Any = None, max_decisions: int = MAX_DECISIONS
                   ) -> tuple[float, int]:
    """Player p's margin (knowledge.margin_of) from playing `st` on with `bots`: a full
    play-out to the final scores (``rounds`` None: knowledge.final_margin), or a truncated
    one that plays this round and `rounds` more (0: this round alone), stops at the start of
    the round after them and values the position reached there by the value model (`model`, default the shipped one:
    its expected final margin of p from the public view). A game that ends sooner is valued
    by its final scores either way. Returns (margin, decisions made)."""
    from .knowledge.values import final_margin
    stop = None if rounds is None else st.round + rounds
    s, n = play_out(st, bots, stop_round=stop, max_decisions=max_decisions)
    if s.result is not None:
        return final_margin(s.result, p), n
    if model is None:
        from .value.model import load_model
        model = load_model()
    return float(model.margins(s)[p]), n
