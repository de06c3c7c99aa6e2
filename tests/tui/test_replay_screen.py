"""Watching a game again, from the player's side: `jorvik replay` and `w` on the final scoring
show the board as it was, move by move (← →, Home, End) and round by round ([ ] PgUp PgDn),
with each move's log line, the VP race with the move marked (g) and the review's costliest
decisions to jump to (r, then 1–5); nothing in the save changes. `n` on the final scoring is a
rematch: the same players, seats and levels, a new seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jorvik.bots import make_bot
from jorvik.carddata import load_cards
from jorvik.cli import main
from jorvik.engine import legal_actions
from jorvik.i18n import set_language
from jorvik.play.replay import load
from jorvik.play.session import Session
from jorvik.tui.replay_app import replay_app
from jorvik.tui.screens.final import FinalScreen
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.replay import JumpScreen, ReplayScreen
from jorvik.tui.text import Seats
from jorvik.tui.widgets.status import StatusBar
from tui_helpers import make_app, wait_until

SIZES = [(80, 24), (100, 30), (120, 40)]
SEATS = Seats(["Anna", "Bela"], ["red", "blue"], [None, "hard"])


def game_file(folder: Path, rounds: int | None = None, seed: int = 5) -> Path:
    """A 2-player Karl game by random bots (whole, or to the start of round `rounds`)."""
    session = Session.start(load_cards(), SEATS, "karl", seed, None, autosave=False)
    bots = [make_bot("random", seed=p) for p in range(2)]
    for _ in range(5000):
        if session.over or (rounds is not None and session.state.round >= rounds):
            break
        session.apply(bots[session.decider].choose(session.state))
    path = folder / ("finished.json" if rounds is None else "short.json")
    path.write_text(session.save_text(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def short(tmp_path_factory) -> Path:
    return game_file(tmp_path_factory.mktemp("replay"), rounds=4)


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    return game_file(tmp_path_factory.mktemp("replay"))


def panel(app) -> str:
    return str(app.screen.query_one("#replay-move").render())


def status(app) -> str:
    bar = app.screen.query_one(StatusBar)
    return bar.build(bar.content_size.width, 1)[0].plain


def shown_state(app):
    return app.screen.query_one(StatusBar)._shown[0]


@pytest.mark.parametrize("size", SIZES)
async def test_stepping_shows_each_move_its_log_line_and_the_board_as_it_was(short, size):
    replay = load(str(short))
    app = replay_app(replay)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert shown_state(app) is replay.states[0]
        assert f"{replay.last} moves" in panel(app)
        for _ in range(3):
            await pilot.press("right")
        assert screen.step == 3 and shown_state(app) is replay.states[3]
        text = panel(app)
        assert f"Move 3/{replay.last}" in text
        said = " ".join(str(screen._log_line(e)) for e in replay.lines(3))
        assert said.split()[0] in text        # the move's own log line, its first words
        assert "round 1" in text
        await pilot.press("left")
        assert screen.step == 2 and shown_state(app) is replay.states[2]
        await pilot.press("end")
        assert screen.step == replay.last and f"Move {replay.last}/{replay.last}" in panel(app)
        await pilot.press("right")            # past the end: stays there
        assert screen.step == replay.last
        await pilot.press("home")
        assert screen.step == 0 and shown_state(app) is replay.states[0]
        await pilot.press("left")
        assert screen.step == 0


@pytest.mark.parametrize("size", SIZES)
async def test_round_by_round_with_brackets_and_page_keys(short, size):
    replay = load(str(short))
    starts = replay.round_starts()
    app = replay_app(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.press("right_square_bracket")
        assert app.screen.step == starts[1]
        assert "Round 2" in status(app) and "round 2" in panel(app)
        await pilot.press("pagedown")
        assert app.screen.step == starts[2] and "Round 3" in status(app)
        await pilot.press("right", "right", "pageup")    # mid-round: back to its start
        assert app.screen.step == starts[2]
        await pilot.press("left_square_bracket")
        assert app.screen.step == starts[1] and "Round 2" in status(app)


@pytest.mark.parametrize("size", SIZES)
async def test_the_vp_race_marks_the_move_shown(short, size):
    replay = load(str(short))
    app = replay_app(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.press("right_square_bracket", "right")
        step = app.screen.step
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.has_class("-view-chart")
        chart = app.screen.query_one("#replay-chart")
        assert chart.display and chart.region.height > 0
        text = str(chart.render())
        assert f"move {step} (round 2)" in text and "┃" in text and "↑" in text
        assert "VP now:" in text
        await pilot.press("right")
        assert f"move {step + 1} " in str(chart.render())
        await pilot.press("g")
        assert not app.screen.has_class("-view-chart")


async def test_in_hungarian_the_replay_speaks_hungarian(short):
    set_language("hu")
    replay = load(str(short))
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right")
        text = panel(app)
        assert f"2. lépés / {replay.last}" in text and "1. forduló" in text
        await pilot.press("g")
        await pilot.pause()
        assert "GyP-verseny" in str(app.screen.query_one("#replay-chart").render())
    set_language("en")


async def test_a_language_switch_rewords_the_replay(short):
    replay = load(str(short))
    app = replay_app(replay)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("right", "right", "f2")
        await pilot.pause()
        assert "2. lépés" in panel(app)
        await pilot.press("f2")
        await pilot.pause()
        assert "Move 2/" in panel(app)


def fake_review(replay, picks=(2, 0, 5, 9, 14)):
    """A review that found five costly decisions (a real one takes minutes): the decisions
    with more than one legal move, at the positions `picks` of them."""
    from jorvik.review import Decision, Review
    choices = [i for i in range(replay.last) if len(legal_actions(replay.states[i])) > 1]
    out = []
    for n, pos in enumerate(picks):
        i = choices[pos]
        st = replay.states[i]
        better = next(a for a in legal_actions(st) if a != replay.actions[i])
        out.append(Decision(i, st.round, st.phase, 0, replay.actions[i], better,
                            loss=6.0 - n, se=0.5, fresh=True))
    return Review(out, [0], [[0, 0]], ["Anna", "Bela"])


async def test_r_judges_the_game_then_its_costliest_decisions_are_jump_points(short,
                                                                              monkeypatch):
    import jorvik.review
    replay = load(str(short))
    result = fake_review(replay)
    asked = []

    def review(record, **kwargs):
        asked.append(record)
        return result
    monkeypatch.setattr(jorvik.review, "review", review)
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "r: the review" in panel(app)
        await pilot.press("1")                # no jump points before the review
        assert app.screen.step == 0
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, JumpScreen),
                         what="the jump points")
        assert asked == [replay.record]
        listed = str(app.screen.query_one("#jumps-text").render())
        hint = app.screen.query_one(".dialog-hint")     # how to pick one: on the screen
        box = app.screen.query_one(".jumps-dialog")
        assert hint.region.height > 0 and box.region.contains_region(hint.region)
        first, second = result.decisions[:2]
        assert all(f"{n}. " in listed for n in range(1, 6)) and "better" in listed
        await pilot.press("2")                # watch the second costliest
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == second.index + 1
        assert "Costly decision 2 of 5" in panel(app)
        await pilot.press("left")             # the board it was chosen on
        assert shown_state(app) is replay.states[second.index]
        await pilot.press("1")
        assert screen.step == first.index + 1 and "Costly decision 1 of 5" in panel(app)
        await pilot.press("r")                # the list again, without judging again
        assert isinstance(app.screen, JumpScreen) and len(asked) == 1
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen) and screen.step == first.index + 1


# ---------------------------------------------------------------- the final scoring

async def test_w_on_the_final_scoring_watches_the_game_and_q_comes_back(finished):
    before = finished.read_bytes()
    app = make_app("--load", str(finished), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("w")
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.step == 0
        await pilot.press("end")
        assert screen.replay.state(screen.step).result == app.session.state.result
        await pilot.press("home", "right_square_bracket", "right")
        await pilot.press("q")
        assert isinstance(app.screen, FinalScreen)
    assert finished.read_bytes() == before


async def test_the_save_is_unchanged_after_a_replay_session(short):
    before = short.read_bytes()
    mtime = short.stat().st_mtime_ns
    app = replay_app(load(str(short)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("right", "right", "pagedown", "g", "end", "home", "c")
        await pilot.press("escape", "q")
    assert short.read_bytes() == before and short.stat().st_mtime_ns == mtime
    assert [p.name for p in short.parent.iterdir()] == [short.name]


async def test_n_on_the_final_scoring_is_a_rematch_same_seats_and_levels_new_seed(finished):
    data = json.loads(finished.read_text(encoding="utf-8"))
    old_seed = data["record"]["seed"]
    app = make_app("--load", str(finished), "--seed", str(old_seed), autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, FinalScreen)
        old = app.session
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        new = app.session
        assert new is not old and new.first.round == 1   # (a bot may have moved already)
        assert new.seats.names == ["Anna", "Bela"]
        assert new.seats.colours == old.seats.colours
        assert new.seats.bots == [None, "hard"]
        assert new.state.mode == "karl"
        assert new.first.seed != old_seed


async def test_the_final_scoring_names_the_rematch_and_the_replay(finished):
    app = make_app("--load", str(finished), autosave=False)
    async with app.run_test(size=(120, 40)):
        said = str(app.screen.query_one("#final-next").render())
        assert "n: rematch" in said and "w: watch again" in said


# ---------------------------------------------------------------- jorvik replay, untrusted

@pytest.mark.parametrize("spec", ["20990101-nobody", "missing.json", "bad\x07id"])
def test_jorvik_replay_of_no_game_is_one_line_and_exit_2(spec, capsys):
    with pytest.raises(SystemExit) as got:
        main(["replay", spec])
    assert got.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "\x07" not in err


def test_jorvik_replay_of_a_damaged_file_is_one_line_and_the_file_stays(tmp_path, capsys):
    path = tmp_path / "damaged.json"
    path.write_text('{"format": "jorvik-save/2", "seats": [', encoding="utf-8")
    with pytest.raises(SystemExit) as got:
        main(["replay", str(path)])
    assert got.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and str(path) in err
    assert path.read_text(encoding="utf-8") == '{"format": "jorvik-save/2", "seats": ['
    assert [p.name for p in tmp_path.iterdir()] == ["damaged.json"]


def test_jorvik_games_replay_of_an_unknown_id_is_one_line(capsys):
    with pytest.raises(SystemExit) as got:
        main(["games", "--replay", "20990101-nobody"])
    assert got.value.code == 2
    assert "20990101-nobody" in capsys.readouterr().err


def test_jorvik_games_says_how_to_watch_a_game_again(capsys):
    session = Session.start(load_cards(), SEATS, "karl", 1, None)
    session.close()
    assert main(["games"]) == 0
    assert "jorvik replay ID" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "hu"])
async def test_at_80x24_the_key_line_keeps_the_replay_keys_and_f1_lists_them_all(short, lang):
    from jorvik.i18n import t
    from jorvik.tui.screens.help import key_lines
    from jorvik.tui.widgets.keybar import KeyBar
    set_language(lang)
    app = replay_app(load(str(short)))
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.screen.query_one(KeyBar)
        line = bar.build(80, 1)[0].plain
        for shown in (f"q {t('replay.bind.close')}", f"← → {t('replay.bind.move')}",
                      f"[ ] {t('replay.bind.round')}", f"r {t('learn.review.bind')}",
                      f"g {t('replay.bind.chart')}"):
            assert shown in line, line
        if lang == "en":
            assert f"p {t('replay.bind.view')}" in line, line
        await pilot.press("tab")              # the players' areas in the board's place
        assert app.screen.has_class("-view-players")
        await pilot.press("p")
        assert not app.screen.has_class("-view-players")
        await pilot.press("f1")
        keys = dict(key_lines(app.screen.under))
        assert keys["←"] == t("replay.bind.move") and keys["→"] == t("replay.bind.next")
        assert keys["[ PgUp"] == t("replay.bind.round")
        assert keys["] PgDn"] == t("replay.bind.next_round")
        assert keys["Home"] == t("replay.bind.start") and keys["End"] == t("replay.bind.end")
        assert keys["1 2 3 4 5"] == t("replay.bind.jump")
    set_language("en")


async def test_a_key_flood_on_the_replay_never_crashes_it(short):
    from test_key_floods import Flood
    # r judges the whole game in two processes: not in a flood
    await Flood(lambda: replay_app(load(str(short))), seed=48,
                leave_out=frozenset({"r"})).run()


def test_a_game_of_no_moves_yet_can_be_watched(tmp_path):
    session = Session.start(load_cards(), SEATS, "jarl", 2, None, autosave=False)
    path = tmp_path / "new.json"
    path.write_text(session.save_text(), encoding="utf-8")
    replay = load(str(path))
    assert replay.last == 0 and replay.race_position(0) == 0
    assert replay.next_round(0) == 0 and replay.prev_round(0) == 0


async def test_the_chart_of_a_game_of_no_moves_yet(tmp_path):
    session = Session.start(load_cards(), SEATS, "jarl", 2, None, autosave=False)
    path = tmp_path / "new.json"
    path.write_text(session.save_text(), encoding="utf-8")
    app = replay_app(load(str(path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "end", "g", "pagedown", "pageup")
        await pilot.pause()
        assert "move 0 (round 1)" in str(app.screen.query_one("#replay-chart").render())
        assert app.crash_report is None


async def test_a_review_judged_on_the_final_scoring_gives_the_replay_its_jump_points(finished):
    from jorvik.play.replay import Replay
    app = make_app("--load", str(finished), autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        final = app.screen
        assert isinstance(final, FinalScreen)
        result = fake_review(Replay.of_session(app.session))
        final.judged = result               # as r on the final scoring leaves it
        await pilot.press("w")
        assert isinstance(app.screen, ReplayScreen)
        assert "1–5: the costliest" in panel(app)
        await pilot.press("3")              # at once: nothing judged again
        assert app.screen.step == result.costliest(5)[2].index + 1
