"""The exact Steiner-tree engine: optimal against brute force and an unpruned Dreyfus–Wagner,
valid trees always, PACE 2018 instances against their published optima, input errors, CLI."""

from __future__ import annotations

import csv
import itertools
import json
import random

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components, dijkstra, minimum_spanning_tree

from graphs import check_tree, graph
from letterplay.errors import InputError, LetterplayError, NoSolutionError
from letterplay.steiner import _search, read_pace, steiner_tree
from letterplay.steiner._graph import MAX_WEIGHT, prune_leaves, tree_cost
from letterplay.steiner._tree import _solve
from letterplay.steiner.simple import simple_steiner_tree

# ----------------------------------------------------------------------------------------------
# References written independently of the engine


def brute_force(n, edges, terminals, node_weights=None) -> int | None:
    """Optimum by enumerating every set of Steiner nodes: the MST of the induced subgraph."""
    others = [x for x in range(n) if x not in terminals]
    best = None
    for size in range(len(others) + 1):
        for extra in itertools.combinations(others, size):
            nodes = sorted(set(terminals) | set(extra))
            local = {x: i for i, x in enumerate(nodes)}
            inside = [
                (local[a], local[b], w) for (a, b), w in edges.items() if a in local and b in local
            ]
            m = len(nodes)
            if m > 1:
                if not inside:
                    continue
                # +1 keeps zero weights as edges; every spanning tree has m - 1 edges
                sub = sp.csr_array(
                    (
                        [w + 1 for *_, w in inside],
                        ([a for a, *_ in inside], [b for _, b, _ in inside]),
                    ),
                    shape=(m, m),
                )
                if connected_components(sub, directed=False)[0] != 1:
                    continue
                cost = int(minimum_spanning_tree(sub).sum()) - (m - 1)
            else:
                cost = 0
            if node_weights is not None:
                cost += sum(int(node_weights[x]) for x in extra)
            best = cost if best is None else min(best, cost)
    return best


def dreyfus_wagner(n, edges, terminals) -> int:
    """Optimum by the plain Dreyfus–Wagner recursion over all terminal subsets, no pruning."""
    dist = dijkstra(graph(n, edges).astype(float), directed=False)
    root, others = terminals[-1], terminals[:-1]
    f = {1 << i: dist[t].copy() for i, t in enumerate(others)}
    for size in range(2, len(others) + 1):
        for subset in itertools.combinations(range(len(others)), size):
            mask = sum(1 << i for i in subset)
            low = mask & -mask
            merged = np.full(n, np.inf)
            part = (mask - 1) & mask
            while part:
                if part & low:  # each split once
                    merged = np.minimum(merged, f[part] + f[mask ^ part])
                part = (part - 1) & mask
            f[mask] = (merged[:, None] + dist).min(axis=0)
    return int(f[(1 << len(others)) - 1][root])


def random_instance(rng: random.Random, n: int, density: float, weights, k: int):
    edges = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                edges[(a, b)] = rng.choice(weights)
    return edges, rng.sample(range(n), k)


# ----------------------------------------------------------------------------------------------
# Optimality


def test_star_beats_direct_edges():
    # three terminals pairwise 4 apart (two edges: 8) or 2 + 2 + 2 = 6 through a centre
    edges = {(0, 1): 4, (1, 2): 4, (0, 2): 4, (0, 3): 2, (1, 3): 2, (2, 3): 2}
    result = steiner_tree(graph(4, edges), [0, 1, 2])
    assert (result.cost, result.optimal, result.nodes) == (6, True, [0, 1, 2, 3])
    edges[(0, 3)] = 5
    result = steiner_tree(graph(4, edges), [0, 1, 2])
    assert (result.cost, result.optimal, result.nodes) == (8, True, [0, 1, 2])


def test_single_terminal_and_pair():
    edges = {(0, 1): 4, (1, 2): 1, (0, 2): 7}
    assert steiner_tree(graph(3, edges), [2]).to_dict() | {"seconds": 0} == {
        "cost": 0,
        "optimal": True,
        "lower_bound": 0,
        "edges": [],
        "nodes": [2],
        "seconds": 0,
        "method": "bounds",
        "reductions": {
            test: {"nodes": 0, "edges": 0}
            for test in ("bound", "degree", "special_distance", "reduced_cost")
        },
    }
    result = steiner_tree(graph(3, edges), [0, 2, 2])
    assert (result.cost, result.edges, result.optimal) == (5, [(0, 1), (1, 2)], True)


