"""Hosted games over WebSockets on loopback (issue 35 §5).

    uv run python bench/remote.py                  # both parts, default sizes
    uv run python bench/remote.py --latency-games 2 --tables 50 --limit 600 --out

1. Latency: one host process (`jorvik host --headless`), 5 remote seats played by 5 clients
   in this process, each with a bot. For every move, the time from the acting client's send
   to the update's arrival at each of the 4 other clients: median and p99 (goal: <= 50 ms
   median, <= 200 ms p99).
2. Capacity: one host process holding `--tables` games (each on its own port), 5 clients
   each with a bot (in --workers client processes), all at once: moves per second over all games, the host's memory per game
   (resident set growth over the idle host, divided by the games), and nothing lost — every
   game's save, replayed, gives the final scores every one of its clients saw.

Bounded in games and in time (--limit seconds for each part): it stops by itself and says
what did not finish. --out appends the figures to bench/results/remote-<date>.txt."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jorvik.carddata import load_cards
from jorvik.net.auto import AutoPlayer

ROOT = Path(__file__).resolve().parent.parent
NAMES = "Ann,Bo,Cy,Di,Ed"


def serve_many(tables: int, seed: int) -> None:
    """(In the host process.) `tables` games of 5 remote seats, each on a port of its own;
    prints one JSON line per game {port, codes, path}, then 'ready', then serves until
    every game is over (or stdin closes)."""
    from jorvik.net import codes
    from jorvik.net.host import Table, open_server
    from jorvik.play.session import Session
    from jorvik.tui.text import Seats

    async def main() -> None:
        cards = load_cards()
        key = codes.host_key()
        servers, all_tables = [], []
        for i in range(tables):
            seats = Seats(NAMES.split(","), ["red", "blue", "green", "yellow", "white"],
                          [None] * 5)
            session = Session.start(cards, seats, "jarl", seed + i, None)
            table = Table(session, list(range(5)), key, think=0.05, bot_delay=0)
            server = await open_server(table, "127.0.0.1", 0)
            table.start()
            servers.append(server)
            all_tables.append(table)
            print(json.dumps({"port": server.sockets[0].getsockname()[1],
                              "codes": [table.code_of(p) for p in range(5)],
                              "path": str(session.path)}), flush=True)
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        stdin_closed = loop.run_in_executor(None, sys.stdin.read)
        done = asyncio.gather(*(t.done.wait() for t in all_tables))
        await asyncio.wait([asyncio.ensure_future(done), stdin_closed],
                           return_when=asyncio.FIRST_COMPLETED)
        await asyncio.gather(*(t.drained() for t in all_tables))
        for s in servers:
            s.close()
        for t in all_tables:
            t.close()
    asyncio.run(main())


def host_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_host_process(tables: int, seed: int, home: str) -> tuple[subprocess.Popen, list[dict]]:
    env = {**os.environ, "JORVIK_HOME": home}
    proc = subprocess.Popen([sys.executable, __file__, "--serve-many", str(tables),
                             "--seed", str(seed)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    games = []
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the host process ended before it was ready")
        if line.strip() == "ready":
            return proc, games
        games.append(json.loads(line))


def saved_result(path: str) -> dict | None:
    from jorvik.play import saves as saving
    from jorvik.play.session import Session
    parsed, cards = saving.open_save(Path(path), load_cards())
    return Session.from_save(parsed, cards, autosave=False).state.result


async def play_tables(games: list[dict], limit: float, watch: bool) -> tuple[list, list, float]:
    """Every game's 5 clients at once; (results per game, latencies in s, elapsed s)."""
    cards = load_cards()
    sent: dict[tuple[int, int], float] = {}       # (game, move) -> when it was sent
    lat: list[float] = []
    players: list[list[AutoPlayer]] = []
    for g, game in enumerate(games):
        url = f"ws://127.0.0.1:{game['port']}/"
        row = []
        for p, code in enumerate(game["codes"]):
            def seen(move: int, t: float, g: int = g, p: int = p) -> None:
                start = sent.get((g, move - 1))
                if watch and start is not None and (g, move - 1, p) not in acted:
                    lat.append(t - start)
            row.append(AutoPlayer(url, code, cards, level="easy", seed=g * 10 + p, seen=seen))
        players.append(row)
    acted: set[tuple[int, int, int]] = set()
    if watch:  # when each client sends, and that it is the sender (not counted as a viewer)
        for g, row in enumerate(players):
            for p, pl in enumerate(row):
                link = pl.link
                original = link.act

                async def act(move, action, g=g, p=p, original=original):
                    sent[(g, move)] = time.perf_counter()
                    acted.add((g, move, p))
                    return await original(move, action)
                link.act = act  # type: ignore[method-assign]
    t0 = time.perf_counter()
    results = await asyncio.gather(*(pl.play(limit) for row in players for pl in row))
    elapsed = time.perf_counter() - t0
    per_game = [results[i * 5:(i + 1) * 5] for i in range(len(games))]
    return per_game, lat, elapsed


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def part_latency(games: int, seed: int, limit: float) -> list[str]:
    lines = []
    lat_all: list[float] = []
    unfinished = 0
    for i in range(games):
        with tempfile.TemporaryDirectory() as home:
            proc, hosted = start_host_process(1, seed + i, home)
            try:
                per_game, lat, _ = asyncio.run(play_tables(hosted, limit, watch=True))
            finally:
                proc.stdin.close()
                proc.wait(30)
            unfinished += sum(1 for r in per_game[0] if r is None)
            lat_all += lat
    lines.append(f"latency, move on one client -> seen on each other client (5 clients, "
                 f"{games} 5-player Jarl game(s), {len(lat_all)} samples): median "
                 f"{statistics.median(lat_all) * 1000:.1f} ms, p99 "
                 f"{pct(lat_all, 0.99) * 1000:.1f} ms, max {max(lat_all) * 1000:.1f} ms"
                 + (f"; clients that did not see the end: {unfinished}" if unfinished else ""))
    return lines


