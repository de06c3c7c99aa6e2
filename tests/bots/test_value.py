"""The value model (issue 49): its inputs read only the public view, its file is checked like
every file from outside, and its training is reproducible from a seed."""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest

from jorvik.bots import play_out, seat_bots
from jorvik.bots.value.features import N_FEATURES, position_features, table_rows
from jorvik.bots.value.model import ModelFileError, load_model, read_model
from jorvik.carddata import load_cards
from jorvik.engine import is_over, new_game, observe

from .test_hidden_information import reshuffled

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("train_value", ROOT / "tools" / "train_value.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _midgame(n: int = 3, mode: str = "jarl", seed: int = 4, rounds: int = 4):
    """A position of normal bots at the start of `rounds` (played once per set of arguments;
    every caller gets its own copy to change)."""
    return _played_to(n, mode, seed, rounds).copy()


@functools.cache
def _played_to(n: int, mode: str, seed: int, rounds: int):
    st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=load_cards())
    st, _ = play_out(st, seat_bots(["normal"] * n, seed), stop_round=rounds)
    return st


def _same(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def test_features_do_not_depend_on_the_order_of_the_deck_or_the_bag():
    st = _midgame()
    other = reshuffled(st, random.Random(1))
    assert other.deck != st.deck and other.bag != st.bag   # the hidden orders differ
    assert _same(position_features(st), position_features(other))
    assert _same(position_features(observe(st, 0)), position_features(observe(other, 1)))


def test_features_see_what_is_public():
    # the test above could pass with features that read nothing: a coin more is seen
    st = _midgame()
    richer = st.copy()
    richer.mut(1).coins += 3
    assert not _same(position_features(st), position_features(richer))


def test_every_seat_gets_a_row_from_its_own_side():
    st = _midgame(n=4, mode="karl")
    g, seats = position_features(observe(st, None))
    rows = table_rows(g, seats)
    assert rows.shape == (4, N_FEATURES)
    swapped = st.copy()
    swapped.mut(0).coins, swapped.mut(2).coins = st.players[2].coins + 5, st.players[0].coins
    g2, seats2 = position_features(swapped)
    # seat 0's own row holds its coins, seat 2 sees them among the others
    assert table_rows(g2, seats2)[0].tolist() != rows[0].tolist()


def test_the_shipped_model_values_every_seat():
    model = load_model()
    st = _midgame(n=4, mode="karl")
    margins = model.margins(observe(st, None))
    assert len(margins) == 4 and all(np.isfinite(margins))


def _model_json() -> dict:
    return json.loads((ROOT / "src" / "jorvik" / "data" / "value-model.json")
                      .read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["features"].reverse(), "other features"),
    (lambda d: d.update(mean=d["mean"][:-1]), "shape"),
    (lambda d: d["layers"][0]["w"][0].__setitem__(0, "x"), "not an array of numbers"),
    (lambda d: d["layers"][0]["w"][0].__setitem__(0, 1e300), "not finite or too large"),
    (lambda d: d.update(scale=[0.0] * len(d["scale"])), "scale must be positive"),
    (lambda d: d.update(layers=[]), "layers"),
    (lambda d: d.update(y_scale=float("nan")), "y_scale"),
    (lambda d: d["info"].update(target="wins"), "target"),
    (lambda d: d.clear(), "format"),
])
def test_a_bad_model_file_is_one_clear_line(tmp_path, change, says):
    data = _model_json()
    change(data)
    _refused_in_one_line(tmp_path, data, says)


def _refused_in_one_line(tmp_path, data, says: str) -> None:
    """A model file of `data` is refused with one line that says `says`."""
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelFileError) as e:
        read_model(path)
    assert says in e.value.message and "\n" not in e.value.message


@pytest.mark.parametrize("content", [None, "folder", b"\xff\xfe", "[1, 2", "[]"])
def test_an_unreadable_model_file_is_one_clear_line(tmp_path, content):
    path = tmp_path / "m.json"
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ModelFileError) as e:
        read_model(path)
    assert str(path) in e.value.message and "\n" not in e.value.message


def test_a_model_file_too_big_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "m.json"
    path.write_text("[" + "0," * 2_000_000 + "0]", encoding="utf-8")
    with pytest.raises(ModelFileError, match="too_big"):
        read_model(path)


