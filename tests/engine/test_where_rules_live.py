"""Every rule is found by its name (issue 33 §1): docs/engine.md's "Where each rule lives"
table names every module of the engine, and the card hooks of a rule with a module of its
own live there (Hired hands in hired.py, Loki in loki.py)."""

from __future__ import annotations

import re
from pathlib import Path

import jorvik
from jorvik.engine import hired, loki
from jorvik.engine.effects import EFFECTS

ENGINE = Path(jorvik.__file__).parent / "engine"
DOC = Path(jorvik.__file__).parents[2] / "docs" / "engine.md"


def _table() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Where each rule lives")
    return text[start:text.index("\n## ", start + 1)]


def test_the_table_names_every_engine_module_and_no_other():
    named = set(re.findall(r"`([a-z_]+\.py)`", _table()))
    modules = {p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py"}
    assert named == modules


def test_the_hooks_of_named_rules_live_in_their_modules():
    assert type(EFFECTS["hired_hands"]).__module__ == hired.__name__
    assert {type(EFFECTS[k]).__module__ for k in ("loki_trickery", "loki_theft",
                                                   "loki_tribute")} == {loki.__name__}
