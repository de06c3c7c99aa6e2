"""Message catalogues (one YAML file per domain and language) and the t() lookup.

Files are `<domain>.<lang>.yaml` beside this module (domains: common, events, cards, rules,
cli, tui); each holds one mapping whose top-level key is the domain, so keys read
`tui.footer.buy`. A value is a string with `{name}` fields, or for plurals a mapping with
`one` and `other` chosen by the `count` argument (and an optional `zero`, for a count of 0
that a sentence words differently: "no vikings of your own left").

Every key is written out in full as a string literal somewhere under src/jorvik, built by an
f-string whose literal start names its group, or belongs to a family named after one of the
game's enumerations (`named("cards.types", card.type)`); tests/i18n finds unused and missing
keys by a static scan and checks each family against its enumeration. See docs/i18n.md.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from jorvik.outside import printable_lines

from . import hu

LANGUAGES = ("en", "hu")
DEFAULT = "en"
_current = DEFAULT
_HERE = Path(__file__).parent


def _yaml_load(text: str) -> Any:
    import yaml  # type: ignore[import-untyped]  # (PyYAML ships no type hints); only when a catalogue is first needed
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser is ~10x faster
    return yaml.load(text, Loader=loader)


@cache
def _domain(lang: str, domain: str) -> dict[str, Any]:
    """The keys of one catalogue file, flattened; read when a key of it is first asked for
    (the rules summary, say, is only read when the help opens)."""
    flat: dict[str, Any] = {}
    path = _HERE / f"{domain}.{lang}.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return flat
    _flatten(_yaml_load(text) or {}, "", flat)
    return flat


def catalogue(lang: str) -> dict[str, Any]:
    """Every key of one language, flattened to dotted keys."""
    flat: dict[str, Any] = {}
    for path in sorted(_HERE.glob(f"*.{lang}.yaml")):
        flat.update(_domain(lang, path.name.split(".")[0]))
    return flat


def _flatten(node: Any, prefix: str, out: dict[str, Any]) -> None:
    if isinstance(node, dict) and not _is_plural(node):
        for k, v in node.items():
            _flatten(v, f"{prefix}{k}.", out)
        return
    out[prefix[:-1]] = node


def _is_plural(node: dict) -> bool:
    return bool(node) and set(node) <= {"zero", "one", "other"} and "other" in node


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGUAGES)})")
    _current = lang


def get_language() -> str:
    return _current


def language_from_env(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def resolve_language(cli_value: str | None) -> str:
    """--lang if given, else the saved setting, else the environment, else English."""
    if cli_value:
        return cli_value
    from jorvik.settings import setting
    saved = setting("lang", LANGUAGES)
    if saved is not None:
        return saved
    return language_from_env()


def language_from_argv(argv: list[str] | None = None) -> str | None:
    """The value of `--lang xx` / `--lang=xx` in a command line, if any: lets a program pick
    the language before it builds translated --help texts."""
    import sys
    args = sys.argv[1:] if argv is None else argv
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args) and args[i + 1] in LANGUAGES:
            return args[i + 1]
        if arg.startswith("--lang=") and arg[len("--lang="):] in LANGUAGES:
            return arg[len("--lang="):]
    return None


def remember_language(lang: str) -> None:
    """Save `lang` as the user's language (the app's language switch); resolve_language
    picks it up next time unless --lang says otherwise. Does not change the current
    language: call set_language for that."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGUAGES)})")
    from jorvik.settings import save_settings
    save_settings(lang=lang)


def named(family: str, value: Any) -> str:
    """The word for `value` in a key family named after one of the game's enumerations
    ("cards.types" + "ship" -> cards.types.ship), or the value itself if the family has no
    such key (an unknown value, say from a damaged save). tests/i18n checks each family
    against its enumeration, in both directions."""
    key = f"{family}.{value}"
    return t(key) if key in _domain(DEFAULT, family.partition(".")[0]) else str(value)


def language_name(lang: str) -> str:
    """A language by its own name ("English", "Magyar"), for the language switch."""
    return named("common.languages", lang)


def join_list(items: list[str] | tuple[str, ...]) -> str:
    """Items separated as the language separates a plain list: "amber, iron, wool"."""
    return t("common.list.separator").join(items)


