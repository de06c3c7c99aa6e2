"""Issue 48 §1, from the player's side: at 80×24, 100×30 and 120×40, in English and in
Hungarian, every card on the board shows its name whole (or its short name from the card
file), also above a demand column with many vikings; 5 players at 100×30 keep each viking
count and [bot]; the key line at 80×24 keeps c, l and ? in both languages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from jorvik.carddata import load_cards
from jorvik.cardfile import CardFileError
from jorvik.cardschema import parse
from jorvik.i18n import set_language, t
from jorvik.i18n.cards import card_name, card_short_name
from jorvik.tui.screens.game import GameScreen
from tui_helpers import make_app

NAMES = "Éva Kovácsné,Bálint Kovács,Ödön Árpád,Þórður Sigurðsson,Ragnhildur Ásgeirsdóttir"
SIZES = [(80, 24), (100, 30), (120, 40)]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def screen_text(app) -> str:
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text()


def first_lines(text: str) -> list[str]:
    """The first line inside every card box of the board, left to right, top to bottom."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines[:-1]):
        for m in re.finditer(r"╭─ \d+[^╮]*╮", line):
            out.append(lines[i + 1][m.start() + 1:m.end() - 1].rstrip())
    return out


def app_for(lang: str, bots: str = ""):
    args = ["--lang", lang, "--players", "5", "--mode", "jarl", "--names", NAMES,
            "--seed", "11", "--no-handover", "--start-player", "1"]
    if bots:
        args += ["--bots", bots, "--bot-delay", "0"]
    return make_app(*args, autosave=False)


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("size", SIZES)
async def test_every_card_shows_its_name_also_over_a_crowded_column(lang, size):
    app = app_for(lang)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        # every player's vikings into column 4 while it takes them: its box is crowded
        for _ in range(9):
            await pilot.press("4")
        await pilot.pause()
        st = screen.session.state
        assert len(st.columns[3]) >= 6
        shown = first_lines(screen_text(app))
        assert len(shown) == 12, shown
        for space, line in enumerate(shown):
            card = st.cards.by_id[st.spaces[space]]
            assert "…" not in line, (space + 1, line)
            assert line in (card_name(card), card_short_name(card)) or \
                line.startswith(card_name(card).split()[0]), (space + 1, line)
        # the crowded column still says its price, and the name is its first line
        assert card_short_name(st.cards.by_id[st.spaces[3]]) in shown[3] or \
            card_name(st.cards.by_id[st.spaces[3]]) in shown[3]


def test_every_packaged_card_has_a_short_name_for_a_narrow_box_in_both_languages():
    for card in load_cards().cards:
        assert 0 < len(card.short) <= 11, card.id
        assert 0 < len(card.short_hu) <= 11, card.id
        for lang in ("en", "hu"):
            set_language(lang)
            name = card_name(card)
            # used only where the whole name does not fit: a short name is never longer
            assert len(card_short_name(card)) <= len(name), (card.id, lang)


def test_the_card_schema_checks_the_short_name_and_it_changes_no_save():
    text = (Path(__file__).parents[2] / "data" / "cards.yaml").read_text(encoding="utf-8")
    named = parse(text, "cards.yaml")
    plain = parse(re.sub(r"(?m)^    short(_hu)?: .*\n", "", text), "cards.yaml")
    assert named.by_id["A04"].short == "Amber mer." and not plain.by_id["A04"].short
    assert named.hash == plain.hash      # display only: a save never notices it
    with pytest.raises(CardFileError, match="short"):
        parse(text.replace('short: "Amber mer."', 'short: "Amber merchant!"'), "cards.yaml")


@pytest.mark.parametrize("lang,bot", [("en", "bot"), ("hu", "gép")])
async def test_five_players_at_100x30_keep_their_viking_count_and_bot_mark(lang, bot):
    app = app_for(lang, bots="4,5")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        strip = [line for line in text.splitlines() if line.startswith("█")]
        cells = ["\n".join(line.split("█")[k] for line in strip[:6]) for k in range(1, 6)]
        for k, cell in enumerate(cells):
            assert re.search(r"\bV\d", cell), (k, cell)
        assert sum(f"[{bot}]" in cell for cell in cells) == 2, cells


@pytest.mark.parametrize("lang", ["en", "hu"])
async def test_the_key_line_at_80x24_keeps_cards_log_and_hint(lang):
    app = app_for(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = screen_text(app).splitlines()[-1]
        for k, label in (("c", "tui.bind.cards"), ("l", "tui.bind.log"),
                         ("?", "learn.bind.hint")):
            assert f"{k} {t(label)}" in last, last
        assert "…" not in last


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_legend_says_whose_viking_mark_is_whose(lang, size):
    app = app_for(lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        seats = app.screen.session.seats
        marks = [seats.initial(p) for p in range(5)]
        assert len(set(marks)) == 5  # two players never look alike
        # every player, in seat order: the mark, then the name (a long key: first words)
        whole = " · ".join(f"{m} {n if len(n) <= 12 else n.split()[0]}"
                           for m, n in zip(marks, seats.names))
        short = " · ".join(f"{m} {n.split()[0]}" for m, n in zip(marks, seats.names))
        label = t("tui.legend.vikings")
        assert f"{label} {whole}" in text or f"{label} {short}" in text, text


@pytest.mark.parametrize("lang,names", [("en", "Player 1,Player 2,Player 3"),
                                        ("hu", "1. játékos,2. játékos,3. játékos")])
async def test_numbered_names_are_told_apart_in_the_viking_key(lang, names):
    app = make_app("--lang", lang, "--players", "3", "--mode", "jarl", "--names", names,
                   "--seed", "2", "--no-handover", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        seats = app.screen.session.seats
        for p, name in enumerate(names.split(",")):
            assert f"{seats.initial(p)} {name}" in text, (name, text)


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("height", [2, 3])
def test_a_crowded_column_in_a_small_box_keeps_name_vikings_and_price(lang, height):
    """A box of 11 cells and 2 or 3 lines (80×24 with a long reservation row) over a column of
    8 vikings: the name, every viking (or the first ones and "+n") and the price."""
    from jorvik.carddata import load_cards
    from jorvik.engine import viking_code
    from jorvik.play.seats import COLOUR_NAMES
    from jorvik.tui.text import Seats
    from jorvik.tui.widgets.column import SpaceWidget
    set_language(lang)
    card = load_cards().by_id["A10"]  # Feast
    seats = Seats(["Éva", "Bálint", "Bot 3", "Bot 4", "Bot 5"], list(COLOUR_NAMES), [None] * 5)
    column = tuple(viking_code(p % 5) for p in range(8))
    w = SpaceWidget.__new__(SpaceWidget)
    w.space, w._view = 1, (card, (), column, seats)
    w._price = t("tui.board.price_now", price=8)
    w._price_short = w._price
    w._price_tight = t("tui.board.price_tight", price=8)
    w._price_style = lambda: ""
    lines = [line.plain for line in w.build(11, height)]
    assert lines[0] == card_name(card), lines
    marks = "".join(lines[1:])
    assert "8" in lines[-1], lines
    assert all(seats.initial(p) in marks for p in range(5)), lines


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_cards_values_keep_their_figures_in_an_11_cell_box(lang):
    from jorvik.tui.widgets.column import card_values
    set_language(lang)
    for card in load_cards().cards:
        if card.type in ("craftsman", "merchant", "prophecy", "warrior", "journey"):
            line = card_values(card, 11).plain
            assert len(line) <= 11, (card.id, line)   # the box never cuts "11 VP" to "11…"
