"""Honeycombs shaped like the NY Times': every candidate weighted by how like a real puzzle it is.

The NY Times' editors pick honeycombs with a middling number of answers, a few pangrams, common
pangrams and certain letters. :func:`statistics` measures each candidate honeycomb (the answer
count, score and pangram count the solver gives, how common its commonest pangram is, its
vowels and letters); the bundled shape model (``data/nyt-shape.json``, built by
``scripts/build_shape.py`` from the real puzzles of 2018-2022, each factor remembering the past
as long as forecasting the next year asks: the answer counts and vowels a quarter-year, as the
editors' taste drifts) gives each candidate a log-weight: a sum of piecewise-linear
curves of its statistics and a weight for its centre and for each outer letter. Drawing
candidates in proportion to ``exp(log-weight)`` draws honeycombs distributed like the real ones:
the model is the maximum-likelihood *exponential tilt* of the candidates towards the real puzzles
(a conditional logit over all candidates), so its weights are the density ratio real/candidate.
Candidates outside the range of the real puzzles' answer counts and scores get no weight.
The weights are then calibrated (:func:`calibrated`) so that the centre letters they draw come
in the mix the model forecasts, which its penalty alone would pull towards the candidates'.

Examples
--------
>>> model = shape_model()["bee"]
>>> sorted(model["curves"])
['pangram_zipf', 'pangrams', 'score', 'vowels', 'words']
>>> model["support"]["words"][0] >= 10
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from letterplay.letters import ALPHABET, popcount
from letterplay.lexicon import Lexicon
from letterplay.spellingbee._best import Candidates
from letterplay.spellingbee._table import valid_words, word_arrays

__all__ = [
    "LIKES",
    "STATISTICS",
    "calibrated",
    "log_weights",
    "shape_model",
    "shaped",
    "statistics",
]

LIKES = ("nyt",)
"""The puzzles ``like`` can shape generated ones after."""

STATISTICS = ("words", "score", "pangrams", "pangram_zipf", "vowels")
"""The per-honeycomb statistics the shape model weighs (besides the letters)."""

VOWELS = np.uint32(sum(1 << ALPHABET.index(ch) for ch in "aeiou"))

SHAPE_FILE = Path(__file__).resolve().parent.parent / "data" / "nyt-shape.json"


@cache
def shape_model() -> dict:
    """The bundled shape model (``data/nyt-shape.json``), read once."""
    return json.loads(SHAPE_FILE.read_text(encoding="utf-8"))


def statistics(lexicon: Lexicon, cands: Candidates) -> dict[str, np.ndarray]:
    """Each candidate's statistics: ``words``, ``score``, ``pangrams``, ``pangram_zipf`` (the
    Zipf frequency of its commonest pangram), ``center`` (0-25) and ``sets`` (letter masks).
    The pangram Zipf is one grouped maximum over the lexicon's pangrams (words of 7 letters'
    sets), looked up by each candidate's set."""
    arrays = word_arrays(lexicon)
    keep = valid_words(lexicon, True) & (popcount(arrays.masks) == 7)
    masks = arrays.masks[keep].astype(np.int64)
    zipfs = lexicon.zipfs[keep].astype(np.float64)
    order = np.lexsort((zipfs, masks))  # by set, the commonest last
    masks, zipfs = masks[order], zipfs[order]
    last = np.r_[masks[1:] != masks[:-1], True] if len(masks) else np.zeros(0, dtype=bool)
    sets, best = masks[last], zipfs[last]
    where = np.searchsorted(sets, cands.sets.astype(np.int64))
    where = np.minimum(where, max(len(sets) - 1, 0))
    found = (sets[where] == cands.sets) if len(sets) else np.zeros(len(cands), dtype=bool)
    pangram_zipf = np.where(found, best[where] if len(sets) else 0.0, 0.0)
    return {
        "words": cands.words.astype(np.float64),
        "score": cands.scores.astype(np.float64),
        "pangrams": cands.pangrams.astype(np.float64),
        "pangram_zipf": pangram_zipf,
        "vowels": popcount(cands.sets & VOWELS).astype(np.float64),
        "center": cands.centers.astype(np.int64),
        "sets": cands.sets.astype(np.int64),
    }


