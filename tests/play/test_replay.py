"""Watching a game again (jorvik.play.replay): a save replays through the engine to the very
states the game had, step by step and round by round, each move with the log lines it made;
reading it never writes anything; a file or id that is not a game is one clear line."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from jorvik.bots import make_bot
from jorvik.carddata import load_cards
from jorvik.engine import current_player
from jorvik.play import saves as saving
from jorvik.play.replay import Replay, ReplayError, load
from jorvik.play.seats import Seats
from jorvik.play.session import Session

SEATS = Seats(["Anna", "Bela"], ["red", "blue"], [None, "easy"])


def played(rounds: int | None = None, seed: int = 4, autosave: bool = False) -> Session:
    """A 2-player Karl game by random bots, whole or to the start of round `rounds`."""
    s = Session.start(load_cards(), SEATS, "karl", seed, None, autosave=autosave)
    bots = [make_bot("random", seed=p) for p in range(2)]
    for _ in range(5000):
        if s.over or (rounds is not None and s.state.round >= rounds):
            break
        s.apply(bots[s.decider].choose(s.state))
    return s


@pytest.fixture(scope="module")
def game() -> Session:
    return played()


@pytest.fixture
def saved(tmp_path, game) -> Path:
    path = tmp_path / "game.json"
    path.write_text(game.save_text(), encoding="utf-8")
    return path


def everything(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder` with its bytes and modification time."""
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            p = Path(root) / f
            out[str(p)] = (p.read_bytes(), p.stat().st_mtime_ns)
    return out


# ---------------------------------------------------------------- the same game again

def test_a_saved_game_replays_to_the_very_states_it_had(saved, game):
    replay = load(str(saved))
    assert game.over
    assert replay.last == len(game.actions)
    assert replay.actions == game.actions
    assert all(a == b for a, b in zip(replay.states, game.states, strict=True))
    assert replay.state(replay.last).result == game.state.result


def test_every_step_shows_the_log_lines_its_move_made_and_nothing_else(saved, game):
    replay = load(str(saved))
    together = [e for k in range(replay.last + 1) for e in replay.lines(k)]
    assert [(e.index, e.event) for e in together] == [(e.index, e.event) for e in game.log]
    for k in range(1, replay.last + 1):   # every move says what it did
        assert replay.lines(k), k
    assert all(e.index <= 7 for e in replay.log_until(7))
    assert len(replay.log_until(replay.last)) == len(game.log)


def test_the_mover_of_a_step_is_who_decided_it(game):
    replay = Replay.of_session(game)
    assert replay.mover(0) is None
    for k in range(1, replay.last + 1):
        assert replay.mover(k) == current_player(game.states[k - 1])


def test_steps_stop_at_the_start_and_at_the_end(game):
    replay = Replay.of_session(game)
    assert replay.clamp(-5) == 0 and replay.clamp(10 ** 6) == replay.last
    assert replay.state(-1) is replay.states[0]
    assert replay.state(10 ** 6) is replay.states[-1]


# ---------------------------------------------------------------- round by round

def test_each_round_begins_at_a_step_where_the_round_changed(game):
    replay = Replay.of_session(game)
    starts = replay.round_starts()
    st = replay.states
    assert starts[0] == 0 and starts == sorted(set(starts))
    assert all(st[s].round != st[s - 1].round for s in starts[1:])
    rounds = {x.round for x in st}
    assert len(starts) == len(rounds)


def test_next_round_goes_to_the_next_rounds_first_step_and_stops_at_the_end(game):
    replay = Replay.of_session(game)
    starts = replay.round_starts()
    step, seen = 0, [0]
    for _ in range(100):
        nxt = replay.next_round(step)
        if nxt == step:
            break
        seen.append(nxt)
        step = nxt
    assert seen == starts + [replay.last]
    assert replay.state(starts[2]).round == replay.state(starts[1]).round + 1


def test_previous_round_goes_to_this_rounds_start_then_to_the_one_before(game):
    replay = Replay.of_session(game)
    starts = replay.round_starts()
    middle = starts[3] + 2
    assert replay.prev_round(middle) == starts[3]
    assert replay.prev_round(starts[3]) == starts[2]
    assert replay.prev_round(0) == 0


# ---------------------------------------------------------------- the VP race

