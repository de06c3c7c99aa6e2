"""Reasons in words: the categories of a player's final score where two moves' average
outcomes differ most (jorvik.review.reasons), as a short phrase for a hint or a review line:
"why: +8.0 VP from the Picts' attacks, −2.0 coins"."""

from __future__ import annotations

import re

from rich.text import Text

from jorvik.i18n import t


def shown_se(se: float) -> float:
    """A standard error as a "±" shows it in tenths: one that would round to ±0.0 without
    being 0 is shown as ±0.1 (an upper bound); "±0.0" only when the value is exact."""
    return 0.1 if 0 < se < 0.05 else se


def why_words(why: tuple[tuple[str, float], ...] | list) -> str:
    """The phrase for `why` ((category, difference) pairs), or "" when there is none."""
    items = []
    for cat, diff in why:
        if cat == "coins":
            items.append(t("learn.why.coins", diff=float(diff)))
        else:
            items.append(t("learn.why.vp", diff=float(diff), category=t(f"learn.why.cat.{cat}")))
    # the true minus sign in every language (Hungarian's number format has it already)
    words = [re.sub(r"(?<![\w.,])-(?=\d)", "−", item) for item in items]
    return t("learn.why.line", items=", ".join(words)) if words else ""


def why_text(why, style: str = "italic") -> Text:
    """The phrase after a line (" — why: …"), empty when there is no reason to give."""
    words = why_words(why)
    return Text(" — " + words, style=style) if words else Text()
