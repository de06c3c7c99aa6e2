"""Texts of the `jorvik` command line (help, errors, labels) in the current language.

jorvik.cli picks the language before building the parser (i18n.language_from_argv +
resolve_language) so that --help is translated too."""

from __future__ import annotations

from typing import Any

from . import t

HELP_KEYS: dict[str, str] = {
    "description": "cli.help.description",
    "lang": "cli.help.lang",
    "play": "cli.help.play",
    "simulate": "cli.help.simulate",
    "tournament": "cli.help.tournament",
    "cards": "cli.help.cards",
    "players": "cli.help.players",
    "mode": "cli.help.mode",
    "names": "cli.help.names",
    "colours": "cli.help.colours",
    "seed": "cli.help.seed",
    "start_player": "cli.help.start_player",
    "card_file": "cli.help.card_file",
    "resume": "cli.help.resume",
    "load": "cli.help.load",
    "bot_seats": "cli.help.bot_seats",
    "level": "cli.help.level",
    "seat": "cli.help.seat",
    "bot_delay": "cli.help.bot_delay",
    "think": "cli.help.think",
    "no_handover": "cli.help.no_handover",
    "games": "cli.help.games",
    "bot_names": "cli.help.bot_names",
    "playouts": "cli.help.playouts",
    "json": "cli.help.json",
}
ERROR_KEYS: dict[str, str] = {
    "prefix": "cli.errors.prefix",
    "players_not_number": "cli.errors.players_not_number",
    "players_range": "cli.errors.players_range",
    "not_whole_number": "cli.errors.not_whole_number",
    "too_small": "cli.errors.too_small",
    "not_seconds": "cli.errors.not_seconds",
    "negative_seconds": "cli.errors.negative_seconds",
    "no_bots": "cli.errors.no_bots",
    "unknown_bot": "cli.errors.unknown_bot",
    "too_many_bots": "cli.errors.too_many_bots",
    "unknown_language": "cli.errors.unknown_language",
}
LABEL_KEYS: dict[str, str] = {
    "cards_title": "cli.labels.cards_title",
    "column_id": "cli.labels.column_id",
    "column_type": "cli.labels.column_type",
    "column_name": "cli.labels.column_name",
    "column_effect": "cli.labels.column_effect",
    "column_source": "cli.labels.column_source",
    "games": "cli.labels.games",
    "finished": "cli.labels.finished",
    "violations": "cli.labels.violations",
    "mean_rounds": "cli.labels.mean_rounds",
    "mean_winner_vp": "cli.labels.mean_winner_vp",
    "decisions_per_game": "cli.labels.decisions_per_game",
    "decisions_per_second": "cli.labels.decisions_per_second",
    "problem": "cli.labels.problem",
}


def _lookup(table: dict[str, str], name: str, fields: dict[str, Any]) -> str:
    key = table.get(name)
    if key is None:
        raise KeyError(f"no command-line text named {name!r}")
    return t(key, **fields)


def help_text(name: str, **fields: Any) -> str:
    """The --help text of a command or option (HELP_KEYS names them)."""
    return _lookup(HELP_KEYS, name, fields)


def error_text(name: str, **fields: Any) -> str:
    """An error message; pass count= for the ones with a number in them."""
    return _lookup(ERROR_KEYS, name, fields)


def label(name: str, **fields: Any) -> str:
    """A heading or label of the `cards` table and the `simulate` summary."""
    return _lookup(LABEL_KEYS, name, fields)
