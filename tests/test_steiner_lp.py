"""The branch-and-cut's LP model (:class:`letterplay.steiner._lp._Model`) with columns set aside:
HiGHS holds only some of the columns, and the solution is still the LP's over all of them."""

from __future__ import annotations

import threading

import highspy
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from letterplay.steiner import _lp
from letterplay.steiner._lp import _highs, _Model, _Rows, safe_bound

INF = highspy.kHighsInf


def covering(rows: list[list[int]]) -> _Rows:
    """Rows ``sum of x[j] for j in row >= 1``."""
    added = _Rows()
    for row in rows:
        added.add(np.array(row), np.ones(len(row)), 1, INF)
    return added


def serial_highs() -> highspy.Highs:
    """A silent HiGHS whose LPs are solved by its serial dual simplex, as a reference for the
    parallel one :func:`letterplay.steiner._lp._dual_simplex` chooses on two cores or more."""
    h = _highs()
    h.setOptionValue("simplex_strategy", _lp.SERIAL_DUAL)
    return h


def parallel_highs() -> highspy.Highs:
    """A silent HiGHS whose LPs are solved by its parallel dual simplex on two cores, whatever
    the cores here."""
    h = _highs()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_lp, "_cores", lambda: 2)
        _lp._dual_simplex(h)
    return h


def full_optimum(model: _Model) -> float | None:
    """The LP over every column of ``model``, solved by HiGHS's serial dual simplex from
    scratch (None: infeasible)."""
    h = serial_highs()
    width, matrix = model.width, model.matrix()
    empty = (0, np.zeros(width, dtype=np.int32), np.zeros(0, dtype=np.int32), np.zeros(0))
    h.addCols(width, model.cost, model.lower, model.upper, *empty)
    if matrix.shape[0]:
        h.addRows(
            matrix.shape[0],
            model.row_lower,
            model.row_upper,
            matrix.nnz,
            matrix.indptr[:-1].astype(np.int32),
            matrix.indices.astype(np.int32),
            matrix.data,
        )
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    return h.getInfo().objective_function_value


def test_a_column_set_aside_comes_back_when_a_row_wants_it():
    """Two of three columns cost four or five more than the dual values allow: they go before
    the next solve. A row only they can meet, once the third is fixed at 0, brings them back;
    for the branch and bound every column not fixed returns, and HiGHS's values spread back
    to the model's columns."""
    model = _Model(_highs())
    model.add_columns(np.array([1.0, 5.0, 5.0]), np.zeros(3), np.ones(3))
    model.add(covering([[0, 1]]))
    model.solve()
    assert model.solution()[0].tolist() == [1.0, 0.0, 0.0]
    assert model.held.tolist() == [0, 1, 2]  # set aside only at the next solve
    model.solve()
    assert model.held.tolist() == [0] and model.where.tolist() == [0, -1, -1]
    model.fix(np.array([0]))
    model.add(covering([[1, 2]]))  # no column HiGHS holds can meet it
    assert model.held.tolist() == [0, 1, 2] and model.where.tolist() == [0, 1, 2]
    model.solve()
    assert model.h.getInfo().objective_function_value == pytest.approx(5.0)
    x = model.solution()[0]
    assert x[0] == 0 and x[1] + x[2] == pytest.approx(1.0) and x[1] == pytest.approx(1.0)
    assert safe_bound(model)[0] == pytest.approx(5.0)


