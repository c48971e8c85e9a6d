"""The exact search: Dijkstra–Steiner (Hougardy, Silvanus & Vygen).

The Dreyfus–Wagner dynamic programme over labels ``(v, I)`` = cheapest tree joining node ``v`` to
the terminal subset ``I``, settled in order of cost plus a *future-cost lower bound*
(:class:`letterplay.steiner._bounds._FutureBounds`). Labels whose cost plus bound reaches the
upper bound are never queued, nor labels dearer than a tree spanning ``I`` plus the shortest path
from ``I`` to the other terminals (the pruning rule of Polzin & Vahdati Daneshmand used by
Hougardy, Silvanus & Vygen). The first time the root's full label is settled, its cost is the
optimum; when the heap runs dry first, no tree is cheaper than the upper bound.

Examples
--------
>>> from letterplay.steiner._bounds import _Problem
>>> from letterplay.steiner._graph import _check, symmetric_graph
>>> from letterplay.steiner._reduce import _reduce
>>> # four nodes, all six edges of weight 1: nothing for the reductions to take
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3], [1] * 6)
>>> reduced = _reduce(_Problem(_check(graph, [1, 2, 3])))
>>> cost, edges, lower = _Search(reduced, 3, float("inf"), None).run()  # beat 3
>>> cost, len(edges), lower
(2, 2, 2)

References
----------
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202.
  https://doi.org/10.1007/s12532-016-0110-1
- S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971) 195–207.
  https://doi.org/10.1002/net.3230010302
- T. Polzin and S. Vahdati Daneshmand, "Improved algorithms for the Steiner problem in networks",
  Discrete Applied Mathematics 112 (2001) 263–300.
  https://doi.org/10.1016/S0166-218X(00)00319-X
"""

from __future__ import annotations

import bisect
import heapq
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

from letterplay.progress import report
from letterplay.steiner._bounds import _FutureBounds, _mst_cost
from letterplay.steiner._reduce import _Reduced

__all__ = ["DENSE_DEGREE", "LIST_TABLE_MAX_BITS", "MIRROR_ENTRIES"]

DENSE_DEGREE = 48
"""Nodes with at least this many neighbours expand labels with numpy rather than a Python loop."""

MIRROR_ENTRIES = 1 << 22
"""Nodes × subsets up to which those expansions also check a numpy copy of the best costs."""

LIST_TABLE_MAX_BITS = 20
"""Per-subset tables are lists up to this many non-root terminals, dicts beyond."""


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
            self._settle(heap, code, v, subset, cost=cost)
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
            self._expand_dense(heap, code, v, subset, cost=cost, b=b, crowd=crowd)
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
                self._merge_subsets(heap, v, subset, cost=cost, costs=here[1], free=free)
            else:
                self._merge_list(heap, v, subset, cost=cost, settled=here[0])
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
