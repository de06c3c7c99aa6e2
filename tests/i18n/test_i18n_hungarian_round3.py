"""Issue 48 §5: the third Hungarian proofreading's rows, each as the player reads it — with
numbered names ("1. játékos", "2. gép") and personal ones ("Ödön", "Éva")."""

from __future__ import annotations

import re

import pytest

from jorvik import i18n
from jorvik.i18n import catalogue, set_language, t

NUMBERED, PERSONAL = "2. gép", "Ödön"


@pytest.fixture(autouse=True)
def _hungarian():
    set_language("hu")
    yield
    set_language("en")


def _strings(lang: str = "hu") -> dict[str, str]:
    out = {}
    for key, value in catalogue(lang).items():
        for form, text in (value.items() if isinstance(value, dict) else [("", value)]):
            out[f"{key}.{form}".rstrip(".")] = str(text)
    return out


def test_no_vikings_left_is_not_told_to_place_one():
    line = t("tui.prompt.place", count=0)
    assert "0 vikinged" not in line and "tegyél le egyet" not in line
    assert "nincs több saját vikinged" in line and "barnát" in line
    assert t("tui.prompt.place", count=2) == "2 vikinged maradt — tegyél le egyet"
    set_language("en")
    assert "0 left" not in t("tui.prompt.place", count=0)


def test_a_trickery_swap_moves_your_viking_with_the_cards_name():
    for name, head in ((PERSONAL, "Ödön a Csellel"), (NUMBERED, "A 2. gép a Csellel")):
        line = t("tui.since.swapped_you", name=name, before="x", now="y")
        assert line.startswith(head + " (Loki: Csel) áthelyezte a vikingedet"), line
        assert "elcserél" not in line and "Lokival" not in line


def test_a_demand_column_is_nobodys_own():
    line = t("tui.since.joined_you", name=NUMBERED, column=3)
    assert line.startswith("A 2. gép vikinget tett a 3. keresletsorba, ahol neked is van"), line
    assert "keresletsorod" not in line
    assert "Az 1. játékos" in t("tui.since.joined_you", name="1. játékos", column=1)


def test_the_buy_prompt_asks_with_the_verb_first_and_keeps_the_price_in_front():
    # the price and the coins first (a narrow panel cuts the end), the card after a dash
    line = t("tui.prompt.buy", card="Gyapjúkereskedő", space=3, price=1, count=5)
    assert line == "megveszed 1 érméért? (5 érméd van) — Gyapjúkereskedő, 3. sor"
    line = t("tui.prompt.buy_reserved", card="Kincslelet", price=3, count=3)
    assert line == "megveszed 3 érméért? (3 érméd van) — lefoglalt kártya: Kincslelet"
    assert "érméért megveszed" not in line


def test_a_reservation_price_rise_and_a_pass_made_for_you_read_with_either_name():
    assert t("tui.since.reserved_after_you", name=NUMBERED, count=5).startswith(
        "A 2. gép is lefoglalt egy kártyát")
    assert t("tui.since.reserved_after_you", name=PERSONAL, count=5).startswith(
        "Ödön is lefoglalt egy kártyát")
    line = t("tui.since.passed_auto_you", card="Hosszúhajó", count=5, coins=3)
    assert line == "a játék passzolt helyetted: Hosszúhajó ára 5 érme volt, neked 3 érméd volt"


@pytest.mark.parametrize("key,old", [
    ("tui.undo.none", "Nincs mit visszavonni"), ("tui.undo.bot_thinking", "nincs mit visszavonni"),
    ("learn.l1.title", "Egy forduló"), ("net.cli.cafile", "megbízás"),
    ("learn.wrong.led_to", "Ez ehhez"), ("tui.full_log.none", "Egy sor sem"),
    ("tui.choice.decline", "nincs használat"), ("net.host.waiting", "mentődik"),
    ("net.join.waiting", "Várunk"), ("net.bye.version", "jorvikot"),
    ("tui.choice.completes", "befejezi"), ("tui.short.loading", "Rakodó"),
    ("net.host.serving", "CODE"), ("learn.l2.buy", "jobb alsó"),
    ("cli.errors.name.empty", "kell név"), ("tui.choice.viking_reserved", ". foglalás"),
])
def test_the_proofread_phrases_are_gone(key, old):
    assert old not in str(catalogue("hu")[key])