def test_the_branch_and_bound_gets_every_column_not_fixed(monkeypatch):
    """:meth:`_Model.restore`: the columns set aside come back but the fixed ones; HiGHS's
    order is not the model's, and :meth:`_Model.spread` maps values back."""
    monkeypatch.setattr(_lp, "SET_ASIDE_SHARE", 0.0)
    model = _Model(_highs())
    model.add_columns(np.array([3.0, 1.0, 4.0, 1.0]), np.zeros(4), np.ones(4))
    model.add(covering([[1, 3]]))
    model.solve()
    model.solve()
    assert sorted(model.held.tolist()) == [1, 3]
    model.fix(np.array([0]))
    model.restore()
    assert model.held.tolist() == [1, 3, 2] and model.whole
    assert model.spread([0.5, 0.25, 1.0]).tolist() == [0.0, 0.5, 1.0, 0.25]
    model.solve()  # nothing is set aside any more
    assert model.held.tolist() == [1, 3, 2]


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_columns_set_aside_leave_the_lp_optimum_and_its_bound(data):
    """Covering rows added in batches, columns fixed between them, and columns set aside
    whenever they may (any share): after each solve the model's solution is feasible for
    every row and column and costs what the LP over every column costs, which the safe bound
    meets; an LP no column can meet is found infeasible."""
    share = data.draw(st.sampled_from([0.0, 0.25]))
    width = data.draw(st.integers(2, 10))
    costs = np.array(data.draw(st.lists(st.integers(1, 4), min_size=width, max_size=width)))
    model = _Model(_highs())
    model.add_columns(costs.astype(float), np.zeros(width), np.ones(width))
    columns = st.lists(st.integers(0, width - 1), min_size=1, max_size=width, unique=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_lp, "SET_ASIDE_SHARE", share)
        for _ in range(data.draw(st.integers(1, 5))):
            model.add(covering(data.draw(st.lists(columns, min_size=1, max_size=4))))
            if data.draw(st.booleans()):
                model.fix(np.array(data.draw(columns)))
            model.solve()
            expected = full_optimum(model)
            status = model.h.getModelStatus()
            if expected is None:
                assert status == highspy.HighsModelStatus.kInfeasible
                return
            assert status == highspy.HighsModelStatus.kOptimal
            x = model.solution()[0]
            assert (model.matrix() @ x >= model.row_lower - 1e-7).all()
            assert (x >= model.lower - 1e-9).all() and (x <= model.upper + 1e-9).all()
            assert model.cost @ x == pytest.approx(expected, abs=1e-7)
            assert safe_bound(model)[0] == pytest.approx(expected, abs=1e-7)


@pytest.mark.parametrize(
    ("cores", "strategy", "concurrency"),
    [(1, _lp.SERIAL_DUAL, 1), (2, _lp.PARALLEL_DUAL, 2), (16, _lp.PARALLEL_DUAL, 8)],
)
def test_the_parallel_dual_simplex_runs_on_two_cores_or_more(
    monkeypatch, cores, strategy, concurrency
):
    """One core: HiGHS's serial dual simplex (its default); more: the parallel one, as many rows
    at a time as there are cores, up to HiGHS's own default of eight."""
    monkeypatch.setattr(_lp, "_cores", lambda: cores)
    h = _highs()
    _lp._dual_simplex(h)
    assert h.getOptionValue("simplex_strategy")[1] == strategy
    assert h.getOptionValue("simplex_max_concurrency")[1] == concurrency


def test_another_search_in_the_process_keeps_highs_to_one_core(monkeypatch):
    """While another thread is in a branch-and-cut, a new one's LPs take the serial dual
    simplex (the parallel one's threads would wait on the other search's); a search nested in
    this thread's own (a restart, a merge) does not count; once the other ends, the parallel
    one again."""
    monkeypatch.setattr(_lp, "_cores", lambda: 2)

    def strategy() -> int:
        h = _highs()
        _lp._dual_simplex(h)
        return h.getOptionValue("simplex_strategy")[1]

    inside, leave = threading.Event(), threading.Event()

    def other_search():
        with _lp._searches():
            inside.set()
            leave.wait(10)

    with _lp._searches():
        with _lp._searches():
            assert strategy() == _lp.PARALLEL_DUAL
        other = threading.Thread(target=other_search)
        other.start()
        inside.wait(10)
        assert strategy() == _lp.SERIAL_DUAL
        leave.set()
        other.join()
        assert strategy() == _lp.PARALLEL_DUAL
    assert not _lp._searching


