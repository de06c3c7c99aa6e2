"""The top line: round, season, phase, whose turn (in their colour), the start player."""

from __future__ import annotations

from typing import Callable

from rich.text import Text

from jorvik.engine import AttackChoice, GameState, Trickery, current_player
from jorvik.i18n import get_language, level_name, t

from ..text import Seats
from .lines import TextLines
from .memo import Memo, component_style


def season_of(st: GameState) -> str | None:
    """The season being played: the cards on the board, else the top of the deck."""
    by_id = st.cards.by_id
    for cid in st.spaces:
        if cid is not None:
            return by_id[cid].season
    for cid, _, _ in st.reservation:
        return by_id[cid].season
    if st.deck and by_id[st.deck[0]].season in "ABCD":
        return by_id[st.deck[0]].season
    return None


def round_seasons(st: GameState, events: list) -> list[str]:
    """The seasons of the cards revealed this round, in order (a round can begin in one
    season and end in the next); from the events since the last new round, else from the
    board. `events` are the log's entries, newest last."""
    by_id = st.cards.by_id
    seen: list[str] = []
    for entry in reversed(events):
        ev = entry.event
        if ev is None:
            continue
        if ev.get("type") == "round":
            break
        if ev.get("type") == "card_revealed":
            season = by_id[ev["card"]].season if ev.get("card") in by_id else None
            if season in ("A", "B", "C", "D") and season not in seen:
                seen.insert(0, season)
    if not seen:
        season = season_of(st)
        if season:
            seen.append(season)
    return sorted(seen)


def phase_key(st: GameState) -> str:
    if st.pending and isinstance(st.pending[-1], AttackChoice):
        return "attack"
    if st.pending and isinstance(st.pending[-1], Trickery):
        return "demand"
    return {"supply_start": "supply", "demand_end": "demand", "reservation": "purchase",
            "final": "end"}.get(st.phase, st.phase)


class StatusBar(Memo, TextLines):
    COMPONENT_CLASSES = {"status--warning"}
    warning: Callable[[], str] | None = None  # e.g. "NOT SAVED": stays until it is cleared

    def warn(self, warning: Callable[[], str] | None) -> None:
        """Show `warning()` at the start of the line until warn(None)."""
        self.warning = warning
        if getattr(self, "_shown", None) is not None:
            self.forget()
            self.show(*self._shown)

    def show(self, st: GameState, seats: Seats, thinking: bool = False,
             seasons: list[str] | None = None) -> None:
        self._shown = (st, seats, thinking, seasons)
        seasons = seasons if seasons is not None else [s for s in [season_of(st)] if s]
        sig = (st.round, st.phase, st.pending, current_player(st), thinking, st.start_player,
               tuple(seasons), get_language(), self.warning)
        if self.unchanged(sig):
            return
        line = Text()
        if self.warning is not None:
            line.append(f" {self.warning()} ",
                        style=component_style(self, "status--warning"))
            line.append(" ")
        line.append(t("tui.status.round", round=st.round), style="bold")
        if seasons:
            line.append(" · " + "/".join(t(f"tui.season_name.{s}") for s in seasons))
        line.append(" · ")
        line.append(t(f"tui.phase.{phase_key(st)}"), style="bold")
        p = current_player(st)
        if p is not None:
            line.append(" · ")
            line.append(t("tui.status.turn") + " ")
            line.append(f" {seats.names[p]} ", style=seats.badge(p))
            if seats.is_bot(p):
                line.append(" " + (t("tui.status.thinking") if thinking else
                                   t("tui.status.bot", level=level_name(seats.bots[p]))), style="italic")
        line.append(" · " + t("tui.status.mjolnir") + " ")
        line.append_text(seats.name(st.start_player))
        line.append(" · " + t(f"tui.mode.{st.mode}"), style="dim")
        self.set(line)
