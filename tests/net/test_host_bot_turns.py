"""The host's bots take their turns by the play layer's policy (issue 47 §2: "the hand-over
policy lives in play/ and both apps use it"): a bot's choice made while its seat changed hands
is dropped, never played; and a seeded game played by the host's Table (its event loop, the
thinking in the executor) and by `BotTurns.play_bots` (here and now) is the same game, to the
byte of its save, a bot that breaks the rules included."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions
from jorvik.net import codes
from jorvik.net.host import Table
from jorvik.play.seats import Seats
from jorvik.play.session import Session, note_entry
from jorvik.play.turns import BotTurns, seat_seed

from .helpers import until

CARDS = load_cards()
NAMES = ["Anna", "Bálint", "Csaba", "Dóra"]
COLOURS = ["red", "blue", "green", "yellow"]


def _session(levels: list[str | None], mode: str = "jarl", seed: int = 12) -> Session:
    n = len(levels)
    return Session.start(CARDS, Seats(NAMES[:n], COLOURS[:n], list(levels)), mode, seed, 0,
                         autosave=False)


def _save(session: Session) -> str:
    """The whole save but for when it was made."""
    data = json.loads(session.save_text())
    data.pop("saved", None)
    data.pop("started", None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


class Slow:
    """A bot whose first choice waits until the test lets it go (its seat changes hands
    meanwhile); it chooses the first legal action then, the last one afterwards."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.go = threading.Event()
        self.chosen: list = []

    def choose(self, state):
        actions = legal_actions(state)
        first = not self.chosen
        action = actions[0] if first else actions[-1]
        self.chosen.append(action)
        if first:
            self.started.set()
            self.go.wait(30)
        return action


async def test_the_host_drops_a_bot_move_made_while_its_seat_changed_hands():
    """Seat d's bot is thinking; the table hands the seat to a human and back to the same
    bot level; the choice it then makes belongs to a turn the game moved past: it is not
    played, and the seat's bot thinks again for the turn that is now."""
    session = _session([None, None, None])
    d = session.decider
    assert d is not None and session.change_seat(d, "easy") is not None
    assert len(set(legal_actions(session.state))) > 1
    table = Table(session, [], codes.host_key(), think=0.05, bot_delay=0)
    bot = Slow()
    table.turns.make = lambda p: bot
    table.start()
    try:
        await until(bot.started.is_set, within=30, what="the bot's thinking")
        assert table.change_hands(d, "human") is None
        assert table.change_hands(d, "easy") is None
        assert session.moves == 0 and session.seats.bots[d] == "easy"
        bot.go.set()
        await until(lambda: session.moves >= 1, within=30, what="the seat's move")
        await until(lambda: table.bot_task is None, within=30, what="the bot's turn's end")
        assert len(bot.chosen) == 2                      # it thought again ...
        assert session.actions == [bot.chosen[1]]        # ... and only that choice counts
        assert bot.chosen[0] != bot.chosen[1]
    finally:
        bot.go.set()
        table.close()


def _cheat_first(session: Session, cheat_seat: int):
    """Bots made as the registry makes them, but seat `cheat_seat`'s first one tries a move
    the rules refuse (then 'easy' plays on for the seat)."""
    from jorvik.bots import make_bot

    class Cheat:
        def choose(self, state):
            return Place(99)

    def make(p: int):
        if p == cheat_seat:
            return Cheat()
        return make_bot(session.seats.bots[p], seed=seat_seed(session.first.seed, p), think=1.0)
    return make


def _through_play_bots(levels, mode, seed, cheat: int | None) -> Session:
    session = _session(levels, mode, seed)
    turns = BotTurns(session, make=None if cheat is None else _cheat_first(session, cheat))
    made = turns.play_bots(lambda words: session.log.append(
        note_entry(len(session.actions), words)))
    assert session.over and made == session.moves
    return session


async def _through_the_host(levels, mode, seed, cheat: int | None) -> tuple[Session, int]:
    session = _session(levels, mode, seed)
    table = Table(session, [], codes.host_key(), think=1.0, bot_delay=0)
    if cheat is not None:
        table.turns.make = _cheat_first(session, cheat)
    table.start()
    try:
        await asyncio.wait_for(table.done.wait(), 120)
        await until(lambda: table.bot_task is None, within=30, what="the last bot turn's end")
    finally:
        table.close()
    return session, table.moves


@pytest.mark.parametrize(("levels", "mode", "seed", "cheat"), [
    (["normal", "easy", "normal", "rollout"], "jarl", 12, None),
    (["easy", "normal", "easy"], "karl", 11, 1),
])
async def test_a_seeded_bot_game_is_the_same_through_the_host_and_through_play_bots(
        levels, mode, seed, cheat):
    hosted, moves = await _through_the_host(levels, mode, seed, cheat)
    here = await asyncio.to_thread(_through_play_bots, levels, mode, seed, cheat)
    assert hosted.over and moves == hosted.moves == here.moves
    assert _save(hosted) == _save(here)
    if cheat is not None:   # the failed bot's note: once, at the same move, in both
        failed = [e for e in hosted.log if e.event is None and "easy" in hosted.line(e)]
        assert len(failed) == 1
