"""Game-log lines: every engine event type is described in both languages, in whole
sentences with correct plurals, both in hand-made examples and in seeded random games."""

from __future__ import annotations

import pytest

from jorvik import i18n
from jorvik.bots import RandomBot
from jorvik.carddata import load_cards
from jorvik.engine import apply_action, current_player, is_over, new_game
from jorvik.engine.events import (
    EVENT_TYPES,
    Bought,
    Discarded,
    Event,
    PictsAttack,
    RoundStarted,
    Stolen,
    event_from_json,
)
from jorvik.i18n.events import describe_event, described_kinds, event_player

NAMES = ["Benedek", "Peti", "Eszti", "Móni"]


@pytest.fixture(scope="module")
def state():
    return new_game(NAMES, mode="jarl", seed=1, cards=load_cards())


def _line_is_clean(line: str) -> None:
    assert line.strip(), "empty line"
    assert "{" not in line and "}" not in line, f"unfilled field in {line!r}"
    assert "events." not in line and "cards." not in line and "common." not in line, (
        f"raw key in {line!r}")


# --------------------------------------------------------------------------- coverage

def test_every_event_kind_of_the_engine_has_a_description():
    """The kinds are the engine's (EVENT_TYPES); the i18n module words each and no other."""
    assert len(EVENT_TYPES) > 25
    assert described_kinds() == set(EVENT_TYPES.values())


# --------------------------------------------------------------------------- examples

