"""Exact Steiner trees: how many instances are proven within the limit, how fast, in how much
memory; and the multiplets the issue names.

Instance sets (read from ``$LETTERPLAY_DATA``; each is skipped with a note when absent):

- SteinLib B and D (``steinlib/``), 30 s each: target, every one proven;
- PACE 2018 track 1 (``pace2018-track1/``), 60 s each: target, at least 75 of the 100 proven;
- SteinLib-like (``steinlib-like``): new instances of the B and D families, which the engine was
  never tried on before this benchmark drew them: for each SteinLib instance in the archive, two
  graphs of its size (nodes, edges, terminals) made as Beasley made them (a random spanning tree,
  then random further edges, integer weights drawn from 1 to 10, random terminals; seeded), 30 s
  each, the engine alone (no optimum is known: an instance counts when the engine proves it).

Each instance is solved in a fresh process, so that its peak memory is that process's maximum
resident size (Python, numpy and HiGHS included): by the engine as it chooses (reductions, dual
ascent, then branch-and-cut or Dijkstra–Steiner), and by the baseline, the engine as it was
before: the choice forced to the Dijkstra–Steiner search and the reductions it had then (the
bound test, Steiner leaves, Steiner nodes of degree 2), the new ones switched off. Per set: how
many proven, median and worst seconds (wall clock; CPU beside it, the machine may be shared),
the most memory. Target for memory: at most 2 GB on any instance.

Multiplets on enable1, in fresh processes with a warm word-graph cache, 60 s each: ONE … TEN
(target: proven, under 1 s of search), MINUS ZERO PLUS, the 16 animals and the 12 colours of the
issue (target: proven within 60 s); the size search alone (``fewest_only``), then with the
tie-break among the smallest networks. Baseline: the engine as it was before, as above. And,
since the named sets are the ones the engine was developed on, sets of 12 to 20 common words
drawn at random (``common``; seeded, the size search alone, no baseline: 60 s each; the
sets the engine was tuned on and the held-out ones counted apart; ``STEINER_COMMON_SEEDS``,
say ``6-10``, draws other seeds, all held out).

    python benchmarks/run.py steiner            # everything (an hour or two)
    STEINER_SETS=steinlib,multiplets python benchmarks/run.py steiner
    STEINER_SETS=steinlib-like python benchmarks/run.py steiner
    STEINER_SETS=common STEINER_COMMON_SEEDS=6-10 python benchmarks/run.py steiner
    STEINER_SETS=common python benchmarks/run.py steiner

References
----------
- J. E. Beasley, *An SST-based algorithm for the Steiner problem in graphs*, Networks 19 (1989),
  the B and D families: http://people.brunel.ac.uk/~mastjjb/jeb/orlib/steininfo.html
- T. Koch, A. Martin, S. Voß, *SteinLib: an updated library on Steiner tree problems in graphs*
  (2001): https://steinlib.zib.de/
"""

from __future__ import annotations

import csv
import json
import os
import statistics
import subprocess
import sys

from timing import Row, archive, report

LIMITS = {"steinlib": 30.0, "pace2018-track1": 60.0, "steinlib-like": 30.0}
PROVEN_TARGETS = {"steinlib": None, "pace2018-track1": 75, "steinlib-like": None}  # None: all
LIKE_SEEDS = (1, 2)
MEMORY_TARGET_MB = 2048
MULTIPLET_LIMIT = 60.0
MULTIPLETS = [
    ("ONE … TEN", "one two three four five six seven eight nine ten"),
    ("MINUS ZERO PLUS", "minus zero plus"),
    ("16 animals", "cat dog cow pig hen fox owl bat rat ant bee eel yak elk emu ape"),
    ("12 colours", "red orange yellow green blue indigo violet black white gray brown pink"),
]
ENGINES = ("auto", "before")

BEFORE = """
from letterplay.steiner import _reduce, _tree
# the engine as it was: Dijkstra-Steiner after the bound test and the Steiner degree tests only
_tree._plan = lambda reduced, method, deadline: [("dijkstra-steiner", deadline)]
_reduce._special_distance_test = lambda g: False
_reduce._terminal_leaves = lambda g: None
reduce_all = _tree._reduce
_tree._reduce = lambda p, upper, deadline, margin=0, progress=None: reduce_all(
    p, None, deadline, progress=progress
)
"""

