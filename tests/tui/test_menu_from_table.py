"""The game screen shows the menu its table gives (issue 47 §2): the choices on screen are
the play layer's menu as data, `Table.view(seat, path).menu` (play/menu.py), key for key and
word for word, at every decision and submenu of whole seeded hot-seat Jarl games: the
demand (placement, brown vikings), the purchase, the reservation, the unloading (cubes,
selling, the harbour, trading, giving up), Loki's trickery and theft, the workshop, take,
place a cube, Glory and Danegeld."""

from __future__ import annotations

import random

import pytest

from jorvik.play.words import plain
from jorvik.tui.keys import key_label
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.widgets.choice_list import ChoiceList
from jorvik.tui.widgets.lines import TextLines
from tui_helpers import make_app, wait_until

# seed -> the decisions (a pending decision's kind, else the phase; "/" the submenu) that
# game's choices reach: together every kind of menu the play layer has
REACHES = {
    2: {"demand", "demand/brown", "purchase", "reservation", "trickery", "trickery/swap",
        "theft", "workshop", "take", "place_cube", "danegeld", "unloading",
        "unloading/cube", "unloading/sell", "unloading/harbour"},
    3: {"unloading/give_up", "unloading/trade"},
    4: {"glory"},
}


def _kind(screen: GameScreen) -> str:
    st = screen.session.public.state
    k = st.pending[-1].kind if st.pending else str(getattr(st.phase, "value", st.phase))
    return k + (f"/{screen.path[0]}" if screen.path else "")


def _on_screen(screen: GameScreen) -> tuple[str, list[str]]:
    prompt = screen.query_one("#prompt", TextLines).text.plain
    return prompt, [item.plain for item in screen.query_one("#choices", ChoiceList).items]


def _tables(screen: GameScreen) -> tuple[str, list[str]]:
    """The table's menu for the seat deciding, at the screen's submenu, in plain words."""
    table = screen.session
    menu = table.view(table.decider, screen.path).menu
    assert menu is not None
    st = table.public.state
    return plain(menu.prompt, table.seats, st), [
        f"{key_label(c.key):>3} {plain(c.label, table.seats, st)}" for c in menu.choices]


@pytest.mark.slow
@pytest.mark.parametrize("seed", sorted(REACHES))
async def test_the_menu_on_screen_is_the_tables_menu_at_every_decision(seed):
    app = make_app("--players", "4", "--mode", "jarl", "--seed", str(seed),
                   "--names", "Anna,Bela,Cili,Dani", "--no-handover", "--no-hints",
                   autosave=False)
    rng = random.Random(seed)
    seen: set[str] = set()
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        while not session.over:
            await wait_until(pilot, lambda: screen.menu is not None
                             and _on_screen(screen)[1], what="the menu on screen")
            assert _on_screen(screen) == _tables(screen), _kind(screen)
            seen.add(_kind(screen))
            choices = [c for c in screen.menu.choices if c.tag != "back"
                       and (c.action is not None or c.submenu is not None)]
            choice = rng.choice(choices)
            moves, path = session.moves, screen.path
            if choice.warn:              # (the question a real key press asks: yes)
                screen.play(choice.action)
            else:
                screen.choose(choice)
            await wait_until(pilot, lambda m=moves, q=path: (session.moves, screen.path) != (m, q),
                             what="the choice taken")
    assert REACHES[seed] <= seen


async def test_the_screen_draws_the_tables_menu_not_one_of_its_own(monkeypatch):
    """A table whose menu reads otherwise (its choices in reverse, a word added to the
    prompt) is shown as it reads: the screen makes no menu of its own."""
    from jorvik.play.session import Session
    inner = Session.view

    def view(self, seat, path=()):
        v = inner(self, seat, path)
        if v.menu is not None:
            v.menu.prompt = (*v.menu.prompt, " (the table's)")
            v.menu.choices.reverse()
        return v
    monkeypatch.setattr(Session, "view", view)
    app = make_app("--players", "2", "--seed", "1", "--names", "Anna,Bela", "--no-handover",
                   "--no-hints", autosave=False)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: _on_screen(screen)[1], what="the menu on screen")
        prompt, items = _on_screen(screen)
        assert prompt.endswith(" (the table's)")
        assert (prompt, items) == _tables(screen) and items[0].strip().startswith(
            key_label(inner(screen.session, screen.session.decider).menu.choices[-1].key))