def join_and(items: list[str] | tuple[str, ...]) -> str:
    """Items joined as a sentence joins them: "Eszti and Móni", "A, B and C"."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return t("common.list.pair", first=items[0], second=items[1])
    return t("common.list.last", rest=join_list(items[:-1]), last=items[-1])


class NameList(str):
    """Player names joined as a sentence joins them ("Eszti and Móni"), for a field that holds
    several names: the Hungarian `{x:a}` spec still reaches them one by one and gives each its
    article ("a 2. gép és Ödön")."""

    names: tuple[str, ...]

    def __new__(cls, names: list[str] | tuple[str, ...]) -> NameList:
        obj = super().__new__(cls, join_and(list(names)))
        obj.names = tuple(names)
        return obj


def quoted(value: Any, limit: int = 40) -> str:
    """A value the user gave, quoted on one line as the language quotes: 'x' in English,
    „x” in Hungarian; control characters shown as escapes (never printed), at most about
    `limit` characters."""
    text = str(value)
    if not text.isprintable():
        text = repr(text)[1:-1]
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return f"„{text}”" if get_language() == "hu" else f"'{text}'"


def level_name(level: Any) -> str:
    """A bot level as players read it ("könnyű" for easy); an unknown one as it was given."""
    return named("common.levels", level)


def format_number(value: float | int, digits: int | None = None, sign: bool = False) -> str:
    """A figure in the current language: "12.5" / "-3" in English, "12,5" / "−3" in Hungarian
    (jorvik.i18n.hu.decimal: decimal comma, true minus sign). digits=None keeps the value's
    own digits; sign=True writes "+" before a positive number. The one function for figures:
    Hungarian messages pass their int and float fields through it too."""
    if get_language() == "hu":
        return hu.decimal(value, digits, sign)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    plus = "+" if sign else ""
    if isinstance(value, int):
        return f"{value:{plus}d}"
    if digits is None:
        return f"{plus}{value!r}" if sign and value >= 0 else repr(value)
    return f"{value:{plus}.{digits}f}"


def date_time(iso: str) -> str:
    """A saved time ("2026-12-06T16:37:12") to the minute as the language writes dates:
    "2026-12-06 16:37" in English, "2026. 12. 06. 16:37" in Hungarian."""
    text = str(iso).replace("T", " ")[:16]
    if get_language() == "hu" and len(text) == 16 and text[4] == "-" and text[7] == "-":
        return f"{text[:4]}. {text[5:7]}. {text[8:10]}. {text[11:]}"
    return text


def format_percent(fraction: float, digits: int = 1) -> str:
    """A proportion as a percentage: "12.5%" / "12,5%"."""
    return format_number(float(fraction) * 100, digits) + "%"


def t(key: str, count: int | None = None, lang: str | None = None, **fields: Any) -> str:
    """The message `key` in the current language, with `{fields}` filled in. A missing key
    falls back to English, then to the key itself (tests make sure none are missing)."""
    lang = lang or _current
    domain = key.partition(".")[0]
    msg = _domain(lang, domain).get(key)
    if msg is None and lang != DEFAULT:
        msg = _domain(DEFAULT, domain).get(key)
    if msg is None:
        return key
    if isinstance(msg, dict):
        form = "zero" if count == 0 else "one" if count == 1 else "other"
        msg = msg.get(form, msg["other"])
    if count is not None:
        fields.setdefault("count", count)
    # The one place where texts from outside (paths, file names, error texts, names) enter
    # what is shown: an escape sequence in any of them is written out, never sent.
    fields = {k: printable_lines(v) if isinstance(v, str) and not isinstance(v, (NameList, _Slot))
              else v for k, v in fields.items()}
    try:
        if lang == "hu" and hu.needs_formatter(str(msg), fields):
            return hu.format_message(str(msg), fields)
        return str(msg).format(**fields)
    except (KeyError, IndexError, ValueError):
        return str(msg)


class _Slot(str):
    """A field of t_split: a marker that t leaves as it is."""


def t_split(key: str, slots: tuple[str, ...], count: int | None = None,
            **fields: Any) -> list[str]:
    """The message `key` cut at the named `slots` (fields the caller fills with rich text of
    its own, e.g. a move in the menu's words): plain texts and slot names alternating, in
    the order the language puts them — [text, slot, text, slot, text]."""
    marks: dict[str, str] = {_Slot(chr(0xE000 + i)): name for i, name in enumerate(slots)}
    text = t(key, count=count, **fields, **{name: mark for mark, name in marks.items()})
    pieces: list[str] = []
    current: list[str] = []
    for ch in text:
        if ch in marks:
            pieces += ["".join(current), marks[ch]]
            current = []
        else:
            current.append(ch)
    return pieces + ["".join(current)]
