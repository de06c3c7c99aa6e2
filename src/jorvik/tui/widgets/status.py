"""The top line: round, season, phase, whose turn (in their colour), the start player."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from jorvik.engine import GameState, Phase, current_player
from jorvik.engine.events import CardRevealed, RoundStarted
from jorvik.i18n import get_language, level_name, t

from ..fit import Part, fit_line
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
        if isinstance(ev, RoundStarted):
            break
        if isinstance(ev, CardRevealed):
            season = by_id[ev.card].season if ev.card in by_id else None
            if season in ("A", "B", "C", "D") and season not in seen:
                seen.insert(0, season)
    if not seen:
        season = season_of(st)
        if season:
            seen.append(season)
    return sorted(seen)


def phase_key(st: GameState) -> str:
    """The phase the status line names (tui.phase.<key>): an attack while a decision of an
    Attack of the Picts is pending, else the rulebook's phase (Loki: Trickery at the end of
    the demand phase is part of it)."""
    if st.pending and st.pending[-1].at_attack:
        return "attack"
    return _SHOWN_AS.get(st.phase, st.phase)


# The engine's steps between the rulebook's phases, shown as the phase they belong to.
_SHOWN_AS: dict[str, str] = {Phase.SUPPLY_START: Phase.SUPPLY, Phase.DEMAND_END: Phase.DEMAND,
                             Phase.RESERVATION: Phase.PURCHASE, Phase.FINAL: Phase.END}


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
        lead = Text()
        if self.warning is not None:
            lead.append(f" {self.warning()} ",
                        style=component_style(self, "status--warning"))
            lead.append(" ")
        parts = [Part(Text(t("tui.status.round", round=st.round), style="bold"), keep=9)]
        if seasons:
            parts.append(Part(Text("/".join(t(f"tui.season_name.{s}") for s in seasons)),
                              Text("/".join(t(f"tui.season.{s}") for s in seasons)), keep=3))
        parts.append(Part(Text(t(f"tui.phase.{phase_key(st)}"), style="bold"), keep=8))
        p = current_player(st)
        if p is not None:
            name = seats.names[p]
            badge = Text(f" {name} ", style=seats.badge(p))
            short = Text(f" {name if len(name) <= 14 else name[:13] + '…'} ",
                         style=seats.badge(p))
            full = Text(t("tui.status.turn") + " ").append_text(badge)
            if seats.is_bot(p):
                words = (t("tui.status.thinking") if thinking else
                         t("tui.status.bot", level=level_name(seats.bots[p])))
                full.append(" " + words, style="italic")
                short.append(" " + words, style="italic")
            parts.append(Part(full, short, keep=10))
        mjolnir = seats.names[st.start_player]
        parts.append(Part(Text(t("tui.status.mjolnir") + " ").append_text(
            seats.name(st.start_player)), Text("⚒ ").append_text(Text(
                mjolnir if len(mjolnir) <= 10 else mjolnir[:9] + "…",
                style=seats.style(st.start_player))), keep=4))
        parts.append(Part(Text(t(f"tui.mode.{st.mode}"), style="dim"), keep=2))
        self._parts, self._lead = parts, lead
        self.set(_join_all(parts, lead))

    def build(self, width: int, height: int) -> list[Text]:
        """The line for the width: shorter forms, then the least needed parts give way."""
        parts = getattr(self, "_parts", None)
        if parts is None:
            return super().build(width, height)
        return [fit_line(parts, width, lead=self._lead)]


def _join_all(parts: list[Part], lead: Text) -> Text:
    return fit_line(parts, 10_000, lead=lead)
