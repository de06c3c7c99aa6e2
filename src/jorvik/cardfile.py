"""Reading an untrusted card file: regular files only, a size limit, YAML without aliases.

A card file comes from outside (`--cards PATH`, a save naming one), so every problem ends in
one CardFileError whose message is one printable line that quotes at most QUOTE_LIMIT
characters of any offending value. Both jorvik.carddata (loading) and jorvik.cardschema
(checking) use this module; it imports neither.
"""

from __future__ import annotations

import re
import reprlib
from pathlib import Path
from typing import Any

from jorvik.outside import DataFileError, printable, read_text_file

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
    MAX_BYTES of UTF-8 (read by jorvik.outside: never blocks, never reads more)."""
    where = printable(str(path))
    try:
        return read_text_file(path, MAX_BYTES)
    except DataFileError as e:
        raise CardFileError(f"{where}: {_READ_PROBLEMS.get(e.reason, 'cannot read the card file')}"
                            + (f": {e.detail}" if e.reason in ("unreadable", "not_text") else "")
                            ) from None


_READ_PROBLEMS = {
    "missing": "card file not found",
    "folder": "is a directory, not a card file",
    "not_a_file": "is not a regular file (a device, pipe or socket), not a card file",
    "too_big": f"the card file is over {MAX_BYTES:,} bytes; at most {MAX_BYTES:,} are accepted",
    "unreadable": "cannot read the card file",
    "not_text": "the card file cannot be read",
}


def load_yaml(text: str, where: str) -> Any:
    """Parse a card file's YAML; CardFileError for a syntax error, any alias (`*name`: a few
    hundred bytes of nested aliases expand to gigabytes) or nesting deeper than MAX_DEPTH."""
    import yaml  # type: ignore[import-untyped]  # (PyYAML ships no type hints)
    loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: ten times faster
    where = printable(where)
    try:
        _first_pass(yaml, text, loader, where)
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, where) from None
    except (ValueError, OverflowError, RecursionError) as exc:
        # e.g. an integer of more digits than Python converts
        raise CardFileError(f"{where}: a value cannot be read: {shown(str(exc))}") from None


def _first_pass(yaml: Any, text: str, loader: type, where: str) -> None:
    """A first pass over the events (cheap, and bounded by the text) finds aliases, deep
    nesting and a key written twice before anything is built: CardFileError."""
    depth = 0
    # One frame per open mapping: its keys so far, whether a key comes next, its card id.
    frames: list[dict[str, Any] | None] = []
    for event in yaml.parse(text, Loader=loader):
        top = frames[-1] if frames else None
        if isinstance(event, yaml.ScalarEvent) and top is not None and top["key_next"]:
            _check_key(top, event, where)
            continue
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 1 if event.start_mark else 0
            raise CardFileError(f"{where}: YAML alias *{shown(event.anchor)[1:-1]} at line {line}: "
                                f"a card file may not use anchors and aliases (write each "
                                f"value out)")
        if isinstance(event, yaml.ScalarEvent) and top is not None:   # a mapping's value
            if top["last"] == "id":
                top["id"] = event.value
            top["key_next"] = True
        _open_or_close(yaml, event, frames)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise CardFileError(f"{where}: YAML nested more than {MAX_DEPTH} levels deep "
                                    f"at line {line}; a card file needs 5")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _open_or_close(yaml: Any, event: Any, frames: list[dict[str, Any] | None]) -> None:
    """A mapping or list that starts (a new frame) or ends (its frame goes; a mapping around
    it takes a key next)."""
    if isinstance(event, yaml.MappingStartEvent):
        frames.append({"keys": set(), "key_next": True, "last": None, "id": None})
    elif isinstance(event, yaml.SequenceStartEvent):
        frames.append(None)
    elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
        frames.pop()
        if frames and frames[-1] is not None:
            frames[-1]["key_next"] = True


def _check_key(frame: dict[str, Any], event: Any, where: str) -> None:
    """A mapping's next key: CardFileError if the mapping has it already (YAML would keep the
    later value without a word: a corrected card file would change the rules silently)."""
    key = event.value
    frame["key_next"], frame["last"] = False, key
    if key in frame["keys"]:
        line = event.start_mark.line + 1 if event.start_mark else 0
        card = f"card {shown(frame['id'])[1:-1]}: " if frame["id"] else ""
        raise CardFileError(f"{where}: {card}field {shown(key)} appears twice (line {line}); "
                            f"write each field once", card_id=frame["id"], field=key)
    frame["keys"].add(key)


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
