"""Hungarian grammar in the catalogues: the article a/az, the -t and -ban/-ben endings after
names and numbers (vowel harmony, lengthened final a/e, the number as it is spoken), the
decimal comma, bot level names, and argparse speaking Hungarian."""

from __future__ import annotations

import pytest

from jorvik import i18n
from jorvik.cli import build_parser, main
from jorvik.i18n import format_number, format_percent, level_name, t
from jorvik.i18n.hu import accusative, article, inessive, with_article


@pytest.mark.parametrize("word,art", [
    ("Ödön", "az"), ("Éva", "az"), ("Anna", "az"), ("Zsófi", "a"), ("Zsófi2", "a"),
    ("Borostyánjóslat", "a"), ("Üvegkereskedő", "az"), ("„közepes”", "a"), ("„Ödön”", "az"),
    ("1", "az"), ("1.", "az"), ("2", "a"), ("5", "az"), ("5.", "az"), ("10", "a"),
    ("15", "a"), ("50", "az"), ("100", "a"), ("500", "az"), ("1000", "az"), ("1500", "az"),
    ("2000", "a"), ("5000", "az"), ("0", "a"), ("1000000", "az"), ("-5", "a"),
])
def test_az_before_a_vowel_sound_a_before_a_consonant(word, art):
    # "az 1." (egy), "az 5" (öt), "az 1000" (ezer), but "a 15" (tizenöt), "a 100" (száz)
    assert article(word) == art
    assert with_article(word) == f"{art} {word}"


@pytest.mark.parametrize("word,form", [
    ("Anna", "Annát"), ("Éva", "Évát"), ("Ödön", "Ödönt"), ("Zsófi", "Zsófit"),
    ("Benedek", "Benedeket"), ("Jakab", "Jakabot"), ("Emese", "Emesét"), ("Gyöngy", "Gyöngyöt"),
    ("Péter", "Pétert"), ("Balázs", "Balázst"), ("Móni", "Mónit"),
    ("1", "1-et"), ("2", "2-t"), ("3", "3-at"), ("5", "5-öt"), ("6", "6-ot"), ("10", "10-et"),
    ("15", "15-öt"), ("20", "20-at"), ("100", "100-at"), ("1000", "1000-et"), ("0", "0-t"),
    ("1000000", "1000000-t"), ("Zsófi2", "Zsófi2-t"), ("Eszti5", "Eszti5-öt"),
    ("Bot10", "Bot10-et"),
])
def test_the_t_ending_follows_vowel_harmony_and_the_spoken_number(word, form):
    assert accusative(word) == form


@pytest.mark.parametrize("word,form", [
    ("Anna", "Annában"), ("Éva", "Évában"), ("Ödön", "Ödönben"), ("Zsófi", "Zsófiban"),
    ("Eszti", "Esztiben"), ("Birka", "Birkában"), ("Hedeby", "Hedebyben"),
    ("1", "1-ben"), ("3", "3-ban"), ("5", "5-ben"), ("6", "6-ban"), ("10", "10-ben"),
    ("20", "20-ban"), ("100", "100-ban"), ("1000", "1000-ben"), ("2016", "2016-ban"),
    ("Zsófi2", "Zsófi2-ben"), ("Kati3", "Kati3-ban"),
])
def test_the_ban_ben_ending_follows_vowel_harmony_and_the_spoken_number(word, form):
    assert inessive(word) == form


def test_catalogue_strings_ask_for_the_article_and_endings_by_format_spec():
    i18n.set_language("hu")
    assert t("cli.errors.play.seat_range", option="--seat", seat=5, players=4) == \
        "--seat: az 5. hely nincs 1 és 4 között"
    assert t("cli.errors.play.seat_range", option="--seat", seat=2, players=4) == \
        "--seat: a 2. hely nincs 1 és 4 között"
    assert t("cli.errors.too_small", value=0) == "legalább 1-et vártam, nem 0-t"
    assert t("cli.errors.too_small", value=-5) == "legalább 1-et vártam, nem \u22125-öt"
    i18n.set_language("en")
    assert t("cli.errors.play.seat_range", option="--seat", seat=5, players=4) == \
        "--seat: seat 5 is not between 1 and 4"


def test_hungarian_figures_use_the_decimal_comma():
    i18n.set_language("hu")
    assert format_number(12.5) == "12,5"
    assert format_number(0.25) == "0,25"
    assert format_number(18.333) == "18,333"
    assert format_number(2.0, 2) == "2,00"
    assert format_number(14786.8) == "14\u00a0786,8"
    assert format_number(1000) == "1000" and format_number(12345) == "12\u00a0345"
    assert format_number(-3.5) == "\u22123,5" and format_number(-10) == "\u221210"
    assert format_number(30.0, 1, sign=True) == "+30,0"
    assert format_percent(0.125) == "12,5%" and format_percent(1.0) == "100,0%"
    i18n.set_language("en")
    assert format_number(12.5) == "12.5" and format_number(14786.8) == "14786.8"
    assert format_number(30.0, 1, sign=True) == "+30.0" and format_percent(0.125) == "12.5%"


def test_bot_levels_are_named_in_the_language_and_unknown_ones_as_given():
    i18n.set_language("hu")
    assert [level_name(x) for x in ("easy", "normal", "hard")] == ["könnyű", "közepes", "nehéz"]
    assert level_name("grandmaster") == "grandmaster"
    i18n.set_language("en")
    assert level_name("normal") == "normal"


def test_argparse_speaks_hungarian_in_help_and_errors(capsys):
    i18n.set_language("hu")
    text = build_parser().format_help()
    assert "használat: jorvik" in text and "kapcsolók:" in text and "ez a súgó" in text
    for english in ("usage:", "options:", "positional arguments", "show this help"):
        assert english not in text
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "play", "--mode", "q"])
    err = capsys.readouterr().err
    assert err.startswith("jorvik: hiba: --mode: érvénytelen érték: „q” (választható: „karl”, „jarl”)"), err
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "play", "--seed"])
    assert "--seed: egy értéket vár" in capsys.readouterr().err


def test_play_help_placeholders_are_hungarian():
    i18n.set_language("hu")
    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore
    text = play.format_help()
    assert "--cards ÚTVONAL" in text and "--seat N=SZINT" in text and "--load FÁJL" in text
    assert "PATH" not in text and "LEVEL" not in text and "FILE" not in text


def test_argparse_stays_english_in_english(capsys):
    i18n.set_language("hu")
    build_parser()
    i18n.set_language("en")
    text = build_parser().format_help()
    assert "usage: jorvik" in text and "options:" in text
    with pytest.raises(SystemExit):
        main(["--lang", "en", "play", "--mode", "q"])
    assert "argument --mode: invalid choice: 'q'" in capsys.readouterr().err
