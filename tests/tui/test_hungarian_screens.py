"""The app in Hungarian: every screen of a seeded game is free of English words, the prompts
keep their price or count in view, and at 80×24, 100×30 and 120×40 no word is cut ("…" in
place of its end) in the buy prompt, the key line at the bottom or the "VP now" table."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from jorvik.engine import Buy, legal_actions
from jorvik.i18n import catalogue, set_language
from jorvik.tui.keys import key_label
from jorvik.tui.screens.final import FinalScreen, ScoresNowScreen
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.screens.message import ConfirmScreen
from jorvik.tui.screens.setup import SetupScreen
from jorvik.tui.widgets.choice_list import ChoiceList
from tui_helpers import make_app, palette_lists, wait_until

# Words of the English edition (and of Textual and argparse) that must not show on a Hungarian
# screen. Proper names the Hungarian rulebook keeps (Jarl, Karl, Loki, Mjölnir, Knarr) and the
# language switch's "English" are not in the list.
ENGLISH = (
    "the", "and", "of", "to", "you", "your", "for", "with", "from", "or", "on", "in",
    "Round", "round", "phase", "Supply", "Demand", "Purchase", "Unloading", "Attack", "Picts",
    "coin", "coins", "cube", "cubes", "VP", "buy", "Buy", "pass", "Pass", "done", "Done",
    "Undo", "Help", "Save", "Quit", "Keys", "Rules", "Cards", "Search", "Commands", "mouse",
    "click", "back", "Back", "Yes", "No", "Close", "Continue", "Cancel", "Start", "Theme",
    "Screenshot", "Maximize", "Minimize", "matches", "easy", "normal", "hard", "bot", "Seat",
    "Player", "player", "Warehouse", "Storage", "Winner", "Total", "Category", "Final",
    "scoring", "Language", "empty", "next", "price", "Deck", "Bag", "Cargo", "Craftsman",
    "Merchant", "Prophecy", "Warrior", "Ship", "Feast", "Journey", "Skald", "turn", "left",
)
# A word cut off by a dialog's edge ("4 to█" of "4 további") is a fragment, not a word.
ENGLISH_RE = re.compile(r"(?<![\w-])(" + "|".join(ENGLISH) + r")(?![\w█-])")
NAMES = "Ödön,Éva,Anna,Zsófi2"
JARL_HU = ("--lang", "hu", "--players", "4", "--mode", "jarl", "--names", NAMES,
           "--seed", "11", "--no-handover", "--start-player", "1")


@pytest.fixture(autouse=True)
def _hungarian():
    set_language("hu")


def screen_text(app) -> str:
    """The whole terminal as plain text, as the player sees it (modal screens over the game
    included)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text()


def prompt(text: str) -> list[str]:
    """The lines of the screen that hold the prompt (for a failure's message)."""
    return [line for line in text.splitlines() if "Erzsébe:" in line or "érméért" in line
            or "maradt" in line or "megveszed" in line]


def assert_stats_lines_whole(text: str, where: str = "") -> None:
    """Every player's "coins, VP now▸if the game ended now, vikings" header is whole on its
    line of the panel ("5é 10▸18 GyP V4")."""
    stats = [part for line in text.splitlines() for part in line.split("█")
             if re.search(r"\d+é \d+▸", part)]
    assert stats, where
    for part in stats:
        assert re.search(r"\d+é \d+▸\d+ GyP V\d+", part), (where, part)


def _written_with_ellipsis() -> set[str]:
    """The words the Hungarian catalogues themselves end with "…" ("Mentés…", "gondolkodik…")."""
    words: set[str] = set()
    for value in catalogue("hu").values():
        for text in (value.values() if isinstance(value, dict) else [value]):
            words |= set(re.findall(r"\w+(?=…)", str(text)))
    return words


WHOLE = _written_with_ellipsis()


def cut_words(text: str) -> list[str]:
    """Words cut off with "…" ("Kateg…", "f2 En…"): a word the catalogues never end with "…"."""
    return [m.group(0) for m in re.finditer(r"\w+…", text) if m.group(0)[:-1] not in WHOLE]


def english_on(text: str) -> list[str]:
    return sorted({m.group(1) for m in ENGLISH_RE.finditer(text)})


def signature(screen: GameScreen) -> tuple:
    """What kind of decision the screen shows (a new kind is worth a look)."""
    st, menu = screen.session.state, screen.menu
    pending = st.pending[-1].kind if st.pending else None
    tags = tuple(sorted({c.tag for c in menu.choices})) if menu else ()
    return st.phase, pending, screen.path[:1], tags


