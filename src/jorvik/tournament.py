"""`jorvik tournament`: bots play each other with seats rotated; wins, VP and margins per bot.

The pure entry point is :func:`tournament` (no printing, no argument parsing); the command
calls it through :func:`run_tournament`.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from jorvik import i18n
from jorvik.bots import BOTS, make_bot
from jorvik.engine import CardSet, apply_action, current_player, is_over, new_game
from jorvik.i18n.cli import error_text, label

MAX_DECISIONS = 20_000


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); fractional wins allowed."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    name: str
    seats: int = 0              # how many seats this bot holds in each game
    played: int = 0             # seat-games played (games × seats)
    wins: float = 0.0           # a shared win counts 1/k
    vp: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.played)
        n = max(self.played, 1)
        return {
            "name": self.name,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / n, 4),
            "ci_low": round(lo, 4),
            "ci_high": round(hi, 4),
            "mean_vp": round(sum(self.vp) / n, 3),
            "mean_margin": round(sum(self.margins) / n, 3),
        }


@dataclass
class TournamentResult:
    games: int
    players: int
    mode: str
    bots: list[BotStats]
    seconds: float
    decisions: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The --json form: exactly {"games", "bots": [{name, wins, win_rate, ci_low, ci_high,
        mean_vp}]}."""
        keys = ("name", "wins", "win_rate", "ci_low", "ci_high", "mean_vp")
        return {"games": self.games,
                "bots": [{k: b.row()[k] for k in keys} for b in self.bots]}


def play_game(lineup: list[str], mode: str, seed: int, cards: CardSet | None = None,
              bot_options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """One game with lineup[i] in seat i; returns (final result, number of decisions)."""
    opts = bot_options or {}
    players = len(lineup)
    bots = [make_bot(name, seed=seed * 16 + i, **opts) for i, name in enumerate(lineup)]
    st = new_game([f"Seat {i + 1}" for i in range(players)], mode=mode, seed=seed, cards=cards)
    n = 0
    while not is_over(st):
        if n >= MAX_DECISIONS:
            raise RuntimeError(f"game seed {seed} did not finish in {MAX_DECISIONS} decisions")
        st, _ = apply_action(st, bots[current_player(st)].choose(st))
        n += 1
    return st.result, n


def seating(bots: list[str], game: int) -> list[str]:
    """Seats rotate: in game g, seat s holds bots[(s + g) % len(bots)]."""
    k = len(bots)
    return [bots[(s + game) % k] for s in range(k)]


def tournament(games: int, players: int, mode: str, bots: list[str], seed: int = 0,
               cards: CardSet | None = None, think: float | None = None,
               playouts: int | None = None,
               progress: Callable[[int], None] | None = None) -> TournamentResult:
    """Play `games` games (seeds seed, seed+1, ...) with seats rotated; statistics per bot
    name (a bot named twice pools its seats). Raises ValueError on bad arguments."""
    if games < 1:
        raise ValueError("games must be at least 1")
    if not 2 <= players <= 5:
        raise ValueError(f"Jórvík is for 2 to 5 players, not {players}")
    if mode not in ("karl", "jarl"):
        raise ValueError(f"unknown mode {mode!r}: use 'karl' or 'jarl'")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} (choose from {', '.join(sorted(BOTS))})")
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} players: name one bot per seat")
    if think is not None and playouts is not None:
        raise ValueError("give either --think or --playouts, not both")
    options: dict[str, Any] = {}
    if think is not None:
        options["think"] = think
    if playouts is not None:
        options["playouts"] = playouts
    stats: dict[str, BotStats] = {}
    for b in bots:
        stats.setdefault(b, BotStats(b)).seats += 1
    t0 = time.perf_counter()
    decisions = 0
    for g in range(games):
        lineup = seating(bots, g)
        result, n = play_game(lineup, mode, seed + g, cards, options)
        decisions += n
        totals = [r["total"] for r in result["scores"]]
        winners = result["winners"]
        for s, name in enumerate(lineup):
            b = stats[name]
            b.played += 1
            b.vp.append(totals[s])
            b.margins.append(totals[s] - max(t for i, t in enumerate(totals) if i != s))
            if s in winners:
                b.wins += 1.0 / len(winners)
        if progress:
            progress(g + 1)
    return TournamentResult(games, players, mode, list(stats.values()),
                            time.perf_counter() - t0, decisions)


def format_table(res: TournamentResult) -> str:
    """The results as a text table in the current language (decimal comma in Hungarian)."""
    num, pct = i18n.format_number, i18n.format_percent
    lines = [label("tournament_summary", games=res.games, players=res.players, mode=res.mode,
                   speed=num(res.games_per_second, 2))]
    heads = [label(k) for k in ("bot", "seats", "wins", "win_rate", "interval", "mean_vp",
                                "margin")]
    rows = [[i18n.level_name(r["name"]), str(b.seats), num(r["wins"], 2), pct(r["win_rate"]),
             f"{pct(r['ci_low'])}–{pct(r['ci_high'])}", num(r["mean_vp"], 1),
             num(r["mean_margin"], 1, sign=True)]
            for b in res.bots for r in [b.row()]]
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    for cells in [heads, *rows]:
        lines.append(" ".join(c.ljust(w) if i == 0 else c.rjust(w)
                              for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
    return "\n".join(lines)


def run_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The `jorvik tournament` command (arguments already parsed by jorvik.cli)."""
    from jorvik.carddata import load_cards_or_exit
    bots = [b.strip() for b in (args.bots or "").split(",") if b.strip()]
    if not bots:
        parser.error(error_text("no_bots"))
    for b in bots:
        if b not in BOTS:
            parser.error(i18n.t("cli.errors.unknown_bot", name=repr(b),
                                choices=", ".join(sorted(BOTS))))
    if len(bots) != args.players:
        parser.error(error_text("bots_per_seat", count=len(bots), players=args.players))
    if args.think is not None and args.playouts is not None:
        parser.error(error_text("think_or_playouts"))
    cards = load_cards_or_exit(parser, args.cards)
    kw = dict(games=args.games, players=args.players, mode=args.mode, bots=bots,
              seed=args.seed, cards=cards, think=args.think, playouts=args.playouts)
    try:
        if args.json:
            res = tournament(**kw)
        else:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            console = Console(stderr=True)
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                          transient=True) as bar:
                task = bar.add_task(label("progress", players=args.players, mode=args.mode)
                                    + " " + ",".join(i18n.level_name(b) for b in bots),
                                    total=args.games)
                res = tournament(**kw, progress=lambda done: bar.update(task, completed=done))
    except ValueError as e:
        parser.error(str(e))
    if args.json:
        print(json.dumps(res.to_json()))
    else:
        print(format_table(res))
    return 0
