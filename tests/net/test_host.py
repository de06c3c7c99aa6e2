"""A real host on 127.0.0.1 and real WebSocket clients in this process: a whole game with
remote seats, the local keyboard's seats and a bot; what a client may and may not do."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

from websockets.asyncio.client import connect

from jorvik.engine import legal_actions, observe
from jorvik.net.auto import AutoPlayer
from jorvik.net.protocol import PROTOCOL

from .helpers import hosted, until


async def _hello(url: str, code: str, **extra):
    ws = await connect(url, max_size=None, max_queue=None, close_timeout=1)
    await ws.send(json.dumps({"t": "hello", "v": PROTOCOL, "code": code, **extra}))
    return ws, json.loads(await ws.recv())


async def test_a_whole_game_with_remote_local_and_bot_seats_nothing_hidden_sent(cards):
    """4-player Jarl: two remote seats, the host's keyboard (one local seat), one bot, to the
    final scoring. Every frame a client receives is checked: its view is exactly the engine's
    public view of the host's state at that move (the deck and the bag as counts only), no
    card id is in the frame before the card is revealed on the host, and no seed and no join
    code of any seat is in it."""
    async with hosted(cards) as (table, url):
        session = table.session
        codes = [g.code for g in table.grants]
        leaks: list[str] = []
        received = [0]
        frames = [0]

        def watch(_move: int, _t: float) -> None:
            pass
        players = [AutoPlayer(url, table.code_of(1), cards, seed=1, seen=watch),
                   AutoPlayer(url, table.code_of(2), cards, seed=2),
                   AutoPlayer(url, table.local.code, cards, seed=3)]
        # Record the raw text of the first player's connection (a tap on what it receives).
        link = players[0].link
        inner = link.receive

        def tap(msg) -> None:
            raw = msg.model_dump_json()
            received[0] += len(raw)
            st = session.state
            view = getattr(msg, "view", None)
            if view is not None:
                frames[0] += 1
                st = session.states[msg.move]
                if view != json.loads(json.dumps(observe(st, None).to_json())):
                    leaks.append(f"frame {msg.move} is not the public view")
                if not all(isinstance(n, int) for n in (*view["deck"].values(),
                                                        *view["bag"].values())):
                    leaks.append("more than counts of the deck or the bag")
            for c in set(st.deck):
                if f'"{c}"' in raw:
                    leaks.append(c)
            if '"seed"' in raw:
                leaks.append("seed")
            leaks.extend("a join code" for code in codes if code in raw)
            inner(msg)
        link.receive = tap
        results = await asyncio.gather(*(p.play(120) for p in players))
        assert session.over
        assert all(r == session.state.result for r in results)  # every client saw the end
        assert leaks == [] and received[0] > 10_000 and frames[0] > 100
        assert table.session.seats.is_bot(3) and len(session.actions) > 100
        assert all(not p.errors or set(p.errors) <= {"rate"} for p in players)


async def test_raw_bytes_of_a_whole_game_name_no_unrevealed_card(cards):
    """The same from the wire: a bare socket records every frame; each frame is checked
    against the host's state when it arrived (the host only moves on our own act here)."""
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, "easy"), remote=(0,),
                      mode="karl", seed=3) as (table, url):
        ws, welcome = await _hello(url, table.code_of(0))
        assert welcome["t"] == "welcome" and welcome["you"] == [0]
        session, rng = table.session, random.Random(1)
        frames = 0
        while not session.over:
            await asyncio.sleep(0.02)       # under the host's rate limit (50 a second)
            st = session.state
            if session.decider == 0:
                a = rng.choice(legal_actions(st))
                await ws.send(json.dumps({"t": "act", "move": len(session.actions),
                                          "action": a.to_json()}))
            raw = await asyncio.wait_for(ws.recv(), 10)
            frames += 1
            # (the cards set aside at setup are public: the game's size names them)
            hidden = set(session.state.deck)
            assert not [c for c in hidden if f'"{c}"' in raw]
            frame = json.loads(raw)
            if "view" in frame:   # exactly the public view of the host's state at its move
                public = observe(session.states[frame["move"]], None).to_json()
                assert frame["view"] == json.loads(json.dumps(public))
            assert '"seed"' not in raw and table.code_of(0) not in raw
        assert frames > 20
        await ws.close()


