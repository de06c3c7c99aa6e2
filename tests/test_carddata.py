"""Tests for the card file (data/cards.yaml) and its loader, checked against /work/shared/rules/CARDS.md."""

from __future__ import annotations

import copy
import functools
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from jorvik.carddata import CardFileError, card_to_dict, default_card_file, load_cards
from jorvik.engine.cards import EFFECT_KINDS, GOOD_INDEX, GOODS, SEASONS, Card, CardSet

# ---------------------------------------------------------------------------
# CARDS.md, transcribed by hand (values per card id).

CRAFTSMEN: dict[str, tuple[tuple[str, ...], int]] = {
    "A01": (("leather", "wool"), 5),
    "A02": (("amber", "iron"), 5),
    "A03": (("jet", "amber", "wool"), 8),
    "A19": (("silk", "amber"), 5),
    "B01": (("iron", "leather"), 5),
    "B02": (("wool", "jet", "iron"), 8),
    "B03": (("amber", "leather", "wool", "jet"), 11),
    "B16": (("glass", "leather", "iron"), 8),
    "B17": (("gold", "jet"), 5),
    "C01": (("amber", "jet"), 5),
    "C02": (("leather", "iron", "amber"), 8),
    "C03": (("iron", "iron", "jet", "leather"), 11),
    "C04": (("jet", "wool", "leather", "amber"), 11),
    "C15": (("silk", "glass", "wool", "amber"), 11),
    "C16": (("gold", "iron", "leather"), 8),
    "D16": (("glass", "gold", "silk", "jet"), 11),
    "D17": (("silk", "iron"), 5),
}
MERCHANTS: dict[str, tuple[str, int, int]] = {  # good, coins per good, VP
    "A04": ("amber", 1, 1), "A05": ("iron", 1, 1), "A06": ("leather", 1, 1),
    "A07": ("wool", 1, 1), "A08": ("jet", 1, 1),
    "A14": ("silk", 2, 1), "A15": ("glass", 2, 1), "A16": ("gold", 2, 1),
}
PROPHECIES: dict[str, str] = {
    "A17": "amber", "A18": "iron", "B14": "leather", "B15": "wool", "C14": "jet",
}
WARRIORS: dict[str, int] = {
    "A11": 1, "A12": 2, "A23": 1,
    "B05": 1, "B06": 2, "B07": 3, "B21": 2,
    "C05": 2, "C06": 4, "C20": 3,
    "D03": 3, "D04": 4, "D05": 5, "D20": 5,
}
SHIPS: dict[str, tuple[int, int]] = {  # (Karl cubes, Jarl cubes)
    "B08": (3, 2), "B09": (3, 2), "B10": (3, 1), "B11": (3, 2), "B12": (3, 1),
    "C07": (3, 2), "C08": (3, 1), "C09": (3, 2), "C10": (3, 2), "C11": (3, 1),
    "D06": (3, 2), "D07": (3, 1), "D08": (3, 2), "D09": (3, 1), "D10": (3, 2),
    "A24": (0, 2), "B18": (0, 1), "B19": (0, 2), "B20": (0, 2),
    "C17": (0, 1), "C18": (0, 2), "C19": (0, 2), "D18": (0, 2), "D19": (0, 2),
}
PICTS: dict[str, int] = {"B13": 2, "C13": 3, "D15": 3, "PX": 4}  # +N / -N
JOURNEYS: dict[str, int] = {"B25": 2, "C25": 3, "D11": 3, "D12": 4, "D22": 5}
FEASTS: set[str] = {"A10", "A13", "B04", "D01", "D02", "D21"}
EFFECTS: dict[str, tuple[str, str, str]] = {  # type, effect, timing
    "A09": ("building", "warehouse", "permanent"),
    "A20": ("building", "harbour_market", "permanent"),
    "A21": ("building", "hired_hands", "permanent"),
    "A22": ("loki", "loki_trickery", "once"),
    "B22": ("building", "treasure_hoard", "immediate"),
    "B23": ("defence", "shield_wall", "permanent"),
    "B24": ("skald", "skald_merchants", "end"),
    "C12": ("building", "toll_house", "permanent"),
    "C21": ("building", "trading_post", "once"),
    "C22": ("loki", "loki_theft", "once"),
    "C23": ("defence", "glory", "once"),
    "C24": ("skald", "skald_warriors", "end"),
    "D13": ("skald", "skald_ships", "end"),
    "D14": ("skald", "skald_coins", "end"),
    "D23": ("skald", "skald_craftsmen", "end"),
    "D24": ("skald", "skald_journeys", "end"),
    "D25": ("skald", "saga_teller", "end"),
    "D26": ("building", "jarls_hall", "once"),
    "D27": ("building", "workshop", "once"),
    "D28": ("loki", "loki_tribute", "immediate"),
    "D29": ("defence", "danegeld", "permanent"),
}
# Karl cards are numbered first in each season, Jarl-only cards after them, except the
# Jarl-only feast D02 among the Karl autumn cards.
FIRST_JARL_ONLY: dict[str, int] = {"A": 14, "B": 14, "C": 14, "D": 16}
JARL_ONLY_AMONG_KARL: set[str] = {"D02"}
SEASON_SIZE: dict[str, int] = {"A": 24, "B": 25, "C": 25, "D": 29}

