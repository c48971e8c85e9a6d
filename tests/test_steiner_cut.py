"""The branch-and-cut's own parts held to the optimum of the unreduced instance: the test on the
LP's reduced costs (arcs and nodes through their paths), the integer solutions that may or may
not stop HiGHS's search, the trees mended from them, and the idle cut rows dropped before the
branch and bound."""

from __future__ import annotations

import math
from types import SimpleNamespace

import highspy
import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphs import graph
from letterplay.steiner import _branch as branch_module
from letterplay.steiner import _cut as cut_module
from letterplay.steiner import _dual as dual_module
from letterplay.steiner import _lp
from letterplay.steiner import _reduce as reduce_module
from letterplay.steiner._bounds import _Problem
from letterplay.steiner._branch import _Lazy, branch
from letterplay.steiner._cut import _BranchAndCut
from letterplay.steiner._dual import ascent_cuts, dual_ascent
from letterplay.steiner._flows import FLOW_SCALE, _Flows, ball
from letterplay.steiner._graph import _check
from letterplay.steiner._lp import _highs, _lp_time_limit, _Pattern, _Rows
from letterplay.steiner._reduce import _Reduced
from letterplay.steiner._stall import STALL_MAX_EDGES, STALL_ROUNDS, _Stall
from letterplay.steiner._tree import _solve
from letterplay.steiner.simple import simple_steiner_tree


@st.composite
def instances(draw, max_nodes: int = 10):
    """A connected instance with at least two terminals: a random spanning tree plus random
    edges, weights with zeros and ties, sometimes node weights."""
    n = draw(st.integers(3, max_nodes))
    edges = {}
    for x in range(1, n):
        edges[(draw(st.integers(0, x - 1)), x)] = draw(st.integers(0, 9))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in edges]
    for pair in draw(st.lists(st.sampled_from(pairs), unique=True, max_size=14)) if pairs else []:
        edges[pair] = draw(st.integers(0, 9))
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=6, unique=True))
    weights = None
    if draw(st.booleans()):
        weights = np.array([draw(st.integers(0, 4)) for _ in range(n)])
    return n, edges, terminals, weights


def unreduced(n, edges, terminals, weights=None):
    """The branch-and-cut's graph with no reduction run (node and edge ids as in the input, but
    for nodes apart from the terminals), and the shift of its costs."""
    p = _Problem(_check(graph(n, edges), terminals, node_weights=weights))
    return reduce_module._compact(reduce_module._Graph(p)), p.offset


def random_edges(rng, n: int, m: int, most: int = 1) -> dict[tuple[int, int], int]:
    """``m`` edges on ``n`` nodes, a random spanning tree and then random pairs, each of a
    random weight from 1 to ``most``."""
    edges = {}
    for x in range(1, n):
        edges[(int(rng.integers(x)), x)] = int(rng.integers(1, most + 1))
    while len(edges) < m:
        a, b = sorted(rng.choice(n, 2, replace=False).tolist())
        edges[(a, b)] = int(rng.integers(1, most + 1))
    return edges


def tree_arcs(bc: _BranchAndCut, compact, tree_edges) -> list[int]:
    """The arcs of a tree given by input edges, each directed away from the root."""
    local = {int(x): i for i, x in enumerate(compact.ids.tolist())}
    index = {(int(a), int(b)): j for j, (a, b) in enumerate(zip(compact.a, compact.b, strict=True))}
    around: dict[int, list[int]] = {}
    for x, y in tree_edges:
        around.setdefault(local[x], []).append(local[y])
        around.setdefault(local[y], []).append(local[x])
    arcs, stack, seen = [], [bc.root], {bc.root}
    while stack:
        x = stack.pop()
        for y in around.get(x, []):
            if y not in seen:
                seen.add(y)
                stack.append(y)
                j = index[(min(x, y), max(x, y))]
                arcs.append(j if x < y else j + bc.m)
    return arcs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.booleans())
