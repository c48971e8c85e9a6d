"""The games-by-terminus-length bar chart of Anigrams (as in seed 001's plot)."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from letterplay.anigrams import RIDDLER_END, GameTable


def draw_game_table(table: GameTable, path: str | Path, lexicon_name: str = "") -> Path:
    """Draw the number of games for each terminus length as bars and save it to ``path``.

    The bar of the Riddler's game (ending at 9 letters) is highlighted; each bar is labelled
    with its count.
    """
    lengths = list(table.by_terminus_length)
    games = list(table.by_terminus_length.values())
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.add_subplot()
    colours = ["#d95f02" if n == RIDDLER_END else "#1b9e77" for n in lengths]
    bars = ax.bar(lengths, games, color=colours, width=0.8)
    ax.bar_label(bars, labels=[_short(g) for g in games], fontsize=7, padding=2)
    ax.set_xticks(lengths)
    ax.set_xlabel("terminus length (letters of the last word)")
    ax.set_ylabel("distinct games")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y / 1e6:g}M" if y else "0"))
    source = f" ({lexicon_name})" if lexicon_name else ""
    ax.set_title(f"Anigrams games from {table.start}-letter terms by terminus length{source}")
    ax.spines[["top", "right"]].set_visible(False)
    path = Path(path)
    fig.savefig(path, dpi=120)
    return path


def _short(n: int) -> str:
    """A bar label: 4,510,515 → 4.51M, 15,915 → 15.9k."""
    if n >= 1_000_000:
        return f"{n / 1e6:.3g}M"
    if n >= 1_000:
        return f"{n / 1e3:.3g}k"
    return str(n)
