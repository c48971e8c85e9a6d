"""Merging trees (:mod:`letterplay.steiner._merge`): the tree a merge returns is the optimum of
the graph the pooled trees span, so never dearer than any of them; the branch-and-cut merges
the trees it finds and still proves the optimum."""

from __future__ import annotations

import math
import time
from functools import partial
from unittest.mock import patch

import numpy as np
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import minimum_spanning_tree

from graphs import graph
from letterplay.steiner._cut import _BranchAndCut
from letterplay.steiner._graph import prune_leaves, tree_cost
from letterplay.steiner._merge import MERGE_FIRST, MERGE_GROWTH, _Pool
from letterplay.steiner._tree import _solve
from letterplay.steiner.simple import simple_steiner_tree
from test_steiner_cut import instances, unreduced
from test_steiner_exact import instances as exact_instances

small = partial(_solve, merge=False)


def compact_graph(compact) -> sp.csr_array:
    """The compact graph as a matrix of its edge costs."""
    costs = zip(compact.a.tolist(), compact.b.tolist(), compact.cost.tolist(), strict=True)
    return graph(len(compact.ids), {(a, b): c for a, b, c in costs})


def spans_a_tree(compact, edges: list[tuple[int, int]]) -> bool:
    """``edges`` form one tree holding every terminal."""
    nodes = {x for e in edges for x in e} | set(compact.terms)
    if len(edges) != len(nodes) - 1:
        return False
    parent = {x: x for x in nodes}

    def root(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in edges:
        parent[root(a)] = root(b)
    return len({root(x) for x in nodes}) == 1


def optimum_within(compact, nodes: list[int]) -> int:
    """The optimum of the graph of the (increasing) ``nodes`` alone, by brute force."""
    local = {x: i for i, x in enumerate(nodes)}
    inside = {
        (local[int(a)], local[int(b)]): int(c)
        for a, b, c in zip(compact.a, compact.b, compact.cost, strict=True)
        if int(a) in local and int(b) in local
    }
    return simple_steiner_tree(
        graph(len(nodes), inside),
        [local[int(t)] for t in compact.terms],
        node_weights=compact.r[nodes],
    ).cost


def random_tree(compact, rng) -> list[tuple[int, int]]:
    """A tree holding the terminals, far from the best: a spanning tree of random weights, its
    Steiner leaves pruned (the compact graph is connected)."""
    n = len(compact.ids)
    weights = sp.csr_array(
        (rng.random(len(compact.a)) + 0.01, (compact.a, compact.b)), shape=(n, n)
    )
    spanning = minimum_spanning_tree(weights).tocoo()
    pairs = zip(spanning.row.tolist(), spanning.col.tolist(), strict=True)
    edges = {(min(a, b), max(a, b)) for a, b in pairs}
    return sorted(prune_leaves(edges, map(int, compact.terms)))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_a_merge_is_the_optimum_of_the_pooled_trees_graph(instance, seed, count):
    """Random trees are pooled; with two or more, the merge is a tree of the
    graph, the optimum of the subgraph their nodes span (brute force), so no dearer than the
    cheapest of them."""
    n, edges, terminals, weights = instance
    compact, _ = unreduced(n, edges, terminals, weights)
    if len(compact.terms) < 2:
        return
    pool = _Pool((compact.a, compact.b, compact.cost), compact.r, compact.terms, small)
    pool.first = 2
    matrix = compact_graph(compact)

    def cost_of(tree):
        return tree_cost(matrix, tree, compact.terms, node_weights=compact.r)

    rng = np.random.default_rng(seed)
    costs = []
    for _ in range(count):
        tree = random_tree(compact, rng)
        costs.append(cost_of(tree))
        pool.add(costs[-1], tree)
    merged = pool.merge(math.inf, None)
    if len(pool.trees) < 2:  # one tree: nothing to merge
        assert merged is None
        return
    assert merged is not None
    cost, tree = merged
    assert spans_a_tree(compact, tree)
    assert cost == cost_of(tree) <= min(costs)
    # the optimum of the graph the pooled trees span
    assert cost == optimum_within(compact, sorted(set().union(*pool.trees)))
    assert pool.merge(math.inf, None) is None  # nothing new since


def test_merges_wait_for_enough_new_trees():
    """The first merge waits for MERGE_FIRST trees, the next until the pool has grown by
    MERGE_GROWTH: here ten paths of two edges between two terminals, merged into the one edge
    joining them directly, which none of them holds."""
    n = 12
    a, b = np.triu_indices(n, 1)
    pool = _Pool((a, b, np.ones(len(a), dtype=np.int64)), np.zeros(n), [0, 1], small)
    for x in range(2, 2 + MERGE_FIRST):
        assert pool.merge(math.inf, None) is None
        pool.add(2, [(0, x), (1, x)])
    assert pool.merge(math.inf, None) == (1, [(0, 1)])
    pool.add(1, [(0, 1)])
    assert len(pool.trees) < MERGE_GROWTH * MERGE_FIRST
    assert pool.merge(math.inf, None) is None


def ladder(width: int = 8):
    """A ladder of unit edges, ``width`` rungs, four terminals at its corners and middle: many
    trees of one length. Its nodes, compact graph, the shift of its costs, and its optimum."""
    edges = {}
    for i in range(width):
        edges[(2 * i, 2 * i + 1)] = 1  # rungs
        if i + 1 < width:
            edges[(2 * i, 2 * i + 2)] = 1
            edges[(2 * i + 1, 2 * i + 3)] = 1
    n, terminals = 2 * width, [0, 2 * width - 1, 7, 8]
    optimum = simple_steiner_tree(graph(n, edges), terminals).cost
    compact, offset = unreduced(n, edges, terminals)
    return n, compact, offset, optimum


def test_the_branch_and_cut_merges_its_trees_and_proves_the_optimum():
    """A ladder of unit edges, many trees of one length apart: the branch-and-cut given the
    engine pools every tree it finds and returns the optimum, proven; without it, no pool."""
    _, compact, offset, optimum = ladder()
    bc = _BranchAndCut(compact, optimum + 1 - offset, math.inf, None, solve=small)
    cost, _, lower = bc.run()
    assert cost == lower == optimum - offset
    assert bc.pool is not None and bc.pool.trees
    assert _BranchAndCut(compact, optimum + 1 - offset, math.inf, None).pool is None


# ----------------------------------------------------------------------------------------------
# Searches around the best tree


def nodes_near(compact, tree: list[tuple[int, int]]) -> list[int]:
    """The nodes at most one edge from the tree's nodes or a terminal (brute force)."""
    near = {x for e in tree for x in e} | {int(t) for t in compact.terms}
    edges = zip(compact.a.tolist(), compact.b.tolist(), strict=True)
    return sorted(near | {y for a, b in edges for x, y in ((a, b), (b, a)) if x in near})


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.integers(0, 2**32 - 1), st.integers(-1, 1))
def test_a_search_around_a_tree_is_the_optimum_near_it(instance, seed, shift):
    """Around a random tree, with a cutoff near its cost: a tree of the graph, the optimum of
    the nodes one edge from the tree (brute force) when that is below the cutoff, else at least
    the cutoff."""
    n, edges, terminals, weights = instance
    compact, _ = unreduced(n, edges, terminals, weights)
    if len(compact.terms) < 2:
        return
    pool = _Pool((compact.a, compact.b, compact.cost), compact.r, compact.terms, small)
    matrix = compact_graph(compact)
    tree = random_tree(compact, np.random.default_rng(seed))
    cutoff = tree_cost(matrix, tree, compact.terms, node_weights=compact.r) + shift
    with patch("letterplay.steiner._merge.AROUND_SHARE", 1.0):  # however large the graph near
        found = pool.around({x for e in tree for x in e}, math.inf, None, cutoff)
    assert found is not None
    cost, edges_found = found
    assert spans_a_tree(compact, edges_found)
    assert cost == tree_cost(matrix, edges_found, compact.terms, node_weights=compact.r)
    best = optimum_within(compact, nodes_near(compact, tree))
    if best < cutoff:
        assert cost == best
    else:
        assert cost >= cutoff