@pytest.mark.parametrize("seed", range(6))
def test_small_graphs_match_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(2, 9)
        edges, terminals = random_instance(
            rng, n, rng.uniform(0.2, 0.9), [0, 1, 1, 2, 3, 5, 8], rng.randint(1, min(n, 6))
        )
        weights = (
            np.array([rng.choice([0, 1, 4, 1_000_000, 1_000_003]) for _ in range(n)])
            if rng.random() < 0.5
            else None
        )
        optimum = brute_force(n, edges, terminals, weights)
        if optimum is None:
            with pytest.raises(NoSolutionError):
                steiner_tree(graph(n, edges), terminals, node_weights=weights)
            continue
        result = steiner_tree(graph(n, edges), terminals, node_weights=weights)
        check_tree(result, n, edges, terminals, weights)
        assert (result.cost, result.optimal) == (optimum, True)


@pytest.mark.parametrize("seed", range(4))
def test_medium_graphs_match_dreyfus_wagner(monkeypatch, seed):
    # odd seeds expand every node's labels with numpy, as for nodes of high degree
    monkeypatch.setattr(_search, "DENSE_DEGREE", 48 if seed % 2 == 0 else 1)
    rng = random.Random(100 + seed)
    for _ in range(5):
        n = rng.randint(30, 60)
        edges, terminals = random_instance(rng, n, 4 / n, list(range(1, 20)), rng.randint(4, 7))
        if brute_components(n, edges, terminals) > 1:
            continue
        optimum = dreyfus_wagner(n, edges, terminals)
        for must_search in (False, True):
            result = _solve(graph(n, edges), terminals, must_search=must_search)
            check_tree(result, n, edges, terminals)
            assert (result.cost, result.optimal) == (optimum, True)


def brute_components(n, edges, terminals) -> int:
    _, labels = connected_components(graph(n, edges), directed=False)
    return len({labels[t] for t in terminals})


@st.composite
def instances(draw):
    n = draw(st.integers(1, 8))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    edges = {e: draw(st.integers(0, 6)) for e in chosen}
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5, unique=True))
    weights = draw(st.none() | st.lists(st.integers(0, 5), min_size=n, max_size=n))
    return n, edges, terminals, None if weights is None else np.array(weights)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances(), st.sampled_from([None, 0.0, "search"]))
def test_property_every_result_is_a_valid_tree(instance, mode):
    """Any result is a tree with the terminals at its cost; optimal ones match brute force.
    Mode "search" makes the exact search build the tree (not only prove the heuristic's)."""
    n, edges, terminals, weights = instance
    time_limit = mode if mode != "search" else None
    optimum = brute_force(n, edges, terminals, weights)
    if optimum is None:
        with pytest.raises(NoSolutionError):
            steiner_tree(graph(n, edges), terminals, node_weights=weights)
        return
    result = _solve(
        graph(n, edges),
        terminals,
        node_weights=weights,
        time_limit=time_limit,
        must_search=mode == "search",
    )
    check_tree(result, n, edges, terminals, weights)
    assert result.cost >= optimum >= result.lower_bound
    if result.optimal:
        assert result.cost == optimum
    if time_limit is None:
        assert result.optimal


def test_lexicographic_node_weights_fewest_links_then_commonest():
    # terminals 0 and 5; link words 1..4. Path 0-1-5 has one obscure link word; 0-2-3-5 has two
    # common ones; 0-4-5 one less obscure link word. Fewest links first, then least obscure.
    edges = {(0, 1): 0, (1, 5): 0, (0, 2): 0, (2, 3): 0, (3, 5): 0, (0, 4): 0, (4, 5): 0}
    weights = np.array([0, 1_000_000 + 90, 1_000_000 + 1, 1_000_000 + 1, 1_000_000 + 40, 0])
    result = steiner_tree(graph(6, edges), [0, 5], node_weights=weights)
    assert (result.nodes, result.cost, result.optimal) == ([0, 4, 5], 1_000_040, True)
    weights[4] = 1_000_000 + 95
    result = steiner_tree(graph(6, edges), [0, 5], node_weights=weights)
    assert (result.nodes, result.optimal) == ([0, 1, 5], True)


