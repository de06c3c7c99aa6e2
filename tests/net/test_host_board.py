"""The host's own board (issue 47 §1): its pane shows a dropped remote player with how long
("Bo: connection lost, 0:0…"), and its command palette hands a seat to a bot and moves a
seat to another machine (the table does it: a `seat` message; the join line is shown).
Textual's pilot, a real host on 127.0.0.1."""

from __future__ import annotations

import json

from websockets.asyncio.client import connect

from jorvik.net.app import HostBoardApp, RemoteGameScreen
from jorvik.net.protocol import PROTOCOL
from jorvik.tui.app import PlayConfig
from jorvik.tui.text import Seats
from jorvik.tui.widgets.status import StatusBar
from tui_helpers import choose_in_palette, wait_until

from .helpers import hosted


def _bar(app) -> str:
    bar = app.screen.query_one(StatusBar)
    return bar.warning() if bar.warning is not None else ""


async def test_the_host_board_shows_a_dropped_player_and_its_palette_hands_seats_over(cards):
    async with hosted(cards, names=("Ann", "Bo", "Cy"), bots=(None, None, "easy"),
                      remote=(1,), mode="karl", seed=3) as (table, url):
        s = table.session
        lines: list[int] = []

        def join_line(seat: int) -> str:
            lines.append(seat)
            return f"JOIN LINE {seat + 1}"
        app = HostBoardApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False),
                           url, table.local.code, "127.0.0.1", join_line=join_line)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteGameScreen),
                             within=60, what="the board")
            # Bo has not joined yet: the board says so, counted from when the host began
            await wait_until(pilot, lambda: _bar(app).startswith(
                "You are Ann · Bo: not connected yet, 0:0"), within=60, what="whose seat")
            bo = await connect(url, close_timeout=1)
            await bo.send(json.dumps({"t": "hello", "v": PROTOCOL, "code": table.code_of(1)}))
            await bo.recv()
            await bo.close()
            await wait_until(pilot, lambda: "Bo: connection lost, 0:0" in _bar(app),
                             within=60, what="Bo shown as dropped")
            assert _bar(app).startswith("You are Ann · Bo: connection lost, 0:0")
            # the palette: Bo's seat to the hard bot (he is away: it stands in for him)
            await choose_in_palette(pilot, "Hand a seat to a bot", "Bo (seat 2) → the hard bot",
                           "seat 2 the hard")
            await wait_until(pilot, lambda: s.seats.bots[1] == "hard", within=60,
                             what="Bo's seat to hard")
            assert table.standing_in == {1} and s.seat_changes[-1].by is None
            # Ann's seat to another machine: the table makes it remote, the line is shown
            await choose_in_palette(pilot, "Play a seat from another machine",
                           "Ann (seat 1) → another machine", "seat 1")
            await wait_until(pilot, lambda: table.remote == [0, 1], within=60,
                             what="Ann's seat remote")
            assert lines == [0] and app.asked == [(1, "hard"), (0, "remote")]
            assert table.find(table.code_of(0)) is not None
            await wait_until(pilot, lambda: _bar(app).startswith("Watching"), within=60,
                             what="the host's board: no seat of its own now")
