"""What the benches share to keep their figures: `recorded` sends everything printed inside it to
the terminal and, when a file is named, appends it to that file as it is printed, so that a run
stopped half-way (a timeout, Ctrl+C) still leaves the figures it printed in bench/results/.

    from report import recorded, results_file  # bench/report.py
    with recorded(results_file("engine") if args.out else None, end="\n"):
        print(heading("engine.py", argv))
        ...
"""

from __future__ import annotations

import datetime
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import TextIO

RESULTS = Path(__file__).resolve().parent / "results"


def results_file(stem: str, day: datetime.date | None = None) -> Path:
    """bench/results/<stem>-<day>.txt (today's date by default)."""
    return RESULTS / f"{stem}-{(day or datetime.date.today()):%Y-%m-%d}.txt"


def heading(script: str, argv: list[str] | None) -> str:
    """The first line of a bench's figures: '# bench/<script> <its options>'."""
    return f"# bench/{script} {' '.join(argv if argv is not None else sys.argv[1:])}"


class _Tee(io.TextIOBase):
    """Writes to the terminal and to the record (flushed at each write)."""

    def __init__(self, screen: TextIO, record: TextIO | None) -> None:
        self.screen, self.record = screen, record

    def write(self, s: str) -> int:
        self.screen.write(s)
        if self.record is not None:
            self.record.write(s)
            self.record.flush()
        return len(s)

    def flush(self) -> None:
        self.screen.flush()


@contextmanager
def recorded(path: Path | None, end: str = "") -> Iterator[None]:
    """Print to the terminal and append what is printed to `path` (None: the terminal only);
    `end` is written to the file after the last figure (a blank line between runs). A file
    that cannot be opened is one line on stderr and exit status 2."""
    record = None
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            record = path.open("a", encoding="utf-8")
        except OSError as e:
            print(f"bench: cannot write {path}: {e.strerror or e}", file=sys.stderr)
            raise SystemExit(2) from None
    try:
        with redirect_stdout(_Tee(sys.stdout, record)):
            yield
    finally:
        if record is not None:
            record.write(end)
            record.close()
