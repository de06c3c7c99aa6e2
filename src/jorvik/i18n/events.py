"""One game-log line per engine event, in the current language (events: docs/engine.md).

describe_event(event, state) turns an event dict from apply_action into a sentence; state is
only read for player names and card records, so any state of the same game will do.
event_player(event) says whose colour the line is in. Each sentence is a whole catalogue
entry (events.<lang>.yaml) with {fields}, under events.<event type>: one group per type the
engine produces (tests/i18n checks them against the engine)."""

from __future__ import annotations

from typing import Any, Callable

from jorvik.engine.actions import RESERVATION_ROW

from . import NameList, join_list, t
from .cards import card_name, good_name, goods_list, phase_name

Event = dict[str, Any]

def event_player(event: Event) -> int | None:
    """The seat whose colour the event's line is shown in (None: a neutral line)."""
    p = event.get("player")
    return p if isinstance(p, int) and not isinstance(p, bool) else None


def describe_event(event: Event, state: Any) -> str:
    """The event as one log line in the current language."""
    kind = event.get("type")
    fn = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    if fn is None:
        return t("events.unknown", type=str(kind))
    return fn(event, _Names(state))


class _Names:
    """Player and card names of one game."""

    def __init__(self, state: Any):
        self.state = state

    def player(self, p: Any) -> str:
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

    def cards(self, cids: list) -> str:
        return join_list([self.card(c) for c in cids])

    def is_final(self, cid: Any) -> bool:
        card = self.state.cards.by_id.get(cid)
        return card is not None and card.season == "X"

    def vp(self, cid: Any) -> int:
        card = self.state.cards.by_id.get(cid)
        return card.vp if card is not None else 0


# --------------------------------------------------------------------------- per event type

def _round(e: Event, n: _Names) -> str:
    return t("events.round", round=e.get("round"), player=n.player(e.get("start_player")))


def _phase(e: Event, n: _Names) -> str:
    ph = e.get("phase")
    if ph in ("demand", "purchase", "unloading"):  # the phases with a heading in the log
        return t(f"events.phase.{ph}")
    return t("events.phase.generic", phase=phase_name(str(ph)))


def _card_revealed(e: Event, n: _Names) -> str:
    cid = e.get("card")
    if e.get("space") is None:
        if n.is_final(cid):
            return t("events.card_revealed.final", card=n.card(cid))
        return t("events.card_revealed.attack", card=n.card(cid))
    return t("events.card_revealed.space", card=n.card(cid), space=e["space"])


def _cubes_drawn(e: Event, n: _Names) -> str:
    goods = e.get("goods") or []
    if not goods:
        return t("events.cubes_drawn.none", card=n.card(e.get("card")), space=e.get("space"))
    return t("events.cubes_drawn.some", count=len(goods), card=n.card(e.get("card")),
             space=e.get("space"), goods=goods_list(goods))


def _attack(e: Event, n: _Names) -> str:
    defence = list(e.get("defence") or [])
    order = sorted(range(len(defence)), key=lambda p: -defence[p])
    defences = join_list([t("events.attack.defence", player=n.player(p), defence=defence[p])
                          for p in order])
    winners, losers = e.get("winners") or [], e.get("losers") or []
    if winners or losers:
        outcome = t("events.attack.outcome", winners=n.players(sorted(winners)),
                    gain=e.get("gain"), losers=n.players(sorted(losers)), loss=e.get("loss"))
    else:
        outcome = t("events.attack.tied")
    return t("events.attack.line", card=n.card(e.get("card")), defences=defences,
             outcome=outcome)


def _vp(e: Event, n: _Names) -> str:
    amount = int(e.get("amount") or 0)
    reason = e.get("reason")
    if reason == "picts":
        kind = "picts_gain" if amount > 0 else "picts_loss" if amount < 0 else "picts_none"
    elif reason == "prophecy":
        kind = "prophecy"
    else:
        kind = "loss" if amount < 0 else "gain"
    return t(f"events.vp.{kind}", count=abs(amount), player=n.player(e.get("player")))


