"""Regenerate the SVG screenshots in this folder from seeded games played by bots:

    uv run python docs/screenshots/make.py

jarl-4p-120x40.svg (a late 4-player Jarl game), karl-2p-80x24.svg (2-player Karl in the
compact layout of an 80 × 24 terminal) and final-scoring.svg (a finished 5-player Jarl game);
and 5-player Jarl at 80 × 24 with 24-character names: the board (jarl-5p-80x24-board.svg),
the cards view (c: jarl-5p-80x24-cards.svg), the v table (jarl-5p-80x24-v-table.svg) and the
final table (jarl-5p-80x24-final.svg).

    uv run python docs/screenshots/make.py --80x24   # only the 80 × 24 five-player shots

The two colour themes (the palette's "Change theme"): the same late 4-player Jarl game in
jorvik-dark and in jorvik-light (theme-dark-120x40.svg, theme-light-120x40.svg), and the
2-player Karl game at 80 × 24 in each (theme-dark-80x24.svg, theme-light-80x24.svg):

    uv run python docs/screenshots/make.py --themes  # only the theme shots
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = ["Anna", "Bela", "Csaba", "Dora", "Erik"]
LONG = ["Brynhildr Sigurdardottir", "Ragnar Lodbrok Sigurdsso", "Ödön",
        "Egill Skallagrimsson", "Gudrun Osvifsdottir Bol"]
COLOURS = ["red", "blue", "green", "yellow", "white"]


def bot_game(n: int, mode: str, seed: int, until_round: int | None, phase: str = "demand",
             names: list[str] | None = None):
    """A seeded game of 'normal' bots with human seats, stopped at `phase` of `until_round`."""
    from jorvik.bots import make_bot
    from jorvik.carddata import load_cards
    from jorvik.engine import current_player
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats
    seats = Seats((names or NAMES)[:n], COLOURS[:n], [None] * n)
    s = Session.start(load_cards(), seats, mode, seed, None, autosave=False)
    bots = [make_bot("normal", seed=seed * 10 + i) for i in range(n)]
    while not s.over and (until_round is None or s.state.round < until_round
                          or s.state.phase != phase):
        s.apply(bots[current_player(s.state)].choose(s.state))
    return s


async def shoot(save: Path, size: tuple[int, int], out: Path, keys: tuple[str, ...] = (),
                theme: str | None = None) -> None:
    from jorvik.cli import build_parser, play_config
    from jorvik.tui import build_app
    parser = build_parser()
    app = build_app(play_config(parser, parser.parse_args(["play", "--lang", "en", "--load",
                                                           str(save), "--no-handover"])))
    app.config.autosave = False
    async with app.run_test(size=size) as pilot:
        if theme is not None:
            app.theme = theme
        await pilot.pause()
        for k in keys:
            await pilot.press(k)
        await pilot.pause(0.2)
        app.save_screenshot(filename=out.name, path=str(out.parent))
    print("wrote", out)


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["JORVIK_HOME"] = home
        tmp = Path(home)
        if "--themes" in sys.argv:
            jarl, karl = bot_game(4, "jarl", 5, 8, "unloading"), bot_game(2, "karl", 7, 6)
            for i, (session, size, name) in enumerate([(jarl, (120, 40), "120x40"),
                                                       (karl, (80, 24), "80x24")]):
                save = tmp / f"theme-{i}.json"
                session.save_as(save)
                for theme in ("dark", "light"):
                    asyncio.run(shoot(save, size, HERE / f"theme-{theme}-{name}.svg",
                                      ("1",) if size == (120, 40) else (),
                                      theme=f"jorvik-{theme}"))
            return
        late = bot_game(5, "jarl", 3, 7, "demand", LONG)
        shots = [
            (late, (80, 24), "jarl-5p-80x24-board.svg", ()),
            (late, (80, 24), "jarl-5p-80x24-cards.svg", ("c",)),
            (late, (80, 24), "jarl-5p-80x24-v-table.svg", ("v",)),
            (bot_game(5, "jarl", 3, None, names=LONG), (80, 24), "jarl-5p-80x24-final.svg",
             ()),
        ]
        if "--80x24" not in sys.argv:
            shots += [
                (bot_game(4, "jarl", 5, 8, "unloading"), (120, 40), "jarl-4p-120x40.svg",
                 ("1",)),
                (bot_game(2, "karl", 7, 6, "demand"), (80, 24), "karl-2p-80x24.svg", ()),
                (bot_game(5, "jarl", 3, None), (100, 30), "final-scoring.svg", ()),
            ]
        for i, (session, size, name, keys) in enumerate(shots):
            save = tmp / f"{i}.json"
            session.save_as(save)
            asyncio.run(shoot(save, size, HERE / name, keys))


if __name__ == "__main__":
    sys.exit(main())
