"""Watching a game again, move by move: its states, each move's log lines, the rounds it is
cut into and where a move sits on the VP race; read only (nothing is written, no lock taken).

A game is its seed, its setup and its actions: `load` reads a save (a game id of
`jorvik games`, or a file) and replays it through the engine. Step k shows the game after
its first k actions (step 0: as it began); its log lines are those the k-th action made."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jorvik.engine import Action, CardSet, GameState, current_player
from jorvik.engine.names import shown

from . import saves as saving
from .errors import SaveError
from .scores import projected_vp
from .seats import Seats
from .session import LogEntry, Session
from .words import Say, say_text

SHOWN_JUMPS = 5  # the review's costliest decisions offered as jump points


class ReplayError(Exception):
    """A game that cannot be watched: `words` say why (one line, in the language now)."""

    def __init__(self, words: Any) -> None:
        super().__init__(words if isinstance(words, str) else "replay")
        self.words = words

    def __str__(self) -> str:
        return self.words if isinstance(self.words, str) else say_text(self.words)


@dataclass(frozen=True)
class Jump:
    """A costly decision of the review as a place to jump to: `step` shows its move."""
    step: int
    decision: Any  # jorvik.review.Decision


@dataclass
class Replay:
    """A whole game, or as far as it was played, to step through; never changed by it."""
    states: list[GameState]          # states[k]: after the first k actions
    actions: list[Action]
    log: list[LogEntry]              # every log entry, each with the move that made it
    seats: Seats
    cards: CardSet
    record: dict[str, Any]           # the engine record (what a review judges)
    notes: list[dict[str, Any]] = field(default_factory=list)
    source: str = ""                 # the id or file it was read from ("" from a live game)
    _starts: list[int] | None = None
    _race: list[int] | None = None

    @classmethod
    def of_session(cls, session: Session) -> Replay:
        """A game being played (or just over) in this window, as it is now: copies of its
        lists, so that the replay never changes the game and the game never changes it."""
        return cls(list(session.states), list(session.actions), list(session.log),
                   session.seats, session.cards, session.record(), session.notes(),
                   source=session.game_id)

    @classmethod
    def of_save(cls, data: saving.SaveData, cards: CardSet, source: str = "") -> Replay:
        """A checked save (saves.open_save) replayed through the engine, without a file."""
        session = Session.from_save(data, cards, autosave=False)
        return cls(session.states, session.actions, session.log, session.seats, cards,
                   session.record(), session.notes(), source=source)

    # ---------------------------------------------------------------- steps
    @property
    def last(self) -> int:
        """The last step: every action taken."""
        return len(self.actions)

    @property
    def first(self) -> GameState:
        return self.states[0]

    def clamp(self, step: int) -> int:
        return max(0, min(self.last, step))

    def state(self, step: int) -> GameState:
        return self.states[self.clamp(step)]

    def mover(self, step: int) -> int | None:
        """Who made the move of `step` (None at step 0)."""
        step = self.clamp(step)
        return current_player(self.states[step - 1]) if step > 0 else None

    def lines(self, step: int) -> list[LogEntry]:
        """The log lines of the move of `step` (at step 0: how the game began)."""
        step = self.clamp(step)
        return [e for e in self.log if e.index == step]

    def log_until(self, step: int) -> list[LogEntry]:
        """The game log as it was after `step`."""
        step = self.clamp(step)
        return [e for e in self.log if e.index <= step]

    # ---------------------------------------------------------------- rounds
    def round_starts(self) -> list[int]:
        """The first step of every round (step 0 first)."""
        if self._starts is None:
            st = self.states
            self._starts = [0] + [k for k in range(1, len(st)) if st[k].round != st[k - 1].round]
        return self._starts

    def next_round(self, step: int) -> int:
        """The first step of the next round (the last step in the last round)."""
        return next((s for s in self.round_starts() if s > step), self.last)

    def prev_round(self, step: int) -> int:
        """The first step of this round, or of the one before when already there."""
        return max((s for s in self.round_starts() if s < step), default=0)

    # ---------------------------------------------------------------- the VP race
    def race_steps(self) -> list[int]:
        """The steps of the VP race's points (jorvik.review.vp_race): the start, the last
        step of every round, the last step."""
        if self._race is None:
            st = self.states
            self._race = [0] + [k for k in range(len(st) - 1)
                                if st[k + 1].round != st[k].round and st[k].round > 0]
            self._race.append(len(st) - 1)
        return self._race

    def race_position(self, step: int) -> float:
        """Where `step` is on the VP race, counted in its points (2.5: halfway from the end
        of round 2 to the end of round 3, on a race whose point 0 is the start)."""
        step = self.clamp(step)
        points = self.race_steps()
        for j in range(len(points) - 1):
            a, b = points[j], points[j + 1]
            if a <= step <= b and b > a:
                return j + (step - a) / (b - a)
        return float(len(points) - 1) if step > 0 else 0.0

    def projected(self, step: int) -> list[int]:
        """Each player's VP if the game had ended at `step`."""
        return projected_vp(self.state(step))

    # ---------------------------------------------------------------- the review
    def jumps(self, review: Any, count: int = SHOWN_JUMPS) -> list[Jump]:
        """The review's costliest decisions (jorvik.review.Review), costliest first, each at
        the step that shows the move chosen (one step back shows the board it was chosen on)."""
        return [Jump(self.clamp(d.index + 1), d) for d in review.costliest(count)]


# -------------------------------------------------------------------- reading a game

def race_states(table: Any) -> list[GameState]:
    """The states a table's VP race is drawn from, one per move, as a copy: a local Session's
    whole game, or what a join client saw (its gaps repeat the last state seen). Both keep
    `states`; a join client keeps no actions, so it is not a Replay."""
    return list(table.states)


def names_a_file(spec: str) -> bool:
    """Whether SPEC (of `jorvik replay SPEC`) means a file rather than a game id: a path,
    a name ending in .json, or anything that exists."""
    if "/" in spec or "\\" in spec or spec.startswith((".", "~")) or spec.endswith(".json"):
        return True
    try:
        return os.path.lexists(Path(spec))
    except (OSError, ValueError):
        return False


def find(spec: str) -> Path:
    """The save SPEC names: a file, or the game of that id in the games folder."""
    if not spec or not spec.isprintable():
        raise ReplayError(Say("replay.errors.no_game", (("game", shown(spec, 60)),
                                                        ("folder", str(saving.games_dir())))))
    if names_a_file(spec):
        return Path(spec).expanduser()
    found = saving.find_game(spec)
    if found is None:
        raise ReplayError(Say("replay.errors.no_game", (("game", spec),
                                                        ("folder", str(saving.games_dir())))))
    return found


def load(spec: str, cards: CardSet | None = None) -> Replay:
    """The game SPEC names (an id or a file), read and replayed; the file is only read.
    ReplayError (one line) for a missing, damaged or foreign file, or an unknown id."""
    from jorvik.carddata import load_cards
    path = find(spec)
    try:
        data, cards = saving.open_save(path, cards or load_cards(), stacked_ok=True)
    except SaveError as e:
        raise ReplayError(str(e)) from None
    if data.game_id and not names_a_file(spec):
        spec = data.game_id
    return Replay.of_save(data, cards, source=spec)
