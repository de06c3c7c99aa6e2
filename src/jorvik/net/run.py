"""`jorvik host` and `jorvik join` as commands: options in, a game served or joined, one
line for anything that goes wrong."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import os
import socket
import ssl
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jorvik.i18n import t

if TYPE_CHECKING:   # (imported where used: `jorvik --help` loads no game)
    from jorvik.play.seating import Problem
    from jorvik.play.session import Session

DEFAULT_PORT = 7878   # the port a join line names when none is given
WAKE = 0.25           # seconds between the main thread's looks for a signal while it waits

LOOPBACK = "127.0.0.1"
EXAMPLE = "192.168.1.20:7878"


def parse_address(text: str, default_host: str = LOOPBACK) -> tuple[str, int]:
    """ADDR[:PORT] (an IPv6 address in brackets) as (host, port); ValueError when not one."""
    text = text.strip()
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(text)
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(text)
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, p = text.split(":")
        port = int(p) if p else DEFAULT_PORT
    elif text.count(":") > 1:
        ipaddress.IPv6Address(text)
    host = host or default_host
    if not 0 < port < 65536 or len(host) > 253 or any(c.isspace() for c in host):
        raise ValueError(text)
    if not all(c.isalnum() or c in ".-_:%" for c in host):
        raise ValueError(text)
    return host, port


def shown_address(host: str, port: int) -> str:
    """The address to put in a join line: the machine's own address when it listens on
    all of them (0.0.0.0 / ::)."""
    if host in ("0.0.0.0", "::", ""):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))   # nothing is sent: only the route is looked up
                host = s.getsockname()[0]
        except OSError:
            host = socket.gethostname()
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def port_number(text: str) -> int:
    """A --port value: 0 (any free port) to 65535 (argparse type)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("net.cli.bad_port", value=text)) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(t("net.cli.bad_port", value=text))
    return port


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port and listening, made before anything else is started or
    saved: a busy port or an address that is not this machine's then leaves nothing behind
    (OSError, with the host and port in `where`)."""
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
        # a name with both kinds of address (localhost): IPv4, which every client tries
        family, kind, proto, _, addr = sorted(found, key=lambda a: a[0] != socket.AF_INET)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as e:
        e.where = f"{host}:{port}"  # type: ignore[attr-defined]
        raise
    try:
        if os.name != "nt":   # (on Windows this would let two hosts share the port)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and host in ("::", ""):
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(addr)
        sock.listen(128)
        sock.setblocking(False)
    except OSError as e:
        sock.close()
        e.where = f"{host}:{port}"  # type: ignore[attr-defined]
        raise
    return sock


async def start_web(address: str, sock: socket.socket, check: Any, join_tls: bool = False,
                    web_tls: ssl.SSLContext | None = None, cafile: str | None = None,
                    lang: str | None = None) -> tuple[Any, int]:
    """The browser seats' web server (net/web.py) on this event loop, on `sock`: (runner,
    port). `check` says whether a code is one the host accepts; `join_tls`: the join
    processes connect to the host with TLS (trusting `cafile`); `web_tls`: https."""
    from aiohttp import web

    from .web import SeatServer
    seat_server = SeatServer(address, check, tls=join_tls, cafile=cafile, lang=lang)
    runner = web.AppRunner(await seat_server._make_app(), access_log=None)
    await runner.setup()
    site = web.SockSite(runner, sock, ssl_context=web_tls)
    await site.start()
    return runner, sock.getsockname()[1]


class Hosting:
    """The host's server on an event loop of its own, in a thread, while the terminal
    plays the local seats (or just waits). `sock` / `web_sock`: sockets already listening
    (else host:port is bound here, and web_port when it is given)."""

    def __init__(self, table: Any, host: str, port: int, tls: Any,
                 web_port: int | None = None, web_options: dict[str, Any] | None = None,
                 sock: socket.socket | None = None,
                 web_sock: socket.socket | None = None) -> None:
        self.table, self.host, self.port, self.tls = table, host, port, tls
        self.web_port, self.web_options = web_port, web_options or {}
        self.sock, self.web_sock = sock, web_sock
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="jorvik-host", daemon=True)
        self.stopping: asyncio.Event | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        except BaseException as e:
            self.error = e
            self.ready.set()

    async def _serve(self) -> None:
        from .host import open_server
        self.stopping = asyncio.Event()
        if self.sock is None:
            self.sock = listening_socket(self.host, self.port)
        if self.web_sock is None and self.web_port is not None:
            self.web_sock = listening_socket(self.host, self.web_port)
        server = await open_server(self.table, None, None, self.tls, sock=self.sock)
        self.port = server.sockets[0].getsockname()[1]
        runner = None
        if self.web_sock is not None:
            table = self.table

            async def check(code: str) -> bool:
                return table.find(code) is not None
            runner, self.web_port = await start_web(
                f"{LOOPBACK if self.host in ('0.0.0.0', '') else self.host}:{self.port}",
                self.web_sock, check, join_tls=self.tls is not None, web_tls=self.tls,
                **self.web_options)
        self.table.start()
        self.ready.set()
        try:
            await self.stopping.wait()
        finally:
            if runner is not None:
                await runner.cleanup()
            server.close()
            await server.wait_closed()

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(30)
        if self.error is not None:
            raise self.error

    def wait_done(self, linger: float = 0.5) -> None:
        """Block until the game is over (then `linger` seconds, for the last views)."""
        async def done() -> None:
            await self.table.done.wait()
            await self.table.drained()
        over = asyncio.run_coroutine_threadsafe(done(), self.loop)
        # In short waits: the system may give SIGTERM to another of the process's threads,
        # and its handler (a KeyboardInterrupt, see StoppingOnSignals) runs on this thread
        # only when it runs Python again; a wait with no end would never return to it (N43).
        while True:
            try:
                over.result(timeout=WAKE)
                break
            except TimeoutError:
                continue
        threading.Event().wait(linger)

    def stop(self) -> None:
        if self.stopping is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(10)


def _cannot_listen(e: OSError) -> int:
    where = getattr(e, "where", "?")
    print(t("net.cli.cannot_listen", address=where, error=e.strerror or str(e)),
          file=sys.stderr)
    return 1


def remote_seats(bots: Sequence[str | None], spec: str | None,
                 headless: bool) -> list[int] | Problem:
    """The seats played from other machines (0-based): --remote's, else every human seat
    but the first (with --headless: every human seat); or the problem of --remote."""
    from jorvik.play.seating import Problem, seat_numbers
    humans = [p for p, bot in enumerate(bots) if bot is None]
    if spec:
        remote = seat_numbers(spec, len(bots), "--remote")
        if isinstance(remote, Problem):
            return remote
    else:
        remote = humans if headless else humans[1:]
    if headless and set(humans) - set(remote):
        return Problem("net.cli.headless_local", t("net.cli.headless_local"))
    for p in remote:
        if bots[p] is not None:
            return Problem("net.cli.remote_bot", t("net.cli.remote_bot", seat=p + 1))
    return remote


def resumed_remote(bots: Sequence[str | None], remote: list[int],
                   spec: str | None) -> list[int] | Problem:
    """`host --resume --remote SEATS`: the seats (0-based) that are played from other
    machines from now on, besides those that were; the problem when one is not a seat, is
    a bot's, or is remote already."""
    from jorvik.i18n import quoted
    from jorvik.play.seating import Kind, Problem, problem, seat_numbers
    if spec is None:
        return []
    more = seat_numbers(spec, len(bots), "--remote")
    if isinstance(more, Problem):
        return more
    if not more:   # (an empty value: no seat named)
        return problem(Kind.NOT_A_SEAT, option="--remote", value=quoted(spec))
    for p in more:
        if p in remote:
            return Problem("net.cli.already_remote", t("net.cli.already_remote", seat=p + 1))
        if bots[p] is not None:
            return Problem("net.cli.remote_bot", t("net.cli.remote_bot", seat=p + 1))
    return more


