"""Why a move is refused, in words: every kind the engine defines (engine.REFUSALS) has its
sentence in every language (the catalogue test checks the family both ways), each sentence
uses only the fields its kind carries, and a refusal in a Hungarian game reads in Hungarian."""

from __future__ import annotations

import string

import pytest

from jorvik import i18n
from jorvik.carddata import load_cards
from jorvik.engine import REFUSALS, Decision
from jorvik.engine.refusals import refusal
from jorvik.i18n import set_language
from jorvik.play.errors import refusal_words
from jorvik.play.words import say_text


def _fields(text: str) -> set[str]:
    return {name.split(":")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_sentence_uses_only_the_fields_of_its_kind(lang):
    cat = i18n.catalogue(lang)
    for kind, fields in REFUSALS.items():
        value = cat[f"play.refusals.{kind}"]
        for form in (value.values() if isinstance(value, dict) else [value]):
            assert _fields(form) <= set(fields), (lang, kind, form)


def test_every_decision_kind_is_named_for_a_refusal():
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        assert all(f"play.decisions.{k}" in cat for k in Decision.KINDS), lang


@pytest.mark.parametrize("reason, english, hungarian", [
    (refusal("cannot_pay", player=1, price=3, coins=1),
     "Bela cannot pay the price of 3 coins (they have 1).",
     "Bela nem tud 3 érmét fizetni: csak 1 érméje van."),
    (refusal("must_finish", player=0, decision="take"),
     "Anna must first finish this: taking a cube from the common goods area.",
     "Anna előbb ezt fejezze be: kocka elvétele a közös árumezőről."),
    (refusal("wrong_phase", action="buy", phase="demand"),
     "That is not possible now (demand phase): buying.",
     "Ez most nem lehetséges (keresletfázis): vásárlás."),
    (refusal("column_full", column=5),
     "Demand column 5 is full.",
     "Megtelt az 5. keresletsor."),
    (refusal("no_card", space=2),
     "There is no card on card space 2.",
     "Nincs kártya a 2. kártyahelyen."),
])
def test_a_refusal_reads_in_the_language_of_the_game(reason, english, hungarian):
    names, cards = ("Anna", "Bela"), load_cards()
    assert say_text(refusal_words(reason, names, cards)) == english
    set_language("hu")
    assert say_text(refusal_words(reason, names, cards)) == hungarian
