"""The working problem (costs shifted from nodes onto edges) and the lower bounds of the search.

When every Steiner node weighs at least ``m0``, a tree with ``e`` edges has ``e - k + 1`` Steiner
nodes, so ``m0`` moves from the nodes onto every edge (minus a constant): node weights such as
``1_000_000 + obscurity`` then become edge weights, where the lower bounds can see them
(:class:`_Problem`). The *future-cost bounds* (:class:`_FutureBounds`) bound a tree joining a node
to a set of terminals from below: half the shortest tour through them (Held–Karp), or half a
1-tree beyond :data:`TOUR_BOUND_MAX_TERMINALS` terminals.

Examples
--------
>>> import numpy as np
>>> dist = np.array([[0, 2, 4], [4, 2, 0]])  # two terminals (nodes 0 and 2) to three nodes
>>> _FutureBounds(dist, [0, 2], np.inf)(0b11).tolist()  # half the tour through both and a node
[4, 4, 4]
>>> float(_mst_cost(np.array([[0, 1, 3], [1, 0, 1], [3, 1, 0]])))
2.0

References
----------
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202, section 4.
  https://doi.org/10.1007/s12532-016-0110-1
- M. Held and R. M. Karp, "A dynamic programming approach to sequencing problems", Journal of the
  SIAM 10 (1962) 196–210. https://doi.org/10.1137/0110015
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, dijkstra

from letterplay.steiner._graph import hop_distances

if TYPE_CHECKING:
    from letterplay.steiner._graph import _Input

__all__ = ["TOUR_BOUND_MAX_TERMINALS", "held_karp"]


# ----------------------------------------------------------------------------------------------
# The working problem: shifted costs on the terminals' component


class _Problem:
    """Edge costs ``ce`` and residual node weights ``r`` (zero on terminals) of the shifted problem.

    The true cost of a tree joining all ``k`` terminals is ``sum(ce) + sum(r) - offset``. Nodes keep
    their input ids; ``alive`` marks the nodes still allowed in a better tree.
    """

    def __init__(self, check: _Input):
        n, u, v, c, nw, terms = check.n, check.u, check.v, check.c, check.nw, check.terms
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
        metric = self.metric()
        # the matrix holds both directions of each edge: a directed search is the same, faster;
        # where every edge costs the same (a multiplet's size search), counting edges is faster
        # (not at a cost of 0, where a node no edge reaches would be 0 times infinity)
        step = metric.data[0] if len(metric.data) else 0.0
        if step > 0 and (metric.data == step).all():
            return hop_distances(metric, self.terms) * step
        return dijkstra(metric, directed=True, indices=self.terms)


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


# the tour bound keeps Hamiltonian paths for every terminal subset: 2**k * k * k numbers
TOUR_BOUND_MAX_TERMINALS = 16


def held_karp(d: np.ndarray, unreachable: int) -> np.ndarray:
    """Shortest Hamiltonian paths: ``paths[M][s, t]`` is the shortest path from ``s`` to ``t``
    through exactly the nodes of the bit set ``M`` (``unreachable`` where there is none), for
    the distances ``d`` between ``k`` nodes (Held–Karp; ``d.dtype`` must hold twice
    ``unreachable``).

    ``paths[M][s, t] = min over u of paths[M - t][s, u] + d[u, t]``: each set needs only the
    sets one smaller, so the sets of each size are computed together, one array operation per
    last node ``t`` (on 16 nodes 15 × 16 of them instead of one per set, 65,536: the loop over
    sets took 1.7 s, each time a 16-terminal instance or a merge of its trees started; this
    takes 0.4). The array is kept as ``[M, t, s]`` so that the minimum over ``u`` runs down
    a middle axis, over whole rows at once, rather than along 16-element rows.

    Examples
    --------
    >>> d = np.array([[0, 1, 5], [1, 0, 2], [5, 2, 0]], dtype=np.int32)
    >>> paths = held_karp(d, 2**30)
    >>> int(paths[0b111][0, 2]), int(paths[0b111][0, 1]), int(paths[0b101][0, 2])
    (3, 7, 5)
    >>> int(paths[0b011][0, 2])  # 2 is not in the set: no such path
    1073741824
    """
    k = len(d)
    ends_first = np.full((1 << k, k, k), unreachable, dtype=d.dtype)  # [M, t, s]
    ends = np.arange(k)
    ends_first[1 << ends, ends, ends] = 0
    masks = np.arange(1 << k)
    sizes = sum((masks >> t) & 1 for t in range(k))
    for size in range(2, k + 1):
        layer = masks[sizes == size]
        for t in range(k):
            sets = layer[(layer >> t) & 1 == 1]
            step = ends_first[sets ^ (1 << t)] + d[:, t][None, :, None]  # [set, u, s] + d[u, t]
            ends_first[sets, t, :] = np.minimum(step.min(axis=1), unreachable)
    return ends_first.transpose(0, 2, 1)


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
        return held_karp(d.astype(dtype), unreachable)

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
