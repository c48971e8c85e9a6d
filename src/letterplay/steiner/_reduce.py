"""Reductions: the compact graph the exact search runs on, and what each test removed.

Each test keeps at least one optimal tree, or every tree cheaper than the upper bound (the
heuristic's tree is kept aside, so nothing better is lost); they run in turn until none removes
anything more (:func:`_reduce`):

- *degree tests* (Duin & Volgenant 1989): a Steiner node with one neighbour is in no optimal
  tree; a path of Steiner nodes of degree 2 becomes one edge (its cost: edges plus inner node
  weights); the one edge of a terminal of degree 1 is in every tree, so its other end joins the
  terminals and the edge is set aside as part of the answer;
- the *special distance test* (Duin & Volgenant 1989): an edge dearer than some walk between its
  ends whose pieces between terminals are each cheaper than it is in no optimal tree (swap it for
  the piece that rejoins the tree). The walk is found through the ends' nearest terminals and the
  bottleneck between those in the minimum spanning tree of the terminals' distances;
- the *reduced cost test* (Polzin & Vahdati Daneshmand 2001): Wong's dual ascent gives a lower
  bound and reduced costs; a node or edge that lifts that bound to the upper bound lies in no
  cheaper tree (:mod:`._dual`).

:class:`_Reduced` remembers the input edges behind each edge it keeps, the edges set aside, and
the count of nodes and edges each test removed.

Examples
--------
>>> from letterplay.steiner._bounds import _Problem
>>> from letterplay.steiner._graph import _check, symmetric_graph
>>> path = symmetric_graph(5, [0, 1, 2, 2], [1, 2, 3, 4], [1, 2, 3, 9])  # 0-1-2-3, 2-4
>>> reduced = _reduce(_Problem(_check(path, [0, 3])))
>>> reduced.offset, len(reduced.a), sorted(reduced.fixed)  # the path is set aside: no search
(6, 0, [0, 1, 2])

References
----------
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567. https://doi.org/10.1002/net.3230190506
- T. Polzin and S. Vahdati Daneshmand, "Improved algorithms for the Steiner problem in
  networks", Discrete Applied Mathematics 112 (2001) 263–300.
  https://doi.org/10.1016/S0166-218X(00)00319-X
"""

from __future__ import annotations

import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, dijkstra, minimum_spanning_tree

from letterplay.progress import ProgressCallback, report
from letterplay.steiner._bounds import _Problem
from letterplay.steiner._dual import _prepare, dual_ascent, reduced_cost_test
from letterplay.steiner._graph import _lightest_parallel, _peel
from letterplay.steiner._heuristic import _guided_tree, _View

__all__ = ["NEAREST_TERMINALS", "REDUCTION_ROUNDS"]

NEAREST_TERMINALS = 4
"""How many nearest terminals of each end the special distance test tries."""

REDUCTION_ROUNDS = 8
"""The most rounds of all the tests."""

ASCENT_ROOTS = 3
"""Dual ascents per round of the reduced cost test, each from another terminal."""

POLISH_SECONDS = 0.5
"""The local search on the best tree the ascents lead to stops after this many seconds."""

TESTS = ("bound", "degree", "special_distance", "reduced_cost")
"""The tests, in the order a result lists them."""


class _Reduced:
    """A compact graph after the reductions: node ``i`` is input node ``ids[i]``; edge ``j`` joins
    ``a[j] < b[j]`` at ``cost[j]`` and stands for the input edge ``ref[j]`` when that is not
    negative, else for the input edges ``chains[-1 - ref[j]]`` (a contracted path). ``fixed`` are
    input edges in every tree the search may return, and ``offset`` their cost with that of the
    Steiner nodes they bring in; ``removed`` counts, per test, the nodes and edges it took away;
    ``lower`` the dual ascent bound on the trees (the set-aside part included; 0 when it did not
    run), and
    ``incumbent`` a tree cheaper than the upper bound found on the way (its cost, shifted as the
    problem's costs are, and its input edges), or None."""

    def __init__(self, *, ids, a, b, cost, ref, chains, r, terms, fixed=(), offset=0):
        self.ids, self.a, self.b, self.cost, self.ref = ids, a, b, cost, ref
        self.chains, self.r, self.terms = chains, r, terms
        self.fixed, self.offset = list(fixed), offset
        self.removed: dict[str, list[int]] = {test: [0, 0] for test in TESTS}
        self.lower = 0
        self.incumbent: tuple[int, list[int]] | None = None

    def edge_index(self, a: np.ndarray | int, b: np.ndarray | int) -> np.ndarray:
        """The index of each reduced edge ``a``–``b`` (``a < b``; arrays or integers): the edges
        are sorted by their ends, so a binary search finds it."""
        n = len(self.ids)
        return np.searchsorted(self.a * n + self.b, np.asarray(a) * n + np.asarray(b))

    def path_between(self, x: int, y: int) -> tuple[int, ...]:
        """The input edges behind the reduced edge x–y."""
        j = int(self.edge_index(min(x, y), max(x, y)))
        ref = int(self.ref[j])
        return (ref,) if ref >= 0 else self.chains[-1 - ref]


