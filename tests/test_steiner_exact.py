"""The exact engine's newer parts held to brute force: the branch-and-cut and the
Dijkstra–Steiner search each forced, the dual ascent bound, each reduction against the optimum
of the unreduced instance, honest bounds under time limits, cancellation, and real instances."""

from __future__ import annotations

import csv
import itertools
import math
import time
from types import SimpleNamespace

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components, dijkstra

from graphs import check_tree, graph
from letterplay.errors import Cancelled, NoSolutionError
from letterplay.steiner import _reduce as reduce_module
from letterplay.steiner import read_instance
from letterplay.steiner._bounds import _Problem, held_karp
from letterplay.steiner._dual import _prepare, dual_ascent, reduced_cost_test
from letterplay.steiner._graph import _check, hop_distances, tree_cost
from letterplay.steiner._heuristic import (
    _component_of,
    _edge_ids,
    _Incumbent,
    _insertion_candidates,
    _node_set_cost,
    _Rooted,
    _spanning_weights,
    _tree_on,
)
from letterplay.steiner._tree import DENSE_DEGREE, DENSE_SEARCH_SHARE, _plan, _solve
from letterplay.steiner.simple import simple_steiner_tree

METHODS = ("branch-and-cut", "dijkstra-steiner")


@st.composite
def instances(draw, max_nodes: int = 9, weighted: bool = True):
    """A connected instance: a random spanning tree plus random edges, weights with zeros and
    ties, sometimes node weights (as multiplets use them: large and nearly equal)."""
    n = draw(st.integers(2, max_nodes))
    edges = {}
    for x in range(1, n):
        y = draw(st.integers(0, x - 1))
        edges[(y, x)] = draw(st.integers(0, 9))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in edges]
    for pair in draw(st.lists(st.sampled_from(pairs), unique=True, max_size=12)) if pairs else []:
        edges[pair] = draw(st.integers(0, 9))
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=6, unique=True))
    weights = None
    if weighted and draw(st.booleans()):
        base = draw(st.sampled_from([0, 1000]))
        weights = np.array([base + draw(st.integers(0, 5)) for _ in range(n)])
    return n, edges, terminals, weights


# ----------------------------------------------------------------------------------------------
# Each exact method against brute force


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from(METHODS), st.booleans())
def test_each_method_matches_brute_force(instance, method, must_search):
    """Forced to one method, and with ``must_search`` made to find the tree itself (beat the
    heuristic's tree plus one), the engine returns the brute-force optimum, proven."""
    n, edges, terminals, weights = instance
    g = graph(n, edges)
    optimum = simple_steiner_tree(g, terminals, node_weights=weights).cost
    result = _solve(g, terminals, node_weights=weights, method=method, must_search=must_search)
    check_tree(result, n, edges, terminals, weights)
    assert (result.cost, result.optimal) == (optimum, True)
    assert result.method in (method, "bounds")
    if must_search and len(terminals) > 1:
        # no bound reaches the heuristic's tree plus one: the method itself found the optimum
        assert result.method == method


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from(METHODS), st.integers(-2, 2))
def test_a_cutoff_finds_the_optimum_below_it_or_bounds_by_it(instance, method, shift):
    """With a ``cutoff`` (as a merge passes the best tree so far) the engine finds the optimum
    when it is cheaper than the cutoff, proven; otherwise its tree is a tree and its bound is
    at most the optimum, and at least the cutoff when that tree is not the optimum."""
    n, edges, terminals, weights = instance
    g = graph(n, edges)
    optimum = simple_steiner_tree(g, terminals, node_weights=weights).cost
    cutoff = optimum + shift
    result = _solve(g, terminals, node_weights=weights, method=method, cutoff=cutoff)
    check_tree(result, n, edges, terminals, weights)
    assert result.lower_bound <= optimum <= result.cost
    if optimum < cutoff:
        assert (result.cost, result.optimal) == (optimum, True)
    elif result.cost > optimum:  # no tree is cheaper than the cutoff, and that was proven
        assert result.lower_bound >= cutoff


