"""The layers hold: the play layer runs without a user interface (no Textual, no Rich, not
the app), `jorvik games` lists games without the app, and the engine's API lists names, not
its submodules. Each check imports in a fresh interpreter, so nothing imported by another
test can hide an import."""

from __future__ import annotations

import subprocess
import sys
import types

UI = ("textual", "rich", "jorvik.tui")


def _loaded_after(code: str) -> set[str]:
    """The top-level names of the modules a fresh interpreter has loaded after `code`."""
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120, check=True).stdout.split()
    return set(out)


def _ui_modules(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if any(m == u or m.startswith(u + ".") for u in UI))


def test_nothing_under_play_imports_textual_rich_or_the_app():
    import pkgutil

    import jorvik.play
    names = [f"jorvik.play.{m.name}" for m in pkgutil.iter_modules(jorvik.play.__path__)]
    assert {"jorvik.play.session", "jorvik.play.menu", "jorvik.play.turns",
            "jorvik.play.saves", "jorvik.play.lock", "jorvik.play.since",
            "jorvik.play.scores", "jorvik.play.seats"} <= set(names)
    loaded = _loaded_after("\n".join(f"import {n}" for n in names))
    assert set(names) <= loaded
    assert _ui_modules(loaded) == []


def test_a_whole_game_is_played_through_the_session_without_a_user_interface():
    code = """
from jorvik.carddata import load_cards
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.turns import BotTurns
from jorvik.play.since import summary
from jorvik.play.scores import projected_vp
from jorvik.play.words import plain
s = Session.start(load_cards(), Seats(["Ann", "Bob"], ["red", "blue"], ["easy", "easy"]),
                  "karl", 7, None, autosave=False)
turns = BotTurns(s)
for _ in range(2000):
    if s.over:
        break
    p = s.decider
    move = turns.think(p, turns.begin(p), lambda words: None)
    assert turns.play(move)
    plain(s.view(p).menu.prompt if s.view(p).menu else (), s.seats, s.state)
    [plain(i.text, s.seats, s.state) for i in summary(s, p)]
    projected_vp(s.state)
assert s.over
"""
    assert _ui_modules(_loaded_after(code)) == []


def test_jorvik_games_lists_the_saved_games_without_the_app(tmp_path):
    code = f"""
import os
os.environ["JORVIK_HOME"] = {str(tmp_path)!r}
from jorvik.cli import main
assert main(["games"]) == 0
"""
    assert _ui_modules(_loaded_after(code)) == []


def test_the_engine_api_lists_names_not_submodules():
    import jorvik.engine as engine
    assert engine.__all__
    modules = [n for n in engine.__all__ if isinstance(getattr(engine, n), types.ModuleType)]
    assert modules == []
    assert {"new_game", "apply_action", "legal_actions", "GameState"} <= set(engine.__all__)
