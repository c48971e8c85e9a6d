"""The engine: a minimum Steiner tree of a graph given directly, with a proof of optimality.

:func:`steiner_tree` runs the stages in order: the arguments checked and the terminals' component
found (:mod:`._graph`), the weight shift and the upper bound (:mod:`._bounds`,
:mod:`._heuristic`), the reductions and the dual ascent (:mod:`._reduce`, :mod:`._dual`), then
the exact searches chosen for the instance (:mod:`._search`, :mod:`._cut`; see :func:`_plan`).
The proof is the lower bound: it equals the cost when the search finishes. With a time limit the
best tree found and the best lower bound reached are returned, ``optimal`` telling which case it
is.

Examples
--------
>>> from letterplay.steiner._graph import symmetric_graph
>>> graph = symmetric_graph(4, [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3])
>>> result = steiner_tree(graph, [1, 2, 3])
>>> result.cost, result.edges, result.optimal
(3, [(0, 1), (0, 2), (0, 3)], True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np

from letterplay.errors import InputError
from letterplay.progress import ProgressCallback, report
from letterplay.results import Result
from letterplay.steiner._bounds import _FutureBounds, _Problem
from letterplay.steiner._cut import _BranchAndCut
from letterplay.steiner._graph import _check, _connects, _Input, _node_ids
from letterplay.steiner._heuristic import _tree_on, _upper_bound
from letterplay.steiner._reduce import TESTS, _reduce
from letterplay.steiner._search import _Search

__all__ = ["SteinerResult", "steiner_tree"]


@dataclass(frozen=True)
class SteinerResult(Result):
    """A Steiner tree and what is proven about it.

    ``cost`` is edge weights plus node weights of the Steiner nodes; ``edges`` are ``(u, v)`` pairs
    of input node ids with ``u < v``; ``nodes`` every node of the tree, terminals included;
    ``lower_bound`` a proven lower bound on the optimum, and ``optimal`` means it equals ``cost``;
    ``seconds`` the time it took; ``method`` what proved it (``bounds``: the lower bounds met the
    heuristic's tree before any search; else the search that ran last, ``dijkstra-steiner`` or
    ``branch-and-cut``); ``reductions`` the nodes and edges each reduction test removed.

    Examples
    --------
    >>> tree = SteinerResult(
    ...     cost=2, edges=[(0, 1), (0, 2)], nodes=[0, 1, 2], lower_bound=2, optimal=True,
    ...     seconds=0.01,
    ... )
    >>> tree.to_dict()["edges"]
    [[0, 1], [0, 2]]
    """

    cost: int
    edges: list[tuple[int, int]]
    nodes: list[int]
    lower_bound: int
    optimal: bool
    seconds: float
    method: str = "bounds"
    reductions: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: cost, proof, edges (pairs of 0-based ids), nodes, seconds, the exact
        method that ran and what each reduction removed."""
        return {
            "cost": self.cost,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "edges": [list(e) for e in self.edges],
            "nodes": list(self.nodes),
            "seconds": round(self.seconds, 4),
            "method": self.method,
            "reductions": {test: dict(counts) for test, counts in self.reductions.items()},
        }


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

    A *Steiner tree* is a tree of the graph that contains every terminal; its other nodes are
    *Steiner nodes*, and its *cost* is the sum of its edge weights plus the node weights of its
    Steiner nodes.

    Parameters
    ----------
    graph : scipy sparse matrix
        A symmetric matrix of non-negative integer edge weights (stored zeros are zero-weight
        edges; the diagonal is ignored).
    terminals : sequence of int
        Node ids (whole numbers from 0 to n - 1) the tree must join; at least one.
    node_weights : sequence of int, optional
        One non-negative integer per node, paid for each non-terminal node of the tree. Edge and
        node weights together may add up to at most 2**52 (so every cost stays exact).
    time_limit : float, optional
        Seconds (finite, at least 0): the search stops early and returns the best tree and bound.
    progress : callable, optional
        ``progress(description, done, total)``, called now and then.
    start_nodes : sequence of int, optional
        The nodes of a known connected tree containing the terminals, for example the optimum
        of the same graph under other weights: the result is never worse than the best tree on
        those nodes.

    Returns
    -------
    SteinerResult
        The tree (``edges``, ``nodes``), its ``cost``, the ``lower_bound`` proven and whether
        the tree is ``optimal`` (the bound reaches the cost); the ``method`` that proved it
        (``bounds``, ``dijkstra-steiner`` or ``branch-and-cut``) and the nodes and edges each
        reduction test removed (``reductions``).

    Raises
    ------
    InputError
        For bad input, naming the parameter.
    NoSolutionError
        When the terminals lie in different components (the error names the groups).

    Examples
    --------
    A star beats the direct edges between three terminals:

    >>> import scipy.sparse as sp
    >>> u, v, w = [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3]
    >>> graph = sp.csr_array((w + w, (u + v, v + u)), shape=(4, 4))
    >>> result = steiner_tree(graph, [1, 2, 3])
    >>> result.cost, result.edges, result.optimal
    (3, [(0, 1), (0, 2), (0, 3)], True)

    A node weight is paid for each Steiner node:

    >>> path = sp.csr_array(([2, 2, 2, 2], ([0, 1, 1, 2], [1, 0, 2, 1])), shape=(3, 3))
    >>> steiner_tree(path, [0, 2], node_weights=[0, 5, 0]).cost
    9
    >>> steiner_tree(path, [0, 0.5])
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `terminals` must be node ids (whole numbers), not 0.5

    References
    ----------
    - S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact
      goal-oriented Steiner tree algorithm", Mathematical Programming Computation 9 (2017)
      135–202. https://doi.org/10.1007/s12532-016-0110-1
    - S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971)
      195–207. https://doi.org/10.1002/net.3230010302
    """
    return _solve(
        graph,
        terminals,
        node_weights=node_weights,
        time_limit=time_limit,
        progress=progress,
        start_nodes=start_nodes,
    )


def _result(
    check: _Input, nodes: set[int], edge_ids: list[int], lower: int, *, how: tuple[str, dict]
) -> SteinerResult:
    pairs = sorted((int(check.u[e]), int(check.v[e])) for e in edge_ids)
    cost = int(check.c[edge_ids].sum()) + int(check.nw[list(nodes)].sum())
    lower = min(lower, cost)
    method, removed = how
    return SteinerResult(
        cost=cost,
        edges=pairs,
        nodes=sorted(nodes),
        lower_bound=lower,
        optimal=lower == cost,
        seconds=time.perf_counter() - check.start,
        method=method,
        reductions={
            test: dict(zip(("nodes", "edges"), removed.get(test, (0, 0)), strict=True))
            for test in TESTS
        },
    )


def _solve(
    graph,
    terminals,
    *,
    node_weights=None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    start_nodes: Sequence[int] | None = None,
    must_search: bool = False,
    method: str | None = None,
    merge: bool = True,
    cutoff: int | None = None,
) -> SteinerResult:
    """The engine; ``must_search`` (for tests) makes the exact search find the tree itself
    instead of proving the heuristic's tree optimal, ``method`` (for tests and benchmarks)
    forces one: ``"dijkstra-steiner"`` or ``"branch-and-cut"``, and ``merge`` lets the
    branch-and-cut merge its trees (:mod:`._merge`, which solves the graph they span with this
    engine, merging nothing there). With a ``cutoff`` only trees cheaper than it are searched
    for (a merge wants none other): the reductions take all the rest away, and when there is
    none the result is the heuristic's tree, its lower bound the cutoff once that is proven."""
    check = _check(
        graph, terminals, node_weights=node_weights, time_limit=time_limit, progress=progress
    )
    known = None
    if start_nodes is not None:
        known = set(_node_ids("start_nodes", start_nodes, check.n).tolist())
        known |= set(check.terms.tolist())
        if not _connects(check, known):
            raise InputError(
                "`start_nodes` do not form a connected subgraph with the terminals",
                parameter="start_nodes",
            )
    nothing: tuple[str, dict] = ("bounds", {})
    if len(check.terms) == 1:
        return _result(check, {int(check.terms[0])}, [], 0, how=nothing)
    p = _Problem(check)
    report(progress, "upper bound", 0, 3)
    dist = p.terminal_distances()
    node_bound = _FutureBounds(dist, check.terms, math.inf)((1 << len(check.terms)) - 1)
    lower = int(node_bound[check.terms].max())
    # with no residual node weights (edge weights only, or a multiplet's word graph, where
    # every link word costs the same) the heuristic's arc distances are these metric ones;
    # it walks down them, which needs every edge to cost something
    known_dist = None if p.r.any() or not p.ce[p.edge_alive].all() else dist
    del dist
    tree = _upper_bound(p, known, check.deadline, progress, dist=known_dist)
    del known_dist
    margin = 1 if must_search else 0  # the upper bound stays above a tree found
    upper = tree.cost + margin
    if cutoff is not None:
        upper = min(upper, cutoff + p.offset)
    if lower >= upper or time.perf_counter() > check.deadline:
        return _result(check, tree.nodes, tree.edges, lower - p.offset, how=nothing)
    # the bound test: only nodes that may lie in a strictly cheaper tree stay
    before = (int(p.alive.sum()), int(p.edge_alive.sum()))
    p.kill((node_bound >= upper) & ~p.is_term)
    bound_removed = [before[0] - int(p.alive.sum()), before[1] - int(p.edge_alive.sum())]
    report(progress, "reductions", 0, 1)
    reduced = _reduce(p, upper, check.deadline, margin=margin, progress=progress)
    reduced.removed["bound"] = bound_removed
    if reduced.incumbent is not None:
        nodes = {int(x) for e in reduced.incumbent[1] for x in (check.u[e], check.v[e])}
        guided = _tree_on(p, nodes | set(check.terms.tolist()))
        if guided.cost < tree.cost:
            tree, upper = guided, min(upper, guided.cost + margin)
    report(progress, "upper bound", 3, 3)
    lower = max(lower, min(reduced.lower, upper))
    how: tuple[str, dict] = ("bounds", reduced.removed)
    best = None  # a tree a search found: its input edges and cost
    small = partial(_solve, merge=False) if merge else None  # the engine for merges
    for chosen, until in _plan(reduced, method, check.deadline):
        if lower >= upper:
            break
        if chosen == "dijkstra-steiner":
            engine = _Search(reduced, upper - reduced.offset, until, progress)
        else:
            engine = _BranchAndCut(reduced, upper - reduced.offset, until, progress, solve=small)
            if best is None:  # the heuristic's tree, where the reduced graph has its nodes
                where = np.full(check.n, -1, dtype=np.int64)
                where[np.asarray(reduced.ids, dtype=np.int64)] = np.arange(len(reduced.ids))
                mine = where[np.fromiter(tree.nodes, dtype=np.int64)]
                engine.start = set(mine[mine >= 0].tolist())
        found, edges, proven = engine.run()
        how = (chosen, reduced.removed)
        lower = max(lower, proven + reduced.offset)
        if found is not None:
            edge_ids = {e for a, b in edges for e in reduced.path_between(a, b)}
            best = sorted(edge_ids | set(reduced.fixed)), found + reduced.offset
            upper = min(upper, best[1])
    if best is None and must_search and time.perf_counter() < check.deadline:
        raise AssertionError("the exact search missed the heuristic's tree")
    if best is None:
        return _result(check, tree.nodes, tree.edges, min(lower, tree.cost) - p.offset, how=how)
    nodes = {int(x) for e in best[0] for x in (check.u[e], check.v[e])}
    better = _tree_on(p, nodes | set(check.terms.tolist()))
    if better.cost > best[1]:
        raise AssertionError(f"the exact search's tree costs {best[1]} but is {better.cost}")
    return _result(check, better.nodes, better.edges, min(lower, better.cost) - p.offset, how=how)


