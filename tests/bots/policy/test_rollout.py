"""The rollout policy (`rollout`, issue 37): its quick card values follow the rules' scoring,
it plays legal, deterministic games, and the search bots get their play-out policy from one
place, ``playout_policy``."""

from __future__ import annotations

import inspect

import pytest
from engine.helpers import AMBER, JET, LEATHER, WOOL, filler, game, give, load, to_unloading

from jorvik.bots import make_bot, play_out, seat_bots
from jorvik.bots.knowledge import Ctx
from jorvik.bots.policy import NormalBot, RolloutBot, playout_policy, rollout_policy
from jorvik.carddata import load_cards
from jorvik.engine import (
    FEAST_VP,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
)
from jorvik.engine.effects import EFFECTS
from jorvik.simulate import simulate


def _seat(st, p=0):
    return RolloutBot(0).seat(st, p)


# ---- the values, from the scoring rules


def test_a_journey_is_worth_its_vp():
    st = game(2, deck=filler(6, exclude=["D11"]) + ["D11"])
    assert _seat(st).value("D11", ()) == pytest.approx(3.0)   # Journey to Dublin: 3 VP


def test_a_feast_is_worth_its_step_up_the_feast_table():
    """Feasts score 2 / 5 / 9 / 14 for 1-4 owned; a feast still in the deck may add the next
    step (the normal bot counts 15% of it)."""
    st = game(2, deck=filler(8, exclude=["B04", "D01"]))
    first = _seat(st).value("B04", ())
    assert FEAST_VP[1] - FEAST_VP[0] <= first <= FEAST_VP[1] + 0.15 * (FEAST_VP[2] - FEAST_VP[1])
    st = give(st, 0, "D01")   # one feast owned already: the second is worth 5 - 2
    second = _seat(st).value("B04", ())
    assert FEAST_VP[2] - FEAST_VP[1] <= second
    assert second > first


def test_a_craftsman_whose_goods_are_stored_is_worth_its_vp_less_the_cubes():
    """Leatherworker (leather + wool, 5 VP) with a leather and a wool kept: completing it
    scores 5 VP for sure; the two cubes are given up for it."""
    st = game(2, deck=filler(8, exclude=["A01"]))
    st = give(st, 0, warehouse=(LEATHER, WOOL))
    seat = _seat(st)
    v = seat.value("A01", ())
    assert v < 5.0
    cubes = sum(max(0.5 * seat.coin_worth, seat.keep_worth[g] + 1.0) for g in (LEATHER, WOOL))
    assert v == pytest.approx(max(5.0 - cubes, seat._expected(5, 2, 2)))
    bare = _seat(game(2, deck=filler(8, exclude=["A01"]))).value("A01", ())
    assert bare < 5.0   # two fields to fill: not a sure thing


def test_a_ship_whose_cubes_complete_a_craftsman_in_the_last_round_is_worth_its_vp():
    """Last round: an unfinished craftsman scores nothing, so the cubes that finish the
    Goldsmith's guild (amber, leather, wool, jet; 11 VP) bring all of it."""
    st = game(2, deck=["D11", "D12"])
    st = give(st, 0, "B03", filled={"B03": (AMBER, LEATHER)})
    seat = _seat(st)
    assert seat.ctx.rounds_left == 0
    assert seat.value("B08", (WOOL, JET)) >= 11.0
    assert seat.value("B08", (AMBER, AMBER)) < 2.0   # nothing to finish: sold or kept


def test_an_immediate_card_is_worth_the_coins_the_engine_pays():
    st = game(2, "jarl", deck=filler(8, exclude=["B22"]))
    seat = _seat(st)
    bought = st.copy()
    EFFECTS["treasure_hoard"].on_buy(bought, 0, [])
    coins = bought.players[0].coins - st.players[0].coins
    assert coins > 0
    assert seat.value("B22", ()) == pytest.approx(coins * seat.coin_worth)


def test_a_warrior_is_worth_more_with_more_attacks_to_come():
    early = _seat(game(2, deck=["A11", *filler(2, exclude=["A11"]), "B13", "C13", "D15"]))
    late = _seat(game(2, deck=["A11", *filler(2, exclude=["A11"])]))
    assert early.value("C06", ()) > late.value("C06", ()) >= 0.0


def test_values_come_close_to_the_normal_bots():
    """On the positions of a normal game the quick value of every card on offer to every
    player is within a VP or two of the normal bot's (``card_value``) on average."""
    from jorvik.bots.knowledge import card_value
    st = new_game(["A", "B", "C", "D"], mode="jarl", seed=3, cards=load_cards())
    bots = seat_bots(["normal"] * 4, 3)
    gaps = []
    while not is_over(st):
        if st.phase == "demand" and not st.pending and st.players[st.turn].vikings == 3:
            ctx = Ctx(st)
            for q in range(4):
                seat = RolloutBot(0).seat(st, q)
                for cid, goods in zip(st.spaces, st.space_goods):
                    if cid is not None:
                        gaps.append(abs(seat.value(cid, goods) - card_value(ctx, q, cid, goods)))
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
    assert len(gaps) > 300
    assert sum(gaps) / len(gaps) < 0.5