def test_lexicographic_weights_on_a_grid_match_brute_force():
    # a 3 x 3 grid of zero-weight edges: many trees of equal size, the weights pick one
    rng = random.Random(7)
    edges = {}
    for r in range(3):
        for c in range(3):
            x = 3 * r + c
            if c < 2:
                edges[(x, x + 1)] = 0
            if r < 2:
                edges[(x, x + 3)] = 0
    for _ in range(10):
        weights = np.array([1_000_000 + rng.randint(0, 50) for _ in range(9)])
        terminals = rng.sample(range(9), 3)
        result = steiner_tree(graph(9, edges), terminals, node_weights=weights)
        check_tree(result, 9, edges, terminals, weights)
        assert result.cost == brute_force(9, edges, terminals, weights)


def test_time_limit_zero_still_returns_a_tree():
    rng = random.Random(3)
    edges, terminals = random_instance(rng, 60, 0.1, list(range(1, 30)), 8)
    result = steiner_tree(graph(60, edges), terminals, time_limit=0)
    check_tree(result, 60, edges, terminals)


def test_progress_is_reported_without_printing(capsys):
    calls = []
    edges = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (1, 3): 1, (0, 3): 5}
    steiner_tree(graph(4, edges), [0, 2, 3], progress=lambda *a: calls.append(a))
    assert calls and all(len(c) == 3 and isinstance(c[0], str) for c in calls)
    assert capsys.readouterr().out == ""


# ----------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("make", "terminals", "weights", "message"),
    [
        (lambda: graph(3, {(0, 1): 1}), [], None, "at least one terminal"),
        (lambda: graph(3, {(0, 1): 1}), [0, 3], None, "`terminals`: 3 is not a node id"),
        (lambda: graph(3, {(0, 1): 1}), [-1], None, "`terminals`: -1 is not a node id"),
        (
            lambda: sp.csr_array(([1, 2], ([0, 1], [1, 0])), shape=(2, 2)),
            [0, 1],
            None,
            "not symmetric",
        ),
        (lambda: graph(2, {(0, 1): -1}), [0, 1], None, "non-negative integers"),
        (
            lambda: sp.csr_array(([0.5, 0.5], ([0, 1], [1, 0])), shape=(2, 2)),
            [0, 1],
            None,
            "non-negative integers",
        ),
        (lambda: np.zeros((2, 2)), [0], None, "sparse"),
        (lambda: sp.csr_array((2, 3)), [0], None, "square"),
        (lambda: graph(2, {(0, 1): 1}), [0, 1], np.array([1]), "one value per node"),
        (lambda: graph(2, {(0, 1): 1}), [0, 1], np.array([1, -2]), "non-negative integers"),
    ],
)
def test_bad_input(make, terminals, weights, message):
    with pytest.raises(InputError, match=message):
        steiner_tree(make(), terminals, node_weights=weights)


def test_disconnected_terminals_name_the_groups():
    edges = {(0, 1): 1, (2, 3): 1, (3, 4): 1}
    with pytest.raises(NoSolutionError, match=r"\{0, 1\} \| \{2, 4\}") as error:
        steiner_tree(graph(5, edges), [0, 1, 2, 4])
    assert error.value.groups == [[0, 1], [2, 4]]
    assert "\n" not in str(error.value)


# ----------------------------------------------------------------------------------------------
# PACE 2018 format and instances

GOOD = """SECTION Graph
Nodes 4
Edges 4
E 1 2 3
E 2 3 1
E 3 4 1
E 1 4 9
END

SECTION Terminals
Terminals 2
T 1
T 4
END

EOF
"""


