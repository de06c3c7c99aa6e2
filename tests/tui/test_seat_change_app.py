"""A seat changes hands in the app (issue 47 §1): the command palette's "Hand a seat to a
bot…" and "Take back a seat from a bot…" (listed in F1) with a choice of seat and level; a
bot plays on at once, a human is asked; Ctrl+Z takes the change back like a move; and
`play --resume --seat N=LEVEL` changes the seat before play goes on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from jorvik.carddata import load_cards
from jorvik.engine import Place
from jorvik.play import saves as saving
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.help import key_lines
from jorvik.tui.screens.message import ConfirmScreen, HandoverScreen
from tui_helpers import (
    choose_in_palette,
    make_app,
    on_final,
    palette_lists,
    play_until,
    saved_at,
    wait_until,
)

CORPUS = Path(__file__).resolve().parents[1] / "data" / "saves"
FOUR = ("--players", "4", "--mode", "jarl", "--names", "Anna,Bálint,Csaba,Dóra", "--seed", "4",
        "--start-player", "1", "--bot-delay", "0")


def _log(game: GameScreen) -> list[str]:
    return [game.session.line(e) for e in game.session.log]


async def test_a_player_hands_their_seat_to_a_bot_which_plays_at_once_and_undo_takes_it_back():
    app = make_app(*FOUR, "--handover", "never", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        session = game.session
        await pilot.press("1")                    # Anna places; Bálint's turn
        assert session.decider == 1
        await choose_in_palette(pilot, "Hand a seat to a bot", "Bálint (seat 2) → the easy bot",
                       "seat 2 the easy")
        await wait_until(pilot, lambda: session.decider == 2 and not game.thinking,
                         what="the bot's move in Bálint's seat")
        assert session.seats.bots == [None, "easy", None, None] and len(session.actions) == 2
        assert "Bálint left; their seat is played by the easy bot from round 1." in _log(game)
        await pilot.press("ctrl+z")               # Csaba's undo: back over the bot's move ...
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is game)
        assert session.seats.bots == [None] * 4 and len(session.actions) == 1  # ... and the change
        assert session.decider == 1 and game.menu is not None   # Bálint decides again
        assert not any("easy bot" in line for line in _log(game))


async def test_the_table_gives_a_bot_seat_back_and_the_table_asks_that_human():
    app = make_app("--players", "2", "--names", "Anna,Bot", "--seat", "2=easy", "--seed", "4",
                   "--start-player", "1", "--handover", "always", autosave=False)
    app.bot_delay = 3600   # the bot's move waits until the game is closed
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        session = game.session
        await pilot.press("1")                    # Anna places; the bot thinks
        await wait_until(pilot, lambda: game.thinking, what="the bot's turn")
        await choose_in_palette(pilot, "Take back", "Bot (seat 2) → a human again", "2 human")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoverScreen),
                         what="the hand-over to the seat's human")
        assert session.seats.bots == [None, None] and not game.thinking
        assert len(session.actions) == 1 and session.decider == 1
        assert _log(game)[-1] == "A human plays Bot's seat again from round 1 (the easy bot leaves)."
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game and game.menu is not None)
        await pilot.press("2")                    # the human plays the seat
        assert len(session.actions) == 2 and session.actions[1] == Place(2)


async def test_the_seat_commands_are_in_the_palette_and_in_f1():
    app = make_app(*FOUR, "--handover", "never", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        assert any("hand a seat to a bot or take it back" in words
                   for _, words in key_lines(game))
        await pilot.press("ctrl+p")
        await pilot.press(*"seat")
        await wait_until(pilot, lambda: palette_lists(app, "Hand a seat to a bot"))
        assert not palette_lists(app, "Take back a seat")   # no bot plays a seat yet


def _saved(names=("Anna", "Bela"), actions=1, bots=(None, None)) -> Session:
    seats = Seats(list(names), ["red", "blue"], list(bots))
    s = Session.start(load_cards(), seats, "karl", 4, 0)
    for a in [Place(1), Place(2)][:actions]:
        s.apply(a)
    s.close()
    return s


async def test_play_resume_seat_hands_the_seat_to_the_bot_before_play_goes_on():
    game_saved = _saved()                         # Anna placed: Bela's turn
    app = make_app("--resume", "--seat", "2=easy", "--bot-delay", "0", "--handover", "never")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        session = game.session
        await wait_until(pilot, lambda: len(session.actions) == 2 and not game.thinking,
                         what="the bot's move in Bela's seat")
        assert session.seats.bots == [None, "easy"] and session.path == game_saved.path
        assert "Bela's seat is played by the easy bot from round 1." in _log(game)
        assert game.menu is not None and session.decider == 0   # Anna's turn again
    data = json.loads(game_saved.path.read_text(encoding="utf-8"))
    assert data["seat_changes"] == [{"move": 1, "seat": 1, "bot": "easy", "was": None,
                                     "by": None}]
    assert len(data["record"]["actions"]) == 2


async def test_play_load_seat_human_gives_the_seat_back():
    game_saved = _saved(bots=(None, "hard"))
    app = make_app("--load", str(game_saved.path), "--seat", "2=human", "--handover", "never")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert game.session.seats.bots == [None, None] and not game.thinking
        assert game.session.decider == 1 and game.menu is not None   # Bela is asked
    parsed, _ = saving.open_save(game_saved.path, load_cards())
    assert parsed.seats.bots == [None, None] and len(parsed.seat_changes) == 1


async def test_the_hand_over_banner_of_a_player_who_leaves_goes_and_the_bot_plays():
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "4", "--start-player",
                   "1", "--bot-delay", "0", "--handover", "always", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        game = app.screen
        session = game.session
        await pilot.press("1")                    # Anna places: the banner for Bela
        assert isinstance(app.screen, HandoverScreen) and app.screen.player == 1
        await choose_in_palette(pilot, "Hand a seat", "Bela (seat 2) → the easy bot", "2 the easy")
        await wait_until(pilot, lambda: len(session.actions) == 2 and not game.thinking,
                         what="the bot's move in Bela's seat")
        await wait_until(pilot, lambda: app.screen is game or (
            isinstance(app.screen, HandoverScreen) and app.screen.player == 0))
        assert session.seats.bots == [None, "easy"]
        assert "Bela left; their seat is played by the easy bot from round 1." in _log(game)


async def test_a_finished_game_loaded_with_seat_is_shown_as_finished(tmp_path):
    path = tmp_path / "finished.json"
    shutil.copyfile(CORPUS / "save2-fb5a3ad-jarl-finished.json", path)
    app = make_app("--load", str(path), "--seat", "2=hard", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        from jorvik.tui.screens.final import FinalScreen
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen))
        assert app.session.seat_changes == []
        assert "The game is over." in [app.session.line(e) for e in app.session.log]


async def test_a_four_player_hot_seat_game_where_two_leave_for_bots_ends(tmp_path):
    """The issue's hot-seat game, in its last round (the start is played without the app):
    Bálint hands his seat to 'easy', some moves later the table gives Dóra's to 'normal', and
    the two humans left play on (the first choice each time) until the final scoring."""
    path = saved_at(tmp_path, ["Anna", "Bálint", "Csaba", "Dóra"], "jarl", 4,
                    lambda s: s.state.round >= 10)
    app = make_app("--load", path, "--bot-delay", "0", "--handover", "never")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        session = game.session
        await choose_in_palette(pilot, "Hand a seat", "Bálint (seat 2) → the easy bot", "seat 2 the easy")
        await wait_until(pilot, lambda: session.seats.bots[1] == "easy")
        first = len(session.actions)
        await play_until(pilot, lambda a: session.over or (   # the table, not Dóra, decides
            len(session.actions) >= first + 4 and session.decider in (0, 2)))
        if not session.over:
            await choose_in_palette(pilot, "Hand a seat", "Dóra (seat 4) → the normal bot",
                           "seat 4 the normal")
            await wait_until(pilot, lambda: session.seats.bots[3] == "normal")
        await play_until(pilot, on_final)
        assert session.over and session.seats.bots == [None, "easy", None, "normal"]
        lines = _log(game)
        assert "Bálint's seat is played by the easy bot from round 10." in lines or \
            "Bálint left; their seat is played by the easy bot from round 10." in lines
        assert any(line.startswith("Dóra's seat is played by the normal bot from round 10")
                   for line in lines)
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert data["finished"] and [c["seat"] for c in data["seat_changes"]] == [1, 3]
    assert data["seat_changes"][1]["move"] >= data["seat_changes"][0]["move"] + 4


async def test_the_seat_commands_in_hungarian():
    app = make_app("--lang", "hu", *FOUR, "--handover", "never", autosave=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            game = app.screen
            await pilot.press("1")
            await choose_in_palette(pilot, "Hely átadása", "Bálint (2. hely) → „nehéz” gépi játékos",
                           "2 nehéz")
            await wait_until(pilot, lambda: game.session.seats.bots[1] == "hard")
            assert ("Bálint kiszállt; az 1. fordulótól „nehéz” gépi játékos játszik a helyén."
                    in _log(game))
    finally:
        from jorvik.i18n import set_language
        set_language("en")
