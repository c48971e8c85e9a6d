"""Spelling Bee under random input (hypothesis): every call gives a correct result or one
LetterplayError, and every command a result or exit 2 with one line, nothing else."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import spellingbee as sb
from letterplay.cli import main
from letterplay.errors import InputError, LetterplayError, NoSolutionError
from letterplay.lexicon import MAX_ZIPF, Lexicon
from letterplay.spellingbee._best import candidates
from letterplay.spellingbee._honeycomb import word_problem
from letterplay.spellingbee._ranks import set_ranks
from letterplay.spellingbee._solve import hints, rank_of, ranks
from letterplay.spellingbee.rules import EXAMPLE_WORDS, MAX_PUZZLES, MAX_TOP, word_score
from letterplay.spellingbee.simple import simple_best

TINY = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# text that is sometimes a honeycomb: mostly letters, some repeats, some hostile characters
hive_text = st.one_of(
    st.text(alphabet="abcdefgACEIORTxsz", min_size=0, max_size=9),
    st.text(max_size=9),
)
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.lists(st.text(max_size=6), max_size=4),
    st.tuples(st.integers(), st.integers()),
)
# small lexicons over few letters, so honeycombs with pangrams and ties are common
words = st.text(alphabet="abcdefghis", min_size=1, max_size=10)
# words of exactly 7 distinct letters, so most random lexicons have candidate honeycombs
pangram_words = st.permutations("abcdefghis").map(lambda p: "".join(p[:7]) + p[0])
lexicons = st.builds(
    lambda ws, ps: Lexicon.from_words(ws + ps),
    st.lists(words, max_size=40),
    st.lists(pangram_words, min_size=1, max_size=4),
)


def obeys_rules(word: str, hive: sb.Honeycomb) -> bool:
    letters = set(hive.letters.lower())
    return len(word) >= 4 and hive.center.lower() in word and set(word) <= letters


# ----------------------------------------------------------------------------- the library


@SETTINGS
@given(letters=hive_text, center=st.one_of(st.none(), hive_text))
def test_honeycomb_is_right_or_refused(letters, center):
    try:
        hive = sb.Honeycomb(letters, center)
    except InputError as e:
        assert "\n" not in str(e)
        return
    text = letters.strip().lower()
    assert len(text) == len(set(text)) == 7 and text.isascii() and text.isalpha()
    assert hive.letters == "".join(sorted(text.upper()))
    assert hive.center == (text[0] if center is None else center.strip().lower()).upper()


@SETTINGS
@given(hive=st.one_of(anything, hive_text))
def test_solve_refuses_what_is_not_a_honeycomb(hive):
    """Anything but a Honeycomb or its letters is refused; letters give their honeycomb's
    game, or are refused as Honeycomb refuses them."""
    if not isinstance(hive, str):
        with pytest.raises(InputError, match="`honeycomb` must be a Honeycomb or its letters"):
            sb.solve(hive, lexicon=TINY)
        return
    try:
        made = sb.Honeycomb(hive)
    except InputError as e:
        with pytest.raises(InputError) as caught:
            sb.solve(hive, lexicon=TINY)
        assert str(caught.value) == str(e) and "\n" not in str(e)
        return
    assert sb.solve(hive, lexicon=TINY) == sb.solve(made, lexicon=TINY)


@SETTINGS
@given(lexicon=anything, top=anything, allow_s=anything, exclude=anything, min_zipf=anything)
def test_best_arguments(lexicon, top, allow_s, exclude, min_zipf):
    lexicon = TINY if lexicon is None else lexicon
    try:
        result = sb.best(
            lexicon=lexicon, top=top, allow_s=allow_s, exclude=exclude, min_zipf=min_zipf
        )
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert lexicon is TINY and isinstance(top, int) and 1 <= top <= MAX_TOP
    assert allow_s in (True, False)
    assert min_zipf is None or (math.isfinite(min_zipf) and 0 <= min_zipf <= MAX_ZIPF)
    assert result.best.score == simple_best(lexicon=TINY, allow_s=allow_s)[0][1] or min_zipf


@SETTINGS
@given(
    count=anything,
    seed=st.one_of(st.integers(), anything),
    score=anything,
    pangrams=st.one_of(st.integers(-2, 3), anything),
)
def test_generate_arguments(count, seed, score, pangrams):
    try:
        result = sb.generate(
            lexicon=TINY, count=count, seed=seed, score=score, words=(None, None), pangrams=pangrams
        )
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert isinstance(count, int) and 1 <= count <= MAX_PUZZLES
    assert seed is None or abs(seed) < 2**63
    low, high = score
    for puzzle in result.puzzles:
        assert len(puzzle.pangrams) >= pangrams
        assert (low is None or puzzle.score >= low) and (high is None or puzzle.score <= high)


@SETTINGS
@given(found=st.one_of(st.lists(st.text(max_size=12), max_size=8), anything))
def test_check_arguments(found):
    hive = sb.Honeycomb("ACEIORT", "T")
    try:
        result = sb.check(hive, found, lexicon=TINY)
    except InputError as e:
        assert "\n" not in str(e)
        return
    assert set(result.found) <= {"cacciatore", "erotica"}
    assert result.score + result.to_dict()["progress"]["points_left"] == 31
    json.dumps(result.to_dict(), allow_nan=False)


@SETTINGS
@given(word=anything, max_score=anything, score=anything)
def test_small_functions(word, max_score, score):
    for call in (
        lambda: word_score(word),
        lambda: word_problem(word, sb.Honeycomb("ACEIORT", "T")),
        lambda: hints(word),
        lambda: ranks(max_score),
        lambda: rank_of(score, max_score),
        lambda: set_ranks(word),
    ):
        try:
            call()
        except InputError as e:
            assert "\n" not in str(e)


@settings(max_examples=40, deadline=None)
@given(lexicon=lexicons, allow_s=st.booleans())
def test_fast_scores_equal_simple_scores(lexicon, allow_s):
    """On random small lexicons the vectorised scores equal the plain notebook-style ones, and
    best() is their top, ties broken by later letters and center."""
    ranked = simple_best(lexicon=lexicon, allow_s=allow_s)
    simple = dict(ranked)
    assert len(simple) == len(ranked)
    cands = candidates(lexicon, allow_s)
    assert {cands.honeycomb(i): int(cands.scores[i]) for i in range(len(cands))} == simple
    if not simple:
        with pytest.raises(NoSolutionError):
            sb.best(lexicon=lexicon, allow_s=allow_s)
        return
    top = max(simple.items(), key=lambda kv: (kv[1], kv[0].letters, kv[0].center))
    assert ranked[0] == top
    result = sb.best(lexicon=lexicon, top=3, allow_s=allow_s)
    assert (result.best.honeycomb, result.best.score) == top
    for r in result.top:
        solution = sb.solve(r.honeycomb, lexicon=lexicon)
        assert (solution.score, solution.count, len(solution.pangrams)) == (
            r.score,
            r.words,
            r.pangrams,
        )


@settings(max_examples=40, deadline=None)
@given(lexicon=lexicons, letters=st.permutations("abcdefghis").map(lambda p: "".join(p[:7])))
def test_solve_equals_the_rules(lexicon, letters):
    hive = sb.Honeycomb(letters)
    solution = sb.solve(hive, lexicon=lexicon)
    assert solution == sb.solve(letters, lexicon=lexicon)
    assert list(solution.words) == [w for w in lexicon.words if obeys_rules(w, hive)]
    assert all(word_score(w) == p for w, p in solution.word_scores().items())


@settings(max_examples=25, deadline=None)
@given(lexicon=lexicons, seed=st.integers(-(2**63) + 1, 2**63 - 1), count=st.integers(1, 5))
def test_generate_reproducible_for_any_seed(lexicon, seed, count):
    try:
        a = sb.generate(lexicon=lexicon, count=count, seed=seed)
    except NoSolutionError:  # every pangram has an S
        assert all("s" in w for w in lexicon.words if len(set(w)) == 7)
        return
    b = sb.generate(lexicon=lexicon, count=count, seed=seed)
    assert [p.honeycomb for p in a.puzzles] == [p.honeycomb for p in b.puzzles]
    assert len({p.honeycomb for p in a.puzzles}) == len(a.puzzles) == min(count, a.eligible)


# ----------------------------------------------------------------------------- the command line

RUNNER = CliRunner()
number_text = st.one_of(
    st.integers(-(10**14), 10**14).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["nan", "inf", "-inf", "", "1e999", "0x10", "ten", "-1", "10**12"]),
)


@pytest.fixture(scope="module")
def tiny_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("bee-props") / "tiny.txt"
    path.write_text(" ".join(EXAMPLE_WORDS) + "\n")
    return str(path)


def run(*args: str):
    return RUNNER.invoke(main, list(args), catch_exceptions=False)


def result_or_one_line(result) -> dict | None:
    """Exit 0 with one JSON object naming its lexicon, or exit 2 with one error line."""
    if result.exit_code == 0:
        data = json.loads(result.stdout)
        assert data["lexicon"]["name"] == "tiny"
        return data
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert result.stdout == ""
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    letters=hive_text.filter(lambda t: not t.startswith("-")),
    center=hive_text,
    found=st.text(max_size=20),
)
def test_cli_solve(tiny_file, letters, center, found):
    args = ["bee", "solve", letters, "--center", center, "--json", "--lexicon", tiny_file]
    result_or_one_line(run(*args))
    data = result_or_one_line(run(*args, "--found", found))
    if data is not None:
        assert "words" not in data and set(data["progress"]["found"]) <= {"cacciatore", "erotica"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(top=number_text, option=st.sampled_from(["--top", "--min-zipf"]))
def test_cli_best(tiny_file, top, option):
    data = result_or_one_line(run("bee", "best", option, top, "--json", "--lexicon", tiny_file))
    if data is not None and option == "--top":
        assert len(data["top"]) == min(int(top), 14) and data["score"] == 31


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    option=st.sampled_from(["--seed", "--count", "--pangrams", "--score", "--words"]),
    value=st.one_of(number_text, st.from_regex(r"\A\d{0,13}-?\d{0,13}\Z")),
)
def test_cli_generate(tiny_file, option, value):
    args = ["bee", "generate", option, value, "--json", "--lexicon", tiny_file]
    data = result_or_one_line(run(*args))
    if data is not None and option == "--seed":
        assert data["seed"] == int(value) and data == json.loads(run(*args).stdout)