def _coins(e: Event, n: _Names) -> str:
    amount = int(e.get("amount") or 0)
    reason = e.get("reason")
    if reason == "loki_tribute":
        kind = "tribute_" + ("paid" if amount < 0 else "collected" if amount > 0 else "none")
    elif reason in ("income", "merchant", "treasure_hoard", "danegeld"):
        kind = reason
    else:
        kind = "lost" if amount < 0 else "gained"
    return t(f"events.coins.{kind}", count=abs(amount), player=n.player(e.get("player")))


def _card_used(e: Event, n: _Names) -> str:
    return t("events.card_used", player=n.player(e.get("player")), card=n.card(e.get("card")))


def _viking_placed(e: Event, n: _Names) -> str:
    # The card the viking stands under; events of older engines have no "card".
    cid = e.get("card")
    if cid is None:
        key = "events.viking_placed.brown" if e.get("brown") else "events.viking_placed.own"
        return t(key, player=n.player(e.get("player")), column=e.get("column"),
                 position=e.get("position"))
    key = ("events.viking_placed.brown_card" if e.get("brown")
           else "events.viking_placed.own_card")
    return t(key, player=n.player(e.get("player")), card=n.card(cid), column=e.get("column"),
             position=e.get("position"))


def _reserved(e: Event, n: _Names) -> str:
    key = "events.reserved.brown" if e.get("brown") else "events.reserved.own"
    return t(key, player=n.player(e.get("player")), card=n.card(e.get("card")),
             space=e.get("space"), slot=e.get("slot"))


def _stopped_placing(e: Event, n: _Names) -> str:
    return t("events.stopped_placing", player=n.player(e.get("player")))


def _swapped(e: Event, n: _Names) -> str:
    a, b = e.get("a") or [0, 0], e.get("b") or [0, 0]
    return t("events.swapped", player=n.player(e.get("player")), a=_spot(a), b=_spot(b))


def _spot(where: list) -> str:
    # The engine gives [column, position] with position 0 = top (column 0 = the reservation
    # row, position = its slot from the left); players count from 1.
    column, position = where[0], where[1] + 1
    if column == RESERVATION_ROW:
        return t("events.spot.reservation", slot=position)
    return t("events.spot.column", column=column, position=position)


def _declined(e: Event, n: _Names) -> str:
    return t("events.declined", player=n.player(e.get("player")), card=n.card(e.get("card")))


def _discarded(e: Event, n: _Names) -> str:
    reason = str(e.get("reason"))
    goods = e.get("goods") or []
    card = n.card(e.get("card"))
    if goods:
        kind = reason if reason in ("no_demand", "nobody_bought", "reservation_declined") else "generic"
        return t(f"events.discarded.{kind}_cubes", card=card, goods=goods_list(goods))
    kind = reason if reason in ("no_demand", "nobody_bought", "reservation_declined", "used") else "generic"
    return t(f"events.discarded.{kind}", card=card)


def _passed(e: Event, n: _Names) -> str:
    key = "events.passed.cannot_pay" if e.get("auto") else "events.passed.chose"
    return t(key, count=e.get("price"), player=n.player(e.get("player")),
             card=n.card(e.get("card")))


def _bought(e: Event, n: _Names) -> str:
    goods = e.get("goods") or []
    if e.get("free"):
        key = "events.bought.free_with_cubes" if goods else "events.bought.free"
    else:
        key = "events.bought.with_cubes" if goods else "events.bought.plain"
    return t(key, count=e.get("price"), player=n.player(e.get("player")),
             card=n.card(e.get("card")), goods=goods_list(goods))


def _assigned(e: Event, n: _Names) -> str:
    to = e.get("to")
    kind = to if to in ("craftsman", "merchant", "prophecy", "storage", "warehouse") else "generic"
    line = t(f"events.assigned.{kind}", player=n.player(e.get("player")), good=good_name(e.get("good")),
             card=n.card(e.get("card")))
    # A stored cube (not one just unloaded) says where it came from.
    if e.get("source") in ("storage", "warehouse"):
        line += " " + t(f"events.from.{e['source']}")
    return line


def _sold(e: Event, n: _Names) -> str:
    return t("events.sold", count=e.get("coins"), player=n.player(e.get("player")),
             goods=goods_list(e.get("goods") or []))


def _traded(e: Event, n: _Names) -> str:
    return t("events.traded", player=n.player(e.get("player")),
             goods=goods_list(e.get("goods") or []))


