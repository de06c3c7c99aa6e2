"""The message catalogues: the same keys in every language, complete plural forms, the same
{fields}, a key for every value of the game's enumerations and none for a value they lack,
and no other key unused or missing in the code (found by a static scan of src/jorvik)."""

from __future__ import annotations

import ast
import functools
import re
import string
import unicodedata
from importlib import resources
from pathlib import Path

import pytest
import yaml

import jorvik
from jorvik import i18n
from jorvik.bots import BOTS
from jorvik.cli import MODES
from jorvik.engine import ACTION_TYPES, REFUSALS, SCORE_CATEGORIES, Decision, Phase
from jorvik.engine.cards import CARD_TYPES, GOODS, SEASONS
from jorvik.engine.events import EVENT_TYPES

SRC = Path(jorvik.__file__).parent
I18N_DIR = Path(i18n.__file__).parent
FILE_RE = re.compile(r"^(?P<domain>[a-z_]+)\.(?P<lang>[a-z]+)\.yaml$")
DOMAINS = sorted({m["domain"] for f in I18N_DIR.iterdir() if (m := FILE_RE.match(f.name))})
# Key-shaped string literals in the i18n modules must name a real key.
OWN_DOMAINS = ("common", "events", "cards", "rules", "cli")
KEY_LITERAL_RE = re.compile(rf"^({'|'.join(OWN_DOMAINS)})\.[a-z0-9_]+(\.[a-z0-9_]+)*$")


def _domain_keys(lang: str, domain: str) -> dict:
    return {k: v for k, v in i18n.catalogue(lang).items() if k.split(".")[0] == domain}


def _forms(value) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def _fields(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name}


# --------------------------------------------------------------------------- the files

def test_every_catalogue_file_holds_one_domain_named_like_the_file():
    for f in I18N_DIR.iterdir():
        m = FILE_RE.match(f.name)
        if not m:
            continue
        assert m["lang"] in i18n.LANGUAGES, f"{f.name}: unknown language"
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and list(data) == [m["domain"]], (
            f"{f.name}: the only top-level key must be {m['domain']!r}")


def test_catalogue_files_ship_with_the_package():
    names = {e.name for e in resources.files("jorvik.i18n").iterdir()}
    for lang in i18n.LANGUAGES:
        for domain in OWN_DOMAINS:
            assert f"{domain}.{lang}.yaml" in names


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_key_exists_in_every_language(domain):
    keys = {lang: set(_domain_keys(lang, domain)) for lang in i18n.LANGUAGES}
    for lang in i18n.LANGUAGES:
        missing = sorted(keys[i18n.DEFAULT] - keys[lang])
        extra = sorted(keys[lang] - keys[i18n.DEFAULT])
        assert not missing, f"{domain}: missing in {lang}: {missing}"
        assert not extra, f"{domain}: in {lang} but not in {i18n.DEFAULT}: {extra}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_plural_forms_are_complete_in_every_language(domain):
    en = _domain_keys("en", domain)
    for lang in i18n.LANGUAGES:
        for key, value in _domain_keys(lang, domain).items():
            if isinstance(value, dict):
                assert {"one", "other"} <= set(value) <= {"zero", "one", "other"}, (
                    f"{lang} {key}: needs one and other (and may have zero)")
            if key in en:
                if isinstance(value, dict) and isinstance(en[key], dict):
                    assert ("zero" in value) == ("zero" in en[key]), (
                        f"{lang} {key}: a zero form in one language, not in the other")
                assert isinstance(value, dict) == isinstance(en[key], dict), (
                    f"{lang} {key}: plural in one language, not in the other")


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_non_empty_text(domain):
    for lang in i18n.LANGUAGES:
        for key, value in _domain_keys(lang, domain).items():
            for form in _forms(value):
                assert isinstance(form, str) and form.strip(), f"{lang} {key}: empty or not text"


@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_use_the_same_fields(domain):
    en = _domain_keys("en", domain)
    for lang in i18n.LANGUAGES:
        for key, value in _domain_keys(lang, domain).items():
            if key not in en:
                continue
            want = set().union(*(_fields(f) for f in _forms(en[key])))
            got = set().union(*(_fields(f) for f in _forms(value)))
            assert got == want, f"{lang} {key}: fields {sorted(got)}, English has {sorted(want)}"


def test_plural_messages_show_their_count():
    for lang in i18n.LANGUAGES:
        for key, value in i18n.catalogue(lang).items():
            if isinstance(value, dict):
                for form in value.values():
                    assert "count" in _fields(form) or not _fields(form) or key.startswith("tui."), (
                        f"{lang} {key}: a plural form without {{count}}")


def test_messages_are_nfc_normalised():
    for lang in i18n.LANGUAGES:
        for key, value in i18n.catalogue(lang).items():
            for form in _forms(value):
                assert unicodedata.is_normalized("NFC", form), f"{lang} {key}: not NFC"


