"""The installed game stands on its own: a wheel built from the checkout carries the card
data (top-level data/cards.yaml) and plays in a fresh virtual environment outside it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from jorvik.carddata import default_card_file

ROOT = Path(__file__).resolve().parents[1]
UV = shutil.which("uv")


def test_a_checkout_reads_the_top_level_card_file():
    assert default_card_file() == ROOT / "data" / "cards.yaml"
    assert not (ROOT / "src" / "jorvik" / "data" / "cards.yaml").exists(), \
        "data/cards.yaml is the one source of card data; no copy inside the package sources"


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


@pytest.mark.slow
@pytest.mark.skipif(UV is None, reason="uv is not installed: cannot build and install the wheel")
def test_the_wheel_installed_outside_the_checkout_lists_cards_and_plays_a_game(tmp_path):
    assert UV is not None
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "UV_PROJECT_ENVIRONMENT", "PYTHONHOME")}
    env["JORVIK_HOME"] = str(tmp_path / "home")
    dist, venv = tmp_path / "dist", tmp_path / "venv"

    _run([UV, "build", "--wheel", "--offline", "--quiet", "--out-dir", str(dist)], ROOT, env)
    wheel = next(dist.glob("jorvik-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        shipped = zf.read("jorvik/data/cards.yaml")
    assert shipped == (ROOT / "data" / "cards.yaml").read_bytes()

    # A fresh environment: the locked dependencies (from uv's cache, no network), then the
    # wheel itself, not the checkout.
    _run([UV, "sync", "--project", str(ROOT), "--frozen", "--no-dev", "--no-install-project",
          "--offline", "--quiet", "--python", sys.executable],
         tmp_path, {**env, "UV_PROJECT_ENVIRONMENT": str(venv)})
    python = venv / "bin" / "python"
    _run([UV, "pip", "install", "--offline", "--quiet", "--no-deps", "--python", str(python),
          str(wheel)], tmp_path, env)

    where = _run([str(python), "-c", "import jorvik.carddata as c; print(c.default_card_file())"],
                 tmp_path, env).stdout.strip()
    assert Path(where).is_relative_to(venv), where

    jorvik = str(venv / "bin" / "jorvik")
    listed = json.loads(_run([jorvik, "cards", "--json"], tmp_path, env).stdout)
    assert len(listed) == len((ROOT / "data" / "cards.yaml").read_text(encoding="utf-8")
                              .split("\n  - id: ")) - 1
    table = _run([jorvik, "cards", "--mode", "karl"], tmp_path, {**env, "COLUMNS": "160"}).stdout
    assert "Leatherworker" in table

    game = json.loads(_run([jorvik, "simulate", "--games", "1", "--players", "2", "--seed", "3",
                            "--json"], tmp_path, env).stdout)
    assert game["games"] == 1 and game["finished"] == 1 and game["violations"] == 0

    # An installed expert plays.
    played = json.loads(_run([jorvik, "tournament", "--games", "1", "--players", "2", "--bots",
                              "expert,easy", "--playouts", "1", "--workers", "1", "--seed", "2",
                              "--json"], tmp_path, env).stdout)
    assert played["games"] == 1 and {b["name"] for b in played["bots"]} == {"expert", "easy"}
