"""The branch-and-cut's graph restricted to the arcs it has not fixed to 0.

The cut rounds fix to 0 the arcs that lie in no tree cheaper than the best one (by the LP's
reduced costs). Fixed arcs stay in the LP as columns, with the rows of their nodes: on word
graphs, after a few rounds, nine arcs in ten are fixed, and each round still pays for all of
them. Once :data:`RESTRICT_SHARE` of the edges have both arcs fixed, the branch-and-cut starts
again on the graph of the edges left (:meth:`._cut._BranchAndCut.run`): the same root, the cut
rows found so far without the fixed arcs (every tree cheaper than the best one meets them
still), the same bound and target. Its trees are trees of the whole graph, and a bound it
proves on the trees cheaper than the target is one on the whole graph's, as the fixing is.

On the 16-word multiplet of seed 7 (3,344 nodes, 20,188 edges after the reductions) the LP was
re-solved in 0.4 to 0.7 s a round with all its arcs, 0.1 to 0.2 s once restricted five times
over, down to 543 nodes and 1,622 edges.

The branch-and-cut goes on to smaller graphs in three ways (:class:`_Restarts`): a *restart*
on the edges not fixed; *stages*, where the trees as cheap as the lower bound are searched alone
on the edges they may use; and, once a tree well below the upper bound the graph was reduced
with is found, before each restart, and at the first round of each stage, the reductions
*again* on the edges not fixed, with the best tree's cost, or the stage's level plus one
(:func:`._reduce._again`): the arcs of the edges they remove are fixed.
Their dual ascents remove far more than the LP's reduced costs at one of its many optima fix:
on the 16-word multiplet of seed 5, once the best tree was two edges below the heuristic's, the
reductions left 10% of its 68,509 edges where the LP, at a bound it kept for a hundred seconds,
had fixed 47%; on the 20-word one of seed 12, run before a restart on the 12,985 edges left,
they found the optimum, which the cut rounds had not in a minute. In a stage, whose LP may
stand a whole edge below its level for a hundred rounds with no arc fixed, they proved the
20-word set of seed 26 in 35 s, where 120 s had not been enough.

Examples
--------
>>> from letterplay.steiner._reduce import _Reduced
>>> # the path 0-1-2-3 and the edge 1-3; the edge 1-2 is gone
>>> g = _Reduced(ids=np.arange(4), a=np.array([0, 1, 1, 2]), b=np.array([1, 2, 3, 3]),
...              cost=np.ones(4, dtype=np.int64), ref=np.arange(4), chains=[],
...              r=np.zeros(4, dtype=np.int64), terms=[0, 3])
>>> small, nodes, edges = restricted_graph(g, np.array([False, True, False, True]))
>>> nodes.tolist(), edges.tolist(), small.a.tolist(), small.b.tolist(), small.terms
([0, 1, 3], [0, 2], [0, 1], [1, 2], [0, 2])
"""

from __future__ import annotations

import math
import time

import numpy as np

from letterplay.steiner._lp import _Model, _Rows
from letterplay.steiner._reduce import _again, _input_edges, _Reduced

__all__ = ["RESTRICT_SHARE", "STAGE_GAP", "carried_rows", "column_map", "restricted_graph"]

RESTRICT_SHARE = 0.5
"""The share of the edges whose arcs are both fixed to 0 that makes the branch-and-cut start
again on the rest."""

RESTRICT_MIN_EDGES = 1000
"""Graphs of fewer edges are not restricted (nor reduced again): the LP is small already, and a
new start pays a solve from no basis."""

AGAIN_SHARE = 0.05
"""The share of the time left that the reductions run again may take (they stop between tests).
On SteinLib's d19 (250 terminals) one run took 6 s of a search that took 10 s without it, and
proved nothing sooner; on the word graphs of the multiplets each took 0.2 to 2 s."""

AGAIN_SECONDS = 3.0
"""Without a time limit, the seconds of :data:`AGAIN_SHARE`."""

STAGE_GAP = 4
"""The stages (:meth:`_Restarts._stages`) run while the best tree costs at most this much
more than the lower bound: each lifts the bound by one, a quarter of such a gap or more (on
graphs of large weights, where the gap is thousands, one would barely move it)."""


