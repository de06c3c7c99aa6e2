"""The session as a front end other than the app uses it (a remote seat, `jorvik games`):
the view and the menu as data, a seat's move, the events since a point, change notices, and
errors that carry a kind and fields and are worded in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions
from jorvik.i18n import set_language
from jorvik.play import saves
from jorvik.play.errors import PlayError, SaveError
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.words import Say, plain


def _session(bots=(None, None)) -> Session:
    seats = Seats(["Anna", "Bela"], ["red", "blue"], list(bots))
    return Session.start(load_cards(), seats, "karl", 4, 0, autosave=False)


def test_the_deciding_seat_sees_the_menu_as_words_and_the_others_see_none():
    s = _session()
    mine, theirs = s.view(0), s.view(1)
    assert mine.menu is not None and theirs.menu is None
    assert mine.moves == 0 and not mine.over
    assert all(isinstance(c.label, tuple) for c in mine.menu.choices)
    assert plain(mine.menu.prompt, s.seats, s.state).startswith("Anna: ")
    legal = legal_actions(s.state)
    assert {c.action for c in mine.menu.choices if c.action} <= set(legal)


def test_the_view_shows_no_hidden_order():
    """The deck's order and the bag's are hidden: the view has their counts only."""
    s = _session()
    public = s.view(1).public.to_json()
    assert "seed" not in public
    assert isinstance(public["deck"], dict) and isinstance(public["bag"], dict)
    assert sum(public["deck"].values()) == len(s.state.deck)


def test_a_seat_moves_only_in_its_turn_and_the_listeners_hear_of_it():
    s = _session()
    heard: list[int] = []
    stop = s.subscribe(lambda session: heard.append(len(session.actions)))
    with pytest.raises(PlayError) as e:
        s.submit(1, Place(1))
    assert e.value.kind == "not_your_turn" and e.value.fields == {"seat": 1}
    events = s.submit(0, Place(1))
    assert heard == [1] and events
    assert [ev for _, ev in s.events_since(0)] == events
    assert s.events_since(1) == []
    stop()
    s.submit(1, Place(2))
    assert heard == [1]


def test_a_refused_move_is_worded_in_the_players_language():
    s = _session()
    with pytest.raises(PlayError) as e:
        s.submit(0, Place(99))
    assert e.value.kind == "illegal_action"
    english = str(e.value)
    set_language("hu")
    assert str(e.value) != english and "lépés" in str(e.value)


def test_a_bot_seat_takes_no_move_from_a_front_end():
    s = _session(bots=("easy", None))
    with pytest.raises(PlayError) as e:
        s.submit(0, legal_actions(s.state)[0])
    assert e.value.kind == "bot_seat"


def test_a_save_error_is_data_worded_when_shown(tmp_path: Path):
    missing = tmp_path / "nothing.json"
    with pytest.raises(SaveError) as e:
        saves.read_save(missing)
    err = e.value
    assert (err.kind, err.reason, err.fields) == ("missing", "not_found", {"path": str(missing)})
    assert isinstance(err.words[0], Say) and err.words[0].key == "tui.save.not_found"
    english = str(err)
    set_language("hu")
    assert str(err) != english and str(missing) in str(err)
