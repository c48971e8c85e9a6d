"""The Letter Boxed board as a regular polygon, and a solution's path across it.

The geometry is that of Art Steinmetz's *Solving the Letterboxed Puzzle in the New York Times*:
vertices on a circle of radius 5 starting at angle 3.925 rad (the lower left corner of a square)
and going round counter-clockwise; side ``i`` runs from vertex
``i`` to vertex ``i + 1`` and its letters sit at equal spacing, ``j / (letters + 1)`` of the way
along. The same code draws any number of sides.

The functions return the picture (SVG text or PNG bytes); writing it to a file is the caller's
job. :func:`draw_puzzle` is what the ``letterboxed draw`` command calls: the board, optionally
solved, as a :class:`~letterplay.draw.Picture` (what it shows, and how to draw it).

Examples
--------
>>> from letterplay.letterboxed import Board
>>> svg = draw_board(Board("tap erd nil yco"), ("plead", "dictionary"))
>>> svg.startswith("<?xml") and "@keyframes lbdraw" in svg
True

References
----------
- The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
- Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times" (2019), the board drawn
  with ggplot: https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from letterplay import validate
from letterplay.draw import Picture, check_format
from letterplay.errors import InputError, shown
from letterplay.letterboxed import Board, parse_board, solve
from letterplay.letters import parse_letters

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from letterplay.lexicon import Lexicon

__all__ = ["animate_svg", "draw_board", "draw_puzzle", "letter_positions", "polygon"]

RADIUS = 5.0
START_ANGLE = 3.925  # radians: Steinmetz's first vertex, lower left
BACKGROUND = "#f9c6cf"  # Steinmetz's pink
WORD_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b")


def polygon(sides: int) -> list[tuple[float, float]]:
    """The vertices of the board's regular polygon, in drawing order.

    Examples
    --------
    >>> [(round(x, 2), round(y, 2)) for x, y in polygon(4)]
    [(-3.54, -3.53), (3.53, -3.54), (3.54, 3.53), (-3.53, 3.54)]
    """
    step = 2 * math.pi / sides
    return [
        (RADIUS * math.cos(START_ANGLE + i * step), RADIUS * math.sin(START_ANGLE + i * step))
        for i in range(sides)
    ]


def letter_positions(board: Board) -> dict[str, tuple[float, float]]:
    """Where each letter sits: equally spaced along its side.

    Examples
    --------
    >>> where = letter_positions(Board(("ab", "cd", "ef")))
    >>> sorted(where), [round(v, 2) for v in where["a"]]
    (['a', 'b', 'c', 'd', 'e', 'f'], [-0.75, -2.79])
    """
    corners = polygon(len(board.sides))
    where = {}
    for i, side in enumerate(board.sides):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
        for j, ch in enumerate(side, 1):
            f = j / (len(side) + 1)
            where[ch] = (ax + f * (bx - ax), ay + f * (by - ay))
    return where


def draw_board(board: Board, words: tuple[str, ...] = (), fmt: str = "svg") -> str | bytes:
    """The picture of ``board``: SVG text (animated when there are ``words``) or PNG bytes.

    With ``words``, their path letter to letter, each word in its own colour, the first letter
    ringed.

    Examples
    --------
    >>> board = Board("ab cd ef")
    >>> draw_board(board)[:5], draw_board(board, fmt="png")[:4]
    ('<?xml', b'\\x89PNG')
    """
    if not isinstance(board, Board):
        raise InputError(f"`board` must be a Board, not {type(board).__name__}", parameter="board")
    check_format(fmt)
    words = tuple(parse_letters(w, "words") for w in validate.words("words", words))
    if any(ch not in board.letters for word in words for ch in word):
        raise InputError(
            f"`words` must use only the board's letters, got {shown(' '.join(words))}",
            parameter="words",
        )
    fig = _figure(board, words)
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, facecolor=BACKGROUND)
    if fmt == "png":
        return buffer.getvalue()
    svg = buffer.getvalue().decode("utf-8")
    return animate_svg(svg, len(words)) if words else svg


def _figure(board: Board, words: tuple[str, ...]) -> Figure:
    from matplotlib.figure import Figure  # only drawing needs matplotlib
    from matplotlib.lines import Line2D

    where = letter_positions(board)
    fig = Figure(figsize=(6, 6.6 if words else 6))
    ax = fig.add_axes((0, 0.08 if words else 0, 1, 0.92 if words else 1))
    fig.patch.set_facecolor(BACKGROUND)
    ax.set_facecolor(BACKGROUND)
    corners = polygon(len(board.sides))
    xs, ys = zip(*[*corners, corners[0]], strict=True)
    ax.add_line(Line2D(xs, ys, color="black", linewidth=2.5, zorder=1))
    handles = [_draw_word(ax, where, k, word, n_words=len(words)) for k, word in enumerate(words)]
    for ch, (x, y) in where.items():
        ax.plot([x], [y], "o", markersize=30, color="white", markeredgecolor="black", zorder=3)
        ax.text(x, y, ch.upper(), ha="center", va="center", fontsize=18, weight="bold", zorder=4)
    if words:
        x, y = where[words[0][0]]
        ring = {"markersize": 40, "fillstyle": "none", "markeredgewidth": 3}
        ax.plot([x], [y], "o", color=WORD_COLOURS[0], zorder=4, **ring)
        ax.annotate(
            "start",
            (x, y),
            xytext=(0, -32),
            textcoords="offset points",
            ha="center",
            fontsize=11,
            color=WORD_COLOURS[0],
            zorder=4,
        )
        fig.legend(handles=handles, loc="lower center", ncol=len(words), frameon=False, fontsize=13)
    ax.set_xlim(-RADIUS - 1.2, RADIUS + 1.2)
    ax.set_ylim(-RADIUS - 1.2, RADIUS + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    return fig


def _draw_word(ax: Axes, where: dict, k: int, word: str, *, n_words: int):
    """Word ``k``'s line and arrows, with ids the animation refers to; returns the line."""
    from matplotlib.lines import Line2D

    colour = WORD_COLOURS[k % len(WORD_COLOURS)]
    shift = 0.08 * (k - (n_words - 1) / 2)  # keeps words that share a segment apart
    px = [where[ch][0] + shift for ch in word]
    py = [where[ch][1] + shift for ch in word]
    line = Line2D(px, py, color=colour, linewidth=2.2, alpha=0.85, zorder=2, label=word)
    line.set_gid(f"lbword{k}")
    ax.add_line(line)
    for i in range(len(word) - 1):
        arrow = ax.annotate(
            "",
            xy=((px[i] + px[i + 1]) / 2, (py[i] + py[i + 1]) / 2),
            xytext=(px[i], py[i]),
            arrowprops={"arrowstyle": "-|>", "color": colour, "mutation_scale": 16, "lw": 1},
            zorder=2,
        )
        arrow.arrow_patch.set_gid(f"lbarrow{k}_{i}")
    return line


