"""Regenerate src/jorvik/data/card_history.json: the card-file hashes every earlier commit of
this repository wrote into its saves and records, each with the rules identity of its cards.

Run from the repository (`uv run python tools/card_history.py`) whenever the packaged cards'
rules change (a test fails until then). For every commit whose card data or card code differs
from the last one seen, the commit's own code loads its own packaged card file (from `git
archive`, in a scratch folder) and reports the hash it put in saves and its cards; this
version computes their rules identity (jorvik.cardschema.rules_hash) and a short digest per
card, so that a save of any earlier release is accepted when its cards play the same, and a
refusal can name the cards that differ. Entries are only ever added, never dropped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from jorvik.cardschema import HISTORY_FILE, card_digests, rules_hash  # noqa: E402

# The files that decide a commit's packaged cards and the hash it wrote.
KEY_PATHS = ("data/cards.yaml", "src/jorvik/data/cards.yaml", "src/jorvik/cardschema.py",
             "src/jorvik/carddata.py", "src/jorvik/cardfile.py", "src/jorvik/engine/cards.py",
             "src/jorvik/outside.py")

PROBE = r"""
import dataclasses, json, sys
from jorvik.carddata import load_cards
cs = load_cards()
print(json.dumps({"hash": cs.hash, "cards": [dataclasses.asdict(c) for c in cs.cards]}))
"""


def git(*args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def key(commit: str) -> tuple[str, ...]:
    out = git("ls-tree", "-r", commit, "--", *KEY_PATHS).decode()
    return tuple(sorted(line.split()[2] + " " + line.split("\t")[1] for line in out.splitlines()))


def probe(commit: str) -> dict | None:
    with tempfile.TemporaryDirectory() as tmp:
        data = git("archive", "--format=tar", commit)
        with tarfile.open(fileobj=BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        env = dict(os.environ, PYTHONPATH=str(Path(tmp) / "src"), JORVIK_HOME=str(Path(tmp) / "home"))
        r = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp, env=env, capture_output=True,
                           text=True, timeout=120)
        if r.returncode != 0:
            print(f"{commit}: no packaged cards ({r.stderr.strip().splitlines()[-1:]})")
            return None
        return json.loads(r.stdout)


def main() -> None:
    path = ROOT / "src" / "jorvik" / "data" / HISTORY_FILE
    history = json.loads(path.read_text()) if path.exists() else {"hashes": {}, "rules": {}}
    seen: set[tuple[str, ...]] = set()
    for commit in git("rev-list", "HEAD").decode().split():
        k = key(commit)
        if not k or k in seen:
            continue
        seen.add(k)
        found = probe(commit)
        if found is None:
            continue
        from jorvik.engine.cards import Card
        fields = set(Card.__dataclass_fields__)
        cards = [Card(**{f: (tuple(v) if isinstance(v, list) else v)
                         for f, v in c.items() if f in fields}) for c in found["cards"]]
        rules = rules_hash(cards)
        if found["hash"] != rules:   # a commit of this scheme wrote the rules hash itself
            history["hashes"][found["hash"]] = rules
        history["rules"][rules] = card_digests(cards)
        print(f"{commit}: {found['hash'][:16]}… plays as {rules[:22]}…")
    path.write_text(json.dumps(history, indent=1, sort_keys=True) + "\n")
    print(f"{len(history['hashes'])} hashes, {len(history['rules'])} rule sets -> {path}")


if __name__ == "__main__":
    main()