# Player-count removals (autumn): both modes, and Jarl's extra ones.
BOTH_MODES_REMOVED: dict[int, set[str]] = {2: {"D03", "D13"}, 3: {"D03", "D11"}, 4: set(), 5: {"D03", "D11"}}
JARL_ALSO_REMOVED: dict[int, set[str]] = {2: {"D27", "D28"}, 3: {"D27", "D28"}, 4: set(), 5: {"D27", "D28"}}

HU_GOODS = {"amber": "borostyán", "iron": "vas", "leather": "bőr", "wool": "gyapjú",
            "jet": "gagát", "silk": "selyem", "glass": "üveg", "gold": "arany"}


def all_ids() -> list[str]:
    return [f"{s}{n:02d}" for s in SEASONS for n in range(1, SEASON_SIZE[s] + 1)] + ["PX"]


def expected_type(card_id: str) -> str:
    for table, kind in ((CRAFTSMEN, "craftsman"), (MERCHANTS, "merchant"), (PROPHECIES, "prophecy"),
                        (WARRIORS, "warrior"), (SHIPS, "ship"), (PICTS, "picts"), (JOURNEYS, "journey")):
        if card_id in table:
            return kind
    if card_id in FEASTS:
        return "feast"
    return EFFECTS[card_id][0]


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


def non_picts(ids: list[str], cs: CardSet) -> list[str]:
    return [i for i in ids if cs[i].type != "picts"]


def deck_ids(cs: CardSet, players: int, mode: str) -> set[str]:
    return {i for ids in cs.deck_for(players, mode).values() for i in ids}


# ---------------------------------------------------------------------------
# The shipped card list


def test_record_count_and_ids(cards: CardSet) -> None:
    # 24 + 25 + 25 + 29 season cards + the final Picts card (104 cards in the box).
    assert len(cards.cards) == 24 + 25 + 25 + 29 + 1 == 104
    assert [c.id for c in cards.cards] == all_ids()
    assert all(isinstance(c, Card) for c in cards.cards)


def test_every_card_is_in_the_cards_md_tables(cards: CardSet) -> None:
    table_ids = (set(CRAFTSMEN) | set(MERCHANTS) | set(PROPHECIES) | set(WARRIORS) | set(SHIPS)
                 | set(PICTS) | set(JOURNEYS) | FEASTS | set(EFFECTS))
    assert table_ids == set(all_ids())
    for c in cards.cards:
        assert c.type == expected_type(c.id), c.id


def test_season_counts(cards: CardSet) -> None:
    counts = {s: sum(1 for c in cards.cards if c.season == s) for s in (*SEASONS, "X")}
    assert counts == {"A": 24, "B": 25, "C": 25, "D": 29, "X": 1}
    for c in cards.cards:
        assert c.season == ("X" if c.id == "PX" else c.id[0])


def test_karl_counts_per_season(cards: CardSet) -> None:
    karl = {s: [c.id for c in cards.cards if c.season == s and not c.jarl_only] for s in SEASONS}
    assert {s: len(v) for s, v in karl.items()} == {"A": 13, "B": 13, "C": 13, "D": 14}
    assert sum(len(v) for v in karl.values()) == 53


def test_jarl_only_flags_follow_cards_md_sections(cards: CardSet) -> None:
    for c in cards.cards:
        if c.id == "PX":
            assert not c.jarl_only
        else:
            jarl_only = int(c.id[1:]) >= FIRST_JARL_ONLY[c.season] or c.id in JARL_ONLY_AMONG_KARL
            assert c.jarl_only == jarl_only, c.id


