"""Dual ascent (Wong): a fast lower bound, and the eliminations its reduced costs allow.

On the bidirected graph rooted at a terminal, the dual of the directed cut formulation gives
each cut (a set of nodes holding a terminal but not the root) a value ``y_W >= 0``, as long as
no arc is charged more than its cost by the cuts it enters; the sum of the values bounds every
tree from below. The ascent takes one terminal at a time and grows the set ``W`` of nodes that
reach it through *saturated* arcs (reduced cost 0): it raises the cut of ``W`` by the least
reduced cost of an arc entering it, which saturates that arc and brings its tail, and all that
reaches the tail, into ``W``, until the root is in. Costs are integers, so every reduced cost
and the bound stay integers: nothing is rounded.

A tree through a node ``v`` holds an arc path from the root to ``v`` and one from ``v`` on to a
terminal (Steiner leaves only add cost), and costs at least the bound plus their reduced costs.
So a node whose bound plus reduced distances from the root and on to the nearest terminal reaches
the upper bound is in no cheaper tree; likewise an edge, through either of its arcs (Polzin &
Vahdati Daneshmand 2001).

Examples
--------
>>> import numpy as np
>>> # a star: the centre 0 joins terminals 1, 2, 3 at cost 1 each; direct edges cost 3
>>> a, b, c = np.array([0, 0, 0, 1, 2]), np.array([1, 2, 3, 2, 3]), np.array([1, 1, 1, 3, 3])
>>> bound, reduced = dual_ascent((a, b, c), np.zeros(4, dtype=np.int64), [1, 2, 3], root=1)
>>> bound
3

References
----------
- R. T. Wong, "A dual ascent approach for Steiner tree problems on a directed graph",
  Mathematical Programming 28 (1984) 271–287. https://doi.org/10.1007/BF02612335
- T. Polzin and S. Vahdati Daneshmand, "Improved algorithms for the Steiner problem in
  networks", Discrete Applied Mathematics 112 (2001) 263–300.
  https://doi.org/10.1016/S0166-218X(00)00319-X
- T. Pajor, E. Uchoa and R. F. Werneck, "A robust and scalable algorithm for the Steiner
  problem in graphs", Mathematical Programming Computation 10 (2018) 69–118.
  https://doi.org/10.1007/s12532-017-0123-4
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from letterplay.arrays import ranges

__all__ = [
    "ASCENT_ROOTS",
    "ASCENT_SECONDS",
    "ASCENT_SHARE",
    "CUT_ENTRIES",
    "ascent_cuts",
    "dual_ascent",
    "reduced_cost_test",
    "reduced_distances",
]

ASCENT_ROOTS = 64
""":func:`ascent_cuts` runs ascents from at most this many terminals besides the root."""

ASCENT_SHARE = 2.0
"""The cuts of the ascents from other terminals have at most this many nonzeros per arc."""

ASCENT_SECONDS = 3.0
"""No ascent from another terminal starts once this many seconds have gone since the first
ascent of :func:`ascent_cuts` started."""

CUT_ENTRIES = 2_000_000
"""The most arcs, over all cuts, the ascent hands on to the LP."""


def _arcs(edges: tuple[np.ndarray, np.ndarray, np.ndarray], r: np.ndarray):
    """The arcs of the bidirected graph of ``edges`` ``(a, b, cost)`` and node weights ``r``,
    ``j`` and ``j + m`` the two ways along edge ``j``: tails, heads and costs (entering a node
    pays its weight)."""
    a, b, cost = edges
    tail = np.concatenate([a, b]).astype(np.int64)
    head = np.concatenate([b, a]).astype(np.int64)
    return tail, head, np.concatenate([cost, cost]).astype(np.int64) + r[head]


def _prepare(edges: tuple[np.ndarray, np.ndarray, np.ndarray], r: np.ndarray):
    """The arcs of :func:`_arcs` as the ascent walks them: their tails, the arcs in order of
    their heads and where each head's arcs start; and their costs."""
    tail, head, cost = _arcs(edges, r)
    order = np.argsort(head, kind="stable")
    return (tail, order, np.searchsorted(head[order], np.arange(len(r) + 1))), cost


