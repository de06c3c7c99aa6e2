"""`jorvik join`'s board: the game screen as a live view of a hosted game (Textual's pilot,
a real host on 127.0.0.1)."""

from __future__ import annotations

import asyncio

import pytest

from jorvik.net.app import JoinApp, RemoteGameScreen
from jorvik.net.auto import AutoPlayer
from jorvik.net.client import url_of
from jorvik.tui.app import PlayConfig
from jorvik.tui.text import Seats
from jorvik.tui.widgets.status import StatusBar
from tui_helpers import wait_until

from .helpers import hosted


async def _until(pilot, check, limit: float = 10.0) -> None:
    """Wait for `check()`; `limit` (raised to a minute for a loaded machine) bounds a hang."""
    await wait_until(pilot, check, within=max(limit, 60.0), what="the condition")


async def _first_choice(pilot, screen, s) -> None:
    """Take the menu's first choice by its key (through submenus) and wait for the host."""
    before = len(s.actions)
    choice = screen.menu.choices[0]
    while choice.submenu is not None:
        screen.choose(choice)   # (the submenu is the screen's menu at once)
        await pilot.pause()
        choice = screen.menu.choices[0]
    await pilot.press(choice.key)
    await _until(pilot, lambda: len(s.actions) > before)


async def test_join_view_acts_on_its_turn_and_follows_the_others(cards):
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=11) as (table, url):
        s = table.session
        mine = 0
        other = AutoPlayer(url, table.code_of(1), cards, seed=4)
        task = asyncio.get_running_loop().create_task(other.play(60))
        app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False), url,
                      table.code_of(mine), "127.0.0.1")
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, RemoteGameScreen))
            screen = app.screen
            for _ in range(6):   # six of our own moves, each by a key, the other seat between
                await _until(pilot, lambda: s.decider == mine and screen.menu is not None
                             and screen.session.moves == len(s.actions))
                await _first_choice(pilot, screen, s)
            # the board shows the host's table: same move count and the same public state
            await _until(pilot, lambda: screen.session.moves == len(s.actions))
            assert screen.session.public.state.to_dict()["players"] == s.state.to_dict()["players"]
            # no undo at a shared table: the key is not offered
            assert screen.check_action("undo", ()) is False
            # not our turn: no menu, no hint for the other seat, no key plays for it
            other.done.set()   # the other seat stops playing: play on until its turn comes
            for _ in range(20):
                if s.over or s.decider != mine:
                    break
                await _until(pilot, lambda: screen.menu is not None
                             and screen.session.moves == len(s.actions))
                await _first_choice(pilot, screen, s)
            await _until(pilot, lambda: screen.session.moves == len(s.actions))
            if not s.over:
                assert s.decider != mine
                before = len(s.actions)
                await pilot.press("question_mark")
                await pilot.press("1")   # a press returns once the app has handled the key
                # nothing was sent (play() marks a sent move at once) and no menu came
                assert screen.sent_at != screen.mirror.moves
                assert screen.menu is None and len(s.actions) == before
                assert isinstance(app.screen, RemoteGameScreen)   # no hint screen opened
            # a stall: the link drops, the status bar says reconnecting, then it recovers
            await app.link.ws.close()
            await _until(pilot, lambda: "reconnecting" in app.statuses, 5)
            await _until(pilot, lambda: app.statuses[-1] == "connected", 10)
            assert app.screen is screen   # the same board goes on
            # (no "reconnecting…" left: the bar says whose seat this is again; Bo, whose
            # player stopped above, is away: "Bo: connection lost, m:ss" follows)
            assert all(bar.warning is not None and bar.warning().split(" · ")[0] == "You are Ann"
                       for bar in screen.query(StatusBar))
            app._status("reconnecting")   # what a stall shows (the link's pings time out)
            bar = screen.query_one(StatusBar)
            assert bar.warning is not None and bar.warning() == "reconnecting…"
        await task