EXAMPLES: list[tuple[dict, str, str]] = [
    ({"type": "bought", "player": 3, "card": "B02", "price": 2, "free": False, "goods": []},
     "Móni bought Weaver for 2 coins",
     "Móni megvette 2 érméért: Takács"),
    ({"type": "bought", "player": 3, "card": "B02", "price": 1, "free": False, "goods": []},
     "Móni bought Weaver for 1 coin",
     "Móni megvette 1 érméért: Takács"),
    ({"type": "bought", "player": 0, "card": "B08", "price": 3, "free": False,
      "goods": ["amber", "iron", "iron"]},
     "Benedek bought Knarr for 3 coins, with amber, 2 iron",
     "Benedek megvette 3 érméért: Knarr (borostyán, 2 vas)"),
    ({"type": "bought", "player": 0, "card": "A12", "price": 0, "free": True, "goods": []},
     "Benedek took Warrior free with Jarl's hall",
     "Benedek ingyen megkapta (Jarl csarnoka): Harcos"),
    ({"type": "attack", "card": "B13", "defence": [3, 1, 0, 0], "gain": 2, "loss": 2,
      "winners": [0], "losers": [2, 3]},
     "Attack of the Picts: Benedek 3, Peti 1, Eszti 0, Móni 0 — Benedek +2 VP; Eszti and Móni −2 VP",
     "A piktek támadása: Benedek: 3, Peti: 1, Eszti: 0, Móni: 0 — Benedek +2 GyP; Eszti és Móni −2 GyP"),
    ({"type": "attack", "card": "B13", "defence": [1, 1, 1, 1], "gain": 2, "loss": 2,
      "winners": [], "losers": []},
     "Attack of the Picts: Benedek 1, Peti 1, Eszti 1, Móni 1 — all tied, nobody gains or loses VP",
     "A piktek támadása: Benedek: 1, Peti: 1, Eszti: 1, Móni: 1 — holtverseny, senki sem kap és senki sem veszít GyP-t"),
    ({"type": "round", "round": 3, "start_player": 1},
     "Round 3 — start player: Peti",
     "3. forduló — kezdőjátékos: Peti"),
    ({"type": "phase", "phase": "demand"}, "— Demand phase —", "— Keresletfázis —"),
    ({"type": "card_revealed", "card": "A01", "space": 2},
     "Leatherworker revealed on card space 2",
     "Felcsapva: Bőrműves (2. kártyahely)"),
    ({"type": "card_revealed", "card": "PX", "space": None},
     "The final card is revealed: The last Attack of the Picts. After it the game ends.",
     "Felcsapva: Befejező „A piktek támadása”. Utána vége a játéknak."),
    ({"type": "cubes_drawn", "card": "B08", "space": 5, "goods": ["wool"]},
     "Knarr on card space 5 received 1 cube: wool",
     "Knarr (5. kártyahely) 1 árukockát kapott: gyapjú"),
    ({"type": "cubes_drawn", "card": "B08", "space": 5, "goods": []},
     "Knarr on card space 5 received no cubes: the bag is empty",
     "Knarr (5. kártyahely) nem kapott árukockát: üres a zsák"),
    ({"type": "vp", "player": 2, "amount": -2, "reason": "picts"},
     "Eszti lost 2 VP to the Attack of the Picts",
     "Eszti 2 GyP-t vesztett a piktek támadásakor"),
    ({"type": "vp", "player": 2, "amount": 0, "reason": "picts"},
     "Eszti had no VP left to lose to the Attack of the Picts",
     "Eszti nem vesztett GyP-t a piktek támadásakor: nem volt mit elveszítenie"),
    ({"type": "vp", "player": 1, "amount": 2, "reason": "prophecy"},
     "Peti gained 2 VP from a prophecy",
     "Peti 2 GyP-t kapott egy jóslatért"),
    ({"type": "coins", "player": 0, "amount": 1, "reason": "income"},
     "Benedek received 1 coin of income",
     "Benedek bevétele: 1 érme"),
    ({"type": "coins", "player": 0, "amount": 3, "reason": "income"},
     "Benedek received 3 coins of income",
     "Benedek bevétele: 3 érme"),
    ({"type": "coins", "player": 0, "amount": 1, "reason": "merchant"},
     "Benedek received 1 coin from a merchant",
     "Benedek 1 érmét kapott egy kereskedőtől"),
    ({"type": "coins", "player": 0, "amount": 4, "reason": "treasure_hoard"},
     "Benedek took 4 coins from the Treasure hoard",
     "Benedek 4 érmét kapott (Kincslelet)"),
    ({"type": "coins", "player": 1, "amount": -1, "reason": "loki_tribute"},
     "Peti paid 1 coin of tribute to Loki",
     "Peti 1 érmét fizetett (Loki: Adó)"),
    ({"type": "coins", "player": 0, "amount": 3, "reason": "loki_tribute"},
     "Benedek collected 3 coins of tribute",
     "Benedek 3 érmét szedett be (Loki: Adó)"),
    ({"type": "coins", "player": 0, "amount": 0, "reason": "loki_tribute"},
     "Benedek collected no tribute: nobody had a coin",
     "Benedek nem kapott érmét (Loki: Adó): senkinek sem volt"),
    ({"type": "coins", "player": 3, "amount": -2, "reason": "danegeld"},
     "Móni paid 2 coins of Danegeld and lost no VP",
     "Móni 2 érmét fizetett (Dánpénz), így nem vesztett GyP-t"),
    ({"type": "card_used", "player": 3, "card": "D29"},
     "Móni used Danegeld", "Móni használta: Dánpénz"),
    ({"type": "viking_placed", "player": 0, "column": 5, "brown": False, "position": 1,
      "card": "B02"},
     "Benedek placed a viking under Weaver (column 5, position 1)",
     "Benedek vikinget tett az 5. keresletsorba: Takács (1. hely)"),
    ({"type": "viking_placed", "player": 0, "column": 2, "brown": True, "position": 3,
      "card": "B02"},
     "Benedek placed a brown viking under Weaver (column 2, position 3)",
     "Benedek barna vikinget tett a 2. keresletsorba: Takács (3. hely)"),
    ({"type": "reserved", "player": 1, "space": 8, "card": "B08", "brown": False, "slot": 1},
     "Peti reserved Knarr from card space 8 (reservation row, slot 1)",
     "Peti lefoglalta: Knarr (8. kártyahely → foglalássor, 1. hely)"),
    ({"type": "stopped_placing", "player": 1},
     "Peti placed no more brown vikings this round",
     "Peti ebben a fordulóban nem tett le több barna vikinget"),
    ({"type": "swapped", "player": 1, "a": [1, 0], "b": [3, 2]},
     "Peti swapped two vikings: column 1, position 1 ↔ column 3, position 3",
     "Peti felcserélt két vikinget: 1. keresletsor, 1. hely ↔ 3. keresletsor, 3. hely"),
    ({"type": "swapped", "player": 1, "a": [2, 1], "b": [0, 0]},
     "Peti swapped two vikings: column 2, position 2 ↔ reservation row, slot 1",
     "Peti felcserélt két vikinget: 2. keresletsor, 2. hely ↔ foglalássor, 1. hely"),
    ({"type": "declined", "player": 1, "card": "A22"},
     "Peti did not use Loki: Trickery", "Peti nem használta: Loki: Csel"),
    ({"type": "discarded", "card": "A10", "goods": [], "reason": "no_demand"},
     "Nobody wanted Feast; it went to the box",
     "Senki sem jelölte meg, a dobozba került: Lakoma"),
    ({"type": "discarded", "card": "B08", "goods": ["jet", "jet"], "reason": "nobody_bought"},
     "Nobody bought Knarr; it went to the box and its cubes to the common goods area: 2 jet",
     "Senki sem vette meg, a dobozba került: Knarr; az árui a közös árumezőre kerültek: 2 gagát"),
    ({"type": "discarded", "card": "A12", "goods": [], "reason": "reservation_declined"},
     "Warrior was discarded from the reservation row",
     "A foglalássorból a dobozba került: Harcos"),
    ({"type": "discarded", "card": "B22", "goods": [], "reason": "used"},
     "Treasure hoard went to the box (used up)",
     "Használat után a dobozba került: Kincslelet"),
    ({"type": "passed", "player": 1, "card": "A01", "price": 3, "auto": False},
     "Peti passed on Leatherworker at 3 coins",
     "Peti passzolt, nem vette meg 3 érméért: Bőrműves"),
    ({"type": "passed", "player": 1, "card": "A01", "price": 1, "auto": True},
     "Peti could not pay 1 coin for Leatherworker and passed",
     "Peti nem tudott 1 érmét fizetni, passzolt: Bőrműves"),
    ({"type": "assigned", "player": 0, "good": "leather", "to": "craftsman", "card": "A01"},
     "Benedek put leather on Leatherworker",
     "Benedek kézművesre tette: bőr → Bőrműves"),
    ({"type": "assigned", "player": 0, "good": "amber", "to": "merchant", "card": "A04"},
     "Benedek sold amber to Amber merchant",
     "Benedek eladta a kereskedőnek: borostyán → Borostyánkereskedő"),
    ({"type": "assigned", "player": 0, "good": "iron", "to": "prophecy", "card": "A18"},
     "Benedek sacrificed iron to Prophecy of Iron",
     "Benedek feláldozta: vas → Vasjóslat"),
    ({"type": "assigned", "player": 0, "good": "iron", "to": "storage", "card": ""},
     "Benedek stored iron on the storage space",
     "Benedek a raktármezőre tette: vas"),
    ({"type": "assigned", "player": 0, "good": "gold", "to": "warehouse", "card": ""},
     "Benedek stored gold on the Warehouse",
     "Benedek a Raktárra tette: arany"),
    ({"type": "assigned", "player": 0, "good": "iron", "to": "storage", "card": "",
      "source": "warehouse"},
     "Benedek stored iron on the storage space (from the Warehouse)",
     "Benedek a raktármezőre tette: vas (a Raktárról)"),
    ({"type": "assigned", "player": 0, "good": "amber", "to": "merchant", "card": "A04",
      "source": "ship"},
     "Benedek sold amber to Amber merchant",
     "Benedek eladta a kereskedőnek: borostyán → Borostyánkereskedő"),
    ({"type": "sold", "player": 2, "goods": ["amber", "wool"], "coins": 1},
     "Eszti sold amber, wool to the common goods area for 1 coin",
     "Eszti 1 érméért beadta a közös árumezőre: borostyán, gyapjú"),
    ({"type": "traded", "player": 2, "goods": ["amber", "iron", "iron"]},
     "Eszti traded 3 for 1, giving amber, 2 iron",
     "Eszti 3-at 1-re cserélt, beadta: borostyán, 2 vas"),
    ({"type": "harbour_market", "player": 2, "goods": ["silk", "glass"]},
     "Eszti traded at the Harbour market, giving silk, glass",
     "Eszti cserélt (Kikötői piac), beadta: selyem, üveg"),
    ({"type": "took", "player": 2, "good": "glass", "via": "trade"},
     "Eszti took glass from the common goods area",
     "Eszti elvette a közös árumezőről: üveg"),
    ({"type": "took", "player": 2, "good": "glass", "via": "harbour"},
     "Eszti took glass from the common goods area (Harbour market)",
     "Eszti elvette a közös árumezőről (Kikötői piac): üveg"),
    ({"type": "took", "player": 2, "good": "glass", "via": "trading_post"},
     "Eszti took glass from the common goods area (Trading post)",
     "Eszti elvette a közös árumezőről (Kereskedőtelep): üveg"),
    ({"type": "took_off", "player": 2, "card": "A02", "good": "amber"},
     "Eszti took amber off Smith (Workshop)",
     "Eszti levette (Műhely): borostyán ← Kovács"),
    ({"type": "stolen", "player": 0, "victim": 3, "card": "A02", "good": "iron"},
     "Benedek stole iron from Móni's Smith",
     "Benedek lopott Móni kártyájáról (Kovács): vas"),
    ({"type": "cubes_lost", "player": 3, "goods": ["jet"]},
     "Móni put 1 cube into the common goods area: jet",
     "Móni 1 árukockát a közös árumezőre tett: gagát"),
    ({"type": "gave_up", "player": 3, "good": "iron", "source": "storage"},
     "Móni put iron from the storage space back into the common goods area",
     "Móni a raktármezőről visszatette a közös árumezőre: vas"),
    ({"type": "gave_up", "player": 3, "good": "gold", "source": "warehouse"},
     "Móni put gold from the Warehouse back into the common goods area",
     "Móni a Raktárról visszatette a közös árumezőre: arany"),
    ({"type": "unloaded", "player": 0, "goods": ["leather", "amber", "iron"]},
     "Benedek unloaded 3 cubes: leather, amber, iron",
     "Benedek kirakodott 3 árukockát: bőr, borostyán, vas"),
    ({"type": "to_card_area", "player": 0, "cards": ["A01", "A04"]},
     "Benedek moved to the card area: Leatherworker, Amber merchant",
     "Benedek a saját kártyaterületére tette: Bőrműves, Borostyánkereskedő"),
    ({"type": "craftsman_complete", "player": 0, "card": "A01"},
     "Benedek completed Leatherworker: 5 VP at the end",
     "Benedek elkészítette: Bőrműves — a játék végén 5 GyP"),
    ({"type": "unloading_done", "player": 0},
     "Benedek finished unloading", "Benedek befejezte a rakodást"),
    ({"type": "start_player", "player": 1},
     "Peti is the new start player (Mjölnir)", "Az új kezdőjátékos: Peti (Mjölnir)"),
    ({"type": "game_over", "winners": [1],
      "scores": [{"total": 30, "coins": 2}, {"total": 41, "coins": 0},
                 {"total": 12, "coins": 9}, {"total": 30, "coins": 5}]},
     "Game over — Peti 41 VP, Móni 30 VP, Benedek 30 VP, Eszti 12 VP. Peti wins!",
     "Vége a játéknak — Peti 41 GyP, Móni 30 GyP, Benedek 30 GyP, Eszti 12 GyP. A győztes: Peti!"),
    ({"type": "game_over", "winners": [3],
      "scores": [{"total": 30, "coins": 2}, {"total": 1, "coins": 0},
                 {"total": 12, "coins": 9}, {"total": 30, "coins": 5}]},
     "Game over — Móni 30 VP, Benedek 30 VP, Eszti 12 VP, Peti 1 VP. Móni wins on coins!",
     "Vége a játéknak — Móni 30 GyP, Benedek 30 GyP, Eszti 12 GyP, Peti 1 GyP. A győztes több érmével: Móni!"),
    ({"type": "game_over", "winners": [0, 3],
      "scores": [{"total": 30, "coins": 5}, {"total": 1, "coins": 0},
                 {"total": 12, "coins": 9}, {"total": 30, "coins": 5}]},
     "Game over — Benedek 30 VP, Móni 30 VP, Eszti 12 VP, Peti 1 VP. Benedek and Móni share the victory!",
     "Vége a játéknak — Benedek 30 GyP, Móni 30 GyP, Eszti 12 GyP, Peti 1 GyP. Megosztoznak a győzelmen: Benedek és Móni!"),
]


