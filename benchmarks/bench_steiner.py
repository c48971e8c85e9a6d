"""Exact Steiner trees on PACE 2018 track 1: how many instances are proven optimal, and how fast.

Every shared instance with at most 16 terminals is solved with a 60 s limit; each line gives the
cost found, the proven lower bound, the published optimum and the time. Then networkx's
approximate ``steiner_tree`` (Mehlhorn's 2-approximation, the baseline a user would reach for)
runs on some of them for comparison of tree cost and time.

    python benchmarks/run.py steiner
"""

from __future__ import annotations

import csv
import time

import networkx as nx

from letterplay.steiner import read_pace, steiner_tree
from letterplay.steiner._graph import tree_cost
from timing import Row, archive, data_dir, report

TIME_LIMIT = 60.0
MAX_TERMINALS = 16
NETWORKX_INSTANCES = [
    "instance001.gr",
    "instance007.gr",
    "instance009.gr",
    "instance013.gr",
    "instance027.gr",
    "instance029.gr",
    "instance053.gr",
    "instance069.gr",
    "instance081.gr",
    "instance093.gr",
    "instance099.gr",
    "instance101.gr",
]


def instances() -> list[tuple[str, int]]:
    """(file name, published optimum) of the shared instances, in file order."""
    folder = data_dir() / "pace2018-track1"
    with open(folder / "optima.csv") as f:
        return [(row["instance"], int(row["optimum"])) for row in csv.DictReader(f)]


def solve_all() -> list[Row]:
    folder = data_dir() / "pace2018-track1"
    rows, proven, wrong = [], 0, 0
    chosen = [
        (name, opt)
        for name, opt in instances()
        if len(read_pace(folder / name).terminals) <= MAX_TERMINALS
    ]
    print(
        f"\nPACE 2018 track 1, instances with at most {MAX_TERMINALS} terminals "
        f"({len(chosen)}), {TIME_LIMIT:.0f} s limit each"
    )
    print(
        f"{'instance':16} {'nodes':>6} {'edges':>7} {'terms':>5} {'optimum':>9} {'cost':>9} "
        f"{'lower':>9} {'proven':>6} {'seconds':>8}"
    )
    for name, optimum in chosen:
        instance = read_pace(folder / name)
        result = steiner_tree(instance.graph, instance.terminals, time_limit=TIME_LIMIT)
        assert tree_cost(instance.graph, result.edges, instance.terminals) == result.cost
        ok = result.lower_bound <= optimum <= result.cost and (
            not result.optimal or result.cost == optimum
        )
        wrong += not ok
        proven += result.optimal
        print(
            f"{name:16} {instance.n_nodes:6} {instance.graph.nnz // 2:7} "
            f"{len(instance.terminals):5} {optimum:9} {result.cost:9} {result.lower_bound:9} "
            f"{'yes' if result.optimal else 'no':>6} {result.seconds:8.2f}"
            + ("" if ok else "  INCONSISTENT WITH optima.csv"),
            flush=True,
        )
        rows.append(
            Row(
                name,
                result.seconds,
                target=f"proven optimal in {TIME_LIMIT:.0f} s",
                met=result.optimal,
            )
        )
    print(
        f"\nproven optimal: {proven} of {len(chosen)} within {TIME_LIMIT:.0f} s each; "
        f"inconsistent with optima.csv: {wrong}"
    )
    return rows


def networkx_tree(instance):
    graph = nx.Graph()
    coo = instance.graph.tocoo()
    graph.add_weighted_edges_from(
        (int(a), int(b), int(w))
        for a, b, w in zip(coo.row, coo.col, coo.data, strict=True)
        if a < b
    )
    return nx.algorithms.approximation.steiner_tree(graph, instance.terminals, weight="weight")


def compare_networkx() -> list[Row]:
    folder = data_dir() / "pace2018-track1"
    optima = dict(instances())
    rows = []
    print("\nnetworkx approximation.steiner_tree (time includes building the nx.Graph) vs exact")
    print(
        f"{'instance':16} {'optimum':>9} {'networkx':>9} {'excess':>7} {'nx s':>7} "
        f"{'exact':>9} {'proven':>6} {'exact s':>8}"
    )
    for name in NETWORKX_INSTANCES:
        instance = read_pace(folder / name)
        start = time.perf_counter()
        approx = networkx_tree(instance)
        nx_seconds = time.perf_counter() - start
        nx_cost = int(approx.size(weight="weight"))
        result = steiner_tree(instance.graph, instance.terminals, time_limit=TIME_LIMIT)
        excess = 100 * (nx_cost - optima[name]) / optima[name]
        print(
            f"{name:16} {optima[name]:9} {nx_cost:9} {excess:6.1f}% {nx_seconds:7.2f} "
            f"{result.cost:9} {'yes' if result.optimal else 'no':>6} {result.seconds:8.2f}",
            flush=True,
        )
        rows.append(
            Row(
                f"{name} (baseline: networkx)",
                result.seconds,
                baseline=nx_seconds,
                target="exact, proven",
                met=result.optimal,
            )
        )
    return rows


def main() -> None:
    if archive("pace2018-track1") is None:
        return
    rows = solve_all()
    report("Steiner trees: seconds per instance (60 s limit)", rows)
    report("Steiner trees vs networkx approximation", compare_networkx())


if __name__ == "__main__":
    main()
