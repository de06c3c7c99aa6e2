"""The i18n tests' `lang` fixture (the data directory and English: tests/conftest.py)."""

from __future__ import annotations

import pytest

from jorvik import i18n


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request):
    """Run the test once per language, with that language set."""
    i18n.set_language(request.param)
    return request.param