def test_four_picts_cards_one_each_in_spring_summer_autumn_plus_final(cards: CardSet) -> None:
    # "4 'A piktek támadása' kártya van a kártyapakliban": none in winter.
    picts = {s: [c.id for c in cards.cards if c.season == s and c.type == "picts"] for s in (*SEASONS, "X")}
    assert picts == {"A": [], "B": ["B13"], "C": ["C13"], "D": ["D15"], "X": ["PX"]}
    assert sum(len(v) for v in picts.values()) == 4
    assert not any(cards[i].jarl_only for v in picts.values() for i in v)
    final = cards.final_card()
    assert final.id == "PX" and final.type == "picts" and final.season == "X"
    assert (final.picts_gain, final.picts_loss) == (4, 4)
    for cid, n in PICTS.items():
        assert (cards[cid].picts_gain, cards[cid].picts_loss) == (n, n), cid
    # The final card is never shuffled into a season.
    for players in (2, 3, 4, 5):
        for mode in ("karl", "jarl"):
            assert "PX" not in deck_ids(cards, players, mode)


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_four_players_remove_nothing(cards: CardSet, mode: str) -> None:
    seasonal = {c.id for c in cards.cards if c.season in SEASONS}
    wanted = seasonal if mode == "jarl" else {i for i in seasonal if not cards[i].jarl_only}
    assert deck_ids(cards, 4, mode) == wanted
    assert not any(c.removed(4, mode) for c in cards.cards if c.season in SEASONS and
                   (mode == "jarl" or not c.jarl_only))


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_removal_table(cards: CardSet, players: int, mode: str) -> None:
    full = deck_ids(cards, 4, mode)
    removed = full - deck_ids(cards, players, mode)
    expected = BOTH_MODES_REMOVED[players] | (JARL_ALSO_REMOVED[players] if mode == "jarl" else set())
    assert removed == expected
    # Only autumn cards are ever removed.
    assert all(cid.startswith("D") for cid in removed)


def test_removal_fields(cards: CardSet) -> None:
    assert cards["D03"].removed_karl == (2, 3, 5) and cards["D03"].removed_jarl == (2, 3, 5)
    assert cards["D13"].removed_karl == (2,) and cards["D13"].removed_jarl == (2,)
    assert cards["D11"].removed_karl == (3, 5) and cards["D11"].removed_jarl == (3, 5)
    for cid in ("D27", "D28"):
        assert cards[cid].jarl_only and cards[cid].removed_jarl == (2, 3, 5)
    with_removals = {c.id for c in cards.cards if c.removed_karl or c.removed_jarl}
    assert with_removals == {"D03", "D11", "D13", "D27", "D28"}


def test_karl_ships_fill_the_karl_bag(cards: CardSet) -> None:
    karl_ships = [c for c in cards.cards if c.type == "ship" and not c.jarl_only]
    assert len(karl_ships) == 15
    assert all(c.ship_karl == 3 for c in karl_ships)
    assert sum(c.ship_cubes("karl") for c in karl_ships) == 45
    for c in cards.cards:
        if c.type == "ship":
            assert (c.ship_karl, c.ship_jarl) == SHIPS[c.id], c.id
            assert c.ship_jarl in (1, 2)
        else:
            assert (c.ship_karl, c.ship_jarl) == (0, 0), c.id


def test_jarl_ship_cubes_over_the_whole_deck(cards: CardSet) -> None:
    ids = deck_ids(cards, 4, "jarl")
    assert sum(cards[i].ship_cubes("jarl") for i in ids if cards[i].type == "ship") == 40


def test_feasts(cards: CardSet) -> None:
    def feasts(mode: str) -> int:
        return sum(1 for i in deck_ids(cards, 4, mode) if cards[i].type == "feast")
    # A10, A13, B04, D01 in Karl; D02 and D21 too in Jarl.
    assert feasts("karl") == 4
    assert feasts("jarl") == 6
    assert {i for i in deck_ids(cards, 4, "karl") if cards[i].type == "feast"} == {"A10", "A13", "B04", "D01"}
    assert {c.id for c in cards.cards if c.type == "feast"} == FEASTS


@pytest.mark.parametrize("mode, players, cards_in_deck, rounds", [
    ("karl", 2, 48, 16), ("karl", 3, 48, 12), ("karl", 4, 50, 10), ("karl", 5, 48, 8),
    ("jarl", 2, 96, 16), ("jarl", 3, 96, 12), ("jarl", 4, 100, 10), ("jarl", 5, 96, 8),
])
def test_every_game_fills_a_whole_number_of_rounds(cards: CardSet, mode: str, players: int,
                                                   cards_in_deck: int, rounds: int) -> None:
    # CARDS.md sanity figures: players + 1 cards per row and round, two rows in Jarl.
    ids = non_picts(sorted(deck_ids(cards, players, mode)), cards)
    per_round = (players + 1) * (2 if mode == "jarl" else 1)
    assert len(ids) == cards_in_deck
    assert len(ids) == rounds * per_round


def test_every_card_has_names_and_texts(cards: CardSet) -> None:
    for c in cards.cards:
        assert c.name.strip() and c.name_hu.strip(), c.id
        assert c.text.strip() and c.text_hu.strip(), c.id
        assert c.text.rstrip().endswith("."), c.id
        assert c.text_hu.rstrip().endswith("."), c.id