def test_the_lp_reduced_cost_test_keeps_every_optimal_tree(instance, weak):
    """Every cut round at the root fixes arcs and nodes by the LP's reduced costs; with the tree
    to beat one above the optimum (and no tree found on the way to lower it), no arc of the
    optimal tree is fixed, and the bound, lifted by the terminals' reduced distances from the
    root, stays at most the optimum. ``weak``: the first LP without the dual ascent's cuts, so
    that its bound is below the optimum and the tree's arcs have reduced costs."""
    n, edges, terminals, weights = instance
    best = simple_steiner_tree(graph(n, edges), terminals, node_weights=weights)
    compact, offset = unreduced(n, edges, terminals, weights)
    optimum = best.cost + offset  # in the shifted costs the search sees
    bc = _BranchAndCut(compact, optimum + 1, math.inf, None)
    bc._found = lambda cost, edges: None  # keep the tree to beat above the optimum
    bc._build()
    if weak:
        cuts = np.arange(bc.structural, bc.h.getNumRow(), dtype=np.int32)
        bc.model.delete(cuts)
        bc.lower = 0
    bc.state = _Lazy(bc)
    bc._root_lp()
    assert bc.lower <= optimum
    assert not bc.fixed[tree_arcs(bc, compact, best.edges)].any()


@pytest.mark.parametrize(("cores", "strategy"), [(1, _lp.SERIAL_DUAL), (2, _lp.PARALLEL_DUAL)])
def test_the_cut_rounds_use_the_parallel_dual_simplex_on_two_cores(monkeypatch, cores, strategy):
    """The cut rounds' LPs are solved without presolve by the dual simplex, the parallel one
    where there are two cores or more, and the search still finds the optimum (2 edges)."""
    monkeypatch.setattr(_lp, "_cores", lambda: cores)
    compact, _ = unreduced(4, {(0, 1): 1, (1, 2): 1, (0, 3): 1, (2, 3): 1, (1, 3): 1}, [0, 2, 3])
    bc = _BranchAndCut(compact, 3, math.inf, None)
    bc._build()
    assert bc.h.getOptionValue("simplex_strategy")[1] == strategy
    assert bc.h.getOptionValue("presolve")[1] == "off"
    assert _BranchAndCut(compact, 3, math.inf, None).run()[0] == 2


def test_the_lp_reduced_cost_test_removes_a_node_no_arc_alone_would():
    """Two paths of two unit edges from terminal 0 to terminal 2, through 1 and through 3.
    With a bound of 1 and a tree of 3 to beat, a reduced cost of 0.6 on each arc into and out
    of 3 (but the one into the root) leaves a tree of 2 possible through any one arc, but a
    tree through 3 pays two of them: node 3 goes (all four of its arcs), the path through 1
    stays."""
    compact, _ = unreduced(4, {(0, 1): 1, (1, 2): 1, (0, 3): 1, (2, 3): 1}, [0, 2])
    bc = _BranchAndCut(compact, 3, math.inf, None)
    bc._build()
    assert bc.root == 0
    m = bc.m
    reduced = np.zeros(2 * m)
    edge = {(int(a), int(b)): j for j, (a, b) in enumerate(zip(compact.a, compact.b, strict=True))}
    reduced[edge[(0, 3)]] = 0.6  # 0 -> 3
    reduced[edge[(2, 3)]] = 0.6  # 2 -> 3
    reduced[edge[(2, 3)] + m] = 0.6  # 3 -> 2
    bc.lower = 0  # forget the dual ascent's bound: only the test's own lift is seen
    bc._fix_by_reduced_costs(1.0, reduced)
    through_3 = [edge[(0, 3)], edge[(0, 3)] + m, edge[(2, 3)], edge[(2, 3)] + m]
    assert sorted(np.flatnonzero(bc.fixed).tolist()) == sorted(through_3)
    assert bc.lower == 1  # terminal 2 is reached at no reduced cost: the bound stays


def test_the_lp_reduced_cost_test_proves_when_a_terminal_is_out_of_reach():
    """A terminal whose every path from the root costs more reduced cost than the gap: no tree
    beats the target, and the bound reaches it."""
    compact, _ = unreduced(3, {(0, 1): 1, (1, 2): 1}, [0, 2])
    bc = _BranchAndCut(compact, 3, math.inf, None)
    bc._build()
    reduced = np.zeros(2 * bc.m)
    reduced[: bc.m] = 0.6  # both arcs away from the root
    bc.lower = 0
    bc._fix_by_reduced_costs(1.9, reduced)
    assert bc.lower == 3