def _harbour_market(e: Event, n: _Names) -> str:
    return t("events.harbour_market", player=n.player(e.get("player")),
             goods=goods_list(e.get("goods") or []))


def _took(e: Event, n: _Names) -> str:
    via = e.get("via")
    kind = via if via in ("trade", "harbour", "trading_post") else "generic"
    return t(f"events.took.{kind}", player=n.player(e.get("player")), good=good_name(e.get("good")))


def _took_off(e: Event, n: _Names) -> str:
    return t("events.took_off", player=n.player(e.get("player")), good=good_name(e.get("good")),
             card=n.card(e.get("card")))


def _stolen(e: Event, n: _Names) -> str:
    return t("events.stolen", player=n.player(e.get("player")),
             victim=n.player(e.get("victim")), card=n.card(e.get("card")),
             good=good_name(e.get("good")))


def _cubes_lost(e: Event, n: _Names) -> str:
    goods = e.get("goods") or []
    return t("events.cubes_lost", count=len(goods), player=n.player(e.get("player")),
             goods=goods_list(goods))


def _gave_up(e: Event, n: _Names) -> str:
    source = e.get("source")
    kind = source if source in ("storage", "warehouse") else "generic"
    return t(f"events.gave_up.{kind}", player=n.player(e.get("player")),
             good=good_name(e.get("good")))


def _unloaded(e: Event, n: _Names) -> str:
    goods = e.get("goods") or []
    return t("events.unloaded", count=len(goods), player=n.player(e.get("player")),
             goods=goods_list(goods))


def _to_card_area(e: Event, n: _Names) -> str:
    return t("events.to_card_area", player=n.player(e.get("player")),
             cards=n.cards(e.get("cards") or []))


def _craftsman_complete(e: Event, n: _Names) -> str:
    cid = e.get("card")
    return t("events.craftsman_complete", count=n.vp(cid), player=n.player(e.get("player")),
             card=n.card(cid))


def _unloading_done(e: Event, n: _Names) -> str:
    return t("events.unloading_done", player=n.player(e.get("player")))


def _start_player(e: Event, n: _Names) -> str:
    return t("events.start_player", player=n.player(e.get("player")))


def _game_over(e: Event, n: _Names) -> str:
    scores = list(e.get("scores") or [])
    order = sorted(range(len(scores)),
                   key=lambda p: (-scores[p].get("total", 0), -scores[p].get("coins", 0)))
    table = join_list([t("events.game_over.score", count=scores[p].get("total", 0),
                         player=n.player(p)) for p in order])
    winners = list(e.get("winners") or [])
    if len(winners) > 1:
        return t("events.game_over.shared", scores=table, winners=n.players(winners))
    if not winners:
        return t("events.game_over.no_winner", scores=table)
    best = scores[winners[0]].get("total", 0) if winners[0] < len(scores) else 0
    on_coins = sum(1 for s in scores if s.get("total", 0) == best) > 1
    key = "events.game_over.winner_on_coins" if on_coins else "events.game_over.winner"
    return t(key, scores=table, winner=n.player(winners[0]))


_DESCRIBERS: dict[str, Callable[[Event, _Names], str]] = {
    "round": _round,
    "phase": _phase,
    "card_revealed": _card_revealed,
    "cubes_drawn": _cubes_drawn,
    "attack": _attack,
    "vp": _vp,
    "coins": _coins,
    "card_used": _card_used,
    "viking_placed": _viking_placed,
    "reserved": _reserved,
    "stopped_placing": _stopped_placing,
    "swapped": _swapped,
    "declined": _declined,
    "discarded": _discarded,
    "passed": _passed,
    "bought": _bought,
    "assigned": _assigned,
    "sold": _sold,
    "traded": _traded,
    "harbour_market": _harbour_market,
    "took": _took,
    "took_off": _took_off,
    "stolen": _stolen,
    "cubes_lost": _cubes_lost,
    "gave_up": _gave_up,
    "unloaded": _unloaded,
    "to_card_area": _to_card_area,
    "craftsman_complete": _craftsman_complete,
    "unloading_done": _unloading_done,
    "start_player": _start_player,
    "game_over": _game_over,
}
EVENT_TYPES: tuple[str, ...] = tuple(_DESCRIBERS)
