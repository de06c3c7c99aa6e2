"""The `jorvik` command: play, games, simulate, tournament, cards."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any, NoReturn

from jorvik import i18n
from jorvik.i18n.cli import HelpFormatter, error_text, help_text, label, translate_argparse

MODES = ("karl", "jarl")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2, in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        translate_argparse()  # before argparse words its headings and the -h help
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

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


MAX_WORKERS = 64


def _workers(value: str) -> int:
    """--workers: 1 to MAX_WORKERS processes (more would only exhaust the machine)."""
    n = _positive(value)
    if n > MAX_WORKERS:
        raise argparse.ArgumentTypeError(error_text("too_many_workers", most=MAX_WORKERS, value=n))
    return n


def _seconds(most: float) -> Any:
    """An option of 0 to `most` seconds: a finite number (nan or inf would hang a bot)."""
    def parse(value: str) -> float:
        try:
            x = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(error_text("not_seconds", value=repr(value)))
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(error_text("not_seconds", value=repr(value)))
        if x < 0:
            raise argparse.ArgumentTypeError(error_text("negative_seconds", value=x))
        if x > most:
            raise argparse.ArgumentTypeError(i18n.t("cli.errors.too_many_seconds", value=x, most=most))
        return x
    return parse


MAX_THINK = 60.0      # seconds per decision of the hard bot
MAX_BOT_DELAY = 10.0  # seconds before each bot move


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help=help_text("lang"))


def _version() -> str:
    """The installed package's version (pyproject.toml's)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("jorvik")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="jorvik", description=help_text("description"))
    _common(parser)
    parser.add_argument("--version", action="version", version=f"jorvik {_version()}",
                        help=help_text("version"))
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
    play.add_argument("--bot-delay", type=_seconds(MAX_BOT_DELAY), default=0.6,
                      help=help_text("bot_delay"))
    play.add_argument("--think", type=_seconds(MAX_THINK), default=1.0, help=help_text("think"))
    play.add_argument("--no-handover", action="store_true", help=help_text("no_handover"))

    games = sub.add_parser("games", help=i18n.t("cli.help.games_command"))
    _common(games)
    what = games.add_mutually_exclusive_group()
    what.add_argument("--resume", metavar="ID", help=i18n.t("cli.help.games_resume"))
    what.add_argument("--load", metavar="FILE", help=help_text("load"))
    what.add_argument("--delete", metavar="ID", help=i18n.t("cli.help.games_delete"))
    games.add_argument("--yes", action="store_true", help=i18n.t("cli.help.games_yes"))

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
    tour.add_argument("--think", type=_seconds(MAX_THINK), default=None, help=help_text("think"))
    tour.add_argument("--playouts", type=_positive, default=None, help=help_text("playouts"))
    tour.add_argument("--workers", type=_workers, default=None, help=help_text("workers"))
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
    from jorvik.carddata import load_cards_or_exit
    from jorvik.simulate import simulate
    cards = load_cards_or_exit(parser, args.cards)
    bots = _bot_list(parser, args.bots, args.players)
    if args.json:
        res = simulate(args.games, args.players, args.mode, args.seed, bots, cards)
        print(json.dumps(res.summary()))
    else:
        from rich.console import Console
        from rich.progress import Progress
        console = Console(stderr=True)
        with Progress(console=console, transient=True) as bar:
            task = bar.add_task(label("progress", players=args.players, mode=args.mode),
                                total=args.games)
            res = simulate(args.games, args.players, args.mode, args.seed, bots, cards,
                           progress=lambda done: bar.update(task, completed=done))
        rows = [(label(k), v) for k, v in res.summary().items()
                if k not in ("failing_seeds", "failures")]  # those are in the problems below
        width = max(len(name) for name, _ in rows)
        for name, v in rows:
            print(f"{name:<{width}}  {i18n.format_number(v)}")
        for problem in res.problems[:10]:
            print(label("problem", problem=problem))
    return 0 if res.finished == res.games and res.violations == 0 else 1


