"""The honeycomb picture: seven hexagons, the centre letter highlighted, as the NY Times draws it.

Flat-topped hexagons: the centre one in yellow, the six outer letters (sorted) in grey around it,
clockwise from the top.
"""

from __future__ import annotations

import math
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.patches import RegularPolygon

from letterplay.spellingbee import Honeycomb

CENTRE_COLOUR = "#f7da21"
OUTER_COLOUR = "#e6e6e6"
RADIUS = 1.0
GAP = 0.08  # white space between neighbouring hexagons, as a fraction of the radius


def cell_centres() -> list[tuple[float, float]]:
    """Centres of the six outer cells of flat-topped hexagons of radius 1, clockwise from top."""
    step = math.sqrt(3) * RADIUS
    return [
        (step * math.sin(math.radians(a)), step * math.cos(math.radians(a)))
        for a in range(0, 360, 60)
    ]


def draw_honeycomb(hive: Honeycomb, path: str | Path, title: str | None = None) -> Path:
    """Draw ``hive`` to ``path`` (.svg or .png) and return the path."""
    fig = Figure(figsize=(3.2, 3.5 if title else 3.2))
    ax = fig.add_axes((0, 0, 1, 0.9 if title else 1))
    cells = [((0.0, 0.0), hive.center, CENTRE_COLOUR)]
    cells += [
        (xy, letter, OUTER_COLOUR) for xy, letter in zip(cell_centres(), hive.outer, strict=True)
    ]
    for (x, y), letter, colour in cells:
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
            x,
            y,
            letter,
            ha="center",
            va="center",
            fontsize=22,
            fontweight="bold",
            family="DejaVu Sans",
        )
    extent = math.sqrt(3) * RADIUS + RADIUS
    ax.set_xlim(-extent, extent)
    ax.set_ylim(-extent, extent)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        fig.suptitle(title, fontsize=11)
    path = Path(path)
    fig.savefig(path, dpi=150)
    return path
