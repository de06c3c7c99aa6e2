"""Hungarian grammar for catalogue fields: the article a/az, the -t and -ban/-ben endings after
names and numbers (vowel harmony, "Annát", "5-öt", "1000-ben"), and the decimal comma.

A catalogue string asks for them with a format spec: `{seat:az}.` gives "az 5." / "a 2." (`{path:Az}` at a sentence's start),
`{player:t}` gives "Ödönt" / "Annát", `{year:ban}` gives "2016-ban", and a player's name
takes `{player:a}` (mid-sentence) or `{player:A}` (at the start of a sentence): a name that
begins with a numeral gets its article ("az 1. játékos", "A 2. gép"), a personal name stays
bare ("Ödön"). jorvik.i18n.t applies them; the English catalogues never use them.

Every number a Hungarian message shows is written by `decimal`: decimal comma, the true
minus sign (−) and grouped thousands; t() passes int and float fields through it."""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

BACK = set("aáoóuú")
FRONT_ROUNDED = set("öőüű")
FRONT_UNROUNDED = set("eéií")
VOWELS = BACK | FRONT_ROUNDED | FRONT_UNROUNDED
# After these final consonants -t follows at once ("Ödönt", "Pétert", "Balázst"); after any
# other a linking vowel comes first ("Benedeket", "Jakabot").
_PLAIN_T = ("ny", "ly", "zs", "sz", "j", "l", "n", "r", "s", "z")

# How a number is pronounced decides its endings: the last spoken word ("tizenöt" → öt) for
# the suffixes, the first one ("ötszáz" → öt) for the article.
_UNITS = ("nulla", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan",
         "kilencven")
# The spoken last word of a number → its -t and -ban/-ben forms.
_NUMBER_T = {
    "nulla": "t", "egy": "et", "kettő": "t", "három": "at", "négy": "et", "öt": "öt",
    "hat": "ot", "hét": "et", "nyolc": "at", "kilenc": "et", "tíz": "et", "húsz": "at",
    "harminc": "at", "negyven": "et", "ötven": "et", "hatvan": "at", "hetven": "et",
    "nyolcvan": "at", "kilencven": "et", "száz": "at", "ezer": "et", "millió": "t",
    "milliárd": "ot",
}


