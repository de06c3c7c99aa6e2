"""The hot-seat Textual app: `jorvik play` (jorvik.cli) hands it a PlayConfig and runs it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import JorvikApp, PlayConfig

__all__ = ["LOCKED_EXIT", "build_app", "exit_code", "run_app", "run_play"]

LOCKED_EXIT = 2  # the game is open in another instance


def build_app(config: PlayConfig, hints: bool = True,
              ready_hook: Callable[..., Any] | None = None) -> JorvikApp:
    """The app for a checked PlayConfig; `hints`: whether the hint key (?) works."""
    from .app import JorvikApp
    app = JorvikApp(config, ready_hook=ready_hook)
    app.hints = hints  # the hint key (?), see screens/hint.py
    return app


def run_play(config: PlayConfig, hints: bool = True) -> int:
    """Run the app; non-zero when it crashed (a report says why) or the last save failed."""
    return run_app(build_app(config, hints))


def run_app(app: JorvikApp) -> int:
    """Run a Jórvík app (a game or the lessons; `jorvik host`'s and `join`'s too) to its end
    and say, in one line or two on the terminal, what became of the game: saved and how to
    resume it, or not saved, or where a crash report is. Returns the exit status (see
    exit_code). Without a terminal to draw on and read keys from it says so and returns 2;
    SIGTERM and SIGHUP end it as Ctrl+C does (the game saved, the terminal given back), with
    the status 128 + the signal's number."""
    import sys

    from jorvik.playpool import prepare

    from .app import CRASH_EXIT
    problem = terminal_problem()
    if problem is not None:
        from jorvik.i18n import t
        line = t("cli.errors.needs_terminal", stream=problem)
        _tell([line])
        if problem == "stderr" and sys.__stdout__ is not None and sys.__stdout__.isatty():
            print(line, file=sys.__stdout__, flush=True)  # `2>/dev/null`: said where it is seen
        return NO_TERMINAL_EXIT
    prepare()  # so that hints and the review can start their worker processes in the app
    received: list[int] = []
    try:
        with StoppingOnSignals(app, received):
            code = app.run()
    except KeyboardInterrupt:  # SIGINT outside the app's keys
        code = 130
    status = exit_code(app, code)
    lines = crash_lines(app) if status == CRASH_EXIT else after_game_lines(app)
    if getattr(app, "environment_error", None) is not None:
        from jorvik.i18n import t
        lines = [t("tui.crash.environment", error=str(app.environment_error))] + lines
    if received and status != CRASH_EXIT:
        import signal as signals

        from jorvik.i18n import t
        status = 128 + received[0]
        if not lines:
            lines = [t("cli.errors.signalled", signal=signals.Signals(received[0]).name)]
    _tell(lines)
    return status


NO_TERMINAL_EXIT = 2


def terminal_problem() -> str | None:
    """Which of the streams a Textual app needs is not a terminal ("stdin", "stderr": Textual
    reads keys from the one and draws on the other), or None. An app served to a browser
    (TEXTUAL_DRIVER set by textual-serve) needs none."""
    import os
    import sys
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    for name in ("stdin", "stderr"):
        stream = getattr(sys, f"__{name}__", None)
        try:
            if stream is None or not stream.isatty():
                return name
        except (OSError, ValueError):
            return name
    return None


def _tell(lines: list[str]) -> None:
    """The closing lines on standard error; a terminal gone (SIGHUP) is not an error."""
    import sys
    for line in lines:
        try:
            print(line, file=sys.stderr, flush=True)
        except (OSError, ValueError):
            return


class StoppingOnSignals:
    """While the app runs: SIGTERM and SIGHUP (where the system has them) ask it to quit from
    its own event loop, as Ctrl+C does, so that Textual gives the terminal back (raw mode,
    the alternate screen, mouse reporting and the cursor). With no app (`app` None: a
    headless host) or no loop running, the signal is a KeyboardInterrupt. A second signal
    while it quits ends the process the system's way."""

    NAMES = ("SIGTERM", "SIGHUP")

    def __init__(self, app: Any, received: list[int]) -> None:
        self.app, self.received = app, received
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> None:
        import signal
        for name in self.NAMES:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            # not the main thread (ValueError) or no such signal here: leave it as it is
            with contextlib.suppress(ValueError, OSError):
                self.previous[signum] = signal.signal(signum, self._handle)

    def __exit__(self, *exc: Any) -> None:
        import signal
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def _handle(self, signum: int, frame: Any) -> None:
        import asyncio
        import signal
        if self.received:  # asked twice: the system's way
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)
            return
        self.received.append(signum)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not running yet or any more: nothing to give back
            raise KeyboardInterrupt from None
        loop.call_soon_threadsafe(quit_on_signal, self.app)


def quit_on_signal(app: Any) -> None:
    """Leave the app as Ctrl+C does, without asking: every move is saved already."""
    close = getattr(app, "_close_game", None)
    if close is not None:
        close()
    app.exit(0)


def crash_lines(app: JorvikApp) -> list[str]:
    """What a crash tells: where the report is (or why none could be written), and whether
    the game is saved — only when its file holds every move."""
    from jorvik.i18n import t
    if app.crash_report is not None:
        lines = [t("tui.crash.message", path=str(app.crash_report))]
    else:
        lines = [t("tui.crash.no_report", error=str(app.crash_report_error or ""))]
    return lines + after_game_lines(app)


def after_game_lines(app: JorvikApp) -> list[str]:
    """On leaving an unfinished game: that it is saved and how to resume it; or that its last
    moves are not saved (and where a copy is, if one was saved)."""
    from jorvik.i18n import t
    session = app.session
    if session is None or session.over or not session.autosave:
        return []
    if session.save_error is not None or session.path is None:
        error = str(session.save_error or "")
        return [t("tui.save.exit_copy", error=error, path=str(app.saved_copy)) if app.saved_copy
                else t("tui.save.exit_unsaved", error=error)]
    return [t("tui.save.exit_saved", id=session.game_id or "")]


def exit_code(app: JorvikApp, code: int | None) -> int:
    """`jorvik play`'s exit status: CRASH_EXIT after a crash, 1 when the last save failed."""
    from .app import CRASH_EXIT
    if app.crash_report is not None or app.return_code == CRASH_EXIT:
        return CRASH_EXIT
    if app.save_failed:
        return 1
    return int(code or 0)
