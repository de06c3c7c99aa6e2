"""Issue 48 §3: during unloading each good keeps its menu key while the list shrinks (selling
amber must not move iron from 2 to 1: a player pressing 2 for iron would get jet)."""

from __future__ import annotations

import random

from jorvik.carddata import load_cards
from jorvik.engine import GOODS, Phase, legal_actions
from jorvik.play.menu import build_menu
from jorvik.play.seats import COLOUR_NAMES, Seats
from jorvik.play.session import Session


def _good_keys(menu) -> dict[int, str]:
    return {c.submenu[1]: c.key for c in menu.choices
            if c.submenu and c.submenu[0] == "cube"}


def test_a_goods_key_is_the_same_at_every_unloading_decision():
    seen: dict[int, set[str]] = {}
    shrank = 0
    for seed in range(6):
        rng = random.Random(seed)
        seats = Seats(["A", "B", "C"], list(COLOUR_NAMES[:3]), [None] * 3)
        session = Session.start(load_cards(), seats, "jarl", seed, None, autosave=False)
        before: dict[int, str] = {}
        while not session.over and session.state.round <= 4:
            st = session.state
            if st.phase == Phase.UNLOADING and not st.pending:
                keys = _good_keys(build_menu(st))
                for g, k in keys.items():
                    seen.setdefault(g, set()).add(k)
                if before and set(keys) < set(before):
                    shrank += 1
                    assert all(before[g] == keys[g] for g in keys), (before, keys)
                before = keys
                others = [c.key for c in build_menu(st).choices if not c.submenu
                          or c.submenu[0] != "cube"]
                assert not set(others) & set(keys.values())
            else:
                before = {}
            session.apply(rng.choice(legal_actions(st)))
    assert shrank, "no unloading list shrank in these games"
    assert all(len(keys) == 1 for keys in seen.values()), seen
    assert {g: k for g, ks in seen.items() for k in ks} == {
        g: str(g + 1) for g in seen}  # amber 1, iron 2, … gold 8
    assert len(GOODS) == 8
