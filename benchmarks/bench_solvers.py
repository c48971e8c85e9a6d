"""HiGHS against SCIP on the Steiner branch-and-cut's own problems: which engine should solve them.

The branch-and-cut (``letterplay.steiner._cut``) asks its solver for two things: an LP re-solved
from its last basis after each round of cut rows, and then a MIP (the rows found at the root,
integer variables, a cutoff below the best tree). Both are captured from the engine at work,
then solved by each solver alone on the same input, one thread each:

1. **The LP re-solves.** The root LP as the engine first solves it (the rows of a dual ascent),
   then, round by round, the arcs it fixed by reduced costs and the cut rows it added, in the
   same batches: HiGHS by ``changeColsBounds``, ``addRows`` and ``run`` (dual simplex, no
   presolve, as the engine sets it), SCIP by its LP interface (``pyscipopt.LP``: ``chgBound``,
   ``addRows``, ``solve`` by the dual simplex of SoPlex), each from its last basis, taking the
   primal and dual values after each solve as the engine does. Timed: the whole sequence, and
   the solves alone (the calls that feed rows through pyscipopt's Python lists cost SCIP's side
   more than HiGHS's numpy arrays).
2. **The MIP.** The engine's model written as MPS just before HiGHS's branch and bound starts
   (integer variables, the root's rows), solved from the file by a fresh HiGHS and a fresh SCIP
   (default settings) with the engine's cutoff (the best tree's cost less 0.5), its gap (below
   1: costs are integers) and the same limit on CPU time (SCIP's clock set to CPU time, HiGHS
   stopped from its callback). The model holds only the cuts found at the root, so its optimum
   may be no tree (the engine's callback catches that and adds rows): this compares the
   solvers on one MIP, not whole engines. Both must agree on its optimum, or find none.

Instances (from ``$LETTERPLAY_DATA``): every SteinLib B and D instance and a few PACE 2018
track 1 ones, the branch-and-cut forced (``method="branch-and-cut"``); only those reaching the
LP (or the MIP) count, the reductions and the dual ascent prove the others. The engine stops
cutting on its clock (a stalled bound after some seconds), so what is captured varies a little
from run to run. Each capture and each solver's run is a fresh process; CPU seconds
(``time.process_time``) are compared, wall seconds printed beside them (the machine may be
shared).

    python benchmarks/run.py solvers

References
----------
- Q. Huangfu and J. A. J. Hall, "Parallelizing the dual revised simplex method", Mathematical
  Programming Computation 10 (2018) 119–142 (HiGHS). https://highs.dev
- S. Maher et al., "PySCIPOpt: Mathematical programming in Python with the SCIP Optimization
  Suite", ICMS 2016, LNCS 9725, 301–307. https://doi.org/10.1007/978-3-319-42432-3_37
"""

from __future__ import annotations

import contextlib
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import Row, archive, archives, report

PACE = tuple(f"instance{i:03}.gr" for i in (11, 69, 79, 87, 105, 107))
"""The first six PACE 2018 track 1 instances (in the archive's order) whose branch-and-cut
reaches the MIP: the SteinLib B and D ones are all proven at the root, by the LP."""

CAPTURE_SECONDS = 60.0
"""The engine's time limit while its problems are captured."""

LIMIT = 60.0
"""Seconds each solver gets for the MIP, and for the whole LP sequence."""

REPEAT, REPEAT_SECONDS = 5, 2.0
"""An LP sequence is solved again (a fresh model each time) while cheap: the median is kept."""

GAP = 1 - 1e-6
"""The absolute gap at which a MIP is solved: costs are integers (the engine's setting)."""


class _Captured(Exception):
    """Raised once the MIP is written: the engine's own search is not needed."""


# ----------------------------------------------------------------------------------------------
# Capture (in the engine's process)


