"""The maximum flows of the cut separation, on the whole graph or on a ball around a terminal.

A cut the separation adds is a set of nodes holding the root but not some terminal ``t``; it is
violated when the arc values leaving it sum to less than 1, and a maximum flow from the root to
``t``, the arc values its capacities, finds the least such sum. scipy's maximum flow makes its
own copy of the graph, with every arc's reverse, and on a word graph of 200,000 arcs a flow took
10 ms before its first step and 20 to 80 ms in all. Most of the cuts the separation finds lie
near their terminal, though: a few hops from it. So in large graphs the flow is first found on
a *ball*, the nodes within a few hops of ``t``, with every node outside it (the root among
them) merged into the source. Merging nodes into the source only adds ways in, so a flow of
less than 1 there is a cut of the whole graph of the same value, found on a graph of a few
thousand arcs; a flow of 1 or more says nothing, and the flow on the whole graph follows. The
cut next to the root comes from a ball around the root, the terminals merged into the rest, by
a flow on the arcs reversed: from the rest into the root.

Examples
--------
>>> from letterplay.steiner._lp import _Pattern
>>> # the path 0-1-2-3 with the root 0; arc values 1 along it, but 0.5 into 3
>>> path = _Pattern(4, np.array([0, 1, 2, 1, 2, 3]), np.array([1, 2, 3, 0, 1, 2]))
>>> capacity = np.zeros(6, dtype=np.int64)  # by the pattern's positions, arcs 0->1, 1->2, 2->3
>>> capacity[[0, 2, 4]] = [FLOW_SCALE, FLOW_SCALE, FLOW_SCALE // 2]
>>> flows = _Flows(path, ball(path, 3, np.arange(4) == 0, hops=1, most=6))
>>> near, far = flows.cut(flows.capacities(capacity), 3)
>>> np.flatnonzero(near).tolist(), np.flatnonzero(far).tolist()
([0, 1, 2], [3])
>>> flows.cut(flows.capacities(capacity * 2), 3) is None
True
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import maximum_flow

from letterplay.arrays import ranges
from letterplay.steiner._lp import _Pattern

__all__ = ["BALL_HOPS", "BALL_MIN_ARCS", "FLOW_SCALE", "ball"]

FLOW_SCALE = 1 << 20
"""Arc values become integer capacities ``floor(x * FLOW_SCALE)`` for the maximum flows (scipy's
take integers); a cut found is added only when its arc values, summed exactly, fall short of 1."""

BALL_HOPS = 3
"""A ball holds the nodes this many hops from its terminal, or fewer (:func:`ball`)."""

BALL_MIN_ARCS = 50_000
"""Flows run on balls only in graphs of at least this many arcs; in smaller ones the whole
graph's flow takes a few milliseconds, and its cut is the least."""


def ball(pattern: _Pattern, t: int, apart: np.ndarray, *, hops: int, most: int) -> np.ndarray:
    """The nodes within ``hops`` hops of ``t``, neither in nor through the nodes ``apart`` (a
    node mask), one hop fewer while the arcs into them would be more than ``most``; sorted.

    Examples
    --------
    >>> path = _Pattern(4, np.array([0, 1, 2, 1, 2, 3]), np.array([1, 2, 3, 0, 1, 2]))
    >>> root = np.array([True, False, False, False])
    >>> ball(path, 3, root, hops=5, most=99).tolist()  # the root stays out
    [1, 2, 3]
    >>> ball(path, 3, root, hops=5, most=3).tolist()  # 1 and 2 take 4 arcs in
    [2, 3]
    """
    inside = np.zeros(pattern.n, dtype=bool)
    inside[t] = True
    frontier, arcs = np.array([t]), 0
    for _ in range(hops):
        # the pattern holds both directions of each edge: the arcs out count those in
        spans = ranges(pattern.indptr[frontier], pattern.indptr[frontier + 1])
        arcs += len(spans)
        reached = np.unique(pattern.indices[spans])
        reached = reached[~inside[reached] & ~apart[reached]]
        added = int((pattern.indptr[reached + 1] - pattern.indptr[reached]).sum())
        if len(reached) == 0 or arcs + added > most:
            break
        inside[reached] = True
        frontier = reached
    return np.flatnonzero(inside)


class _Flows:
    """The flow graph of a set of nodes ``inside`` into one of them: those nodes, one node for
    all the others (the root, for a terminal's ball or the whole graph; the other terminals, for
    the root's ball on the arcs reversed), and a *source* whose one arc enters that node with a
    unit of capacity (only whether a unit gets through matters, and the flows stop there).
    Built once per graph and set of nodes; :meth:`cut` takes each round's capacities."""

    def __init__(self, pattern: _Pattern, inside: np.ndarray):
        n, k = pattern.n, len(inside)
        self.inside = inside
        local = np.full(n, k, dtype=np.int64)  # the nodes outside become node k
        local[inside] = np.arange(k)
        self.local = local
        # the arcs into the nodes inside: the reverses of the arcs out of them
        into = pattern.reverse[ranges(pattern.indptr[inside], pattern.indptr[inside + 1])]
        tail, head = local[pattern.rows[into]], local[pattern.indices[into]]
        # one local edge per pair of local nodes (those from outside merge), and the source's
        low, high = np.minimum(tail, head), np.maximum(tail, head)
        pairs, edge = np.unique(low * (k + 2) + high, return_inverse=True)
        a, b = pairs // (k + 2), pairs % (k + 2)
        a, b = np.append(a, k + 1), np.append(b, k)  # the source is k + 1, its arc the last
        m = len(a)
        self.graph = _Pattern(k + 2, np.concatenate([a, b]), np.concatenate([b, a]))
        # each arc into a node inside adds to one local arc: the edge's, one way or the other
        self.into, self.arc = into, edge + np.where(tail == a[edge], 0, m)
        self.m = m

    def capacities(self, capacity: np.ndarray) -> np.ndarray:
        """The capacities of the flow graph's arcs (in its pattern's order), given those of the
        graph's arcs at its pattern's positions."""
        m = self.m
        local = np.bincount(self.arc, weights=capacity[self.into], minlength=2 * m)
        local[m - 1] = FLOW_SCALE  # the source's arc; its reverse stays 0
        # a unit at most flows: more capacity on an arc changes no cut below a unit
        return np.minimum(local, FLOW_SCALE).astype(np.int32)[self.graph.order]

    def cut(self, data: np.ndarray, t: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The two sides of a cut left by less than a unit of flow into ``t`` at the capacities
        ``data`` (:meth:`capacities`): the nodes the flow still reaches (every node outside
        among them) and the nodes that still reach ``t``, as node masks; None when a unit gets
        through."""
        k, pattern = len(self.inside), self.graph
        graph = sp.csr_array((data, pattern.indices, pattern.indptr), shape=(k + 2, k + 2))
        result = maximum_flow(graph, k + 1, int(self.local[t]))
        if result.flow_value >= FLOW_SCALE:
            return None
        free = (data - result.flow.data) > 0
        n = len(self.local)
        near = pattern.reach(free, k + 1)
        near_nodes = np.ones(n, dtype=bool)
        near_nodes[self.inside] = near[:k]
        far = pattern.reach(free[pattern.reverse], int(self.local[t]))
        far_nodes = np.zeros(n, dtype=bool)
        far_nodes[self.inside] = far[:k]
        return near_nodes, far_nodes
