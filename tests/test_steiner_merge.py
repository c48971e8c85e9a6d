"""Merging trees (:mod:`letterplay.steiner._merge`): the tree a merge returns is the optimum of
the graph the pooled trees span, so never dearer than any of them; the branch-and-cut merges
the trees it finds and still proves the optimum."""

from __future__ import annotations

import math
from functools import partial

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
    spanned = sorted(set().union(*pool.trees))
    local = {x: i for i, x in enumerate(spanned)}
    inside = {
        (local[int(a)], local[int(b)]): int(c)
        for a, b, c in zip(compact.a, compact.b, compact.cost, strict=True)
        if int(a) in local and int(b) in local
    }
    best = simple_steiner_tree(
        graph(len(spanned), inside),
        [local[int(t)] for t in compact.terms],
        node_weights=compact.r[spanned],
    )
    assert cost == best.cost
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


def test_the_branch_and_cut_merges_its_trees_and_proves_the_optimum():
    """A ladder of unit edges, many trees of one length apart: the branch-and-cut given the
    engine pools every tree it finds and returns the optimum, proven; without it, no pool."""
    width = 8
    edges = {}
    for i in range(width):
        edges[(2 * i, 2 * i + 1)] = 1  # rungs
        if i + 1 < width:
            edges[(2 * i, 2 * i + 2)] = 1
            edges[(2 * i + 1, 2 * i + 3)] = 1
    n, terminals = 2 * width, [0, 2 * width - 1, 7, 8]
    optimum = simple_steiner_tree(graph(n, edges), terminals).cost
    compact, offset = unreduced(n, edges, terminals)
    bc = _BranchAndCut(compact, optimum + 1 - offset, math.inf, None, solve=small)
    cost, _, lower = bc.run()
    assert cost == lower == optimum - offset
    assert bc.pool is not None and bc.pool.trees
    assert _BranchAndCut(compact, optimum + 1 - offset, math.inf, None).pool is None
