"""The hot-seat Textual app: `jorvik play` builds a PlayConfig from its options and runs it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .app import JorvikApp

__all__ = ["build_app", "exit_code", "run_play", "LOCKED_EXIT"]

LOCKED_EXIT = 2  # the game is open in another instance


def _fail(parser: argparse.ArgumentParser, message: str) -> None:
    from jorvik.i18n.cli import error_text
    parser.exit(2, error_text("prefix", message=message) + "\n")


def _seat_numbers(parser, spec: str, players: int, what: str) -> list[int]:
    from jorvik.i18n import t
    out = []
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            seat = int(part)
        except ValueError:
            _fail(parser, t("cli.errors.play.not_a_seat", option=what, value=repr(part)))
        if not 1 <= seat <= players:
            _fail(parser, t("cli.errors.play.seat_range", option=what, seat=seat,
                            players=players))
        out.append(seat - 1)
    return out


def build_app(parser: argparse.ArgumentParser, args: argparse.Namespace,
              ready_hook: Callable[..., Any] | None = None) -> JorvikApp:
    """Check the options (one-line error and exit 2 on a bad one) and build the app."""
    from jorvik.carddata import CardFileError, load_cards
    from jorvik.i18n import set_language, t

    if getattr(args, "lang", None):  # `jorvik play --lang hu` (main() has also done it)
        set_language(args.lang)

    from . import save as saving
    from .app import JorvikApp, PlayConfig
    from .text import COLOUR_NAMES, Seats

    from jorvik.bots import BOTS
    from jorvik.engine.names import names_problem, shown

    try:
        cards = load_cards(args.cards) if args.cards else load_cards()
    except CardFileError as e:
        _fail(parser, str(e))
    names = [n.strip() for n in (args.names or "").split(",")] if args.names else []
    problem = names_problem(names)
    if problem is not None:
        _fail(parser, t(f"cli.errors.name.{problem[0]}", name=shown(problem[1])))
    players = len(names) if names else args.players
    if not 2 <= players <= 5:
        _fail(parser, t("cli.errors.players_range", value=players))
    colours = [c.strip().lower() for c in (args.colours or "").split(",") if c.strip()]
    for c in colours:
        if c not in COLOUR_NAMES:
            _fail(parser, t("cli.errors.play.unknown_colour", value=repr(c),
                            choices=", ".join(COLOUR_NAMES)))
    if len(set(colours)) < len(colours):
        _fail(parser, t("cli.errors.play.same_colour"))
    if len(colours) > players:
        _fail(parser, t("cli.errors.play.too_many_colours", count=len(colours), players=players))
    colours += [c for c in COLOUR_NAMES if c not in colours][:players - len(colours)]
    for level in [args.level] + [spec.partition("=")[2].strip() for spec in args.seat or []]:
        if level and level not in BOTS:
            _fail(parser, t("cli.errors.unknown_bot", name=repr(level),
                            choices=", ".join(sorted(BOTS))))
    bots: list[str | None] = [None] * players
    for seat in _seat_numbers(parser, args.bots, players, "--bots"):
        bots[seat] = args.level
    for spec in args.seat or []:
        seat_s, _, level = spec.partition("=")
        if not level.strip():
            _fail(parser, t("cli.errors.play.seat_spec", value=repr(spec)))
        for seat in _seat_numbers(parser, seat_s, players, "--seat"):
            bots[seat] = level.strip()
    start = None
    if args.start_player is not None:
        if not 1 <= args.start_player <= players:
            _fail(parser, t("cli.errors.play.start_player", players=players))
        start = args.start_player - 1
    default_names = [t("tui.setup.bot_name", seat=p + 1) if bots[p] else
                     t("tui.setup.player_name", seat=p + 1) for p in range(players)]
    need_setup = not names and not all(bots)
    seats = Seats(names or default_names, colours, bots)
    load_path = None
    notices: list[Callable[[], str]] = []
    if args.load:
        from pathlib import Path
        load_path = Path(args.load).expanduser()
    elif args.resume:
        load_path = saving.latest_unfinished()
        if load_path is None:
            notices.append(lambda: t("tui.save.nothing_to_resume"))
    lock = None
    if load_path is not None:
        try:
            lock = saving.lock_game(load_path)
        except saving.SaveError as e:
            _fail(parser, str(e))  # exit 2 (LOCKED_EXIT)
    config = PlayConfig(
        cards=cards, seats=seats, mode=args.mode, seed=args.seed, start_player=start,
        cards_path=args.cards, load_path=load_path, need_setup=need_setup,
        handover=not args.no_handover, bot_delay=args.bot_delay, think=args.think,
        lock=lock, notices=notices,
    )
    app = JorvikApp(config, ready_hook=ready_hook)
    app.hints = not getattr(args, "no_hints", False)  # the hint key (?), see screens/hint.py
    return app


def run_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the app; non-zero when it crashed (a report says why) or the last save failed."""
    import sys

    from jorvik.i18n import t

    from .app import CRASH_EXIT
    app = build_app(parser, args)
    try:
        code = app.run()
    except KeyboardInterrupt:  # SIGINT outside the app's keys: the game was saved already
        code = 130
    status = exit_code(app, code)
    if status == CRASH_EXIT:
        print(t("tui.crash.message", path=str(app.crash_report or "?")), file=sys.stderr)
    elif app.save_failed and app.session is not None:
        error = str(app.session.save_error)
        print(t("tui.save.exit_copy", error=error, path=str(app.saved_copy)) if app.saved_copy
              else t("tui.save.exit_unsaved", error=error), file=sys.stderr)
    return status


def exit_code(app: JorvikApp, code: int | None) -> int:
    """`jorvik play`'s exit status: CRASH_EXIT after a crash, 1 when the last save failed."""
    from .app import CRASH_EXIT
    if app.crash_report is not None or app.return_code == CRASH_EXIT:
        return CRASH_EXIT
    if app.save_failed:
        return 1
    return int(code or 0)
