"""What happened since a player's last decision, for the hand-over banner and the side area:
every log event that changed the table for that player, in the words of the log, grouped by
who did it; and "what they did to you" lines (a Loki swap that moved your viking, a theft
from you, a tribute you paid).

The rule of what is left out is in docs/handover.md: the events of your own last move, and
the table's bookkeeping (rounds, phases, cards revealed, cubes drawn, the start player, "done
unloading", cards moved to the card area, the end of the game), which the board shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jorvik.engine import (
    RESERVATION_ROW,
    GameState,
    Phase,
    current_player,
    price_due,
    price_now,
    viking_owner,
)
from jorvik.engine.cards import GOOD_INDEX
from jorvik.engine.events import (
    Assigned,
    Bought,
    CardRevealed,
    CoinsChanged,
    CubesDrawn,
    Discarded,
    Event,
    GameOver,
    Passed,
    PhaseStarted,
    PictsAttack,
    Reserved,
    RoundStarted,
    StartPlayer,
    Stolen,
    Swapped,
    ToCardArea,
    UnloadingDone,
    VikingPlaced,
    VPChanged,
)

from .session import LogEntry, Session
from .words import Card, Deed, GoodName, Player, Tone, Words, say

# The log's bookkeeping: left out of the summary (docs/handover.md says why).
LEFT_OUT = frozenset({RoundStarted, PhaseStarted, CardRevealed, CubesDrawn, StartPlayer,
                      UnloadingDone, ToCardArea, GameOver})
# A player's frequent moves, told in short on that player's line.
SHORT = frozenset({VikingPlaced, Reserved, Passed, Bought, Assigned, CoinsChanged, VPChanged})
# Coins and VP of these reasons are told on their own line (what happened, not only the sum).
OWN_LINE_COINS = frozenset({"loki_tribute", "danegeld", "treasure_hoard"})
STORED = ("storage", "warehouse")


@dataclass
class Item:
    """One line of the summary (as words: see play/words.py) and the positions in the
    session's log of what it tells."""
    text: Words
    sources: list[int] = field(default_factory=list)
    to_you: bool = False   # it changed the player's own position (the banner comes for it)


def last_decision(session: Session, p: int) -> int | None:
    """The index of the state in which player p last decided (None: not yet)."""
    for i in range(len(session.states) - 2, -1, -1):
        if current_player(session.states[i]) == p:
            return i
    return None


def window(session: Session, p: int) -> tuple[int, list[tuple[int, LogEntry]]]:
    """The state p last decided in (or 0) and the log entries since, with their positions:
    from the events of p's last move on, without the events of that move that are p's own."""
    i = last_decision(session, p)
    own = None if i is None else i + 1      # the log index of the events of p's last move
    start = 1 if i is None else i + 1
    out = []
    for pos, e in enumerate(session.log):
        if e.index < start:
            continue
        if e.index == own and e.event is not None and getattr(e.event, "player", None) == p:
            continue                         # your own move
        if e.index == own and e.event is None and e.player == p:
            continue                         # (a note about your own move)
        out.append((pos, e))
    return (0 if i is None else i), out


def concerns(event: Event | None, hint_of: int | None = None) -> bool:
    """Whether a log line is told in the summary (the rule in docs/handover.md)."""
    if event is None:
        return hint_of is not None
    return type(event) not in LEFT_OUT


def _swap_victims(session: Session, e: LogEntry, ev: Swapped,
                  ) -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    """Whose vikings (or reserved cards) a Loki swap moved: (owner, from, to), from the state
    before the move."""
    before = session.states[e.index - 1]
    out = []
    for here, there in ((ev.a, ev.b), (ev.b, ev.a)):
        column, position = here
        if column == RESERVATION_ROW:
            row = before.reservation
            code = row[position].viking if position < len(row) else None
        else:
            col = before.columns[column - 1] if 0 < column <= len(before.columns) else []
            code = col[position] if position < len(col) else None
        if isinstance(code, int):
            out.append((viking_owner(code), here, there))
    return out


def _spot(where: tuple[int, int]) -> Any:
    column, position = where[0], where[1] + 1
    if column == RESERVATION_ROW:
        return say("events.spot.reservation", slot=position)
    return say("events.spot.column", column=column, position=position)