@pytest.mark.parametrize("method", METHODS)
def test_a_grid_with_many_equal_trees(method):
    """A 4 x 4 grid of unit edges with its corners as terminals: 9 edges at best, and many
    trees of that cost (a degenerate LP)."""
    edges = {}
    for r in range(4):
        for c in range(4):
            x = 4 * r + c
            if c < 3:
                edges[(x, x + 1)] = 1
            if r < 3:
                edges[(x, x + 4)] = 1
    result = _solve(graph(16, edges), [0, 3, 12, 15], method=method, must_search=True)
    check_tree(result, 16, edges, [0, 3, 12, 15], None)
    assert (result.cost, result.optimal) == (9, True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from(METHODS), st.sampled_from([0.0, 0.001, 0.02]))
def test_the_bound_is_never_above_the_optimum_under_time_limits(instance, method, limit):
    n, edges, terminals, weights = instance
    g = graph(n, edges)
    optimum = simple_steiner_tree(g, terminals, node_weights=weights).cost
    result = _solve(g, terminals, node_weights=weights, method=method, time_limit=limit)
    check_tree(result, n, edges, terminals, weights)
    assert result.lower_bound <= optimum <= result.cost


# ----------------------------------------------------------------------------------------------
# The dual ascent


def _arrays(n, edges, weights, terminals):
    """The engine's working problem: shifted costs, edges ``u < v``."""
    p = _Problem(_check(graph(n, edges), terminals, node_weights=weights))
    return p, p.u[p.edge_alive], p.v[p.edge_alive], p.ce[p.edge_alive]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_dual_ascent_bounds_every_tree_from_below(instance):
    """From every root: reduced costs stay non-negative, the bound is at most the optimum, and
    with an upper bound one above the optimum nothing of an optimal tree is eliminated."""
    n, edges, terminals, weights = instance
    if len(terminals) < 2:
        return
    p, a, b, c = _arrays(n, edges, weights, terminals)
    best = simple_steiner_tree(graph(n, edges), terminals, node_weights=weights)
    optimum = best.cost + p.offset  # in the shifted costs the ascent sees
    for root in terminals:
        bound, reduced = dual_ascent((a, b, c), p.r, terminals, root)
        assert reduced.min() >= 0
        assert bound <= optimum
        node_out, edge_out = reduced_cost_test(
            (a, b), reduced, terminals, n=n, root=root, room=optimum + 1 - bound
        )
        assert not node_out[best.nodes].any()
        index = {(int(x), int(y)): j for j, (x, y) in enumerate(zip(a, b, strict=True))}
        assert not any(edge_out[index[e]] for e in best.edges)


