"""Branch-and-cut on the directed cut formulation, solved by HiGHS.

Every edge becomes two arcs and a terminal is the root; a Steiner tree is then an arborescence
from the root reaching every terminal, and the *cut formulation* asks that every set of nodes
holding the root but not some terminal be left by at least one chosen arc (Wong 1984; Koch &
Martin 1998). Its variables: ``x`` per arc, paying the arc's edge and its head's weight (a node
of a tree has one parent, so its weight is paid once). Its rows, besides the cuts: each other
terminal has a parent (``x(into v) = 1``) and a Steiner node at most one; a Steiner node in the
tree has a child (``x(into v) <= x(out of v)``; Steiner leaves only add cost); and an edge used
either way has its ends in the tree (``x_uv + x_vu <= x(into u)``). A column per node for its
in-degree, as first written, gives the same LP, but HiGHS's dual simplex pivots on those columns
too: a cut round's LP of a 20-word multiplet (10,116 rows), solved from scratch by the serial
simplex, took 1,837 iterations and 0.71 s with them, 771 and 0.28 s without.

There are exponentially many cuts, so they are added as needed (:class:`_BranchAndCut`):

1. The LP relaxation at the root. Its first rows hold the cuts dual ascents from each terminal
   raised (its bound starts at least at theirs; on word graphs, whose LP has many optima at the
   first ascent's bound, the others' cuts lift it sooner) and balls around the terminals (the
   LP's cheapest points close short cycles near each terminal; a ball cuts off all of them).
   Each round: solve; lead a shortest-path heuristic by the LP values (arcs the LP uses are
   cheap to follow); find violated cuts by a maximum flow from the root to each terminal
   (capacities the arc values; in large graphs first on a ball around it, :mod:`._flows`), for
   each the cut next to the root and the one next to the terminal (*back cuts*), and the
   violated edge rows (a round's flows stop at 100 rows, or sooner once they have taken as long
   as its LP: :data:`FEWEST_CUTS`); until none is violated, or the bound stalls once the
   rounds have taken a while (:mod:`._stall`). The bound is computed from the dual values
   again, valid for any dual vector (Neumaier & Shcherbina), so it does not rest on the
   solver's tolerances; arcs whose reduced cost lifts it to the best tree are fixed to 0; once
   half of the edges have both arcs fixed, the branch-and-cut starts again on the rest
   (:mod:`._restrict`). While the best tree is a few above the bound, the trees as cheap as
   the bound are searched alone, on the edges they may use (*stages*): one found is optimal,
   none lifts the bound. A tree well below the upper bound the graph was reduced with, and each
   restart, have the reductions run again on the edges left, with the best tree's cost, and the
   arcs of the edges they remove fixed to 0. Every few rounds the cut rows the LP no longer
   needs are deleted; arcs whose reduced cost is an edge or more leave HiGHS's model until
   priced back (:mod:`._lp`).
2. The integer programme with those rows and a cutoff below the best tree (:mod:`._branch`):
   HiGHS's branch and bound (its own cuts, heuristics and presolve). Each integer solution it
   finds is checked as it comes: one that reaches every terminal is a tree (kept, polished by
   local search); one that leaves a terminal unreached from the root stops the search, which
   starts again with the cuts around the unreached parts (a lazy-constraint loop).

Now and then, and before the branch and bound, the trees found so far are merged: the optimum of
the small graph they span is often cheaper than each; and each new best tree is searched
around, the optimum of the graph of the nodes one edge from it (:mod:`._merge`).

The proof is HiGHS's: ``optimal`` when the search ends, else the best bound it proved (or the
root bound) is the lower bound; each is a bound on a relaxation of the problem, so it is valid.

Examples
--------
>>> from letterplay.steiner._bounds import _Problem
>>> from letterplay.steiner._graph import _check, symmetric_graph
>>> from letterplay.steiner._reduce import _reduce
>>> # four nodes, all six edges of weight 1: nothing for the reductions to take
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 1, 2], [1, 2, 3, 2, 3, 3], [1] * 6)
>>> reduced = _reduce(_Problem(_check(graph, [1, 2, 3])))
>>> cost, edges, lower = _BranchAndCut(reduced, 3, float("inf"), None).run()  # beat 3
>>> cost, len(edges), lower
(2, 2, 2)

References
----------
- R. T. Wong, "A dual ascent approach for Steiner tree problems on a directed graph",
  Mathematical Programming 28 (1984) 271–287. https://doi.org/10.1007/BF02612335
- T. Koch and A. Martin, "Solving Steiner tree problems in graphs to optimality", Networks 32
  (1998) 207–232. https://doi.org/10.1002/(SICI)1097-0037(199810)32:3<207::AID-NET5>3.0.CO;2-O
- D. Rehfeldt and T. Koch, "Implications, conflicts, and reductions for Steiner trees",
  Mathematical Programming 197 (2023) 903–966 (SCIP-Jack).
  https://doi.org/10.1007/s10107-021-01757-5
- A. Neumaier and O. Shcherbina, "Safe bounds in linear and mixed-integer linear programming",
  Mathematical Programming 99 (2004) 283–296. https://doi.org/10.1007/s10107-003-0433-3
- Q. Huangfu and J. A. J. Hall, "Parallelizing the dual revised simplex method", Mathematical
  Programming Computation 10 (2018) 119–142 (HiGHS). https://doi.org/10.1007/s12532-017-0130-5
- W. Ben-Ameur and J. Neto, "Acceleration of cutting-plane and column generation algorithms:
  Applications to network design", Networks 49 (2007) 3–17 (in-out separation).
  https://doi.org/10.1002/net.20137
- M. Fischetti, M. Leitner, I. Ljubić, M. Luipersbeck, M. Monaci, M. Resch, D. Salvagnin and
  M. Sinnl, "Thinning out Steiner trees: a node-based model for uniform edge costs",
  Mathematical Programming Computation 9 (2017) (in-out separation on Steiner trees).
  https://doi.org/10.1007/s12532-016-0111-0
"""

