"""The games-by-terminus-length bar chart of Anigrams (as in the plot of *Too many anigrams*).

:func:`draw_game_table` returns the picture (SVG text or PNG bytes); the caller writes it.

Examples
--------
>>> from letterplay.anigrams import TableResult
>>> table = TableResult(4, {4: 2674, 5: 15915, 6: 0})
>>> draw_game_table(table, "svg").lstrip().startswith("<?xml")
True

References
----------
- The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022.
  https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
"""

from __future__ import annotations

from letterplay import validate
from letterplay.anigrams import TableResult
from letterplay.anigrams.rules import RIDDLER_END
from letterplay.draw import check_format, figure_picture
from letterplay.errors import InputError, named

__all__ = ["draw_game_table"]


def draw_game_table(table: TableResult, fmt: str = "svg", lexicon_name: str = "") -> str | bytes:
    """The number of games for each terminus length as bars: SVG text or PNG bytes.

    The bar of the Riddler's game (ending at 9 letters) is highlighted; each bar is labelled
    with its count.

    Examples
    --------
    >>> from letterplay.anigrams import TableResult
    >>> draw_game_table(TableResult(4, {4: 3, 5: 0}), "png")[:4]
    b'\\x89PNG'
    """
    if not isinstance(table, TableResult):
        raise InputError(
            f"{named('table')} must be a TableResult, not {type(table).__name__}",
            parameter="table",
        )
    check_format(fmt)
    lexicon_name = validate.text("lexicon_name", lexicon_name)
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

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
    title = f"Anigrams games from {table.start}-letter terms by terminus length{source}"
    ax.set_title(title.replace("$", r"\$"))  # a name is text, never matplotlib math
    ax.spines[["top", "right"]].set_visible(False)
    return figure_picture(fig, fmt)


def _short(n: int) -> str:
    """A bar label: 4,510,515 → 4.51M, 15,915 → 15.9k.

    Examples
    --------
    >>> _short(4_510_515), _short(15_915), _short(7)
    ('4.51M', '15.9k', '7')
    """
    if n >= 1_000_000:
        return f"{n / 1e6:.3g}M"
    if n >= 1_000:
        return f"{n / 1e3:.3g}k"
    return str(n)