def test_dual_ascent_is_exact_on_a_star():
    a, b, c = np.array([0, 0, 0, 1, 2]), np.array([1, 2, 3, 2, 3]), np.array([1, 1, 1, 3, 3])
    for root in (1, 2, 3):
        bound, reduced = dual_ascent((a, b, c), np.zeros(4, dtype=np.int64), [1, 2, 3], root)
        assert bound == 3 and reduced.min() >= 0


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda k: st.lists(st.integers(0, 20), min_size=k * k, max_size=k * k)
    )
)
def test_held_karp_matches_every_order(flat):
    """Each shortest Hamiltonian path equals the cheapest order of its set's nodes, from s to t
    (distances need not be symmetric); no path where s or t is outside the set."""
    k = math.isqrt(len(flat))
    d = np.array(flat, dtype=np.int32).reshape(k, k)
    unreachable = 2**30
    paths = held_karp(d, unreachable)
    for mask in range(1, 1 << k):
        members = [i for i in range(k) if mask >> i & 1]
        for s, t in itertools.product(range(k), repeat=2):
            orders = [
                (s, *middle, t) if s != t else (s,)
                for middle in itertools.permutations([x for x in members if x not in (s, t)])
            ]
            ok = s in members and t in members and (s != t or len(members) == 1)
            best = min(sum(int(d[x, y]) for x, y in itertools.pairwise(o)) for o in orders)
            assert paths[mask][s, t] == (best if ok else unreachable)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 12).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=30),
            st.lists(st.integers(0, n - 1), min_size=1, max_size=4),
            st.booleans(),
        )
    )
)
def test_hop_distances_match_dijkstra_on_unit_edges(drawn):
    """The breadth-first distances equal Dijkstra's with every arc costing 1, on graphs with
    both directions of each edge or arcs one way, loops, parallel arcs and parts no source
    reaches."""
    n, pairs, sources, both = drawn
    u = np.array([a for a, _ in pairs], dtype=np.int64)
    v = np.array([b for _, b in pairs], dtype=np.int64)
    if both:
        u, v = np.r_[u, v], np.r_[v, u]
    graph = sp.csr_array((np.ones(len(u)), (u, v)), shape=(n, n))
    graph.sum_duplicates()
    graph.data[:] = 1
    expected = dijkstra(graph, directed=True, indices=sources, unweighted=True)
    assert np.array_equal(hop_distances(graph, sources), expected)


@pytest.mark.parametrize("cost", [0, 1, 7])
def test_terminal_distances_on_equal_costs_match_dijkstra(cost):
    """Where every edge costs the same, the terminals' distances are counted in edges: the same
    as Dijkstra's, at a cost of 0 too, with a part of the graph no terminal reaches."""
    g = graph(7, {(0, 1): cost, (1, 2): cost, (2, 3): cost, (0, 3): cost, (4, 5): cost})
    p = _Problem(_check(g, [0, 2]))
    expected = dijkstra(p.metric(), directed=True, indices=p.terms)
    assert np.array_equal(p.terminal_distances(), expected)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_ascents_sharing_their_arcs_match_fresh_ones(instance):
    """Ascents from every root in turn on arcs prepared once give the bounds and reduced costs
    of ascents on arcs of their own (none leaves its reduced costs in the shared arcs)."""
    n, edges, terminals, weights = instance
    if len(terminals) < 2:
        return
    p, a, b, c = _arrays(n, edges, weights, terminals)
    prepared = _prepare((a, b, c), p.r)
    for root in terminals:
        shared = dual_ascent((a, b, c), p.r, terminals, root, prepared=prepared)
        fresh = dual_ascent((a, b, c), p.r, terminals, root)
        assert shared[0] == fresh[0]
        assert np.array_equal(shared[1], fresh[1])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.data())
def test_vertex_insertion_skips_only_nodes_that_cannot_help(instance, data):
    """Every node outside a tree whose addition makes the minimum spanning tree of the tree's
    nodes cheaper than the tree is among those vertex insertion tries."""
    n, edges, terminals, weights = instance
    p = _Problem(_check(graph(n, edges), terminals, node_weights=weights))
    extra = data.draw(st.lists(st.integers(0, n - 1), max_size=n, unique=True))
    tree = _tree_on(p, set(terminals) | set(extra))
    matrix = _spanning_weights(p)
    tried = set(_insertion_candidates(p, matrix, tree).tolist())
    ids = np.array(sorted(tree.nodes))
    for x in sorted(set(range(n)) - tree.nodes):
        if _node_set_cost(matrix, p.r, np.sort(np.append(ids, x))) < tree.cost:
            assert x in tried, x


# ----------------------------------------------------------------------------------------------
# Each reduction against the optimum of the unreduced instance