from __future__ import annotations

import math
import time

import numpy as np

from letterplay.progress import report
from letterplay.steiner import _lp
from letterplay.steiner._branch import _Lazy, branch
from letterplay.steiner._dual import ascent_cuts, reduced_distances
from letterplay.steiner._flows import BALL_HOPS, BALL_MIN_ARCS, FLOW_SCALE, _Flows, ball
from letterplay.steiner._heuristic import _guided_tree, _tree_on, _View
from letterplay.steiner._lp import _Pattern, _Rows
from letterplay.steiner._merge import _Pool
from letterplay.steiner._reduce import _Reduced
from letterplay.steiner._restrict import _Restarts
from letterplay.steiner._stall import _Stall

__all__ = ["LP_ROUNDS"]

LP_ROUNDS = 400
"""The most rounds of cut separation at the root before the integer search starts."""

BALL_SHARE = 2.0
"""The ball cuts of the first LP (:meth:`._lp._Pattern.ball_sides`) have at most this many
nonzeros per arc of the graph (on word graphs, the balls up to the root take 1 to 2)."""

POLISH_SECONDS = 0.5
"""The local search on a tree found from a relaxation stops after this many seconds."""

CUTS_PER_ROUND = 100
"""A round of separation stops once it has this many rows (the LP moves on, and the next
round looks again); only a round through every terminal that finds none ends the cutting."""

FEWEST_CUTS = 20
"""A round's flows also stop once they have taken as long as the round's LP solve and found this
many rows (:meth:`_BranchAndCut._flow_cuts`), and the LP moves on (20, the one value tried). On the
SteinLib-like d19 graphs (1,000 nodes, 25,000 edges, 250 terminals) the LP on the edges the
reductions leave solves in 0.01 to 0.03 s and a flow takes some 3 ms, so the flows took 0.2 to 0.5 s
of a round's 0.3 to 0.6: like-d19-1's LP stood a unit below its bound until the stall rule handed
over to the branch and bound, open at 30 s in five of six runs; with each round's flows stopped at
the LP's time, it was proven in 14 and 15 s. On word graphs an LP takes 0.05 to 0.3 s and the flows
on balls a few milliseconds, so their rounds mostly keep their 100 rows (stopped at 30 rows instead,
20-34 and 20-10 were open at 60 s)."""

DROP_ROUNDS = 5
"""Every this many cut rounds the idle cut rows are deleted (:meth:`_BranchAndCut._drop_idle_rows`).
On word graphs the rounds go on long at one LP value (unit weights: a degenerate LP) and rows
pile up, dense ones among them; dropping them every five rounds proved a 20-word multiplet in
13 s instead of 27. An idle row needed again is separated again."""

