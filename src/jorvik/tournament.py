"""`jorvik tournament`: bots play each other with seats rotated; wins, VP, margins and
behaviour figures per bot, games spread over worker processes.

The pure entry point is :func:`tournament` (no printing, no argument parsing); the command
calls it through :func:`run_tournament`. A game's result depends only on its seed and seating,
so any number of workers gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jorvik import i18n
from jorvik.bots import BOTS, MAX_DECISIONS, play_out, seat_bots
from jorvik.bots.knowledge import Ctx, card_value, completable
from jorvik.engine import (
    MODES,
    Buy,
    CardSet,
    CardType,
    Done,
    GameState,
    Pass,
    Phase,
    current_player,
    empty_fields,
    is_over,
    new_game,
    price_due,
    viking_owner,
)
from jorvik.i18n.cli import error_text, label

# Behaviour figures per seat and game (issue 14): what a strong player watches a bot for.
#   missed_completions: unloading turns ended while a craftsman could have been completed
#                       from the cubes at hand
#   picts_vp: net VP from Attacks of the Picts
#   cards_bought: cards bought (demand columns and reservation row)
#   cards_boxed_after_own_first_place: cards the seat was first in line for, passed, and
#                       nobody bought (they went to the box)
#   cheap_declined: cards passed at price 1 or less while holding the coins (issue 34 §3)
#   cheap_declined_value: what those cards were worth to the seat that passed them, by the
#                       heuristic's value (default knobs, VP-equivalents): what they would
#                       have scored
#   crowded_unbought: demand columns of 3 or more vikings, one of them the seat's, whose card
#                       nobody bought
#   picts_vp_gained / picts_vp_lost: VP won and lost in the attacks (lost as a positive number)
#   coins_unspent: coins left at the end
#   craftsmen_one_short: craftsmen one good short of complete at the end
BEHAVIOUR = ("missed_completions", "picts_vp", "cards_bought", "cards_boxed_after_own_first_place",
             "cheap_declined", "cheap_declined_value", "crowded_unbought", "picts_vp_gained",
             "picts_vp_lost", "coins_unspent", "craftsmen_one_short")
CROWDED = 3   # vikings in a column that make a pile


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
    behaviour: dict[str, float] = field(default_factory=lambda: dict.fromkeys(BEHAVIOUR, 0))

    def row(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.played)
        n = max(self.played, 1)
        out = {
            "name": self.name,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / n, 4),
            "ci_low": round(lo, 4),
            "ci_high": round(hi, 4),
            "mean_vp": round(sum(self.vp) / n, 3),
            "mean_margin": round(sum(self.margins) / n, 3),
        }
        for k in BEHAVIOUR:
            # missed completions are a total (the target is none at all); the rest per game
            total = self.behaviour[k]
            out[k] = int(total) if k == "missed_completions" else round(total / n, 3)
        return out


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
        """The --json form: {"games", "bots": [{name, wins, win_rate, ci_low, ci_high, mean_vp,
        missed_completions (a total), and the other BEHAVIOUR figures (means per game)}]}."""
        keys = ("name", "wins", "win_rate", "ci_low", "ci_high", "mean_vp", *BEHAVIOUR)
        return {"games": self.games,
                "bots": [{k: b.row()[k] for k in keys} for b in self.bots]}


class Watcher:
    """Counts the behaviour figures of every seat while a game is played."""

    def __init__(self, players: int):
        self.counts: list[dict[str, float]] = [dict.fromkeys(BEHAVIOUR, 0) for _ in range(players)]
        self._sale: tuple[int, int] | None = None   # (round, column) of the card on sale
        self._first = -1                     # who was first in line for it
        self._passed: dict[str, int] = {}    # card -> seat that passed it while first in line
        self._piles: dict[str, set[int]] = {}  # card -> seats with a viking in its big pile
        self._picts = [0] * players          # each seat's vp_picts when last seen

    def before(self, st: GameState, a: Any) -> None:
        p = current_player(st)
        if p is None:   # (the game is over: no one acts)
            return
        if (st.phase == Phase.UNLOADING and not st.pending and isinstance(a, Done)
                and completable(st, p)):
            self.counts[p]["missed_completions"] += 1
        if st.pending or st.phase not in (Phase.PURCHASE, Phase.RESERVATION):
            return
        if isinstance(a, Buy):
            self.counts[p]["cards_bought"] += 1
        elif isinstance(a, Pass):
            self._declined(st, p)
        if st.phase == Phase.PURCHASE:
            self._on_sale(st, a, p)
        elif isinstance(a, Pass):   # a reserved card is its reserver's alone
            self._passed[st.reservation[0].card] = p

    def _declined(self, st: GameState, p: int) -> None:
        """Player p passes on the card on sale (a space's or their reserved one): counted when
        it cost at most 1 coin and they had it."""
        price = price_due(st)
        if price > 1 or st.players[p].coins < price:
            return
        if st.phase == Phase.PURCHASE:
            cid, goods = st.spaces[st.turn], st.space_goods[st.turn]
        else:
            cid, goods = st.reservation[0].card, st.reservation[0].goods
        if cid is None:   # (an empty space is never on sale)
            return
        self.counts[p]["cheap_declined"] += 1
        self.counts[p]["cheap_declined_value"] += card_value(Ctx(st), p, cid, goods)

    def _on_sale(self, st: GameState, a: Any, p: int) -> None:
        """A purchase decision on a space's card: who is first in line for it, whose vikings
        crowd its column, and whether the first in line passed it."""
        card = st.spaces[st.turn]
        if card is None:   # (an empty space is never on sale)
            return
        key = (st.round, st.turn)
        if key != self._sale:
            self._sale = key
            column = st.columns[st.turn]
            self._first = viking_owner(column[0])
            if len(column) >= CROWDED:
                self._piles[card] = {viking_owner(v) for v in column}
        if isinstance(a, Pass) and p == self._first:
            self._passed[card] = p
            self._first = -1

    def after(self, st: GameState) -> None:
        for p, pl in enumerate(st.players):
            d = pl.vp_picts - self._picts[p]
            if d:
                self.counts[p]["picts_vp_gained" if d > 0 else "picts_vp_lost"] += abs(d)
                self._picts[p] = pl.vp_picts
        if not (self._passed or self._piles):
            return
        on_sale = set(st.spaces) | {c for c, _, _ in st.reservation}
        for cid, p in list(self._passed.items()):
            if cid not in on_sale:
                del self._passed[cid]
                if cid in st.box:
                    self.counts[p]["cards_boxed_after_own_first_place"] += 1
        for cid, seats in list(self._piles.items()):
            if cid not in on_sale:
                del self._piles[cid]
                if cid in st.box:
                    for p in seats:
                        self.counts[p]["crowded_unbought"] += 1

    def finish(self, st: GameState) -> list[dict[str, float]]:
        by_id = st.cards.by_id
        for p, pl in enumerate(st.players):
            self.counts[p]["picts_vp"] = pl.vp_picts
            self.counts[p]["coins_unspent"] = pl.coins
            self.counts[p]["craftsmen_one_short"] = sum(
                1 for c in pl.cards
                if by_id[c].type == CardType.CRAFTSMAN and len(empty_fields(st, pl, c)) == 1)
        return self.counts


def play_observed(lineup: list[str], mode: str, seed: int, cards: CardSet | None = None,
                  bot_options: dict[str, Any] | None = None
                  ) -> tuple[dict[str, Any], int, list[dict[str, float]]]:
    """One game with lineup[i] in seat i; returns (final result, number of decisions,
    behaviour figures per seat)."""
    players = len(lineup)
    if cards is None:
        from jorvik.carddata import load_cards
        cards = load_cards()
    st = new_game([f"Seat {i + 1}" for i in range(players)], mode=mode, seed=seed, cards=cards)
    watch = Watcher(players)

    def observe(before: GameState, a: Any, after: GameState) -> None:
        watch.before(before, a)
        watch.after(after)

    st, n = play_out(st, seat_bots(lineup, seed, **(bot_options or {})), watch=observe)
    if not is_over(st) or st.result is None:
        raise RuntimeError(f"game seed {seed} did not finish in {MAX_DECISIONS} decisions")
    return st.result, n, watch.finish(st)


def play_game(lineup: list[str], mode: str, seed: int, cards: CardSet | None = None,
              bot_options: dict[str, Any] | None = None) -> tuple[dict[str, Any], int]:
    """One game with lineup[i] in seat i; returns (final result, number of decisions)."""
    result, n, _ = play_observed(lineup, mode, seed, cards, bot_options)
    return result, n


class Job(NamedTuple):
    """One game of a tournament, as handed to a worker."""
    game: int                 # its number in the tournament
    lineup: list[str]         # bot names by seat
    mode: str
    seed: int
    cards: CardSet | None
    options: dict[str, Any]   # the bots' options (think, playouts, cpu_clock)


def _play_job(job: Job) -> tuple[int, dict[str, Any], int, list[dict[str, float]]]:
    return (job.game, *play_observed(job.lineup, job.mode, job.seed, job.cards, job.options))


def seating(bots: list[str], game: int) -> list[str]:
    """Seats rotate: in game g, seat s holds bots[(s + g) % len(bots)]."""
    k = len(bots)
    return [bots[(s + game) % k] for s in range(k)]


def default_workers() -> int:
    return os.cpu_count() or 1


def tournament(games: int, players: int, mode: str, bots: list[str], seed: int = 0,
               cards: CardSet | None = None, think: float | None = None,
               playouts: int | None = None,
               progress: Callable[[int], None] | None = None,
               workers: int = 1, cpu_clock: bool = False) -> TournamentResult:
    """Play `games` games (seeds seed, seed+1, ...) with seats rotated; statistics per bot
    name (a bot named twice pools its seats). With `workers` > 1 the games are played in
    that many processes; the figures are the same. `cpu_clock`: a `think` budget counts each
    process's CPU time (for benchmarks on a busy machine). Raises ValueError on bad arguments."""
    _check_arguments(games, players, mode, bots, workers, think, playouts)
    options: dict[str, Any] = {}
    if think is not None:
        options["think"] = think
    if playouts is not None:
        options["playouts"] = playouts
    if cpu_clock:
        options["cpu_clock"] = True
    stats: dict[str, BotStats] = {}
    for name in bots:
        stats.setdefault(name, BotStats(name)).seats += 1
    t0 = time.perf_counter()
    decisions = 0
    jobs = [Job(g, seating(bots, g), mode, seed + g, cards, options) for g in range(games)]
    done: dict[int, tuple[dict[str, Any], int, list[dict[str, float]]]] = {}
    for g, result, n, seen in _run(jobs, min(workers, games)):
        done[g] = (result, n, seen)
        if progress:
            progress(len(done))
    for g in range(games):   # in game order, so the figures never depend on the workers
        result, n, seen = done[g]
        decisions += n
        _tally(stats, jobs[g].lineup, result, seen)
    return TournamentResult(games, players, mode, list(stats.values()),
                            time.perf_counter() - t0, decisions)


def _check_arguments(games: int, players: int, mode: str, bots: list[str], workers: int,
                     think: float | None, playouts: int | None) -> None:
    """Raises ValueError naming the first bad argument of `tournament`."""
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if games < 1:
        raise ValueError("games must be at least 1")
    if not 2 <= players <= 5:
        raise ValueError(f"Jórvík is for 2 to 5 players, not {players}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: use 'karl' or 'jarl'")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} (choose from {', '.join(sorted(BOTS))})")
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} players: name one bot per seat")
    if think is not None and playouts is not None:
        raise ValueError("give either --think or --playouts, not both")


