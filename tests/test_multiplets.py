"""Multiplets and word ladders: the word graph, exact networks, ladders, the command line."""

from __future__ import annotations

import itertools
import json

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import multiplets as mp
from letterplay.errors import InputError, LetterplayError, NoSolutionError, UnknownWordError
from letterplay.letters import term
from letterplay.lexicon import Lexicon
from letterplay.multiplets.rules import RULES, neighbours, obscurity, parse_rules
from letterplay.multiplets.simple import simple_ladder, simple_solve

NUMBERS = "one two three four five six seven eight nine ten".split()

# A small lexicon with enough structure for networks: ladders, anagrams, added letters.
SMALL = (
    "cat cot cog dog dot cag dag cold cord card ward warm word worm wold "
    "plus plum plums lumps slump minus mines mine mien zero hero here "
    "at ta ate eat tea tee toe ton ten tan "
    "xyz xyzzy"
).split()


# ----------------------------------------------------------------------------- references


def neighbours_by_definition(a: str, b: str, rules=RULES) -> bool:
    """The rules as Enigma 288a states them, checked pair by pair (the slow, obvious way)."""
    if a == b:
        return False
    if "anagram" in rules and term(a) == term(b):
        return True
    if "change" in rules and len(a) == len(b) and sum(map(str.__ne__, a, b)) == 1:
        return True
    if "addremove" in rules and abs(len(a) - len(b)) == 1:
        short, long = sorted((a, b), key=len)
        if any(long[:i] + long[i + 1 :] == short for i in range(len(long))):
            return True
    return False


def graph_by_definition(words, rules=RULES, min_length=3) -> set[tuple[str, str]]:
    usable = [w for w in sorted(set(words)) if len(w) >= min_length]
    return {
        (a, b)
        for a, b in itertools.combinations(usable, 2)
        if neighbours_by_definition(a, b, rules)
    }


def edge_set(graph: mp.WordGraph) -> set[tuple[str, str]]:
    coo = graph.adjacency.tocoo()
    words = graph.lexicon.words
    return {(words[i], words[j]) for i, j in zip(coo.row, coo.col, strict=True) if i < j}


def brute_force_networks(graph: mp.WordGraph, targets: list[str], max_links: int = 4):
    """Every minimum-size network's link-word set, by trying word sets of growing size:
    (fewest links, least obscurity among them), or None beyond ``max_links``."""
    g = nx.Graph(edge_set(graph))
    candidates = sorted(set(g.nodes) - set(targets))
    if not all(t in g for t in targets):
        return None
    for size in range(max_links + 1):
        best = None
        for links in itertools.combinations(candidates, size):
            if nx.is_connected(g.subgraph([*targets, *links])):
                ids = [graph.lexicon.word_id(w) for w in links]
                o = int(obscurity(graph.lexicon.zipfs[ids]).sum()) if links else 0
                best = o if best is None else min(best, o)
        if best is not None:
            return size, best
    return None


def assert_valid_network(graph: mp.WordGraph, network: mp.Network, targets) -> None:
    """A tree over valid edges, containing every target, whose other words are its links."""
    t = nx.Graph(network.edges)
    t.add_nodes_from(targets)
    assert nx.is_tree(t)
    assert set(targets) <= set(t.nodes)
    assert set(t.nodes) - set(targets) == set(network.link_words)
    for a, b in network.edges:
        assert neighbours_by_definition(a, b, graph.rules), (a, b)
        assert a not in graph.excluded and b not in graph.excluded
        assert len(a) >= graph.min_length and len(b) >= graph.min_length


# ----------------------------------------------------------------------------- word graph


@pytest.fixture(scope="module")
def small():
    return Lexicon.from_words(SMALL, name="small")


@pytest.fixture(scope="module")
def small_graph(small):
    return mp.word_graph(lexicon=small)


def test_the_face():
    assert sorted(mp.__all__) == [
        "LadderResult",
        "Network",
        "SolveResult",
        "WordGraph",
        "ladder",
        "solve",
        "word_graph",
    ]


