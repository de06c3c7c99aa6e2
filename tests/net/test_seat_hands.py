"""A hosted table's seats change hands (issue 47 §1): a remote player whose connection is
lost is shown as dropped on every pane, with how long; the table hands the seat to a bot
until they return, and it is theirs again when they do; the host's keyboard hands any seat
to a bot, a human, another machine or itself. A real host on 127.0.0.1 and real clients;
every frame a seat or a spectator receives is checked against the public view."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from jorvik.i18n import get_language, set_language, t
from jorvik.net.auto import AutoPlayer
from jorvik.net.protocol import PROTOCOL
from jorvik.net.seatwords import dropped_words
from jorvik.play.session import SeatNote

from .helpers import frame_problems, hosted, until


async def _open(url: str, first: dict) -> tuple[object, dict]:
    ws = await connect(url, max_size=None, max_queue=None, close_timeout=1)
    await ws.send(json.dumps({"v": PROTOCOL, **first}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


class Recorder:
    """Every message one connection receives, each checked as it comes (frame_problems)."""

    def __init__(self, ws, session, secrets: list[str]) -> None:
        self.ws, self.session, self.secrets = ws, session, secrets
        self.messages: list[dict] = []
        self.problems: list[str] = []
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.problems += frame_problems(raw, self.session, self.secrets)
                self.messages.append(json.loads(raw))
        except Exception:
            pass

    def seats(self) -> list[dict]:
        """The seats as the last message that named them said."""
        return next(m["seats"] for m in reversed(self.messages) if "seats" in m)

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.wait_for(self.task, 10)


def _tapped(player: AutoPlayer, session, secrets: list[str], problems: list[str]) -> None:
    """Check every message the auto player's link receives (as its raw JSON)."""
    inner = player.link.receive

    def tap(msg) -> None:
        problems.extend(frame_problems(msg.model_dump_json(exclude_none=True), session,
                                       secrets))
        inner(msg)
    player.link.receive = tap


async def test_a_dropped_player_is_shown_their_seat_goes_to_a_bot_and_comes_back(cards):
    """Bo (remote) drops on his own turn: every pane (a seat's, a spectator's) shows him as
    dropped; the stand-in bot plays his seat and its moves are made; Bo comes back with his
    code and the seat is his again at once; the log says both; nothing hidden is sent."""
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, "easy"),
                      remote=(0, 1), mode="karl", seed=5, stand_in="easy") as (table, url):
        s = table.session
        secrets = [g.code for g in table.grants]
        problems: list[str] = []
        watch_ws, welcome = await _open(url, {"t": "watch"})
        problems += frame_problems(json.dumps(welcome), s, secrets)
        spectator = Recorder(watch_ws, s, secrets)
        ann = AutoPlayer(url, table.code_of(0), cards, seed=1)
        _tapped(ann, s, secrets, problems)
        ann_task = asyncio.get_running_loop().create_task(ann.play(300))
        bo_ws, bo_welcome = await _open(url, {"t": "hello", "code": table.code_of(1)})
        assert bo_welcome["you"] == [1] and bo_welcome["seats"][1].get("dropped") is None
        bo = Recorder(bo_ws, s, secrets)
        # Bo does not move: the table waits for him on his turn; then his connection is lost
        await until(lambda: s.decider == 1, within=120, what="Bo's turn")
        waiting_at = len(s.actions)
        await bo.close()
        # every pane: Bo is dropped (the seat's and the spectator's), then a bot plays for him
        await until(lambda: ann.mirror is not None and ann.mirror.dropped_for(1) is not None,
                    within=60, what="Ann's pane: Bo dropped")
        await until(lambda: spectator.seats()[1].get("dropped") is not None, within=60,
                    what="the spectator's pane: Bo dropped")
        assert dropped_words("Bo", ann.mirror.dropped_for(1)).startswith(
            "Bo: connection lost, 0:0")
        await until(lambda: s.seats.bots[1] == "easy", within=60, what="the stand-in")
        change = s.seat_changes[-1]
        assert (change.seat, change.bot, change.was, change.by) == (1, "easy", None, None)
        assert change.move == waiting_at
        # the stand-in moves: Bo's decisions are made while he is away
        await until(lambda: sum(1 for m in range(waiting_at, len(s.actions))
                                if s.decided_by(m) == 1) >= 3 or s.over,
                    within=120, what="three moves of the stand-in")
        assert not s.over
        assert table.seat_infos()[1].dropped is not None   # still away
        assert spectator.seats()[1]["bot"] == "easy"
        # Bo comes back with his code: the seat is his again, at once, by his own return
        bo2 = AutoPlayer(url, table.code_of(1), cards, seed=2)
        _tapped(bo2, s, secrets, problems)
        bo2_task = asyncio.get_running_loop().create_task(bo2.play(300))
        await until(lambda: s.seats.bots[1] is None, within=60, what="Bo's seat back")
        back = s.seat_changes[-1]
        assert (back.seat, back.bot, back.was, back.by) == (1, None, "easy", 1)
        assert 1 not in table.dropped and 1 not in table.standing_in
        lines = [s.line(e) for e in s.log if isinstance(e.note, SeatNote)]
        assert lines[0].startswith("Bo's seat is played by the") and "easy" in lines[0]
        assert lines[1].startswith("Bo is back and plays their own seat again")
        # the other panes hear of it: no longer dropped, the seat a human's, the log lines
        await until(lambda: ann.mirror.dropped_for(1) is None
                    and ann.mirror.seats.bots[1] is None, within=60, what="Ann's pane")
        await until(lambda: spectator.seats()[1].get("dropped") is None, within=60,
                    what="the spectator's pane")
        ann_lines = [e for e in ann.mirror.log if isinstance(e.note, SeatNote)]
        assert [e.note() for e in ann_lines] == lines
        # Bo plays his own seat again (his moves are his, through Session.submit)
        before = len(s.actions)
        await until(lambda: any(s.decided_by(m) == 1 for m in range(before, len(s.actions)))
                    or s.over, within=120, what="a move of Bo's own")
        ann.done.set()
        bo2.done.set()
        await asyncio.gather(ann_task, bo2_task)
        await spectator.close()
        problems += spectator.problems + bo.problems
        assert problems == []
        assert len(spectator.messages) > 10


