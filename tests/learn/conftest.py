"""Fixtures for the learn/review tests: a fresh data directory and English."""

from __future__ import annotations

import pytest

from jorvik.i18n import set_language


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path / "home"))
    set_language("en")
    yield
    set_language("en")