def resumed_seats(bots: Sequence[str | None], remote: list[int], specs: Sequence[str],
                  remote_spec: str | None, headless: bool,
                  ) -> tuple[list[tuple[int, str | None]], list[int]] | Problem:
    """`host --resume --seat N=LEVEL --remote SEATS`, checked against the saved game (its
    seats' `bots`, its `remote` seats) before anything changes: the changes of hands
    (0-based seat, bot level or None: a human; `play --resume --seat`'s parsing) and the
    seats played from other machines from now on besides those that were
    (resumed_remote, after the changes); or the first problem. A seat handed to a bot cannot
    also be --remote; with --headless a seat handed to a human must be remote."""
    from jorvik.play.seating import Problem, seat_numbers
    from jorvik.play.seats import SeatSpecError, parse_seat_changes
    try:
        changes = parse_seat_changes(list(specs), len(bots))
    except SeatSpecError as e:
        return Problem(e.key, str(e))
    after = list(bots)
    for seat, level in changes:
        after[seat] = level
    named = seat_numbers(remote_spec, len(bots), "--remote") if remote_spec else []
    for seat in sorted({seat for seat, _ in changes}):   # (a seat's last --seat counts)
        level = after[seat]
        if level is not None and not isinstance(named, Problem) and seat in named:
            return Problem("net.cli.seat_and_remote",
                           t("net.cli.seat_and_remote", seat=seat + 1, level=level))
    more = resumed_remote(after, remote, remote_spec)
    if isinstance(more, Problem):
        return more
    if headless and any(after[seat] is None and seat not in {*remote, *more}
                        for seat, _ in changes):
        return Problem("net.cli.headless_local", t("net.cli.headless_local"))
    return changes, more


