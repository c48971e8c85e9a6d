"""The score distribution of all candidate honeycombs, as a histogram with the best one marked.

:func:`draw_score_distribution` returns the picture (SVG text or PNG bytes); the caller writes it.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee import stats
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> svg = draw_score_distribution(stats(lexicon=Lexicon.from_words(EXAMPLE_WORDS, name="tiny")))
>>> "Scores of all 14 candidate honeycombs (tiny)" in svg
True

References
----------
- Peter Norvig, *Spelling Bee Puzzle* (pytudes), the scores of all candidate honeycombs:
  https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from letterplay.draw import check_format, figure_picture
from letterplay.errors import InputError
from letterplay.spellingbee import StatsResult

__all__ = ["draw_score_distribution"]


def draw_score_distribution(stats: StatsResult, fmt: str = "svg") -> str | bytes:
    """Histogram of the game scores of every candidate honeycomb: SVG text for ``fmt`` "svg",
    PNG bytes for "png"; the title names the word list.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.spellingbee import stats
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> draw_score_distribution(stats(lexicon=Lexicon.from_words(EXAMPLE_WORDS)), "png")[:4]
    b'\\x89PNG'
    """
    if not isinstance(stats, StatsResult):
        raise InputError(
            f"`stats` must be a spellingbee StatsResult, not {type(stats).__name__}",
            parameter="stats",
        )
    check_format(fmt)
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    if len(stats.scores):
        _histogram(ax, stats)
    ax.set_xlabel("game score")
    ax.set_ylabel("candidate honeycombs (log scale)")
    name = f" ({stats.lexicon.name})" if stats.lexicon is not None else ""
    ax.set_title(
        f"Scores of all {stats.candidate_honeycombs:,} candidate honeycombs{name}",
        parse_math=False,
    )
    fig.tight_layout()
    return figure_picture(fig, fmt)


def _histogram(ax, stats: StatsResult) -> None:
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