@pytest.mark.parametrize("seed", range(2))
def test_the_parallel_dual_simplex_meets_the_serial_optimum(seed):
    """A covering LP of 1,000 columns re-solved after rows are added, as the cut rounds do:
    the parallel dual simplex (forced, whatever the cores here) reaches the serial one's
    optimum each time, and its solution meets every row."""
    rng = np.random.default_rng(seed)
    width = 1_000
    cost = rng.integers(1, 5, width).astype(float)
    parallel, serial = _Model(parallel_highs()), _Model(serial_highs())
    assert parallel.h.getOptionValue("simplex_strategy")[1] == _lp.PARALLEL_DUAL
    for model in (parallel, serial):
        model.add_columns(cost, np.zeros(width), np.ones(width))
    for _ in range(3):
        rows = [rng.choice(width, rng.integers(2, 30), replace=False).tolist() for _ in range(200)]
        for model in (parallel, serial):
            model.add(covering(rows))
            model.solve()
        x = parallel.solution()[0]
        assert (parallel.matrix() @ x >= parallel.row_lower - 1e-7).all()
        assert parallel.cost @ x == pytest.approx(serial.cost @ serial.solution()[0], abs=1e-6)
        assert safe_bound(parallel)[0] == pytest.approx(full_optimum(parallel), abs=1e-6)


def node_rows_one_by_one(src, dst, root, steiner) -> _Rows:
    """The rows of :func:`letterplay.steiner._lp.node_rows`, node by node."""
    n = len(steiner)
    into, out = [[] for _ in range(n)], [[] for _ in range(n)]
    for j, (a, b) in enumerate(zip(src.tolist(), dst.tolist(), strict=True)):
        out[a].append(j)
        into[b].append(j)
    rows = _Rows()
    for v in range(n):
        if v == root:
            continue
        rows.add(np.array(into[v]), np.ones(len(into[v])), 0 if steiner[v] else 1, 1)
        if steiner[v]:
            entries = sorted([(j, 1.0) for j in out[v]] + [(j, -1.0) for j in into[v]])
            columns, values = zip(*entries, strict=True) if entries else ((), ())
            rows.add(np.array(columns, dtype=int), np.array(values), 0, INF)
    rows.add(np.array(out[root]), np.ones(len(out[root])), 1, INF)
    return rows


def random_arcs(n: int, density: float, rng) -> tuple[np.ndarray, np.ndarray]:
    """A random graph's edges as arcs ``j`` and ``j + m`` opposite."""
    a, b = np.nonzero(np.triu(rng.random((n, n)) < density, 1))
    return np.concatenate([a, b]), np.concatenate([b, a])


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 12), density=st.floats(0.0, 1.0), seed=st.integers(0, 2**32 - 1))
def test_node_rows_at_once_are_those_node_by_node(n, density, seed):
    """The same rows in the same order, their entries in the same order (HiGHS's path through
    the LP depends on it). Fails when a node's rows are swapped or its arcs reordered."""
    rng = np.random.default_rng(seed)
    src, dst = random_arcs(n, density, rng)
    steiner = rng.random(n) < 0.5
    root = int(rng.integers(n))
    steiner[root] = False
    fast, plain = (
        _lp.node_rows(src, dst, root, steiner),
        node_rows_one_by_one(src, dst, root, steiner),
    )
    width = len(src)
    assert (fast.matrix(width) != plain.matrix(width)).nnz == 0
    assert fast.starts == plain.starts
    assert np.concatenate(fast.indices).tolist() == np.concatenate(plain.indices).tolist()
    assert fast.lower == plain.lower and fast.upper == plain.upper


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 12), density=st.floats(0.0, 1.0), seed=st.integers(0, 2**32 - 1))
def test_edge_rows_are_those_arc_by_arc(n, density, seed):
    """Each arc ``u → v``'s row: +1 on it, -1 on each other arc into ``u``, in order of column.
    Fails when the arc's reverse is left in the row or another arc into ``u`` left out."""
    rng = np.random.default_rng(seed)
    src, dst = random_arcs(n, density, rng)
    if not len(src):
        return
    arcs = np.flatnonzero(rng.random(len(src)) < 0.5)
    rows = _lp.edge_rows(_lp._Pattern(n, src, dst), arcs)
    matrix = rows.matrix(len(src)).toarray()
    for row, k in zip(matrix, arcs.tolist(), strict=True):
        expected = np.zeros(len(src))
        expected[k] = 1.0
        others = (dst == src[k]) & (src != dst[k])
        expected[others] = -1.0
        assert row.tolist() == expected.tolist()
    assert all(upper == 0 for upper in rows.upper)


