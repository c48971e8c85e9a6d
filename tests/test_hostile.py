"""Hostile input across the whole tool: random bytes as word lists, random words and numbers as
command arguments and library arguments. Each gives either a correct result or one clean
failure: a ``LetterplayError`` from the library, exit status 2 with one ``error:`` line from
the command line. Nothing else: no traceback, no other exception, no partial output.

The per-puzzle property suites (``test_*_properties.py``, ``test_letterboxed_hostile.py``)
check the answers themselves; this one checks the edges every command shares.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import lexicon as lx
from letterplay.errors import InputError, LetterplayError, LexiconError

SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# Arguments a user might type or paste: words, letters, numbers of every kind, junk.
WORDISH = st.one_of(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFG", min_size=0, max_size=12),
    st.text(min_size=0, max_size=8),
    st.sampled_from(["nan", "inf", "-inf", "-1", "0", "1e400", "10**12", "", " ", "é", "a,b"]),
    st.integers(-(2**70), 2**70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)

# command, its fixed arguments, and where a random value goes: (option or None for a position)
COMMANDS = [
    (["bee", "solve"], None),
    (["bee", "solve", "CEFINTV"], "--center"),
    (["bee", "solve", "CEFINTV"], "--min-zipf"),
    (["bee", "generate", "--count", "1"], "--seed"),
    (["bee", "generate", "--count", "1"], "--score"),
    (["letterboxed", "solve"], None),
    (["letterboxed", "solve", "TAP", "ERD", "NIL", "YCO"], "--max-words"),
    (["letterboxed", "solve", "TAP", "ERD", "NIL", "YCO"], "--min-zipf"),
    (["anigrams", "chain"], None),
    (["anigrams", "count"], "--start"),
    (["anigrams", "count"], "--from"),
    (["anigrams", "play"], "--seed"),
    (["ladder", "cold"], None),
    (["multiplet", "cat", "dog"], "--time-limit"),
    (["multiplet", "cat", "dog"], "--exclude"),
    (["lexicon", "info"], None),
]


def _clean(result) -> None:
    """A command either succeeded or failed with exit 2 and one ``error:`` line."""
    assert "Traceback" not in result.stderr, result.stderr
    if result.exit_code == 0:
        return
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr


@pytest.fixture(scope="module")
def small_list(tmp_path_factory):
    """A small word list with a few of each puzzle's words, so each example runs in
    milliseconds (the defaults' figures are checked elsewhere)."""
    words = (
        "cold cord card ward warm worm word cat cot cog dog dot tap pat ate tea eat "
        "ride dire dried redid riddle rides civet evict effective fictive ancient plead "
        "dictionary torpidly yelp canopy dielectric"
    ).split()
    path = tmp_path_factory.mktemp("lists") / "small.txt"
    path.write_text("\n".join(words) + "\n")
    return path


@pytest.mark.parametrize(("args", "option"), COMMANDS, ids=[" ".join(a) for a, _ in COMMANDS])
@SETTINGS
@given(value=WORDISH)
def test_commands_answer_or_fail_in_one_line(cli_runner, small_list, args, option, value):
    tail = ["--", value] if option is None else [f"{option}={value}"]
    result = cli_runner([*args, "--lexicon", str(small_list), "--json", *tail])
    _clean(result)
    if result.exit_code == 0:
        data = json.loads(result.stdout)  # strict JSON: no NaN or Infinity
        assert data["lexicon"]["name"] == "small"


@SETTINGS
@given(data=st.binary(max_size=400))
def test_random_bytes_are_a_word_list_or_one_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "junk.txt"
    path.write_bytes(data)
    try:
        lexicon = lx.Lexicon.from_file(path)
    except LetterplayError as e:
        assert str(e) and "\n" not in str(e)
        return
    assert all(w.isascii() and w.isalpha() and w.islower() for w in lexicon.words)
    assert list(lexicon.words) == sorted(set(lexicon.words))


@SETTINGS
@given(data=st.binary(max_size=400))
def test_random_bytes_as_a_lexicon_file_on_the_command_line(cli_runner, tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "junk.txt"
    path.write_bytes(data)
    _clean(cli_runner(["bee", "solve", "CEFINTV", "--lexicon", str(path), "--json"]))


@SETTINGS
@given(
    spec=st.one_of(
        st.none(),
        st.integers(),
        st.floats(),
        st.binary(max_size=5),
        st.lists(st.text(max_size=3), max_size=3),
        st.text(max_size=10),
    )
)
def test_load_takes_a_name_or_path_or_raises_one_error(spec):
    try:
        lexicon = lx.load(spec)
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert isinstance(lexicon, lx.Lexicon) and len(lexicon) > 0


@SETTINGS
@given(
    words=st.one_of(
        st.text(max_size=10),
        st.lists(st.text(max_size=10), max_size=6),
        st.lists(st.integers(), max_size=3),
        st.integers(),
        st.binary(max_size=5),
    )
)
def test_from_words_takes_a_sequence_of_words_or_raises_one_error(words):
    try:
        lexicon = lx.Lexicon.from_words(words)
    except LetterplayError as e:
        assert "\n" not in str(e)
        wrong_type = not isinstance(words, list) or any(not isinstance(w, str) for w in words)
        assert wrong_type or "no valid words" in str(e), e
        return
    assert isinstance(words, list | tuple)
    assert set(lexicon.words) <= {w.strip().lower() for w in words}


@SETTINGS
@given(value=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 5)))
def test_library_numbers_are_checked(value):
    from letterplay import letterboxed as lb

    lexicon = lx.Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    board = lb.parse_board(["ab", "cd", "ef"])
    try:
        result = lb.solve(board, lexicon=lexicon, min_zipf=value)
    except LetterplayError as e:
        if math.isfinite(value) and 0 <= value <= 8:
            assert "no solution" in str(e), e  # every word is rarer than that
        else:
            assert str(e).startswith("`min_zipf` must be a finite number from 0 to 8"), e
        return
    assert math.isfinite(value) and result.min_words >= 1


