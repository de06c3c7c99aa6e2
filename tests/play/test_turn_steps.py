"""One bot turn, written once (issue 47 §2: "the hand-over policy lives in play/"): the game
screen, the host and `play_bots` all run `BotTurns.turn`. A turn is under way (a front end
shows the bot thinking, and refuses an undo) from the moment it is made, before any thinking;
on an event loop (`run_turn`), a turn whose task is cancelled while its bot thinks never
plays what the bot then chooses, and the seat's next turn plays its own choice."""

from __future__ import annotations

import asyncio
import threading

from jorvik.carddata import load_cards
from jorvik.engine import legal_actions
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.turns import PLAYED, BotTurns

CARDS = load_cards()


def _session() -> Session:
    seats = Seats(["Anna", "Bela", "Cili"], ["red", "blue", "green"], ["easy", None, None])
    return Session.start(CARDS, seats, "jarl", 7, 0, autosave=False)


def test_a_turn_is_under_way_from_the_moment_it_is_made():
    session = _session()
    turns = BotTurns(session, think=0.05)
    assert session.decider == 0 and not turns.thinking
    steps = turns.turn(0, lambda words: None)
    assert turns.thinking and session.moves == 0     # begun, nothing thought or played yet
    think = next(steps)
    try:
        steps.send(think())
    except StopIteration as end:
        assert end.value == PLAYED
    assert session.moves == 1 and not turns.thinking


class Held:
    """The first choice waits until the test lets it go; it is the first legal action, any
    later choice the last."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.chosen: list = []
        self.asked = threading.Event()
        self.first_back = threading.Event()

    def choose(self, state):
        actions = legal_actions(state)
        first = not self.chosen
        self.chosen.append(actions[0] if first else actions[-1])
        if first:
            self.asked.set()
            self.go.wait(60)
            self.first_back.set()
        return self.chosen[-1]


async def test_a_turn_cancelled_while_its_bot_thinks_never_plays_that_choice():
    session = _session()
    bot = Held()
    turns = BotTurns(session, make=lambda p: bot)
    loop = asyncio.get_running_loop()

    def run(think):
        return loop.run_in_executor(None, think)
    first = asyncio.create_task(turns.run_turn(turns.turn(0, lambda words: None), run))
    try:
        assert await asyncio.to_thread(bot.asked.wait, 60)   # the bot thinks
        assert len(set(legal_actions(session.state))) > 1
        first.cancel()                                   # the game moved on (a seat change)
        second = await turns.run_turn(turns.turn(0, lambda words: None), run)
        assert second == PLAYED and session.actions == [bot.chosen[1]]
        bot.go.set()
        await asyncio.to_thread(bot.first_back.wait, 60)
        for _ in range(5):
            await asyncio.sleep(0)                       # what it chose could come back now
        assert first.cancelled() and session.actions == [bot.chosen[1]]
        assert bot.chosen[0] != bot.chosen[1]
    finally:
        bot.go.set()
