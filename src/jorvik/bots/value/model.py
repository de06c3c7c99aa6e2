"""The value model: from a seat's input row (:mod:`.features`) to the seat's expected final
margin (or VP: ``info.target``), evaluated in numpy; its file is read like every file from
outside.

The shipped model is ``jorvik/data/value-model.json`` (made by ``tools/train_value.py``;
docs/value-model.md says what it was trained on). A model file is JSON: ``format``, the
feature names it was trained for (``features``), the inputs' ``mean`` and ``scale``, a
``linear`` part (a weight per standardised input for each of BUCKETS stages of the game:
:func:`bucket_of`), the ``layers`` (each ``w``: inputs × outputs, ``b``: outputs; ReLU
between them), the target's ``y_mean`` and ``y_scale``, and ``info`` (``target``, ``base``
and how it was trained). It may hold an ``endgame`` head: the same fields (``mean``,
``scale``, ``linear``, ``layers``, ``y_mean``, ``y_scale``) of a second network, trained on
positions of the last rounds, and the ``rounds_left`` it values (e.g. [0, 1, 2]: the rounds
still to come after the position's); a position with so many rounds left is valued by the
head alone, or, with ``"adds": true``, by the main network plus the head (a small correction
trained on what the main network misses there). Anything else — another format, other features, a wrong shape, a
number that is not finite, a file too big — is one :class:`ModelFileError` line.
"""

from __future__ import annotations

import functools
import math
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from jorvik.engine import Observation
from jorvik.outside import DataFileError, printable, read_json_file

from ..knowledge.values import margin_of
from .features import GLOBAL, N_FEATURES, PLAYER, position_features, table_rows

FORMAT = "jorvik-value-model-1"
MAX_BYTES = 2 * 1024 * 1024     # the shipped model is well under 1 MB
MAX_LAYERS = 6
MAX_WIDTH = 1024
DEFAULT_NAME = "value-model.json"


def feature_names() -> list[str]:
    """The names of a row's inputs, in order (a model file must list exactly these)."""
    from .features import MAX_SEATS
    names = [f"table.{g}" for g in GLOBAL]
    for k in range(MAX_SEATS):
        names += [f"seat{k}.{p}" for p in PLAYER]
    names += [f"others_best.{p}" for p in PLAYER] + [f"others_mean.{p}" for p in PLAYER]
    assert len(names) == N_FEATURES
    return names


_NAMES = feature_names()


_RL = _NAMES.index("table.rounds_left")
_DEMAND = _NAMES.index("table.phase_demand")
MAX_ROUNDS_LEFT = 20  # an endgame head's rounds_left are below this
STAGES = 5            # 0, 1, 2, 3 and 4 or more rounds left
BUCKETS = 2 * STAGES  # linear parts: each stage while placing vikings and otherwise


class ModelFileError(Exception):
    """A value model file that cannot be used, as one printable line."""

    def __init__(self, message: str) -> None:
        message = printable(message)
        super().__init__(message)
        self.message = message


