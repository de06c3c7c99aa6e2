"""The session as a front end other than the app uses it (a remote seat, `jorvik games`):
the view and the menu as data, a seat's move, the events since a point, change notices, and
errors that carry a kind and fields and are worded in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Done, Place, UseCard, legal_actions
from jorvik.engine.refusals import refusal
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
    assert e.value.reason == refusal("no_column", column=99)
    assert str(e.value) == ("There is no demand column 99: the demand columns are under card "
                            "spaces 1–6.")
    set_language("hu")
    assert str(e.value) == "Nincs 99. keresletsor: keresletsor csak az 1–6. kártyahely alatt van."


@pytest.mark.parametrize("name, english, hungarian", [
    ("Anna", "Anna still has 3 vikings to place.",
     "Anna még nem tette le minden vikingjét (3 maradt)."),
    ("1. játékos", "1. játékos still has 3 vikings to place.",
     "Az 1. játékos még nem tette le minden vikingjét (3 maradt)."),   # its article
])
def test_a_refusal_names_the_player_as_the_language_does(name, english, hungarian):
    seats = Seats([name, "Bela"], ["red", "blue"], [None, None])
    s = Session.start(load_cards(), seats, "karl", 4, 0, autosave=False)
    with pytest.raises(PlayError) as e:
        s.submit(0, Done())      # Karl, 2 players: 3 vikings each, all to be placed first
    assert e.value.reason == refusal("vikings_left", player=0, count=3)
    assert str(e.value) == english
    set_language("hu")
    assert str(e.value) == hungarian


def test_a_refused_card_is_named_in_the_language():
    s = _session()
    with pytest.raises(PlayError) as e:
        s.submit(0, UseCard("C21"))
    assert e.value.reason == refusal("card_not_usable", player=0, card="C21")
    assert str(e.value) == "Anna cannot use Trading post now."
    set_language("hu")
    assert str(e.value) == "Anna most nem használhatja ezt a kártyát: Kereskedőtelep."


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


def test_a_saved_move_the_rules_refuse_is_worded_in_the_language(tmp_path: Path):
    """A game record whose 2nd action the rules refuse: the save cannot be used, and the
    reason reads in the player's language."""
    import json
    s = _session()
    s.submit(0, Place(1))
    record = s.record()
    record["actions"].append({"type": "buy"})   # Bela's turn to place: nothing is for sale
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(SaveError) as e:
        saves.open_save(path, load_cards(), own_cards=False)
    assert e.value.reason == "incompatible"
    assert str(e.value).endswith("action 2 cannot be replayed: That is not possible now "
                                 "(demand phase): buying.")
    set_language("hu")
    assert str(e.value).endswith("(a 2. lépés nem játszható le újra: Ez most nem lehetséges "
                                 "(keresletfázis): vásárlás.)")


def test_a_decision_kind_the_menu_does_not_know_offers_its_actions_by_name():
    """A new decision kind never blocks a game: the menu lists each legal action by the
    move's name (play.actions.<type>) and its fields."""
    from dataclasses import dataclass

    from jorvik.engine import Decision, Decline, Take
    from jorvik.play.menu import PENDING_MENUS, build_menu

    @dataclass(frozen=True, slots=True)
    class Omen(Decision):
        kind = "omen_for_this_test"   # (no annotation: a class attribute, not a field)

        def options(self, st):
            return [Take(2), Decline()]

    try:
        assert Omen.kind not in PENDING_MENUS
        st = _session().state.copy()
        st.pending = (Omen(0),)
        menu = build_menu(st)
        assert [c.action for c in menu.choices] == [Take(2), Decline()]
        labels = [plain(c.label) for c in menu.choices]
        assert labels == ["taking a cube good=leather", "declining"]
        assert all(c.key for c in menu.choices)
    finally:
        Decision.KINDS.pop(Omen.kind, None)


def test_what_a_move_would_lead_to_is_told_and_nothing_changes():
    """A lesson's wrong move is explained (issue 31 §4) by the session itself: what the move
    would have led to, in the log's words, or why the rules refuse it; the game is the same
    afterwards (no move, no log line, nothing saved)."""
    s = _session()
    before, log, moves = s.state, list(s.log), s.moves
    place = next(a for a in legal_actions(s.state) if isinstance(a, Place))
    said = s.would_lead_to(place)
    assert said.startswith("It would have led to: Anna placed") and said.endswith(". "), said
    assert f"column {place.column}" in said, said
    refused = s.would_lead_to(Done())
    assert refused.strip() and "It would have led to" not in refused, refused
    assert s.state is before and s.log == log and s.moves == moves
