"""Lines that are never cut mid-word (issue 31 §3): the status line, the supply line (the deck
counts kept) and the legend line at 80, 100 and 120 columns; and the fitting rules."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

from jorvik.i18n import t
from jorvik.tui.fit import Part, fit_items, fit_line
from jorvik.tui.widgets.details import CardDetails
from jorvik.tui.widgets.goods import SupplyBar
from jorvik.tui.widgets.status import StatusBar
from test_score_grid import LONG, random_game
from tui_helpers import make_app


def test_fit_line_takes_short_forms_then_drops_the_least_needed_parts_whole():
    parts = [Part(Text("Round 6"), keep=9), Part(Text("Summer"), Text("Su"), keep=3),
             Part(Text("Demand phase"), keep=8), Part(Text("Jarl"), keep=1)]
    assert fit_line(parts, 80).plain == "Round 6 · Summer · Demand phase · Jarl"
    assert fit_line(parts, 34).plain == "Round 6 · Su · Demand phase · Jarl"
    assert fit_line(parts, 27).plain == "Round 6 · Su · Demand phase"
    assert fit_line(parts, 22).plain == "Round 6 · Demand phase"


def test_fit_items_keeps_each_item_whole():
    items = [Text(x) for x in ("5c coins", "V4 vikings", "a long item that will not fit", "x")]
    lines = fit_items(items, 22, 1)
    assert [line.plain for line in lines] == ["5c coins · V4 vikings"]
    assert [line.plain for line in fit_items(items, 30, 2)] == [
        "5c coins · V4 vikings", "a long item that will not fit"]


def whole_words(line: str, full: str) -> bool:
    return all(word in full for word in line.split())


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_status_supply_and_legend_lines_are_never_cut_mid_word(tmp_path, size):
    path = random_game(tmp_path, 5, LONG, 4)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.screen
        width = game.query_one(SupplyBar).content_size.width
        supply = game.query_one(SupplyBar)
        line = supply.build(width, 1)[0].plain
        # the deck counts are kept: one count per season, whatever the width
        deck = line.rsplit("│", 1)[-1]
        assert deck.strip().startswith(t("tui.board.deck")), line
        assert len(re.findall(r"(W|Sp|Su|Au) ?\d+", deck)) == 4, line
        assert "…" not in line
        status = game.query_one(StatusBar)
        sw = status.content_size.width
        top = status.build(sw, 1)[0].plain
        assert t("tui.phase.demand") in top and len(top) <= sw
        # any "…" is a long name's ellipsis, not a cut word of the line
        for piece in top.split(" · "):
            assert "…" not in piece or any(n[:5] in piece for n in LONG), top
        details = game.query_one(CardDetails)
        details.show(None)
        legend_items = {x.strip() for x in t("tui.legend.short").split(" · ")}
        for shown in details.build(details.content_size.width, details.content_size.height):
            for item in shown.plain.split(" · "):
                assert item.strip() in legend_items, item


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_key_line_keeps_quit_help_and_undo_at_every_width(tmp_path, size):
    from jorvik.tui.widgets.keybar import KeyBar
    path = random_game(tmp_path, 5, LONG, 4)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")  # a move: undo has something to undo
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = bar.build(bar.content_size.width, 1)[0].plain
        for word in (t("tui.bind.quit"), t("tui.bind.help"), t("tui.bind.undo")):
            assert f" {word} " in line, (word, line)


async def test_after_resizing_up_the_narrow_only_key_goes(tmp_path):
    from jorvik.tui.widgets.keybar import KeyBar
    path = random_game(tmp_path, 4, LONG, 4)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.screen.query_one(KeyBar)

        def line() -> str:
            return bar.build(bar.content_size.width, 1)[0].plain
        assert t("tui.bind.view") in line()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert t("tui.bind.view") not in line()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert t("tui.bind.view") in line()


def test_game_ids_transliterate_letters_instead_of_dropping_them():
    from jorvik.play.saves import _slug
    assert _slug("Þórður") == "thordur"
    assert _slug("Ægir") == "aegir"
    assert _slug("Sigrún Ðóra") == "sigrundora"
    assert _slug("Ödön") == "odon"


async def test_the_setup_screen_says_when_a_name_was_shortened():
    from jorvik.tui.screens.setup import SetupScreen
    app = make_app("--players", "2", autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        field = app.screen.query_one("#name-0")
        field.value = ""
        await pilot.press(*"Brynhildr Sigurdardottir of Hladir")
        await pilot.pause()
        assert field.value == "Brynhildr Sigurdardottir"
        said = str(app.screen.query_one("#setup-error").render())
        assert "at most 24 characters" in said and "Brynhildr Sigurdardottir" in said
        await pilot.press("ctrl+s")  # the first start after a shortening only shows it
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-1").value = "Ragnar"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
        assert app.session.seats.names[0] == "Brynhildr Sigurdardottir"


async def test_long_names_end_in_an_ellipsis_in_panels_and_are_whole_in_the_log(tmp_path):
    from jorvik.tui.widgets.player_panel import PlayerPanel
    path = random_game(tmp_path, 5, LONG, 4)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = app.screen
        cut = 0
        for panel in game.query(PlayerPanel):
            width, height = panel.content_size
            first = panel.build(width, height)[0].plain
            name = game.session.seats.names[panel.player]
            assert len(first) <= width
            if len(name) + 2 > width:
                assert first.rstrip().endswith("…"), first
                cut += 1
        assert cut >= 3  # the long names were too long for their areas: the check ran
        log = " ".join(game.session.line(e) for e in game.session.log)
        assert "Ragnar Lodbrok Sigurdsso" in log  # whole (24 characters) in the log


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_standings_bar_ranks_every_player_with_the_gap_to_the_leader(tmp_path, size):
    from jorvik.play.scores import scores_now
    from jorvik.tui.widgets.standings import StandingsBar
    path = random_game(tmp_path, 5, LONG, 5)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.screen
        bar = game.query_one(StandingsBar)
        line = bar.build(bar.content_size.width, 1)[0].plain
        assert len(line) <= bar.content_size.width
        rows = scores_now(game.session.state)["scores"]
        totals = sorted((r["total"] for r in rows), reverse=True)
        entries = line.split(" · ")
        assert len(entries) == 5, line
        assert entries[0].endswith(f"{totals[0]} VP"), line
        for entry, total in zip(entries[1:], totals[1:]):
            gap = total - totals[0]
            assert entry.endswith(f"{gap:+d}".replace("-", "−")), (entry, gap)
        assert next(e.split(".")[0].split()[-1] for e in entries) == "1"


def test_a_long_name_in_the_prompt_ends_in_an_ellipsis_and_the_numbers_stay():
    from jorvik.carddata import load_cards
    from jorvik.engine import new_game
    from jorvik.tui.choices import menu_of as build_menu
    from jorvik.tui.text import COLOUR_NAMES, Seats
    names = LONG[:3]
    st = new_game(names, mode="jarl", seed=3, start_player=0, cards=load_cards())
    menu = build_menu(st, Seats(names, list(COLOUR_NAMES[:3]), [None] * 3))
    assert menu.prompt.plain.startswith("Brynhildr Sigur…: "), menu.prompt.plain
    assert "(4 left)" in menu.prompt.plain  # the count is there, whole
