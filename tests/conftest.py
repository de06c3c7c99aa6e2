"""Every test gets its own empty data directory (JORVIK_HOME: never the user's saves and
settings) and starts and ends in English, whatever the locale of the machine running it.
The slow tier runs first, so that on two workers (pytest-xdist, pyproject's addopts) its long
tests are not the last ones left while the other worker has nothing to do."""

from __future__ import annotations

import pytest

from jorvik import i18n


@pytest.fixture(autouse=True)
def _own_home_in_english(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path / "home"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_collection_modifyitems(config, items):
    """The tests marked slow first, the rest in their usual order (a stable sort)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