@pytest.mark.parametrize(
    "rules",
    [RULES, ("change",), ("addremove",), ("anagram",), ("change", "anagram")],
)
@pytest.mark.parametrize("min_length", [1, 3, 4])
def test_word_graph_matches_the_rules_pair_by_pair(small, rules, min_length):
    graph = mp.word_graph(lexicon=small, rules=rules, min_length=min_length)
    assert edge_set(graph) == graph_by_definition(SMALL, rules, min_length)
    assert (graph.adjacency != graph.adjacency.T).nnz == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text("abcde", min_size=1, max_size=6), min_size=1, max_size=40))
def test_word_graph_matches_the_rules_on_random_lists(words):
    lex = Lexicon.from_words(words)
    for min_length in (1, 3):
        graph = mp.word_graph(lexicon=lex, min_length=min_length)
        assert edge_set(graph) == graph_by_definition(lex.words, RULES, min_length)
    for a, b in itertools.combinations(lex.words, 2):  # the library's definition is the same
        assert neighbours(a, b) == neighbours_by_definition(a, b)


def test_edges_say_which_rule_joins_them(small_graph):
    assert small_graph.rules_between("plums", "lumps") == ("anagram",)
    assert small_graph.rules_between("plus", "plums") == ("addremove",)
    assert small_graph.rules_between("cold", "cord") == ("change",)
    assert small_graph.rules_between("cold", "warm") == ()


def test_exclusions_remove_words_cheaply(small_graph):
    without = small_graph.without(["cord"])
    assert "cord" not in {w for e in edge_set(without) for w in e}
    assert "cord" in {w for e in edge_set(small_graph) for w in e}  # the original is unchanged
    assert not without.usable("cord") and small_graph.usable("cord")


def test_bad_rules_and_lengths():
    with pytest.raises(InputError, match="unknown rule"):
        parse_rules("change,swap")
    with pytest.raises(InputError):
        parse_rules("")
    assert parse_rules("anagram,change") == ("change", "anagram")


def test_the_graph_is_kept_in_memory(small):
    assert mp.word_graph(lexicon=small) is mp.word_graph(lexicon=small)
    renamed = Lexicon.from_words(SMALL, name="renamed")  # the same words: the same edges
    again = mp.word_graph(lexicon=renamed)
    assert again.lexicon is renamed and again.indices is mp.word_graph(lexicon=small).indices


@pytest.fixture(scope="module")
def enable1_graph(enable1):
    return mp.word_graph(lexicon=enable1, exclude=["sen"])


def test_enable1_graph_neighbours(enable1_graph, enable1):
    assert set(enable1_graph.neighbours("plums")) >= {"plus", "plum", "lumps", "slump", "plumbs"}
    assert "sen" not in enable1_graph.neighbours("ten")
    # every neighbour of a few words satisfies the rules, and none is missed
    for word in ("cold", "one", "stone", "three"):
        expected = {w for w in enable1.words if len(w) >= 3 and neighbours_by_definition(word, w)}
        expected.discard("sen")
        assert set(enable1_graph.neighbours(word)) == expected


def test_enable1_graph_size(enable1_graph):
    # the figure the README quotes: 257,455 edges, of which SEN's 31 are excluded here
    assert enable1_graph.n_edges == 257_424
    assert len(mp.word_graph(lexicon=enable1_graph.lexicon).neighbours("sen")) == 31


def test_enable1_graph_is_cached(enable1, enable1_graph):
    again = mp.word_graph(lexicon=enable1, exclude=["sen"])
    assert (again.adjacency != enable1_graph.adjacency).nnz == 0


# ----------------------------------------------------------------------------- multiplets


def test_two_step_network_prefers_common_words(small, small_graph):
    result = mp.solve(["cat", "dog"], lexicon=small)
    assert result.links == 2 and result.optimal and result.lower_bound == 2
    expected = brute_force_networks(small_graph, ["cat", "dog"])
    assert (result.links, result.network.obscurity) == expected
    assert result.tie_break_proven
    assert_valid_network(small_graph, result.network, ["cat", "dog"])