SEARCH_MAX_TERMINALS = 12
"""Up to this many terminals (left after the reductions) the Dijkstra–Steiner search runs
first, then the branch-and-cut; beyond, the other way round (see :func:`_plan`)."""

BOTH_MAX_TERMINALS = 24
"""Beyond this many terminals only the branch-and-cut runs: the Dijkstra–Steiner search keeps
a label per node and subset of terminals, and proves no such instance in a minute."""

DENSE_DEGREE = 6.0
"""Beyond :data:`SEARCH_MAX_TERMINALS` terminals, a reduced graph whose average degree exceeds
this is left to the branch-and-cut alone (with fewer, the search runs first, but briefly:
:data:`DENSE_SEARCH_SHARE`). Where the Dijkstra–Steiner search proved a PACE
instance of 13 to 24 terminals that the branch-and-cut did not, the reduced graph was sparse
(average degree 3.3 to 3.7: grids); a multiplet's word graph has 8 to 13, and there the search
proves nothing in a minute while the cut rounds, given the time, do (a 20-word multiplet: open
with a quarter of a minute, proven in 31 s with all of it)."""

DENSE_SEARCH_SHARE = 0.1
"""Up to :data:`SEARCH_MAX_TERMINALS` terminals on a dense graph (:data:`DENSE_DEGREE`), the
share of the time the Dijkstra–Steiner search gets before the branch-and-cut (without a limit,
:data:`DENSE_SEARCH_SECONDS`). Measured with each method forced, 60 s each: on the dense PACE
and SteinLib instances of up to 12 terminals the search proved every one in at most 1.2 s
(the branch-and-cut left one open: PACE instance011, 64 nodes and 288 edges), while on eight
multiplets of 10 to 12 words the branch-and-cut was the faster on every one (the 12 colours
5.0 s against 9.9) and proved one in 19 s that the search left open; with half the minute the
search took the time that one needed."""