@pytest.fixture
def cli_runner():
    """The command in-process, its stdout and stderr apart."""
    from click.testing import CliRunner

    from letterplay.cli import main

    runner = CliRunner()
    return lambda args: runner.invoke(main, [str(a) for a in args], catch_exceptions=False)


# ----------------------------------------------------------------------------- argument types

NOT_WORDS = [b"ride", ["ride"], None, 3, 2.5, np.array(["ride"]), {"ride": 1}]


@pytest.mark.parametrize("value", NOT_WORDS, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("method", ["zipf", "word_id"])
def test_a_lexicon_s_word_lookups_take_a_str_or_name_the_parameter(method, value):
    lexicon = lx.load("enable1")
    with pytest.raises(InputError, match=r"^`word` must be a string, not ") as caught:
        getattr(lexicon, method)(value)
    assert caught.value.parameter == "word"
    assert value not in lexicon  # membership: not a word, never an error


@pytest.mark.parametrize("value", [*NOT_WORDS[:3], 172_820, -172_821, "A" * 10**6])
def test_a_lexicon_s_word_by_position_takes_a_whole_number_in_range(value):
    with pytest.raises(InputError, match=r"^`i` must be a whole number from -172,820") as caught:
        lx.load("enable1").word(value)
    assert caught.value.parameter == "i" and len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda lex: lex.subset([True]), "mask"),
        (lambda lex: lex.subset(np.ones(3, dtype=int)), "mask"),
        (lambda lex: lx.Lexicon.from_file(b"w.txt"), "path"),
        (lambda lex: lx.Lexicon.from_file(3), "path"),
        (lambda lex: lx.zipf_frequency(b"the"), "word"),
        (lambda lex: lx.normalise(["ok", 3]), "words"),
        (lambda lex: lx.normalise_text(b"Cat dog"), "text"),
        (lambda lex: lx.identity("cat"), "words"),
        (lambda lex: lx.identity(["cat", None]), "words"),
        (lambda lex: lx.find(["enable1"]), "name"),
        (lambda lex: lx.load(["enable1"]), "spec"),
    ],
)
def test_lexicon_functions_check_their_argument_types(call, parameter):
    lexicon = lx.Lexicon.from_words(["cat", "dog", "the"])
    with pytest.raises(LetterplayError) as caught:
        call(lexicon)
    assert caught.value.parameter == parameter
    assert str(caught.value).startswith(f"`{parameter}` must ")


@pytest.mark.parametrize(
    "spec",
    [
        "A" * 10**6,  # no file can have this name (ENAMETOOLONG)
        "/tmp/" + "a" * 5000 + ".txt",
        "x" * 300 + ".txt",
        "a\0b",
        "a\0b.txt",
    ],
)
def test_a_name_no_file_can_have_is_one_short_lexicon_error(spec):
    for load in (lx.load, lx.Lexicon.from_file):
        with pytest.raises(LexiconError) as caught:
            load(spec)
        message = str(caught.value)
        assert len(message) < 200 and "\n" not in message, message
        assert "…" in message or len(spec) < 80


def test_messages_cap_what_they_echo():
    from letterplay import validate
    from letterplay.errors import SHOWN, shown

    for value in ("A" * 10**6, b"B" * 10**6, list(range(10**6)), 10**5000, np.zeros(10**6)):
        assert len(shown(value)) <= SHOWN and "\n" not in shown(value)
        with pytest.raises(InputError) as caught:
            validate.whole("limit", value, low=0, high=10)
        assert len(str(caught.value)) < 200
    assert shown("ride") == "'ride'" and shown(None) == "None"


@pytest.mark.parametrize(
    "args",
    [
        ["lexicon", "info", "A" * 10**6],
        ["bee", "solve", "CEFINTV", "--lexicon", "A" * 10**6],
        ["bee", "solve", "CEFINTV", "--lexicon", "/tmp/" + "A" * 10**6 + ".txt"],
        ["bee", "solve", "C" * 10**6],
        ["anigrams", "chain", "A" * 10**6],
    ],
    ids=["lexicon info", "bee --lexicon name", "bee --lexicon path", "bee letters", "anigrams"],
)
def test_the_command_line_echoes_a_megabyte_in_one_short_line(cli_runner, args):
    result = cli_runner(args)
    assert result.exit_code == 2, result.stderr
    _clean(result)
    assert len(result.stderr) < 200, result.stderr[:300]
