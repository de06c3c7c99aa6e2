"""What the tests of untrusted input share: a whole recorded game, a save of it, and running
code with an ordinary user's permissions (for files that root could read anyway)."""

from __future__ import annotations

import copy
import functools
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jorvik.bots import seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, new_game
from jorvik.engine.record import make_record

COLOURS = ["red", "blue", "green", "white", "yellow"]


def played_record(names: list[str], mode: str = "karl", seed: int = 4, level: str = "easy",
                  bot_seed: int = 2) -> dict[str, Any]:
    """The record of a whole game played by `level` bots in every seat (a fresh copy: a test
    may change it; the game is played once per process)."""
    return copy.deepcopy(_played(tuple(names), mode, seed, level, bot_seed))


@functools.lru_cache(maxsize=8)
def _played(names: tuple[str, ...], mode: str, seed: int, level: str,
            bot_seed: int) -> dict[str, Any]:
    st0 = new_game(list(names), seed=seed, mode=mode, cards=load_cards())
    bots = seat_bots([level] * len(names), seed=bot_seed)
    st, actions = st0, []
    while not is_over(st):
        a = bots[current_player(st)].choose(st)
        st, _ = apply_action(st, a)
        actions.append(a)
    return make_record(st0, actions)


def save_of(record: dict[str, Any], bots: list[str | None] | None = None,
            **extra: Any) -> dict[str, Any]:
    """A jorvik-save/2 of `record` (all seats human unless `bots` says otherwise)."""
    names = record["players"]
    bots = bots or [None] * len(names)
    return {"format": "jorvik-save/2", "id": "ann-bob", "record": record,
            "seats": [{"name": n, "colour": c, "bot": b}
                      for n, c, b in zip(names, COLOURS, bots)], **extra}


def as_nobody(fn: Callable[[], Any]) -> Any:
    """Run `fn` in a child process with the permissions of an ordinary user (uid 65534), so
    that a mode-000 file or folder is really unreadable; its result comes back pickled (an
    exception in the child fails the test with its repr). The English catalogues are read
    first: the checkout itself may be closed to that user."""
    from jorvik import i18n
    i18n.catalogue("en")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 0
        try:
            os.close(r)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            result = fn()
        except BaseException as e:
            result, status = ("raised", repr(e)), 1
        with os.fdopen(w, "wb") as f:
            f.write(pickle.dumps(result))
        os._exit(status)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, code = os.waitpid(pid, 0)
    result = pickle.loads(data)
    assert os.waitstatus_to_exitcode(code) == 0, result
    return result


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: the name may hold spaces, so split after the last ')'
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """`pid` runs (a zombie does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
