"""The tutorial's lessons: stacked decks and bags that make the rulebook's examples happen.

A lesson is a real game (`new_game(deck=…, bag=…)`) with a fixed list of what the learner
(one seat) should do, each move with the catalogue key of its explanation, and what the
computer seats do. `script(lesson)` plays it through the engine once and gives every action in
order, so the app can check the learner's move against it and let the computer seats follow
it. Step texts live in the `learn` catalogues (src/jorvik/i18n/learn.*.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jorvik.carddata import load_cards
from jorvik.engine import (
    Action,
    Assign,
    Buy,
    Decline,
    Discard,
    Done,
    GameState,
    Pass,
    Place,
    Reserve,
    Sell,
    Take,
    Trade,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
)

AMBER, IRON, LEATHER, WOOL, JET = range(5)


@dataclass(frozen=True)
class Step:
    """One move of the learner: the action the lesson expects and the key of the text that
    says what happens and why (`why`: what to say when another legal move is chosen: why the
    lesson's move is better, by the rules)."""
    action: Action
    text: str
    why: str


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str                    # catalogue key
    summary: str                  # catalogue key: shown when the lesson is done
    mode: str
    names: tuple[str, ...]
    colours: tuple[str, ...]
    learner: int                  # the seat the player plays
    start: int                    # the start player of round 1
    deck: tuple[str, ...]         # top first (the final Picts card is added at the bottom)
    bag: tuple[int, ...]          # cubes in draw order
    steps: tuple[Step, ...]
    others: dict[int, tuple[Action, ...]] = field(default_factory=dict)  # seat -> its moves

    def new_game(self) -> GameState:
        return new_game(list(self.names), mode=self.mode, seed=0, start_player=self.start,
                        deck=list(self.deck), bag=list(self.bag), cards=load_cards())


def _computer_default(st: GameState) -> Action:
    """What a computer seat does when the lesson has nothing planned for it: nothing that
    changes the lesson (end the unloading turn, pass, decline)."""
    legal = legal_actions(st)
    for kind in (Done, Pass, Decline, Discard):
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0]


class LessonError(Exception):
    """A lesson whose moves the engine does not accept (a bug in the lesson data)."""


_SCRIPTS: dict[str, tuple[Action, ...]] = {}


def script(lesson: Lesson) -> tuple[Action, ...]:
    """Every action of the lesson in order, learner's and computers' alike. It ends at the
    game's end or when the learner must decide and has no step left."""
    if lesson.id not in _SCRIPTS:
        _SCRIPTS[lesson.id] = _play_through(lesson)
    return _SCRIPTS[lesson.id]


def _play_through(lesson: Lesson) -> tuple[Action, ...]:
    st = lesson.new_game()
    steps = list(lesson.steps)
    queues = {p: list(moves) for p, moves in lesson.others.items()}
    out: list[Action] = []
    while not is_over(st):
        p = current_player(st)
        assert p is not None   # (the game is not over)
        if p == lesson.learner:
            if not steps:
                break
            a = steps.pop(0).action
        elif queues.get(p):
            a = queues[p].pop(0)
        else:
            a = _computer_default(st)
        if a not in legal_actions(st):
            raise LessonError(f"{lesson.id}: move {len(out) + 1} ({a}) is not legal for "
                              f"player {p} in round {st.round}, phase {st.phase}")
        st, _ = apply_action(st, a)
        out.append(a)
    if steps:
        raise LessonError(f"{lesson.id}: {len(steps)} step(s) never reached")
    left = {p: q for p, q in queues.items() if q}
    if left:
        raise LessonError(f"{lesson.id}: computer moves never played: {left}")
    return tuple(out)


def learner_steps(lesson: Lesson) -> list[tuple[int, Step]]:
    """(index in the script, step) for each of the learner's moves."""
    out = []
    steps = iter(lesson.steps)
    st = lesson.new_game()
    for i, a in enumerate(script(lesson)):
        if current_player(st) == lesson.learner:
            out.append((i, next(steps)))
        st, _ = apply_action(st, a)
    return out


# --------------------------------------------------------------------------- the lessons
# Seats follow the rulebook's examples: Peti blue, Benedek yellow, Eszti green, Móni white.
# The learner is Benedek. Only cards whose values every card file agrees on are used.

