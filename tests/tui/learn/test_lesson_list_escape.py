"""Issue 48 §6: Esc on the lesson list does what q does (it quits), and the list says so."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.i18n import t
from jorvik.tui.app import PlayConfig
from jorvik.tui.screens.learn import LearnApp, LessonListScreen
from jorvik.tui.text import Seats


def make_learn_app() -> LearnApp:
    config = PlayConfig(cards=load_cards(), seats=Seats([], [], []), handover=False,
                        bot_delay=0.0, autosave=False)
    return LearnApp(config)


async def test_escape_on_the_lesson_list_quits_as_q_does():
    app = make_learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, LessonListScreen)
        assert app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0  # the app is ending (None while it runs)


def test_the_lesson_list_names_esc_beside_q():
    assert "Esc" in t("learn.list.keys")
