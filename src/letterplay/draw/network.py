"""A multiplet's network: its words as boxes, targets highlighted, steps as lines by rule.

:func:`draw_network` returns the picture (SVG text or PNG bytes); the caller writes it.
:func:`caption` is the title of a solved multiplet, in the picture and in the text output.

Examples
--------
>>> from letterplay.multiplets import Network
>>> net = Network(["cold", "worm"], ["cord", "word"],
...               [("cold", "cord"), ("cord", "word"), ("word", "worm")], 0)
>>> draw_network(net, "svg", title="COLD WORM").lstrip().startswith("<?xml")
True

References
----------
- T. Kamada and S. Kawai, "An algorithm for drawing general undirected graphs", Information
  Processing Letters 31 (1989) 7–15. https://doi.org/10.1016/0020-0190(89)90102-6
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Literal

from letterplay.draw import check_format

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from letterplay.multiplets import Network, SolveResult

__all__ = ["caption", "draw_network", "layout"]

TARGET = "#f2b705"  # boxes of the target words
LINK = "#ffffff"  # boxes of link words
STYLE = {"change": "-", "addremove": "--", "anagram": ":"}  # how each rule's steps are drawn


def caption(result: SolveResult) -> str:
    """The title of a solved multiplet: its targets and the number of link words.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.multiplets import solve
    >>> caption(solve("cat dog", lexicon=Lexicon.from_words(["cat", "cot", "dog", "dot"])))
    'CAT DOG: 2 link words'
    """
    n = result.links
    return f"{' '.join(t.upper() for t in result.targets)}: {n} link word{'s' * (n != 1)}"


def layout(network: Network) -> dict[str, tuple[float, float]]:
    """Positions of the network's words: a spring layout seeded by the tree's own distances
    (Kamada–Kawai), which spreads a tree's branches without crossings in most cases.

    Examples
    --------
    >>> from letterplay.multiplets import Network
    >>> layout(Network(["cold"], [], [], 0))
    {'cold': (0.0, 0.0)}
    """
    import networkx as nx

    g = nx.Graph(network.edges)
    g.add_nodes_from(network.targets)
    if len(g) == 1:
        return {next(iter(g)): (0.0, 0.0)}
    return {w: (float(x), float(y)) for w, (x, y) in nx.kamada_kawai_layout(g).items()}


def draw_network(
    network: Network, fmt: Literal["svg", "png"] = "svg", title: str | None = None
) -> str | bytes:
    """The picture of ``network``: SVG text or PNG bytes. Targets are in highlighted boxes, link
    words in plain ones, each step drawn in the style of the rule that joins its words (from
    ``network.edge_rules``; a step with no rule recorded is drawn as a change).

    Examples
    --------
    >>> from letterplay.multiplets import Network
    >>> net = Network(["cold", "cord"], [], [("cold", "cord")], 0)
    >>> draw_network(net, "png")[:4]
    b'\x89PNG'
    """
    from matplotlib.figure import Figure

    check_format(fmt)
    pos = layout(network)
    size = max(4.0, min(14.0, 1.1 * len(pos) ** 0.5 * 2.2))
    fig = Figure(figsize=(size, size * 0.8), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    used = _draw_steps(ax, network, pos)
    _draw_words(ax, network, pos)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    margin = 0.12 * max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    ax.set_xlim(min(xs) - margin, max(xs) + margin)
    ax.set_ylim(min(ys) - margin, max(ys) + margin)
    if network.edge_rules and used:
        from matplotlib.lines import Line2D

        handles = [
            Line2D([], [], linestyle=STYLE[r], color="#555555", label=LABELS[r])
            for r in STYLE
            if r in used
        ]
        ax.legend(handles=handles, loc="lower right", frameon=False, fontsize=8)
    if title:
        ax.set_title(title, fontsize=12)
    out = io.BytesIO()
    fig.savefig(out, format=fmt)
    return out.getvalue().decode("utf-8") if fmt == "svg" else out.getvalue()


def _draw_steps(ax: Axes, network: Network, pos) -> set[str]:
    """Lines for the network's edges, styled by rule; the rules used."""
    rules_of = network.edge_rules
    used: set[str] = set()
    for a, b in network.edges:
        rules = rules_of.get((a, b)) or rules_of.get((b, a)) or ("change",)
        used.add(rules[0])
        (xa, ya), (xb, yb) = pos[a], pos[b]
        ax.plot([xa, xb], [ya, yb], STYLE[rules[0]], color="#555555", lw=1.6, zorder=1)
    return used


def _draw_words(ax: Axes, network: Network, pos) -> None:
    """A box for each word: targets highlighted and bold."""
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


LABELS = {
    "change": "one letter changed",
    "addremove": "one letter added or removed",
    "anagram": "anagram",
}
