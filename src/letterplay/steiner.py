"""Exact minimum Steiner trees in graphs, with a proof of optimality.

A *Steiner tree* for a set of *terminals* in a graph is a tree of the graph that contains every
terminal; its other nodes are *Steiner nodes* (in word puzzles: link words). Its *cost* is the sum
of its edge weights plus the node weights of its Steiner nodes. The engine knows nothing about
words: it takes a symmetric sparse adjacency matrix of non-negative integer edge weights (a stored
0 is an edge of weight 0) and optional non-negative integer node weights. All the weights together
may add up to at most :data:`MAX_WEIGHT` (2**52), so that every cost the engine computes, in
integers or in scipy's floating-point shortest paths, is exact; larger inputs are refused.

The search, in the order it runs:

1. Connectivity: terminals in different components raise :class:`NoSolutionError`.
2. Weight shift: when every Steiner node weighs at least ``m0``, a tree with ``e`` edges has
   ``e - k + 1`` Steiner nodes, so ``m0`` moves from the nodes onto every edge (minus a constant).
   Node weights such as ``1_000_000 + obscurity`` then become edge weights, where the lower bounds
   below can see them.
3. Upper bound: the shortest-path heuristic (Takahashi & Matsuyama) from each terminal, then
   key-path exchange, vertex insertion and key-vertex elimination (Minoux; Duin & Voß), each tree
   the pruned MST of its nodes; all shortest paths by :func:`scipy.sparse.csgraph.dijkstra`.
4. Reductions: the bound test (a node whose lower bound with all terminals reaches the upper bound
   lies in no better tree; Polzin & Vahdati Daneshmand), then degree tests (non-terminal leaves
   removed, non-terminals of degree 2 contracted; Duin & Volgenant).
5. Exact search: Dijkstra–Steiner (Hougardy, Silvanus & Vygen), the Dreyfus–Wagner dynamic
   programme over labels ``(v, I)`` = cheapest tree joining node ``v`` to the terminal subset
   ``I``, settled in order of cost plus a *future-cost lower bound* (:class:`_FutureBounds`: half
   the shortest tour through ``v`` and the other terminals, by Held–Karp, or half a 1-tree beyond
   16 terminals). Labels whose cost plus bound reaches the upper bound are never queued, nor labels
   dearer than a tree spanning ``I`` plus the shortest path from ``I`` to the other terminals (the
   pruning rule of Polzin & Vahdati Daneshmand used by Hougardy, Silvanus & Vygen).

The proof is the lower bound: it equals the cost when the search finishes. With a time limit the
best tree found and the best lower bound reached are returned, ``optimal`` telling which case it
is. :func:`steiner_tree_brute_force` is the simple definition the tests hold the engine to: try
every set of Steiner nodes of a tiny graph.

Reading and writing PACE 2018 ``.gr`` files is :mod:`letterplay.pace`.

Examples
--------
A star beats the direct edges between three terminals:

>>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
>>> result = steiner_tree(graph, [1, 2, 3])
>>> result.cost, result.edges, result.optimal
(3, [(0, 1), (0, 2), (0, 3)], True)
>>> steiner_tree_brute_force(graph, [1, 2, 3]).cost
3

References
----------
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202.
  https://doi.org/10.1007/s12532-016-0110-1
- S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971) 195–207.
  https://doi.org/10.1002/net.3230010302
- M. Held and R. M. Karp, "A dynamic programming approach to sequencing problems", Journal of the
  SIAM 10 (1962) 196–210. https://doi.org/10.1137/0110015
- T. Polzin and S. Vahdati Daneshmand, "Improved algorithms for the Steiner problem in networks",
  Discrete Applied Mathematics 112 (2001) 263–300.
  https://doi.org/10.1016/S0166-218X(00)00319-X
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567. https://doi.org/10.1002/net.3230190506
- H. Takahashi and A. Matsuyama, "An approximate solution for the Steiner problem in graphs",
  Mathematica Japonica 24 (1980) 573–577.
- M. Minoux, "Efficient greedy heuristics for Steiner tree problems using reoptimization and
  supermodularity", INFOR 28 (1990) 221–233. https://doi.org/10.1080/03155986.1990.11732136
- C. Duin and S. Voß, "Efficient path and vertex exchange in Steiner tree algorithms", Networks 29
  (1997) 89–105. https://doi.org/10.1002/(SICI)1097-0037(199703)29:2<89::AID-NET3>3.0.CO;2-7
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import numbers
import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, dijkstra, minimum_spanning_tree

from letterplay.errors import InputError, NoSolutionError
from letterplay.progress import ProgressCallback, report
from letterplay.validate import number

__all__ = [
    "MAX_TERMINAL_DISTANCES",
    "MAX_WEIGHT",
    "SteinerResult",
    "edge_list",
    "prune_leaves",
    "steiner_tree",
    "steiner_tree_brute_force",
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


@dataclass(frozen=True)
class SteinerResult:
    """A Steiner tree and what is proven about it.

    ``cost`` is edge weights plus node weights of the Steiner nodes; ``edges`` are ``(u, v)`` pairs
    of input node ids with ``u < v``; ``nodes`` every node of the tree, terminals included;
    ``lower_bound`` a proven lower bound on the optimum, and ``optimal`` means it equals ``cost``.
    """

    cost: int
    edges: list[tuple[int, int]]
    nodes: list[int]
    lower_bound: int
    optimal: bool
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: cost, proof, edges (pairs of 0-based ids), nodes, seconds."""
        return {
            "cost": self.cost,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "edges": [list(e) for e in self.edges],
            "nodes": list(self.nodes),
            "seconds": round(self.seconds, 4),
        }


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


def _weights(name: str, values: np.ndarray) -> np.ndarray:
    """Non-negative integer weights as int64, each at most :data:`MAX_WEIGHT` (booleans are
    0 and 1)."""
    if values.dtype == bool:
        return values.astype(np.int64)
    if not (np.issubdtype(values.dtype, np.integer) or np.issubdtype(values.dtype, np.floating)):
        raise InputError(f"{name} must be non-negative integers, not {values.dtype}")
    if values.size and (
        not np.all(np.isfinite(values)) or np.any(values < 0) or np.any(values != np.floor(values))
    ):
        raise InputError(f"{name} must be non-negative integers")
    if values.size and np.any(values > MAX_WEIGHT):
        raise InputError(f"{name} must be at most 2**52 (costs must stay exact)")
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
        raise InputError(f"graph must be a scipy sparse matrix, not {type(graph).__name__}")
    if len(graph.shape) != 2 or graph.shape[0] != graph.shape[1]:
        raise InputError(f"graph must be a square matrix, not {graph.shape}")
    n = int(graph.shape[0])
    coo = sp.coo_array(graph)
    u, v = coo.row.astype(np.int64), coo.col.astype(np.int64)
    w = _weights("graph's edge weights", np.asarray(coo.data))
    keep = u != v
    u, v, w = u[keep], v[keep], w[keep]
    a, b, lightest, heaviest = _lightest_parallel(
        np.minimum(u, v), np.maximum(u, v), w, heaviest=True
    )
    if np.any(heaviest != lightest):
        i = int(np.flatnonzero(heaviest != lightest)[0])
        raise InputError(
            f"graph is not symmetric: edge {int(a[i])}–{int(b[i])} has weights "
            f"{int(lightest[i])} and {int(heaviest[i])}"
        )
    return n, a, b, lightest


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