ROUND = Lesson(
    id="round", title="learn.l1.title", summary="learn.l1.summary",
    mode="karl", names=("Peti", "Benedek", "Eszti", "Móni"),
    colours=("blue", "yellow", "green", "white"), learner=1, start=0,
    # Round 1: spaces 1-5; round 2: 1-5; round 3: two cards; then the final card.
    deck=("A12", "A10", "A05", "A06", "B08",          # round 1: column 5 is the ship
          "A01", "A04", "B09", "A07", "A08",          # round 2: Benedek's example
          "C07", "B04", "A02"),                        # round 3: trade 3 for 1
    bag=(WOOL, JET, JET,            # round 1's ship (space 5)
         LEATHER, AMBER, IRON,      # round 2's ship (space 3): Benedek's example
         JET, JET, AMBER),          # round 3's ship
    steps=(
        # round 1, demand phase (Peti starts): Benedek tops column 5, then takes its 3rd place
        Step(Place(5), "learn.l1.place_top", "learn.l1.place_top_why"),
        Step(Place(5), "learn.l1.place_again", "learn.l1.place_again_why"),
        Step(Place(1), "learn.l1.place_third", "learn.l1.place_third_why"),
        # purchase: column 1 is example (a) (Peti passes at 3, Móni buys at 2);
        # column 5 is example (b)
        Step(Pass(), "learn.l1.pass_at_4", "learn.l1.pass_at_4_why"),
        Step(Buy(), "learn.l1.buy_at_2", "learn.l1.buy_at_2_why"),
        # unloading: the ship's wool, jet, jet
        Step(Sell((JET, JET)), "learn.l1.sell", "learn.l1.sell_why"),
        Step(Done(), "learn.l1.leftover", "learn.l1.leftover_why"),
        # round 2 (Benedek starts): the craftsman, the merchant, the ship
        Step(Place(1), "learn.l1.r2_craftsman", "learn.l1.r2_craftsman_why"),
        Step(Place(2), "learn.l1.r2_merchant", "learn.l1.r2_merchant_why"),
        Step(Place(3), "learn.l1.r2_ship", "learn.l1.r2_ship_why"),
        Step(Buy(), "learn.l1.r2_buy_craftsman", "learn.l1.r2_buy_craftsman_why"),
        Step(Buy(), "learn.l1.r2_buy_merchant", "learn.l1.r2_buy_merchant_why"),
        Step(Buy(), "learn.l1.r2_buy_ship", "learn.l1.r2_buy_ship_why"),
        Step(Assign(LEATHER, "craftsman", "A01"), "learn.l1.c1_leather",
             "learn.l1.c1_leather_why"),
        Step(Assign(AMBER, "merchant", "A04"), "learn.l1.c2_amber", "learn.l1.c2_amber_why"),
        Step(Assign(IRON, "storage"), "learn.l1.c3_iron", "learn.l1.c3_iron_why"),
        # round 3 (Eszti starts): two cards
        Step(Place(1), "learn.l1.r3_ship", "learn.l1.r3_ship_why"),
        Step(Place(1), "learn.l1.r3_own", "learn.l1.r3_own_why"),
        Step(Place(1), "learn.l1.r3_own", "learn.l1.r3_own_why"),
        Step(Buy(), "learn.l1.r3_buy", "learn.l1.r3_buy_why"),
        Step(Trade((JET, JET, IRON)), "learn.l1.trade", "learn.l1.trade_why"),
        Step(Take(WOOL), "learn.l1.take_wool", "learn.l1.take_wool_why"),
        Step(Assign(WOOL, "craftsman", "A01"), "learn.l1.complete", "learn.l1.complete_why"),
        Step(Assign(AMBER, "merchant", "A04"), "learn.l1.last_amber",
             "learn.l1.last_amber_why"),
    ),
    others={
        # Peti (blue): column 1 top, column 2, column 5 last; passes at 3 in column 1.
        0: (Place(1), Place(2), Place(5), Pass(), Buy(),
            Place(4), Place(4), Place(4), Buy(),
            Place(2), Place(3), Place(2)),
        # Eszti (green): column 5 second, column 3 twice; passes at 3 in column 5.
        2: (Place(5), Place(3), Place(3), Buy(), Pass(),
            Place(5), Place(5), Place(5), Buy(),
            Place(2), Place(2), Place(2)),
        # Móni (white): column 1 second, column 4 twice; buys column 1 at 2.
        3: (Place(1), Place(4), Place(4), Buy(), Buy(),
            Place(4), Place(5), Place(5),
            Place(3), Place(3), Place(3)),
    },
)

