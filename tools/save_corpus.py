"""Make a real save with an earlier commit of this repository, for tests/data/saves/.

    uv run python tools/save_corpus.py COMMIT NAME [--finish] [--seconds S] [--mode karl]

The commit's own code (from `git archive`, in a scratch folder) plays an all-bot game in a
pseudo-terminal, exactly as `jorvik play` did then, and is killed after S seconds (or when the
game is over, with --finish); the save it left (games/*.json, or the single autosave.json of
the first versions) is copied to tests/data/saves/NAME.json. The commit's code then replays
that save and its scores go into tests/data/saves/index.json, which test_old_saves.py holds
this version to. Keep the files small: a few rounds of a 2-player game."""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "saves"

# Replays a save with the commit's own code and prints what the game was then.
SCORES = r"""
import json, sys
data = json.load(open(sys.argv[1], encoding="utf-8"))
record = data.get("record", data)
from jorvik.carddata import load_cards
cards = load_cards()
try:
    from jorvik.recordschema import replay_record as rp
except ImportError:
    from jorvik.engine.record import replay as rp
state, actions = rp(record, cards)[:2]
print(json.dumps({"cards_hash": record["cards_hash"], "actions": len(actions),
                  "round": state.round, "phase": str(getattr(state.phase, "value", state.phase)),
                  "vp": [p.vp for p in state.players], "coins": [p.coins for p in state.players]}))
"""


def git(*args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def play(src: Path, home: Path, seconds: float, finish: bool, mode: str) -> None:
    import fcntl
    import pty
    import termios
    argv = [sys.executable, "-m", "jorvik.cli", "play", "--players", "2", "--names", "Ann,Bob",
            "--bots", "1,2", "--level", "easy", "--bot-delay", "0", "--seed", "11",
            "--mode", mode]
    env = dict(os.environ, PYTHONPATH=str(src), JORVIK_HOME=str(home), TERM="xterm-256color",
               COLUMNS="120", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                os.read(fd, 65536)
            except OSError:
                break
        if finish and any(json.loads(p.read_text()).get("finished")
                          for p in (home / "games").glob("*.json") if p.stat().st_size):
            break
    os.kill(pid, signal.SIGKILL)  # a save is written after every move, whole
    os.waitpid(pid, 0)
    os.close(fd)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("commit")
    ap.add_argument("name")
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--finish", action="store_true")
    ap.add_argument("--mode", default="karl")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(git("archive", "--format=tar", a.commit))) as tar:
            tar.extractall(tmp, filter="data")
        src, home = Path(tmp) / "src", Path(tmp) / "home"
        play(src, home, a.seconds, a.finish, a.mode)
        saves = sorted((home / "games").glob("*.json")) + sorted(home.glob("autosave.json"))
        if not saves:
            sys.exit(f"{a.commit}: no save was written")
        CORPUS.mkdir(parents=True, exist_ok=True)
        target = CORPUS / f"{a.name}.json"
        shutil.copyfile(saves[0], target)
        r = subprocess.run([sys.executable, "-c", SCORES, str(target)], cwd=tmp, text=True,
                           capture_output=True, env=dict(os.environ, PYTHONPATH=str(src),
                                                         JORVIK_HOME=str(home)))
        if r.returncode:
            sys.exit(f"{a.commit}: its own replay failed: {r.stderr.strip()[-400:]}")
    index_path = CORPUS / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    then = json.loads(r.stdout)
    fmt = json.loads(target.read_text()).get("format", "record")
    index[a.name] = {"commit": git("rev-parse", a.commit).decode().strip(), "format": fmt, **then}
    index_path.write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
    print(a.name, index[a.name])


if __name__ == "__main__":
    main()