def _disconnected_solution(bc: _BranchAndCut, compact) -> np.ndarray:
    """An integer solution of the path 0 - 1 - 2 - 3 (terminals 0 and 3) whose arcs make the
    root reach 1 only, while 2 and 3 point at each other."""
    m = bc.m
    edge = {(int(a), int(b)): j for j, (a, b) in enumerate(zip(compact.a, compact.b, strict=True))}
    x = np.zeros(2 * m)
    x[edge[(0, 1)]] = 1  # 0 -> 1
    x[edge[(2, 3)]] = 1  # 2 -> 3
    x[edge[(2, 3)] + m] = 1  # 3 -> 2
    return x


def test_an_integer_solution_at_the_cutoff_does_not_stop_the_search():
    """HiGHS prunes by the least of its cutoff and its best solution, so a solution leaving a
    terminal unreached stops the search (its cuts added, the search started again) only when it
    is cheaper than the cutoff; one at or above it keeps its cuts for the next start. Either
    way its nodes, which join the terminals, give a tree."""
    edges = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (0, 3): 9}
    compact, _ = unreduced(4, edges, [0, 3])
    bc = _BranchAndCut(compact, 10, math.inf, None)
    bc._build()
    lazy = _Lazy(bc)
    x = _disconnected_solution(bc, compact)
    event = SimpleNamespace(data_out=SimpleNamespace(mip_solution=x, objective_function_value=4))
    lazy.cutoff = 4.0
    lazy.solution(event)
    assert len(lazy.rows) == 0 and len(lazy.later) > 0
    # the nodes 0, 1, 2, 3 span the path: the tree of 3 is kept
    assert bc.best is not None and bc.best[0] == 3 and bc.target == 3
    lazy.cutoff = 4.5
    lazy.solution(event)
    assert len(lazy.rows) > 0


def test_idle_cut_rows_are_dropped_before_the_branch_and_bound():
    """After the cut rounds, the cut rows the last LP solution meets with room to spare go (here
    a valid row every tree meets many times over: at least one arc in all); the rows that define
    the model stay, and the LP keeps its optimum."""
    rng = np.random.default_rng(0)
    n, edges = 30, random_edges(rng, 30, 90, 10)
    compact, _ = unreduced(n, edges, sorted(rng.choice(n, 8, replace=False).tolist()))
    bc = _BranchAndCut(compact, 10**6, math.inf, None)
    bc._found = lambda cost, edges: None  # no tree ends the rounds early
    bc._build()
    bc.state = _Lazy(bc)
    bc._root_lp()
    h = bc.h
    idle = _Rows()
    idle.add(np.arange(2 * bc.m), np.ones(2 * bc.m), 1, highspy.kHighsInf)
    bc.model.add(idle)
    bc.model.solve()
    value, rows = h.getInfo().objective_function_value, h.getNumRow()
    bc.x = bc.model.solution()[0]
    bc._drop_idle_rows()
    assert bc.structural <= h.getNumRow() < rows
    bc.model.solve()
    assert math.isclose(h.getInfo().objective_function_value, value, abs_tol=1e-6)


def test_each_lp_solve_gets_the_seconds_it_is_given():
    """HiGHS reads an LP's ``time_limit`` against a clock that adds up every run of one instance:
    after solves taking longer than the seconds given, one more with that limit must finish."""
    rng = np.random.default_rng(1)
    n = 200
    h = _highs()
    h.addCols(n, -rng.random(n), np.zeros(n), np.full(n, 10.0), 0, np.zeros(0, np.int32), [], [])
    indices = np.tile(np.arange(n, dtype=np.int32), n)
    starts = np.arange(0, n * n, n, dtype=np.int32)
    h.addRows(
        n, np.full(n, -highspy.kHighsInf), np.ones(n), n * n, starts, indices, rng.random(n * n)
    )
    while h.getRunTime() < 0.3:
        h.clearSolver()
        h.run()
    _lp_time_limit(h, 0.2)
    h.clearSolver()
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal


