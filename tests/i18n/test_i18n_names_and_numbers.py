"""Hungarian names and numbers, everywhere a message shows them.

A default name begins with a numeral ("1. játékos", "2. gép"), and Hungarian puts the article
before it in a sentence ("Az 1. játékos megvette…", "Ez a 2. gép lépését…"); a personal name
stays bare ("Ödön megvette…"). Every template with a player's name asks the formatter for
that ({player:A} at the start of a sentence, {player:a} inside it), and is tried here with
both kinds of name.

Every number a Hungarian message shows has a decimal comma and a true minus sign (−), and
values are quoted „…”: every catalogue message, the log of real games, the review and hint
lines, the final scoring table and the command line's outputs and errors are scanned for a
hyphen-minus before a digit, a decimal point and straight quotes."""

from __future__ import annotations

import functools
import io
import re
import string
from types import SimpleNamespace

import pytest
from rich.console import Console

from jorvik import i18n
from jorvik.bots import RandomBot
from jorvik.carddata import load_cards
from jorvik.cli import main
from jorvik.engine import (
    Buy,
    Event,
    Pass,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from jorvik.i18n import NameList, t
from jorvik.i18n.events import describe_event
from jorvik.i18n.hu import player_name

# Fields that hold one player's name (or several: NameList).
NAME_FIELDS = {"player", "victim", "winner", "winners", "losers", "name"}
# Label-like lines, not sentences: "2. gép: 3" (an attack's defences), "2. gép 30 GyP" (the
# scores at the end); a name there reads as a heading, without an article.
LABELS = {"events.attack.defence", "events.game_over.score"}
# A part of a sentence that another one starts: "A piktek támadása: … — {winners} +2 GyP".
FRAGMENTS = {"events.attack.outcome"}
# The command line's {name} is a value the user typed, quoted: „Ödön”.
NOT_PLAYER_NAMES = ("cli.",)

NUMBERED = {"1. játékos": "az 1. játékos", "2. gép": "a 2. gép", "5. gép": "az 5. gép",
            "10. gép": "a 10. gép"}
PERSONAL = ("Ödön", "Anna", "Zsófi2")

BAD_FIGURE = re.compile(r"(?<![\w-])-\d|\d\.\d|['\"]")


def _fields(msg: str) -> list[tuple[str, str]]:
    """The (field, format spec) pairs of a catalogue string."""
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(msg)
            if name is not None]


PLURAL_FORMS: dict[str, tuple[str, int]] = {}  # "key.one" -> ("key", 1)


@functools.cache
def _templates() -> dict[str, str]:
    """Every Hungarian catalogue string, plural forms as key.one / key.other (read once: the
    catalogue files do not change during the run; callers only read the dict)."""
    out = {}
    for key, value in i18n.catalogue("hu").items():
        if isinstance(value, dict):
            for form, text in value.items():
                out[f"{key}.{form}"] = str(text)
                PLURAL_FORMS[f"{key}.{form}"] = (key, {"zero": 0, "one": 1}.get(form, 2))
        else:
            out[key] = str(value)
    return out


def _quoted(msg: str, name: str) -> bool:
    """Whether the template shows the field as a quoted value („{name}”), not in a sentence."""
    return re.search(r"„\{" + name + r"(:[^}]*)?\}”", msg) is not None


@functools.cache
def _name_templates() -> dict[str, str]:
    """The templates with a player's name in a sentence (not a quoted value)."""
    return {k: v for k, v in _templates().items()
            if not k.startswith(NOT_PLAYER_NAMES)
            and {n for n, _ in _fields(v) if not _quoted(v, n)} & NAME_FIELDS}


def _render(key: str, names: dict[str, object], **numbers: object) -> str:
    """The catalogue key (a plural form's key without its .one/.other) rendered in Hungarian
    with the given names, 2 for count and `numbers` (default 3) for every other field."""
    msg = _templates()[key]
    base, count = PLURAL_FORMS.get(key, (key, None))
    fields: dict[str, object] = {}
    for name, _ in _fields(msg):
        if name in names:
            fields[name] = names[name]
        elif name != "count":
            fields[name] = numbers.get(name, numbers.get("*", 3))
    if count is None and "count" in {n for n, _ in _fields(msg)}:
        count = 2
    return t(base, count=count, **fields) if count is not None else t(base, **fields)


