"""The hot-seat Textual app: `jorvik play` builds a PlayConfig from its options and runs it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .app import JorvikApp

__all__ = ["build_app", "run_play"]


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

    try:
        cards = load_cards(args.cards) if args.cards else load_cards()
    except CardFileError as e:
        _fail(parser, str(e))
    names = [n.strip() for n in (args.names or "").split(",") if n.strip()]
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
    if args.load:
        from pathlib import Path
        load_path = Path(args.load).expanduser()
    elif args.resume:
        load_path = saving.autosave_path()
    config = PlayConfig(
        cards=cards, seats=seats, mode=args.mode, seed=args.seed, start_player=start,
        cards_path=args.cards, load_path=load_path, need_setup=need_setup,
        handover=not args.no_handover, bot_delay=args.bot_delay, think=args.think,
    )
    app = JorvikApp(config, ready_hook=ready_hook)
    app.hints = not getattr(args, "no_hints", False)  # the hint key (?), see screens/hint.py
    return app


def run_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    app = build_app(parser, args)
    code = app.run()
    return int(code or 0)