def cmd_host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`jorvik host`: the options checked, the ports bound, the game started (or resumed),
    the join lines printed, then the host's own board or (headless) a wait for the end."""
    from jorvik.play.seating import Problem
    from jorvik.play.session import Session

    from . import codes as joincodes
    from .host import Table, read_away, read_standing_in, remote_on_resume

    path = _resume_hosting(parser, args) if args.resume_host else None
    seat_specs: list[str] = []
    if path is not None:   # --seat N=LEVEL: a seat of the saved game changes hands
        seat_specs, args.seat = list(args.seat), []
        _resume_problem(parser, args)
    host, port = _listen_address(parser, args)
    tls = _server_tls(parser, args.cert, args.key)
    config = args.cli.play_config(parser, args)
    if args.stand_in is not None:
        args.cli.known_bot(parser, args.stand_in)
    remote: list[int] = []
    if path is None:
        found = remote_seats(config.seats.bots, args.remote, args.headless)
        if isinstance(found, Problem):
            parser.error(found.message)
        remote = found
    # The ports first: a start that cannot listen leaves no game behind (nor takes a lock).
    web_port = (7879 if args.web_port is None else args.web_port) if args.web else None
    try:
        sock, web_sock = _bind(host, port, web_port)
    except OSError as e:
        return _cannot_listen(e)
    port = sock.getsockname()[1]
    if web_sock is not None:
        web_port = web_sock.getsockname()[1]
    standing_in: list[int] = []
    away: dict[int, tuple[float, bool]] = {}
    if path is not None:
        standing_in = read_standing_in(path)
        away = read_away(path)   # since when each seat's player is away (bad times: left out)
        session = _resumed_session(parser, path, config.cards, [sock, web_sock])
        remote = remote_on_resume(path, session)   # the sidecar's, the save's moves last
        found_seats = resumed_seats(session.seats.bots, remote, seat_specs, args.remote,
                                    args.headless)
        if isinstance(found_seats, Problem):
            session.close()
            for s in (sock, web_sock):
                if s is not None:
                    s.close()
            parser.error(found_seats.message)
        changes, more = found_seats
        remote = sorted({*remote, *more})
        standing_in = change_seats(session, changes, standing_in)
    else:
        session = Session.start(config.cards, config.seats, config.mode, config.seed,
                                config.start_player, cards_path=config.cards_path)
    table = Table(session, remote, joincodes.host_key(), think=config.think,
                  bot_delay=config.bot_delay, stand_in=args.stand_in, standing_in=standing_in,
                  away=away)
    if args.stand_in_after is not None and 0 <= args.stand_in_after <= 3600:
        table.stand_in_after = args.stand_in_after
    table.hosting = {"listen": host, "port": port, "web_port": web_port,
                     "cert": _absolute(args.cert), "key": _absolute(args.key),
                     "stand_in": args.stand_in}
    table.save_sidecar()
    web_options = {"cafile": args.cert if tls else None, "lang": args.lang}
    hosting = Hosting(table, host, port, tls, web_port=web_port, web_options=web_options,
                      sock=sock, web_sock=web_sock)
    try:
        hosting.start()
    except OSError as e:
        session.close()
        return _cannot_listen(e)
    _print_join_lines(session, table, remote, shown_address(host, hosting.port),
                      hosting.web_port, tls)
    status = _play_or_wait(config, table, hosting, host, tls, args, bool(remote))
    if not session.over and session.path is not None:
        print(t("net.host.resume_line"), file=sys.stderr)
    return status