async def test_no_english_on_any_screen_of_a_hungarian_game():
    seen: dict[str, str] = {}

    async def look(name: str) -> None:
        await pilot.pause()
        seen[name] = screen_text(app)

    app = make_app(*JARL_HU, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await look("start")
        for key, name in (("f1", "help: keys"), ("right", "help: rules"),
                          ("right", "help: cards")):
            await pilot.press(key)
            await look(name)
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await look("palette")
        await pilot.press(*"xyzq")
        await wait_until(pilot, lambda: palette_lists(app, "Nincs találat"))  # after a moment
        await look("palette: no matches")
        await pilot.press("escape")
        await pilot.press("ctrl+q")
        await look("quit dialog")
        await pilot.press("escape")
        await pilot.press("ctrl+s")
        await look("save dialog")
        await pilot.press("escape")
        await pilot.pause()

        kinds: set[tuple] = set()
        labels: set[str] = set()
        menu_width = app.screen.query_one("#choices", ChoiceList).content_region.width
        for step in range(5000):
            screen = app.screen
            if isinstance(screen, FinalScreen):
                break
            if isinstance(screen, ConfirmScreen):  # "cubes will be lost: end your turn?"
                await look("confirm dialog")
                await pilot.press("enter")
                continue
            assert isinstance(screen, GameScreen), type(screen)
            if screen.menu is None or not screen.menu.choices:
                await pilot.pause()
                continue
            session = screen.session
            if session.state.round > 4:  # every kind of decision has come up: to the end
                while not session.over:
                    session.apply(legal_actions(session.state)[0])
                screen.after_change()
                await pilot.pause()
                continue
            labels.update(f"{key_label(c.key) if c.key else '':>3} {c.label.plain}"
                          for c in screen.menu.choices)
            sig = signature(screen)
            if sig not in kinds:
                kinds.add(sig)
                await look(f"game: {sig}")
            # Every choice in turn (reserving, passing, using cards), not always the first, so
            # that most kinds of decision come up.
            choices = [c for c in screen.menu.choices if c.tag != "back"] or screen.menu.choices
            screen.choose(choices[step % len(choices)])
        await look("final scoring")
        assert isinstance(app.screen, FinalScreen)

    phases = {k.split("'")[1] for k in seen if k.startswith("game:")}
    assert {"demand", "purchase", "reservation", "unloading"} <= phases, phases
    found = {name: english_on(text) for name, text in seen.items() if english_on(text)}
    assert not found, found
    # No menu line wraps, and no player's coins · VP · vikings line breaks.
    too_long = sorted(label for label in labels if cell_len(label) > menu_width)
    assert not too_long, (menu_width, too_long)
    for name, text in seen.items():
        if name.startswith("game"):
            assert_stats_lines_whole(text, name)


async def test_setup_screen_and_bot_seats_in_hungarian():
    app = make_app("--lang", "hu", "--players", "3", "--bots", "2,3", "--seed", "1",
                   "--seat", "3=hard", "--bot-delay", "0")
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "közepes" in text and "nehéz" in text, text
        assert not english_on(text), english_on(text)


async def test_the_handover_banner_is_hungarian():
    app = make_app("--lang", "hu", "--players", "2", "--names", "Ödön,Anna", "--seed", "1",
                   "--start-player", "1", autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "Anna következik" in text and not english_on(text), english_on(text)


@pytest.mark.parametrize("size,players", [((120, 40), 4), ((100, 30), 4), ((120, 40), 5)])
async def test_hungarian_prompts_keep_the_price_and_the_count_in_view(size, players):
    """Price first: however the prompt is cut, "Név: N érméért" shows, and so does the
    menu line with the price; in the demand phase "N vikinged maradt" shows, and each player's
    coins, VP and vikings stay on one line of the panel."""
    # the longest name the setup allows comes first
    names = ",".join(["Magdolna Erzsébe", "Éva", "Anna", "Zsófi2", "Ödön"][:players])
    app = make_app("--lang", "hu", "--players", str(players), "--mode", "jarl", "--names", names,
                   "--seed", "5", "--no-handover", "--start-player", "1", autosave=False)
    async with app.run_test(size=size) as pilot:
        bought_prompts = demand_prompts = 0
        for _ in range(400):
            screen = app.screen
            if not isinstance(screen, GameScreen) or screen.session.state.round > 2:
                break
            if screen.menu is None or not screen.menu.choices:
                await pilot.pause()
                continue
            st = screen.session.state
            p = screen.session.decider
            if st.phase == "demand" and not st.pending and not screen.path:
                await pilot.pause()
                text = screen_text(app)
                assert f"{st.players[p].vikings} vikinged maradt" in text, prompt(text)
                assert_stats_lines_whole(text)
                assert not cut_words(text.splitlines()[-1]), text.splitlines()[-1]
                demand_prompts += 1
            elif st.phase in ("purchase", "reservation") and not st.pending and any(
                    isinstance(a, Buy) and not a.hall for a in
                    [c.action for c in screen.menu.choices]):
                price = (len(st.columns[st.turn]) if st.phase == "purchase"
                         else len(st.reservation))
                await pilot.pause()
                text = screen_text(app)
                # the question with its price shows whole, wherever the panel wraps it
                lines = text.splitlines()
                i = next(n for n, line in enumerate(lines) if "megveszed" in line)
                first, second = _segment(lines, i, "megveszed")
                shown = " ".join((first + " " + second).split())
                assert f"{st.players[p].name}: megveszed {price} érméért?" in shown, shown
                assert f"b vásárlás {price} érméért" in text, prompt(text)
                assert not cut_words("\n".join(prompt(text))), prompt(text)
                assert not cut_words(text.splitlines()[-1]), text.splitlines()[-1]
                bought_prompts += 1
            screen.choose(screen.menu.choices[0])
        assert bought_prompts >= 3 and demand_prompts >= 8


async def test_the_scan_sees_english_on_an_english_screen():
    set_language("en")
    app = make_app("--players", "2", "--names", "Ann,Bob", "--seed", "1", "--no-handover",
                   autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        found = english_on(screen_text(app))
    assert {"phase", "Undo", "Help", "Quit"} <= set(found), found


def test_the_cut_word_scan_sees_a_cut_word():
    assert cut_words(" b Vásárlás  f2 En… ^p Parancsok") == ["En…"]
    assert cut_words("│ Kateg… │ 1. játék… │") == ["Kateg…", "játék…"]
    assert cut_words(" ^s Mentés…  2. gép gondolkodik…") == []


def _segment(lines: list[str], i: int, needle: str) -> tuple[str, str]:
    """The part of line i that holds `needle` (the screen's areas are split by "│"), and the
    same part of the next line."""
    parts = lines[i].split("│")
    k = next(n for n, part in enumerate(parts) if needle in part)
    after = lines[i + 1].split("│") if i + 1 < len(lines) else []
    return parts[k], after[k] if k < len(after) else ""


def _table_part(text: str) -> list[str]:
    """The lines of the "VP now" dialog between its title and its hint, inside its border."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "Győzelmi pontok, ha most" in line)
    title = lines[top]
    start = title.index("Győzelmi pontok")
    left = title.rindex("█", 0, start)
    right = title.index("█", start)
    bottom = next(i for i in range(top, len(lines)) if "vissza a játékhoz" in lines[i])
    return [line[left + 1:right] for line in lines[top + 1:bottom]]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_no_cut_word_in_the_buy_prompt_the_key_line_or_the_vp_table(size):
    """A 4-player Jarl game with the default names: the buy prompt shows the player's coins
    whole, the key line shows whole labels only, and the "VP now" table's first column and
    headers fit."""
    names = "1. játékos,2. gép,3. gép,4. gép"
    app = make_app("--lang", "hu", "--players", "4", "--mode", "jarl", "--names", names,
                   "--seed", "5", "--no-handover", "--start-player", "1", autosave=False)
    async with app.run_test(size=size) as pilot:
        prompts = tables = unloading = 0
        for _ in range(600):
            screen = app.screen
            if not isinstance(screen, GameScreen) or screen.session.state.round > 2:
                break
            if screen.menu is None or not screen.menu.choices:
                await pilot.pause()
                continue
            st = screen.session.state
            p = screen.session.decider
            if st.phase in ("purchase", "reservation") and not st.pending and any(
                    isinstance(c.action, Buy) and not c.action.hall for c in screen.menu.choices):
                await pilot.pause()
                text = screen_text(app)
                lines = text.splitlines()
                i = next(n for n, line in enumerate(lines) if "megveszed" in line)
                first, second = _segment(lines, i, "megveszed")
                shown = " ".join((first + " " + second).split())
                coins = st.players[p].coins
                assert f"({coins} érméd van)" in shown, shown
                assert not cut_words(first + second), (first, second)
                assert not cut_words(lines[-1]), lines[-1]
                prompts += 1
                if tables < 2:
                    await pilot.press("v")
                    await pilot.pause()
                    assert isinstance(app.screen, ScoresNowScreen)
                    await wait_until(pilot, lambda: "Kategória" in screen_text(app),
                                     what="the VP table's first paint")
                    vp_screen = screen_text(app)
                    table = _table_part(vp_screen)
                    assert any("Kategória" in line for line in table), vp_screen
                    assert any("1. játékos" in line and "4. gép" in line for line in table), table
                    assert not cut_words("\n".join(table)), table
                    await pilot.press("escape")
                    await pilot.pause()
                    tables += 1
            elif st.phase == "unloading" and not screen.path:
                await pilot.pause()
                footer = screen_text(app).splitlines()[-1]
                assert not cut_words(footer), footer
                assert "Kész" in footer, footer
                unloading += 1
            screen.choose(screen.menu.choices[0])
        assert prompts >= 3 and tables == 2 and unloading >= 2, (prompts, tables, unloading)


# ---- the standings bar (issue 32 §4, issue 31 §3): whole entries in both languages

def _standings_game(names: list[str], rounds: int = 4):
    import random as _random

    from jorvik.carddata import load_cards
    from jorvik.engine import apply_action, new_game
    st = new_game(names, mode="jarl", seed=3, cards=load_cards())
    rng = _random.Random(1)
    while st.round < rounds:
        st, _ = apply_action(st, rng.choice(legal_actions(st)))
    return st


@pytest.mark.parametrize("lang, names", [
    ("hu", ["1. játékos", "2. játékos", "3. játékos", "4. játékos"]),
    ("hu", ["1. játékos", "2. játékos", "3. játékos", "4. játékos", "5. játékos"]),
    ("hu", ["1. játékos", "2. gép", "3. gép", "4. gép", "5. gép"]),
    ("en", ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"]),
    ("hu", ["Éva", "Bálint", "Magdolna Erzsébet", "Ödön", "Zsófi"]),
])
@pytest.mark.parametrize("width", [78, 98, 118])  # the bar's width at 80, 100 and 120 columns
def test_the_standings_bar_shows_every_player_whole_in_order(lang, names, width):
    from jorvik.play.scores import scores_now
    from jorvik.tui.text import COLOUR_NAMES, Seats
    from jorvik.tui.widgets.standings import StandingsBar
    set_language(lang)
    st = _standings_game(names)
    bar = StandingsBar()
    bar.show(st, Seats(names, list(COLOUR_NAMES[:len(names)]), [None] * len(names)))
    line = bar.build(width, 1)[0].plain
    assert cell_len(line) <= width, line
    # a long name may end in "…" after a whole word ("Magdolna…"), never inside one
    words = {w for name in names for w in name.split()}
    assert [w for w in cut_words(line) if w[:-1] not in words] == [], line
    # never a rank before a name that begins with a numeral ("1. 2. gép" / "1.1. já…")
    assert not re.search(r"\d\.\s*\d+\.", line), line
    totals = [r["total"] for r in scores_now(st)["scores"]]
    order = sorted(range(len(names)), key=lambda p: -totals[p])
    where = [line.find(names[p] if len(names[p]) <= 14 or width > 80 else names[p][:8])
             for p in order]
    assert all(i >= 0 for i in where) and where == sorted(where), (line, where)
    lead = totals[order[0]]
    for p in order[1:]:
        gap = f"{totals[p] - lead:+d}".replace("-", "−")
        assert f" {gap}" in line, (line, gap)
    if width >= 98 and lang == "en":
        assert line.split(" · ")[0].split(": ")[-1].startswith("1. "), line  # ranked


async def test_the_standings_bar_at_80x24_in_hungarian_reads_whole():
    app = make_app("--lang", "hu", "--players", "4", "--mode", "jarl", "--seed", "5",
                   "--no-handover", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        await pilot.pause()
        text = screen_text(app)
        bar = [line.rstrip() for line in text.splitlines() if "GyP ·" in line]
        assert bar == [" 1. játékos 10 GyP · 2. játékos +0 · 3. játékos +0 · 4. játékos +0"], text


@pytest.mark.parametrize("names", [
    ["1. játékos", "2. játékos", "3. játékos", "4. játékos", "5. játékos"],
    ["1. játékos", "2. gép", "3. gép", "4. gép", "5. gép"],
    ["Player 1", "Player 2", "Bot 3"],
])
def test_viking_markers_of_numbered_names_are_distinct_letters(names):
    # Issue 31 §5: a marker is never a digit (a menu key) nor "?" (the hint key); the
    # default Hungarian names begin with a numeral, so their marker is a letter of the name.
    from jorvik.play.seats import markers
    marks = markers(names)
    assert len(set(marks)) == len(names), marks
    assert all(m.isalpha() for m in marks), marks
    if names[0] == "1. játékos":
        assert marks[0] == "J", marks  # the first letter, not the numeral


@pytest.mark.parametrize("lang", ["hu", "en"])
async def test_every_demand_space_shows_its_price_whole_with_five_players_at_80x24(lang):
    # "következő: 1" is one cell wider than a 5-player card box at 80 columns: it was cut to
    # "következő: " (the number lost); the shorter form "köv. ár: 1" keeps the number.
    app = make_app("--lang", lang, "--players", "5", "--mode", "jarl", "--seed", "4",
                   "--no-handover", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        await pilot.pause()
        lines = screen_text(app).splitlines()
        price = r"(?:ár|következő|köv\. ár|price|next pays|next): \d+|(?:price|next pays) \d+"
        row = next((line for line in lines if len(re.findall(price, line)) >= 3), "")
        assert row, lines
        boxes = [box for box in row.split("│") if box.strip()]
        assert len(boxes) == 6 and all(re.search(price + r"\s*$", b) for b in boxes), row


@pytest.mark.parametrize("lang, label", [("hu", "Raktár"), ("en", "Warehouse")])
@pytest.mark.parametrize("width", [20, 24, 30, 60])
def test_the_warehouse_piece_of_a_player_area_is_never_split(lang, label, width):
    # Issue 32 row 31: "Raktm - 0/1  Raktár -" / "0/4" in a 24-wide area at 120x40; the
    # Warehouse is a piece of its own, beside the storage space or whole on the next line.
    from jorvik.carddata import load_cards
    from jorvik.engine import new_game
    from jorvik.tui.widgets.player_panel import pack, panel_segments
    set_language(lang)
    st = new_game(["Éva", "Ödön"], mode="jarl", seed=3, cards=load_cards())
    st.players[0].cards = ("A09",)  # the Warehouse
    lines = [line.plain for line in pack(panel_segments(st, 0), width)]
    assert sum(f"{label} - 0/4" in line for line in lines) == 1, lines
    assert len(lines) == (1 if width >= 30 else 2), lines


@pytest.mark.parametrize("lang, unit", [("hu", "GyP"), ("en", "VP")])
@pytest.mark.parametrize("width", [9, 11, 12, 14, 30])
def test_a_narrow_player_area_keeps_the_vp_with_its_unit(lang, unit, width):
    # 5-player Karl at 100x30: an area is 11 cells wide; the head's numbers were wrapped at
    # any space ("5é 10▸10" / "GyP V3"). Now "10▸10 GyP" stays whole on its line.
    from jorvik.carddata import load_cards
    from jorvik.engine import new_game
    from jorvik.tui.text import COLOUR_NAMES, Seats
    from jorvik.tui.widgets.player_panel import panel_head, panel_lines
    set_language(lang)
    names = ["1. játékos", "2. játékos", "3. játékos", "4. játékos", "5. játékos"]
    st = new_game(names, mode="karl", seed=8, cards=load_cards())
    seats = Seats(names, list(COLOUR_NAMES), [None] * 5)
    lines = [line.plain for line in panel_lines(panel_head(st, seats, 1), [], width)]
    assert all(cell_len(line) <= width for line in lines), lines
    assert sum(bool(re.search(rf"\d+▸\d+ {unit}", line)) for line in lines) == 1, lines
    assert len(lines) <= 3, lines


async def test_a_move_the_rules_refuse_is_told_in_hungarian():
    """The engine's reason, worded in the game's language (never its English)."""
    app = make_app(*JARL_HU, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.state.phase == "demand"
        said: list[str] = []
        screen.notify = lambda message, **kw: said.append(message)
        screen.play(Buy())   # the demand phase: nothing is for sale
        assert said == ["Ez most nem lehetséges (keresletfázis): vásárlás."]
        assert not screen.session.actions
