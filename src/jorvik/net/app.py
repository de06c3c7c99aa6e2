"""`jorvik join`: the same Textual board as `jorvik play`, as a live view of a hosted game.

The board shows the host's public views as they come; the player acts only on a turn of
their own seat(s) (the menu is built from the rebuilt state, so it lists the legal
actions); the action goes to the host, and the host's update moves the board on. Hints are
computed here, from the public view. A lost connection shows "reconnecting…" in the status
bar until the host answers again; a first connection that gets no table ends the app, and
`jorvik join` says why in one line (the link's `problem`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.command import Hit, Hits, Provider
from textual.screen import Screen
from textual.widgets import Static

from jorvik.engine import Action, Refusal
from jorvik.i18n import level_name, t
from jorvik.play.errors import PlayError, refusal_words
from jorvik.play.session import Kept
from jorvik.play.words import say_text
from jorvik.tui import app as tui_app
from jorvik.tui.app import JorvikApp, PlayConfig
from jorvik.tui.commands import ListedProvider
from jorvik.tui.screens.game import GameScreen
from jorvik.tui.widgets.status import StatusBar

from .client import Link, Mirror
from .protocol import Bye, Error, Reason, Update, Welcome
from .seatwords import dropped_words


class _NoBots:
    """The host runs the bots: a client's screen never starts one."""
    thinking = False

    def cancel(self) -> None:
        pass


class RemoteGameScreen(GameScreen):
    """The game screen of one or more seats of a hosted game (see the module): the same
    screen as `jorvik play`'s, at the Mirror (a Table) instead of the Session; the humans at
    this screen are this code's seats."""

    seats_change_hands = False   # a hosted table's seats are the host's to hand over

    def __init__(self, mirror: Mirror, link: Link, handover: bool | str = True) -> None:
        super().__init__(mirror, turns=_NoBots(), handover=handover,  # type: ignore[arg-type]
                         resumed=False)   # (_NoBots: the host runs the bots)
        self.mirror = mirror
        self.hand.ran_banner = False   # (the other seats play on: no stop for phases run)
        self.link = link
        self.sent_at: int | None = None   # the move an action was sent at (no second one)
        mirror.send = self._send
        mirror.subscribe(self._changed)

    def _changed(self, _mirror: Mirror) -> None:
        """The Mirror has the host's new view (a subscription: see Table.subscribe)."""
        if self.is_attached:
            self.host_update()

    @property
    def mine(self) -> frozenset[int]:
        return self.mirror.mine

    def you_are(self) -> str:
        """Whose seat(s) this pane plays ("You are Bo"), or that it only watches; then every
        remote player whose connection was lost, and for how long ("Bo: connection lost,
        0:42"), or who has not connected yet ("Bo: not connected yet, 1:05")."""
        seats = self.mirror.seats
        names = [seats.names[p] for p in sorted(self.mine)]
        words = [t("net.join.you_are", names=", ".join(names)) if names else t(
            "net.join.watching")]
        for p in range(len(seats)):
            away = self.mirror.dropped_for(p)
            if away is not None:
                words.append(dropped_words(seats.names[p], away, p in self.mirror.not_yet))
        return " · ".join(words)

    def on_mount(self) -> None:
        # (runs before GameScreen.on_mount, which finds the status bar: after the refresh)
        self.call_after_refresh(self._say_who)
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        """While a player is away, their time away goes on on the pane."""
        if self.mirror.dropped and self.link.ws is not None:
            self._say_who()

    def _say_who(self) -> None:
        """The status bar says whose seat this is, on every pane of a hosted table (a
        reconnect's "reconnecting…" stands there until the host answers again)."""
        for bar in self.query(StatusBar):
            bar.warn(self.you_are)

    def _human(self, p: int) -> bool:
        return p in self.mine and not self.mirror.seats.is_bot(p)

    def _acts_for(self, p: int | None) -> bool:
        """Only this client's seats while a human plays them, and only once per move (an
        action sent waits for the host's update)."""
        return (p is not None and p in self.mine and not self.mirror.seats.is_bot(p)
                and self.sent_at != self.mirror.moves)

    def _waiting_note(self, p: int | None) -> Text | None:
        if p is None or self._acts_for(p):
            return None
        seats = self.mirror.seats
        key = "tui.status.bot_turn" if seats.is_bot(p) else "net.join.waiting"
        if p in self.mine:
            key = "net.join.sent"
        return Text(t(key, name=seats.names[p]), style="italic")

    def start_bot(self, p: int) -> None:
        self.refresh_view()

    def play(self, action: Action) -> None:
        """The move goes to the Mirror's submit (checked there, sent to the host, whose
        Session.submit plays it); the host's update moves the board on."""
        mirror = self.mirror
        move = mirror.moves
        if self.sent_at == move:
            return
        p = mirror.decider
        try:
            mirror.submit(-1 if p is None else p, action, at=move)
        except PlayError as e:   # (not connected: the player chooses again)
            self.notify(str(e), severity="warning")
            self.refresh_view()
            return
        self.sent_at = move
        self.path = ()
        self.refresh_view()

    def _send(self, move: int, action: Action) -> bool:
        """Send `action` chosen at `move` to the host (False: not connected now)."""
        if self.link.ws is None:
            return False

        async def send() -> None:
            if not await self.link.act(move, action.to_json()):
                self.sent_at = None   # the connection dropped meanwhile: choose again
                self.notify(t("net.join.not_sent"), severity="warning")
                self.refresh_view()
        self.run_worker(send(), group="send")
        return True

    def action_undo(self) -> None:
        self.notify(t("net.join.no_undo"), severity="warning")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No undo at a shared table (the key is not offered); the rest as on the game
        screen."""
        if action == "undo":
            return False
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        """? : a hint for one of this screen's seats on its turn, never for another's."""
        if self.mirror.decider in self.mine and self.sent_at != self.mirror.moves:
            super().action_hint()

    def note(self, words: Any, player: int | None = None, kind: str = "") -> None:
        """A hint used goes to the host, which notes it for the whole table (it comes back
        in the log with the next update); other notes stay on this screen."""
        if isinstance(words, Kept) and words.kind == "hint":
            self.run_worker(self.link.hint_used(self.mirror.moves), group="send")
            return
        super().note(words, player, kind)

    def host_update(self) -> None:
        """A new view from the host: the board moves on."""
        if self.sent_at is not None and self.sent_at != self.mirror.moves:
            self.sent_at = None
        self.path = () if self.sent_at is None else self.path
        if self.link.ws is not None:   # (who is away may have changed)
            self._say_who()
        if self._found:   # (before the mount, on_mount's start() shows the board as it is)
            self.after_change()

    def refused(self, kind: str, reason: Reason | None = None) -> None:
        """The host refused a move: why, in this player's language (the rules' reason when
        the host sent one this client knows)."""
        self.sent_at = None
        words = t(f"net.error.{kind}") if kind in KNOWN_ERRORS else kind
        if reason is not None:
            try:
                refusal = Refusal(reason.kind, reason.fields)
            except ValueError:   # a kind this version does not know: the general words
                pass
            else:
                words = say_text(refusal_words(refusal, self.mirror.seats.names,
                                               self.mirror.cards))
        self.notify(words, severity="warning")
        self.refresh_view()


KNOWN_ERRORS = ("stale", "not_your_turn", "illegal", "rate", "not_your_seat", "no_seat",
                "unknown_level", "game_over", "bot_seat")


class Waiting(Screen[None]):
    """Before the host's first answer: where it connects, and why it waits."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def compose(self) -> ComposeResult:
        yield Static(t("net.join.connecting", address=self.address), id="waiting")

    def say(self, words: str) -> None:
        self.query_one("#waiting", Static).update(words)


