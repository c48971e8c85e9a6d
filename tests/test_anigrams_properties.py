"""Anigrams under hostile input: random words, numbers and strings given to the public API and
to the commands give either a correct result or one LetterplayError / exit 2 with one line."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import anigrams as ag
from letterplay.anigrams.simple import simple_count, simple_longest
from letterplay.cli import main
from letterplay.errors import InputError, LetterplayError
from letterplay.lexicon import Lexicon

WORDS = "ride dire ired dried redid riddle riddler riddlers rides sired dries rid dirl".split()
LEX = Lexicon.from_words(WORDS, name="tiny")

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.lists(st.text("deirls", max_size=6), max_size=4),
)
lengths = st.one_of(st.none(), st.integers(-3, 12), anything)
letters = st.one_of(st.none(), st.text("deirlsz", min_size=1, max_size=9), anything)


def _one_line(error: LetterplayError) -> None:
    message = str(error)
    assert message and "\n" not in message


def _given(**keywords):
    """The keywords that are not None (left out, the library's defaults apply)."""
    return {k: v for k, v in keywords.items() if v is not None}


@settings(max_examples=200, deadline=None)
@given(start=lengths, end=lengths, origin=letters, target=letters)
def test_count_answers_or_refuses(start, end, origin, target):
    try:
        result = ag.count(start=start, end=end, origin=origin, target=target, lexicon=LEX)
    except LetterplayError as e:
        _one_line(e)
        return
    if origin is None and target is None:
        assert result.games == simple_count(start=result.start, end=result.end, lexicon=LEX)
    assert result.games >= 0 and 1 <= result.start <= result.end <= 8
    assert sum(result.by_start_term().values()) == result.games


@settings(max_examples=150, deadline=None)
@given(start=lengths, list_all=st.booleans(), max_listed=st.one_of(st.integers(-2, 5), anything))
def test_longest_answers_or_refuses(start, list_all, max_listed):
    keywords = _given(start=start, max_listed=max_listed)
    try:
        result = ag.longest(list_all=list_all, lexicon=LEX, **keywords)
    except LetterplayError as e:
        _one_line(e)
        return
    assert (result.length, result.count) == simple_longest(start=result.start, lexicon=LEX)
    if list_all:
        assert len(result.chains) == result.count <= keywords.get("max_listed", ag.rules.MAX_LISTED)


@settings(max_examples=150, deadline=None)
@given(seed=st.one_of(st.integers(-(2**64), 2**64), anything), start=lengths, end=lengths)
def test_play_answers_or_refuses(seed, start, end):
    try:
        game = ag.play(seed=seed, lexicon=LEX, **_given(start=start, end=end))
    except LetterplayError as e:
        _one_line(e)
        return
    assert abs(game.seed) < 2**63
    assert ag.check(game.chain.shown, lexicon=LEX).valid
    assert sorted(game.scrambled) == sorted(game.chain.terms[0])
    if seed is not None:
        first, last = len(game.chain.terms[0]), len(game.chain.terms[-1])
        again = ag.play(seed=seed, start=first, end=last, lexicon=LEX)
        assert again == game


@settings(max_examples=200, deadline=None)
@given(words=st.one_of(st.lists(st.text(max_size=8), max_size=5), anything))
def test_check_answers_or_refuses(words):
    try:
        result = ag.check(words, lexicon=LEX)
    except LetterplayError as e:
        _one_line(e)
        assert (
            not isinstance(words, list)
            or not words
            or not all(w.strip().isascii() and w.strip().isalpha() for w in words)
        )
        return
    assert isinstance(words, list) and len(result.steps) == len(words)
    assert result.valid == all(s.ok for s in result.steps)


@settings(max_examples=100, deadline=None)
@given(word=letters, min_zipf=st.one_of(st.floats(allow_nan=True), anything))
def test_chain_and_min_zipf_answer_or_refuse(word, min_zipf):
    try:
        result = ag.chain(word, lexicon=LEX)
    except LetterplayError as e:
        _one_line(e)
    else:
        assert ag.check(result.chain.shown, lexicon=LEX).valid
    try:
        common = ag.table(start=3, lexicon=LEX, min_zipf=min_zipf).lexicon
    except LetterplayError as e:
        _one_line(e)
        if isinstance(min_zipf, float) and not math.isfinite(min_zipf):
            assert "min_zipf" in str(e)
    else:
        assert set(common.words) <= set(LEX.words)


def test_a_lone_string_is_not_a_chain():
    with pytest.raises(InputError, match="`words` must be a sequence of words, not the string"):
        ag.check("ride", lexicon=LEX)
    with pytest.raises(InputError, match="`one_letter` must be True or False"):
        ag.count(lexicon=LEX, one_letter="ai")


def test_arguments_are_named():
    for call, name in [
        (lambda: ag.count(lexicon=3.5), "`lexicon` must be a Lexicon, a catalog name"),
        (lambda: ag.count(start=True, lexicon=LEX), "`start` must be a whole number"),
        (lambda: ag.count(start=4.0, lexicon=LEX), "`start` must be a whole number"),
        (lambda: ag.count(end=2**70, lexicon=LEX), "`end` must be from 1 to 8"),
        (lambda: ag.count(origin=4, lexicon=LEX), "`origin` must be a string"),
        (lambda: ag.count(target="r!d", lexicon=LEX), "`target` must be letters"),
        (lambda: ag.count(origin="ride", start=5, lexicon=LEX), "`start` (5) must be 4"),
        (lambda: ag.table(start="4", lexicon=LEX), "`start` must be a whole number"),
        (lambda: ag.play(seed=2**63, lexicon=LEX), "`seed` must be a whole number"),
        (lambda: ag.play(seed=1.5, lexicon=LEX), "`seed` must be a whole number"),
        (lambda: ag.play(answers=1, lexicon=LEX), "`answers` must be True or False"),
        (lambda: ag.count(min_zipf=float("nan"), lexicon=LEX), "`min_zipf` must be a finite"),
        (lambda: ag.count(min_zipf=9, lexicon=LEX), "`min_zipf` must be a finite number from 0"),
        (lambda: ag.longest(start=3, max_listed=-1, lexicon=LEX), "`max_listed` must be"),
        (lambda: ag.longest(list_all=1, lexicon=LEX), "`list_all` must be True or False"),
        (lambda: ag.chain(None, lexicon=LEX), "`word` must be a string"),
        (lambda: simple_count(start=4, end=3, lexicon=LEX), "`end` must be a whole number of at"),
    ]:
        with pytest.raises(LetterplayError) as info:
            call()
        assert name in str(info.value)
        assert info.value.parameter is not None, name


def test_too_many_chains_is_refused_before_listing():
    two = Lexicon.from_words(["abcd", "abce", "abcde"], name="two")
    with pytest.raises(ag.TooManyChainsError, match=r"2 longest chains are more than `max_listed`"):
        ag.longest(start=4, list_all=True, max_listed=1, lexicon=two)
    listed = ag.longest(start=4, list_all=True, max_listed=2, lexicon=two)
    assert listed.chains == (("abcd", "abcde"), ("abce", "abcde"))
    assert listed.listing() == "abcd abcde\nabce abcde\n"


def test_seeds_negative_and_large_reproduce():
    for seed in (-1, -(2**63) + 1, 2**63 - 1, 0):
        assert ag.play(seed=seed, end=6, lexicon=LEX) == ag.play(seed=seed, end=6, lexicon=LEX)
    seen = {ag.play(seed=s, start=3, end=5, lexicon=LEX).chain.terms for s in range(-20, 20)}
    assert len(seen) > 1


# ----------------------------------------------------------------------------- command line

options = st.lists(
    st.one_of(
        st.sampled_from(["--start", "--end", "--from", "--to", "--min-zipf", "--seed", "--json"]),
        st.sampled_from(["4", "9", "-1", "0", "nan", "inf", "1e400", "ride", "r1de", "", "3.5"]),
        st.text(max_size=6),
        st.integers(-(2**70), 2**70).map(str),
    ),
    max_size=6,
)


@pytest.fixture(scope="module")
def word_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / "tiny.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    command=st.sampled_from(["count", "longest", "table", "play", "chain", "check"]), args=options
)
def test_commands_answer_or_refuse_in_one_line(word_file, command, args):
    runner = CliRunner()
    result = runner.invoke(main, ["anigrams", command, "--lexicon", str(word_file), *args])
    if result.exit_code == 0:
        if "--json" in args:
            data = json.loads(result.stdout)
            assert data["lexicon"]["name"] == "tiny"
        return
    assert result.exit_code == 2, (args, result.output, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), (args, result.stderr)
    assert "Traceback" not in result.stderr