def letter_matrix(sets: np.ndarray) -> np.ndarray:
    """(n, 26) 0/1 matrix of the letters of each set mask."""
    return ((sets[:, None] >> np.arange(len(ALPHABET))) & 1).astype(np.float64)


def log_weights(stats: dict[str, np.ndarray], model: dict) -> np.ndarray:
    """Each candidate's log-weight under ``model`` (the ``"bee"`` part of the shape file);
    ``-inf`` outside its support."""
    total = np.zeros(len(stats["center"]))
    for name, curve in model["curves"].items():
        total += np.interp(stats[name], curve["knots"], curve["values"])
    center = np.asarray(model["center"], dtype=np.float64)
    outer = np.asarray(model["outer"], dtype=np.float64)
    letters = letter_matrix(stats["sets"])
    letters[np.arange(len(letters)), stats["center"]] = 0.0
    total += center[stats["center"]] + letters @ outer
    inside = np.ones(len(total), dtype=bool)
    for name, (low, high) in model["support"].items():
        inside &= (stats[name] >= low) & (stats[name] <= high)
    return np.where(inside, total, -np.inf)


def calibrated(weights: np.ndarray, centers: np.ndarray, model: dict) -> np.ndarray:
    """``weights`` scaled per centre letter so that the centre letters they draw come in the
    model's ``center_share`` (the mix of the real puzzles' centre letters the model forecasts):
    the fit's penalty pulls the centre weights towards the candidates' own mix, and this puts
    the marginal back where the real puzzles are (one step of raking; the other statistics'
    weights are left as fitted). Letters no candidate has keep no weight.

    Examples
    --------
    >>> model = {"center_share": [0.75, 0.25] + [0.0] * 24}
    >>> calibrated(np.ones(4), np.array([0, 1, 1, 1]), model).tolist()
    [0.75, 0.08333333333333333, 0.08333333333333333, 0.08333333333333333]
    """
    share = np.asarray(model.get("center_share", []), dtype=np.float64)
    if not len(share):
        return weights
    have = np.bincount(centers, weights=weights, minlength=len(share))
    scale = np.divide(share, have, out=np.zeros(len(share)), where=have > 0)
    total = (scale * have).sum()
    return weights * scale[centers] / total if total > 0 else weights


_SHAPED: dict[tuple[str, str, str, bool], np.ndarray] = {}
_MAX_SHAPED = 8  # lexicons whose weights stay in memory


def shaped(
    lexicon: Lexicon,
    cands: Candidates,
    *,
    like: str,
    key: str,
    offensive: Callable[[np.ndarray], np.ndarray] | None,
) -> np.ndarray:
    """The candidates' drawing weights for ``like`` (zero outside the model's support, and,
    with ``offensive`` (ids -> whether each shows an offensive word), for those that show one),
    kept in memory by the lexicon's identity and the candidates' constraints ``key``."""
    cache_key = (lexicon.sha256, like, key, offensive is not None)
    if cache_key not in _SHAPED:

        def build() -> dict[str, np.ndarray]:
            stats = statistics(lexicon, cands)
            logw = log_weights(stats, shape_model()["bee"])
            weights = np.zeros(len(logw))
            inside = np.flatnonzero(np.isfinite(logw))
            if len(inside):
                weights[inside] = np.exp(logw[inside] - logw[inside].max())
            if offensive is not None and len(inside):
                weights[inside[offensive(inside)]] = 0.0
            return {"weights": calibrated(weights, stats["center"], shape_model()["bee"])}

        from letterplay import cache as disk

        if disk.worth_caching(lexicon):
            # on disk too: checking every candidate's shown letters costs most of a cold call
            entry = ":".join([*map(str, cache_key), _model_identity(), "v2"])
            weights = np.asarray(disk.cached("bee-shape", entry, build)["weights"])
        else:
            weights = build()["weights"]
        if len(_SHAPED) >= _MAX_SHAPED:
            _SHAPED.pop(next(iter(_SHAPED)))
        _SHAPED[cache_key] = weights
    return _SHAPED[cache_key]


@cache
def _model_identity() -> str:
    """Checksums of what the weights depend on beyond the lexicon: the shape model and the list
    of offensive shown strings (zlib's: hashlib costs more to import than this is worth)."""
    import zlib

    from letterplay import offensive

    files = (SHAPE_FILE, offensive.shown_path())
    return "-".join(f"{zlib.crc32(f.read_bytes()):08x}" for f in files)