@pytest.fixture(autouse=True)
def _hungarian():
    i18n.set_language("hu")
    yield
    i18n.set_language("en")


# --------------------------------------------------------------------------- names

def test_there_are_name_templates_in_every_place_the_issue_names():
    keys = set(_name_templates())
    for expected in ("events.bought.plain.one", "events.stolen", "tui.undo.other",
                     "learn.hint.title", "learn.hint.used", "learn.review.row", "tui.handover",
                     "tui.log.bot_fallback", "events.game_over.shared"):
        assert expected in keys, expected


def test_every_template_with_a_players_name_asks_for_the_article():
    wrong = []
    for key, msg in _name_templates().items():
        if PLURAL_FORMS.get(key, (key,))[0] in LABELS:
            continue
        for name, spec in _fields(msg):
            if name in NAME_FIELDS and spec not in ("a", "A") and not _quoted(msg, name):
                wrong.append((key, name, spec))
        # at the start of a sentence: the capital article
        first = _fields(msg)[0] if msg.startswith("{") else None
        if first and first[0] in NAME_FIELDS and first[1] != "A" and key not in FRAGMENTS:
            wrong.append((key, "start of the sentence", first[1]))
    assert not wrong, wrong


@pytest.mark.parametrize("numbered,expected", NUMBERED.items())
def test_a_numbered_name_gets_its_article_in_every_template(numbered, expected):
    for key, msg in _name_templates().items():
        if PLURAL_FORMS.get(key, (key,))[0] in LABELS:
            continue
        names = {n: numbered for n, _ in _fields(msg) if n in NAME_FIELDS and not _quoted(msg, n)}
        line = _render(key, names)
        assert expected in line or expected[0].upper() + expected[1:] in line, (key, line)
        # never a name without its article, and never an article twice
        for m in re.finditer(re.escape(numbered), line):
            assert re.search(r"(?:^|[^\w])(?:a|az|A|Az) $", line[:m.start()]), (key, line)
            assert not re.search(r"(?:a|az|A|Az) (?:a|az) $", line[:m.start()]), (key, line)
        if msg.startswith("{") and _fields(msg)[0][0] in NAME_FIELDS and key not in FRAGMENTS:
            assert line[0].isupper(), (key, line)


@pytest.mark.parametrize("personal", PERSONAL)
def test_a_personal_name_stays_bare_in_every_template(personal):
    for key, msg in _name_templates().items():
        names = {n: personal for n, _ in _fields(msg) if n in NAME_FIELDS}
        line = _render(key, names)
        assert personal in line, (key, line)
        assert not re.search(rf"\b(a|az|A|Az) {personal}", line), (key, line)


def test_several_names_get_their_articles_one_by_one():
    line = t("events.game_over.shared", scores="…", winners=NameList(["2. gép", "Ödön",
                                                                      "1. játékos"]))
    assert line.endswith("Megosztoznak a győzelmen: a 2. gép, Ödön és az 1. játékos!"), line
    i18n.set_language("en")
    assert t("events.game_over.shared", scores="x", winners=NameList(["Bot 2", "Ödön"])) \
        .endswith("Bot 2 and Ödön share the win!") or "Bot 2 and Ödön" in \
        t("events.game_over.shared", scores="x", winners=NameList(["Bot 2", "Ödön"]))


@pytest.mark.parametrize("key,fields,expected", [
    ("tui.undo.other", {"name": "2. gép"}, "Ez a 2. gép lépését is visszavonja. Visszavonod?"),
    ("tui.undo.other", {"name": "Ödön"}, "Ez Ödön lépését is visszavonja. Visszavonod?"),
    ("learn.hint.title", {"name": "1. játékos"}, "Tipp az 1. játékos számára: a legjobb "
                                                   "lépések most"),
    ("learn.hint.used", {"name": "1. játékos"}, "Az 1. játékos tippet kért."),
    ("learn.hint.used", {"name": "Anna"}, "Anna tippet kért."),
    ("tui.handover", {"name": "5. gép"}, "Az 5. gép következik — nyomd meg az Entert"),
    ("events.stolen", {"player": "Ödön", "victim": "2. gép", "card": "Bőrműves",
                       "good": "bőr"}, "Ödön lopott a 2. gép kártyájáról (Bőrműves): bőr"),
])
def test_examples(key, fields, expected):
    assert t(key, **fields) == expected


