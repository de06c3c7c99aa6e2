"""The table at a glance: real late-game positions (seeded bot games) at 120×40 and 100×30,
every card each player holds in that player's area, nothing cut off at 120×40 at any point of
a whole 5-player Jarl game, and the compact layout from 80×24."""

from __future__ import annotations

from pathlib import Path

import pytest

from jorvik.bots import seat_bots
from jorvik.carddata import load_cards
from jorvik.engine import current_player, final_scores
from jorvik.i18n.cards import card_name, good_letter
from jorvik.play.session import Session
from jorvik.tui.text import Seats
from jorvik.tui.widgets.player_panel import panel_head, panel_lines, panel_segments
from tui_helpers import make_app, palette_lists, wait_until

NAMES = ["Anna", "Bela", "Csaba", "Dora", "Erik"]
COLOURS = ["red", "blue", "green", "yellow", "white"]


def bot_game(n: int, seed: int, until_round: int | None = None) -> Session:
    """A seeded game of n 'normal' bots, played to the demand phase of `until_round` (None:
    to the end); every state on the way is kept in the session."""
    seats = Seats(NAMES[:n], COLOURS[:n], [None] * n)
    s = Session.start(load_cards(), seats, "jarl", seed, None, autosave=False)
    bots = seat_bots(["normal"] * n, seed)
    while not s.over and (until_round is None or s.state.round < until_round
                          or s.state.phase != "demand"):
        s.apply(bots[current_player(s.state)].choose(s.state))
    return s


def late_game_save(tmp: Path, n: int, seed: int, until_round: int = 8) -> str:
    s = bot_game(n, seed, until_round)
    assert s.state.round >= until_round and not s.over
    path = tmp / f"late-{n}.json"
    s.save_as(path)
    return str(path)


def panel_text(panel) -> list[str]:
    width, height = panel.content_size
    return [line.plain for line in panel.build(width, height)]


def expected_marks(st, p: int) -> list[str]:
    """What each card a player holds looks like in the compact notation, from the card data:
    a craftsman its goods letters, a merchant its good and coins, a prophecy its good, a
    warrior its defence, the counted kinds their count, every other card its name."""
    by_id = st.cards.by_id
    pl = st.players[p]
    marks = []
    kinds: dict[str, int] = {}
    for c in pl.cards:
        card = by_id[c]
        kinds[card.type] = kinds.get(card.type, 0) + 1
        if card.type == "craftsman":
            marks.append("".join(good_letter(g) for g in card.goods).lower())
        elif card.type == "merchant":
            marks.append(f"{good_letter(card.goods[0])}{card.coins_per_good}".lower())
        elif card.type == "prophecy":
            marks.append(good_letter(card.goods[0]).lower())
        elif card.type == "warrior":
            marks.append(str(card.defence))
        elif card.type == "journey":
            marks.append(str(card.vp))
        elif card.type not in ("feast", "ship"):
            marks.append(card_name(card).lower())
    for kind in ("feast", "ship"):
        if kinds.get(kind):
            marks.append(f"×{kinds[kind]}")
    return marks


@pytest.fixture(scope="module")
def five_player_game() -> Session:
    return bot_game(5, 3)


def test_every_card_a_player_holds_appears_in_that_players_area(tmp_path):
    """At 120×40, in a late 4-player and 5-player Jarl game: nothing cut off, every card."""
    import asyncio

    async def check(n: int, seed: int) -> None:
        app = make_app("--load", late_game_save(tmp_path, n, seed), "--no-handover",
                       autosave=False)
        async with app.run_test(size=(120, 40)):
            st = app.screen.session.state
            assert sum(len(pl.cards) for pl in st.players) >= 3 * n
            for p in range(n):
                lines = panel_text(app.screen.query_one(f"#player-{p}"))
                # a name may wrap inside the panel: it still shows
                text = " ".join(" ".join(lines).split()).lower()
                assert "…" not in text
                assert st.players[p].name.lower() in lines[0].lower()
                for mark in expected_marks(st, p):
                    assert mark in text, (p, mark, lines)
    asyncio.run(check(4, 5))
    asyncio.run(check(5, 3))