def client_worker(limit: float) -> None:
    """(In a client process.) The games on stdin (JSON), played; their results on stdout."""
    games = json.loads(sys.stdin.read())
    per_game, _, _ = asyncio.run(play_tables(games, limit, watch=False))
    print(json.dumps(per_game))


def part_capacity(tables: int, seed: int, limit: float, workers: int) -> list[str]:
    with tempfile.TemporaryDirectory() as home:
        proc, hosted = start_host_process(tables, seed, home)
        idle = rss_kib(proc.pid)
        peak = idle
        cpu0 = host_cpu(proc.pid)
        try:
            # The clients in `workers` processes of their own, so that they do not all
            # queue behind one Python process.
            t0 = time.perf_counter()
            slices = [hosted[i::workers] for i in range(workers)]
            procs = [subprocess.Popen([sys.executable, __file__, "--client-worker",
                                       "--limit", str(limit)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)
                     for _ in slices]
            for w, part in zip(procs, slices):
                w.stdin.write(json.dumps(part))
                w.stdin.close()
            while any(w.poll() is None for w in procs):
                peak = max(peak, rss_kib(proc.pid))
                time.sleep(0.5)
            elapsed = time.perf_counter() - t0
            cpu = host_cpu(proc.pid) - cpu0
            outs = [json.loads(w.stdout.read() or "[]") for w in procs]
            per_game = [None] * len(hosted)
            for i, out in enumerate(outs):
                for j, results in enumerate(out):
                    per_game[i + j * workers] = results
        finally:
            proc.stdin.close()
            proc.wait(60)
        os.environ["JORVIK_HOME"] = home
        finished = lost = moves = 0
        for game, results in zip(hosted, per_game):
            results = results or [None]
            saved = saved_result(game["path"])
            data = json.loads(Path(game["path"]).read_text())
            moves += len(data["record"]["actions"])
            if saved is not None and all(r is not None for r in results):
                finished += 1
                if any(r != saved for r in results):
                    lost += 1
    return [f"capacity: one host process, {tables} games x 5 clients (easy bots, in {workers} "
            f"client processes) at once on loopback: {finished}/{tables} finished in "
            f"{elapsed:.1f} s, {moves} moves, {moves / elapsed:.0f} moves/s, the host using "
            f"{cpu:.0f} s of CPU ({cpu / elapsed:.0%} of a core); host memory {idle / 1024:.0f} MiB idle with "
            f"the games set up, peak {peak / 1024:.0f} MiB, "
            f"{(peak - idle) / tables:.0f} KiB per game in play; games whose save replays to "
            f"other final scores than a client saw: {lost}"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serve-many", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--client-worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--workers", type=int, default=4, help="client processes (capacity part)")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--latency-games", type=int, default=2)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--limit", type=float, default=600.0, help="seconds per part, at most")
    ap.add_argument("--out", action="store_true", help="append the figures to bench/results/")
    args = ap.parse_args()
    if args.serve_many:
        serve_many(args.serve_many, args.seed)
        return
    if args.client_worker:
        client_worker(args.limit)
        return
    lines = []
    if args.latency_games:
        lines += part_latency(args.latency_games, args.seed, args.limit)
        print(lines[-1], flush=True)
    if args.tables:
        lines += part_capacity(args.tables, args.seed, args.limit, max(1, args.workers))
        print(lines[-1], flush=True)
    if args.out:
        day = datetime.date.today().isoformat()
        path = ROOT / "bench" / "results" / f"remote-{day}.txt"
        with path.open("a", encoding="utf-8") as f:
            f.write(f"# bench/remote.py {' '.join(sys.argv[1:])} ({os.cpu_count()} cores)\n")
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
