"""A new table's options checked: who sits where (names, colours, bots and their levels) and
who starts, from the options as given (`jorvik play`, `jorvik host`) to the seating, or to the
first problem as a kind and its one line. Pure: no argparse, no files, no exit; the command
line prints the problem's line and exits with status 2 (cli.play_config)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from jorvik.engine.names import names_problem
from jorvik.i18n import quoted, t
from jorvik.i18n.cli import colour_choices

from .seats import COLOUR_NAMES


class Kind(StrEnum):
    """What is wrong with the options: the catalogue key that words it."""

    RESUME_SEATS = "cli.errors.play.resume_seats"  # --resume/--load with --bots
    NAME_NOT_TEXT = "cli.errors.name.not_text"
    NAME_EMPTY = "cli.errors.name.empty"
    NAME_TOO_LONG = "cli.errors.name.too_long"
    NAME_UNPRINTABLE = "cli.errors.name.unprintable"
    NAME_DUPLICATE = "cli.errors.name.duplicate"
    PLAYERS_RANGE = "cli.errors.players_range"
    UNKNOWN_COLOUR = "cli.errors.play.unknown_colour"
    SAME_COLOUR = "cli.errors.play.same_colour"
    TOO_MANY_COLOURS = "cli.errors.play.too_many_colours"
    UNKNOWN_BOT = "cli.errors.unknown_bot"  # --level or a --seat's level
    NOT_A_SEAT = "cli.errors.play.not_a_seat"
    SEAT_RANGE = "cli.errors.play.seat_range"
    SEAT_SPEC = "cli.errors.play.seat_spec"  # a --seat without =LEVEL
    START_PLAYER = "cli.errors.play.start_player"
    NAMES_FOR_HUMANS = "cli.errors.play.names_for_humans"


@dataclass(frozen=True)
class Problem:
    """Why the options cannot be used: a kind (a Kind here; net/run.py adds its own) and the
    one line that says it, in the current language."""

    kind: str
    message: str


def problem(kind: Kind, **fields: Any) -> Problem:
    """The problem of this kind, worded in the current language."""
    return Problem(kind, t(kind.value, **fields))


@dataclass(frozen=True)
class TableOptions:
    """The options of a new table as the command line gives them (not yet checked)."""

    players: int = 4
    names: str | None = None          # "Éva,Bálint"
    colours: str | None = None        # "red,blue"
    bots: str = ""                    # seat numbers: "2,3"
    level: str = "normal"             # the level of the --bots seats
    seat: Sequence[str] = ()          # "N=LEVEL" each
    start_player: int | None = None   # 1-based
    resume: bool = False
    load: str | None = None

    @classmethod
    def of(cls, args: Any) -> TableOptions:
        """The options from a parsed command line (`jorvik play` / `jorvik host`)."""
        return cls(players=args.players, names=args.names, colours=args.colours,
                   bots=args.bots, level=args.level, seat=tuple(args.seat),
                   start_player=args.start_player, resume=bool(args.resume), load=args.load)


@dataclass(frozen=True)
class Seating:
    """Who sits where: a name, colour and bot level (None: a human) per seat, the start
    player (0-based; None: drawn), and whether the app still asks for the seats."""

    names: list[str]
    colours: list[str]
    bots: list[str | None]
    start: int | None
    need_setup: bool


def resume_problem(opts: TableOptions) -> Problem | None:
    """A resumed game keeps the seats it was saved with: --bots with --resume or --load is
    said, never ignored (a seat changes hands on resume with --seat N=LEVEL)."""
    if (opts.resume or opts.load) and opts.bots:
        return problem(Kind.RESUME_SEATS, option="--resume" if opts.resume else "--load",
                       seats="--bots")
    return None


def seat_numbers(spec: str | None, players: int, option: str) -> list[int] | Problem:
    """Seats named by number (1-based, comma-separated) as 0-based indices."""
    out = []
    for part in filter(None, (p.strip() for p in (spec or "").split(","))):
        try:
            seat = int(part)
        except ValueError:
            return problem(Kind.NOT_A_SEAT, option=option, value=quoted(part))
        if not 1 <= seat <= players:
            return problem(Kind.SEAT_RANGE, option=option, seat=seat, players=players)
        out.append(seat - 1)
    return out


def level_problem(level: str, levels: Collection[str]) -> Problem | None:
    """A bot level that is not one of `levels` (jorvik.bots.BOTS): the problem, naming them."""
    if level in levels:
        return None
    return problem(Kind.UNKNOWN_BOT, name=quoted(level), choices=", ".join(sorted(levels)))


def seating(opts: TableOptions, levels: Collection[str]) -> Seating | Problem:
    """The seating the options ask for, or their first problem (in the order the options
    were always checked: names, players, colours, levels, seats, start player, names of the
    human seats). `levels`: the bot levels there are (jorvik.bots.BOTS)."""
    names = _names(opts.names)
    if isinstance(names, Problem):
        return names
    players, fill = _players(opts, names)
    if not 2 <= players <= 5:
        return problem(Kind.PLAYERS_RANGE, value=players)
    colours = _colours(opts.colours, players)
    if isinstance(colours, Problem):
        return colours
    bots = _bots(opts, players, levels)
    if isinstance(bots, Problem):
        return bots
    start = None
    if opts.start_player is not None:
        if not 1 <= opts.start_player <= players:
            return problem(Kind.START_PLAYER, players=players)
        start = opts.start_player - 1
    defaults = [t("tui.setup.bot_name", seat=p + 1) if bots[p] else
                t("tui.setup.player_name", seat=p + 1) for p in range(players)]
    if fill:
        names = _humans_named(names, bots, defaults)
        if isinstance(names, Problem):
            return names
    return Seating(names or defaults, colours, bots, start,
                   need_setup=not names and not all(bots))


def _names(spec: str | None) -> list[str] | Problem:
    names = [n.strip() for n in spec.split(",")] if spec else []
    return _names_problem(names) or names


def _names_problem(names: list[str]) -> Problem | None:
    found = names_problem(names)
    if found is None:
        return None
    return problem(Kind(f"cli.errors.name.{found[0]}"), name=quoted(found[1]))


def _players(opts: TableOptions, names: list[str]) -> tuple[int, bool]:
    """How many seats, and whether the names are only the human seats'. Fewer names than
    --players, and bots in seats past them ("--players 5 --bots 3,4,5 --names Éva,Bálint"):
    the names are the human seats', in order."""
    if not names:
        return opts.players, False
    specs = [opts.bots, *(s.partition("=")[0] for s in opts.seat)]
    numbers = [int(x.strip()) for spec in specs for x in spec.split(",") if x.strip().isdecimal()]
    fill = len(names) < opts.players and any(n > len(names) for n in numbers)
    return (opts.players if fill else len(names)), fill