CONNECTED = [w for w in SMALL if len(w) >= 3 and w not in ("xyz", "xyzzy")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(CONNECTED), min_size=2, max_size=4, unique=True))
def test_networks_are_trees_and_optimal_by_brute_force(small, small_graph, targets):
    g = nx.Graph(edge_set(small_graph))
    connected = all(t in g for t in targets) and all(nx.has_path(g, targets[0], t) for t in targets)
    if not connected:
        with pytest.raises(NoSolutionError):
            mp.solve(targets, lexicon=small)
        return
    result = mp.solve(targets, lexicon=small)
    assert_valid_network(small_graph, result.network, targets)
    expected = brute_force_networks(small_graph, targets, max_links=4)
    if expected is not None:
        assert result.optimal and result.lower_bound == result.links
        assert (result.links, result.network.obscurity) == expected
    for alt in result.alternatives:
        assert_valid_network(small_graph, alt, targets)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.text("abct", min_size=3, max_size=4), min_size=3, max_size=16, unique=True),
    st.data(),
)
def test_random_lexicons_give_optimal_trees(words, data):
    lex = Lexicon.from_words(words)
    graph = mp.word_graph(lexicon=lex)
    targets = data.draw(
        st.lists(st.sampled_from(sorted(words)), min_size=2, max_size=4, unique=True)
    )
    g = nx.Graph(edge_set(graph))
    g.add_nodes_from(words)
    if not all(nx.has_path(g, targets[0], t) for t in targets):
        with pytest.raises(NoSolutionError):
            mp.solve(targets, lexicon=lex)
        return
    result = mp.solve(targets, lexicon=lex)
    assert_valid_network(graph, result.network, targets)
    assert result.optimal and result.tie_break_proven
    expected = brute_force_networks(graph, targets, max_links=len(words))
    assert (result.links, result.network.obscurity) == expected


def test_alternatives_are_other_minimum_networks(small, small_graph):
    result = mp.solve(["cat", "dog"], lexicon=small, alternatives=5)
    assert result.alternatives
    seen = {tuple(result.network.link_words)}
    for alt in result.alternatives:
        assert alt.links == result.links
        assert alt.obscurity >= result.network.obscurity
        assert tuple(alt.link_words) not in seen
        seen.add(tuple(alt.link_words))
        assert_valid_network(small_graph, alt, ["cat", "dog"])


def test_bad_targets(small):
    with pytest.raises(InputError, match="at least two"):
        mp.solve(["cat"], lexicon=small)
    with pytest.raises(InputError, match="at least two"):
        mp.solve(["cat", "cat"], lexicon=small)
    with pytest.raises(InputError, match="letters"):
        mp.solve(["cat", "d0g"], lexicon=small)
    with pytest.raises(UnknownWordError, match=r"dgo \(near: dog\)"):
        mp.solve(["cat", "dgo", "cot"], lexicon=small)  # an anagram
    with pytest.raises(UnknownWordError, match=r"cet \(near: (cat, cot|cot, cat)\)"):
        mp.solve(["cet", "dog"], lexicon=small)  # one letter changed
    with pytest.raises(UnknownWordError, match="zzz"):
        mp.solve(["cat", "zzz"], lexicon=small)
    with pytest.raises(InputError, match="excluded: cot"):
        mp.solve(["cat", "cot"], lexicon=small, exclude=["cot"])
    with pytest.raises(InputError, match="shorter"):
        mp.solve(["cat", "cold"], lexicon=small, min_length=4)
    with pytest.raises(NoSolutionError, match=r"\{cat, dog\} and \{xyz\} are in different"):
        mp.solve(["cat", "xyz", "dog"], lexicon=small)


def test_words_may_be_one_text(small):
    as_text = mp.solve(" Cat,dog  cag ", lexicon=small)
    as_list = mp.solve(["cat", "dog", "cag"], lexicon=small)
    assert as_text.targets == ["cat", "dog", "cag"]
    assert as_text.to_dict() | {"seconds": 0} == as_list.to_dict() | {"seconds": 0}


def test_branches_are_written_like_the_puzzle():
    edges = [("eight", "night"), ("night", "thing"), ("thing", "two"), ("nine", "thing")]
    network = mp.Network(["two", "eight", "nine"], ["night", "thing"], edges, 0)
    assert network.branches() == [
        ["eight", "night", "thing", "two"],
        ["nine", "thing"],
    ]


@pytest.fixture(scope="module")
def numbers(enable1):
    # The size proof only: the tie-break among smallest networks is tested on small graphs.
    return mp.solve(NUMBERS, lexicon=enable1, exclude=["sen"], fewest_only=True)


