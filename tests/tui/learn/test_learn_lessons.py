"""Each lesson's stacked game makes the rulebook's example happen: the prices, the VP changes
and the results the lesson texts promise (RULES.md §4.3-§5, the rulebook's examples)."""

from __future__ import annotations

from jorvik.engine import apply_action, current_player
from jorvik.engine.events import Bought, CoinsChanged, Passed, PictsAttack, VPChanged
from jorvik.i18n import catalogue
from jorvik.lessons import END, JARL, LESSONS, PICTS, ROUND, learner_steps, script

PETI, BENEDEK, ESZTI, MONI = range(4)


def events_of(lesson):
    """Every engine event of the lesson, with the state before the action that made it."""
    st = lesson.new_game()
    out = []
    for a in script(lesson):
        before = st
        st, ev = apply_action(st, a)
        out.extend((before, e) for e in ev)
    return st, out


def purchases(events, card):
    return [(e.type, e.player, e.price) for _, e in events
            if isinstance(e, (Bought, Passed)) and e.card == card]


def test_every_lesson_plays_through_and_every_step_is_the_learners_move():
    for lesson in LESSONS:
        steps = learner_steps(lesson)
        assert len(steps) == len(lesson.steps)
        st = lesson.new_game()
        moves = script(lesson)
        for i, a in enumerate(moves):
            if i in dict(steps):
                assert current_player(st) == lesson.learner
            st, _ = apply_action(st, a)


def test_every_step_text_exists_in_both_languages():
    for lang in ("en", "hu"):
        cat = catalogue(lang)
        for lesson in LESSONS:
            for key in (lesson.title, lesson.summary,
                        *(s.text for s in lesson.steps), *(s.why for s in lesson.steps)):
                assert key in cat, (lang, key)


def test_round_purchase_example_a_peti_passes_at_3_and_moni_buys_at_2():
    _, events = events_of(ROUND)
    column_1 = ROUND.deck[0]
    assert purchases(events, column_1) == [("passed", PETI, 3), ("bought", MONI, 2)]


def test_round_purchase_example_b_benedek_passes_at_4_eszti_at_3_benedek_buys_at_2():
    _, events = events_of(ROUND)
    ship = ROUND.deck[4]
    assert purchases(events, ship) == [("passed", BENEDEK, 4), ("passed", ESZTI, 3),
                                       ("bought", BENEDEK, 2)]


def test_round_benedeks_unloading_example_income_leather_amber_iron():
    st = ROUND.new_game()
    seen = []
    for a in script(ROUND):
        before = st
        st, _ev = apply_action(st, a)
        if before.round == 2 and before.phase == "unloading" and current_player(before) == BENEDEK:
            seen.append((a, before.players[BENEDEK].coins, st.players[BENEDEK]))
    # income 1 coin (he bought something): 5 - 3 paid + 1 = 3 coins before assigning
    (_leather, coins0, after_leather), (_amber, coins1, after_amber), (_iron, _, after_iron) = seen
    assert coins0 == 3
    assert after_leather.filled["A01"] == (2,)              # leather on the Leatherworker
    assert after_amber.coins == coins1 + 1                  # amber sold to the merchant: 1 coin
    assert after_iron.storage == (1,)                       # iron kept on the storage space
    assert after_iron.loading == () and "B09" in after_iron.cards  # the ship moved down


def test_round_ends_with_the_leatherworker_complete_after_the_trade():
    st, _ = events_of(ROUND)
    assert st.result["scores"][BENEDEK]["craftsmen"] == 5
    assert st.players[BENEDEK].filled["A01"] == (2, 3)     # leather and wool


def test_picts_example_defence_3_1_0_0_benedek_gains_2_eszti_and_moni_lose_2():
    st, events = events_of(PICTS)
    attack = next(e for _, e in events if isinstance(e, PictsAttack))
    assert attack.defence == (1, 3, 0, 0)
    vp = {e.player: e.amount for _, e in events if isinstance(e, VPChanged)}
    assert vp == {BENEDEK: 2, ESZTI: -2, MONI: -2}
    assert [p.vp for p in st.players] == [10, 12, 8, 8]


def test_end_final_attack_then_a_tie_broken_by_coins():
    st, events = events_of(END)
    attack = next(e for _, e in events if isinstance(e, PictsAttack))
    assert attack.card == "PX" and attack.gain == 4 and attack.loss == 4
    scores = st.result["scores"]
    peti, benedek = scores[0], scores[1]
    assert peti["total"] == benedek["total"] == 14
    assert benedek["coins"] > peti["coins"]
    assert st.result["winners"] == [1]
    assert benedek["picts"] == 4 and peti["journeys"] == 4


def test_jarl_reservation_row_sells_at_3_2_1_and_moni_cannot_pay_2():
    _, events = events_of(JARL)
    reserved = [(e.type, e.player, e.price) for before, e in events
                if isinstance(e, (Bought, Passed)) and before.phase == "reservation"]
    assert reserved == [("bought", PETI, 3), ("passed", MONI, 2), ("bought", ESZTI, 1)]


def test_jarl_tribute_prophecy_and_a_brown_viking():
    st, events = events_of(JARL)
    tribute = {e.player: e.amount for _, e in events
               if isinstance(e, CoinsChanged) and e.reason == "loki_tribute"}
    assert tribute == {PETI: -1, ESZTI: -1, BENEDEK: 2}   # Móni had no coin left to pay
    prophecy = [e.amount for _, e in events if isinstance(e, VPChanged) and e.reason == "prophecy"]
    assert prophecy == [2, 2]
    assert st.players[BENEDEK].vp_prophecy == 4
    brown = [a for a in script(JARL) if getattr(a, "brown", False)]
    assert brown and st.players[BENEDEK].brown == 1
