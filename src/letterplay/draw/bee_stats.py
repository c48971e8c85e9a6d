"""The score distribution of all candidate honeycombs, as a histogram with the best one marked."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from matplotlib.figure import Figure

from letterplay.spellingbee import Stats


def draw_score_distribution(stats: Stats, path: str | Path, lexicon_name: str = "") -> Path:
    """Histogram of the game scores of every candidate honeycomb to ``path`` (.svg or .png)."""
    scores = stats.scores
    fig = Figure(figsize=(7, 4))
    ax = fig.add_subplot()
    if len(scores):
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
    ax.set_xlabel("game score")
    ax.set_ylabel("candidate honeycombs (log scale)")
    name = f" ({lexicon_name})" if lexicon_name else ""
    ax.set_title(f"Scores of all {stats.candidate_honeycombs:,} candidate honeycombs{name}")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=120)
    return path
