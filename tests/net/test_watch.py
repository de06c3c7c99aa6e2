"""Spectators: `watch` in place of a hello gets every frame of the table (the public view,
no seat, no code) and may not act; they have their own small limit and never cost a player
their seat; `jorvik join --watch ADDR` needs no code."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from jorvik.engine import legal_actions, observe
from jorvik.net import host as hostmod
from jorvik.net.client import Mirror
from jorvik.net.protocol import PROTOCOL, Welcome

from .helpers import hosted, until


async def _watch(url: str):
    ws = await connect(url, max_size=None, close_timeout=1)
    await ws.send(json.dumps({"t": "watch", "v": PROTOCOL}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


async def test_a_spectator_sees_every_frame_as_the_public_view_and_cannot_act(cards):
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, "easy"), remote=(0,),
                      mode="karl", seed=3) as (table, url):
        s = table.session
        ws, welcome = await _watch(url)
        assert welcome["t"] == "welcome" and welcome["you"] == []
        public = observe(s.states[welcome["move"]], None).to_json()
        assert welcome["view"] == json.loads(json.dumps(public))
        mirror = Mirror.from_welcome(Welcome.model_validate(welcome), cards)
        assert all(mirror.view(p).menu is None for p in range(2))   # no seat, no menu
        # the spectator's own act is refused and changes nothing
        await ws.send(json.dumps({"t": "act", "move": len(s.actions),
                                  "action": legal_actions(s.state)[0].to_json()}))
        err = {"t": ""}
        while err["t"] != "error":   # (frames of the bot's moves may come first)
            err = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert err["kind"] == "not_your_turn"
        # the player moves: the spectator gets the frame, the public view at that move
        player, _ = await _player(url, table.code_of(0))
        await until(lambda: s.decider == 0)
        move = len(s.actions)
        await player.send(json.dumps({"t": "act", "move": move,
                                      "action": legal_actions(s.state)[0].to_json()}))
        frames = []
        while not frames or frames[-1]["move"] <= move:
            raw = await asyncio.wait_for(ws.recv(), 10)
            frame = json.loads(raw)
            assert table.code_of(0) not in raw and '"seed"' not in raw
            if frame["t"] == "update":
                frames.append(frame)
                view = observe(s.states[frame["move"]], None).to_json()
                assert frame["view"] == json.loads(json.dumps(view))
        await ws.close()
        await player.close()


async def _player(url: str, code: str):
    ws = await connect(url, max_size=None, close_timeout=1)
    await ws.send(json.dumps({"t": "hello", "v": PROTOCOL, "code": code}))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 10))


async def test_spectators_have_their_own_limit_and_never_cost_a_player_the_seat(cards,
                                                                               monkeypatch):
    monkeypatch.setattr(hostmod, "WATCHERS", 2)
    async with hosted(cards) as (table, url):
        watchers = [await _watch(url) for _ in range(2)]
        assert all(w["t"] == "welcome" for _, w in watchers)
        extra, bye = await _watch(url)
        assert bye == {"t": "bye", "kind": "full"}
        ws, welcome = await _player(url, table.code_of(1))   # a player still gets in
        assert welcome["t"] == "welcome" and welcome["you"] == [1]
        assert len(table.watchers) == 2
        for w, _ in watchers:
            await w.close()
        await until(lambda: not table.watchers)
        again, w = await _watch(url)             # room again
        assert w["t"] == "welcome"
        for c in (ws, again, extra):
            await c.close()


def test_join_watch_needs_no_code():
    from jorvik.cli import build_parser
    args = build_parser().parse_args(["join", "--watch", "127.0.0.1:7878"])
    assert args.watch and args.code == ""
