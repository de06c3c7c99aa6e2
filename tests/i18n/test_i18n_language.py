"""Choosing the language (--lang > saved setting > LC_ALL / LANG > English), remembering it,
plurals, and accented text surviving every round trip."""

from __future__ import annotations

import json
import os

import pytest

from jorvik import i18n, settings
from jorvik.carddata import load_cards
from jorvik.i18n import (
    join_and,
    language_from_argv,
    language_from_env,
    language_name,
    remember_language,
    resolve_language,
    t,
)

# --------------------------------------------------------------------------- precedence

def test_english_when_nothing_says_otherwise():
    assert resolve_language(None) == "en"


def test_lang_variable_chooses_hungarian(monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert resolve_language(None) == "hu"


def test_lc_all_beats_lang(monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert resolve_language(None) == "en"
    monkeypatch.setenv("LC_ALL", "hu_HU.UTF-8")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert resolve_language(None) == "hu"


@pytest.mark.parametrize("value", ["C", "POSIX", "de_DE.UTF-8", "C.UTF-8"])
def test_other_locales_mean_english(monkeypatch, value):
    monkeypatch.setenv("LANG", value)
    assert resolve_language(None) == "en"


def test_saved_setting_beats_the_environment(monkeypatch):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    settings.save_settings(lang="hu")
    assert resolve_language(None) == "hu"


def test_command_line_beats_everything(monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    settings.save_settings(lang="hu")
    assert resolve_language("en") == "en"
    assert resolve_language("hu") == "hu"


def test_a_bad_saved_value_is_ignored(monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    settings.save_settings(lang="klingon")
    assert resolve_language(None) == "hu"


def test_an_unreadable_settings_file_is_ignored(monkeypatch):
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    path = settings.data_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert resolve_language(None) == "hu"


def test_settings_live_under_jorvik_home(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path / "elsewhere"))
    remember_language("hu")
    assert json.loads((tmp_path / "elsewhere" / "settings.json").read_text())["lang"] == "hu"


def test_language_from_env_reads_a_given_mapping():
    assert language_from_env({"LANG": "hu_HU.UTF-8"}) == "hu"
    assert language_from_env({"LC_MESSAGES": "hu_HU", "LANG": "en_US"}) == "hu"
    assert language_from_env({}) == "en"


def test_language_from_argv():
    assert language_from_argv(["play", "--lang", "hu"]) == "hu"
    assert language_from_argv(["--lang=en", "cards"]) == "en"
    assert language_from_argv(["play", "--lang", "xx"]) is None
    assert language_from_argv(["play"]) is None


# --------------------------------------------------------------------------- remember

def test_remember_language_saves_it_for_next_time(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    remember_language("hu")
    assert settings.load_settings()["lang"] == "hu"
    assert resolve_language(None) == "hu"
    assert i18n.get_language() == "en"  # switching now is set_language's job


def test_remember_language_keeps_other_settings():
    settings.save_settings(colour="blue")
    remember_language("hu")
    assert settings.load_settings() == {"colour": "blue", "lang": "hu"}


def test_remember_language_refuses_unknown_languages():
    with pytest.raises(ValueError):
        remember_language("de")
    assert "lang" not in settings.load_settings()


def test_set_language_refuses_unknown_languages():
    with pytest.raises(ValueError):
        i18n.set_language("de")


def test_languages_are_named_in_themselves(lang):
    assert (language_name("en"), language_name("hu")) == ("English", "Magyar")


# --------------------------------------------------------------------------- plurals

def test_plural_forms_in_english():
    assert t("tui.choice.buy", count=1) == "buy for 1 coin"
    assert t("tui.choice.buy", count=3) == "buy for 3 coins"
    assert t("events.bought.plain", count=1, player="Móni", card="Weaver") == (
        "Móni bought Weaver for 1 coin")


def test_hungarian_uses_the_singular_after_numbers():
    i18n.set_language("hu")
    assert t("events.bought.plain", count=1, player="Móni", card="Takács") == (
        "Móni megvette 1 érméért: Takács")
    assert t("events.bought.plain", count=3, player="Móni", card="Takács") == (
        "Móni megvette 3 érméért: Takács")
    assert t("events.unloaded", count=3, player="Móni", goods="vas") == (
        "Móni kirakodott 3 árukockát: vas")


def test_join_and(lang):
    word = {"en": "and", "hu": "és"}[lang]
    assert join_and([]) == ""
    assert join_and(["Eszti"]) == "Eszti"
    assert join_and(["Eszti", "Móni"]) == f"Eszti {word} Móni"
    assert join_and(["Benedek", "Eszti", "Móni"]) == f"Benedek, Eszti {word} Móni"


def test_missing_key_falls_back_to_english_then_the_key():
    assert t("no.such.key") == "no.such.key"


# --------------------------------------------------------------------------- accents

HUNGARIAN_LETTERS = "áéíóöőúüű ÁÉÍÓÖŐÚÜŰ"


def test_accented_text_survives_the_settings_file():
    settings.save_settings(name=HUNGARIAN_LETTERS)
    assert settings.load_settings()["name"] == HUNGARIAN_LETTERS


def test_accented_text_survives_the_catalogues():
    i18n.set_language("hu")
    assert t("cards.letters.leather") == "Ő"
    assert t("cards.goods.wool") == "gyapjú"
    assert t("cards.phases.purchase") == "vásárlásfázis"
    # ő and ű are the letters Latin-1 lacks: they must come back as themselves
    text = "".join(str(v) for v in i18n.catalogue("hu").values())
    assert "ő" in text and "ű" in text


def test_accented_player_names_survive_a_log_line():
    from jorvik.engine import new_game
    from jorvik.engine.events import Stolen
    from jorvik.i18n.events import describe_event
    names = ["Ödön", "Űrsula", "Éva"]
    st = new_game(names, seed=3, cards=load_cards())
    i18n.set_language("hu")
    line = describe_event(Stolen(player=0, victim=1, card="A02", good="leather"), st)
    assert line == "Ödön lopott Űrsula kártyájáról (Kovács): bőr"
    assert line.encode("utf-8").decode("utf-8") == line


def test_catalogue_files_are_utf8_without_bom():
    for f in sorted(os.listdir(os.path.dirname(i18n.__file__))):
        if f.endswith(".yaml"):
            with open(os.path.join(os.path.dirname(i18n.__file__), f), "rb") as file:
                raw = file.read()
            assert not raw.startswith(b"\xef\xbb\xbf"), f
            raw.decode("utf-8")