def _colours(spec: str | None, players: int) -> list[str] | Problem:
    """The colours asked for, then the free ones in COLOUR_NAMES' order, one per seat."""
    colours = [c.strip().lower() for c in (spec or "").split(",") if c.strip()]
    for c in colours:
        if c not in COLOUR_NAMES:
            return problem(Kind.UNKNOWN_COLOUR, value=quoted(c),
                           choices=colour_choices(COLOUR_NAMES))
    if len(set(colours)) < len(colours):
        return problem(Kind.SAME_COLOUR)
    if len(colours) > players:
        return problem(Kind.TOO_MANY_COLOURS, count=len(colours), players=players)
    return colours + [c for c in COLOUR_NAMES if c not in colours][:players - len(colours)]


def _bots(opts: TableOptions, players: int,
          levels: Collection[str]) -> list[str | None] | Problem:
    """The level of each seat (None: a human): --bots seats play at --level, a --seat
    N=LEVEL at its own (a later option wins a seat)."""
    for level in [opts.level, *(spec.partition("=")[2].strip() for spec in opts.seat)]:
        unknown = level_problem(level, levels) if level else None
        if unknown is not None:
            return unknown
    bots: list[str | None] = [None] * players
    seats = seat_numbers(opts.bots, players, "--bots")
    if isinstance(seats, Problem):
        return seats
    for seat in seats:
        bots[seat] = opts.level
    for spec in opts.seat:
        seat_s, _, level = spec.partition("=")
        if not level.strip():
            return problem(Kind.SEAT_SPEC, value=quoted(spec))
        seats = seat_numbers(seat_s, players, "--seat")
        if isinstance(seats, Problem):
            return seats
        for seat in seats:
            bots[seat] = level.strip()
    return bots


def _humans_named(names: list[str], bots: list[str | None],
                  defaults: list[str]) -> list[str] | Problem:
    """Every seat's name when `names` are the human seats' (the bots keep their defaults)."""
    humans = [p for p, bot in enumerate(bots) if not bot]
    if len(names) != len(humans):
        return problem(Kind.NAMES_FOR_HUMANS, count=len(names), humans=len(humans))
    given = iter(names)
    out = [next(given) if not bot else defaults[p] for p, bot in enumerate(bots)]
    return _names_problem(out) or out
