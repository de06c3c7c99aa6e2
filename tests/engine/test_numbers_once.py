"""The game's numbers live once, in engine.RULES (issue 33 §2): bots/, tui/ and the CLI ask it
instead of writing 2-5 players, 6 columns, 12 spaces, the feast table or the rounds per table
size again. A scan of their source for those shapes fails on any new one; KNOWN lists the
copies still to replace (delete a line when its copy is gone)."""

from __future__ import annotations

import ast
from pathlib import Path

import jorvik

SRC = Path(jorvik.__file__).parent
SCANNED = ("bots", "tui", "cli.py")

# (file, shape) pairs written before RULES existed; new code asks RULES.
KNOWN = {
    ("cli.py", "2 <= x <= 5"),
    ("tui/screens/cards.py", "x <= 6"),
    ("tui/screens/game.py", "x <= 6"),
    ("tui/screens/game.py", "x > 6"),
    ("tui/widgets/column.py", "x <= 6"),
}


def _int(n: ast.AST) -> int | None:
    return n.value if isinstance(n, ast.Constant) and type(n.value) is int else None


def shape(n: ast.AST) -> str | None:
    """The name of a restated game number at node `n`, or None."""
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "range":
        args = [_int(a) for a in n.args]
        if None not in args and args in ([6], [12], [6, 12], [2, 6], [1, 7], [1, 13], [7, 13]):
            return f"range({', '.join(map(str, args))})"
    if isinstance(n, ast.Compare):
        if len(n.ops) == 2 and (_int(n.left), _int(n.comparators[1])) in ((2, 5), (1, 6), (1, 12)):
            return f"{_int(n.left)} <= x <= {_int(n.comparators[1])}"
        is_len = isinstance(n.left, ast.Call) and getattr(n.left.func, "id", "") == "len"
        if len(n.ops) == 1 and _int(n.comparators[0]) in (6, 12) and not is_len:
            op = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                  ast.NotEq: "!="}.get(type(n.ops[0]), "?")
            return f"x {op} {_int(n.comparators[0])}"
    if (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult)
            and isinstance(n.left, (ast.List, ast.Tuple)) and _int(n.right) in (6, 12)):
        return f"[...] * {_int(n.right)}"
    if isinstance(n, (ast.Tuple, ast.List)) and n.elts and all(_int(e) is not None for e in n.elts):
        values = tuple(_int(e) for e in n.elts)
        if values in ((2, 5, 9, 14), (0, 2, 5, 9, 14), (16, 12, 10, 8), (2, 3, 4, 5)):
            return f"{values}"
    if (isinstance(n, ast.Dict) and n.keys
            and all(k is not None and _int(k) is not None for k in n.keys)
            and {_int(k): _int(v) for k, v in zip(n.keys, n.values)}
            == {2: 16, 3: 12, 4: 10, 5: 8}):
        return "rounds by table size"
    return None


def copies() -> set[tuple[str, str]]:
    files = [p for part in SCANNED for p in
             ((SRC / part).rglob("*.py") if (SRC / part).is_dir() else [SRC / part])]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = shape(node)
            if name:
                found.add((path.relative_to(SRC).as_posix(), name))
    return found


def test_the_scan_finds_each_shape_it_looks_for():
    for code in ("range(6)", "range(6, 12)", "2 <= n <= 5", "s > 6", "[None] * 12",
                 "(2, 5, 9, 14)", "{2: 16, 3: 12, 4: 10, 5: 8}"):
        assert any(shape(n) for n in ast.walk(ast.parse(code))), code
    for code in ("range(3)", "len(keys) <= 6", "x > 7", "(1, 2)"):
        assert not any(shape(n) for n in ast.walk(ast.parse(code))), code


def test_bots_tui_and_the_cli_restate_no_new_game_number():
    new = copies() - KNOWN
    assert not new, f"ask jorvik.engine.RULES instead: {sorted(new)}"