class ValueModel:
    """A trained model: on standardised inputs a linear part (one per stage of the game,
    :func:`bucket_of`) plus a small ReLU network, scaled back (y_mean, y_scale)."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray,
                 layers: list[tuple[np.ndarray, np.ndarray]], y_mean: float, y_scale: float,
                 info: dict[str, Any] | None = None, linear: np.ndarray | None = None):
        self.linear = (np.zeros((BUCKETS, len(mean))) if linear is None
                       else linear).astype(np.float32)
        self.mean = mean.astype(np.float32)
        self.inv = (1.0 / scale).astype(np.float32)
        self.layers = [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]
        self.y_mean = float(y_mean)
        self.y_scale = float(y_scale)
        self.info = info or {}
        self.endgame: ValueModel | None = None
        self._adds = False
        self._head_at = np.zeros(0, dtype=bool)   # by rounds left: valued by the head?
        self._fold()

    def with_endgame(self, head: ValueModel, rounds_left: list[int], adds: bool = False
                     ) -> ValueModel:
        """This model with `head` valuing the positions with these rounds left (after the
        position's own round): alone, or added to this model's value (`adds`)."""
        self.endgame = head
        self._adds = adds
        self._head_at = np.zeros(MAX_ROUNDS_LEFT + 1, dtype=bool)
        self._head_at[rounds_left] = True
        self._fold()
        if adds and len(head.layers) == 1 and max(rounds_left) < STAGES - 1:
            self._fold_head(head, rounds_left)
        return self

    def _fold_head(self, head: ValueModel, rounds_left: list[int]) -> None:
        """A linear head that adds, on stages of their own buckets, folded into this model's
        linear columns of those buckets: the quick path then costs what it cost without it."""
        inv = head.inv.astype(np.float64)
        shift = head.mean.astype(np.float64) * inv
        w, b = (x.astype(np.float64) for x in head.layers[0])
        for left in rounds_left:
            for bucket in (2 * left, 2 * left + 1):
                coef = (w[:, 0] + head.linear[bucket].astype(np.float64)) * head.y_scale
                col = self._width + bucket
                self._w[:, col] += (inv * coef / self.y_scale).astype(np.float32)
                self._b[col] += np.float32((head.y_mean + b[0] * head.y_scale
                                            - shift @ coef) / self.y_scale)
        self._folded = True

    def _head_rows(self, rows: np.ndarray) -> np.ndarray:
        left = np.clip(rows[:, _RL], 0, MAX_ROUNDS_LEFT).astype(np.int64)
        return self._head_at[left] if len(self._head_at) else np.zeros(len(rows), dtype=bool)

    def _fold(self) -> None:
        """The same sums with the standardisation folded into the first layer and the linear
        parts, and the linear parts beside the first layer's weights (one product a row:
        :meth:`fast`)."""
        inv = self.inv.astype(np.float64)
        shift = self.mean.astype(np.float64) * inv
        w1, b1 = (x.astype(np.float64) for x in self.layers[0])
        lin = self.linear.astype(np.float64).T                 # N_FEATURES × BUCKETS
        self._w = np.concatenate([w1 * inv[:, None], lin * inv[:, None]],
                                 axis=1).astype(np.float32)
        self._b = np.concatenate([b1 - shift @ w1, -shift @ lin]).astype(np.float32)
        self._width = w1.shape[1]
        self._rest = self.layers[1:]
        self._folded = False

    def fast(self, rows: np.ndarray) -> np.ndarray:
        """predict, for the rows of one position (its seats, which share the table's row
        and so the stage of the game): the same values but for rounding."""
        if self.endgame is not None and not self._folded and len(rows) \
                and self._head_rows(rows[:1])[0]:
            if self._adds:
                return self._fast(rows) + self.endgame.fast(rows)
            return self.endgame.fast(rows)
        return self._fast(rows)

    def _fast(self, rows: np.ndarray) -> np.ndarray:
        z = rows @ self._w + self._b
        width = self._width
        # a position's seats share their stage: its bucket read once (bucket_of's rule)
        first = rows[0]
        skip = z[:, width + 2 * min(int(first[_RL]), STAGES - 1) + int(first[_DEMAND])]
        h = z[:, :width]
        for w, b in self._rest:
            np.maximum(h, 0.0, out=h)
            h = h @ w + b
        return (h[:, 0] + skip) * self.y_scale + self.y_mean

    def predict(self, rows: np.ndarray) -> np.ndarray:
        """Expected final margin (or VP: `target`) of each input row (rows: m × N_FEATURES)."""
        out = self._predict(rows)
        if self.endgame is not None:
            at = self._head_rows(rows)
            if at.any():
                out[at] = self.endgame._predict(rows[at]) + (out[at] if self._adds else 0.0)
        return out

    def _predict(self, rows: np.ndarray) -> np.ndarray:
        h = (rows - self.mean) * self.inv
        skip = np.einsum("ij,ij->i", h, self.linear[bucket_of(rows)])
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if k < last:
                np.maximum(h, 0.0, out=h)
        return (h[:, 0] + skip) * self.y_scale + self.y_mean

    @property
    def target(self) -> str:
        """What the model predicts of a seat: "margin" (its final margin,
        knowledge.final_margin) or "vp" (its final VP)."""
        return self.info.get("target", "vp")

    def seat_values(self, view: Observation | Any) -> list[float]:
        """Every seat's prediction (see `target`) in a position's public view (an
        Observation or an observed GameState)."""
        return self.fast(table_rows(*position_features(view))).tolist()

    def margins(self, view: Observation | Any) -> list[float]:
        """Every seat's expected final margin (knowledge.margin_of) in a public view."""
        v = self.seat_values(view)
        if self.target == "margin":
            return v
        return [margin_of(v, i) for i in range(len(v))]

    def _weights(self) -> dict[str, Any]:
        return {"mean": self.mean.tolist(), "scale": (1.0 / self.inv).tolist(),
                "linear": self.linear.tolist(),
                "layers": [{"w": w.tolist(), "b": b.tolist()} for w, b in self.layers],
                "y_mean": self.y_mean, "y_scale": self.y_scale}

    def to_json(self) -> dict[str, Any]:
        out = {"format": FORMAT, "features": _NAMES, **self._weights(), "info": self.info}
        if self.endgame is not None:
            out["endgame"] = {**self.endgame._weights(),
                              "rounds_left": np.flatnonzero(self._head_at).tolist(),
                              "adds": self._adds}
        return out


def bucket_of(rows: np.ndarray) -> np.ndarray:
    """Which linear part values each row: by the rounds left after this one (0, 1, 2, 3, 4
    or more) and whether vikings are being placed (where a round's searches begin) or not."""
    return (2 * np.minimum(rows[:, _RL], STAGES - 1) + rows[:, _DEMAND]).astype(np.int64)


