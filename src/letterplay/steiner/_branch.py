"""The branch and bound of the branch-and-cut (:mod:`._cut`): HiGHS's, on the integer
programme with the cut rows found so far, checking each integer solution as it comes (a
lazy-constraint loop).

HiGHS's own cuts, heuristics and presolve run; an integer solution that reaches every terminal
is a tree (kept, polished by local search); one that leaves a terminal unreached from the root
stops the search, which starts again with the cuts around the unreached parts. ``optimal`` when
the search ends, else the best bound it proved is the lower bound.
"""

from __future__ import annotations

import math
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, connected_components

from letterplay.progress import report
from letterplay.steiner._lp import _Rows

__all__ = ["PROBING_MAX_NONZEROS", "branch"]

REPORT_SECONDS = 0.1
"""Progress is reported from HiGHS's callbacks at most this often."""

PROBING_MAX_NONZEROS = 1_000_000
"""Beyond this many nonzeros the integer programme's presolve skips probing. HiGHS reads the
clock once per variable probed, and on PACE instance165 (2.7 million nonzeros) one probe took so
long that a 60 s limit ended at 70 s ("time limit reached in probing")."""

PROBING_RULE = 1 << 15
"""HiGHS's ``presolve_rule_off`` bit for probing (``kPresolveRuleProbing`` is rule 15)."""


def _support(bc, x: np.ndarray) -> sp.csr_array:
    """The graph of the arcs an integer solution ``x`` of the branch-and-cut ``bc`` takes."""
    chosen = np.flatnonzero(x > 0.5)
    return sp.csr_array(
        (np.ones(len(chosen)), (bc.src[chosen], bc.dst[chosen])), shape=(bc.n, bc.n)
    )


def integer_cuts(bc, x: np.ndarray, rows: _Rows) -> bool:
    """For an integer solution ``x`` of the branch-and-cut ``bc``: the cuts around every part
    its arcs leave unreached from the root (and the one around all that is reached), added to
    ``rows``. True when some terminal is unreached."""
    support = _support(bc, x)
    reached = np.zeros(bc.n, dtype=bool)
    reached[breadth_first_order(support, bc.root, directed=True, return_predecessors=False)] = True
    if reached[bc.others].all():
        return False
    seen: set = set()
    bc._cut_row(reached, rows, x, seen)
    _, labels = connected_components(support, directed=False)
    for label in np.unique(labels[bc.others[~reached[bc.others]]]).tolist():
        bc._cut_row(labels != label, rows, x, seen)
    return True


def integer_tree(bc, x: np.ndarray) -> tuple[int, list[tuple[int, int]]]:
    """The tree of an integer solution ``x`` of the branch-and-cut ``bc`` that reaches every
    terminal: its arcs reached from the root (as reduced edges ``(a, b)``), and its cost."""
    g = bc.g
    order, parent = breadth_first_order(_support(bc, x), bc.root, directed=True)
    child = order[order != bc.root]
    ends = np.sort(np.stack([child, parent[child]], axis=1), axis=1)
    cost = int(g.cost[g.edge_index(ends[:, 0], ends[:, 1])].sum()) + int(g.r[order].sum())
    return cost, [(a, b) for a, b in ends.tolist()]


