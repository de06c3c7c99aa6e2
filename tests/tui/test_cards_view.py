"""The cards view (c) at 80×24 (issue 31 §3): every card on the board at once — a craftsman's
goods and VP, a prophecy's good, a ship's cargo — without walking the cursor to it."""

from __future__ import annotations

import io

from rich.console import Console

from jorvik.engine import fill_order
from jorvik.i18n import t
from jorvik.i18n.cards import card_name, good_letter
from jorvik.tui.screens.cards import CardsScreen, board_cards
from test_score_grid import LONG, random_game
from tui_helpers import make_app


def plain(renderable, width: int = 74) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


async def test_c_shows_every_card_of_the_board_whole_at_80x24(tmp_path):
    path = random_game(tmp_path, 5, LONG, 4)
    app = make_app("--load", path, "--handover", "never", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        assert isinstance(app.screen, CardsScreen)
        st = app.screen.state
        text = plain(board_cards(st, app.screen.seats))
        flat = " ".join(text.split())
        shown = 0
        for s in fill_order(st.n, st.mode):
            cid = st.spaces[s - 1]
            if cid is None:
                continue
            card = st.cards.by_id[cid]
            assert card_name(card) in flat, card.id
            if card.vp:
                assert t("tui.values.vp", vp=card.vp) in flat
            if card.goods:  # a craftsman's fields, a prophecy's good
                assert " ".join(good_letter(g) for g in card.goods) in flat, card.id
            if card.type == "ship" and st.space_goods[s - 1]:
                assert " ".join(good_letter(g) for g in st.space_goods[s - 1]) in flat
            shown += 1
        assert shown >= 8
        await pilot.press("escape")
        assert not isinstance(app.screen, CardsScreen)
