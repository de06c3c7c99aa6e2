"""The pieces of the protocol on their own: message checks, join codes, the public view."""

from __future__ import annotations

import json
import random

import pytest

from jorvik.engine import apply_action, is_over, legal_actions, new_game
from jorvik.engine.events import CardRevealed, Passed
from jorvik.engine.observation import Observation, ViewError, observe
from jorvik.net import codes
from jorvik.net.protocol import (
    MAX_MESSAGE,
    Act,
    BadMessage,
    Hello,
    LogItem,
    Update,
    dump,
    read_client,
    read_host,
)


@pytest.mark.parametrize("raw, kind", [
    (b"{}", "binary"),
    ("x" * (MAX_MESSAGE + 1), "too_big"),
    ("{not json", "not_json"),
    ("[1, 2]", "no_type"),
    ('{"t": "shout"}', "unknown_type"),
    ('{"t": "act", "move": -1, "action": {}}', "bad_fields"),
    ('{"t": "act", "move": "3", "action": {}}', "bad_fields"),
    ('{"t": "act", "move": true, "action": {}}', "bad_fields"),
    ('{"t": "hello", "v": 1, "code": "' + "A" * 65 + '"}', "bad_fields"),
    ('{"t": "hello", "v": 1, "code": "A", "extra": 1}', "bad_fields"),
    ("[" * 10_000 + "]" * 10_000, "not_json"),
])
def test_bad_messages_are_refused_by_kind(raw, kind):
    with pytest.raises(BadMessage) as e:
        read_client(raw)
    assert e.value.kind == kind


def test_good_messages_pass():
    assert isinstance(read_client('{"t":"hello","v":1,"code":"AB-CD"}'), Hello)
    a = read_client('{"t":"act","move":3,"action":{"type":"pass"}}')
    assert isinstance(a, Act) and a.move == 3


def test_a_hosts_events_arrive_typed():
    """The wire carries each event's to_json(); the client reads it back as the engine's
    object (an attack's card has no space: null on the wire, None again)."""
    sent = [CardRevealed("P1", None), Passed(player=1, card="A01", price=3, auto=True)]
    raw = dump(Update(move=4, view={}, log=[LogItem(move=4, event=e.to_json()) for e in sent]))
    got = read_host(raw)
    assert [item.engine_event() for item in got.log] == sent


@pytest.mark.parametrize("event", [
    {"type": "comet_sighted"},
    {"type": "passed", "player": 1, "card": "A01", "price": 3},                # no auto
    {"type": "passed", "player": 1, "card": "A01", "price": "3", "auto": False},
    {"type": "passed", "player": 1, "card": "A01", "price": 3, "auto": False, "x": 1},
    {"type": "coins", "player": 0, "amount": 2, "reason": "gift"},
    {"player": 0},
])
def test_a_hosts_malformed_event_makes_the_message_a_bad_one(event):
    raw = json.dumps({"t": "update", "move": 1, "view": {},
                      "log": [{"move": 1, "event": event}]})
    with pytest.raises(BadMessage) as e:
        read_host(raw)
    assert e.value.kind == "bad_fields"


def test_codes_are_128_bit_per_seat_and_stable(tmp_path):
    key = codes.host_key(tmp_path / "k")
    assert codes.host_key(tmp_path / "k") == key                       # made once
    assert (tmp_path / "k").stat().st_mode & 0o077 == 0                 # owner only
    c1, c2 = codes.seat_code(key, "g", 1), codes.seat_code(key, "g", 2)
    assert c1 != c2 and codes.seat_code(key, "g", 1) == c1               # same after resume
    assert len(codes.normal(c1)) * 5 >= 128                              # base32: 5 bits each
    found = codes.find_seat({1: c1, 2: c2}, c2.lower().replace("-", " "))
    assert found == 2
    assert codes.find_seat({1: c1, 2: c2}, c2[:-1]) is None


def _ids_in(text: str, ids: set[str]) -> set[str]:
    return {c for c in ids if f'"{c}"' in text}


@pytest.mark.parametrize("mode, n, seed", [("jarl", 4, 1), ("karl", 3, 2), ("jarl", 5, 3)])
def test_view_hides_the_deck_and_rebuilds_the_public_state(cards, mode, n, seed):
    """Through a whole game: the view the host sends (the engine's public view) names no card
    before it is revealed (the cards set aside at setup are known from the game's size), and
    the state a client rebuilds from it equals the host's in all but the deck's and the bag's
    order, with the same legal actions."""
    st = new_game([f"P{i}" for i in range(n)], mode=mode, seed=seed, cards=cards)
    ids = {c.id for c in cards.cards}
    rng = random.Random(seed)
    while True:
        text = json.dumps(observe(st, None).to_json())
        assert '"seed"' not in text
        revealed = set(ids) - set(st.deck)
        assert _ids_in(text, ids) <= revealed
        mirror = Observation.from_json(json.loads(text), cards).state
        a, b = st.to_dict(), mirror.to_dict()
        for k in ("deck", "bag"):   # the same cards and cubes, in a stand-in order
            assert sorted(a.pop(k)) == sorted(b.pop(k))
        a.pop("seed"), b.pop("seed")
        assert a == b
        if is_over(st):
            break
        actions = legal_actions(st)
        assert legal_actions(mirror) == actions
        st, _ = apply_action(st, rng.choice(actions))


def test_a_view_of_another_card_file_or_broken_is_refused(cards):
    view = observe(new_game(["A", "B"], mode="karl", seed=1, cards=cards), None).to_json()
    with pytest.raises(ViewError):
        Observation.from_json({**view, "cards_hash": "other"}, cards)
    with pytest.raises(ViewError):
        Observation.from_json({**view, "deck": {"A": 99}}, cards)
    with pytest.raises(ViewError):
        Observation.from_json({k: v for k, v in view.items() if k != "players"}, cards)
