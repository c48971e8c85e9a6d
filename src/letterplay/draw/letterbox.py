"""The Letter Boxed board as a regular polygon, and a solution's path across it.

The geometry is the seed's: vertices on a circle of radius 5 starting at angle 3.925 rad (the
lower left corner of a square) and going round counter-clockwise; side ``i`` runs from vertex
``i`` to vertex ``i + 1`` and its letters sit at equal spacing, ``j / (letters + 1)`` of the way
along. The same code draws any number of sides.
"""

from __future__ import annotations

import math
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from letterplay.letterboxed import Board

RADIUS = 5.0
START_ANGLE = 3.925  # radians: the seed's first vertex, lower left
BACKGROUND = "#f9c6cf"  # the seed's pink
WORD_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b")


def polygon(sides: int) -> list[tuple[float, float]]:
    """The vertices of the board's regular polygon, in drawing order."""
    step = 2 * math.pi / sides
    return [
        (RADIUS * math.cos(START_ANGLE + i * step), RADIUS * math.sin(START_ANGLE + i * step))
        for i in range(sides)
    ]


def letter_positions(board: Board) -> dict[str, tuple[float, float]]:
    """Where each letter sits: equally spaced along its side."""
    corners = polygon(len(board.sides))
    where = {}
    for i, side in enumerate(board.sides):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % len(corners)]
        for j, ch in enumerate(side, 1):
            f = j / (len(side) + 1)
            where[ch] = (ax + f * (bx - ax), ay + f * (by - ay))
    return where


def draw_board(board: Board, path: str | Path, words: tuple[str, ...] = ()) -> Path:
    """Draw ``board`` to ``path`` (.svg or .png); with ``words``, their path letter to letter,
    each word in its own colour, the first letter ringed."""
    where = letter_positions(board)
    fig = Figure(figsize=(6, 6.6 if words else 6))
    ax = fig.add_axes((0, 0.08 if words else 0, 1, 0.92 if words else 1))
    fig.patch.set_facecolor(BACKGROUND)
    ax.set_facecolor(BACKGROUND)
    corners = polygon(len(board.sides))
    xs, ys = zip(*[*corners, corners[0]], strict=True)
    ax.add_line(Line2D(xs, ys, color="black", linewidth=2.5, zorder=1))
    handles = []
    for k, word in enumerate(words):
        colour = WORD_COLOURS[k % len(WORD_COLOURS)]
        shift = 0.08 * (k - (len(words) - 1) / 2)  # keeps words that share a segment apart
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
        handles.append(line)
    for ch, (x, y) in where.items():
        ax.plot([x], [y], "o", markersize=30, color="white", markeredgecolor="black", zorder=3)
        ax.text(x, y, ch.upper(), ha="center", va="center", fontsize=18, weight="bold", zorder=4)
    if words:
        x, y = where[words[0][0]]
        ax.plot([x], [y], "o", markersize=40, fillstyle="none", markeredgewidth=3,
                color=WORD_COLOURS[0], zorder=4)  # fmt: skip
        ax.annotate("start", (x, y), xytext=(0, -32), textcoords="offset points",
                    ha="center", fontsize=11, color=WORD_COLOURS[0], zorder=4)  # fmt: skip
        fig.legend(handles=handles, loc="lower center", ncol=len(words), frameon=False,
                   fontsize=13)  # fmt: skip
    ax.set_xlim(-RADIUS - 1.2, RADIUS + 1.2)
    ax.set_ylim(-RADIUS - 1.2, RADIUS + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    path = Path(path)
    fig.savefig(path, facecolor=BACKGROUND)
    if words and path.suffix.lower() == ".svg":
        animate_svg(path, len(words))
    return path


def animate_svg(path: Path, n_words: int, seconds_per_word: float = 2.0) -> None:
    """Make the SVG trace the solution: each word's line is drawn in turn (a CSS animation of
    its dash offset) and its arrows appear when it is done; still viewers show the whole path."""
    rules = ["@keyframes lbdraw { to { stroke-dashoffset: 0; } }",
             "@keyframes lbshow { to { opacity: 1; } }"]  # fmt: skip
    for k in range(n_words):
        start, end = k * seconds_per_word, (k + 1) * seconds_per_word
        rules.append(
            f"#lbword{k} path {{ stroke-dasharray: 5000; stroke-dashoffset: 5000; "
            f"animation: lbdraw {seconds_per_word}s linear {start}s forwards; }}"
        )
        rules.append(
            f"[id^=lbarrow{k}_] {{ opacity: 0; animation: lbshow 0.3s linear {end}s forwards; }}"
        )
    text = path.read_text()
    head = text.index(">", text.index("<svg")) + 1
    path.write_text(text[:head] + "\n<style>" + "\n".join(rules) + "</style>" + text[head:])
