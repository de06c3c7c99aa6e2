"""The hot-seat Textual app: `jorvik play` (jorvik.cli) hands it a PlayConfig and runs it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .app import JorvikApp, PlayConfig

__all__ = ["build_app", "exit_code", "run_play", "LOCKED_EXIT"]

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
    import sys

    from jorvik.i18n import t

    from .app import CRASH_EXIT
    app = build_app(config, hints)
    try:
        code = app.run()
    except KeyboardInterrupt:  # SIGINT outside the app's keys: the game was saved already
        code = 130
    status = exit_code(app, code)
    if status == CRASH_EXIT:
        print(t("tui.crash.message", path=str(app.crash_report or "?")), file=sys.stderr)
    elif app.save_failed and app.session is not None:
        error = str(app.session.save_error)
        print(t("tui.save.exit_copy", error=error, path=str(app.saved_copy)) if app.saved_copy
              else t("tui.save.exit_unsaved", error=error), file=sys.stderr)
    return status


def exit_code(app: JorvikApp, code: int | None) -> int:
    """`jorvik play`'s exit status: CRASH_EXIT after a crash, 1 when the last save failed."""
    from .app import CRASH_EXIT
    if app.crash_report is not None or app.return_code == CRASH_EXIT:
        return CRASH_EXIT
    if app.save_failed:
        return 1
    return int(code or 0)