def test_read_pace(tmp_path):
    path = tmp_path / "tiny.gr"
    path.write_text(GOOD)
    instance = read_pace(path)
    assert (instance.n_nodes, instance.terminals) == (4, [0, 3])
    assert instance.graph[0, 1] == 3 and instance.graph[3, 0] == 9
    result = steiner_tree(instance.graph, instance.terminals)
    assert (result.cost, result.edges) == (5, [(0, 1), (1, 2), (2, 3)])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("E 1 2 3", "E 1 2 x"), ":4: not an integer"),
        (("E 1 2 3", "E 1 7 3"), ":4: node 7 out of range"),
        (("E 1 2 3", "E 1 2"), ":4: expected 3 number"),
        (("E 1 2 3", "E 1 2 -3"), ":4: negative edge weight"),
        (("E 1 2 3", "E 1 1 3"), ":4: loop"),
        (("T 4", "T 0"), ":13: node 0 out of range"),
        (("Edges 4", "Edges 5"), "'Edges 5' but 4 edge lines"),
        (("Terminals 2", "Terminals 3"), "'Terminals 3' but 2"),
        (("SECTION Terminals\n", ""), ":10: unexpected 'Terminals' outside a section"),
        (("E 1 4 9\nEND", "E 1 4 9"), ":9: SECTION inside section graph"),
        (("Nodes 4", "Nodes four"), ":2: not an integer"),
        (("E 1 2 3", "X 1 2 3"), ":4: unexpected 'X'"),
    ],
)
def test_read_pace_malformed(tmp_path, change, message):
    path = tmp_path / "bad.gr"
    path.write_text(GOOD.replace(*change, 1))
    with pytest.raises(InputError, match=message):
        read_pace(path)


def test_read_pace_missing_sections(tmp_path):
    path = tmp_path / "bad.gr"
    path.write_text(GOOD.split("SECTION Terminals")[0])
    with pytest.raises(InputError, match="no SECTION Terminals"):
        read_pace(path)
    path.write_text("SECTION Graph\nNodes 2\nE 1 2 1\n")
    with pytest.raises(InputError, match="has no END"):
        read_pace(path)


@pytest.fixture(scope="module")
def optima(data_dir):
    with open(data_dir / "pace2018-track1" / "optima.csv") as f:
        return {row["instance"]: int(row["optimum"]) for row in csv.DictReader(f)}


@pytest.mark.parametrize(
    "name",
    [
        "instance001.gr",
        "instance003.gr",
        "instance007.gr",
        "instance009.gr",
        "instance011.gr",
        "instance027.gr",
    ],
)
def test_pace_instances_reach_their_optima(data_dir, optima, name):
    instance = read_pace(data_dir / "pace2018-track1" / name)
    result = steiner_tree(instance.graph, instance.terminals)
    assert (result.cost, result.optimal) == (optima[name], True)
    assert tree_cost(instance.graph, result.edges, instance.terminals) == result.cost


# ----------------------------------------------------------------------------------------------
# Command line


def test_cli_prints_pace_output(cli, tmp_path):
    path = tmp_path / "tiny.gr"
    path.write_text(GOOD)
    result = cli("steiner", path)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["VALUE 5", "1 2", "2 3", "3 4"]
    assert "proven optimal" in result.stderr