def dual_ascent(
    edges: tuple[np.ndarray, np.ndarray, np.ndarray],
    r: np.ndarray,
    terms: Sequence[int],
    root: int,
    *,
    cuts: list[np.ndarray] | None = None,
    lp_root: int | None = None,
    prepared: tuple | None = None,
) -> tuple[int, np.ndarray]:
    """The dual ascent bound of the graph with ``edges`` ``(a, b, cost)``, ``a[j]–b[j]`` of
    ``cost[j]``, and node weights ``r`` (zero on terminals; one per node), rooted at terminal
    ``root``, and the arcs' reduced costs (arcs as in :func:`_arcs`). A list ``cuts`` gains the
    arcs of each cut raised (up to :data:`CUT_ENTRIES` arcs in all): together they bound the LP
    relaxation as the ascent does. With another ``lp_root`` they are cuts of the formulation
    rooted there: a set holding that terminal gives the cut of the rest (the arcs leaving it),
    which holds the ascent's root and leaves out the LP's.

    Wong's rule: each step raises the active set with the fewest entering arcs. The set of a
    terminal ``t`` is all that reaches it through saturated arcs; it stops being active when the
    root is in it, or when it holds another terminal ``u`` that does not reach back to ``t`` (the
    set of ``u`` is inside it, and connecting ``u`` connects ``t``). Ascents on one graph
    may share its arcs, ``prepared`` by :func:`_prepare`."""
    n, m = len(r), len(edges[0])
    graph, costs = _prepare(edges, r) if prepared is None else prepared
    tail, red = graph[0], costs.copy()
    is_term = np.zeros(n, dtype=bool)
    is_term[list(terms)] = True
    others = [int(t) for t in terms if t != root]
    sets = {t: _Set(t, n) for t in others}
    cover: dict[int, int] = {}
    heap = []
    for t in others:
        sets[t].grow([t], red, graph)
        # zero-cost arcs may join t to the root already
        sets[t].done = bool(sets[t].inside[root])
        heap.append((len(sets[t].cut), t))
    heapq.heapify(heap)
    bound = recorded = 0
    while heap:
        size, t = heapq.heappop(heap)
        w = sets[t]
        if w.done or size != len(w.cut):
            continue
        if not len(w.cut):
            w.done = True  # nothing enters: the root cannot reach t (not when connected)
            continue
        entering = red[w.cut]
        delta = int(entering.min())
        if cuts is not None and delta > 0 and recorded + len(w.cut) <= CUT_ENTRIES:
            flip = lp_root is not None and w.inside[lp_root]
            cuts.append(np.where(w.cut < m, w.cut + m, w.cut - m) if flip else w.cut.copy())
            recorded += len(w.cut)
        entering -= delta
        red[w.cut] = entering
        bound += delta
        w.grow(np.unique(tail[w.cut[entering == 0]]), red, graph)
        if w.inside[root]:
            w.done = True
            continue
        if _covered(t, w, is_term=is_term, sets=sets, cover=cover):
            w.done = True
            continue
        heapq.heappush(heap, (len(w.cut), t))
    return bound, red


class _Set:
    """The set of nodes reaching terminal ``t`` through saturated arcs, and the arcs entering it
    that are not saturated (its cut)."""

    def __init__(self, t: int, n: int):
        self.t = t
        self.inside = np.zeros(n, dtype=bool)
        self.cut = np.zeros(0, dtype=np.int64)
        self.done = False

    def grow(self, new: np.ndarray | list[int], red: np.ndarray, graph) -> None:
        """Bring ``new`` nodes in, and all that reaches them through saturated arcs (``graph``:
        the arcs' tails, the arcs in order of their heads, where each head's arcs start)."""
        tail, order, starts = graph
        inside = self.inside
        fresh = np.asarray(new, dtype=np.int64)
        fresh = fresh[~inside[fresh]]
        inside[fresh] = True
        added = [self.cut]
        while len(fresh):
            arcs = order[ranges(starts[fresh], starts[fresh + 1])]
            arcs = arcs[~inside[tail[arcs]]]
            free = red[arcs] == 0
            added.append(arcs[~free])
            fresh = np.unique(tail[arcs[free]])
            inside[fresh] = True
        cut = np.concatenate(added)
        self.cut = cut[~inside[tail[cut]]]