def test_a_large_integer_programme_skips_probing(monkeypatch):
    """Beyond :data:`PROBING_MAX_NONZEROS` the branch and bound's presolve skips probing, which
    reads the clock too rarely to keep a time limit; the search stays exact."""
    monkeypatch.setattr(branch_module, "PROBING_MAX_NONZEROS", 0)
    edges = {(0, 1): 2, (1, 2): 2, (0, 3): 1, (3, 4): 1, (4, 2): 1, (1, 3): 1, (2, 5): 3}
    compact, offset = unreduced(6, edges, [0, 2, 5])
    bc = _BranchAndCut(compact, 100, math.inf, None)
    bc._build()
    bc.state = _Lazy(bc)
    branch(bc)  # straight to the branch and bound, no cut rounds
    assert bc.h.getOptionValue("presolve_rule_off")[1] == branch_module.PROBING_RULE
    best = simple_steiner_tree(graph(6, edges), [0, 2, 5]).cost
    # in the shifted costs the search sees
    assert bc.best is not None and bc.best[0] == best + offset == bc.lower


def test_idle_rows_dropped_during_the_cut_rounds_keep_the_optimum(monkeypatch):
    """Cut rows deleted every round while cutting (:data:`DROP_ROUNDS` = 1) are separated again
    when needed: rows do go, and the bound still reaches the optimum. Without the ball cuts,
    which close these small graphs' LPs within a round or two, the cuts of the ascents from
    the other terminals, and the in-out separation (which closes them in fewer rounds)."""
    monkeypatch.setattr(cut_module, "DROP_ROUNDS", 1)
    monkeypatch.setattr(cut_module, "IN_OUT", 1.0)
    monkeypatch.setattr(cut_module, "BALL_SHARE", 0.0)
    monkeypatch.setattr(dual_module, "ASCENT_SHARE", 0.0)
    dropped = []
    drop = _BranchAndCut._drop_idle_rows

    def counted(bc):
        before = bc.h.getNumRow()
        drop(bc)
        dropped.append(before - bc.h.getNumRow())

    monkeypatch.setattr(_BranchAndCut, "_drop_idle_rows", counted)
    rng = np.random.default_rng(3)
    for _ in range(6):
        # unit weights, as a word graph's: the LP is degenerate and the cut rounds go on
        n, edges = 40, random_edges(rng, 40, 120)
        terminals = sorted(rng.choice(n, 10, replace=False).tolist())
        compact, offset = unreduced(n, edges, terminals)
        bc = _BranchAndCut(compact, 10**6, math.inf, None)
        cost, _, lower = bc.run()
        best = _solve(graph(n, edges), terminals, method="dijkstra-steiner").cost
        assert cost == best + offset and lower == best + offset  # shifted costs
    assert sum(dropped) > 0


def rooted_optimum(instance):
    """The branch-and-cut of an instance with no reduction run, the shift of its costs, the
    optimum, and the arcs of an optimal tree directed away from the root (a mask)."""
    n, edges, terminals, weights = instance
    best = simple_steiner_tree(graph(n, edges), terminals, node_weights=weights)
    compact, offset = unreduced(n, edges, terminals, weights)
    bc = _BranchAndCut(compact, math.inf, math.inf, None)
    chosen = np.zeros(2 * bc.m, dtype=bool)
    chosen[tree_arcs(bc, compact, best.edges)] = True
    return bc, offset, best.cost, chosen


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.integers(1, 60))
def test_every_ball_cut_is_crossed_by_an_optimal_tree(instance, budget):
    """The ball cuts of the first LP, terminal by terminal: each side holds the root but not
    the terminal, an optimal tree (its arcs directed away from the root) enters each ball, and
    the arcs entering a terminal's balls number at most its share of the budget."""
    bc, _, _, chosen = rooted_optimum(instance)
    share = budget / len(bc.others)
    every = []
    for t in bc.others.tolist():
        sides = list(bc.pattern.ball_sides(bc.root, np.array([t]), share))
        entering = 0
        for side in sides:
            assert side[bc.root] and not side[t]
            crossing = side[bc.src] & ~side[bc.dst]
            assert chosen[crossing].any()
            entering += int(crossing.sum())
        assert entering <= share
        every += sides
    together = list(bc.pattern.ball_sides(bc.root, bc.others, budget))
    assert len(together) == len(every)
    assert all((a == b).all() for a, b in zip(together, every, strict=True))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_every_ascent_cut_is_crossed_by_an_optimal_tree(instance):
    """The cuts of the dual ascents from every terminal, for the LP rooted at one: an optimal
    tree (its arcs directed away from that root) enters each, the ascents from the other
    terminals add some, and the best of their bounds is at most the optimum. (Keeping the arcs
    into a set that holds the LP's root, instead of those out of it, fails.)"""
    bc, offset, optimum, chosen = rooted_optimum(instance)
    g = bc.g
    bound, cuts = ascent_cuts((g.a, g.b, g.cost), g.r, g.terms, bc.root)
    assert bound <= optimum + offset  # in the shifted costs the ascents see
    assert all(chosen[cut].any() for cut in cuts)
    alone: list[np.ndarray] = []
    dual_ascent((g.a, g.b, g.cost), g.r, g.terms, bc.root, cuts=alone)
    assert len(cuts) >= len(alone)
    assert all((a == b).all() for a, b in zip(alone, cuts, strict=False))