def test_cli_json(cli, data_dir, optima):
    result = cli(
        "steiner", data_dir / "pace2018-track1" / "instance009.gr", "--json", "--time-limit", "30"
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"cost", "optimal", "edges", "lower_bound", "terminals", "seconds"} <= set(data)
    assert "lexicon" not in data
    assert (data["cost"], data["optimal"], data["terminals"]) == (optima["instance009.gr"], True, 8)
    instance = read_pace(data_dir / "pace2018-track1" / "instance009.gr")
    edges = [(a - 1, b - 1) for a, b in data["edges"]]
    assert tree_cost(instance.graph, edges, instance.terminals) == data["cost"]


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        (GOOD.replace("E 2 3 1", "E 2 3 one"), [], "not an integer"),
        (GOOD, ["--time-limit", "-1"], "--time-limit must be a finite number from 0"),
        (GOOD, ["--time-limit", "nan"], "--time-limit must be a finite number"),
        (GOOD, ["--time-limit", "inf"], "--time-limit must be a finite number"),
        (
            GOOD.replace("E 2 3 1", "E 2 3 1\nE 1 3 1").replace("E 3 4 1", "E 3 2 1"),
            [],
            "'Edges 4' but 5",
        ),
    ],
)
def test_cli_bad_input_one_line_exit_2(cli, tmp_path, text, args, message):
    path = tmp_path / "bad.gr"
    path.write_text(text)
    result = cli("steiner", path, *args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_disconnected_terminals_in_file_ids(cli, tmp_path):
    path = tmp_path / "apart.gr"
    path.write_text(GOOD.replace("E 3 4 1", "E 1 3 1").replace("E 1 4 9", "E 2 3 9"))
    result = cli("steiner", path)
    assert result.exit_code == 2
    assert "groups {1} | {4}" in result.stderr and result.stderr.count("\n") == 1


def test_cli_missing_file(cli, tmp_path):
    result = cli("steiner", tmp_path / "nothing.gr")
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1


def test_start_nodes_warm_start_the_search():
    # fewest links first with unit edges, then the commonest words among those with node weights
    edges = {(0, 1): 1, (1, 5): 1, (0, 2): 1, (2, 3): 1, (3, 5): 1, (0, 4): 1, (4, 5): 1}
    fewest = steiner_tree(graph(6, edges), [0, 5])
    assert len(fewest.nodes) == 3
    zero = {e: 0 for e in edges}
    weights = np.array([0, 1_000_000 + 9, 1_000_000, 1_000_000, 1_000_000 + 4, 0])
    result = steiner_tree(
        graph(6, zero), [0, 5], node_weights=weights, start_nodes=fewest.nodes, time_limit=0
    )
    assert len(result.nodes) == 3 and result.cost <= 1_000_009
    assert steiner_tree(
        graph(6, zero), [0, 5], node_weights=weights, start_nodes=fewest.nodes
    ).nodes == [0, 4, 5]
    with pytest.raises(InputError, match="connected"):
        steiner_tree(graph(6, edges), [0, 5], start_nodes=[2])
    with pytest.raises(InputError, match="`start_nodes`: 9 is not a node id"):
        steiner_tree(graph(6, edges), [0, 5], start_nodes=[9])


@pytest.mark.parametrize("seed", range(4))
def test_exact_search_finds_the_optimum_itself(monkeypatch, seed):
    monkeypatch.setattr(_search, "DENSE_DEGREE", 48 if seed % 2 == 0 else 1)
    # the search must beat the heuristic's tree by one, so it builds the optimum from its labels
    rng = random.Random(200 + seed)
    for _ in range(6):
        n = rng.randint(12, 40)
        edges, terminals = random_instance(rng, n, 5 / n, [0, 1, 2, 3, 7], rng.randint(2, 6))
        weights = (
            np.array([rng.choice([0, 2, 1_000_000, 1_000_005]) for _ in range(n)])
            if rng.random() < 0.5
            else None
        )
        if brute_components(n, edges, terminals) > 1:
            continue
        result = _solve(graph(n, edges), terminals, node_weights=weights, must_search=True)
        check_tree(result, n, edges, terminals, weights)
        assert result.optimal
        reference = steiner_tree(graph(n, edges), terminals, node_weights=weights)
        assert result.cost == reference.cost
        if weights is None:
            assert result.cost == dreyfus_wagner(n, edges, terminals)


def tree_instance(seed: int, n: int, k: int):
    """A random weighted tree plus heavy chords: the optimum is the tree's span of the terminals."""
    rng = random.Random(seed)
    edges = {(rng.randrange(x), x): rng.randint(1, 9) for x in range(1, n)}
    tree = dict(edges)
    for _ in range(20):
        a, b = sorted(rng.sample(range(n), 2))
        edges.setdefault((a, b), 1000)
    terminals = rng.sample(range(n), k)
    nodes = set(range(n))
    while True:
        degree = dict.fromkeys(nodes, 0)
        for a, b in tree:
            if a in nodes and b in nodes:
                degree[a] += 1
                degree[b] += 1
        leaves = {x for x in nodes if degree[x] <= 1 and x not in terminals}
        if not leaves:
            break
        nodes -= leaves
    return edges, terminals, sum(w for (a, b), w in tree.items() if a in nodes and b in nodes)


@pytest.mark.parametrize(("k", "list_bits"), [(18, 20), (9, 4)])
def test_many_terminals(monkeypatch, k, list_bits):
    # beyond the tour bound's 16 terminals (1-tree bound); dict tables instead of lists
    monkeypatch.setattr(_search, "LIST_TABLE_MAX_BITS", list_bits)
    edges, terminals, optimum = tree_instance(5, 60, k)
    result = _solve(graph(60, edges), terminals, time_limit=30, must_search=True)
    check_tree(result, 60, edges, terminals)
    assert (result.cost, result.optimal) == (optimum, True)


# ----------------------------------------------------------------------------------------------
# The simple reference beside the engine, and arguments checked by name


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_engine_matches_the_brute_force_reference(data):
    n = data.draw(st.integers(2, 9))
    pairs = data.draw(
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=20)
    )
    edges = {(min(a, b), max(a, b)): data.draw(st.integers(0, 9)) for a, b in pairs if a != b}
    terminals = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5, unique=True))
    weights = data.draw(st.none() | st.lists(st.integers(0, 20), min_size=n, max_size=n))
    g = graph(n, edges)
    try:
        reference = simple_steiner_tree(g, terminals, node_weights=weights)
    except NoSolutionError:
        with pytest.raises(NoSolutionError):
            steiner_tree(g, terminals, node_weights=weights)
        return
    result = steiner_tree(g, terminals, node_weights=weights)
    assert (result.cost, result.optimal) == (reference.cost, True)
    assert tree_cost(g, reference.edges, terminals, weights) == reference.cost
    assert tree_cost(g, result.edges, terminals, weights) == result.cost


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"terminals": [0, 0.5]}, "`terminals` must be node ids"),
        ({"terminals": [0, True]}, "`terminals` must be node ids"),
        ({"terminals": "01"}, "`terminals` must be a sequence of node ids"),
        ({"terminals": [0, "1"]}, "`terminals` must be node ids"),
        ({"time_limit": float("nan")}, "`time_limit` must be a finite number"),
        ({"time_limit": float("inf")}, "`time_limit` must be a finite number"),
        ({"time_limit": -1}, "`time_limit` must be a finite number of at least 0"),
        ({"node_weights": [0, 0.5, 0]}, "`node_weights` must be non-negative integers"),
        ({"node_weights": [0, float("nan"), 0]}, "`node_weights` must be non-negative integers"),
        ({"node_weights": ["a", "b", "c"]}, "`node_weights` must be non-negative integers"),
        ({"start_nodes": [1.5]}, "`start_nodes` must be node ids"),
        ({"progress": 3}, "`progress` must be a function"),
    ],
)
def test_arguments_are_checked_by_name(kwargs, message):
    args = {"terminals": [0, 2], **kwargs}
    terminals = args.pop("terminals")
    with pytest.raises(InputError, match=message):
        steiner_tree(graph(3, {(0, 1): 1, (1, 2): 1}), terminals, **args)


def test_prune_leaves_keeps_what_joins_the_kept_nodes():
    edges = [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5)]
    assert sorted(prune_leaves(edges, {0, 3})) == [(0, 1), (1, 2), (2, 3)]
    assert prune_leaves(edges, set()) == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(st.integers(-(2**64), 2**64), st.floats(allow_nan=True)), max_size=6),
    st.lists(st.one_of(st.integers(-3, 5), st.floats(allow_nan=True)), max_size=4),
)
def test_random_numbers_give_a_tree_or_one_letterplay_error(weights, terminals):
    n = 4
    pairs = [(0, 1), (1, 2), (2, 3), (0, 3), (0, 2), (1, 3)][: len(weights)]
    try:
        data = np.array(weights + weights)
        rows = [a for a, _ in pairs] + [b for _, b in pairs]
        cols = [b for _, b in pairs] + [a for a, _ in pairs]
        g = sp.csr_array((data, (rows, cols)), shape=(n, n))
    except (OverflowError, ValueError, TypeError):
        return  # not a matrix scipy can hold: nothing to ask the engine
    try:
        result = steiner_tree(g, terminals)
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert result.optimal and 0 <= result.cost <= MAX_WEIGHT
    assert result.cost == simple_steiner_tree(g, terminals).cost