async def test_a_move_the_host_refuses_is_worded_in_the_joined_players_language(cards):
    """The host sends why as data; a Hungarian client says it in Hungarian."""
    from jorvik.engine import Buy
    from jorvik.i18n import set_language
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=11) as (table, url):
        s = table.session
        mine = s.decider
        set_language("hu")
        app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False), url,
                      table.code_of(mine), "127.0.0.1")
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, RemoteGameScreen))
            screen = app.screen
            said: list[str] = []
            screen.notify = lambda message, **kw: said.append(message)
            screen.play(Buy())          # the demand phase: nothing is for sale
            await _until(pilot, lambda: bool(said))
            assert said == ["Ez most nem lehetséges (keresletfázis): vásárlás."]
            assert len(s.actions) == 0 and screen.sent_at is None   # choose again


@pytest.mark.slow
async def test_a_stalled_host_shows_reconnecting_then_the_board_goes_on(cards):
    """The host process stopped (SIGSTOP: no close, no answer — a network stall): within a
    few seconds the board says "reconnecting…" instead of sitting frozen; once the host
    runs again (SIGCONT) the same board goes on."""
    import signal

    from .test_processes import finish, start_host
    host, lines = start_host("--players", "2", "--mode", "karl", "--names", "Ann",
                             "--bots", "2", "--level", "easy", "--seed", "6", "--port", "0")
    try:
        address, code = lines["Ann"].split()
        app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False),
                      url_of(address, False), code, address)
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, RemoteGameScreen), 20)
            screen = app.screen
            host.send_signal(signal.SIGSTOP)
            await _until(pilot, lambda: "reconnecting" in app.statuses, 15)
            bar = screen.query_one(StatusBar)
            assert bar.warning is not None and bar.warning() == "reconnecting…"
            host.send_signal(signal.SIGCONT)
            await _until(pilot, lambda: app.statuses[-1] == "connected", 20)
            assert app.screen is screen and bar.warning is not None
            assert bar.warning() == "You are Ann"   # (no longer "reconnecting…")
    finally:
        host.send_signal(signal.SIGCONT)
        host.kill()
        finish(host, 10)


async def test_a_host_message_between_the_push_and_the_mount_waits_for_the_board(cards):
    """The host's update or refusal can come after the board is pushed and before it is
    mounted (seen once in CI: an AttributeError from the refusal test); the board then shows
    the table as it is once mounted, and the refusal is still said."""
    from jorvik.i18n import t
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=11) as (table, url):
        mine = table.session.decider
        app = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False), url,
                      table.code_of(mine), "127.0.0.1")
        said: list[str] = []
        early: list[bool] = []
        show = app._show

        def show_then_hear(board) -> None:
            show(board)                 # pushed; its mount is still to come
            early.append(board.is_mounted)
            board.notify = lambda message, **kw: said.append(message)
            board.host_update()
            board.refused("stale")
        app._show = show_then_hear
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, RemoteGameScreen)
                         and app.screen.is_mounted)
            assert early == [False] and said == [t("net.error.stale")]
            board = app.screen
            await _until(pilot, lambda: board.menu is not None)   # our seat's turn, shown
            assert board.menu.choices and app._exception is None


def _status_line(app) -> str:
    bar = app.screen.query_one(StatusBar)
    return bar._lead.plain if getattr(bar, "_lead", None) is not None else ""


async def test_every_pane_says_whose_seat_it_is_and_a_spectator_only_watches(cards):
    """The seat's pane: "You are Bo" in the status bar; a spectator's (join --watch):
    "Watching", and never a menu."""
    async with hosted(cards, names=("Ann", "Bo"), bots=(None, None), remote=(0, 1),
                      mode="karl", seed=11) as (table, url):
        config = PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False)
        seat = JoinApp(config, url, table.code_of(1), "127.0.0.1")
        async with seat.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(seat.screen, RemoteGameScreen)
                         and "You are Bo" in _status_line(seat))
        watcher = JoinApp(PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False),
                          url, "", "127.0.0.1", watch=True)
        async with watcher.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(watcher.screen, RemoteGameScreen)
                         and "Watching" in _status_line(watcher))
            assert watcher.screen.menu is None and watcher.mirror.mine == frozenset()
            assert len(table.watchers) == 1 and not table.holders