def test_texts_mention_the_values(cards: CardSet) -> None:
    for c in cards.cards:
        if c.type in ("craftsman", "merchant", "prophecy"):
            for g in c.goods:
                assert GOODS[g] in c.text, c.id
                assert HU_GOODS[GOODS[g]] in c.text_hu, c.id
        if c.type in ("craftsman", "journey"):
            assert f"{c.vp} VP" in c.text and f"{c.vp} GyP" in c.text_hu, c.id
        if c.type == "warrior":
            assert f"{c.defence} defence" in c.text and f"{c.defence} védekezéspont" in c.text_hu, c.id
        if c.type == "picts":
            assert f"{c.picts_gain} VP" in c.text and f"{c.picts_gain} GyP" in c.text_hu, c.id
    assert "kézműves" in cards["A01"].text_hu.lower()
    assert "kereskedő" in cards["A04"].text_hu.lower()
    assert "közös árumező" in cards["C21"].text_hu
    assert "raktármező" in cards["A09"].text_hu


def test_every_effect_kind_used_by_exactly_one_card(cards: CardSet) -> None:
    used = [c.effect for c in cards.cards if c.effect]
    assert sorted(used) == sorted(EFFECT_KINDS)
    for cid, (kind, effect, timing) in EFFECTS.items():
        c = cards[cid]
        assert (c.type, c.effect, c.timing) == (kind, effect, timing), cid
    for c in cards.cards:
        if c.id not in EFFECTS:
            assert (c.effect, c.timing) == ("", ""), c.id


def test_craftsmen_merchants_prophecies_journeys_warriors(cards: CardSet) -> None:
    for cid, (goods, vp) in CRAFTSMEN.items():
        assert cards[cid].goods == tuple(GOOD_INDEX[g] for g in goods), cid
        assert cards[cid].vp == vp, cid
    for cid, (good, coins, vp) in MERCHANTS.items():
        c = cards[cid]
        assert (c.goods, c.coins_per_good, c.vp) == ((GOOD_INDEX[good],), coins, vp), cid
    for cid, good in PROPHECIES.items():
        assert cards[cid].goods == (GOOD_INDEX[good],) and cards[cid].jarl_only, cid
    for cid, vp in JOURNEYS.items():
        assert cards[cid].vp == vp, cid
    for cid, d in WARRIORS.items():
        assert cards[cid].defence == d, cid


def test_spot_checks(cards: CardSet) -> None:
    a01 = cards["A01"]
    assert (a01.name, a01.goods, a01.vp, a01.source) == (
        "Leatherworker", (GOOD_INDEX["leather"], GOOD_INDEX["wool"]), 5, "R")
    b03 = cards["B03"]
    assert b03.name == "Goldsmith's guild" and len(b03.goods) == 4 and b03.vp == 11
    assert [GOODS[g] for g in cards["C03"].goods] == ["iron", "iron", "jet", "leather"]
    assert cards["D20"].defence == 5 and cards["D20"].jarl_only and cards["D20"].source == "R"
    a14 = cards["A14"]
    assert (a14.goods, a14.coins_per_good, a14.vp, a14.jarl_only) == ((GOOD_INDEX["silk"],), 2, 1, True)
    assert cards["B25"].type == "journey" and cards["B25"].vp == 2 and cards["B25"].name == "Journey to Birka"
    assert cards["B08"].ship_cubes("karl") == 3 and cards["B08"].ship_cubes("jarl") == 2
    assert cards["A24"].ship_cubes("karl") == 0 and cards["A24"].ship_cubes("jarl") == 2
    assert cards["A22"].name == "Loki: Trickery"
    assert cards["PX"].name == "The last Attack of the Picts"


def test_sources(cards: CardSet) -> None:
    assert {c.source for c in cards.cards} <= {"R", "S", "X", "S/X", "R/X", "R/S"}
    expected = {"A01": "R", "A02": "S/X", "A04": "S", "A13": "X", "D02": "X", "A14": "X", "A17": "R/X",
                "A18": "R/X", "B04": "S", "D13": "R/S", "D14": "R/S", "D21": "R/X", "D03": "S",
                "D20": "R", "PX": "S", "B22": "R"}
    for cid, src in expected.items():
        assert cards[cid].source == src, cid


def test_karl_cards_use_only_karl_goods(cards: CardSet) -> None:
    jarl_goods = {GOOD_INDEX["silk"], GOOD_INDEX["glass"], GOOD_INDEX["gold"]}
    for c in cards.cards:
        if not c.jarl_only:
            assert not jarl_goods & set(c.goods), c.id


# ---------------------------------------------------------------------------
# Loading, caching, hashing, card_to_dict


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@functools.lru_cache(maxsize=1)
def packaged_text() -> str:
    return default_card_file().read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def _packaged_data() -> dict[str, Any]:
    return yaml.load(packaged_text(), Loader=_Loader)


def packaged_data() -> dict[str, Any]:
    """A fresh, editable copy of the shipped file's records."""
    return copy.deepcopy(_packaged_data())


