"""A new version never strands a saved game (issue 45 §1): real saves and records made by
earlier commits (tests/data/saves, made by tools/save_corpus.py with each commit's own code)
resume, review and replay to the scores that commit saw; only the cards' rules are checked,
never their words; and when the rules did change, one line says which cards and what to do.

A future change to the save format comes with a migration and a new entry here."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from jorvik.carddata import cards_differ, default_card_file, load_cards
from jorvik.cli import main
from jorvik.engine import Phase, legal_actions
from jorvik.play import saves as saving
from jorvik.play.session import Session

CORPUS = Path(__file__).resolve().parents[1] / "data" / "saves"
INDEX = json.loads((CORPUS / "index.json").read_text(encoding="utf-8"))
PLAYABLE = sorted(k for k in INDEX if "oldrules" not in k)


def test_the_corpus_holds_every_save_format_and_every_earlier_card_hash_that_plays_the_same() -> None:
    formats = {INDEX[k]["format"] for k in PLAYABLE}
    assert {"jorvik-save/1", "jorvik-save/2", "record"} <= formats
    history = json.loads((Path(saving.__file__).parents[1] / "data" / "card_history.json").read_text())
    same_rules = {h for h, rules in history["hashes"].items() if rules == load_cards().hash}
    assert same_rules == {INDEX[k]["cards_hash"] for k in PLAYABLE}


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_save_of_an_earlier_release_replays_to_the_same_scores(name: str) -> None:
    then = INDEX[name]
    assert then["cards_hash"] != load_cards().hash  # made with the hash of every word
    data, cards = saving.open_save(CORPUS / f"{name}.json", load_cards())
    from jorvik.recordschema import replay_record
    state, actions = replay_record(data.record, cards)
    assert len(actions) == then["actions"]
    assert (state.round, state.phase.value) == (then["round"], then["phase"])
    assert [p.vp for p in state.players] == then["vp"]
    assert [p.coins for p in state.players] == then["coins"]


@pytest.mark.parametrize("name", [k for k in PLAYABLE if INDEX[k]["phase"] != "end"])
def test_an_unfinished_game_of_an_earlier_release_resumes_and_plays_on(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    shutil.copyfile(CORPUS / f"{name}.json", path)
    data, cards = saving.open_save(path, load_cards())
    session = Session.from_save(data, cards)  # continued in a file of this version
    session.apply(legal_actions(session.state)[0])
    again, _ = saving.open_save(session.path, load_cards())
    assert len(again.actions) == INDEX[name]["actions"] + 1
    session.close()


def test_play_load_of_a_save_made_before_the_hungarian_wording_fixes_opens_it(tmp_path: Path, capsys) -> None:
    """The play command's check before the app starts (the row: every save made before the
    wording fixes was refused)."""
    from jorvik.cli import build_parser, play_config
    parser = build_parser()
    args = parser.parse_args(["play", "--load", str(CORPUS / "save2-fb5a3ad.json")])
    config = play_config(parser, args)   # a save it refuses ends here: SystemExit(2)
    assert config.load_path == CORPUS / "save2-fb5a3ad.json"
    if config.lock is not None:
        config.lock.release()
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", ["save2-fb5a3ad-jarl-finished", "record-fb5a3ad-jarl-finished"])
def test_review_reads_a_game_of_an_earlier_release(name: str) -> None:
    from jorvik.tui.screens.review import load_game
    record, _seats, cards, _ = load_game(str(CORPUS / f"{name}.json"))
    from jorvik.review import states_of
    states, _ = states_of(record, cards)
    assert states[-1].phase == Phase.END
    assert [p.vp for p in states[-1].players] == INDEX[name]["vp"]


def test_a_save_whose_cards_really_play_differently_names_the_cards_and_the_way_out(capsys) -> None:
    """822bd01 played with the first card list (A13 and D02 were different cards then)."""
    path = CORPUS / "save1-822bd01-oldrules.json"
    with pytest.raises(saving.SaveError) as e:
        saving.open_save(path, load_cards())
    text = str(e.value)
    assert "\n" not in text
    assert "A13, D02" in text and "--cards FILE" in text
    assert cards_differ(INDEX["save1-822bd01-oldrules"]["cards_hash"], load_cards()) == ["A13", "D02"]
    with pytest.raises(SystemExit) as ex:
        main(["review", str(path)])
    assert ex.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "A13, D02" in err


def _reworded(tmp_path: Path) -> Path:
    """The packaged cards with every name, text, source and note in both languages changed."""
    data = yaml.safe_load(default_card_file().read_text(encoding="utf-8"))
    for c in data["cards"]:
        for f in ("name", "name_hu", "text", "text_hu", "source_note"):
            if f in c or f in ("name",):
                c[f] = f"{f} of {c['id']} reworded"
        c["source"] = "S" if c.get("source") == "R" else "R"
    path = tmp_path / "reworded.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_no_name_text_source_or_note_in_either_language_changes_what_a_save_is_checked_against(tmp_path: Path) -> None:
    reworded = load_cards(_reworded(tmp_path))
    assert reworded.hash == load_cards().hash
    data, _ = saving.open_save(CORPUS / "save2-3dacbfa.json", reworded, own_cards=False)
    assert len(data.actions) == INDEX["save2-3dacbfa"]["actions"]


def test_a_changed_value_is_refused_in_one_line_that_names_the_way_out(tmp_path: Path) -> None:
    data = yaml.safe_load(default_card_file().read_text(encoding="utf-8"))
    next(c for c in data["cards"] if c["id"] == "A01")["vp"] = 6
    path = tmp_path / "changed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(saving.SaveError) as e:
        saving.open_save(CORPUS / "save2-3dacbfa.json", load_cards(path), own_cards=False)
    assert e.value.kind == "cards" and "\n" not in str(e.value)
    assert "--cards FILE" in str(e.value)


def test_the_packaged_cards_rules_are_in_the_history_table() -> None:
    """A change to the packaged cards' rules needs `tools/card_history.py` run, so that saves
    of this version are recognised, and their differences named, by the next one."""
    history = json.loads((Path(saving.__file__).parents[1] / "data" / "card_history.json").read_text())
    assert load_cards().hash in history["rules"]


def test_the_single_autosave_of_the_first_versions_is_found_by_resume_and_plays_on(tmp_path: Path) -> None:
    """Before one file per game, `jorvik play` kept one autosave.json (jorvik-save/1)."""
    legacy = saving.legacy_autosave_path()
    legacy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(CORPUS / "save1-df4805a.json", legacy)
    assert saving.latest_unfinished() == legacy
    data, cards = saving.open_save(legacy, load_cards())
    assert not data.current   # continued in a file of this version, the old one left alone
    session = Session.from_save(data, cards)
    assert session.path is not None and session.path != legacy
    assert len(session.actions) == INDEX["save1-df4805a"]["actions"]
    session.close()
