"""The Attacks of the Picts (RULES.md §4.5): defence, the attack, Glory and Danegeld (the
decisions they give), and the final attack at the game's end."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .actions import Action, Decline, UseCard
from .board import any_phase_uses, holds, spend_card
from .cards import Card
from .cardtypes import TYPE_RULES
from .effects import EFFECTS
from .events import CardRevealed, CardUsed, CoinsChanged, Event, PictsAttack, VPChanged
from .kinds import CardType
from .pending import Decision
from .rules import RULES
from .state import GameState

DANEGELD_COINS = RULES.danegeld_coins   # what Danegeld costs instead of the VP lost


@dataclass(frozen=True, slots=True)
class AttackChoice(Decision):
    """An Attack of the Picts lets `player` choose with `card`: see GloryChoice and
    DanegeldChoice. The card itself answers (UseCard), or Decline takes the plain result."""
    at_attack: ClassVar[bool] = True
    value: int
    card: str

    def options(self, st: GameState) -> list[Action]:
        return [UseCard(self.card), Decline(), *any_phase_uses(st, self.player)]

    def answered_by(self, action: Action) -> bool:
        return not isinstance(action, UseCard) or action.card == self.card

    def resolve(self, st: GameState, action: Action, ev: list[Event]) -> None:
        st.pending = st.pending[:-1]
        self.settle(st, isinstance(action, UseCard), ev)

    def settle(self, st: GameState, use: bool, ev: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class GloryChoice(AttackChoice):
    """Glory: double the `value` VP gained for the most defence (the card goes), or keep it."""
    kind: ClassVar[str] = "glory"

    def settle(self, st: GameState, use: bool, ev: list[Event]) -> None:
        value = self.value
        if use:
            spend_card(st, self.player, self.card, ev)
            value *= 2
        _gain(st, self.player, value, "picts", ev)


@dataclass(frozen=True, slots=True)
class DanegeldChoice(AttackChoice):
    """Danegeld: pay DANEGELD_COINS coins instead of losing `value` VP, or lose them."""
    kind: ClassVar[str] = "danegeld"

    def settle(self, st: GameState, use: bool, ev: list[Event]) -> None:
        p = self.player
        if use:
            st.mut(p).coins -= DANEGELD_COINS
            ev.append(CoinsChanged(p, -DANEGELD_COINS, "danegeld"))
            ev.append(CardUsed(p, self.card))
        else:
            _gain(st, p, -self.value, "picts", ev)


def reveal_final_attack(st: GameState, ev: list[Event]) -> None:
    """Game end: the Picts cards left in the deck are revealed and resolved in order."""
    cid = st.deck[0]
    st.deck = st.deck[1:]
    st.info += 1
    st.box = st.box + (cid,)
    ev.append(CardRevealed(cid, None))
    attack(st, cid, ev)


def next_attack(st: GameState) -> str | None:
    """The id of the next Attack of the Picts card in the deck (public: the card list places
    one in each of spring, summer and autumn, and the final one)."""
    by_id = st.cards.by_id
    for cid in st.deck:
        if by_id[cid].type == CardType.PICTS:
            return cid
    return None


def defence_of(cards: Iterable[Card]) -> int:
    """The defence a set of cards gives in an Attack of the Picts: the warriors' defence, one
    of them doubled by Shield wall. Ask it of cards not bought yet too."""
    cards = tuple(cards)
    warriors = [c.defence for c in cards if TYPE_RULES[c.type].defends]
    total = sum(warriors)
    for c in cards:
        if c.effect:
            total += EFFECTS[c.effect].defence_bonus(warriors)
    return total


def defence(st: GameState, p: int) -> int:
    """Player p's defence in an Attack of the Picts (their card area)."""
    return defence_of(map(st.cards.by_id.__getitem__, st.players[p].cards))


def attack(st: GameState, cid: str, ev: list[Event]) -> None:
    """Resolve Attack of the Picts `cid` (§4.5): the most defence gains, the least loses;
    Glory and Danegeld owners decide first (pending decisions)."""
    card = st.cards.by_id[cid]
    n = st.n
    defs = [defence(st, p) for p in range(n)]
    hi, lo = max(defs), min(defs)
    order = [(st.start_player + i) % n for i in range(n)]
    winners = [p for p in order if defs[p] == hi] if hi != lo else []
    losers = [p for p in order if defs[p] == lo] if hi != lo else []
    ev.append(PictsAttack(cid, tuple(defs), card.picts_gain, card.picts_loss, tuple(winners),
                          tuple(losers)))
    decisions: list[Decision] = []
    for p in winners:
        glory = holds(st, st.players[p], "glory")
        if glory:
            decisions.append(GloryChoice(p, card.picts_gain, glory))
        else:
            _gain(st, p, card.picts_gain, "picts", ev)
    for p in losers:
        pl = st.players[p]
        dane = holds(st, pl, "danegeld")
        if dane and pl.coins >= DANEGELD_COINS and pl.vp > 0:
            decisions.append(DanegeldChoice(p, card.picts_loss, dane))
        else:
            _gain(st, p, -card.picts_loss, "picts", ev)
    st.pending = st.pending + tuple(reversed(decisions))


def _gain(st: GameState, p: int, amount: int, reason: str, ev: list[Event]) -> None:
    pl = st.mut(p)
    if amount < 0:
        amount = -min(pl.vp, -amount)  # VP never go below 0
    pl.vp += amount
    pl.vp_picts += amount
    ev.append(VPChanged(p, amount, reason))
