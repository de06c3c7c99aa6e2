"""A seat changes hands (issue 47 §1): between two decisions any seat goes from a human to
a bot of any level and back, asked by its own player or by the table; the change is in the
log in words, in the save (replayed in its place), and undo takes it back like a move."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import Place, legal_actions
from jorvik.i18n import set_language
from jorvik.play import saves as saving
from jorvik.play.errors import PlayError
from jorvik.play.seats import SeatChange, Seats, SeatSpecError, parse_seat_change
from jorvik.play.session import Session
from jorvik.play.turns import BotTurns

CARDS = load_cards()


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def _session(n: int = 4, bots: tuple = (), autosave: bool = False, seed: int = 7) -> Session:
    names = ["Anna", "Bálint", "Csaba", "Dóra", "Emese"][:n]
    levels = list(bots) + [None] * (n - len(bots))
    seats = Seats(names, ["red", "blue", "green", "yellow", "white"][:n], levels)
    return Session.start(CARDS, seats, "jarl", seed, 0, autosave=autosave)


def _lines(session: Session) -> list[str]:
    return [session.line(e) for e in session.log]


def _play(session: Session, turns: BotTurns, rng: random.Random, until=None) -> None:
    """Play on: a human seat takes a random legal move, a bot seat its bot's choice."""
    while not session.over and not (until and until(session)):
        p = session.decider
        if session.seats.is_bot(p):
            move = turns.think(p, turns.begin(p), lambda words: None)
            assert move is not None and turns.play(move)
        else:
            session.submit(p, rng.choice(legal_actions(session.state)))


def test_two_of_four_humans_hand_their_seats_to_bots_and_the_game_ends():
    session = _session()
    turns = BotTurns(session)
    rng = random.Random(3)
    _play(session, turns, rng, until=lambda s: s.state.round >= 2 and s.decider == 1)
    round_left = session.state.round
    assert session.change_seat(1, "easy", by=1) is not None   # Bálint leaves, on his turn
    assert session.seats.bots == [None, "easy", None, None]
    assert session.decider == 1 and session.seats.is_bot(session.decider)  # the bot plays on
    _play(session, turns, rng, until=lambda s: s.state.round >= 3)
    assert session.change_seat(3, "normal") is not None        # the table gives Dóra's seat
    _play(session, turns, rng)
    assert session.over
    lines = _lines(session)
    assert f"Bálint left; their seat is played by the easy bot from round {round_left}." in lines
    assert any(line.startswith("Dóra's seat is played by the normal bot from round 3")
               for line in lines)
    set_language("hu")
    lines = _lines(session)
    article = "az" if round_left in (1, 5) else "a"
    assert (f"Bálint kiszállt; {article} {round_left}. fordulótól „könnyű” gépi játékos "
            "játszik a helyén.") in lines
    assert any(line.startswith("Dóra helyén") and "„közepes”" in line for line in lines)


def test_a_bot_seat_is_given_back_to_its_human_and_the_log_says_so():
    session = _session(bots=(None, "hard"))
    session.apply(Place(1))                     # Anna
    change = session.change_seat(1, None, by=1)
    assert change == SeatChange(1, 1, None, "hard", 1)
    assert session.seats.bots[1] is None and not session.seats.is_bot(session.decider)
    assert _lines(session)[-1] == ("Bálint is back and plays their own seat again from round 1"
                                   " (the hard bot leaves).")
    set_language("hu")
    assert _lines(session)[-1] == ("Bálint visszatért: az 1. fordulótól ismét maga játszik "
                                   "(„nehéz” gépi játékos helyett).")


def test_the_same_hands_change_nothing():
    session = _session(bots=("easy",))
    assert session.change_seat(0, "easy") is None
    assert session.seat_changes == [] and len(session.log) == 1


@pytest.mark.parametrize("seat,bot,by,kind", [
    (4, "easy", None, "no_seat"),           # a 4-player game: seats 0-3
    (-1, "easy", None, "no_seat"),
    (2, "easy", 1, "not_your_seat"),        # Bálint asks for Csaba's seat
    (2, "wizard", None, "unknown_level"),
])
def test_a_change_that_cannot_be_made_is_refused_and_changes_nothing(seat, bot, by, kind):
    session = _session()
    with pytest.raises(PlayError) as e:
        session.change_seat(seat, bot, by=by)
    assert e.value.kind == kind and str(e.value)
    assert session.seats.bots == [None] * 4 and session.seat_changes == []