def _lp_arrays(h) -> dict:
    """The LP held by HiGHS ``h`` as arrays: costs, column bounds, rows (CSR) and their bounds."""
    import highspy
    import numpy as np
    import scipy.sparse as sp

    lp = h.getLp()
    a = lp.a_matrix_
    parts = (np.asarray(a.value_), np.asarray(a.index_), np.asarray(a.start_))
    if a.format_ == highspy.MatrixFormat.kColwise:
        rows = sp.csc_array(parts, shape=(lp.num_row_, lp.num_col_)).tocsr()
    else:
        rows = sp.csr_array(parts, shape=(lp.num_row_, lp.num_col_))
    sides = (np.asarray(lp.row_lower_), np.asarray(lp.row_upper_))
    return {
        "cost": np.asarray(lp.col_cost_),
        "col_lower": np.asarray(lp.col_lower_),
        "col_upper": np.asarray(lp.col_upper_),
        "rows": (*sides, rows.indptr, rows.indices, rows.data),
    }


def _batch(rows) -> tuple:
    """A batch of cut rows (the engine's ``_Rows``) as arrays: bounds, then CSR."""
    import numpy as np

    sides = (np.array(rows.lower, dtype=np.float64), np.array(rows.upper, dtype=np.float64))
    entries = (np.concatenate(rows.indices), np.concatenate(rows.values))
    return (*sides, np.array(rows.starts, dtype=np.int32), *entries)


class _Recorder:
    """Wraps the engine's branch-and-cut (in this process only) to record what it asks of HiGHS:
    the root LP, each round's fixed arcs and cut rows, and the MIP as an MPS file."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.lp: dict | None = None
        self.rounds: list[tuple] = []
        self.fixed: list = []
        self.cutoff: float | None = None
        self.rows = 0  # the MIP's
        self.in_root = False

    def install(self, cut) -> None:
        bc, rows = cut._BranchAndCut, cut._Rows
        root_lp, fix, branch, into = bc._root_lp, bc._fix_by_reduced_costs, cut.branch, rows.into
        recorder = self

        def root_lp_recorded(self):
            recorder.lp = _lp_arrays(self.h)
            recorder.in_root = True
            try:
                root_lp(self)
            finally:
                recorder.in_root = False

        def fix_recorded(self, bound, reduced):
            before = self.fixed.copy()
            through = fix(self, bound, reduced)
            recorder.fixed.extend((self.fixed & ~before).nonzero()[0].tolist())
            return through

        def into_recorded(self, h):
            if recorder.in_root and len(self):
                recorder.rounds.append((recorder.fixed, _batch(self)))
                recorder.fixed = []
            return into(self, h)

        def branch_recorded(bc):
            recorder.write_mip(bc)
            branch(bc)

        bc._root_lp, bc._fix_by_reduced_costs = root_lp_recorded, fix_recorded
        cut.branch, rows.into = branch_recorded, into_recorded

    def write_mip(self, bc) -> None:
        """The engine's model with its variables integer, as MPS, and the cutoff it sets."""
        import highspy
        import numpy as np

        count = bc.h.getNumCol()
        kind = np.full(count, highspy.HighsVarType.kInteger)
        bc.h.changeColsIntegrality(count, np.arange(count, dtype=np.int32), kind)
        bc.h.writeModel(str(self.folder / "mip.mps"))
        self.cutoff, self.rows = bc.target - 0.5, bc.h.getNumRow()
        raise _Captured


def capture(path: str, folder: str) -> dict:
    """Run the branch-and-cut on the instance at ``path``, recording its problems in ``folder``;
    the instance's size and what was reached."""
    from letterplay.steiner import _cut, read_instance
    from letterplay.steiner._tree import _solve

    recorder = _Recorder(Path(folder))
    recorder.install(_cut)
    instance = read_instance(path)
    with contextlib.suppress(_Captured):  # raised once the MIP is written
        _solve(
            instance.graph, instance.terminals, time_limit=CAPTURE_SECONDS, method="branch-and-cut"
        )
    if recorder.lp is not None:
        with open(Path(folder) / "lp.pickle", "wb") as f:
            pickle.dump({"lp": recorder.lp, "rounds": recorder.rounds}, f)
    size = {"n": instance.n_nodes, "m": instance.n_edges, "k": len(instance.terminals)}
    return {**size, "lp": recorder.lp is not None, "cutoff": recorder.cutoff, "rows": recorder.rows}


# ----------------------------------------------------------------------------------------------
# HiGHS


def _highs():
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    return h


