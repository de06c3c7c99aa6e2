"""Actions built in Python with fields of the wrong type or out of range are refused with
IllegalAction and a reason, never a TypeError or IndexError, and change nothing."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from jorvik.engine import (
    ACTION_TYPES,
    Assign,
    Buy,
    IllegalAction,
    Place,
    Reserve,
    Sell,
    Steal,
    Swap,
    Take,
    TakeOff,
    Trade,
    UseCard,
    apply_action,
    legal_actions,
)

from .helpers import (
    AMBER,
    IRON,
    JET,
    WOOL,
    filler,
    game,
    give,
    load,
    place,
    to_unloading,
    with_common,
)


def positions():
    """A decision of every kind: placing, buying, unloading with stored cubes, a cube to
    assign at once, Loki: Trickery."""
    demand = game(2, "karl", deck=filler(3))
    purchase = place(game(2, "karl", deck=filler(3)), 1, 1, 2, 2, 3, 3)
    unloading = to_unloading(load(give(game(2, "karl", deck=filler(6)), 0, "A09", "A07",
                                       storage=(WOOL,), warehouse=(WOOL, IRON)),
                                  0, "B08", goods=[WOOL, IRON, JET]))
    take = apply_action(with_common(unloading, amber=1), Trade((WOOL, IRON, JET)))[0]
    place_cube = apply_action(take, Take(AMBER))[0]
    trickery = place(give(game(2, "jarl", deck=filler(12)), 0, "A22"),
                     "R7", "R8", 1, 1, 2, 2, 3, 3)
    return [demand, purchase, unloading, take, place_cube, trickery]


POSITIONS = positions()


def refused(action):
    """The reason every position gives for refusing `action` (the same everywhere: the
    fields are checked before the rules)."""
    reasons = set()
    for st in POSITIONS:
        before = json.dumps(st.to_dict(), sort_keys=True)
        with pytest.raises(IllegalAction) as info:
            apply_action(st, action)
        assert str(info.value).strip()
        assert json.dumps(st.to_dict(), sort_keys=True) == before
        reasons.add(info.value.reason)
    assert len(reasons) == 1
    return reasons.pop()


@pytest.mark.parametrize("make, field", [
    (lambda: Place(column="x"), "column"),
    (lambda: Place(column=1.0), "column"),
    (lambda: Place(1, brown="yes"), "brown"),
    (lambda: Reserve(space=None), "space"),
    (lambda: Assign(good=99, to="storage"), "good"),
    (lambda: Assign(good="wool", to="storage"), "good"),
    (lambda: Assign(WOOL, to=None), "to"),
    (lambda: Assign(WOOL, "storage", source="attic"), "source"),
    (lambda: Take(good=-1), "good"),
    (lambda: Swap(None, 0, 1, 0), "column_a"),
    (lambda: Steal("1", "A01", AMBER), "player"),
    (lambda: TakeOff("A01", good=[1]), "good"),
    (lambda: UseCard(card=5), "card"),
    (lambda: Buy(hall=1), "hall"),
    (lambda: Sell((WOOL, 42)), "give"),
    (lambda: Trade((WOOL, IRON, JET), ("ship", "ship", "roof")), "source"),
])
def test_a_field_of_the_wrong_type_is_refused_with_a_reason(make, field):
    action = make()
    reason = refused(action)
    assert reason.kind == "malformed"
    assert dict(reason.fields) == {"action": action.type, "field": field}


@pytest.mark.parametrize("make", [
    lambda: Trade(give=None),
    lambda: Trade(give=5),
    lambda: Sell((WOOL, "iron")),
    lambda: Trade((WOOL, IRON, JET), ("ship",)),
])
def test_cubes_that_cannot_be_read_are_refused_when_the_action_is_built(make):
    with pytest.raises(IllegalAction) as info:
        make()
    assert info.value.reason.kind == "malformed"
    assert info.value.reason.fields["field"] == "give"


def test_a_look_alike_of_a_legal_action_is_refused_by_its_types():
    st = POSITIONS[0]
    assert Place(1) in legal_actions(st) and Place(1.0) == Place(1) == Place(True)
    for look_alike in (Place(1.0), Place(True)):
        with pytest.raises(IllegalAction) as info:
            apply_action(st, look_alike)
        assert info.value.reason.fields["field"] == "column"
    new, _ = apply_action(st, Place(1))
    assert new.columns[0] == (0,)


def test_something_that_is_not_an_action_is_refused():
    with pytest.raises(IllegalAction) as info:
        apply_action(POSITIONS[0], {"type": "place", "column": 1})
    assert info.value.reason.kind == "not_an_action"


# ---- anything at all, built in Python

_VALUES = hs.one_of(
    hs.integers(-3, 12), hs.integers(-2**70, 2**70), hs.none(), hs.booleans(),
    hs.floats(allow_nan=True), hs.text(max_size=4),
    hs.sampled_from(["ship", "storage", "warehouse", "craftsman", "merchant", "A07", "A09"]),
    hs.lists(hs.integers(-2, 9), max_size=4), hs.tuples(hs.integers(-2, 9), hs.integers(-2, 9)),
    hs.tuples(hs.integers(0, 4), hs.integers(0, 4), hs.integers(0, 4)),
    hs.lists(hs.sampled_from(["ship", "storage", "warehouse", "x"]), max_size=3).map(tuple),
)


@hs.composite
def any_action(draw):
    cls = draw(hs.sampled_from(sorted(ACTION_TYPES.values(), key=lambda c: c.type)))
    kwargs = {f.name: draw(_VALUES) for f in dataclasses.fields(cls)}
    return cls, kwargs


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_action())
def test_any_action_is_played_or_refused_with_illegal_action(made):
    cls, kwargs = made
    try:
        action = cls(**kwargs)
    except IllegalAction:
        return
    for st in POSITIONS:
        try:
            apply_action(st, action)
        except IllegalAction as e:
            assert str(e).strip()
