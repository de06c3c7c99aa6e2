"""When the keyboard changes hands at one screen: the hand-over policy every front end uses.

Jórvík hides nothing, so the banner is for attention, not secrecy (docs/handover.md). The
modes:

- "always": a banner whenever the deciding human changes;
- "changes" (the default): a banner only when the deciding human changes **and** something
  happened to the next player since their last turn (since.happened_to) or a phase begins;
  otherwise the turn strip in the player's colour and the summary in the side area;
- "never": no banner, no strip.

Whatever the mode but "never", the banner also comes after a resumed game and after an undo
that hands the keyboard to another player; and with one human at the screen, once when the
game ran whole phases for them (since.ran_for).

`HandOver` keeps who decided last at this screen and says, after each change, whether the
screen hands over (`Handing`: to whom, with or without the banner, and the summary). The
game screen of `jorvik play` and the join view of a hosted table both ask it; which seats
are "the humans at this screen" is theirs to say (every human seat at one keyboard; the
code's own seats at a join view)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .since import Item
    from .table import Table

MODES = ("always", "changes", "never")
DEFAULT = "changes"


def banner_due(mode: str, phase_began: bool, happened: bool) -> bool:
    """Whether a change of the deciding human shows the banner (see the module's rule)."""
    if mode == "always":
        return True
    if mode == "changes":
        return phase_began or happened
    return False


@dataclass(frozen=True)
class Handing:
    """The keyboard goes to `player`: the turn strip and the summary (`items`; None: make it
    now), and the banner when `banner`."""
    player: int
    banner: bool
    items: list[Item] | None = None


@dataclass
class HandOver:
    """The hand-over state of one screen (see the module)."""
    mode: str = DEFAULT
    last_human: int | None = None                  # the human who decided last here
    phase: tuple[int, str] | None = field(default=None)  # (round, phase) of that decision
    ran_shown: int = -1     # moves when the "the game ran phases for you" banner came
    ran_banner: bool = True  # that banner at all (a join view's other seats play on: no)

    def _on(self, humans: int) -> bool:
        return self.mode != "never" and humans > 1

    @staticmethod
    def _phase_of(table: Table) -> tuple[int, str]:
        st = table.public.state
        return (st.round, str(st.phase))

    def start(self, table: Table, p: int | None, humans: int, resumed: bool) -> Handing | None:
        """Play begins at this screen with human `p` deciding (None: not a human of this
        screen): a resumed game with more than one human begins with the banner."""
        if p is None:
            return None
        self.last_human = p
        self.phase = self._phase_of(table)
        return Handing(p, True) if resumed and self._on(humans) else None

    def turn(self, table: Table, p: int, humans: int) -> Handing | None:
        """After a change, human `p` of this screen decides (`humans`: how many humans share
        it): a hand-over, or None (the same player goes on, or nothing to show)."""
        from .since import ran_for, summary
        phase = self._phase_of(table)
        if self._on(humans) and self.last_human is not None and p != self.last_human:
            began = self.phase is not None and phase != self.phase
            items = summary(table, p)  # type: ignore[arg-type]  # (since reads the states)
            self.last_human, self.phase = p, phase
            return Handing(p, banner_due(self.mode, began, any(i.to_you for i in items)), items)
        if (self.ran_banner and self.mode != "never" and humans == 1 and p == self.last_human
                and self.ran_shown != table.moves
                and ran_for(table, p)):  # type: ignore[arg-type]
            # one human, and the game ran whole phases for them (no coins, nothing to
            # unload): stop once with what happened before their next decision
            self.ran_shown = table.moves
            self.phase = phase
            return Handing(p, True)
        self.last_human, self.phase = p, phase
        return None

    def undone(self, table: Table, was: int | None, p: int | None, human: bool,
               humans: int) -> Handing | None:
        """After an undo that gave the decision to `p` (`human`: one of this screen's) from
        `was`: the banner says whose turn it is when the keyboard goes back to another."""
        self.last_human = p
        if p is not None and p != was and human and self._on(humans):
            self.phase = self._phase_of(table)
            return Handing(p, True)
        return None


def resolve(value: Any, remembered: str = DEFAULT) -> str:
    """A front end's hand-over setting: a mode as it is; False: "never" (the lessons,
    --no-handover); anything else (True, None): `remembered`."""
    if isinstance(value, str) and value in MODES:
        return value
    if value is False:
        return "never"
    return remembered
