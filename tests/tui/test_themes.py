"""The colours follow the theme (tui/themes.py): every colour of jorvik.tcss is a theme
variable, defined in jorvik-dark and jorvik-light; the palette's theme switch changes the
board's colours; a theme of Textual's own takes the board colours of its kind; a snapshot of
each jorvik theme. Goods keep their letters whatever the theme. The colours made in Python
(the players', the goods cubes', the VP race's) are theme variables too: the switch changes
them on the board and in a replay, and nothing keeps a colour only the dark theme has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.color import Color

import jorvik.tui
from jorvik.engine import GOODS
from jorvik.i18n.cards import good_letter
from jorvik.tui.themes import BOARD_DARK, BOARD_LIGHT, DARK, DARK_NAME, LIGHT, LIGHT_NAME
from tui_helpers import make_app, palette_lists, wait_until

TCSS = Path(jorvik.tui.__file__).with_name("jorvik.tcss").read_text(encoding="utf-8")
KARL = ("--players", "3", "--mode", "karl", "--names", "Anna,Bela,Csaba", "--seed", "11",
        "--no-handover")
SIZE = (120, 40)


def test_the_stylesheet_has_no_colour_of_its_own_and_every_variable_is_in_both_themes():
    # a "#" followed by hex digits and no more name characters: a colour, not an id (#board)
    colours = re.findall(r"#[0-9a-fA-F]{3,8}(?![-\w])", re.sub(r"/\*.*?\*/", "", TCSS, flags=re.S))
    assert colours == []
    used = set(re.findall(r"\$([a-z][-a-z0-9]*)", TCSS))
    assert used == set(BOARD_DARK) == set(BOARD_LIGHT)
    assert set(DARK) == set(LIGHT)  # the text colours made in Python too


def test_the_two_themes_differ_and_light_is_light():
    assert all(DARK[name] != LIGHT[name] for name in ("board-bg", "bar-bg", "key", "title"))
    assert Color.parse(LIGHT["board-bg"]).brightness > 0.8 > 0.2 > Color.parse(
        DARK["board-bg"]).brightness


def _background(app, selector: str) -> Color:
    return app.screen.query_one(selector).styles.background


async def test_the_palettes_theme_switch_changes_the_boards_colours():
    app = make_app(*KARL, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == DARK_NAME
        assert app.screen.styles.background == Color.parse(DARK["board-bg"])
        assert _background(app, "#status") == Color.parse(DARK["bar-bg"])
        await pilot.press("ctrl+p", *"Theme")
        await wait_until(pilot, lambda: palette_lists(app, "Change the colour theme"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: palette_lists(app, LIGHT_NAME))
        await pilot.press(*LIGHT_NAME, "enter")
        await wait_until(pilot, lambda: app.theme == LIGHT_NAME, what="the light theme")
        await pilot.pause()
        assert app.screen.styles.background == Color.parse(LIGHT["board-bg"])
        assert _background(app, "#status") == Color.parse(LIGHT["bar-bg"])
        assert _background(app, "#supply") == Color.parse(LIGHT["strip-bg"])


@pytest.mark.parametrize("theme, board", [("nord", DARK), ("textual-light", LIGHT)])
async def test_a_textual_theme_takes_the_board_colours_of_its_kind(theme, board):
    app = make_app(*KARL, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = theme
        await pilot.pause()
        assert app.screen.styles.background == Color.parse(board["board-bg"])
        await pilot.press("1")  # the game goes on under it
        assert len(app.screen.session.actions) == 1


def _game_with_goods_on_ships(folder: Path) -> str:
    """A saved 3-player Karl game at the first moment some player has cubes on ships."""
    import random

    from jorvik.carddata import load_cards
    from jorvik.engine import legal_actions
    from jorvik.play.seats import COLOUR_NAMES, Seats
    from jorvik.play.session import Session
    s = Session.start(load_cards(), Seats(["Anna", "Bela", "Csaba"], list(COLOUR_NAMES[:3]),
                                          [None] * 3), "karl", 11, None, autosave=False)
    rng = random.Random(11)
    for _ in range(2000):
        if any(pl.ship_goods for pl in s.state.players) or s.over:
            break
        s.apply(rng.choice(legal_actions(s.state)))
    path = folder / "ships.json"
    s.save_as(path)
    return str(path)


async def test_the_goods_keep_their_letters_in_the_light_theme(tmp_path):
    from jorvik.tui.widgets.player_panel import PlayerPanel
    app = make_app("--load", _game_with_goods_on_ships(tmp_path), "--no-handover",
                   autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = LIGHT_NAME
        await pilot.pause()
        st = app.screen.session.state
        shown = 0
        for panel in app.screen.query(PlayerPanel):
            goods = st.players[panel.player].ship_goods
            text = "".join(line.plain for line in panel.build(*panel.content_size))
            assert all(good_letter(g) in text for g in goods), (goods, text)
            shown += len(goods)
        assert shown


@pytest.mark.parametrize("theme", [DARK_NAME, LIGHT_NAME])
def test_the_karl_demand_phase_in_each_theme(snap_compare, theme):
    async def run_before(pilot) -> None:
        pilot.app.theme = theme
        await pilot.pause()
    assert snap_compare(make_app(*KARL, autosave=False), terminal_size=SIZE,
                        run_before=run_before)


# ---------------------------------------------------------------- the colours made in Python

def text_fills(svg: str, word: str) -> set[str]:
    """The colours the screenshot `svg` draws the text pieces containing `word` in."""
    fills = dict(re.findall(r"\.(terminal-\d+-r\d+) \{ fill: (#[0-9a-f]{6})", svg))
    return {fills[c] for c, text in re.findall(r'class="(terminal-\d+-r\d+)"[^>]*>([^<]*)<', svg)
            if word in text.replace("&#160;", " ") and c in fills}


def cell_fills(svg: str) -> set[str]:
    """The background colours of the screenshot's cells."""
    return set(re.findall(r'<rect fill="(#[0-9a-f]{6})"', svg))


