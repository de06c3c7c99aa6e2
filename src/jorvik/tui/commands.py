"""The command palette: help, rules, language, save, undo, VP now, the game log, the board or
the players, quit and every card of the game, and Textual's own palette texts and system
commands in the current language."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from rich.align import Align
from rich.text import Text
from textual import on
from textual.app import SystemCommand
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.widgets import Button, Input, OptionList

from jorvik.engine import CardSet
from jorvik.i18n import LANGUAGES, get_language, language_name, level_name, t
from jorvik.play.errors import PlayError
from jorvik.play.seats import level_names
from jorvik.play.session import Session

from .handover import MODES, set_handover
from .text import card_name, card_text
from .textual_compat import NoMatchesWords, SearchDroppedOnClose


def game_cards(cards: CardSet, mode: str, players: int) -> list:
    """The cards of one game (its deck and the final Picts card), for help and the palette."""
    return [c for c in cards.cards if c.season == "X" or not c.removed(players, mode)]


class GameCommands(Provider):
    """The command palette offers the help, the rules and every card of the game."""

    def _on_game(self, action: str) -> None:
        """Run a game screen's action (VP now, the log, the view), if the game is shown."""
        screen = self.app.screen_stack[-1] if self.app.screen_stack else None
        run = getattr(screen, f"action_{action}", None)
        if run is not None and getattr(screen, "session", None) is not None:
            run()

    async def search(self, query: str) -> Hits:
        app: Any = self.app
        matcher = self.matcher(query)
        commands = [
            (t("tui.command.help"), partial(app.action_help, "keys"), t("tui.command.help_hint")),
            (t("tui.command.rules"), partial(app.action_help, "rules"), ""),
            (t("tui.command.cards"), partial(app.action_help, "cards"), ""),
            *((t("tui.command.language", language=language_name(lang)),
               partial(app.action_language, lang), t("tui.command.language_hint"))
              for lang in LANGUAGES if lang != get_language()),
            *((t("tui.command.handover", mode=mode), partial(set_handover, app, mode),
               t(f"tui.handover_mode.{mode}"))
              for mode in MODES if mode != getattr(app, "handover", None)),
            (t("tui.command.save_as"), app.action_save_as, ""),
            (t("tui.command.undo"), app.action_undo, ""),
            *((label, partial(self._on_game, action), "") for label, action in (
                (t("tui.command.scores"), "scores"), (t("tui.command.log"), "full_log"),
                (t("tui.command.view"), "view"))),
            *seat_commands(app),
            (t("tui.command.quit"), app.action_request_quit, ""),
        ]
        for c in app.deck_cards():
            name = card_name(c)
            commands.append((t("tui.command.card", card=name),
                             partial(app.action_help, "cards", name), card_text(c)))
        seen = set()
        for label, cb, hint in commands:
            if label in seen:
                continue
            seen.add(label)
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), cb, help=hint or None)


# ---------------------------------------------------------------- a seat changes hands

# The levels offered first (the rest of the registry's follow in its order).
FIRST_LEVELS = ("easy", "normal", "hard", "expert")


def seat_screen(app: Any) -> Any:
    """The hot-seat game being played, under the palette (its GameScreen), while it goes on;
    None otherwise (no game, the end, a lesson, a joined game: their seats do not change
    hands here: their screens say so with `seats_change_hands = False`)."""
    for screen in reversed(app.screen_stack):
        if getattr(screen, "seats_change_hands", False):
            session = screen.session
            going_on = (isinstance(session, Session) and not session.over
                        and not session.ended.is_set())
            return screen if going_on else None
    return None


def seat_commands(app: Any) -> list[tuple[str, Any, str]]:
    """The palette's seat commands while a hot-seat game goes on: hand a seat to a bot (a
    player leaves) and, when a bot plays a seat, give it back to a human."""
    screen = seat_screen(app)
    if screen is None:
        return []
    out = [(t("tui.command.seat_to_bot"), partial(_choose, app, _SeatsToBot),
            t("tui.command.seat_to_bot_hint"))]
    if any(screen.session.seats.bots):
        out.append((t("tui.command.seat_to_human"), partial(_choose, app, _SeatsToHuman),
                    t("tui.command.seat_to_human_hint")))
    return out


def _choose(app: Any, provider: type[Provider]) -> None:
    app.push_screen(Palette(t("tui.palette.seats"), providers=[provider]))


def change_seat(screen: Any, seat: int, level: str | None) -> None:
    """Seat `seat` of the game on `screen` changes hands now: to the bot `level`, or to a
    human (None). Asked by the seat's own player when it is their decision now, else by the
    table. A bot plays on at once; a human whose decision it is is asked (the hand-over)."""
    session = screen.session
    decider = session.decider
    by = seat if decider == seat and not session.seats.is_bot(seat) else None
    try:
        change = session.change_seat(seat, level, by=by)
    except PlayError as e:
        screen.notify(str(e), severity="error")
        return
    if change is None:
        return
    screen.notify(session.line(session.log[-1]))
    if screen.thinking and decider != seat:   # another seat's bot thinks: it plays on
        screen.refresh_view()
        return
    if decider == seat:
        screen.turns.cancel()   # the seat's bot, if it was thinking: its choice is dropped
        screen.path = ()
        if level is not None:   # the hand-over banner to the player who left goes
            screen.app.call_later(_drop_banner, screen.app, seat)
    screen.after_change()


