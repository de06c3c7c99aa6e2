"""Outside the engine (and bots/, which has its own helper), code asks the engine's types
instead of restating them (issue 33 §1): a phase is a `Phase`, never a string compared with
`.phase`; a pending decision is read by its `kind` and what it exposes, never matched by its
class. A scan of the source fails on any new such line."""

from __future__ import annotations

import ast
from pathlib import Path

import jorvik
from jorvik.engine import Decision, Phase

SRC = Path(jorvik.__file__).parent
LEFT_OUT = ("engine", "bots")
PHASE_NAMES = {p.value for p in Phase}


def _decision_classes() -> set[str]:
    out, todo = set(), [Decision]
    while todo:
        cls = todo.pop()
        out.add(cls.__name__)
        todo += cls.__subclasses__()
    return out


DECISIONS = _decision_classes()


def _files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py")
                  if p.relative_to(SRC).parts[0] not in LEFT_OUT)


def _phase_names(n: ast.AST) -> bool:
    """A phase name as a string, or a tuple, list or set holding one."""
    if isinstance(n, ast.Constant):
        return n.value in PHASE_NAMES
    if isinstance(n, (ast.Tuple, ast.List, ast.Set)):
        return any(_phase_names(e) for e in n.elts)
    return False


def _is_phase(n: ast.AST) -> bool:
    return ((isinstance(n, ast.Attribute) and n.attr == "phase")
            or (isinstance(n, ast.Name) and n.id == "phase"))


def findings(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            if any(_is_phase(s) for s in sides) and any(_phase_names(s) for s in sides):
                out.append((n.lineno, "a phase compared with a string"))
        elif isinstance(n, ast.Dict) and sum(_phase_names(k) for k in n.keys if k) >= 2:
            out.append((n.lineno, "a table keyed by phase strings"))
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.func.id == "isinstance" and len(n.args) == 2):
            kinds = n.args[1].elts if isinstance(n.args[1], ast.Tuple) else [n.args[1]]
            if any(isinstance(k, ast.Name) and k.id in DECISIONS for k in kinds):
                out.append((n.lineno, "a decision matched by its class"))
    return out


def test_no_phase_strings_or_decision_classes_are_matched_outside_the_engine():
    found = []
    for path in _files():
        for line, what in findings(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(SRC)}:{line}: {what}")
    assert not found, "\n".join(found)


def test_the_scan_finds_what_it_looks_for():
    code = '''
if st.phase == "demand": pass
if phase in ("purchase", "reservation"): pass
shown = {"supply_start": "supply", "demand_end": "demand"}
if isinstance(st.pending[-1], (TakeCube, PlaceCube)): pass
if st.phase == Phase.DEMAND and isinstance(a, Place): pass
'''
    assert [line for line, _ in findings(ast.parse(code))] == [2, 3, 4, 5]
    assert {"TakeCube", "GloryChoice", "AttackChoice", "Trickery"} <= DECISIONS