def _highs_lp(data: dict) -> dict:
    """The LP sequence on HiGHS, as the engine runs it."""
    import numpy as np

    lp, h = data["lp"], _highs()
    cols = len(lp["cost"])
    no_entries = (0, np.zeros(cols, np.int32), np.zeros(0, np.int32), np.zeros(0))
    h.addCols(cols, lp["cost"], lp["col_lower"], lp["col_upper"], *no_entries)
    lower, upper, starts, indices, values = lp["rows"]
    h.addRows(len(lower), lower, upper, len(values), starts[:-1], indices, values)
    h.setOptionValue("presolve", "off")
    h.setOptionValue("simplex_strategy", 1)  # dual simplex
    h.setOptionValue("time_limit", LIMIT)
    solve, iterations = 0.0, 0
    cpu, wall = time.process_time(), time.perf_counter()
    for fixed, batch in [([], None), *data["rounds"]]:
        if fixed:
            zeros = np.zeros(len(fixed))
            h.changeColsBounds(len(fixed), np.array(fixed, dtype=np.int32), zeros, zeros)
        if batch is not None:
            lower, upper, starts, indices, values = batch
            h.addRows(len(lower), lower, upper, len(values), starts[:-1], indices, values)
        start = time.process_time()
        h.run()
        solve += time.process_time() - start
        iterations += h.getInfo().simplex_iteration_count
        solution = h.getSolution()
        _ = (solution.col_value, solution.row_dual)  # the engine reads both each round
    return {
        "cpu": time.process_time() - cpu,
        "wall": time.perf_counter() - wall,
        "solve": solve,
        "objective": h.getInfo().objective_function_value,
        "iterations": iterations,
        "rows": h.getNumRow(),
        "solves": len(data["rounds"]) + 1,
    }


def _highs_mip(mps: str, cutoff: float) -> dict:
    """The MIP from ``mps`` on a fresh HiGHS: default settings but for one thread, the cutoff,
    the gap and a limit on CPU time (HiGHS's own limit is on wall time: it stays as a backstop;
    the engine too has HiGHS call back into Python as it searches)."""
    import highspy

    h = _highs()
    h.readModel(mps)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", GAP)
    h.setOptionValue("objective_bound", cutoff)
    h.setOptionValue("time_limit", 10 * LIMIT)
    cpu, wall = time.process_time(), time.perf_counter()
    h.cbMipInterrupt.subscribe(lambda e: e.interrupt(time.process_time() - cpu > LIMIT))
    h.run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    status, info = h.getModelStatus(), h.getInfo()
    kind = highspy.HighsModelStatus
    # HiGHS may keep a solution at or above the cutoff (found before the cutoff pruned it) and
    # call it optimal: it is none under the cutoff, as the engine reads it
    found = info.primal_solution_status == 2 and info.objective_function_value < cutoff
    closed = status in (kind.kOptimal, kind.kInfeasible, kind.kObjectiveBound)
    return {
        "cpu": cpu,
        "wall": wall,
        "status": ("optimal" if found else "none") if closed else "open",
        "objective": info.objective_function_value if found else None,
        "bound": info.mip_dual_bound,
        "nodes": int(info.mip_node_count),
    }


# ----------------------------------------------------------------------------------------------
# SCIP


def _scip_rows(lp, batch) -> tuple[list, list, list]:
    """Rows as pyscipopt's LP interface takes them: lists of (column, value) and the sides, an
    infinite side as the interface's infinity."""
    import numpy as np

    lower, upper, starts, indices, values = batch
    big = lp.infinity()
    entries = [
        list(zip(indices[a:b].tolist(), values[a:b].tolist(), strict=True))
        for a, b in zip(starts[:-1].tolist(), starts[1:].tolist(), strict=True)
    ]
    return entries, np.clip(lower, -big, big).tolist(), np.clip(upper, -big, big).tolist()


