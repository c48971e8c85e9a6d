"""The honeycomb picture: seven hexagons, the center letter highlighted, as the NY Times draws it.

Flat-topped hexagons: the center one in yellow, the six outer letters (sorted) in grey around it,
clockwise from the top. :func:`draw_honeycomb` returns the picture (SVG text or PNG bytes); the
caller writes it.

Examples
--------
>>> from letterplay.spellingbee import Honeycomb
>>> svg = draw_honeycomb(Honeycomb("AEGINRT", "R"))
>>> svg.startswith("<?xml") and "f7da21" in svg.lower()
True

References
----------
- The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
"""

from __future__ import annotations

import math

from matplotlib.figure import Figure
from matplotlib.patches import RegularPolygon

from letterplay import validate
from letterplay.draw import check_format, figure_picture
from letterplay.errors import InputError
from letterplay.spellingbee import Honeycomb

__all__ = ["cell_centers", "draw_honeycomb"]

CENTER_COLOUR = "#f7da21"
OUTER_COLOUR = "#e6e6e6"
RADIUS = 1.0
GAP = 0.08  # white space between neighbouring hexagons, as a fraction of the radius


def cell_centers() -> list[tuple[float, float]]:
    """Centers of the six outer cells of flat-topped hexagons of radius 1, clockwise from top.

    Examples
    --------
    >>> [(round(x, 3), round(y, 3)) for x, y in cell_centers()[:2]]
    [(0.0, 1.732), (1.5, 0.866)]
    """
    step = math.sqrt(3) * RADIUS
    return [
        (step * math.sin(math.radians(a)), step * math.cos(math.radians(a)))
        for a in range(0, 360, 60)
    ]


def draw_honeycomb(honeycomb: Honeycomb, fmt: str = "svg", title: str | None = None) -> str | bytes:
    """The picture of ``honeycomb``: SVG text for ``fmt`` "svg", PNG bytes for "png". The ``title``
    is shown as plain text (a ``$`` is a dollar sign, not the start of a formula).

    Examples
    --------
    >>> from letterplay.spellingbee import Honeycomb
    >>> draw_honeycomb(Honeycomb("AEGINRT", "R"), "png", title="$5 hive")[:4]
    b'\\x89PNG'
    """
    if not isinstance(honeycomb, Honeycomb):
        raise InputError(
            f"`honeycomb` must be a Honeycomb, not {type(honeycomb).__name__}",
            parameter="honeycomb",
        )
    check_format(fmt)
    if title is not None:
        title = validate.text("title", title)
    fig = Figure(figsize=(3.2, 3.5 if title else 3.2))
    ax = fig.add_axes((0, 0, 1, 0.9 if title else 1))
    cells = [((0.0, 0.0), honeycomb.center, CENTER_COLOUR)]
    cells += [
        (xy, letter, OUTER_COLOUR)
        for xy, letter in zip(cell_centers(), honeycomb.outer, strict=True)
    ]
    for center, letter, colour in cells:
        _cell(ax, center, letter, colour)
    extent = math.sqrt(3) * RADIUS + RADIUS
    ax.set_xlim(-extent, extent)
    ax.set_ylim(-extent, extent)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        fig.suptitle(title, fontsize=11, parse_math=False)
    return figure_picture(fig, fmt, dpi=150)


def _cell(ax, center: tuple[float, float], letter: str, colour: str) -> None:
    x, y = center
    # orientation pi/6 turns matplotlib's pointy-topped hexagon into a flat-topped one
    ax.add_patch(
        RegularPolygon(
            (x, y),
            6,
            radius=RADIUS * (1 - GAP / 2),
            orientation=math.pi / 6,
            facecolor=colour,
            edgecolor="none",
        )
    )
    ax.text(
        x, y, letter, ha="center", va="center", fontsize=22, fontweight="bold", family="DejaVu Sans"
    )
