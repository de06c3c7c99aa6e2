"""One game-log line per engine event, in the current language (events: docs/engine.md).

describe_event(event, state) turns an event from apply_action (a `jorvik.engine.events`
class) into a sentence; state is only read for player names and card records, so any state
of the same game will do. event_player(event) says whose colour the line is in. Each
sentence is a whole catalogue entry (events.<lang>.yaml) with {fields}, under
events.<event type>. The kinds are the engine's (`EVENT_TYPES`); this module only words them,
one describer per kind (tests/i18n checks that every kind has one)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jorvik.engine.actions import RESERVATION_ROW
from jorvik.engine.events import (
    Assigned,
    Bought,
    CardRevealed,
    CardUsed,
    CoinsChanged,
    CraftsmanComplete,
    CubesDrawn,
    CubesLost,
    Declined,
    Discarded,
    Event,
    GameOver,
    GaveUp,
    HarbourMarket,
    Passed,
    PhaseStarted,
    PictsAttack,
    Reserved,
    RoundStarted,
    Sold,
    StartPlayer,
    Stolen,
    StoppedPlacing,
    Swapped,
    ToCardArea,
    Took,
    TookOff,
    Traded,
    Unloaded,
    UnloadingDone,
    VikingPlaced,
    VPChanged,
)
from jorvik.engine.phase import Phase

from . import NameList, _Slot, join_list, t
from .cards import card_name, good_name, goods_list, phase_name


def event_player(event: Event) -> int | None:
    """The seat whose colour the event's line is shown in (None: a neutral line): the acting
    player of a kind that has one."""
    return getattr(event, "player", None)


def describe_event(event: Event, state: Any) -> str:
    """The event as one log line in the current language."""
    fn = _DESCRIBERS.get(type(event))
    if fn is None:   # a kind without a describer: tests/i18n keeps this from happening
        return t("events.unknown", type=str(event.type))
    return fn(event, _Names(state))


# Stands for the acting player's name while describe_deed words an event.
_DOER = _Slot("\ue0ff")   # a marker t() passes through untouched


def describe_deed(event: Event, state: Any) -> str:
    """The event as describe_event words it, without the acting player's name at its head
    ("used Loki: Trickery", "ebben a fordulóban nem tett le több barna vikinget"): for a line
    that names the player already. A sentence that does not begin with the name is worded
    whole."""
    fn = _DESCRIBERS.get(type(event))
    doer = getattr(event, "player", None)
    if fn is None or not isinstance(doer, int):
        return describe_event(event, state)
    line = fn(event, _Names(state, doer))
    if line.startswith(_DOER) and _DOER not in line[1:]:
        return line[len(_DOER):].lstrip()
    return describe_event(event, state)


class _Names:
    """Player and card names of one game."""

    def __init__(self, state: Any, doer: int | None = None):
        self.state = state
        self.doer = doer   # this player's name is left as _DOER (describe_deed)

    def player(self, p: Any) -> str:
        if self.doer is not None and p == self.doer:
            return _DOER
        players = self.state.players
        if isinstance(p, int) and 0 <= p < len(players):
            return players[p].name
        return t("events.unknown_player", seat=p + 1 if isinstance(p, int) else "?")

    def players(self, seats: list[int]) -> NameList:
        """Several names as one field ("Eszti és Móni"); a Hungarian {x:a} still gives each
        name its article."""
        return NameList([self.player(p) for p in seats])

    def card(self, cid: Any) -> str:
        card = self.state.cards.by_id.get(cid)
        return card_name(card) if card is not None else str(cid)

    def cards(self, cids: Sequence[str]) -> str:
        return join_list([self.card(c) for c in cids])

    def is_final(self, cid: Any) -> bool:
        card = self.state.cards.by_id.get(cid)
        return card is not None and card.season == "X"

    def vp(self, cid: Any) -> int:
        card = self.state.cards.by_id.get(cid)
        return card.vp if card is not None else 0


# --------------------------------------------------------------------------- per event kind

def _round(e: RoundStarted, n: _Names) -> str:
    return t("events.round", round=e.round, player=n.player(e.start_player))


_HEADED = (Phase.DEMAND, Phase.PURCHASE, Phase.UNLOADING)   # the phases with a heading in the log


def _phase(e: PhaseStarted, n: _Names) -> str:
    if e.phase in _HEADED:
        return t(f"events.phase.{e.phase.value}")
    return t("events.phase.generic", phase=phase_name(e.phase.value))


def _card_revealed(e: CardRevealed, n: _Names) -> str:
    if e.space is None:
        if n.is_final(e.card):
            return t("events.card_revealed.final", card=n.card(e.card))
        return t("events.card_revealed.attack", card=n.card(e.card))
    return t("events.card_revealed.space", card=n.card(e.card), space=e.space)


def _cubes_drawn(e: CubesDrawn, n: _Names) -> str:
    if not e.goods:
        return t("events.cubes_drawn.none", card=n.card(e.card), space=e.space)
    return t("events.cubes_drawn.some", count=len(e.goods), card=n.card(e.card),
             space=e.space, goods=goods_list(e.goods))


def _attack(e: PictsAttack, n: _Names) -> str:
    defence = e.defence
    order = sorted(range(len(defence)), key=lambda p: -defence[p])
    defences = join_list([t("events.attack.defence", player=n.player(p), defence=defence[p])
                          for p in order])
    if e.winners or e.losers:
        outcome = t("events.attack.outcome", winners=n.players(sorted(e.winners)),
                    gain=e.gain, losers=n.players(sorted(e.losers)), loss=e.loss)
    else:
        outcome = t("events.attack.tied")
    return t("events.attack.line", card=n.card(e.card), defences=defences, outcome=outcome)


def _vp(e: VPChanged, n: _Names) -> str:
    if e.reason == "picts":
        kind = "picts_gain" if e.amount > 0 else "picts_loss" if e.amount < 0 else "picts_none"
    else:
        kind = e.reason   # prophecy
    return t(f"events.vp.{kind}", count=abs(e.amount), player=n.player(e.player))


def _coins(e: CoinsChanged, n: _Names) -> str:
    if e.reason == "loki_tribute":
        kind = "tribute_" + ("paid" if e.amount < 0 else "collected" if e.amount > 0 else "none")
    else:
        kind = e.reason   # income, merchant, treasure_hoard, danegeld
    return t(f"events.coins.{kind}", count=abs(e.amount), player=n.player(e.player))


def _card_used(e: CardUsed, n: _Names) -> str:
    return t("events.card_used", player=n.player(e.player), card=n.card(e.card))


def _viking_placed(e: VikingPlaced, n: _Names) -> str:
    key = "events.viking_placed.brown_card" if e.brown else "events.viking_placed.own_card"
    return t(key, player=n.player(e.player), card=n.card(e.card), column=e.column,
             position=e.position)


def _reserved(e: Reserved, n: _Names) -> str:
    key = "events.reserved.brown" if e.brown else "events.reserved.own"
    return t(key, player=n.player(e.player), card=n.card(e.card), space=e.space, slot=e.slot)


def _stopped_placing(e: StoppedPlacing, n: _Names) -> str:
    return t("events.stopped_placing", player=n.player(e.player))


def _swapped(e: Swapped, n: _Names) -> str:
    return t("events.swapped", player=n.player(e.player), a=_spot(e.a), b=_spot(e.b))


def _spot(where: tuple[int, int]) -> str:
    # The engine gives (column, position) with position 0 = top (column 0 = the reservation
    # row, position = its slot from the left); players count from 1.
    column, position = where[0], where[1] + 1
    if column == RESERVATION_ROW:
        return t("events.spot.reservation", slot=position)
    return t("events.spot.column", column=column, position=position)


def _declined(e: Declined, n: _Names) -> str:
    return t("events.declined", player=n.player(e.player), card=n.card(e.card))


def _discarded(e: Discarded, n: _Names) -> str:
    card = n.card(e.card)
    if e.goods:
        kind = e.reason if e.reason != "used" else "generic"   # used cards have no cubes
        return t(f"events.discarded.{kind}_cubes", card=card, goods=goods_list(e.goods))
    return t(f"events.discarded.{e.reason}", card=card)


def _passed(e: Passed, n: _Names) -> str:
    key = "events.passed.cannot_pay" if e.auto else "events.passed.chose"
    return t(key, count=e.price, player=n.player(e.player), card=n.card(e.card))


def _bought(e: Bought, n: _Names) -> str:
    if e.free:
        key = "events.bought.free_with_cubes" if e.goods else "events.bought.free"
    else:
        key = "events.bought.with_cubes" if e.goods else "events.bought.plain"
    return t(key, count=e.price, player=n.player(e.player), card=n.card(e.card),
             goods=goods_list(e.goods))


def _assigned(e: Assigned, n: _Names) -> str:
    line = t(f"events.assigned.{e.to}", player=n.player(e.player), good=good_name(e.good),
             card=n.card(e.card))
    # A stored cube (not one just unloaded) says where it came from.
    if e.source in ("storage", "warehouse"):
        line += " " + t(f"events.from.{e.source}")
    return line


def _sold(e: Sold, n: _Names) -> str:
    return t("events.sold", count=e.coins, player=n.player(e.player), goods=goods_list(e.goods))


def _traded(e: Traded, n: _Names) -> str:
    return t("events.traded", player=n.player(e.player), goods=goods_list(e.goods))


def _harbour_market(e: HarbourMarket, n: _Names) -> str:
    return t("events.harbour_market", player=n.player(e.player), goods=goods_list(e.goods))


def _took(e: Took, n: _Names) -> str:
    return t(f"events.took.{e.via}", player=n.player(e.player), good=good_name(e.good))


def _took_off(e: TookOff, n: _Names) -> str:
    return t("events.took_off", player=n.player(e.player), good=good_name(e.good),
             card=n.card(e.card))


def _stolen(e: Stolen, n: _Names) -> str:
    return t("events.stolen", player=n.player(e.player), victim=n.player(e.victim),
             card=n.card(e.card), good=good_name(e.good))


def _cubes_lost(e: CubesLost, n: _Names) -> str:
    return t("events.cubes_lost", count=len(e.goods), player=n.player(e.player),
             goods=goods_list(e.goods))


def _gave_up(e: GaveUp, n: _Names) -> str:
    return t(f"events.gave_up.{e.source}", player=n.player(e.player), good=good_name(e.good))


def _unloaded(e: Unloaded, n: _Names) -> str:
    return t("events.unloaded", count=len(e.goods), player=n.player(e.player),
             goods=goods_list(e.goods))


def _to_card_area(e: ToCardArea, n: _Names) -> str:
    return t("events.to_card_area", player=n.player(e.player), cards=n.cards(e.cards))


def _craftsman_complete(e: CraftsmanComplete, n: _Names) -> str:
    return t("events.craftsman_complete", count=n.vp(e.card), player=n.player(e.player),
             card=n.card(e.card))


def _unloading_done(e: UnloadingDone, n: _Names) -> str:
    return t("events.unloading_done", player=n.player(e.player))


def _start_player(e: StartPlayer, n: _Names) -> str:
    return t("events.start_player", player=n.player(e.player))


def _game_over(e: GameOver, n: _Names) -> str:
    scores = e.scores
    order = sorted(range(len(scores)),
                   key=lambda p: (-scores[p].get("total", 0), -scores[p].get("coins", 0)))
    table = join_list([t("events.game_over.score", count=scores[p].get("total", 0),
                         player=n.player(p)) for p in order])
    winners = e.winners
    if len(winners) > 1:
        return t("events.game_over.shared", scores=table, winners=n.players(list(winners)))
    if not winners:
        return t("events.game_over.no_winner", scores=table)
    best = scores[winners[0]].get("total", 0) if winners[0] < len(scores) else 0
    on_coins = sum(1 for s in scores if s.get("total", 0) == best) > 1
    key = "events.game_over.winner_on_coins" if on_coins else "events.game_over.winner"
    return t(key, scores=table, winner=n.player(winners[0]))


# One describer per engine event kind, keyed by its class.
_DESCRIBERS: dict[type[Event], Callable[[Any, _Names], str]] = {
    RoundStarted: _round,
    PhaseStarted: _phase,
    CardRevealed: _card_revealed,
    CubesDrawn: _cubes_drawn,
    PictsAttack: _attack,
    VPChanged: _vp,
    CoinsChanged: _coins,
    CardUsed: _card_used,
    VikingPlaced: _viking_placed,
    Reserved: _reserved,
    StoppedPlacing: _stopped_placing,
    Swapped: _swapped,
    Declined: _declined,
    Discarded: _discarded,
    Passed: _passed,
    Bought: _bought,
    Assigned: _assigned,
    Sold: _sold,
    Traded: _traded,
    HarbourMarket: _harbour_market,
    Took: _took,
    TookOff: _took_off,
    Stolen: _stolen,
    CubesLost: _cubes_lost,
    GaveUp: _gave_up,
    Unloaded: _unloaded,
    ToCardArea: _to_card_area,
    CraftsmanComplete: _craftsman_complete,
    UnloadingDone: _unloading_done,
    StartPlayer: _start_player,
    GameOver: _game_over,
}


def described_kinds() -> frozenset[type[Event]]:
    """The event kinds this module words (tests compare it with the engine's EVENT_TYPES)."""
    return frozenset(_DESCRIBERS)
