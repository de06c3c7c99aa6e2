"""The Table protocol (jorvik.play.table): the local Session and the join client's Mirror
are both tables; `submit` refuses by the same kinds on both; the Mirror hands a checked move
to its sender and never plays it; the hand-over policy (jorvik.play.handover) says when the
keyboard changes hands at one screen."""

from __future__ import annotations

import pytest

from jorvik.carddata import load_cards
from jorvik.engine import current_player, legal_actions, observe
from jorvik.net.client import Mirror
from jorvik.net.protocol import SeatInfo, Update, Welcome
from jorvik.play.errors import PlayError
from jorvik.play.handover import HandOver
from jorvik.play.seats import Seats
from jorvik.play.session import Session
from jorvik.play.table import SUBMIT_ERRORS, Table

CARDS = load_cards()


def _session(bots=(None, None)) -> Session:
    seats = Seats(["Anna", "Bela"], ["red", "blue"], list(bots))
    return Session.start(CARDS, seats, "karl", 4, 0, autosave=False)


def _mirror(s: Session, you=(0,)) -> tuple[Mirror, list]:
    infos = [SeatInfo(name=n, colour=c, bot=b) for n, c, b in
             zip(s.seats.names, s.seats.colours, s.seats.bots, strict=True)]
    w = Welcome(game="g", seats=infos, you=list(you), move=s.moves,
                view=s.public.to_json(), log=[])
    m = Mirror.from_welcome(w, CARDS)
    sent: list = []
    m.send = lambda move, action: sent.append((move, action)) or True
    return m, sent


def test_the_session_and_the_mirror_are_tables():
    s = _session()
    m, _ = _mirror(s)
    assert isinstance(s, Table) and isinstance(m, Table)
    assert m.public == s.public and m.decider == s.decider and m.moves == s.moves == 0


@pytest.mark.parametrize("kind", ["stale", "not_your_turn", "bot_seat", "illegal_action",
                                  "game_over"])
def test_submit_refuses_by_kind_on_the_session(kind):
    s = _session(bots=(None, "easy"))
    p = s.decider
    action = legal_actions(s.state)[0]
    if kind == "stale":
        args = (p, action, 5)
    elif kind == "not_your_turn":
        args = (1 - p, action, None)
    elif kind == "bot_seat":   # the bot's own turn: submit is for front ends, not bots
        while s.decider == 0:
            s.submit(0, legal_actions(s.state)[0])
        assert s.decider == 1
        args = (1, legal_actions(s.state)[0], None)
    elif kind == "illegal_action":
        args = (p, next(a for a in _all_places() if a not in legal_actions(s.state)), None)
    else:
        s.close()
        args = (p, action, None)
    before = s.moves
    with pytest.raises(PlayError) as e:
        s.submit(*args)
    assert e.value.kind == kind and kind in SUBMIT_ERRORS
    assert s.moves == before     # nothing changed


def _all_places():
    from jorvik.engine import Place
    return [Place(column=c, brown=b) for c in range(1, 7) for b in (False, True)]


def test_the_mirror_checks_as_the_session_and_only_sends():
    s = _session()
    p = s.decider
    m, sent = _mirror(s, you=(p,))
    action = legal_actions(s.state)[0]
    for seat, at, kind in ((1 - p, None, "not_your_turn"), (p, 3, "stale")):
        with pytest.raises(PlayError) as e:
            m.submit(seat, action, at)
        assert e.value.kind == kind
    assert sent == []
    assert m.submit(p, action, at=0) == []        # nothing happened yet: the host plays it
    assert sent == [(0, action)] and m.moves == 0
    m.send = lambda move, action: False            # not connected
    with pytest.raises(PlayError) as e:
        m.submit(p, action)
    assert e.value.kind == "not_sent"


def test_a_seat_of_another_code_is_never_submitted_from_this_mirror():
    s = _session()
    p = s.decider
    m, sent = _mirror(s, you=(1 - p,))
    with pytest.raises(PlayError) as e:
        m.submit(p, legal_actions(s.state)[0])
    assert e.value.kind == "not_your_turn" and sent == []
    assert m.view(p).menu is None and m.view(1 - p).menu is None


def test_the_mirror_follows_the_hosts_views_and_tells_its_subscribers():
    s = _session()
    m, _ = _mirror(s, you=(0, 1))
    heard: list[int] = []
    stop = m.subscribe(lambda table: heard.append(table.moves))
    s.submit(s.decider, legal_actions(s.state)[0])
    assert m.update(Update(move=s.moves, view=s.public.to_json(), log=[]))
    assert heard == [1] and m.public == s.public and m.decided_by(0) == s.decided_by(0)
    assert not m.update(Update(move=0, view=observe(s.states[0], None).to_json(), log=[]))
    stop()
    s.submit(s.decider, legal_actions(s.state)[0])
    m.update(Update(move=s.moves, view=s.public.to_json(), log=[]))
    assert heard == [1] and m.view(s.decider).menu is not None


def test_the_public_view_of_a_session_is_the_engines():
    s = _session()
    assert s.public == observe(s.state, None)
    assert s.public is s.public                      # made once a state
    s.submit(s.decider, legal_actions(s.state)[0])
    assert s.public == observe(s.state, None)


# ---------------------------------------------------------------- the hand-over policy
def _to_other_human(s: Session) -> None:
    """Play first choices until the decision goes to the other human."""
    was = s.decider
    while s.decider == was:
        s.submit(was, legal_actions(s.state)[0])


def test_the_keyboard_changes_hands_with_the_banner_in_always_mode():
    s = _session()
    hand = HandOver("always")
    assert hand.start(s, s.decider, humans=2, resumed=False) is None
    _to_other_human(s)
    handing = hand.turn(s, s.decider, humans=2)
    assert handing is not None and handing.player == s.decider and handing.banner
    assert hand.turn(s, s.decider, humans=2) is None   # the same player goes on


def test_never_mode_and_one_human_do_not_hand_over():
    s = _session()
    for mode, humans in (("never", 2), ("always", 1)):
        hand = HandOver(mode)
        hand.start(s, s.decider, humans=humans, resumed=True)
        t = _session()
        _to_other_human(t)
        assert hand.turn(t, t.decider, humans=humans) is None


def test_a_resumed_game_begins_with_the_banner_and_an_undo_to_another_player_too():
    s = _session()
    hand = HandOver("changes")
    first = hand.start(s, s.decider, humans=2, resumed=True)
    assert first is not None and first.banner and first.player == s.decider
    was = s.decider
    _to_other_human(s)
    hand.turn(s, s.decider, humans=2)
    undone = hand.undone(s, s.decider, was, human=True, humans=2)
    assert undone is not None and undone.player == was and undone.banner
    assert current_player(s.state) != was   # (the policy only says; the undo is the table's)
