"""RULES.md §5 final scoring and §6 end-scoring cards (craftsmen, merchants, journeys, feasts,
skalds, Warehouse), the tie-break by coins and shared victory."""

from __future__ import annotations

import pytest

from jorvik.engine import Assign, is_over

from .helpers import (
    AMBER,
    IRON,
    JET,
    LEATHER,
    WOOL,
    filler,
    finish_game,
    game,
    give,
    load,
    play,
    to_unloading,
    with_player,
)


def final(n: int = 2, mode: str = "karl", cards: dict[int, list[str]] | None = None,
          filled: dict[int, dict[str, list[int]]] | None = None, **player0):
    """Play a one-round game in which nobody buys anything; before it, players get `cards` in
    their card areas (with cubes `filled` on craftsmen) and player 0 any other fields.
    Returns the final state. Income is 2 (Karl) / 3 (Jarl) coins for everybody."""
    cards = cards or {}
    used = [c for cs in cards.values() for c in cs]
    k = (n + 1) * (2 if mode == "jarl" else 1)
    st = game(n, mode, deck=filler(k, exclude=used))
    for p, cs in cards.items():
        st = give(st, p, *cs, filled=(filled or {}).get(p))
    if player0:
        st = with_player(st, 0, **player0)
    st = finish_game(st)
    assert is_over(st)
    return st


def score(st, p: int = 0) -> dict:
    return st.result["scores"][p]


def test_a_player_with_no_scoring_cards_has_the_10_starting_vp():
    st = final()
    assert score(st)["total"] == 10
    assert st.players[0].vp == 10


def test_only_complete_craftsmen_score():
    st = final(cards={0: ["A01", "A03", "B02"]},
               filled={0: {"A01": [LEATHER, WOOL], "A03": [JET, AMBER]}})
    assert score(st)["craftsmen"] == 5
    assert score(st)["total"] == 15


def test_each_merchant_scores_its_vp():
    st = final(cards={0: ["A04", "A05", "A08"]})
    assert score(st)["merchants"] == 3
    assert score(st)["total"] == 13


def test_journeys_score_their_vp():
    st = final(cards={0: ["D11", "D12"]})
    assert score(st)["journeys"] == 3 + 4


@pytest.mark.parametrize("feasts, vp", [(1, 2), (2, 5), (3, 9), (4, 14), (5, 14)])
def test_feasts_score_by_how_many_a_player_owns(feasts, vp):
    cards = ["A10", "B04", "D01", "D02", "D21"][:feasts]
    st = final(mode="jarl", cards={0: cards})
    assert score(st)["feasts"] == vp
    assert score(st)["total"] == 10 + vp


def test_warriors_and_ships_score_nothing_by_themselves():
    st = final(cards={0: ["A11", "B08"], 1: ["B05"]})
    assert score(st)["total"] == 10


def test_warehouse_scores_1_vp_per_cube_on_it_but_the_storage_space_scores_nothing():
    st = final(cards={0: ["A09"]}, warehouse=(AMBER, IRON, JET), storage=(WOOL,))
    assert score(st)["warehouse"] == 3
    assert score(st)["total"] == 13


# ---- skalds

def test_skald_of_riches_scores_1_vp_per_coin():
    st = final(cards={0: ["D14"]}, coins=4)
    assert st.players[0].coins == 4 + 2
    assert score(st)["skalds"] == 6
    assert score(st)["total"] == 16


def test_skald_of_the_sea_scores_1_vp_per_ship_card():
    st = final(n=3, cards={0: ["D13", "B08", "B09", "C07"]})
    assert score(st)["skalds"] == 3


def test_skald_of_trade_scores_1_vp_per_merchant():
    st = final(mode="jarl", cards={0: ["B24", "A04", "A05", "A14"]})
    assert score(st)["skalds"] == 3
    assert score(st)["merchants"] == 3


def test_skald_of_battle_scores_1_vp_per_warrior():
    st = final(mode="jarl", cards={0: ["C24", "A11", "A12"], 1: ["B07"]})
    assert score(st)["skalds"] == 2
    assert score(st)["picts"] == 0


