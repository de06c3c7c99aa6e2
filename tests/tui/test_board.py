"""What the board shows: compact card texts with the whole text under the board, the price a
new viking would pay, no game keys under the small-terminal message, clicking a cube, bots."""

from __future__ import annotations

from jorvik.engine import Assign
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.text import card_text
from tui_helpers import cube_to_assign, make_app, saved_at, wait_until

JARL = ("--players", "4", "--mode", "jarl", "--names", "Anna,Bela,Csaba,Dora", "--seed", "3",
        "--no-handover")


def shown(widget) -> str:
    width, height = widget.content_size
    return "\n".join(line.plain for line in widget.build(width, height))


async def test_the_board_cuts_long_texts_and_the_details_line_shows_the_whole_text():
    app = make_app(*JARL)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        st = screen.session.state
        card = st.cards.by_id[st.spaces[2]]  # Loki: Trickery, a long text
        assert "…" in shown(screen.query_one("#space-3"))
        await pilot.press("down", "down", "down")  # nothing, column 1, 2, then column 3
        details = " ".join(shown(screen.query_one("#details")).split())
        assert " ".join(card_text(card).split()) in details


async def test_an_empty_demand_column_says_what_the_next_viking_would_pay():
    app = make_app(*JARL)
    async with app.run_test(size=(120, 40)) as pilot:
        space = app.screen.query_one("#space-2")
        assert shown(space).splitlines()[-1].endswith("next pays 1")
        await pilot.press("2")
        assert shown(space).splitlines()[-1].endswith("price 1")
        assert "next pays" not in shown(space)
        assert "next pays 1" in app.screen.query_one("#reservation").text.plain


async def test_game_keys_do_nothing_while_the_terminal_is_too_small():
    app = make_app(*JARL)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.resize_terminal(79, 23)
        assert app.screen.has_class("-too-small")
        await pilot.press("1", "enter", "2", "f1", "ctrl+s")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.actions == []
        await pilot.resize_terminal(120, 40)
        await pilot.press("1")
        assert len(app.screen.session.actions) == 1


def _cube_offset(panel, good: int) -> tuple[int, int] | None:
    """Where in a player's area the first clickable cube of `good` is drawn."""
    panel.render_line(0)  # builds the strips
    left = panel.content_region.x - panel.region.x  # border and padding
    for y, strip in enumerate(panel._strips):
        x = 0
        for seg in strip:
            action = (seg.style.meta or {}).get("@click", "") if seg.style else ""
            if action.startswith("screen.cube(") and f", {good}, " in action:
                return left + x, y
            x += seg.cell_length
    return None


async def test_clicking_a_cube_in_the_player_area_picks_it(tmp_path):
    path = saved_at(tmp_path, ["Anna", "Bela", "Csaba"], "karl", 11,
                    lambda s: s.state.round >= 2 and cube_to_assign(s))
    app = make_app("--load", path, "--no-handover", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        p = screen.session.decider
        g = next(c.submenu[1] for c in screen.menu.choices if c.submenu and c.submenu[0] == "cube")
        panel = screen.query_one(f"#player-{p}")
        offset = _cube_offset(panel, g)
        assert offset is not None
        await pilot.click(f"#player-{p}", offset=offset)
        assert screen.path == ("cube", g)
        assert all(isinstance(c.action, Assign) and c.action.good == g
                   for c in screen.menu.choices if c.action is not None)


async def test_bot_seats_use_the_bots_registry_and_show_that_they_think():
    app = make_app("--players", "2", "--names", "Anna,Bot", "--bots", "2", "--level", "normal",
                   "--seed", "1", "--start-player", "2", "--bot-delay", "1.0")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        # the bot thinks in a worker thread (for at least its 1 s delay); the screen says so
        await wait_until(pilot, lambda: screen.thinking, what="the bot's thinking")
        assert screen.thinking and not screen.session.actions
        assert "thinking…" in screen.query_one("#status").text.plain
        assert "(bot) is thinking" in screen.query_one("#prompt").text.plain
        await wait_until(pilot, lambda: screen.session.decider == 0, within=120,
                         what="the bot's move")
        assert type(screen.turns.bot(1)).__name__ == "NormalBot"
        assert not screen.thinking and len(screen.session.actions) == 1


async def test_page_up_and_page_down_scroll_the_game_log():
    app = make_app(*JARL)
    async with app.run_test(size=(120, 40)) as pilot:
        for k in "12345123":
            await pilot.press(k)
        log = app.screen.query_one("#log")
        newest = shown(log)
        await pilot.press("pageup")
        assert log.back > 0 and shown(log) != newest
        await pilot.press("pagedown")
        assert log.back == 0 and shown(log) == newest