class _Graph:
    """The graph being reduced, in input node ids: edges ``(a, b, cost, ref)`` (``ref`` as in
    :class:`_Reduced`), the nodes still there, the terminals (more as terminal leaves merge), the
    residual node weights, the input edges set aside and their cost."""

    def __init__(self, p: _Problem | _Reduced):
        if isinstance(p, _Reduced):  # reduced again: its nodes and edges are the input
            self.n = len(p.ids)
            self.a, self.b, self.cost = p.a.copy(), p.b.copy(), p.cost.copy()
            self.ref = np.arange(len(p.a))
            self.alive = np.ones(self.n, dtype=bool)
            self.is_term = np.zeros(self.n, dtype=bool)
            self.is_term[p.terms] = True
            self.r = np.asarray(p.r).copy()
        else:
            e = np.flatnonzero(p.edge_alive)
            self.n = p.n
            self.a, self.b, self.cost, self.ref = p.u[e], p.v[e], p.ce[e], e.copy()
            self.alive = p.alive.copy()
            self.is_term = p.is_term.copy()
            self.r = p.r.copy()
        self.chains: list[tuple[int, ...]] = []
        self.fixed: list[int] = []
        self.offset = 0
        self.removed: dict[str, list[int]] = {test: [0, 0] for test in TESTS}

    def keep_edges(self, keep: np.ndarray, test: str) -> None:
        self.removed[test][1] += int((~keep).sum())
        self.a, self.b, self.cost, self.ref = (
            x[keep] for x in (self.a, self.b, self.cost, self.ref)
        )

    def drop_nodes(self, dead: np.ndarray, test: str) -> None:
        dead = dead & self.alive
        self.removed[test][0] += int(dead.sum())
        self.alive &= ~dead
        self.keep_edges(self.alive[self.a] & self.alive[self.b], test)

    def terms(self) -> np.ndarray:
        return np.flatnonzero(self.is_term & self.alive)

    def degree(self) -> np.ndarray:
        return np.bincount(self.a, minlength=self.n) + np.bincount(self.b, minlength=self.n)


def _input_edges(ref: int, chains: list[tuple[int, ...]]) -> tuple[int, ...]:
    return (ref,) if ref >= 0 else chains[-1 - ref]


# ----------------------------------------------------------------------------------------------
# Degree tests


def _degree_tests(g: _Graph) -> bool:
    """Steiner leaves, terminal leaves and Steiner nodes of degree 2 until none is left; True
    when anything changed."""
    changed = False
    while True:
        before = (int(g.alive.sum()), len(g.a))
        g.drop_nodes(g.alive & ~_peel(g.a, g.b, g.is_term, g.alive), "degree")
        _terminal_leaves(g)
        degree = g.degree()
        inner = g.alive & ~g.is_term & (degree == 2)
        if inner.any():
            g.removed["degree"][0] += int(inner.sum())
            edges = len(g.a)
            g.a, g.b, g.cost, g.ref = _contract((g.a, g.b, g.cost, g.ref), inner, g.r, g.chains)
            g.removed["degree"][1] += edges - len(g.a)
            g.alive &= ~inner
        if (int(g.alive.sum()), len(g.a)) == before:
            return changed
        changed = True


def _terminal_leaves(g: _Graph) -> None:
    """The one edge of a terminal of degree 1 is in every tree (when there are other
    terminals): set it aside; its other end becomes a terminal, its weight paid."""
    while len(g.terms()) > 1:
        degree = g.degree()
        leaves = np.flatnonzero(g.is_term & g.alive & (degree == 1))
        if not len(leaves):
            return
        for t in leaves.tolist():
            incident = np.flatnonzero((g.a == t) | (g.b == t))
            if not len(incident) or len(g.terms()) <= 1:
                continue
            j = int(incident[0])
            other = int(g.a[j]) + int(g.b[j]) - t
            g.fixed.extend(_input_edges(int(g.ref[j]), g.chains))
            g.offset += int(g.cost[j]) + (0 if g.is_term[other] else int(g.r[other]))
            g.is_term[other] = True
            g.r[other] = 0
            g.alive[t] = False
            g.removed["degree"][0] += 1
            g.keep_edges(np.arange(len(g.a)) != j, "degree")


