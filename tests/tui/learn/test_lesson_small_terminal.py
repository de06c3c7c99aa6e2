"""A lesson at 80 x 24: its text never squeezes the cards to bare borders."""

from __future__ import annotations

import pytest

from jorvik.tui.screens.learn import LessonScreen
from jorvik.tui.widgets.column import SpaceWidget
from tui_helpers import make_learn_app, wait_until


@pytest.mark.parametrize("lesson", ["1", "2", "3", "4"])
async def test_each_lesson_at_80x24_shows_a_line_of_every_card(lesson):
    app = make_learn_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(lesson)
        await wait_until(pilot, lambda: isinstance(app.screen, LessonScreen) and any(
            w.display and w.region.height for w in app.screen.query(SpaceWidget)))
        await pilot.pause()
        spaces = [w for w in app.screen.query(SpaceWidget) if w.display and w.region.height]
        assert spaces
        assert all(w.content_region.height >= 1 for w in spaces), \
            [(w.id, w.content_region.height) for w in spaces]
