"""What a hosted table remembers of its seats (issue 47 §1): a seat moved between the host's
keyboard and another machine is in the save, and its log line is there after `host
--resume`; a remote seat nobody has joined is shown as not connected yet (counted from when
the host began serving), and the stand-in leaves it to its player; and the time a player
has been away goes on from the real time after a restart (the sidecar keeps it; a bad one
is left out).
A real host on 127.0.0.1 and real clients, in this process; times from a clock the test
moves, never from sleeping."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from jorvik.net.host import read_sidecar, remote_on_resume, write_sidecar
from jorvik.net.protocol import PROTOCOL, SeatInfo
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


# ---------------------------------------------------------------- a seat nobody has joined

class Clock:
    """A clock a test moves by hand: `monotonic` for times away, `wall` the time of day
    (seconds since 1970, UTC) that far on."""

    def __init__(self, wall_at_zero: float = 1_800_000_000.0) -> None:
        self.now = 100.0
        self.wall_at_zero = wall_at_zero

    def monotonic(self) -> float:
        return self.now

    def wall(self) -> float:
        return self.wall_at_zero + self.now


async def test_a_remote_seat_nobody_joined_is_shown_not_connected_yet_from_the_start(cards):
    """Bo's seat is remote and nobody has joined it: every pane says "Bo: not connected
    yet, 1:05", counted from when the host began serving (EN and HU). When Bo joins, no
    pane says it any more; when his connection goes, it is "connection lost"."""
    from jorvik.i18n import get_language, set_language
    from jorvik.net.client import Mirror
    from jorvik.net.protocol import Welcome
    from jorvik.net.seatwords import dropped_words
    clock = Clock()
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(1,),
                      mode="karl", seed=9, clock=clock.monotonic,
                      wall=clock.wall) as (table, url):
        info = table.seat_infos()[1]
        assert (info.dropped, info.not_yet) == (0.0, True)
        assert table.seat_infos()[0].dropped is None        # the host's own seat: never
        clock.now += 65
        watch, welcome = await _open(url, {"t": "watch"})
        assert welcome["seats"][1]["dropped"] == 65.0 and welcome["seats"][1]["not_yet"]
        mirror = Mirror.from_welcome(Welcome.model_validate(welcome), cards)
        away = mirror.dropped_for(1)
        assert away is not None and mirror.not_yet == {1}
        assert dropped_words("Bo", 65, not_yet=True) == "Bo: not connected yet, 1:05"
        was = get_language()
        set_language("hu")
        try:
            assert dropped_words("Bo", 65, not_yet=True) == "Bo: még nem csatlakozott, 1:05"
        finally:
            set_language(was)
        bo, _ = await _open(url, {"t": "hello", "code": table.code_of(1)})
        seen: list[dict] = []

        async def next_seats() -> dict:
            while True:
                msg = json.loads(await asyncio.wait_for(watch.recv(), 30))
                if "seats" in msg:
                    seen.append(msg)
                    return msg["seats"][1]
        assert "dropped" not in await next_seats()          # Bo is here: not away
        await bo.close()
        lost = await next_seats()
        assert lost["dropped"] == 0.0 and "not_yet" not in lost   # connection lost now
        mirror.set_seats([SeatInfo.model_validate(i) for i in seen[-1]["seats"]])
        assert mirror.not_yet == set() and mirror.dropped_for(1) is not None
        await watch.close()


async def test_a_seat_sent_to_another_machine_is_not_connected_yet_from_then(cards):
    clock = Clock()
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(),
                      mode="karl", seed=9, clock=clock.monotonic) as (table, _url):
        assert table.seat_infos()[1].dropped is None
        clock.now += 30
        assert table.change_hands(1, "remote") is None
        clock.now += 12
        info = table.seat_infos()[1]
        assert (info.dropped, info.not_yet) == (12.0, True)
        assert table.change_hands(1, "local") is None       # back at the keyboard: not away
        assert table.seat_infos()[1].dropped is None


async def test_the_stand_in_waits_for_a_seat_nobody_joined_the_host_may_hand_it_over(cards):
    """With `--stand-in` (here with no wait), a dropped player's seat goes to the stand-in
    at once, but a remote seat nobody has joined waits for its player (a friend still typing
    the join line, a client reconnecting after a restart): Cy's seat, away since the start,
    before Ann's drop, is still Cy's when the stand-in has taken Ann's. The host's keyboard
    may hand it to a bot; it is Cy's as soon as Cy joins."""
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, None),
                      remote=(0, 2), mode="karl", seed=9, stand_in="easy") as (table, url):
        s = table.session
        assert table.seat_infos()[2].not_yet
        ann, _ = await _open(url, {"t": "hello", "code": table.code_of(0)})
        await ann.close()
        await until(lambda: s.seats.bots[0] == "easy", within=30, what="Ann's stand-in")
        assert s.seats.bots[2] is None and table.seat_infos()[2].not_yet
        assert [c.seat for c in s.seat_changes] == [0]
        assert table.change_hands(2, "normal") is None        # the host's keyboard
        assert table.standing_in == {0, 2}
        cy, welcome = await _open(url, {"t": "hello", "code": table.code_of(2)})
        assert welcome["seats"][2].get("bot") is None and s.seats.bots[2] is None
        assert s.seat_changes[-1].by == 2 and table.standing_in == {0}
        await cy.close()


