"""What the other players did since a player's last decision, for the hand-over banner:
vikings placed, cards reserved and bought (for how much), cubes assigned, attacks, and each
player's coins and VP then and now."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import current_player
from jorvik.i18n import t

from .session import Session
from .text import card_name, describe


def last_decision(session: Session, p: int) -> int | None:
    """The index of the state in which player p last decided (None: not yet)."""
    for i in range(len(session.states) - 2, -1, -1):
        if current_player(session.states[i]) == p:
            return i
    return None


def since_last_turn(session: Session, p: int) -> list[Text]:
    """One line per other player who did something since p's last decision, or since the
    start (and a line per Attack of the Picts)."""
    i = last_decision(session, p)
    start = 0 if i is None else i + 1
    before, now = session.states[start], session.state
    entries = [e for e in session.log if e.index > start and e.event is not None]
    seats = session.seats
    by_id = now.cards.by_id
    out: list[Text] = []
    for e in entries:
        if e.event.get("type") == "attack":
            out.append(describe(e.event, now, seats))
    for q in range(now.n):
        if q == p:
            continue
        mine = [e.event for e in entries if e.event.get("player") == q]
        parts: list[str] = []
        placed = [ev for ev in mine if ev.get("type") == "viking_placed"]
        if placed:
            parts.append(t("tui.since.placed", count=len(placed),
                           columns=", ".join(str(ev.get("column")) for ev in placed)))
        for ev in mine:
            kind = ev.get("type")
            if kind == "reserved":
                parts.append(t("tui.since.reserved", card=card_name(by_id[ev["card"]])))
            elif kind == "bought":
                if ev.get("free"):
                    parts.append(t("tui.since.bought_free", card=card_name(by_id[ev["card"]])))
                else:
                    parts.append(t("tui.since.bought", count=int(ev.get("price") or 0),
                                   card=card_name(by_id[ev["card"]])))
        assigned = sum(1 for ev in mine if ev.get("type") == "assigned")
        if assigned:
            parts.append(t("tui.since.assigned", count=assigned))
        a, b = before.players[q], now.players[q]
        if a.coins != b.coins:
            parts.append(t("tui.since.coins", before=a.coins, now=b.coins))
        if a.vp != b.vp:
            parts.append(t("tui.since.vp", before=a.vp, now=b.vp))
        if parts:
            line = seats.name(q)
            line.append(": ")
            line.append(" · ".join(parts))
            out.append(line)
    return out
