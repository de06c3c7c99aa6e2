"""The public view as JSON, read back: `Observation.from_json(view.to_json(), cards)` is the
same view (a hosted table sends it to every seat), a view that does not fit the card file is
a ViewError (never another exception), and `GameState.to_dict` holds the whole state."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from dataclasses import fields

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, legal_actions, new_game, observe
from jorvik.engine.observation import HIDDEN_FIELDS, Observation, ViewError
from jorvik.engine.state import NOT_STATE, GameState

CARDS = load_cards()


def _states(players: int, mode: str, seed: int):
    """Every state of one random game."""
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(players)], mode=mode, seed=seed, cards=CARDS)
    yield st
    while not is_over(st):
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
        yield st


def _wire(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("players,mode,seed", [(2, "karl", 1), (4, "jarl", 2), (5, "jarl", 3)])
def test_every_view_of_a_game_reads_back_as_the_same_view(players, mode, seed):
    for i, st in enumerate(_states(players, mode, seed)):
        view = observe(st, current_player(st))
        back = Observation.from_json(_wire(view.to_json()), CARDS)
        assert back == view
        assert back.state.to_dict() == view.state.to_dict()    # the stand-in deck and bag too
        public = {k: v for k, v in st.to_dict().items() if k not in HIDDEN_FIELDS}
        assert {k: v for k, v in back.state.to_dict().items() if k not in HIDDEN_FIELDS} \
            == public   # everything but what is hidden, as the real state has it
        if i % 7 == 0 and not is_over(st):
            assert legal_actions(back.state) == legal_actions(st)


def test_a_storage_move_is_remembered_in_the_view():
    """`stored_before` (a storage<->Warehouse move may not be undone at once) is public and
    changes what is legal: it is in to_dict and in the view, and read back."""
    for seed in range(40):
        for st in _states(3, "jarl", seed):
            if st.stored_before is not None and not is_over(st):
                data = st.to_dict()
                assert data["stored_before"]["player"] == st.stored_before[0]
                back = Observation.from_json(_wire(observe(st, None).to_json()), CARDS).state
                assert back.stored_before == st.stored_before
                assert legal_actions(back) == legal_actions(st)
                return
    pytest.skip("no storage move in 40 random games")


def test_to_dict_holds_every_field_of_the_state():
    renamed = {"columns": "demand_columns", "reservation": "reservation_row",
               "common": "common_goods"}
    keys = new_game(["A", "B"], mode="jarl", seed=1, cards=CARDS).to_dict()
    for f in fields(GameState):
        if f.name not in NOT_STATE:
            assert renamed.get(f.name, f.name) in keys, f"{f.name} is not in to_dict"


def test_the_view_keeps_only_counts_of_what_is_hidden():
    st = list(_states(4, "jarl", 5))[60]
    view = _wire(observe(st, 1).to_json())
    assert "seed" not in view and HIDDEN_FIELDS == ("seed", "deck", "bag")
    assert all(isinstance(n, int) for n in view["deck"].values())
    assert all(isinstance(n, int) for n in view["bag"].values())
    assert view["observer"] == 1


def _view():
    return _wire(observe(list(_states(3, "karl", 4))[40], 0).to_json())


@pytest.mark.parametrize("change", [
    lambda v: v.update(cards_hash="another"),
    lambda v: v["deck"].update(A=99),
    lambda v: v["bag"].update(amber=99),
    lambda v: v.pop("players"),
    lambda v: v.update(round="3"),
    lambda v: v.update(observer=7),
    lambda v: v["players"][0].update(coins=True),
    lambda v: v["players"][0]["card_area"].append("NO-SUCH-CARD"),
    lambda v: v.update(pending=[["no_such_decision", 0]]),
    lambda v: v.update(mode="emperor"),
    lambda v: v.update(stored_before={"player": 0}),
])
def test_a_view_that_does_not_fit_is_a_view_error(change):
    view = _view()
    change(view)
    with pytest.raises(ViewError):
        Observation.from_json(view, CARDS)


def test_no_mangled_view_raises_anything_but_a_view_error():
    base = _view()
    rng = random.Random(0)
    junk = [None, 0, -1, "x", [], {}, True, 1.5, ["amber"], {"a": 1}]
    paths = []

    def walk(node, path):
        paths.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for k, v in items:
            walk(v, (*path, k))
    walk(base, ())
    for _ in range(400):
        view = copy.deepcopy(base)
        path = rng.choice(paths[1:])
        node = view
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = rng.choice(junk)
        with contextlib.suppress(ViewError):
            Observation.from_json(view, CARDS)
    for bad in (None, [], "view", 3):
        with pytest.raises(ViewError):
            Observation.from_json(bad, CARDS)