def test_terminals_the_reductions_left_apart_mean_no_cheaper_tree():
    """When the reductions leave no tree cheaper than the one to beat, the terminals may be left
    with no edge between them: no ball is drawn around them and no tree is found, the bound
    meeting the tree to beat."""
    apart = _Reduced(
        ids=np.arange(3),
        a=np.zeros(0, dtype=np.int64),
        b=np.zeros(0, dtype=np.int64),
        cost=np.zeros(0, dtype=np.int64),
        ref=np.zeros(0, dtype=np.int64),
        chains=[],
        r=np.zeros(3, dtype=np.int64),
        terms=[0, 1, 2],
    )
    assert _BranchAndCut(apart, 5, math.inf, None).run() == (None, [], 5)


def test_a_stalled_bound_ends_the_cut_rounds_only_when_branching_may_pay():
    """The cut rounds end after :data:`STALL_ROUNDS` rounds that did not move, once they have
    had their time, on a graph small enough for the branch and bound, unless the bound's pace
    would close the gap in time; a better tree or a higher lower bound is a move."""
    rounds = STALL_ROUNDS

    def stops(bounds, *, start=60.0, deadline=100.0, m=1_000, targets=None, lowers=None):
        # one round a second from ``start``; the search started at 0: what each round says
        stall = _Stall(started=0.0, deadline=deadline, target=50, lower=45)
        targets = targets or [50] * len(bounds)
        lowers = lowers or [45] * len(bounds)
        rows = zip(bounds, targets, lowers, strict=True)
        return [
            stall.stops(time=start + i, bound=bound, target=target, lower=lower, m=m)
            for i, (bound, target, lower) in enumerate(rows)
        ]

    # the first round moves (none came before), then ten stand still
    flat = [45.0] * (rounds + 1)
    assert stops(flat) == [False] * rounds + [True]
    assert not any(stops(flat, m=STALL_MAX_EDGES + 1))  # too large to branch on
    # 35 s in: the rounds have not had half of 100 s, but have had 30 s without a time limit
    assert not any(stops(flat, start=25.0))
    assert stops(flat, start=25.0, deadline=math.inf)[-1]
    # a rise of less than a hundredth of the gap stands still, but its pace counts: 0.04 a
    # second is 90 s from 49, the target less one
    creeping = [45.0 + 0.04 * i for i in range(rounds + 1)]
    assert stops(creeping)[-1]  # 30 s left
    assert not any(stops(creeping, start=600.0, deadline=1_000.0))
    assert not any(stops([45.0 + 0.1 * i for i in range(rounds + 1)]))  # a tenth moves
    # a better tree, or a higher lower bound, in the sixth round: ten more to stall
    stalled = [False] * (rounds + 6) + [True]
    assert stops(flat + flat[:6], targets=[50] * 6 + [49] * (rounds + 1)) == stalled
    assert stops(flat + flat[:6], lowers=[45] * 6 + [46] * (rounds + 1)) == stalled


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_every_in_out_cut_is_crossed_by_an_optimal_tree(instance):
    """The cuts of the first round's separation (in-out, :meth:`_BranchAndCut._separate`):
    all are violated at one of the points it tries (the mixes of the LP solution with the core
    point, each mix no cut holds off becoming the core, then the LP solution), an optimal tree
    enters each, and the core moves :data:`CORE_STEP` of the way from the last core to the LP
    solution."""
    bc, _, _, chosen = rooted_optimum(instance)
    bc._build()
    bc.model.solve()
    x = bc.model.solution()[0]
    rows = _Rows()
    bc._separate(x, rows)
    separated = rows.indices
    assert all(chosen[arcs].any() for arcs in separated)
    cores, points = [np.ones_like(x)], []
    for _ in range(cut_module.IN_OUT_TRIES):
        points.append(cut_module.IN_OUT * x + (1 - cut_module.IN_OUT) * cores[-1])
        cores.append(points[-1])
    points.append(x)  # after the last mix, the LP solution, with the last mix as the core
    step = cut_module.CORE_STEP

    def from_point(k: int) -> bool:
        """Whether the cuts and the core are those of the ``k``-th point."""
        violated = all(points[k][arcs].sum() < 1 for arcs in separated)
        core = cores[min(k, len(cores) - 1)]
        return violated and np.allclose(bc.core, core + step * (x - core))

    assert any(from_point(k) for k in range(len(points)))