def test_the_race_points_are_those_of_the_review_chart(game):
    from jorvik.review import vp_race
    replay = Replay.of_session(game)
    rounds, rows = vp_race(replay.states)
    steps = replay.race_steps()
    assert len(steps) == len(rounds)
    assert [replay.states[s].round for s in steps[1:]] == rounds[1:]
    assert [replay.projected(s) for s in steps[:-1]] == rows[:-1]


def test_a_step_is_placed_on_the_race_between_its_rounds_points(game):
    replay = Replay.of_session(game)
    steps = replay.race_steps()
    places = [replay.race_position(k) for k in range(replay.last + 1)]
    assert places[0] == 0 and places[-1] == len(steps) - 1
    assert places == sorted(places)
    for j, s in enumerate(steps[:-1]):
        assert replay.race_position(s) == pytest.approx(j)


# ---------------------------------------------------------------- jump points

def test_the_reviews_costliest_decisions_are_jump_points_at_their_moves(game):
    replay = Replay.of_session(game)
    wanted = [30, 5, 77]
    review = SimpleNamespace(costliest=lambda k: [SimpleNamespace(index=i) for i in wanted][:k])
    jumps = replay.jumps(review)
    assert [j.step for j in jumps] == [31, 6, 78]
    assert [j.decision.index for j in jumps] == wanted
    assert replay.jumps(review, count=1)[0].step == 31


# ---------------------------------------------------------------- reading only

def test_a_replay_changes_nothing_in_the_data_folder_nor_the_save(tmp_path):
    home = Path(os.environ["JORVIK_HOME"])
    s = played(rounds=3, autosave=True)   # an unfinished game in the games folder
    s.close()
    before = everything(home)
    replay = load(s.game_id)
    for k in range(replay.last + 1):      # every step looked at
        replay.lines(k), replay.projected(k), replay.race_position(k)
    assert replay.source == s.game_id
    assert everything(home) == before


def test_a_game_open_in_another_window_can_still_be_watched():
    s = played(rounds=2, autosave=True)   # its lock held, as by a window playing it
    try:
        replay = load(s.game_id)
        assert replay.last == len(s.actions)
    finally:
        s.close()


def test_a_replay_of_a_live_game_is_not_changed_by_the_game_going_on():
    s = played(rounds=2)
    replay = Replay.of_session(s)
    last = replay.last
    bot = make_bot("random", seed=9)
    s.apply(bot.choose(s.state))
    assert replay.last == last and len(replay.states) == last + 1


# ---------------------------------------------------------------- what is not a game

def _one_line(e: ReplayError) -> str:
    text = str(e)
    assert text and "\n" not in text and "Traceback" not in text
    return text


def test_an_unknown_id_is_one_line_naming_it_and_the_folder():
    with pytest.raises(ReplayError) as got:
        load("20990101-000000-nobody")
    text = _one_line(got.value)
    assert "20990101-000000-nobody" in text and str(saving.games_dir()) in text


@pytest.mark.parametrize("content", [
    b"", b"{not json", b"[1, 2, 3]", b'{"format": "jorvik-save/9"}',
    b'{"hello": "a file of another program"}', "\u00e9t\u00e9".encode("latin-1"),
    b'{"format": "jorvik-save/2", "seats": [], "record": {}}',
])
def test_a_damaged_or_foreign_file_is_one_line_and_stays_as_it_was(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    with pytest.raises(ReplayError) as got:
        load(str(path))
    assert str(path) in _one_line(got.value)
    assert path.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]   # nothing moved aside


def test_a_missing_file_a_folder_and_an_unprintable_id_are_one_line_each(tmp_path):
    for spec in (str(tmp_path / "gone.json"), str(tmp_path), "bad\x1b[2Jid", ""):
        with pytest.raises(ReplayError) as got:
            load(spec)
        assert "\x1b" not in _one_line(got.value)


def test_a_save_whose_moves_the_rules_refuse_is_one_line(tmp_path, game):
    import json
    data = json.loads(game.save_text())
    moves = data["record"]["actions"]
    moves[3], moves[4] = moves[4], moves[3]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    if moves[3] == moves[4]:
        pytest.skip("the two moves are the same")
    with pytest.raises(ReplayError) as got:
        load(str(path))
    _one_line(got.value)