def _tally(stats: dict[str, BotStats], lineup: list[str], result: dict[str, Any],
           seen: list[dict[str, float]]) -> None:
    """One game's result and behaviour figures, added to the statistics of each seat's bot."""
    totals = [r["total"] for r in result["scores"]]
    winners = result["winners"]
    for s, name in enumerate(lineup):
        b = stats[name]
        b.played += 1
        b.vp.append(totals[s])
        b.margins.append(totals[s] - max(t for i, t in enumerate(totals) if i != s))
        if s in winners:
            b.wins += 1.0 / len(winners)
        for k, v in seen[s].items():
            b.behaviour[k] += v


def _run(jobs: list[Job], workers: int
         ) -> Iterator[tuple[int, dict[str, Any], int, list[dict[str, float]]]]:
    """The played games, as they finish (in this process when workers is 1)."""
    if workers <= 1:
        for job in jobs:
            yield _play_job(job)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    with ProcessPoolExecutor(workers) as ex:
        futures = [ex.submit(_play_job, job) for job in jobs]
        try:
            for f in as_completed(futures):
                yield f.result()
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def format_table(res: TournamentResult) -> str:
    """The results as a text table in the current language (decimal comma in Hungarian)."""
    num, pct = i18n.format_number, i18n.format_percent
    lines = [label("tournament_summary", games=res.games, players=res.players, mode=res.mode,
                   speed=num(res.games_per_second, 2))]
    heads = [label(k) for k in ("bot", "seats", "wins", "win_rate", "interval", "mean_vp",
                                "margin", "missed", "picts", "bought", "boxed")]
    rows = [[i18n.level_name(r["name"]), str(b.seats), num(r["wins"], 2), pct(r["win_rate"]),
             f"{pct(r['ci_low'])}–{pct(r['ci_high'])}", num(r["mean_vp"], 1),
             num(r["mean_margin"], 1, sign=True), str(r["missed_completions"]),
             num(r["picts_vp"], 1, sign=True), num(r["cards_bought"], 1),
             num(r["cards_boxed_after_own_first_place"], 1)]
            for b in res.bots for r in [b.row()]]
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    for cells in [heads, *rows]:
        lines.append(" ".join(c.ljust(w) if i == 0 else c.rjust(w)
                              for i, (c, w) in enumerate(zip(cells, widths))).rstrip())
    lines.append(label("behaviour_legend"))
    return "\n".join(lines)


def run_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """The `jorvik tournament` command (arguments already parsed by jorvik.cli)."""
    from jorvik.carddata import load_cards_or_exit
    bots = [b.strip() for b in (args.bots or "").split(",") if b.strip()]
    if not bots:
        parser.error(error_text("no_bots"))
    for b in bots:
        if b not in BOTS:
            parser.error(i18n.t("cli.errors.unknown_bot", name=i18n.quoted(b),
                                choices=", ".join(sorted(BOTS))))
    if len(bots) != args.players:
        parser.error(error_text("bots_per_seat", count=len(bots), players=args.players))
    if args.think is not None and args.playouts is not None:
        parser.error(error_text("think_or_playouts"))
    cards = load_cards_or_exit(parser, args.cards)
    workers = args.workers if args.workers is not None else default_workers()
    kw = {"games": args.games, "players": args.players, "mode": args.mode, "bots": bots,
          "seed": args.seed, "cards": cards, "think": args.think, "playouts": args.playouts,
          "workers": workers}
    try:
        if args.json:
            res = tournament(**kw)
        else:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
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
