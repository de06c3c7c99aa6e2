"""The `jorvik` command line: simulate, cards, and clear one-line errors for bad arguments."""

from __future__ import annotations

import json

import pytest

from jorvik import cli, simulate


def run(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_json_prints_exactly_the_documented_keys(capsys):
    code, out, _err = run(capsys, "simulate", "--games", "3", "--players", "3", "--mode", "jarl",
                         "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "finished", "violations", "mean_rounds", "mean_winner_vp",
                         "decisions_per_game", "decisions_per_second"}
    assert data["games"] == 3 and data["finished"] == 3 and data["violations"] == 0
    assert out.strip().count("\n") == 0


def test_simulate_text_report(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "2", "--players", "2", "--seed", "1")
    assert code == 0
    for label in ("games", "finished", "violations", "mean rounds", "mean winner VP",
                  "decisions per game", "decisions per second"):
        assert label in out
    rounds = next(line for line in out.splitlines() if line.startswith("mean rounds"))
    assert rounds.split()[-1] == "16.0"  # 2-player Karl lasts 16 rounds


@pytest.mark.parametrize("argv,fragment", [
    (["simulate", "--players", "6"], "2 to 5 players"),
    (["simulate", "--mode", "viking"], "invalid choice"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--bots", "wizard"], "unknown bot"),
    (["tournament", "--players", "1", "--bots", "easy"], "2 to 5 players"),
])
def test_bad_arguments_get_one_line_and_exit_2(capsys, argv, fragment):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert err.strip().count("\n") == 0


def test_simulate_with_a_broken_card_file_names_the_card(capsys, tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("format: 1\ncards:\n  - id: A01\n    season: Q\n", encoding="utf-8")
    code, _, err = run(capsys, "simulate", "--games", "1", "--cards", str(path))
    assert code == 2
    assert "A01" in err and err.strip().count("\n") == 0


def test_simulate_exits_non_zero_when_an_invariant_breaks(capsys, monkeypatch):
    monkeypatch.setattr(simulate, "violations", lambda st: ["cubes: 44 in play, expected 45"])
    code, out, _ = run(capsys, "simulate", "--games", "1", "--players", "2")
    assert code == 1
    assert next(line for line in out.splitlines() if line.startswith("violations")).split()[-1] == "1"
    assert "cubes: 44" in out


def test_cards_lists_the_deck_of_a_game(capsys):
    code, out, _ = run(capsys, "cards", "--mode", "karl", "--players", "2", "--json")
    assert code == 0
    cards = json.loads(out)
    ids = {c["id"] for c in cards}
    assert "D03" not in ids and "D13" not in ids and "A14" not in ids
    assert len(cards) == 13 * 3 + (14 - 2) + 1  # Karl: 13/13/13/14, two autumn cards out at 2p, + PX


def test_lang_hu_translates_errors_and_help(capsys):
    code, out, err = run(capsys, "--lang", "hu", "simulate", "--players", "6")
    assert code == 2 and "jorvik" in err
    code, out, err = run(capsys, "simulate", "--lang", "hu", "--help")
    assert code == 0
    assert "játékos" in out


def test_version_prints_the_package_version(capsys):
    from importlib.metadata import version
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"jorvik {version('jorvik')}"
