"""Anigrams: the term DAG, game counts, longest chains, play, check; the seeds' figures."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from letterplay import anigrams as ag
from letterplay.errors import InputError, UnknownWordError
from letterplay.letters import term
from letterplay.lexicon import Lexicon

# seed 001's table, as SPEC.md writes it
ENABLE1_TABLE = {
    int(k): int(v)
    for k, v in (
        pair.split(":")
        for pair in "4:2674 5:15915 6:82932 7:403416 8:1603310 9:4510515 10:8660949 "
        "11:11437610 12:10826426 13:6614053 14:2394474 15:623854 16:2142 17:0".split()
    )
}
BEEP_CHAIN = ["beep", "plebe", "beleap", "beleapt", "bedplate", "bedplates"]


# ----------------------------------------------------------------------------- hand-made lexicons

# 4-letter terms abcd (two words) and abce; abcd grows into abcde and abcdf, abce only into
# abcde; both 5-letter terms grow into abcdef, which grows into abcdefg. xyz grows into nothing.
TOY = ["abcd", "bacd", "abce", "abcde", "abcdf", "abcdef", "abcdefg", "xyz"]


@pytest.fixture(scope="module")
def toy() -> Lexicon:
    return Lexicon.from_words(TOY, name="toy")


def test_toy_dag(toy):
    dag = ag.term_dag(toy)
    assert dag.n_terms == 7
    ext = {dag.term_text(u) for u in dag.extensions_of(dag.term_id("abcd"))}
    assert ext == {"abcde", "abcdf"}
    red = {dag.term_text(t) for t in dag.reductions_of(dag.term_id("fedcba"))}
    assert red == {"abcde", "abcdf"}
    assert dag.extensions_of(dag.term_id("xyz")).size == 0
    assert dag.words(dag.term_id("abcd")) == ["abcd", "bacd"]
    assert dag.term_id("nope") == -1


def test_toy_counts_by_hand(toy):
    # 4→5: abcd→abcde, abcd→abcdf, abce→abcde; every later step has one way on.
    assert ag.count_games(toy, 4, 5).games == 3
    assert ag.count_games(toy, 4, 7).games == 3
    assert ag.count_games(toy, 4, 4).games == 2
    assert ag.count_games(toy, 5, 6).games == 2
    assert ag.count_games(toy, 4, 7, origin="dcba").games == 2
    assert ag.count_games(toy, 4, 7, origin="abce").games == 1
    assert ag.count_games(toy, origin="abcd", target="abcdef").games == 2
    assert ag.count_games(toy, target="gfedcba").games == 3
    assert ag.count_games(toy, origin="abce", target="abcdf").games == 0
    assert ag.game_table(toy, 4).by_terminus_length == {4: 2, 5: 3, 6: 3, 7: 3, 8: 0}
    assert ag.game_table(toy, 3).by_terminus_length == {3: 1, 4: 0}
    assert ag.games_by_start_term(toy, 4, 7) == {"abcd": 2, "abce": 1}


def test_toy_longest(toy):
    result = ag.longest_chains(toy, 4)
    assert (result.length, result.count, result.terminals) == (4, 3, ("abcdefg",))
    assert len(result.chain) == 4 and result.chain.terms[-1] == "abcdefg"
    chains = {c.terms for c in ag.iter_longest_chains(toy, 4)}
    assert chains == {
        ("abcd", "abcde", "abcdef", "abcdefg"),
        ("abcd", "abcdf", "abcdef", "abcdefg"),
        ("abce", "abcde", "abcdef", "abcdefg"),
    }
    three = ag.longest_chains(toy, 3)
    assert (three.length, three.count, three.terminals) == (1, 1, ("xyz",))
    from_abce = ag.chain_from(toy, "abce")
    assert from_abce.count == 1 and from_abce.chain.shown[0] == "abce"
    assert ag.chain_from(toy, "bacd").chain.shown[0] == "bacd"  # the word asked for comes first


def test_repeated_letters_give_one_edge():
    # Cutting either a of aabb gives the same term: one edge, not two.
    lex = Lexicon.from_words(["aab", "abb", "aabb", "aabbb"], name="rep")
    dag = ag.term_dag(lex)
    assert sorted(dag.term_text(t) for t in dag.reductions_of(dag.term_id("aabb"))) == [
        "aab",
        "abb",
    ]
    rows = np.repeat(np.arange(dag.n_terms), np.diff(dag.ext_ptr))
    assert len(set(zip(rows.tolist(), dag.ext_idx.tolist(), strict=True))) == len(rows)
    assert ag.count_games(lex, 3, 5).games == 2
    assert ag.longest_chains(lex, 3).count == 2


words_strategy = st.lists(st.text("abcde", min_size=1, max_size=6), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(words_strategy, st.integers(1, 4))
def test_counts_match_the_simple_algorithm(words, start):
    lex = Lexicon.from_words(words, name="random")
    top = max(len(w) for w in lex.words)
    start = min(start, top)
    table = ag.game_table(lex, start).by_terminus_length
    for end, games in table.items():
        assert games == (ag.simple_games(lex.words, start, end) if end <= top else 0)
    assert list(table.values())[-1] == 0 and all(list(table.values())[:-1])
    best, count = ag.simple_longest(lex.words, start)
    if best:
        result = ag.longest_chains(lex, start, list_all=True)
        assert (result.length, result.count) == (best, count)
        assert len(result.chains) == len(set(result.chains)) == count
        assert sum(1 for _ in ag.iter_longest_chains(lex, start)) == count
        assert ag.check_chain(lex, result.chain.shown).valid
        assert all(ag.check_chain(lex, chain).valid for chain in result.chains)


def test_common_lexicon_matches_the_simple_algorithm():
    from letterplay.lexicon import load

    common = load("common")
    assert ag.count_games(common).games == ag.simple_games(common.words, 4, 9)
    result = ag.longest_chains(common)
    assert (result.length, result.count) == ag.simple_longest(common.words, 4)


def test_simple_algorithm_by_hand(toy):
    assert ag.simple_games(TOY, 4, 5) == 3
    assert ag.simple_games(TOY, 4, 7) == 3
    assert ag.simple_longest(TOY, 4) == (4, 3)
    assert ag.simple_longest(TOY, 3) == (1, 1)
    assert ag.simple_longest(TOY, 2) == (0, 0)
    with pytest.raises(InputError, match="words must be a sequence"):
        ag.simple_games("abcd")


# ----------------------------------------------------------------------------- bad input


def test_bad_lengths_and_words(toy):
    with pytest.raises(InputError, match=r"start \(6\) is greater than end \(5\)"):
        ag.count_games(toy, 6, 5)
    with pytest.raises(InputError, match=r"start must be from 1 to 7 .*, not 0"):
        ag.count_games(toy, 0, 5)
    with pytest.raises(InputError, match="end must be from 1 to 7"):
        ag.count_games(toy, 4, 8)
    with pytest.raises(InputError, match="start must be from 1 to 7"):
        ag.game_table(toy, 8)
    with pytest.raises(InputError, match="end must be from 1 to 7"):
        ag.play(toy, 1, 4, 99)
    with pytest.raises(UnknownWordError, match="not a word of toy"):
        ag.chain_from(toy, "abcz")
    with pytest.raises(InputError, match="letters a–z"):
        ag.chain_from(toy, "ab-c")
    with pytest.raises(InputError, match="letters a–z"):
        ag.count_games(toy, origin="ab1c")
    with pytest.raises(InputError, match="letters a–z"):
        ag.check_chain(toy, ["abcd", "abc e"])
    with pytest.raises(InputError):
        ag.check_chain(toy, [])


def test_counts_refuse_to_overflow():
    from letterplay.errors import NoSolutionError

    # rows 0 and 1 have no edges; row 2 sums entries 0 and 1 of the vector
    ptr, idx = np.array([0, 0, 0, 2]), np.array([0, 1])
    assert ag._step(ptr, idx, np.array([5, 7, 0]), range(2, 3)).tolist() == [12]
    assert ag._step(ptr, idx, np.array([5, 7, 0]), range(0, 3)).tolist() == [0, 0, 12]
    with pytest.raises(NoSolutionError, match="64-bit"):
        ag._step(ptr, idx, np.array([2**62, 1, 0]), range(2, 3))


def test_check_says_which_step_breaks_and_why(toy):
    good = ag.check_chain(toy, ["bacd", "abcde", "abcdef"])
    assert good.valid and good.broken_step is None and not good.game
    assert [s.added for s in good.steps] == [None, "e", "f"]
    short = ag.check_chain(toy, ["abcd", "abcdef"])
    assert short.broken_step == 2 and "needs 5" in short.reason
    swap = ag.check_chain(toy, ["abce", "abcdf"])
    assert swap.broken_step == 2 and "lacks E" in swap.reason
    unknown = ag.check_chain(toy, ["abcd", "abcdz"])
    assert unknown.broken_step == 2 and "not a word of toy" in unknown.reason
    assert ag.check_chain(toy, ["zzzz"]).broken_step == 1


# ----------------------------------------------------------------------------- enable1


@pytest.fixture(scope="module")
def dag(enable1):
    return ag.term_dag(enable1)


def test_enable1_terms(dag):
    assert dag.n_terms == 156_473
    assert len(dag.terms_of_length(4)) == 2_674
    # every edge joins a term to one with exactly one more letter, all of its letters and one
    small, big = np.repeat(np.arange(dag.n_terms), np.diff(dag.ext_ptr)), dag.ext_idx
    assert np.all(dag.lengths[big] == dag.lengths[small] + 1)
    counts = dag.lexicon.index.term_counts()[ag._by_length(dag.lexicon)].astype(int)
    diff = counts[big] - counts[small]
    assert diff.min() == 0 and np.all(diff.sum(axis=1) == 1)
    # and seed 000's own examples
    assert {dag.term_text(u) for u in dag.extensions_of(dag.term_id("abck"))} == {
        "aabck",
        "abckl",
        "abcks",
    }
    assert {dag.term_text(u) for u in dag.extensions_of(dag.term_id("riddler"))} == {
        term("riddlers")
    }
    assert dag.extensions_of(dag.term_id("riddlers")).size == 0


def test_enable1_games(enable1, dag):
    assert ag.count_games(enable1).games == 4_510_515
    assert ag.game_table(enable1, 4).by_terminus_length == ENABLE1_TABLE
    by_start = ag.games_by_start_term(enable1)
    assert next(iter(by_start.items())) == ("aers", 64_422)
    assert sum(by_start.values()) == 4_510_515
    assert ag.count_games(enable1, origin="beep").games == 1


def test_enable1_longest(enable1):
    result = ag.longest_chains(enable1)
    assert result.length == 13 and len(result.chain) == 13
    assert set(result.terminals) == {"indeterminations", "underestimations"}
    assert result.count == 2_142
    assert ag.check_chain(enable1, result.chain.shown).valid
    assert len(result.chain.shown[0]) == 4
    chains = list(ag.iter_longest_chains(enable1))
    assert len(chains) == len({c.terms for c in chains}) == 2_142
    ends = Counter(c.shown[-1] for c in chains)
    assert ends == {"indeterminations": 1_071, "underestimations": 1_071}  # seed 001


def test_enable1_beep(enable1):
    result = ag.chain_from(enable1, "beep")
    assert result.chain.terms == tuple(term(w) for w in BEEP_CHAIN)
    assert all(w in words for w, words in zip(BEEP_CHAIN, result.chain.words, strict=True))
    assert result.count == 1 and result.chain.shown[0] == "beep"


def test_enable1_one_letter_words(enable1):
    lex = ag.with_one_letter_words(enable1)
    assert len(lex) == len(enable1) + 2 and "a" in lex and "i" in lex
    result = ag.longest_chains(lex, 1)
    assert result.length == 16
    assert result.chain.shown[0] in ("a", "i")
    assert set(result.terminals) == {"indeterminations", "underestimations"}
    assert ag.check_chain(lex, result.chain.shown).valid


def test_enable1_play_is_a_reproducible_valid_game(enable1):
    game = ag.play(enable1, seed=2022, allow_offensive=True)  # the seed's figure: all games
    assert game == ag.play(enable1, seed=2022, allow_offensive=True)
    assert game.games == 4_510_515
    assert ag.play(enable1, seed=2022).games < 4_510_515  # by default, none with an offender
    assert len(game.chain) == 6 and sorted(game.scrambled) == list(game.chain.terms[0])
    check = ag.check_chain(enable1, game.chain.shown)
    assert check.valid and check.game
    others = {ag.play(enable1, seed=s).chain.terms for s in range(8)}
    assert len(others) > 1
    short = ag.play(enable1, seed=5, start=3, end=5)
    assert [len(t) for t in short.chain.terms] == [3, 4, 5]
    data = game.to_dict()
    assert "chain" not in data and all("words" not in s for s in data["steps"])
    assert game.to_dict(answers=True)["chain"] == list(game.chain.shown)


def test_play_is_uniform_over_games(toy):
    # toy has 3 games from 4 to 7 letters; each must come up about a third of the time
    seen = Counter(ag.play(toy, seed=s, start=4, end=7).chain.terms for s in range(600))
    assert len(seen) == 3 and min(seen.values()) > 150


# ----------------------------------------------------------------------------- command line


def run_json(cli, *args):
    result = cli("anigrams", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_cli_count_longest_table(cli, data_dir):
    data = run_json(cli, "count")
    assert data["games"] == 4_510_515 and data["lexicon"]["name"] == "enable1"
    assert run_json(cli, "count", "--from", "BEEP")["games"] == 1
    assert run_json(cli, "count", "--to", "indeterminations")["games"] == 1_071  # seed 001
    data = run_json(cli, "longest")
    assert len(data["chain"]) == 13 and data["count"] == 2_142
    assert set(data["terminals"]) == {"indeterminations", "underestimations"}
    data = run_json(cli, "table")
    assert data["by_terminus_length"] == {str(k): v for k, v in ENABLE1_TABLE.items()}
    assert run_json(cli, "longest", "--start", "1", "--one-letter")["length"] == 16
    text = cli("anigrams", "count")
    assert text.exit_code == 0 and "4,510,515" in text.stdout


def test_cli_five_letter_terms(cli, enable1, data_dir):
    fives = len(ag.term_dag(enable1).terms_of_length(5))
    assert run_json(cli, "count", "--start", "5", "--end", "5")["games"] == fives


def test_cli_chain_play_check(cli, data_dir):
    data = run_json(cli, "chain", "beep")
    assert data["terms"] == [term(w).upper() for w in BEEP_CHAIN] and data["count"] == 1
    assert all(w in ws for w, ws in zip(BEEP_CHAIN, data["words"], strict=True))
    text = cli("anigrams", "chain", "beep")
    assert text.exit_code == 0 and "bedplates" in text.stdout and "plebe" in text.stdout
    game = run_json(cli, "play", "--seed", "3")
    assert game == run_json(cli, "play", "--seed", "3") and "chain" not in game
    answers = run_json(cli, "play", "--seed", "3", "--answers")
    assert answers["scrambled"] == game["scrambled"] and len(answers["chain"]) == 6
    checked = run_json(cli, "check", *answers["chain"])
    assert checked["valid"] and checked["game"]
    broken = run_json(cli, "check", "ride", "dried", "rider")
    assert not broken["valid"] and broken["broken_step"] == 3 and "needs 6" in broken["reason"]
    text = cli("anigrams", "check", "ride", "rides", "rinses")
    assert text.exit_code == 0 and "lacks D" in text.stdout and "broken at word 3" in text.stdout


def test_cli_min_zipf_keeps_common_words(bad_input, cli, enable1, data_dir):
    game = run_json(cli, "play", "--seed", "7", "--min-zipf", "3", "--answers")
    assert all(enable1.zipf(w) >= 3 for w in game["chain"])
    assert game["lexicon"]["name"] == "enable1-zipf3"
    common = ag.common_words(enable1, 3.0)
    assert run_json(cli, "count", "--min-zipf", "3")["games"] == ag.count_games(common).games
    bad_input(cli("anigrams", "count", "--min-zipf", "7.9"), "Zipf frequency of 7.9")
    bad_input(cli("anigrams", "count", "--min-zipf", "9"), "not in the range 0 to 8")
    bad_input(cli("anigrams", "count", "--min-zipf", "nan"), "not a finite number")


def test_cli_all_and_plot(bad_input, cli, data_dir, tmp_path):
    out = tmp_path / "longest.txt"
    data = run_json(cli, "longest", "--all", "--output", str(out))
    lines = out.read_text().splitlines()
    assert len(lines) == data["count"] == 2_142 and len(set(lines)) == 2_142
    assert all(len(line.split()) == 13 for line in lines)
    bad_input(cli("anigrams", "longest", "--all", "--output", str(out)), "--force")
    listed = run_json(cli, "longest", "--start", "13", "--all")
    assert len(listed["chains"]) == listed["count"] > 0
    plot = tmp_path / "table.png"
    data = run_json(cli, "table", "--plot", str(plot))
    assert plot.stat().st_size > 1000 and data["plot"] == str(plot)
    bad_input(cli("anigrams", "table", "--plot", str(plot)), "--force")
    assert cli("anigrams", "table", "--plot", str(plot), "--force").exit_code == 0
    bad_input(cli("anigrams", "table", "--plot", str(tmp_path / "t.gif")), ".png")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("chain", "zzzq"), "not a word of enable1"),
        (("chain", "r1de"), "letters a–z"),
        (("chain", "a" * 40), "not a word of enable1"),
        (("count", "--from", "qqqq"), "not a word"),
        (("count", "--from", "be-ep"), "letters a–z"),
        (("count", "--start", "9", "--end", "4"), "--start (9) is greater than --end (4)"),
        (("count", "--from", "underestimations", "--to", "nine"), "greater than --end (4)"),
        (("count", "--from", "ride", "--start", "5"), "--start (5) must be 4"),
        (("count", "--to", "riddle", "--end", "9"), "--end (9) must be 6"),
        (("count", "--to", "xxxxxx"), "not a word"),
        (("play", "--start", "9", "--end", "4"), "greater than --end"),
        (("play", "--seed", str(2**63)), "--seed"),
        (("count", "--end", "40"), "--end must be from 1 to 28"),
        (("count", "--start", "0"), "not in the range x>=1"),
        (("table", "--start", "99"), "--start must be from 1 to 28"),
        (("longest", "--start", "-1"), "not in the range x>=1"),
        (("longest", "--start", "1"), "no 1-letter words"),
        (("count", "--start", "four"), "not a valid integer"),
        (("check", "ride", "dr!ed"), "letters a–z"),
        (("longest", "--output", "x.txt"), "--output needs --all"),
    ],
)
def test_cli_bad_input(cli, bad_input, data_dir, args, fragment):
    bad_input(cli("anigrams", *args), fragment)


# ----------------------------------------------------------------------------- shape


@pytest.mark.parametrize(
    "module", ["letterplay.anigrams", "letterplay.draw", "letterplay.draw.anigrams"]
)
def test_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_function_has_examples():
    import inspect

    from letterplay.draw import anigrams as draw

    for module in (ag, draw):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                assert ">>>" in (obj.__doc__ or ""), f"{module.__name__}.{name} has no example"
    assert "https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/" in ag.__doc__
    assert "github.com/norvig/pytudes" in ag.__doc__


def test_the_cache_is_read_back_and_checked(toy, enable1):
    from letterplay import cache

    ag._cached_dag.cache_clear()
    first = ag.term_dag(enable1)
    ag._cached_dag.cache_clear()
    again = ag.term_dag(enable1)  # from the disk cache this time
    assert first is not again
    for name in ag.TermDAG.FIELDS:
        assert np.array_equal(getattr(first, name), getattr(again, name))
    # a foreign entry under the right key is rebuilt, never trusted
    key = f"{enable1.sha256}:term-dag-v{ag.DAG_VERSION}"
    cache.store("anigrams-dag", key, {"layer_sizes": np.array([0, 5, 2])})
    ag._cached_dag.cache_clear()
    assert ag.count_games(enable1).games == 4_510_515


def test_drawing_is_returned_not_written(toy):
    from letterplay.draw.anigrams import draw_game_table

    table = ag.game_table(toy, 4)
    svg = draw_game_table(table, "svg", "a $name$ with math")
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    assert draw_game_table(table, "png")[:4] == b"\x89PNG"
    with pytest.raises(InputError, match="fmt must be one of svg, png"):
        draw_game_table(table, "gif")


def test_cli_output_is_checked_first_and_never_half_written(bad_input, cli, data_dir, tmp_path):
    missing = tmp_path / "no" / "such" / "chains.txt"
    bad_input(cli("anigrams", "longest", "--all", "--output", missing), "no such directory")
    kept = tmp_path / "kept.txt"
    kept.write_text("mine\n")
    bad_input(cli("anigrams", "longest", "--all", "--output", kept), "--force")
    assert kept.read_text() == "mine\n"
    assert cli("anigrams", "longest", "--all", "--output", kept, "--force").exit_code == 0
    assert len(kept.read_text().splitlines()) == 2_142
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_cli_too_many_chains_to_show(bad_input, cli, data_dir, monkeypatch):
    monkeypatch.setattr(ag, "MAX_LISTED", 1_000)
    bad_input(
        cli("anigrams", "longest", "--all", "--start", "3"),
        "6,492 longest chains are too many for the screen or JSON; use --output FILE.txt",
    )


def test_stored_graphs_that_do_not_fit_are_rejected(toy):
    stored = ag._build_graph(toy)
    arrays = ag._unpack_graph(stored)
    dag = ag.term_dag(toy)
    for name in ag.TermDAG.FIELDS:
        assert np.array_equal(arrays[name], getattr(dag, name))
    assert ag._unpack_graph({**stored, "ext_idx": stored["ext_idx"] + 100}) is None
    assert ag._unpack_graph({**stored, "red_deg": stored["red_deg"][:-1]}) is None
    assert ag._unpack_graph({**stored, "layer_sizes": np.array([1, 2])}) is None
    assert ag._unpack_graph({"layer_sizes": stored["layer_sizes"]}) is None