def _array(value: Any, shape: tuple[int, ...], what: str, where: str) -> np.ndarray:
    try:
        a = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise ModelFileError(f"{where}: {what} is not an array of numbers") from None
    if a.shape != shape:
        raise ModelFileError(f"{where}: {what} has shape {a.shape}, not {shape}")
    if not np.all(np.isfinite(a)) or np.any(np.abs(a) > 1e6):
        raise ModelFileError(f"{where}: {what} holds a number that is not finite or too large")
    return a


def model_from_json(data: Any, where: str) -> ValueModel:
    """A ValueModel from a model file's parsed JSON; ModelFileError for anything else."""
    if not isinstance(data, dict):
        raise ModelFileError(f"{where}: not a value model (a JSON object is expected)")
    if data.get("format") != FORMAT:
        raise ModelFileError(f"{where}: not a value model of format {FORMAT}")
    if data.get("features") != _NAMES:
        raise ModelFileError(f"{where}: the model was trained for other features than this "
                             "version computes; train it again with tools/train_value.py")
    mean, scale, layers, y, linear = _weights_from_json(data, where)
    raw_info = data.get("info")
    info: dict[str, Any] = raw_info if isinstance(raw_info, dict) else {}
    if info.get("target", "vp") not in ("vp", "margin"):
        raise ModelFileError(f"{where}: info.target must be vp or margin")
    if info.get("base", "none") != "none":
        raise ModelFileError(f"{where}: info.base must be none (the model learns the whole "
                             "value; a model on the heuristic's value is of an older version)")
    model = ValueModel(mean, scale, layers, y[0], y[1], info, linear)
    head = data.get("endgame")
    if head is not None:
        if not isinstance(head, dict):
            raise ModelFileError(f"{where}: endgame must be an object")
        left = head.get("rounds_left")
        if not isinstance(left, list) or not left or not all(
                isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= MAX_ROUNDS_LEFT
                for k in left):
            raise ModelFileError(f"{where}: endgame.rounds_left must list rounds left "
                                 f"(0 to {MAX_ROUNDS_LEFT})")
        adds = head.get("adds", False)
        if not isinstance(adds, bool):
            raise ModelFileError(f"{where}: endgame.adds must be true or false")
        hw = _weights_from_json(head, f"{where}: endgame")
        model.with_endgame(ValueModel(hw[0], hw[1], hw[2], hw[3][0], hw[3][1], info, hw[4]),
                           left, adds)
    return model


def _weights_from_json(data: dict[str, Any], where: str) -> tuple[Any, ...]:
    """(mean, scale, layers, [y_mean, y_scale], linear) of a model file's network."""
    mean = _array(data.get("mean"), (N_FEATURES,), "mean", where)
    scale = _array(data.get("scale"), (N_FEATURES,), "scale", where)
    if np.any(scale <= 0):
        raise ModelFileError(f"{where}: scale must be positive")
    linear = _array(data.get("linear"), (BUCKETS, N_FEATURES), "linear", where)
    raw = data.get("layers")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_LAYERS:
        raise ModelFileError(f"{where}: layers must be a list of 1 to {MAX_LAYERS} layers")
    layers = []
    width = N_FEATURES
    for k, layer in enumerate(raw):
        if not isinstance(layer, dict) or not isinstance(layer.get("b"), list):
            raise ModelFileError(f"{where}: layer {k} must have w and b")
        out = len(layer["b"]) if k < len(raw) - 1 else 1
        if not 1 <= out <= MAX_WIDTH:
            raise ModelFileError(f"{where}: layer {k} has {out} outputs (1 to {MAX_WIDTH})")
        w = _array(layer.get("w"), (width, out), f"layer {k}'s w", where)
        b = _array(layer.get("b"), (out,), f"layer {k}'s b", where)
        layers.append((w, b))
        width = out
    y = []
    for key in ("y_mean", "y_scale"):
        v = data.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ModelFileError(f"{where}: {key} must be a finite number")
        y.append(float(v))
    if y[1] <= 0:
        raise ModelFileError(f"{where}: y_scale must be positive")
    return mean, scale, layers, y, linear


def read_model(path: str | Path) -> ValueModel:
    """The value model in file `path`; ModelFileError (one line) for any problem."""
    where = printable(str(path))
    try:
        data = read_json_file(path, MAX_BYTES)
    except DataFileError as e:
        raise ModelFileError(f"{where}: cannot read the value model ({e.reason}"
                             + (f": {e.detail}" if e.detail else "") + ")") from None
    return model_from_json(data, where)


def default_model_file() -> Path:
    return Path(str(resources.files("jorvik.data"))) / DEFAULT_NAME


@functools.lru_cache(maxsize=1)
def load_model() -> ValueModel:
    """The shipped value model (read and checked once per process)."""
    return read_model(default_model_file())