def _generate(tool, out: Path, seed: int) -> int:
    return tool.main(["generate", "--games", "4", "--seed", str(seed), "--out", str(out),
                      "--tables", "2karl,3jarl", "--shard-games", "2", "--sample", "0.02"])


@pytest.fixture(scope="module")
def selfplay_data(tmp_path_factory) -> Path:
    """Self-play data of four games (seed 6, two shards), made once for the module; tests
    that change it work on a copy."""
    out = tmp_path_factory.mktemp("selfplay") / "data"
    assert _generate(_tool(), out, 6) == 0
    return out


def test_self_play_data_and_training_are_reproducible_from_the_seed(tmp_path, selfplay_data):
    tool = _tool()
    assert _generate(tool, tmp_path / "b", 6) == 0    # made again: the same data
    a = tool.load_data(selfplay_data)
    b = tool.load_data(tmp_path / "b")
    assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    assert set(a["game"].tolist()) == {6, 7, 8, 9}   # game 9 validates

    def trained(seed: int, name: str) -> list:
        out = tmp_path / name
        assert tool.main(["train", "--data", str(selfplay_data), "--out", str(out),
                          "--seed", str(seed), "--epochs", "2", "--hidden", "8"]) == 0
        return json.loads(out.read_text(encoding="utf-8"))["layers"]

    first = trained(1, "m1.json")
    assert first == trained(1, "m2.json")
    assert first != trained(2, "m3.json")
    read_model(tmp_path / "m1.json")   # a trained file reads back


def test_generation_resumes_and_refuses_other_options(tmp_path, capsys, selfplay_data):
    tool = _tool()
    folder = tmp_path / "data"
    shutil.copytree(selfplay_data, folder)     # a generation of seed 6, both shards done
    shard = folder / "shard-00001.npz"
    made = tool.load_data(selfplay_data)
    kept = (folder / "shard-00000.npz").stat().st_mtime_ns
    shard.unlink()
    assert _generate(tool, folder, 6) == 0
    assert shard.exists() and (folder / "shard-00000.npz").stat().st_mtime_ns == kept
    again = tool.load_data(folder)             # the missing shard made again, the same
    assert again.keys() == made.keys() and all(np.array_equal(again[k], made[k]) for k in made)
    capsys.readouterr()
    assert _generate(tool, folder, 5) == 2      # another seed into the same folder
    err = capsys.readouterr().err
    assert "other options" in err and err.count("\n") == 1