def _contract(edges, inner: np.ndarray, r: np.ndarray, chains: list[tuple[int, ...]]):
    """Replace each path through ``inner`` nodes (Steiner nodes of degree 2) by one edge between
    its ends; ``edges`` are the columns ``(a, b, cost, ref)``, and ``chains`` gains the input
    edges behind each new edge.

    Vectorised: the inner nodes' paths are the connected components of the edges between inner
    nodes; each path has two edges out to its ends (a cycle of inner nodes has none, and is in no
    optimal tree; nor is a path whose two ends are one node). A path's cost adds its edges' and
    its inner nodes' weights.

    Examples
    --------
    >>> # the path 0-1-2-3 (nodes 1 and 2 weigh 1) beside the edge 0-3 of cost 10
    >>> a, b, cost = np.array([0, 0, 1, 2]), np.array([1, 3, 2, 3]), np.array([1, 10, 2, 3])
    >>> chains = []
    >>> inner = np.array([False, True, True, False])
    >>> out = _contract((a, b, cost, np.arange(4)), inner, np.ones(4, dtype=int), chains)
    >>> [x.tolist() for x in out], chains
    ([[0], [3], [8], [-1]], [(0, 2, 3)])
    """
    a, b, cost, ref = edges
    n = len(inner)
    within = np.flatnonzero(inner[a] & inner[b])
    out = np.flatnonzero(inner[a] ^ inner[b])
    joined = sp.csr_array((np.ones(len(within)), (a[within], b[within])), shape=(n, n))
    label = connected_components(joined, directed=False)[1]
    # each path's two edges out, side by side: sorted by the path, then by edge
    side = np.where(inner[a[out]], a[out], b[out])
    out = out[np.lexsort((out, label[side]))]
    side = np.where(inner[a[out]], a[out], b[out])
    end = np.where(inner[a[out]], b[out], a[out])
    paths = label[side][0::2]
    start, here = end[0::2], end[1::2]
    keep_path = start != here
    # a path's cost: its edges' and its inner nodes' (exact: integer sums)
    total = np.zeros(n, dtype=np.int64)
    np.add.at(total, label[a[within]], cost[within])
    np.add.at(total, label[side], cost[out])
    nodes = np.flatnonzero(inner)
    np.add.at(total, label[nodes], r[nodes].astype(np.int64))
    # the input edges behind each kept path, grouped by path
    members = np.concatenate([within, out])
    owner = np.concatenate([label[a[within]], label[side]])
    order = np.lexsort((members, owner))
    members, owner = members[order], owner[order]
    bounds = np.searchsorted(owner, paths[keep_path])
    stops = np.searchsorted(owner, paths[keep_path], side="right")
    refs = ref[members].tolist()
    for lo, hi in zip(bounds.tolist(), stops.tolist(), strict=True):
        chains.append(tuple(i for k in refs[lo:hi] for i in _input_edges(k, chains)))
    added = len(bounds)
    new_ref = -(len(chains) - added + 1 + np.arange(added, dtype=np.int64))
    x, y = start[keep_path], here[keep_path]
    keep = ~inner[a] & ~inner[b]
    return _merge_edges(
        (a[keep], b[keep], cost[keep], ref[keep]),
        (np.minimum(x, y), np.maximum(x, y), total[paths[keep_path]], new_ref),
        n,
    )


def _merge_edges(old, new, n: int):
    """The edges ``old`` (columns ``(a, b, cost, ref)``, sorted by ``(a, b)`` without parallel
    edges, as the reductions keep them) with ``new`` ones merged in, the lighter of parallel
    edges kept: a merge, where sorting all edges again would cost ten times more on a large
    graph."""
    a, b, cost, ref = old
    key = a.astype(np.int64) * n + b
    if len(key) > 1 and not np.all(key[1:] > key[:-1]):
        columns = [np.concatenate([o, np.asarray(x)]) for o, x in zip(old, new, strict=True)]
        return _lightest_parallel(*columns[:3], columns[3])
    na, nb, ncost, nref = _lightest_parallel(*new[:3], new[3])
    new_key = na.astype(np.int64) * n + nb
    at = np.searchsorted(key, new_key)
    same = at < len(key)
    same[same] = key[at[same]] == new_key[same]
    cost, ref = cost.copy(), ref.copy()
    lighter = same.copy()
    lighter[same] = ncost[same] < cost[at[same]]
    cost[at[lighter]], ref[at[lighter]] = ncost[lighter], nref[lighter]
    fresh = ~same
    return tuple(
        np.insert(o, at[fresh], x[fresh].astype(o.dtype))
        for o, x in zip((a, b, cost, ref), (na, nb, ncost, nref), strict=True)
    )


