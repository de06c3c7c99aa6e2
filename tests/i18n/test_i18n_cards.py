"""Names of cards, goods, types, phases in both languages; goods letters are distinct."""

from __future__ import annotations

from jorvik import i18n
from jorvik.carddata import load_cards
from jorvik.engine import GOODS
from jorvik.engine.cards import CARD_TYPES
from jorvik.i18n.cards import (
    card_name,
    card_text,
    good_letter,
    good_name,
    goods_list,
    phase_name,
    type_name,
)


def test_every_card_has_a_hungarian_name_and_text():
    for card in load_cards().cards:
        assert card.name_hu.strip(), f"{card.id}: no name_hu"
        assert card.text_hu.strip(), f"{card.id}: no text_hu"


def test_card_name_and_text_follow_the_language():
    cards = load_cards()
    for card in cards.cards:
        i18n.set_language("en")
        assert (card_name(card), card_text(card)) == (card.name, card.text)
        i18n.set_language("hu")
        assert (card_name(card), card_text(card)) == (card.name_hu, card.text_hu)


def test_hungarian_card_texts_say_gyp_not_vp():
    i18n.set_language("hu")
    for card in load_cards().cards:
        assert " VP" not in card_text(card), card.id


def test_goods_letters_are_single_distinct_capitals(lang):
    letters = [good_letter(g) for g in GOODS]
    assert all(len(x) == 1 and x.isupper() for x in letters), letters
    assert len(set(letters)) == len(GOODS), letters


def test_goods_letters_as_documented():
    i18n.set_language("en")
    assert "".join(good_letter(g) for g in GOODS) == "AILWJSGO"
    i18n.set_language("hu")
    assert "".join(good_letter(g) for g in GOODS) == "BVŐYGSÜA"


def test_goods_names_are_distinct_and_take_index_or_name(lang):
    names = [good_name(i) for i in range(len(GOODS))]
    assert len(set(names)) == len(GOODS)
    assert names == [good_name(g) for g in GOODS]


def test_hungarian_goods_names_are_the_rulebooks():
    i18n.set_language("hu")
    assert [good_name(g) for g in GOODS] == [
        "borostyán", "vas", "bőr", "gyapjú", "gagát", "selyem", "üveg", "arany"]


def test_goods_lists_count_repeats():
    i18n.set_language("en")
    assert goods_list(["amber", "amber", "iron"]) == "2 amber, iron"
    assert goods_list([]) == ""
    i18n.set_language("hu")
    assert goods_list([0, 0, 1]) == "2 borostyán, vas"


def test_card_type_names_are_words_not_codes(lang):
    for text in (type_name(x) for x in CARD_TYPES):
        assert text.strip() and "." not in text and "_" not in text, text


def test_hungarian_phase_names_are_the_rulebooks():
    i18n.set_language("hu")
    assert [phase_name(p) for p in ("supply", "demand", "purchase", "unloading")] == [
        "kínálatfázis", "keresletfázis", "vásárlásfázis", "rakodásfázis"]


def test_unknown_names_fall_back_to_the_code_word():
    assert type_name("dragon") == "dragon"
    assert phase_name("nap") == "nap"
    assert good_letter("mithril") == "?"
