"""Texts of the `jorvik` command line (help, errors, labels, and argparse's own words such as
"usage:" and "options") in the current language.

Pick the language before building the parser (i18n.language_from_argv + resolve_language) so
that --help is translated too; a parser built with `formatter_class=HelpFormatter` after
`translate_argparse()` speaks the current language throughout."""

from __future__ import annotations

import argparse
import copy
import re
from typing import Any

from . import get_language, named, quoted, t


def help_text(name: str, **fields: Any) -> str:
    """The --help text of a command or option: cli.help.<name>."""
    return t(f"cli.help.{name}", **fields)


def error_text(name: str, **fields: Any) -> str:
    """An error message, cli.errors.<name>; pass count= for the ones with a number in them."""
    return t(f"cli.errors.{name}", **fields)


def label(name: str, **fields: Any) -> str:
    """A heading or label of the `cards` table and the `simulate` summary: cli.labels.<name>.
    A `mode` field ("karl") is shown by its name ("Karl")."""
    if "mode" in fields:
        fields["mode"] = named("tui.mode", fields["mode"])
    return t(f"cli.labels.{name}", **fields)


# argparse's own messages (Python 3.11+ wording) by their English text. argparse looks each up
# through its module-level gettext functions when it builds a parser or reports an error.
ARGPARSE_KEYS: dict[str, str] = {
    "usage: ": "cli.argparse.usage",
    "positional arguments": "cli.argparse.positional_arguments",
    "options": "cli.argparse.options",
    "show this help message and exit": "cli.argparse.help",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.expected_one",
    "expected at most one argument": "cli.argparse.expected_at_most_one",
    "expected at least one argument": "cli.argparse.expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "not allowed with argument %s": "cli.argparse.not_allowed_with",
    "one of the arguments %s is required": "cli.argparse.one_required",
    "ignored explicit argument %r": "cli.argparse.ignored_explicit",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "cli.argparse.unknown_parser",
}
ARGPARSE_PLURAL_KEYS: dict[str, str] = {
    "expected %s argument": "cli.argparse.expected_n",
}
# Placeholders in the usage and help ("--players PLAYERS"), by their English form.
METAVAR_KEYS: dict[str, str] = {
    "PLAYERS": "cli.metavar.players",
    "NAMES": "cli.metavar.names",
    "COLOURS": "cli.metavar.colours",
    "SEED": "cli.metavar.seed",
    "START_PLAYER": "cli.metavar.start_player",
    "PATH": "cli.metavar.path",
    "FILE": "cli.metavar.file",
    "BOTS": "cli.metavar.bots",
    "LEVEL": "cli.metavar.level",
    "N=LEVEL": "cli.metavar.seat",
    "BOT_DELAY": "cli.metavar.seconds",
    "THINK": "cli.metavar.seconds",
    "GAMES": "cli.metavar.games",
    "PLAYOUTS": "cli.metavar.playouts",
    "WORKERS": "cli.metavar.workers",
    "ID": "cli.metavar.id",
    "GAME_ID|FILE": "cli.metavar.game",
    "SEATS": "cli.metavar.seats",
    "ADDR[:PORT]": "cli.metavar.address_port",
    "ADDR": "cli.metavar.address",
    "PORT": "cli.metavar.port",
    "WEB_PORT": "cli.metavar.port",
    "NAME": "cli.metavar.name",
    "CODE": "cli.metavar.code",
}


class _Template(str):
    """A Hungarian argparse message that fills in its %-fields itself: a value from the
    command line shows its control characters as escapes (the catalogue writes „%(value)s”
    where English has %(value)r), and the choices argparse quotes as 'x' are quoted „x”."""

    def __mod__(self, args: Any) -> str:
        if isinstance(args, dict):
            args = {k: _field(v) for k, v in args.items()}
        elif isinstance(args, tuple):
            args = tuple(_field(v) for v in args)
        else:
            args = _field(args)
        return str.__mod__(str(self), args)


def _field(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    text = value if value.isprintable() else repr(value)[1:-1]
    return re.sub(r"'([^']*)'", "„\\1”", text)


def argparse_text(message: str) -> str:
    """argparse's gettext: one of its messages in the current language."""
    key = ARGPARSE_KEYS.get(message)
    if key is None:
        return message
    return _Template(t(key)) if get_language() == "hu" else t(key)


def argparse_plural(singular: str, plural: str, n: int) -> str:
    """argparse's ngettext."""
    key = ARGPARSE_PLURAL_KEYS.get(singular)
    if key is None:
        return singular if n == 1 else plural
    return t(key, count=n)


def translate_argparse() -> None:
    """Let argparse word its usage line, headings, -h help and errors through the catalogues.

    argparse has no hook for this other than the gettext functions it imported into its own
    module, so those are replaced; in English they return argparse's own words unchanged."""
    argparse._ = argparse_text  # type: ignore[attr-defined]
    argparse.ngettext = argparse_plural  # type: ignore[attr-defined]


def metavar_text(name: str) -> str:
    key = METAVAR_KEYS.get(name)
    return t(key) if key else name


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout with the placeholders ("PATH", "N=LEVEL") in the current
    language."""

    def _metavar_formatter(self, action: argparse.Action, default_metavar: str) -> Any:
        metavar = action.metavar
        if isinstance(metavar, str):
            action = copy.copy(action)
            action.metavar = metavar_text(metavar)
        elif action.metavar is None and action.choices is None:
            default_metavar = metavar_text(default_metavar)
        return super()._metavar_formatter(action, default_metavar)


def colour_choices(names: tuple[str, ...] | list[str]) -> str:
    """The colours --colours takes, for an error's choice list: as they are typed, each
    glossed in the current language when it is not English ("„red” (piros), „blue” (kék)"),
    quoted as the other choice lists quote."""
    if get_language() == "en":
        return ", ".join(names)
    return ", ".join(f"{quoted(c)} ({t(f'tui.colour.{c}')})" for c in names)