def restricted_graph(g: _Reduced, gone: np.ndarray) -> tuple[_Reduced, np.ndarray, np.ndarray]:
    """The graph ``g`` without the edges ``gone`` and the nodes they leave with no edge (the
    terminals stay): the new graph, and the indices in ``g`` of its nodes and of its edges
    (both increasing, so an edge's ends stay in order)."""
    edges = np.flatnonzero(~gone)
    keep = np.zeros(len(g.ids), dtype=bool)
    keep[g.a[edges]] = keep[g.b[edges]] = True
    keep[np.asarray(g.terms, dtype=np.int64)] = True
    nodes = np.flatnonzero(keep)
    new = np.cumsum(keep) - 1
    small = _Reduced(
        ids=np.asarray(g.ids)[nodes],
        a=new[g.a[edges]],
        b=new[g.b[edges]],
        cost=g.cost[edges],
        ref=np.asarray(g.ref)[edges],
        chains=g.chains,
        r=np.asarray(g.r)[nodes],
        terms=new[np.asarray(g.terms, dtype=np.int64)].tolist(),
        fixed=g.fixed,
        offset=g.offset,
    )
    small.removed = g.removed  # the same tests' work (the fixing is the branch-and-cut's own)
    return small, nodes, edges


def column_map(m: int, edges: np.ndarray) -> np.ndarray:
    """For each column of the cut formulation on ``m`` edges (arcs ``j`` and ``j + m``), its
    column on the graph of ``edges``, or -1 when gone."""
    columns = np.full(2 * m, -1, dtype=np.int64)
    k = len(edges)
    columns[edges] = np.arange(k)
    columns[edges + m] = np.arange(k, 2 * k)
    return columns


def carried_rows(model: _Model, first: int, columns: np.ndarray) -> _Rows | None:
    """The rows of ``model`` from ``first`` on, in the ``columns`` they map to (the
    others are fixed at 0, so leaving them out changes no row's value); None when a row is
    left with no column and cannot be met."""
    matrix = model.matrix()[first:]
    low, high = model.row_lower[first:], model.row_upper[first:]
    mapped = columns[matrix.indices]
    kept = mapped >= 0
    row = np.repeat(np.arange(matrix.shape[0]), np.diff(matrix.indptr))[kept]
    count = np.bincount(row, minlength=matrix.shape[0])
    if ((count == 0) & ((low > 0) | (high < 0))).any():
        return None
    rows, left = _Rows(), count > 0  # a row left with no column is met: it goes
    starts = np.concatenate([[0], np.cumsum(count[left])])
    rows.add_block(starts, mapped[kept], matrix.data[kept], lower=low[left], upper=high[left])
    return rows


def _within(g: _Reduced, inputs: np.ndarray) -> np.ndarray:
    """Which edges of ``g`` stand for input edges all among ``inputs`` (a contracted path's
    edges stay or go together in the reductions)."""
    inside = np.isin(g.ref, inputs)
    chained = np.flatnonzero(g.ref < 0)
    if len(chained):
        paths = [_input_edges(ref, g.chains) for ref in g.ref[chained].tolist()]
        owner = np.repeat(np.arange(len(paths)), [len(path) for path in paths])
        edges = np.concatenate(paths).astype(np.int64)
        # a path is inside when none of its edges is out
        out = np.bincount(owner, weights=~np.isin(edges, inputs), minlength=len(paths))
        inside[chained] = out == 0
    return inside