def _last_word(n: int) -> str:
    """The last word of the number as spoken: 15 → "öt", 40 → "negyven", 3000 → "ezer"."""
    n = abs(n)
    if n == 0:
        return "nulla"
    if n % 10:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[(n % 100) // 10]
    if n % 1000:
        return "száz"
    if n % 1_000_000:
        return "ezer"
    if n % 1_000_000_000:
        return "millió"
    return "milliárd"


def _first_word(n: int) -> str:
    """The first word of the number as spoken: 5 → "öt", 1500 → "ezer", 150 → "száz"."""
    if n < 0:
        return "mínusz"
    for size in (1_000_000_000, 1_000_000, 1000):
        if n >= size:
            high = n // size
            if size == 1000 and high == 1:
                return "ezer"  # 1000–1999: "ezer…", never "egyezer…"
            return _first_word(high)
    if n >= 100:
        return "száz" if n // 100 == 1 else _first_word(n // 100)
    if n >= 20:
        return _TENS[n // 10]
    if n >= 10:
        return "tíz"  # tíz, tizen…: the same first sound
    return _UNITS[n]


def _harmony(word: str) -> str:
    """'back', 'front' or 'rounded' (front rounded): which ending the word takes."""
    vowels = [c for c in word.lower() if c in VOWELS]
    if not vowels:
        return "front"  # "Ms", "X": read as letters (em, iksz), front
    last = vowels[-1]
    if last in BACK:
        return "back"
    if last in FRONT_ROUNDED:
        return "rounded"
    # i, í, e, é after a back vowel keep the word back: "Zsófi" → "Zsófiban", "Mari" → "Marit".
    return "back" if any(v in BACK for v in vowels) else "front"


def _number_tail(text: str) -> int | None:
    """The number a text ends in ("Zsófi2" → 2, "10" → 10), if it ends in a digit."""
    i = len(text)
    while i > 0 and text[i - 1].isdigit():
        i -= 1
    if i == len(text):
        return None
    return int(text[i:])


def article(text: str) -> str:
    """The definite article for `text`: "az" before a vowel sound (also "az 1.", "az 5",
    "az 1000"), "a" otherwise."""
    s = str(text).lstrip(" „\"'(«»")
    if not s:
        return "a"
    if s[0].isdigit() or (s[0] in "-−" and s[1:2].isdigit()):
        digits = ""
        for c in s.lstrip("-−"):
            if not c.isdigit():
                break
            digits += c
        n = -int(digits) if s[0] in "-−" else int(digits)
        return "az" if _first_word(n)[0] in VOWELS else "a"
    return "az" if s[0].lower() in VOWELS else "a"


def with_article(text: str) -> str:
    """`text` after its article: "az Ödön", "a Borostyánjóslat", "az 5."."""
    return f"{article(text)} {text}"


def with_article_start(text: str) -> str:
    """`text` after its article at the start of a sentence: "Az /tmp/x.json", "A mentés"."""
    s = with_article(text)
    return s[:1].upper() + s[1:]


def _numbered(text: str) -> bool:
    """Whether a name begins with a numeral ("1. játékos", "2. gép", "10. gép")."""
    return str(text).lstrip()[:1].isdigit()


def player_name(text: Any) -> str:
    """A player's name as a sentence uses it mid-sentence: a name that begins with a numeral
    takes its article ("az 1. játékos", "a 2. gép", "az 5. gép"); a personal name stays bare
    ("Ödön", "Anna"). A list of names (jorvik.i18n.NameList) gets the article name by name:
    "a 2. gép és Ödön"."""
    names = getattr(text, "names", None)
    if names is not None:
        from . import join_and  # jorvik.i18n imports this module first
        return join_and([player_name(n) for n in names])
    s = str(text)
    return with_article(s) if _numbered(s) else s


def player_name_start(text: Any) -> str:
    """A player's name at the start of a sentence: "Az 1. játékos", "A 2. gép", "Ödön"."""
    s = player_name(text)
    return s[:1].upper() + s[1:] if s else s


def accusative(text: str) -> str:
    """`text` with the -t ending: "Annát", "Évát", "Ödönt", "Benedeket", "1-et", "5-öt",
    "10-et", "1000-et", "Zsófi2-t"."""
    s = str(text)
    n = _number_tail(s)
    if n is not None:
        return f"{s}-{_NUMBER_T[_last_word(n)]}"
    if not s or not s[-1].isalpha():
        return f"{s}-t" if s else s
    last = s[-1]
    if last in "aA":
        return s[:-1] + ("á" if last == "a" else "Á") + "t"
    if last in "eE":
        return s[:-1] + ("é" if last == "e" else "É") + "t"
    if last.lower() in VOWELS:
        return s + "t"
    if s.lower().endswith(_PLAIN_T):
        return s + "t"
    link = {"back": "o", "front": "e", "rounded": "ö"}[_harmony(s)]
    return f"{s}{link}t"


def inessive(text: str) -> str:
    """`text` with the -ban/-ben ending: "Annában", "Ödönben", "Zsófiban", "5-ben",
    "2016-ban", "Zsófi2-ben"."""
    s = str(text)
    n = _number_tail(s)
    if n is not None:
        word = _last_word(n)
        return f"{s}-{'ban' if _harmony(word) == 'back' else 'ben'}"
    if not s or not s[-1].isalpha():
        return f"{s}-ban" if s else s
    if s[-1] in "aA":
        s = s[:-1] + ("á" if s[-1] == "a" else "Á")
    elif s[-1] in "eE":
        s = s[:-1] + ("é" if s[-1] == "e" else "É")
    return s + ("ban" if _harmony(s) == "back" else "ben")


# Format specs a Hungarian catalogue string may use on a field.
SPECS = {
    "az": with_article,
    "Az": with_article_start,
    "t": accusative,
    "ban": inessive,
    "a": player_name,
    "A": player_name_start,
}
_SPEC_RE = re.compile(r"\{[^{}:]*:(?:az|Az|t|ban|a|A)\}")


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class _Grammar(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        fn = SPECS.get(format_spec)
        if fn is not None:
            if fn in (player_name, player_name_start):
                return fn(value)
            return fn(decimal(value) if is_number(value) else str(value))
        if is_number(value):
            if not format_spec:
                return decimal(value)
            return hungarian_figures(super().format_field(value, format_spec))
        return super().format_field(value, format_spec)


_GRAMMAR = _Grammar()


@cache
def uses_grammar(msg: str) -> bool:
    """Whether a catalogue string asks for an article or an ending ({x:az}, {x:t}, {x:ban})."""
    return _SPEC_RE.search(msg) is not None


def needs_formatter(msg: str, fields: dict[str, Any]) -> bool:
    """Whether `msg` must go through format_message: it asks for an article or an ending, or
    one of its fields is a number that Hungarian writes differently (a fraction, a negative,
    a big one)."""
    if uses_grammar(msg):
        return True
    return any(is_number(v) and not (isinstance(v, int) and 0 <= v < 10_000)
               for v in fields.values())


def format_message(msg: str, fields: dict[str, Any]) -> str:
    """`msg` with its fields filled in, numbers written the Hungarian way, and the articles
    and endings it asks for applied."""
    return _GRAMMAR.vformat(msg, (), fields)


MINUS = "\u2212"
_FIGURE_RE = re.compile(r"(?<![\w.,])([-+]?)(\d+)\.(\d+)(?![\w.])|(?<![\w-])-(?=\d)")


def hungarian_figures(text: str) -> str:
    """A figure already written the English way ("-1.3", "+0.5", "-10") the Hungarian way:
    decimal comma, true minus sign ("−1,3", "+0,5", "−10")."""
    def fix(m: re.Match) -> str:
        if m.group(2) is None:
            return MINUS
        sign = MINUS if m.group(1) == "-" else m.group(1)
        return f"{sign}{m.group(2)},{m.group(3)}"
    return _FIGURE_RE.sub(fix, text)


def decimal(value: float | int, digits: int | None = None, sign: bool = False) -> str:
    """A number as Hungarian writes it: decimal comma, the true minus sign, and a no-break
    space between thousands from 10 000 up ("12,5", "−0,25", "12\u00a0345,6"); whole numbers
    stay whole ("1000").
    digits=None keeps the digits the value has (12.25 → "12,25"); sign=True writes "+" before
    a positive number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    plus = "+" if sign else ""
    if isinstance(value, int):
        text = f"{value:{plus}d}"
    elif digits is None:
        text = f"{plus}{value!r}" if sign and value >= 0 else repr(value)
    else:
        text = f"{value:{plus}.{digits}f}"
    sign_text = {"+": "+", "-": MINUS}.get(text[0], "")
    whole, _, frac = text.lstrip("+-").partition(".")
    if len(whole) > 4:
        groups: list[str] = []
        while whole:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = "\u00a0".join(groups)
    return sign_text + whole + ("," + frac if frac else "")
