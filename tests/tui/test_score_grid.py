"""The `v` table and the final scoring table at every size (issue 31 §3): players in columns
by rank (the winner or leader first, always in view), categories in a fixed first column,
whole labels at 120×40 even with 24-character names, abbreviations by the catalogue's rule at
80×24 with the highlighted row's full name under the table, sideways scrolling when the
players do not fit."""

from __future__ import annotations

import random
from pathlib import Path

from jorvik.carddata import load_cards
from jorvik.engine import legal_actions
from jorvik.i18n import set_language, t
from jorvik.play.session import Session
from jorvik.tui.screens.final import FinalScreen, ScoresNowScreen
from jorvik.tui.text import COLOUR_NAMES, Seats
from jorvik.tui.widgets.score_grid import ABBR_CELLS, ROWS, ScoreGrid, ranked
from tui_helpers import make_app

LONG = ["Brynhildr Sigurdardottir", "Ragnar Lodbrok Sigurdsson", "Ödön", "Egill Skallagrimsson",
        "Gudrun Osvifsdottir Bolla"]


def random_game(tmp: Path, n: int, names: list[str], until_round: int | None, seed: int = 7) -> str:
    seats = Seats([x[:24] for x in names[:n]], list(COLOUR_NAMES[:n]), [None] * n)
    s = Session.start(load_cards(), seats, "jarl", seed, None, autosave=False)
    rng = random.Random(seed)
    while not s.over and (until_round is None or s.state.round < until_round):
        s.apply(rng.choice(legal_actions(s.state)))
    path = tmp / f"game-{n}-{until_round}.json"
    s.save_as(path)
    return str(path)


def screen_text(app) -> str:
    """The screen's characters, line by line (from the SVG screenshot's text runs)."""
    import html
    import re
    lines: dict[float, list[tuple[float, str]]] = {}
    for x, y, body in re.findall(r'<text [^>]*?x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>',
                                 app.export_screenshot()):
        lines.setdefault(float(y), []).append((float(x), html.unescape(body)))
    return "\n".join("".join(b for _, b in sorted(runs)).replace("\xa0", " ")
                     for _, runs in sorted(lines.items()))


def test_every_abbreviation_keeps_to_the_rule_in_both_languages():
    for lang in ("en", "hu"):
        set_language(lang)
        for cat in ROWS:
            short = t(f"tui.score_abbr.{cat}")
            assert 0 < len(short) <= ABBR_CELLS and short != f"tui.score_abbr.{cat}", (lang, cat)
    set_language("en")


def labels(grid: ScoreGrid) -> list[str]:
    return [str(grid.get_row_at(i)[0]) for i in range(len(ROWS))]


def heads(grid: ScoreGrid) -> list[str]:
    return [str(c.label) for c in grid.ordered_columns]


async def test_the_v_table_at_120x40_shows_whole_labels_beside_a_24_character_name(tmp_path):
    path = random_game(tmp_path, 4, LONG, 6)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        assert isinstance(app.screen, ScoresNowScreen)
        await pilot.pause()
        grid = app.screen.query_one(ScoreGrid)
        assert not grid.short
        assert labels(grid) == [t(f"tui.score.{cat}") for cat in ROWS]
        category = grid.ordered_columns[0]
        assert category.get_render_width(grid) >= max(len(x) for x in labels(grid))
        # the whole table is in view: nothing to scroll, no label cut
        assert grid.virtual_size.width <= grid.size.width
        names = heads(grid)[1:]
        assert any(n.startswith("Brynhildr Sigur") for n in names), names


async def test_the_v_table_at_80x24_with_five_players_abbreviates_and_scrolls(tmp_path):
    path = random_game(tmp_path, 5, LONG, 6)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("v")
        await pilot.pause()
        grid = app.screen.query_one(ScoreGrid)
        assert grid.short
        assert labels(grid) == [t(f"tui.score_abbr.{cat}") for cat in ROWS]  # coins too
        assert len(heads(grid)) == 6  # every player has a column
        # the leader's column comes first, right of the fixed labels, so it is in view
        scores = grid.result["scores"]
        leader = ranked(scores)[0]
        assert grid.order[0] == leader
        first = grid.ordered_columns[1]
        assert grid.ordered_columns[0].get_render_width(grid) + first.get_render_width(grid) \
            <= grid.size.width
        # every row fits in the dialog (the coins row too)
        assert grid.size.height >= len(ROWS) + 1
        # the highlighted row's full name under the table
        await pilot.press("down")
        focus = app.screen.query_one(".score-focus")
        assert str(focus.render()) == f"▸ {t('tui.score.picts')}"
        # abbreviations and shortened names make every column fit: nothing to scroll to
        assert grid.max_scroll_x == 0 and grid.virtual_size.width <= grid.size.width


async def test_the_final_table_at_80x24_shows_the_winner_and_every_row(tmp_path):
    path = random_game(tmp_path, 5, LONG, None)
    app = make_app("--load", path, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        grid = app.screen.query_one(ScoreGrid)
        winner = app.screen.session.state.result["winners"][0]
        assert grid.order[0] == winner
        assert heads(grid)[1].startswith(app.screen.session.seats.names[winner][:5])
        assert len(heads(grid)) == 6
        assert grid.size.height >= len(ROWS) + 1