# ---- play


def test_plays_legal_games_that_keep_the_invariants():
    for players, mode in ((2, "karl"), (3, "jarl"), (4, "karl"), (5, "jarl")):
        r = simulate(3, players, mode, 40, ["rollout"]).summary()
        assert (r["finished"], r["violations"]) == (3, 0), (players, mode, r)


def test_the_same_seed_gives_the_same_game_whatever_was_played_before():
    def actions(seed, interleave=None):
        st = new_game(["A", "B", "C"], mode="jarl", seed=seed, cards=load_cards())
        bots = [rollout_policy(seed * 16 + i, noise=0.3) for i in range(3)]
        other = new_game(["X", "Y", "Z"], mode="jarl", seed=99, cards=load_cards()) if interleave else None
        spoiler = rollout_policy(7)
        out = []
        while not is_over(st):
            a = bots[current_player(st)].choose(st)
            out.append(a)
            st, _ = apply_action(st, a)
            if other is not None and not is_over(other):   # another game in between
                other, _ = apply_action(other, spoiler.choose(other))
        return out

    alone = actions(12)
    assert actions(12) == alone
    assert actions(12, interleave=True) == alone


def test_rank_is_the_normal_bots():
    """The ranking the hints and the review read (``rank``) is the normal bot's own."""
    st = new_game(["A", "B", "C", "D"], mode="jarl", seed=8, cards=load_cards())
    bots = seat_bots(["normal"] * 4, 8)
    checked = 0
    while not is_over(st) and checked < 40:
        if st.phase in ("demand", "purchase") and not st.pending:
            assert RolloutBot(1).rank(st) == NormalBot(1).rank(st)
            checked += 1
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
    assert checked == 40


def test_an_unloading_turn_starts_with_the_normal_bots_step_and_ends():
    first = filler(3, exclude=["A01", "A06", "A07", "B08"])
    st = game(2, deck=first + filler(6, exclude=first + ["A01", "A06", "A07", "B08"]))
    st = give(st, 0, "A01", "A06", "A07")
    st = load(st, 0, "B08", goods=[LEATHER, LEATHER, WOOL])
    st = to_unloading(st)
    assert RolloutBot(1).choose(st) == NormalBot(1).choose(st)
    bot = RolloutBot(1)
    steps = 0
    while st.phase == "unloading" and current_player(st) == 0:
        a = bot.choose(st)
        assert a in legal_actions(st)
        st, _ = apply_action(st, a)
        steps += 1
        assert steps < 20


# ---- one place for every judge of a move


def test_the_search_bots_play_out_with_the_one_playout_policy():
    """hard and expert get their play-out policy from policy.playout_policy (the normal
    bot today: the rollout policy did not make `hard` stronger), and take another if given."""
    from jorvik.bots.search import HARD, SearchBot
    assert type(playout_policy(1)) is NormalBot
    assert type(make_bot("hard", seed=1, playouts=2).rollout_bot) is NormalBot
    assert type(make_bot("expert", seed=1, playouts=2).rollout_bot) is NormalBot
    assert isinstance(SearchBot(HARD, 1, playouts=2, playout_policy=rollout_policy).rollout_bot,
                      RolloutBot)
    assert isinstance(make_bot("rollout", seed=1), RolloutBot)
    assert inspect.signature(SearchBot).parameters["playout_policy"].default is playout_policy


def test_hard_with_the_same_seed_chooses_the_same():
    st = new_game(["A", "B", "C", "D"], mode="jarl", seed=5, cards=load_cards())
    st, _ = play_out(st, seat_bots(["normal"] * 4, 5), max_decisions=30)
    a = make_bot("hard", seed=3, playouts=3).choose(st)
    assert make_bot("hard", seed=3, playouts=3).choose(st) == a


def test_after_forget_a_play_out_is_the_same_whatever_the_bot_played_before():
    """Play-outs from one position share a round's seats (read from the first state met);
    forget() drops them, so each play-out depends on its state and seed alone, as a fresh
    bot's does: what lets a hint's play-outs be played on any process."""
    import random

    from jorvik.engine import determinize, observe
    st0 = new_game(["A", "B", "C", "D"], mode="karl", seed=3, cards=load_cards())
    st, _ = play_out(st0, seat_bots(["normal"] * 4, 3), max_decisions=80)
    view = observe(st, current_player(st))
    rng = random.Random(5)
    starts = []
    for _ in range(6):
        det = determinize(view, rng)
        for a in legal_actions(det)[:3]:
            starts.append((apply_action(det, a)[0], rng.getrandbits(32)))

    def final(bot, s, seed):
        bot.rng.seed(seed)
        end, _ = play_out(s, bot)
        return [row["total"] for row in end.result["scores"]]
    fresh = [final(rollout_policy(1), s, seed) for s, seed in starts]
    shared = rollout_policy(1)
    kept = []
    for s, seed in starts:
        shared.forget()
        kept.append(final(shared, s, seed))
    assert kept == fresh
