"""Fixtures of the net tests."""

from __future__ import annotations

import pytest

from jorvik.carddata import load_cards


@pytest.fixture(scope="session")
def cards():
    return load_cards()
