"""When the keyboard changes hands: the hand-over modes and the rule for the banner.

Jórvík hides nothing, so the banner is for attention, not secrecy (docs/handover.md):

- "always": a banner whenever the deciding human changes (the old way);
- "changes" (the default): a banner only when the deciding human changes **and** something
  happened to the next player since their last turn (since.happened_to) or a phase begins;
  otherwise the turn strip in the player's colour and the summary in the side area;
- "never": no banner, no strip.

Whatever the mode but "never", the banner also comes after a resumed game and after an undo
that hands the keyboard to another player. The mode is remembered in the settings."""

from __future__ import annotations

from typing import Any

MODES = ("always", "changes", "never")
DEFAULT = "changes"


def remembered() -> str:
    """The mode saved in the settings, else the default."""
    from jorvik.settings import load_settings
    value = load_settings().get("handover")
    return value if isinstance(value, str) and value in MODES else DEFAULT


def remember(mode: str) -> None:
    """Save `mode` for the next games (an unwritable settings file only costs that)."""
    if mode not in MODES:
        raise ValueError(f"unknown hand-over mode {mode!r}")
    from jorvik.settings import save_settings
    try:
        save_settings(handover=mode)
    except OSError:
        pass


def resolve(value: Any) -> str:
    """A PlayConfig's hand-over: a mode as it is; True or None: the remembered mode; False:
    "never" (the lessons, --no-handover)."""
    if isinstance(value, str) and value in MODES:
        return value
    if value is False:
        return "never"
    return remembered()


def banner_due(mode: str, phase_began: bool, happened: bool) -> bool:
    """Whether a change of the deciding human shows the banner (see the module's rule)."""
    if mode == "always":
        return True
    if mode == "changes":
        return phase_began or happened
    return False


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
