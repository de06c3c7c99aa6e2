"""The app's Loki: Trickery menu names vikings in the reservation row as well as in demand
columns (RULES.md §6 ruling: any two vikings on the board)."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import RESERVATION_ROW, Reserve, Swap, apply_action, legal_actions, new_game
from jorvik.tui.choices import menu_of as build_menu
from jorvik.tui.text import Seats

DECK = ["A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A10", "A11", "A12", "A13"]
SEATS = Seats(["Peti", "Benedek"], ["red", "blue"], [None, None])


def trickery_with_reservations():
    """Jarl, 2 players; Peti holds Loki: Trickery; each player reserved one card."""
    st = new_game(["Peti", "Benedek"], mode="jarl", seed=1, start_player=0, deck=DECK, cards=load_cards())
    st = st.copy()
    st.players = [p.copy() for p in st.players]
    st.players[0].cards = ("A22",)
    st.set_aside = tuple(c for c in st.set_aside if c != "A22")
    st.legal_cache = None
    for a in (Reserve(7), Reserve(8)):
        st, _ = apply_action(st, a)
    while not st.pending:
        st, _ = apply_action(st, legal_actions(st)[0])
    return st


def test_the_swap_menu_offers_reservation_row_vikings_by_slot_and_card():
    st = trickery_with_reservations()
    menu = build_menu(st, SEATS, ("swap",))
    labels = [c.label.plain for c in menu.choices]
    assert any("reservation row, slot 1" in s for s in labels)
    assert any("reservation row, slot 2" in s for s in labels)
    assert any("column 1" in s for s in labels)


def test_choosing_a_reserved_viking_then_a_column_viking_gives_that_swap():
    st = trickery_with_reservations()
    menu = build_menu(st, SEATS, ("swap",))
    first = next(c for c in menu.choices if c.submenu == ("swap", RESERVATION_ROW, 0))
    second = build_menu(st, SEATS, first.submenu)
    swaps = [c.action for c in second.choices if isinstance(c.action, Swap)]
    assert swaps and all(RESERVATION_ROW in (a.column_a, a.column_b) for a in swaps)
    assert all(a in legal_actions(st) for a in swaps)


def test_every_choice_of_a_very_long_list_has_its_own_key():
    """More choices than digits and free letters (issue: every item of a list longer than 10
    has a key): the rest take Shift+letter, and no two share a key."""
    from rich.text import Text

    from jorvik.play.menu import Choice, _number
    from jorvik.tui.keys import key_label
    choices = [Choice(Text(f"choice {i}")) for i in range(45)]
    _number(choices)
    keys = [c.key for c in choices]
    assert None not in keys and len(set(keys)) == 45
    assert keys[:10] == list("1234567890") and keys[10] == "a" and keys[25] == "A"
    assert len({key_label(k) for k in keys}) == 45   # the screen shows them apart too


async def test_a_shift_letter_picks_its_choice_on_the_game_screen():
    """The game screen binds every choice key, capitals included: a choice numbered with a
    capital (as the 26th and later items of a long list are) is picked by Shift+letter."""
    from tui_helpers import make_app
    app = make_app("--players", "2", "--names", "Ann,Bob", "--seed", "3", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = len(screen.session.states)
        first = screen.menu.choices[0]
        assert first.action is not None
        first.key = "Q"                      # as if it were far down a long list
        await pilot.press("Q")
        await pilot.pause()
        assert len(screen.session.states) == before + 1
        assert screen.session.actions[-1] == first.action