def _reduced_optimum(compact: reduce_module._Reduced) -> tuple[int, list[int]]:
    """The optimum of what the tests left (brute force on the compact graph), with the
    set-aside part, and that tree's input edges."""
    if len(compact.terms) <= 1:
        return compact.offset, list(compact.fixed)
    pairs = zip(compact.a.tolist(), compact.b.tolist(), compact.cost.tolist(), strict=True)
    sub = graph(len(compact.ids), {(x, y): w for x, y, w in pairs})
    best = simple_steiner_tree(sub, compact.terms, node_weights=compact.r)
    inputs = {e for x, y in best.edges for e in compact.path_between(x, y)} | set(compact.fixed)
    return best.cost + compact.offset, sorted(inputs)


@pytest.mark.parametrize("test", ["degree", "special_distance", "reduced_cost", "all"])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=instances(max_nodes=10))
def test_each_reduction_keeps_the_optimum(test, instance):
    """After each test alone (and all of them in turn), the optimum of what is left plus what
    was set aside is the unreduced optimum, and that tree mapped back to input edges joins the
    terminals at that cost. The reduced cost test keeps every tree below an upper bound one
    above the optimum (so an optimal one)."""
    n, edges, terminals, weights = instance
    check = _check(graph(n, edges), terminals, node_weights=weights)
    optimum = simple_steiner_tree(graph(n, edges), terminals, node_weights=weights).cost
    p = _Problem(check)
    shifted = optimum + p.offset  # the costs the tests see: node weights partly on edges
    if test == "all":
        compact = reduce_module._reduce(p, shifted + 1)
        assert compact.lower <= shifted
    else:
        g = reduce_module._Graph(p)
        if test == "degree":
            reduce_module._degree_tests(g)
        elif test == "special_distance":
            reduce_module._special_distance_test(g)
        else:
            bound, _ = reduce_module._reduced_cost_test(g, shifted + 1)
            assert bound + g.offset <= shifted
        compact = reduce_module._compact(g)
    cost, input_edges = _reduced_optimum(compact)
    assert cost == shifted
    pairs = [(int(check.u[e]), int(check.v[e])) for e in input_edges]
    assert tree_cost(graph(n, edges), pairs, terminals, weights) == optimum
    if len(terminals) > 1:
        joined = sp.csr_array(
            (np.ones(len(pairs)), ([x for x, _ in pairs], [y for _, y in pairs])), shape=(n, n)
        )
        labels = connected_components(joined, directed=False)[1]
        assert len({labels[t] for t in terminals}) == 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=instances(max_nodes=10), slack=st.integers(1, 4))
def test_reducing_again_with_a_lower_upper_bound_keeps_the_optimum(instance, slack):
    """The tests run again on what they left, once a tree just above the optimum is known (the
    first run had a looser upper bound): what is left keeps the optimum, its edges, chains and
    set-aside part mapped back to input edges join the terminals at that cost, and the bound
    and any tree found on the way are in the input's terms."""
    n, edges, terminals, weights = instance
    check = _check(graph(n, edges), terminals, node_weights=weights)
    optimum = simple_steiner_tree(graph(n, edges), terminals, node_weights=weights).cost
    p = _Problem(check)
    shifted = optimum + p.offset
    first = reduce_module._reduce(p, shifted + 1 + slack)
    again = reduce_module._again(first, shifted + 1)
    assert again.lower <= shifted
    cost, input_edges = _reduced_optimum(again)
    assert cost == shifted
    pairs = [(int(check.u[e]), int(check.v[e])) for e in input_edges]
    assert tree_cost(graph(n, edges), pairs, terminals, weights) == optimum
    if again.incumbent is not None:  # a tree cheaper than the upper bound: an optimal one
        found, tree_edges = again.incumbent
        pairs = [(int(check.u[e]), int(check.v[e])) for e in tree_edges]
        assert found == shifted
        assert tree_cost(graph(n, edges), pairs, terminals, weights) == optimum
    for test in reduce_module.TESTS:  # the counts add up over both runs
        assert all(x >= y for x, y in zip(again.removed[test], first.removed[test], strict=True))


