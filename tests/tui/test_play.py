"""Whole games by key presses only, to the final scoring screen."""

from __future__ import annotations

import pytest

from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import HandoverScreen
from tui_helpers import first_key, make_app, on_final, play_until, wait_until


@pytest.mark.slow
async def test_a_whole_four_player_jarl_game_is_played_by_keys_to_the_final_scoring():
    app = make_app("--players", "4", "--mode", "jarl", "--names", "Anna,Bela,Csaba,Dora",
                   "--seed", "8", "--no-handover", autosave=False)  # saving: test_saves.py
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, on_final)
        assert app.screen.session.state.result["scores"]


@pytest.mark.slow  # bots' turns in the app: test_board; all-bot rounds on: test_saves (SIGKILL)
async def test_all_bot_seats_play_a_whole_game_unattended():
    app = make_app("--players", "2", "--mode", "karl", "--bots", "1,2", "--level", "easy",
                   "--seed", "2", "--bot-delay", "0")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: on_final(app), within=120, what="the final scoring")


async def test_the_handover_banner_names_the_next_player_and_enter_dismisses_it():
    app = make_app("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "1",
                   "--start-player", "1", "--handover", "always")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        assert isinstance(app.screen, HandoverScreen)
        assert "Bela" in str(app.screen.query_one("#handover-text").render())
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.decider == 1


async def test_an_unknown_bot_level_in_a_save_falls_back_to_easy_with_a_notice():
    import json

    from jorvik.play import saves as saving
    app = make_app("--players", "2", "--names", "Anna,Bot", "--seat", "2=easy",
                   "--seed", "1", "--start-player", "1", "--bot-delay", "0")
    async with app.run_test(size=(120, 40)):
        path = app.session.path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"][1]["bot"] = "grandmaster"  # e.g. a save from a version with more bots
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_app("--resume", "--bot-delay", "0")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if app.session.decider == 0:
            await pilot.press(first_key(app))
        await wait_until(pilot, lambda: app.session.decider == 0, what="the bot's move")
        log = " ".join(app.session.line(e) for e in app.session.log)
        assert "grandmaster" in log and "easy" in log
    assert saving.list_games()