def test_no_change_after_the_game_is_over():
    session = _session(n=2, bots=("easy", "easy"))
    _play(session, BotTurns(session), random.Random(1))
    with pytest.raises(PlayError) as e:
        session.change_seat(0, None)
    assert e.value.kind == "game_over"


# ---------------------------------------------------------------- undo

def test_undo_takes_back_a_seat_change_like_a_move():
    session = _session()
    session.apply(Place(1))
    before = _lines(session)
    session.change_seat(1, "hard")
    assert session.undo_target() == 1             # the state the change was made in
    assert session.undo()
    assert session.seats.bots == [None] * 4 and session.seat_changes == []
    assert len(session.actions) == 1 and _lines(session) == before
    assert session.undo() and not session.actions  # then Anna's move, as before


def test_undo_after_the_new_bot_moved_goes_back_to_before_the_change():
    session = _session()
    session.apply(Place(1))                     # Anna
    session.change_seat(1, "easy")              # Bálint's seat to a bot, on his turn ...
    turns = BotTurns(session)
    move = turns.think(1, turns.begin(1), lambda words: None)
    assert move is not None and turns.play(move)   # ... which places at once
    assert session.decider == 2
    assert session.undo()                       # Csaba's undo: back over the bot's move ...
    assert len(session.actions) == 1 and session.decider == 1
    assert session.seats.bots[1] is None and session.seat_changes == []  # ... and the change
    assert not any("Bálint" in line and "bot" in line for line in _lines(session))


def test_undo_stops_at_a_human_who_was_human_then():
    session = _session()
    session.apply(Place(1))                     # Anna, a human then
    session.apply(Place(2))                     # Bálint
    session.change_seat(0, "easy")              # Anna leaves after her move
    session.apply(Place(3))                     # Csaba
    assert session.undo()                       # Csaba's move
    assert len(session.actions) == 2 and session.seats.bots[0] == "easy"
    assert session.undo()                       # the change
    assert session.seats.bots[0] is None and len(session.actions) == 2
    assert session.undo() and len(session.actions) == 1   # Bálint's move


# ---------------------------------------------------------------- the save