def test_training_without_data_is_one_clear_line(tmp_path, capsys):
    tool = _tool()
    assert tool.main(["train", "--data", str(tmp_path), "--out", str(tmp_path / "m.json"),
                      "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "no shards" in err and err.count("\n") == 1


def test_the_search_can_value_its_cut_by_the_model(monkeypatch):
    from jorvik.bots import search
    from jorvik.bots.value import model as model_module
    from jorvik.engine import current_player

    class Stub:
        def margins(self, view):
            return [42.0] * view.n

    monkeypatch.setattr(model_module, "load_model", lambda: Stub())
    st = _midgame(rounds=2)
    bot = search.SearchBot(search.HARD, seed=1, playouts=2, cut="model")
    got = bot._playout(st, current_player(st), st.round, 7, search.PLAIN_CUT)
    assert got.value == 42.0
    plain = search.SearchBot(search.HARD, seed=1, playouts=2)
    assert plain._playout(st, current_player(st), st.round, 7, search.PLAIN_CUT).value != 42.0
    with pytest.raises(ValueError, match="cut"):
        search.SearchBot(search.HARD, seed=1, playouts=2, cut="oracle")


def test_the_shipped_model_is_small_package_data():
    # issue 49: the trained model ships as package data of at most 1 MB
    from jorvik.bots.value.model import default_model_file
    assert default_model_file().stat().st_size <= 1024 * 1024


def _positions():
    """The first position of every round of a few games at several tables (played once per
    module; each caller gets copies)."""
    return [st.copy() for st in _played_positions()]


@functools.cache
def _played_positions():
    from jorvik.bots.policy import playout_policy
    out = []
    for n, mode, seed in ((4, "karl", 11), (3, "jarl", 12), (5, "jarl", 13), (2, "karl", 14)):
        st = new_game([f"P{i}" for i in range(n)], mode, seed=seed, cards=load_cards())
        bots = [playout_policy(seed * 16 + i, noise=0.35) for i in range(n)]
        last = -1
        while not is_over(st):
            if st.round != last:
                out.append(st)
                last = st.round
            st, _ = play_out(st, bots, max_decisions=7)
        out.append(st)
    return tuple(out)


def test_features_agree_with_the_rules_on_scores_defence_cards_and_rounds():
    # the features read the card tables, not the engine's functions: they must agree with
    # the final scoring, the Picts' defence, the cards held and the rounds left
    from collections import Counter

    from jorvik.bots.knowledge import Ctx, arrived_defences
    from jorvik.bots.value.features import GLOBAL, PLAYER
    from jorvik.engine import final_scores
    from jorvik.engine.cards import CARD_TYPES
    checked = 0
    for st in _positions():
        view = observe(st, None).state
        g, rows = position_features(view)
        scores = final_scores(view)["scores"]
        defs = arrived_defences(view)
        assert g[GLOBAL.index("rounds_left")] == Ctx(view).rounds_left
        for i, pl in enumerate(view.players):
            row = dict(zip(PLAYER, rows[i].tolist()))
            assert row["score_now"] == scores[i]["total"]
            assert row["defence"] == defs[i]
            held = Counter(view.cards.by_id[c].type for c in pl.cards + pl.loading)
            assert all(row[f"cards_{t}"] == held[t] for t in CARD_TYPES)
            checked += 1
    assert checked > 100


def test_features_ask_nothing_of_the_heuristic(monkeypatch):
    # issue 49: a few µs a position; the earlier features called the heuristic's whole
    # valuation (player_value, the unloading planner) for every seat
    from jorvik.bots.knowledge import context

    def refuse(*_a, **_k):
        raise AssertionError("the heuristic was asked")
    st = _midgame()
    monkeypatch.setattr(context.Ctx, "__init__", refuse)
    _, rows = position_features(observe(st, None))
    assert rows.shape[0] == st.n


def test_one_position_rows_and_values_are_the_batched_ones():
    # table_rows (one position, the search's cut) and perspectives (batches, training) build
    # the same rows; the model's quick path gives predict's values
    from jorvik.bots.value.features import MAX_SEATS, N_PLAYER, perspectives
    model = load_model()
    for st in _positions()[::5]:
        g, rows = position_features(observe(st, None))
        n = rows.shape[0]
        seats = np.zeros((n, MAX_SEATS, N_PLAYER), dtype=np.float32)
        seats[:, :n] = rows
        batched = perspectives(np.broadcast_to(g, (n, g.shape[0])), seats, np.full(n, n),
                               np.arange(n))
        assert np.array_equal(batched, table_rows(g, rows))
        assert np.allclose(model.predict(batched), model.fast(batched), atol=1e-3)


def test_a_model_on_the_heuristic_is_refused(tmp_path):
    data = _model_json()
    data["info"]["base"] = "heuristic"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ModelFileError, match="base"):
        read_model(path)


class _Flat:
    """A stand-in model: every seat's margin is 100 + its seat."""
    target = "margin"

    def margins(self, view):
        return [100.0 + i for i in range(view.n)]


def test_a_truncated_playout_stops_after_its_rounds_and_asks_the_model():
    from jorvik.bots.playout import margin_playout
    from jorvik.bots.policy import rollout_policy
    st = _midgame(rounds=3)
    start = st.round
    seen = []

    class Watching(_Flat):
        def margins(self, view):
            seen.append(view.round)
            return super().margins(view)
    value, steps = margin_playout(st, rollout_policy(3), 1, rounds=1, model=Watching())
    assert value == 101.0 and steps > 0
    assert seen == [start + 2]     # this round and one more played, then valued


def test_a_full_playout_is_valued_by_the_final_scores():
    from jorvik.bots.knowledge import final_margin
    from jorvik.bots.playout import margin_playout
    from jorvik.bots.policy import rollout_policy
    st = _midgame(rounds=6)
    value, _ = margin_playout(st, rollout_policy(3), 0, model=_Flat())
    end, _ = play_out(st, rollout_policy(3))
    assert value == final_margin(end.result, 0)
    # a truncation past the game's end is the full play-out
    assert margin_playout(st, rollout_policy(3), 0, rounds=99, model=_Flat())[0] == value


def _with_head(data: dict, rounds_left: list[int], shift: float) -> dict:
    """A model file whose endgame head is its own network with y_mean moved by `shift`."""
    head = {k: data[k] for k in ("mean", "scale", "linear", "layers", "y_mean", "y_scale")}
    head["y_mean"] = data["y_mean"] + shift
    return {**data, "endgame": {**head, "rounds_left": rounds_left}}


def test_an_endgame_head_values_the_last_rounds_and_only_them(tmp_path):
    # issue 49 §1: the last rounds may be valued by a head of their own; positions with
    # other rounds left keep the main network's values, and the quick path agrees
    from jorvik.bots.value.features import GLOBAL
    from jorvik.bots.value.model import model_from_json
    base = {k: v for k, v in _model_json().items() if k != "endgame"}
    plain = model_from_json(base, "base")
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_with_head(base, [0, 1], 7.0)), encoding="utf-8")
    model = read_model(path)
    seen = set()
    for st in _positions():
        g, seats = position_features(observe(st, None))
        rows = table_rows(g, seats)
        left = int(g[GLOBAL.index("rounds_left")])
        want = plain.predict(rows) + (7.0 if left <= 1 else 0.0)
        assert np.allclose(model.predict(rows), want, atol=1e-3)
        assert np.allclose(model.fast(rows), want, atol=1e-3)
        seen.add(left <= 1)
    assert seen == {True, False}
    again = tmp_path / "again.json"            # it is written back with its head
    again.write_text(json.dumps(model.to_json()), encoding="utf-8")
    assert read_model(again).to_json()["endgame"]["rounds_left"] == [0, 1]


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(endgame=[1]), "endgame must be an object"),
    (lambda d: d["endgame"].update(rounds_left=[]), "rounds_left"),
    (lambda d: d["endgame"].update(rounds_left=["0"]), "rounds_left"),
    (lambda d: d["endgame"].update(rounds_left=[99]), "rounds_left"),
    (lambda d: d["endgame"].update(mean=[0.0]), "endgame: mean has shape"),
    (lambda d: d["endgame"].update(layers=[]), "endgame: layers"),
    (lambda d: d["endgame"].update(adds="yes"), "adds"),
])
def test_a_bad_endgame_head_is_one_clear_line(tmp_path, change, says):
    data = _with_head(_model_json(), [0], 0.0)
    change(data)
    _refused_in_one_line(tmp_path, data, says)


