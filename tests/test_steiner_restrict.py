"""The branch-and-cut restarted on the arcs it has not fixed (:mod:`letterplay.steiner._restrict`):
the rows carried over mean what they meant, and the restarted search keeps the optimum."""

from __future__ import annotations

import math

import highspy
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphs import graph
from letterplay.steiner import _cut as cut_module
from letterplay.steiner import _dual as dual_module
from letterplay.steiner import _restrict as restrict_module
from letterplay.steiner._branch import _Lazy
from letterplay.steiner._cut import _BranchAndCut
from letterplay.steiner._lp import _highs, _Model, _Rows
from letterplay.steiner._reduce import _Reduced
from letterplay.steiner._restrict import _within, carried_rows, column_map, restricted_graph
from letterplay.steiner._tree import _solve
from test_steiner_cut import random_edges, unreduced


def _model(columns: int, rows: list[tuple[list[int], list[float], float, float]]):
    """A model of ``columns`` free columns and these rows."""
    model = _Model(_highs())
    model.add_columns(np.zeros(columns), np.zeros(columns), np.ones(columns))
    added = _Rows()
    for indices, values, low, high in rows:
        added.add(np.array(indices), np.array(values), low, high)
    model.add(added)
    return model


def highs_matrix(h) -> np.ndarray:
    """The rows' matrix as HiGHS hands it back (by rows before its first solve, by columns
    after), dense."""
    lp = h.getLp()
    a, shape = lp.a_matrix_, (lp.num_row_, lp.num_col_)
    data = (np.asarray(a.value_), np.asarray(a.index_), np.asarray(a.start_))
    if a.format_ == highspy.MatrixFormat.kRowwise:
        return sp.csr_array(data, shape=shape).toarray()
    return sp.csc_array(data, shape=shape).toarray()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_copy_of_the_rows_is_the_matrix_highs_has(data):
    """Rows added and deleted in any order, some after a solve (HiGHS then holds its matrix by
    columns): the model's copy is HiGHS's own matrix."""
    width = data.draw(st.integers(1, 6))
    model = _model(width, [])
    for _ in range(data.draw(st.integers(1, 6))):
        if model.h.getNumRow() and data.draw(st.booleans()):
            gone = data.draw(st.sets(st.integers(0, model.h.getNumRow() - 1), min_size=1))
            model.delete(np.array(sorted(gone), dtype=np.int32))
        else:
            rows = _Rows()
            for _ in range(data.draw(st.integers(0, 3))):
                indices = data.draw(st.lists(st.integers(0, width - 1), min_size=1, unique=True))
                values = [float(data.draw(st.integers(-3, 3).filter(bool))) for _ in indices]
                rows.add(np.array(indices), np.array(values), -math.inf, 10.0)
            model.add(rows)
        if data.draw(st.booleans()):
            model.h.run()
        assert np.array_equal(model.matrix().toarray(), highs_matrix(model.h))


