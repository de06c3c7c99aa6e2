"""Lessons (issue 31 §4): a legal move other than the lesson's is taken back with what it
would have led to and why the lesson's move is the example; q on the lesson list quits; Esc
goes back from a lesson to the list."""

from __future__ import annotations

from jorvik.i18n import t
from jorvik.lessons import LESSONS, learner_steps
from jorvik.tui.screens.learn import LessonListScreen, LessonScreen
from tui_helpers import lesson_ready, make_learn_app


async def test_q_on_the_lesson_list_quits():
    app = make_learn_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, LessonListScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # the app is ending (None while it runs)


async def test_escape_goes_back_from_a_lesson_to_the_list():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await lesson_ready(pilot, screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)


async def test_a_wrong_move_says_what_it_would_have_led_to_and_why_the_lessons_move():
    app = make_learn_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        screen = app.screen
        await lesson_ready(pilot, screen)
        await pilot.press("2")  # the lesson asks for column 5
        text = str(screen.query_one("#lesson-panel").render())
        assert t("learn.wrong.prefix") in text
        assert "It would have led to:" in text and "column 2" in text, text
        i = len(screen.session.actions)
        step = dict(learner_steps(LESSONS[0]))[i]
        assert t(step.why).split()[0] in text


def test_every_lesson_step_says_why_its_move_is_better_in_both_languages():
    """Issue 48 §3: a wrong move in a lesson says why the lesson's move is better, in the
    rulebook's words — never only "follow the lesson's move"."""
    from jorvik.i18n import set_language
    for lang in ("en", "hu"):
        set_language(lang)
        generic = {"Follow the lesson's move this time; in a real game the choice is yours.",
                   "Most kövesd a lecke lépését; igazi játékban te döntesz."}  # what it said
        for lesson in LESSONS:
            for step in lesson.steps:
                why = t(step.why)
                assert step.why == step.text + "_why" and why not in generic, (lang, step)
                assert why != t(step.text) and len(why.split()) >= 8, (lang, step.why, why)
    set_language("en")


async def test_a_wrong_move_in_hungarian_shows_the_whole_rule_reason():
    from jorvik.i18n import set_language
    set_language("hu")
    try:
        app = make_learn_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1")
            screen = app.screen
            await lesson_ready(pilot, screen)
            await pilot.press("2")  # the lesson asks for column 5
            text = " ".join(str(screen.query_one("#lesson-panel").render()).split())
            step = dict(learner_steps(LESSONS[0]))[len(screen.session.actions)]
            assert step.why == "learn.l1.place_top_why"
            assert " ".join(t(step.why).split()) in text, text
            assert "első helyén álló vikinget kérdezik elsőként" in text
    finally:
        set_language("en")