def _make_endgame_data(tool, out: Path) -> int:
    """generate --last 1 --replays 2 of two games, seeds 8 and 9 (9 is a validation game)."""
    return tool.main(["generate", "--games", "2", "--seed", "8", "--out", str(out),
                      "--tables", "3jarl,2karl", "--shard-games", "1", "--sample", "0.01",
                      "--replays", "2", "--last", "1"])


@pytest.fixture(scope="module")
def endgame_data(tmp_path_factory) -> Path:
    """One endgame data set for the module (the tests only read it)."""
    out = tmp_path_factory.mktemp("endgame") / "data"
    assert _make_endgame_data(_tool(), out) == 0
    return out


def test_endgame_data_holds_only_the_last_rounds_labelled_by_replays(tmp_path, endgame_data):
    # generate --last K --replays R: only positions with at most K rounds left after theirs,
    # each labelled by the mean final margin of R play-outs of its public view (the noise
    # floor's own estimate), reproducible from the seed; a head trained on it combines
    tool = _tool()
    from jorvik.bots.value.features import GLOBAL

    assert _make_endgame_data(tool, tmp_path / "b") == 0   # made again: the same data
    a = tool.load_data(endgame_data)
    b = tool.load_data(tmp_path / "b")
    assert all(np.array_equal(a[k], b[k]) for k in a)
    left = a["glob"][:, GLOBAL.index("rounds_left")]
    assert len(left) and left.max() <= 1 and set(left.tolist()) == {0.0, 1.0}
    # the labels are margins: a position's seats' labels are not all the final margins
    # (replays redraw the deck), but are margins of the same scale
    final = tool.targets(a, "margin")
    n = a["n"].astype(int)
    seats = np.arange(5)[None, :] < n[:, None]
    assert not np.allclose(a["teacher"][seats], final[seats])
    assert np.abs(a["teacher"][seats]).max() < 60
    assert np.all(a["teacher"][~seats] == 0)


