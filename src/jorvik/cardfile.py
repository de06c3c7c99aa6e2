"""Reading an untrusted card file: regular files only, a size limit, YAML without aliases.

A card file comes from outside (`--cards PATH`, a save naming one), so every problem ends in
one CardFileError whose message is one printable line that quotes at most QUOTE_LIMIT
characters of any offending value. Both jorvik.carddata (loading) and jorvik.cardschema
(checking) use this module; it imports neither.
"""

from __future__ import annotations

import os
import re
import reprlib
import stat
import unicodedata
from pathlib import Path
from typing import Any

MAX_BYTES = 4 * 1024 * 1024  # the shipped card file is ~45 kB; a few MB leaves room for notes
MAX_DEPTH = 16               # a card file nests 5 deep (cards, record, removed, list)
QUOTE_LIMIT = 80             # characters of an offending value shown in a message


class CardFileError(Exception):
    """Any problem with a card file, as one human-readable, printable line.

    ``card_id`` and ``field`` name the offending card and field where known.
    """

    def __init__(self, message: str, *, card_id: str | None = None, field: str | None = None) -> None:
        message = printable(message)
        super().__init__(message)
        self.message = message
        self.card_id = card_id
        self.field = field


def control_characters(text: str) -> list[str]:
    """The characters of Unicode category C (control, format, unassigned…) in `text`."""
    return [ch for ch in text if unicodedata.category(ch).startswith("C")]


def printable(text: str) -> str:
    """`text` with every Unicode category C character (ESC, BEL, newline, …) written as an
    escape like \\x1b, so that printing it can never drive the terminal."""
    if not control_characters(text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(ch).startswith("C") else ch for ch in text)


_repr = reprlib.Repr()
_repr.maxstring = QUOTE_LIMIT
_repr.maxother = QUOTE_LIMIT
_repr.maxlevel = 3
_repr.maxlist = _repr.maxtuple = _repr.maxdict = _repr.maxset = 6


def shown(value: Any) -> str:
    """A value as a message quotes it: like repr(), but at most about QUOTE_LIMIT characters,
    however large or deeply nested the value is, and printable."""
    text = printable(_repr.repr(value))
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT - 1] + "…"


def read_card_file(path: str | Path) -> str:
    """The text of a card file; CardFileError unless it is a readable regular file of at most
    MAX_BYTES of UTF-8. Never blocks on a FIFO and never reads more than MAX_BYTES + 1."""
    where = printable(str(path))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise CardFileError(f"{where}: card file not found") from None
    except IsADirectoryError:
        raise CardFileError(f"{where}: is a directory, not a card file") from None
    except OSError as exc:
        raise CardFileError(f"{where}: cannot read the card file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise CardFileError(f"{where}: is a directory, not a card file")
        if not stat.S_ISREG(info.st_mode):
            raise CardFileError(f"{where}: is not a regular file (a device, pipe or socket), "
                                f"not a card file")
        if info.st_size > MAX_BYTES:
            raise CardFileError(f"{where}: the card file is {info.st_size:,} bytes; "
                                f"at most {MAX_BYTES:,} are accepted")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CardFileError(f"{where}: cannot read the card file: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_BYTES:  # it grew after the size check
        raise CardFileError(f"{where}: the card file is over {MAX_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardFileError(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def load_yaml(text: str, where: str) -> Any:
    """Parse a card file's YAML; CardFileError for a syntax error, any alias (`*name`: a few
    hundred bytes of nested aliases expand to gigabytes) or nesting deeper than MAX_DEPTH."""
    import yaml
    loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ten times faster
    where = printable(where)
    try:
        # A first pass over the events (cheap, and bounded by the text) finds aliases and
        # deep nesting before anything is built.
        depth = 0
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise CardFileError(f"{where}: YAML alias *{shown(event.anchor)[1:-1]} at line {line}: "
                                    f"a card file may not use anchors and aliases (write each "
                                    f"value out)")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else 0
                    raise CardFileError(f"{where}: YAML nested more than {MAX_DEPTH} levels deep "
                                        f"at line {line}; a card file needs 5")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, where) from None
    except (ValueError, OverflowError, RecursionError) as exc:
        # e.g. an integer of more digits than Python converts
        raise CardFileError(f"{where}: a value cannot be read: {shown(str(exc))}") from None


_FIELD_RE = re.compile(r"\s*(?:-\s+)?([A-Za-z_][\w.]{0,40})\s*:")
_ID_LINE_RE = re.compile(r"\s*(?:-\s+)?id\s*:\s*['\"]?([A-Za-z0-9_-]{1,40})")


def yaml_error(exc: Any, text: str, where: str) -> CardFileError:
    """Turn a YAML parse error into one message, naming the card and key near the error if possible."""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None) or ""
    pmark = getattr(exc, "problem_mark", None)
    cmark = getattr(exc, "context_mark", None)
    # For unclosed brackets and quotes the start of the construct is the useful place.
    mark = cmark if cmark is not None and context.startswith(("while parsing a flow", "while scanning")) else pmark
    mark = mark or cmark
    card_id = field = None
    pos = ""
    if mark is not None:
        lines = text.splitlines()
        line_no = mark.line
        pos = f" at line {line_no + 1}, column {mark.column + 1}"
        if 0 <= line_no < len(lines):
            m = _FIELD_RE.match(lines[line_no])
            if m:
                field = m.group(1)
        for ln in range(min(line_no, len(lines) - 1), -1, -1):
            m = _ID_LINE_RE.match(lines[ln])
            if m:
                card_id = m.group(1)
                break
    what = " ".join(p for p in (f"card {card_id}" if card_id else "",
                                f"field '{field}'" if field else "") if p)
    ctx = ""
    if context and cmark is not None and mark is not cmark:
        ctx = f" ({context} started at line {cmark.line + 1}, column {cmark.column + 1})"
    msg = f"{where}: {what + ': ' if what else ''}YAML syntax error{pos}: {problem}{ctx}"
    return CardFileError(msg, card_id=card_id, field=field)