@dataclass
class _Told:
    """The summary as it is gathered from the log: the table's lines (attacks, the boxed
    cards, events of no player), the lines of what others did to you, and each player's
    events and hints for their own line."""

    n: int
    table: list[Item] = field(default_factory=list)
    personal: list[Item] = field(default_factory=list)
    mine: dict[int, list[tuple[int, Event]]] = field(default_factory=dict)
    hints: dict[int, list[int]] = field(default_factory=dict)
    boxed: Item | None = None
    boxed_cards: list[Card | str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.mine = {q: [] for q in range(self.n)}

    def box(self, pos: int, ev: Discarded, by_id: dict[str, Any]) -> None:
        """The cards boxed since: one line, where the first of them was boxed."""
        if self.boxed is None:
            self.boxed = Item((), [])
            self.table.append(self.boxed)
        self.boxed_cards.append(Card(by_id[ev.card]) if ev.card in by_id else ev.card)
        self.boxed.sources.append(pos)
        self.boxed.text = (say("tui.since.boxed", cards=tuple(self.boxed_cards)),)


def summary(session: Session, p: int) -> list[Item]:
    """The summary for player p now: a line per Attack of the Picts and per boxed-cards
    batch, a line per player who did something (p's own is "You"), and a line for each
    thing another player did to p."""
    start, entries = window(session, p)
    # coins and VP are told from just after p's last move (p's own payment is not news)
    after = start + 1 if last_decision(session, p) is not None else start
    before, now = session.states[min(after, len(session.states) - 1)], session.state
    told = _Told(now.n)
    for pos, e in entries:
        _tell(session, p, told, pos, e)
    out = told.table + told.personal
    for q in range(now.n):
        item = _player_line(_Line(session, p, q, told.mine[q], told.hints.get(q, []),
                                  before, now))
        if item is not None:
            out.append(item)
    return out


def _tell(session: Session, p: int, told: _Told, pos: int, e: LogEntry) -> None:
    """Where the log entry at `pos` is told in p's summary (if it is)."""
    ev = e.event
    if ev is None:
        if e.player is not None and e.kind == "hint":
            told.hints.setdefault(e.player, []).append(pos)
        return
    if type(ev) in LEFT_OUT:
        return
    q = getattr(ev, "player", None)
    if isinstance(ev, PictsAttack):
        told.table.append(Item((ev,), [pos], to_you=True))
    elif isinstance(ev, Discarded):
        told.box(pos, ev, session.state.cards.by_id)
    elif q is not None and 0 <= q < told.n:
        told.mine[q].append((pos, ev))
        to_you = _TO_YOU.get(type(ev))
        if to_you is not None:
            told.personal += to_you(session, p, q, pos, e, ev)
    else:
        told.table.append(Item((ev,), [pos]))


def _strong(pos: int, key: str, **fields: Any) -> Item:
    """A line of what another player did to you (it brings the banner)."""
    return Item((Tone((say(key, **fields),), "strong"),), [pos], to_you=True)


def _swapped_you(session: Session, p: int, q: int, pos: int, e: LogEntry,
                 ev: Any) -> list[Item]:
    if q == p:
        return []
    return [_strong(pos, "tui.since.swapped_you", name=session.seats.names[q],
                    before=_spot(here), now=_spot(there))
            for owner, here, there in _swap_victims(session, e, ev) if owner == p]


def _stole_from_you(session: Session, p: int, q: int, pos: int, e: LogEntry,
                    ev: Any) -> list[Item]:
    if ev.victim != p:
        return []
    by_id = session.state.cards.by_id
    return [_strong(pos, "tui.since.stolen_you", name=session.seats.names[q],
                    card=Card(by_id[ev.card]) if ev.card in by_id else "",
                    good=GoodName(GOOD_INDEX[ev.good]))]


def _joined_you(session: Session, p: int, q: int, pos: int, e: LogEntry,
                ev: Any) -> list[Item]:
    if q == p or not _joined(session, e, ev, p):
        return []
    return [_strong(pos, "tui.since.joined_you", name=session.seats.names[q],
                    column=ev.column)]


def _reserved_after_you(session: Session, p: int, q: int, pos: int, e: LogEntry,
                        ev: Any) -> list[Item]:
    if q == p or not _reserved_before(session, e, p):
        return []
    return [_strong(pos, "tui.since.reserved_after_you", name=session.seats.names[q],
                    count=price_now(session.states[e.index], RESERVATION_ROW))]


# What another player's event did to you, by its type (the "to you" lines).
_TO_YOU: dict[type[Event], Callable[[Session, int, int, int, LogEntry, Any], list[Item]]] = {
    Swapped: _swapped_you,
    Stolen: _stole_from_you,
    VikingPlaced: _joined_you,
    Reserved: _reserved_after_you,
}


@dataclass(frozen=True)
class _Line:
    """What one player's line is told from: p's summary, player q's events and hints since,
    and the table just after p's last move and now."""

    session: Session
    p: int
    q: int
    events: list[tuple[int, Event]]
    hints: list[int]
    before: Any
    now: Any


Parts = tuple[list[Words], list[int]]   # parts of a line, and the log positions they tell


def _player_line(line: _Line) -> Item | None:
    """One player's line: the short forms first, then each other event in the log's words."""
    if not line.events and not line.hints:
        return None
    parts: list[Words] = []
    sources: list[int] = []
    for part in _LINE_PARTS:
        said, told = part(line)
        parts += said
        sources += told
    if not parts:
        return None
    q = line.q
    out: Words = (Tone((say("tui.since.you"),), "strong"),) if q == line.p else (Player(q),)
    out += (say("tui.since.after_name"),)
    for i, words in enumerate(parts):
        out += ((" · ",) if i else ()) + words
    return Item(out, sorted(sources), to_you=q == line.p)


def _placed(line: _Line) -> Parts:
    placed = [(pos, ev) for pos, ev in line.events if isinstance(ev, VikingPlaced)]
    if not placed:
        return [], []
    return ([(say("tui.since.placed", count=len(placed),
                  columns=", ".join(str(ev.column) for _, ev in placed)),)],
            [pos for pos, _ in placed])


def _purchases(line: _Line) -> Parts:
    """Reserved, bought and passed, in the log's order."""
    told = [(pos, ev) for pos, ev in line.events if isinstance(ev, (Reserved, Bought, Passed))]
    return [_purchase(line, pos, ev) for pos, ev in told], [pos for pos, _ in told]


def _purchase(line: _Line, pos: int, ev: Any) -> Words:
    by_id = line.now.cards.by_id
    name = Card(by_id[ev.card]) if ev.card in by_id else ev.card
    if isinstance(ev, Reserved):
        return (say("tui.since.reserved", card=name),)
    if isinstance(ev, Bought):
        if ev.free:
            return (say("tui.since.bought_free", card=name),)
        return (say("tui.since.bought", count=ev.price, card=name),)
    session, q = line.session, line.q
    if ev.auto:  # the game passed for them: they could not pay
        had = session.states[session.log[pos].index - 1].players[q].coins
        return (say("tui.since.passed_auto_you" if q == line.p else "tui.since.passed_auto",
                    count=ev.price, card=name, coins=had),)
    words: Words = (say("tui.since.passed", count=ev.price, card=name),)
    if _on_sale(line.now) == ev.card:  # "Dénes passed at 3 — it is 2 now"
        words += (say("tui.since.price_now", count=price_due(line.now)),)
    return words


def _assigned(line: _Line) -> Parts:
    assigned = [(pos, ev) for pos, ev in line.events if isinstance(ev, Assigned)]
    if not assigned:
        return [], []
    parts: list[Words] = []
    counted = sum(1 for _, ev in assigned if not _stored_move(ev))
    if counted:
        parts.append((say("tui.since.assigned", count=counted),))
    moved = _net_stored(line.events)
    if moved:
        parts.append((say("tui.since.stored", count=moved),))
    return parts, [pos for pos, _ in assigned]


def _coins(line: _Line) -> Parts:
    # only a change is news: coins that came and went again ("coins 3→3") are no line
    a, b = line.before.players[line.q].coins, line.now.players[line.q].coins
    money = [pos for pos, ev in line.events if isinstance(ev, CoinsChanged)
             and ev.reason not in OWN_LINE_COINS]
    return ([(say("tui.since.coins", before=a, now=b),)] if a != b else []), money


def _vp(line: _Line) -> Parts:
    a, b = line.before.players[line.q].vp, line.now.players[line.q].vp
    vp = [pos for pos, ev in line.events if isinstance(ev, VPChanged)]
    return ([(say("tui.since.vp", before=a, now=b),)] if a != b else []), vp


def _hints(line: _Line) -> Parts:
    if not line.hints:
        return [], []
    return [(say("tui.since.hint", count=len(line.hints)),)], list(line.hints)


def _others(line: _Line) -> Parts:
    """Everything else in the log's own words, less the name (the line begins with it)."""
    told = [(pos, ev) for pos, ev in line.events
            if type(ev) not in SHORT or (isinstance(ev, CoinsChanged)
                                         and ev.reason in OWN_LINE_COINS)]
    return [(Deed(ev),) for _, ev in told], [pos for pos, _ in told]


# A player's line, part by part in this order.
_LINE_PARTS: tuple[Callable[[_Line], Parts], ...] = (
    _placed, _purchases, _assigned, _coins, _vp, _hints, _others)


def _joined(session: Session, e: LogEntry, ev: VikingPlaced, p: int) -> bool:
    """Whether a viking was placed in a demand column where p has a viking: p's price there
    went up by one."""
    columns = session.states[e.index].columns
    if not 0 < ev.column <= len(columns):
        return False
    col = columns[ev.column - 1]
    return any(viking_owner(code) == p for code in col)


def _reserved_before(session: Session, e: LogEntry, p: int) -> bool:
    """Whether p had a card in the reservation row when another player reserved one: p's
    price there went up by one."""
    row = session.states[e.index - 1].reservation
    return any(isinstance(r.viking, int) and viking_owner(r.viking) == p for r in row)


def ran_for(session: Session, p: int) -> bool:
    """Whether the game ran a whole purchase or unloading phase since p's last decision
    without p deciding in it (p could not pay, had nothing to unload) and the summary has
    something to tell: with one human, the app stops once to say what happened before p's
    next decision."""
    if last_decision(session, p) is None:
        return False
    now = (session.state.round, session.state.phase)
    began = [(session.states[e.index].round, e.event.phase) for _, e in window(session, p)[1]
             if isinstance(e.event, PhaseStarted)
             and e.event.phase in (Phase.PURCHASE, Phase.UNLOADING)]
    return any(when != now for when in began) and bool(summary(session, p))


def happened_to(session: Session, p: int) -> bool:
    """Whether something changed p's own position since p's last decision (an attack, a Loki
    swap or a theft that touched p, a viking joining p's column, p's coins or VP): the
    "changes" hand-over shows its banner for it."""
    return any(item.to_you for item in summary(session, p))


def _on_sale(st: GameState) -> str | None:
    """The card whose purchase is being decided now (None: none)."""
    if st.phase == Phase.PURCHASE and 0 <= st.turn < len(st.spaces):
        return st.spaces[st.turn]
    if st.phase == Phase.RESERVATION and st.reservation:
        return st.reservation[0].card
    return None


def _stored_move(ev: Assigned) -> bool:
    """A stored cube moved between the storage space and the Warehouse."""
    return ev.source in STORED and ev.to in STORED


def _net_stored(events: list[tuple[int, Event]]) -> int:
    """How many cubes ended up moved between storage and the Warehouse: a cube moved there
    and back counts for nothing (one net move per good)."""
    net: dict[str, int] = {}
    for _, ev in events:
        if isinstance(ev, Assigned) and _stored_move(ev):
            step = 1 if ev.to == "warehouse" else -1
            net[ev.good] = net.get(ev.good, 0) + step
    return sum(abs(v) for v in net.values())


def since_last_turn(session: Session, p: int) -> list[Words]:
    """The summary's lines for player p (see summary), as words."""
    return [item.text for item in summary(session, p)]
