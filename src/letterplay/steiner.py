"""Exact minimum Steiner trees in graphs, with a proof of optimality.

A *Steiner tree* for a set of *terminals* in a graph is a tree of the graph that contains every
terminal; its other nodes are *Steiner nodes* (in word puzzles: link words). Its *cost* is the sum
of its edge weights plus the node weights of its Steiner nodes. The engine knows nothing about
words: it takes a symmetric sparse adjacency matrix of non-negative integer edge weights (a stored
0 is an edge of weight 0) and optional non-negative integer node weights.

The search, in the order it runs:

1. Connectivity: terminals in different components raise :class:`NoSolutionError`.
2. Weight shift: when every Steiner node weighs at least ``m0``, a tree with ``e`` edges has
   ``e - k + 1`` Steiner nodes, so ``m0`` moves from the nodes onto every edge (minus a constant).
   Node weights such as ``1_000_000 + obscurity`` then become edge weights, where the lower bounds
   below can see them.
3. Upper bound: the shortest-path heuristic (Takahashi & Matsuyama 1980) from each terminal, then
   key-path exchange, vertex insertion and key-vertex elimination (Minoux 1990; Duin & Voß 1997,
   "Efficient path and vertex exchange in Steiner tree algorithms", Networks 29), each tree the
   pruned MST of its nodes; all shortest paths by :func:`scipy.sparse.csgraph.dijkstra`.
4. Reductions: the bound test (a node whose lower bound with all terminals reaches the upper bound
   lies in no better tree; Polzin & Vahdati Daneshmand 2001), then degree tests (non-terminal
   leaves removed, non-terminals of degree 2 contracted; Duin & Volgenant 1989).
5. Exact search: Dijkstra–Steiner (Hougardy, Silvanus & Vygen 2017, "Dijkstra meets Steiner: a fast
   exact goal-oriented Steiner tree algorithm", Math. Prog. Comp. 9), a Dreyfus–Wagner dynamic
   programme over labels ``(v, I)`` = cheapest tree joining node ``v`` to the terminal subset ``I``,
   settled in order of cost plus a *future-cost lower bound* (:class:`_FutureBounds`: half the
   shortest tour through ``v`` and the other terminals, or half a 1-tree beyond 16 terminals).
   Labels whose cost plus bound reaches the upper bound are never queued, nor labels dearer than a
   tree spanning ``I`` plus the shortest path from ``I`` to the other terminals (the pruning rule
   of Polzin & Vahdati Daneshmand used by Hougardy, Silvanus & Vygen).

The proof is the lower bound: it equals the cost when the search finishes. With a time limit the
best tree found and the best lower bound reached are returned, ``optimal`` telling which case it is.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, dijkstra, minimum_spanning_tree

from letterplay.errors import InputError, NoSolutionError
from letterplay.progress import ProgressCallback, report

__all__ = ["PaceInstance", "SteinerResult", "read_pace", "steiner_tree", "tree_cost"]


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

    def to_dict(self) -> dict:
        return {
            "cost": self.cost,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "edges": [list(e) for e in self.edges],
            "nodes": list(self.nodes),
            "seconds": round(self.seconds, 4),
        }


@dataclass(frozen=True)
class PaceInstance:
    """A Steiner tree instance in PACE 2018 ``.gr`` format: graph, terminals (0-based ids), size."""

    graph: sp.csr_array
    terminals: list[int]
    n_nodes: int


# ----------------------------------------------------------------------------------------------
# Input


def read_pace(path: str | Path) -> PaceInstance:
    """Read a PACE 2018 ``.gr`` file (``SECTION Graph`` with ``E u v w`` lines, ``SECTION
    Terminals`` with ``T t`` lines; ids 1-based). Raises :class:`InputError` naming the line."""
    path = Path(path)
    try:
        text = path.read_text()
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not a text file") from e
    n = None
    n_edges = n_terms = None
    edges: list[tuple[int, int, int]] = []
    terms: list[int] = []
    section = None
    seen = set()
    last = 0

    def fail(lineno: int, why: str) -> None:
        raise InputError(f"{path}:{lineno}: {why}")

    def numbers(lineno: int, fields: list[str], count: int) -> list[int]:
        if len(fields) != count:
            fail(lineno, f"expected {count} number(s) after {fields[0] if fields else ''!r}")
        try:
            values = [int(f) for f in fields[1:]]
        except ValueError:
            fail(lineno, f"not an integer in {' '.join(fields)!r}")
        return values

    def node(lineno: int, value: int) -> int:
        if n is None:
            fail(lineno, "node id before the 'Nodes' line")
        if not 1 <= value <= n:
            fail(lineno, f"node {value} out of range 1..{n}")
        return value - 1

    for lineno, raw in enumerate(text.splitlines(), 1):
        fields = raw.split()
        last = lineno
        if not fields or fields[0].startswith("#"):
            continue
        head = fields[0].upper()
        if head == "EOF":
            break
        if head == "SECTION":
            if section is not None:
                fail(lineno, f"SECTION inside section {section} (missing END)")
            if len(fields) != 2:
                fail(lineno, "expected 'SECTION Name'")
            section = fields[1].lower()
            seen.add(section)
            continue
        if head == "END":
            if section is None:
                fail(lineno, "END outside a section")
            section = None
            continue
        if section == "graph":
            if head == "NODES":
                (n,) = numbers(lineno, fields, 2)
                if n < 1:
                    fail(lineno, "a graph needs at least one node")
            elif head == "EDGES":
                (n_edges,) = numbers(lineno, fields, 2)
            elif head == "E":
                u, v, w = numbers(lineno, fields, 4)
                u, v = node(lineno, u), node(lineno, v)
                if w < 0:
                    fail(lineno, f"negative edge weight {w}")
                if u == v:
                    fail(lineno, f"loop at node {u + 1}")
                edges.append((u, v, w))
            else:
                fail(lineno, f"unexpected {fields[0]!r} in SECTION Graph")
        elif section == "terminals":
            if head == "TERMINALS":
                (n_terms,) = numbers(lineno, fields, 2)
            elif head == "T":
                (t,) = numbers(lineno, fields, 2)
                terms.append(node(lineno, t))
            else:
                fail(lineno, f"unexpected {fields[0]!r} in SECTION Terminals")
        elif section is None:
            fail(lineno, f"unexpected {fields[0]!r} outside a section")
    if section is not None:
        fail(last, f"SECTION {section} has no END")
    for needed in ("graph", "terminals"):
        if needed not in seen:
            raise InputError(f"{path}: no SECTION {needed.capitalize()}")
    if n is None:
        raise InputError(f"{path}: no 'Nodes' line")
    if n_edges is not None and n_edges != len(edges):
        raise InputError(f"{path}: 'Edges {n_edges}' but {len(edges)} edge lines")
    if n_terms is not None and n_terms != len(terms):
        raise InputError(f"{path}: 'Terminals {n_terms}' but {len(terms)} terminal lines")
    if not terms:
        raise InputError(f"{path}: no terminals")
    if edges:
        u, v, w = (np.array(col, dtype=np.int64) for col in zip(*edges, strict=True))
    else:
        u = v = w = np.zeros(0, dtype=np.int64)
    graph = _symmetric(n, u, v, w)
    return PaceInstance(graph=graph, terminals=sorted(set(terms)), n_nodes=n)


def _symmetric(n: int, u: np.ndarray, v: np.ndarray, w: np.ndarray) -> sp.csr_array:
    """The symmetric adjacency matrix of undirected edges (the lighter of parallel edges)."""
    a, b = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((w, b, a))
    a, b, w = a[order], b[order], w[order]
    first = np.ones(len(a), dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    a, b, w = a[first], b[first], w[first]
    return sp.csr_array(
        (np.concatenate([w, w]), (np.concatenate([a, b]), np.concatenate([b, a]))), shape=(n, n)
    )


def _edge_list(graph) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``(n, u, v, w)``: the undirected edges ``u < v`` of a symmetric sparse matrix, checked."""
    if not sp.issparse(graph):
        raise InputError("the graph must be a scipy sparse matrix")
    if len(graph.shape) != 2 or graph.shape[0] != graph.shape[1]:
        raise InputError(f"the graph must be a square matrix, not {graph.shape}")
    n = int(graph.shape[0])
    coo = sp.coo_array(graph)
    u, v, w = coo.row.astype(np.int64), coo.col.astype(np.int64), np.asarray(coo.data)
    if w.size and (not np.all(np.isfinite(w)) or np.any(w < 0) or np.any(w != np.floor(w))):
        raise InputError("edge weights must be non-negative integers")
    w = w.astype(np.int64)
    keep = u != v
    u, v, w = u[keep], v[keep], w[keep]
    a, b = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((w, b, a))
    a, b, w = a[order], b[order], w[order]
    first = np.ones(len(a), dtype=bool)
    first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    group = np.cumsum(first) - 1
    lightest = w[first]
    heaviest = np.zeros_like(lightest)
    np.maximum.at(heaviest, group, w)
    if np.any(heaviest != lightest):
        i = int(np.flatnonzero(heaviest != lightest)[0])
        ea, eb = int(a[first][i]), int(b[first][i])
        raise InputError(
            f"the graph is not symmetric: edge {ea}–{eb} has weights "
            f"{int(lightest[i])} and {int(heaviest[i])}"
        )
    return n, a[first], b[first], lightest