def ascent_cuts(
    edges: tuple[np.ndarray, np.ndarray, np.ndarray],
    r: np.ndarray,
    terms: Sequence[int],
    root: int,
    *,
    seconds: float = math.inf,
) -> tuple[int, list[np.ndarray]]:
    """Cuts for the LP relaxation rooted at terminal ``root`` from dual ascents: those of the
    ascent from ``root`` (:func:`dual_ascent`), then those of ascents from the other terminals
    in turn, new ones only, while their arcs number at most :data:`ASCENT_SHARE` per arc of
    the graph and, counted from the start of the first ascent, ``seconds`` (at most
    :data:`ASCENT_SECONDS`) have not gone by; and the best bound of the ascents.

    Each ascent's cuts bound the LP as its ascent does, and the ascents from other roots raise
    other cuts: on word graphs, whose LP has many optima at the first ascent's bound (unit
    weights, short cycles everywhere), the bound then leaves it in fewer rounds (measured in
    the branch-and-cut, :mod:`._cut`).

    Examples
    --------
    >>> a, b, c = np.array([0, 0, 0, 1, 2]), np.array([1, 2, 3, 2, 3]), np.array([1, 1, 1, 3, 3])
    >>> bound, cuts = ascent_cuts((a, b, c), np.zeros(4, dtype=np.int64), [1, 2, 3], 1)
    >>> bound  # arcs j < 5 run a[j] -> b[j], arc j + 5 the other way
    3
    >>> # from 1: the arcs into 3, into 2, into {0, 3}; from 2 and 3: out of 1, into {2, 3}
    >>> [cut.tolist() for cut in cuts]
    [[2, 4], [1, 3, 9], [4, 5, 6], [5, 3], [3, 1, 2]]
    """
    until = time.perf_counter() + min(seconds, ASCENT_SECONDS)
    budget = ASCENT_SHARE * 2 * len(edges[0])
    cuts: list[np.ndarray] = []
    prepared = _prepare(edges, r)
    bound, _ = dual_ascent(edges, r, terms, root, cuts=cuts, prepared=prepared)
    seen = {np.sort(cut).tobytes() for cut in cuts}
    used = 0
    for other in [t for t in terms if t != root][:ASCENT_ROOTS]:
        if time.perf_counter() > until:
            break
        more: list[np.ndarray] = []
        ascent = dual_ascent(edges, r, terms, other, cuts=more, lp_root=root, prepared=prepared)
        bound = max(bound, ascent[0])
        for cut in more:
            key = np.sort(cut).tobytes()
            if key in seen:
                continue
            used += len(cut)
            if used > budget:
                return bound, cuts
            seen.add(key)
            cuts.append(cut)
    return bound, cuts


def _covered(t: int, w: _Set, *, is_term, sets: dict[int, _Set], cover: dict[int, int]) -> bool:
    """Whether the set of ``t`` now holds another terminal whose chain of covering terminals does
    not lead back to ``t`` (then connecting that one connects ``t``)."""
    for u in np.flatnonzero(w.inside & is_term).tolist():
        if u == t or u not in sets:
            continue
        seen, x = {t}, u
        while x in cover and x not in seen:
            seen.add(x)
            x = cover[x]
        if x == t:
            continue  # u reaches t and t reaches u: one set, t stands for both
        cover[t] = u
        return True
    return False


def reduced_distances(
    tail: np.ndarray, head: np.ndarray, weights: np.ndarray, *, n: int, root: int, terms
) -> tuple[np.ndarray, np.ndarray]:
    """Shortest distances along the arcs ``tail[j] -> head[j]`` of non-negative ``weights`` (at
    most one arc from a node to another) in a graph of ``n`` nodes: from ``root`` to every
    node, and from every node on to the nearest of ``terms`` (infinite where there is no path).

    Examples
    --------
    >>> # arcs 0 -> 1 (2), 1 -> 2 (0), 1 -> 0 (5), 2 -> 1 (1)
    >>> tail, head = np.array([0, 1, 1, 2]), np.array([1, 2, 0, 1])
    >>> reduced_distances(tail, head, np.array([2.0, 0.0, 5.0, 1.0]), n=3, root=0, terms=[2])
    (array([0., 2., 2.]), array([2., 0., 0.]))
    """
    arcs = sp.csr_array((np.asarray(weights, dtype=np.float64), (tail, head)), shape=(n, n))
    from_root = dijkstra(arcs, directed=True, indices=root)
    # on to the nearest terminal: distances to the terminals along the arcs, from all at once
    to_terms = dijkstra(arcs.T.tocsr(), directed=True, indices=list(terms), min_only=True)
    return from_root, to_terms


def reduced_cost_test(
    edges: tuple[np.ndarray, np.ndarray],
    reduced: np.ndarray,
    terms: Sequence[int],
    *,
    n: int,
    root: int,
    room: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Nodes and edges (``(a, b)`` of a graph of ``n`` nodes) in no tree costing less than
    ``bound + room`` (``room`` the upper bound less the dual bound of the ascent from ``root``
    with these ``reduced`` costs): ``(node mask, edge mask)`` of those eliminated. Terminals
    never are."""
    a, b = edges
    m = len(a)
    tail = np.concatenate([a, b]).astype(np.int64)
    head = np.concatenate([b, a]).astype(np.int64)
    weights = reduced.astype(np.float64)
    from_root, to_terms = reduced_distances(tail, head, weights, n=n, root=root, terms=terms)
    node_out = from_root + to_terms >= room
    node_out[list(terms)] = False
    through = from_root[tail] + weights + to_terms[head]
    edge_out = (through[:m] >= room) & (through[m:] >= room)
    return node_out, edge_out