def test_the_summary_nothing_line_is_a_sentence():
    assert t("tui.since.nothing") == "Semmi sem változott az asztalon."


def test_no_old_style_article_and_no_markdown_backticks_in_hungarian():
    strings = _strings()
    assert not [k for k, v in strings.items() if "A(z)" in v or "a(z)" in v]
    assert not [k for k, v in strings.items() if "`" in v and not k.startswith("rules.")]


@pytest.mark.parametrize("path,start", [("/tmp/x.json", "A /tmp/x.json"),
                                        ("egy.json", "Az egy.json"), ("5.json", "Az 5.json")])
def test_a_path_at_the_start_of_a_sentence_takes_its_article(path, start):
    assert t("tui.save.replace", path=path) == f"{start} már létezik. Felülírod?"


def test_a_review_note_after_the_phase_is_a_sentence_of_its_own():
    note = t("learn.hint.used", name="1. játékos")
    line = t("learn.review.note", round=1, phase="keresletfázis", note=note)
    assert line == "1. forduló, keresletfázis. Az 1. játékos tippet kért."


def test_a_zero_form_is_chosen_only_for_zero():
    assert i18n.t("tui.prompt.place", count=1) == "1 vikinged maradt — tegyél le egyet"
    assert re.search(r"^nincs", i18n.t("tui.prompt.place", count=0))


def test_the_best_hints_margin_says_ahead_or_behind_not_a_bare_difference():
    from jorvik.engine import Buy
    from jorvik.review import Hint
    from jorvik.tui.screens.hint import hint_words
    behind = hint_words(Hint(Buy(), -2.2, 0.0, (), 1.0, True), best=True)
    assert behind == "a legjobb: a végén várhatóan kb. 2 GyP-vel maradsz el az élen állótól"
    ahead = hint_words(Hint(Buy(), 7.2, 0.0, (), 1.0, True), best=True)
    assert ahead == "a legjobb: a végén várhatóan kb. 7 GyP-vel vezetsz"
    assert "különbség" not in behind + ahead and "−" not in behind
    set_language("en")
    assert hint_words(Hint(Buy(), -2.6, 0.0, (), 1.0, True), best=True) == \
        "best: a final VP margin of about −3"


def test_a_saved_time_is_written_as_hungarian_dates_are():
    from jorvik.i18n import date_time
    assert date_time("2026-12-06T16:37:12") == "2026. 12. 06. 16:37"
    set_language("en")
    assert date_time("2026-12-06T16:37:12") == "2026-12-06 16:37"


def test_host_join_and_serve_help_use_hungarian_placeholders(capsys):
    from jorvik.cli import main
    outs = {}
    for command in ("host", "join", "serve"):
        with pytest.raises(SystemExit):
            main([command, "--lang", "hu", "--help"])
        outs[command] = out = capsys.readouterr().out
        for english in ("SEATS", "ADDR", "NAME", "CODE", "WEB_PORT"):
            assert english not in out, (command, english)
    assert "CÍM[:PORT] [KÓD]" in " ".join(outs["join"].split())   # (none with --watch)
    assert "--remote HELYEK" in outs["host"]


def test_an_unknown_colour_lists_the_colours_glossed_and_quoted():
    from jorvik.i18n.cli import colour_choices
    assert colour_choices(["red", "blue"]) == "„red” (piros), „blue” (kék)"
    set_language("en")
    assert colour_choices(["red", "blue"]) == "red, blue"