@pytest.mark.parametrize("event,english,hungarian", EXAMPLES,
                         ids=[f"{e['type']}-{i}" for i, (e, _, _) in enumerate(EXAMPLES)])
def test_example_lines(state, event, english, hungarian):
    event = event_from_json(event)   # the examples are JSON forms: read them as the net does
    i18n.set_language("en")
    assert describe_event(event, state) == english
    i18n.set_language("hu")
    assert describe_event(event, state) == hungarian


def test_the_examples_cover_every_event_type():
    assert {e["type"] for e, _, _ in EXAMPLES} == set(EVENT_TYPES)


class _Comet(Event):
    """A kind no describer knows (not registered with the engine)."""
    __slots__ = ()
    type = "comet_sighted"


def test_an_event_kind_without_a_describer_still_gets_a_line(state, lang):
    line = describe_event(_Comet(), state)
    _line_is_clean(line)
    assert "comet_sighted" in line


def test_event_player_is_the_acting_player():
    assert event_player(Bought(2, "A01", 1, False, ())) == 2
    assert event_player(Stolen(player=0, victim=3, card="A02", good="iron")) == 0
    assert event_player(RoundStarted(round=1, start_player=1)) is None
    assert event_player(PictsAttack("B13", (1, 0), 2, 2, (0,), (1,))) is None
    assert event_player(Discarded("A01", (), "no_demand")) is None


