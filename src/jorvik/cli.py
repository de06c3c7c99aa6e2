"""The `jorvik` command: play, simulate, tournament, cards."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from jorvik import i18n
from jorvik.i18n.cli import error_text, help_text, label

MODES = ("karl", "jarl")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_text("prefix", message=message) + "\n")


def _players(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(error_text("players_not_number", value=repr(value)))
    if not 2 <= n <= 5:
        raise argparse.ArgumentTypeError(error_text("players_range", value=n))
    return n


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(error_text("not_whole_number", value=repr(value)))
    if n < 1:
        raise argparse.ArgumentTypeError(error_text("too_small", value=n))
    return n


def _nonneg_float(value: str) -> float:
    try:
        x = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(error_text("not_seconds", value=repr(value)))
    if x < 0:
        raise argparse.ArgumentTypeError(error_text("negative_seconds", value=x))
    return x


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help=help_text("lang"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jorvik", description=help_text("description"))
    _common(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help=help_text("play"))
    _common(play)
    play.add_argument("--players", type=_players, default=4, help=help_text("players"))
    play.add_argument("--mode", choices=MODES, default="karl", help=help_text("mode"))
    play.add_argument("--names", help=help_text("names"))
    play.add_argument("--colours", "--colors", dest="colours", help=help_text("colours"))
    play.add_argument("--seed", type=int, default=None, help=help_text("seed"))
    play.add_argument("--start-player", type=int, default=None, help=help_text("start_player"))
    play.add_argument("--cards", metavar="PATH", help=help_text("card_file"))
    play.add_argument("--resume", action="store_true", help=help_text("resume"))
    play.add_argument("--load", metavar="FILE", help=help_text("load"))
    play.add_argument("--bots", default="", help=help_text("bot_seats"))
    play.add_argument("--level", default="normal", help=help_text("level"))
    play.add_argument("--seat", action="append", default=[], metavar="N=LEVEL",
                      help=help_text("seat"))
    play.add_argument("--bot-delay", type=_nonneg_float, default=0.6, help=help_text("bot_delay"))
    play.add_argument("--think", type=_nonneg_float, default=1.0, help=help_text("think"))
    play.add_argument("--no-handover", action="store_true", help=help_text("no_handover"))

    sim = sub.add_parser("simulate", help=help_text("simulate"))
    _common(sim)
    sim.add_argument("--games", type=_positive, default=100, help=help_text("games"))
    sim.add_argument("--players", type=_players, default=4, help=help_text("players"))
    sim.add_argument("--mode", choices=MODES, default="karl", help=help_text("mode"))
    sim.add_argument("--seed", type=int, default=0, help=help_text("seed"))
    sim.add_argument("--bots", default="random", help=help_text("bot_names"))
    sim.add_argument("--cards", metavar="PATH", help=help_text("card_file"))
    sim.add_argument("--json", action="store_true", help=help_text("json"))

    tour = sub.add_parser("tournament", help=help_text("tournament"))
    _common(tour)
    tour.add_argument("--games", type=_positive, default=100, help=help_text("games"))
    tour.add_argument("--players", type=_players, default=4, help=help_text("players"))
    tour.add_argument("--mode", choices=MODES, default="karl", help=help_text("mode"))
    tour.add_argument("--bots", required=True, help=help_text("bot_names"))
    tour.add_argument("--seed", type=int, default=0, help=help_text("seed"))
    tour.add_argument("--think", type=_nonneg_float, default=None, help=help_text("think"))
    tour.add_argument("--playouts", type=_positive, default=None, help=help_text("playouts"))
    tour.add_argument("--cards", metavar="PATH", help=help_text("card_file"))
    tour.add_argument("--json", action="store_true", help=help_text("json"))

    cards = sub.add_parser("cards", help=help_text("cards"))
    _common(cards)
    cards.add_argument("--mode", choices=MODES, default=None, help=help_text("mode"))
    cards.add_argument("--players", type=_players, default=None, help=help_text("players"))
    cards.add_argument("--cards", metavar="PATH", help=help_text("card_file"))
    cards.add_argument("--json", action="store_true", help=help_text("json"))
    # the tutorial and the review
    learn = sub.add_parser("learn", help=i18n.t("learn.cli.learn"))
    _common(learn)
    review = sub.add_parser("review", help=i18n.t("learn.cli.review"))
    _common(review)
    review.add_argument("game", metavar="GAME_ID|FILE", help=i18n.t("learn.cli.review_game"))
    review.add_argument("--playouts", type=_positive, default=None, help=i18n.t("learn.cli.budget"))
    play.add_argument("--no-hints", action="store_true", help=i18n.t("learn.cli.no_hints"))
    return parser


def _load_cards(parser: argparse.ArgumentParser, path: str | None) -> Any:
    from jorvik.carddata import CardFileError, load_cards
    try:
        return load_cards(path)
    except CardFileError as e:
        parser.exit(2, error_text("prefix", message=e) + "\n")


def _bot_list(parser: argparse.ArgumentParser, spec: str, players: int) -> list[str]:
    from jorvik.bots import BOTS
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        parser.error(error_text("no_bots"))
    for b in names:
        if b not in BOTS:
            parser.error(i18n.t("cli.errors.unknown_bot", name=repr(b),
                                    choices=", ".join(sorted(BOTS))))
    if len(names) > players:
        parser.error(error_text("too_many_bots", count=len(names), players=players))
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
        rows = [(label(k), v) for k, v in res.summary().items()]
        width = max(len(name) for name, _ in rows)
        for name, v in rows:
            print(f"{name:<{width}}  {v}")
        for problem in res.problems[:10]:
            print(label("problem", problem=problem))
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
    from jorvik.i18n.cards import card_name, card_text, type_name
    table = Table(title=label("cards_title", count=len(chosen)))
    for col in ("column_id", "column_type", "column_name", "column_effect", "column_source"):
        table.add_column(label(col))
    for c in chosen:
        table.add_row(c.id, type_name(c.type), card_name(c), card_text(c), c.source)
    Console().print(table)
    return 0


def main(argv: list[str] | None = None) -> int:
    # The language is known before the parser is built, so --help is translated too.
    i18n.set_language(i18n.resolve_language(i18n.language_from_argv(argv)))
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv if argv is not None else sys.argv[1:])])
    if args.command == "simulate":
        return cmd_simulate(parser, args)
    if args.command == "cards":
        return cmd_cards(parser, args)
    if args.command == "learn":
        from jorvik.tui.screens.learn import run_learn
        return run_learn(args.lang)
    if args.command == "review":
        from jorvik.tui.screens.review import run_review
        return run_review(parser, args)
    if args.command == "tournament":
        from jorvik.tournament import run_tournament
        return run_tournament(parser, args)
    from jorvik.tui import run_play
    return run_play(parser, args)


if __name__ == "__main__":
    sys.exit(main())
