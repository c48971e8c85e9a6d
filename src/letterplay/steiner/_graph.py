"""Graphs as edge arrays, the engine's argument checks, tree costs, hop distances and leaf
pruning.

The engine takes a symmetric sparse adjacency matrix of non-negative integer edge weights (a
stored 0 is an edge of weight 0) and works on its undirected edges ``u < v`` as numpy arrays
(:func:`edge_list`). All the weights of a graph together may add up to at most
:data:`MAX_WEIGHT`, so that every cost the engine computes, in integers or in scipy's
floating-point shortest paths, is exact; larger inputs are refused.

Examples
--------
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
>>> tree_cost(graph, [(0, 1), (0, 2), (0, 3)], [1, 2, 3])
3
>>> terminal_groups(graph, [3, 1])
[[1, 3]]
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, connected_components

from letterplay.errors import InputError, NoSolutionError, named
from letterplay.progress import ProgressCallback
from letterplay.validate import number

__all__ = [
    "MAX_TERMINAL_DISTANCES",
    "MAX_WEIGHT",
    "edge_list",
    "hop_distances",
    "prune_leaves",
    "symmetric_graph",
    "terminal_groups",
    "tree_cost",
]

MAX_TERMINAL_DISTANCES = 2**25
"""The most terminals × nodes accepted: the bounds keep a distance from every terminal to every
node (about 32 bytes each while they are built, so at most about 1 GB)."""

MAX_WEIGHT = 2**52
"""The most all edge and node weights of a graph may add up to: every cost stays exact, both in
64-bit integers and in the 64-bit floats of scipy's shortest paths (exact below 2**53)."""


# ----------------------------------------------------------------------------------------------
# Graphs as edge arrays