def test_one_to_ten_needs_at_most_15_link_words_proven(numbers, enable1_graph):
    """Enigma 288a: ONE … TEN (SEN excluded) with 15 link words; here with proof of the minimum."""
    assert numbers.links == 15  # the figure the docs quote (Enigma 288a: 15 on SOWPODS)
    assert numbers.optimal
    assert numbers.lower_bound == numbers.links
    assert_valid_network(enable1_graph, numbers.network, NUMBERS)
    assert "sen" not in numbers.network.link_words


def test_time_limit_returns_a_valid_network_and_an_honest_bound(enable1, enable1_graph):
    result = mp.solve(NUMBERS, lexicon=enable1, exclude=["sen"], time_limit=0.5, fewest_only=True)
    assert_valid_network(enable1_graph, result.network, NUMBERS)
    assert result.lower_bound <= result.links
    assert result.optimal == (result.lower_bound == result.links)
    assert result.network.obscurity is None


# ----------------------------------------------------------------------------- ladders


def test_cold_to_warm(enable1):
    graph = mp.word_graph(lexicon=enable1, rules=["change"])
    result = mp.ladder("cold", "warm", lexicon=enable1, rules=["change"], list_all=True)
    assert result.steps == 4
    assert result.path[0] == "cold" and result.path[-1] == "warm"
    assert result.count == len(result.ladders) == len({tuple(p) for p in result.ladders})
    assert result.ladders[0] == result.path
    for path in result.ladders:
        assert len(path) == 5
        assert all(neighbours_by_definition(a, b, ("change",)) for a, b in itertools.pairwise(path))
    # the count, independently: networkx over the words within 4 steps of COLD
    g = nx.Graph(
        (a, b) for a in {w for p in result.ladders for w in p} for b in graph.neighbours(a)
    )
    assert result.count == len(list(nx.all_shortest_paths(g, "cold", "warm")))


def test_ladder_counts_match_networkx(small, small_graph):
    g = nx.Graph(edge_set(small_graph))
    for a, b in [("cat", "dog"), ("cold", "warm"), ("plus", "slump"), ("cat", "cot")]:
        result = mp.ladder(a, b, lexicon=small, list_all=True)
        paths = list(nx.all_shortest_paths(g, a, b))
        assert result.steps == len(paths[0]) - 1
        assert result.count == len(paths)
        assert sorted(result.ladders) == sorted(paths)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.text("abet", min_size=3, max_size=5), min_size=2, max_size=30, unique=True),
    st.data(),
)
def test_random_ladders_match_networkx(words, data):
    lex = Lexicon.from_words(words)
    graph = mp.word_graph(lexicon=lex)
    a, b = data.draw(st.lists(st.sampled_from(sorted(words)), min_size=2, max_size=2, unique=True))
    g = nx.Graph(edge_set(graph))
    g.add_nodes_from(words)
    if not nx.has_path(g, a, b):
        with pytest.raises(NoSolutionError):
            mp.ladder(a, b, lexicon=lex)
        return
    result = mp.ladder(a, b, lexicon=lex, list_all=True)
    paths = sorted(nx.all_shortest_paths(g, a, b))
    assert result.count == len(paths) and sorted(result.ladders) == paths
    assert result.path == result.ladders[0]


def test_most_common_ladder_first(small):
    result = mp.ladder("cat", "dog", lexicon=small, list_all=True)
    obsc = dict(zip(small.words, obscurity(small.zipfs), strict=True))

    def key(path):
        inner = [int(obsc[w]) for w in path[1:-1]]
        return max(inner), sum(inner)

    assert key(result.path) == min(key(p) for p in result.ladders)
    assert [key(p) for p in result.ladders] == sorted(key(p) for p in result.ladders)


