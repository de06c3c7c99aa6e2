"""The hand-over mode as the app keeps it: remembered in the settings, named on the command
line (--handover) or switched from the palette. The policy itself (the modes, when the banner
comes, who had the keyboard last) is the play layer's: jorvik.play.handover, which the game
screen and the join view both use."""

from __future__ import annotations

from typing import Any

from jorvik.play import handover as policy
from jorvik.play.handover import DEFAULT, MODES, banner_due

__all__ = ["DEFAULT", "MODES", "banner_due", "chosen", "remember", "remembered", "resolve",
           "set_handover"]


def remembered() -> str:
    """The mode saved in the settings, else the default."""
    from jorvik.settings import load_settings
    value = load_settings().get("handover")
    return value if isinstance(value, str) and value in MODES else DEFAULT


def remember(mode: str) -> None:
    """Save `mode` for the next games (an unwritable settings file only costs that)."""
    if mode not in MODES:
        raise ValueError(f"unknown hand-over mode {mode!r}")
    import contextlib

    from jorvik.settings import save_settings
    with contextlib.suppress(OSError):
        save_settings(handover=mode)


def resolve(value: Any) -> str:
    """A PlayConfig's hand-over: a mode as it is; True or None: the remembered mode; False:
    "never" (the lessons, --no-handover)."""
    if (isinstance(value, str) and value in MODES) or value is False:
        return policy.resolve(value)
    return policy.resolve(value, remembered())


def chosen(value: Any) -> str:
    """The app's mode at start: `resolve`, and a mode the player named (--handover) is
    remembered for the next games."""
    mode = resolve(value)
    if isinstance(value, str) and value in MODES:
        remember(mode)
    return mode


def set_handover(app: Any, mode: str) -> None:
    """The palette's switch: `mode` for this game and the next ones (remembered)."""
    from jorvik.i18n import t
    app.handover = mode
    remember(mode)
    for screen in app.screen_stack:
        if hasattr(screen, "set_handover"):
            screen.set_handover(mode)
    app.notify(t("tui.handover_set", mode=t(f"tui.handover_mode.{mode}")))
