"""The hot-seat Textual app: `jorvik play` (jorvik.cli) hands it a PlayConfig and runs it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .app import JorvikApp, PlayConfig

__all__ = ["build_app", "exit_code", "run_app", "run_play", "LOCKED_EXIT"]

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
    """Run a Jórvík app (a game or the lessons) to its end and say, in one line or two on
    the terminal, what became of the game: saved and how to resume it, or not saved, or
    where a crash report is. Returns the exit status (see exit_code)."""
    import sys

    from jorvik.playpool import prepare

    from .app import CRASH_EXIT
    prepare()  # so that hints and the review can start their worker processes in the app
    try:
        code = app.run()
    except KeyboardInterrupt:  # SIGINT outside the app's keys
        code = 130
    status = exit_code(app, code)
    lines = crash_lines(app) if status == CRASH_EXIT else after_game_lines(app)
    for line in lines:
        print(line, file=sys.stderr)
    return status


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
