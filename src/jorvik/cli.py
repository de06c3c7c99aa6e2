"""The `jorvik` command: play, simulate, tournament, cards."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

MODES = ("karl", "jarl")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"jorvik: error: {message}\n")


def _players(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"players must be a number from 2 to 5, not {value!r}")
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(f"Jórvík is for 2 to 5 players, not {n}")
    return n


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}")
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {n}")
    return n


def _nonneg_float(value: str) -> float:
    try:
        x = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {value!r}")
    if x < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more seconds, not {x}")
    return x


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=("en", "hu"), default=None,
                   help="language (default: from LANG / LC_ALL, else English)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jorvik", description="Jórvík, the Viking trading game, in the terminal.")
    _common(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="play a hot-seat game")
    _common(play)
    play.add_argument("--players", type=_players, default=4)
    play.add_argument("--mode", choices=MODES, default="karl")
    play.add_argument("--names", help="comma-separated player names")
    play.add_argument("--colours", "--colors", dest="colours",
                      help="comma-separated colours: red,blue,green,yellow,white")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--start-player", type=int, default=None,
                      help="seat number (1-based) of the first start player")
    play.add_argument("--cards", metavar="PATH", help="a corrected card file")
    play.add_argument("--resume", action="store_true", help="continue the last game")
    play.add_argument("--load", metavar="FILE", help="load a saved game")
    play.add_argument("--bots", default="", help="seat numbers for computer players, e.g. 3,4")
    play.add_argument("--level", default="normal", help="bot level for --bots: easy|normal|hard")
    play.add_argument("--seat", action="append", default=[], metavar="N=LEVEL",
                      help="a bot of LEVEL in seat N (repeatable)")
    play.add_argument("--bot-delay", type=_nonneg_float, default=0.6)
    play.add_argument("--think", type=_nonneg_float, default=1.0,
                      help="seconds the hard bot thinks per decision")
    play.add_argument("--no-handover", action="store_true",
                      help="no hand-over banner between players")

    sim = sub.add_parser("simulate", help="play bot games and check the rules engine")
    _common(sim)
    sim.add_argument("--games", type=_positive, default=100)
    sim.add_argument("--players", type=_players, default=4)
    sim.add_argument("--mode", choices=MODES, default="karl")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", default="random", help="comma-separated bot names, one per seat")
    sim.add_argument("--cards", metavar="PATH")
    sim.add_argument("--json", action="store_true")

    tour = sub.add_parser("tournament", help="measure bots against each other")
    _common(tour)
    tour.add_argument("--games", type=_positive, default=100)
    tour.add_argument("--players", type=_players, default=4)
    tour.add_argument("--mode", choices=MODES, default="karl")
    tour.add_argument("--bots", required=True, help="comma-separated bot names, one per seat")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--think", type=_nonneg_float, default=None)
    tour.add_argument("--playouts", type=_positive, default=None)
    tour.add_argument("--cards", metavar="PATH")
    tour.add_argument("--json", action="store_true")

    cards = sub.add_parser("cards", help="list the cards of a game")
    _common(cards)
    cards.add_argument("--mode", choices=MODES, default=None)
    cards.add_argument("--players", type=_players, default=None)
    cards.add_argument("--cards", metavar="PATH")
    cards.add_argument("--json", action="store_true")
    return parser


def _load_cards(parser: argparse.ArgumentParser, path: str | None) -> Any:
    from jorvik.carddata import CardFileError, load_cards
    try:
        return load_cards(path)
    except CardFileError as e:
        parser.exit(2, f"jorvik: error: {e}\n")


def _bot_list(parser: argparse.ArgumentParser, spec: str, players: int) -> list[str]:
    from jorvik.bots import BOTS
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        parser.error("--bots needs at least one bot name")
    for b in names:
        if b not in BOTS:
            parser.error(f"unknown bot {b!r} (choose from {', '.join(sorted(BOTS))})")
    if len(names) > players:
        parser.error(f"{len(names)} bots for {players} players")
    return names


def cmd_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.simulate import simulate
    cards = _load_cards(parser, args.cards)
    bots = _bot_list(parser, args.bots, args.players)
    if args.json:
        res = simulate(args.games, args.players, args.mode, args.seed, bots, cards)
        print(json.dumps(res.summary()))
    else:
        from rich.console import Console
        from rich.progress import Progress
        console = Console(stderr=True)
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(f"{args.players}p {args.mode}", total=args.games)
            res = simulate(args.games, args.players, args.mode, args.seed, bots, cards,
                           progress=lambda done: bar.update(task, completed=done))
        s = res.summary()
        width = max(len(k) for k in s)
        for k, v in s.items():
            print(f"{k.replace('_', ' '):<{width}}  {v}")
        for problem in res.problems[:10]:
            print(f"problem: {problem}")
    return 0 if res.finished == res.games and res.violations == 0 else 1


def cmd_cards(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.carddata import card_to_dict
    cards = _load_cards(parser, args.cards)
    chosen = [c for c in cards.cards
              if args.mode is None or not c.removed(args.players or 4, args.mode)]
    if args.json:
        print(json.dumps([card_to_dict(c) for c in chosen], ensure_ascii=False, indent=1))
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title=f"Jórvík cards ({len(chosen)})")
    for col in ("id", "type", "name", "effect", "src"):
        table.add_column(col)
    for c in chosen:
        table.add_row(c.id, c.type, c.name, c.text, c.source)
    Console().print(table)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv if argv is not None else sys.argv[1:])])
    try:
        from jorvik import i18n
        i18n.set_language(i18n.resolve_language(args.lang))
    except ImportError:
        pass
    if args.command == "simulate":
        return cmd_simulate(parser, args)
    if args.command == "cards":
        return cmd_cards(parser, args)
    if args.command == "tournament":
        from jorvik.tournament import run_tournament
        return run_tournament(parser, args)
    from jorvik.tui import run_play
    return run_play(parser, args)


if __name__ == "__main__":
    sys.exit(main())