def test_ladder_count_is_exact_beyond_int64():
    """16 words in each of 16 layers, every step allowed: 16**16 = 2**64 ladders."""
    width, depth = 16, 16
    sizes = [1] + [width] * depth + [1]
    starts = np.cumsum([0, *sizes])
    layers = [np.arange(starts[i], starts[i + 1]) for i in range(len(sizes))]
    rows, cols = [], []
    for a, b in itertools.pairwise(layers):
        r, c = np.meshgrid(a, b, indexing="ij")
        rows += [r.ravel(), c.ravel()]
        cols += [c.ravel(), r.ravel()]
    import scipy.sparse as sp

    from letterplay.multiplets._ladder import count_ladders

    n = int(starts[-1])
    adjacency = sp.csr_matrix(
        (np.ones(sum(map(len, rows)), np.uint8), (np.concatenate(rows), np.concatenate(cols))),
        shape=(n, n),
    )
    assert count_ladders(layers, adjacency) == 16**16


def test_ladder_bad_input(small):
    with pytest.raises(NoSolutionError, match="different parts"):
        mp.ladder("cat", "xyz", lexicon=small)
    with pytest.raises(InputError, match="two different"):
        mp.ladder("cat", "cat", lexicon=small)
    with pytest.raises(UnknownWordError):
        mp.ladder("cat", "qqq", lexicon=small)
    with pytest.raises(InputError, match="excluded: cot"):
        mp.ladder("cat", "cot", lexicon=small, exclude=["cot"])


# ----------------------------------------------------------------------------- command line


def test_cli_multiplet_text_and_json(cli, tmp_path):
    r = cli("multiplet", "minus", "zero", "plus", "--exclude", "sen")
    assert r.exit_code == 0, r.stderr
    assert "[MINUS]" in r.stdout and "proven minimum" in r.stdout
    r = cli("multiplet", "minus", "zero", "plus", "--json")
    data = json.loads(r.stdout)
    assert data["links"] == 8  # Enigma 288a's published picture used 11
    assert {"links", "link_words", "edges", "optimal", "lower_bound", "lexicon"} <= set(data)
    assert data["optimal"] and data["lower_bound"] == data["links"] == len(data["link_words"])
    words = set(data["link_words"]) | {"minus", "zero", "plus"}
    assert (
        nx.is_tree(nx.Graph([tuple(e) for e in data["edges"]]))
        and {w for e in data["edges"] for w in e} == words
    )


def test_cli_multiplet_fewest_only(cli):
    r = cli("multiplet", "cold", "warm", "worm", "--fewest-only", "--json")
    data = json.loads(r.stdout)
    assert data["links"] == 2 and data["optimal"] and data["obscurity"] is None
    assert not data["tie_break_proven"]


def test_cli_multiplet_draws(cli, tmp_path):
    out = tmp_path / "net.svg"
    r = cli("multiplet", "cold", "warm", "worm", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert out.read_text().lstrip().startswith("<?xml")
    assert f"drawing saved to {out}" in r.stdout
    r = cli("multiplet", "cold", "warm", "worm", "--output", out)
    assert r.exit_code == 2 and "--force" in r.stderr
    assert cli("multiplet", "cold", "warm", "-o", out, "--force").exit_code == 0
    data = json.loads(cli("multiplet", "cold", "warm", "-o", out, "--force", "--json").stdout)
    assert data["output"] == str(out) and data["links"] == 3  # COLD → WARM: 4 steps


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["one"], "at least two"),
        (["one", "tw0"], "letters"),
        (["one", "twoo"], "not in lexicon"),
        (["one", "ten", "--exclude", "ten"], "excluded"),
        (["one", "at"], "shorter"),
        (["one", "two", "--rules", "swap"], "unknown rule"),
        (["one", "two", "--time-limit", "0"], "time-limit"),
        (["one", "two", "-o", "net.txt"], ".svg"),
    ],
)
def test_cli_multiplet_bad_input(cli, bad_input, args, message):
    bad_input(cli("multiplet", *args), message)


def test_cli_ladder(cli):
    r = cli("ladder", "cold", "warm", "--rules", "change")
    assert r.exit_code == 0, r.stderr
    assert "COLD → " in r.stdout and "4 steps" in r.stdout
    data = json.loads(cli("ladder", "cold", "warm", "--all", "--json").stdout)
    assert data["steps"] == 4 and data["path"][0] == "cold"
    assert data["count"] == len(data["ladders"]) == 6  # as with changes only: test_cold_to_warm
    r = cli("ladder", "cold", "cold")
    assert r.exit_code == 2 and r.stderr.startswith("error: ")