def animate_svg(svg: str, n_words: int, seconds_per_word: float = 2.0) -> str:
    """The SVG made to trace the solution: each word's line is drawn in turn (a CSS animation
    of its dash offset) and its arrows appear when it is done; still viewers show the whole path.

    Examples
    --------
    >>> svg = animate_svg('<svg width="1">\\n</svg>', 2)
    >>> svg.count("animation: lbdraw"), svg.startswith('<svg width="1">\\n<style>@keyframes')
    (2, True)
    """
    rules = [
        "@keyframes lbdraw { to { stroke-dashoffset: 0; } }",
        "@keyframes lbshow { to { opacity: 1; } }",
    ]
    for k in range(n_words):
        start, end = k * seconds_per_word, (k + 1) * seconds_per_word
        rules.append(
            f"#lbword{k} path {{ stroke-dasharray: 5000; stroke-dashoffset: 5000; "
            f"animation: lbdraw {seconds_per_word}s linear {start}s forwards; }}"
        )
        rules.append(
            f"[id^=lbarrow{k}_] {{ opacity: 0; animation: lbshow 0.3s linear {end}s forwards; }}"
        )
    head = svg.index(">", svg.index("<svg")) + 1
    return svg[:head] + "\n<style>" + "\n".join(rules) + "</style>" + svg[head:]


def draw_puzzle(
    board: Board | str | Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    solution: bool = False,
    min_zipf: float | None = None,
    ragged: bool = False,
) -> Picture:
    """The picture of a board; with ``solution``, the path of its best minimal solution (see
    :func:`letterplay.letterboxed.solve`; words at least ``min_zipf`` common).

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle, as for :func:`letterplay.letterboxed.solve`.
    lexicon : Lexicon, str or None
        The word list the solution comes from (default: enable1).
    solution : bool
        Draw the best minimal solution's path.
    min_zipf : float, optional
        Only use words at least this common (wordfreq Zipf, 0 to 8).
    ragged : bool
        Allow sides of different lengths.

    Returns
    -------
    Picture
        Shows the ``board`` (its sides) and the ``solution`` drawn (empty when none);
        ``draw("svg")`` or ``draw("png")`` makes it.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa"])
    >>> picture = draw_puzzle("ab cd ef", lexicon=lex, solution=True)
    >>> picture.to_dict(), picture.draw("svg")[:5]
    ({'board': ['AB', 'CD', 'EF'], 'solution': ['ace', 'ebd', 'dfa']}, '<?xml')

    References
    ----------
    - Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times" (2019), the board
      drawn with ggplot:
      https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
    """
    from letterplay.lexicon import as_lexicon, check_min_zipf

    if not isinstance(board, Board):
        board = parse_board(board, ragged=ragged)
    lexicon = as_lexicon(lexicon)
    min_zipf = check_min_zipf(min_zipf)
    words: tuple[str, ...] = ()
    if validate.flag("solution", solution):
        words = solve(board, lexicon=lexicon, min_zipf=min_zipf, limit=1).solutions[0].words
    shows = {"board": board.to_dict()["sides"], "solution": list(words)}
    return Picture(shows, lambda fmt: draw_board(board, words, fmt), lexicon=lexicon)