def test_the_copy_of_the_rows_is_the_matrix_highs_has_after_cut_rounds(monkeypatch):
    """A branch-and-cut's rounds (cuts added, idle rows dropped every few rounds, columns set
    aside) leave the copy, in the columns HiGHS holds, equal to HiGHS's own matrix."""
    rng = np.random.default_rng(8)
    n, edges = 80, random_edges(rng, 80, 200, 2)
    compact, _ = unreduced(n, edges, sorted(rng.choice(n, 20, replace=False).tolist()))
    deleted = []
    delete = _Model.delete

    def counted(model, index):
        deleted.append(len(index))
        delete(model, index)

    monkeypatch.setattr(_Model, "delete", counted)
    bc = _BranchAndCut(compact, 10**6, math.inf, None)
    bc._found = lambda cost, edges: None  # no tree ends the rounds early
    bc._build()
    bc.state = _Lazy(bc)
    bc._root_lp()
    assert sum(deleted) > 0 and bc.rounds > cut_module.DROP_ROUNDS
    held = bc.model.held
    assert len(held) < bc.model.width  # some columns are set aside
    assert np.array_equal(bc.model.matrix()[:, held].toarray(), highs_matrix(bc.h))
    assert sorted(held.tolist()) == np.flatnonzero(bc.model.where >= 0).tolist()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_carried_rows_have_the_values_they_had_where_the_columns_gone_are_zero(data):
    """Each row carried over, at a point whose columns gone are 0, has the value it had (in the
    columns mapped), and the bounds it had; the rows before ``first`` stay behind."""
    m = data.draw(st.integers(1, 5))
    width = 2 * m
    rows = []
    for _ in range(data.draw(st.integers(1, 6))):
        indices = data.draw(st.lists(st.integers(0, width - 1), min_size=1, unique=True))
        values = [float(data.draw(st.integers(-3, 3).filter(bool))) for _ in indices]
        rows.append((indices, values, -math.inf, float(data.draw(st.integers(0, 4)))))
    edges = np.flatnonzero(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)))
    columns = column_map(m, edges)
    x = np.array([data.draw(st.integers(0, 5)) for _ in range(width)], dtype=float)
    x[columns < 0] = 0.0
    first = data.draw(st.integers(0, len(rows)))
    model = _model(width, rows)
    carried = carried_rows(model, first, columns)
    assert carried is not None  # no row has a lower bound
    y = np.zeros(2 * len(edges))
    y[columns[columns >= 0]] = x[columns >= 0]
    # the rows left with no column go (their value is 0, within their bounds)
    kept = [row for row in rows[first:] if (columns[row[0]] >= 0).any()]
    before = [(np.dot(values, x[indices]), high) for indices, values, _, high in kept]
    after = list(zip(carried.matrix(len(y)) @ y, carried.upper, strict=True))
    assert len(after) == len(kept)
    assert np.allclose(before, after)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_an_edge_is_within_input_edges_when_every_edge_behind_it_is(data):
    """An edge of a reduced graph stands for one input edge or a contracted path of them: it is
    within a set of input edges when all of them are (the path stays or goes whole)."""
    chains = data.draw(st.lists(st.lists(st.integers(0, 20), min_size=1, max_size=5), max_size=6))
    refs = st.integers(-len(chains), 20) if chains else st.integers(0, 20)
    ref = np.array(data.draw(st.lists(refs, min_size=1, max_size=12)), dtype=np.int64)
    k = len(ref)
    g = _Reduced(
        ids=np.arange(k + 1),
        a=np.arange(k),
        b=np.arange(1, k + 1),
        cost=np.ones(k, dtype=np.int64),
        ref=ref,
        chains=[tuple(c) for c in chains],
        r=np.zeros(k + 1, dtype=np.int64),
        terms=[0, k],
    )
    inputs = np.array(data.draw(st.lists(st.integers(0, 20), max_size=20)), dtype=np.int64)
    behind = [(j,) if j >= 0 else chains[-1 - j] for j in ref.tolist()]
    among = set(inputs.tolist())
    expected = [all(e in among for e in edges) for edges in behind]
    assert _within(g, inputs).tolist() == expected


def test_a_row_left_with_no_column_and_a_positive_bound_leaves_no_tree():
    """A cut whose every arc is gone cannot be met: nothing is carried (no tree is cheaper than
    the target)."""
    # two edges, the first gone: its arcs 0 and 2 with it
    model = _model(4, [([0, 2], [1.0, 1.0], 1.0, math.inf), ([1], [1.0], 1.0, math.inf)])
    columns = column_map(2, np.array([1]))
    assert carried_rows(model, 1, columns) is not None  # the first row stays behind
    assert carried_rows(model, 0, columns) is None


def test_the_restricted_graph_keeps_the_terminals_and_the_order_of_edges():
    """Edges gone, nodes left without an edge go, but a terminal stays even when alone."""
    compact, _ = unreduced(5, {(0, 1): 1, (1, 2): 1, (2, 3): 1, (3, 4): 1}, [0, 4])
    gone = np.array([False, True, True, True])
    small, nodes, edges = restricted_graph(compact, gone)
    assert nodes.tolist() == [0, 1, 4] and edges.tolist() == [0]
    assert small.terms == [0, 2] and small.a.tolist() == [0] and small.b.tolist() == [1]