def _connects(n: int, u: np.ndarray, v: np.ndarray, nodes: set[int], terms: np.ndarray) -> bool:
    """Whether the subgraph induced by ``nodes`` joins all the terminals."""
    inside = np.zeros(n, dtype=bool)
    inside[list(nodes)] = True
    keep = inside[u] & inside[v]
    return len(terminal_groups(n, u[keep], v[keep], terms)) == 1


def _terminal_ids(terminals: Sequence[int], n: int) -> np.ndarray:
    try:
        ids = [int(t) for t in terminals]
    except (TypeError, ValueError) as e:
        raise InputError("terminals must be node ids (integers)") from e
    if not ids:
        raise InputError("a Steiner tree needs at least one terminal")
    bad = [t for t in ids if not 0 <= t < n]
    if bad:
        raise InputError(f"terminal {bad[0]} is not a node id (0..{n - 1})")
    return np.array(sorted(set(ids)), dtype=np.int64)


def _node_weights(node_weights, n: int, terms: np.ndarray) -> np.ndarray:
    if node_weights is None:
        return np.zeros(n, dtype=np.int64)
    nw = np.asarray(node_weights)
    if nw.shape != (n,):
        raise InputError(f"node_weights must have one value per node ({n}), not {nw.shape}")
    if nw.size and (not np.all(np.isfinite(nw)) or np.any(nw < 0) or np.any(nw != np.floor(nw))):
        raise InputError("node weights must be non-negative integers")
    nw = nw.astype(np.int64).copy()
    nw[terms] = 0  # terminals are in every tree: their weight is not a choice
    return nw