def only_in_dark() -> set[str]:
    """The colours of jorvik-dark that jorvik-light has nowhere."""
    return {v.lower() for v in DARK.values() if v.startswith("#")} - {
        v.lower() for v in LIGHT.values()}


def test_every_player_colour_and_good_has_its_variables_and_no_app_means_dark():
    from jorvik.play.seats import COLOUR_NAMES
    from jorvik.tui import theme
    for colours in (DARK, LIGHT):
        for c in COLOUR_NAMES:
            assert {f"player-{c}", f"player-{c}-bg", f"player-{c}-on"} <= set(colours)
        for g in GOODS:
            assert {f"good-{g}", f"good-{g}-on"} <= set(colours)
    assert theme.player("red") == DARK["player-red"]          # no app running: jorvik-dark
    assert theme.good(GOODS.index("amber")) == (DARK["good-amber"], DARK["good-amber-on"])
    # the light theme's player colours are darker than the dark theme's: text on a light board
    for c in ("red", "blue", "green", "yellow", "white"):
        assert Color.parse(LIGHT[f"player-{c}"]).brightness < Color.parse(
            DARK[f"player-{c}"]).brightness


async def test_the_players_and_the_goods_colours_follow_the_palettes_theme_switch():
    app = make_app(*KARL, autosave=False)  # Anna red, Bela blue, Csaba green
    async with app.run_test(size=SIZE) as pilot:
        dark = app.export_screenshot()
        for name, colour in (("Anna", "red"), ("Bela", "blue"), ("Csaba", "green")):
            assert DARK[f"player-{colour}"] in text_fills(dark, name)
        goods = [g for g in GOODS if DARK[f"good-{g}"] in cell_fills(dark)
                 and DARK[f"good-{g}"] != LIGHT[f"good-{g}"]]
        assert goods  # the supply's cubes, some of them in colours the themes tell apart
        app.theme = LIGHT_NAME
        await wait_until(pilot, lambda: LIGHT["player-red"] in text_fills(
            app.export_screenshot(), "Anna"), what="Anna's name in the light theme's red")
        light = app.export_screenshot()
        for name, colour in (("Anna", "red"), ("Bela", "blue"), ("Csaba", "green")):
            fills = text_fills(light, name)
            assert LIGHT[f"player-{colour}"] in fills and DARK[f"player-{colour}"] not in fills
        for g in goods:
            assert LIGHT[f"good-{g}"] in cell_fills(light)
            assert DARK[f"good-{g}"] not in cell_fills(light)
        # nothing on the board keeps a colour only the dark theme has (text or cell)
        left = only_in_dark() & (set(text_fills(light, "")) | cell_fills(light))
        assert not left, left
        app.theme = DARK_NAME  # and back: the dark colours again
        await wait_until(pilot, lambda: DARK["player-red"] in text_fills(
            app.export_screenshot(), "Anna"), what="Anna's name in the dark theme's red")


async def test_the_vp_race_of_a_replay_follows_the_theme(tmp_path):
    from jorvik.play.replay import load
    from jorvik.tui.replay_app import replay_app
    save = _game_with_goods_on_ships(tmp_path)
    app = replay_app(load(save))
    async with app.run_test(size=SIZE) as pilot:
        app.theme = LIGHT_NAME
        await pilot.press("right_square_bracket", "right", "g")
        await wait_until(pilot, lambda: app.screen.has_class("-view-chart"), what="the chart")
        await wait_until(pilot, lambda: LIGHT["race-mark"] in text_fills(
            app.export_screenshot(), "↑"), what="the move's mark in the light theme")
        svg = app.export_screenshot()
        assert LIGHT["player-blue"] in text_fills(svg, "Bela")
        assert not only_in_dark() & (set(text_fills(svg, "")) | cell_fills(svg))


async def test_a_hint_shown_takes_the_new_themes_colours(monkeypatch):
    from jorvik.tui.screens.hint import HintScreen
    from tui_helpers import hint_shown, small_hints
    small_hints(monkeypatch)
    app = make_app(*KARL, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await hint_shown(pilot)
        assert isinstance(app.screen, HintScreen)
        assert DARK["key"] in text_fills(app.export_screenshot(), "[")   # the moves' keys
        app.theme = LIGHT_NAME
        await wait_until(pilot, lambda: LIGHT["key"] in text_fills(app.export_screenshot(),
                                                                   "["), what="light keys")
        assert not only_in_dark() & set(text_fills(app.export_screenshot(), ""))
