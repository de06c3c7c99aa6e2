"""Play-outs on worker processes (jorvik.playpool): a worker makes a spec's play-out once and
keeps it for every later task of an equal spec; the outcomes come back in the order asked."""

from __future__ import annotations

import os
from dataclasses import dataclass

from jorvik.bots.sampler import Outcome, Paired
from jorvik.carddata import load_cards
from jorvik.engine import legal_actions, new_game
from jorvik.playpool import PlayoutPool

MADE: list[int] = []   # in a worker: one entry per play-out made


@dataclass(frozen=True)
class _Counting:
    """A spec whose play-out tells how many play-outs its worker made, and which worker."""
    tag: int

    def make(self):
        MADE.append(self.tag)

        def play(s, seed):
            return Outcome(float(len(MADE)), steps=1, parts={"pid": float(os.getpid())})
        return play


def test_a_worker_makes_a_specs_play_out_once_and_keeps_it():
    st = new_game(["A", "B"], seed=1, cards=load_cards())
    moves = legal_actions(st)[:2]
    with PlayoutPool(1) as pool:
        for tag in (1, 1, 2):   # a second sampler of an equal spec, then another spec
            sm = Paired(st, moves, lambda s, seed: Outcome(0.0), rng=tag,
                        runner=pool.runner(_Counting(tag)))
            for _ in range(4):
                assert sm.draw()
            values = {o.value for got in sm.got for o in got.values()}
            assert values == {1.0 if tag == 1 else 2.0}   # made once, then kept
            assert {o.parts["pid"] for got in sm.got for o in got.values()} == set(
                map(float, pool.pids))
            assert not pool.broken