DENSE_SEARCH_SECONDS = 5.0
"""Without a limit, the seconds of :data:`DENSE_SEARCH_SHARE`."""

FIRST_SHARE = {"dijkstra-steiner": 0.5, "branch-and-cut": 0.25}
"""The share of the time left that the method running first gets, when there is a limit."""

FIRST_SECONDS = {"dijkstra-steiner": 30.0, "branch-and-cut": 10.0}
"""The seconds the method running first gets when there is no limit."""


def _plan(reduced, method: str | None, deadline: float) -> list[tuple[str, float]]:
    """The exact methods to run in turn, each with the time it must stop by.

    Measured on the 78 shared PACE track-1 instances with 10 to 30 terminals, 20 s each (each
    method forced): Dijkstra–Steiner proved 60 and branch-and-cut 60, but not the same ones;
    either proved 68. Up to 12 terminals Dijkstra–Steiner proves every one in at most 3 s,
    while the LP is weak on some (grids with two edge weights, hypercubes). From 13 to 24 the
    branch-and-cut, when it wins, wins within a few seconds (weights spanning 1 to 100,000,
    unit-weight word graphs), while Dijkstra–Steiner needs 2 to 15 s where it wins (grids):
    the branch-and-cut goes first for a quarter of the time, then Dijkstra–Steiner, unless the
    graph is dense (:data:`DENSE_DEGREE`): then the branch-and-cut alone, and up to 12
    terminals Dijkstra–Steiner first only briefly (:data:`DENSE_SEARCH_SHARE`). Beyond 24
    terminals only the branch-and-cut proves any. A forced ``method`` runs alone."""
    if method is not None:
        return [(method, deadline)]
    k = len(reduced.terms)
    dense = 2 * len(reduced.a) > DENSE_DEGREE * len(reduced.ids)
    if k > BOTH_MAX_TERMINALS or (k > SEARCH_MAX_TERMINALS and dense):
        return [("branch-and-cut", deadline)]
    first, second = (
        ("dijkstra-steiner", "branch-and-cut")
        if k <= SEARCH_MAX_TERMINALS
        else ("branch-and-cut", "dijkstra-steiner")
    )
    now = time.perf_counter()
    share, seconds = FIRST_SHARE[first], FIRST_SECONDS[first]
    if dense:  # few terminals (else the branch-and-cut runs alone): the search briefly
        share, seconds = DENSE_SEARCH_SHARE, DENSE_SEARCH_SECONDS
    budget = seconds if math.isinf(deadline) else share * (deadline - now)
    return [(first, min(deadline, now + budget)), (second, deadline)]