def scaled_flows(n: int, src, dst, x: np.ndarray) -> nx.DiGraph:
    """networkx's flow graph of arcs ``src[j] -> dst[j]``, each arc's capacity ``x[j]`` scaled
    as the engine scales it."""
    flows = nx.DiGraph()
    flows.add_nodes_from(range(n))
    for u, v, value in zip(src.tolist(), dst.tolist(), x.tolist(), strict=True):
        flows.add_edge(u, v, capacity=math.floor(value * FLOW_SCALE))
    return flows


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.integers(0, 2**32 - 1), st.booleans())
def test_the_flow_cuts_cut_off_every_terminal_a_unit_does_not_reach(instance, seed, on_balls):
    """The flow cuts of a random point (:meth:`_BranchAndCut._flow_cuts`, on the whole graph,
    or first on balls as in large graphs): each holds the root, leaves out a terminal and is
    left by less than a unit; each terminal that less than a unit reaches from the root
    (networkx's maximum flow) is left out of one, and no terminal a unit reaches is left out of
    any."""
    bc, _, _, _ = rooted_optimum(instance)
    bc._build()
    rng = np.random.default_rng(seed)
    x = rng.choice([0.0, 0.25, 0.5, 1.0], size=2 * bc.m)
    flows = scaled_flows(bc.n, bc.src, bc.dst, x)
    sides = []
    with pytest.MonkeyPatch.context() as monkeypatch:  # undone after each example
        monkeypatch.setattr(cut_module, "CUTS_PER_ROUND", 10**6)
        if on_balls:
            monkeypatch.setattr(cut_module, "BALL_MIN_ARCS", 0)
        cut_row = bc._cut_row

        def kept(inside, rows, x, seen):
            sides.append(inside.copy())
            return cut_row(inside, rows, x, seen)

        monkeypatch.setattr(bc, "_cut_row", kept)
        bc._flow_cuts(x, _Rows())

    def value(inside: np.ndarray) -> float:
        return x[inside[bc.src] & ~inside[bc.dst]].sum()

    assert all(inside[bc.root] and not inside[bc.terms].all() for inside in sides)
    assert all(value(inside) < 1 for inside in sides)
    for t in bc.others.tolist():
        flow = nx.maximum_flow_value(flows, bc.root, t)
        assert (flow >= FLOW_SCALE) != any(not inside[t] for inside in sides)
        if flow < FLOW_SCALE and not on_balls:  # the whole graph's cuts are minimum cuts
            least = min(value(inside) for inside in sides if not inside[t])
            assert round(least * FLOW_SCALE) == flow


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_a_round_of_flows_stops_once_it_has_had_the_lps_time(instance, seed, fewest):
    """Given no time (the LP's, :data:`._cut.FEWEST_CUTS`), the flow cuts of a random point
    stop at the first terminal that finds the round the fewest rows: the rows are the first
    ones the flows find given all the time, as many as that takes (a flow adds up to two)."""
    bc, _, _, _ = rooted_optimum(instance)
    bc._build()
    x = np.random.default_rng(seed).choice([0.0, 0.25, 0.5, 1.0], size=2 * bc.m)
    x[bc.fixed] = 0.0  # as the LP's are
    every, first = _Rows(), _Rows()
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(cut_module, "CUTS_PER_ROUND", 10**6)
        monkeypatch.setattr(cut_module, "FEWEST_CUTS", fewest)
        bc._flow_cuts(x, every)
        bc._flow_cuts(x, first, seconds=0.0)
    k = len(first)
    assert min(len(every), fewest) <= k <= min(len(every), fewest + 1)
    assert [a.tolist() for a in first.indices] == [a.tolist() for a in every.indices[:k]]