# --------------------------------------------------------------------------- key families

# Key families named after one of the game's enumerations: <family>.<value>, one key per value.
FAMILIES: dict[str, tuple[str, ...]] = {
    "cards.goods": GOODS,
    "cards.letters": GOODS,
    "cards.types": CARD_TYPES,
    "tui.type": CARD_TYPES,
    "cards.phases": tuple(sorted(p.value for p in Phase)),   # the engine's Phase enum
    "tui.mode": MODES,
    "tui.score": (*SCORE_CATEGORIES, "total", "coins"),  # the final scoring's columns
    "tui.season": SEASONS,
    "tui.season_name": SEASONS,
    "common.languages": i18n.LANGUAGES,
    # why the engine refuses a move, the moves and the pending decisions: the lists of kinds
    # live in the engine (engine/refusals.py, engine/actions.py, engine/pending.py)
    "play.refusals": tuple(REFUSALS),
    "play.actions": tuple(ACTION_TYPES),
    "play.decisions": tuple(Decision.KINDS),
}
FAMILY_NAMES = (*FAMILIES, "common.levels")
# events.<type> holds the line(s) of each event type; these groups are shared parts of lines.
EVENT_PARTS = {"unknown", "unknown_player", "from", "spot"}


def _family(key: str) -> str:
    return key.rpartition(".")[0]


def test_every_value_of_an_enumeration_has_its_key_in_every_language_and_no_other_value_has():
    assert len(FAMILIES["cards.phases"]) == 9
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        for family, values in FAMILIES.items():
            keys = {k.rpartition(".")[2] for k in cat if _family(k) == family}
            assert keys == set(values), (
                f"{lang} {family}: missing {sorted(set(values) - keys)}, "
                f"for no value {sorted(keys - set(values))}")
        # every event kind of the engine (its EVENT_TYPES) has its group of lines, and
        # nothing else does
        groups = {k.split(".")[1] for k in cat if k.startswith("events.")}
        assert groups - EVENT_PARTS == set(EVENT_TYPES), lang
        # bot levels: every level has its word, and no word names a level that does not exist
        levels = {k.rpartition(".")[2] for k in cat if _family(k) == "common.levels"}
        assert levels == set(BOTS), lang


# --------------------------------------------------------------------------- the code

def _python_files() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


@functools.lru_cache(maxsize=1)
def _scan() -> tuple[set[str], set[str], list[tuple[Path, str]]]:
    """String constants, leading literal parts of f-strings (key prefixes), and the literal
    first arguments of t(...) calls, over src/jorvik."""
    constants: set[str] = set()
    prefixes: set[str] = set()
    t_calls: list[tuple[Path, str]] = []
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefixes.add(first.value)
            elif isinstance(node, ast.Call) and node.args:
                fn = node.func
                name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                arg = node.args[0]
                if name == "t" and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    t_calls.append((path, arg.value))
    return constants, prefixes, t_calls


def test_no_unused_keys():
    """Every key is written out in full somewhere in src/jorvik, or is built by an f-string
    whose literal start is the key's prefix (f"tui.goods.{name}" covers tui.goods.amber), or
    belongs to a family the enumeration test above checks (and common.levels)."""
    constants, prefixes, _ = _scan()
    key_prefixes = [p for p in prefixes if p.endswith(".") and re.match(r"^[a-z_]+\.", p)]
    unused = []
    for key in i18n.catalogue(i18n.DEFAULT):
        if key in constants or _family(key) in FAMILY_NAMES:
            continue
        if any(key.startswith(p) and "." not in key[len(p):] for p in key_prefixes):
            continue
        unused.append(key)
    assert not unused, f"catalogue keys no code uses: {sorted(unused)}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_keys_used_in_code_exist_in_every_language(domain):
    """Literal t("…") keys anywhere in src/jorvik, and key-shaped literals in the i18n
    modules, name real keys in every language (or a key family, for i18n.named)."""
    _, _, t_calls = _scan()
    used = [(p, k) for p, k in t_calls]
    for path in sorted(I18N_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and KEY_LITERAL_RE.match(node.value)):
                used.append((path, node.value))
    used = [(p, k) for p, k in used if k.split(".")[0] == domain]
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        missing = sorted({f"{p.relative_to(SRC)}: {k}" for p, k in used
                          if k not in cat and k not in FAMILY_NAMES})
        assert not missing, f"{domain}: keys missing in {lang}: {missing}"


def test_keys_used_in_code_belong_to_a_catalogue_domain():
    _, _, t_calls = _scan()
    unknown = sorted({f"{p.relative_to(SRC)}: {k}" for p, k in t_calls
                      if k.split(".")[0] not in DOMAINS})
    assert not unknown, f"t() keys of a domain with no catalogue file: {unknown}"
