"""A new table's options (`jorvik play`, `jorvik host`) checked as a pure function: each way
to get them wrong is its own problem kind with one line that says it, and good options give
the seats they ask for. No argparse, no subprocess: the command line only prints the line."""

from __future__ import annotations

import pytest

from jorvik import i18n
from jorvik.play.seating import (
    Kind,
    Problem,
    Seating,
    TableOptions,
    level_problem,
    resume_problem,
    seat_numbers,
    seating,
)

LEVELS = ("random", "easy", "normal", "hard")


def seated(**options) -> Seating | Problem:
    return seating(TableOptions(**options), LEVELS)


def kind_of(**options) -> str:
    found = seated(**options)
    assert isinstance(found, Problem), found
    assert found.message and "\n" not in found.message   # one line
    return found.kind


def ok(**options) -> Seating:
    found = seated(**options)
    assert isinstance(found, Seating), found
    return found


# ------------------------------------------------------------------- one test per kind

@pytest.mark.parametrize("names, kind", [
    ("Ann,", Kind.NAME_EMPTY),
    ("Ann," + "x" * 25, Kind.NAME_TOO_LONG),
    ("Ann,B\x1bob", Kind.NAME_UNPRINTABLE),
    ("Ann,aNN", Kind.NAME_DUPLICATE),       # names differ by more than their case
])
def test_a_bad_name_is_its_kind(names, kind):
    assert kind_of(names=names) == kind


def test_a_name_problem_quotes_the_name():
    found = seated(names="Ann,aNN")
    assert isinstance(found, Problem) and "aNN" in found.message


@pytest.mark.parametrize("options", [
    {"names": "A,B,C,D,E,F"},      # six names: six seats
    {"names": "Ann"},              # one name: one seat
])
def test_a_table_of_one_or_six_is_players_range(options):
    assert kind_of(**options) == Kind.PLAYERS_RANGE


def test_colours_unknown_twice_or_too_many():
    assert kind_of(colours="red,pink") == Kind.UNKNOWN_COLOUR
    assert kind_of(colours="red, RED") == Kind.SAME_COLOUR
    assert kind_of(players=2, colours="red,blue,green") == Kind.TOO_MANY_COLOURS


def test_an_unknown_level_is_unknown_bot_and_lists_the_levels():
    assert kind_of(level="godlike") == Kind.UNKNOWN_BOT
    found = seated(seat=("2=godlike",))
    assert isinstance(found, Problem) and found.kind == Kind.UNKNOWN_BOT
    assert "godlike" in found.message and "easy, hard, normal, random" in found.message


def test_a_level_is_one_of_the_levels_there_are():
    assert level_problem("hard", LEVELS) is None
    found = level_problem("Hard", LEVELS)
    assert isinstance(found, Problem) and found.kind == Kind.UNKNOWN_BOT and "'Hard'" in found.message


def test_seat_numbers_that_are_no_seat_or_out_of_range():
    assert kind_of(bots="two") == Kind.NOT_A_SEAT
    assert kind_of(bots="5") == Kind.SEAT_RANGE            # 4 players by default
    assert kind_of(bots="0") == Kind.SEAT_RANGE
    assert kind_of(seat=("9=easy",)) == Kind.SEAT_RANGE
    found = seated(seat=("x=easy",))
    assert isinstance(found, Problem) and found.kind == Kind.NOT_A_SEAT
    assert "--seat" in found.message


def test_a_seat_without_a_level_is_seat_spec():
    assert kind_of(seat=("2",)) == Kind.SEAT_SPEC
    assert kind_of(seat=("2= ",)) == Kind.SEAT_SPEC


def test_a_start_player_outside_the_table():
    assert kind_of(players=3, start_player=4) == Kind.START_PLAYER
    assert kind_of(players=3, start_player=0) == Kind.START_PLAYER


def test_names_for_the_human_seats_must_match_them():
    # five seats, three bots: two human seats, three names
    assert kind_of(players=5, bots="3,4,5", names="Éva,Bálint,Cili") == Kind.NAMES_FOR_HUMANS


