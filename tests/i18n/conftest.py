"""Every i18n test starts in English with its own empty data directory (never the user's)."""

from __future__ import annotations

import pytest

from jorvik import i18n


@pytest.fixture(autouse=True)
def _clean_language(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path / "jorvik-home"))
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request):
    """Run the test once per language, with that language set."""
    i18n.set_language(request.param)
    return request.param