def terminal_groups(n: int, u: np.ndarray, v: np.ndarray, terms: np.ndarray) -> list[list[int]]:
    """The terminals grouped by connected component (one group when they are connected)."""
    adjacency = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
    _, labels = connected_components(adjacency, directed=False)
    groups: dict[int, list[int]] = {}
    for t in terms.tolist():
        groups.setdefault(int(labels[t]), []).append(t)
    return sorted(groups.values())


def tree_cost(
    graph, edges: Sequence[tuple[int, int]], terminals: Sequence[int], node_weights=None
) -> int:
    """The cost of a tree given by its edges: edge weights plus weights of non-terminal nodes."""
    _, u, v, w = _edge_list(graph)
    weight = {(int(a), int(b)): int(c) for a, b, c in zip(u, v, w, strict=True)}
    nodes = {x for e in edges for x in e} | {int(t) for t in terminals}
    total = sum(weight[(min(a, b), max(a, b))] for a, b in edges)
    if node_weights is not None:
        terms = set(int(t) for t in terminals)
        total += sum(int(node_weights[x]) for x in nodes if x not in terms)
    return total


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
    adjacency: dict[int, set[int]] = {x: set() for x in nodes}
    for a, b in zip(ids[tree.row].tolist(), ids[tree.col].tolist(), strict=True):
        adjacency[a].add(b)
        adjacency[b].add(a)
    leaves = [x for x, nbrs in adjacency.items() if len(nbrs) <= 1 and not p.is_term[x]]
    while leaves:
        x = leaves.pop()
        if x not in adjacency or len(adjacency) == 1:
            continue
        for y in adjacency.pop(x):
            adjacency[y].discard(x)
            if len(adjacency[y]) <= 1 and not p.is_term[y]:
                leaves.append(y)
    nodes = set(adjacency)
    pairs = {(min(a, b), max(a, b)) for a, nbrs in adjacency.items() for b in nbrs}
    edges = _edge_ids(p, sorted(pairs))
    cost = int(p.ce[edges].sum() + p.r[list(nodes)].sum()) if edges else 0
    return _Incumbent(set(nodes), edges, cost)


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
    """Degree-1 test, vectorised: a Steiner node with one neighbour is in no optimal tree."""
    while True:
        e = p.edge_alive
        degree = np.bincount(p.u[e], minlength=p.n) + np.bincount(p.v[e], minlength=p.n)
        leaves = p.alive & ~p.is_term & (degree <= 1)
        if not leaves.any():
            return
        p.kill(leaves)


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
    r, is_term, n = p.r, p.is_term, p.n
    while True:
        degree = np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
        leaves = alive & ~is_term & (degree <= 1)
        if leaves.any():
            alive &= ~leaves
            keep = alive[a] & alive[b]
            a, b, cost, ref = a[keep], b[keep], cost[keep], ref[keep]
            continue
        inner = alive & ~is_term & (degree == 2)
        if not inner.any():
            break
        touching = np.flatnonzero(inner[a] | inner[b])
        incident: dict[int, list[int]] = {}
        for j, x, y in zip(
            touching.tolist(), a[touching].tolist(), b[touching].tolist(), strict=True
        ):
            incident.setdefault(x, []).append(j)
            incident.setdefault(y, []).append(j)
        new_a, new_b, new_cost, new_ref = [], [], [], []
        done: set[int] = set()
        ends = [(j, x) for j in touching.tolist() for x in (int(a[j]), int(b[j])) if not inner[x]]
        for j, start in ends:
            if j in done:
                continue
            used, total, previous = [j], int(cost[j]), j
            here = int(a[j]) + int(b[j]) - start
            while inner[here]:
                total += int(r[here])
                nxt = next(i for i in incident[here] if i != previous)
                used.append(nxt)
                total += int(cost[nxt])
                previous, here = nxt, int(a[nxt]) + int(b[nxt]) - here
            done.update(used)
            if here == start:
                continue  # a loop back to its start is in no optimal tree
            path = tuple(
                i
                for j2 in used
                for i in ((int(ref[j2]),) if ref[j2] >= 0 else chains[-1 - int(ref[j2])])
            )
            chains.append(path)
            new_a.append(min(start, here))
            new_b.append(max(start, here))
            new_cost.append(total)
            new_ref.append(-len(chains))
        alive &= ~inner
        keep = alive[a] & alive[b]
        a = np.concatenate([a[keep], np.array(new_a, dtype=np.int64)])
        b = np.concatenate([b[keep], np.array(new_b, dtype=np.int64)])
        cost = np.concatenate([cost[keep], np.array(new_cost, dtype=np.int64)])
        ref = np.concatenate([ref[keep], np.array(new_ref, dtype=np.int64)])
        # the lightest of parallel edges
        order = np.lexsort((cost, b, a))
        a, b, cost, ref = a[order], b[order], cost[order], ref[order]
        first = np.ones(len(a), dtype=bool)
        first[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
        a, b, cost, ref = a[first], b[first], cost[first], ref[first]
    used_nodes = np.zeros(n, dtype=bool)
    used_nodes[a] = used_nodes[b] = True
    used_nodes[p.terms] = True
    ids = np.flatnonzero(used_nodes)
    local = np.full(n, -1, dtype=np.int64)
    local[ids] = np.arange(len(ids))
    la, lb = local[a], local[b]
    order = np.lexsort((lb, la))
    terms = local[p.terms].tolist()
    return _Reduced(ids, la[order], lb[order], cost[order], ref[order], chains, r[ids], terms)


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
        self.g = g
        self.upper = upper
        self.deadline = deadline
        self.progress = progress
        n = len(g.ids)
        self.n = n
        terms = g.terms
        self.root = terms[-1]
        self.others = terms[:-1]
        self.full = (1 << len(self.others)) - 1
        src = np.concatenate([g.a, g.b])
        dst = np.concatenate([g.b, g.a])
        # moving a label from x to a neighbour pays the edge and x's residual weight
        step = np.concatenate([g.cost, g.cost]) + g.r[src]
        order = np.argsort(src, kind="stable")
        starts = np.searchsorted(src[order], np.arange(n + 1)).tolist()
        pairs = list(zip(dst[order].tolist(), step[order].tolist(), strict=True))
        self.moves = [pairs[starts[x] : starts[x + 1]] for x in range(n)]
        # nodes of high degree expand their labels with numpy: (non-terminal neighbours as arrays
        # and lists, moves to terminals); terminals other than the root change the label's subset
        other = np.zeros(n, dtype=bool)
        other[self.others] = True
        self.dense = {}
        for x in np.flatnonzero(np.diff(starts) >= DENSE_DEGREE).tolist():
            nbrs, costs = (
                dst[order][starts[x] : starts[x + 1]],
                step[order][starts[x] : starts[x + 1]],
            )
            plain = ~other[nbrs]
            self.dense[x] = (
                nbrs[plain],
                costs[plain],
                nbrs[plain].tolist(),
                costs[plain].tolist(),
                list(zip(nbrs[~plain].tolist(), costs[~plain].tolist(), strict=True)),
            )
        # metric graph for the bounds: edge cost plus the lighter end's residual weight
        lighter = np.concatenate([g.cost, g.cost]) + np.minimum(g.r[src], g.r[dst])
        metric = sp.csr_array((lighter.astype(float), (src, dst)), shape=(n, n))
        self.big = float(upper) + 1.0
        self.future = _FutureBounds(
            dijkstra(metric, directed=False, indices=terms), terms, self.big
        )
        # bounds[subset][v]: the future cost of label (v, subset): v to the terminals not in it
        self.bounds = self._table()
        self.arrays = self._table()
        self.to_root = self.future.dist[-1].astype(np.int64).tolist()
        # true path costs between terminals (edges and inner nodes' weights), for the caps
        steps = sp.csr_array((step.astype(float), (src, dst)), shape=(n, n))
        between = dijkstra(steps, directed=True, indices=terms)[:, terms]
        self.between = np.minimum(between, between.T)
        self.caps = self._table()
        self.gaps = self._table()

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

    def run(self) -> tuple[int | None, list[tuple[int, int]], int]:
        """Search; returns (cost of a cheaper tree or None, its reduced edges, lower bound)."""
        if not self.others:
            return 0, [], 0
        S = self.full + 1
        upper = self.upper
        # best[code]: cheapest cost seen for label code = v * S + subset; -1 once settled
        best: dict[int, int] = {}
        # on small problems, per-subset arrays mirror best for the numpy expansions
        small = (self.full + 1) * self.n <= MIRROR_ENTRIES and self.dense
        seen, seen_arrays = (self._table(), self._table()) if small else (None, None)
        back: dict[int, int] = {}
        # settled labels at each node, for merging: (cost, subset) cheapest first, subset -> cost
        at: list[tuple[list[tuple[int, int]], dict[int, int]] | None] = [None] * self.n
        full = self.full
        heap: list[tuple[int, int, int]] = []
        moves, bounds, bound, arrays, dense = (
            self.moves,
            self.bounds,
            self.bound,
            self.arrays,
            self.dense,
        )
        caps, cap, gaps = self.caps, self.cap, self.gaps
        residual = self.g.r.tolist()
        # a label reaching a terminal takes it in at no cost
        own = [0] * self.n
        for i, t in enumerate(self.others):
            own[t] = 1 << i
        to_root = self.to_root
        goal = self.root * S + self.full
        for i, t in enumerate(self.others):
            code = t * S + (1 << i)
            best[code] = 0
            key = bound(1 << i)[t]
            if key < upper:
                heap.append((key, 0, code))
        heapq.heapify(heap)
        lower = first = heap[0][0] if heap else upper
        pops = 0
        push, pop, insort = heapq.heappush, heapq.heappop, bisect.insort
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
                return cost, self._edges(goal, back, S), cost
            pops += 1
            if pops & 1023 == 0:
                if time.perf_counter() > self.deadline:
                    return None, [], min(lower, upper)
                # the bar closes the gap between the first lower bound and the upper bound
                report(self.progress, "proving optimality", lower - first, upper - first)
            b = bounds[subset] or bound(subset)
            # this label's tree spans the subset: a tighter cap for it
            tighter = cost + residual[v] + (gaps[subset] if caps[subset] is not None else 0)
            if caps[subset] is not None and tighter < caps[subset]:
                caps[subset] = tighter
            crowd = dense.get(v)
            if crowd is not None:
                nbrs, costs, nbr_list, cost_list, to_terminals = crowd
                totals = costs + cost
                limit = caps[subset] or cap(subset)
                wanted = (totals + arrays[subset][nbrs] < upper) & (totals <= limit)
                if seen is not None:
                    # a copy of best for this subset (never below it) skips known labels at once
                    known = seen_arrays[subset]
                    if known is None:
                        known = seen_arrays[subset] = np.full(self.n, upper, dtype=np.int64)
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
            else:
                to_terminals = moves[v]
            for w, c in to_terminals:
                total = cost + c
                ws = subset | own[w]
                k2 = total + (b[w] if ws == subset else (bounds[ws] or bound(ws))[w])
                if k2 < upper and total <= (caps[ws] or cap(ws)):
                    wcode = w * S + ws
                    if total < best.get(wcode, upper):
                        best[wcode] = total
                        back[wcode] = code
                        push(heap, (k2, -total, wcode))
            room = upper - cost - to_root[v]
            mine = own[v]
            here = at[v]
            if here is None:
                here = at[v] = ([], {})
            elif (1 << (full ^ subset | mine).bit_count()) < len(here[0]):
                # fewer subsets disjoint from this one than settled labels here: enumerate those
                costs, free = here[1], full ^ subset | mine
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
                            push(heap, (k2, -total, ucode))
            else:
                for ocost, other in here[0]:
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
                            push(heap, (k2, -total, ucode))
            insort(here[0], (cost, subset))
            here[1][subset] = cost
        self.pops = pops
        return None, [], upper

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
    node_weights: np.ndarray | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    start_nodes: Sequence[int] | None = None,
) -> SteinerResult:
    """A minimum Steiner tree for ``terminals`` in ``graph``, with a proven lower bound.

    ``graph`` is a symmetric scipy sparse matrix of non-negative integer edge weights (stored zeros
    are zero-weight edges); ``node_weights`` (optional, non-negative integers, one per node) are
    paid for each non-terminal node of the tree. Raises :class:`InputError` for bad input and
    :class:`NoSolutionError` when the terminals lie in different components. With
    ``time_limit`` (seconds) the search stops early and returns the best tree and bound so far.
    ``start_nodes`` (optional) are the nodes of a known connected tree containing the terminals,
    for example the optimum of the same graph under other weights: the result is never worse
    than the best tree on those nodes.
    """
    return _solve(graph, terminals, node_weights, time_limit, progress, start_nodes, False)