INSTANCE = """
import json, resource, sys, time
from letterplay.steiner import read_instance
from letterplay.steiner._graph import tree_cost
from letterplay.steiner._tree import _solve
path, engine, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
if engine == "before":
    exec(sys.argv[4])
instance = read_instance(path)
cpu = time.process_time()
result = _solve(instance.graph, instance.terminals, time_limit=limit)
assert tree_cost(instance.graph, result.edges, instance.terminals) == result.cost
print(json.dumps({
    "cost": result.cost, "lower": result.lower_bound, "optimal": result.optimal,
    "seconds": result.seconds, "cpu": time.process_time() - cpu, "method": result.method,
    "terminals": len(instance.terminals),
    "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""

MULTIPLET = """
import json, resource, sys, time
from letterplay.steiner import _tree
engine, words, limit, fewest = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4] == "1"
if engine == "before":
    exec(sys.argv[5])
searches = []
solve = _tree._solve
def timed(*args, **kwargs):
    result = solve(*args, **kwargs)
    searches.append((result.seconds, result.method))
    return result
_tree._solve = timed
from letterplay import multiplets
multiplets.word_graph()  # warm: the graph comes from the cache, as in a second run
start, cpu = time.perf_counter(), time.process_time()
result = multiplets.solve(words, time_limit=limit, fewest_only=fewest)
print(json.dumps({
    "links": result.links, "lower": result.lower_bound, "optimal": result.optimal,
    "cpu": time.process_time() - cpu,
    "tie_break_proven": result.tie_break_proven, "seconds": time.perf_counter() - start,
    "search": sum(s for s, _ in searches), "methods": [m for _, m in searches],
    "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def _run(script: str, *args: str, limit: float) -> dict:
    """Run ``script`` in a fresh process; its JSON line, or a failure noted."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", script, *args],
            capture_output=True,
            text=True,
            timeout=limit * 3 + 120,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"failed": "ran past three times its limit"}
    if done.returncode != 0:
        return {"failed": done.stderr.strip().splitlines()[-1] if done.stderr else "no output"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _optima(folder) -> dict[str, int]:
    with open(folder / "optima.csv") as f:
        rows = list(csv.DictReader(f))
    key = "instance" if "instance" in rows[0] else "name"
    return {row[key]: int(row["optimum"]) for row in rows}


def instance_set(name: str) -> list[Row]:
    folder = archive(name)
    if folder is None:
        return []
    limit = LIMITS[name]
    optima = _optima(folder)
    print(f"\n{name}: {len(optima)} instances, {limit:.0f} s each, fresh process each")
    print(
        f"{'instance':16} {'k':>4} {'optimum':>9} | {'engine':>16} {'lower':>9} {'cost':>9} "
        f"{'s':>7} {'MB':>6} | {'before':>16} {'lower':>9} {'cost':>9} {'s':>7} {'MB':>6}"
    )
    results: dict[str, list[dict]] = {engine: [] for engine in ENGINES}
    wrong = 0
    for file, optimum in optima.items():
        line = []
        for engine in ENGINES:
            r = _run(INSTANCE, str(folder / file), engine, str(limit), BEFORE, limit=limit)
            r["file"] = file
            if "failed" in r:
                line.append(f"{'failed: ' + r['failed'][:60]:>50}")
                r.update(optimal=False, seconds=limit, cpu=limit, mb=0.0)
            else:
                ok = r["lower"] <= optimum <= r["cost"] and (
                    not r["optimal"] or r["cost"] == optimum
                )
                wrong += not ok
                proven = "proven" if r["optimal"] else "open"
                method = {"dijkstra-steiner": "D-S", "branch-and-cut": "B&C"}.get(
                    r["method"], "bounds"
                )
                line.append(
                    f"{method + ' ' + proven:>16} {r['lower']:9} {r['cost']:9} "
                    f"{r['seconds']:7.2f} {r['mb']:6.0f}"
                    + ("" if ok else " INCONSISTENT WITH optima.csv")
                )
            results[engine].append(r)
        k = results["auto"][-1].get("terminals", 0)
        print(f"{file:16} {k:4} {optimum:9} | {line[0]} | {line[1]}", flush=True)
    rows = []
    target = PROVEN_TARGETS[name]
    for engine in ENGINES:
        rs = results[engine]
        proven = sum(r["optimal"] for r in rs)
        seconds = [r["seconds"] for r in rs]
        cpu = [r["cpu"] for r in rs]
        memory = max(r["mb"] for r in rs)
        label = "engine" if engine == "auto" else "baseline: the engine before"
        print(
            f"{name} {label}: proven {proven} of {len(rs)} within {limit:.0f} s; seconds median "
            f"{statistics.median(seconds):.2f}, worst {max(seconds):.2f} (CPU median "
            f"{statistics.median(cpu):.2f}, worst {max(cpu):.2f}); peak memory {memory:.0f} MB"
        )
    print(f"inconsistent with optima.csv: {wrong}")
    engine, baseline = results["auto"], results["before"]
    need = len(engine) if target is None else target
    proven = sum(r["optimal"] for r in engine)
    rows.append(
        Row(
            f"{name}: median s per instance",
            statistics.median(r["seconds"] for r in engine),
            baseline=statistics.median(r["seconds"] for r in baseline),
            target=f"{proven} of {len(engine)} proven (need {need}) in {limit:.0f} s each",
            met=proven >= need and wrong == 0,
        )
    )
    rows.append(
        Row(
            f"{name}: worst s per instance",
            max(r["seconds"] for r in engine),
            baseline=max(r["seconds"] for r in baseline),
            target=f"peak {max(r['mb'] for r in engine):.0f} MB (at most {MEMORY_TARGET_MB})",
            met=max(r["mb"] for r in engine) <= MEMORY_TARGET_MB,
        )
    )
    return rows


def _size(path) -> tuple[int, int, int]:
    """Nodes, edges and terminals of a SteinLib file."""
    from letterplay.steiner import read_instance

    instance = read_instance(path)
    return instance.n_nodes, instance.n_edges, len(instance.terminals)


def like_instance(n: int, m: int, k: int, seed: int) -> str:
    """A random instance of ``n`` nodes, ``m`` edges and ``k`` terminals, as Beasley drew the B
    and D families: a random spanning tree, random further edges, weights 1-10, as .stp text."""
    import numpy as np

    rng = np.random.default_rng(seed)
    order = rng.permutation(n) + 1
    edges = {tuple(sorted((int(order[i]), int(order[rng.integers(i)])))) for i in range(1, n)}
    while len(edges) < m:
        a, b = (int(x) for x in rng.integers(1, n + 1, size=2))
        if a != b:
            edges.add((min(a, b), max(a, b)))
    weights = rng.integers(1, 11, size=len(edges))
    terminals = sorted(int(t) for t in rng.choice(np.arange(1, n + 1), size=k, replace=False))
    lines = ["33D32945 STP File, STP Format Version 1.0", "", "SECTION Graph"]
    lines += [f"Nodes {n}", f"Edges {len(edges)}"]
    lines += [f"E {a} {b} {w}" for (a, b), w in zip(sorted(edges), weights.tolist(), strict=True)]
    lines += ["END", "", "SECTION Terminals", f"Terminals {k}"]
    lines += [f"T {t}" for t in terminals] + ["END", "", "EOF", ""]
    return "\n".join(lines)


def like_set() -> list[Row]:
    import tempfile
    from pathlib import Path

    folder = archive("steinlib")
    if folder is None:
        return []
    limit = LIMITS["steinlib-like"]
    shapes = {file: _size(folder / file) for file in _optima(folder)}
    print(
        f"\nsteinlib-like: {len(shapes) * len(LIKE_SEEDS)} new instances of the B and D "
        f"families, {limit:.0f} s each, the engine alone"
    )
    print(
        f"{'instance':16} {'n':>5} {'m':>6} {'k':>4} | {'engine':>16} {'lower':>9} "
        f"{'cost':>9} {'s':>7} {'MB':>6}"
    )
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for file, (n, m, k) in shapes.items():
            for seed in LIKE_SEEDS:
                name = f"like-{file.removesuffix('.stp')}-{seed}"
                path = Path(tmp) / f"{name}.stp"
                path.write_text(like_instance(n, m, k, seed=1000 * seed + n + m + k))
                r = _run(INSTANCE, str(path), "auto", str(limit), limit=limit)
                if "failed" in r:
                    print(f"{name:16} {n:5} {m:6} {k:4} | failed: {r['failed'][:60]}")
                    r.update(optimal=False, seconds=limit, mb=0.0)
                else:
                    proven = "proven" if r["optimal"] else "open"
                    print(
                        f"{name:16} {n:5} {m:6} {k:4} | {r['method'] + ' ' + proven:>16} "
                        f"{r['lower']:9} {r['cost']:9} {r['seconds']:7.2f} {r['mb']:6.0f}",
                        flush=True,
                    )
                results.append(r)
    proven = sum(r["optimal"] for r in results)
    seconds = [r["seconds"] for r in results]
    memory = max(r["mb"] for r in results)
    return [
        Row(
            "steinlib-like: median s per instance",
            statistics.median(seconds),
            target=f"{proven} of {len(results)} proven (need all) in {limit:.0f} s each",
            met=proven == len(results),
        ),
        Row(
            "steinlib-like: worst s per instance",
            max(seconds),
            target=f"peak {memory:.0f} MB (at most {MEMORY_TARGET_MB})",
            met=memory <= MEMORY_TARGET_MB,
        ),
    ]


def multiplet_set() -> list[Row]:
    print(f"\nMultiplets on enable1, {MULTIPLET_LIMIT:.0f} s each, fresh process (warm cache)")
    print(
        f"{'words':16} {'search':>9} | {'engine':>24} {'total s':>8} {'steiner s':>9} {'MB':>5} "
        f"| {'before':>24} {'total s':>8}"
    )
    rows = []
    for label, words in MULTIPLETS:
        for fewest in (True, False):
            found = {}
            for engine in ENGINES:
                found[engine] = _run(
                    MULTIPLET,
                    engine,
                    words,
                    str(MULTIPLET_LIMIT),
                    "1" if fewest else "0",
                    BEFORE,
                    limit=MULTIPLET_LIMIT,
                )
            text = []
            for engine in ENGINES:
                r = found[engine]
                if "failed" in r:
                    text.append(f"{'failed: ' + r['failed'][:40]:>44}")
                    continue
                proven = r["optimal"] and (fewest or r["tie_break_proven"])
                text.append(
                    f"{r['links']:>3} links, lower {r['lower']:>3} "
                    f"{'proven' if proven else 'open':>6} {r['seconds']:8.2f}"
                    + (f" {r['search']:9.2f} {r['mb']:5.0f}" if engine == "auto" else "")
                )
            stage = "size" if fewest else "+ tie-break"
            print(f"{label:16} {stage:>9} | {text[0]} | {text[1]}", flush=True)
            r, b = found["auto"], found["before"]
            if "failed" in r:
                continue
            proven = r["optimal"] and (fewest or r["tie_break_proven"])
            if label == "ONE … TEN" and fewest:
                target, met = "proven, under 1 s of search", proven and r["search"] < 1.0
            else:
                target, met = f"proven within {MULTIPLET_LIMIT:.0f} s", proven
            rows.append(
                Row(
                    f"{label} ({stage})",
                    r["seconds"],
                    baseline=None if "failed" in b else b["seconds"],
                    target=target,
                    met=met and r["mb"] <= MEMORY_TARGET_MB,
                )
            )
    return rows


COMMON_SIZES = (12, 16, 20)
"""The sizes of the sets of common words."""

COMMON_SETS = tuple((size, seed) for size in COMMON_SIZES for seed in range(1, 6))
"""Sets of common words (size, seed) drawn for the multiplets the issue means by "12-20 common
words". The engine was developed on the named sets above and on seeds 1 and 2 (and 12-3);
seeds 3 to 5 are the held-out split, reported apart. A draw whose words the graph does not
connect is no multiplet: it is shown and not counted."""

COMMON_DEVELOPED = {(12, 1), (12, 2), (12, 3), (16, 1), (16, 2), (20, 1), (20, 2)}
"""The sets of :data:`COMMON_SETS` the engine was tuned on."""
COMMON_ZIPF = 5.0


def common_words(size: int, seed: int) -> list[str]:
    """``size`` distinct words of enable1 drawn uniformly (``seed``) among the common ones: 3 to
    5 letters, Zipf at least :data:`COMMON_ZIPF` (about 580 words), none offensive."""
    import numpy as np

    from letterplay.lexicon import as_lexicon
    from letterplay.offensive import is_offensive

    lexicon = as_lexicon("enable1")
    pool = [
        w
        for w, z in zip(lexicon.words, lexicon.zipfs.tolist(), strict=True)
        if z >= COMMON_ZIPF and 3 <= len(w) <= 5 and not is_offensive(w)
    ]
    rng = np.random.default_rng(1000 * size + seed)
    return sorted(rng.choice(pool, size=size, replace=False).tolist())


def common_set() -> list[Row]:
    print(
        f"\nMultiplets of common words drawn at random (Zipf >= {COMMON_ZIPF}, 3 to 5 letters), "
        f"{MULTIPLET_LIMIT:.0f} s each, size only, the engine alone"
    )
    print(f"{'set':10} | {'links':>5} {'lower':>5} {'proven':>6} {'s':>7} {'cpu s':>7}  words")
    split: dict[str, list[dict]] = {"developed on": [], "held out": []}
    first, _, last = os.environ.get("STEINER_COMMON_SEEDS", "").partition("-")
    sets = COMMON_SETS
    if first:
        seeds = range(int(first), int(last or first) + 1)
        sets = tuple((size, seed) for size in COMMON_SIZES for seed in seeds)
    for size, seed in sets:
        words = common_words(size, seed)
        r = _run(
            MULTIPLET, "auto", " ".join(words), str(MULTIPLET_LIMIT), "1", "", limit=MULTIPLET_LIMIT
        )
        if "cannot be connected" in r.get("failed", ""):
            print(f"{size}-{seed:<7} | not a multiplet: {r['failed'][:60]}")
            continue
        if "failed" in r:
            print(f"{size}-{seed:<7} | failed: {r['failed'][:60]}")
            r.update(optimal=False, seconds=MULTIPLET_LIMIT)
        else:
            proven = "yes" if r["optimal"] else "no"
            print(
                f"{size}-{seed:<7} | {r['links']:5} {r['lower']:5} {proven:>6} "
                f"{r['seconds']:7.2f} {r.get('cpu', 0.0):7.2f}  {' '.join(words)}",
                flush=True,
            )
        split["developed on" if (size, seed) in COMMON_DEVELOPED else "held out"].append(r)
    rows = []
    for name, results in split.items():
        if not results:
            continue
        proven = sum(r["optimal"] for r in results)
        rows.append(
            Row(
                f"common words, {name}: median s per set",
                statistics.median(r["seconds"] for r in results),
                target=f"{proven} of {len(results)} proven within {MULTIPLET_LIMIT:.0f} s "
                "(need all)",
                met=proven == len(results),
            )
        )
    return rows


def main() -> None:
    wanted = os.environ.get(
        "STEINER_SETS", "steinlib,steinlib-like,pace2018-track1,multiplets,common"
    ).split(",")
    rows = []
    for name in ("steinlib", "pace2018-track1"):
        if name in wanted:
            rows += instance_set(name)
    if "steinlib-like" in wanted:
        rows += like_set()
    if rows:
        report("Steiner trees: seconds per instance (baseline: the engine before)", rows)
    if "multiplets" in wanted:
        report("Multiplets: seconds per puzzle (baseline: the engine before)", multiplet_set())
    if "common" in wanted:
        report("Multiplets of common words: seconds per set", common_set())


if __name__ == "__main__":
    main()
