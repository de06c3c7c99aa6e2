"""The engine's typed events (engine/events.py): every kind goes to JSON and back unchanged,
the JSON is the form docs/engine.md gives, bad JSON from outside is refused with one line,
and an event cannot be changed once made."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Event, Phase, apply_action, is_over, legal_actions, new_game
from jorvik.engine.events import (
    EVENT_TYPES,
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
    event_from_json,
)

# One event of every kind, with the JSON form docs/engine.md's table gives it.
EXAMPLES: list[tuple[Event, dict]] = [
    (RoundStarted(3, 1), {"type": "round", "round": 3, "start_player": 1}),
    (PhaseStarted(Phase.PURCHASE), {"type": "phase", "phase": "purchase"}),
    (CardRevealed("A01", 2), {"type": "card_revealed", "card": "A01", "space": 2}),
    (CardRevealed("PX", None), {"type": "card_revealed", "card": "PX", "space": None}),
    (CubesDrawn("B08", 5, ("wool", "jet")),
     {"type": "cubes_drawn", "card": "B08", "space": 5, "goods": ["wool", "jet"]}),
    (PictsAttack("B13", (3, 1, 0), 2, 2, (0,), (2,)),
     {"type": "attack", "card": "B13", "defence": [3, 1, 0], "gain": 2, "loss": 2,
      "winners": [0], "losers": [2]}),
    (VPChanged(2, -2, "picts"), {"type": "vp", "player": 2, "amount": -2, "reason": "picts"}),
    (CoinsChanged(0, 3, "income"),
     {"type": "coins", "player": 0, "amount": 3, "reason": "income"}),
    (VikingPlaced(0, 5, True, 2, "B02"),
     {"type": "viking_placed", "player": 0, "column": 5, "brown": True, "position": 2,
      "card": "B02"}),
    (Reserved(1, 8, "B08", False, 1),
     {"type": "reserved", "player": 1, "space": 8, "card": "B08", "brown": False, "slot": 1}),
    (StoppedPlacing(1), {"type": "stopped_placing", "player": 1}),
    (Swapped(1, (0, 0), (3, 2)), {"type": "swapped", "player": 1, "a": [0, 0], "b": [3, 2]}),
    (Declined(1, "A22"), {"type": "declined", "player": 1, "card": "A22"}),
    (Passed(1, "A01", 3, True),
     {"type": "passed", "player": 1, "card": "A01", "price": 3, "auto": True}),
    (Bought(0, "B08", 0, True, ("iron",)),
     {"type": "bought", "player": 0, "card": "B08", "price": 0, "free": True,
      "goods": ["iron"]}),
    (Discarded("B08", ("jet",), "nobody_bought"),
     {"type": "discarded", "card": "B08", "goods": ["jet"], "reason": "nobody_bought"}),
    (CardUsed(3, "D29"), {"type": "card_used", "player": 3, "card": "D29"}),
    (ToCardArea(0, ("A01", "A04")), {"type": "to_card_area", "player": 0, "cards": ["A01", "A04"]}),
    (Unloaded(0, ("leather",)), {"type": "unloaded", "player": 0, "goods": ["leather"]}),
    (Assigned(0, "iron", "warehouse", "", "storage"),
     {"type": "assigned", "player": 0, "good": "iron", "to": "warehouse", "card": "",
      "source": "storage"}),
    (Assigned(0, "iron", "craftsman", "A02"),   # a cube assigned at once: no source
     {"type": "assigned", "player": 0, "good": "iron", "to": "craftsman", "card": "A02"}),
    (CraftsmanComplete(0, "A01"), {"type": "craftsman_complete", "player": 0, "card": "A01"}),
    (Sold(2, ("amber", "wool"), 1),
     {"type": "sold", "player": 2, "goods": ["amber", "wool"], "coins": 1}),
    (Traded(2, ("amber", "iron", "iron")),
     {"type": "traded", "player": 2, "goods": ["amber", "iron", "iron"]}),
    (HarbourMarket(2, ("silk", "glass")),
     {"type": "harbour_market", "player": 2, "goods": ["silk", "glass"]}),
    (Took(2, "glass", "trading_post"),
     {"type": "took", "player": 2, "good": "glass", "via": "trading_post"}),
    (TookOff(2, "A02", "amber"), {"type": "took_off", "player": 2, "card": "A02", "good": "amber"}),
    (Stolen(0, 3, "A02", "iron"),
     {"type": "stolen", "player": 0, "victim": 3, "card": "A02", "good": "iron"}),
    (CubesLost(3, ("jet",)), {"type": "cubes_lost", "player": 3, "goods": ["jet"]}),
    (GaveUp(3, "gold", "warehouse"),
     {"type": "gave_up", "player": 3, "good": "gold", "source": "warehouse"}),
    (UnloadingDone(0), {"type": "unloading_done", "player": 0}),
    (StartPlayer(1), {"type": "start_player", "player": 1}),
    (GameOver(({"total": 30, "coins": 2}, {"total": 41, "coins": 0}), (1,)),
     {"type": "game_over", "scores": [{"total": 30, "coins": 2}, {"total": 41, "coins": 0}],
      "winners": [1]}),
]


def test_the_examples_cover_every_kind():
    assert {type(e) for e, _ in EXAMPLES} == set(EVENT_TYPES.values())
    assert {cls.type for cls in EVENT_TYPES.values()} == set(EVENT_TYPES)


@pytest.mark.parametrize("event,data", EXAMPLES, ids=[e.type for e, _ in EXAMPLES])
def test_each_kind_goes_to_json_and_back(event, data):
    assert event.to_json() == data
    assert json.loads(json.dumps(event.to_json())) == data        # plain JSON values
    back = event_from_json(json.loads(json.dumps(data)))
    assert back == event and type(back) is type(event)
    assert back.to_json() == data


def test_a_phase_is_the_enum_in_the_event_and_a_string_in_json():
    e = event_from_json({"type": "phase", "phase": "demand"})
    assert e.phase is Phase.DEMAND
    assert type(e.to_json()["phase"]) is str


def test_every_event_of_random_games_goes_to_json_and_back():
    """All four table sizes and both modes: what the engine makes reads back equal."""
    cards = load_cards()
    seen = set()
    for players, mode, seed in ((2, "karl", 1), (3, "jarl", 2), (4, "karl", 3), (5, "jarl", 4)):
        events: list[Event] = []
        st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=cards,
                      events=events)
        rng = random.Random(seed)
        while not is_over(st):
            st, ev = apply_action(st, rng.choice(legal_actions(st)))
            events.extend(ev)
        for e in events:
            assert isinstance(e, Event) and EVENT_TYPES[e.type] is type(e)
            assert event_from_json(json.loads(json.dumps(e.to_json()))) == e, e
            seen.add(e.type)
        assert events[-1].to_json() == {"type": "game_over", **st.result}
    assert len(seen) > 20


@pytest.mark.parametrize("data,says", [
    ([1, 2], "an event is a JSON object"),
    ({"player": 0}, "unknown event type None"),
    ({"type": "comet_sighted"}, "unknown event type 'comet_sighted'"),
    ({"type": 7}, "unknown event type 7"),
    ({"type": "coins", "player": 0, "amount": 1}, "missing field 'reason'"),
    ({"type": "coins", "player": 0, "amount": 1, "reason": "income", "extra": 1},
     "unexpected field(s) extra"),
    ({"type": "coins", "player": "0", "amount": 1, "reason": "income"}, "field 'player'"),
    ({"type": "coins", "player": 0, "amount": True, "reason": "income"}, "field 'amount'"),
    ({"type": "coins", "player": 0, "amount": 1.0, "reason": "income"}, "field 'amount'"),
    ({"type": "coins", "player": 0, "amount": 1, "reason": "gift"}, "field 'reason'"),
    ({"type": "passed", "player": 0, "card": "A01", "price": 2, "auto": 1}, "field 'auto'"),
    ({"type": "phase", "phase": "lunch"}, "field 'phase'"),
    ({"type": "unloaded", "player": 0, "goods": ["wool", "cheese"]}, "field 'goods'"),
    ({"type": "unloaded", "player": 0, "goods": "wool"}, "field 'goods'"),
    ({"type": "took", "player": 0, "good": "wool", "via": "theft"}, "field 'via'"),
    ({"type": "swapped", "player": 0, "a": [1], "b": [2, 0]}, "field 'a'"),
    ({"type": "assigned", "player": 0, "good": "wool", "to": "storage", "card": "",
      "source": None}, "field 'source'"),
    ({"type": "assigned", "player": 0, "good": "wool", "to": "attic", "card": ""}, "field 'to'"),
    ({"type": "card_revealed", "card": "A01"}, "missing field 'space'"),
    ({"type": "game_over", "scores": [{"total": "x"}], "winners": [0]}, "field 'scores'"),
    ({"type": "game_over", "scores": [], "winners": [None]}, "field 'winners'"),
])
def test_bad_json_is_refused_with_one_line(data, says):
    with pytest.raises(ValueError) as e:
        event_from_json(data)
    text = str(e.value)
    assert says in text and "\n" not in text and len(text) < 200


def test_a_long_bad_value_is_cut_short_in_the_message():
    for data in ({"type": "stopped_placing", "player": "x" * 10_000},
                 {"type": "stopped_placing", "player": 0, **{f"f{i}": 1 for i in range(1000)}},
                 {"type": "x" * 10_000}):
        with pytest.raises(ValueError) as e:
            event_from_json(data)
        assert len(str(e.value)) < 200


def test_deep_or_huge_values_are_refused_with_one_line():
    deep: list = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    for data in (deep, {"type": "round", "round": deep, "start_player": 0},
                 {"type": deep}, {"type": 10 ** 5000},
                 {"type": "round", "round": "\x1b[2J" * 100_000, "start_player": 0}):
        with pytest.raises(ValueError) as e:
            event_from_json(data)
        text = str(e.value)
        assert "\n" not in text and len(text) < 200


def test_an_event_cannot_be_changed():
    e = Bought(0, "B08", 2, False, ("iron",))
    with pytest.raises(AttributeError):
        e.price = 0
    with pytest.raises(AttributeError):
        e.colour = "red"
    assert e == Bought(0, "B08", 2, False, ("iron",)) and hash(e) == hash(
        Bought(0, "B08", 2, False, ("iron",)))
    assert e != Passed(0, "B08", 2, False) and e != e.to_json()
    assert repr(e) == ("Bought(player=0, card='B08', price=2, free=False, goods=('iron',))")


def test_fields_are_named_and_in_json_order():
    e = VikingPlaced(player=1, column=3, brown=False, position=2, card="A05")
    assert VikingPlaced.fields == ("player", "column", "brown", "position", "card")
    assert list(e.to_json()) == ["type", *VikingPlaced.fields]
    match e:
        case VikingPlaced(p, column):
            assert (p, column) == (1, 3)
