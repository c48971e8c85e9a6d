"""Multiplets benchmark on enable1.

- Word graph from cold (fresh process, empty cache): load enable1, its letter index and build the
  graph by bucket keys. Target under 3 s. Baseline: the pair-by-pair rule check of the
  Enigmatic Code write-up (``extend``), timed on a random sample of words against the whole
  lexicon and extrapolated to all pairs (running it in full would take hours).
- ONE … TEN with SEN excluded, proven minimum number of link words, in one fresh process from
  cold (empty cache): target under 10 s (the Enigmatic Code write-up's greedy search took
  8–15 s with no proof). The same
  with the tie-break among smallest networks (most common words) proven too.
- networkx's approximate ``steiner_tree`` (Mehlhorn's 2-approximation) on the same graph the
  engine searches: its number of link words and its time, beside the exact answer.

The machine may be shared: medians of a few runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time

import networkx as nx
from networkx.algorithms.approximation import steiner_tree as nx_steiner_tree

from letterplay import multiplets as mp
from letterplay.lexicon import Lexicon
from letterplay.multiplets._buckets import adjacency_arrays
from letterplay.multiplets._solve import relevant_words
from letterplay.multiplets.rules import RULES
from timing import Row, data_dir, median_time, report

NUMBERS = "one two three four five six seven eight nine ten".split()

# ----------------------------------------------------------------------- Enigmatic Code baseline


def seed_neighbours(w1: str, w2: str) -> bool:
    """Seed 003's test of one pair (inside its ``extend``)."""
    if w2 == w1:
        return False
    n1, n2 = len(w1), len(w2)
    r = n2 - n1
    s1 = sorted(w1)
    return any(
        (
            r == 0 and sorted(w2) == s1,
            r == 0 and sum(1 for (c1, c2) in zip(w1, w2, strict=True) if c1 != c2) == 1,
            r == 1 and any(w2[:i] + w2[i + 1 :] == w1 for (i, _) in enumerate(w2)),
            r == -1 and any(w1[:i] + w1[i + 1 :] == w2 for (i, _) in enumerate(w1)),
        )
    )


def seed_all_pairs_seconds(words: list[str], sample: int = 20) -> float:
    """Seconds the Enigmatic Code write-up's pair check would take over all pairs, timed on
    ``sample`` words."""
    chosen = random.Random(3).sample(words, sample)
    start = time.perf_counter()
    for w1 in chosen:
        for w2 in words:
            seed_neighbours(w1, w2)
    per_word = (time.perf_counter() - start) / sample
    return per_word * len(words) / 2


# ----------------------------------------------------------------------------- fresh processes

GRAPH = """
import json, sys, time
start = time.perf_counter()
from letterplay.lexicon import Lexicon
from letterplay import multiplets as mp
lex = Lexicon.from_file(sys.argv[1], "enable1")
graph = mp.word_graph(lexicon=lex)
print(json.dumps({"seconds": time.perf_counter() - start, "edges": graph.n_edges}))
"""

NUMBERS_RUN = """
import json, sys, time
start = time.perf_counter()
from letterplay.lexicon import Lexicon
from letterplay import multiplets as mp
lex = Lexicon.from_file(sys.argv[1], "enable1")
r = mp.solve(sys.argv[3].split(), lexicon=lex, exclude=["sen"], fewest_only=sys.argv[2] != "1")
print(json.dumps({"seconds": time.perf_counter() - start, "links": r.links,
                  "optimal": r.optimal, "lower_bound": r.lower_bound,
                  "tie_break_proven": r.tie_break_proven, "words": r.network.link_words}))
"""


def fresh(script: str, *args: str) -> dict:
    """Run ``script`` in a new process with an empty cache; its JSON line."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "LETTERPLAY_CACHE": cache}
        done = subprocess.run(
            [sys.executable, "-c", script, *args], capture_output=True, text=True, env=env
        )
    if done.returncode:
        sys.exit(done.stderr)
    return json.loads(done.stdout)


def median_fresh(script: str, *args: str, repeat: int = 3) -> tuple[float, dict]:
    runs = [fresh(script, *args) for _ in range(repeat)]
    runs.sort(key=lambda r: r["seconds"])
    return runs[len(runs) // 2]["seconds"], runs[len(runs) // 2]


def main() -> None:
    enable1 = str(data_dir() / "enable1.txt")
    lex = Lexicon.from_file(enable1, "enable1")
    rows = []

    seconds, info = median_fresh(GRAPH, enable1)
    words = [w for w in lex.words if len(w) >= 3]
    baseline = seed_all_pairs_seconds(words)
    rows.append(
        Row(
            f"word graph from cold ({info['edges']:,} edges)",
            seconds,
            baseline,
            "< 3 s",
            seconds < 3,
        )
    )
    lex.index  # noqa: B018 - in-process build alone, index already loaded
    build = median_time(lambda: adjacency_arrays(lex, RULES, 3), repeat=3)
    rows.append(Row("  build_adjacency alone (index in memory)", build, baseline))

    seconds, size = median_fresh(NUMBERS_RUN, enable1, "0", " ".join(NUMBERS), repeat=3)
    proven = size["optimal"] and size["lower_bound"] == size["links"]
    rows.append(
        Row(
            f"ONE…TEN: {size['links']} link words, proven={proven}",
            seconds,
            None,
            "< 10 s from cold",
            proven and seconds < 10,
        )
    )
    seconds, full = median_fresh(NUMBERS_RUN, enable1, "1", " ".join(NUMBERS), repeat=1)
    rows.append(Row(f"ONE…TEN + most common, tie-break proven={full['tie_break_proven']}", seconds))

    # networkx's approximation on the very graph the exact search starts from
    graph = mp.word_graph(lexicon=lex, exclude=["sen"])
    nodes, sub = relevant_words(graph, NUMBERS)
    g = nx.from_scipy_sparse_array(sub)
    start = time.perf_counter()
    tree = nx_steiner_tree(g, list(range(len(NUMBERS))))
    nx_seconds = time.perf_counter() - start
    nx_links = tree.number_of_nodes() - len(NUMBERS)
    rows.append(
        Row(
            f"networkx approx steiner_tree: {nx_links} link words",
            nx_seconds,
            None,
            f"exact: {size['links']}",
        )
    )
    report("multiplets (enable1)", rows)
    print(
        "\nword graph baseline: the Enigmatic Code write-up's pair-by-pair check, timed on "
        "20 words against all"
    )
    print(f"{len(words):,} words of 3+ letters and extrapolated to every pair")
    print(f"\nONE…TEN link words (most common network): {', '.join(full['words'])}")
    print(f"searched graph: {len(nodes):,} words, {sub.nnz // 2:,} edges")


if __name__ == "__main__":
    main()
