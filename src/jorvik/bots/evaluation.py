"""The expert bot's learned evaluation of unfinished games: features of a player's position
against the others → the final VP margin, with weights fitted on self-play games.

Features read only public information (through :mod:`jorvik.bots.heuristics`). The weights
are a small versioned data file shipped in the package (``expert_weights.json``), written by
``tools/fit_expert.py`` and validated when loaded (pydantic at the edge): a bad file gives
one clear line (:class:`WeightsFileError`), never a traceback.

The margin of player p is ``own − ½·best other − ½·mean other`` (the search bots' utility),
its features the same difference of per-player figures. The prediction is the heuristic
value's margin plus a fitted linear correction; one weight vector per mode and table size
(``"karl-2"`` … ``"jarl-5"``).
"""

from __future__ import annotations

import functools
import math
from importlib import resources
from typing import Any

from jorvik.engine import RULES, GameState, empty_fields, feast_vp
from jorvik.outside import DataFileError, parse_json, printable, read_text_file

from .heuristics import Ctx, margin_of, player_value

__all__ = ["margin_of"]   # kept importable from here for tools/fit_expert.py

WEIGHTS_FORMAT = 1
WEIGHTS_NAME = "expert_weights.json"

# Per-player figures; the model sees each as (own − ½ best other − ½ mean other). Coins and
# cubes enter only through the heuristic value (at the heuristic's worth): in self-play they
# go with winning because good positions earn them, and a fit would have the bot hoard them.
PLAYER_FIGURES = (
    "vp", "value", "complete_vp", "open_vp", "missing_fields", "defence", "attack_value",
    "feast_vp",
)
# ... and these again times the share of the game still to come (they matter less late).
LATE_SCALED = ("value", "open_vp", "missing_fields", "defence")
FEATURES = (*PLAYER_FIGURES, *(f"{name}*left" for name in LATE_SCALED))
MODELS = tuple(f"{mode}-{n}" for mode in ("karl", "jarl") for n in RULES.players)

MAX_WEIGHTS_BYTES = 1_000_000


class WeightsFileError(Exception):
    """A problem with the expert's weights file, as one human-readable line (printable:
    names and paths in it come from outside)."""

    def __init__(self, message: str) -> None:
        super().__init__(printable(message))


def player_figures(ctx: Ctx, p: int) -> list[float]:
    """Player p's raw figures, in PLAYER_FIGURES order."""
    st = ctx.st
    pl = st.players[p]
    by_id = ctx.by_id
    complete_vp = open_vp = missing = feasts = 0
    for cid in pl.cards + pl.loading:
        card = by_id[cid]
        if card.type == "craftsman":
            m = len(empty_fields(st, pl, cid))
            if m == 0:
                complete_vp += card.vp
            else:
                open_vp += card.vp
                missing += m
        elif card.type == "feast":
            feasts += 1
    defence = ctx.defs[p]
    return [
        float(pl.vp),
        player_value(ctx, p),
        float(complete_vp),
        float(open_vp),
        float(missing),
        float(defence),
        ctx.attack_value(p, defence),
        float(feast_vp(feasts)),
    ]


def relative(rows: list[list[float]], p: int) -> list[float]:
    """Row p against the others: own − ½ best other − ½ mean other, figure by figure."""
    others = [r for i, r in enumerate(rows) if i != p]
    out = []
    for k, own in enumerate(rows[p]):
        vals = [r[k] for r in others]
        out.append(own - 0.5 * max(vals) - 0.5 * sum(vals) / len(vals))
    return out


def features(st: GameState, ctx: Ctx | None = None) -> list[list[float]]:
    """The model's inputs for every player, in FEATURES order."""
    ctx = ctx or Ctx(st)
    rows = [player_figures(ctx, p) for p in range(st.n)]
    left = min(1.0, ctx.rounds_left / RULES.rounds[st.n])
    idx = [PLAYER_FIGURES.index(name) for name in LATE_SCALED]
    out = []
    for p in range(st.n):
        rel = relative(rows, p)
        out.append(rel + [rel[i] * left for i in idx])
    return out



VALUE = FEATURES.index("value")


class Evaluation:
    """Predicted final margins from a weights table {model: weights}: the heuristic value's
    margin plus the fitted correction w·features."""

    def __init__(self, models: dict[str, list[float]]):
        self.models = models

    def margins(self, st: GameState, ctx: Ctx | None = None) -> list[float]:
        w = self.models[f"{st.mode}-{st.n}"]
        return [x[VALUE] + sum(a * b for a, b in zip(w, x)) for x in features(st, ctx)]


def _validate(data: Any, where: str) -> dict[str, list[float]]:
    from pydantic import BaseModel, ConfigDict, ValidationError

    class WeightsFile(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        format: int
        features: list[str]
        fitted: dict[str, Any]
        models: dict[str, list[float]]

    try:
        doc = WeightsFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "top level"
        raise WeightsFileError(f"{where}: {loc}: {err['msg']}") from None
    if doc.format != WEIGHTS_FORMAT:
        raise WeightsFileError(f"{where}: format {doc.format} is not {WEIGHTS_FORMAT}")
    if tuple(doc.features) != FEATURES:
        raise WeightsFileError(f"{where}: fitted for other features than this version uses "
                               f"(run tools/fit_expert.py)")
    missing = [m for m in MODELS if m not in doc.models]
    if missing:
        raise WeightsFileError(f"{where}: no weights for {missing[0]}")
    for name, w in doc.models.items():
        if name not in MODELS:
            raise WeightsFileError(f"{where}: unknown model {name!r}")
        if len(w) != len(FEATURES):
            raise WeightsFileError(f"{where}: {name} has {len(w)} weights, not {len(FEATURES)}")
        if not all(math.isfinite(x) and abs(x) < 1e6 for x in w):
            raise WeightsFileError(f"{where}: {name} has a weight that is not a sensible number")
    return doc.models


def parse_weights(text: str, where: str) -> Evaluation:
    try:
        data = parse_json(text, depth=8)
    except DataFileError as e:
        raise WeightsFileError(f"{where}: not JSON ({e.detail})") from None
    return Evaluation(_validate(data, where))


@functools.lru_cache(maxsize=4)
def load_evaluation(path: str | None = None) -> Evaluation:
    """The packaged weights (or a file at `path`), validated; WeightsFileError if bad."""
    if path is None:
        where = WEIGHTS_NAME
        try:
            text = resources.files("jorvik.bots").joinpath(WEIGHTS_NAME).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise WeightsFileError(f"{where}: cannot read it ({e})") from None
    else:
        where = str(path)
        try:
            text = read_text_file(path, MAX_WEIGHTS_BYTES)
        except DataFileError as e:
            raise WeightsFileError(f"{where}: cannot read it ({e.detail or e.reason})") from None
    return parse_weights(text, where)