def test_a_search_around_a_tree_finds_the_cheaper_tree_beside_it():
    """A long path between two terminals, and beside it a shortcut one edge away: the search
    around the path finds the tree through the shortcut. Nodes far from the path stay out, and a
    graph nearly all near the tree, or a search past its share of the time, is not searched."""
    # terminals 0 and 4; the path 0-1-2-3-4 costs 4, the shortcut 0-5-4 costs 2, and a tail of
    # nodes 6 to 15 hangs off node 2
    edges = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (3, 4): 1, (0, 5): 1, (4, 5): 1, (2, 6): 5}
    edges |= {(x, x + 1): 1 for x in range(6, 15)}
    compact, _ = unreduced(16, edges, [0, 4])
    pool = _Pool((compact.a, compact.b, compact.cost), compact.r, compact.terms, small)
    path = {0, 1, 2, 3, 4}
    assert pool.around(path, math.inf, None, 4) == (2, [(0, 5), (4, 5)])
    assert pool.around(path, math.inf, None, 2)[0] >= 2  # nothing cheaper than 2 near it
    with patch("letterplay.steiner._merge.AROUND_SHARE", 0.5):
        assert pool.around(path | set(range(6, 15)), math.inf, None, 4) is None  # all
    pool.around_seconds = 60.0  # past the share of the minute
    assert pool.around(path, time.perf_counter() + 60, None, 4) is None


def test_the_branch_and_cut_searches_around_each_best_tree_once(monkeypatch):
    """On the ladder of unit edges, the branch-and-cut searches around the tree it starts from,
    then around the cheaper tree found there, once each; in a stage (whose trees go to the one
    above), around none."""
    monkeypatch.setattr("letterplay.steiner._merge.AROUND_SHARE", 1.0)
    n, compact, offset, optimum = ladder()
    searched = []

    def engine(upper):
        bc = _BranchAndCut(compact, upper, math.inf, None, solve=small)
        bc.start = set(range(n))  # a tree through the whole ladder, say
        around = bc.pool.around

        def spy(tree, *args):
            searched.append(frozenset(tree))
            return around(tree, *args)

        bc.pool.around = spy
        return bc

    bc = engine(n - offset)
    bc._around()
    bc._around()
    assert bc.target == optimum - offset  # found near the start
    assert searched == [frozenset(range(n)), frozenset(x for e in bc.best[1] for x in e)]
    searched.clear()
    stage = engine(n - offset)
    stage.above = lambda cost, edges: None
    stage._around()
    assert searched == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(exact_instances())
def test_the_engine_stays_exact_searching_around_every_best_tree(instance):
    """The engine forced to the branch-and-cut and to find the tree itself, searching around
    every best tree however large the graph near it: the brute-force optimum, proven."""
    n, edges, terminals, weights = instance
    g = graph(n, edges)
    optimum = simple_steiner_tree(g, terminals, node_weights=weights).cost
    with patch("letterplay.steiner._merge.AROUND_SHARE", 1.0):
        result = _solve(
            g, terminals, node_weights=weights, method="branch-and-cut", must_search=True
        )
    assert (result.cost, result.optimal) == (optimum, True)
