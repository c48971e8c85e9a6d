"""Anigrams: the term DAG, game counts, longest chains, play, check; the seeds' figures."""

from __future__ import annotations

import functools
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


# ----------------------------------------------------------------------------- a reference


class Reference:
    """Seed 000's algorithm, as the tests' independent reference: a dict of terms, the 26
    one-letter additions of a term, and memoised recursion."""

    def __init__(self, words):
        self.terms = {term(w) for w in words}

    def add_one_letter(self, t):
        candidates = (term(t + c) for c in "abcdefghijklmnopqrstuvwxyz")
        return {c for c in candidates if c in self.terms}

    @functools.cache  # noqa: B019 (one small object per test)
    def games(self, t, end):
        if len(t) == end:
            return 1
        return sum(self.games(u, end) for u in self.add_one_letter(t))

    @functools.cache  # noqa: B019
    def longest(self, t):
        """(words in the longest chain from t, how many such chains)."""
        below = [self.longest(u) for u in self.add_one_letter(t)]
        if not below:
            return 1, 1
        best = max(n for n, _ in below)
        return best + 1, sum(c for n, c in below if n == best)

    def starts(self, length):
        return [t for t in self.terms if len(t) == length]


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
    assert dag.extensions.data.max() == 1
    assert ag.count_games(lex, 3, 5).games == 2
    assert ag.longest_chains(lex, 3).count == 2


words_strategy = st.lists(st.text("abcde", min_size=1, max_size=6), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(words_strategy, st.integers(1, 4))
def test_counts_match_seed_algorithm(words, start):
    lex = Lexicon.from_words(words, name="random")
    ref = Reference(lex.words)
    top = max(len(w) for w in lex.words)
    start = min(start, top)
    table = ag.game_table(lex, start).by_terminus_length
    for end, games in table.items():
        expected = sum(ref.games(t, end) for t in ref.starts(start)) if end <= top else 0
        assert games == expected
    assert list(table.values())[-1] == 0 and all(list(table.values())[:-1])
    if ref.starts(start):
        result = ag.longest_chains(lex, start)
        best = max(ref.longest(t)[0] for t in ref.starts(start))
        count = sum(c for n, c in map(ref.longest, ref.starts(start)) if n == best)
        assert (result.length, result.count) == (best, count)
        assert sum(1 for _ in ag.iter_longest_chains(lex, start)) == count
        assert ag.check_chain(lex, result.chain.shown).valid


def test_common_lexicon_matches_seed_algorithm():
    from letterplay.lexicon import load

    common = load("common")
    ref = Reference(common.words)
    starts = ref.starts(4)
    assert ag.count_games(common).games == sum(ref.games(t, 9) for t in starts)
    best = max(ref.longest(t)[0] for t in starts)
    assert ag.longest_chains(common).length == best
    assert ag.longest_chains(common).count == sum(
        c for n, c in map(ref.longest, starts) if n == best
    )


# ----------------------------------------------------------------------------- bad input


def test_bad_lengths_and_words(toy):
    with pytest.raises(InputError, match="greater than end"):
        ag.count_games(toy, 6, 5)
    with pytest.raises(InputError, match="out of range"):
        ag.count_games(toy, 0, 5)
    with pytest.raises(InputError, match="out of range"):
        ag.count_games(toy, 4, 8)
    with pytest.raises(InputError, match="out of range"):
        ag.game_table(toy, 8)
    with pytest.raises(InputError, match="out of range"):
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
    from scipy import sparse

    from letterplay.errors import NoSolutionError

    two = sparse.csr_array(np.ones((1, 2), dtype=np.int64))
    assert ag._step(two, np.array([5, 7])).tolist() == [12]
    with pytest.raises(NoSolutionError, match="64-bit"):
        ag._step(two, np.array([2**62, 1]))


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
    small, big = dag.extensions.nonzero()
    assert np.all(dag.lengths[big] == dag.lengths[small] + 1)
    counts = dag.lexicon.index.term_counts().astype(int)
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
    bad_input(cli("anigrams", "count", "--min-zipf", "9"), "Zipf frequency of 9")


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
        (("count", "--start", "9", "--end", "4"), "greater than end"),
        (("count", "--from", "underestimations", "--to", "nine"), "greater than end"),
        (("count", "--to", "xxxxxx"), "not a word"),
        (("play", "--start", "9", "--end", "4"), "greater than end"),
        (("count", "--end", "40"), "out of range"),
        (("count", "--start", "0"), "out of range"),
        (("table", "--start", "99"), "out of range"),
        (("longest", "--start", "-1"), "out of range"),
        (("longest", "--start", "1"), "no 1-letter words"),
        (("count", "--start", "four"), "not a valid integer"),
        (("check", "ride", "dr!ed"), "letters a–z"),
        (("longest", "--output", "x.txt"), "--output needs --all"),
    ],
)
def test_cli_bad_input(cli, bad_input, data_dir, args, fragment):
    bad_input(cli("anigrams", *args), fragment)