class _Lazy:
    """The callbacks of a branch and bound: each integer solution is a tree (kept) or yields the
    cuts it violates (the search is then stopped, unless it costs at least the ``cutoff``);
    progress is reported, and an error the progress callback raises (a cancellation) stops the
    search and is raised after it."""

    def __init__(self, bc):  # a :class:`._cut._BranchAndCut`
        self.bc, self.rows, self.later, self.error = bc, _Rows(), _Rows(), None
        self.reported = -math.inf
        self.cutoff = math.inf

    def solution(self, event) -> None:
        x = self.bc.model.spread(event.data_out.mip_solution)
        value = event.data_out.objective_function_value
        # HiGHS prunes by the least of its cutoff and its best solution: a solution at or
        # above the cutoff prunes nothing, so it need not stop the search (its cuts wait for
        # the next start). HiGHS's first solutions are such, and each start pays a presolve.
        rows = self.rows if value < self.cutoff else self.later
        if integer_cuts(self.bc, x, rows):
            self.bc._lp_tree(x)  # join its parts along the cheapest paths
            self.bc._node_tree(x)  # or span its nodes (they may join up without its cycles)
        else:
            self.cutoff = min(self.cutoff, value)
            self.bc._found(*integer_tree(self.bc, x))

    def interrupt(self, event) -> None:
        bc = self.bc
        now = time.perf_counter()
        if now - self.reported > REPORT_SECONDS:  # HiGHS asks far more often than that
            self.reported = now
            try:
                stage = "branch and bound" if bc.rounds_done else "cutting planes"
                report(bc.progress, stage, bc.lower, bc.target)
            except BaseException as e:  # a cancellation: stop HiGHS, raise it afterwards
                self.error = e
        late = now > bc.deadline  # HiGHS looks at its clock more rarely
        # the flag stays set between runs unless cleared
        event.interrupt(
            bool(len(self.rows) or self.error is not None or bc.lower >= bc.target or late)
        )


def branch(bc) -> None:
    """HiGHS's branch and bound with the rows so far of ``bc``, a
    :class:`._cut._BranchAndCut` whose cut rounds are over. Each integer solution it finds is
    checked as it comes: a tree is kept; one leaving a terminal unreached stops the search,
    which starts again with the cuts that solution violates (a lazy-constraint loop)."""
    import highspy

    h = bc.h
    bc.rounds_done = True
    if bc.x is not None:
        bc._drop_idle_rows()
    bc.model.restore()  # a column set aside may be in an integer solution
    count = h.getNumCol()
    h.changeColsIntegrality(
        count, np.arange(count, dtype=np.int32), np.full(count, highspy.HighsVarType.kInteger)
    )
    h.setOptionValue("presolve", "on")
    if h.getNumNz() > PROBING_MAX_NONZEROS:
        h.setOptionValue("presolve_rule_off", PROBING_RULE)
    h.setOptionValue("mip_rel_gap", 0.0)
    # costs are integers: a gap below 1 is closed
    h.setOptionValue("mip_abs_gap", 1 - 1e-6)
    status = highspy.HighsModelStatus
    none_cheaper = (status.kInfeasible, status.kObjectiveBound)
    state = bc.state
    h.cbMipSolution.subscribe(state.solution)
    h.cbMipInterrupt.subscribe(state.interrupt)
    try:
        while bc.lower < bc.target:
            left = bc.deadline - time.perf_counter()
            if left <= 0:
                return
            # only trees cheaper than the best one are wanted
            state.cutoff = bc.target - 0.5
            h.setOptionValue("objective_bound", state.cutoff)
            h.setOptionValue("time_limit", left)
            state.rows = _Rows()
            start = time.perf_counter()
            h.run()
            bc.mip_seconds += time.perf_counter() - start
            if state.error is not None:
                raise state.error
            model, info = h.getModelStatus(), h.getInfo()
            if len(state.rows):
                # a solution left terminals unreached: search again with its cuts
                bc.restarts += 1
                bc.cuts += len(state.rows) + len(state.later)
                bc.model.add(state.rows)
                bc.model.add(state.later)
                state.later = _Rows()
                if math.isfinite(info.mip_dual_bound):
                    bc.lower = max(bc.lower, bc._ceil(info.mip_dual_bound))
                bc._merge()  # with the trees led by the solutions that stopped it
                continue
            if model in none_cheaper or model == status.kOptimal:
                # every tree cheaper than the target was seen, the best one kept
                bc.lower = bc.target
            elif math.isfinite(info.mip_dual_bound):
                bc.lower = max(bc.lower, bc._ceil(info.mip_dual_bound))
            return
    finally:
        h.cbMipSolution.unsubscribe(state.solution)
        h.cbMipInterrupt.unsubscribe(state.interrupt)