async def test_act_only_for_own_seat_on_its_turn_and_a_retry_applies_once(cards):
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=5) as (table, url):
        s = table.session
        p = s.decider
        me, welcome = await _hello(url, table.code_of(p))
        assert welcome["seats"][1 - p]["not_yet"] is True   # nobody has joined that seat yet
        other, _ = await _hello(url, table.code_of(1 - p))
        joined = json.loads(await me.recv())                # ... and now someone has
        assert joined["t"] == "update" and "dropped" not in joined["seats"][1 - p]
        action = legal_actions(s.state)[0].to_json()
        move = len(s.actions)
        await other.send(json.dumps({"t": "act", "move": move, "action": action}))
        err = json.loads(await other.recv())
        assert err == {"t": "error", "kind": "not_your_turn", "move": move}
        assert len(s.actions) == move
        await me.send(json.dumps({"t": "act", "move": move, "action": action}))
        await me.send(json.dumps({"t": "act", "move": move, "action": action}))  # a retry
        got = [json.loads(await me.recv()) for _ in range(2)]
        assert [g["t"] for g in got] == ["update", "error"] and got[1]["kind"] == "stale"
        assert len(s.actions) == move + 1
        await me.close()
        await other.close()


async def test_a_move_the_rules_refuse_is_answered_with_its_reason_as_data(cards):
    """The host sends why (a kind and fields), never words: the client words it in its own
    player's language."""
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=5) as (table, url):
        s = table.session
        p = s.decider
        me, _ = await _hello(url, table.code_of(p))
        move = len(s.actions)
        await me.send(json.dumps({"t": "act", "move": move, "action": {"type": "buy"}}))
        err = json.loads(await me.recv())
        assert err == {"t": "error", "kind": "illegal", "move": move,
                       "reason": {"kind": "wrong_phase",
                                  "fields": {"action": "buy", "phase": "demand"}}}
        assert len(s.actions) == move
        await me.close()


async def test_a_second_client_with_the_code_takes_the_seat_over(cards):
    async with hosted(cards) as (table, url):
        old, w1 = await _hello(url, table.code_of(1))
        new, w2 = await _hello(url, table.code_of(1).lower())
        assert w1["t"] == w2["t"] == "welcome" and w2["you"] == [1]
        bye = json.loads(await asyncio.wait_for(old.recv(), 5))
        assert bye == {"t": "bye", "kind": "taken_over"}
        await asyncio.wait_for(old.wait_closed(), 5)
        await new.close()


async def test_wrong_codes_and_versions_are_refused(cards):
    async with hosted(cards) as (table, url):
        code = table.code_of(1)
        wrong = code[:-1] + ("A" if code[-1] != "A" else "B")
        for hello, kind in (({"code": wrong}, "bad_code"), ({"code": ""}, "bad_code"),
                            ({"code": code, "name": "\x1b[2J"}, "bad_name")):
            ws, msg = await _hello(url, **hello)
            assert msg == {"t": "bye", "kind": kind}
        ws = await connect(url)
        await ws.send(json.dumps({"t": "hello", "v": PROTOCOL + 1, "code": code}))
        assert json.loads(await ws.recv()) == {"t": "bye", "kind": "version"}


def _fuzz_messages(rng: random.Random, legal: list[dict], move: int) -> list:
    """Malformed, mutated and out-of-turn messages, each made at random."""
    return [
        lambda: (f'{{"t":"act","move":{rng.randrange(-5, 500)},'
                 f'"action":{json.dumps(rng.choice(legal))}}}'),
        lambda: json.dumps({"t": "act", "move": move,
                            "action": {k: rng.choice([None, 1, "x", [], {}, -1, 2**70, True])
                                       for k in rng.choice(legal)}}),
        lambda: json.dumps({"t": "act", "move": move,
                            "action": {**rng.choice(legal), rng.choice(["good", "card", "to",
                                       "column", "space", "source"]): rng.choice(
                                       ["gold", "Z99", "", 7, [1], None, "x" * 200])}}),
        lambda: "".join(rng.choice('{}[]":,tacmoe0123456789 \\u') for _ in range(
            rng.randrange(1, 80))),
        lambda: json.dumps({"t": rng.choice(["act", "hello", "ping", "bye", "x", 1]),
                            "v": rng.choice([1, "1", None]), "move": rng.choice([0, "0"]),
                            "code": rng.choice(["", "x" * 70, None])}),
        lambda: json.dumps(rng.choice(legal)),
        lambda: "\ud800" * rng.randrange(1, 5) + "\x00",
    ]


class _Wire:
    """A connection that records what the host sends it (for the fuzz without sockets)."""
    def __init__(self) -> None:
        self.got: list[str] = []

    async def send(self, text: str) -> None:
        self.got.append(text)