# ---------------------------------------------------------------- time away after a restart

async def test_time_away_goes_on_from_the_real_time_after_a_restart(cards):
    """Bo's connection goes at 04:01:40; the host is stopped and started again from the
    save three minutes later: "Bo: connection lost, 3:10" goes on from the time he went,
    not from the restart (the sidecar keeps it, wall-clock UTC). Ann, who had not joined,
    is still "not connected yet" since the first start."""
    from jorvik.net.host import read_away
    clock = Clock()
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, "easy"),
                      remote=(0, 1), mode="karl", seed=5, clock=clock.monotonic,
                      wall=clock.wall) as (table, url):
        table.hosting = {"listen": "127.0.0.1"}
        path = table.session.path
        started = clock.wall()
        bo, _ = await _open(url, {"t": "hello", "code": table.code_of(1)})
        clock.now += 40
        gone = clock.wall()
        await bo.close()
        await until(lambda: 1 in table.dropped, within=30, what="Bo dropped")
        assert read_away(path, now=gone + 1) == {0: (started, False), 1: (gone, True)}
    clock.now += 190                                     # the restart, 3:10 later
    again = _resumed(path, cards)
    fresh = Clock(wall_at_zero=clock.wall())             # a new process: its own monotonic
    fresh.now = 0.0
    away = read_away(path, now=fresh.wall())
    async with hosted(cards, remote=remote_on_resume(path, again), session=again,
                      away=away, clock=fresh.monotonic, wall=fresh.wall) as (table, url):
        infos = table.seat_infos()
        assert (infos[1].dropped, infos[1].not_yet) == (190.0, None)
        assert (infos[0].dropped, infos[0].not_yet) == (230.0, True)
        from jorvik.net.seatwords import dropped_words
        assert dropped_words("Bo", infos[1].dropped) == "Bo: connection lost, 3:10"


async def test_after_a_restart_the_stand_in_waits_only_what_is_left_of_its_wait(cards):
    """Bo has been away 30 s of a 20 s wait when the host comes back: the stand-in takes
    his seat at once (a seat away 5 s of 3600 would wait the rest)."""
    clock = Clock()
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, None),
                      remote=(1, 2), mode="karl", seed=5, stand_in="easy",
                      stand_in_after=20.0,
                      away={1: (clock.wall() - 30, True), 2: (clock.wall() - 5, True)},
                      clock=clock.monotonic, wall=clock.wall) as (table, _url):
        s = table.session
        await until(lambda: s.seats.bots[1] == "easy", within=30, what="Bo's stand-in")
        assert s.seats.bots[2] is None      # Cy's 15 s are not over (a real 15 s: not yet)
        assert table.standing_in == {1}


@pytest.mark.parametrize("away", [
    "not a list", {"1": 5}, [["1", 5]], [{"seat": True, "since": 1.0, "lost": True}],
    [{"seat": 7, "since": 1_799_999_000.0, "lost": True}],
    [{"seat": 1, "since": "yesterday", "lost": True}],
    [{"seat": 1, "since": 1_900_000_000.0, "lost": True}],            # in the future
    [{"seat": 1, "since": 1.0, "lost": True}],                        # 57 years ago
    [{"seat": 1, "since": 10 ** 400, "lost": True}],
    [{"seat": 1, "since": -(10 ** 400), "lost": True}],
    [{"seat": 1, "since": 1_799_999_000.0, "lost": "yes"}],
    [{"seat": 1, "since": 1_799_999_000.0}],
    [{"seat": 1, "since": True, "lost": True}],
])
def test_a_bad_time_away_in_the_sidecar_is_left_out(cards, away):
    from jorvik.net.host import read_away, sidecar
    from jorvik.play.seats import Seats
    session = Session.start(cards, Seats(["Ann", "Bo"], ["red", "blue"], [None, None]),
                            "karl", 3, None)
    session.close()
    good = {"seat": 0, "since": 1_799_999_500.0, "lost": False}
    listed = isinstance(away, list)
    sidecar(session.path).write_text(json.dumps(
        {"remote": [0, 1], "away": [good, *away] if listed else away}), encoding="utf-8")
    expected = {0: (1_799_999_500.0, False)} if listed else {}
    assert read_away(session.path, now=1_800_000_000.0) == expected


def test_a_sidecar_that_is_not_json_or_has_nan_gives_no_time_away(cards):
    from jorvik.net.host import read_away, sidecar
    from jorvik.play.seats import Seats
    session = Session.start(cards, Seats(["Ann", "Bo"], ["red", "blue"], [None, None]),
                            "karl", 3, None)
    session.close()
    for text in ('{"remote": [1], "away": [{"seat": 1, "since": NaN, "lost": true}]}',
                 '{"remote": [1], "away": [{"seat": 1, "since": Infinity, "lost": true}]}',
                 "\x00\x01 not json", "[" * 100_000):
        sidecar(session.path).write_text(text, encoding="utf-8")
        assert read_away(session.path, now=1_800_000_000.0) == {}