IN_OUT = 0.5
"""Cuts are separated at this mix of the LP solution and the core point
(:meth:`_BranchAndCut._separate`). On a word graph of 1,203 nodes and 4,760 edges that a
restart left, the cut rounds alone took the LP past the next whole edge in 291 rounds separating
the LP solution, in 86 with this mix and the core moving half way, in 63 moving a quarter."""

CORE_STEP = 0.25
"""After each round the core point moves this share of the way to the LP solution (over the
common-word multiplets of seeds 1 to 35, 94 of 99 proven within 60 s; 92 with a half)."""

IN_OUT_TRIES = 2
"""How many mixes :meth:`_BranchAndCut._separate` tries before the LP solution itself. A mix no
cut holds off is inside every cut and becomes the core (Ben-Ameur & Neto's rule): each graph's
core starts at 1, far from the LP's face, where a first mix finds nothing for rounds on end."""

VIOLATION = 1e-6
"""How far below 1 a cut's value must be to be added."""


class _BranchAndCut(_Restarts):
    """The cut formulation of a reduced graph (see the module): ``run()`` returns, as the
    Dijkstra–Steiner search does, the cost of a tree cheaper than ``upper`` (or None when
    there is none or time ran out), its reduced edges, and a lower bound on the optimum."""

    def __init__(
        self, g: _Reduced, upper: int, deadline: float, progress, *, solve=None, root=None
    ):
        self.g, self.upper, self.deadline, self.progress = g, upper, deadline, progress
        self.solve = solve
        # with the engine to solve small graphs: the trees found are merged (:mod:`._merge`)
        self.pool = None if solve is None else _Pool((g.a, g.b, g.cost), g.r, g.terms, solve)
        # the nodes of a tree as cheap as ``upper`` (the heuristic's), if known, and the node
        # sets of the trees searched around (:meth:`_around`)
        self.start: set[int] | None = None
        self.searched: set[frozenset[int]] = set()
        self.started = time.perf_counter()
        self.n = n = len(g.ids)
        self.m = m = len(g.a)
        self.terms = np.asarray(g.terms, dtype=np.int64)
        self.is_term = np.zeros(n, dtype=bool)
        self.is_term[self.terms] = True
        # arcs j and j + m are the two directions of edge j
        self.src = np.concatenate([g.a, g.b]).astype(np.int64)
        self.dst = np.concatenate([g.b, g.a]).astype(np.int64)
        self.cost = np.concatenate([g.cost, g.cost]).astype(np.int64)
        degree = np.bincount(self.src, minlength=n)
        # the root: the terminal with most neighbours (the most arcs its cuts never need)
        self.root = int(self.terms[np.argmax(degree[self.terms])]) if root is None else root
        self.others = self.terms[self.terms != self.root]
        self.lower = 0
        # the best tree found, and the cost a tree must beat (the best one's, else the upper bound)
        self.best: tuple[int, list[tuple[int, int]]] | None = None
        self.target = upper
        self.rounds = self.cuts = self.restarts = 0
        self.lp_seconds = self.mip_seconds = self.separation_seconds = 0.0
        self.fixed = np.zeros(2 * m, dtype=bool)
        self.pattern = _Pattern(n, self.src, self.dst)
        # the flow graphs of the separation (:meth:`_flow_cuts`): the whole graph's, the balls'
        self.whole: _Flows | None = None
        self.balls: dict[int, _Flows | None] = {}
        self.view = _View((g.a, g.b, g.cost), g.r, g.terms)
        self.h = self.model = None  # the HiGHS model, and it with a copy of its rows
        self.rounds_done = False  # the cut rounds at the root are over
        self.x: np.ndarray | None = None  # the last LP solution
        self.core: np.ndarray | None = None  # the core point of the separation (:meth:`_separate`)
        # the first rows of a restarted branch-and-cut (:mod:`._restrict`), else None; and
        # whether this one is to restart on the arcs not fixed
        self.carried: _Rows | None = None
        self.restrict = False
        # in a stage (:meth:`_stages`) or a restart of one, where the trees too dear for it
        # go: to the one above
        self.above = None
        # the upper bound the graph was reduced with, and the cost of a tree that has it reduced
        # again (:meth:`_reduce_again`; None: never)
        self.reduced_below: int = upper
        self.again_at: float | None = (upper + max(0, g.lower - g.offset)) / 2

    # ------------------------------------------------------------------------------------------
    # The model

    def _build(self) -> None:
        import highspy

        m, g = self.m, self.g
        h = self.h = _lp._highs()
        self.model = _lp._Model(h)
        self.inf = highspy.kHighsInf
        arcs = 2 * m
        upper = np.where(self.dst == self.root, 0.0, 1.0)  # nothing enters the root
        # an arc pays its edge and its head's weight: a node in the tree has one parent
        costs = (self.cost + g.r[self.dst]).astype(np.float64)
        self.model.add_columns(costs, np.zeros(arcs), upper)
        # a terminal has a parent, a Steiner node at most one and then a child, some arc
        # leaves the root
        rows = _lp.node_rows(self.src, self.dst, self.root, ~self.is_term)
        self.structural = len(rows)  # the rows after these are cuts, which may go again
        self.model.add(rows)
        if self.carried is None:
            self.model.add(self._first_cuts())
        else:  # a restart: the rows so far, the arcs fixed so far
            self.model.add(self.carried)
            self._fix(self.fixed)
        # the cut rounds re-solve from the last basis: the dual simplex, without presolve
        h.setOptionValue("presolve", "off")
        _lp._dual_simplex(h)

    def _first_cuts(self) -> _Rows:
        """The cuts of the first LP: those of dual ascents, and balls around the terminals."""
        g, arcs, inf, rows = self.g, 2 * self.m, self.inf, _Rows()
        # the cuts of dual ascents: the first LP is at least as strong as their bounds
        seconds = 0.05 * (self.deadline - self.started)  # a twentieth of the time at most
        bound, cuts = ascent_cuts((g.a, g.b, g.cost), g.r, self.terms, self.root, seconds=seconds)
        self.lower = max(self.lower, bound)
        for cut in cuts:
            rows.add(cut, np.ones(len(cut)), 1, inf)
        seen, zero = set(), np.zeros(arcs)  # and balls around the terminals: short cycles go
        for side in self.pattern.ball_sides(self.root, self.others, BALL_SHARE * arcs):
            self._cut_row(side, rows, zero, seen)
        return rows

    # ------------------------------------------------------------------------------------------
    # Separation

    def _edge_rows(self, x: np.ndarray, rows: _Rows) -> None:
        """Violated rows ``x_uv + x_vu <= x(into u)`` (u not the root), as
        :func:`._lp.edge_rows` writes them."""
        m = self.m
        both = np.tile(x[:m] + x[m:], 2)
        bad = (both > self._in_degrees(x)[self.src] + VIOLATION) & (self.src != self.root)
        if bad.any():
            _lp.edge_rows(self.pattern, np.flatnonzero(bad), rows)

    def _in_degrees(self, x: np.ndarray) -> np.ndarray:
        """Each node's in-degree in the solution ``x``: its value in the tree (1 for a node of
        a tree, which has one parent)."""
        return np.bincount(self.dst, weights=x, minlength=self.n)

    def _cut_row(self, inside: np.ndarray, rows: _Rows, x: np.ndarray, seen: set) -> bool:
        """Add the cut of the arcs leaving ``inside`` (it holds the root, not every terminal)
        when violated and new; True when added."""
        arcs = np.flatnonzero(inside[self.src] & ~inside[self.dst] & ~self.fixed)
        if x[arcs].sum() >= 1 - VIOLATION:
            return False
        key = hash(arcs.tobytes())
        if key in seen:
            return False
        seen.add(key)
        rows.add(arcs, np.ones(len(arcs)), 1, self.inf)
        return True

    def _separate(self, x: np.ndarray, rows: _Rows, *, seconds: float = math.inf) -> None:
        """The flow cuts of a mix of the LP solution ``x`` and a *core point* inside the cut
        polytope (*in-out separation*: Ben-Ameur & Neto; Fischetti et al.), else of ``x``; the
        core starts at 1 (each restart and stage afresh) and moves :data:`CORE_STEP` of the way
        to ``x``. On word graphs the LP jumps between vertices of a flat face; the cuts of a
        point inside cut deeper. Each point's flows may stop after ``seconds`` (the LP's,
        :data:`FEWEST_CUTS`)."""
        core = np.ones_like(x) if self.core is None else self.core
        before = len(rows)
        for _ in range(IN_OUT_TRIES):
            mix = IN_OUT * x + (1.0 - IN_OUT) * core
            self._flow_cuts(mix, rows, seconds=seconds)
            if len(rows) > before:
                break
            core = mix  # inside every cut, and nearer the LP solution (:data:`IN_OUT_TRIES`)
        else:
            self._flow_cuts(x, rows, seconds=seconds)
        self.core = core + CORE_STEP * (x - core)

    def _flow_cuts(self, x: np.ndarray, rows: _Rows, *, seconds: float = math.inf) -> None:
        """Violated cuts by maximum flow from the root to each terminal; for each, the cut next
        to the root and the one next to the terminal; until :data:`CUTS_PER_ROUND` rows, or
        :data:`FEWEST_CUTS` once the flows have taken ``seconds``. The flow is found first on a
        ball around the terminal (:mod:`._flows`), then, when a unit gets through there, on the
        whole graph."""
        cap = np.floor(x * FLOW_SCALE).astype(np.int64)
        cap[self.fixed] = 0
        capacity = cap[self.pattern.order]  # by the pattern's positions
        whole = None  # the whole graph's capacities, at its first flow (balls may do them all)
        seen: set = set()
        local = self._ball(self.root)
        if local is not None:  # on the arcs reversed, the flow from the rest into the root
            sides = local.cut(local.capacities(capacity[self.pattern.reverse]), self.root)
            if sides is not None:
                rest, root_side = sides
                self._cut_row(root_side, rows, x, seen)
                self._cut_row(~rest, rows, x, seen)
        order = np.random.default_rng(self.rounds).permutation(self.others)
        until = time.perf_counter() + seconds
        for i, t in enumerate(order.tolist()):
            now = time.perf_counter()
            if now > self.deadline or len(rows) >= CUTS_PER_ROUND:
                return
            if now > until and len(rows) >= FEWEST_CUTS:  # the LP's turn (:data:`FEWEST_CUTS`)
                return
            if i % 16 == 15:
                report(self.progress, "cutting planes", self.rounds, LP_ROUNDS)
            local = self._ball(t)
            sides = None if local is None else local.cut(local.capacities(capacity), t)
            if sides is None:
                if self.whole is None:
                    everything = np.flatnonzero(np.arange(self.n) != self.root)
                    self.whole = _Flows(self.pattern, everything)
                if whole is None:
                    whole = self.whole.capacities(capacity)
                sides = self.whole.cut(whole, t)
            if sides is None:
                continue
            near, far = sides
            self._cut_row(near, rows, x, seen)
            self._cut_row(~far, rows, x, seen)

    def _ball(self, t: int) -> _Flows | None:
        """The flow graph of the ball around terminal ``t`` (built at its first use; the root's
        keeps the other terminals out, the others' the root), or None when it holds only ``t``
        or the graph has fewer than :data:`._flows.BALL_MIN_ARCS` arcs. The balls together hold
        at most twice the graph's arcs, each at most a quarter."""
        if 2 * self.m < BALL_MIN_ARCS:
            return None
        if t not in self.balls:
            arcs = 2 * self.m
            most = min(arcs // 4, 2 * arcs // len(self.others))
            apart = self.is_term.copy() if t == self.root else np.arange(self.n) == self.root
            nodes = ball(self.pattern, t, apart, hops=BALL_HOPS, most=most)
            self.balls[t] = _Flows(self.pattern, nodes) if len(nodes) > 1 else None
        return self.balls[t]

    # ------------------------------------------------------------------------------------------
    # Bounds

    def _ceil(self, value):
        """The least integer cost at least ``value`` (each of an array's), less a margin for
        rounding errors."""
        up = np.ceil(value - 1e-9 * np.maximum(1.0, np.abs(value)) - 1e-7)
        return int(up) if np.ndim(up) == 0 else up

    def _fix_by_reduced_costs(self, bound: float, reduced: np.ndarray) -> np.ndarray:
        """Arcs and nodes in no tree cheaper than the target, by the LP's reduced costs: their
        arcs fixed to 0. A tree costs the bound plus each column's reduced cost times its
        distance from the end of its range the bound took, every term at least 0; a tree
        through ``v`` holds a path from the root to ``v`` and one from ``v`` on to a terminal,
        each arc of which adds its reduced cost (Polzin & Vahdati Daneshmand's test, on the
        LP's reduced costs instead of a dual ascent's). A terminal that far from the root lifts
        the lower bound. Returns the distances (:meth:`_beyond` takes them)."""
        arcs = 2 * self.m
        weights = np.maximum(reduced, 0.0)
        live = ~self.fixed & (self.dst != self.root)
        from_root, to_terms = reduced_distances(
            self.src[live],
            self.dst[live],
            weights[live],
            n=self.n,
            root=self.root,
            terms=self.others.tolist(),
        )
        reach = int(self._lifted(bound, from_root[self.others], self.target).max())
        self.lower = max(self.lower, min(reach, self.target))
        through = np.full(arcs + self.n, np.inf)
        through[:arcs] = from_root[self.src] + weights + to_terms[self.dst]
        through[arcs:] = from_root + to_terms
        through[arcs + self.terms] = -np.inf  # a terminal is in every tree
        fix = self._beyond(bound, through, self.target)
        if fix.any():
            self._fix(fix)
        return through

    def _lifted(self, bound: float, distance: np.ndarray, target: int) -> np.ndarray:
        """The least integer cost of a tree ``distance`` (in reduced costs) from the ``bound``;
        past ``target``, ``target + 1`` (an infinite distance is no tree)."""
        return self._ceil(np.minimum(bound + distance, target + 1.0))

    def _beyond(self, bound: float, through: np.ndarray, target: int) -> np.ndarray:
        """The arcs not fixed yet that lie in no tree cheaper than ``target``: those whose least
        tree (``through``: reduced-cost distances of the arcs, then of the nodes) costs at
        least that much, and those at a node whose does."""
        arcs = 2 * self.m
        beyond = self._lifted(bound, through, target) >= target
        out = beyond[arcs:]
        return ~self.fixed & (beyond[:arcs] | out[self.src] | out[self.dst])

    def _fix(self, arcs: np.ndarray) -> None:
        """Fix the arcs of the mask ``arcs`` to 0, in :attr:`fixed` and in the model."""
        self.fixed |= arcs
        self.model.fix(np.flatnonzero(arcs))

    # ------------------------------------------------------------------------------------------
    # The search

    def _found(self, cost: int, edges: list[tuple[int, int]]) -> None:
        """A tree of ``cost``: when cheaper than any before (and the target), polished by local
        search and kept as the best so far."""
        if self.pool is not None:
            self.pool.add(cost, edges)
        if cost >= self.target:
            if self.above is not None:  # a stage's tree may still beat the one above's best
                self.above(cost, edges)
            return
        nodes = {x for e in edges for x in e} | set(self.terms.tolist())
        tree = self.view.polish(nodes, min(self.deadline, time.perf_counter() + POLISH_SECONDS))
        if tree.cost < cost:
            a, b = self.g.a, self.g.b
            cost, edges = tree.cost, [(int(a[j]), int(b[j])) for j in tree.edges]
        if cost < self.target:
            self.best, self.target = (cost, edges), cost

    def _lp_tree(self, x: np.ndarray) -> None:
        """The shortest-path heuristic led by the LP: arcs the LP uses are cheap to follow."""
        guide = self.cost * np.clip(1.0 - x, 0.0, 1.0)
        guide[self.fixed] = np.inf
        guide[self.dst == self.root] = np.inf
        g = self.g
        tree = _guided_tree(
            (g.a, g.b, g.cost), g.r, self.terms.tolist(), root=self.root, guide=guide
        )
        if tree is not None:
            self._found(tree[0], [(int(g.a[j]), int(g.b[j])) for j in tree[1].tolist()])

    def _node_tree(self, x: np.ndarray) -> None:
        """The tree spanning the nodes of an integer solution, when they join the terminals."""
        inside = np.flatnonzero(self._in_degrees(x) > 0.5)
        nodes = set(inside.tolist()) | set(self.terms.tolist())
        tree = _tree_on(self.view, nodes)  # type: ignore[arg-type]
        if len(tree.edges) == len(tree.nodes) - 1:
            self._found(tree.cost, [(int(self.g.a[j]), int(self.g.b[j])) for j in tree.edges])

    def _merge(self) -> None:
        """The optimum of the graph the best trees so far span (when the pool has grown enough),
        kept when it is a better tree."""
        if self.pool is not None and self.lower < self.target:
            # only a cheaper tree is wanted, but a stage's dearer ones may serve the one above
            cutoff = self.target if self.above is None else None
            found = self.pool.merge(self.deadline, self.progress, cutoff=cutoff)
            if found is not None:
                self._found(*found)

    def _around(self) -> None:
        """The optimum of the graph near the best tree (:meth:`._merge._Pool.around`), once
        for each best tree, and again around a cheaper one it finds."""
        while self.pool is not None and self.above is None and self.lower < self.target:
            tree = self.start if self.best is None else {x for e in self.best[1] for x in e}
            if tree is None or frozenset(tree) in self.searched:
                return
            # a tree skipped stays skipped: these searches' share of the time only shrinks, and
            # the graph near the tree stays as large
            self.searched.add(frozenset(tree))
            found = self.pool.around(tree, self.deadline, self.progress, self.target)
            if found is None:
                return
            self._found(*found)

    def _drop_idle_rows(self) -> None:
        """Delete the cut rows the last LP solution meets with room to spare. Idle at the
        optimum and, those taken near the root, dense: on SteinLib-like d19 graphs they made
        HiGHS's presolve of the integer programme ten times slower (8 s instead of 0.6), and
        each start of the lazy-constraint loop pays it."""
        idle = _lp.idle_rows(self.model, self.x, first=self.structural)
        if len(idle):
            self.model.delete(idle)

    def _root_lp(self) -> None:
        """Cut rounds on the LP relaxation, a tree led by each LP solution, until no cut is
        violated, the bound meets the best tree, or the bound stalls (:mod:`._stall`)."""
        import highspy

        h = self.h
        stall = _Stall(
            started=self.started, deadline=self.deadline, target=self.target, lower=self.lower
        )
        while self.rounds < LP_ROUNDS and self.lower < self.target:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                return
            _lp._lp_time_limit(h, max(left, 1e-3))
            start = time.perf_counter()
            self.model.solve()
            solved = time.perf_counter() - start
            self.lp_seconds += solved
            if self.state.error is not None:
                raise self.state.error
            if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                return
            self.rounds += 1
            bound, reduced = _lp.safe_bound(self.model)  # valid whatever the duals' accuracy
            self.lower = max(self.lower, self._ceil(bound))
            report(self.progress, "cutting planes", self.rounds, LP_ROUNDS)
            x = self.x = self.model.solution()[0]
            self._lp_tree(x)
            self._merge()  # when enough new trees have come
            self._around()  # when the best tree is new
            if self.lower >= self.target:
                return
            if self._reduces_again():
                self._reduce_again()
            through = self._fix_by_reduced_costs(bound, reduced)
            if self._stages(bound, through) or self.lower >= self.target:
                return
            if self._restricts(self.fixed):
                if self.again_at is not None:  # the reductions first, on the edges left
                    self._reduce_again()
                self.restrict = True  # start again on the rest (:mod:`._restrict`)
                return
            if self.rounds % DROP_ROUNDS == 0:
                self._drop_idle_rows()
            rows = _Rows()
            start = time.perf_counter()
            self._edge_rows(x, rows)
            self._separate(x, rows, seconds=solved)
            self.separation_seconds += time.perf_counter() - start
            if not len(rows):
                return
            self.cuts += len(rows)
            self.model.add(rows)
            # while the rounds are cheap they go on (every cut makes the branch and bound's
            # integer solutions likelier trees)
            if stall.stops(
                time=time.perf_counter(),
                bound=bound,
                target=self.target,
                lower=self.lower,
                m=self.m,
            ):
                return

    def run(self) -> tuple[int | None, list[tuple[int, int]], int]:
        """Search; returns (cost of a cheaper tree or None, its reduced edges, lower bound)."""
        if len(self.others) == 0:
            return 0, [], 0
        if not self.m:  # terminals apart (the reductions left no tree cheaper than ``upper``)
            return None, [], self.upper
        with _lp._searches():  # another search in the process keeps HiGHS to one core
            self._build()
            self.state = _Lazy(self)
            # long LP solves report progress too, and stop at a cancellation
            self.h.cbSimplexInterrupt.subscribe(self.state.interrupt)
            try:
                self._root_lp()
                steps = () if self.restrict else (self._merge, self._around, lambda: branch(self))
                for step in steps:
                    if self.lower < self.target and time.perf_counter() < self.deadline:
                        step()
            finally:
                self.h.cbSimplexInterrupt.unsubscribe(self.state.interrupt)
            if self.restrict:
                self._restart()
        lower = min(self.lower, self.target)
        if self.best is None:
            return None, [], lower
        return self.best[0], self.best[1], lower
