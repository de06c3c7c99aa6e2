"""`jorvik play --players 5 --bots 3,4,5 --names 'Éva,Bálint'` (issue 31 §5): the names are
the human seats'; a count that fits neither all seats nor the human seats is one clear line."""

from __future__ import annotations

import pytest

from jorvik.cli import build_parser, play_config


def config(*argv: str):
    parser = build_parser()
    return play_config(parser, parser.parse_args(["play", *argv]))


def test_names_fill_the_human_seats():
    c = config("--players", "5", "--bots", "3,4,5", "--names", "Éva,Bálint")
    assert c.seats.names[:2] == ["Éva", "Bálint"]
    assert len(c.seats.names) == 5 and c.seats.bots[2:] == ["normal"] * 3
    assert not c.need_setup


def test_names_fill_human_seats_between_bots():
    c = config("--players", "4", "--bots", "1,3", "--names", "Anna,Bela")
    assert [c.seats.names[1], c.seats.names[3]] == ["Anna", "Bela"]
    assert c.seats.bots == ["normal", None, "normal", None]


def test_a_name_for_every_seat_still_names_every_seat():
    c = config("--names", "Anna,Bot", "--seat", "2=easy")
    assert c.seats.names == ["Anna", "Bot"] and c.seats.bots == [None, "easy"]


def test_a_wrong_count_is_one_clear_line(capsys):
    with pytest.raises(SystemExit):
        config("--players", "5", "--bots", "4,5", "--names", "Éva,Bálint")
    err = capsys.readouterr().err
    assert "2 names for 3 human seats" in err and "Traceback" not in err
    assert "not between" not in err