def change_seats(session: Session, changes: list[tuple[int, str | None]],
                 standing_in: list[int]) -> list[int]:
    """A resumed hosted game's seats change hands as --seat asked, each asked by the table
    (Session.change_seat: in the save and the log); the seats a stand-in bot plays until
    their player returns after it (a seat handed to a human is no longer one)."""
    for seat, level in changes:
        session.change_seat(seat, level, by=None)
    humans = {seat for seat, level in dict(changes).items() if level is None}  # (last counts)
    return [p for p in standing_in if p not in humans]


def _resume_problem(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """`host --resume` with --bots: a resumed game keeps its seats (play's rule and line)."""
    from jorvik.play.seating import TableOptions, resume_problem
    found = resume_problem(TableOptions(bots=args.bots, resume=True))
    if found is not None:
        parser.error(found.message)


def _resume_hosting(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Path:
    """`host --resume`: the last hosted game's save; where it was served (address, port,
    certificate, web port) fills the options not given now."""
    from .host import latest_hosted, read_hosting
    path = latest_hosted()
    if path is None:
        parser.error(t("net.cli.nothing_to_resume"))
    kept = read_hosting(path)
    named_port = args.listen is not None and (
        "]:" in args.listen or args.listen.count(":") == 1)
    if args.listen is None and "listen" in kept:
        args.listen = kept["listen"]
    if args.port is None and not named_port and "port" in kept:
        args.port = kept["port"]
    if args.cert is None and args.key is None and "cert" in kept and "key" in kept:
        args.cert, args.key = kept["cert"], kept["key"]
    if args.stand_in is None and "stand_in" in kept:
        args.stand_in = kept["stand_in"]
    if args.web_port is None and "web_port" in kept:
        args.web = True
        args.web_port = kept["web_port"]
    return path


def _listen_address(parser: argparse.ArgumentParser,
                    args: argparse.Namespace) -> tuple[str, int]:
    """--listen ADDR[:PORT], with --port over the address's port."""
    try:
        host, port = parse_address(args.listen or LOOPBACK)
    except ValueError:
        parser.error(t("net.cli.bad_address", value=args.listen, example=EXAMPLE))
    return host, (port if args.port is None else args.port)


def _server_tls(parser: argparse.ArgumentParser, cert: str | None,
                key: str | None) -> ssl.SSLContext | None:
    """The TLS of --cert and --key (both or neither; None: plain)."""
    from .host import server_ssl
    if bool(cert) != bool(key):
        parser.error(t("net.cli.cert_and_key"))
    try:
        return server_ssl(cert, key)
    except (OSError, ValueError) as e:
        parser.error(t("net.cli.bad_cert", error=str(e)))


def _bind(host: str, port: int,
          web_port: int | None) -> tuple[socket.socket, socket.socket | None]:
    """The game's socket and the browser seats' (None without --web), both listening, or
    OSError with neither left open."""
    sock = listening_socket(host, port)
    if web_port is None:
        return sock, None
    try:
        return sock, listening_socket(host, web_port)
    except OSError:
        sock.close()
        raise


def _resumed_session(parser: argparse.ArgumentParser, path: Path, cards: Any,
                     sockets: list[socket.socket | None]) -> Session:
    """The hosted game saved at `path`, locked; a save that cannot be used closes the
    sockets and is one line."""
    from jorvik.play.errors import SaveError
    from jorvik.play.lock import lock_game
    from jorvik.play.saves import open_save
    from jorvik.play.session import Session
    try:
        lock = lock_game(path)
        parsed, found = open_save(path, cards)
    except SaveError as e:
        for sock in sockets:
            if sock is not None:
                sock.close()
        parser.error(str(e))
    return Session.from_save(parsed, found, path=path, lock=lock)


def _print_join_lines(session: Session, table: Any, remote: list[int], where: str,
                      web_port: int | None, tls: ssl.SSLContext | None) -> None:
    """The line each remote seat's player types (and their browser link, with --web), then
    the spectators' line (and their browser link, with --web)."""
    tls_flag = " --tls" if tls else ""
    _print_seat_lines(session, table, remote, where, web_port, tls)
    print(t("net.host.watch_join", address=f"{tls_flag.strip()} {where}".strip()), flush=True)
    if web_port is not None:
        from .web import watch_link
        print(t("net.host.watch_line", link=watch_link(
            where.rsplit(":", 1)[0], web_port, tls=tls is not None)), flush=True)


def _print_seat_lines(session: Session, table: Any, remote: list[int], where: str,
                      web_port: int | None, tls: ssl.SSLContext | None) -> None:
    tls_flag = " --tls" if tls else ""
    for p in remote:
        print(t("net.host.join_line", name=session.seats.names[p], seat=p + 1,
                command=f"jorvik join{tls_flag} {where} {table.code_of(p)}"), flush=True)
        if web_port is not None:
            from .web import seat_link
            print(t("net.host.web_line", name=session.seats.names[p], seat=p + 1,
                    link=seat_link(where.rsplit(":", 1)[0], web_port,
                                   table.code_of(p), tls=tls is not None)), flush=True)


def _play_or_wait(config: Any, table: Any, hosting: Hosting, host: str,
                  tls: ssl.SSLContext | None, args: argparse.Namespace,
                  any_remote: bool) -> int:
    """The host's own board for its local seats, or (headless, or no local seat) a wait
    for the game's end; the exit status. SIGTERM/SIGHUP outside the app stop it as Ctrl+C
    does (N43)."""
    from jorvik.tui import StoppingOnSignals
    status = 0
    received: list[int] = []
    try:
        if table.local.seats and not args.headless:
            if any_remote and sys.stdin.isatty():  # the board would hide the join lines
                with StoppingOnSignals(None, received), contextlib.suppress(EOFError):
                    input(t("net.host.press_enter") + " ")
            status = _local_app(config, table, host, hosting.port, tls, args)
        else:
            with StoppingOnSignals(None, received):   # before "Waiting…": no gap
                print(t("net.host.waiting"), flush=True)
                hosting.wait_done()
    except KeyboardInterrupt:
        status = 130
        if received:
            import signal as signals
            status = 128 + received[0]
            print(t("cli.errors.signalled", signal=signals.Signals(received[0]).name),
                  file=sys.stderr, flush=True)
    finally:
        hosting.stop()
        table.close()
    return status


def _absolute(path: str | None) -> str | None:
    return None if path is None else os.path.abspath(path)


def _local_app(config: Any, table: Any, host: str, port: int, tls: Any,
               args: argparse.Namespace) -> int:
    """The host's own keyboard: the join view of the local seats, over loopback."""
    from jorvik import tui

    from . import codes as joincodes
    from .app import HostBoardApp
    from .client import client_ssl, url_of
    connect_to = LOOPBACK if host in ("0.0.0.0", "", LOOPBACK) else (
        "::1" if host == "::" else host)
    address = f"[{connect_to}]:{port}" if ":" in connect_to else f"{connect_to}:{port}"
    ctx = client_ssl(True, args.cert) if tls else None
    where = shown_address(host, port)
    tls_flag = " --tls" if tls else ""

    def join_line(seat: int) -> str:
        session = table.session
        code = joincodes.seat_code(table.key, session.game_id or "unsaved", seat)
        return t("net.host.join_line", name=session.seats.names[seat], seat=seat + 1,
                 command=f"jorvik join{tls_flag} {where} {code}")
    app = HostBoardApp(config, url_of(address, bool(tls)), table.local.code, address, tls=ctx,
                       join_line=join_line)
    app.hints = not args.no_hints
    return tui.run_app(app)


def cmd_join(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from jorvik.carddata import load_cards_or_exit
    from jorvik.engine.names import name_problem

    from .client import client_ssl, url_of

    try:
        host, port = parse_address(args.address)
    except ValueError:
        parser.error(t("net.cli.bad_address", value=args.address, example=EXAMPLE))
    problem = None if args.name is None else name_problem(args.name)
    if problem is not None:
        parser.error(t(f"cli.errors.name.{problem}", name=repr(args.name)))
    code = args.code.strip()
    if code == "-":   # a browser seat: the code comes in the environment (net/web.py)
        import os

        from .web import CODE_ENV
        code = os.environ.get(CODE_ENV, "").strip()
    if (not code and not args.watch) or len(code) > 64:
        parser.error(t("net.cli.bad_code"))
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    cards = load_cards_or_exit(parser, None)
    tls = client_ssl(args.tls, args.cafile)
    url = url_of(address, bool(tls))
    if args.auto:
        args.cli.known_bot(parser, args.auto)
        return _auto(url, code, cards, args, tls)
    from jorvik import tui
    from jorvik.tui.app import PlayConfig
    from jorvik.tui.text import Seats

    from .app import JoinApp
    config = PlayConfig(cards=cards, seats=Seats([], [], []), autosave=False)
    app = JoinApp(config, url, code, address, name=args.name, tls=tls, watch=args.watch)
    app.hints = not args.no_hints
    status = tui.run_app(app)
    if app.ended_with == "unreachable":
        print(app.link.problem, file=sys.stderr)
        return 1
    if app.ended_with is not None and app.ended_with != "game_over":
        print(t(f"net.bye.{app.ended_with}") if app.ended_with in BYES else app.ended_with,
              file=sys.stderr)
    return status


BYES = ("bad_code", "version", "taken_over", "bad_name", "too_many_errors", "idle", "full",
        "seat_local")


def _auto(url: str, code: str, cards: Any, args: argparse.Namespace, tls: Any) -> int:
    import json

    from .auto import AutoPlayer

    async def go() -> tuple[Any, AutoPlayer]:
        player = AutoPlayer(url, code, cards, level=args.auto, seed=args.seed or 0, tls=tls,
                            name=args.name)
        return await player.play(limit=args.limit), player
    result, player = asyncio.run(go())
    if result is None:
        final = [s for s in player.statuses if s in BYES]
        if player.link.problem is not None:
            words = player.link.problem
        elif final:
            words = t(f"net.bye.{final[-1]}")
        elif "connected" not in player.statuses:
            words = t("net.join.unreachable", address=url)
        else:
            words = t("net.join.not_over")
        print(words, file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False))
    return 0


@dataclass(frozen=True)
class FromCli:
    """What the command line hands down to `host` and `join` (cli.build_parser makes it), so
    that this module never imports jorvik.cli (no import circle)."""

    play_config: Callable[[argparse.ArgumentParser, argparse.Namespace], Any]  # -> PlayConfig
    known_bot: Callable[[argparse.ArgumentParser, str], None]   # an unknown level: exit 2
    seed: Callable[[str], int]                                  # a --seed value (argparse type)


def add_commands(sub: Any, lang: argparse.ArgumentParser,
                 new_table: list[argparse.ArgumentParser], cli: FromCli) -> None:
    """`host`, `join` and `serve` on jorvik's parser (cli.build_parser calls this). `lang`:
    the --lang option; `new_table`: the parent parsers of a new table's options, the ones
    `jorvik play` has too (declared once, in cli.build_parser)."""
    h = sub.add_parser("host", help=t("net.cli.host"), parents=new_table)
    h.add_argument("--remote", metavar="SEATS", help=t("net.cli.remote"))
    h.add_argument("--listen", metavar="ADDR[:PORT]", help=t("net.cli.listen", default=f"{LOOPBACK}:{DEFAULT_PORT}", everywhere="0.0.0.0"))
    h.add_argument("--port", type=port_number, default=None, help=t("net.cli.port"))
    h.add_argument("--cert", metavar="PEM", help=t("net.cli.cert"))
    h.add_argument("--key", metavar="PEM", help=t("net.cli.key"))
    h.add_argument("--resume", dest="resume_host", action="store_true",
                   help=t("net.cli.resume"))
    h.add_argument("--headless", action="store_true", help=t("net.cli.headless"))
    h.add_argument("--stand-in", metavar="LEVEL", default=None, help=t("net.cli.stand_in"))
    h.add_argument("--stand-in-after", type=float, default=None,   # (seconds: for tests)
                   help=argparse.SUPPRESS)
    h.add_argument("--web", action="store_true", help=t("net.cli.web"))
    h.add_argument("--web-port", type=port_number, default=None, help=t("net.cli.web_port"))
    h.set_defaults(func=cmd_host, resume=False, load=None, cli=cli)

    j = sub.add_parser("join", help=t("net.cli.join"), parents=[lang])
    j.add_argument("address", metavar="ADDR[:PORT]", help=t("net.cli.address"))
    j.add_argument("code", metavar="CODE", nargs="?", default="", help=t("net.cli.code"))
    j.add_argument("--watch", action="store_true", help=t("net.cli.watch"))
    j.add_argument("--name", help=t("net.cli.name"))
    j.add_argument("--tls", action="store_true", help=t("net.cli.tls"))
    j.add_argument("--cafile", metavar="PEM", help=t("net.cli.cafile"))
    j.add_argument("--no-hints", action="store_true", help=t("learn.cli.no_hints"))
    j.add_argument("--auto", metavar="LEVEL", help=t("net.cli.auto"))
    j.add_argument("--seed", type=cli.seed, default=0, help=t("net.cli.seed"))
    j.add_argument("--limit", type=float, default=3600.0, help=argparse.SUPPRESS)
    j.set_defaults(func=cmd_join, cli=cli)

    w = sub.add_parser("serve", help=t("net.cli.serve"), parents=[lang])
    w.add_argument("address", metavar="ADDR[:PORT]", help=t("net.cli.address"))
    w.add_argument("--listen", metavar="ADDR", default=LOOPBACK, help=t("net.cli.web_listen", default=LOOPBACK))
    w.add_argument("--port", type=port_number, default=7879, help=t("net.cli.web_port"))
    w.add_argument("--tls", action="store_true", help=t("net.cli.tls"))
    w.add_argument("--cafile", metavar="PEM", help=t("net.cli.cafile"))
    w.add_argument("--cert", metavar="PEM", help=t("net.cli.web_cert"))
    w.add_argument("--key", metavar="PEM", help=t("net.cli.key"))
    w.set_defaults(func=cmd_serve)


def cmd_serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`jorvik serve ADDR:PORT`: browser seats for a game hosted at that address."""
    from .client import client_ssl
    from .host import server_ssl
    from .web import ask_host, seat_link
    try:
        host, port = parse_address(args.address)
        listen, _ = parse_address(args.listen)
    except ValueError:
        parser.error(t("net.cli.bad_address", value=args.address, example=EXAMPLE))
    if bool(args.cert) != bool(args.key):
        parser.error(t("net.cli.cert_and_key"))
    try:
        web_tls = server_ssl(args.cert, args.key)
    except (OSError, ValueError) as e:
        parser.error(t("net.cli.bad_cert", error=str(e)))
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        sock = listening_socket(listen, args.port)
    except OSError as e:
        return _cannot_listen(e)

    async def go() -> None:
        check = ask_host(address, client_ssl(args.tls, args.cafile))
        runner, web_port = await start_web(address, sock, check, join_tls=args.tls,
                                           web_tls=web_tls, cafile=args.cafile,
                                           lang=args.lang)
        link = seat_link(shown_address(listen, web_port).rsplit(":", 1)[0], web_port, "CODE",
                         tls=web_tls is not None)
        print(t("net.host.serving", link=link), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
    try:
        asyncio.run(go())
    except KeyboardInterrupt:
        return 130
    return 0