class JoinApp(JorvikApp):
    """The board of a hosted game for the seats of one code."""

    CSS_PATH = str(Path(tui_app.__file__).with_name("jorvik.tcss"))  # the app's own look

    def __init__(self, config: PlayConfig, url: str, code: str, address: str,
                 name: str | None = None, tls: Any = None, ready_hook: Any = None,
                 watch: bool = False) -> None:
        super().__init__(config, ready_hook=ready_hook)
        self.address = address
        self.link = Link(url, code, self._receive, self._status, name=name, tls=tls,
                         watch=watch)   # (a spectator: no seat of its own, so no menu)
        self.mirror: Mirror | None = None
        self.remote_screen: RemoteGameScreen | None = None
        self.ended_with: str | None = None
        self.statuses: list[str] = []     # what the link said, in order (tests read it)

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:
            event.prevent_default()   # not JorvikApp's: there is no game to start here
        self.push_screen(Waiting(self.address))
        self.run_worker(self.link.run(), group="link")

    def _status(self, status: str) -> None:
        self.statuses.append(status)
        words: Any = None
        if status == "reconnecting":
            words = lambda: t("net.join.reconnecting")  # noqa: E731
        elif status == "connected" and self.remote_screen is not None:
            words = self.remote_screen.you_are
        elif status in ("bad_code", "version", "taken_over", "bad_name", "unreachable", "full",
                        "seat_local"):
            self.ended_with = status
            self.exit(1 if status != "taken_over" else 0)
            return
        for screen in self.screen_stack:
            for bar in screen.query(StatusBar):
                bar.warn(words)
            if isinstance(screen, Waiting) and words is not None:
                screen.say(t("net.join.reconnecting"))

    def _receive(self, msg: Any) -> None:
        if isinstance(msg, Welcome):
            mirror = Mirror.from_welcome(msg, self.config.cards)
            old = self.mirror
            if (old is not None and old.game_id == mirror.game_id
                    and self.remote_screen is not None and self.remote_screen.is_attached):
                # Connected again (or the host's board's seats changed hands): the same board
                # goes on from the table as it is now, for the seats the host names now.
                for name in ("states", "views", "log", "seats", "remote", "dropped", "not_yet",
                             "mine"):
                    setattr(old, name, getattr(mirror, name))
                old.changed()
                return
            self.mirror = self.session = mirror  # type: ignore[assignment]
            self.remote_screen = RemoteGameScreen(mirror, self.link, handover=self.handover)
            if mirror.over:
                self.game_over(mirror)  # type: ignore[arg-type]
            else:
                self._show(self.remote_screen)
        elif isinstance(msg, Update) and self.mirror is not None:
            self.mirror.update(msg)   # (the screen hears of it: it subscribed)
        elif isinstance(msg, Error) and self.remote_screen is not None:
            self.remote_screen.refused(msg.kind, msg.reason)
        elif isinstance(msg, Bye):
            self.ended_with = msg.kind

    def action_new_game(self) -> None:
        self.exit(0)   # a new game is the host's to start

    @on(events.Unmount)
    async def _stop_link(self) -> None:
        await self.link.stop()   # (JorvikApp's on_unmount closes the mirror after this)


