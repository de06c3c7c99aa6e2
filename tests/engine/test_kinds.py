"""The kinds the rules name (issue 46): the mode, a card's type and a cube's source are string
enums, equal to the strings saves, records and card files hold, so what earlier releases wrote
reads back unchanged; what the rules do with each card type is one row of TYPE_RULES, and the
rules ask that table, so a new card type is one row."""

from __future__ import annotations

import json

import pytest
import yaml

from jorvik.carddata import card_to_dict, load_cards
from jorvik.engine import (
    SCORE_CATEGORIES,
    SOURCES,
    TYPE_RULES,
    CardType,
    CubeSource,
    Mode,
    TypeRules,
    cardtypes,
    defence_of,
    make_record,
    new_game,
)
from jorvik.engine.events import CUBE_SOURCES, DESTINATIONS

from .helpers import finish_game, game, give


def test_a_mode_given_as_the_old_string_is_held_as_the_enum_and_still_equals_the_string():
    st = new_game(["A", "B"], mode="jarl", seed=3, cards=load_cards())
    assert st.mode is Mode.JARL
    assert st.mode == "jarl" and "jarl" == st.mode  # noqa: SIM300 (both sides on purpose)


def test_the_json_form_of_a_state_and_a_record_holds_the_mode_as_a_plain_string():
    """Saves and records are written from these: they must stay byte for byte as before."""
    st = new_game(["A", "B"], mode=Mode.KARL, seed=3, cards=load_cards())
    assert type(st.to_dict()["mode"]) is str
    rec = make_record(st, [])
    assert type(rec["mode"]) is str
    assert '"mode": "karl"' in json.dumps(rec)


def test_an_unknown_mode_is_refused_as_before():
    with pytest.raises(ValueError, match="unknown mode 'karla'"):
        new_game(["A", "B"], mode="karla", seed=3, cards=load_cards())


def test_a_card_files_type_is_read_as_a_card_type_and_written_back_as_its_string():
    cards = load_cards()
    for card in cards.cards:
        assert type(card.type) is CardType
        data = card_to_dict(card)
        assert type(data["type"]) is str and data["type"] == card.type
    yaml.safe_dump([card_to_dict(c) for c in cards.cards])   # YAML takes plain strings only


def test_the_cube_sources_are_the_enum_as_plain_strings_in_the_order_of_the_usual_choice():
    assert SOURCES == ("ship", "storage", "warehouse") == CUBE_SOURCES
    assert tuple(CubeSource) == SOURCES
    assert all(type(s) is str for s in SOURCES)


def test_every_card_type_has_one_row_of_rules_naming_real_categories_and_destinations():
    assert set(TYPE_RULES) == set(CardType)
    for kind, rules in TYPE_RULES.items():
        assert not rules.score or rules.score in SCORE_CATEGORIES, kind
        assert not rules.cube_to or rules.cube_to in DESTINATIONS, kind
        assert not rules.by_count or rules.score, kind
        assert type(rules.cube_to) is str   # an Assign's `to` stays a plain string


def _with_a_building():
    """A two-player game in which player 0 owns a building (Harbour market, A20)."""
    return give(game(2, "karl"), 0, "A20")


def test_final_scoring_counts_a_card_types_vp_where_its_row_says(monkeypatch):
    """Give buildings a row that scores 3 VP each as journeys: the final scoring follows the
    table, with no other change."""
    before = finish_game(_with_a_building()).result["scores"][0]
    monkeypatch.setitem(TYPE_RULES, CardType.BUILDING,
                        TypeRules(score="journeys", vp=lambda st, pl, card: 3))
    after = finish_game(_with_a_building()).result["scores"][0]
    assert after["journeys"] == before["journeys"] + 3
    assert after["total"] == before["total"] + 3


def test_a_types_row_says_whether_its_defence_counts_at_an_attack(monkeypatch):
    cards = load_cards()
    warrior = next(c for c in cards.cards if c.type == CardType.WARRIOR and c.defence)
    assert defence_of([warrior]) == warrior.defence
    monkeypatch.setitem(TYPE_RULES, CardType.WARRIOR, TypeRules())
    assert defence_of([warrior]) == 0


def test_the_table_lives_in_the_engine_module_the_docs_name():
    assert TYPE_RULES is cardtypes.TYPE_RULES


def test_a_cube_assigned_to_a_card_does_what_its_types_row_says(monkeypatch):
    """Give merchants a row whose cube is worth 5 coins whatever the card says: assigning an
    amber to the amber merchant (A04, 1 coin each) pays 5, with no other change."""
    from jorvik.engine import Assign, apply_action

    from .helpers import AMBER
    from .test_unloading import unloading

    st = unloading(cards=["A04"], loading=["B08"], goods=[AMBER, AMBER, AMBER])
    coins = st.players[0].coins
    paid = apply_action(st, Assign(AMBER, "merchant", "A04"))[0].players[0].coins - coins
    assert paid == 1

    def five_coins(st, p, pl, g, card, ev):
        pl.coins += 5

    row = TYPE_RULES[CardType.MERCHANT]
    monkeypatch.setitem(TYPE_RULES, CardType.MERCHANT,
                        TypeRules(score=row.score, cube_to=row.cube_to, on_cube=five_coins))
    assert apply_action(st, Assign(AMBER, "merchant", "A04"))[0].players[0].coins == coins + 5


def test_which_destinations_sell_their_cubes_comes_from_the_rows():
    """Merchants and prophecies take cubes only in their owner's own unloading turn (they
    sell them); a craftsman's fields and the storage places do not sell."""
    assert [t.value for t in CardType if cardtypes.sold_on(t.value)] == ["merchant", "prophecy"]
    assert not any(cardtypes.sold_on(to) for to in ("storage", "warehouse", "craftsman", ""))


def test_every_effect_names_the_card_type_that_carries_it_and_its_timing():
    """One table of effects: the card file's schema reads each effect's card type and timing
    from its engine entry (cardschema.EFFECT_RULES has no list of its own)."""
    from jorvik.cardschema import EFFECT_RULES
    from jorvik.engine.cards import EFFECT_KINDS, TIMINGS
    from jorvik.engine.effects import EFFECTS

    assert set(EFFECTS) == set(EFFECT_KINDS)
    for kind, effect in EFFECTS.items():
        assert type(effect.card_type) is CardType, kind
        assert effect.timing in TIMINGS and effect.timing, kind
        assert EFFECT_RULES[kind] == (effect.card_type, effect.timing)
    for card in load_cards().cards:
        if card.effect:
            assert (card.type, card.timing) == EFFECT_RULES[card.effect], card.id