def _scip_lp(data: dict) -> dict:
    """The LP sequence on SCIP's LP interface (SoPlex), from its last basis each time."""
    import numpy as np
    import pyscipopt

    lp_data, lp = data["lp"], pyscipopt.LP()
    cols = len(lp_data["cost"])
    big = lp.infinity()
    lp.addCols(
        [[] for _ in range(cols)],
        lp_data["cost"].tolist(),
        np.clip(lp_data["col_lower"], -big, big).tolist(),
        np.clip(lp_data["col_upper"], -big, big).tolist(),
    )
    lp.addRows(*_scip_rows(lp, lp_data["rows"]))
    lp.setRealParam(pyscipopt.SCIP_LPPARAM.LPTILIM, LIMIT)
    # the rows are made into Python lists before the clock starts, as numpy arrays for HiGHS
    rounds = [(fixed, _scip_rows(lp, batch)) for fixed, batch in data["rounds"]]
    solve, iterations = 0.0, 0
    cpu, wall = time.process_time(), time.perf_counter()
    for fixed, rows in [([], None), *rounds]:
        for j in fixed:
            lp.chgBound(j, 0.0, 0.0)
        if rows is not None:
            lp.addRows(*rows)
        start = time.process_time()
        lp.solve(dual=True)
        solve += time.process_time() - start
        iterations += lp.getNIterations()
        _ = (lp.getPrimal(), lp.getDual())
    return {
        "cpu": time.process_time() - cpu,
        "wall": time.perf_counter() - wall,
        "solve": solve,
        "objective": lp.getObjVal(),
        "iterations": iterations,
        "rows": lp.nrows(),
        "solves": len(rounds) + 1,
    }


def _scip_mip(mps: str, cutoff: float) -> dict:
    """The MIP from ``mps`` on a fresh SCIP: default settings but for one LP thread, the cutoff,
    the gap and a limit on CPU time."""
    import pyscipopt

    model = pyscipopt.Model()
    model.hideOutput()
    model.readProblem(mps)
    model.setParam("limits/time", LIMIT)
    model.setParam("timing/clocktype", 1)  # CPU time
    model.setParam("limits/absgap", GAP)
    model.setParam("lp/threads", 1)
    model.setObjlimit(cutoff)
    cpu, wall = time.process_time(), time.perf_counter()
    model.optimize()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    found = model.getNSols() > 0 and model.getPrimalbound() < cutoff
    closed = model.getStatus() in ("optimal", "infeasible")  # infeasible: none under the cutoff
    return {
        "cpu": cpu,
        "wall": wall,
        "status": ("optimal" if found else "none") if closed else "open",
        "objective": model.getPrimalbound() if found else None,
        "bound": model.getDualbound(),
        "nodes": int(model.getNNodes()),
    }


def _repeated(run, data: dict) -> dict:
    """``run(data)`` repeated while cheap (at most :data:`REPEAT` times, :data:`REPEAT_SECONDS`
    of CPU in all): its first result, with the median times."""
    results = [run(data)]
    while len(results) < REPEAT and sum(r["cpu"] for r in results) < REPEAT_SECONDS:
        results.append(run(data))
    first = results[0]
    for key in ("cpu", "wall", "solve"):
        first[key] = statistics.median(r[key] for r in results)
    first["repeats"] = len(results)
    return first


SOLVERS = {"highs": (_highs_lp, _highs_mip), "scip": (_scip_lp, _scip_mip)}


def measure(solver: str, folder: str) -> dict:
    """Solve the problems captured in ``folder`` with ``solver``."""
    lp_run, mip_run = SOLVERS[solver]
    folder_path = Path(folder)
    found: dict = {}
    if (folder_path / "lp.pickle").is_file():
        with open(folder_path / "lp.pickle", "rb") as f:
            found["lp"] = _repeated(lp_run, pickle.load(f))
    if (folder_path / "mip.mps").is_file():
        cutoff = json.loads((folder_path / "capture.json").read_text())["cutoff"]
        found["mip"] = mip_run(str(folder_path / "mip.mps"), cutoff)
    return found


# ----------------------------------------------------------------------------------------------
# The benchmark


