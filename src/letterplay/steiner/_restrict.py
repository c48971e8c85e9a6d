"""The branch-and-cut's graph restricted to the arcs it has not fixed to 0.

The cut rounds fix to 0 the arcs that lie in no tree cheaper than the best one (by the LP's
reduced costs). Fixed arcs stay in the LP as columns, with the rows of their nodes: on word
graphs, after a few rounds, nine arcs in ten are fixed, and each round still pays for all of
them. Once :data:`RESTRICT_SHARE` of the edges have both arcs fixed, the branch-and-cut starts
again on the graph of the edges left (:meth:`._cut._BranchAndCut.run`): the same root, the cut
rows found so far without the fixed arcs (every tree cheaper than the best one meets them
still), the same bound and target. Its trees are trees of the whole graph, and a bound it
proves on the trees cheaper than the target is one on the whole graph's, as the fixing is.

On the 16-word multiplet of seed 7 (3,344 nodes, 20,188 edges after the reductions) the LP was
re-solved in 0.4 to 0.7 s a round with all its arcs, 0.1 to 0.2 s once restricted five times
over, down to 543 nodes and 1,622 edges.

Examples
--------
>>> from letterplay.steiner._reduce import _Reduced
>>> # the path 0-1-2-3 and the edge 1-3; the edge 1-2 is gone
>>> g = _Reduced(ids=np.arange(4), a=np.array([0, 1, 1, 2]), b=np.array([1, 2, 3, 3]),
...              cost=np.ones(4, dtype=np.int64), ref=np.arange(4), chains=[],
...              r=np.zeros(4, dtype=np.int64), terms=[0, 3])
>>> small, nodes, edges = restricted_graph(g, np.array([False, True, False, True]))
>>> nodes.tolist(), edges.tolist(), small.a.tolist(), small.b.tolist(), small.terms
([0, 1, 3], [0, 2], [0, 1], [1, 2], [0, 2])
"""

from __future__ import annotations

import numpy as np

from letterplay.steiner._lp import _Model, _Rows
from letterplay.steiner._reduce import _Reduced

__all__ = ["RESTRICT_SHARE", "carried_rows", "column_map", "restricted_graph"]

RESTRICT_SHARE = 0.5
"""The share of the edges whose arcs are both fixed to 0 that makes the branch-and-cut start
again on the rest."""

RESTRICT_MIN_EDGES = 1000
"""Graphs of fewer edges are not restricted: the LP is small already, and a new start pays a
solve from no basis."""


def restricted_graph(g: _Reduced, gone: np.ndarray) -> tuple[_Reduced, np.ndarray, np.ndarray]:
    """The graph ``g`` without the edges ``gone`` and the nodes they leave with no edge (the
    terminals stay): the new graph, and the indices in ``g`` of its nodes and of its edges
    (both increasing, so an edge's ends stay in order)."""
    edges = np.flatnonzero(~gone)
    keep = np.zeros(len(g.ids), dtype=bool)
    keep[g.a[edges]] = keep[g.b[edges]] = True
    keep[np.asarray(g.terms, dtype=np.int64)] = True
    nodes = np.flatnonzero(keep)
    new = np.cumsum(keep) - 1
    small = _Reduced(
        ids=np.asarray(g.ids)[nodes],
        a=new[g.a[edges]],
        b=new[g.b[edges]],
        cost=g.cost[edges],
        ref=np.asarray(g.ref)[edges],
        chains=g.chains,
        r=np.asarray(g.r)[nodes],
        terms=new[np.asarray(g.terms, dtype=np.int64)].tolist(),
        fixed=g.fixed,
        offset=g.offset,
    )
    return small, nodes, edges


def column_map(m: int, n: int, edges: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """For each column of the cut formulation on ``m`` edges and ``n`` nodes (arcs ``j`` and
    ``j + m``, then a column per node), its column on the graph of ``edges`` and ``nodes``, or
    -1 when gone."""
    columns = np.full(2 * m + n, -1, dtype=np.int64)
    k = len(edges)
    columns[edges] = np.arange(k)
    columns[edges + m] = np.arange(k, 2 * k)
    columns[2 * m + nodes] = 2 * k + np.arange(len(nodes))
    return columns


def carried_rows(model: _Model, first: int, columns: np.ndarray) -> _Rows | None:
    """The rows of ``model`` from ``first`` on, in the ``columns`` they map to (the
    others are fixed at 0, so leaving them out changes no row's value); None when a row is
    left with no column and cannot be met."""
    lp = model.h.getLp()
    matrix = model.matrix()[first:]
    low = np.asarray(lp.row_lower_)[first:]
    high = np.asarray(lp.row_upper_)[first:]
    mapped = columns[matrix.indices]
    kept = mapped >= 0
    row = np.repeat(np.arange(matrix.shape[0]), np.diff(matrix.indptr))[kept]
    count = np.bincount(row, minlength=matrix.shape[0])
    if ((count == 0) & ((low > 0) | (high < 0))).any():
        return None
    rows = _Rows()
    starts = np.concatenate([[0], np.cumsum(count)])
    indices, values = mapped[kept], matrix.data[kept]
    for i in np.flatnonzero(count).tolist():
        span = slice(starts[i], starts[i + 1])
        rows.add(indices[span], values[span], float(low[i]), float(high[i]))
    return rows
