"""Game records: a game always has a seed, its record keeps the deck and bag it was dealt,
and a tampered or malformed record is refused with one clear line per problem."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import apply_action, legal_actions, make_record, new_game
from jorvik.engine.events import CardRevealed
from jorvik.engine.record import RecordError, RecordWithoutDeck, setup_orders
from jorvik.recordschema import replay_record


def _played(players, mode, seed=None, moves=60):
    events: list = []
    st0 = new_game(players, mode=mode, seed=seed, events=events, cards=load_cards())
    st, actions, rng = st0, [], random.Random(7)
    for _ in range(moves):
        a = rng.choice(legal_actions(st))
        st, _ = apply_action(st, a)
        actions.append(a)
    return st0, events, st, actions


def _record(players=("Anna", "Bela"), mode="karl", seed=5, moves=20):
    st0, _, st, actions = _played(list(players), mode, seed, moves)
    return json.loads(json.dumps(make_record(st0, actions))), st


def test_a_game_started_without_a_seed_draws_one_and_keeps_it_in_state_and_record():
    st0, _, st, actions = _played(["Anna", "Bela"], "karl")
    assert isinstance(st0.seed, int)
    record = make_record(st0, actions)
    assert record["seed"] == st0.seed
    again, _ = replay_record(json.loads(json.dumps(record)), load_cards())
    assert again.to_dict() == st.to_dict()


def test_two_seedless_games_are_dealt_differently():
    assert new_game(["A", "B"], cards=load_cards()).seed != new_game(["A", "B"], cards=load_cards()).seed


@pytest.mark.parametrize("players,mode,cubes", [(["A", "B"], "karl", 45),
                                                (["A", "B", "C", "D"], "jarl", 54)])
def test_the_record_keeps_the_deck_and_bag_the_game_was_dealt(players, mode, cubes):
    st0, events, _, actions = _played(players, mode, seed=11, moves=5)
    record = make_record(st0, actions)
    revealed = [e.card for e in events if isinstance(e, CardRevealed)]
    assert record["deck"][:len(revealed)] == revealed  # the round-1 cards came off its top
    assert record["deck"][len(revealed):] == list(st0.deck)
    assert len(record["bag"]) == cubes
    assert (record["deck"], record["bag"]) == setup_orders(st0)


def test_the_game_is_dealt_from_the_records_deck_not_a_new_shuffle():
    record, st = _record()
    dealt = new_game(record["players"], mode="karl", seed=record["seed"],
                     start_player=record["start_player"], deck=record["deck"],
                     bag=record["bag"], cards=load_cards())
    assert dealt.to_dict() == new_game(record["players"], mode="karl",
                                       seed=record["seed"], cards=load_cards()).to_dict()
    assert replay_record(record, load_cards())[0].to_dict() == st.to_dict()


def _refused(record) -> list[str]:
    with pytest.raises(RecordError) as e:
        replay_record(record, load_cards())
    assert all("\n" not in p and p for p in e.value.problems)
    return e.value.problems


def test_a_record_with_an_empty_bag_is_refused():
    record, _ = _record()
    record["bag"] = []
    problems = _refused(record)
    assert any("bag: 0 items" in p and "45" in p for p in problems)


def test_a_record_with_a_card_twice_in_the_deck_is_refused():
    record, _ = _record()
    record["deck"][5] = record["deck"][0]
    assert any(p.startswith("deck: too many of") and record["deck"][0] in p
               for p in _refused(record))


def test_gold_in_a_karl_bag_is_refused():
    record, _ = _record()
    record["bag"][record["bag"].index("amber")] = "gold"
    assert any("'gold' does not belong" in p for p in _refused(record))


@pytest.mark.parametrize("seed", ["7", 7.5, True, [7]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    record, _ = _record()
    record["seed"] = seed
    assert any(p.startswith("seed:") for p in _refused(record))


def test_a_deck_and_bag_that_do_not_match_the_seed_are_refused():
    record, _ = _record()
    record["deck"][0], record["deck"][1] = record["deck"][1], record["deck"][0]
    assert _refused(record) == ["the deck and bag do not match the seed (the record was changed)"]


def test_every_problem_of_a_record_gets_its_own_line():
    record, _ = _record()
    record.update(start_player=7, mode="karl", players=["Anna", "Anna"],
                  actions=[{"type": "teleport"}])
    problems = _refused(record)
    assert any("appears twice" in p for p in problems)
    assert any("teleport" in p for p in problems)


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F"],
                                     ["A", "\x1b]0;pwned\x07"], ["A", "x" * 25], ["A", ""]])
def test_bad_player_lists_are_refused(players):
    record, _ = _record()
    record["players"] = players
    problems = _refused(record)
    assert problems and all("\x1b" not in p and "\x07" not in p for p in problems)


def test_a_start_player_out_of_range_is_refused():
    record, _ = _record()
    record["start_player"] = 2
    assert _refused(record) == ["start_player: must be 0..1, not 2"]


def test_a_jarl_bag_has_54_cubes_with_silk_glass_and_gold():
    record, _ = _record(("A", "B", "C"), "jarl")
    record["bag"] = [g for g in record["bag"] if g != "silk"]
    assert any("bag: 51 items" in p for p in _refused(record))


def test_a_record_without_a_seed_cannot_be_resumed_exactly():
    record, _ = _record()
    record["seed"] = None
    with pytest.raises(RecordWithoutDeck) as e:
        replay_record(record, load_cards())
    assert "made before saves kept their deck" in str(e.value)


def test_an_older_record_with_a_seed_but_no_deck_is_dealt_from_its_seed():
    record, st = _record()
    del record["deck"], record["bag"]
    assert replay_record(record, load_cards())[0].to_dict() == st.to_dict()


def test_a_malformed_action_names_its_number():
    record, _ = _record()
    record["actions"][3] = {"type": "place", "column": "three"}
    assert any(p.startswith("actions: action 4 is malformed") for p in _refused(record))


def test_a_stacked_record_is_reviewed_but_never_played_on_as_a_saved_game():
    """A game dealt from a stacked deck (a lesson) replays for a review; as a save it is
    refused, since its deck is not the seed's; and it still may not hold a card twice."""
    from jorvik.carddata import load_cards
    from jorvik.engine import new_game
    from jorvik.engine.record import StackedRecord, make_record
    deck, bag = ["B08", "A04", "A05"], ["leather", "jet", "jet"]
    st0 = new_game(["Peti", "Benedek"], seed=5, start_player=0, deck=deck, bag=bag, cards=load_cards())
    rec = make_record(st0, [], deck=deck, bag=bag, stacked=True)
    st, _ = replay_record(rec, load_cards(), stacked_ok=True)
    assert st.to_dict() == st0.to_dict()
    with pytest.raises(StackedRecord):
        replay_record(rec, load_cards())
    with pytest.raises(RecordError, match="too many"):
        replay_record({**rec, "deck": ["B08", "B08", "A05"]}, load_cards(), stacked_ok=True)
    with pytest.raises(RecordError, match="gold"):
        replay_record({**rec, "bag": ["gold"]}, load_cards(), stacked_ok=True)