# --------------------------------------------------------------------------- real games

def _play(mode: str, seed: int, players: int) -> tuple[list[Event], object]:
    names = ["Benedek", "Peti", "Eszti", "Móni", "Zsófi"][:players]
    events: list[Event] = []
    st = new_game(names, mode=mode, seed=seed, events=events, cards=load_cards())
    bots = [RandomBot(seed * 10 + i) for i in range(players)]
    while not is_over(st):
        st, ev = apply_action(st, bots[current_player(st)].choose(st))
        events.extend(ev)
    return events, st


@pytest.fixture(scope="module")
def games():
    return [_play(mode, seed, 2 + seed % 4) for mode in ("karl", "jarl") for seed in range(6)]


def test_every_event_of_random_games_has_a_clean_line(games, lang):
    seen = set()
    for events, st in games:
        for e in events:
            assert EVENT_TYPES[e.type] is type(e), e
            line = describe_event(e, st)
            _line_is_clean(line)
            assert "Event:" not in line and "Esemény:" not in line, line
            seen.add(e.type)
    # the random games reach most of the game (rare types are covered by EXAMPLES)
    assert {"round", "bought", "attack", "unloaded", "assigned", "game_over",
            "reserved", "discarded"} <= seen


def test_random_games_read_differently_in_the_two_languages(games):
    events, st = games[0]
    sample = [e for e in events if e.type in ("bought", "phase", "round")][:20]
    i18n.set_language("en")
    english = [describe_event(e, st) for e in sample]
    i18n.set_language("hu")
    hungarian = [describe_event(e, st) for e in sample]
    assert all(a != b for a, b in zip(english, hungarian, strict=True))