def test_a_head_trained_from_the_main_model_combines_into_one_file(tmp_path, capsys,
                                                                   endgame_data):
    tool = _tool()
    data = endgame_data     # a training game and a validation game, rounds left 0 and 1
    base = tmp_path / "base.json"      # the shipped model without any head of its own
    base.write_text(json.dumps({k: v for k, v in _model_json().items() if k != "endgame"}),
                    encoding="utf-8")
    head = tmp_path / "head.json"
    assert tool.main(["train", "--data", str(data), "--out", str(head), "--seed", "1",
                      "--target", "teacher", "--epochs", "1", "--validate-on", "target",
                      "--init", str(base)]) == 0
    out = tmp_path / "m.json"
    assert tool.main(["combine", "--main", str(base), "--head", str(head),
                      "--data", str(data), "--out", str(out), "--rounds-left", "0"]) == 0
    model = read_model(out)
    assert model.endgame is not None and model.to_json()["endgame"]["rounds_left"] == [0]
    # a small head that learns what the main model misses adds to it (a linear one is
    # folded into the main network's quick path)
    for layers in ("0", "1"):
        small = tmp_path / "small.json"
        assert tool.main(["train", "--data", str(data), "--out", str(small), "--seed", "1",
                          "--target", "replays", "--epochs", "1", "--hidden", "4",
                          "--layers", layers, "--residual-of", str(base)]) == 0
        assert tool.main(["combine", "--main", str(base), "--head", str(small),
                          "--data", str(data), "--out", str(out), "--rounds-left", "0,1"]) == 0
        both, main, head = read_model(out), read_model(base), read_model(small)
        assert both.to_json()["endgame"]["adds"] is True
        assert both._folded == (layers == "0")
        _adds_up(both, main, head)
    capsys.readouterr()
    assert tool.main(["combine", "--main", str(base), "--head", str(head),
                      "--data", str(data), "--out", str(out), "--rounds-left", "x"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def _adds_up(both, main, head) -> None:
    seen = set()
    for st in _positions()[::3]:
        rows = table_rows(*position_features(observe(st, None)))
        late = both._head_rows(rows[:1])[0]
        want = main.predict(rows) + (head.predict(rows) if late else 0.0)
        assert np.allclose(both.predict(rows), want, atol=1e-3)
        assert np.allclose(both.fast(rows), want, atol=1e-3)
        seen.add(bool(late))
    assert seen == {True, False}


def test_a_model_of_fewer_inputs_is_upgraded_without_changing_its_values(tmp_path):
    # train_value.py upgrade: a model made before inputs were added keeps its values (its
    # inputs matched by name, the new ones weighted 0)
    tool = _tool()
    data = _model_json()
    data.pop("endgame", None)
    drop = {k for k, name in enumerate(data["features"]) if name.endswith(".score_now")
            or name == "table.defence_left"}
    keep = [k for k in range(len(data["features"])) if k not in drop]
    zeroed = json.loads(json.dumps(data))     # the same model, the dropped inputs weighted 0
    for row in zeroed["linear"]:
        for k in drop:
            row[k] = 0.0
    for k in drop:
        zeroed["layers"][0]["w"][k] = [0.0] * len(zeroed["layers"][0]["w"][k])
    old = {**data, "features": [data["features"][k] for k in keep],
           "mean": [data["mean"][k] for k in keep], "scale": [data["scale"][k] for k in keep],
           "linear": [[row[k] for k in keep] for row in data["linear"]],
           "layers": [{"w": [data["layers"][0]["w"][k] for k in keep],
                       "b": data["layers"][0]["b"]}] + data["layers"][1:]}
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "zeroed.json").write_text(json.dumps(zeroed), encoding="utf-8")
    with pytest.raises(ModelFileError, match="other features"):
        read_model(tmp_path / "old.json")
    assert tool.main(["upgrade", "--model", str(tmp_path / "old.json"),
                      "--out", str(tmp_path / "new.json")]) == 0
    new, want = read_model(tmp_path / "new.json"), read_model(tmp_path / "zeroed.json")
    for st in _positions()[::4]:
        rows = table_rows(*position_features(observe(st, None)))
        assert np.allclose(new.predict(rows), want.predict(rows), atol=1e-4)
