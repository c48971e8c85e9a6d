"""The simple version the Steiner-tree engine is tested against: try every set of Steiner nodes.

Obviously right and exponential: for tiny graphs only (at most :data:`SIMPLE_MAX_NODES`
non-terminal nodes in the terminals' component).

Examples
--------
>>> from letterplay.steiner import steiner_tree
>>> from letterplay.steiner._graph import symmetric_graph
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
>>> simple_steiner_tree(graph, [1, 2, 3]).cost == steiner_tree(graph, [1, 2, 3]).cost == 3
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, minimum_spanning_tree

from letterplay.errors import InputError
from letterplay.steiner._graph import _check, _connects, _Input, _total
from letterplay.steiner._tree import SteinerResult

__all__ = ["SIMPLE_MAX_NODES", "simple_steiner_tree"]

SIMPLE_MAX_NODES = 20
"""The most non-terminal nodes :func:`simple_steiner_tree` takes (it tries 2**20 node sets)."""


def simple_steiner_tree(
    graph, terminals: Sequence[int], *, node_weights: Sequence[int] | None = None
) -> SteinerResult:
    """A minimum Steiner tree by trying every set of Steiner nodes, smallest sets first: the
    cheapest minimum spanning tree of the terminals plus the set (plus the set's node weights).

    The definition, for tiny graphs; :func:`letterplay.steiner.steiner_tree` is held to it by
    the tests.

    Parameters
    ----------
    graph : scipy sparse matrix
        A symmetric matrix of non-negative integer edge weights, as
        :func:`~letterplay.steiner.steiner_tree` takes.
    terminals : sequence of int
        Node ids the tree must join; at least one.
    node_weights : sequence of int, optional
        One non-negative integer per node, paid for each non-terminal node of the tree.

    Returns
    -------
    SteinerResult
        A minimum tree, ``optimal`` by construction.

    Examples
    --------
    >>> from letterplay.steiner._graph import symmetric_graph
    >>> path = symmetric_graph(4, [0, 1, 2, 0], [1, 2, 3, 3], [1, 1, 1, 5])
    >>> simple_steiner_tree(path, [0, 3]).edges
    [(0, 1), (1, 2), (2, 3)]
    >>> simple_steiner_tree(path, [0, 3], node_weights=[0, 2, 2, 0]).edges
    [(0, 3)]
    """
    check = _check(graph, terminals, node_weights=node_weights)
    n, u, v, c, nw, terms = check.n, check.u, check.v, check.c, check.nw, check.terms
    adjacency = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
    labels = connected_components(adjacency, directed=False)[1]
    component = labels == labels[terms[0]]
    component[terms] = False
    others = np.flatnonzero(component).tolist()
    if len(others) > SIMPLE_MAX_NODES:
        raise InputError(
            f"`graph`: the simple search takes at most {SIMPLE_MAX_NODES} other nodes",
            parameter="graph",
        )
    best: tuple[int, list[int]] | None = None
    for size in range(len(others) + 1):
        for extra in itertools.combinations(others, size):
            nodes = set(terms.tolist()) | set(extra)
            if not _connects(check, nodes):
                continue
            edges = _spanning_tree(check, nodes)
            cost = _total(c[edges]) + _total(nw[list(extra)])
            if best is None or cost < best[0]:
                best = (cost, edges)
    assert best is not None  # the terminals are connected: the whole component is a tree's nodes
    cost, edges = best
    nodes = sorted(set(terms.tolist()) | {int(x) for e in edges for x in (u[e], v[e])})
    pairs = sorted((int(u[e]), int(v[e])) for e in edges)
    return SteinerResult(
        cost=cost,
        edges=pairs,
        nodes=nodes,
        lower_bound=cost,
        optimal=True,
        seconds=time.perf_counter() - check.start,
    )


def _spanning_tree(check: _Input, nodes: set[int]) -> list[int]:
    """Edge ids of a minimum spanning tree of the (connected) subgraph induced by ``nodes``."""
    n, u, v, c = check.n, check.u, check.v, check.c
    inside = np.zeros(n, dtype=bool)
    inside[list(nodes)] = True
    e = np.flatnonzero(inside[u] & inside[v])
    # +1: every spanning tree has as many edges, and scipy drops zero weights
    m = sp.csr_array((c[e] + 1.0, (u[e], v[e])), shape=(n, n))
    tree = minimum_spanning_tree(m).tocoo()
    keys = u[e] * n + v[e]
    found = np.minimum(tree.row, tree.col).astype(np.int64) * n + np.maximum(tree.row, tree.col)
    return sorted(e[np.searchsorted(keys, found)].tolist())
