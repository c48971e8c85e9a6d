"""Recombination and search near the best tree: a tree from the trees found so far, as the
optimum of the graph their nodes span, or of the graph near the best one.

The branch-and-cut leads a tree from every LP solution (:mod:`._cut`); on a word graph, with
its many paths of one length, those trees are many and all a little too long. Each is good in
places, and together they span a small graph (a few hundred nodes where the whole has
thousands) whose own optimum the engine finds in a fraction of a second, and which is often
cheaper than every tree in it: it takes the best pieces of each (solution merging, as SCIP-Jack's
recombination heuristic does). :class:`_Pool` keeps the trees and merges the best of them.

Measured, 20 s of cut rounds on a 20-word multiplet (4,271 nodes after the reductions): the 76
trees the LP solutions led to cost 49 edges at best; the graph of the best 40 (297 nodes) has a
tree of 47, that of all 76 (465 nodes) one of 46, the optimum (which 20 minutes of branch and
bound had not found).

The best tree is often a few edges off the optimum in a few places, each within an edge of
it: so each new best tree is searched around (:meth:`_Pool.around`), the optimum of the graph
of the nodes at most one edge from it (a large neighbourhood search). Measured on common-word
multiplets open at a minute before: on 20-33 the graph near the heuristic's tree of 51 edges
(756 nodes, 3,264 edges of 65,738) holds one of 50, found and proven there in 1.4 s, and the
graph near that one (798 nodes) holds one of 49, the optimum, which the search had not found
in 200 s; on 16-5 the graph near the tree of 47 edges found at 24 s (640 nodes, 2,576 edges)
holds one of 46, the optimum, found there in 0.9 s and by the search only at 79 s. Near
16-17's tree of 44 there is none of 43 (seven of its optimum's nodes are two edges from it).

Examples
--------
>>> from functools import partial
>>> from letterplay.steiner._tree import _solve
>>> solve = partial(_solve, merge=False)  # merging nothing in the small graph
>>> a, b, cost = np.array([0, 0, 1, 1, 2, 2]), np.array([1, 2, 3, 4, 3, 4]), [1, 1, 1, 3, 3, 1]
>>> pool = _Pool((a, b, np.array(cost)), np.zeros(5, dtype=np.int64), [0, 3, 4], solve)
>>> pool.first = 2  # merge from two trees on
>>> pool.add(5, [(0, 1), (1, 3), (1, 4)])  # 1 + 1 + 3
>>> pool.add(5, [(0, 2), (2, 4), (2, 3)])  # 1 + 1 + 3
>>> pool.merge(math.inf, None)  # a cheap piece of each
(4, [(0, 1), (0, 2), (1, 3), (2, 4)])

References
----------
- D. Rehfeldt and T. Koch, "Implications, conflicts, and reductions for Steiner trees",
  Mathematical Programming 197 (2023) 903–966 (SCIP-Jack).
  https://doi.org/10.1007/s10107-021-01757-5
- P. Shaw, "Using constraint programming and local search methods to solve vehicle routing
  problems", Principles and Practice of Constraint Programming (CP 1998), LNCS 1520, 417–431
  (large neighbourhood search). https://doi.org/10.1007/3-540-49481-2_30
- C. C. Ribeiro, E. Uchoa and R. F. Werneck, "A hybrid GRASP with perturbations for the Steiner
  problem in graphs", INFORMS Journal on Computing 14 (2002) 228–246.
  https://doi.org/10.1287/ijoc.14.3.228.116
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import scipy.sparse as sp

from letterplay.progress import report

__all__ = ["AROUND_SHARE", "MERGE_FIRST", "MERGE_GROWTH", "MERGE_TREES"]

MERGE_TREES = 100
"""The cheapest this many trees are merged."""

MERGE_FIRST = 10
"""The first merge waits for this many trees."""

MERGE_GROWTH = 1.5
"""Each further merge waits until the pool has grown this many times over since the last (the
square of it after a merge that found nothing better): the trees of the first rounds differ
most, later ones, led by LP solutions that have settled, add little."""

MERGE_SHARE = 0.2
"""Merging may take this share of the time since the pool began (a merge starts only while the
merges so far took less), and one merge a fifth of the time left (at most
:data:`MERGE_SECONDS`). Measured on PACE track-1 instances whose trees are good from the
start, merging each time the pool grew by half took instance107 from 6.5 s to 11.9 (four
merges of about a second, the first of which found the optimum) and left instance147, proven
in 50 s before, open at 60."""

MERGE_SECONDS = 5.0
"""The most seconds one merge may take."""

AROUND_SHARE = 0.5
"""A search around the best tree (:meth:`_Pool.around`) runs only on a graph of at most this
share of the edges: on more it is hardly smaller than the whole."""


class _Pool:
    """The distinct trees found on a graph (edges ``a[j] < b[j]`` of ``cost[j]``, node weights
    ``r``), by their node sets; ``solve`` is the engine (:func:`._tree._solve`), run on the graph
    the best of them span, or the graph near a tree."""

    def __init__(self, edges, r: np.ndarray, terms, solve: Callable):
        self.a, self.b, self.cost = (np.asarray(x, dtype=np.int64) for x in edges)
        self.r, self.terms, self.solve = np.asarray(r, dtype=np.int64), set(map(int, terms)), solve
        self.trees: dict[frozenset[int], int] = {}
        self.first = MERGE_FIRST
        self.need = 0  # the pool's size the next merge waits for (besides ``first``)
        self.started, self.seconds = time.perf_counter(), 0.0  # the merges' own time
        self.around_seconds = 0.0  # that of the searches around the best trees

    def add(self, cost: int, edges: list[tuple[int, int]]) -> None:
        """A tree of ``cost`` with edges ``(a, b)``."""
        nodes = frozenset({int(x) for e in edges for x in e} | self.terms)
        self.trees[nodes] = min(cost, self.trees.get(nodes, cost))

    def merge(
        self, deadline: float, progress, cutoff: int | None = None
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """The optimum (or the best tree found in the time) of the graph the cheapest
        :data:`MERGE_TREES` trees span, searched only below ``cutoff`` when given (the best
        tree the search has, which may be none of the pool's): its cost and edges (at least
        the cutoff when it found none cheaper); None until the pool holds
        ``first`` trees (:data:`MERGE_FIRST`), then until it has grown by
        :data:`MERGE_GROWTH`, and while the merges have had their share of the time
        (:data:`MERGE_SHARE`)."""
        start = time.perf_counter()
        if len(self.trees) < max(self.first, self.need):
            return None
        if self.seconds > MERGE_SHARE * (start - self.started):
            return None
        report(progress, "merging trees", 0, 1)
        best = sorted(self.trees.items(), key=lambda item: item[1])[:MERGE_TREES]
        nodes = np.array(sorted(frozenset().union(*(tree for tree, _ in best))), dtype=np.int64)
        # the best tree so far bounds the search from the start
        found = self._solve_on(nodes, deadline, progress, cutoff, start=best[0][0])
        self.seconds += time.perf_counter() - start
        growth = MERGE_GROWTH if found[0] < best[0][1] else MERGE_GROWTH**2
        self.need = math.ceil(growth * len(self.trees))
        return found

    def around(
        self, tree: set[int], deadline: float, progress, cutoff: int
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """The optimum (or the best tree found in the time) of the graph of the nodes at most
        one edge from the nodes ``tree``, searched only below ``cutoff``: its cost and edges
        (at least the cutoff when it found none cheaper); None once these searches have had
        their share of the time until the ``deadline`` (:data:`MERGE_SHARE`), or when that
        graph holds more than :data:`AROUND_SHARE` of the edges."""
        start = time.perf_counter()
        # improvements come early: the share is of the whole time, not of the time so far
        if self.around_seconds > MERGE_SHARE * (deadline - self.started):
            return None
        near = np.zeros(len(self.r), dtype=bool)
        near[np.fromiter(tree | self.terms, dtype=np.int64)] = True
        around = near.copy()
        around[self.b[near[self.a]]] = around[self.a[near[self.b]]] = True
        if (around[self.a] & around[self.b]).mean() > AROUND_SHARE:
            return None
        report(progress, "searching around the best tree", 0, 1)
        found = self._solve_on(np.flatnonzero(around), deadline, progress, cutoff)
        self.around_seconds += time.perf_counter() - start
        return found

    def _solve_on(self, nodes: np.ndarray, deadline: float, progress, cutoff, start=None):
        """The engine on the graph of the (increasing) ``nodes``, with a fifth of the time left
        (at most :data:`MERGE_SECONDS`), from the tree of the nodes ``start`` if given: the
        cost and edges of its tree."""
        where = np.full(len(self.r), -1, dtype=np.int64)
        where[nodes] = np.arange(len(nodes))
        inside = (where[self.a] >= 0) & (where[self.b] >= 0)
        u, v = where[self.a[inside]], where[self.b[inside]]
        k = len(nodes)
        # both directions stored, explicit zeros kept: zero-cost edges stay edges
        graph = sp.csr_array(
            (np.tile(self.cost[inside], 2), (np.concatenate([u, v]), np.concatenate([v, u]))),
            shape=(k, k),
        )
        left = deadline - time.perf_counter()
        seconds = MERGE_SECONDS if math.isinf(left) else min(MERGE_SECONDS, MERGE_SHARE * left)
        tree = self.solve(
            graph,
            where[sorted(self.terms)].tolist(),
            node_weights=self.r[nodes],
            time_limit=max(seconds, 0.01),
            progress=progress,
            start_nodes=None if start is None else where[sorted(start)].tolist(),
            cutoff=cutoff,
        )
        # nodes are sorted, so each edge keeps a < b
        return tree.cost, [(int(nodes[x]), int(nodes[y])) for x, y in tree.edges]
