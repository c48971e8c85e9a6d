"""The score distribution of all candidate honeycombs, as a histogram with the best one marked.

:func:`draw_score_distribution` returns the picture (SVG text or PNG bytes); the caller writes it.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee import EXAMPLE_WORDS, stats
>>> svg = draw_score_distribution(stats(Lexicon.from_words(EXAMPLE_WORDS)), "svg", "tiny")
>>> "Scores of all 14 candidate honeycombs (tiny)" in svg
True

References
----------
- Peter Norvig, *Spelling Bee Puzzle* (pytudes), the scores of all candidate honeycombs:
  https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
"""

from __future__ import annotations

import io

import numpy as np
from matplotlib.figure import Figure

from letterplay import validate
from letterplay.errors import InputError
from letterplay.spellingbee import Stats

__all__ = ["FORMATS", "draw_score_distribution"]

FORMATS = ("svg", "png")


def draw_score_distribution(stats: Stats, fmt: str = "svg", lexicon_name: str = "") -> str | bytes:
    """Histogram of the game scores of every candidate honeycomb: SVG text for ``fmt`` "svg",
    PNG bytes for "png".

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.spellingbee import EXAMPLE_WORDS, stats
    >>> draw_score_distribution(stats(Lexicon.from_words(EXAMPLE_WORDS)), "png")[:4]
    b'\\x89PNG'
    """
    if not isinstance(stats, Stats):
        raise InputError(f"stats must be a spellingbee Stats, not {type(stats).__name__}")
    if fmt not in FORMATS:
        raise InputError(f"fmt must be one of {', '.join(FORMATS)}, not {fmt!r}")
    lexicon_name = validate.text("lexicon_name", lexicon_name)
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    if len(stats.scores):
        _histogram(ax, stats)
    ax.set_xlabel("game score")
    ax.set_ylabel("candidate honeycombs (log scale)")
    name = f" ({lexicon_name})" if lexicon_name else ""
    ax.set_title(
        f"Scores of all {stats.candidate_honeycombs:,} candidate honeycombs{name}",
        parse_math=False,
    )
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=120)
    data = buffer.getvalue()
    return data.decode("utf-8") if fmt == "svg" else data


def _histogram(ax, stats: Stats) -> None:
    """The bars (log scale), the best score and the median."""
    scores = stats.scores
    width = max(stats.distribution()["histogram"]["bin_width"] // 4, 1)
    edges = np.arange(0, int(scores.max()) + 2 * width, width)
    ax.hist(scores, bins=edges, color="#f7da21", edgecolor="#555555", linewidth=0.5)
    ax.set_yscale("log")
    best = stats.best
    if best is not None:
        ax.axvline(best.score, color="#c0392b", linestyle="--", linewidth=1)
        ax.annotate(
            f"best: {best.honeycomb.letters} centre {best.honeycomb.center}, {best.score:,}",
            (best.score, 0.9),
            xycoords=("data", "axes fraction"),
            ha="right",
            fontsize=9,
            color="#c0392b",
        )
    median = float(np.median(scores))
    ax.axvline(median, color="#2c3e50", linestyle=":", linewidth=1)
    ax.annotate(
        f"median {median:,.0f}",
        (median, 0.8),
        xycoords=("data", "axes fraction"),
        ha="left",
        fontsize=9,
        color="#2c3e50",
    )
