"""One way in, followed through the code: a key press at `jorvik play` and an action sent by
a remote seat both end in the same `Session.submit` (recorded here by wrapping it), and the
join view's key press first goes through its Mirror's `submit` (the Table protocol)."""

from __future__ import annotations

import asyncio

from jorvik.net.auto import AutoPlayer
from jorvik.net.client import Mirror
from jorvik.play.session import Session
from jorvik.tui.screens.game import GameScreen

from .helpers import hosted, until


def _app():
    """`jorvik play --players 2 --seed 3 --no-hints`, unsaved (as tests/tui's make_app)."""
    from jorvik.cli import build_parser, play_config
    from jorvik.tui import build_app
    parser = build_parser()
    app = build_app(play_config(parser, parser.parse_args(
        ["play", "--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "4",
         "--no-hints", "--handover", "never"])), hints=False)
    app.config.autosave = False
    return app


async def _until(pilot, condition, limit: float = 30.0) -> None:
    """Run the app until `condition()` (the limit only bounds a hung app)."""
    end = asyncio.get_running_loop().time() + limit
    while not condition():
        assert asyncio.get_running_loop().time() < end, "not reached"
        await pilot.pause(0.01)


def _record(monkeypatch, cls) -> list[tuple[int, str, int | None]]:
    calls: list[tuple[int, str, int | None]] = []
    inner = cls.submit

    def submit(self, seat, action, at=None, **by):   # (by: a bot's move, Session's only)
        if not by.get("by"):        # a front end's move (a bot's: tests/play, tests/tui)
            calls.append((seat, action.type, at))
        return inner(self, seat, action, at, **by)
    monkeypatch.setattr(cls, "submit", submit)
    return calls


async def test_a_key_press_ends_in_session_submit(monkeypatch):
    calls = _record(monkeypatch, Session)
    app = _app()
    async with app.run_test(size=(140, 45)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, GameScreen)
                     and app.screen.menu is not None)
        screen, session = app.screen, app.session
        before, p = session.moves, session.decider
        choice = screen.menu.choices[0]
        while choice.submenu is not None:   # through submenus by their keys
            await pilot.press(choice.key)
            await _until(pilot, lambda c=choice: screen.menu.choices[0] is not c)
            choice = screen.menu.choices[0]
        await pilot.press(choice.key)
        await _until(pilot, lambda: calls)
        assert calls[0] == (p, choice.action.type, before)
        await _until(pilot, lambda: session.moves > before)


async def test_a_remote_action_ends_in_session_submit(monkeypatch, cards):
    calls = _record(monkeypatch, Session)
    mirrored = _record(monkeypatch, Mirror)
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, "easy"), remote=(0,),
                      mode="karl", seed=5) as (table, url):
        player = AutoPlayer(url, table.code_of(0), cards, seed=1)
        task = asyncio.get_running_loop().create_task(player.play(60))
        await until(lambda: calls)
        player.done.set()
        await task
    assert calls and calls[0][0] == 0          # the remote seat's move, played by submit
    assert mirrored and mirrored[0][:2] == calls[0][:2]   # after the client's Mirror.submit
