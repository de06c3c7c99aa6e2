"""The post-game review: a recorded game with an obvious blunder (passing on a craftsman one
cube from complete, at a price the player could pay) shows it among the costliest decisions;
the review is the same every time; the VP race follows the final scoring rules."""

from __future__ import annotations

from jorvik.carddata import load_cards
from jorvik.engine import (
    Assign,
    Buy,
    Done,
    Pass,
    Place,
    Sell,
    apply_action,
    legal_actions,
    make_record,
    new_game,
)
from jorvik.review import hints, projected_vp, review

AMBER, IRON, LEATHER, WOOL, JET = range(5)


def blunder_record() -> dict:
    """Two players, two rounds. Peti stores a leather in round 1; in round 2 he is first in
    the Leatherworker's column (leather + wool) at 1 coin, has the wool coming on a ship he
    buys, and passes."""
    deck = ["B08", "A04", "A05",      # round 1: a ship with leather, jet, jet
            "A01", "C07", "B04"]      # round 2: the Leatherworker, a ship with wool
    bag = ["leather", "jet", "jet", "wool", "amber", "amber"]
    st0 = new_game(["Peti", "Benedek"], seed=5, start_player=0, deck=deck, bag=bag, cards=load_cards())
    moves = [Place(1), Place(2), Place(3), Place(2), Place(3), Place(2),
             Buy(), Buy(), Buy(),
             Assign(LEATHER, "storage"), Sell((JET, JET)),
             Place(3), Place(1), Place(3), Place(2), Place(3), Place(2),
             Pass(),                   # the blunder: the Leatherworker at 1 coin
             Buy(), Buy()]
    st = st0
    actions = []
    for a in moves:
        st, _ = apply_action(st, a)
        actions.append(a)
    # whatever is left (unloading) is ended at once
    while st.phase != "end":
        legal = legal_actions(st)
        a = next((x for x in legal if isinstance(x, Done)), legal[0])
        st, _ = apply_action(st, a)
        actions.append(a)
    return make_record(st0, actions, deck=deck, bag=bag, stacked=True)


def test_passing_on_a_craftsman_one_cube_from_complete_is_among_the_costliest():
    rec = blunder_record()
    result = review(rec, humans=[0], playouts=2, seed=1)
    worst = result.costliest(5)
    passes = [d for d in worst if isinstance(d.chosen, Pass) and d.round == 2]
    assert passes, [(d.round, d.phase, d.chosen, d.better, d.loss) for d in worst]
    d = passes[0]
    assert isinstance(d.better, Buy) and d.loss >= 3
    assert d.player == 0 and d.phase == "purchase"


def test_the_review_is_the_same_for_the_same_seed():
    rec = blunder_record()
    a = review(rec, humans=[0], playouts=2, seed=3)
    b = review(rec, humans=[0], playouts=2, seed=3, workers=2)
    assert a.decisions == b.decisions
    assert a.projected == b.projected


def test_the_vp_race_starts_at_10_and_ends_at_the_final_scores():
    rec = blunder_record()
    result = review(rec, humans=[], playouts=1)
    assert result.decisions == []
    assert result.projected[0] == [10, 10]
    from jorvik.carddata import load_cards
    from jorvik.recordschema import replay_record
    final, _ = replay_record(rec, load_cards(), stacked_ok=True)
    assert result.projected[-1] == [r["total"] for r in final.result["scores"]]
    assert result.rounds[0] == 0 and result.rounds[-1] == final.round


def test_projected_vp_counts_a_complete_craftsman_but_not_an_incomplete_one():
    st = new_game(["Peti", "Benedek"], seed=1, cards=load_cards())
    s = st.copy()
    s.players = [p.copy() for p in s.players]
    s.players[0].cards = ("A01",)
    s.players[0].filled = {"A01": (LEATHER,)}
    assert projected_vp(s)[0] == 10
    s.players[0].filled = {"A01": (LEATHER, WOOL)}
    assert projected_vp(s)[0] == 15


def test_a_hint_lists_the_buy_first_where_passing_was_the_blunder():
    rec = blunder_record()
    from jorvik.review import states_of
    states, actions = states_of(rec)
    i = next(i for i, (s, a) in enumerate(zip(states, actions))
             if isinstance(a, Pass) and s.round == 2)
    found = hints(states[i], count=3, playouts=2, seed=0)
    assert isinstance(found[0].action, Buy) and found[0].effect == 0
    assert all(h.effect <= 0 for h in found)
