"""The public entry points of the rules engine (new_game, legal_actions, apply_action, …) and
the loop of automatic steps between decisions; each phase's rules live in the module named
after it (supply, demand, purchase, unloading, scoring; the Picts attacks and Loki in picts and
loki), and the table of phases (PHASES)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    Buy,
    Done,
    IllegalAction,
    Place,
    Reserve,
    UseCard,
    malformed,
)
from .board import COLUMN_SIZE, START_COINS, START_VP, any_phase_uses, spend_card
from .cards import CUBES_PER_GOOD, GOODS, SEASONS, CardSet
from .demand import can_place, discard_unclaimed, do_demand, end_demand, placements
from .effects import EFFECTS
from .events import Event, GameOver
from .kinds import Mode
from .modes import GOODS_IN_PLAY, MODES, VIKINGS_PER_PLAYER
from .pending import Decision
from .phase import Phase
from .picts import reveal_final_attack
from .purchase import (
    do_purchase,
    end_purchase,
    price_due,
    price_now,
    purchase_options,
    reservation_price,
)
from .refusals import Refusal, refusal
from .rules import RULES
from .scoring import final_scores
from .state import GameState, PlayerState, viking_owner
from .supply import fill_spaces, start_round
from .unloading import (
    do_unloading,
    nothing_to_do,
    start_unloading_turn,
    unloading_options,
    usual_form,
)

# (looked up once: an enum member read off its class costs ~0.1 us, and this is the hot path)
_END = Phase.END
_DONE = Done()   # interned: listed at many demand decisions
COLUMNS = RULES.columns


def new_game(
    players: list[str] | tuple[str, ...],
    mode: str = Mode.KARL,
    seed: int | None = None,
    start_player: int | None = None,
    deck: list[str] | tuple[str, ...] | None = None,
    bag: Sequence[str | int] | None = None,
    *,
    cards: CardSet,
    events: list[Event] | None = None,
) -> GameState:
    """Set up a game with `cards` (loaded above the engine: jorvik.carddata.load_cards).
    `deck` (card ids, top first) and `bag` (goods in draw order: names or indices) override
    the seeded shuffle, for tests and tutorials. Returns the state at the first decision; what
    happened on the way (round 1's supply) is appended to `events` when given."""
    names = [str(n) for n in players]
    if len(names) not in RULES.players:
        raise ValueError(f"Jórvík is for {RULES.min_players} to {RULES.max_players} players, "
                         f"not {len(names)}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: use 'karl' or 'jarl'")
    mode = Mode(mode)   # the state holds the enum member (equal to its string)
    n = len(names)
    if seed is None:  # every game has a concrete seed, kept in the state and its record
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    order, set_aside = _deal(cards, n, mode, rng, deck)
    cubes = _fill_bag(mode, rng, bag)
    if start_player is None:
        start_player = rng.randrange(n)
    if not 0 <= start_player < n:
        raise ValueError(f"start player must be 0..{n - 1}")
    vikings = VIKINGS_PER_PLAYER[mode]
    st = GameState(
        cards=cards,
        mode=mode,
        seed=seed,
        players=[PlayerState(name=nm, coins=START_COINS, vp=START_VP, vikings=vikings, filled={})
                 for nm in names],
        first_player=start_player,
        start_player=start_player,
        deck=tuple(order),
        bag=tuple(cubes),
        spaces=[None] * RULES.spaces,
        space_goods=[()] * RULES.spaces,
        columns=[()] * RULES.columns,
        set_aside=set_aside,
    )
    ev: list[Event] = [] if events is None else events
    _advance(st, ev)
    st.last_revealed = False
    return st


def _deal(cards: CardSet, n: int, mode: Mode, rng: random.Random,
          deck: list[str] | tuple[str, ...] | None) -> tuple[list[str], tuple[str, ...]]:
    """The deck, top first, with the final card at the bottom, and the cards set aside: the
    seasons shuffled in order (RULES.md §2), or `deck` as given."""
    final = cards.final_card().id
    by_season = cards.deck_for(n, mode)
    in_game = {cid for ids in by_season.values() for cid in ids} | {final}
    set_aside = tuple(c.id for c in cards.cards if c.id not in in_game)
    if deck is None:
        order: list[str] = []
        for s in SEASONS:
            ids = list(by_season[s])
            rng.shuffle(ids)
            order.extend(ids)
        order.append(final)
        return order, set_aside
    order = list(deck)
    unknown = [c for c in order if c not in cards.by_id]
    if unknown:
        raise ValueError(f"unknown card id(s) in deck: {unknown}")
    if final in order:
        order.remove(final)
    order.append(final)
    return order, tuple(c.id for c in cards.cards if c.id not in set(order))


def _fill_bag(mode: Mode, rng: random.Random, bag: Sequence[str | int] | None) -> list[int]:
    """The bag's cubes in draw order: the mode's goods shuffled, or `bag` as given."""
    if bag is None:
        cubes = [g for g in range(GOODS_IN_PLAY[mode]) for _ in range(CUBES_PER_GOOD[g])]
        rng.shuffle(cubes)
        return cubes
    index = {g: i for i, g in enumerate(GOODS)}
    try:
        return [index[g] if isinstance(g, str) else int(g) for g in bag]
    except KeyError as e:
        raise ValueError(f"unknown good in bag: {e}") from None


def current_player(st: GameState) -> int | None:
    """The player who decides now, or None when the game is over."""
    if st.pending:
        return st.pending[-1].player
    decider = PHASES[st.phase].decider
    return None if decider is None else decider(st)


def is_over(st: GameState) -> bool:
    return st.phase == _END


def can_undo(st: GameState) -> bool:
    """Whether the action that produced `st` may be taken back: it revealed no card and drew
    no cube."""
    return not st.last_revealed


def legal_actions(st: GameState) -> list[Action]:
    """Every legal action for the player who decides now (empty when the game is over)."""
    cached = st.legal_cache
    if cached is not None:
        return cached
    out = _legal(st)
    st.legal_cache = out
    return out


def _legal(st: GameState) -> list[Action]:
    if st.pending:
        return _legal_pending(st, st.pending[-1])
    options = PHASES[st.phase].options
    return [] if options is None else options(st)


def _legal_pending(st: GameState, dec: Decision) -> list[Action]:
    return dec.options(st)


def apply_action(st: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a legal action: returns the new state and the events that happened. The old
    state is unchanged; an illegal action raises IllegalAction and changes nothing."""
    legal = legal_actions(st)
    for a in legal:  # identity first: bots hand back one of the listed objects
        if a is action:
            break
    else:
        # Not one of the listed objects (built elsewhere, read from a record): its fields are
        # checked first, so that 1.0 for 1 or a good number 99 never reaches the rules.
        bad = malformed(action) if isinstance(action, Action) else why_illegal(st, action)
        if bad:
            raise IllegalAction(bad)
        if action not in legal:
            plain = usual_form(st, action)  # an explicit source that is the usual one
            if plain is None or plain not in legal:
                raise IllegalAction(why_illegal(st, action))
            action = plain
    new = st.copy()
    ev: list[Event] = []
    info_before = new.info
    _do(new, action, ev)
    _advance(new, ev)
    new.last_revealed = new.info != info_before
    return new, ev


def why_illegal(st: GameState, action: Any) -> Refusal:
    """Why `action` is not legal now, as a Refusal (a kind and fields; the front ends word
    it). Asked only of an action that is not legal."""
    if not isinstance(action, Action):
        return refusal("not_an_action")
    bad = malformed(action)
    if bad:
        return bad
    if st.phase == _END:
        return refusal("game_over")
    p = current_player(st)
    assert p is not None
    if st.pending:
        return st.pending[-1].refuse(st, action)
    for why in _WHY_NOT:
        found = why(st, action, p)
        if found is not None:
            return found
    return refusal("not_legal", action=action.type)


def _why_not_kind(st: GameState, action: Action, p: int) -> Refusal | None:
    """A kind of action this player cannot take here whatever its fields: a purchase they
    cannot pay, a card that is not usable now, a reservation in Karl."""
    if isinstance(action, Buy) and st.phase in (Phase.PURCHASE, Phase.RESERVATION):
        if action.hall:
            return refusal("no_hall", player=p)
        return refusal("cannot_pay", player=p, price=price_due(st), coins=st.players[p].coins)
    if isinstance(action, UseCard):
        return refusal("card_not_usable", player=p, card=action.card)
    if isinstance(action, Reserve) and st.mode != Mode.JARL:
        return refusal("jarl_only", action=action.type)
    return None


def _why_not_now(st: GameState, action: Action, p: int) -> Refusal | None:
    """No action of this kind is legal now (the wrong phase, or vikings left to place)."""
    if any(type(a) is type(action) for a in legal_actions(st)):
        return None
    if isinstance(action, Done) and st.phase == Phase.DEMAND and st.players[p].vikings:
        return refusal("vikings_left", player=p, count=st.players[p].vikings)
    return refusal("wrong_phase", action=action.type, phase=str(st.phase))


def _why_not_there(st: GameState, action: Action, p: int) -> Refusal | None:
    """A viking placed or a card reserved where it cannot go."""
    if isinstance(action, Place):
        c = action.column
        if not 1 <= c <= RULES.columns:
            return refusal("no_column", column=c)
        if st.spaces[c - 1] is None:
            return refusal("no_card", space=c)
        if len(st.columns[c - 1]) >= COLUMN_SIZE:
            return refusal("column_full", column=c)
        if action.brown:
            return refusal("no_brown_viking", player=p)
    if isinstance(action, Reserve):
        s = action.space
        if not RULES.columns < s <= RULES.spaces:
            return refusal("not_reservable", space=s)
        if st.spaces[s - 1] is None:
            return refusal("no_card", space=s)
        if action.brown:
            return refusal("no_brown_viking", player=p)
    return None


# why_illegal's questions, in order: the first that finds a reason gives it.
_WHY_NOT: tuple[Callable[[GameState, Action, int], Refusal | None], ...] = (
    _why_not_kind, _why_not_now, _why_not_there)


def _do(st: GameState, a: Action, ev: list[Event]) -> None:
    if st.pending:
        dec = st.pending[-1]
        if dec.answered_by(a):   # else an any-phase card played on top of the decision
            dec.resolve(st, a, ev)
            return
    if isinstance(a, UseCard):
        _use_card(st, a.card, ev)
        return
    apply = PHASES[st.phase].apply
    if apply is None:  # pragma: no cover - legal_actions offers nothing else
        raise IllegalAction(refusal("wrong_phase", action=a.type, phase=str(st.phase)))
    nxt = apply(st, a, ev)
    if nxt is not None:
        _move(st, nxt)


def _use_card(st: GameState, cid: str, ev: list[Event]) -> None:
    p = current_player(st)
    assert p is not None   # (a card is used only by the player who decides)
    spend_card(st, p, cid, ev)
    EFFECTS[st.cards.by_id[cid].effect].use(st, p, ev)


def _advance(st: GameState, ev: list[Event]) -> None:
    """Run the automatic steps until someone must decide or the game is over."""
    while not st.pending:
        nxt = PHASES[st.phase].step(st, ev)
        if nxt is None:
            return
        if nxt is not st.phase:   # (a step that stays in its phase needs no check)
            _move(st, nxt)


class PhaseError(RuntimeError):
    """A step or an action led to a phase its phase's entry in PHASES does not list as next:
    a fault in the engine, never in what a player did."""


def _move(st: GameState, nxt: Phase) -> None:
    """Play goes on in phase `nxt`: the phase it is in, or one its table entry lists next."""
    if nxt is not st.phase:
        if nxt not in PHASES[st.phase].next:
            raise PhaseError(f"the {st.phase} phase may not lead to {nxt}")
        st.phase = nxt


# ---- The phase table. Each phase says who decides, the legal options, how an action
# applies (the phase that follows, or None: the phase goes on), its automatic step (the phase
# play goes on in, its own to step again; None: someone decides now, or the game is over)
# and the phases that may follow it.

def _turn_player(st: GameState) -> int:
    return st.turn


def _column_buyer(st: GameState) -> int:
    return viking_owner(st.columns[st.turn][0])


def _reservation_buyer(st: GameState) -> int:
    return viking_owner(st.reservation[0].viking)


def _demand_options(st: GameState) -> list[Action]:
    p = st.turn
    out = placements(st, p)
    if st.players[p].vikings == 0:
        out.append(_DONE)
    out += any_phase_uses(st, p)
    return out


def _column_options(st: GameState) -> list[Action]:
    return purchase_options(st, viking_owner(st.columns[st.turn][0]), price_now(st, st.turn + 1))


def _reservation_options(st: GameState) -> list[Action]:
    return purchase_options(st, viking_owner(st.reservation[0].viking), reservation_price(st))


def _unloading_options(st: GameState) -> list[Action]:
    return unloading_options(st, st.turn)


def _next_placer(st: GameState, ev: list[Event]) -> Phase | None:
    """The next player in turn order who can still place decides; nobody: the demand ends."""
    n = st.n
    for i in range(n):
        p = (st.turn + i) % n
        if can_place(st, p):
            st.turn = p
            return None
    end_demand(st, ev)
    return Phase.DEMAND_END


def _next_column(st: GameState, ev: list[Event]) -> Phase | None:
    """The next demand column with a viking is on sale; none left: the reservation row."""
    while st.turn < COLUMNS and not st.columns[st.turn]:
        st.turn += 1
    if st.turn < COLUMNS:
        return _auto_pass(st, _column_options(st), ev)
    return Phase.RESERVATION


def _next_reservation(st: GameState, ev: list[Event]) -> Phase | None:
    """The leftmost reserved card is on sale; none left: the purchase phase ends."""
    if st.reservation:
        return _auto_pass(st, _reservation_options(st), ev)
    end_purchase(st, ev)
    return Phase.UNLOADING


def _auto_pass(st: GameState, legal: list[Action], ev: list[Event]) -> Phase | None:
    """A decider whose only option (`legal`) is to pass passes at once (they cannot pay):
    play moves on in the same phase. Else they decide."""
    if len(legal) == 1:
        do_purchase(st, legal[0], ev, auto=True)
        return st.phase
    st.legal_cache = legal
    return None


def _unloading_turn(st: GameState, ev: list[Event]) -> Phase | None:
    """The turn player's income and so on; a turn with nothing to decide ends at once."""
    if not st.unload_ready:
        start_unloading_turn(st, ev)
    legal = unloading_options(st, st.turn)
    if nothing_to_do(legal):
        # "done", always the last option: the next turn, or the round ends
        return do_unloading(st, legal[-1], ev) or Phase.UNLOADING
    st.legal_cache = legal
    return None


def _final(st: GameState, ev: list[Event]) -> Phase | None:
    """The final attack (while its card is in the deck), then the final scoring: game over."""
    if st.deck:
        reveal_final_attack(st, ev)
        return Phase.FINAL
    st.result = final_scores(st)
    for i, row in enumerate(st.result["scores"]):   # the VP track shows the totals
        st.mut(i).vp = row["total"]
    ev.append(GameOver(tuple(dict(row) for row in st.result["scores"]),
                        tuple(st.result["winners"])))
    return Phase.END


def _game_over(st: GameState, ev: list[Event]) -> Phase | None:
    return None


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """What one phase does: its automatic step, who decides, the legal options, how an action
    applies (None: nobody decides in it) and the phases that may follow it."""
    step: Callable[[GameState, list[Event]], Phase | None]
    decider: Callable[[GameState], int] | None = None
    options: Callable[[GameState], list[Action]] | None = None
    apply: Callable[[GameState, Action, list[Event]], Phase | None] | None = None
    next: tuple[Phase, ...] = ()


PHASES: dict[Phase, PhaseRules] = {
    Phase.SUPPLY_START: PhaseRules(start_round, next=(Phase.SUPPLY, Phase.FINAL)),
    Phase.SUPPLY: PhaseRules(fill_spaces, next=(Phase.DEMAND,)),
    Phase.DEMAND: PhaseRules(_next_placer, _turn_player, _demand_options, do_demand,
                             next=(Phase.DEMAND_END,)),
    Phase.DEMAND_END: PhaseRules(discard_unclaimed, next=(Phase.PURCHASE,)),
    Phase.PURCHASE: PhaseRules(_next_column, _column_buyer, _column_options, do_purchase,
                               next=(Phase.RESERVATION,)),
    Phase.RESERVATION: PhaseRules(_next_reservation, _reservation_buyer, _reservation_options,
                                  do_purchase, next=(Phase.UNLOADING,)),
    Phase.UNLOADING: PhaseRules(_unloading_turn, _turn_player, _unloading_options, do_unloading,
                                next=(Phase.SUPPLY_START,)),
    Phase.FINAL: PhaseRules(_final, next=(Phase.END,)),
    Phase.END: PhaseRules(_game_over),
}