def recorded(monkeypatch, owner, name: str, record, *, before: bool = False) -> list:
    """Wrap ``owner.name`` so that each call's ``record(args, kwargs, result)`` is listed
    (unless None); ``before`` the call (in the order calls begin, its result None)."""
    calls: list = []
    original = getattr(owner, name)

    def keep(entry) -> None:
        if entry is not None:
            calls.append(entry)

    def wrapper(*args, **kwargs):
        if before:
            keep(record(args, kwargs, None))
        result = original(*args, **kwargs)
        if not before:
            keep(record(args, kwargs, result))
        return result

    monkeypatch.setattr(owner, name, wrapper)
    return calls


def restarting(monkeypatch) -> list[int]:
    """Restart as soon as one edge has both arcs fixed, on any graph; the sizes restarted on are
    listed. The first LP has no cuts of ascents or balls, so that its bound is low and the
    rounds fix arcs one after another."""
    monkeypatch.setattr(restrict_module, "RESTRICT_MIN_EDGES", 0)
    monkeypatch.setattr(restrict_module, "RESTRICT_SHARE", 1e-9)
    monkeypatch.setattr(cut_module, "BALL_SHARE", 0.0)
    monkeypatch.setattr(dual_module, "ASCENT_SHARE", 0.0)

    def size(args, _, __) -> int:
        return args[0].m

    return recorded(monkeypatch, _BranchAndCut, "_restart", size, before=True)


@st.composite
def cubes(draw):
    """A hypercube of dimension 4 or 5 (unit edges, or weights 1 to 3) and 3 to 7 terminals:
    its LP bound is below the optimum at first, so the cut rounds fix arcs as they go."""
    d = draw(st.integers(4, 5))
    n = 1 << d
    weighted = draw(st.booleans())
    edges = {}
    for v in range(n):
        for i in range(d):
            if v < v ^ (1 << i):
                edges[(v, v ^ (1 << i))] = draw(st.integers(1, 3)) if weighted else 1
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=3, max_size=7, unique=True))
    return n, edges, terminals


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(cubes())
def test_a_restarted_branch_and_cut_finds_and_proves_the_optimum(instance):
    """Restarted whenever it can be, the branch-and-cut, given the optimum plus one to beat,
    finds a tree of the optimum's cost (by the Dijkstra–Steiner search) and proves it: the
    restarts keep the root, as the cuts carried over are cuts from it."""
    n, edges, terminals = instance
    with pytest.MonkeyPatch.context() as monkeypatch:  # undone after each example
        restarting(monkeypatch)
        best = _solve(graph(n, edges), terminals, method="dijkstra-steiner")
        compact, offset = unreduced(n, edges, terminals)
        optimum = best.cost + offset
        cost, found, lower = _BranchAndCut(compact, optimum + 1, math.inf, None).run()
    assert (cost, lower) == (optimum, optimum)
    nodes = {x for e in found for x in e} | set(compact.terms)
    assert len(found) == len(nodes) - 1


def test_a_hypercube_is_restarted_on_smaller_graphs_and_solved(monkeypatch):
    """On the five-dimensional hypercube (32 nodes, 80 unit edges) with seven terminals the
    branch-and-cut restarts on ever smaller graphs and still proves the optimum (the
    reductions are not run again: on so small a graph they would leave nothing to restart)."""
    sizes = restarting(monkeypatch)
    monkeypatch.setattr(_BranchAndCut, "_reduces_again", lambda bc: False)
    monkeypatch.setattr(_BranchAndCut, "_reduce_again", lambda bc: None)  # nor at a restart
    optimum, cost, lower = hypercube_solved()
    assert cost == lower == optimum
    assert len(sizes) >= 2 and sizes == sorted(sizes, reverse=True) and sizes[0] == 80


def hypercube_solved() -> tuple[int, int, int]:
    """The five-dimensional hypercube (unit edges) with seven terminals, given 100 to beat: the
    optimum (by the Dijkstra–Steiner search, in the shifted costs the branch-and-cut sees), and
    the branch-and-cut's cost and bound."""
    d, terminals = 5, [30, 8, 21, 16, 29, 11, 4]
    edges = {(v, v ^ (1 << i)): 1 for v in range(1 << d) for i in range(d) if v < v ^ (1 << i)}
    best = _solve(graph(1 << d, edges), terminals, method="dijkstra-steiner")
    compact, offset = unreduced(1 << d, edges, terminals)
    cost, _, lower = _BranchAndCut(compact, 100, math.inf, None).run()
    return best.cost + offset, cost, lower


