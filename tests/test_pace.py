"""PACE 2018 files: reading, writing, limits, hostile files, and the ``steiner`` command."""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import tracemalloc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay.errors import InputError, NoSolutionError
from letterplay.results import envelope
from letterplay.steiner import (
    Instance,
    format_pace,
    format_solution,
    parse_pace,
    read_pace,
    solve,
    steiner_tree,
)
from letterplay.steiner._graph import MAX_WEIGHT, symmetric_graph, tree_cost
from letterplay.steiner.readwrite import MAX_ISOLATED_NODES, MAX_NODES


def gr(n: int, edges: list[tuple[int, int, int]], terminals: list[int]) -> str:
    """A .gr text with 1-based ids."""
    lines = ["SECTION Graph", f"Nodes {n}", f"Edges {len(edges)}"]
    lines += [f"E {a} {b} {w}" for a, b, w in edges]
    lines += ["END", "SECTION Terminals", f"Terminals {len(terminals)}"]
    lines += [f"T {t}" for t in terminals] + ["END", "EOF"]
    return "\n".join(lines) + "\n"


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InputError, match=r"nothing\.gr: cannot read"):
        read_pace(tmp_path / "nothing.gr")
    with pytest.raises(InputError, match="cannot read"):
        read_pace(tmp_path)


def test_huge_node_count_is_refused_before_allocating():
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match=f"over the limit of {MAX_NODES:,}"):
            parse_pace(gr(10**12, [(1, 2, 1)], [1, 2]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_mostly_isolated_nodes_are_refused():
    n = 2 + MAX_ISOLATED_NODES + 1
    with pytest.raises(InputError, match="2 × edges"):
        parse_pace(gr(n, [(1, 2, 1)], [1, 2]))
    # at the limit it is read (a cheap graph: an index of n + 1 numbers)
    assert parse_pace(gr(n - 1, [(1, 2, 1)], [1, 2])).n_nodes == n - 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (gr(2, [(1, 2, 2**52 + 1)], [1, 2]), ":4: edge weight 4503599627370497 is over the limit"),
        (gr(2, [(1, 2, 10**40)], [1, 2]), "over the limit"),
        (gr(2, [(1, 2, 1)], [1, 2]).replace("Nodes 2", "Nodes 2\nNodes 3"), "second 'Nodes'"),
        ("SECTION Graph\nE 1 2 3\nEND\n", ":2: node id before the 'Nodes' line"),
        ("\xff\xfe garbage", "unexpected"),
        ("", "no SECTION Graph"),
        (gr(2, [], [1]).replace("T 1\n", "").replace("Terminals 1\n", ""), "no terminals"),
    ],
)
def test_bad_files(text, message):
    with pytest.raises(InputError, match=message):
        parse_pace(text, name="bad.gr")


def test_weights_that_could_overflow_are_refused():
    """Edges of 5e18 against 9e18 once read as a negative 'proven optimal' cost."""
    text = gr(3, [(1, 2, 5 * 10**18), (2, 3, 5 * 10**18), (1, 3, 9 * 10**18)], [1, 3])
    with pytest.raises(InputError, match="over the limit of 2\\*\\*52"):
        parse_pace(text)
    # each weight allowed, but together more than the limit: refused by the engine
    graph = symmetric_graph(3, [0, 1, 0], [1, 2, 2], [MAX_WEIGHT, MAX_WEIGHT, 1])
    with pytest.raises(InputError, match="add up to"):
        steiner_tree(graph, [0, 2])
    with pytest.raises(InputError, match="`node_weights` must be at most"):
        steiner_tree(symmetric_graph(2, [0], [1], [1]), [0], node_weights=[2**60, 0])
    # right at the limit the answer is exact
    graph = symmetric_graph(3, [0, 1, 0], [1, 2, 2], [2**50, 2**50, 2**51 - 1])
    result = steiner_tree(graph, [0, 2])
    assert (result.cost, result.optimal) == (2**51 - 1, True)


def test_too_many_terminals_for_the_bounds_are_refused_up_front():
    # 39 terminals on a path, in a graph of a million (mostly isolated) nodes
    path = list(range(40))
    graph = symmetric_graph(1_000_000, path[:-1], path[1:], [1] * 39)
    with pytest.raises(InputError, match="terminals × 1,000,000 nodes is over the limit"):
        steiner_tree(graph, path[:-1])


def test_round_trip_and_solution_text(data_dir):
    instance = read_pace(data_dir / "pace2018-track1" / "instance009.gr")
    again = parse_pace(format_pace(instance))
    assert again.terminals == instance.terminals and again.n_nodes == instance.n_nodes
    assert (again.graph != instance.graph).nnz == 0
    solution = solve(again)
    lines = format_solution(solution).splitlines()
    assert lines[0] == f"VALUE {solution.cost}" and len(lines) == len(solution.edges) + 1
    edges = [(a - 1, b - 1) for a, b in solution.edges]
    assert tree_cost(instance.graph, edges, instance.terminals) == solution.cost


def test_disconnected_terminals_named_in_file_ids():
    instance = parse_pace(gr(4, [(1, 2, 1), (3, 4, 1)], [1, 4]), name="apart.gr")
    with pytest.raises(NoSolutionError, match=r"apart.gr: .* groups \{1\} \| \{4\}"):
        solve(instance)


