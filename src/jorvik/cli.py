"""The `jorvik` command: play, games, simulate, tournament, cards, learn, review, replay."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import math
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from jorvik import i18n
from jorvik.i18n.cli import (
    HelpFormatter,
    error_text,
    help_text,
    label,
    translate_argparse,
)
from jorvik.outside import printable

if TYPE_CHECKING:
    from jorvik.engine import CardSet
    from jorvik.play.lock import GameLock
    from jorvik.play.seating import Problem
    from jorvik.tui.app import PlayConfig

MODES = ("karl", "jarl")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2, in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        translate_argparse()  # before argparse words its headings and the -h help
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, printable(error_text("prefix", message=message)) + "\n")


def _number(kind: type, low: float, high: float | None, not_a_number: str, too_low: str,
            too_high: str = "") -> Callable[[str], Any]:
    """An option's value: a finite `kind` (int or float) from `low` to `high` (None: no upper
    bound); each way to miss is one translated line (the cli.errors key names it)."""
    def parse(value: str) -> Any:
        try:
            x = kind(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                error_text(not_a_number, value=i18n.quoted(value))) from None
        if not math.isfinite(x):  # nan or inf would hang a bot
            raise argparse.ArgumentTypeError(error_text(not_a_number, value=i18n.quoted(value)))
        if x < low:
            raise argparse.ArgumentTypeError(error_text(too_low, value=x))
        if high is not None and x > high:
            raise argparse.ArgumentTypeError(error_text(too_high, value=x, most=high))
        return x
    return parse


MAX_WORKERS = 64      # more processes would only exhaust the machine
MAX_GAMES = 1_000_000  # games of one simulate or tournament run
MAX_PLAYOUTS = 1000   # playouts per move of a review or a playout bot (the default is 8)
MAX_THINK = 60.0      # seconds per decision of the hard bot
MAX_BOT_DELAY = 10.0  # seconds before each bot move
PLAYERS = _number(int, 2, 5, "players_not_number", "players_range", "players_range")
GAMES = _number(int, 1, MAX_GAMES, "not_whole_number", "too_small", "too_many")
PLAYOUTS = _number(int, 1, MAX_PLAYOUTS, "not_whole_number", "too_small", "too_many")
WORKERS = _number(int, 1, MAX_WORKERS, "not_whole_number", "too_small", "too_many_workers")
THINK = _number(float, 0, MAX_THINK, "not_seconds", "negative_seconds", "too_many_seconds")
BOT_DELAY = _number(float, 0, MAX_BOT_DELAY, "not_seconds", "negative_seconds", "too_many_seconds")


def SEED(value: str) -> int:
    """A game's seed: only what a save can hold (recordschema.SEED_RANGE), so a game that
    says it is saved can always be resumed (N26)."""
    from jorvik.recordschema import SEED_RANGE
    low, high = SEED_RANGE[0], SEED_RANGE[1] - 1
    try:
        seed = int(value)
    except ValueError:
        seed = None
    if seed is None or not low <= seed <= high:
        raise argparse.ArgumentTypeError(error_text("seed_range", low=str(low), high=str(high),
                                                    value=i18n.quoted(value)))
    return seed


def _version() -> str:
    """The installed package's version (pyproject.toml's)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("jorvik")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    # Options several commands share, each declared once (argparse parent parsers).
    lang, table, card_file, as_json, batch = (_Parser(add_help=False) for _ in range(5))
    lang.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help=help_text("lang"))
    table.add_argument("--players", type=PLAYERS, default=4, help=help_text("players"))
    table.add_argument("--mode", choices=MODES, default="karl", help=help_text("mode"))
    card_file.add_argument("--cards", metavar="PATH", help=help_text("card_file"))
    as_json.add_argument("--json", action="store_true", help=help_text("json"))
    batch.add_argument("--games", type=GAMES, default=100, help=help_text("games"))
    batch.add_argument("--seed", type=SEED, default=0, help=help_text("seed"))

    parser = _Parser(prog="jorvik", description=help_text("description"), parents=[lang])
    parser.add_argument("--version", action="version", version=f"jorvik {_version()}",
                        help=help_text("version"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, title=label("commands"),
                                metavar=label("command"))

    # A new table's options, `jorvik play`'s and `jorvik host`'s, declared once: who sits
    # where, then (after play's --resume/--load) the bots and the pace.
    who, saved, how = (_Parser(add_help=False) for _ in range(3))
    who.add_argument("--names", help=help_text("names"))
    who.add_argument("--colours", "--colors", dest="colours", help=help_text("colours"))
    who.add_argument("--seed", type=SEED, default=None, help=help_text("seed"))
    who.add_argument("--start-player", type=int, default=None, help=help_text("start_player"))
    saved.add_argument("--resume", action="store_true", help=help_text("resume"))
    saved.add_argument("--load", metavar="FILE", help=help_text("load"))
    how.add_argument("--bots", default="", help=help_text("bot_seats"))
    how.add_argument("--level", default="normal", help=help_text("level"))
    how.add_argument("--seat", action="append", default=[], metavar="N=LEVEL",
                     help=help_text("seat"))
    how.add_argument("--bot-delay", type=BOT_DELAY, default=0.6, help=help_text("bot_delay"))
    how.add_argument("--think", type=THINK, default=1.0, help=help_text("think"))
    how.add_argument("--handover", choices=("always", "changes", "never"), default=None,
                     help=help_text("handover"))
    how.add_argument("--no-handover", action="store_true", help=help_text("no_handover"))
    how.add_argument("--no-hints", action="store_true", help=i18n.t("learn.cli.no_hints"))

    play = sub.add_parser("play", help=help_text("play"),
                          parents=[lang, table, card_file, who, saved, how])
    play.set_defaults(func=cmd_play)

    games = sub.add_parser("games", help=help_text("games_command"), parents=[lang])
    what = games.add_mutually_exclusive_group()
    what.add_argument("--resume", metavar="ID", help=help_text("games_resume"))
    what.add_argument("--load", metavar="FILE", help=help_text("load"))
    what.add_argument("--delete", metavar="ID", help=help_text("games_delete"))
    what.add_argument("--replay", metavar="ID", help=i18n.t("replay.cli.games_replay"))
    games.add_argument("--yes", action="store_true", help=help_text("games_yes"))
    games.set_defaults(func=cmd_games)

    from jorvik.net.run import FromCli, add_commands  # jorvik host, jorvik join (issue 35)
    add_commands(sub, lang, [lang, table, card_file, who, how],
                 FromCli(play_config=play_config, known_bot=_known_bot, seed=SEED))

    sim = sub.add_parser("simulate", help=help_text("simulate"),
                         parents=[lang, batch, table, card_file, as_json])
    sim.add_argument("--bots", default="random", help=help_text("bot_names"))
    sim.set_defaults(func=cmd_simulate)

    tour = sub.add_parser("tournament", help=help_text("tournament"),
                          parents=[lang, batch, table, card_file, as_json])
    tour.add_argument("--bots", required=True, help=help_text("bot_names"))
    tour.add_argument("--think", type=THINK, default=None, help=help_text("think"))
    tour.add_argument("--playouts", type=PLAYOUTS, default=None, help=help_text("playouts"))
    tour.add_argument("--workers", type=WORKERS, default=None, help=help_text("workers"))
    tour.set_defaults(func=cmd_tournament)

    cards = sub.add_parser("cards", help=help_text("cards"), parents=[lang, card_file, as_json])
    cards.add_argument("--mode", choices=MODES, default=None, help=help_text("mode"))
    cards.add_argument("--players", type=PLAYERS, default=None, help=help_text("players"))
    cards.set_defaults(func=cmd_cards)

    # the tutorial and the review
    learn = sub.add_parser("learn", help=i18n.t("learn.cli.learn"), parents=[lang])
    learn.set_defaults(func=cmd_learn)
    review = sub.add_parser("review", help=i18n.t("learn.cli.review"), parents=[lang])
    review.add_argument("game", metavar="GAME_ID|FILE", help=i18n.t("learn.cli.review_game"))
    review.add_argument("--playouts", type=PLAYOUTS, default=None, help=i18n.t("learn.cli.budget"))
    review.add_argument("--seed", type=SEED, default=0, help=help_text("seed"))
    review.set_defaults(func=cmd_review)
    replay = sub.add_parser("replay", help=i18n.t("replay.cli.help"), parents=[lang])
    replay.add_argument("game", metavar="GAME_ID|FILE", help=i18n.t("replay.cli.game"))
    replay.set_defaults(func=cmd_replay)
    return parser


def _known_bot(parser: argparse.ArgumentParser, name: str) -> None:
    """A bot level that does not exist: one line, exit status 2."""
    from jorvik.bots import BOTS
    from jorvik.play.seating import level_problem
    _or_exit(parser, level_problem(name, BOTS))


def _bot_list(parser: argparse.ArgumentParser, spec: str, players: int) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        parser.error(error_text("no_bots"))
    for b in names:
        _known_bot(parser, b)
    if len(names) > players:
        parser.error(error_text("too_many_bots", count=len(names), players=players))
    return names


def _or_exit(parser: argparse.ArgumentParser, problem: Problem | None) -> None:
    """A problem of the options: its one line, exit status 2 (argparse's)."""
    if problem is not None:
        parser.error(problem.message)


def play_config(parser: argparse.ArgumentParser, args: argparse.Namespace) -> PlayConfig:
    """The one place `jorvik play`'s options become the app's PlayConfig: a bad option ends
    the command with one translated line and exit status 2. The checks themselves are
    play/seating.py's (pure, tested one by one); here the cards and the saved game are read."""
    from jorvik.bots import BOTS
    from jorvik.carddata import load_cards_or_exit
    from jorvik.play.seating import Problem, TableOptions, resume_problem, seating
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.text import Seats

    opts = TableOptions.of(args)
    _or_exit(parser, resume_problem(opts))
    # a resumed game's --seat N=LEVEL: the seat changes hands once the game is loaded
    resume_seats: list[str] = []
    if opts.resume or opts.load:
        resume_seats, opts = list(opts.seat), dataclasses.replace(opts, seat=())
    cards = load_cards_or_exit(parser, args.cards)
    seated = seating(opts, BOTS)
    if isinstance(seated, Problem):
        parser.error(seated.message)
    load_path, notices = _saved_game(parser, args, cards)
    seat_changes = _seat_changes(parser, resume_seats, load_path)
    return PlayConfig(
        cards=cards, seats=Seats(seated.names, seated.colours, seated.bots), mode=args.mode,
        seed=args.seed, start_player=seated.start, cards_path=args.cards, load_path=load_path,
        need_setup=seated.need_setup,
        handover=args.handover or ("never" if args.no_handover else True),
        bot_delay=args.bot_delay, think=args.think, lock=_lock(parser, load_path),
        notices=notices, seat_changes=seat_changes,
    )


def _seat_changes(parser: argparse.ArgumentParser, specs: list[str],
                  load_path: Path | None) -> list[tuple[int, str | None]]:
    """`--seat N=LEVEL` given with --resume/--load: the changes of hands to make once the
    saved game is loaded, checked against its number of players (one line otherwise)."""
    if not specs:
        return []
    from jorvik.play import saves as saving
    from jorvik.play.seats import SeatSpecError, parse_seat_changes
    if load_path is None:
        parser.error(i18n.t("cli.errors.play.seat_nothing_to_resume"))
    try:
        return parse_seat_changes(specs, saving.save_players(load_path))
    except SeatSpecError as e:
        parser.error(str(e))


def _saved_game(parser: argparse.ArgumentParser, args: argparse.Namespace,
                cards: CardSet) -> tuple[Path | None, list[Callable[[], str]]]:
    """The save `--load FILE` or `--resume` plays (None: a new game), and the notices the
    app shows first. A file that cannot be used is one line, before the app starts; a
    damaged save of our own games folder opens the app, which offers to move it aside."""
    from jorvik.play import saves as saving
    from jorvik.play.errors import SaveError

    if args.load:
        load_path = Path(args.load).expanduser()
        own = saving.in_games_dir(load_path)
        try:
            if own:
                saving.read_save(load_path)
            else:
                saving.open_save(load_path, cards)
        except SaveError as e:
            if e.kind == "missing" or not own:
                parser.error(str(e))
        return load_path, []
    if args.resume:
        latest = saving.latest_unfinished()
        if latest is None:
            return None, [lambda: i18n.t("tui.save.nothing_to_resume")]
        return latest, []
    return None, []


def _lock(parser: argparse.ArgumentParser, load_path: Path | None) -> GameLock | None:
    """The lock of the game to play (None: a new game); a game open elsewhere is exit 2
    (LOCKED_EXIT)."""
    from jorvik.play.errors import SaveError
    from jorvik.play.lock import lock_game
    if load_path is None:
        return None
    try:
        return lock_game(load_path)
    except SaveError as e:
        parser.error(str(e))


def cmd_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik import tui
    return tui.run_play(play_config(parser, args), hints=not args.no_hints)


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
    from jorvik.play import saves as saving
    if args.resume or args.load:
        path = args.load
        if args.resume:
            found = saving.find_game(args.resume)
            if found is None:
                parser.error(i18n.t("cli.errors.games.unknown", id=i18n.quoted(args.resume)))
            path = str(found)
        return cmd_play(parser, build_parser().parse_args(["play", "--load", str(path)]))
    if args.delete:
        return _delete_game(parser, args.delete, args.yes)
    if args.replay:
        return cmd_replay(parser, argparse.Namespace(game=args.replay))
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
                     i18n.date_time(g.saved), i18n.t(f"cli.labels.{state}"),
                     ", ".join(g.players)])
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads) - 1)]
    print(i18n.t("cli.labels.games_title", folder=str(saving.games_dir())))
    for r in [heads, *rows]:
        print(printable("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1]))
    print(i18n.t("cli.labels.games_hint"))
    print(i18n.t("replay.cli.games_hint"))
    return 0


def _delete_game(parser: argparse.ArgumentParser, game_id: str, yes: bool) -> int:
    from jorvik.play import saves as saving
    path = saving.find_game(game_id)
    if path is None:
        parser.error(i18n.t("cli.errors.games.unknown", id=i18n.quoted(game_id)))
    lock = saving.GameLock(path)
    if not lock.acquire():
        parser.error(i18n.t("cli.errors.games.open", id=game_id))
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
        # a lock file in a read-only folder stays; the OS lock is gone
        with contextlib.suppress(OSError):
            lock.lock_path.unlink(missing_ok=True)
    return 0


def _not_a_command(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """`jorvik --players 3`: the options of `play` without the word play. Say what to type."""
    shown = " ".join(a if a.isprintable() and " " not in a else repr(a) for a in argv)
    parser.error(i18n.t("cli.errors.no_command", suggestion=f"jorvik play {shown}".strip()))


def cmd_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.tournament import run_tournament
    return run_tournament(parser, args)


def cmd_learn(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.tui.screens.learn import run_learn
    return run_learn(args.lang)


def cmd_review(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.engine import RecordError
    from jorvik.play.errors import replay_refusal
    from jorvik.play.words import say_text
    from jorvik.tui.screens.review import ReviewInputError, run_review
    try:
        return run_review(args.game, args.playouts, args.seed)
    except ReviewInputError as e:
        parser.error(str(e))
    except RecordError as e:   # an action the rules refuse: why, in the user's language
        refused = replay_refusal(e)
        parser.error(say_text(refused) if refused is not None else str(e))


def cmd_replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`jorvik replay GAME_ID|FILE`: watch a game again; its file is only read."""
    from jorvik.play.replay import ReplayError, load
    try:
        replay = load(args.game)
    except ReplayError as e:
        parser.error(str(e))
    from jorvik.tui.replay_app import run_replay
    return run_replay(replay)


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


def _replacing_output() -> None:
    """An output that cannot take every character (PYTHONIOENCODING=ascii, a latin-1
    terminal) shows '?' for the rest instead of failing mid-table (N12)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not sys.__stdout__ and stream is not sys.__stderr__:
            continue  # a stand-in (a test's capture, an app's): its owner chose its errors
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf16", "utf32") and isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError, LookupError):
                stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    _replacing_output()
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
    try:
        return args.func(parser, args)
    except KeyboardInterrupt:  # Ctrl+C (or SIGTERM in review): one line, no traceback
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl+C cannot cut it short
        _say(i18n.t("cli.errors.interrupted"))
        return 130
    except OSError as e:  # the data folder or a file could not be read or written
        where = f" ({e.filename})" if e.filename else ""
        _say(i18n.t("cli.errors.os_error", error=f"{e.strerror or e}{where}"))
        return 1


def _say(line: str) -> None:
    """One line on standard error, made printable (the only way the CLI reports trouble
    outside argparse); a second Ctrl+C while it is written is ignored."""
    import signal
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        print(printable(line), file=sys.stderr)
    finally:
        signal.signal(signal.SIGINT, previous)

if __name__ == "__main__":
    sys.exit(main())
