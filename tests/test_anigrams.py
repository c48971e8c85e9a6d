"""Anigrams: the term DAG, game counts, longest chains, play, check; the published figures
(the Riddler's question, Norvig's notebook and the blog post *Too many anigrams*)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from letterplay import anigrams as ag
from letterplay.anigrams import rules
from letterplay.anigrams._count import step
from letterplay.anigrams._dag import (
    DAG_VERSION,
    TermDAG,
    build_graph,
    by_length,
    cached_dag,
    term_dag,
    unpack_graph,
)
from letterplay.anigrams._words import game_lexicon
from letterplay.anigrams.simple import simple_count, simple_longest
from letterplay.errors import InputError, UnknownWordError
from letterplay.letters import term
from letterplay.lexicon import Lexicon

# the table of *Too many anigrams*, as SPEC.md writes it
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


def terms_of(chains) -> set[tuple[str, ...]]:
    return {tuple(term(w) for w in chain) for chain in chains}


def test_toy_dag(toy):
    dag = term_dag(toy)
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
    def games(**keywords):
        return ag.count(lexicon=toy, **keywords).games

    assert games(start=4, end=5) == 3
    assert games(start=4, end=7) == 3
    assert games(start=4, end=4) == 2
    assert games(start=5, end=6) == 2
    assert games(start=4, end=7, origin="dcba") == 2
    assert games(start=4, end=7, origin="abce") == 1
    assert games(origin="abcd", target="abcdef") == 2
    assert games(target="gfedcba") == 3
    assert games(origin="abce", target="abcdf") == 0
    assert ag.table(start=4, lexicon=toy).by_terminus_length == {4: 2, 5: 3, 6: 3, 7: 3, 8: 0}
    assert ag.table(start=3, lexicon=toy).by_terminus_length == {3: 1, 4: 0}
    by_start = ag.count(start=4, end=7, lexicon=toy).by_start_term()
    assert by_start == {"abcd": 2, "abce": 1}
    assert ag.count(target="abcdf", lexicon=toy).by_start_term() == {"abcd": 1, "abce": 0}
    assert ag.count(origin="abce", end=6, lexicon=toy).by_start_term() == {"abce": 1}


def test_toy_longest(toy):
    result = ag.longest(start=4, lexicon=toy)
    assert (result.length, result.count, result.terminals) == (4, 3, ("abcdefg",))
    assert len(result.chain) == 4 and result.chain.terms[-1] == "abcdefg"
    assert result.chains is None
    listed = ag.longest(start=4, list_all=True, lexicon=toy).chains
    assert terms_of(listed) == {
        ("abcd", "abcde", "abcdef", "abcdefg"),
        ("abcd", "abcdf", "abcdef", "abcdefg"),
        ("abce", "abcde", "abcdef", "abcdefg"),
    }
    three = ag.longest(start=3, lexicon=toy)
    assert (three.length, three.count, three.terminals) == (1, 1, ("xyz",))
    from_abce = ag.chain("abce", lexicon=toy)
    assert from_abce.count == 1 and from_abce.chain.shown[0] == "abce"
    assert ag.chain("bacd", lexicon=toy).chain.shown[0] == "bacd"  # the word asked for first


def test_repeated_letters_give_one_edge():
    # Cutting either a of aabb gives the same term: one edge, not two.
    lex = Lexicon.from_words(["aab", "abb", "aabb", "aabbb"], name="rep")
    dag = term_dag(lex)
    assert sorted(dag.term_text(t) for t in dag.reductions_of(dag.term_id("aabb"))) == [
        "aab",
        "abb",
    ]
    rows = np.repeat(np.arange(dag.n_terms), np.diff(dag.ext_ptr))
    assert len(set(zip(rows.tolist(), dag.ext_idx.tolist(), strict=True))) == len(rows)
    assert ag.count(start=3, end=5, lexicon=lex).games == 2
    assert ag.longest(start=3, lexicon=lex).count == 2


words_strategy = st.lists(st.text("abcde", min_size=1, max_size=6), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(words_strategy, st.integers(1, 4))
def test_counts_match_the_simple_algorithm(words, start):
    lex = Lexicon.from_words(words, name="random")
    top = max(len(w) for w in lex.words)
    start = min(start, top)
    table = ag.table(start=start, lexicon=lex).by_terminus_length
    for end, games in table.items():
        assert games == (simple_count(start=start, end=end, lexicon=lex) if end <= top else 0)
    assert list(table.values())[-1] == 0 and all(list(table.values())[:-1])
    best, count = simple_longest(start=start, lexicon=lex)
    if best:
        result = ag.longest(start=start, list_all=True, lexicon=lex)
        assert (result.length, result.count) == (best, count)
        assert len(result.chains) == len(set(result.chains)) == count
        assert len(terms_of(result.chains)) == count
        assert ag.check(result.chain.shown, lexicon=lex).valid
        assert all(ag.check(chain, lexicon=lex).valid for chain in result.chains)
    for end in range(start, top + 1):
        by_start = ag.count(start=start, end=end, lexicon=lex).by_start_term()
        assert sum(by_start.values()) == simple_count(start=start, end=end, lexicon=lex)


def test_common_lexicon_matches_the_simple_algorithm():
    assert ag.count(lexicon="common").games == simple_count(lexicon="common")
    result = ag.longest(lexicon="common")
    assert (result.length, result.count) == simple_longest(lexicon="common")


def test_simple_algorithm_by_hand(toy):
    assert simple_count(start=4, end=5, lexicon=toy) == 3
    assert simple_count(start=4, end=7, lexicon=toy) == 3
    assert simple_longest(start=4, lexicon=toy) == (4, 3)
    assert simple_longest(start=3, lexicon=toy) == (1, 1)
    assert simple_longest(start=2, lexicon=toy) == (0, 0)
    with pytest.raises(InputError, match="`end` must be a whole number of at least 4"):
        simple_count(start=4, end=3, lexicon=toy)


# ----------------------------------------------------------------------------- bad input


def test_bad_lengths_and_words(toy):
    with pytest.raises(InputError, match=r"`start` \(6\) is greater than `end` \(5\)"):
        ag.count(start=6, end=5, lexicon=toy)
    with pytest.raises(InputError, match=r"`start` must be from 1 to 7 .*, not 0"):
        ag.count(start=0, end=5, lexicon=toy)
    with pytest.raises(InputError, match="`end` must be from 1 to 7"):
        ag.count(start=4, end=8, lexicon=toy)
    with pytest.raises(InputError, match="`start` must be from 1 to 7"):
        ag.table(start=8, lexicon=toy)
    with pytest.raises(InputError, match="`end` must be from 1 to 7"):
        ag.play(seed=1, start=4, end=99, lexicon=toy)
    with pytest.raises(UnknownWordError, match="not a word of toy"):
        ag.chain("abcz", lexicon=toy)
    with pytest.raises(InputError, match="letters a–z"):
        ag.chain("ab-c", lexicon=toy)
    with pytest.raises(InputError, match="letters a–z"):
        ag.count(origin="ab1c", lexicon=toy)
    with pytest.raises(InputError, match="letters a–z"):
        ag.check(["abcd", "abc e"], lexicon=toy)
    with pytest.raises(InputError, match="at least one word"):
        ag.check([], lexicon=toy)


def test_counts_refuse_to_overflow():
    from letterplay.errors import NoSolutionError

    # rows 0 and 1 have no edges; row 2 sums entries 0 and 1 of the vector
    ptr, idx = np.array([0, 0, 0, 2]), np.array([0, 1])
    assert step(ptr, idx, np.array([5, 7, 0]), range(2, 3)).tolist() == [12]
    assert step(ptr, idx, np.array([5, 7, 0]), range(0, 3)).tolist() == [0, 0, 12]
    with pytest.raises(NoSolutionError, match="64-bit"):
        step(ptr, idx, np.array([2**62, 1, 0]), range(2, 3))


def test_check_says_which_step_breaks_and_why(toy):
    good = ag.check(["bacd", "abcde", "abcdef"], lexicon=toy)
    assert good.valid and good.broken_step is None and not good.game
    assert [s.added for s in good.steps] == [None, "e", "f"]
    short = ag.check(["abcd", "abcdef"], lexicon=toy)
    assert short.broken_step == 2 and "needs 5" in short.reason
    swap = ag.check(["abce", "abcdf"], lexicon=toy)
    assert swap.broken_step == 2 and "lacks E" in swap.reason
    unknown = ag.check(["abcd", "abcdz"], lexicon=toy)
    assert unknown.broken_step == 2 and "not a word of toy" in unknown.reason
    assert ag.check(["zzzz"], lexicon=toy).broken_step == 1


def test_every_verb_takes_the_word_list_and_its_filters(toy):
    tiny = Lexicon.from_words(rules.EXAMPLE_WORDS, name="riddler")
    for result in (
        ag.count(start=4, end=8, lexicon=tiny),
        ag.table(lexicon=tiny),
        ag.longest(lexicon=tiny),
        ag.chain("ride", lexicon=tiny),
        ag.play(seed=1, start=4, end=8, lexicon=tiny),
        ag.check(["ride"], lexicon=tiny),
    ):
        assert result.lexicon is tiny
    plus = ag.count(start=4, end=8, lexicon=tiny, one_letter=True)
    assert plus.lexicon.name == "riddler+a+i" and plus.games == 1
    assert game_lexicon(plus.lexicon, one_letter=True) is plus.lexicon  # already has them
    with pytest.raises(InputError, match="`one_letter` must be True or False"):
        ag.table(lexicon=tiny, one_letter="yes")
    with pytest.raises(InputError, match="`min_zipf` must be a finite number from 0 to 8"):
        ag.longest(lexicon=tiny, min_zipf=9)


# ----------------------------------------------------------------------------- enable1


@pytest.fixture(scope="module")
def dag(enable1):
    return term_dag(enable1)


def test_enable1_terms(dag):
    assert dag.n_terms == 156_473
    assert len(dag.terms_of_length(4)) == 2_674
    # every edge joins a term to one with exactly one more letter, all of its letters and one
    small, big = np.repeat(np.arange(dag.n_terms), np.diff(dag.ext_ptr)), dag.ext_idx
    assert np.all(dag.lengths[big] == dag.lengths[small] + 1)
    counts = dag.lexicon.index.term_counts()[by_length(dag.lexicon)].astype(int)
    diff = counts[big] - counts[small]
    assert diff.min() == 0 and np.all(diff.sum(axis=1) == 1)
    # and the notebook's own examples
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
    assert ag.count(lexicon=enable1).games == 4_510_515
    assert ag.table(start=4, lexicon=enable1).by_terminus_length == ENABLE1_TABLE
    by_start = ag.count(lexicon=enable1).by_start_term()
    assert next(iter(by_start.items())) == ("aers", 64_422)
    assert sum(by_start.values()) == 4_510_515
    assert ag.count(origin="beep", lexicon=enable1).games == 1


def test_enable1_longest(enable1):
    result = ag.longest(lexicon=enable1)
    assert result.length == 13 and len(result.chain) == 13
    assert set(result.terminals) == {"indeterminations", "underestimations"}
    assert result.count == 2_142
    assert ag.check(result.chain.shown, lexicon=enable1).valid
    assert len(result.chain.shown[0]) == 4
    chains = ag.longest(list_all=True, lexicon=enable1).chains
    assert len(chains) == len(terms_of(chains)) == 2_142
    ends = Counter(c[-1] for c in chains)
    assert ends == {"indeterminations": 1_071, "underestimations": 1_071}  # Too many anigrams
    assert ag.count(target="indeterminations", lexicon=enable1).games == 1_071


def test_enable1_beep(enable1):
    result = ag.chain("beep", lexicon=enable1)
    assert result.chain.terms == tuple(term(w) for w in BEEP_CHAIN)
    assert all(w in words for w, words in zip(BEEP_CHAIN, result.chain.words, strict=True))
    assert result.count == 1 and result.chain.shown[0] == "beep"


def test_enable1_one_letter_words(enable1):
    result = ag.longest(start=1, one_letter=True, lexicon=enable1)
    lex = result.lexicon
    assert len(lex) == len(enable1) + 2 and "a" in lex and "i" in lex
    assert result.length == 16
    assert result.chain.shown[0] in ("a", "i")
    assert set(result.terminals) == {"indeterminations", "underestimations"}
    assert ag.check(result.chain.shown, lexicon=lex).valid


def test_enable1_play_is_a_reproducible_valid_game(enable1):
    game = ag.play(seed=2022, allow_offensive=True, lexicon=enable1)  # every game: 4,510,515
    assert game == ag.play(seed=2022, allow_offensive=True, lexicon=enable1)
    assert game.games == 4_510_515
    assert ag.play(seed=2022, lexicon=enable1).games < 4_510_515  # none with an offender
    assert len(game.chain) == 6 and sorted(game.scrambled) == list(game.chain.terms[0])
    check = ag.check(game.chain.shown, lexicon=enable1)
    assert check.valid and check.game
    others = {ag.play(seed=s, lexicon=enable1).chain.terms for s in range(8)}
    assert len(others) > 1
    short = ag.play(seed=5, start=3, end=5, lexicon=enable1)
    assert [len(t) for t in short.chain.terms] == [3, 4, 5]
    data = game.to_dict()
    assert "chain" not in data and all("words" not in s for s in data["steps"])
    assert game.to_dict(answers=True)["chain"] == list(game.chain.shown)
    revealed = ag.play(seed=2022, allow_offensive=True, answers=True, lexicon=enable1)
    assert revealed.to_dict()["chain"] == list(game.chain.shown)


def test_play_is_uniform_over_games(toy):
    # toy has 3 games from 4 to 7 letters; each must come up about a third of the time
    seen = Counter(ag.play(seed=s, start=4, end=7, lexicon=toy).chain.terms for s in range(600))
    assert len(seen) == 3 and min(seen.values()) > 150


# ----------------------------------------------------------------------------- command line


def run_json(cli, *args):
    result = cli("anigrams", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_cli_count_longest_table(cli):
    data = run_json(cli, "count")
    assert data["games"] == 4_510_515 and data["lexicon"]["name"] == "enable1"
    assert run_json(cli, "count", "--from", "BEEP")["games"] == 1
    assert run_json(cli, "count", "--to", "indeterminations")["games"] == 1_071  # Too many anigrams
    data = run_json(cli, "longest")
    assert len(data["chain"]) == 13 and data["count"] == 2_142
    assert set(data["terminals"]) == {"indeterminations", "underestimations"}
    data = run_json(cli, "table")
    assert data["by_terminus_length"] == {str(k): v for k, v in ENABLE1_TABLE.items()}
    assert run_json(cli, "longest", "--start", "1", "--one-letter")["length"] == 16
    text = cli("anigrams", "count")
    assert text.exit_code == 0 and "4,510,515" in text.stdout


def test_cli_five_letter_terms(cli, enable1):
    fives = len(term_dag(enable1).terms_of_length(5))
    assert run_json(cli, "count", "--start", "5", "--end", "5")["games"] == fives


def test_cli_chain_play_check(cli):
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
    text = cli("anigrams", "play", "--seed", "3", "--answers")
    assert text.exit_code == 0 and answers["chain"][-1] in text.stdout
    assert "unscramble " + game["scrambled"] in text.stdout


def test_cli_min_zipf_keeps_common_words(bad_input, cli, enable1):
    game = run_json(cli, "play", "--seed", "7", "--min-zipf", "3", "--answers")
    assert all(enable1.zipf(w) >= 3 for w in game["chain"])
    assert game["lexicon"]["name"] == "enable1-zipf3" and game["games"] == 22_014
    common = ag.count(min_zipf=3.0, lexicon=enable1)
    assert run_json(cli, "count", "--min-zipf", "3")["games"] == common.games
    bad_input(cli("anigrams", "count", "--min-zipf", "7.9"), "Zipf frequency of 7.9")
    bad_input(cli("anigrams", "count", "--min-zipf", "9"), "--min-zipf must be a finite number")
    bad_input(cli("anigrams", "count", "--min-zipf", "nan"), "finite number from 0 to 8")


def test_cli_all_and_output(bad_input, cli, tmp_path):
    out = tmp_path / "longest.txt"
    data = run_json(cli, "longest", "--all", "--output", str(out))
    lines = out.read_text().splitlines()
    assert len(lines) == data["count"] == 2_142 and len(set(lines)) == 2_142
    assert all(len(line.split()) == 13 for line in lines)
    assert data["output"] == str(out) and "chains" not in data
    bad_input(cli("anigrams", "longest", "--all", "--output", str(out)), "--force")
    listed = run_json(cli, "longest", "--start", "13", "--all")
    assert len(listed["chains"]) == listed["count"] > 0
    text = cli("anigrams", "longest", "--start", "13", "--all")
    assert text.exit_code == 0 and " ".join(listed["chains"][0]) + "\n" in text.stdout
    plot = tmp_path / "table.png"
    data = run_json(cli, "table", "-o", str(plot))
    assert plot.stat().st_size > 1000 and data["output"] == str(plot)
    assert data["by_terminus_length"]["9"] == 4_510_515
    bad_input(cli("anigrams", "table", "-o", str(plot)), "--force")
    assert cli("anigrams", "table", "--output", str(plot), "--force").exit_code == 0
    bad_input(cli("anigrams", "table", "-o", str(tmp_path / "t.gif")), ".png")
    text = cli("anigrams", "table", "-o", str(tmp_path / "t.svg"))
    assert text.exit_code == 0 and "wrote " in text.stdout and "4,510,515" in text.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("chain", "zzzq"), "not a word of enable1"),
        (("chain", "r1de"), "letters a–z"),
        (("chain", "a" * 40), "not a word of enable1"),
        (("count", "--from", "qqqq"), "--from 'qqqq' is not a word"),
        (("count", "--from", "be-ep"), "letters a–z"),
        (("count", "--start", "9", "--end", "4"), "--start (9) is greater than --end (4)"),
        (("count", "--from", "underestimations", "--to", "nine"), "greater than --end (4)"),
        (("count", "--from", "ride", "--start", "5"), "--start (5) must be 4"),
        (("count", "--to", "riddle", "--end", "9"), "--end (9) must be 6"),
        (("count", "--to", "xxxxxx"), "not a word"),
        (("play", "--start", "9", "--end", "4"), "greater than --end"),
        (("play", "--seed", str(2**63)), "--seed"),
        (("count", "--end", "40"), "--end must be from 1 to 28"),
        (("count", "--start", "0"), "--start must be from 1 to 28"),
        (("table", "--start", "99"), "--start must be from 1 to 28"),
        (("longest", "--start", "-1"), "--start must be from 1 to 28"),
        (("longest", "--start", "1"), "no 1-letter words"),
        (("count", "--start", "four"), "--start must be a whole number"),
        (("check", "ride", "dr!ed"), "letters a–z"),
        (("longest", "--output", "x.txt"), "--output needs --all"),
    ],
)
def test_cli_bad_input(cli, bad_input, args, fragment):
    bad_input(cli("anigrams", *args), fragment)


# ----------------------------------------------------------------------------- shape


@pytest.mark.parametrize(
    "module",
    [
        "letterplay.anigrams",
        "letterplay.anigrams._chains",
        "letterplay.anigrams._check",
        "letterplay.anigrams._count",
        "letterplay.anigrams._dag",
        "letterplay.anigrams._play",
        "letterplay.anigrams._words",
        "letterplay.anigrams.rules",
        "letterplay.anigrams.simple",
        "letterplay.commands.anigrams",
        "letterplay.cli.anigrams",
        "letterplay.draw",
        "letterplay.draw.anigrams",
    ],
)
def test_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_every_public_function_has_examples():
    import inspect

    from letterplay.anigrams import simple
    from letterplay.draw import anigrams as draw

    for module in (ag, simple, draw):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                assert ">>>" in (obj.__doc__ or ""), f"{module.__name__}.{name} has no example"
                assert "https://" in (obj.__doc__ or "") or module is draw, name
    assert "https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/" in ag.__doc__
    assert "github.com/norvig/pytudes" in ag.__doc__


def test_the_cache_is_read_back_and_checked(toy, enable1):
    from letterplay import cache

    cached_dag.cache_clear()
    first = term_dag(enable1)
    cached_dag.cache_clear()
    again = term_dag(enable1)  # from the disk cache this time
    assert first is not again
    for name in TermDAG.FIELDS:
        assert np.array_equal(getattr(first, name), getattr(again, name))
    # a foreign entry under the right key is rebuilt, never trusted
    key = f"{enable1.sha256}:term-dag-v{DAG_VERSION}"
    cache.store("anigrams-dag", key, {"layer_sizes": np.array([0, 5, 2])})
    cached_dag.cache_clear()
    assert ag.count(lexicon=enable1).games == 4_510_515


def test_drawing_is_returned_not_written(toy):
    from letterplay.draw.anigrams import draw_game_table

    table = ag.table(start=4, lexicon=toy)
    svg = draw_game_table(table, "svg", "a $name$ with math")
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    assert draw_game_table(table, "png")[:4] == b"\x89PNG"
    with pytest.raises(InputError, match="`fmt` must be one of svg, png"):
        draw_game_table(table, "gif")
    with pytest.raises(InputError, match="`table` must be a TableResult"):
        draw_game_table({4: 2}, "svg")


def test_cli_output_is_checked_first_and_never_half_written(bad_input, cli, tmp_path):
    missing = tmp_path / "no" / "such" / "chains.txt"
    bad_input(cli("anigrams", "longest", "--all", "--output", missing), "no such directory")
    kept = tmp_path / "kept.txt"
    kept.write_text("mine\n")
    bad_input(cli("anigrams", "longest", "--all", "--output", kept), "--force")
    assert kept.read_text() == "mine\n"
    assert cli("anigrams", "longest", "--all", "--output", kept, "--force").exit_code == 0
    assert len(kept.read_text().splitlines()) == 2_142
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_cli_too_many_chains_to_show(bad_input, cli, monkeypatch, tmp_path):
    monkeypatch.setattr(rules, "MAX_LISTED", 1_000)
    bad_input(
        cli("anigrams", "longest", "--all", "--start", "3"),
        "6,492 longest chains are too many for the screen or JSON; use --output FILE.txt",
    )
    out = tmp_path / "threes.txt"
    assert cli("anigrams", "longest", "--all", "--start", "3", "-o", out).exit_code == 0
    assert len(out.read_text().splitlines()) == 6_492  # a file holds more
    monkeypatch.setattr(rules, "MAX_WRITTEN", 1_000)
    bad_input(
        cli("anigrams", "longest", "--all", "--start", "3", "-o", out, "--force"),
        "6,492 longest chains are too many for one file",
    )


def test_too_many_chains_is_refused_before_listing(toy):
    with pytest.raises(ag.TooManyChainsError, match=r"3 longest chains are more than `max_listed`"):
        ag.longest(start=4, list_all=True, max_listed=2, lexicon=toy)
    with pytest.raises(InputError, match="`max_listed` must be a whole number of at least 0"):
        ag.longest(start=4, list_all=True, max_listed=-1, lexicon=toy)


def test_stored_graphs_that_do_not_fit_are_rejected(toy):
    stored = build_graph(toy)
    arrays = unpack_graph(stored)
    dag = term_dag(toy)
    for name in TermDAG.FIELDS:
        assert np.array_equal(arrays[name], getattr(dag, name))
    assert unpack_graph({**stored, "ext_idx": stored["ext_idx"] + 100}) is None
    assert unpack_graph({**stored, "red_deg": stored["red_deg"][:-1]}) is None
    assert unpack_graph({**stored, "layer_sizes": np.array([1, 2])}) is None
    assert unpack_graph({"layer_sizes": stored["layer_sizes"]}) is None
