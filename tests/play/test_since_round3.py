"""Issue 48 §2: the summary says only what changed, and whose doing it was — over whole
random Jarl and Karl games, in the summary's own words (English and Hungarian)."""

from __future__ import annotations

import random
import re

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import legal_actions
from jorvik.engine.events import Passed
from jorvik.i18n import set_language
from jorvik.play.seats import COLOUR_NAMES, Seats
from jorvik.play.session import Session
from jorvik.play.since import ran_for, summary
from jorvik.play.words import plain

PERSONAL = ["Anna", "Bálint", "Dénes", "Ödön", "Éva"]
NUMBERED = ["1. játékos", "2. gép", "3. gép", "4. gép", "5. gép"]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _games(n: int, mode: str, names: list[str], seeds: range):
    """Every decision of random games: (session, deciding player, the summary's lines)."""
    for seed in seeds:
        rng = random.Random(seed)
        seats = Seats(names[:n], list(COLOUR_NAMES[:n]), [None] * n)
        session = Session.start(load_cards(), seats, mode, seed, None, autosave=False)
        while not session.over:
            p = session.decider
            lines = [plain(i.text, session.seats, session.state) for i in summary(session, p)]
            yield session, p, lines
            session.apply(rng.choice(legal_actions(session.state)))


@pytest.mark.parametrize("lang,names", [("en", PERSONAL), ("hu", NUMBERED), ("hu", PERSONAL)])
def test_no_line_shows_no_change_and_no_name_is_doubled(lang, names):
    set_language(lang)
    told = 0
    for _session, _p, lines in _games(5, "jarl", names, range(2)):
        for line in lines:
            assert not re.search(r"(?<![\d−-])(\d+)→\1(?!\d)", line), line   # "coins 3→3"
            for name in names:
                # "Éva: Éva …", "Player 3: Player 3 used …", "A 2. gép: a 2. gép …"
                assert not re.match(rf"{re.escape(name)}(: | – )(az? )?{re.escape(name)}",
                                    line, re.I), line
            told += ("→" in line)
    assert told  # the games had coins and VP that changed


def test_a_pass_the_game_made_is_worded_as_the_games_move():
    set_language("en")
    found = 0
    for session, p, lines in _games(5, "jarl", PERSONAL, range(3)):
        text = "\n".join(lines)
        assert "You: passed" not in text or "the game passed for you" not in text
        for e in session.log[-12:]:
            ev = e.event
            if isinstance(ev, Passed) and ev.auto and ev.player == p and "You: the game " \
                    "passed for you" in text:
                found += 1
    assert found


def test_a_reservation_whose_price_rises_is_announced():
    set_language("en")
    announced = 0
    for _session, _p, lines in _games(5, "jarl", PERSONAL, range(3)):
        for line in lines:
            if "reserved a card too: your reserved card costs one coin more" in line:
                announced += 1
                assert re.search(r"\(the row pays \d+ now\)", line), line
    assert announced


def test_when_the_game_ran_whole_phases_for_a_player_the_summary_tells_what_happened():
    set_language("en")
    ran = 0
    for session, p, lines in _games(2, "karl", PERSONAL, range(4)):
        if ran_for(session, p):
            ran += 1
            assert lines, "the stop must have something to say"
    assert ran