def staged(monkeypatch, heuristic: bool = True) -> list[tuple[int, int]]:
    """The stages run (:meth:`_BranchAndCut._stages`): the lower bound at each and what it
    proved (the stage's bound). Without the ``heuristic`` led by the LP the trees come from the
    branch and bound alone, and the gap to the best tree stays wide: stages run (at any gap)."""
    monkeypatch.setattr(restrict_module, "STAGE_GAP", 1000)
    if not heuristic:
        monkeypatch.setattr(_BranchAndCut, "_lp_tree", lambda bc, x: None)

    def stage(args, kwargs, result):
        return (args[2] - 1, result[2]) if kwargs.get("stage") else None

    return recorded(monkeypatch, _BranchAndCut, "_restricted", stage)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(cubes(), st.integers(2, 6), st.booleans())
def test_stages_below_the_best_tree_keep_the_optimum(instance, slack, heuristic):
    """With a tree to beat well above the optimum, the branch-and-cut searches the trees as
    cheap as its bound alone, level by level (on the edges they may use): it still finds the
    optimum and proves it, and no stage lifts the bound past the optimum."""
    n, edges, terminals = instance
    with pytest.MonkeyPatch.context() as monkeypatch:  # undone after each example
        restarting(monkeypatch)
        stages = staged(monkeypatch, heuristic)
        best = _solve(graph(n, edges), terminals, method="dijkstra-steiner")
        compact, offset = unreduced(n, edges, terminals)
        optimum = best.cost + offset
        cost, found, lower = _BranchAndCut(compact, optimum + slack, math.inf, None).run()
    assert (cost, lower) == (optimum, optimum)
    assert all(proved <= optimum for _, proved in stages)
    nodes = {x for e in found for x in e} | set(compact.terms)
    assert len(found) == len(nodes) - 1


def test_a_stage_proves_a_level_or_finds_its_tree(monkeypatch):
    """On the five-dimensional hypercube with seven terminals and a loose tree to beat, stages
    run; each either lifts the bound by one or ends the search with a tree at its level."""
    restarting(monkeypatch)
    stages = staged(monkeypatch, heuristic=False)
    optimum, cost, lower = hypercube_solved()
    assert cost == lower == optimum
    assert stages
    for level, proved in stages:
        assert proved == level + 1 or level == optimum


def test_a_stage_reduces_its_edges_again(monkeypatch):
    """On that hypercube, a stage that goes on past its first LP runs the reductions again on
    its edges with its own level plus one to beat (the trees it searches are the ones that
    cheap): some stage does, each with a stage's target, and the optimum is still proven."""
    restarting(monkeypatch)
    stages = staged(monkeypatch, heuristic=False)

    def stage_target(args, _, __):
        bc = args[0]
        return bc.target if bc.above is not None else None

    again = recorded(monkeypatch, _BranchAndCut, "_reduce_again", stage_target, before=True)
    optimum, cost, lower = hypercube_solved()
    assert cost == lower == optimum
    assert again and set(again) <= {level + 1 for level, _ in stages}


def handed_up(n, edges, terminals, slack: int) -> tuple[set, set, list[int], int, int, int]:
    """A stage with the optimum plus ``slack`` to beat, made to restart as soon as it can:
    the trees found in it, in its restarts or in their stages, that cost at least the stage's
    best (too dear for it, but maybe not for the search above it), and those it handed up (each
    checked to be a tree of the stage's graph at the cost handed with it), all in the input's
    ids; the sizes it restarted on, its cost and bound, and the optimum."""
    compact, offset = unreduced(n, edges, terminals)
    optimum = _solve(graph(n, edges), terminals, method="dijkstra-steiner").cost + offset
    stage = _BranchAndCut(compact, optimum + slack, math.inf, None)
    ends = zip(compact.a.tolist(), compact.b.tolist(), compact.cost.tolist(), strict=True)
    weight = {(a, b): c for a, b, c in ends}
    up: set[frozenset] = set()

    def above(cost, found):
        assert sum(weight[edge] for edge in found) == cost
        nodes = {x for e in found for x in e} | set(compact.terms)
        assert len(found) == len(nodes) - 1
        up.add(frozenset((int(compact.ids[a]), int(compact.ids[b])) for a, b in found))

    stage.above = above
    dear: set[frozenset] = set()

    def too_dear(args, _, __):
        bc, cost, found = args
        if cost >= stage.target:  # whichever graph found it, in the input's ids
            dear.add(frozenset((int(bc.g.ids[a]), int(bc.g.ids[b])) for a, b in found))

    with pytest.MonkeyPatch.context() as monkeypatch:  # undone after each call
        restarts = restarting(monkeypatch)
        staged(monkeypatch)
        recorded(monkeypatch, _BranchAndCut, "_found", too_dear, before=True)
        cost, _, lower = stage.run()
    return dear, up, restarts, cost, lower, optimum