# ----------------------------------------------------------------------------- references, inputs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.text("abet", min_size=3, max_size=4), min_size=2, max_size=24, unique=True),
    st.data(),
)
def test_multiplet_matches_the_brute_force_reference(words, data):
    lex = Lexicon.from_words(words)
    graph = mp.word_graph(lexicon=lex)
    targets = data.draw(
        st.lists(st.sampled_from(sorted(words)), min_size=2, max_size=3, unique=True)
    )
    try:
        reference = simple_solve(targets, lexicon=lex, max_links=3)
    except NoSolutionError:
        return  # apart, or more than 3 link words: the brute force does not say which
    result = mp.solve(targets, lexicon=lex)
    assert (result.links, result.optimal) == (reference.links, True)
    assert (result.network.obscurity, result.tie_break_proven) == (reference.obscurity, True)
    assert_valid_network(graph, reference, targets)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.text("abet", min_size=3, max_size=5), min_size=2, max_size=30, unique=True),
    st.data(),
)
def test_ladder_matches_the_plain_breadth_first_search(words, data):
    lex = Lexicon.from_words(words)
    graph = mp.word_graph(lexicon=lex)
    a, b = data.draw(st.lists(st.sampled_from(sorted(words)), min_size=2, max_size=2, unique=True))
    try:
        plain = simple_ladder(a, b, lexicon=lex)
    except NoSolutionError:
        with pytest.raises(NoSolutionError):
            mp.ladder(a, b, lexicon=lex)
        return
    result = mp.ladder(a, b, lexicon=lex)
    assert result.steps == len(plain) - 1 and result.path[0] == a and result.path[-1] == b
    assert all(graph.rules_between(x, y) for x, y in itertools.pairwise(result.path))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda x: mp.word_graph(lexicon=x, exclude="one"), "`exclude` must be a sequence of"),
        (lambda x: mp.word_graph(lexicon=x, exclude=[1]), "`exclude` must hold strings"),
        (lambda x: mp.word_graph(lexicon=x, min_length=0), "`min_length` must be a whole number"),
        (lambda x: mp.word_graph(lexicon=x, min_length="3"), "`min_length` must be a whole"),
        (lambda x: mp.word_graph(lexicon=x, rules=[5]), "`rules` must hold strings"),
        (lambda x: mp.word_graph(lexicon=3.5), "`lexicon` must be a Lexicon"),
        (lambda x: mp.solve(3, lexicon=x), "`words` must be a sequence of words"),
        (lambda x: mp.solve(["cat", 3], lexicon=x), "`words` must hold strings"),
        (lambda x: mp.solve(["cat", "dog"], lexicon=x, alternatives=-1), "`alternatives` must"),
        (lambda x: mp.solve(["cat", "dog"], lexicon=x, alternatives=1.5), "`alternatives` must"),
        (lambda x: mp.solve("cat dog", lexicon=x, time_limit=float("nan")), "`time_limit` must"),
        (lambda x: mp.solve("cat dog", lexicon=x, time_limit=-1), "`time_limit` must"),
        (lambda x: mp.solve("cat dog", lexicon=x, time_limit=float("inf")), "`time_limit` must"),
        (lambda x: mp.solve("cat dog", lexicon=x, fewest_only="yes"), "`fewest_only` must be"),
        (lambda x: mp.solve("cat dog", lexicon=mp.word_graph(lexicon=x)), "`lexicon` must be"),
        (lambda x: mp.ladder(5, "dog", lexicon=x), "`start` must be a string"),
        (lambda x: mp.ladder("cat", "d0g", lexicon=x), "`end` must be letters"),
        (lambda x: mp.ladder("cat", "dog", lexicon=x, list_all="yes"), "`list_all` must be"),
    ],
)
def test_library_arguments_are_checked_by_name(small, call, message):
    with pytest.raises(InputError, match=message):
        call(small)


def test_a_very_long_word_is_named_briefly(small):
    with pytest.raises(UnknownWordError, match=r"letters\)$") as error:
        mp.solve(["cat", "a" * 100_000], lexicon=small)
    assert len(str(error.value)) < 200


