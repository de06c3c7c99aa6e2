"""Issue 48 §6: Esc on the lesson list does what q does (it quits), and the list says so."""

from __future__ import annotations

from jorvik.i18n import t
from jorvik.tui.screens.learn import LessonListScreen
from tui_helpers import lesson_ready, make_learn_app


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


async def test_after_a_wrong_move_at_80x24_the_move_to_make_stays_in_view():
    """Hungarian proofreading row 15: the panel kept the note and lost "A te lépésed"."""
    import io

    from rich.console import Console

    from jorvik.i18n import set_language
    from jorvik.tui.screens.learn import LessonScreen
    set_language("hu")
    try:
        app = make_learn_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1")
            screen = app.screen
            assert isinstance(screen, LessonScreen)
            await lesson_ready(pilot, screen)
            await pilot.press("2")  # the lesson asks for column 5
            await pilot.pause()
            console = Console(width=80, height=24, file=io.StringIO(), record=True)
            console.print(app.screen._compositor.render_update(
                full=True, screen_stack=app._background_screens, simplify=True))
            text = console.export_text()
            assert t("learn.panel.your_move", move="").strip() in text, text
            assert t("learn.wrong.prefix").split()[0] in text, text
    finally:
        set_language("en")
