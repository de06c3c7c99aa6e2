"""The in-game rules help (F1): a compact rules summary, the goods letters, every Ruling of
RULES.md and the choices the program makes, as markdown in the current language."""

from __future__ import annotations

from jorvik.engine.cards import GOODS

from . import t
from .cards import good_letter, good_name

SUMMARY_KEYS: tuple[str, ...] = (
    "rules.summary.overview",
    "rules.summary.modes",
    "rules.summary.setup",
    "rules.summary.round",
    "rules.summary.picts",
    "rules.summary.end",
    "rules.summary.timing",
)
# One entry per **Ruling** in RULES.md, in its order (tests/i18n counts them).
RULING_KEYS: tuple[str, ...] = (
    "rules.rulings.empty_bag",
    "rules.rulings.short_round",
    "rules.rulings.attacks_at_the_end",
    "rules.rulings.hired_hands",
    "rules.rulings.which_cube",
    "rules.rulings.vp_floor",
    "rules.rulings.any_phase",
    "rules.rulings.assign_immediately",
    "rules.rulings.giving_up",
    "rules.rulings.trickery",
    "rules.rulings.jarls_hall",
    "rules.rulings.coins_floor",
)
# What the program decides for the player (docs/engine.md, "Choices the engine makes").
PROGRAM_KEYS: tuple[str, ...] = (
    "rules.program.best_choice",
    "rules.program.auto_pass",
    "rules.program.auto_done",
    "rules.program.card_values",
)


def rules_summary() -> str:
    """The rules help as one markdown document."""
    legend = "\n".join(t("rules.goods.item", letter=good_letter(g), good=good_name(g))
                       for g in GOODS)
    parts = [
        t("rules.title"),
        *(t(k) for k in SUMMARY_KEYS),
        t("rules.goods.title"),
        legend,
        t("rules.rulings_title"),
        "\n".join(t(k) for k in RULING_KEYS),
        t("rules.program_title"),
        "\n".join(t(k) for k in PROGRAM_KEYS),
    ]
    return "\n\n".join(parts) + "\n"
