"""Every test gets its own empty data directory (JORVIK_HOME: never the user's saves and
settings) and starts and ends in English, whatever the locale of the machine running it.
The slow tier runs first, so that on the xdist workers (pyproject's addopts) its long
tests are not the last ones left while the other workers have nothing to do."""

from __future__ import annotations

import os
import sys
import tempfile
import zlib
from pathlib import Path

import pytest

from jorvik import i18n

# numpy's OpenBLAS starts a thread per core for each matrix product or solve (the value
# model's training, its ridge solves): on the suite's two cores, with two xdist workers
# already busy, those threads only wait on each other (a test of the training spent 2.5 CPU s
# where one thread takes 0.15 s). Set before numpy is first imported; the workers and the
# processes the tests start inherit it. What is computed is the same.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@pytest.fixture(autouse=True)
def _own_home_in_english(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path / "home"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_configure(config):
    """One bytecode cache for every Python the suite starts (its xdist workers, the `jorvik`
    commands in real processes and terminals, the hint workers). Where the environment forbids
    writing bytecode (PYTHONDONTWRITEBYTECODE=1: nothing is cached, in the checkout or the
    venv), each of those processes compiled Textual, pydantic and jorvik from source again
    (about 1.5 s of CPU for each start of the app). The cache is a folder of its own under the
    temporary directory, keyed by this interpreter: the checkout and the venv stay untouched,
    and Python checks each cached file against its source."""
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("JORVIK_TEST_PYCACHE"):
        return   # a worker: it has the controller's environment already
    key = f"{os.getuid() if hasattr(os, 'getuid') else 'u'}-{zlib.crc32(sys.prefix.encode()):08x}"
    cache = Path(tempfile.gettempdir()) / f"jorvik-test-pycache-{key}"
    os.environ["JORVIK_TEST_PYCACHE"] = str(cache)
    os.environ["PYTHONPYCACHEPREFIX"] = str(cache)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = str(cache)
    sys.dont_write_bytecode = False   # `-n 0`: the tests run in this process


_SHARED_CSS: dict[tuple, list] = {}


def _share_textual_css_parses() -> None:
    """Every app a test starts parses the same CSS (jorvik.tcss and each widget's default
    CSS, under the same theme variables) again: about a tenth of an app test's CPU. Textual
    keeps parsed rules per stylesheet; here the process keeps them, keyed by everything the
    parse reads (the text, where it came from, its kind, and the theme's variables). What an
    app does with its rules is unchanged; only the parsing is not repeated."""
    from textual.css.stylesheet import Stylesheet
    real = Stylesheet._parse_rules
    if getattr(real, "shared", False):
        return

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        rules = _SHARED_CSS.get(key)
        if rules is None:
            rules = _SHARED_CSS[key] = real(self, css, read_from, is_default_rules,
                                            tie_breaker, scope)
        return rules

    _parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


def pytest_runtest_setup(item):
    if "textual.css.stylesheet" in sys.modules:   # an app test (or one that ran before)
        _share_textual_css_parses()


def pytest_collection_modifyitems(config, items):
    """The tests marked slow first, the rest in their usual order (a stable sort)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