def test_a_human_named_like_a_bot_seat_is_a_duplicate():
    assert kind_of(players=3, bots="3", names="Éva,Bot 3") == Kind.NAME_DUPLICATE


def test_every_kind_has_its_line_in_every_language():
    for lang in i18n.LANGUAGES:
        catalogue = i18n.catalogue(lang)
        assert [k for k in Kind if k.value not in catalogue] == [], lang


def test_the_problem_is_worded_in_the_current_language():
    english = seated(colours="pink")
    i18n.set_language("hu")
    try:
        hungarian = seated(colours="pink")
    finally:
        i18n.set_language("en")
    assert isinstance(english, Problem) and isinstance(hungarian, Problem)
    assert english.kind == hungarian.kind and english.message != hungarian.message


# ------------------------------------------------------------------- the order of checks

def test_the_first_problem_is_said_names_before_colours_before_seats():
    assert kind_of(names="Ann,Ann", colours="pink", bots="9") == Kind.NAME_DUPLICATE
    assert kind_of(colours="pink", bots="9") == Kind.UNKNOWN_COLOUR
    assert kind_of(level="godlike", bots="9") == Kind.UNKNOWN_BOT
    assert kind_of(bots="9", start_player=9) == Kind.SEAT_RANGE


# ------------------------------------------------------------------- good options

def test_defaults_four_humans_to_set_up():
    s = ok()
    assert s.names == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert s.colours == ["red", "blue", "green", "yellow"]
    assert s.bots == [None] * 4 and s.start is None and s.need_setup


def test_names_make_the_table_and_skip_the_setup():
    s = ok(names=" Éva , Bálint ", players=4)
    assert s.names == ["Éva", "Bálint"] and len(s.colours) == 2 and not s.need_setup


def test_colours_asked_for_come_first_then_the_free_ones():
    assert ok(players=3, colours="White,green").colours == ["white", "green", "red"]


def test_bots_play_at_the_level_and_a_seat_option_wins_its_seat():
    s = ok(players=3, bots="2,3", level="easy", seat=("3=hard",))
    assert s.bots == [None, "easy", "hard"]
    assert s.names == ["Player 1", "Bot 2", "Bot 3"] and s.need_setup


def test_a_table_of_bots_needs_no_setup():
    assert not ok(players=2, bots="1,2").need_setup


def test_start_player_is_zero_based():
    assert ok(players=3, start_player=3).start == 2


def test_names_fill_the_human_seats_in_order():
    s = ok(players=5, bots="3,4,5", names="Éva,Bálint")
    assert s.names == ["Éva", "Bálint", "Bot 3", "Bot 4", "Bot 5"]
    assert s.bots == [None, None, "normal", "normal", "normal"] and not s.need_setup


def test_a_digit_that_is_no_seat_number_is_one_line_not_a_crash():
    # "²" is a digit to str.isdigit but no number to int(): the seats' count must not crash
    assert kind_of(players=5, names="Éva,Bálint", bots="²") == Kind.NOT_A_SEAT


# ------------------------------------------------------------------- resume, seat numbers

def test_resume_or_load_with_bots_is_resume_seats_but_seat_changes_hands():
    found = resume_problem(TableOptions(resume=True, bots="2"))
    assert isinstance(found, Problem) and found.kind == Kind.RESUME_SEATS
    assert "--resume" in found.message and "--bots" in found.message
    found = resume_problem(TableOptions(load="game.json", bots="1,2"))
    assert found is not None and "--load" in found.message
    # --seat N=LEVEL on resume is a change of hands (tests/play/test_seat_change_cli.py)
    assert resume_problem(TableOptions(load="game.json", seat=("2=easy",))) is None
    assert resume_problem(TableOptions(resume=True)) is None
    assert resume_problem(TableOptions(bots="2")) is None


def test_seat_numbers_are_zero_based_and_name_their_option():
    assert seat_numbers(" 1, 3,", 3, "--remote") == [0, 2]
    assert seat_numbers(None, 3, "--remote") == []
    found = seat_numbers("4", 3, "--remote")
    assert isinstance(found, Problem) and found.kind == Kind.SEAT_RANGE
    assert "--remote" in found.message