def write_yaml(tmp_path: Path, data: Any, name: str = "cards.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def record(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    return next(r for r in data["cards"] if r["id"] == card_id)


def test_default_load_is_cached() -> None:
    assert load_cards() is load_cards()
    assert load_cards(None) is load_cards()


def test_hash_is_stable_and_hex(cards: CardSet, tmp_path: Path) -> None:
    assert re.fullmatch(r"rules1-[0-9a-f]{64}", cards.hash)
    # Same records, written differently (no comments, other layout): same hash.
    p = write_yaml(tmp_path, packaged_data())
    again = load_cards(p)
    assert again.hash == cards.hash
    assert again.cards == cards.cards
    assert load_cards(str(p)).hash == cards.hash


@pytest.mark.parametrize("card_id, key, value", [
    ("A01", "vp", 6),
    ("B08", "ship", {"karl": 3, "jarl": 1}),
    ("A01", "goods", ["leather", "iron"]),
    ("C24", "effect", "skald_ships"),
    ("D20", "defence", 4),
])
def test_hash_changes_when_a_value_changes(cards: CardSet, tmp_path: Path, card_id: str, key: str,
                                           value: Any) -> None:
    data = packaged_data()
    record(data, card_id)[key] = value
    changed = load_cards(write_yaml(tmp_path, data))
    assert changed.hash != cards.hash
    assert changed[card_id] != cards[card_id]


def test_card_to_dict_round_trip(cards: CardSet, tmp_path: Path) -> None:
    dicts = [card_to_dict(c) for c in cards.cards]
    assert dicts == packaged_data()["cards"]
    p = write_yaml(tmp_path, {"format": 1, "cards": dicts})
    again = load_cards(p)
    assert again.cards == cards.cards and again.hash == cards.hash


def test_card_to_dict_shape(cards: CardSet) -> None:
    assert card_to_dict(cards["A01"]) == {
        "id": "A01", "season": "A", "type": "craftsman", "name": "Leatherworker",
        "name_hu": cards["A01"].name_hu, "short": "Leatherwkr.", "short_hu": "Bőrműves",
        "jarl_only": False, "source": "R",
        "source_note": cards["A01"].source_note, "goods": ["leather", "wool"], "vp": 5,
        "text": cards["A01"].text, "text_hu": cards["A01"].text_hu,
    }
    assert card_to_dict(cards["B08"])["ship"] == {"karl": 3, "jarl": 2}
    assert card_to_dict(cards["A24"])["ship"] == {"jarl": 2}
    assert card_to_dict(cards["PX"])["picts"] == {"gain": 4, "loss": 4}
    assert card_to_dict(cards["D03"])["removed"] == {"karl": [2, 3, 5], "jarl": [2, 3, 5]}
    assert card_to_dict(cards["D27"])["removed"] == {"jarl": [2, 3, 5]}
    assert "defence" not in card_to_dict(cards["B08"])


# ---------------------------------------------------------------------------
# Broken files: every problem is one CardFileError naming the card and field


def expect_error(path: Path, card_id: str | None, field: str | None, *more: str) -> CardFileError:
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    err = info.value
    msg = str(err)
    assert "\n" not in msg, msg
    assert "pydantic" not in msg.lower() and "Traceback" not in msg, msg
    assert err.__cause__ is None, "library error leaked as cause"
    assert err.__context__ is None or err.__suppress_context__, "library error leaked as context"
    if card_id is not None:
        assert f"card {card_id}" in msg, msg
        assert err.card_id == card_id
    if field is not None:
        assert f"'{field}'" in msg, msg
    for text in more:
        assert text in msg, msg
    return err


def _set(card_id: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        record(data, card_id)[key] = value
    return edit


def _del(card_id: str, key: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        del record(data, card_id)[key]
    return edit


def _many(*edits: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        for e in edits:
            e(data)
    return edit


RECORD_DEFECTS = [
    # (test id, edit, card id, field, text in the message)
    ("unknown good", _set("A01", "goods", ["leather", "stone"]), "A01", "goods[1]", "stone"),
    ("unknown type", _set("A11", "type", "berserker"), "A11", "type", "berserker"),
    ("unknown effect", _set("A09", "effect", "teleport"), "A09", "effect", "teleport"),
    ("unknown timing", _set("A09", "timing", "sometimes"), "A09", "timing", "sometimes"),
    ("unknown season", _set("A01", "season", "E"), "A01", "season", "'E'"),
    ("bad source", _set("A01", "source", "rulebook"), "A01", "source", "rulebook"),
    ("effect on wrong type", _set("C23", "effect", "warehouse"), "C23", "effect", "building"),
    ("wrong timing for effect", _set("A09", "timing", "once"), "A09", "timing", "permanent"),
    ("timing without effect", _set("A01", "timing", "once"), "A01", "timing", ""),
    ("skald without effect", _del("B24", "effect"), "B24", "effect", ""),
    ("Karl craftsman needs silk", _set("A02", "goods", ["amber", "silk"]), "A02", "goods", "silk"),
    ("Karl merchant of gold", _set("A04", "goods", ["gold"]), "A04", "goods", "gold"),
    ("craftsman without goods", _set("A01", "goods", []), "A01", "goods", "material"),
    ("craftsman without VP", _del("A01", "vp"), "A01", "vp", "got 0"),
    ("merchant with two goods", _set("A04", "goods", ["amber", "iron"]), "A04", "goods", "exactly one"),
    ("prophecy without good", _del("A17", "goods"), "A17", "goods", "exactly one"),
    ("Karl prophecy", _set("A17", "jarl_only", False), "A17", "jarl_only", "Jarl only"),
    ("warrior defence 6", _set("D05", "defence", 6), "D05", "defence", "got 6"),
    ("warrior defence 0", _del("A11", "defence"), "A11", "defence", "got 0"),
    ("Karl ship jarl 3", _set("B08", "ship", {"karl": 3, "jarl": 3}), "B08", "ship.jarl", "got 3"),
    ("Jarl ship in Karl", _set("A24", "ship", {"karl": 3, "jarl": 2}), "A24", "ship.karl", "got 3"),
    ("ship without cubes", _del("B08", "ship"), "B08", "ship", ""),
    ("picts gain 0", _set("B13", "picts", {"gain": 0, "loss": 2}), "B13", "picts.gain", "got 0"),
    ("picts loss -2", _set("B13", "picts", {"gain": 2, "loss": -2}), "B13", "picts.loss", "got -2"),
    ("picts without values", _del("B13", "picts"), "B13", "picts", ""),
    ("journey without VP", _del("B25", "vp"), "B25", "vp", "got 0"),
    ("defence on a ship", _set("B08", "defence", 2), "B08", "defence", "ship"),
    ("goods on a warrior", _set("A11", "goods", ["iron"]), "A11", "goods", "warrior"),
    ("removal at 6 players", _set("D03", "removed", {"karl": [2, 3, 6], "jarl": [2, 3, 5]}),
     "D03", "removed.karl", "got 6"),
    ("removal at 1 player", _set("D13", "removed", {"karl": [2], "jarl": [1]}), "D13", "removed.jarl", "got 1"),
    ("removal at 4 players", _set("D11", "removed", {"karl": [3, 4], "jarl": [3, 5]}),
     "D11", "removed.karl", "4 players"),
    ("extra field", _set("A01", "colour", "red"), "A01", "colour", "unknown field"),
    ("extra nested field", _set("B08", "ship", {"karl": 3, "jarl": 2, "oars": 8}), "B08", "ship.oars",
     "unknown field"),
    ("missing text", _del("A01", "text"), "A01", "text", "missing"),
    ("missing type", _del("C01", "type"), "C01", "type", "missing"),
    ("vp as a string", _set("A01", "vp", "5"), "A01", "vp", "whole number (got '5')"),
    ("goods not a list", _set("A01", "goods", "leather"), "A01", "goods", "list"),
    ("ship not a mapping", _set("B08", "ship", 3), "B08", "ship", "mapping"),
    ("removal listed twice", _set("D03", "removed", {"karl": [2, 3, 3, 5], "jarl": [2, 3, 5]}),
     "D03", "removed.karl", "twice"),
    ("jarl_only as a string", _set("A01", "jarl_only", "no"), "A01", "jarl_only", "true or false (got 'no')"),
    ("id in the wrong season", _set("B25", "season", "C"), "B25", "id", "C01"),
    ("final card not picts", _many(_set("PX", "type", "journey"), _set("PX", "vp", 3), _del("PX", "picts")),
     "PX", "type", "picts"),
]


@pytest.mark.parametrize("edit, card_id, field, text", [d[1:] for d in RECORD_DEFECTS],
                         ids=[d[0] for d in RECORD_DEFECTS])
def test_record_defects(tmp_path: Path, edit: Callable[[dict[str, Any]], None], card_id: str, field: str,
                        text: str) -> None:
    data = packaged_data()
    edit(data)
    expect_error(write_yaml(tmp_path, data), card_id, field, text)


def test_karl_ship_message_is_exact(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "B08")["ship"] = {"karl": 2, "jarl": 2}
    path = write_yaml(tmp_path, data)
    err = expect_error(path, "B08", "ship.karl")
    assert str(err) == f"{path}: card B08 field 'ship.karl': a Karl ship must carry 3 cubes (got 2)"
    assert err.field == "ship.karl"


def test_duplicate_id(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "A02")["id"] = "A01"
    expect_error(write_yaml(tmp_path, data), "A01", "id", "duplicate")


def test_missing_card_gives_wrong_season_count(tmp_path: Path) -> None:
    data = packaged_data()
    data["cards"] = [r for r in data["cards"] if r["id"] != "B25"]
    expect_error(write_yaml(tmp_path, data), "B25", "season", "season B has 24 cards, expected 25", "missing B25")


def test_extra_card_gives_wrong_season_count(tmp_path: Path) -> None:
    data = packaged_data()
    extra = copy.deepcopy(record(data, "A23"))
    extra["id"] = "A25"
    data["cards"].insert(24, extra)
    expect_error(write_yaml(tmp_path, data), "A25", "season", "season A has 25 cards, expected 24")


def test_missing_final_card(tmp_path: Path) -> None:
    data = packaged_data()
    data["cards"] = [r for r in data["cards"] if r["id"] != "PX"]
    expect_error(write_yaml(tmp_path, data), None, "season", "final card")


def test_two_final_cards(tmp_path: Path) -> None:
    data = packaged_data()
    extra = copy.deepcopy(record(data, "PX"))
    extra["id"] = "PY"
    data["cards"].append(extra)
    expect_error(write_yaml(tmp_path, data), "PY", "season", "PX")


def test_two_picts_cards_in_a_season(tmp_path: Path) -> None:
    data = packaged_data()
    b12 = record(data, "B12")
    del b12["ship"]
    b12.update(type="picts", picts={"gain": 1, "loss": 1})
    expect_error(write_yaml(tmp_path, data), "B13", "type", "B12", "season B needs 1")


def test_a_winter_attack_is_refused(tmp_path: Path) -> None:
    # The corrected structure: 4 Picts cards in all, none in winter (a user's file included).
    data = packaged_data()
    a13 = record(data, "A13")
    a13.update(type="picts", picts={"gain": 2, "loss": 2})
    expect_error(write_yaml(tmp_path, data), None, "type", "season A needs 0", "A13", "4 in all")


def test_an_autumn_without_attack_is_refused(tmp_path: Path) -> None:
    data = packaged_data()
    d15 = record(data, "D15")
    del d15["picts"]
    d15.update(type="journey", vp=1)
    expect_error(write_yaml(tmp_path, data), None, "type", "season D needs 1", "has 0")


def test_a_jarl_only_attack_is_refused(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "C13")["jarl_only"] = True
    expect_error(write_yaml(tmp_path, data), "C13", "jarl_only", "both modes")


def test_wrong_karl_count(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "A23")["jarl_only"] = False
    expect_error(write_yaml(tmp_path, data), "A23", "jarl_only", "season A has 14 Karl cards", "expected 13")


def test_karl_card_marked_jarl_only(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "C05")["jarl_only"] = True
    expect_error(write_yaml(tmp_path, data), "C05", "jarl_only", "season C has 12 Karl cards")


def test_an_autumn_karl_card_marked_jarl_only_is_named(tmp_path: Path) -> None:
    # D02 is Jarl only by design; the slip is D05.
    data = packaged_data()
    record(data, "D05")["jarl_only"] = True
    expect_error(write_yaml(tmp_path, data), "D05", "jarl_only", "season D has 13 Karl cards", "expected 14")


def test_karl_bag_must_hold_45_cubes(tmp_path: Path) -> None:
    data = packaged_data()
    b05 = record(data, "B05")  # a Karl warrior turned into a 16th Karl ship
    del b05["defence"]
    b05.update(type="ship", ship={"karl": 3, "jarl": 1})
    expect_error(write_yaml(tmp_path, data), None, "ship.karl", "48", "45", "B05")


def test_yaml_syntax_error_names_card_and_field(tmp_path: Path) -> None:
    text = packaged_text().replace("goods: [leather, wool]", "goods: [leather, wool", 1)
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    err = expect_error(path, "A01", "goods", "YAML syntax error", "line")
    assert err.field == "goods"


def test_yaml_unclosed_quote(tmp_path: Path) -> None:
    text = packaged_text().replace('name: "Weaponsmith"', 'name: "Weaponsmith', 1)
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    # The parser notices the runaway quote a line later; the card is still named.
    expect_error(path, "C03", None, "YAML syntax error", "line")


def test_yaml_bad_indentation(tmp_path: Path) -> None:
    lines = packaged_text().splitlines()
    i = lines.index("  - id: B02")
    assert lines[i + 1].startswith("    season:")
    lines[i + 1] = "      season: B"
    path = tmp_path / "cards.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expect_error(path, "B02", None, "YAML syntax error")


def test_missing_file(tmp_path: Path) -> None:
    err = expect_error(tmp_path / "nope.yaml", None, None, "nope.yaml", "not found")
    assert err.card_id is None


def test_directory_instead_of_file(tmp_path: Path) -> None:
    expect_error(tmp_path, None, None, "directory")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"format: 1\ncards:\n  - id: \xff\xfe\n")
    expect_error(path, None, None, "UTF-8")


@pytest.mark.parametrize("content, field", [
    ("", None),
    ("- just\n- a list\n", None),
    ("format: 2\ncards: []\n", "format"),
    ("cards: []\n", "format"),
    ("format: 1\ncards: {}\n", "cards"),
    ("format: 1\ncards: []\nextra: 1\n", "extra"),
    ("format: 1\ncards:\n  - 42\n", None),
])
def test_bad_top_level(tmp_path: Path, content: str, field: str | None) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(content, encoding="utf-8")
    expect_error(path, None, field)


def test_error_names_record_number_without_id(tmp_path: Path) -> None:
    data = packaged_data()
    del data["cards"][2]["id"]
    expect_error(write_yaml(tmp_path, data), None, "id", "record #3", "missing")


# --- no validated copy in the data folder (jorvik.carddata) -----------------------------------

def test_a_card_file_is_checked_in_every_process_and_nothing_in_the_data_folder_is_trusted(
        tmp_path):
    """An earlier version kept validated cards as cache/cards-*.json in the data folder, where
    anyone could edit them (names with escapes, other values). Nothing there is read now."""
    src = tmp_path / "cards.yaml"
    src.write_text(packaged_text(), encoding="utf-8")
    first = load_cards(src)
    assert not list((tmp_path / "home").rglob("cards-*.json"))
    cache = tmp_path / "home" / "cache"
    cache.mkdir(parents=True)
    for name in ("cards-0.json", "cards-1.json"):
        (cache / name).write_text(json.dumps({"hash": first.hash, "cards": [
            {"id": "A01", "name": "\x1b]2;PWNED\x07"}]}), encoding="utf-8")
    os.mkfifo(cache / "cards-fifo.json")
    again = load_cards(src)
    assert again.cards == first.cards and again.hash == first.hash


def test_a_broken_file_is_refused_every_time_never_cached(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(packaged_text().replace("goods: [leather, wool]", "goods: [leather, silk]", 1),
                   encoding="utf-8")
    for _ in range(2):
        with pytest.raises(CardFileError, match="A01"):
            load_cards(bad)
    assert not list((tmp_path / "home").rglob("cards-*.json"))


def test_a_provenance_note_is_plain_text_and_changes_no_hash(tmp_path: Path) -> None:
    data = packaged_data()
    first = data["cards"][0]
    assert first["id"] == "A01" and "example" in first["source_note"]
    first["source_note"] = "Reworded: the rulebook's example card."
    assert load_cards(write_yaml(tmp_path, data)).hash == load_cards().hash
    first["source_note"] = "bell\a"
    expect_error(write_yaml(tmp_path, data, "bad.yaml"), "A01", "source_note", "control character")


# ---------------------------------------------------------------------------
# The card file's rules per card type are one row of cardschema.TYPE_SCHEMA (issue 46)


def test_every_card_type_has_one_row_of_card_file_rules() -> None:
    from jorvik.cardschema import TYPE_SCHEMA, VALUE_FIELDS
    from jorvik.engine import CardType

    assert set(TYPE_SCHEMA) == set(CardType)
    for kind, row in TYPE_SCHEMA.items():
        assert set(row.fields) <= set(VALUE_FIELDS), kind


def test_a_value_field_is_refused_on_a_type_whose_row_does_not_list_it(tmp_path: Path) -> None:
    data = packaged_data()
    record(data, "A10")["vp"] = 3   # a feast
    expect_error(write_yaml(tmp_path, data), "A10", "vp",
                 "a feast card has no vp (only craftsman, merchant, journey cards do)")


def test_the_card_file_follows_a_changed_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give feasts a row that lets them carry VP (checked to be at most 5): a feast with 3 VP
    is read, one with 9 is refused by the row's own check; no other change."""
    from jorvik import cardschema
    from jorvik.engine import CardType

    def small_vp(r: Any) -> None:
        if r.vp > 5:
            raise cardschema._rule("vp", "a feast has at most 5 VP")

    data = packaged_data()
    record(data, "A10")["vp"] = 3
    text = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False)
    with pytest.raises(CardFileError, match="a feast card has no vp"):
        cardschema.parse(text, "cards.yaml")
    monkeypatch.setitem(cardschema.TYPE_SCHEMA, CardType.FEAST,
                        cardschema.TypeSchema(fields=("vp",), check=small_vp))
    cards = cardschema.parse(text, "cards.yaml")
    assert next(c for c in cards.cards if c.id == "A10").vp == 3
    record(data, "A10")["vp"] = 9
    with pytest.raises(CardFileError, match="card A10 field 'vp': a feast has at most 5 VP"):
        cardschema.parse(yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False),
                         "cards.yaml")
