"""Helpers for the app tests: build the app from `jorvik play` options, drive it by keys."""

from __future__ import annotations

import time
from collections.abc import Callable

from jorvik.cli import build_parser, play_config
from jorvik.i18n import set_language
from jorvik.tui import build_app
from jorvik.tui.app import JorvikApp
from jorvik.tui.screens.final import FinalScreen
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.hint import HintScreen


def make_app(*argv: str, autosave: bool = True) -> JorvikApp:
    parser = build_parser()
    args = parser.parse_args(["play", *argv])
    if args.lang:  # as jorvik.cli.main does before it builds the parser
        set_language(args.lang)
    app = build_app(play_config(parser, args), hints=not args.no_hints)
    app.config.autosave = autosave
    return app


def first_key(app: JorvikApp) -> str:
    """The deterministic key policy: the key of the first choice offered, else Enter."""
    screen = app.screen
    if isinstance(screen, GameScreen) and screen.menu and screen.menu.choices:
        return screen.menu.choices[0].key or "enter"
    return "enter"


async def wait_until(pilot, condition: Callable[[], object], within: float = 120.0,
                     what: str = "the condition") -> None:
    """Let the app run until `condition()` holds: a short pause (the app handles its messages)
    between checks. `within` only bounds a hung app (the test fails then); it is never what
    a test waits for, so a slow machine makes a test slower, not red."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not come within {within} s")
        await pilot.pause(0.01)


async def play_until(pilot, done: Callable[[JorvikApp], bool], limit: int = 3000) -> int:
    """Press the first offered key until `done(app)`; returns the number of key presses."""
    app = pilot.app
    for presses in range(limit):
        if done(app):
            return presses
        screen = app.screen
        if isinstance(screen, GameScreen) and (screen.thinking or screen.menu is None):
            await wait_until(pilot, lambda screen=screen: not (screen.thinking
                                                               or screen.menu is None)
                             or app.screen is not screen, what="a menu after the bots' turn")
            continue
        await pilot.press(first_key(app))
    raise AssertionError("the game did not get there")


async def hint_shown(pilot, within: float = 120.0) -> None:
    """Wait until the hint window shows its moves."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, HintScreen)
                     and app.screen.found is not None, within, "the hint")


def small_hints(monkeypatch, budget: int = 4000) -> None:
    """The app's hints judge with `budget` moves of play-outs instead of the game's
    HINT_STEPS: the same judging, on the same workers, in a fraction of the time."""
    import jorvik.tui.screens.hint as hint_screen
    real = hint_screen.hints
    monkeypatch.setattr(hint_screen, "hints",
                        lambda st, **kwargs: real(st, **{"budget": budget, **kwargs}))


def palette_lists(app: JorvikApp, words: str) -> bool:
    """Whether the command palette on top lists a line with `words` (the search is done)."""
    from textual.command import CommandList
    lists = app.screen.query(CommandList)
    if not lists:
        return False
    listed = lists.first()
    return any(words in str(getattr(listed.get_option_at_index(i).prompt, "plain",
                                    listed.get_option_at_index(i).prompt))
               for i in range(listed.option_count))


def saved_at(folder, names: list[str], mode: str, seed: int,
             done: Callable[[object], bool], limit: int = 3000) -> str:
    """A game played without the app (always the first legal action) until `done(session)`,
    saved in `folder`: the app loads it (--load) instead of being driven there key by key."""
    from jorvik.carddata import load_cards
    from jorvik.engine import legal_actions
    from jorvik.play.seats import COLOUR_NAMES, Seats
    from jorvik.play.session import Session
    s = Session.start(load_cards(), Seats(names, list(COLOUR_NAMES[:len(names)]),
                                          [None] * len(names)), mode, seed, None,
                      autosave=False)
    for _ in range(limit):
        if done(s):
            path = folder / f"at-{len(s.actions)}.json"
            s.save_as(path)
            return str(path)
        s.apply(legal_actions(s.state)[0])
    raise AssertionError("the game did not get there")


def cube_to_assign(session) -> bool:
    """The unloading, a human's menu offers a cube to assign (a submenu of destinations)."""
    from jorvik.tui.choices import menu_of as build_menu
    st = session.state
    if st.phase != "unloading" or session.decider is None:
        return False
    menu = build_menu(st, session.seats, ())
    return any(c.submenu and c.submenu[0] == "cube" for c in menu.choices)


def on_final(app: JorvikApp) -> bool:
    return isinstance(app.screen, FinalScreen)


def phase_is(phase: str, round_: int = 1) -> Callable[[JorvikApp], bool]:
    def check(app: JorvikApp) -> bool:
        s = app.screen
        return (isinstance(s, GameScreen) and s.session.state.phase == phase
                and s.session.state.round >= round_ and s.menu is not None)
    return check


def make_learn_app():
    """`jorvik learn` as the lesson tests drive it: no bot delay, nothing saved."""
    from jorvik.carddata import load_cards
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.screens.learn import LearnApp
    from jorvik.tui.text import Seats
    config = PlayConfig(cards=load_cards(), seats=Seats([], [], []), handover=False,
                        bot_delay=0.0, autosave=False)
    return LearnApp(config)


async def lesson_ready(pilot, screen) -> None:
    """Until a lesson screen has its menu (its bots done thinking)."""
    await wait_until(pilot, lambda: not screen.thinking and screen.menu, what="the menu")


async def choose_in_palette(pilot, command: str, choice: str, typed: str) -> None:
    """Ctrl+P, a command of the palette (a seat change's), then one of its choices (`typed`:
    a few of the choice's words, `choice`: a line the search must list)."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await pilot.press(*command)
    await wait_until(pilot, lambda: palette_lists(app, command), what="the command")
    await pilot.press("enter")
    await wait_until(pilot, lambda: palette_lists(app, choice), what="the choices")
    await pilot.press(*typed)
    await wait_until(pilot, lambda: palette_lists(app, choice), what="the choice")
    await pilot.press("enter")


def record_submits(monkeypatch) -> list[tuple[int, str | None]]:
    """Every Session.submit from now on, as (seat, by): by None for a front end's move, a
    bot's level for a bot's."""
    from jorvik.play.session import Session
    calls: list[tuple[int, str | None]] = []
    inner = Session.submit

    def submit(self, seat, action, at=None, by=None):
        calls.append((seat, by))
        return inner(self, seat, action, at, by=by)
    monkeypatch.setattr(Session, "submit", submit)
    return calls