def test_a_stage_hands_up_the_trees_too_dear_for_it_that_its_restarts_found():
    """On the five-dimensional hypercube with seven terminals and the optimum to beat (every
    tree is too dear), the stage restarts; the trees found on the way, in it and in its
    restarts, all reach the search above it."""
    d, terminals = 5, [30, 8, 21, 16, 29, 11, 4]
    edges = {(v, v ^ (1 << i)): 1 for v in range(1 << d) for i in range(d) if v < v ^ (1 << i)}
    dear, up, restarts, cost, lower, optimum = handed_up(1 << d, edges, terminals, 0)
    assert (cost, lower) == (None, optimum) and restarts
    assert dear and dear <= up


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(cubes(), st.integers(0, 3))
def test_a_stage_and_its_restarts_hand_up_every_tree_too_dear_for_it(instance, slack):
    """Any hypercube and tree to beat: every tree found in the stage, in its restarts or in
    their stages, too dear for the stage, reaches the search above it; the stage's tree and
    bound are the optimum's (or no tree, with the optimum to beat)."""
    dear, up, _, cost, lower, optimum = handed_up(*instance, slack)
    assert dear <= up
    assert lower == optimum and cost in ({None} if slack == 0 else {optimum})


def six_cube() -> tuple[int, dict[tuple[int, int], int]]:
    """The six-dimensional hypercube: 64 nodes, 192 unit edges."""
    edges = {(v, v ^ (1 << i)): 1 for v in range(64) for i in range(6) if v < v ^ (1 << i)}
    return 64, edges


def reducing_again(monkeypatch) -> list[tuple[int, int, int]]:
    """Reduce again on any graph, however small; each time, the upper bound and the edges
    before and after are listed."""
    monkeypatch.setattr(restrict_module, "RESTRICT_MIN_EDGES", 0)

    def sizes(args, _, result):
        return args[1], len(args[0].a), len(result.a)

    return recorded(monkeypatch, restrict_module, "_again", sizes)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(st.integers(0, 63), min_size=6, max_size=10, unique=True))
def test_a_tree_below_the_upper_bound_has_the_graph_reduced_again(terminals):
    """Made to search past the heuristic's tree, the branch-and-cut may find one below the
    upper bound the graph was reduced with; the graph is then reduced again with it, the edges
    removed fixed, and the optimum is still found and proven."""
    n, edges = six_cube()
    with pytest.MonkeyPatch.context() as monkeypatch:  # undone after each example
        calls = reducing_again(monkeypatch)
        optimum = _solve(graph(n, edges), terminals, method="dijkstra-steiner").cost
        result = _solve(graph(n, edges), terminals, method="branch-and-cut", must_search=True)
    assert (result.cost, result.optimal) == (optimum, True)
    assert all(after <= before for _, before, after in calls)


@pytest.mark.parametrize(
    "terminals", [[30, 37, 34, 8, 23, 58, 38, 63, 40], [32, 47, 22, 50, 44, 53, 62, 41, 33]]
)
def test_reduced_again_the_graph_shrinks_and_the_optimum_stays(monkeypatch, terminals):
    """Two sets of nine terminals on the six-dimensional hypercube where the branch-and-cut
    finds a tree below the heuristic's (made to search past it) before it proves the bound:
    the graph is reduced again, smaller, and the optimum is proven."""
    calls = reducing_again(monkeypatch)
    n, edges = six_cube()
    optimum = _solve(graph(n, edges), terminals, method="dijkstra-steiner").cost
    result = _solve(graph(n, edges), terminals, method="branch-and-cut", must_search=True)
    assert (result.cost, result.optimal) == (optimum, True)
    assert calls and all(after < before for _, before, after in calls)