PICTS = Lesson(
    id="picts", title="learn.l2.title", summary="learn.l2.summary",
    mode="karl", names=("Peti", "Benedek", "Eszti", "Móni"),
    colours=("blue", "yellow", "green", "white"), learner=1, start=0,
    # Round 1: Peti's 1-defence warrior, Benedek's 3-defence warrior; round 2 starts with the
    # spring attack (+2 / -2).
    deck=("A11", "B07", "A04", "A05", "A06",
          "B13", "B01", "B02", "B03", "B05", "B06"),
    bag=(),
    steps=(
        Step(Place(2), "learn.l2.place", "learn.l2.place_why"),
        Step(Place(2), "learn.l2.place_more", "learn.l2.place_more_why"),
        Step(Place(2), "learn.l2.place_more", "learn.l2.place_more_why"),
        Step(Buy(), "learn.l2.buy", "learn.l2.buy_why"),
    ),
    others={0: (Place(1), Place(1), Place(1), Buy()),
            2: (Place(3), Place(3), Place(3), Buy()),
            3: (Place(4), Place(4), Place(4), Buy())},
)

END = Lesson(
    id="end", title="learn.l3.title", summary="learn.l3.summary",
    mode="karl", names=("Peti", "Benedek", "Eszti"),
    colours=("blue", "yellow", "green"), learner=1, start=1,
    # One round on spaces 1-4, then only the final card is left.
    deck=("A12", "A11", "D12", "B04"),
    bag=(),
    steps=(
        Step(Place(1), "learn.l3.place_warrior", "learn.l3.place_warrior_why"),
        Step(Place(4), "learn.l3.place_behind", "learn.l3.place_behind_why"),
        Step(Place(4), "learn.l3.place_behind", "learn.l3.place_behind_why"),
        Step(Buy(), "learn.l3.buy", "learn.l3.buy_why"),
    ),
    others={2: (Place(4), Place(4), Place(4), Buy()),
            0: (Place(2), Place(3), Place(3), Buy(), Buy())},
)

JARL = Lesson(
    id="jarl", title="learn.l4.title", summary="learn.l4.summary",
    mode="jarl", names=("Peti", "Benedek", "Eszti", "Móni"),
    colours=("blue", "yellow", "green", "white"), learner=1, start=0,
    # Round 1: spaces 1-5 and 7-11; round 2 a few cards for the brown vikings.
    deck=("A21", "A17", "B08", "A05", "D28",          # spaces 1-5
          "C07", "A06", "D20", "A07", "A08",          # spaces 7-11
          "A14", "A15", "A16"),                       # round 2
    bag=(AMBER, AMBER,                                # the ship on space 3
         IRON, WOOL),                                 # the ship on space 7 (Peti reserves it)
    steps=(
        Step(Place(1), "learn.l4.place_hired", "learn.l4.place_hired_why"),
        Step(Place(2), "learn.l4.place_prophecy", "learn.l4.place_prophecy_why"),
        Step(Place(3), "learn.l4.place_ship", "learn.l4.place_ship_why"),
        Step(Place(5), "learn.l4.place_last", "learn.l4.place_last_why"),
        Step(Buy(), "learn.l4.buy_hired", "learn.l4.buy_hired_why"),
        Step(Buy(), "learn.l4.buy_prophecy", "learn.l4.buy_prophecy_why"),
        Step(Buy(), "learn.l4.buy_ship", "learn.l4.buy_ship_why"),
        Step(Buy(), "learn.l4.buy_loki", "learn.l4.buy_loki_why"),
        Step(Assign(AMBER, "prophecy", "A17"), "learn.l4.sacrifice", "learn.l4.sacrifice_why"),
        Step(Assign(AMBER, "prophecy", "A17"), "learn.l4.sacrifice_again",
             "learn.l4.sacrifice_again_why"),
        Step(Place(1, brown=True), "learn.l4.brown", "learn.l4.brown_why"),
    ),
    others={
        # Round 1 order: Peti, Benedek, Eszti, Móni. Peti reserves space 7 first, Móni
        # space 8, Eszti space 9 (the rulebook's example c); the rest wait in columns 4-5.
        0: (Reserve(7), Place(5), Place(5), Place(4), Pass(), Pass(), Buy()),
        2: (Place(5), Reserve(9), Place(5), Place(4), Pass(), Pass(), Buy()),
        3: (Reserve(8), Place(4), Place(4), Place(4), Buy()),
    },
)

LESSONS: tuple[Lesson, ...] = (ROUND, PICTS, END, JARL)