def _play(names: list[str], mode: str, seed: int) -> tuple[list[Event], object]:
    events: list[Event] = []
    st = new_game(names, mode=mode, seed=seed, events=events, cards=load_cards())
    bots = [RandomBot(seed * 10 + i) for i in range(len(names))]
    while not is_over(st):
        st, ev = apply_action(st, bots[current_player(st)].choose(st))
        events.extend(ev)
    return events, st


DEFAULT_NAMES = ["1. játékos", "2. gép", "3. gép", "4. gép"]
# a default name as it may stand in a log line: after its article, or as a label
ARTICLED = re.compile(r"(?:\b[aA]z? )\d\. (?:játékos|gép)")
LABELLED = re.compile(r"\d\. (?:játékos|gép)(?:: \d| \d+ GyP)")


@pytest.mark.parametrize("mode,seed", [("jarl", 1), ("karl", 2), ("jarl", 3)])
def test_every_log_line_of_a_game_with_default_names_has_the_articles(mode, seed):
    events, st = _play(DEFAULT_NAMES, mode, seed)
    lines = [describe_event(e, st) for e in events]
    assert len(lines) > 100
    for line in lines:
        for m in re.finditer(r"\d\. (?:játékos|gép)", line):
            before = line[:m.end()]
            ok = ARTICLED.search(before[max(0, m.start() - 3):]) or LABELLED.match(
                line, m.start())
            assert ok, line


# --------------------------------------------------------------------------- numbers

def _bad(text: str) -> list[str]:
    return [text[max(0, m.start() - 20):m.end() + 20] for m in BAD_FIGURE.finditer(text)]


def test_every_hungarian_catalogue_message_writes_numbers_and_quotes_the_hungarian_way():
    """Every field a number (a fraction, a negative), every name a default one: no
    hyphen-minus, no decimal point and no straight quote in what comes out."""
    found = {}
    for key, msg in _templates().items():
        if key.startswith("cli.argparse."):
            continue  # argparse's %-templates: scanned in the command line's errors below
        names = {n: "2. gép" for n, _ in _fields(msg) if n in NAME_FIELDS}
        for value in (-1.5, -12, 0.25, 12345.5):
            line = _render(key, names, **{"*": value})
            if _bad(line):
                found[key] = _bad(line)
    assert not found, found


def test_the_scan_sees_english_numbers_and_straight_quotes():
    assert _bad("(-1.3 GyP)") and _bad("nem 'x'") and _bad('"x"') and _bad("-10")
    assert not _bad("(−1,3 GyP) 3-at 1-re, „x”, 10–12., --players")


def test_the_formatter_writes_each_kind_of_number():
    assert t("learn.hint.loss_tenths", loss=1.25, se=0.5) == "−1,2 GyP, ±0,5"
    assert t("learn.why.vp", diff=0.5, category="") == "+0,5 GyP "
    assert t("tui.player.coins", coins=-3) == "−3é"
    assert i18n.format_number(-49.8) == "−49,8"
    assert i18n.quoted("pink") == "„pink”" and i18n.quoted("a\nb") == "„a\\nb”"
    i18n.set_language("en")
    assert t("learn.hint.loss_tenths", loss=1.25, se=0.5) == "−1.2 VP, ±0.5"
    assert i18n.quoted("pink") == "'pink'"


@pytest.mark.parametrize("mode,seed", [("jarl", 4), ("karl", 5)])
def test_the_log_of_a_game_has_hungarian_numbers(mode, seed):
    events, st = _play(DEFAULT_NAMES, mode, seed)
    text = "\n".join(describe_event(e, st) for e in events)
    assert not _bad(text), _bad(text)


