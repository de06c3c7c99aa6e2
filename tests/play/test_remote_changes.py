"""A hosted seat that moves between the host's keyboard and another machine (issue 47 §1:
every change of hands "recorded in the save and the log"): the move is in the save, its log
line comes back in its place after a resume, an earlier save without it loads exactly as
before, a bad one is one line, and undo never takes a player back from their machine."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions
from jorvik.play import saves as saving
from jorvik.play.errors import PlayError
from jorvik.play.seats import RemoteChange, Seats, remote_after
from jorvik.play.session import Session

CARDS = load_cards()


def _session(autosave: bool = True) -> Session:
    seats = Seats(["Anna", "Bo", "Cy"], ["red", "blue", "green"], [None, None, "easy"])
    return Session.start(CARDS, seats, "karl", 11, 0, autosave=autosave)


def _play(session: Session, moves: int, rng: random.Random) -> None:
    """`moves` more moves, each a random legal one (every seat played by hand here)."""
    for _ in range(moves):
        session.apply(rng.choice(legal_actions(session.state)))


def _lines(session: Session) -> list[str]:
    return [session.line(e) for e in session.log]


def _reopened(session: Session) -> Session:
    parsed, _ = saving.open_save(session.path, CARDS)
    return Session.from_save(parsed, CARDS, autosave=False)


def test_a_seat_moved_between_machines_is_in_the_save_and_its_line_comes_back_in_place(
        tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session()
    rng = random.Random(2)
    _play(session, 3, rng)
    session.move_between_machines(1, True)
    _play(session, 4, rng)
    session.move_between_machines(1, False)
    session.move_between_machines(0, True)
    _play(session, 2, rng)
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert data["remote_changes"] == [{"move": 3, "seat": 1, "remote": True},
                                      {"move": 7, "seat": 1, "remote": False},
                                      {"move": 7, "seat": 0, "remote": True}]
    lines = _lines(session)
    said = [line for line in lines if "machine" in line or "keyboard" in line]
    assert said[0] == "Bo's seat is played from another machine from round 1."
    assert len(said) == 3 and said[2].startswith("Anna's seat is played from another machine")
    again = _reopened(session)
    assert again.remote_changes == session.remote_changes
    assert again.actions == session.actions and again.seats.bots == session.seats.bots
    assert _lines(again) == lines          # each line in its place, between the same moves
    assert remote_after([], again.remote_changes) == [0]
    session.close()


def test_a_game_at_one_machine_saves_as_before_and_an_earlier_save_loads_exactly(
        tmp_path, monkeypatch):
    """No move between machines: no new field in the save. A save of an earlier version
    (none of it) loads with no such moves and the same game."""
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session()
    session.apply(Place(1))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert "remote_changes" not in data
    session.move_between_machines(1, True)
    data = json.loads(session.path.read_text(encoding="utf-8"))
    del data["remote_changes"]
    parsed = saving.parse_save(data, CARDS, session.path)
    assert parsed.remote_changes == [] and parsed.actions == session.actions
    old = Session.from_save(parsed, CARDS, autosave=False)
    assert [old.line(e) for e in old.log] == [session.line(e) for e in session.log[:-1]]
    session.close()


@pytest.mark.parametrize("bad", [
    [{"move": 99, "seat": 1, "remote": True}],                        # a move not played
    [{"move": 0, "seat": 3, "remote": True}],                         # no such seat
    [{"move": 0, "seat": 1, "remote": True}, {"move": 1, "seat": 1, "remote": True}],  # twice
    [{"move": 1, "seat": 1, "remote": True}, {"move": 0, "seat": 0, "remote": True}],  # order
    [{"move": 0, "seat": 1, "remote": "yes"}],
    [{"move": 0, "seat": 1}],
    [{"move": 0, "seat": 1, "remote": True, "who": "x"}],
    [{"move": 0, "seat": 9, "remote": True}],
    ["x"],
    "not a list",
    [{"move": 0, "seat": 1, "remote": True}] * 2001,
])
def test_moves_between_machines_that_do_not_fit_the_game_are_one_line(tmp_path, monkeypatch,
                                                                      bad):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session()
    session.apply(Place(1))
    session.apply(Place(2))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    data["remote_changes"] = bad
    with pytest.raises(saving.SaveError) as e:
        saving.parse_save(data, CARDS, session.path)
    assert e.value.reason == "incompatible" and "\n" not in str(e.value)
    session.close()


def test_undo_never_takes_a_seat_back_from_its_machine(tmp_path, monkeypatch):
    """Undo past a move between machines takes back the moves, not the machine: the seat
    is where it went, its line stays (now after the move undo returned to), and the save
    says the same after a resume. Undo does not stop at it either."""
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session()
    session.apply(Place(1))
    before = session.undo_point()
    session.move_between_machines(1, True)
    assert session.undo_point() == before          # not a stop of its own
    session.apply(Place(2))
    while session.undo():
        pass
    target = len(session.actions)
    assert target == 0                             # back past the move between machines
    assert session.remote_changes == [RemoteChange(target, 1, True)]
    said = [e for e in session.log if e.kind == "remote"]
    assert len(said) == 1 and said[0].index == target
    assert session.line(said[0]) == "Bo's seat is played from another machine from round 1."
    assert session.log[-1] is said[0]
    again = _reopened(session)
    assert again.remote_changes == session.remote_changes
    assert _lines(again) == _lines(session)
    session.close()


def test_no_move_between_machines_after_the_end_or_of_a_seat_the_game_has_not():
    session = _session(autosave=False)
    with pytest.raises(PlayError) as e:
        session.move_between_machines(3, True)
    assert e.value.kind == "no_seat"
    session.close()
    with pytest.raises(PlayError) as e:
        session.move_between_machines(1, True)
    assert e.value.kind == "game_over" and session.remote_changes == []


def test_the_seats_remote_after_the_moves_are_the_last_say_of_each():
    changes = [RemoteChange(0, 1, True), RemoteChange(4, 2, False), RemoteChange(6, 1, False)]
    assert remote_after([2, 3], changes) == [3]
    assert remote_after([], changes[:1]) == [1]
    assert remote_after([0], []) == [0]