def node_column_optimum(src, dst, cost, r, root, steiner, cuts) -> float | None:
    """The optimum of the cut formulation as first written, with a column per node for its
    in-degree (paying the node's weight), the rows of each node, the root and each edge, and
    ``cuts`` (lists of arcs); None when it has none."""
    n, arcs = len(steiner), len(src)
    h = serial_highs()
    lower, upper = np.zeros(arcs + n), np.ones(arcs + n)
    upper[:arcs][dst == root] = 0.0
    lower[arcs:][~steiner] = 1.0
    lower[arcs + root] = upper[arcs + root] = 0.0
    costs = np.concatenate([cost, r]).astype(float)
    empty = (0, np.zeros(arcs + n, dtype=np.int32), np.zeros(0, dtype=np.int32), np.zeros(0))
    h.addCols(arcs + n, costs, lower, upper, *empty)
    rows = _Rows()
    for v in range(n):
        into = np.flatnonzero(dst == v)
        if v != root:
            rows.add(np.array([*into, arcs + v]), np.array([-1.0] * len(into) + [1.0]), 0, 0)
        if steiner[v]:
            out = np.flatnonzero(src == v)
            rows.add(np.array([*out, arcs + v]), np.array([1.0] * len(out) + [-1.0]), 0, INF)
    leaving = np.flatnonzero(src == root)
    rows.add(leaving, np.ones(len(leaving)), 1, INF)
    for k in np.flatnonzero(src != root).tolist():
        reverse = int(np.flatnonzero((src == dst[k]) & (dst == src[k]))[0])
        rows.add(np.array([k, reverse, arcs + src[k]]), np.array([1.0, 1.0, -1.0]), -INF, 0)
    for cut in cuts:
        rows.add(np.array(cut), np.ones(len(cut)), 1, INF)
    matrix = rows.matrix(arcs + n)
    entries = (matrix.nnz, matrix.indptr[:-1], matrix.indices, matrix.data)
    h.addRows(len(rows), *(np.array(rows.lower), np.array(rows.upper)), *entries)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    return h.getInfo().objective_function_value


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 7), density=st.floats(0.3, 1.0), seed=st.integers(0, 2**32 - 1))
def test_the_arc_formulation_has_the_lp_of_the_node_columns(n, density, seed):
    """With every cut of a small graph, the LP over the arcs alone (a node's weight on the arcs
    into it) has the optimum of the LP with a column per node. Fails when a node's weight is
    left off its arcs or a Steiner node's in-degree is left unbounded."""
    rng = np.random.default_rng(seed)
    src, dst = random_arcs(n, density, rng)
    if not len(src):
        return
    m = len(src) // 2
    cost = np.tile(rng.integers(0, 3, m), 2).astype(float)
    r = rng.integers(0, 3, n).astype(float)
    steiner = rng.random(n) < 0.5
    root = int(rng.integers(n))
    steiner[root] = False
    r[~steiner] = 0.0  # a terminal's weight is in every tree
    cuts = []
    for mask in range(1 << n):
        inside = np.array([(mask >> v) & 1 for v in range(n)], dtype=bool)
        if inside[root] and (~inside & ~steiner).any():
            cuts.append(np.flatnonzero(inside[src] & ~inside[dst]).tolist())
    model = _Model(serial_highs())
    model.add_columns(cost + r[dst], np.zeros(2 * m), np.where(dst == root, 0.0, 1.0))
    model.add(_lp.node_rows(src, dst, root, steiner))
    model.add(_lp.edge_rows(_lp._Pattern(n, src, dst), np.flatnonzero(src != root)))
    model.add(covering(cuts))
    model.solve()
    expected = node_column_optimum(src, dst, cost, r, root, steiner, cuts)
    if expected is None:
        assert model.h.getModelStatus() != highspy.HighsModelStatus.kOptimal
    else:
        assert model.h.getModelStatus() == highspy.HighsModelStatus.kOptimal
        assert model.h.getInfo().objective_function_value == pytest.approx(expected, abs=1e-6)