def _purchase_state():
    st = new_game(DEFAULT_NAMES, mode="karl", seed=3, cards=load_cards())
    for _ in range(200):
        legal = legal_actions(st)
        if st.phase == "purchase" and any(isinstance(a, Buy) for a in legal) and \
                any(isinstance(a, Pass) for a in legal):
            return st
        st, _ = apply_action(st, legal[0])
    raise AssertionError("no purchase decision")


def test_the_review_line_names_the_moves_neutrally_with_hungarian_numbers():
    from jorvik.tui.screens.review import _line
    from jorvik.tui.text import Seats

    st = _purchase_state()
    p = current_player(st)
    seats = Seats(DEFAULT_NAMES, ["red", "blue", "green", "yellow"], [None, "easy", "easy",
                                                                       "easy"])
    d = SimpleNamespace(round=st.round, phase=st.phase, player=p, chosen=Pass(), better=Buy(),
                        loss=25.83)
    line = _line(d, st, seats).plain
    price = len(st.columns[st.turn])
    assert line == (f"{st.round}. forduló, vásárlásfázis: {player_name(DEFAULT_NAMES[p])}"
                    f" ezt választotta: passz (a következőnek olcsóbb); jobb lett volna: "
                    f"vásárlás {price} érméért (−25,8 GyP)"), line


def test_the_final_scoring_table_has_true_minus_signs():
    from jorvik.tui.screens.final import score_table
    from jorvik.tui.text import Seats

    seats = Seats(DEFAULT_NAMES[:2], ["red", "blue"], [None, "easy"])
    row = {"start": 10, "picts": -10, "prophecies": 0, "craftsmen": 5, "merchants": 0,
           "journeys": 0, "feasts": 0, "skalds": 0, "warehouse": 0, "total": 5, "coins": 3}
    session = SimpleNamespace(seats=seats, state=SimpleNamespace(result=None))
    table = score_table(session, {"scores": [row, dict(row, picts=-4, total=11)],
                                  "winners": [1]})
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(table)
    text = console.export_text()
    assert "−10" in text and "−4" in text and not _bad(text), text


# --------------------------------------------------------------------------- command line

@pytest.mark.parametrize("argv", [
    ["foo"],
    ["play", "--mode", "q"],
    ["play", "--bot-delay", "-1"],
    ["play", "--bot-delay", "x"],
    ["play", "--players", "x"],
    ["play", "--players", "-3"],
    ["play", "--colours", "pink", "--players", "2"],
    ["play", "--names", "Ödön,Ödön"],
    ["play", "--names", "a\tb,c"],
    ["play", "--seat", "x"],
    ["play", "--seat", "9=hard"],
    ["play", "--start-player", "7"],
    ["tournament", "--bots", "zz,easy", "--players", "2"],
    ["tournament", "--bots", "easy,easy", "--players", "2", "--workers", "0"],
    ["tournament", "--bots", "easy,easy", "--players", "2", "--think", "-0.5"],
    ["games", "--resume", "nincs-ilyen"],
    ["review", "nincs-ilyen"],
])
def test_command_line_errors_in_hungarian(argv, capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "hu", *argv])
    err = capsys.readouterr().err
    assert err.startswith(("jorvik: hiba: ", "jorvik: ")), err
    assert len(err.strip().splitlines()) == 1, err
    assert not _bad(err), err


def test_the_unknown_command_is_a_parancs(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "foo"])
    assert capsys.readouterr().err.startswith(
        "jorvik: hiba: parancs: érvénytelen érték: „foo” (választható: „play”, ")


def test_command_line_outputs_in_hungarian(capsys):
    main(["--lang", "hu", "cards", "--mode", "jarl"])
    main(["--lang", "hu", "simulate", "--games", "2", "--players", "3"])
    main(["--lang", "hu", "tournament", "--bots", "easy,random", "--players", "2", "--games",
          "4", "--workers", "1"])
    out = capsys.readouterr().out
    assert "játszma" in out and "győzelmi arány" in out, out
    assert not _bad(out), _bad(out)