def cmd_cards(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.carddata import card_to_dict, load_cards_or_exit
    cards = load_cards_or_exit(parser, args.cards)
    chosen = [c for c in cards.cards
              if args.mode is None or not c.removed(args.players or 4, args.mode)]
    if args.json:
        print(json.dumps([card_to_dict(c) for c in chosen], ensure_ascii=False, indent=1))
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text
    from jorvik.i18n.cards import card_name, card_text, type_name
    table = Table(title=label("cards_title", count=len(chosen)))
    for col in ("column_id", "column_type", "column_name", "column_effect", "column_source"):
        table.add_column(i18n.t(f"cli.labels.{col}"))
    for c in chosen:
        # Text cells: a card file's "[" is shown as written, never read as Rich markup.
        table.add_row(*(Text(v) for v in (c.id, type_name(c.type), card_name(c), card_text(c),
                                          c.source)))
    Console().print(table)
    return 0


def cmd_games(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`jorvik games`: list the saved games; --resume ID / --load FILE play one; --delete ID
    removes one (after asking)."""
    from jorvik.tui import save as saving
    if args.resume or args.load:
        path = args.load
        if args.resume:
            found = saving.find_game(args.resume)
            if found is None:
                parser.exit(2, error_text("prefix", message=i18n.t(
                    "cli.errors.games.unknown", id=repr(args.resume))) + "\n")
            path = str(found)
        from jorvik.tui import run_play
        play_args = build_parser().parse_args(["play", "--load", str(path)])
        return run_play(parser, play_args)
    if args.delete:
        return _delete_game(parser, args.delete, args.yes)
    games = saving.list_games()
    if not games:
        print(i18n.t("cli.labels.games_none", folder=str(saving.games_dir())))
        return 0
    # Plain columns, the players last: an id is typed back in `--resume ID`, so it is never
    # broken over two lines, whatever the width of the terminal.
    heads = [i18n.t(f"cli.labels.{col}") for col in (
        "games_id", "games_mode", "games_round", "games_saved", "games_state", "games_players")]
    rows = []
    for g in games:
        state = ("games_damaged" if g.damaged else "games_finished" if g.finished
                 else "games_unfinished")
        mode = i18n.t(f"tui.mode.{g.mode}") if g.mode in MODES else ""
        rows.append([g.game_id, mode, str(g.round) if not g.damaged else "",
                     g.saved.replace("T", " ")[:16], i18n.t(f"cli.labels.{state}"),
                     ", ".join(g.players)])
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads) - 1)]
    print(i18n.t("cli.labels.games_title", folder=str(saving.games_dir())))
    for r in [heads, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1])
    print(i18n.t("cli.labels.games_hint"))
    return 0


def _delete_game(parser: argparse.ArgumentParser, game_id: str, yes: bool) -> int:
    from jorvik.tui import save as saving
    path = saving.find_game(game_id)
    if path is None:
        parser.exit(2, error_text("prefix", message=i18n.t(
            "cli.errors.games.unknown", id=repr(game_id))) + "\n")
    lock = saving.GameLock(path)
    if not lock.acquire():
        parser.exit(2, error_text("prefix", message=i18n.t(
            "cli.errors.games.open", id=game_id)) + "\n")
    try:
        if not yes:
            try:
                answer = input(i18n.t("cli.labels.games_delete_ask", id=game_id) + " ")
            except EOFError:
                answer = ""
            if answer.strip().lower() not in ("y", "yes", "i", "igen"):
                print(i18n.t("cli.labels.games_kept", id=game_id))
                return 1
        path.unlink()
        print(i18n.t("cli.labels.games_deleted", id=game_id))
    finally:
        lock.release()
        lock.lock_path.unlink(missing_ok=True)
    return 0


def _not_a_command(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """`jorvik --players 3`: the options of `play` without the word play. Say what to type."""
    shown = " ".join(a if a.isprintable() and " " not in a else repr(a) for a in argv)
    parser.exit(2, error_text("prefix", message=i18n.t(
        "cli.errors.no_command", suggestion=f"jorvik play {shown}".strip())) + "\n")


def _without_lang(argv: list[str]) -> list[str]:
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "--lang":
            skip = True
        elif not a.startswith("--lang="):
            out.append(a)
    return out


def main(argv: list[str] | None = None) -> int:
    # The language is known before the parser is built, so --help is translated too.
    i18n.set_language(i18n.resolve_language(i18n.language_from_argv(argv)))
    parser = build_parser()
    argv = list(argv if argv is not None else sys.argv[1:])
    rest = _without_lang(argv)
    if rest and rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version"):
        _not_a_command(parser, rest)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *argv])
    if args.command == "games":
        return cmd_games(parser, args)
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