# ---------------------------------------------------------------- the host's own board

class HostSeatCommands(Provider):
    """The host's board's palette: hand a seat to a bot or back to a human, play it from
    another machine or at this keyboard (each asks the table: a `seat` message)."""

    async def search(self, query: str) -> Hits:
        app: Any = self.app
        if not isinstance(app, HostBoardApp) or app.mirror is None or app.mirror.over:
            return
        matcher = self.matcher(query)
        for label, provider, hint in (
                (t("tui.command.seat_to_bot"), _ToBot, t("tui.command.seat_to_bot_hint")),
                (t("tui.command.seat_to_human"), _ToHuman, t("tui.command.seat_to_human_hint")),
                (t("net.command.seat_remote"), _ToRemote, t("net.command.seat_remote_hint")),
                (t("net.command.seat_local"), _ToLocal, t("net.command.seat_local_hint"))):
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), _opener(app, provider),
                          help=hint)


def _opener(app: Any, provider: type[Provider]) -> Any:
    def open_it() -> None:
        from jorvik.tui.commands import Palette
        app.push_screen(Palette(t("tui.palette.seats"), providers=[provider]))
    return open_it


class _HostSeats(ListedProvider):
    """One seat command's choices: every seat it applies to."""

    def seat_choices(self, app: HostBoardApp) -> list[tuple[str, str, int, str]]:
        raise NotImplementedError

    def choices(self) -> list[tuple[str, Any, str]]:
        app: Any = self.app
        if not isinstance(app, HostBoardApp) or app.mirror is None:
            return []
        return [(label, _asker(app, seat, to), hint)
                for label, to, seat, hint in self.seat_choices(app)]


def _asker(app: HostBoardApp, seat: int, to: str) -> Any:
    return lambda: app.ask_seat(seat, to)


def _seats(app: HostBoardApp) -> list[tuple[int, str, str | None, bool]]:
    m = app.mirror
    assert m is not None
    return [(p, m.seats.names[p], m.seats.bots[p], m.remote[p]) for p in range(len(m.seats))]


class _ToBot(_HostSeats):
    def seat_choices(self, app: HostBoardApp) -> list[tuple[str, str, int, str]]:
        from jorvik.tui.commands import levels_in_order
        return [(t("tui.seat.to_bot", name=name, seat=p + 1, level=level_name(level)), level,
                 p, t("tui.seat.now", now=level_name(now) if now else t("tui.seat.human")))
                for p, name, now, _ in _seats(app) for level in levels_in_order() if level != now]


class _ToHuman(_HostSeats):
    def seat_choices(self, app: HostBoardApp) -> list[tuple[str, str, int, str]]:
        return [(t("tui.seat.to_human", name=name, seat=p + 1), "human", p,
                 t("tui.seat.now", now=level_name(now)))
                for p, name, now, _ in _seats(app) if now]


class _ToRemote(_HostSeats):
    def seat_choices(self, app: HostBoardApp) -> list[tuple[str, str, int, str]]:
        return [(t("net.seat.to_remote", name=name, seat=p + 1), "remote", p, "")
                for p, name, now, remote in _seats(app) if not now and not remote]


class _ToLocal(_HostSeats):
    def seat_choices(self, app: HostBoardApp) -> list[tuple[str, str, int, str]]:
        return [(t("net.seat.to_local", name=name, seat=p + 1), "local", p, "")
                for p, name, _, remote in _seats(app) if remote]


class HostBoardApp(JoinApp):
    """The host's own board (its local seats over loopback): a JoinApp whose palette hands
    any seat over (HostSeatCommands). `join_line(seat)`: the line a seat's player types,
    shown when a seat goes to another machine."""

    COMMANDS = JoinApp.COMMANDS | {HostSeatCommands}

    def __init__(self, *args: Any, join_line: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.join_line = join_line
        self.asked: list[tuple[int, str]] = []   # what the palette asked (tests read it)

    def ask_seat(self, seat: int, to: str) -> None:
        """Ask the table to hand `seat` to `to` (a bot level, human, remote or local)."""
        self.asked.append((seat, to))
        self.run_worker(self.link.seat(seat, to), group="send")
        if to == "remote" and self.join_line is not None:
            self.notify(self.join_line(seat), timeout=60)