def test_results_say_what_each_reduction_removed():
    # a path 0-1-2-3 between terminals 0 and 3, a Steiner leaf 4 on node 2, a dear chord 0-3;
    # must_search keeps the tour bound from ending it before the reductions run
    edges = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (2, 4): 1, (0, 3): 9}
    result = _solve(graph(5, edges), [0, 3], must_search=True)
    assert (result.cost, result.optimal, result.edges) == (3, True, [(0, 1), (1, 2), (2, 3)])
    assert result.reductions == {
        # node 4: its tour with the terminals (3 + 2 + 3) halved reaches the bound of 3 + 1
        "bound": {"nodes": 1, "edges": 1},
        # 1 and 2 contracted into an edge 0-3 of cost 3, then terminal 0 a leaf: that edge set
        # aside, 0 merged into 3
        "degree": {"nodes": 3, "edges": 3},
        "special_distance": {"nodes": 0, "edges": 0},
        # first, with the upper bound known: the chord of 9 lifts the ascent's bound of 3 past it
        "reduced_cost": {"nodes": 0, "edges": 1},
    }
    assert result.to_dict()["reductions"] == result.reductions
    assert result.to_dict()["method"] == result.method == "dijkstra-steiner"


# ----------------------------------------------------------------------------------------------
# Stopping: time limits and cancellation


def _hypercube(dimension: int) -> tuple[int, dict[tuple[int, int], int]]:
    n = 1 << dimension
    return n, {(x, x ^ (1 << i)): 1 for x in range(n) for i in range(dimension) if x < x ^ (1 << i)}


def test_branch_and_cut_stops_when_the_progress_callback_cancels():
    """A cancellation raised by the progress callback while HiGHS searches stops the search and
    reaches the caller (not swallowed by the solver)."""
    n, edges = _hypercube(7)
    terminals = list(range(0, n, 5))
    calls = []

    def progress(description, done, total):
        calls.append(description)
        if description == "branch and bound":
            raise Cancelled("no one waits any more")

    with pytest.raises(Cancelled):
        _solve(graph(n, edges), terminals, method="branch-and-cut", progress=progress)


@pytest.mark.parametrize(
    "step",
    [
        "upper bound: shortest paths",
        "upper bound: local search",
        "reductions",
        "reductions: dual ascent",
        "reductions: special distance",
    ],
)
def test_every_step_before_the_search_reports_and_can_be_cancelled(step):
    """The upper bound's heuristics and each reduction report progress, so a cancellation
    stops them there (a web search must not run on for seconds past its deadline)."""
    n, edges = _hypercube(7)
    terminals = list(range(0, n, 5))
    seen = []

    def progress(description, done, total):
        seen.append(description)
        if description == step:
            raise Cancelled("no one waits any more")

    with pytest.raises(Cancelled):
        _solve(graph(n, edges), terminals, progress=progress)
    assert seen[-1] == step


def test_time_limit_returns_an_honest_tree_and_bound():
    n, edges = _hypercube(7)
    terminals = list(range(0, n, 5))
    for method in METHODS:
        result = _solve(graph(n, edges), terminals, method=method, time_limit=0.5)
        check_tree(result, n, edges, terminals, None)
        # every tree has at least one edge per terminal but one
        assert len(terminals) - 1 <= result.lower_bound <= result.cost


def test_disconnected_terminals_still_raise():
    with pytest.raises(NoSolutionError):
        _solve(graph(4, {(0, 1): 1, (2, 3): 1}), [0, 3], method="branch-and-cut")


# ----------------------------------------------------------------------------------------------
# Real instances (a few small ones: the long runs are in the benchmark)


@pytest.fixture(scope="module")
def optima(data_dir):
    found = {}
    for folder, column in (("pace2018-track1", "instance"), ("steinlib", "name")):
        with open(data_dir / folder / "optima.csv") as f:
            found |= {row[column]: int(row["optimum"]) for row in csv.DictReader(f)}
    return found


