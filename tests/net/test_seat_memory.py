"""What a hosted table remembers of its seats across a restart (issue 47 §1): a seat moved
between the host's keyboard and another machine is in the save, and its log line is there
after `host --resume`. A real host on 127.0.0.1 and real clients, in this process."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from jorvik.net.host import read_sidecar, remote_on_resume, write_sidecar
from jorvik.net.protocol import PROTOCOL
from jorvik.play import saves as saving
from jorvik.play.session import RemoteNote, Session

from .helpers import hosted, until


async def _open(url: str, first: dict) -> tuple[object, dict]:
    ws = await connect(url, max_size=None, max_queue=None, close_timeout=1)
    await ws.send(json.dumps({"v": PROTOCOL, **first}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


def _resumed(path, cards) -> Session:
    parsed, _ = saving.open_save(path, cards)
    return Session.from_save(parsed, cards, path=path)


async def test_a_seat_moved_to_another_machine_is_remote_and_said_after_a_restart(cards):
    """The host's keyboard sends Bo's seat to another machine: the save holds it, and after
    a restart from the save (its sidecar one step behind, as after a kill between the two
    writes) Bo's seat is remote, his code lets him in, and every pane's log says when he
    went ("Bo's seat is played from another machine from round 1.")."""
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, "easy"),
                      remote=(0,), mode="karl", seed=5) as (table, url):
        s = table.session
        table.hosting = {"listen": "127.0.0.1"}
        path = s.path
        host_ws, _ = await _open(url, {"t": "hello", "code": table.local.code})
        await host_ws.send(json.dumps({"t": "seat", "seat": 1, "to": "remote"}))
        await until(lambda: table.remote == [0, 1], within=30, what="Bo's seat remote")
        assert read_sidecar(path) == [0, 1]
        line = "Bo's seat is played from another machine from round 1."
        assert [s.line(e) for e in s.log if e.kind == "remote"] == [line]
        moves = len(s.actions)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["remote_changes"] == [{"move": moves, "seat": 1, "remote": True}]
        await host_ws.close()
        write_sidecar(s, [0], listen="127.0.0.1")   # a kill before the sidecar's turn
    again = _resumed(path, cards)
    remote = remote_on_resume(path, again)
    assert remote == [0, 1]                      # the save's word over the sidecar's
    async with hosted(cards, remote=remote, session=again) as (table, url):
        assert [again.line(e) for e in again.log if e.kind == "remote"] == [line]
        watch, welcome = await _open(url, {"t": "watch"})
        notes = [i["note"] for i in welcome["log"] if "note" in i]
        assert {"kind": "remote", "player": 1, "round": 1} in notes
        bo, bo_welcome = await _open(url, {"t": "hello", "code": table.code_of(1)})
        assert bo_welcome["you"] == [1] and bo_welcome["seats"][1]["remote"] is True
        from jorvik.net.client import Mirror
        from jorvik.net.protocol import Welcome
        mirror = Mirror.from_welcome(Welcome.model_validate(bo_welcome), cards)
        said = [e.note() for e in mirror.log if isinstance(e.note, RemoteNote)]
        assert said == [line]
        await bo.close()
        await watch.close()


def test_a_sidecar_alone_still_says_which_seats_are_remote(cards):
    """A save with no move between machines (or of an earlier version): the sidecar's
    remote seats, as before."""
    from jorvik.play.seats import Seats
    session = Session.start(cards, Seats(["Ann", "Bo"], ["red", "blue"], [None, None]),
                            "karl", 3, None)
    write_sidecar(session, [1])
    session.close()
    assert remote_on_resume(session.path, _resumed(session.path, cards)) == [1]
