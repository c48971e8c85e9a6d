"""The engine: a minimum Steiner tree of a graph given directly, with a proof of optimality.

:func:`steiner_tree` runs the stages in order: the arguments checked and the terminals' component
found (:mod:`._graph`), the weight shift and the upper bound (:mod:`._bounds`,
:mod:`._heuristic`), the reductions (:mod:`._reduce`), then the exact search (:mod:`._search`).
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
from dataclasses import dataclass
from typing import Any

import numpy as np

from letterplay.errors import InputError
from letterplay.progress import ProgressCallback, report
from letterplay.results import Result
from letterplay.steiner._bounds import _FutureBounds, _Problem
from letterplay.steiner._graph import _check, _connects, _Input, _node_ids
from letterplay.steiner._heuristic import _tree_on, _upper_bound
from letterplay.steiner._reduce import _reduce
from letterplay.steiner._search import _Search

__all__ = ["SteinerResult", "steiner_tree"]


@dataclass(frozen=True)
class SteinerResult(Result):
    """A Steiner tree and what is proven about it.

    ``cost`` is edge weights plus node weights of the Steiner nodes; ``edges`` are ``(u, v)`` pairs
    of input node ids with ``u < v``; ``nodes`` every node of the tree, terminals included;
    ``lower_bound`` a proven lower bound on the optimum, and ``optimal`` means it equals ``cost``;
    ``seconds`` the time it took.

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

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: cost, proof, edges (pairs of 0-based ids), nodes, seconds."""
        return {
            "cost": self.cost,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "edges": [list(e) for e in self.edges],
            "nodes": list(self.nodes),
            "seconds": round(self.seconds, 4),
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
        the tree is ``optimal`` (the bound reaches the cost).

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


def _result(check: _Input, nodes: set[int], edge_ids: list[int], lower: int) -> SteinerResult:
    pairs = sorted((int(check.u[e]), int(check.v[e])) for e in edge_ids)
    cost = int(check.c[edge_ids].sum()) + int(check.nw[list(nodes)].sum())
    lower = min(lower, cost)
    return SteinerResult(
        cost=cost,
        edges=pairs,
        nodes=sorted(nodes),
        lower_bound=lower,
        optimal=lower == cost,
        seconds=time.perf_counter() - check.start,
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
) -> SteinerResult:
    """The engine; ``must_search`` (for tests) makes the exact search find the tree itself
    instead of proving the heuristic's tree optimal."""
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
    if len(check.terms) == 1:
        return _result(check, {int(check.terms[0])}, [], 0)
    p = _Problem(check)
    report(progress, "upper bound", 0, 3)
    dist = p.terminal_distances()
    node_bound = _FutureBounds(dist, check.terms, math.inf)((1 << len(check.terms)) - 1)
    lower = int(node_bound[check.terms].max())
    tree = _upper_bound(p, known, check.deadline, progress)
    upper = tree.cost + 1 if must_search else tree.cost
    if lower >= upper or time.perf_counter() > check.deadline:
        return _result(check, tree.nodes, tree.edges, lower - p.offset)
    # strict bound test: only nodes that may lie in a strictly cheaper tree stay
    p.kill((node_bound >= upper) & ~p.is_term)
    reduced = _reduce(p)
    report(progress, "upper bound", 3, 3)
    found, edges, proven = _Search(reduced, upper, check.deadline, progress).run()
    lower = max(lower, proven)
    if found is None and must_search and time.perf_counter() < check.deadline:
        raise AssertionError("the exact search missed the heuristic's tree")
    if found is None:
        return _result(check, tree.nodes, tree.edges, min(lower, tree.cost) - p.offset)
    edge_ids = sorted({e for a, b in edges for e in reduced.path_between(a, b)})
    nodes = {int(x) for e in edge_ids for x in (check.u[e], check.v[e])}
    better = _tree_on(p, nodes | set(check.terms.tolist()))
    if better.cost != found:
        raise AssertionError(f"Steiner search cost {found} but its tree costs {better.cost}")
    return _result(check, better.nodes, better.edges, found - p.offset)