@pytest.mark.parametrize("size", [(120, 40), (100, 30)])
def test_no_players_area_is_ever_cut_off_in_a_whole_5_player_game(five_player_game, size):
    """Every state of a whole 5-player Jarl game fits the players' areas at 120×40 and at
    100×30 (their sizes measured in the app)."""
    import asyncio
    sizes: list[tuple[int, int]] = []

    async def measure() -> None:
        app = make_app("--players", "5", "--mode", "jarl", "--names", ",".join(NAMES),
                       "--seed", "3", "--no-handover", autosave=False)
        async with app.run_test(size=size):
            sizes.extend(tuple(app.screen.query_one(f"#player-{p}").content_size)
                         for p in range(5))
    asyncio.run(measure())
    s = five_player_game
    assert s.over
    worst = 0
    for st in s.states[::2] + [s.states[-1]]:
        for p in range(5):
            width, height = sizes[p]
            lines = panel_lines(panel_head(st, s.seats, p), panel_segments(st, p), width)
            worst = max(worst, len(lines))
            assert len(lines) <= height, (st.round, p, [x.plain for x in lines])
    assert worst >= 5  # a late game fills the areas: the check is not empty


def test_vp_if_the_game_ended_now_is_the_final_scoring_of_the_position(five_player_game):
    s = five_player_game
    st = s.states[len(s.states) // 2]
    totals = [row["total"] for row in final_scores(st.copy())["scores"]]
    head = panel_head(st, s.seats, 0)[1].plain
    assert f"{st.players[0].vp}▸{totals[0]} VP" in head
    assert totals[0] >= st.players[0].vp


@pytest.mark.parametrize("n,seed,size", [(4, 5, (120, 40)), (4, 5, (100, 30)),
                                         (5, 3, (120, 40)), (5, 3, (100, 30))])
def test_late_jarl_game(snap_compare, tmp_path, n, seed, size):
    app = make_app("--load", late_game_save(tmp_path, n, seed), "--no-handover", autosave=False)
    assert snap_compare(app, terminal_size=size)


async def test_at_80_by_24_tab_switches_between_the_board_and_the_players(tmp_path):
    app = make_app("--load", late_game_save(tmp_path, 4, 5), "--no-handover", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.has_class("-compact") and not screen.has_class("-too-small")
        assert screen.query_one("#space-1").region.height > 0
        assert screen.query_one("#choices").region.height >= 5
        await pilot.press("tab")
        assert screen.query_one("#board").display is False or \
            screen.query_one("#space-1").region.height == 0
        assert screen.query_one("#player-3").region.height >= 10
        assert screen.query_one("#choices").region.height >= 5
        await pilot.press("1")  # the decision still answers to its keys
        assert len(screen.session.actions) > 0
        await pilot.press("tab")
        assert screen.query_one("#space-1").region.height > 0


async def test_q_on_the_final_scoring_screen_quits(tmp_path, five_player_game):
    from jorvik.tui.screens.final import FinalScreen
    path = tmp_path / "over.json"
    five_player_game.save_as(path)
    app = make_app("--load", str(path), "--no-handover", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is not None or not app.is_running


async def test_the_help_scrolls_with_page_down_and_the_arrows_at_once():
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        from textual.containers import VerticalScroll
        scroll = app.screen.query(VerticalScroll).first()
        assert scroll.max_scroll_y > 0
        await pilot.press("pagedown")
        assert scroll.scroll_y > 0
        y = scroll.scroll_y
        await pilot.press("up")
        assert scroll.scroll_y < y


async def test_v_shows_the_vp_if_the_game_ended_now_and_l_the_whole_log(tmp_path):
    from jorvik.tui.screens.final import ScoresNowScreen
    from jorvik.tui.screens.log import LogScreen
    app = make_app("--load", late_game_save(tmp_path, 4, 5), "--no-handover", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.screen.session
        await pilot.press("v")
        assert isinstance(app.screen, ScoresNowScreen)
        table = app.screen.query_one("#scores-table").render()
        totals = [str(r["total"]) for r in final_scores(session.state.copy())["scores"]]
        assert totals and all(str(x) for x in totals) and table is not None
        await pilot.press("escape")
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        await pilot.press(*"bought")
        shown = app.screen.query_one("#full-log-lines").render()
        assert "bought" in str(shown) and "placed" not in str(shown)
        await pilot.press("escape")
        assert app.screen.session is session


def test_every_destination_keeps_its_key_for_every_cube_and_completing_comes_first(
        five_player_game):
    from jorvik.engine import Assign, legal_actions
    from jorvik.tui.choices import menu_of as build_menu
    s = five_player_game
    checked = completing = 0
    for st in s.states:
        p = current_player(st)
        if st.phase != "unloading" or st.pending or p is None:
            continue
        goods = sorted({a.good for a in legal_actions(st) if isinstance(a, Assign)})
        if len(goods) < 2:
            continue
        keys: dict[tuple, str] = {}
        for g in goods:
            menu = build_menu(st, s.seats, ("cube", g))
            picks = [c for c in menu.choices if isinstance(c.action, Assign)]
            for c in picks:
                dest = (c.action.to, c.action.card)
                assert keys.setdefault(dest, c.key) == c.key, (dest, keys[dest], c.key)
            done = ["completes it" in c.label.plain for c in picks]
            assert done == sorted(done, reverse=True)  # a completing move is listed first
            completing += any(done)
        checked += 1
    assert checked >= 5 and completing >= 1


def test_a_list_longer_than_ten_gives_every_choice_its_own_key():
    from rich.text import Text

    from jorvik.play.menu import Choice, _number
    from jorvik.tui.screens.game import GameScreen
    choices = [Choice(Text(str(i))) for i in range(22)]
    _number(choices, {"1"})
    keys = [c.key for c in choices]
    assert None not in keys and len(set(keys)) == 22 and "1" not in keys
    bound = {b.key for b in GameScreen.BINDINGS}
    assert set(keys) <= bound


async def test_the_log_has_ten_lines_at_120_by_40_and_notifications_stay_off_it(tmp_path):
    app = make_app("--load", late_game_save(tmp_path, 5, 3), "--no-handover", autosave=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        log = app.screen.query_one("#log")
        assert log.content_size.height >= 10
        app.notify("a notification")
        from textual.widgets._toast import Toast
        await wait_until(pilot, lambda: any(t.region.area for t in app.screen.query(Toast)),
                         what="the notification")
        toasts = list(app.screen.query(Toast))
        assert toasts and all(not t.region.overlaps(log.region) for t in toasts)


async def test_what_happened_without_a_human_decision_stays_marked_in_the_log():
    """2-player Karl: the last purchase starts the unloading, which has nothing to assign
    and ends the round; those lines stay marked until the next human decision."""
    app = make_app("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "7",
                   "--no-handover", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        while screen.session.state.round == 1:
            key = "b" if screen.session.state.phase == "purchase" else "1"
            if screen.menu and not screen.menu.by_key(key):
                key = screen.menu.choices[0].key
            await pilot.press(key)
        log = screen.query_one("#log")
        width, height = log.content_size
        lines = [line.plain for line in log.build(width, height)]
        marked = [line for line in lines if line.startswith("▍")]
        assert any("Round 2" in line for line in marked)
        assert any("revealed" in line for line in marked)
        await pilot.press("1")  # the next human decision: the marks move on
        lines = [line.plain for line in log.build(width, height)]
        assert not any("Round 2" in line and line.startswith("▍") for line in lines)


async def test_the_command_palette_opens_the_game_log():
    from jorvik.tui.screens.log import LogScreen
    app = make_app("--players", "2", "--names", "Anna,Bela", "--seed", "1", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"Game log")
        await wait_until(pilot, lambda: palette_lists(app, "Game log"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen))


def test_words_one_coin_no_backticks_no_doubled_kind_names():
    from jorvik.i18n import catalogue, set_language, t
    from jorvik.tui.widgets.column import card_values
    assert t("tui.choice.buy", count=1) == "buy for 1 coin"
    assert t("tui.choice.buy", count=2) == "buy for 2 coins"
    assert t("tui.since.bought", count=1, card="Smith") == "bought Smith for 1 coin"
    for lang in ("en", "hu"):
        assert not [k for k, v in catalogue(lang).items()
                    if k.startswith("tui.") and "`" in str(v)]
    cards = load_cards()
    loki = next(c for c in cards.cards if c.type == "loki")
    warrior = next(c for c in cards.cards if c.type == "warrior")
    for lang in ("en", "hu"):
        set_language(lang)
        assert not card_values(loki).plain.startswith(t("tui.type.loki"))
        assert not card_values(warrior).plain.startswith(t("tui.type.warrior"))


def test_the_season_label_is_right_in_every_round_including_the_last(five_player_game):
    from jorvik.tui.widgets.status import round_seasons
    s = five_player_game
    by_round: dict[int, set] = {}
    for i, st in enumerate(s.states):
        if st.phase in ("demand", "purchase", "unloading"):
            log = [e for e in s.log if e.index <= i]
            by_round.setdefault(st.round, set()).add(tuple(round_seasons(st, log)))
    assert all(len(labels) == 1 and next(iter(labels)) for labels in by_round.values())
    assert by_round[1] == {("A",)} and by_round[max(by_round)] == {("D",)}