@pytest.mark.parametrize("limit", [float("nan"), float("inf"), -1.0, "5"])
def test_time_limit_is_checked(limit):
    instance = parse_pace(gr(2, [(1, 2, 1)], [1, 2]))
    with pytest.raises(InputError, match="`time_limit` must be a finite number"):
        solve(instance, time_limit=limit)


def test_peak_memory_is_a_small_multiple_of_the_file(tmp_path):
    rng = random.Random(7)
    n = 20_000
    edges = [(rng.randint(1, n), rng.randint(1, n), rng.randint(0, 999)) for _ in range(150_000)]
    edges = [(a, b, w) for a, b, w in edges if a != b]
    path = tmp_path / "big.gr"
    path.write_text(gr(n, edges, [1, 2, 3]))
    tracemalloc.start()
    try:
        instance = read_pace(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert instance.n_edges <= len(edges)
    assert peak < 10 * os.path.getsize(path)


# ----------------------------------------------------------------------------------------------
# Hostile files: either an instance or one InputError, never anything else

LINES = st.sampled_from(
    [
        "SECTION Graph",
        "SECTION Terminals",
        "END",
        "EOF",
        "Nodes 3",
        "Nodes 0",
        "Nodes 99999999999999",
        "Edges 2",
        "E 1 2 3",
        "E 2 3 4",
        "E 1 1 1",
        "E 1 2 -1",
        "E 3 4 1",
        "E 1 2 99999999999999999999999",
        "T 1",
        "T 3",
        "Terminals 2",
        "# comment",
        "",
        "x",
    ]
)


def check_instance(instance: Instance) -> None:
    assert instance.graph.shape == (instance.n_nodes, instance.n_nodes)
    assert instance.terminals and all(0 <= t < instance.n_nodes for t in instance.terminals)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300), st.lists(LINES, max_size=16).map("\n".join)))
def test_random_files_read_or_fail_with_one_line(content):
    try:
        instance = parse_pace(content, name="random.gr")
    except InputError as e:
        assert "\n" not in str(e)
        return
    check_instance(instance)
    try:
        solution = solve(instance, time_limit=5)
    except NoSolutionError as e:
        assert "\n" not in str(e)
        return
    assert solution.lower_bound <= solution.cost


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(content=st.lists(LINES, max_size=16).map("\n".join))
def test_cli_on_random_files_exits_0_or_2_with_one_line(cli, tmp_path_factory, content):
    path = tmp_path_factory.mktemp("gr") / "random.gr"
    path.write_text(content)
    result = cli("steiner", path)
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 2:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert result.stdout == ""
    else:
        assert result.stdout.startswith("VALUE ")


def test_cli_refuses_overflowing_weights_with_one_line(cli, tmp_path, bad_input):
    path = tmp_path / "big.gr"
    path.write_text(gr(3, [(1, 2, 5 * 10**18), (2, 3, 5 * 10**18), (1, 3, 9 * 10**18)], [1, 3]))
    bad_input(cli("steiner", path), "over the limit of 2**52")


def test_cli_json_is_the_envelope_of_solve(cli, tmp_path):
    path = tmp_path / "tiny.gr"
    path.write_text(gr(4, [(1, 2, 3), (2, 3, 1), (3, 4, 1), (1, 4, 9)], [1, 4]))
    data = json.loads(cli("steiner", path, "--json").stdout)
    expected = envelope(solve(path))
    data.pop("seconds"), expected.pop("seconds")
    assert (
        data
        == expected
        == {
            "cost": 5,
            "optimal": True,
            "lower_bound": 5,
            "edges": [[1, 2], [2, 3], [3, 4]],
            "terminals": 2,
            "method": "bounds",
            "reductions": {
                test: {"nodes": 0, "edges": 0}
                for test in ("bound", "degree", "special_distance", "reduced_cost")
            },
        }
    )


@pytest.mark.skipif(sys.platform == "win32", reason="needs a terminal and POSIX signals")
def test_two_quick_interrupts_abort_once(data_dir, tmp_path):
    """Two Ctrl-C in quick succession during a search: one 'aborted' line and exit 130."""
    import pty
    import signal
    import time

    for gap in (0.0, 0.02, 0.1):
        pid, fd = pty.fork()
        if pid == 0:  # the child: a search of several seconds, with a progress bar
            os.execvp(
                sys.executable,
                [
                    sys.executable,
                    "-m",
                    "letterplay",
                    "steiner",
                    # still searching after 10 s: the exact engine proves smaller ones first
                    str(data_dir / "pace2018-track1" / "instance163.gr"),
                ],
            )
        time.sleep(2.5)
        os.kill(pid, signal.SIGINT)
        time.sleep(gap)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGINT)
        out = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        _, status = os.waitpid(pid, 0)
        text = out.decode(errors="replace")
        assert os.waitstatus_to_exitcode(status) == 130, text
        assert text.count("aborted") == 1 and "Traceback" not in text, text


def test_graph_ids_fit_the_index():
    instance = parse_pace(gr(3, [(1, 2, 1), (2, 3, 1)], [1, 3]))
    assert instance.graph.indices.dtype == np.int32 and instance.graph.has_sorted_indices
