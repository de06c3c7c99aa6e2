"""Magyarul is: `--lang hu`, switching the running app at once (F2, the command palette, the
setup screen), the whole log worded again, the choice remembered; a round in Hungarian."""

from __future__ import annotations

import json

from jorvik.i18n import get_language
from jorvik.settings import data_dir
from jorvik.tui.commands import GameCommands
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.setup import SetupScreen
from tui_helpers import first_key, make_app

JARL_HU = ("--lang", "hu", "--players", "4", "--mode", "jarl", "--names",
           "Anna,Béla,Csaba,Dóra", "--seed", "3", "--no-handover")
KARL = ("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover")


def status(app) -> str:
    return app.screen.query_one("#status").text.plain


def keys_line(app) -> str:
    return " ".join(t.plain for t in app.screen.query_one("KeyBar").build(200, 1))


def log_lines(app) -> list[str]:
    return [app.screen.session.line(e) for e in app.screen.session.log]


def saved_language() -> str | None:
    path = data_dir() / "settings.json"
    return json.loads(path.read_text(encoding="utf-8")).get("lang") if path.exists() else None


async def test_play_with_lang_hu_starts_in_hungarian():
    app = make_app(*JARL_HU)
    async with app.run_test(size=(120, 40)):
        assert isinstance(app.screen, GameScreen)
        assert status(app).startswith("1. forduló") and "Keresletfázis" in status(app)
        assert "Visszavonás" in keys_line(app) and "English" in keys_line(app)
        assert "Új Jarl játék" in log_lines(app)[0]


async def test_f2_switches_the_running_game_at_once_log_included_and_remembers_it():
    app = make_app(*KARL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "2")
        assert "Demand phase" in status(app)
        assert "placed a viking under" in log_lines(app)[1]
        await pilot.press("f2")
        assert get_language() == "hu"
        assert "Keresletfázis" in status(app)
        assert "vikinget tett az 1. keresletsorba" in log_lines(app)[1]
        shown = " ".join(line.plain for line in app.screen._log.build(200, 40))
        assert "vikinget tett az 1. keresletsorba" in shown and "placed a viking" not in shown
        assert "Visszavonás" in keys_line(app) and "English" in keys_line(app)
        assert saved_language() == "hu"
        await pilot.press("f2")
        assert "Demand phase" in status(app) and "Magyar" in keys_line(app)
        assert saved_language() == "en"
        await pilot.press("1")  # the game goes on
        assert len(app.screen.session.actions) == 3


async def test_the_command_palette_offers_the_other_language():
    app = make_app(*KARL)
    async with app.run_test(size=(120, 40)) as pilot:
        provider = GameCommands(app.screen)
        hits = [hit async for hit in provider.search("Magyar")]
        assert hits and "Language" in str(hits[0].text)
        hits[0].command()
        await pilot.pause()
        assert get_language() == "hu" and "Keresletfázis" in status(app)


async def test_the_setup_screen_switches_the_language_and_keeps_the_names():
    app = make_app("--players", "2", "--seed", "1", "--no-handover")
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-0").value = "Eszti"
        app.screen.query_one("#language").value = "hu"
        await pilot.pause()
        assert get_language() == "hu"
        assert "Új Karl játék" in str(app.screen.query_one("#setup-title").render())
        assert app.screen.query_one("#name-0").value == "Eszti"
        app.screen.query_one("#name-1").value = "Móni"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and "Keresletfázis" in status(app)


async def test_a_whole_round_in_hungarian_by_key_presses():
    app = make_app(*JARL_HU)
    async with app.run_test(size=(120, 40)) as pilot:
        phases = []
        for _ in range(100):
            if app.screen.session.state.round > 1:
                break
            phase = status(app).split(" · ")[2]
            if phase not in phases:
                phases.append(phase)
            await pilot.press(first_key(app))
        assert app.screen.session.state.round == 2
        assert phases == ["Keresletfázis", "Vásárlásfázis"]
        log = "\n".join(log_lines(app))
        assert "Csaba vikinget tett az 1. keresletsorba: Gyapjúkereskedő (1. hely)" in log
        assert "— Vásárlásfázis —" in log and "— Rakodásfázis —" in log
        assert "megvette 5 érméért: Gyapjúkereskedő" in log
        assert "2. forduló" in log and "2. forduló" in status(app)
