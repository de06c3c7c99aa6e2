"""A card file is untrusted input: whatever it holds, `jorvik cards --cards FILE` answers with
one clear line and exit status 2 — never a traceback, a hang, unbounded memory or an escape
sequence sent to the terminal."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jorvik import cli
from jorvik.cardfile import MAX_BYTES, QUOTE_LIMIT

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = (ROOT / "data" / "cards.yaml").read_text(encoding="utf-8")

# 536 bytes of nested aliases: nine lists of nine references expand to 9**9 (387 million)
# strings. Before card files refused aliases, `jorvik cards` printed 2 GB of them and used
# 5 GB of memory (the issue measured a 561-byte variant).
ALIAS_BOMB = """format: 1
cards:
- id: A01
  season: A
  type: craftsman
  source: R
  text: A craftsman.
  name:
  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]
  - &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  - &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  - &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  - &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
  - &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
  goods: [leather, wool]
  vp: 5
"""


def jorvik_cards(capsys, path) -> tuple[int, str, str]:
    try:
        code = cli.main(["cards", "--cards", str(path)])
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def assert_one_clear_line(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert "Traceback" not in err
    assert not [ch for ch in err[:-1] if ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0], err
    return err


def edited(old: str, new: str) -> str:
    assert old in SHIPPED
    return SHIPPED.replace(old, new, 1)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run_subprocess(argv: list[str], tmp_path: Path, memory_limit: int | None = None):
    """Run `jorvik …` in a child process (a hang is a timeout, not a stuck test run)."""

    def limit() -> None:
        if memory_limit:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    env = {**os.environ, "JORVIK_HOME": str(tmp_path / "home")}
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "jorvik.cli", *argv], capture_output=True,
                          text=True, timeout=300, env=env, preexec_fn=limit)
    return done, time.perf_counter() - t0


# ---------------------------------------------------------------------------
# Files that are not card files


def test_a_directory_is_refused(capsys, tmp_path):
    err = assert_one_clear_line(*jorvik_cards(capsys, tmp_path))
    assert "is a directory" in err


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    done, _ = run_subprocess(["cards", "--cards", str(fifo)], tmp_path)
    assert_one_clear_line(done.returncode, done.stdout, done.stderr)
    assert "not a regular file" in done.stderr


def test_dev_zero_is_refused_without_reading_it(tmp_path):
    done, _ = run_subprocess(["cards", "--cards", "/dev/zero"], tmp_path,
                             memory_limit=2 * 1024 ** 3)
    assert_one_clear_line(done.returncode, done.stdout, done.stderr)
    assert "not a regular file" in done.stderr


def test_a_file_over_the_size_limit_is_refused(capsys, tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    err = assert_one_clear_line(*jorvik_cards(capsys, path))
    assert f"at most {MAX_BYTES:,}" in err


def test_a_file_name_with_an_escape_sequence_is_printed_harmlessly(capsys, tmp_path):
    err = assert_one_clear_line(*jorvik_cards(capsys, tmp_path / "\x1b]0;pwned\x07.yaml"))
    assert "\\x1b]0;pwned\\x07" in err


# ---------------------------------------------------------------------------
# YAML that expands or nests without bound


def test_the_alias_bomb_is_refused_in_bounded_time_and_memory(tmp_path):
    path = write(tmp_path, ALIAS_BOMB)
    assert path.stat().st_size < 600
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # 2 GB of address space is far below what the expansion needs; the child would die.
    done, seconds = run_subprocess(["cards", "--cards", str(path)], tmp_path,
                                   memory_limit=2 * 1024 ** 3)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    err = assert_one_clear_line(done.returncode, done.stdout, done.stderr)
    assert "alias" in err and "line 10" in err
    assert len(err) < 300
    assert seconds < 30
    if peak_kib > before:  # the largest child so far is this one
        assert peak_kib < 300 * 1024, f"peak memory {peak_kib // 1024} MB"


@pytest.mark.parametrize("depth", [40, 100_000])
def test_nesting_deeper_than_a_card_file_needs_is_refused(capsys, tmp_path, depth):
    path = write(tmp_path, "format: 1\ncards: " + "[" * depth + "]" * depth + "\n")
    err = assert_one_clear_line(*jorvik_cards(capsys, path))
    assert "nest" in err and len(err) < 400


def test_an_integer_too_long_to_read_gets_one_line(capsys, tmp_path):
    path = write(tmp_path, edited("    vp: 5\n", "    vp: 1" + "0" * 6000 + "\n"))
    err = assert_one_clear_line(*jorvik_cards(capsys, path))
    assert len(err) < 300


# ---------------------------------------------------------------------------
# Messages quote at most ~80 characters of an offending value


@pytest.mark.parametrize("old, new", [
    ("    season: A\n", "    season: " + "W" * 100_000 + "\n"),
    ("    vp: 5\n", "    vp: [" + ", ".join(["9"] * 50_000) + "]\n"),
    ("    vp: 5\n", "    vp: 5\n    " + "x" * 50_000 + ": 1\n"),
    ("  - id: A01\n", "  - id: " + "A" * 50_000 + "\n"),
    ("format: 1\n", "format: 1\n" + "z" * 50_000 + ": 1\n"),
])
def test_an_error_quotes_at_most_about_80_characters_of_the_value(capsys, tmp_path, old, new):
    path = write(tmp_path, edited(old, new))
    err = assert_one_clear_line(*jorvik_cards(capsys, path))
    said = err.replace(str(path), "cards.yaml")   # the file's own name is not a quoted value
    longest_run = max(len(run) for run in said.replace("9, ", "9").split())
    assert longest_run <= QUOTE_LIMIT + 2, err
    assert len(said) < 400, err


# ---------------------------------------------------------------------------
# Names and texts are plain printable text


@pytest.mark.parametrize("field, value", [
    ("name", "Leather\x1b]0;pwned\x07worker"),   # sets the terminal title
    ("name", "Leather\x1b[2Jworker"),            # clears the screen
    ("text", "Craftsman:\x9b31m red"),            # C1 CSI
    ("text", "Craftsman:\u202eright to left"),    # a format character
    ("name", "Leather\nworker"),
])
def test_a_control_character_in_a_name_or_text_is_refused(capsys, tmp_path, field, value):
    quoted = value.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    old = ('    name: "Leatherworker"\n' if field == "name" else
           '    text: "Craftsman: fill leather and wool to score 5 VP at the end."\n')
    path = write(tmp_path, edited(old, f'    {field}: "{quoted}"\n'))
    err = assert_one_clear_line(*jorvik_cards(capsys, path))
    assert "card A01" in err and f"'{field}'" in err and "control character" in err


def test_a_name_that_looks_like_rich_markup_is_printed_as_written(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path = write(tmp_path, edited('name: "Leatherworker"', 'name: "Leather [/] [bold red]worker"'))
    try:
        code = cli.main(["cards", "--cards", str(path), "--mode", "karl"])
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr().out
    assert code == 0
    assert "Leather [/] [bold red]worker" in out


def test_the_shipped_cards_print_no_escape_sequence(capsys):
    assert cli.main(["cards"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out