def test_library_errors_never_speak_in_option_names(small):
    with pytest.raises(InputError) as error:
        mp.solve(["cat", "cold"], lexicon=small, min_length=4)
    assert "--" not in str(error.value) and "minimum length 4" in str(error.value)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(max_size=6), max_size=4), st.integers(-3, 3))
def test_random_words_give_a_network_or_one_letterplay_error(small_graph, words, alternatives):
    try:
        result = mp.solve(
            words, lexicon=small_graph.lexicon, alternatives=alternatives, time_limit=5
        )
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert_valid_network(small_graph, result.network, result.targets)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cold", "warm", "--time-limit", "nan"], "--time-limit must be a finite number"),
        (["cold", "warm", "--time-limit", "-1"], "--time-limit must be a finite number from"),
        (["cold", "warm", "--alternatives", "-1"], "--alternatives"),
        (["cold", "warm", "--alternatives", "1000"], "--alternatives"),
        (["cold", "warm", "--min-length", "0"], "--min-length"),
        (["cold", "warm", "--exclude", "w4rm"], "letters"),
    ],
)
def test_cli_numeric_options_have_ranges(cli, bad_input, args, message):
    bad_input(cli("multiplet", *args), message)


def test_cli_json_is_the_envelope_of_one_library_call(cli):
    from letterplay.lexicon import load
    from letterplay.results import envelope

    r = cli("multiplet", "cold", "warm", "worm", "--exclude", "ward", "--json")
    data = json.loads(r.stdout)
    lexicon = load(data["lexicon"]["name"])  # the default the command ran on
    expected = envelope(mp.solve(["cold", "warm", "worm"], lexicon=lexicon, exclude=["ward"]))
    data.pop("seconds"), expected.pop("seconds")
    assert data == expected
    r = cli("ladder", "cold", "warm", "--json", "--rules", "change")
    assert json.loads(r.stdout) == envelope(
        mp.ladder("cold", "warm", lexicon=lexicon, rules=["change"])
    )


def test_ladder_on_a_cached_graph_imports_only_what_it_uses(tmp_path):
    import os
    import subprocess
    import sys

    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL))
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}
    args = [sys.executable, "-X", "importtime", "-m", "letterplay", "ladder", "cold", "warm"]
    for _ in range(2):  # the first run builds the cache; the second is the warm one
        done = subprocess.run(
            [*args, "--json", "--lexicon", str(words)], capture_output=True, text=True, env=env
        )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["steps"] == 4
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    assert not {m for m in imported if m.split(".")[0] in ("scipy", "networkx", "matplotlib")}
    # nor what only drawings and written files need (a few milliseconds each)
    assert not imported & {"letterplay.draw", "tempfile"}


def test_drawing_is_returned_not_written(small):
    from letterplay.draw.network import draw_network

    result = mp.solve(["cold", "warm", "worm"], lexicon=small)
    svg = draw_network(result.network, "svg", title="COLD WARM WORM")
    png = draw_network(result.network, "png")
    assert svg.lstrip().startswith("<?xml") and "COLD" in svg
    assert png.startswith(b"\x89PNG")
    assert result.network.edge_rules[("cold", "cord")] == ("change",)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.sampled_from(["multiplet", "ladder"]),
    st.lists(st.sampled_from([*SMALL[:12], "zzz", "c4t", "", "xyz"]), min_size=1, max_size=4),
    st.lists(
        st.sampled_from(
            [
                ["--min-length", "3"],
                ["--min-length", "99"],
                ["--rules", "change"],
                ["--rules", "swap"],
                ["--exclude", "cot"],
                ["--time-limit", "5"],
                ["--time-limit", "nan"],
                ["--alternatives", "2"],
                ["--json"],
                ["--all"],
            ]
        ),
        max_size=3,
    ),
)
def test_cli_random_words_and_options_exit_0_or_2_with_one_line(
    cli, tmp_path_factory, command, words, options
):
    path = tmp_path_factory.getbasetemp() / "small-words.txt"
    path.write_text("\n".join(SMALL))
    args = [command, *words, *[x for o in options for x in o], "--lexicon", path]
    result = cli(*args)
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 2:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert "Traceback" not in result.stderr
    elif "--json" in args:
        assert json.loads(result.stdout)["lexicon"]["words"] == len(SMALL)