def _solve(graph, terminals, node_weights, time_limit, progress, start_nodes, must_search):
    """The engine; ``must_search`` (for tests) makes the exact search find the tree itself
    instead of proving the heuristic's tree optimal."""
    start = time.perf_counter()
    deadline = start + (time_limit if time_limit is not None else math.inf)
    n, u, v, c = _edge_list(graph)
    terms = _terminal_ids(terminals, n)
    nw = _node_weights(node_weights, n, terms)
    groups = terminal_groups(n, u, v, terms)
    if len(groups) > 1:
        text = " | ".join("{" + ", ".join(map(str, g)) + "}" for g in groups)
        error = NoSolutionError(f"the terminals are not connected: groups {text}")
        error.groups = groups  # type: ignore[attr-defined]
        raise error

    def result(nodes: set[int], edge_ids: list[int], lower: int) -> SteinerResult:
        pairs = sorted((int(u[e]), int(v[e])) for e in edge_ids)
        cost = int(c[edge_ids].sum()) + int(nw[list(nodes)].sum())
        lower = min(lower, cost)
        return SteinerResult(
            cost=cost,
            edges=pairs,
            nodes=sorted(nodes),
            lower_bound=lower,
            optimal=lower == cost,
            seconds=time.perf_counter() - start,
        )

    if len(terms) == 1:
        return result({int(terms[0])}, [], 0)

    p = _Problem(n, u, v, c, nw, terms)
    report(progress, "upper bound", 0, 3)
    dist = p.terminal_distances()
    node_bound = _FutureBounds(dist, terms, math.inf)((1 << len(terms)) - 1)
    lower = int(node_bound[terms].max())
    arcs = p.arcs()
    between = dijkstra(arcs, directed=True, indices=terms)[:, terms]
    tree = None
    budget = min(deadline, time.perf_counter() + SPH_SECONDS)
    for t in terms.tolist():
        candidate = _tree_on(p, _shortest_path_heuristic(p, arcs, t, between))
        if tree is None or candidate.cost < tree.cost:
            tree = candidate
        if time.perf_counter() > budget:
            break
    report(progress, "upper bound", 1, 3)
    if start_nodes is not None:
        known = {int(x) for x in start_nodes} | set(terms.tolist())
        if any(not 0 <= x < n for x in known):
            raise InputError("start_nodes must be node ids")
        if not _connects(n, u, v, known, terms):
            raise InputError("start_nodes do not form a connected subgraph with the terminals")
        candidate = _tree_on(p, known)
        if candidate.cost < tree.cost:
            tree = candidate
    tree = _improve(p, arcs, tree, deadline)
    report(progress, "upper bound", 2, 3)
    upper = tree.cost + 1 if must_search else tree.cost
    if lower >= upper or time.perf_counter() > deadline:
        return result(tree.nodes, tree.edges, lower - p.offset)
    # strict bound test: only nodes that may lie in a strictly cheaper tree stay
    p.kill((node_bound >= upper) & ~p.is_term)
    reduced = _reduce(p)
    report(progress, "upper bound", 3, 3)
    search = _Search(reduced, upper, deadline, progress)
    found, edges, proven = search.run()
    lower = max(lower, proven)
    if found is None and must_search and time.perf_counter() < deadline:
        raise AssertionError("the exact search missed the heuristic's tree")
    if found is None:
        return result(tree.nodes, tree.edges, min(lower, tree.cost) - p.offset)
    edge_ids = sorted({e for a, b in edges for e in reduced.path_between(a, b)})
    nodes = {int(x) for e in edge_ids for x in (u[e], v[e])} | set(terms.tolist())
    better = _tree_on(p, nodes)
    if better.cost != found:
        raise AssertionError(f"Steiner search cost {found} but its tree costs {better.cost}")
    return result(better.nodes, better.edges, found - p.offset)