def _drop_banner(app: Any, seat: int) -> None:
    from .screens.message import HandoverScreen
    if isinstance(app.screen, HandoverScreen) and app.screen.player == seat:
        app.screen.dismiss()


def levels_in_order() -> list[str]:
    names = level_names()
    return [n for n in FIRST_LEVELS if n in names] + [n for n in names if n not in FIRST_LEVELS]


class ListedProvider(Provider):
    """A palette's second step: its choices (label, what it does, help) listed at once and
    searched by their labels (the seat commands of the game and of the host's board)."""

    def choices(self) -> list[tuple[str, Any, str]]:
        raise NotImplementedError

    async def discover(self) -> Hits:
        for label, cb, hint in self.choices():
            yield DiscoveryHit(label, cb, help=hint or None)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, cb, hint in self.choices():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), cb, help=hint or None)


class _SeatProvider(ListedProvider):
    """The choices of a seat command (the seat and its new hands)."""

    def _seats(self) -> tuple[Any, list[tuple[int, str, str | None]]]:
        screen = seat_screen(self.app)
        if screen is None:
            return None, []
        seats = screen.session.seats
        return screen, [(p, seats.names[p], seats.bots[p]) for p in range(len(seats))]


class _SeatsToBot(_SeatProvider):
    """Every seat with every bot level it is not played at."""

    def choices(self) -> list[tuple[str, Any, str]]:
        screen, seats = self._seats()
        out = []
        for p, name, now in seats:
            was = level_name(now) if now else t("tui.seat.human")
            for level in levels_in_order():
                if level != now:
                    out.append((t("tui.seat.to_bot", name=name, seat=p + 1,
                                  level=level_name(level)),
                                partial(change_seat, screen, p, level),
                                t("tui.seat.now", now=was)))
        return out


class _SeatsToHuman(_SeatProvider):
    """Every seat a bot plays."""

    def choices(self) -> list[tuple[str, Any, str]]:
        screen, seats = self._seats()
        return [(t("tui.seat.to_human", name=name, seat=p + 1),
                 partial(change_seat, screen, p, None), t("tui.seat.now", now=level_name(now)))
                for p, name, now in seats if now]


class Palette(SearchDroppedOnClose, NoMatchesWords, CommandPalette):
    """Textual's command palette with its placeholder and "no matches" line translated.
    Its page keys before its list is laid out are guarded in textual_compat (F8), and so is
    a search that starts or ends while it closes."""

    def __init__(self, placeholder: str | None = None, **kwargs: Any) -> None:
        super().__init__(placeholder=placeholder or t("tui.palette.placeholder"), **kwargs)

    def no_matches_text(self) -> Any:
        return Align.center(Text(t("tui.palette.no_matches"), style="not bold"))

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def once_closed_select_nothing(self, event: Any) -> None:
        """A second Enter (or click) in the same burst reaches the palette after the first
        one closed it: Textual's palette would run the command again and dismiss again,
        which pops whatever screen is on top by then (ScreenStackError when it is the last).
        Handled here first (subclass handlers run first): dropped."""
        if self.app.screen is not self:
            event.prevent_default()
            event.stop()


def system_commands(app: Any, screen: Any) -> Iterable[SystemCommand]:
    """Textual's system commands (theme, maximize, screenshot) in the current language.
    Left out: Textual's immediate "Quit" (the game's own Quit asks first) and its "Keys"
    panel, which lists Textual's widget bindings in English (F1 lists every key of the
    game)."""
    yield SystemCommand(t("tui.system.theme"), t("tui.system.theme_hint"),
                        lambda: app.push_screen(Palette(t("tui.palette.themes"),
                                                        providers=[_theme_provider()])))
    if screen.maximized is not None:
        yield SystemCommand(t("tui.system.minimize"), t("tui.system.minimize_hint"),
                            screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(t("tui.system.maximize"), t("tui.system.maximize_hint"),
                            screen.action_maximize)
    yield SystemCommand(t("tui.system.screenshot"), t("tui.system.screenshot_hint"),
                        lambda: app.set_timer(0.1, partial(save_screenshot, app)))


def _theme_provider() -> type[Provider]:
    from textual.theme import ThemeProvider
    return ThemeProvider


def save_screenshot(app: Any) -> None:
    """An SVG of the screen in the current folder, announced in the current language."""
    try:
        path = app.save_screenshot()
    except OSError as e:
        app.notify(t("tui.system.screenshot_failed", error=str(e)), severity="error")
        return
    app.notify(t("tui.system.screenshot_saved", path=path))