def test_count_from_with_a_different_start_is_refused(cli, bad_input, word_file):
    bad_input(
        cli("anigrams", "count", "--lexicon", word_file, "--from", "ride", "--start", "5"),
        "--start (5) must be 4, the length of --from 'ride'",
    )
    agree = cli(
        "anigrams", "count", "--lexicon", word_file, "--from", "ride", "--start", "4", "--end", "6"
    )
    assert agree.exit_code == 0 and "1 game" in agree.stdout
    bad_input(cli("anigrams", "play", "--lexicon", word_file, "--seed", "nan"), "--seed")
    assert (
        cli("anigrams", "play", "--lexicon", word_file, "--seed", "-5", "--end", "6").exit_code == 0
    )


# ----------------------------------------------------------------------------- start-up

PROBE = """
import sys
from letterplay.cli import main
sys.argv = ["letterplay", "anigrams", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
heavy = ("scipy", "matplotlib", "wordfreq", "rich.table")
print("\\nLOADED", sorted({m.split(".")[0] if m != "rich.table" else m for m in sys.modules
                           if m.startswith(heavy)}), file=sys.stderr)
"""


@pytest.mark.parametrize("command", [["count", "--json"], ["longest", "--json"]])
def test_warm_commands_import_no_scipy(command):
    # The first run builds the caches; the second is a warm run, whose imports are checked.
    for _ in range(2):
        run = subprocess.run(
            [sys.executable, "-c", PROBE, *command], capture_output=True, text=True, check=True
        )
    loaded = run.stderr.split("LOADED")[-1]
    for module in ("scipy", "matplotlib", "wordfreq", "rich.table"):
        assert module not in loaded, (module, loaded)


def test_no_matplotlib_warnings_when_home_cannot_be_written(word_file, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME")}
    env["HOME"] = "/proc/letterplay-no-home"  # not a folder anyone can create
    plot = tmp_path / "table.svg"
    args = ["table", "--lexicon", str(word_file), "--start", "3", "-o", str(plot), "--json"]
    run = subprocess.run(
        [sys.executable, "-m", "letterplay", "anigrams", *args],
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert json.loads(run.stdout)["output"] == str(plot) and plot.read_text().endswith("</svg>\n")


def test_processes_sharing_an_empty_cache_agree(tmp_path):
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "letterplay", "anigrams", "count", "--json", "--end", "7"]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) for _ in range(3)]
    outputs = [json.loads(p.communicate()[0]) for p in runs]
    assert all(p.returncode == 0 for p in runs)
    assert {out["games"] for out in outputs} == {403_416}  # the table at 7 letters
    again = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert json.loads(again.stdout)["games"] == 403_416