def test_skald_of_crafts_scores_1_vp_per_craftsman_complete_or_not():
    st = final(mode="jarl", cards={0: ["D23", "A01", "A02", "A03"]},
               filled={0: {"A01": [LEATHER, WOOL], "A03": [AMBER]}})
    assert score(st)["skalds"] == 3
    assert score(st)["craftsmen"] == 5


def test_skald_of_journeys_scores_1_vp_per_journey_card():
    st = final(mode="jarl", cards={0: ["D24", "D11", "D12", "B25"]})
    assert score(st)["skalds"] == 3
    assert score(st)["journeys"] == 3 + 4 + 2


def test_saga_teller_doubles_one_journey_of_the_owners_choice():
    st = final(mode="jarl", cards={0: ["D25", "D12", "B25"]})
    assert score(st)["journeys"] + score(st)["skalds"] == 2 * 4 + 2
    assert score(st)["total"] == 10 + 10


def test_saga_teller_without_a_journey_scores_nothing():
    st = final(mode="jarl", cards={0: ["D25"]})
    assert score(st)["total"] == 10


# ---- VP gained during the game

def test_prophecy_vp_gained_during_the_game_count_in_the_final_score():
    st = game(2, "jarl", deck=filler(6, exclude=["A17"]))
    st = give(st, 0, "A17")
    st = load(st, 0, "B08", goods=[AMBER, AMBER])
    st = to_unloading(st)
    st = play(st, Assign(AMBER, "prophecy", "A17"), Assign(AMBER, "prophecy", "A17"))
    st = finish_game(st)
    assert score(st)["prophecies"] == 4
    assert score(st)["total"] == 14
    assert st.players[0].vp == 14


def test_the_total_is_the_sum_of_every_category():
    st = final(mode="jarl",
               cards={0: ["A01", "A04", "D12", "A10", "B04", "D24", "A09"], 1: ["B05"]},
               filled={0: {"A01": [LEATHER, WOOL]}}, warehouse=(JET,))
    s = score(st)
    assert s["start"] == 10
    assert s["picts"] == -4  # the final attack: Benedek's warrior beats Peti's nothing
    assert s["total"] == 10 - 4 + 5 + 1 + 4 + 5 + 1 + 1
    assert score(st, 1)["total"] == 10 + 4


# ---- winners

def test_most_vp_wins():
    st = final(cards={0: ["D12"]}, coins=0)
    assert st.result["winners"] == [0]


def test_a_tie_is_broken_by_more_coins():
    st = final(cards={0: ["D12"], 1: ["D11", "A04"]}, coins=3)  # 14 VP each
    assert score(st)["total"] == score(st, 1)["total"] == 14
    assert st.players[0].coins < st.players[1].coins
    assert st.result["winners"] == [1]


def test_players_still_tied_on_coins_share_the_victory():
    st = final(n=3, cards={0: ["D12"], 1: ["D11", "A04"]})
    assert score(st)["total"] == score(st, 1)["total"] == 14 > score(st, 2)["total"]
    assert st.result["winners"] == [0, 1]


def test_final_scores_report_every_player_and_their_coins():
    st = final(n=3)
    assert len(st.result["scores"]) == 3
    assert [s["coins"] for s in st.result["scores"]] == [p.coins for p in st.players] == [7, 7, 7]
    assert st.result["winners"] == [0, 1, 2]



def test_scoring_a_game_in_progress_changes_nothing_in_it():
    """final_scores only reads: the VP track of a game still running keeps its VP (a merchant
    is worth 1 VP at the end, not yet), and the totals go onto the track only at the end."""
    from jorvik.engine import final_scores
    st = give(game(2), 0, "A04")
    before = st.to_dict()
    scores = final_scores(st)
    assert scores["scores"][0]["total"] == 11
    assert st.to_dict() == before
    assert [p.vp for p in st.players] == [10, 10]
    over = final(2, cards={0: ["A04"]})
    assert [p.vp for p in over.players] == [r["total"] for r in over.result["scores"]] == [11, 10]