# ----------------------------------------------------------------------------------------------
# Special distance


def _special_distance_test(g: _Graph) -> bool:
    """Drop the edges dearer than a walk between their ends through their nearest terminals whose
    pieces between terminals are each cheaper (Duin & Volgenant's bottleneck Steiner distance,
    bounded from above); True when any went."""
    terms = g.terms()
    if len(terms) < 2 or not len(g.a):
        return False
    n = g.n
    # a walk's cost counts its inner nodes' weights: half of each end's on every edge, and the
    # ends' halves taken off again below
    half = (g.cost + (g.r[g.a] + g.r[g.b]) / 2).astype(np.float64)
    metric = sp.csr_array(
        (np.concatenate([half, half]), (np.concatenate([g.a, g.b]), np.concatenate([g.b, g.a]))),
        shape=(n, n),
    )
    dist = dijkstra(metric, directed=True, indices=terms) - g.r / 2  # both directions are in
    between = dist[:, terms]
    bottleneck = _bottlenecks(between)
    near = min(NEAREST_TERMINALS, len(terms))
    nearest = (
        np.argpartition(dist, near - 1, axis=0)[:near]
        if near < len(terms)
        else (np.broadcast_to(np.arange(len(terms))[:, None], (len(terms), n)))
    )
    far = np.take_along_axis(dist, nearest, axis=0)  # near × n
    i, j = nearest[:, g.a], nearest[:, g.b]  # near × edges
    da, db = far[:, g.a], far[:, g.b]
    walk = np.maximum(
        np.maximum(da[:, None, :], db[None, :, :]), bottleneck[i[:, None, :], j[None, :, :]]
    )
    special = walk.min(axis=(0, 1))
    keep = ~(g.cost > special + 1e-9)
    if keep.all():
        return False
    g.keep_edges(keep, "special_distance")
    return True


def _bottlenecks(between: np.ndarray) -> np.ndarray:
    """For each pair of terminals, the dearest edge on their path in the minimum spanning tree of
    the terminals' distances (``between``)."""
    k = len(between)
    finite = np.where(np.isfinite(between), between, 0.0)
    # +1: scipy drops zero weights, and a spanning tree of k nodes has k - 1 edges either way
    tree = minimum_spanning_tree(sp.csr_array(finite + 1.0 - np.eye(k))).tocoo()
    adjacency: list[list[tuple[int, float]]] = [[] for _ in range(k)]
    for x, y, w in zip(tree.row.tolist(), tree.col.tolist(), tree.data.tolist(), strict=True):
        adjacency[x].append((y, w - 1.0))
        adjacency[y].append((x, w - 1.0))
    result = np.full((k, k), np.inf)
    for s in range(k):
        result[s, s] = 0.0
        stack = [s]
        while stack:
            x = stack.pop()
            for y, w in adjacency[x]:
                if result[s, y] == np.inf:
                    result[s, y] = max(result[s, x], w)
                    stack.append(y)
    return result


# ----------------------------------------------------------------------------------------------
# Reduced costs of the dual ascent