class _Restarts:
    """The ways of :class:`._cut._BranchAndCut` on to a smaller graph (see the module)."""

    def _reduces_again(self) -> bool:
        """Whether the best tree is far enough below the upper bound the graph was reduced with
        to reduce it again: half way from the bounds it was reduced with to each other, or near
        the lower bound (:data:`STAGE_GAP`), where on unit-weight graphs one edge less takes
        much away; only on graphs large enough to restart."""
        return (
            self.again_at is not None
            and self.target < self.reduced_below
            and (self.target <= self.again_at or self.target - self.lower <= STAGE_GAP)
            and self.m >= RESTRICT_MIN_EDGES
        )

    def _reduce_again(self) -> None:
        """The reductions again with the best tree's cost (:func:`._reduce._again`): the arcs of
        the edges they remove are fixed to 0 (the edges left hold an optimal tree, when one is
        cheaper than the best so far), their dual ascents' bound is kept, and so is a cheaper
        tree they find."""
        g, m, now = self.g, self.m, time.perf_counter()
        left = restricted_graph(g, self.fixed[:m] & self.fixed[m:])[0]  # the same refs as g's
        budget = AGAIN_SECONDS if math.isinf(self.deadline) else AGAIN_SHARE * (self.deadline - now)
        until = min(self.deadline, now + budget)
        again = _again(left, self.target + g.offset, until, progress=self.progress)
        behind = [e for ref in again.ref.tolist() for e in _input_edges(ref, again.chains)]
        kept = np.array(again.fixed + behind, dtype=np.int64)
        alive = _within(g, kept)
        self._fix(np.concatenate([~alive, ~alive]) & ~self.fixed)
        self.lower = max(self.lower, min(again.lower - g.offset, self.target))
        self.reduced_below, self.again_at = self.target, (self.lower + self.target) / 2
        if again.incumbent is not None:  # its input edges, as this graph's edges
            cost, edges = again.incumbent
            mine = _within(g, np.asarray(edges, dtype=np.int64))
            self._found(
                cost - g.offset, list(zip(g.a[mine].tolist(), g.b[mine].tolist(), strict=True))
            )

    def _restricts(self, fixed: np.ndarray) -> bool:
        """Whether the arcs ``fixed`` leave few enough edges to start again on the rest."""
        m = self.m
        return m >= RESTRICT_MIN_EDGES and (fixed[:m] & fixed[m:]).mean() >= RESTRICT_SHARE

    def _stages(self, bound: float, through: np.ndarray) -> bool:
        """While the trees as cheap as the lower bound leave few enough edges (and the best tree
        costs more than one above it), search them alone: a branch-and-cut on those edges,
        with the lower bound plus one to beat (:meth:`_restricted`). One it finds is optimal;
        none lifts the bound by one. True when the search is over (an optimum found, or the
        time ran out)."""
        while 1 < self.target - self.lower <= STAGE_GAP:
            level = self.lower
            fixed = self.fixed | self._beyond(bound, through, level + 1)
            if not self._restricts(fixed):
                return False
            cost, edges, lower = self._restricted(fixed, level + 1, stage=True)
            if cost is not None:
                self._found(cost, edges)
                return True
            self.lower = max(self.lower, lower)
            if lower <= level:  # time ran out
                return True
        return False

    def _restart(self) -> None:
        """Go on as a branch-and-cut on the edges not fixed: its trees and bound become this
        one's (its model goes first: it is not used again)."""
        cost, edges, lower = self._restricted(self.fixed, self.target, drop=True)
        self.lower = max(self.lower, lower)
        if cost is not None and cost < self.target:
            self.best, self.target = (cost, edges), cost

    def _restricted(self, fixed: np.ndarray, upper: int, *, drop=False, stage=False):
        """A branch-and-cut on the edges whose arcs are not both ``fixed`` (each a tree cheaper
        than ``upper`` avoids), with the same root, the cut rows so far and the bound: the
        cost of the tree it finds cheaper than ``upper`` (None if none), the tree's edges and
        its bound on the trees cheaper than ``upper``. With ``drop``, this one's model goes
        before the new one is built (it is not used again); in a ``stage``, the trees it finds
        that are too dear for it come back to this one (and from a stage's restart, they go on
        where the stage's go: too dear for the stage, they may still beat the best tree above
        it)."""
        m = self.m
        small, nodes, edges = restricted_graph(self.g, fixed[:m] & fixed[m:])
        carried = carried_rows(self.model, self.structural, column_map(m, edges))
        if drop:  # the model, flow pattern, heuristic view and pool: their memory goes first
            self.h = self.model = self.pattern = self.whole = self.view = self.pool = None
            self.balls = {}
        if carried is None:  # a cut has no arc left: no tree is cheaper than ``upper``
            return None, [], upper
        root = int(np.searchsorted(nodes, self.root))
        inner = type(self)(small, upper, self.deadline, self.progress, solve=self.solve, root=root)
        inner.carried, inner.lower = carried, self.lower
        inner.started, inner.rounds = self.started, self.rounds
        inner.fixed = np.concatenate([fixed[edges], fixed[edges + m]])

        def outer(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
            # the inner graph's edges as this one's
            return [(int(nodes[a]), int(nodes[b])) for a, b in found]

        if stage:  # its trees that are too dear for it come back here
            inner.above = lambda cost, found: self._found(cost, outer(found))
        elif self.above is not None:  # a stage's restart: they go on where the stage's go
            inner.above = lambda cost, found: self.above(cost, outer(found))
        # a stage's first round reduces its graph again, with its level plus one to beat (its
        # target is below the cost the graph was reduced with)
        inner.reduced_below, inner.again_at = self.reduced_below, self.again_at
        cost, found, lower = inner.run()
        self.rounds, self.cuts = inner.rounds, self.cuts + inner.cuts
        for stat in ("restarts", "lp_seconds", "mip_seconds", "separation_seconds"):
            setattr(self, stat, getattr(self, stat) + getattr(inner, stat))
        if cost is None:
            return None, [], lower
        return cost, outer(found), lower
