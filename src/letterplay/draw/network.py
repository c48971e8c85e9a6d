"""A multiplet's network: its words as boxes, targets highlighted, steps as lines by rule."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

if TYPE_CHECKING:
    from letterplay.multiplets import Network

TARGET = "#f2b705"  # boxes of the target words
LINK = "#ffffff"  # boxes of link words
STYLE = {"change": "-", "addremove": "--", "anagram": ":"}  # how each rule's steps are drawn


def layout(network: Network) -> dict[str, tuple[float, float]]:
    """Positions of the network's words: a spring layout seeded by the tree's own distances
    (Kamada–Kawai), which spreads a tree's branches without crossings in most cases."""
    g = nx.Graph(network.edges)
    g.add_nodes_from(network.targets)
    if len(g) == 1:
        return {next(iter(g)): (0.0, 0.0)}
    return {w: (float(x), float(y)) for w, (x, y) in nx.kamada_kawai_layout(g).items()}


def draw_network(
    network: Network,
    path: str | Path,
    title: str | None = None,
    edge_rules: Mapping[tuple[str, str], tuple[str, ...]] | None = None,
) -> Path:
    """Draw ``network`` to ``path`` (``.svg`` or ``.png``): targets in highlighted boxes, link
    words in plain ones, each step drawn in the style of the rule that joins its words."""
    path = Path(path)
    pos = layout(network)
    size = max(4.0, min(14.0, 1.1 * len(pos) ** 0.5 * 2.2))
    fig = Figure(figsize=(size, size * 0.8), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    used: set[str] = set()
    for a, b in network.edges:
        rules = (edge_rules or {}).get((a, b)) or (edge_rules or {}).get((b, a)) or ("change",)
        used.add(rules[0])
        (xa, ya), (xb, yb) = pos[a], pos[b]
        ax.plot([xa, xb], [ya, yb], STYLE[rules[0]], color="#555555", lw=1.6, zorder=1)
    targets = set(network.targets)
    for word, (x, y) in pos.items():
        is_target = word in targets
        ax.text(
            x,
            y,
            word.upper(),
            ha="center",
            va="center",
            fontsize=11 if is_target else 9.5,
            fontweight="bold" if is_target else "normal",
            family="DejaVu Sans",
            zorder=2,
            bbox={
                "boxstyle": "round,pad=0.35",
                "facecolor": TARGET if is_target else LINK,
                "edgecolor": "#333333",
                "linewidth": 1.2 if is_target else 0.8,
            },
        )
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    margin = 0.12 * max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    ax.set_xlim(min(xs) - margin, max(xs) + margin)
    ax.set_ylim(min(ys) - margin, max(ys) + margin)
    if edge_rules and used:
        handles = [
            Line2D([], [], linestyle=STYLE[r], color="#555555", label=LABELS[r])
            for r in STYLE
            if r in used
        ]
        ax.legend(handles=handles, loc="lower right", frameon=False, fontsize=8)
    if title:
        ax.set_title(title, fontsize=12)
    fig.savefig(path)
    return path


LABELS = {
    "change": "one letter changed",
    "addremove": "one letter added or removed",
    "anagram": "anagram",
}
