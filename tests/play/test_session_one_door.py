"""One way in: no front end (src/jorvik/tui, src/jorvik/net) reads the engine's state of a
game or applies an engine action itself. They read the table's public view
(`table.public`, `table.view(seat)`) and play through `table.submit` (jorvik.play.table).

The check reads the source (an AST walk): `.apply` of anything, `.state` and `.states` of
anything named `...session`, `...mirror` or the short `s`/`m` the code uses for them (a
replay's or a review's own list of states is not a game being played), and any use of the
engine's `apply_action`. The few
places still allowed are listed with why."""

from __future__ import annotations

import ast
from pathlib import Path

import jorvik

SRC = Path(jorvik.__file__).parent
FRONT_ENDS = ("tui", "net")
ANYWHERE = {"apply"}
HOLDERS = ("session", "mirror")
SHORT = {"s", "m"}

# (file, what) -> why it may stay. Keep it short: each line is a debt or a reason.
ALLOWED: dict[tuple[str, str], str] = {}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def offences(source: str) -> list[tuple[int, str]]:
    """(line, what) for each way `source` goes round the table (see the module)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ANYWHERE:
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.Attribute) and node.attr in ("state", "states"):
            holder = _dotted(node.value).rsplit(".", 1)[-1]
            if holder.lower().endswith(HOLDERS) or holder in SHORT:
                out.append((node.lineno, node.attr))
        elif (isinstance(node, ast.Name) and node.id == "apply_action") or (
                isinstance(node, ast.ImportFrom)
                and any(a.name == "apply_action" for a in node.names)):
            out.append((node.lineno, "apply_action"))
    return sorted(out)


def test_the_check_finds_each_way_round_the_table():
    src = ("x = self.session.state.round\n"
           "for s in app.mirror.states: pass\n"
           "session.apply(action)\n"
           "s.turns.x = m.state\n"
           "from jorvik.engine import apply_action\n"
           "new, ev = apply_action(st, a)\n"
           "ok = self.session.public.state\n"          # the public view: fine
           "self.session.submit(p, a, at=3)\n")       # the one door: fine
    assert [what for _, what in offences(src)] == [
        "state", "states", "apply", "state", "apply_action", "apply_action"]


def test_no_front_end_reads_the_game_state_or_applies_an_action():
    found = []
    for package in FRONT_ENDS:
        for path in sorted((SRC / package).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            for line, what in offences(path.read_text(encoding="utf-8")):
                if (rel, what) not in ALLOWED:
                    found.append(f"{rel}:{line}: {what}")
    assert found == [], "a front end goes round the table (use table.public / submit)"


def test_the_allow_list_has_no_stale_entries():
    """Each allowed place still exists (a fixed one leaves the list)."""
    seen = set()
    for package in FRONT_ENDS:
        for path in (SRC / package).rglob("*.py"):
            rel = path.relative_to(SRC).as_posix()
            seen |= {(rel, what) for _, what in offences(path.read_text(encoding="utf-8"))}
    assert set(ALLOWED) <= seen
