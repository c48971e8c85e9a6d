"""Letter Boxed under hostile input: random sides, words, numbers and options give either a
correct result or one LetterplayError (on the command line: exit 2 and one ``error:`` line),
nothing else."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import letterboxed as lb
from letterplay.errors import LetterplayError
from letterplay.letterboxed.rules import MAX_LETTERS
from letterplay.lexicon import Lexicon

WORDS = ["ace", "ebd", "dfa", "acf", "fbd", "bde", "acfbde", "tap", "ancient", "torpidly"]
TINY = Lexicon.from_words(WORDS, name="tiny")
FAST = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

letters = st.text("abcdefghijklmnopqrstuvwxyzABC", min_size=0, max_size=5)
sides_text = st.one_of(letters, st.text(max_size=4), st.sampled_from(["ab", "cd", "ef", "é", " "]))
any_sides = st.one_of(
    st.lists(sides_text, max_size=7),
    st.text(max_size=12),  # a lone string: sides separated by commas or spaces, never letters
    st.lists(st.one_of(st.integers(), st.none(), st.binary(max_size=3)), max_size=4),
    st.integers(),
    st.none(),
)
numbers = st.one_of(
    st.none(),
    st.integers(-(10**13), 10**13),
    st.integers(-2, 14),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.booleans(),
)


def assert_valid_board(board: lb.Board) -> None:
    assert 3 <= len(board.sides) <= MAX_LETTERS
    assert all(
        side and side.isascii() and side.isalpha() and side.islower() for side in board.sides
    )
    assert len(set(board.letters)) == board.n <= MAX_LETTERS


@FAST
@given(any_sides, st.booleans())
def test_parse_board_gives_a_board_or_one_error(sides, ragged):
    try:
        board = lb.parse_board(sides, ragged=ragged)
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert_valid_board(board)
    given = sides.replace(",", " ").split() if isinstance(sides, str) else sides
    assert [s.strip().lower() for s in given] == list(board.sides)


def assert_solution(board: lb.Board, words: tuple[str, ...]) -> None:
    """A solution by the rules, read letter by letter."""
    assert all(len(w) >= 3 and w in TINY for w in words)
    assert all(
        board.side_of(a) != board.side_of(b) for w in words for a, b in itertools.pairwise(w)
    )
    assert all(b[0] == a[-1] for a, b in itertools.pairwise(words))
    assert set("".join(words)) == set(board.letters)
    assert set("".join(words[:-1])) != set(board.letters)


@FAST
@given(
    st.sampled_from([("ab", "cd", "ef"), ("tap", "erd", "nil", "yco"), ("a", "b", "c")]),
    numbers,
    numbers,
    numbers,
    st.one_of(st.booleans(), st.integers(), st.none()),
)
def test_solve_gives_a_correct_result_or_one_error(sides, max_words, min_zipf, limit, distinct):
    board = lb.parse_board(sides)
    options = {"max_words": max_words, "min_zipf": min_zipf, "distinct": distinct}
    if limit is not None:
        options["limit"] = limit
    try:
        result = lb.solve(board, lexicon=TINY, **options)
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert isinstance(max_words, int | None) and isinstance(limit, int | None)
    assert 1 <= result.min_words <= (max_words or result.min_words)
    assert len(result.solutions) <= (10 if limit is None else limit)
    for s in result.solutions:
        assert_solution(board, s.words)
    json.dumps(result.to_dict(), allow_nan=False)


@FAST
@given(
    st.one_of(st.lists(st.text(max_size=9), max_size=4), st.text(max_size=9), st.integers()),
)
def test_check_judges_or_gives_one_error(words):
    board = lb.parse_board(("ab", "cd", "ef"))
    try:
        result = lb.check(board, words, lexicon=TINY)
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert result.valid == (not result.problems)
    if result.valid:
        assert_solution(board, result.words)


@FAST
@given(
    numbers,
    numbers,
    st.one_of(st.none(), st.integers(-2, 6)),
    st.one_of(st.none(), st.integers(-(2**64), 2**64)),
    numbers,
    st.one_of(st.integers(-2, 3), st.just(10**12)),
)
def test_generate_gives_a_fair_board_or_one_error(sides, per_side, vowels, seed, min_zipf, tries):
    try:
        result = lb.generate(
            lexicon=TINY,
            sides=sides,
            per_side=per_side,
            vowels=vowels,
            seed=seed,
            min_zipf=min_zipf,
            tries=tries,
        )
    except LetterplayError as e:
        assert "\n" not in str(e)
        return
    assert_valid_board(result.board)
    assert result.solve.min_words <= 2


# ----------------------------------------------------------------------------- command line


@pytest.fixture(scope="module")
def tiny_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("lexicon") / "tiny.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def number_text():
    return st.one_of(
        st.integers(-(10**13), 10**13).map(str),
        st.integers(-2, 14).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(str),
        st.sampled_from(["", "x", "1e400", "-0", "0x10", "2**64"]),
    )


def assert_clean(result) -> dict | None:
    """Exit 0 with one JSON object, or exit 2 with one ``error:`` line: nothing else."""
    assert "Traceback" not in result.stderr
    if result.exit_code == 0:
        return json.loads(result.stdout)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert result.stdout == ""
    return None


@FAST
@given(
    st.lists(st.text("abcdefgtapernilyco7 -", max_size=4), min_size=1, max_size=6),
    st.sampled_from(["--max-words", "--limit", "--min-zipf"]),
    number_text(),
    st.booleans(),
)
def test_cli_solve_is_clean(cli, tiny_file, sides, option, value, ragged):
    args = ["letterboxed", "solve", "--lexicon", tiny_file, "--json", f"{option}={value}"]
    args += ["--ragged"] * ragged + ["--", *sides]
    data = assert_clean(cli(*args))
    if data is not None:  # each argument holds one side or several (commas, spaces)
        board = lb.parse_board(" ".join(sides), ragged=True)
        assert data["board"] == [s.upper() for s in board.sides]
        for words in data["solutions"]:
            assert_solution(board, tuple(words))
        assert data["lexicon"]["name"] == "tiny"


@FAST
@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    "--sides",
                    "--per-side",
                    "--vowels",
                    "--seed",
                    "--max-solution-words",
                    "--min-zipf",
                    "--tries",
                    "--limit",
                ]
            ),
            number_text(),
        ),
        max_size=3,
    )
)
def test_cli_generate_is_clean(cli, tiny_file, options):
    args = ["letterboxed", "generate", "--lexicon", tiny_file, "--json"]
    tries = [f"{name}={value}" for name, value in options if name == "--tries"]
    args += [f"{name}={value}" for name, value in options if name != "--tries"]
    # a bounded number of tries keeps the test quick; the bound itself is tested above
    args += [*tries[:1]] if tries and _small(tries[0]) else ["--tries=3"]
    data = assert_clean(cli(*args))
    if data is not None:
        assert data["min_words"] <= 2
        assert math.isfinite(data["tries"])


def _small(option: str) -> bool:
    value = option.split("=", 1)[1]
    return not value.lstrip("-").isdigit() or int(value) <= 20


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(st.sampled_from(["ab", "cd", "ef", "AB", "a7", "", "xyz", "tap"]), max_size=5),
    st.sampled_from([".svg", ".png", ".SVG", ".pdf", ""]),
    st.booleans(),
    st.one_of(st.none(), number_text()),
)
def test_cli_draw_writes_a_whole_picture_or_nothing(
    cli, tiny_file, tmp_path_factory, sides, suffix, solution, min_zipf
):
    folder = tmp_path_factory.mktemp("draw")
    target = folder / f"board{suffix}"
    args = ["letterboxed", "draw", "--lexicon", tiny_file, "--json", "-o", target]
    args += ["--solution"] * solution + ([f"--min-zipf={min_zipf}"] if min_zipf else [])
    data = assert_clean(cli(*args, "--", *sides))
    if data is None:
        assert list(folder.iterdir()) == []
        return
    assert [p.name for p in folder.iterdir()] == [target.name]
    head = target.read_bytes()[:8]
    assert head.startswith(b"<?xml") if suffix.lower() == ".svg" else head.startswith(b"\x89PNG")
    if solution:
        assert_solution(lb.parse_board(sides), tuple(data["solution"]))
    assert data["board"] == [s.upper() for s in lb.parse_board(sides).sides]