def _connects(n: int, u: np.ndarray, v: np.ndarray, nodes: set[int], terms: np.ndarray) -> bool:
    """Whether the subgraph induced by ``nodes`` joins all the terminals."""
    inside = np.zeros(n, dtype=bool)
    inside[list(nodes)] = True
    keep = inside[u] & inside[v]
    return len(_groups(n, u[keep], v[keep], terms)) == 1


# ----------------------------------------------------------------------------------------------
# Checking the arguments


def _node_ids(name: str, values, n: int, empty: bool = True) -> np.ndarray:
    """Sorted distinct node ids: whole numbers from 0 to n - 1 (floats and bools refused)."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InputError(f"{name} must be a sequence of node ids, not {type(values).__name__}")
    ids = list(values)
    for x in ids:
        if not isinstance(x, numbers.Integral) or isinstance(x, bool | np.bool_):
            raise InputError(f"{name} must be node ids (whole numbers), not {x!r}")
        if not 0 <= x < n:
            raise InputError(f"{name}: {int(x)} is not a node id (0..{n - 1})")
    if not ids and not empty:
        raise InputError(f"{name}: a Steiner tree needs at least one terminal")
    return np.array(sorted({int(x) for x in ids}), dtype=np.int64)


def _node_weights(node_weights, n: int, terms: np.ndarray) -> np.ndarray:
    if node_weights is None:
        return np.zeros(n, dtype=np.int64)
    nw = np.asarray(node_weights)
    if nw.shape != (n,):
        raise InputError(f"node_weights must have one value per node ({n}), not {nw.shape}")
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


def _check(graph, terminals, node_weights, time_limit, progress) -> _Input:
    start = time.perf_counter()
    if time_limit is not None:
        time_limit = number("time_limit", time_limit, low=0)
    if progress is not None and not callable(progress):
        raise InputError(f"progress must be a function or None, not {type(progress).__name__}")
    n, u, v, c = edge_list(graph)
    terms = _node_ids("terminals", terminals, n, empty=False)
    if len(terms) * n > MAX_TERMINAL_DISTANCES:
        raise InputError(
            f"terminals: {len(terms):,} terminals × {n:,} nodes is over the limit of "
            f"{MAX_TERMINAL_DISTANCES:,} (the bounds keep every terminal's distance to every node)"
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
    return _Input(n, u, v, c, nw, terms, start, deadline)


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
        raise InputError(f"edges: {e.args[0]} is not an edge of the graph") from None
    if node_weights is not None:
        terms = {int(t) for t in terminals}
        total += sum(int(node_weights[x]) for x in nodes if x not in terms)
    return total


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


# ----------------------------------------------------------------------------------------------
# The simple reference: every set of Steiner nodes

BRUTE_FORCE_MAX_NODES = 20


def steiner_tree_brute_force(graph, terminals: Sequence[int], node_weights=None) -> SteinerResult:
    """A minimum Steiner tree by trying every set of Steiner nodes, smallest sets first: the
    cheapest minimum spanning tree of the terminals plus the set (plus the set's node weights).

    The definition, for tiny graphs (at most :data:`BRUTE_FORCE_MAX_NODES` non-terminal nodes in
    the terminals' component); :func:`steiner_tree` is held to it by the tests.

    Examples
    --------
    >>> path = symmetric_graph(4, [0, 1, 2, 0], [1, 2, 3, 3], [1, 1, 1, 5])
    >>> steiner_tree_brute_force(path, [0, 3]).edges
    [(0, 1), (1, 2), (2, 3)]
    """
    check = _check(graph, terminals, node_weights, None, None)
    n, u, v, c, nw, terms = check.n, check.u, check.v, check.c, check.nw, check.terms
    adjacency = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
    labels = connected_components(adjacency, directed=False)[1]
    component = labels == labels[terms[0]]
    component[terms] = False
    others = np.flatnonzero(component).tolist()
    if len(others) > BRUTE_FORCE_MAX_NODES:
        raise InputError(f"graph: brute force takes at most {BRUTE_FORCE_MAX_NODES} other nodes")
    best: tuple[int, list[int]] | None = None
    for size in range(len(others) + 1):
        for extra in itertools.combinations(others, size):
            nodes = set(terms.tolist()) | set(extra)
            if not _connects(n, u, v, nodes, terms):
                continue
            edges = _spanning_tree(n, u, v, c, nodes)
            cost = _total(c[edges]) + _total(nw[list(extra)])
            if best is None or cost < best[0]:
                best = (cost, edges)
    assert best is not None  # the terminals are connected: the whole component is a tree's nodes
    cost, edges = best
    nodes = sorted(set(terms.tolist()) | {int(x) for e in edges for x in (u[e], v[e])})
    pairs = sorted((int(u[e]), int(v[e])) for e in edges)
    return SteinerResult(cost, pairs, nodes, cost, True, time.perf_counter() - check.start)


def _spanning_tree(n: int, u, v, c, nodes: set[int]) -> list[int]:
    """Edge ids of a minimum spanning tree of the (connected) subgraph induced by ``nodes``."""
    inside = np.zeros(n, dtype=bool)
    inside[list(nodes)] = True
    e = np.flatnonzero(inside[u] & inside[v])
    # +1: every spanning tree has as many edges, and scipy drops zero weights
    m = sp.csr_array((c[e] + 1.0, (u[e], v[e])), shape=(n, n))
    tree = minimum_spanning_tree(m).tocoo()
    keys = u[e] * n + v[e]
    found = np.minimum(tree.row, tree.col).astype(np.int64) * n + np.maximum(tree.row, tree.col)
    return sorted(e[np.searchsorted(keys, found)].tolist())


# ----------------------------------------------------------------------------------------------
# The working problem: shifted costs on the terminals' component


class _Problem:
    """Edge costs ``ce`` and residual node weights ``r`` (zero on terminals) of the shifted problem.

    The true cost of a tree joining all ``k`` terminals is ``sum(ce) + sum(r) - offset``. Nodes keep
    their input ids; ``alive`` marks the nodes still allowed in a better tree.
    """

    def __init__(self, n, u, v, c, nw, terms):
        self.n, self.terms = n, terms
        self.k = len(terms)
        self.is_term = np.zeros(n, dtype=bool)
        self.is_term[terms] = True
        adjacency = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
        _, labels = connected_components(adjacency, directed=False)
        self.alive = labels == labels[terms[0]]
        steiner = self.alive & ~self.is_term
        self.m0 = int(nw[steiner].min()) if steiner.any() else 0
        self.offset = self.m0 * (self.k - 1)
        self.r = np.where(self.is_term, 0, nw - self.m0)
        self.r[~self.alive] = 0
        self.u, self.v = u, v
        self.ce = c + self.m0
        # the lower-bound metric: each edge also charges its lighter end's residual weight, so the
        # metric cost of any tree is at most its shifted cost (charge each node on its parent edge)
        self.cprime = self.ce + np.minimum(self.r[u], self.r[v])
        self.edge_alive = self.alive[u] & self.alive[v]

    def kill(self, dead: np.ndarray) -> None:
        self.alive &= ~dead
        self.edge_alive = self.alive[self.u] & self.alive[self.v]

    def metric(self) -> sp.csr_array:
        e = self.edge_alive
        u, v, w = self.u[e], self.v[e], self.cprime[e].astype(float)
        return sp.csr_array(
            (np.concatenate([w, w]), (np.concatenate([u, v]), np.concatenate([v, u]))),
            shape=(self.n, self.n),
        )

    def arcs(self) -> sp.csr_array:
        """Directed arc costs: entering a node pays its residual weight."""
        e = self.edge_alive
        u, v, c = self.u[e], self.v[e], self.ce[e]
        data = np.concatenate([c + self.r[v], c + self.r[u]]).astype(float)
        return sp.csr_array(
            (data, (np.concatenate([u, v]), np.concatenate([v, u]))), shape=(self.n, self.n)
        )

    def terminal_distances(self) -> np.ndarray:
        """Metric distances from every terminal (rows) to every node (columns)."""
        return dijkstra(self.metric(), directed=False, indices=self.terms)


def _mst_cost(dist: np.ndarray) -> float:
    """Cost of a minimum spanning tree of a small complete graph given by its distance matrix."""
    m = len(dist)
    if m <= 1:
        return 0.0
    best = dist[0].astype(float)
    used = np.zeros(m, dtype=bool)
    used[0] = True
    total = 0.0
    for _ in range(m - 1):
        j = int(np.argmin(np.where(used, np.inf, best)))
        total += best[j]
        used[j] = True
        best = np.minimum(best, dist[j])
    return total


# the shortest-path heuristic restarts from each terminal while this many seconds last
SPH_SECONDS = 0.5

# nodes with at least this many neighbours expand labels with numpy rather than a Python loop
DENSE_DEGREE = 48

# nodes x subsets up to which those expansions also check a numpy copy of the best costs
MIRROR_ENTRIES = 1 << 22

# per-subset tables are lists up to this many non-root terminals, dicts beyond
LIST_TABLE_MAX_BITS = 20

# the tour bound keeps Hamiltonian paths for every terminal subset: 2**k * k * k numbers
TOUR_BOUND_MAX_TERMINALS = 16


class _FutureBounds:
    """Lower bounds on a Steiner tree joining a node ``v`` to a set ``K`` of terminals, for every
    node at once (Hougardy, Silvanus & Vygen 2017, section 4):

    - the *1-tree bound*: half of (the MST of ``K`` in the metric closure plus ``v``'s two
      cheapest connections to ``K``), which is at most half a tour through ``K`` and ``v``;
    - the *tour bound* (at most ``TOUR_BOUND_MAX_TERMINALS`` terminals): half the shortest tour
      through ``K`` and ``v``, from shortest Hamiltonian paths between terminals (Held–Karp).

    Doubling a tree gives a closed walk through all its nodes, so half a tour is at most the tree;
    the farthest terminal is a bound too. Costs are integers, so halves are rounded up. ``dist``
    holds metric distances from each terminal (rows) to each node (columns).
    """

    def __init__(self, dist: np.ndarray, terms: Sequence[int], cap: float):
        self.cap = int(min(cap, 2**60)) if math.isfinite(cap) else 2**60
        # exact integer arithmetic: costs may exceed what float32 holds exactly
        self.dist = np.where(np.isfinite(dist), np.minimum(dist, self.cap), self.cap)
        self.dist = self.dist.astype(np.int64)
        self.k = len(terms)
        self.between = self.dist[:, terms]
        self.paths = self._hamiltonian_paths() if self.k <= TOUR_BOUND_MAX_TERMINALS else None

    def _hamiltonian_paths(self) -> np.ndarray | None:
        """``paths[M][s, t]``: shortest path from terminal s to t through exactly the set M
        (Held–Karp), int32 when the costs allow, for at most 16 terminals (64 MB)."""
        k, d = self.k, self.between
        top = int(d.max()) if d.size else 0
        if top * (k + 2) < 2**29:
            dtype, unreachable = np.int32, 2**30
        elif k <= 14:
            dtype, unreachable = np.int64, 2**62
        else:
            return None
        d = d.astype(dtype)
        paths = np.full((1 << k, k, k), unreachable, dtype=dtype)
        for s in range(k):
            paths[1 << s, s, s] = 0
        bits = [1 << t for t in range(k)]
        for mask in range(1, 1 << k):
            if mask & (mask - 1) == 0:
                continue
            ends = [t for t in range(k) if mask & bits[t]]
            # paths[mask][s, t] = min over u of paths[mask - t][s, u] + d[u, t], for all t at once
            prev = paths[[mask ^ bits[t] for t in ends]]
            step = prev + d[:, ends].T[:, None, :]
            paths[mask][:, ends] = np.minimum(step.min(axis=2), unreachable).T
        return paths

    def __call__(self, mask: int) -> np.ndarray:
        """Bounds for every node: trees joining the node to the terminals in ``mask``."""
        members = [i for i in range(self.k) if mask >> i & 1]
        dm = self.dist[members]
        if len(members) == 1:
            return dm[0].copy()
        if self.paths is not None:
            # tour = d(v, s) + path(s .. t through all of K) + d(t, v), minimised over s != t;
            # paths are symmetric, so each pair once
            h = self.paths[mask]
            best = None
            for i, j in itertools.combinations(range(len(members)), 2):
                tour = dm[i] + dm[j] + h[members[i], members[j]]
                best = tour if best is None else np.minimum(best, tour, out=best)
        else:
            nearest = dm.argmin(axis=0)
            columns = np.arange(dm.shape[1])
            first = dm[nearest, columns]
            rest = dm.copy()
            rest[nearest, columns] = self.cap
            best = first + rest.min(axis=0) + int(_mst_cost(self.between[np.ix_(members, members)]))
            best = np.maximum(best, 2 * dm.max(axis=0))
        return np.minimum((best + 1) // 2, self.cap)


# ----------------------------------------------------------------------------------------------
# Upper bound: shortest-path heuristic, MST-and-prune, key-path exchange


class _Incumbent:
    """The best tree known: node set, edge ids (into the problem's edge arrays) and shifted cost."""

    def __init__(self, nodes: set[int], edges: list[int], cost: int):
        self.nodes, self.edges, self.cost = nodes, edges, cost


def _edge_ids(p: _Problem, pairs: Sequence[tuple[int, int]]) -> list[int]:
    """Edge ids of ``(u, v)`` pairs with ``u < v`` (the edge arrays are sorted by ``(u, v)``)."""
    if not pairs:
        return []
    keys = p.u * p.n + p.v
    wanted = np.array([a * p.n + b for a, b in pairs], dtype=np.int64)
    return np.searchsorted(keys, wanted).tolist()


def _tree_on(p: _Problem, nodes: set[int]) -> _Incumbent:
    """MST of the subgraph induced by ``nodes``, then Steiner leaves pruned away repeatedly."""
    member = np.zeros(p.n, dtype=bool)
    member[list(nodes)] = True
    e = np.flatnonzero(member[p.u] & member[p.v] & p.edge_alive)
    ids = np.array(sorted(nodes))
    local = np.full(p.n, -1)
    local[ids] = np.arange(len(ids))
    # +1: all spanning trees of one node set have as many edges, and scipy drops zero weights
    m = sp.csr_array((p.ce[e] + 1.0, (local[p.u[e]], local[p.v[e]])), shape=(len(ids), len(ids)))
    tree = minimum_spanning_tree(m).tocoo()
    row, col = tree.row.astype(np.int64), tree.col.astype(np.int64)
    alive = _peel(row, col, p.is_term[ids], np.ones(len(ids), dtype=bool))
    kept = alive[row] & alive[col]
    a, b = ids[row[kept]], ids[col[kept]]
    pairs = sorted(zip(np.minimum(a, b).tolist(), np.maximum(a, b).tolist(), strict=True))
    nodes = set(ids[alive].tolist())
    edges = _edge_ids(p, pairs)
    cost = int(p.ce[edges].sum() + p.r[list(nodes)].sum()) if edges else 0
    return _Incumbent(nodes, edges, cost)


def _shortest_path_heuristic(p: _Problem, arcs, start: int, between: np.ndarray) -> set[int]:
    """Takahashi–Matsuyama: grow a tree from ``start``, joining the nearest terminal each time.

    ``between[i, j]`` is the arc distance from terminal i to terminal j: the nearest terminal is no
    farther than the closest one from a terminal already joined, which limits each Dijkstra.
    """
    position = {t: i for i, t in enumerate(p.terms.tolist())}
    tree = {start}
    joined = [position[start]]
    missing = set(p.terms.tolist()) - tree
    while missing:
        limit = between[np.ix_(joined, [position[t] for t in missing])].min()
        dist, pred, _ = dijkstra(
            arcs,
            directed=True,
            indices=sorted(tree),
            min_only=True,
            return_predecessors=True,
            limit=limit,
        )
        t = min(missing, key=lambda x: (dist[x], x))
        if not np.isfinite(dist[t]):
            raise AssertionError("terminals are connected but the heuristic found no path")
        x = t
        while x not in tree:
            tree.add(x)
            x = int(pred[x])
        joined += [position[y] for y in missing & tree]
        missing -= tree
    return tree


def _key_path_exchange(p: _Problem, arcs, best: _Incumbent) -> _Incumbent | None:
    """Replace one key path (a path between terminals or branch nodes whose inner nodes are
    Steiner nodes of degree 2) by a cheaper link between the two halves; None if none is cheaper.
    """
    adjacency: dict[int, list[tuple[int, int]]] = {x: [] for x in best.nodes}
    for e in best.edges:
        a, b = int(p.u[e]), int(p.v[e])
        adjacency[a].append((b, e))
        adjacency[b].append((a, e))
    key = {x for x, nbrs in adjacency.items() if p.is_term[x] or len(nbrs) >= 3}
    done: set[int] = set()
    for s in key:
        for first, e0 in adjacency[s]:
            if e0 in done:
                continue
            inner, path_edges, prev, x = [], [e0], s, first
            while x not in key:
                inner.append(x)
                (nxt, e1) = next((y, e) for y, e in adjacency[x] if y != prev)
                path_edges.append(e1)
                prev, x = x, nxt
            done.update(path_edges)
            path_cost = int(p.ce[path_edges].sum() + p.r[inner].sum())
            # the two halves left when the key path's edges and inner nodes go
            removed = set(path_edges)
            rest = [e for e in best.edges if e not in removed]
            side = _component_of(p, rest, s, best.nodes - set(inner))
            other = best.nodes - set(inner) - side
            dist, pred, _ = dijkstra(
                arcs,
                directed=True,
                indices=sorted(side),
                min_only=True,
                return_predecessors=True,
                limit=path_cost,
            )
            ends = np.array(sorted(other))
            through = dist[ends] - p.r[ends]
            j = int(np.argmin(through))
            if through[j] < path_cost:
                nodes = set(best.nodes) - set(inner)
                y = int(ends[j])
                while y not in side:
                    nodes.add(y)
                    y = int(pred[y])
                candidate = _tree_on(p, nodes)
                if candidate.cost < best.cost:
                    return candidate
    return None


def _component_of(p: _Problem, edges: list[int], start: int, nodes: set[int]) -> set[int]:
    adjacency: dict[int, list[int]] = {x: [] for x in nodes}
    for e in edges:
        a, b = int(p.u[e]), int(p.v[e])
        adjacency[a].append(b)
        adjacency[b].append(a)
    seen, stack = {start}, [start]
    while stack:
        for y in adjacency[stack.pop()]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return seen


def _node_set_cost(p: _Problem, weights, ids: np.ndarray) -> float:
    """Cost of the MST of the subgraph induced by ``ids`` plus their residual weights (inf if that
    subgraph is disconnected); ``weights`` is the symmetric edge-cost matrix plus one."""
    sub = weights[ids][:, ids]
    if len(ids) > 1 and connected_components(sub, directed=False)[0] > 1:
        return math.inf
    return minimum_spanning_tree(sub).sum() - (len(ids) - 1) + p.r[ids].sum()


def _vertex_moves(p: _Problem, weights, tree: _Incumbent, deadline: float) -> _Incumbent | None:
    """Vertex insertion and key-vertex elimination (Minoux 1990; Duin & Voß 1997): add a node
    adjacent to two tree nodes, or drop a Steiner node, and take the MST of the new node set."""
    ids = np.array(sorted(tree.nodes))
    in_tree = np.zeros(p.n, dtype=bool)
    in_tree[ids] = True
    touching = np.asarray(weights[ids].astype(bool).sum(axis=0)).ravel()
    candidates = np.flatnonzero((touching >= 2) & ~in_tree & p.alive)
    for x in candidates.tolist():
        if time.perf_counter() > deadline:
            return None
        with_x = np.sort(np.append(ids, x))
        if _node_set_cost(p, weights, with_x) < tree.cost:
            better = _tree_on(p, set(with_x.tolist()))
            if better.cost < tree.cost:
                return better
    for x in ids.tolist():
        if p.is_term[x]:
            continue
        without = ids[ids != x]
        if _node_set_cost(p, weights, without) < tree.cost:
            better = _tree_on(p, set(without.tolist()))
            if better.cost < tree.cost:
                return better
    return None


def _improve(p: _Problem, arcs, tree: _Incumbent, deadline: float) -> _Incumbent:
    """Local search on the tree until no move helps: key-path exchange, then vertex moves."""
    e = p.edge_alive
    w = (p.ce[e] + 1).astype(float)
    weights = sp.csr_array(
        (
            np.concatenate([w, w]),
            (np.concatenate([p.u[e], p.v[e]]), np.concatenate([p.v[e], p.u[e]])),
        ),
        shape=(p.n, p.n),
    )
    while time.perf_counter() < deadline:
        better = _key_path_exchange(p, arcs, tree)
        if better is None:
            better = _vertex_moves(p, weights, tree, deadline)
        if better is None:
            break
        tree = better
    return tree


# ----------------------------------------------------------------------------------------------
# Reductions: the compact graph the exact search runs on


class _Reduced:
    """A compact graph after degree tests: node ``i`` is input node ``ids[i]``; edge ``j`` joins
    ``a[j] < b[j]`` at ``cost[j]`` and stands for the input edge ``ref[j]`` when that is not
    negative, else for the input edges ``chains[-1 - ref[j]]`` (a contracted path)."""

    def __init__(self, ids, a, b, cost, ref, chains, r, terms):
        self.ids, self.a, self.b, self.cost, self.ref = ids, a, b, cost, ref
        self.chains, self.r, self.terms = chains, r, terms

    def path_between(self, x: int, y: int) -> tuple[int, ...]:
        """The input edges behind the reduced edge x–y."""
        x, y = min(x, y), max(x, y)
        n = len(self.ids)
        j = int(np.searchsorted(self.a * n + self.b, x * n + y))
        ref = int(self.ref[j])
        return (ref,) if ref >= 0 else self.chains[-1 - ref]


def _peel_leaves(p: _Problem) -> None:
    """Degree-1 test: a Steiner node with one neighbour is in no optimal tree."""
    p.kill(p.alive & ~_peel(p.u, p.v, p.is_term, p.alive))


def _reduce(p: _Problem) -> _Reduced:
    """Degree tests until neither applies: drop Steiner leaves; replace each path of Steiner nodes
    of degree 2 by one edge (its cost: edges plus inner node weights), dropping paths that return
    to where they start and keeping the lightest of parallel edges. Vectorised except the walk
    along such paths, which touches only their nodes."""
    _peel_leaves(p)
    e = np.flatnonzero(p.edge_alive)
    a, b, cost, ref = p.u[e], p.v[e], p.ce[e], e.copy()
    alive = p.alive.copy()
    chains: list[tuple[int, ...]] = []
    while True:
        alive = _peel(a, b, p.is_term, alive)
        keep = alive[a] & alive[b]
        a, b, cost, ref = a[keep], b[keep], cost[keep], ref[keep]
        degree = np.bincount(a, minlength=p.n) + np.bincount(b, minlength=p.n)
        inner = alive & ~p.is_term & (degree == 2)
        if not inner.any():
            break
        a, b, cost, ref = _contract(a, b, cost, ref, inner, p.r, chains)
        alive &= ~inner
    return _compact(p, a, b, cost, ref, chains)


def _contract(a, b, cost, ref, inner: np.ndarray, r: np.ndarray, chains: list[tuple[int, ...]]):
    """Replace each path through ``inner`` nodes (Steiner nodes of degree 2) by one edge between
    its ends; ``chains`` gains the input edges behind each new edge."""
    touching = np.flatnonzero(inner[a] | inner[b])
    incident: dict[int, list[int]] = {}
    for j, x, y in zip(touching.tolist(), a[touching].tolist(), b[touching].tolist(), strict=True):
        incident.setdefault(x, []).append(j)
        incident.setdefault(y, []).append(j)
    new: list[tuple[int, int, int, int]] = []
    done: set[int] = set()
    ends = [(j, x) for j in touching.tolist() for x in (int(a[j]), int(b[j])) if not inner[x]]
    for j, start in ends:
        if j in done:
            continue
        used, here, total = _walk(j, start, a, b, cost, inner, r, incident)
        done.update(used)
        if here == start:
            continue  # a loop back to its start is in no optimal tree
        chains.append(tuple(i for k in used for i in _input_edges(int(ref[k]), chains)))
        new.append((min(start, here), max(start, here), total, -len(chains)))
    keep = ~inner[a] & ~inner[b]
    columns = [np.array(c, dtype=np.int64) for c in zip(*new, strict=True)] if new else [[]] * 4
    a, b, cost, ref = (
        np.concatenate([old[keep], np.asarray(added, dtype=np.int64)])
        for old, added in zip((a, b, cost, ref), columns, strict=True)
    )
    return _lightest_parallel(a, b, cost, ref)


def _walk(j: int, start: int, a, b, cost, inner, r, incident) -> tuple[list[int], int, int]:
    """Follow a path of inner nodes from ``start`` along edge ``j``: the edges used, the node
    where it ends and its cost (edges plus inner node weights)."""
    used, total, previous = [j], int(cost[j]), j
    here = int(a[j]) + int(b[j]) - start
    while inner[here]:
        total += int(r[here])
        nxt = next(i for i in incident[here] if i != previous)
        used.append(nxt)
        total += int(cost[nxt])
        previous, here = nxt, int(a[nxt]) + int(b[nxt]) - here
    return used, here, total


def _input_edges(ref: int, chains: list[tuple[int, ...]]) -> tuple[int, ...]:
    return (ref,) if ref >= 0 else chains[-1 - ref]


def _compact(p: _Problem, a, b, cost, ref, chains) -> _Reduced:
    """Number the nodes left (those with edges, and the terminals) from 0."""
    used_nodes = np.zeros(p.n, dtype=bool)
    used_nodes[a] = used_nodes[b] = True
    used_nodes[p.terms] = True
    ids = np.flatnonzero(used_nodes)
    local = np.full(p.n, -1, dtype=np.int64)
    local[ids] = np.arange(len(ids))
    la, lb = local[a], local[b]
    order = np.lexsort((lb, la))
    terms = local[p.terms].tolist()
    return _Reduced(ids, la[order], lb[order], cost[order], ref[order], chains, p.r[ids], terms)


# ----------------------------------------------------------------------------------------------
# Dijkstra–Steiner


class _Lazy(dict):
    """A dict that answers None for missing keys, standing in for a list too long to allocate."""

    def __missing__(self, key):
        return None


class _Search:
    """Dijkstra–Steiner over the reduced graph, the last terminal as root.

    A label ``(v, I)`` (``I`` a bit set of the other terminals) is coded ``v * S + I``; its cost
    leaves out ``v``'s own node weight, paid when the label moves on. Settled labels merge with
    the disjoint ones settled at the same node; a label reaching a terminal takes it in. Future
    costs come per subset as arrays over all nodes (:class:`_FutureBounds`), read as Python ints
    through memoryviews; nodes of high degree filter their moves with numpy.
    """

    def __init__(self, g: _Reduced, upper: int, deadline: float, progress):
        self.g, self.upper, self.deadline, self.progress = g, upper, deadline, progress
        self.n = n = len(g.ids)
        self.root, self.others = g.terms[-1], g.terms[:-1]
        self.full = (1 << len(self.others)) - 1
        self.S = self.full + 1
        src, dst = np.concatenate([g.a, g.b]), np.concatenate([g.b, g.a])
        # moving a label from x to a neighbour pays the edge and x's residual weight
        step = np.concatenate([g.cost, g.cost]) + g.r[src]
        self._moves(src, dst, step)
        # metric graph for the bounds: edge cost plus the lighter end's residual weight
        lighter = np.concatenate([g.cost, g.cost]) + np.minimum(g.r[src], g.r[dst])
        metric = sp.csr_array((lighter.astype(float), (src, dst)), shape=(n, n))
        self.big = float(upper) + 1.0
        self.future = _FutureBounds(
            dijkstra(metric, directed=False, indices=g.terms), g.terms, self.big
        )
        # bounds[subset][v]: the future cost of label (v, subset): v to the terminals not in it
        self.bounds, self.arrays = self._table(), self._table()
        self.to_root = self.future.dist[-1].astype(np.int64).tolist()
        # true path costs between terminals (edges and inner nodes' weights), for the caps
        steps = sp.csr_array((step.astype(float), (src, dst)), shape=(n, n))
        between = dijkstra(steps, directed=True, indices=g.terms)[:, g.terms]
        self.between = np.minimum(between, between.T)
        self.caps, self.gaps = self._table(), self._table()

    def _moves(self, src: np.ndarray, dst: np.ndarray, step: np.ndarray) -> None:
        """``moves[x]``: (neighbour, cost) pairs; ``dense[x]`` for nodes of high degree: their
        non-terminal neighbours as arrays and lists, and their moves to terminals (terminals
        other than the root change a label's subset)."""
        n = self.n
        order = np.argsort(src, kind="stable")
        starts = np.searchsorted(src[order], np.arange(n + 1)).tolist()
        dst, step = dst[order], step[order]
        pairs = list(zip(dst.tolist(), step.tolist(), strict=True))
        self.moves = [pairs[starts[x] : starts[x + 1]] for x in range(n)]
        other = np.zeros(n, dtype=bool)
        other[self.others] = True
        self.dense = {}
        for x in np.flatnonzero(np.diff(starts) >= DENSE_DEGREE).tolist():
            nbrs, costs = dst[starts[x] : starts[x + 1]], step[starts[x] : starts[x + 1]]
            plain = ~other[nbrs]
            self.dense[x] = (
                nbrs[plain],
                costs[plain],
                nbrs[plain].tolist(),
                costs[plain].tolist(),
                list(zip(nbrs[~plain].tolist(), costs[~plain].tolist(), strict=True)),
            )

    def _table(self):
        """A table over terminal subsets: a list when small enough, else a dict."""
        return [None] * (self.full + 1) if len(self.others) <= LIST_TABLE_MAX_BITS else _Lazy()

    def cap(self, subset: int) -> float:
        """The most a label over ``subset`` can cost in an optimal tree (Polzin & Vahdati
        Daneshmand's pruning, as used by Hougardy, Silvanus & Vygen): the part of an optimal tree
        hanging from a node with terminals I costs at most a tree spanning I plus the shortest path
        from I to the other terminals, else swapping them would give a cheaper tree. Starts from
        the MST of I in the metric closure and tightens as labels settle."""
        inside = [i for i in range(len(self.others)) if subset >> i & 1]
        outside = [i for i in range(len(self.g.terms)) if not subset >> i & 1]
        gap = float(self.between[np.ix_(inside, outside)].min())
        self.gaps[subset] = gap
        cap = _mst_cost(self.between[np.ix_(inside, inside)]) + gap
        self.caps[subset] = cap
        return cap

    def bound(self, subset: int) -> memoryview:
        """Future costs of the labels over ``subset`` for every node (computed once): an int64
        array, and a memoryview of it whose items are Python ints for the search loop."""
        b = self.bounds[subset]
        if b is None:
            # int32 halves the memory when the upper bound allows
            dtype = np.int32 if self.big < 2**31 - 1 else np.int64
            values = np.ascontiguousarray(
                self.future(self.full ^ subset | (self.full + 1)), dtype=dtype
            )
            self.arrays[subset] = values
            b = self.bounds[subset] = memoryview(values)
        return b

    def _start(self) -> list[tuple[int, int, int]]:
        """The search state, and the heap of the terminals' own labels."""
        # best[code]: cheapest cost seen for label code = v * S + subset; -1 once settled
        self.best: dict[int, int] = {}
        self.back: dict[int, int] = {}
        # on small problems, per-subset arrays mirror best for the numpy expansions
        small = (self.full + 1) * self.n <= MIRROR_ENTRIES and self.dense
        self.seen, self.seen_arrays = (self._table(), self._table()) if small else (None, None)
        # settled labels at each node, for merging: (cost, subset) cheapest first, subset -> cost
        self.at: list[tuple[list[tuple[int, int]], dict[int, int]] | None] = [None] * self.n
        self.residual = self.g.r.tolist()
        # a label reaching a terminal takes it in at no cost
        self.own = [0] * self.n
        for i, t in enumerate(self.others):
            self.own[t] = 1 << i
        heap = []
        for i, t in enumerate(self.others):
            code = t * self.S + (1 << i)
            self.best[code] = 0
            key = self.bound(1 << i)[t]
            if key < self.upper:
                heap.append((key, 0, code))
        heapq.heapify(heap)
        # what every expansion reads, in one attribute (the search loop runs millions of times)
        self.state = (
            self.S,
            self.upper,
            self.best,
            self.back,
            self.own,
            self.bounds,
            self.bound,
            self.caps,
            self.cap,
            self.to_root,
        )
        return heap

    def run(self) -> tuple[int | None, list[tuple[int, int]], int]:
        """Search; returns (cost of a cheaper tree or None, its reduced edges, lower bound)."""
        if not self.others:
            return 0, [], 0
        heap = self._start()
        S, upper, best, seen = self.S, self.upper, self.best, self.seen
        goal = self.root * S + self.full
        lower = first = heap[0][0] if heap else upper
        pops, pop = 0, heapq.heappop
        while heap:
            key, negcost, code = pop(heap)
            cost = -negcost
            if best[code] != cost:
                continue  # settled already, or a cheaper copy is queued
            best[code] = -1
            v, subset = divmod(code, S)
            if seen is not None and seen[subset] is not None:
                seen[subset][v] = -1
            lower = key
            if code == goal:
                return cost, self._edges(goal, self.back, S), cost
            pops += 1
            if pops & 1023 == 0:
                if time.perf_counter() > self.deadline:
                    return None, [], min(lower, upper)
                # the bar closes the gap between the first lower bound and the upper bound
                report(self.progress, "proving optimality", lower - first, upper - first)
            self._settle(heap, code, v, subset, cost)
        self.pops = pops
        return None, [], upper

    def _settle(self, heap, code: int, v: int, subset: int, cost: int) -> None:
        """Expand a settled label: moves to neighbours, then merges at its node (one function:
        this runs for every label settled)."""
        b = self.bounds[subset] or self.bound(subset)
        caps = self.caps
        # this label's tree spans the subset: a tighter cap for it
        if caps[subset] is not None:
            tighter = cost + self.residual[v] + self.gaps[subset]
            if tighter < caps[subset]:
                caps[subset] = tighter
        crowd = self.dense.get(v)
        if crowd is not None:
            self._expand_dense(heap, code, v, subset, cost, b, crowd)
            moves = crowd[4]
        else:
            moves = self.moves[v]
        # moves along (neighbour, cost) pairs; reaching a terminal takes it in
        S, upper, best, back, own, bounds, bound, caps, cap, _ = self.state
        for w, c in moves:
            total = cost + c
            ws = subset | own[w]
            k2 = total + (b[w] if ws == subset else (bounds[ws] or bound(ws))[w])
            if k2 < upper and total <= (caps[ws] or cap(ws)):
                wcode = w * S + ws
                if total < best.get(wcode, upper):
                    best[wcode] = total
                    back[wcode] = code
                    heapq.heappush(heap, (k2, -total, wcode))
        here = self.at[v]
        if here is None:
            here = self.at[v] = ([], {})
        else:
            free = self.full ^ subset | self.own[v]
            if (1 << free.bit_count()) < len(here[0]):
                # fewer subsets disjoint from this one than settled labels here: enumerate those
                self._merge_subsets(heap, v, subset, cost, here[1], free)
            else:
                self._merge_list(heap, v, subset, cost, here[0])
        bisect.insort(here[0], (cost, subset))
        here[1][subset] = cost

    def _expand_dense(self, heap, code, v, subset, cost, b, crowd) -> None:
        """Moves to the non-terminal neighbours of a node of high degree, filtered with numpy."""
        nbrs, costs, nbr_list, cost_list, _ = crowd
        S, upper, best, back, push = self.S, self.upper, self.best, self.back, heapq.heappush
        totals = costs + cost
        limit = self.caps[subset] or self.cap(subset)
        wanted = (totals + self.arrays[subset][nbrs] < upper) & (totals <= limit)
        seen = self.seen
        if seen is not None:
            # a copy of best for this subset (never below it) skips known labels at once
            known = self.seen_arrays[subset]
            if known is None:
                known = self.seen_arrays[subset] = np.full(self.n, upper, dtype=np.int64)
                seen[subset] = memoryview(known)
            wanted &= totals < known[nbrs]
            mirror = seen[subset]
        for i in np.flatnonzero(wanted).tolist():
            w = nbr_list[i]
            total = cost + cost_list[i]
            wcode = w * S + subset
            if total < best.get(wcode, upper):
                best[wcode] = total
                if seen is not None:
                    mirror[w] = total
                back[wcode] = code
                push(heap, (total + b[w], -total, wcode))

    def _merge_subsets(self, heap, v, subset, cost, costs: dict[int, int], free: int) -> None:
        """Merge with the labels settled at ``v``, enumerating the subsets of ``free``."""
        S, upper, best, back, _, bounds, bound, caps, cap, to_root = self.state
        room = upper - cost - to_root[v]
        other = free
        while other:
            ocost = costs.get(other)
            other_now, other = other, (other - 1) & free
            if ocost is None or ocost >= room:
                continue
            union = subset | other_now
            total = cost + ocost
            ucode = v * S + union
            if total <= (caps[union] or cap(union)) and total < best.get(ucode, upper):
                k2 = total + (bounds[union] or bound(union))[v]
                if k2 < upper:
                    best[ucode] = total
                    back[ucode] = -1 - (other_now * S + subset)
                    heapq.heappush(heap, (k2, -total, ucode))

    def _merge_list(self, heap, v, subset, cost, settled: list[tuple[int, int]]) -> None:
        """Merge with the labels settled at ``v``, cheapest first, while they can help."""
        S, upper, best, back, own, bounds, bound, caps, cap, to_root = self.state
        room = upper - cost - to_root[v]
        mine = own[v]
        for ocost, other in settled:
            if ocost >= room:
                break
            if other & subset & ~mine:
                continue
            union = subset | other
            total = cost + ocost
            ucode = v * S + union
            if total <= (caps[union] or cap(union)) and total < best.get(ucode, upper):
                k2 = total + (bounds[union] or bound(union))[v]
                if k2 < upper:
                    best[ucode] = total
                    back[ucode] = -1 - (other * S + subset)
                    heapq.heappush(heap, (k2, -total, ucode))

    def _edges(self, code: int, back: dict[int, int], S: int) -> list[tuple[int, int]]:
        """The reduced edges of the tree behind a label, following its back pointers."""
        edges = []
        stack = [code]
        while stack:
            c = stack.pop()
            if c not in back:
                continue  # a terminal's own label
            v = c // S
            how = back[c]
            if how >= 0:
                edges.append((how // S, v))
                stack.append(how)
            else:
                # the two merged labels (at a terminal both hold it)
                first, second = divmod(-1 - how, S)
                stack.append(v * S + first)
                stack.append(v * S + second)
        return edges


# ----------------------------------------------------------------------------------------------
# The engine


def steiner_tree(
    graph,
    terminals: Sequence[int],
    *,
    node_weights: Sequence[int] | np.ndarray | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    start_nodes: Sequence[int] | None = None,
) -> SteinerResult:
    """A minimum Steiner tree for ``terminals`` in ``graph``, with a proven lower bound.

    Parameters
    ----------
    graph
        A symmetric scipy sparse matrix of non-negative integer edge weights (stored zeros are
        zero-weight edges).
    terminals
        Node ids (whole numbers from 0 to n - 1) the tree must join; at least one.
    node_weights
        Optional, one non-negative integer per node, paid for each non-terminal node of the tree.
        Edge and node weights together may add up to at most :data:`MAX_WEIGHT`.
    time_limit
        Seconds (finite, at least 0): the search stops early and returns the best tree and bound.
    progress
        ``progress(description, done, total)``, called now and then.
    start_nodes
        The nodes of a known connected tree containing the terminals, for example the optimum
        of the same graph under other weights: the result is never worse than the best tree on
        those nodes.

    Raises :class:`InputError` naming the parameter for bad input and :class:`NoSolutionError`
    when the terminals lie in different components.

    Examples
    --------
    >>> path = symmetric_graph(3, [0, 1], [1, 2], [2, 2])
    >>> steiner_tree(path, [0, 2], node_weights=[0, 5, 0]).cost
    9
    >>> steiner_tree(path, [0, 0.5])
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: terminals must be node ids (whole numbers), not 0.5
    """
    return _solve(graph, terminals, node_weights, time_limit, progress, start_nodes, False)


def _result(check: _Input, nodes: set[int], edge_ids: list[int], lower: int) -> SteinerResult:
    pairs = sorted((int(check.u[e]), int(check.v[e])) for e in edge_ids)
    cost = int(check.c[edge_ids].sum()) + int(check.nw[list(nodes)].sum())
    lower = min(lower, cost)
    return SteinerResult(
        cost=cost,
        edges=pairs,
        nodes=sorted(nodes),
        lower_bound=lower,
        optimal=lower == cost,
        seconds=time.perf_counter() - check.start,
    )


def _solve(graph, terminals, node_weights, time_limit, progress, start_nodes, must_search):
    """The engine; ``must_search`` (for tests) makes the exact search find the tree itself
    instead of proving the heuristic's tree optimal."""
    check = _check(graph, terminals, node_weights, time_limit, progress)
    known = None
    if start_nodes is not None:
        known = set(_node_ids("start_nodes", start_nodes, check.n).tolist())
        known |= set(check.terms.tolist())
        if not _connects(check.n, check.u, check.v, known, check.terms):
            raise InputError("start_nodes do not form a connected subgraph with the terminals")
    if len(check.terms) == 1:
        return _result(check, {int(check.terms[0])}, [], 0)
    p = _Problem(check.n, check.u, check.v, check.c, check.nw, check.terms)
    report(progress, "upper bound", 0, 3)
    dist = p.terminal_distances()
    node_bound = _FutureBounds(dist, check.terms, math.inf)((1 << len(check.terms)) - 1)
    lower = int(node_bound[check.terms].max())
    tree = _upper_bound(p, known, check.deadline, progress)
    upper = tree.cost + 1 if must_search else tree.cost
    if lower >= upper or time.perf_counter() > check.deadline:
        return _result(check, tree.nodes, tree.edges, lower - p.offset)
    # strict bound test: only nodes that may lie in a strictly cheaper tree stay
    p.kill((node_bound >= upper) & ~p.is_term)
    reduced = _reduce(p)
    report(progress, "upper bound", 3, 3)
    found, edges, proven = _Search(reduced, upper, check.deadline, progress).run()
    lower = max(lower, proven)
    if found is None and must_search and time.perf_counter() < check.deadline:
        raise AssertionError("the exact search missed the heuristic's tree")
    if found is None:
        return _result(check, tree.nodes, tree.edges, min(lower, tree.cost) - p.offset)
    edge_ids = sorted({e for a, b in edges for e in reduced.path_between(a, b)})
    nodes = {int(x) for e in edge_ids for x in (check.u[e], check.v[e])}
    better = _tree_on(p, nodes | set(check.terms.tolist()))
    if better.cost != found:
        raise AssertionError(f"Steiner search cost {found} but its tree costs {better.cost}")
    return _result(check, better.nodes, better.edges, found - p.offset)


def _upper_bound(p: _Problem, known: set[int] | None, deadline: float, progress) -> _Incumbent:
    """The best tree of the shortest-path heuristic from each terminal (while
    :data:`SPH_SECONDS` last) and of ``known`` nodes, improved by local search."""
    arcs = p.arcs()
    between = dijkstra(arcs, directed=True, indices=p.terms)[:, p.terms]
    tree = None
    budget = min(deadline, time.perf_counter() + SPH_SECONDS)
    for t in p.terms.tolist():
        candidate = _tree_on(p, _shortest_path_heuristic(p, arcs, t, between))
        if tree is None or candidate.cost < tree.cost:
            tree = candidate
        if time.perf_counter() > budget:
            break
    report(progress, "upper bound", 1, 3)
    assert tree is not None
    if known is not None:
        candidate = _tree_on(p, known)
        if candidate.cost < tree.cost:
            tree = candidate
    tree = _improve(p, arcs, tree, deadline)
    report(progress, "upper bound", 2, 3)
    return tree
