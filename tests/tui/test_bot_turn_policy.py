"""The game screen's bots take their turns by the play layer's policy (issue 47 §2: "the
hand-over policy lives in play/ and both apps use it"), as the host's do: a bot's choice made
while its seat changed hands is dropped, never played, and the seat's bot thinks again for
the turn that is now; a bot that breaks the rules gives its seat to 'easy', the log says so
once, and the game goes on."""

from __future__ import annotations

import threading

from jorvik.engine import Place, legal_actions
from jorvik.tui.commands import change_seat
from jorvik.tui.screens.game import GameScreen
from tui_helpers import make_app, wait_until


def _app():
    return make_app("--players", "3", "--names", "Anna,Bela,Cili", "--bots", "2",
                    "--level", "easy", "--seed", "3", "--start-player", "1", "--bot-delay", "0",
                    "--no-handover", "--no-hints", autosave=False)


class Held:
    """A bot whose every choice waits until the test lets that one go: the first choice is
    the first legal action, every later one the last."""

    def __init__(self) -> None:
        self.asked: list[threading.Event] = []
        self.go = [threading.Event(), threading.Event()]
        self.chosen: list = []
        self.returned: list = []
        self.lock = threading.Lock()

    def choose(self, state):
        actions = legal_actions(state)
        with self.lock:
            i = len(self.chosen)
            action = actions[0] if i == 0 else actions[-1]
            self.chosen.append(action)
        self.go[min(i, 1)].wait(60)
        self.returned.append(i)
        return action


async def test_a_choice_made_while_the_seat_changed_hands_is_not_played():
    """Bela's bot thinks; the table gives the seat to a human and back to the same bot;
    the first choice comes back while the second turn's bot still thinks: it is not played,
    and the seat's move is the second turn's choice."""
    app = _app()
    bot = Held()
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        session = game.session
        game.turns.make = lambda p: bot
        try:
            await pilot.press(game.menu.choices[0].key)            # Anna places
            await wait_until(pilot, lambda: len(bot.chosen) == 1, what="Bela's bot thinking")
            assert len(set(legal_actions(session.state))) > 1
            change_seat(game, 1, None)                              # Bela's a human's ...
            assert session.seats.bots[1] is None and not game.thinking
            change_seat(game, 1, "easy")                            # ... and a bot's again
            await wait_until(pilot, lambda: len(bot.chosen) == 2, what="the bot again")
            assert game.thinking and session.moves == 1
            bot.go[0].set()                                         # the first choice comes
            await wait_until(pilot, lambda: bot.returned == [0], what="the first choice")
            for _ in range(3):
                await pilot.pause()
            assert session.moves == 1 and game.thinking             # ... and is not played
            bot.go[1].set()
            await wait_until(pilot, lambda: session.moves == 2 and not game.thinking,
                             what="the second turn's move")
            assert bot.chosen[0] != bot.chosen[1]
            assert session.actions[1] == bot.chosen[1] and session.decider == 2
        finally:
            for go in bot.go:
                go.set()


async def test_a_bot_that_breaks_the_rules_gives_its_seat_to_easy_and_the_game_goes_on():
    app = _app()

    class Cheat:
        def choose(self, state):
            return Place(99)

    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        session = game.session
        game.turns.make = lambda p: Cheat()
        await pilot.press(game.menu.choices[0].key)                # Anna places
        await wait_until(pilot, lambda: session.decider == 2 and not game.thinking,
                         what="the seat's move by 'easy', then Cili's turn")
        assert session.moves == 2 and session.actions[1] != Place(99)
        lines = [session.line(e) for e in session.log]
        assert lines.count("The 'easy' bot failed; Bela plays on as 'easy'.") == 1
        assert game.menu is not None                                # Cili decides