@st.composite
def balls(draw):
    """A random graph of up to 40 nodes (as a pattern of arcs both ways), its root, a terminal,
    a ball around the terminal and arc values."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n = draw(st.integers(3, 40))
    edges = random_edges(rng, n, draw(st.integers(n - 1, min(3 * n, n * (n - 1) // 2))))
    a, b = (np.array(side, dtype=np.int64) for side in zip(*edges, strict=True))
    pattern = _Pattern(n, np.concatenate([a, b]), np.concatenate([b, a]))
    root, t = (int(v) for v in rng.choice(n, 2, replace=False))
    hops, most = draw(st.integers(0, 4)), draw(st.integers(0, 4 * len(a)))
    x = rng.choice([0.0, 0.25, 0.5, 1.0], size=2 * len(a))
    return pattern, root, t, hops, most, x


@settings(max_examples=150, deadline=None)
@given(balls())
def test_a_ball_is_every_node_within_some_hops(case):
    """:func:`._flows.ball` holds the nodes within some number of hops of the terminal, at most
    ``hops``, not through the root; their arcs are at most ``most`` (but the terminal's own),
    and one hop more would be too many or reach no more nodes."""
    pattern, root, t, hops, most, _ = case
    graph = nx.Graph(zip(pattern.rows.tolist(), pattern.indices.tolist(), strict=True))
    graph.remove_node(root)
    distance = nx.single_source_shortest_path_length(graph, t)
    nodes = set(ball(pattern, t, np.arange(pattern.n) == root, hops=hops, most=most).tolist())
    radius = max(distance[v] for v in nodes)
    assert radius <= hops
    assert nodes == {v for v, d in distance.items() if d <= radius}

    def arcs(within: set) -> int:  # the arcs into them: as many as out, the root's too
        return sum(int(pattern.indptr[v + 1] - pattern.indptr[v]) for v in within)

    assert len(nodes) == 1 or arcs(nodes) <= most
    wider = {v for v, d in distance.items() if d <= radius + 1}
    assert radius == hops or wider == nodes or arcs(wider) > most


@settings(max_examples=150, deadline=None)
@given(balls())
def test_a_ball_flow_is_the_flow_with_the_nodes_outside_merged(case):
    """The flow on a ball (:class:`._flows._Flows`) is networkx's maximum flow into the
    terminal from the nodes outside the ball, merged into one: none when a unit gets through;
    else both sides of its cut are left, or entered, by exactly that flow."""
    pattern, root, t, hops, most, x = case
    inside = ball(pattern, t, np.arange(pattern.n) == root, hops=hops, most=most)
    src, dst = pattern.rows, pattern.indices.astype(np.int64)
    capacity = np.floor(x * FLOW_SCALE).astype(np.int64)  # by the pattern's positions
    merged = np.where(np.isin(np.arange(pattern.n), inside), np.arange(pattern.n), root)
    flows = nx.DiGraph()
    flows.add_nodes_from(range(pattern.n))
    for u, v, c in zip(merged[src].tolist(), merged[dst].tolist(), capacity.tolist(), strict=True):
        if u != v:
            c += flows.edges[u, v]["capacity"] if flows.has_edge(u, v) else 0
            flows.add_edge(u, v, capacity=c)
    flow = nx.maximum_flow_value(flows, root, t)
    local = _Flows(pattern, inside)
    found = local.cut(local.capacities(capacity), t)
    assert (found is None) == (flow >= FLOW_SCALE)
    if found is not None:
        near, far = found
        assert near[root] and not near[t] and far[t] and not (near & far).any()
        assert near[np.setdiff1d(np.arange(pattern.n), inside)].all()
        assert capacity[near[src] & ~near[dst]].sum() == flow
        assert capacity[~far[src] & far[dst]].sum() == flow