def _worker(*args: str) -> dict:
    """This file run in a fresh process with ``args``; its last line, read as JSON."""
    try:
        done = subprocess.run(
            [sys.executable, __file__, *args],
            capture_output=True,
            text=True,
            timeout=6 * LIMIT + 120,  # a loaded machine's wall clock
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"failed": "ran past its time"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"failed": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def _instances() -> list[Path]:
    paths = []
    steinlib = archive("steinlib")
    if steinlib is not None:
        paths += sorted(steinlib.glob("[bd]*.stp"))
    pace = archive("pace2018-track1")
    if pace is not None:
        paths += [pace / name for name in PACE if (pace / name).is_file()]
    return paths


def _solve_all(path: Path, tmp: Path) -> dict | None:
    """Capture the instance's problems, then solve them with each solver; None when the
    branch-and-cut never reaches an LP."""
    folder = tmp / path.stem
    folder.mkdir()
    size = _worker("capture", str(path), str(folder))
    if "failed" in size:
        print(f"{path.name:16} capture failed: {size['failed'][:80]}")
        return None
    (folder / "capture.json").write_text(json.dumps(size))
    if not size["lp"]:
        print(f"{path.name:16} proven before the branch-and-cut's LP", flush=True)
        return None
    found = {"name": path.name, **size}
    for solver in SOLVERS:
        found[solver] = _worker("measure", solver, str(folder))
    reached = "the LP and the MIP" if size["cutoff"] is not None else "the LP (proven at the root)"
    print(f"{path.name:16} {reached}: solved by each solver", flush=True)
    return found


def _agree(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return abs(a - b) <= 1e-6 * max(1.0, abs(a))


def _lp_line(r: dict) -> tuple[float, float, bool] | None:
    h, s = r["highs"].get("lp"), r["scip"].get("lp")
    head = f"{r['name']:16} {r['n']:5} {r['m']:6} {r['k']:4}"
    if h is None or s is None:
        failed = r["highs"].get("failed") or r["scip"].get("failed")
        print(f"{head} failed: {failed}")
        return None
    same = "yes" if _agree(h["objective"], s["objective"]) else "NO"
    print(
        f"{head} {h['rows']:6} {h['solves']:6} | {h['cpu']:7.3f} {h['wall']:7.3f} "
        f"{h['solve']:7.3f} {h['iterations']:7} | {s['cpu']:7.3f} {s['wall']:7.3f} "
        f"{s['solve']:7.3f} {s['iterations']:7} | {h['objective']:11.3f} {s['objective']:11.3f} "
        f"{same:>5}"
    )
    return h["cpu"], s["cpu"], False


def _same(h: dict, s: dict) -> bool:
    """Whether two finished MIP solves agree: the same optimum, or none under the cutoff."""
    if h["status"] != s["status"]:
        return False
    return h["status"] == "none" or _agree(h["objective"], s["objective"])


def _objective(m: dict) -> str:
    """The optimum; ``none`` under the cutoff; or, open, the bound and the best solution."""
    if m["status"] != "open":
        return "none" if m["status"] == "none" else f"{m['objective']:.0f}"
    best = "-" if m["objective"] is None else f"{m['objective']:.0f}"
    return f"{m['bound']:.1f}..{best}"


def _mip_line(r: dict) -> tuple[float, float, bool] | None:
    h, s = r["highs"].get("mip"), r["scip"].get("mip")
    if r["cutoff"] is None:
        return None
    if h is None or s is None:
        failed = r["highs"].get("failed") or r["scip"].get("failed")
        print(f"{r['name']:16} failed: {failed}")
        return None
    same = _same(h, s) if "open" not in (h["status"], s["status"]) else None
    print(
        f"{r['name']:16} {r['n']:5} {r['m']:6} {r['k']:4} {r['rows']:6} {r['cutoff']:9.1f} | "
        f"{h['cpu']:7.2f} {h['wall']:7.2f} {h['nodes']:7} {_objective(h):>14} | "
        f"{s['cpu']:7.2f} {s['wall']:7.2f} {s['nodes']:7} {_objective(s):>14} | "
        f"{'-' if same is None else 'yes' if same else 'NO':>5}"
    )
    return h["cpu"], s["cpu"], h["status"] == s["status"] == "open"


def _wins(times: list[tuple[float, float, bool]]) -> str:
    """Which solver finished first how often (both open at the limit: neither)."""
    highs = sum(not tie and h < s for h, s, tie in times)
    scip = sum(not tie and s < h for h, s, tie in times)
    ties = len(times) - highs - scip
    return f"HiGHS on {highs} of {len(times)}, SCIP on {scip}" + (
        f", neither (both open at the limit) on {ties}" if ties else ""
    )


def _summary(label: str, times: list[tuple[float, float, bool]]) -> Row | None:
    if not times:
        print(f"{label}: no instance reached it")
        return None
    highs = statistics.median(t[0] for t in times)
    scip = statistics.median(t[1] for t in times)
    print(
        f"{label}: CPU median HiGHS {highs:.3f} s, SCIP {scip:.3f} s (SCIP / HiGHS "
        f"{scip / highs:.2f}); faster: {_wins(times)}"
    )
    return Row(
        f"{label}: median CPU s, HiGHS",
        highs,
        baseline=scip,
        target="HiGHS at least as fast as SCIP (speed-up >= 1): the engine's choice",
        met=highs <= scip,
    )


def _lp_table(results: list[dict]) -> list[tuple[float, float, bool]]:
    print(
        "\nLP re-solves in the cut loop: the root LP, then each round's fixings and rows, "
        "re-solved from the last basis"
    )
    print(
        "(per solver: CPU s of the sequence, wall s, CPU s in the solves alone, simplex "
        f"iterations; median of up to {REPEAT} runs; rows: the LP's last)"
    )
    print(
        f"{'instance':16} {'n':>5} {'m':>6} {'k':>4} {'rows':>6} {'solves':>6} | "
        f"{'HiGHS':>7} {'wall':>7} {'solve':>7} {'iters':>7} | {'SCIP':>7} {'wall':>7} "
        f"{'solve':>7} {'iters':>7} | {'HiGHS obj':>11} {'SCIP obj':>11} {'agree':>5}"
    )
    return [t for t in map(_lp_line, results) if t is not None]


def _mip_table(results: list[dict]) -> list[tuple[float, float, bool]]:
    print(
        "\nThe MIP as branch and bound starts (root rows only), to optimality under the cutoff, "
        f"{LIMIT:.0f} CPU s each"
    )
    print(
        "(per solver: CPU s, wall s, nodes, optimum: none under the cutoff, or open: "
        "bound..best; agree: - when open)"
    )
    print(
        f"{'instance':16} {'n':>5} {'m':>6} {'k':>4} {'rows':>6} {'cutoff':>9} | "
        f"{'HiGHS':>7} {'wall':>7} {'nodes':>7} {'optimum':>14} | {'SCIP':>7} {'wall':>7} "
        f"{'nodes':>7} {'optimum':>14} | {'agree':>5}"
    )
    return [t for t in map(_mip_line, results) if t is not None]


def main() -> None:
    try:
        import pyscipopt  # noqa: F401
    except ImportError:
        print("skipped: solvers needs pyscipopt (pip install -e '.[bench]')")
        return
    if archives() is None:
        print("skipped: solvers needs the SteinLib and PACE archives; set LETTERPLAY_DATA")
        return
    paths = _instances()
    if not paths:
        return
    print(f"\nHiGHS against SCIP on the branch-and-cut's problems ({len(paths)} instances tried)")
    with tempfile.TemporaryDirectory() as tmp:
        results = [r for r in (_solve_all(p, Path(tmp)) for p in paths) if r is not None]
    lp_times, mip_times = _lp_table(results), _mip_table(results)
    print()
    rows = [_summary("LP re-solves", lp_times), _summary("MIP", mip_times)]
    report("HiGHS against SCIP: CPU seconds (baseline: SCIP)", [r for r in rows if r])
    print(f"\nFaster on the LP re-solves: {_wins(lp_times)}; on the MIPs: {_wins(mip_times)}")


def _run_worker(args: list[str]) -> None:
    """``capture PATH FOLDER`` or ``measure SOLVER FOLDER``: one JSON line on standard output."""
    if args[0] == "capture":
        print(json.dumps(capture(args[1], args[2])))
    else:
        print(json.dumps(measure(args[1], args[2])))


if __name__ == "__main__":
    if len(sys.argv) > 1:
        _run_worker(sys.argv[1:])
    else:
        main()