@pytest.mark.parametrize(
    ("folder", "name", "method"),
    [
        ("steinlib", "b09.stp", "branch-and-cut"),
        ("steinlib", "b11.stp", "dijkstra-steiner"),
        ("pace2018-track1", "instance115.gr", "branch-and-cut"),
        ("pace2018-track1", "instance145.gr", None),
    ],
)
def test_real_instances_reach_their_optima(data_dir, optima, folder, name, method):
    instance = read_instance(data_dir / folder / name)
    result = _solve(instance.graph, instance.terminals, method=method, time_limit=120)
    assert (result.cost, result.optimal) == (optima[name], True)
    assert tree_cost(instance.graph, result.edges, instance.terminals) == result.cost
    assert math.isfinite(result.seconds)


def test_dense_graphs_go_to_the_branch_and_cut():
    """From 13 to 24 terminals both methods run in turn on a sparse graph (grids, where the
    Dijkstra–Steiner search wins), the branch-and-cut alone on a dense one (word graphs); with
    fewer, the search first, and on a dense graph only for a tenth of the time."""

    def reduced(k: int, degree: float):
        n = 1000
        return SimpleNamespace(terms=list(range(k)), ids=range(n), a=[0] * int(degree * n / 2))

    deadline = time.perf_counter() + 60
    assert [m for m, _ in _plan(reduced(16, 3.5), None, deadline)] == [
        "branch-and-cut",
        "dijkstra-steiner",
    ]
    assert _plan(reduced(16, DENSE_DEGREE + 1), None, deadline) == [("branch-and-cut", deadline)]
    # few terminals: the search first, whatever the density; on a dense graph only briefly
    sparse = _plan(reduced(8, 3.5), None, deadline)
    dense = _plan(reduced(8, DENSE_DEGREE + 1), None, deadline)
    assert [m for m, _ in sparse] == [m for m, _ in dense] == ["dijkstra-steiner", "branch-and-cut"]
    now = time.perf_counter()
    assert sparse[0][1] - now > 0.4 * (deadline - now)
    assert dense[0][1] - now < DENSE_SEARCH_SHARE * (deadline - now) + 1e-3
    assert sparse[1][1] == dense[1][1] == deadline


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_the_parts_a_key_path_leaves_are_those_a_search_of_the_tree_finds(data):
    """A tree's key path (from a node through nodes of degree two to the next node that is not)
    taken away: the part holding its start is the part a search of the tree's other edges
    reaches, and the other part is the rest; one is the nodes below a node of the rooted
    tree."""
    k = data.draw(st.integers(2, 14))
    parents = [data.draw(st.integers(0, x - 1)) for x in range(1, k)]
    pairs = sorted((min(x, y), max(x, y)) for x, y in zip(parents, range(1, k), strict=True))
    g = graph(k, {pair: 1 for pair in pairs})
    p = _Problem(_check(g, [0, k - 1]))
    tree = _Incumbent(set(range(k)), _edge_ids(p, pairs), k - 1)
    rooted = _Rooted(p, tree)
    assert rooted.whole
    around: dict[int, list[int]] = {x: [] for x in range(k)}
    for a, b in pairs:
        around[a].append(b)
        around[b].append(a)
    for s in range(k):
        for first in around[s]:
            inner, prev, x = [], s, first
            while len(around[x]) == 2:  # on through nodes of degree two
                inner.append(x)
                prev, x = x, next(y for y in around[x] if y != prev)
            path = {(min(a, b), max(a, b)) for a, b in zip([s, *inner], [*inner, x], strict=True)}
            rest = _edge_ids(p, [pair for pair in pairs if pair not in path])
            expected = _component_of(p, rest, s, set(range(k)) - set(inner))
            assert rooted.parts(s, first, x, inner) == (
                expected,
                set(range(k)) - set(inner) - expected,
            )