async def test_without_a_stand_in_the_seat_waits_and_the_pane_counts_the_time(cards):
    """No stand-in level: a dropped player's seat waits for them (no bot takes it), and the
    time away is said in both languages."""
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=9) as (table, url):
        s = table.session
        bo, _ = await _open(url, {"t": "hello", "code": table.code_of(1)})
        ann, _ = await _open(url, {"t": "hello", "code": table.code_of(0)})
        ann_rec = Recorder(ann, s, [g.code for g in table.grants])
        await bo.close()
        await until(lambda: any(m.get("seats", [{}, {}])[1].get("dropped") is not None
                                for m in ann_rec.messages), within=60, what="Bo dropped")
        assert s.seats.bots == [None, None] and s.seat_changes == []
        assert dropped_words("Bo", 42) == "Bo: connection lost, 0:42"
        was = get_language()
        set_language("hu")
        try:
            assert dropped_words("Bo", 42) == "Bo: megszakadt a kapcsolat, 0:42"
            assert "másik gépről" in t("net.seat.remote", name="Bo", round=3)
        finally:
            set_language(was)
        assert dropped_words("Bo", 3725) == "Bo: connection lost, 1:02:05"
        await ann_rec.close()
        assert ann_rec.problems == []


async def test_the_host_keyboard_hands_seats_over_and_a_player_only_their_own(cards):
    """`seat` messages: the host's keyboard (its local code) hands any seat to a bot and
    back, moves a remote seat to itself (its player is told and closed, the code no longer
    works) and back to another machine (the same code works again); a remote player may
    hand only their own seat to a bot, never another's, nor move it between machines."""
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, None),
                      remote=(1, 2), mode="karl", seed=4) as (table, url):
        s = table.session
        host_ws, welcome = await _open(url, {"t": "hello", "code": table.local.code})
        assert welcome["you"] == [0]
        bo_ws, _ = await _open(url, {"t": "hello", "code": table.code_of(1)})
        bo = Recorder(bo_ws, s, [table.local.code, table.code_of(2)])
        host = Recorder(host_ws, s, [table.code_of(1), table.code_of(2)])

        async def ask(rec: Recorder, seat: int, to: str) -> None:
            await rec.ws.send(json.dumps({"t": "seat", "seat": seat, "to": to}))

        # Bo asks for Cy's seat, and to move his own: refused; his own to a bot: done
        await ask(bo, 2, "hard")
        await ask(bo, 1, "local")
        await until(lambda: [m["kind"] for m in bo.messages if m["t"] == "error"] ==
                    ["not_your_seat", "not_your_seat"], within=30, what="two refusals")
        await ask(bo, 1, "normal")
        await until(lambda: s.seats.bots[1] == "normal", within=30, what="Bo's own change")
        assert s.seat_changes[-1].by == 1
        # (the bot may have moved for Bo already: the change's line need not be the last)
        assert any(s.line(e).startswith("Bo left; their seat is played by the") for e in s.log)
        # the host's keyboard: Cy to a bot and back, Bo's seat back to a human
        await ask(host, 2, "hard")
        await until(lambda: s.seats.bots[2] == "hard", within=30, what="Cy to hard")
        await ask(host, 2, "human")
        await ask(host, 1, "human")
        await until(lambda: s.seats.bots[1:] == [None, None], within=30, what="both back")
        assert [c.by for c in s.seat_changes] == [1, None, None, None]
        # Bo's seat to the host's keyboard: Bo is told and closed; his code is no more
        await ask(host, 1, "local")
        await until(lambda: any(m == {"t": "bye", "kind": "seat_local"} for m in bo.messages),
                    within=30, what="Bo told")
        assert table.local.seats == frozenset({0, 1}) and table.remote == [2]
        await until(lambda: [m["you"] for m in host.messages if m["t"] == "welcome"] == [[0, 1]],
                    within=30, what="the host's board: its seats now")
        assert table.find(table.code_of(2)) is not None
        _, refused = await asyncio.wait_for(_open(url, {"t": "hello", "code":
                                                        _code(table, 1)}), 60)
        assert refused == {"t": "bye", "kind": "bad_code"}
        # and back to another machine: the same code as before
        await ask(host, 1, "remote")
        await until(lambda: table.remote == [1, 2], within=30, what="Bo remote again")
        bo_again, hello = await _open(url, {"t": "hello", "code": _code(table, 1)})
        assert hello["you"] == [1] and hello["seats"][1]["remote"] is True
        # the host's board's log, as its mirror keeps it (a welcome: the whole log again; an
        # update: the lines since), has each move between machines once
        shown: list[str] = []
        for m in host.messages:
            if m["t"] in ("welcome", "update"):
                if m["t"] == "welcome":
                    shown = []
                shown += [i["note"]["kind"] for i in m["log"]
                          if i.get("note", {}).get("kind") in ("remote", "local")]
        assert shown == ["local", "remote"]
        await bo_again.close()
        await host.close()
        assert host.problems == [] and bo.problems == []


def _code(table, seat: int) -> str:
    from jorvik.net import codes
    return codes.seat_code(table.key, table.session.game_id or "unsaved", seat)
