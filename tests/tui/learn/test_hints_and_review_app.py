"""Hints and the review in the app and on the command line: the hint key shows three moves
and is noted in the log, --no-hints turns it off; the final screen shows the VP race and opens
the review; `jorvik review` reads a FILE or a GAME_ID and says in one line what is wrong."""

from __future__ import annotations

import json
import time

import pytest
from test_learn_review import blunder_record

from jorvik.carddata import load_cards
from jorvik.cli import main
from jorvik.settings import data_dir
from jorvik.tui.screens.hint import HintScreen
from jorvik.tui.screens.review import ReviewInputError, ReviewScreen, load_game
from tui_helpers import hint_shown, make_app, small_hints, wait_until

GAME = ("--players", "2", "--names", "Anna,Bela", "--seed", "4", "--no-handover")


async def test_the_hint_key_shows_three_moves_and_notes_it_in_the_log(monkeypatch):
    small_hints(monkeypatch)
    app = make_app(*GAME, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HintScreen)
        await hint_shown(pilot)
        assert len(app.screen.found) == 3
        text = str(app.screen.query_one("#hint-text").render())
        assert "1." in text and "3." in text and "VP margin" in text
        await pilot.press("escape")
        assert any("used a hint" in app.session.line(e) for e in app.session.log)


async def test_no_hints_turns_the_key_off():
    app = make_app(*GAME, "--no-hints", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert not isinstance(app.screen, HintScreen)
        assert not any("used a hint" in app.session.line(e) for e in app.session.log)


async def test_the_review_screen_lists_the_blunder_and_the_vp_race():
    from textual.app import App

    from jorvik.tui.text import Seats
    record = blunder_record()
    seats = Seats(["Peti", "Benedek"], ["blue", "yellow"], [None, "normal"])

    class Host(App):
        def on_mount(self) -> None:
            # 9,000 moves, a small part of the default budget (REVIEW_STEPS): the blunder is
            # plain, and the judging itself is tested on jorvik.review
            # (test_learn_review.py); here: the screen shows what the review found
            self.push_screen(ReviewScreen(record, seats, budget=9_000))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_until(pilot, lambda: screen.result is not None, within=300,
                         what="the review")
        text = str(screen.query_one("#review-report").render())
        assert "Round 2, purchase phase: Peti chose pass" in text
        assert "Projected VP" in text and "Benedek" in text
        assert all(d.player == 0 for d in screen.result.decisions)  # the bot is not judged


def test_jorvik_review_prints_the_costliest_decisions_for_a_file(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder_record()), encoding="utf-8")
    assert main(["review", str(path), "--playouts", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Review: the costliest decisions" in out
    assert "Round 2, purchase phase: Peti chose pass" in out
    assert "Projected VP" in out


def test_a_game_id_is_looked_up_in_the_data_directory():
    home = data_dir()  # the test's own (tests/conftest.py)
    (home / "games").mkdir(parents=True)
    saved = {"format": "jorvik-save/2", "id": "g42", "record": blunder_record(),
             "seats": [{"name": "Peti", "colour": "red", "bot": None},
                       {"name": "Benedek", "colour": "blue", "bot": "hard"}]}
    (home / "games" / "g42.json").write_text(json.dumps(saved), encoding="utf-8")
    record, seats, _, _ = load_game("g42")
    assert record["players"] == ["Peti", "Benedek"]
    assert seats.bots == [None, "hard"]


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"players": "x"}', "\xff\xfe"])
def test_a_bad_file_gives_one_line_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    with pytest.raises(SystemExit) as e:
        main(["review", str(path), "--lang", "en"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("jorvik: error:") and "\n" not in err


def test_an_unknown_game_id_gives_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["review", "no-such-game", "--lang", "en"])
    assert e.value.code == 2
    assert "no saved game no-such-game" in capsys.readouterr().err


def test_a_record_that_does_not_replay_gives_one_line(tmp_path, capsys):
    rec = blunder_record()
    rec["actions"][3] = {"type": "buy"}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        main(["review", str(path), "--lang", "en"])
    assert e.value.code == 2
    assert "cannot be replayed" in capsys.readouterr().err


def test_a_record_that_does_not_replay_says_why_in_the_language(tmp_path, capsys):
    rec = blunder_record()
    rec["actions"][3] = {"type": "buy"}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["review", str(path), "--lang", "hu"])
    err = capsys.readouterr().err
    assert "a 4. lépés nem játszható le újra: Ez most nem lehetséges" in err, err


def test_load_game_refuses_a_missing_path():
    with pytest.raises(ReviewInputError):
        load_game("./nowhere/game.json")


async def test_closing_the_review_early_stops_the_judging():
    from textual.app import App

    from jorvik.bots import play_out, seat_bots
    from jorvik.engine import make_record, new_game
    from jorvik.tui.text import Seats
    st0 = new_game(["Anna", "Bela"], seed=2, cards=load_cards())
    actions = []
    play_out(st0, seat_bots(["normal", "normal"], 2),
             watch=lambda _before, a, _after: actions.append(a))
    screen = ReviewScreen(make_record(st0, actions), Seats(["Anna", "Bela"], ["blue", "red"],
                                                           [None, None]))

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Host()
    t0 = time.monotonic()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: any(w.is_running for w in app.workers),
                         what="the review's work")
        await pilot.press("escape")
        assert screen.closed
    for worker in list(app.workers):
        await worker.wait()
    assert time.monotonic() - t0 < 15   # a whole review of this game takes far longer
    assert screen.result is None