def _lightest_parallel(a: np.ndarray, b: np.ndarray, w: np.ndarray, *extra, heaviest=False):
    """Edges ``a < b`` sorted by ``(a, b)``, keeping the lightest of parallel edges (and the same
    rows of the ``extra`` columns); with ``heaviest``, the heaviest weight of each is appended."""
    order = np.lexsort((w, b, a))
    a, b, w = a[order], b[order], w[order]
    first = np.ones(len(a), dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    kept = (a[first], b[first], w[first], *(x[order][first] for x in extra))
    if not heaviest:
        return kept
    last = np.ones(len(a), dtype=bool)
    last[:-1] = first[1:]
    return (*kept, w[last])


def symmetric_graph(n: int, u: Sequence[int], v: Sequence[int], w: Sequence[int]) -> sp.csr_array:
    """The symmetric adjacency matrix of ``n`` nodes and undirected edges ``u[i]–v[i]`` of weight
    ``w[i]`` (the lighter of parallel edges).

    Examples
    --------
    >>> symmetric_graph(3, [0, 1, 1], [1, 0, 2], [5, 4, 1]).toarray().tolist()
    [[0, 4, 0], [4, 0, 1], [0, 1, 0]]
    """
    u, v, w = (np.asarray(x, dtype=np.int64) for x in (u, v, w))
    # int32 ids where they fit: a big file's graph then takes about 40 bytes an edge at most
    ids = np.int32 if n < 2**31 else np.int64
    a, b, w = _lightest_parallel(np.minimum(u, v).astype(ids), np.maximum(u, v).astype(ids), w)
    # CSR directly: rows b then a, stably sorted, keep each row's columns ascending (a < row,
    # then b > row, both sorted), so no general sort of the 2m entries is needed
    rows = np.concatenate([b, a])
    order = np.argsort(rows, kind="stable")
    indices = np.concatenate([a, b])[order]
    data = np.concatenate([w, w])[order]
    del order
    indptr = np.zeros(n + 1, dtype=ids)
    np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
    return sp.csr_array((data, indices, indptr), shape=(n, n))


def _weights(parameter: str, values: np.ndarray, what: str = "") -> np.ndarray:
    """Non-negative integer weights as int64, each at most :data:`MAX_WEIGHT` (booleans are
    0 and 1); an error names ``parameter`` (``what`` says which of its parts)."""
    name = named(parameter) + what
    if values.dtype == bool:
        return values.astype(np.int64)
    if not (np.issubdtype(values.dtype, np.integer) or np.issubdtype(values.dtype, np.floating)):
        raise InputError(
            f"{name} must be non-negative integers, not {values.dtype}", parameter=parameter
        )
    if values.size and (
        not np.all(np.isfinite(values)) or np.any(values < 0) or np.any(values != np.floor(values))
    ):
        raise InputError(f"{name} must be non-negative integers", parameter=parameter)
    if values.size and np.any(values > MAX_WEIGHT):
        raise InputError(
            f"{name} must be at most 2**52 (costs must stay exact)", parameter=parameter
        )
    return values.astype(np.int64)


def _total(values: np.ndarray) -> int:
    """The exact sum of weights of at most 2**52 each (no int64 overflow)."""
    if len(values) < 2048:  # 2048 * 2**52 < 2**63
        return int(values.sum())
    return sum(int(part.sum()) for part in np.array_split(values, len(values) // 2048 + 1))


def edge_list(graph) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``(n, u, v, w)``: the undirected edges ``u < v`` of a symmetric sparse matrix, checked
    (square, symmetric, non-negative integer weights of at most :data:`MAX_WEIGHT`; the diagonal
    is ignored).

    Examples
    --------
    >>> n, u, v, w = edge_list(symmetric_graph(3, [2, 0], [1, 1], [7, 3]))
    >>> n, u.tolist(), v.tolist(), w.tolist()
    (3, [0, 1], [1, 2], [3, 7])
    """
    if not sp.issparse(graph):
        raise InputError(
            f"`graph` must be a scipy sparse matrix, not {type(graph).__name__}", parameter="graph"
        )
    if len(graph.shape) != 2 or graph.shape[0] != graph.shape[1]:
        raise InputError(f"`graph` must be a square matrix, not {graph.shape}", parameter="graph")
    n = int(graph.shape[0])
    if graph.format == "csr":
        found = _symmetric_csr(graph)
        if found is not None:
            return n, *found
    coo = sp.coo_array(graph)
    u, v = coo.row.astype(np.int64), coo.col.astype(np.int64)
    w = _weights("graph", np.asarray(coo.data), "'s edge weights")
    keep = u != v
    u, v, w = u[keep], v[keep], w[keep]
    a, b, lightest, heaviest = _lightest_parallel(
        np.minimum(u, v), np.maximum(u, v), w, heaviest=True
    )
    if np.any(heaviest != lightest):
        i = int(np.flatnonzero(heaviest != lightest)[0])
        raise InputError(
            f"`graph` is not symmetric: edge {int(a[i])}–{int(b[i])} has weights "
            f"{int(lightest[i])} and {int(heaviest[i])}",
            parameter="graph",
        )
    return n, a, b, lightest


def _symmetric_csr(graph) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``(u, v, w)`` of a CSR matrix without duplicate entries that is exactly symmetric, else
    None. With each row's columns sorted (a sort within rows), its entries above the diagonal
    come sorted by ``(u, v)``, and those below are the transpose's above it, which a counting
    sort gives: no general sort of all entries (on a word graph of 400,000 entries, five times
    faster)."""

    def above(m) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        rows = np.repeat(np.arange(m.shape[0], dtype=np.int64), np.diff(m.indptr))
        if np.any((rows[1:] == rows[:-1]) & (m.indices[1:] == m.indices[:-1])):
            return None  # parallel entries: the general reader keeps the lightest
        upper = rows < m.indices
        return rows[upper], m.indices[upper].astype(np.int64), np.asarray(m.data)[upper]

    graph = sp.csr_array(graph)
    if not graph.has_sorted_indices:
        graph = graph.copy()
        graph.sort_indices()
    found, transposed = above(graph), above(sp.csr_array(graph.T))
    if found is None or transposed is None:
        return None
    (u, v, w), (ut, vt, wt) = found, transposed
    if not (np.array_equal(u, ut) and np.array_equal(v, vt) and np.array_equal(w, wt)):
        return None
    return u, v, _weights("graph", w, "'s edge weights")


def _groups(n: int, u: np.ndarray, v: np.ndarray, terms: np.ndarray) -> list[list[int]]:
    adjacency = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
    _, labels = connected_components(adjacency, directed=False)
    groups: dict[int, list[int]] = {}
    for t in terms.tolist():
        groups.setdefault(int(labels[t]), []).append(t)
    return sorted(groups.values())


def terminal_groups(graph, terminals: Sequence[int]) -> list[list[int]]:
    """The terminals grouped by connected component (one group when they are connected).

    Examples
    --------
    >>> terminal_groups(symmetric_graph(4, [0, 2], [1, 3], [1, 1]), [3, 0, 1])
    [[0, 1], [3]]
    """
    n, u, v, _ = edge_list(graph)
    return _groups(n, u, v, _node_ids("terminals", terminals, n, empty=False))


def _connects(check: _Input, nodes: set[int]) -> bool:
    """Whether the subgraph induced by ``nodes`` joins all the terminals of ``check``."""
    inside = np.zeros(check.n, dtype=bool)
    inside[list(nodes)] = True
    keep = inside[check.u] & inside[check.v]
    return len(_groups(check.n, check.u[keep], check.v[keep], check.terms)) == 1


# ----------------------------------------------------------------------------------------------
# Checking the arguments


def _node_ids(name: str, values, n: int, empty: bool = True) -> np.ndarray:
    """Sorted distinct node ids: whole numbers from 0 to n - 1 (floats and bools refused)."""
    said = named(name)
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InputError(
            f"{said} must be a sequence of node ids, not {type(values).__name__}", parameter=name
        )
    ids = list(values)
    for x in ids:
        if not isinstance(x, numbers.Integral) or isinstance(x, bool | np.bool_):
            raise InputError(f"{said} must be node ids (whole numbers), not {x!r}", parameter=name)
        if not 0 <= x < n:
            raise InputError(f"{said}: {int(x)} is not a node id (0..{n - 1})", parameter=name)
    if not ids and not empty:
        raise InputError(f"{said}: a Steiner tree needs at least one terminal", parameter=name)
    return np.array(sorted({int(x) for x in ids}), dtype=np.int64)


def _node_weights(node_weights, n: int, terms: np.ndarray) -> np.ndarray:
    if node_weights is None:
        return np.zeros(n, dtype=np.int64)
    nw = np.asarray(node_weights)
    if nw.shape != (n,):
        raise InputError(
            f"`node_weights` must have one value per node ({n}), not {nw.shape}",
            parameter="node_weights",
        )
    nw = _weights("node_weights", nw).copy()
    nw[terms] = 0  # terminals are in every tree: their weight is not a choice
    return nw


@dataclass
class _Input:
    """The checked arguments: edges ``u < v`` of cost ``c``, node weights, terminals."""

    n: int
    u: np.ndarray
    v: np.ndarray
    c: np.ndarray
    nw: np.ndarray
    terms: np.ndarray
    start: float
    deadline: float


def _check(
    graph,
    terminals,
    *,
    node_weights=None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> _Input:
    """The arguments of the engine, checked (each error names its parameter)."""
    start = time.perf_counter()
    if time_limit is not None:
        time_limit = number("time_limit", time_limit, low=0)
    if progress is not None and not callable(progress):
        raise InputError(
            f"`progress` must be a function or None, not {type(progress).__name__}",
            parameter="progress",
        )
    n, u, v, c = edge_list(graph)
    terms = _node_ids("terminals", terminals, n, empty=False)
    if len(terms) * n > MAX_TERMINAL_DISTANCES:
        raise InputError(
            f"`terminals`: {len(terms):,} terminals × {n:,} nodes is over the limit of "
            f"{MAX_TERMINAL_DISTANCES:,} (the bounds keep every terminal's distance to every node)",
            parameter="terminals",
        )
    nw = _node_weights(node_weights, n, terms)
    total = _total(c) + _total(nw)
    if total > MAX_WEIGHT:
        raise InputError(
            f"edge and node weights add up to {total}, over the limit of 2**52 "
            f"(costs must stay exact)"
        )
    groups = _groups(n, u, v, terms)
    if len(groups) > 1:
        text = " | ".join("{" + ", ".join(map(str, g)) + "}" for g in groups)
        error = NoSolutionError(f"the terminals are not connected: groups {text}")
        error.groups = groups  # type: ignore[attr-defined]
        raise error
    deadline = start + (time_limit if time_limit is not None else math.inf)
    return _Input(n=n, u=u, v=v, c=c, nw=nw, terms=terms, start=start, deadline=deadline)


def tree_cost(
    graph, edges: Sequence[tuple[int, int]], terminals: Sequence[int], node_weights=None
) -> int:
    """The cost of a tree given by its edges: edge weights plus weights of non-terminal nodes.

    Examples
    --------
    >>> graph = symmetric_graph(3, [0, 1], [1, 2], [4, 5])
    >>> tree_cost(graph, [(0, 1), (1, 2)], [0, 2], node_weights=[0, 10, 0])
    19
    """
    _, u, v, w = edge_list(graph)
    weight = {(int(a), int(b)): int(c) for a, b, c in zip(u, v, w, strict=True)}
    nodes = {x for e in edges for x in e} | {int(t) for t in terminals}
    try:
        total = sum(weight[(min(a, b), max(a, b))] for a, b in edges)
    except KeyError as e:
        raise InputError(
            f"`edges`: {e.args[0]} is not an edge of the graph", parameter="edges"
        ) from None
    if node_weights is not None:
        terms = {int(t) for t in terminals}
        total += sum(int(node_weights[x]) for x in nodes if x not in terms)
    return total


def hop_distances(graph: sp.csr_array, sources: Sequence[int]) -> np.ndarray:
    """The fewest arcs from each source (rows) to every node (columns; ``inf`` where none leads)
    in the graph of a sparse matrix's entries, row to column: the distances when every arc costs
    1, as ``dijkstra(graph, unweighted=True)`` finds them, in a fifth to a third of its time.

    A breadth-first search lists the nodes in order of their distance, each after its parent, and
    the parents in the order they were reached: the nodes at distance ``d + 1`` begin at the first
    node whose parent lies at distance ``d`` or farther, one binary search per distance.

    Examples
    --------
    >>> path = sp.csr_array(np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0]]))
    >>> hop_distances(path, [0, 2]).tolist()
    [[0.0, 1.0, 2.0, inf], [2.0, 1.0, 0.0, inf]]
    """
    out = np.full((len(sources), graph.shape[0]), np.inf)
    for row, source in zip(out, sources, strict=True):
        order, parent = breadth_first_order(graph, source, directed=True)
        up = np.empty(graph.shape[0], dtype=np.int64)
        up[order] = np.arange(len(order))
        above = up[parent[order[1:]]]  # each node's parent's place in the order, nondecreasing
        starts = [0, 1]  # where each distance begins in the order
        while starts[-1] < len(order):
            starts.append(1 + int(np.searchsorted(above, starts[-1])))
        row[order] = np.repeat(np.arange(len(starts) - 1), np.diff(starts))
    return out


# ----------------------------------------------------------------------------------------------
# Leaves


def _peel(a: np.ndarray, b: np.ndarray, keep: np.ndarray, alive: np.ndarray) -> np.ndarray:
    """The nodes left after removing, repeatedly, the leaves (degree at most 1) not in ``keep``:
    they only add cost to a tree. ``alive`` is a node mask; edges ``a[i]–b[i]`` join alive nodes
    only when both ends are. Vectorised: one pass per layer of leaves."""
    alive = alive.copy()
    n = len(alive)
    while True:
        e = alive[a] & alive[b]
        degree = np.bincount(a[e], minlength=n) + np.bincount(b[e], minlength=n)
        leaves = alive & ~keep & (degree <= 1)
        if not leaves.any():
            return alive
        alive &= ~leaves


def prune_leaves(
    edges: Iterable[tuple[Hashable, Hashable]], keep: Iterable[Hashable]
) -> list[tuple[Hashable, Hashable]]:
    """The edges left after removing, repeatedly, every leaf not in ``keep`` (a Steiner node that
    is a leaf only adds cost to a tree).

    Examples
    --------
    >>> prune_leaves([("a", "b"), ("b", "c"), ("c", "d")], keep={"a", "c"})
    [('a', 'b'), ('b', 'c')]
    """
    edges = list(edges)
    names = sorted({x for e in edges for x in e}, key=repr)
    index = {x: i for i, x in enumerate(names)}
    a = np.array([index[x] for x, _ in edges], dtype=np.int64)
    b = np.array([index[y] for _, y in edges], dtype=np.int64)
    wanted = set(keep)
    kept = np.array([x in wanted for x in names], dtype=bool)
    alive = _peel(a, b, kept, np.ones(len(names), dtype=bool))
    return [
        e for e, x, y in zip(edges, a.tolist(), b.tolist(), strict=True) if alive[x] and alive[y]
    ]
