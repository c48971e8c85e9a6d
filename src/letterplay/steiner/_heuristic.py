"""The upper bound: a good tree found fast, which the exact search then has to beat.

The shortest-path heuristic (Takahashi & Matsuyama) runs from each terminal while
:data:`SPH_SECONDS` last; the best tree is then improved by key-path exchange, vertex insertion
and key-vertex elimination (Minoux; Duin & Voß) until no move helps. Every tree is the minimum
spanning tree of its node set with its Steiner leaves pruned away (:func:`_tree_on`); all shortest
paths come from :func:`scipy.sparse.csgraph.dijkstra`.

Examples
--------
>>> from letterplay.steiner._bounds import _Problem
>>> from letterplay.steiner._graph import _check, symmetric_graph
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
>>> tree = _upper_bound(_Problem(_check(graph, [1, 2, 3])), None, float("inf"), None)
>>> tree.cost, sorted(tree.nodes)
(3, [0, 1, 2, 3])

References
----------
- H. Takahashi and A. Matsuyama, "An approximate solution for the Steiner problem in graphs",
  Mathematica Japonica 24 (1980) 573–577.
- M. Minoux, "Efficient greedy heuristics for Steiner tree problems using reoptimization and
  supermodularity", INFOR 28 (1990) 221–233. https://doi.org/10.1080/03155986.1990.11732136
- C. Duin and S. Voß, "Efficient path and vertex exchange in Steiner tree algorithms", Networks 29
  (1997) 89–105. https://doi.org/10.1002/(SICI)1097-0037(199703)29:2<89::AID-NET3>3.0.CO;2-7
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import (
    connected_components,
    depth_first_order,
    dijkstra,
    minimum_spanning_tree,
)

from letterplay.progress import report
from letterplay.steiner._bounds import _Problem
from letterplay.steiner._graph import _peel

__all__ = ["IMPROVE_SECONDS", "SPH_SECONDS"]

SPH_SECONDS = 0.5
"""The shortest-path heuristic restarts from each terminal while this many seconds last."""

IMPROVE_SECONDS = 1.0
"""The local search stops after this many seconds (the exact search finds better trees)."""


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


def _shortest_path_heuristic_known(
    p: _Problem, arcs: sp.csr_array, start: int, dist: np.ndarray
) -> set[int]:
    """The same heuristic when ``dist``, the distances from every terminal (rows, in
    ``p.terms`` order) to every node, are those of ``arcs`` (no residual node weights, so the
    arc costs are symmetric): the tree's distance to each terminal is the least of the
    terminal's distances to its nodes, kept up to date as nodes join, and each path is found
    by walking down the joined terminal's distances. No shortest-path search at all, where the
    one above runs one per terminal joined: on a word graph of 60,000 nodes, ten times faster.

    Examples
    --------
    >>> from letterplay.steiner._graph import _check, symmetric_graph
    >>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
    >>> p = _Problem(_check(graph, [1, 2, 3]))
    >>> sorted(_shortest_path_heuristic_known(p, p.arcs(), 1, p.terminal_distances()))
    [0, 1, 2, 3]
    """
    terms = p.terms
    indptr, indices, data = arcs.indptr, arcs.indices, arcs.data
    tree = {start}
    nearest = dist[:, start].copy()  # each terminal's distance to the tree
    via = np.full(len(terms), start)  # and the tree node at that distance
    missing = np.ones(len(terms), dtype=bool)
    missing[terms == start] = False
    while missing.any():
        i = int(np.flatnonzero(missing)[np.argmin(nearest[missing])])  # ties: the lowest id
        x, path = int(via[i]), []
        while x != terms[i]:  # down the terminal's distances to it: a shortest path
            row = slice(indptr[x], indptr[x + 1])
            near = indices[row][dist[i, indices[row]] + data[row] == dist[i, x]]
            x = int(near[0])
            path.append(x)
        for x in path:
            if x not in tree:
                tree.add(x)
                closer = dist[:, x] < nearest
                nearest[closer], via[closer] = dist[closer, x], x
        missing &= ~np.isin(terms, path)
        missing[i] = False
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
    rooted = _Rooted(p, best) if best.edges else None  # with no edge, no key path
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
            if rooted is not None and rooted.whole:  # below the path's lower end, and the rest
                side, other = rooted.parts(s, first, x, inner)
            else:
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


class _Rooted:
    """A tree (an :class:`_Incumbent`) rooted at its least node, its nodes in depth-first
    preorder: the nodes below each node are a run of that order. A key path's removal leaves
    two parts, the nodes below its lower end and the others (less its inner nodes): found
    at once, where a search of the tree's edges for each key path took most of the local
    search's time on SteinLib's D family (250 terminals, trees of 500 nodes).

    Examples
    --------
    >>> from letterplay.steiner._graph import _check, symmetric_graph
    >>> # the path 0-1-2-3 and the edge 1-4; terminals 0, 3 and 4
    >>> g = symmetric_graph(5, [0, 1, 2, 1], [1, 2, 3, 4], [1, 1, 1, 1])
    >>> p = _Problem(_check(g, [0, 3, 4]))
    >>> edges = _edge_ids(p, [(0, 1), (1, 2), (2, 3), (1, 4)])
    >>> tree = _Rooted(p, _Incumbent({0, 1, 2, 3, 4}, edges, 4))
    >>> [sorted(part) for part in tree.parts(3, 2, 1, [2])]
    [[3], [0, 1, 4]]
    >>> [sorted(part) for part in tree.parts(1, 2, 3, [2])]
    [[0, 1, 4], [3]]
    """

    def __init__(self, p: _Problem, tree: _Incumbent):
        self.ids = ids = np.array(sorted(tree.nodes), dtype=np.int64)
        k = len(ids)
        edges = np.asarray(tree.edges, dtype=np.int64)
        a, b = np.searchsorted(ids, p.u[edges]), np.searchsorted(ids, p.v[edges])
        graph = sp.csr_array((np.ones(len(edges)), (a, b)), shape=(k, k))
        self.order, self.parent = depth_first_order(graph, 0, directed=False)
        # a tree: every node reached, one edge fewer than nodes
        self.whole = len(self.order) == k and len(edges) == k - 1
        self.position = np.empty(k, dtype=np.int64)
        self.position[self.order] = np.arange(len(self.order))
        self.size = np.ones(k, dtype=np.int64)
        for v in self.order[:0:-1].tolist():  # children before their parents
            self.size[self.parent[v]] += self.size[v]
        self.nodes = tree.nodes

    def below(self, x: int) -> set[int]:
        """The nodes below ``x`` (``x`` among them)."""
        i = int(np.searchsorted(self.ids, x))
        start = int(self.position[i])
        return set(self.ids[self.order[start : start + int(self.size[i])]].tolist())

    def parts(self, s: int, first: int, x: int, inner: list[int]) -> tuple[set[int], set[int]]:
        """The part holding ``s`` and the one holding ``x`` once the key path from ``s``
        (through ``first``, ``inner`` in between) to ``x`` goes."""
        local = np.searchsorted(self.ids, [s, first])
        if self.parent[local[0]] == local[1]:  # the path leaves s upwards: s is below it
            side = self.below(s)
            return side, self.nodes - side - set(inner)
        other = self.below(x)
        return self.nodes - other - set(inner), other


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


def _node_set_cost(weights, r: np.ndarray, ids: np.ndarray) -> float:
    """Cost of the MST of the subgraph induced by ``ids`` plus their residual weights ``r`` (inf
    if that subgraph is disconnected); ``weights`` is the symmetric edge-cost matrix plus one."""
    sub = weights[ids][:, ids]
    if len(ids) > 1 and connected_components(sub, directed=False)[0] > 1:
        return math.inf
    return minimum_spanning_tree(sub).sum() - (len(ids) - 1) + r[ids].sum()


def _may_shorten(
    weights, r: np.ndarray, tree: np.ndarray, nodes: np.ndarray, *, heaviest: float
) -> np.ndarray:
    """Which of ``nodes`` (outside the ``tree``'s nodes, each adjacent to two of them) may
    shorten the tree's minimum spanning tree when added (``weights``: the symmetric edge-cost
    matrix plus one, ``r`` the node weights; ``heaviest``: the dearest edge of the tree). The
    node's cheapest edge joins it; each other edge may take the place of a dearer tree edge,
    saving at most ``heaviest`` less its own cost. A node whose savings cannot pay for its
    cheapest edge and weight never helps: with edges of one cost (a word graph), none does.

    Examples
    --------
    >>> # the path 0-1-2 of edges costing 2 (3 with the one added); node 3 costs 0 to each end
    >>> w = sp.csr_array(np.array([[0, 3, 0, 1], [3, 0, 3, 0], [0, 3, 0, 1], [1, 0, 1, 0]]))
    >>> _may_shorten(w, np.zeros(4), np.array([0, 1, 2]), np.array([3]), heaviest=3.0).tolist()
    [True]
    >>> _may_shorten(w, np.zeros(4), np.array([0, 1, 2]), np.array([3]), heaviest=1.0).tolist()
    [False]
    """
    into = sp.csr_array(weights[nodes][:, tree])
    starts = into.indptr[:-1]
    cheapest = np.minimum.reduceat(into.data, starts)
    saving = np.add.reduceat(np.maximum(heaviest - into.data, 0.0), starts)
    saving -= np.maximum(heaviest - cheapest, 0.0)
    return saving > cheapest - 1.0 + r[nodes]


def _spanning_weights(p: _Problem) -> sp.csr_array:
    """The symmetric matrix of the live edges' costs plus one (every spanning tree of one node
    set has as many edges, and scipy drops zero weights), as :func:`_node_set_cost` takes it."""
    e = p.edge_alive
    w = (p.ce[e] + 1).astype(float)
    return sp.csr_array(
        (
            np.concatenate([w, w]),
            (np.concatenate([p.u[e], p.v[e]]), np.concatenate([p.v[e], p.u[e]])),
        ),
        shape=(p.n, p.n),
    )


def _insertion_candidates(p: _Problem, weights, tree: _Incumbent) -> np.ndarray:
    """The nodes vertex insertion tries, in order: those outside the ``tree`` adjacent to two
    of its nodes that may shorten it (:func:`_may_shorten`; ``weights`` from
    :func:`_spanning_weights`)."""
    ids = np.array(sorted(tree.nodes))
    in_tree = np.zeros(p.n, dtype=bool)
    in_tree[ids] = True
    touching = np.asarray(weights[ids].astype(bool).sum(axis=0)).ravel()
    candidates = np.flatnonzero((touching >= 2) & ~in_tree & p.alive)
    heaviest = float(p.ce[tree.edges].max()) + 1.0 if len(tree.edges) else 0.0
    return candidates[_may_shorten(weights, p.r, ids, candidates, heaviest=heaviest)]


def _vertex_moves(
    p: _Problem, weights, tree: _Incumbent, deadline: float, progress=None
) -> _Incumbent | None:
    """Vertex insertion and key-vertex elimination (Minoux 1990; Duin & Voß 1997): add a node
    adjacent to two tree nodes, or drop a Steiner node, and take the MST of the new node set."""
    ids = np.array(sorted(tree.nodes))
    candidates = _insertion_candidates(p, weights, tree)
    # every node set tried lies in the tree and its candidates: cut that part out once, so each
    # try slices a small matrix (on a word graph of 60,000 nodes, ten times faster)
    pool = np.union1d(ids, candidates)
    small, r, local = weights[pool][:, pool], p.r[pool], np.searchsorted(pool, ids)
    for i, x in enumerate(candidates.tolist()):
        if time.perf_counter() > deadline:
            return None
        if i % 64 == 0:
            report(progress, "upper bound: local search", i, len(candidates))
        with_x = np.sort(np.append(local, np.searchsorted(pool, x)))
        if _node_set_cost(small, r, with_x) < tree.cost:
            better = _tree_on(p, set(pool[with_x].tolist()))
            if better.cost < tree.cost:
                return better
    for x in ids.tolist():
        if p.is_term[x]:
            continue
        without = local[ids != x]
        if _node_set_cost(small, r, without) < tree.cost:
            better = _tree_on(p, set(pool[without].tolist()))
            if better.cost < tree.cost:
                return better
    return None


def _improve(p: _Problem, arcs, tree: _Incumbent, deadline: float, progress=None) -> _Incumbent:
    """Local search on the tree until no move helps: key-path exchange, then vertex moves
    (reporting to ``progress``, which may stop it)."""
    weights = _spanning_weights(p)
    while time.perf_counter() < deadline:
        report(progress, "upper bound: local search", 0, 1)
        better = _key_path_exchange(p, arcs, tree)
        if better is None:
            better = _vertex_moves(p, weights, tree, deadline, progress=progress)
        if better is None:
            break
        tree = better
    return tree


def _upper_bound(
    p: _Problem,
    known: set[int] | None,
    deadline: float,
    progress,
    *,
    dist: np.ndarray | None = None,
) -> _Incumbent:
    """The best tree of the shortest-path heuristic from each terminal (while
    :data:`SPH_SECONDS` last) and of ``known`` nodes, improved by local search; ``dist``, the
    distances from each terminal to every node when they are the arc distances (no residual
    node weights), spares the heuristic its searches."""
    arcs = p.arcs()
    if dist is None:
        between = dijkstra(arcs, directed=True, indices=p.terms)[:, p.terms]
    tree = None
    budget = min(deadline, time.perf_counter() + SPH_SECONDS)
    for i, t in enumerate(p.terms.tolist()):
        report(progress, "upper bound: shortest paths", i, len(p.terms))
        if dist is None:
            nodes = _shortest_path_heuristic(p, arcs, t, between)
        else:
            nodes = _shortest_path_heuristic_known(p, arcs, t, dist)
        candidate = _tree_on(p, nodes)
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
    tree = _improve(
        p, arcs, tree, min(deadline, time.perf_counter() + IMPROVE_SECONDS), progress=progress
    )
    report(progress, "upper bound", 2, 3)
    return tree


# ----------------------------------------------------------------------------------------------
# Guided by a lower bound: trees on a compact graph given as arrays


class _View:
    """A compact graph (edges ``a < b`` sorted, of ``cost``; node weights ``r``, zero on the
    terminals) seen as a problem, so that the local search above runs on it."""

    def __init__(self, edges: tuple[np.ndarray, np.ndarray, np.ndarray], r, terms) -> None:
        a, b, cost = edges
        self.n = len(r)
        self.u, self.v, self.ce, self.r = a, b, cost, r
        self.terms = np.asarray(sorted(terms), dtype=np.int64)
        self.is_term = np.zeros(self.n, dtype=bool)
        self.is_term[self.terms] = True
        self.alive = np.ones(self.n, dtype=bool)
        self.edge_alive = np.ones(len(a), dtype=bool)

    def arcs(self) -> sp.csr_array:
        """Directed arc costs: entering a node pays its weight."""
        u, v, c = self.u, self.v, self.ce
        data = np.concatenate([c + self.r[v], c + self.r[u]]).astype(float)
        return sp.csr_array(
            (data, (np.concatenate([u, v]), np.concatenate([v, u]))), shape=(self.n, self.n)
        )

    def polish(self, nodes: set[int], deadline: float) -> _Incumbent:
        """The tree on ``nodes`` (minimum spanning tree, leaves pruned), then local search."""
        tree = _tree_on(self, nodes)  # type: ignore[arg-type]
        return _improve(self, self.arcs(), tree, deadline)  # type: ignore[arg-type]


def _guided_tree(
    edges: tuple[np.ndarray, np.ndarray, np.ndarray],
    r: np.ndarray,
    terms: Sequence[int],
    *,
    root: int,
    guide: np.ndarray,
) -> tuple[int, np.ndarray] | None:
    """A tree of the graph with edges ``a[j]–b[j]`` of ``cost[j]`` (``edges``) and node weights
    ``r``: the shortest-path heuristic from ``root`` along arcs weighted by ``guide`` (arcs ``j``
    and ``j + m`` the two ways along edge ``j``, as the dual ascent numbers them), whose node set
    then gets its minimum spanning tree under the true costs, Steiner leaves pruned. Returns its
    true cost and its edge indices. A guide such as the dual ascent's reduced costs or an LP
    solution's ``cost × (1 − x)`` leads the paths where the lower bound says a tree should be
    (Polzin & Vahdati Daneshmand 2001; Koch & Martin 1998). None when the guide (infinite on
    some arcs) leaves a terminal unreachable."""
    a, b, cost = edges
    n = len(r)
    tail, head = np.concatenate([a, b]), np.concatenate([b, a])
    arcs = sp.csr_array((guide.astype(np.float64), (tail, head)), shape=(n, n))
    nodes = {int(root)}
    missing = {int(t) for t in terms} - nodes
    while missing:
        dist, pred = dijkstra(
            arcs, directed=True, indices=sorted(nodes), min_only=True, return_predecessors=True
        )[:2]
        t = min(missing, key=lambda x: (dist[x], x))
        if not np.isfinite(dist[t]):
            return None  # the guide leaves a terminal unreachable
        while t not in nodes:
            nodes.add(t)
            t = int(pred[t])
        missing -= nodes
    member = np.zeros(n, dtype=bool)
    member[list(nodes)] = True
    inside = np.flatnonzero(member[a] & member[b])
    # +1: every spanning tree of one node set has as many edges, and scipy drops zero weights
    weights = sp.csr_array((cost[inside] + 1.0, (a[inside], b[inside])), shape=(n, n))
    tree = minimum_spanning_tree(weights).tocoo()
    row, col = tree.row.astype(np.int64), tree.col.astype(np.int64)
    keep = np.zeros(n, dtype=bool)
    keep[list(terms)] = True
    alive = _peel(row, col, keep, member)
    kept = alive[row] & alive[col]
    lo, hi = np.minimum(row[kept], col[kept]), np.maximum(row[kept], col[kept])
    key = np.minimum(a, b) * n + np.maximum(a, b)
    order = np.argsort(key)
    chosen = order[np.searchsorted(key[order], lo * n + hi)]
    steiner = alive & ~keep
    return int(cost[chosen].sum()) + int(r[steiner].sum()), chosen
