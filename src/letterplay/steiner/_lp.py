"""The linear programmes of the branch-and-cut (:mod:`._cut`): a silent HiGHS and the dual
simplex it runs (the parallel one on two cores or more, while no other search of the process
is running), rows gathered to add at once, the model with a copy of its rows and its columns
set aside while their reduced costs are high, the arcs as one sparsity pattern (which the
maximum flows share), a lower bound from dual values that does not rest on the solver's
tolerances, and the rows a solution leaves idle.

Examples
--------
>>> import highspy
>>> model = _Model(_highs())
>>> model.add_columns(np.array([1.0, 2.0]), np.zeros(2), np.ones(2))
>>> rows = _Rows()
>>> rows.add(np.array([0, 1]), np.ones(2), 1, highspy.kHighsInf)  # x0 + x1 >= 1
>>> rows.add(np.array([1]), np.ones(1), -highspy.kHighsInf, 1)  # x1 <= 1
>>> model.add(rows)
>>> model.solve()
>>> bound, reduced = safe_bound(model)
>>> round(bound, 9), reduced.tolist()
(1.0, [0.0, 1.0])
>>> idle_rows(model, model.solution()[0], first=0).tolist()  # x1 = 0 < 1
[1]

References
----------
- A. Neumaier and O. Shcherbina, "Safe bounds in linear and mixed-integer linear programming",
  Mathematical Programming 99 (2004) 283–296. https://doi.org/10.1007/s10107-003-0433-3
- Q. Huangfu and J. A. J. Hall, "Parallelizing the dual revised simplex method", Mathematical
  Programming Computation 10 (2018) 119–142 (HiGHS). https://doi.org/10.1007/s12532-017-0130-5
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order

from letterplay.arrays import ranges
from letterplay.steiner._graph import hop_distances

__all__ = ["BALL_CHUNK", "IDLE", "edge_rows", "idle_rows", "node_rows", "safe_bound"]

IDLE = 1e-6
"""How far from its bound a row's value must be for the row to count as idle (and how far below
0 a reduced cost must be for a column set aside to come back: :meth:`_Model.solve`)."""

SET_ASIDE_COST = 1.0
"""Columns whose reduced cost is at least this (an edge, on word graphs) are set aside
(:class:`_Model`)."""

SET_ASIDE_SHARE = 0.25
"""Columns are set aside only when at least this share of those HiGHS holds may go: deleting
columns costs HiGHS a new factorisation."""

SERIAL_DUAL = 1
"""HiGHS's ``simplex_strategy`` for its serial dual simplex (its default)."""

PARALLEL_DUAL = 2
"""HiGHS's ``simplex_strategy`` for its parallel dual simplex (PAMI: Huangfu & Hall, below): each
major iteration picks several leaving rows and updates the basis for them at once, spread over
the cores. The cut rounds' LPs have more columns than rows, where it pays: on two cores the
LP solves of 20-34 took 28.6 to 32.5 s instead of 37.8, and the solutions are the same from
run to run."""

MAX_CONCURRENCY = 8
"""At most this many rows a major iteration of the parallel dual simplex (HiGHS's own default);
fewer where there are fewer cores."""

_quiet = threading.Lock()
_greeted = False