def _sorted_order(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The order sorting edges by ``(a, b)``; the reductions keep them sorted, so it is
    usually the identity, found without sorting."""
    if len(a) < 2 or np.all((a[1:] > a[:-1]) | ((a[1:] == a[:-1]) & (b[1:] > b[:-1]))):
        return np.arange(len(a))
    return np.lexsort((b, a))


def _reduced_cost_test(
    g: _Graph,
    upper: int,
    incumbent: tuple[int, list[int]] | None = None,
    *,
    margin: int = 0,
    turn: int = 0,
    deadline: float = float("inf"),
    progress: ProgressCallback | None = None,
) -> tuple[int, tuple[int, list[int]] | None]:
    """Dual ascent on the graph as it stands from :data:`ASCENT_ROOTS` roots (other ones each
    ``turn``), a tree led by each one's reduced costs (the best polished by local search), then
    drop what lifts a bound to the upper bound. Returns the best bound (of the graph's trees,
    without the set-aside part) and, when cheaper than ``upper`` and the ``incumbent``, the best
    tree (its cost with the set-aside part, and its input edges), which lowers the upper bound
    to its cost plus ``margin``."""
    terms = g.terms()
    if len(terms) < 2 or not len(g.a):
        return 0, None
    ids = np.flatnonzero(g.alive)
    local = np.full(g.n, -1, dtype=np.int64)
    local[ids] = np.arange(len(ids))
    order = _sorted_order(local[g.a], local[g.b])  # sorted edges, as the local search wants
    a, b, cost = local[g.a][order], local[g.b][order], g.cost[order]
    r, t = g.r[ids], local[terms]
    degree = np.bincount(a, minlength=len(ids)) + np.bincount(b, minlength=len(ids))
    ranked = t[np.argsort(-degree[t], kind="stable")].tolist()
    roots = {ranked[(turn * ASCENT_ROOTS + i) % len(ranked)] for i in range(ASCENT_ROOTS)}
    best_bound, best_tree = 0, None
    node_out = np.zeros(len(ids), dtype=bool)
    edge_out = np.zeros(len(a), dtype=bool)
    shrunk = False
    prepared = _prepare((a, b, cost), r)  # the ascents share the arcs
    for i, root in enumerate(sorted(roots)):
        report(progress, "reductions: dual ascent", i, len(roots))
        bound, reduced = dual_ascent((a, b, cost), r, t.tolist(), root, prepared=prepared)
        best_bound = max(best_bound, bound)
        room = upper - g.offset - bound
        if room <= 0:
            break  # no tree is cheaper than the upper bound
        out_nodes, out_edges = reduced_cost_test(
            (a, b), reduced, t.tolist(), n=len(ids), root=root, room=room
        )
        node_out |= out_nodes
        edge_out |= out_edges
        if 2 * int(node_out.sum()) > len(ids) and i + 1 < len(roots):
            # most of the graph is gone: the next round's ascents and trees, on what is left,
            # cost far less and lose nothing (on a multiplet's word graph this is nearly all)
            shrunk = True
            break
        tree = _guided_tree((a, b, cost), r, t.tolist(), root=root, guide=reduced)
        if tree is not None and (best_tree is None or tree[0] < best_tree[0]):
            best_tree = tree
    found = None
    if best_tree is not None and not shrunk and time.perf_counter() < deadline:
        view = _View((a, b, cost), r, t.tolist())
        nodes = {int(x) for j in best_tree[1].tolist() for x in (a[j], b[j])} | set(t.tolist())
        polished = view.polish(nodes, min(deadline, time.perf_counter() + POLISH_SECONDS))
        if polished.cost < best_tree[0]:
            best_tree = (polished.cost, np.array(polished.edges, dtype=np.int64))
    if best_tree is not None:
        total = best_tree[0] + g.offset
        if total < upper and (incumbent is None or total < incumbent[0]):
            edges = [
                e
                for j in order[best_tree[1]].tolist()
                for e in _input_edges(int(g.ref[j]), g.chains)
            ]
            found = (total, edges + g.fixed)
    if best_bound + g.offset >= upper:
        return best_bound, found
    if edge_out.any():  # first: the edges here are still g's, edge j its edge ``order[j]``
        keep = np.ones(len(g.a), dtype=bool)
        keep[order[edge_out]] = False
        g.keep_edges(keep, "reduced_cost")
    if node_out.any():
        dead = np.zeros(g.n, dtype=bool)
        dead[ids[node_out]] = True
        g.drop_nodes(dead, "reduced_cost")
    return best_bound, found


# ----------------------------------------------------------------------------------------------
# All of them


def _reduce(
    p: _Problem | _Reduced,
    upper: int | None = None,
    deadline: float = float("inf"),
    margin: int = 0,
    progress: ProgressCallback | None = None,
) -> _Reduced:
    """Run the tests in turn until none removes anything (or :data:`REDUCTION_ROUNDS`); with
    ``upper``, the cost of a known tree (shifted as ``p``'s costs are), also the reduced cost
    test, which keeps only what may lie in a cheaper tree (a cheaper tree found on the way
    lowers ``upper`` to its cost plus ``margin``: see :attr:`_Reduced.incumbent`). Each test
    reports to ``progress``, which may stop it (:class:`~letterplay.errors.Cancelled`). A
    reduced graph ``p`` is reduced again (:func:`_again` puts the result in the input's
    terms)."""
    g = _Graph(p)
    bound, incumbent = 0, None
    for turn in range(REDUCTION_ROUNDS):
        report(progress, "reductions", turn, REDUCTION_ROUNDS)
        # with an upper bound, the first round starts with the reduced cost test: on a word
        # graph it leaves a few hundred of 40,000 nodes, where the degree tests would first
        # contract thousands of paths it then takes away (0.19 s of ONE ... TEN's search)
        changed = _degree_tests(g) if turn or upper is None else False
        if time.perf_counter() > deadline:
            break
        if upper is not None:
            # the reduced cost test first: on large sparse graphs it takes most of the graph
            # away, so the special distance test has less to look at
            edges = (int(g.alive.sum()), len(g.a))
            now, found = _reduced_cost_test(
                g, upper, incumbent, margin=margin, turn=turn, deadline=deadline, progress=progress
            )
            # with what is set aside now (it grows as the tests go on); each round's bound
            # holds for the trees cheaper than that round's upper bound
            bound = max(bound, min(now + g.offset, upper))
            if found is not None:
                incumbent, upper = found, found[0] + margin
            if bound >= upper:
                break
            changed |= found is not None or (int(g.alive.sum()), len(g.a)) != edges
            _degree_tests(g)
        if time.perf_counter() < deadline:
            report(progress, "reductions: special distance", turn, REDUCTION_ROUNDS)
            changed |= _special_distance_test(g)
        if not changed:
            break
    _degree_tests(g)
    reduced = _compact(g)
    reduced.lower, reduced.incumbent = bound, incumbent
    return reduced


def _compact(g: _Graph) -> _Reduced:
    """Number the nodes left (those with edges, and the terminals) from 0."""
    used_nodes = np.zeros(g.n, dtype=bool)
    used_nodes[g.a] = used_nodes[g.b] = True
    used_nodes[g.terms()] = True
    ids = np.flatnonzero(used_nodes)
    local = np.full(g.n, -1, dtype=np.int64)
    local[ids] = np.arange(len(ids))
    la, lb = local[g.a], local[g.b]
    order = _sorted_order(la, lb)
    reduced = _Reduced(
        ids=ids,
        a=la[order],
        b=lb[order],
        cost=g.cost[order],
        ref=g.ref[order],
        chains=g.chains,
        r=g.r[ids],
        terms=local[g.terms()].tolist(),
        fixed=g.fixed,
        offset=g.offset,
    )
    reduced.removed = g.removed
    return reduced


def _again(
    outer: _Reduced,
    upper: int,
    deadline: float = float("inf"),
    progress: ProgressCallback | None = None,
) -> _Reduced:
    """The tests again on the reduced graph ``outer`` with a lower ``upper`` bound (shifted as
    the input problem's costs are: ``outer``'s set-aside part included), once a cheaper tree
    is known: the graph kept for the trees cheaper than it, in the input's terms (its nodes,
    edges, set-aside edges, bound and tree found on the way)."""
    inner = _reduce(outer, upper - outer.offset, deadline, progress=progress)

    def input_edges(edges) -> list[int]:
        return [e for j in edges for e in _input_edges(int(outer.ref[j]), outer.chains)]

    chains = list(outer.chains)  # outer's chains keep their numbers; new ones come after
    ref = np.where(inner.ref >= 0, np.asarray(outer.ref)[np.maximum(inner.ref, 0)], 0)
    for k in np.flatnonzero(inner.ref < 0).tolist():
        chains.append(tuple(input_edges(inner.chains[-1 - int(inner.ref[k])])))
        ref[k] = -len(chains)
    again = _Reduced(
        ids=np.asarray(outer.ids)[inner.ids],
        a=inner.a,
        b=inner.b,
        cost=inner.cost,
        ref=ref,
        chains=chains,
        r=inner.r,
        terms=inner.terms,
        fixed=outer.fixed + input_edges(inner.fixed),
        offset=outer.offset + inner.offset,
    )
    again.removed = {
        test: [x + y for x, y in zip(outer.removed[test], inner.removed[test], strict=True)]
        for test in TESTS
    }
    again.lower = inner.lower + outer.offset
    if inner.incumbent is not None:
        cost, edges = inner.incumbent
        again.incumbent = (cost + outer.offset, input_edges(edges) + outer.fixed)
    return again
