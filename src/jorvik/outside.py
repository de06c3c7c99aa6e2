"""The edge between the program and the outside world: every file that a person or another
program could have put there is read through `read_text_file` / `read_json_file`, and every
text that reaches the terminal is made harmless by `printable`.

A file is read only if it is a regular file (never a FIFO, a device or a folder: opening
one never waits), at most a given size, and (for JSON) nested at most a given depth; every
problem is one DataFileError with a reason, never a traceback, a hang or gigabytes of
memory. What a file *means* is checked above this (a schema per kind of file).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import unicodedata
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 4 * 1024 * 1024  # a save of the longest game is well under 200 kB
MAX_JSON_DEPTH = 32                # a save nests 5 levels deep
MAX_PATH_BYTES = 4096              # PATH_MAX on Linux; a longer path is refused at once


class DataFileError(Exception):
    """A file that cannot be read: `reason` is 'missing', 'folder', 'not_a_file', 'too_big',
    'unreadable', 'not_text' or 'not_json'; `detail` says more (in English, printable)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        detail = printable(detail)
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes: never blocks on a FIFO, never
    reads a device or a folder, never reads more than `limit` + 1 bytes."""
    if len(os.fsencode(path)) > MAX_PATH_BYTES:
        raise DataFileError("unreadable", os.strerror(errno.ENAMETOOLONG))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise DataFileError("missing") from None
    except IsADirectoryError:
        raise DataFileError("folder") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        raise DataFileError("unreadable", getattr(e, "strerror", None) or str(e)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DataFileError("folder")
        if not stat.S_ISREG(mode):
            raise DataFileError("not_a_file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise DataFileError("unreadable", e.strerror or str(e)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataFileError("too_big", f"more than {limit:,} bytes")
    return data


def read_text_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (see read_bytes)."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataFileError("not_text", f"not UTF-8 text ({e.reason} at byte {e.start})") from None


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _bracket_depth(text: str) -> int:
    """An upper bound of the JSON nesting of `text`, found before parsing (brackets inside
    strings count too, which only makes the bound safer)."""
    deepest = depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def read_json_file(path: str | Path, limit: int = MAX_FILE_BYTES,
                   depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON in a regular file of bounded size and nesting; DataFileError otherwise."""
    try:
        text = read_text_file(path, limit)
    except DataFileError as e:
        if e.reason == "not_text":
            raise DataFileError("not_json", e.detail) from None
        raise
    return parse_json(text, depth)


def parse_json(text: str, depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON text nested at most `depth` deep; DataFileError('not_json') otherwise. The nesting
    is bounded before the parser runs, so 100,000 brackets cost a scan, not a recursion."""
    if _bracket_depth(text) > depth and _too_deep(text, depth):
        raise DataFileError("not_json", f"nested more than {depth} levels deep")
    try:
        data = json.loads(text)
    except RecursionError:
        raise DataFileError("not_json", f"nested more than {depth} levels deep") from None
    except ValueError as e:
        raise DataFileError("not_json", str(e)[:120]) from None
    if json_depth(data) > depth:
        raise DataFileError("not_json", f"nested more than {depth} levels deep")
    return data


def _too_deep(text: str, depth: int) -> bool:
    """Whether brackets outside JSON strings nest deeper than `depth` (the exact count, for a
    text whose rough count said it might)."""
    level = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            if level > depth:
                return True
        elif ch in "]}":
            level -= 1
    return False


# ---------------------------------------------------------------- text to the terminal

def control_characters(text: str) -> list[str]:
    """The characters of Unicode category C (control, format, unassigned…) in `text`."""
    return [ch for ch in text if unicodedata.category(ch).startswith("C")]


def printable(text: str) -> str:
    """`text` with every Unicode category C character (ESC, BEL, CR, newline, …) written as
    an escape like \\x1b, so that showing it can never drive the terminal. Every text from
    outside (a path, a file name, a name, an error) passes here before it is shown."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(ch).startswith("C") else ch for ch in text)


def printable_lines(text: str) -> str:
    """Like `printable`, but line breaks stay line breaks (for a message of several lines
    that the program itself put together)."""
    return "\n".join(printable(line) for line in str(text).split("\n"))