def test_the_save_holds_the_change_and_resumes_exactly(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session(autosave=True)
    turns = BotTurns(session)
    rng = random.Random(5)
    session.apply(Place(1))
    session.change_seat(1, "normal", by=1)
    _play(session, turns, rng, until=lambda s: len(s.actions) >= 12)
    session.change_seat(1, None)
    session.change_seat(3, "easy")
    data = json.loads(session.path.read_text(encoding="utf-8"))
    assert data["format"] == saving.SAVE_FORMAT
    assert [s["bot"] for s in data["seats"]] == [None, None, None, "easy"]
    assert data["seat_changes"][0] == {"move": 1, "seat": 1, "bot": "normal", "was": None,
                                       "by": 1}
    parsed, _ = saving.open_save(session.path, CARDS)
    again = Session.from_save(parsed, CARDS, autosave=False)
    assert again.actions == session.actions and again.state == session.state
    assert again.seats.bots == session.seats.bots
    assert again.seat_changes == session.seat_changes
    assert _lines(again) == _lines(session)
    assert again.undo_point() == session.undo_point()
    while session.undo():                       # undo after resuming goes the same way
        assert again.undo()
        assert again.seats.bots == session.seats.bots and _lines(again) == _lines(session)
    assert not again.undo()
    session.close()


def test_the_save_after_a_seat_change_is_undone_resumes_without_it(tmp_path, monkeypatch):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session(autosave=True)
    session.apply(Place(1))
    session.change_seat(1, "hard")
    session.change_seat(2, "easy")
    assert session.undo()                       # the last change only
    parsed, _ = saving.open_save(session.path, CARDS)
    again = Session.from_save(parsed, CARDS, autosave=False)
    assert again.seats.bots == [None, "hard", None, None] == session.seats.bots
    assert again.seat_changes == session.seat_changes and len(again.seat_changes) == 1
    assert _lines(again) == _lines(session) and again.actions == session.actions
    session.close()


def test_a_save_without_seat_changes_still_loads(tmp_path, monkeypatch):
    """Saves of earlier versions have no seat_changes: they load with none."""
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session(autosave=True, bots=(None, "easy"))
    session.apply(Place(1))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    del data["seat_changes"]
    parsed = saving.parse_save(data, CARDS, session.path)
    assert parsed.seat_changes == [] and parsed.seats.bots == [None, "easy", None, None]
    session.close()


@pytest.mark.parametrize("bad", [
    [{"move": 99, "seat": 1, "bot": "easy", "was": None, "by": None}],   # a move not played
    [{"move": 0, "seat": 1, "bot": "hard", "was": None, "by": None},
     {"move": 0, "seat": 1, "bot": "easy", "was": "normal", "by": None}],  # not its hands then
    [{"move": 0, "seat": 1, "bot": "easy", "was": "easy", "by": None}],  # the same hands
    [{"move": 0, "seat": 3, "bot": "easy", "was": None, "by": None}],    # seats end otherwise
    [{"move": 0, "seat": 1, "bot": "easy", "was": None, "by": 2}],       # asked by another
    [{"move": 1, "seat": 1, "bot": "hard", "was": None, "by": None},
     {"move": 0, "seat": 1, "bot": "easy", "was": "hard", "by": None}],  # out of order
    [{"move": 0, "seat": 1, "bot": "easy", "was": None}, "x"],
    [{"move": 0, "seat": 7, "bot": "easy", "was": None, "by": None}],
    "not a list",
])
def test_seat_changes_that_do_not_fit_the_game_are_one_line(tmp_path, monkeypatch, bad):
    monkeypatch.setenv("JORVIK_HOME", str(tmp_path))
    session = _session(autosave=True, bots=(None, "easy"))
    session.apply(Place(1))
    data = json.loads(session.path.read_text(encoding="utf-8"))
    data["seat_changes"] = bad
    with pytest.raises(saving.SaveError) as e:
        saving.parse_save(data, CARDS, session.path)
    assert e.value.reason == "incompatible" and "\n" not in str(e.value)
    session.close()


# ---------------------------------------------------------------- N=LEVEL

@pytest.mark.parametrize("spec,players,expected", [
    ("3=hard", 4, (2, "hard")), (" 1 = easy ", 2, (0, "easy")), ("3=human", 4, (2, None)),
    ("5=HUMAN", 5, (4, None)), ("2=exploit-all", 3, (1, "exploit-all")),
])
def test_a_seat_spec_is_a_seat_and_a_level(spec, players, expected):
    assert parse_seat_change(spec, players) == expected


@pytest.mark.parametrize("spec,words", [
    ("3=wizard", "unknown bot 'wizard' (choose from easy, expert"),
    ("5=hard", "--seat: seat 5 is not between 1 and 4"),
    ("0=hard", "--seat: seat 0 is not between 1 and 4"),
    ("x=hard", "--seat: 'x' is not a seat number"),
    ("3", "--seat '3': use N=LEVEL, e.g. 2=hard"),
    ("3=", "--seat '3=': use N=LEVEL"),
    ("=hard", "use N=LEVEL"),
    ("\x1b[31m=hard", "'\\x1b[31m' is not a seat number"),
])
def test_a_bad_seat_spec_is_one_clear_line(spec, words):
    with pytest.raises(SeatSpecError) as e:
        parse_seat_change(spec, 4)
    text = str(e.value)
    assert words in text and "\n" not in text and "\x1b" not in text
    assert "human" in str(SeatSpecError("cli.errors.unknown_bot", name="w", choices="easy, human"))


# ---------------------------------------------------------------- the bots of a session

def test_a_seat_that_changes_level_gets_the_bot_of_its_new_level():
    session = _session(bots=("easy",))
    turns = BotTurns(session)
    easy = turns.bot(0)
    assert type(easy).__name__ == "RandomBot" and turns.bot(0) is easy
    session.change_seat(0, "normal")
    assert type(turns.bot(0)).__name__ == "NormalBot"


def test_a_choice_begun_before_a_seat_changed_hands_is_dropped():
    """The bot thought in the same state as the one that takes over after the change: its
    choice is not the new bot's."""
    session = _session(bots=("easy",))
    turns = BotTurns(session)
    old = turns.think(0, turns.begin(0), lambda words: None)
    turns.cancel()
    session.change_seat(0, "normal")
    new = turns.think(0, turns.begin(0), lambda words: None)
    assert old is not None and new is not None
    assert turns.stale(old) and not turns.stale(new)
