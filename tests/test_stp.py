"""SteinLib ``.stp`` files: the reader on real files and on variants of the format, the other
problem variants refused with one line, and the ``steiner`` command telling the formats apart."""

from __future__ import annotations

import csv
import json

import pytest

from letterplay.errors import InputError
from letterplay.steiner import parse_pace, parse_stp, read_instance, read_pace, read_stp, solve
from letterplay.steiner._graph import tree_cost

STP = """33D32945 STP File, STP Format Version 1.0

SECTION Comment
Name    "tiny"
Creator "a test"
Remark  "four nodes, END of the remark"
END

SECTION Graph
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

SECTION Coordinates
DD 1 0 0
DD 2 1 0
DD 3 1 1
DD 4 0 1
END

EOF
"""


def test_parse_stp_reads_the_graph_and_terminals():
    instance = parse_stp(STP, name="tiny.stp")
    assert (instance.n_nodes, instance.n_edges, instance.terminals) == (4, 4, [0, 3])
    assert instance.graph[0, 3] == 9 and instance.graph[1, 2] == 1
    assert solve(instance).cost == 5


@pytest.mark.parametrize(
    "change",
    [
        ("SECTION Comment", "Section Comment"),
        ("SECTION Comment", "SECTION Comments"),
        ("SECTION Graph", "section graph"),
        ("SECTION Terminals", "SECTION TERMINALS"),
        ("Nodes 4", "NODES 4"),
        ("E 1 2 3", "e 1 2 3"),
        ("T 4", "t 4"),
        ("END\n\nEOF", "end\n\neof"),
        ("\nSECTION Coordinates\nDD 1 0 0\nDD 2 1 0\nDD 3 1 1\nDD 4 0 1\nEND\n", ""),
        ("SECTION Comment\n", 'SECTION Comment\nProblem "Classical Steiner tree problem"\n'),
    ],
)
def test_section_names_and_keywords_in_any_case(change):
    instance = parse_stp(STP.replace(*change, 1), name="tiny.stp")
    assert (instance.n_nodes, instance.n_edges, instance.terminals) == (4, 4, [0, 3])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("E 1 2 3", "A 1 2 3"), "tiny.stp:12: arcs (a directed instance) are not supported ('A')"),
        (("Edges 4", "Arcs 4"), ":11: arcs (a directed instance) are not supported ('Arcs')"),
        (("T 1\n", "Root 1\n"), ":20: a root (a rooted instance) is not supported ('Root')"),
        (("T 1\n", "RootP 1\n"), ":20: a root (a rooted prize-collecting instance) is not"),
        (("T 4", "TP 4 10"), ":21: terminal prizes (a prize-collecting instance) are not"),
        (
            ("SECTION Coordinates", "SECTION MaximumDegrees"),
            ":24: SECTION MaximumDegrees is not supported",
        ),
        (("SECTION Comment", "SECTION Presolve"), ":3: SECTION Presolve is not supported"),
        (("33D32945 STP File", "STP File"), ":1: not a SteinLib .stp file"),
        (("E 1 2 3", "E 1 2 x"), ":12: not an integer in 'E 1 2 x'"),
        (("E 1 2 3", "E 1 9 3"), ":12: node 9 out of range 1..4"),
        (("Edges 4", "Edges 5"), "'Edges 5' but 4 edge lines"),
        (("Terminals 2", "Terminals 3"), "'Terminals 3' but 2 terminal lines"),
        (("E 1 4 9\nEND", "E 1 4 9"), ":17: SECTION inside section graph"),
    ],
)
def test_other_variants_and_bad_files_are_refused_with_one_line(change, message):
    text = STP.replace(*change, 1)
    assert text != STP
    with pytest.raises(InputError, match=r"^tiny\.stp:") as error:
        parse_stp(text, name="tiny.stp")
    assert message in str(error.value) and "\n" not in str(error.value)


def test_each_reader_names_the_other_format(tmp_path):
    stp, gr = tmp_path / "tiny.gr", tmp_path / "tiny.stp"  # named after the wrong format
    stp.write_text(STP)
    gr.write_text(STP.split("\n", 1)[1].split("SECTION Coordinates")[0].replace("Comment", "X"))
    with pytest.raises(InputError, match=r"tiny.gr:1: a SteinLib .stp file, not a PACE .gr file"):
        read_pace(stp)
    with pytest.raises(InputError, match=r"tiny.stp:2: not a SteinLib .stp file"):
        read_stp(gr)
    assert read_instance(stp).terminals == read_instance(gr).terminals == [0, 3]
    assert solve(stp).cost == solve(gr).cost == 5
    assert parse_pace(gr.read_text()).n_edges == 4


@pytest.fixture(scope="module")
def steinlib(data_dir):
    folder = data_dir / "steinlib"
    with open(folder / "manifest.csv") as f:
        manifest = {row["name"]: row for row in csv.DictReader(f)}
    with open(folder / "optima.csv") as f:
        optima = {row["name"]: int(row["optimum"]) for row in csv.DictReader(f)}
    return folder, manifest, optima


def test_every_shared_steinlib_file_reads_as_its_manifest_says(steinlib):
    folder, manifest, _ = steinlib
    assert len(manifest) == 19
    for name, row in manifest.items():
        instance = read_stp(folder / name)
        sizes = (instance.n_nodes, instance.n_edges, len(instance.terminals))
        assert sizes == (int(row["n"]), int(row["m"]), int(row["t"])), name


@pytest.mark.parametrize("name", ["b01.stp", "b05.stp", "d01.stp"])
def test_steinlib_instances_reach_their_optima(steinlib, name):
    folder, _, optima = steinlib
    result = solve(folder / name, time_limit=60)
    assert (result.cost, result.optimal) == (optima[name], True)
    instance = read_stp(folder / name)
    edges = [(a - 1, b - 1) for a, b in result.edges]
    assert tree_cost(instance.graph, edges, instance.terminals) == optima[name]


def test_cli_solves_a_stp_file(cli, steinlib):
    folder, _, optima = steinlib
    result = cli("steiner", folder / "b01.stp", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["cost"], data["optimal"], data["terminals"]) == (optima["b01.stp"], True, 9)
    result = cli("steiner", folder / "b01.stp")
    assert result.stdout.splitlines()[0] == "VALUE 82"
    assert "proven optimal" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("E 1 2 3", "A 1 2 3"), "arcs (a directed instance) are not supported"),
        (("T 4", "TP 4 10"), "terminal prizes"),
        (("SECTION Coordinates", "SECTION Obstacles"), "SECTION Obstacles is not supported"),
        (("E 1 2 3", "E 1 2 -3"), ":12: negative edge weight -3"),
    ],
)
def test_cli_bad_stp_one_line_exit_2(cli, bad_input, tmp_path, change, message):
    path = tmp_path / "bad.stp"
    path.write_text(STP.replace(*change, 1))
    bad_input(cli("steiner", path), message)
