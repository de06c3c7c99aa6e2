"""The rules help (F1): a summary in both languages with every Ruling of RULES.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jorvik import i18n
from jorvik.engine import GOODS
from jorvik.i18n.cards import good_letter, good_name
from jorvik.i18n.rules import PROGRAM_KEYS, RULING_KEYS, rules_summary

RULES_MD = Path("/work/shared/rules/RULES.md")


def test_summary_is_clean_markdown(lang):
    text = rules_summary()
    assert text.startswith("# ")
    assert "{" not in text and "}" not in text
    assert "rules." not in text
    assert text.count("\n## ") >= 8


def test_summary_lists_every_ruling_and_program_choice(lang):
    text = rules_summary()
    for key in (*RULING_KEYS, *PROGRAM_KEYS):
        assert i18n.t(key) in text


@pytest.mark.skipif(not RULES_MD.exists(), reason="RULES.md is not available here")
def test_one_ruling_per_ruling_of_rules_md():
    rulings = re.findall(r"^\s*\*\*Ruling", RULES_MD.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(rulings) == len(RULING_KEYS)


def test_summary_shows_the_goods_letters(lang):
    text = rules_summary()
    for g in GOODS:
        assert f"**{good_letter(g)}** {good_name(g)}" in text


def test_hungarian_summary_uses_the_rulebooks_terms():
    i18n.set_language("hu")
    text = rules_summary()
    for term in ("kínálatfázis", "keresletfázis", "vásárlásfázis", "rakodásfázis",
                 "keresletsor", "foglalássor", "rakodási terület", "kártyaterület",
                 "raktármező", "közös árumező", "kezdőjátékos-jelző", "győzelmi pont",
                 "GyP", "védekezéspont", "holtverseny"):
        assert term in text or term in text.lower(), term


def test_the_two_languages_differ():
    english = rules_summary()
    i18n.set_language("hu")
    assert rules_summary() != english