def _cores() -> int:
    """The processor cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _highs():
    """A silent HiGHS instance. Its library greets on standard output the first time one is made
    in a process, before any option can be set: that once, file descriptor 1 points at the null
    device (the PACE output on standard output must stay clean)."""
    global _greeted
    import highspy

    with _quiet:
        if _greeted:
            h = highspy.Highs()
        else:
            sys.stdout.flush()
            saved, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            try:
                h = highspy.Highs()
            finally:
                os.dup2(saved, 1)
                os.close(saved)
                os.close(null)
                _greeted = True
    h.setOptionValue("output_flag", False)
    return h


_searching: dict[int, int] = {}  # the threads in a branch-and-cut: how deep each is nested
_searching_lock = threading.Lock()


@contextlib.contextmanager
def _searches() -> Iterator[None]:
    """This thread is in a branch-and-cut while the block runs (nested ones count once)."""
    me = threading.get_ident()
    with _searching_lock:
        _searching[me] = _searching.get(me, 0) + 1
    try:
        yield
    finally:
        with _searching_lock:
            _searching[me] -= 1
            if not _searching[me]:
                del _searching[me]


def _dual_simplex(h) -> None:
    """Let HiGHS solve its LPs by the dual simplex: the parallel one (:data:`PARALLEL_DUAL`, as
    many rows a major iteration as there are cores) where there are two cores or more and no
    other thread of the process is in a branch-and-cut (:func:`_searches`). Its threads wait
    on each other at every iteration: beside another search on the same two cores, 20-34's cut
    rounds took 0.72 s each where alone on the serial simplex they take 0.29 s."""
    cores = _cores()
    me = threading.get_ident()
    with _searching_lock:
        alone = all(thread == me for thread in _searching)
    parallel = cores > 1 and alone
    h.setOptionValue("simplex_strategy", PARALLEL_DUAL if parallel else SERIAL_DUAL)
    h.setOptionValue("simplex_max_concurrency", min(cores, MAX_CONCURRENCY))


def _lp_time_limit(h, seconds: float) -> None:
    """Let HiGHS's next LP solve take at most ``seconds``. For an LP its ``time_limit`` is read
    against a clock that adds up every run of the same instance (a MIP's starts at each run):
    given the seconds left alone, the cut rounds stopped once their solves had added up to them,
    with time still left."""
    h.setOptionValue("time_limit", h.getRunTime() + seconds)


class _Rows:
    """Rows to add to the model, gathered as sparse vectors with their bounds."""

    def __init__(self):
        self.starts, self.indices, self.values, self.lower, self.upper = [0], [], [], [], []

    def add(self, indices: np.ndarray, values: np.ndarray, lower: float, upper: float) -> None:
        self.indices.append(np.asarray(indices, dtype=np.int32))
        self.values.append(np.asarray(values, dtype=np.float64))
        self.starts.append(self.starts[-1] + len(indices))
        self.lower.append(lower)
        self.upper.append(upper)

    def add_block(
        self, starts: np.ndarray, indices: np.ndarray, values: np.ndarray, *, lower, upper
    ) -> None:
        """Add many rows at once, in CSR form: row ``i``'s entries at ``starts[i]`` to
        ``starts[i + 1]``; ``lower`` and ``upper`` a number each, or one per row."""
        self.indices.append(np.asarray(indices, dtype=np.int32))
        self.values.append(np.asarray(values, dtype=np.float64))
        self.starts.extend((self.starts[-1] + np.asarray(starts[1:])).tolist())
        self.lower.extend(np.broadcast_to(lower, len(starts) - 1).tolist())
        self.upper.extend(np.broadcast_to(upper, len(starts) - 1).tolist())

    def __len__(self) -> int:
        return len(self.lower)

    def matrix(self, width: int) -> sp.csr_array:
        """The rows as a matrix ``width`` columns wide."""
        if not self.lower:
            return sp.csr_array((0, width))
        starts = np.array(self.starts, dtype=np.int32)
        indices, values = np.concatenate(self.indices), np.concatenate(self.values)
        return sp.csr_array((values, indices, starts), shape=(len(self), width))


def node_rows(src: np.ndarray, dst: np.ndarray, root: int, steiner: np.ndarray) -> _Rows:
    """The rows of each node ``v`` but the root, in order of ``v`` (arcs ``src[j] → dst[j]``, the
    columns): ``x(into v)`` is 1 for a terminal and at most 1 for a Steiner node
    (``steiner[v]``, never the root: it is a terminal), and for a Steiner node
    ``x(out of v) − x(into v) ≥ 0`` after it; then the root's ``x(out of root) ≥ 1``. Each
    row's arcs in increasing order.

    Examples
    --------
    >>> # the path 0 → 1 → 2 and its way back, rooted at 0, node 1 a Steiner node
    >>> src, dst = np.array([0, 1, 1, 2]), np.array([1, 2, 0, 1])
    >>> rows = node_rows(src, dst, 0, np.array([False, True, False]))
    >>> rows.matrix(4).toarray().astype(int).tolist()  # columns x01, x12, x10, x21
    [[1, 0, 0, 1], [-1, 1, 1, -1], [0, 1, 0, 0], [1, 0, 0, 0]]
    >>> [float(x) for x in rows.lower], [float(x) for x in rows.upper]
    ([0.0, 0.0, 1.0, 1.0], [1.0, inf, 1.0, inf])
    """
    n = len(steiner)
    nodes = np.flatnonzero(np.arange(n) != root)
    two = steiner[nodes]  # a Steiner node has its out-row after its in-row
    first = np.cumsum(1 + two) - (1 + two)  # each node's in-row
    in_row = np.full(n, -1)
    in_row[nodes] = first
    arc = np.arange(len(src))
    into, out, back = arc[dst != root], arc[steiner[src]], arc[steiner[dst]]
    row = np.concatenate([in_row[dst[into]], in_row[src[out]] + 1, in_row[dst[back]] + 1])
    column = np.concatenate([into, out, back])
    value = np.concatenate([np.ones(len(into)), np.ones(len(out)), -np.ones(len(back))])
    order = np.lexsort((column, row))
    count = len(nodes) + int(two.sum())
    starts = np.searchsorted(row[order], np.arange(count + 1))
    out_row = np.zeros(count, dtype=bool)
    out_row[first[two] + 1] = True
    lower = np.zeros(count)
    lower[first[~two]] = 1.0  # a terminal has its parent
    rows = _Rows()
    upper = np.where(out_row, np.inf, 1.0)
    rows.add_block(starts, column[order], value[order], lower=lower, upper=upper)
    leaving = np.flatnonzero(src == root)
    rows.add(leaving, np.ones(len(leaving)), 1, np.inf)
    return rows


def edge_rows(pattern: _Pattern, arcs: np.ndarray, rows: _Rows | None = None) -> _Rows:
    """For each of the ``arcs`` ``u → v`` (of the ``pattern``'s graph, arcs ``j`` and ``j ± m``
    opposite), the row ``x(u → v) − x(into u but from v) ≤ 0``: an arc is used only by a node
    with a parent other than the arc's head. Added to ``rows`` (new ones by default).

    Examples
    --------
    >>> # the path 0 - 1 - 2 as arcs 0 → 1, 1 → 2, 1 → 0, 2 → 1
    >>> pattern = _Pattern(3, np.array([0, 1, 1, 2]), np.array([1, 2, 0, 1]))
    >>> edge_rows(pattern, np.array([1])).matrix(4).toarray().astype(int).tolist()
    [[-1, 1, 0, 0]]
    """
    at = pattern.position[arcs]
    tail = pattern.rows[at]
    starts, ends = pattern.indptr[tail], pattern.indptr[tail + 1]
    places = ranges(starts, ends)  # the arcs out of each tail, by the pattern's positions
    row = np.repeat(np.arange(len(arcs)), ends - starts)
    other = places != at[row]  # the reverse of the arc itself goes
    into = pattern.order[pattern.reverse[places[other]]]
    row = np.concatenate([np.arange(len(arcs)), row[other]])
    column = np.concatenate([arcs, into])
    value = np.concatenate([np.ones(len(arcs)), -np.ones(len(into))])
    order = np.lexsort((column, row))
    rows = _Rows() if rows is None else rows
    starts = np.searchsorted(row[order], np.arange(len(arcs) + 1))
    rows.add_block(starts, column[order], value[order], lower=-np.inf, upper=0.0)
    return rows


BALL_CHUNK = 1 << 22
"""The hop distances of the ball cuts are taken from this many (terminal, node) pairs at a time
(32 MB of them)."""


class _Pattern:
    """The arcs as one sparsity pattern: ``order`` sorts them by tail then head (CSR order);
    ``position[j]`` is arc ``j``'s position in it, ``reverse[p]`` that of the arc opposite the
    one at position ``p``."""

    def __init__(self, n: int, src: np.ndarray, dst: np.ndarray):
        self.n = n
        self.order = np.lexsort((dst, src))
        self.rows = src[self.order]
        self.indices = dst[self.order].astype(np.int32)
        self.indptr = np.searchsorted(self.rows, np.arange(n + 1)).astype(np.int32)
        # each arc's position, and the position of the arc opposite the one at each position
        self.position = np.empty(len(src), dtype=np.int64)
        self.position[self.order] = np.arange(len(src))
        m = len(src) // 2
        opposite = np.concatenate([np.arange(m, 2 * m), np.arange(m)])  # arc j and j ± m
        self.reverse = self.position[opposite[self.order]]

    def reach(self, mask: np.ndarray, start: int) -> np.ndarray:
        """The nodes reached from ``start`` along the arcs at the positions in ``mask``."""
        n = self.n
        indptr = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(np.bincount(self.rows[mask], minlength=n), out=indptr[1:])
        graph = sp.csr_array((np.ones(int(mask.sum())), self.indices[mask], indptr), shape=(n, n))
        reached = np.zeros(n, dtype=bool)
        reached[breadth_first_order(graph, start, directed=True, return_predecessors=False)] = True
        return reached

    def ball_sides(self, root: int, others: np.ndarray, budget: float):
        """The root sides of the *ball cuts*: for each terminal ``t`` but the root and each
        number of hops ``r = 1, 2, ...``, the nodes more than ``r`` hops from ``t``; while the
        ball leaves out the root and the arcs entering the terminal's balls so far number at
        most its share of ``budget``.

        Every such cut is valid (a tree reaches ``t`` from the root, so some arc of it enters
        the ball). On word graphs (unit weights, many short cycles) the LP's cheapest points
        close a small cycle through each terminal instead of reaching it from the root, and
        separation cuts them off one cycle at a time; a ball cuts off every cycle within it.

        Examples
        --------
        >>> # the path 0-1-2-3, and 4 apart
        >>> path = _Pattern(5, np.array([0, 1, 2, 1, 2, 3]), np.array([1, 2, 3, 0, 1, 2]))
        >>> [np.flatnonzero(side).tolist() for side in path.ball_sides(0, np.array([3, 4]), 9)]
        [[0, 1, 4], [0, 4]]
        """
        n = self.n
        graph = sp.csr_array((np.ones(len(self.indices)), self.indices, self.indptr), (n, n))
        share = budget / max(1, len(others))
        chunk = max(1, BALL_CHUNK // max(1, n))
        for start in range(0, len(others), chunk):
            hops = hop_distances(graph, others[start : start + chunk])
            for distance in hops:
                if not np.isfinite(distance[root]):
                    continue  # apart from the root: no tree (the reductions left none cheaper)
                used = 0
                for r in range(1, int(distance[root])):
                    ball = distance <= r
                    used += int((ball[self.indices] & ~ball[self.rows]).sum())
                    if used > share:
                        break
                    yield ~ball


class _Model:
    """A HiGHS model ``h`` whose columns HiGHS holds only in part, and a copy of its rows'
    matrix over all of them, kept in step as rows come (:meth:`add`) and go (:meth:`delete`).
    HiGHS hands its own matrix back through Python lists: on a word graph of 48,000 edges that
    took a tenth of the cut rounds' time, read each round for the bound and the idle rows.

    *Columns set aside* (column generation, as in Dantzig–Wolfe and branch-and-price): after
    an optimal solve, once :data:`SET_ASIDE_SHARE` of the columns HiGHS holds have a reduced
    cost of :data:`SET_ASIDE_COST` or more (or are fixed at 0), the next solve (:meth:`solve`)
    takes them out of HiGHS's model; after each solve the columns set aside are priced with
    its dual values, and those whose reduced cost is negative come back for another solve,
    until none does. The solution is then the LP's over every column. On word graphs most
    arcs cost a whole edge more than the LP's dual values allow, and each dual simplex
    iteration costs time with every column HiGHS holds.

    Examples
    --------
    >>> model = _Model(_highs())
    >>> model.add_columns(np.ones(3), np.zeros(3), np.ones(3))
    >>> rows = _Rows()
    >>> for first in range(3):
    ...     rows.add(np.arange(first, 3), np.ones(3 - first), 0, 1)
    >>> model.add(rows)
    >>> model.delete(np.array([1], dtype=np.int32))
    >>> model.matrix().toarray().tolist(), model.h.getNumRow()
    ([[1.0, 1.0, 1.0], [0.0, 0.0, 1.0]], 2)
    """

    def __init__(self, h):
        self.h = h
        self.blocks: list[sp.csr_array] = []
        self.row_lower, self.row_upper = np.zeros(0), np.zeros(0)
        self.cost = self.lower = self.upper = np.zeros(0)
        # HiGHS's columns, as this model's; and each column's place in HiGHS (-1: set aside)
        self.held = self.where = np.zeros(0, dtype=np.int64)
        self.in_order = True  # HiGHS holds every column, in the model's order
        self.whole = False  # every column in HiGHS for good (the branch and bound)
        self.leaving: np.ndarray | None = None  # to set aside before the next solve
        self.solved: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def width(self) -> int:
        """How many columns the model has."""
        return len(self.cost)

    def add_columns(self, cost, lower, upper) -> None:
        """The model's columns (once, before any row): their costs and bounds."""
        self.cost, self.lower, self.upper = (
            np.array(v, dtype=np.float64) for v in (cost, lower, upper)
        )
        k = self.width
        # HiGHS's API takes the columns' arrays positionally: count, costs, bounds, no entries
        empty = (0, np.zeros(k, dtype=np.int32), np.zeros(0, dtype=np.int32), np.zeros(0))
        self.h.addCols(k, self.cost, self.lower, self.upper, *empty)
        self.held, self.where = np.arange(k), np.arange(k)

    def add(self, rows: _Rows) -> None:
        """Add ``rows`` (over all the columns) to the model and to the copy; a row that the
        columns HiGHS holds cannot meet brings back those set aside that can."""
        if not len(rows):
            return
        matrix = rows.matrix(self.width)
        lower = np.array(rows.lower, dtype=np.float64)
        upper = np.array(rows.upper, dtype=np.float64)
        if len(self.held) < self.width:
            # the most each row reaches on the live columns HiGHS holds
            live = (self.upper > 0) & (self.where >= 0)
            short = np.flatnonzero(matrix.maximum(0) @ live < lower - IDLE)
            if len(short):
                needed = matrix[short]
                columns = np.unique(needed.indices[needed.data > 0])
                self._hold(columns[(self.upper[columns] > 0) & (self.where[columns] < 0)])
        held = matrix if self.in_order else sp.csr_array(matrix[:, self.held])
        # HiGHS's API takes the rows' arrays positionally: count, bounds, then CSR arrays
        entries = (held.nnz, held.indptr[:-1], held.indices, held.data)
        self.h.addRows(len(rows), *(lower, upper), *entries)
        self.blocks.append(matrix)
        self.row_lower = np.concatenate([self.row_lower, lower])
        self.row_upper = np.concatenate([self.row_upper, upper])
        self.solved = None

    def delete(self, index: np.ndarray) -> None:
        """Delete the rows at ``index`` (HiGHS keeps the others in their order)."""
        self.h.deleteRows(len(index), index)
        keep = np.ones(self.matrix().shape[0], dtype=bool)
        keep[index] = False
        self.blocks = [self.matrix()[keep]]
        self.row_lower, self.row_upper = self.row_lower[keep], self.row_upper[keep]
        self.solved = None

    def matrix(self) -> sp.csr_array:
        """The rows' matrix, over all the columns."""
        if len(self.blocks) != 1:
            self.blocks = [
                sp.vstack(self.blocks, format="csr")
                if self.blocks
                else sp.csr_array((0, self.width))
            ]
        return self.blocks[0]

    def fix(self, index: np.ndarray) -> None:
        """Fix the columns at ``index`` to 0."""
        self.lower[index] = self.upper[index] = 0.0
        held = self.where[index]
        held = held[held >= 0].astype(np.int32)
        if len(held):
            self.h.changeColsBounds(len(held), held, np.zeros(len(held)), np.zeros(len(held)))

    def solve(self) -> None:
        """Solve the LP over every column (see the class): HiGHS on the columns it holds, then
        those set aside priced, until none would lower the cost. HiGHS's model status tells how
        it ended."""
        import highspy

        self._set_aside()
        status = highspy.HighsModelStatus
        while True:
            self.h.run()
            self.solved = None
            ended = self.h.getModelStatus()
            aside = np.flatnonzero((self.where < 0) & (self.upper > 0))
            if ended == status.kInfeasible and len(aside):
                self._hold(aside)  # the columns held could not meet the rows: all of them
                continue
            if ended != status.kOptimal or self.whole:  # for good: none is set aside
                return
            reduced = self._reduced_costs()  # priced once, for both uses below
            entering = aside[reduced[aside] < -IDLE]
            if not len(entering):
                break
            self._hold(entering)
        self._to_set_aside(reduced)

    def solution(self) -> tuple[np.ndarray, np.ndarray]:
        """The last solve's column values (0 for those set aside) and row dual values."""
        if self.solved is None:
            solution = self.h.getSolution()
            self.solved = self.spread(solution.col_value), np.asarray(solution.row_dual)
        return self.solved

    def _reduced_costs(self) -> np.ndarray:
        """Every column's reduced cost at the last solve's dual values."""
        return self.cost - self.matrix().T @ self.solution()[1]

    def spread(self, values) -> np.ndarray:
        """Values of HiGHS's columns (an integer solution) as the model's columns' (0 for those
        set aside)."""
        x = np.zeros(self.width)
        x[self.held] = np.asarray(values)
        return x

    def restore(self) -> None:
        """Every column not fixed back in HiGHS, for good (the branch and bound wants them)."""
        self.whole = True
        self.leaving = None
        self._hold(np.flatnonzero((self.where < 0) & (self.upper > 0)))

    def _to_set_aside(self, reduced: np.ndarray) -> None:
        """After an optimal solve, at its columns' ``reduced`` costs: the columns to set aside
        before the next, if enough."""
        held, reduced = self.held, reduced[self.held]
        # a column not basic has a reduced cost other than 0 (a basic one may not go: HiGHS's
        # basis would fall short); a fixed one goes however little its reduced cost
        fixed = (self.upper[held] == 0) & (np.abs(reduced) > IDLE)
        leaving = held[(reduced >= SET_ASIDE_COST - IDLE) | fixed]
        self.leaving = leaving if len(leaving) >= SET_ASIDE_SHARE * len(held) else None

    def _set_aside(self) -> None:
        """Take the columns chosen after the last solve out of HiGHS (deleting columns resets
        its model status, so this waits for the next solve)."""
        leaving, self.leaving = self.leaving, None
        if leaving is None or self.whole:
            return
        gone = np.sort(self.where[leaving])
        gone = gone[gone >= 0]
        if not len(gone):
            return
        self.h.deleteCols(len(gone), gone.astype(np.int32))
        self.in_order = False
        keep = np.ones(len(self.held), dtype=bool)
        keep[gone] = False
        self.where[self.held[gone]] = -1
        self.held = self.held[keep]
        self.where[self.held] = np.arange(len(self.held))
        self.solved = None

    def _hold(self, columns: np.ndarray) -> None:
        """Put the ``columns`` set aside back in HiGHS (after those it holds)."""
        if not len(columns):
            return
        csc = sp.csc_array(self.matrix()[:, columns])
        k = len(columns)
        # HiGHS's API takes the columns' arrays positionally: count, costs, bounds, CSC arrays
        bounds = (self.cost[columns], self.lower[columns], self.upper[columns])
        entries = (csc.nnz, csc.indptr[:-1].astype(np.int32), csc.indices.astype(np.int32))
        self.h.addCols(k, *bounds, *entries, csc.data)
        self.where[columns] = len(self.held) + np.arange(k)
        self.held = np.concatenate([self.held, columns])
        self.solved = None


def safe_bound(model: _Model) -> tuple[float, np.ndarray]:
    """A lower bound of the LP just solved in ``model``, valid for its dual values whatever their
    accuracy, and the reduced costs it implies (Neumaier & Shcherbina 2004): any point within the
    columns' bounds that meets the rows costs at least the bound plus, for each column, its
    reduced cost times its distance from the end of its range the bound took."""
    y = model.solution()[1]
    row_lo, row_hi = model.row_lower, model.row_upper
    # a multiplier may only push against a finite side of its row
    y = np.where(y > 0, np.where(np.isfinite(row_lo), y, 0), np.where(np.isfinite(row_hi), y, 0))
    reduced = model.cost - model.matrix().T @ y
    col_lo, col_hi = model.lower, model.upper
    up, down = y > 0, y < 0
    bound = float((y[up] * row_lo[up]).sum() + (y[down] * row_hi[down]).sum())
    # each column at the end of its range that the reduced cost favours
    bound += float(np.where(reduced > 0, reduced * col_lo, reduced * col_hi).sum())
    return bound, reduced


def idle_rows(model: _Model, x: np.ndarray, *, first: int) -> np.ndarray:
    """The rows of ``model`` from ``first`` on that the point ``x`` meets with room to spare
    (more than :data:`IDLE` from each bound)."""
    value = model.matrix() @ x
    low, high = model.row_lower, model.row_upper
    idle = (value > low + IDLE) & (value < high - IDLE)
    idle[:first] = False
    return np.flatnonzero(idle).astype(np.int32)
