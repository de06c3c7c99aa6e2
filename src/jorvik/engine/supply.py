"""The supply phase (RULES.md §4.1): a new round, revealing cards onto the spaces, ships'
cubes, and the Attacks of the Picts (§4.5) with Glory and Danegeld; the final attack."""

from __future__ import annotations

from .board import holds, spend_card
from .cards import GOODS
from .effects import EFFECTS
from .phase import Phase
from .pending import AttackChoice, DanegeldChoice, GloryChoice
from .state import GameState


def start_round(st: GameState, ev: list) -> None:
    """A new round begins (RULES.md §4.1), unless only Attack of the Picts cards are left."""
    if all(st.cards.by_id[c].type == "picts" for c in st.deck):
        # Only the final Picts card is left (Ruling: with a seasonal attack just above it,
        # that attack is resolved first; no empty round is played).
        st.phase = Phase.FINAL
        return
    st.round += 1
    st.phase = Phase.SUPPLY
    st.supply_pos = 0
    ev.append({"type": "round", "round": st.round, "start_player": st.start_player})


def fill_order(players: int, mode: str) -> tuple[int, ...]:
    """The card spaces (1-12) the supply phase fills, in order (RULES.md §4.1): players + 1
    spaces from space 1, and in Jarl as many again from space 7. Its length is the number of
    cards revealed onto spaces in a full round."""
    k = players + 1
    order = tuple(range(1, k + 1))
    if mode == "jarl":
        order += tuple(range(7, 7 + k))
    return order


def fill_spaces(st: GameState, ev: list) -> None:
    """Reveal cards until the spaces are filled, pausing when an attack needs a decision."""
    by_id = st.cards.by_id
    order = fill_order(st.n, st.mode)
    final = st.cards.final_card().id
    while st.supply_pos < len(order):
        if not st.deck or st.deck[0] == final:
            break  # the deck ran down: the round is played with what was placed
        cid = st.deck[0]
        st.deck = st.deck[1:]
        st.info += 1
        card = by_id[cid]
        if card.type == "picts":
            ev.append({"type": "card_revealed", "card": cid, "space": None})
            st.box = st.box + (cid,)
            attack(st, cid, ev)
            if st.pending:
                return
            continue
        s = order[st.supply_pos] - 1
        st.supply_pos += 1
        st.spaces[s] = cid
        ev.append({"type": "card_revealed", "card": cid, "space": s + 1})
        if card.type == "ship":
            k = card.ship_cubes(st.mode)
            drawn = st.bag[:k]
            st.bag = st.bag[k:]
            st.space_goods[s] = tuple(sorted(drawn))
            st.info += 1
            ev.append({"type": "cubes_drawn", "card": cid, "space": s + 1,
                       "goods": [GOODS[g] for g in drawn]})
    st.phase = Phase.DEMAND
    st.turn = st.start_player
    for i, pl in enumerate(st.players):
        if pl.brown_done:
            st.mut(i).brown_done = False
    ev.append({"type": "phase", "phase": Phase.DEMAND})


def reveal_final_attack(st: GameState, ev: list) -> None:
    """Game end: the Picts cards left in the deck are revealed and resolved in order."""
    cid = st.deck[0]
    st.deck = st.deck[1:]
    st.info += 1
    st.box = st.box + (cid,)
    ev.append({"type": "card_revealed", "card": cid, "space": None})
    attack(st, cid, ev)


def next_attack(st: GameState) -> str | None:
    """The id of the next Attack of the Picts card in the deck (public: the card list places
    one in each of spring, summer and autumn, and the final one)."""
    by_id = st.cards.by_id
    for cid in st.deck:
        if by_id[cid].type == "picts":
            return cid
    return None


def defence(st: GameState, p: int) -> int:
    """Player p's defence in an Attack of the Picts (warriors, doubled one by Shield wall)."""
    by_id = st.cards.by_id
    pl = st.players[p]
    warriors = [by_id[c].defence for c in pl.cards if by_id[c].type == "warrior"]
    total = sum(warriors)
    for c in pl.cards:
        eff = by_id[c].effect
        if eff:
            total += EFFECTS[eff].defence_bonus(warriors)
    return total


def attack(st: GameState, cid: str, ev: list) -> None:
    """Resolve Attack of the Picts `cid` (§4.5): the most defence gains, the least loses;
    Glory and Danegeld owners decide first (pending decisions)."""
    card = st.cards.by_id[cid]
    n = st.n
    defs = [defence(st, p) for p in range(n)]
    hi, lo = max(defs), min(defs)
    order = [(st.start_player + i) % n for i in range(n)]
    winners = [p for p in order if defs[p] == hi] if hi != lo else []
    losers = [p for p in order if defs[p] == lo] if hi != lo else []
    ev.append({"type": "attack", "card": cid, "defence": defs, "gain": card.picts_gain,
               "loss": card.picts_loss, "winners": winners, "losers": losers})
    decisions = []
    for p in winners:
        glory = holds(st, st.players[p], "glory")
        if glory:
            decisions.append(GloryChoice(p, card.picts_gain, glory))
        else:
            _gain(st, p, card.picts_gain, "picts", ev)
    for p in losers:
        pl = st.players[p]
        dane = holds(st, pl, "danegeld")
        if dane and pl.coins >= 2 and pl.vp > 0:
            decisions.append(DanegeldChoice(p, card.picts_loss, dane))
        else:
            _gain(st, p, -card.picts_loss, "picts", ev)
    st.pending = st.pending + tuple(reversed(decisions))


def _gain(st: GameState, p: int, amount: int, reason: str, ev: list) -> None:
    pl = st.mut(p)
    if amount < 0:
        amount = -min(pl.vp, -amount)  # VP never go below 0
    pl.vp += amount
    pl.vp_picts += amount
    ev.append({"type": "vp", "player": p, "amount": amount, "reason": reason})


def resolve_attack_choice(st: GameState, dec: AttackChoice, use: bool, ev: list) -> None:
    """A Glory or Danegeld decision: use the card or take the plain result."""
    p, value, cid = dec.player, dec.value, dec.card
    st.pending = st.pending[:-1]
    pl = st.mut(p)
    if isinstance(dec, GloryChoice):
        if use:
            spend_card(st, p, cid, ev)
            value *= 2
        _gain(st, p, value, "picts", ev)
    else:
        if use:
            pl.coins -= 2
            ev.append({"type": "coins", "player": p, "amount": -2, "reason": "danegeld"})
            ev.append({"type": "card_used", "player": p, "card": cid})
        else:
            _gain(st, p, -value, "picts", ev)