async def test_thousands_of_hostile_messages_never_change_the_game(cards):
    """5000 fuzzed messages from the seats' own clients (on turn and not), straight into the
    host's message handling: each is refused with an error, nothing changes, nothing raises."""
    from jorvik.net.host import Client, Grant
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="jarl", seed=9) as (table, _url):
        s = table.session
        before = (len(s.actions), json.dumps(s.state.to_dict(), sort_keys=True))
        rng = random.Random(35)
        legal = [a.to_json() for a in legal_actions(s.state)]
        # Nothing legal may slip through: the on-turn seat's good actions are left out.
        makers = _fuzz_messages(rng, legal, len(s.actions) + 1)
        wires = [_Wire(), _Wire()]
        clients = [Client(wires[p], Grant("x", frozenset([p]))) for p in (0, 1)]
        for i in range(5000):
            c = clients[i % 2]
            c.tokens = 100   # the rate limit has its own test
            msg = makers[rng.randrange(len(makers))]()
            if c.grant.seats == {s.decider} and f'"move":{len(s.actions)}' in msg.replace(
                    " ", ""):
                continue
            await table._message(c, msg)
        await asyncio.sleep(0.1)
        assert (len(s.actions), json.dumps(s.state.to_dict(), sort_keys=True)) == before
        replies = [json.loads(x) for w in wires for x in w.got]
        assert len(replies) > 4000 and {r["t"] for r in replies} == {"error"}


async def test_hostile_clients_on_the_wire_are_closed_and_the_game_goes_on(cards):
    """Fuzzed messages over real connections, and strangers without a hello: errors, then a
    closed connection; the game is unchanged and a good client still plays."""
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="jarl", seed=9) as (table, url):
        s = table.session
        before = (len(s.actions), json.dumps(s.state.to_dict(), sort_keys=True))
        rng = random.Random(36)
        legal = [a.to_json() for a in legal_actions(s.state)]
        makers = _fuzz_messages(rng, legal, len(s.actions))
        waiting = 1 - s.decider
        closed = 0
        for _round in range(3):
            ws, _ = await _hello(url, table.code_of(waiting))  # the seat not on turn
            try:
                for _ in range(60):
                    await ws.send(rng.choice(makers)())
            except Exception:
                pass
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            except Exception:
                closed += 1
            await ws.close()
        for _ in range(10):  # strangers: no hello, junk hello
            ws = await connect(url, max_queue=None, close_timeout=1)
            try:
                await ws.send(rng.choice(makers)())
                await asyncio.wait_for(ws.recv(), 5)
            except Exception:
                pass
            await ws.close()
        assert closed == 3
        assert (len(s.actions), json.dumps(s.state.to_dict(), sort_keys=True)) == before
        player = AutoPlayer(url, table.code_of(s.decider), cards)
        mover = asyncio.get_running_loop().create_task(player.play(5))
        for _ in range(100):
            await asyncio.sleep(0.05)
            if len(s.actions) > before[0]:
                break
        player.done.set()
        await mover
        assert len(s.actions) > before[0]


async def test_rate_limit(cards):
    """(The limits on connections without a code are in test_strangers.py.)"""
    from jorvik.net import host as hostmod
    async with hosted(cards) as (table, url):
        ws, _ = await _hello(url, table.code_of(1))
        for _ in range(int(hostmod.BURST) + 30):
            await ws.send('{"t":"ping"}')
        kinds = []
        try:
            while True:
                kinds.append(json.loads(await asyncio.wait_for(ws.recv(), 2))["kind"])
        except Exception:
            pass
        assert "rate" in kinds


async def test_a_client_killed_mid_game_rejoins_and_sees_the_current_table(cards):
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, "easy"), remote=(0,),
                      mode="karl", seed=2) as (table, url):
        first = AutoPlayer(url, table.code_of(0), cards, seed=1)
        task = asyncio.get_running_loop().create_task(first.play(60))
        await until(lambda: len(table.session.actions) >= 30, what="30 moves")
        task.cancel()   # the client dies without a word
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await first.link.stop()
        # the bot seat plays on until the table waits for the dead client's seat: only then
        # does the table stand still for the comparison below
        await until(lambda: table.session.decider == 0, within=30)
        ws, welcome = await _hello(url, table.code_of(0))
        assert welcome["move"] == len(table.session.actions) >= 30
        assert welcome["view"] == json.loads(json.dumps(table.session.view(None).public.to_json()))
        await ws.close()
        second = AutoPlayer(url, table.code_of(0), cards, seed=2)
        assert await second.play(60) == table.session.state.result


async def test_a_hint_asked_for_on_a_remote_seat_is_noted_for_the_table_once(cards):
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=5) as (table, url):
        s = table.session
        p = s.decider
        me, _ = await _hello(url, table.code_of(p))
        other, _ = await _hello(url, table.code_of(1 - p))
        move = len(s.actions)
        await other.send(json.dumps({"t": "note", "kind": "hint", "move": move}))
        assert json.loads(await other.recv())["kind"] == "not_your_turn"
        for _ in range(2):   # asked twice at one move: noted once
            await me.send(json.dumps({"t": "note", "kind": "hint", "move": move}))
        update = json.loads(await asyncio.wait_for(other.recv(), 5))
        assert update["t"] == "update" and update["move"] == move
        assert update["log"] == [{"move": move, "note": {"kind": "hint", "player": p}}]
        await asyncio.sleep(0.2)
        assert s.notes() == [{"move": move, "kind": "hint", "player": p}]   # in the save
        assert len(s.actions) == move
        await me.close()
        await other.close()
