"""Letter Boxed: board rules, exact minimum and counts (checked by brute force), listing, checks,
the generator, drawings and the command line."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letterplay import letterboxed as lb
from letterplay.errors import InputError, LetterplayError, NoSolutionError
from letterplay.letterboxed import _generate, _ranking, _tables, _walk
from letterplay.letterboxed import simple as reference
from letterplay.letterboxed._playable import playable_words
from letterplay.lexicon import MAX_ZIPF, Lexicon

SEED_BOARD = ("tap", "erd", "nil", "yco")


# ----------------------------------------------------------------------------- brute force


def brute_playable(sides: tuple[str, ...], words) -> list[str]:
    """Playable words by the rules, letter by letter."""
    side_of = {ch: i for i, side in enumerate(sides) for ch in side}
    return [
        w
        for w in words
        if len(w) >= 3
        and all(ch in side_of for ch in w)
        and all(side_of[a] != side_of[b] for a, b in itertools.pairwise(w))
    ]


def brute_solutions(sides: tuple[str, ...], words, depth: int) -> dict[int, list[tuple]]:
    """Every solution of up to ``depth`` words, by length, by trying every word sequence."""
    playable = brute_playable(sides, words)
    full = set("".join(sides))
    found: dict[int, list[tuple]] = {}
    partial = [((w,), set(w)) for w in playable]
    for k in range(1, depth + 1):
        done = [seq for seq, used in partial if used == full]
        found[k] = done
        partial = [
            ((*seq, w), used | set(w))
            for seq, used in partial
            if used != full
            for w in playable
            if w[0] == seq[-1][-1]
        ]
    return found


def solve_words(sides, words, **options) -> lb.SolveResult:
    return lb.solve(
        lb.parse_board(sides, ragged=True), lexicon=Lexicon.from_words(words), **options
    )


# ----------------------------------------------------------------------------- the board


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        (("tap", "erd", "nil", "yca"), "letter A is on the board twice"),
        (("tap", "erd", "nil", "yco", "t"), "letter T is on the board twice"),
        (("tap", "er", "nil", "yco"), "unequal lengths"),
        ("tap er nil yco", r"pass `ragged=True`"),
        ("tap,erd", "at least 3 sides"),
        (("tap", "erd"), "at least 3 sides"),
        (("tap", "er1", "nil", "yco"), "side 2 must be letters"),
        (("tap", "", "nil", "yco"), "side 2 is empty"),
        (("tap", "érd", "nil", "yco"), "side 2 must be letters"),
        (("abcd", "efgh", "ijkl", "mnop", "qrst"), "at most 16 letters"),
    ],
)
def test_bad_boards(sides, message):
    with pytest.raises(InputError, match=message):
        lb.parse_board(sides)


def test_ragged_board_and_case():
    board = lb.parse_board(["TaP", "er", "nil"], ragged=True)
    assert board.sides == ("tap", "er", "nil")
    assert board.n == 8
    assert board.to_dict() == {"sides": ["TAP", "ER", "NIL"], "letters": "AEILNPRT"}
    assert lb.parse_board(" TaP,er  nil ", ragged=True) == board == lb.Board("tap er nil")


def test_the_board_can_be_text_sides_or_a_board(enable1):
    by_text = lb.solve("TAP ERD NIL YCO", lexicon=enable1, limit=3)
    assert by_text.min_words == 2
    for board in ("tap,erd,nil,yco", SEED_BOARD, list(SEED_BOARD), lb.Board(SEED_BOARD)):
        assert lb.solve(board, lexicon=enable1, limit=3) == by_text
    assert lb.playable("TAP ERD NIL YCO").count == by_text.playable_words  # enable1 by default


def test_playable_words_follow_the_rules():
    words = ["tan", "tap", "pat", "nil", "lint", "rain", "ai", "trail", "tax", "plant", "train"]
    playable = playable_words(lb.parse_board(SEED_BOARD), Lexicon.from_words(words))
    got = sorted(playable.word(i) for i in range(len(playable)))
    # rain: I, N share a side; train: T, A; tax: X is not on the board
    assert got == sorted(brute_playable(SEED_BOARD, words)) == ["plant"]
    letters = "".join(SEED_BOARD)
    assert playable.first[0] == letters.index("p") and playable.last[0] == letters.index("t")
    assert playable.masks[0] == sum(1 << letters.index(ch) for ch in set("plant"))
    assert reference.simple_playable(SEED_BOARD, words) == ["plant"]
    assert lb.playable(SEED_BOARD, lexicon=Lexicon.from_words(words)).words == ("plant",)


# ----------------------------------------------------------------------------- hand-made boards

HAND_SIDES = ("ab", "cd", "ef")
# playable: ace ebd dfa acf fbd bde; not: cab (A, B on one side), ab (short), xyz (off board)
HAND_WORDS = ["ace", "ebd", "dfa", "acf", "fbd", "bde", "cab", "ab", "xyz", "aaa"]
# listed by hand: no word covers the board, no pair does; these five triples do
HAND_SOLUTIONS = {
    ("ace", "ebd", "dfa"),
    ("ebd", "dfa", "ace"),
    ("ebd", "dfa", "acf"),
    ("dfa", "ace", "ebd"),
    ("fbd", "dfa", "ace"),
}


def test_hand_made_board_lists_every_solution():
    result = solve_words(HAND_SIDES, HAND_WORDS, limit=100)
    assert result.min_words == 3
    assert result.count == result.count_distinct == 5
    assert {s.words for s in result.solutions} == HAND_SOLUTIONS
    assert result.fewest_letters == 9
    assert result.playable_words == 6


def test_one_word_solutions_with_the_same_letters_count_twice():
    # acfbde and acebdf use the same letters: two different solutions (acebdff: F twice)
    result = solve_words(HAND_SIDES, [*HAND_WORDS, "acfbde", "acebdf", "acebdff"], limit=100)
    assert (result.min_words, result.count) == (1, 2)
    assert {s.words for s in result.solutions} == {("acfbde",), ("acebdf",)}
    assert result.fewest_letters == 6


def test_a_minimal_solution_can_need_a_word_twice():
    # pca → acb → bxa → acb → byc: the only way to use P, X and Y; nothing shorter exists
    sides = ("a", "b", "c", "x", "y", "p")
    words = ["pca", "acb", "bxa", "byc"]
    result = solve_words(sides, words, limit=10)
    assert (result.min_words, result.count, result.count_distinct) == (5, 1, 0)
    assert [s.words for s in result.solutions] == [("pca", "acb", "bxa", "acb", "byc")]
    assert solve_words(sides, words, distinct=True).solutions == ()
    longer = solve_words(sides, words, max_words=7)
    assert longer.counts_by_words == {5: 1, 6: 0, 7: 1}
    assert longer.distinct_by_words == {5: 0, 6: 0, 7: 0}
    assert brute_solutions(sides, words, 7)[7] == [
        ("pca", "acb", "bxa", "acb", "bxa", "acb", "byc")
    ]


def test_no_solution_within_the_bound():
    with pytest.raises(NoSolutionError, match="no solution within 2 words"):
        solve_words(HAND_SIDES, HAND_WORDS, max_words=2)
    with pytest.raises(NoSolutionError, match=r"on board AB CD EF \(no playable word uses F\)"):
        solve_words(HAND_SIDES, ["ace", "ebd"])
    with pytest.raises(NoSolutionError, match=r"no solution on board AB CD EF$"):
        solve_words(HAND_SIDES, ["ace", "dfa", "bde"])  # every letter, but no chain uses them all


def test_max_words_counts_every_length():
    lengths = (3, 4, 5, 6)
    result = solve_words(HAND_SIDES, HAND_WORDS, max_words=6, limit=10_000)
    brute = brute_solutions(HAND_SIDES, HAND_WORDS, 6)
    assert result.counts_by_words == {k: len(brute[k]) for k in lengths}
    assert result.distinct_by_words == {
        k: sum(len(set(s)) == len(s) for s in brute[k]) for k in lengths
    }
    assert result.total == sum(len(brute[k]) for k in lengths)
    listed = [s.words for s in result.solutions]
    assert sorted(listed) == sorted(s for k in lengths for s in brute[k])
    assert [len(w) for w in listed] == sorted(len(w) for w in listed)  # shortest first


def test_distinct_count_beyond_the_budget_is_not_guessed(monkeypatch):
    monkeypatch.setattr(_walk, "DISTINCT_BUDGET", 0)
    result = solve_words(HAND_SIDES, HAND_WORDS, max_words=5)
    assert result.distinct_by_words[5] is None
    assert result.distinct_by_words[4] is not None  # 3 and 4 words: inclusion–exclusion


def test_too_many_tied_solutions_to_rank_is_an_error(monkeypatch):
    monkeypatch.setattr(_ranking, "ENUMERATION_CAP", 0)
    top = solve_words(HAND_SIDES, HAND_WORDS, limit=2)
    assert len(top.solutions) == 2  # ranked under a Zipf floor
    monkeypatch.setattr(_ranking, "LIST_CAP", 1)
    with pytest.raises(InputError, match="tie for the last places"):
        solve_words(HAND_SIDES, HAND_WORDS, limit=2)


# ----------------------------------------------------------------------------- property test


@st.composite
def small_puzzles(draw):
    """A board of 3–4 sides with 1–2 letters each and a lexicon of short words over its letters:
    mostly playable ones (a walk that changes side at every letter), some not (a letter repeated
    on its side, or one from outside the board)."""
    n_sides = draw(st.integers(3, 4))
    lengths = draw(st.lists(st.integers(1, 2), min_size=n_sides, max_size=n_sides))
    letters = draw(st.permutations("abcdefghij"))
    sides, start = [], 0
    for k in lengths:
        sides.append("".join(letters[start : start + k]))
        start += k
    board = "".join(sides)
    anything = st.sampled_from(board + letters[start])

    def word(first_letter: str) -> st.SearchStrategy[str]:
        return st.lists(anything, min_size=2, max_size=4).map(
            lambda rest: first_letter + "".join(rest)
        )

    words = set()
    for _ in range(draw(st.integers(1, 12))):
        if draw(st.booleans()) or draw(st.booleans()):  # a walk across the board
            w = draw(st.sampled_from(board))
            for _ in range(draw(st.integers(2, 4))):
                here = next(s for s in sides if w[-1] in s)
                w += draw(st.sampled_from([ch for ch in board if ch not in here]))
        else:
            w = draw(word(draw(st.sampled_from(board))))
        words.add(w)
    return tuple(sides), sorted(words)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_exact_solver_matches_brute_force(puzzle):
    sides, words = puzzle
    depth = 4
    brute = brute_solutions(sides, words, depth)
    lengths = [k for k in range(1, depth + 1) if brute[k]]
    if not lengths:
        with pytest.raises(NoSolutionError):
            solve_words(sides, words, max_words=depth)
        return
    k = lengths[0]
    result = solve_words(sides, words, limit=10_000)
    assert result.min_words == k  # no shorter solution exists
    assert result.count == len(brute[k])
    assert result.count_distinct == sum(len(set(s)) == len(s) for s in brute[k])
    assert result.fewest_letters == min(sum(map(len, s)) for s in brute[k])
    assert sorted(s.words for s in result.solutions) == sorted(brute[k])
    for s in result.solutions:  # every returned solution obeys the rules
        assert set(brute_playable(sides, s.words)) == set(s.words)
        assert all(b[0] == a[-1] for a, b in itertools.pairwise(s.words))
        assert set("".join(s.words)) == set("".join(sides))
    bounded = solve_words(sides, words, max_words=depth, limit=0)
    assert bounded.counts_by_words == {j: len(brute[j]) for j in range(k, depth + 1)}
    assert bounded.distinct_by_words == {
        j: sum(len(set(s)) == len(s) for s in brute[j]) for j in range(k, depth + 1)
    }


# ----------------------------------------------------------------------------- enable1


@pytest.fixture(scope="module")
def seed_result(enable1):
    return lb.solve(lb.parse_board(SEED_BOARD), lexicon=enable1, limit=100_000)


def test_seed_board_has_two_word_solutions(enable1, seed_result):
    assert seed_result.min_words == 2
    listed = {s.words for s in seed_result.solutions}
    assert ("ancient", "torpidly") in listed
    # the count, checked against every pair of playable words
    playable = brute_playable(SEED_BOARD, enable1.words)
    full = set("".join(SEED_BOARD))
    assert not [w for w in playable if set(w) == full]  # so no one-word solution
    by_first: dict[str, list[str]] = {}
    for w in playable:
        by_first.setdefault(w[0], []).append(w)
    pairs = {(a, b) for a in playable for b in by_first.get(a[-1], []) if set(a) | set(b) == full}
    assert seed_result.playable_words == len(playable)
    assert seed_result.count == len(pairs) == len(listed)
    assert listed == pairs
    assert seed_result.count_distinct == seed_result.count  # a 2-word minimum never repeats
    assert seed_result.fewest_letters == min(len(a) + len(b) for a, b in pairs)


def test_big_board_and_big_number_paths_agree(enable1, seed_result, monkeypatch):
    board = lb.parse_board(SEED_BOARD)
    dense = lb.solve(board, lexicon=enable1, max_words=3, limit=0)
    monkeypatch.setattr(_tables, "DENSE_TABLE_LETTERS", 0)  # word table row by row (boards > 13)
    rows = lb.solve(board, lexicon=enable1, max_words=3, limit=0)
    monkeypatch.setattr(_tables.Completions, "_exact_dtype", lambda self, r: object)
    exact = lb.solve(board, lexicon=enable1, max_words=3, limit=0)
    assert dense.counts_by_words == rows.counts_by_words == exact.counts_by_words
    assert dense.distinct_by_words == rows.distinct_by_words == exact.distinct_by_words
    assert dense.counts_by_words[2] == seed_result.count


def test_ranking_is_by_rarest_word_then_letters(seed_result):
    keys = [(-s.rarest_zipf, s.letters) for s in seed_result.solutions]
    assert keys == sorted(keys)


def test_ranked_list_under_a_zipf_floor_is_the_same(enable1, seed_result, monkeypatch):
    monkeypatch.setattr(_ranking, "ENUMERATION_CAP", 20)
    top = lb.solve(lb.parse_board(SEED_BOARD), lexicon=enable1, limit=7)
    assert [s.words for s in top.solutions] == [s.words for s in seed_result.solutions[:7]]


def test_min_zipf_filter(enable1, seed_result):
    common = lb.solve(lb.parse_board(SEED_BOARD), lexicon=enable1, min_zipf=3.0, limit=1000)
    assert common.min_words == 2
    assert {s.words for s in common.solutions} == {
        s.words for s in seed_result.solutions if s.rarest_zipf >= 3.0
    }


def test_seed_pairs_appear_with_the_seed_list(tmp_path, cli):
    words = tmp_path / "seedlist.txt"
    words.write_text("clarionet\ntorpidly\nplacitory\nyealdon\nlectionary\nnoplace\n")
    result = cli("letterboxed", "solve", *SEED_BOARD, "--lexicon", words, "--json")
    data = json.loads(result.stdout)
    assert data["min_words"] == 2
    assert sorted(data["solutions"]) == [["clarionet", "torpidly"], ["placitory", "yealdon"]]


# ----------------------------------------------------------------------------- checking answers


def test_check_accepts_a_solution(enable1):
    result = lb.check(lb.parse_board(SEED_BOARD), ["ancient", "torpidly"], lexicon=enable1)
    assert result.valid and result.problems == () and result.min_words == 2
    assert result.to_dict()["optimal"] is True


def test_check_says_what_breaks(enable1):
    board = lb.parse_board(SEED_BOARD)
    result = lb.check(board, ["ancient", "yelp", "tapir", "pxr", "rot"], lexicon=enable1)
    assert not result.valid
    assert list(result.problems) == [
        "'tapir': TA are consecutive letters on the same side",
        "'tapir': AP are consecutive letters on the same side",
        "'pxr' uses X, not on the board",
        "'pxr' is not in the lexicon enable1",
        "word 2 'yelp' must start with T, the last letter of 'ancient'",
        "word 3 'tapir' must start with P, the last letter of 'yelp'",
        "word 4 'pxr' must start with R, the last letter of 'tapir'",
        "letters not used: D",
    ]
    assert result.missing == "D"
    finished = lb.check(board, ["ancient", "torpidly", "yelp"], lexicon=enable1)
    assert finished.problems == (
        "the board is finished after word 2 'torpidly'; the rest is extra",
    )
    with pytest.raises(InputError):
        lb.check(board, [], lexicon=enable1)


# ----------------------------------------------------------------------------- generating


def test_generate_is_verified_and_reproducible(enable1):
    first = lb.generate(lexicon=enable1, seed=7, max_solution_words=2)
    again = lb.generate(lexicon=enable1, seed=7, max_solution_words=2)
    assert first.board == again.board
    board = first.board
    assert len(board.sides) == 4 and all(len(s) == 3 for s in board.sides)
    assert len(set(board.letters)) == 12
    assert sum(ch in "aeiou" for ch in board.letters) == 4
    assert lb.solve(board, lexicon=enable1).min_words <= 2  # checked apart from the generator
    five = lb.generate(
        lexicon=enable1, sides=5, per_side=2, seed=3, max_solution_words=3, min_zipf=2.5
    )
    assert len(five.board.sides) == 5
    assert lb.solve(five.board, lexicon=enable1, min_zipf=2.5).min_words <= 3


def test_generate_gives_up_after_bounded_tries(enable1):
    with pytest.raises(NoSolutionError, match="in 3 tries"):
        lb.generate(lexicon=enable1, seed=1, max_solution_words=1, tries=3)
    with pytest.raises(InputError, match="vowels"):
        lb.generate(lexicon=enable1, vowels=6)


def test_generate_refuses_what_no_board_can_meet_before_trying(enable1, monkeypatch):
    tried = []
    monkeypatch.setattr(_generate, "random_board", lambda *a: tried.append(a))
    # the commonest words (the, and, ...) have few letters: no 12 letters in 2 of them
    with pytest.raises(NoSolutionError, match="at most 3 different letters, so 2 of them cover"):
        lb.generate(lexicon=enable1, min_zipf=7, tries=_generate.MAX_TRIES)
    with pytest.raises(NoSolutionError, match="at most 0 different letters"):
        lb.generate(lexicon=enable1, min_zipf=MAX_ZIPF)
    assert tried == []


# ----------------------------------------------------------------------------- command line


def test_cli_solve_json(cli, enable1):
    result = cli("letterboxed", "solve", *SEED_BOARD, "--json", "--limit", "3")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["min_words"] == 2 and data["count"] > 0 and len(data["solutions"]) == 3
    assert data["lexicon"]["name"] == "enable1"
    assert {"count_distinct", "fewest_letters", "ranked"} <= set(data)
    text = cli("letterboxed", "solve", "TAP", "ERD", "NIL", "YCO", "--limit", "2")
    assert "fewest words: 2 (proven)" in text.stdout


def test_cli_max_words(cli, tmp_path):
    words = tmp_path / "hand.txt"
    words.write_text("\n".join(HAND_WORDS))
    out = cli("letterboxed", "solve", *HAND_SIDES, "--lexicon", words, "--max-words", "4", "--json")
    data = json.loads(out.stdout)
    brute = brute_solutions(HAND_SIDES, HAND_WORDS, 4)
    assert data["counts_by_words"] == {"3": len(brute[3]), "4": len(brute[4])}
    assert data["count"] == 5 and data["total"] == len(brute[3]) + len(brute[4])
    none = cli("letterboxed", "solve", *HAND_SIDES, "--lexicon", words, "--max-words", "2")
    assert none.exit_code == 2 and "no solution within 2 words" in none.stderr


def test_cli_check(cli, enable1):
    ok = cli("letterboxed", "check", *SEED_BOARD, "--", "ancient", "torpidly")
    assert ok.exit_code == 0 and "valid" in ok.stdout
    bad = cli("letterboxed", "check", "--json", *SEED_BOARD, "--", "ancient", "yelp")
    data = json.loads(bad.stdout)
    assert data["valid"] is False and data["missing"] == "DOR"
    missing_sep = cli("letterboxed", "check", *SEED_BOARD, "ancient")
    assert missing_sep.exit_code == 2 and "--" in missing_sep.stderr


def test_cli_generate_and_draw(cli, enable1, tmp_path):
    gen = cli("letterboxed", "generate", "--seed", "5", "--json")
    data = json.loads(gen.stdout)
    assert gen.exit_code == 0 and data["min_words"] <= 2 and len(data["sides"]) == 4
    again = json.loads(cli("letterboxed", "generate", "--seed", "5", "--json").stdout)
    assert again["sides"] == data["sides"]
    svg = tmp_path / "board.svg"
    drawn = cli("letterboxed", "draw", *SEED_BOARD, "--solution", "-o", svg, "--json")
    assert drawn.exit_code == 0 and svg.read_text().startswith("<?xml")
    assert "@keyframes" in svg.read_text() and 'id="lbword1"' in svg.read_text()
    assert json.loads(drawn.stdout)["solution"] == ["plead", "dictionary"]
    again = cli("letterboxed", "draw", *SEED_BOARD, "-o", svg)
    assert again.exit_code == 2 and "--force" in again.stderr
    png = tmp_path / "pentagon.png"
    assert cli("letterboxed", "draw", "ab", "cd", "ef", "gh", "ij", "-o", png).exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("command", ["solve", "draw", "check"])
@pytest.mark.parametrize(
    ("sides", "message"),
    [
        (("TAP", "ERD", "NIL", "YCA"), "twice"),
        (("TAP", "ER", "NIL", "YCO"), "--ragged"),
        (("TAP", "ERD"), "at least 3 sides"),
        (("TAP", "E7D", "NIL", "YCO"), "letters a–z"),
        (("TAP", "", "NIL", "YCO"), "empty"),
    ],
)
def test_cli_bad_boards(cli, bad_input, tmp_path, command, sides, message):
    extra = {"solve": [], "draw": ["-o", tmp_path / "x.svg"], "check": ["--", "ancient"]}[command]
    bad_input(cli("letterboxed", command, *sides, *extra), message)


# ----------------------------------------------------------------------------- library shape


def _modules():
    import importlib
    import pkgutil

    from letterplay.draw import letterbox

    names = [info.name for info in pkgutil.iter_modules(lb.__path__, "letterplay.letterboxed.")]
    return [lb, *(importlib.import_module(name) for name in names), letterbox]


def test_doctests_run():
    import doctest

    attempted = 0
    for module in _modules():
        outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert outcome.failed == 0, module.__name__
        assert outcome.attempted >= 2, module.__name__
        attempted += outcome.attempted
    assert attempted >= 60


def test_every_public_function_has_an_example():
    for module in _modules():
        for name in module.__all__:
            thing = getattr(module, name)
            if callable(thing) and not isinstance(thing, type):
                assert ">>>" in (thing.__doc__ or ""), f"{module.__name__}.{name}"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_simple_solver_agrees_with_the_exact_one(puzzle):
    sides, words = puzzle
    board, lexicon = lb.parse_board(sides, ragged=True), Lexicon.from_words(words)
    simple = reference.simple_solve(board, lexicon=lexicon, max_words=4)
    if not simple:
        with pytest.raises(NoSolutionError):
            lb.solve(board, lexicon=lexicon, max_words=4)
        return
    exact = lb.solve(board, lexicon=lexicon, limit=10_000)
    assert exact.min_words == len(simple[0])
    assert exact.count == len(simple)
    assert sorted(s.words for s in exact.solutions) == simple


def test_simple_solver_agrees_on_the_seed_board(enable1, seed_result):
    simple = reference.simple_solve(SEED_BOARD, lexicon=enable1, max_words=2)
    assert len(simple) == seed_result.count == 273
    assert simple == sorted(s.words for s in seed_result.solutions)


def test_simple_solver_bounds_its_work(enable1, monkeypatch):
    with pytest.raises(InputError, match="`max_words` must be a whole number from 1 to 4"):
        reference.simple_solve(SEED_BOARD, lexicon=enable1, max_words=5)
    monkeypatch.setattr(reference, "SIMPLE_CHAIN_CAP", 1000)  # Steinmetz's board has far more pairs
    with pytest.raises(InputError, match="more than 1,000 chains for the simple solver"):
        reference.simple_solve(SEED_BOARD, lexicon=enable1, max_words=2)


# ----------------------------------------------------------------------------- bad calls


def draw_board(*args, **kwargs):
    from letterplay.draw.letterbox import draw_board

    return draw_board(*args, **kwargs)


def draw_puzzle(*args, **kwargs):
    from letterplay.draw.letterbox import draw_puzzle

    return draw_puzzle(*args, **kwargs)


TINY = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"], name="tiny")
BOARD = lb.parse_board(HAND_SIDES)


def word_problems(*args):
    from letterplay.letterboxed._check import word_problems

    return word_problems(*args)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: lb.parse_board("TAPERDNILYCO"), "a board needs at least 3 sides, got 1"),
        (lambda: lb.parse_board([b"tap", "erd", "nil"]), "`board` must hold strings, not bytes"),
        (lambda: lb.parse_board(["tap", "erd", "nil"], ragged="no"), "`ragged` must be True"),
        (lambda: lb.parse_board(list("abcdefghijklmnopq")), "at most 16 sides"),
        (lambda: lb.Board(("TAP", "ERD")), "at least 3 sides"),
        (lambda: lb.solve(TINY), "`board` must be a Board, a text or a sequence of sides"),
        (lambda: lb.solve(3, lexicon=TINY), "`board` must be a Board, a text or a sequence"),
        (lambda: lb.solve(BOARD, lexicon=["ace"]), "`lexicon` must be a Lexicon"),
        (lambda: lb.solve(BOARD, lexicon=TINY, max_words=10**12), "`max_words` must be a whole"),
        (lambda: lb.solve(BOARD, lexicon=TINY, max_words=0), "`max_words` must be a whole"),
        (lambda: lb.solve(BOARD, lexicon=TINY, max_words=2.5), "`max_words` must be a whole"),
        (lambda: lb.solve(BOARD, lexicon=TINY, min_zipf=float("nan")), "`min_zipf` must be a fi"),
        (lambda: lb.solve(BOARD, lexicon=TINY, min_zipf=float("inf")), "`min_zipf` must be a fi"),
        (lambda: lb.solve(BOARD, lexicon=TINY, min_zipf="3"), "`min_zipf` must be a finite"),
        (lambda: lb.solve(BOARD, lexicon=TINY, limit=-1), "`limit` must be a whole number"),
        (lambda: lb.solve(BOARD, lexicon=TINY, limit=10**12), "`limit` must be a whole number"),
        (lambda: lb.solve(BOARD, lexicon=TINY, distinct="yes"), "`distinct` must be True or"),
        (lambda: lb.solve(BOARD, lexicon=TINY, progress=3), "`progress` must be a function"),
        (lambda: lb.solve(BOARD, lexicon=TINY, ragged=1), "`ragged` must be True or False"),
        (lambda: lb.solve("tap er nil", lexicon=TINY), "pass `ragged=True`"),
        (lambda: lb.check(BOARD, "ace", lexicon=TINY), "`words` must be a sequence of words"),
        (lambda: lb.check(BOARD, [], lexicon=TINY), "`words` must hold at least one word"),
        (lambda: lb.check(BOARD, ["ac3"], lexicon=TINY), "`words` must be letters a–z"),
        (lambda: word_problems(BOARD, 5, TINY), "`word` must be a string"),
        (lambda: lb.playable(BOARD, lexicon=TINY, min_zipf=-1), "`min_zipf` must be a finite"),
        (lambda: lb.generate(lexicon=TINY, tries=10**12), "`tries` must be a whole number"),
        (lambda: lb.generate(lexicon=TINY, seed=2**70), "`seed` must be a whole number"),
        (lambda: lb.generate(lexicon=TINY, sides=2), "`sides` must be a whole number from 3"),
        (lambda: lb.generate(lexicon=TINY, sides=5, per_side=4), "at most 16 letters, got 5×4"),
        (lambda: lb.generate(lexicon=TINY, min_zipf=-1), "`min_zipf` must be a finite number"),
        (lambda: lb.generate(lexicon=TINY, max_solution_words=10**12), "`max_solution_words`"),
        (lambda: lb.generate(lexicon=TINY, sides=3, per_side=2), "no board of 6 letters is"),
        (lambda: lb.generate(lexicon=TINY, progress="bar"), "`progress` must be a function"),
        (lambda: reference.simple_solve(BOARD, lexicon=TINY, max_words=0), "`max_words` must"),
        (lambda: draw_board(["ab", "cd", "ef"]), "`board` must be a Board"),
        (lambda: draw_board(BOARD, "ace"), "`words` must be a sequence of words"),
        (lambda: draw_board(BOARD, ("",)), "`words` must be letters a–z"),
        (lambda: draw_board(BOARD, ("xyz",)), "`words` must use only the board's letters"),
        (lambda: draw_board(BOARD, fmt="pdf"), "`fmt` must be one of svg, png"),
        (lambda: draw_puzzle(BOARD, lexicon=TINY, solution="yes"), "`solution` must be True"),
        (lambda: draw_puzzle(BOARD, lexicon=TINY, min_zipf=9), "`min_zipf` must be a finite"),
    ],
)
def test_bad_calls_name_the_parameter(call, message):
    with pytest.raises(LetterplayError, match=message):
        call()


def test_library_messages_never_name_options():
    import inspect

    for module in _modules():
        assert not re.search(r"--[a-z]", inspect.getsource(module)), module.__name__


def test_negative_seeds_are_reproducible(enable1):
    first = lb.generate(lexicon=enable1, seed=-1, tries=50)
    assert lb.generate(lexicon=enable1, seed=-1, tries=50).board == first.board
    assert first.seed == -1 and first.solve.min_words <= 2


# ----------------------------------------------------------------------------- command line bounds


def test_cli_says_options_not_parameters():
    from letterplay.cli.build import cli_words
    from letterplay.commands.letterboxed import LETTERBOXED
    from letterplay.errors import said

    def on_cli(command: str, call) -> str:
        with pytest.raises(LetterplayError) as error:
            call()
        return said(error.value, cli_words(LETTERBOXED.command(command)))

    too_many = on_cli("solve", lambda: lb.solve(BOARD, lexicon=TINY, max_words=0))
    assert too_many == "--max-words must be a whole number from 1 to 12, not 0"
    below = on_cli("solve", lambda: lb.solve(BOARD, lexicon=TINY, limit=-1))
    assert below.startswith("--limit must be a whole number from 0 to ") and below.endswith("-1")
    ragged = on_cli("solve", lambda: lb.solve("ab c def", lexicon=TINY))
    assert ragged == "sides have unequal lengths (2, 1, 3); pass --ragged to allow that"
    tries = on_cli(
        "generate",
        lambda: lb.generate(
            lexicon=TINY, sides=3, per_side=2, seed=1, max_solution_words=3, tries=1
        ),
    )
    assert "(--max-solution-words)" in tries and "(--tries)" in tries and "--min-zipf" in tries
    words = on_cli("check", lambda: lb.check(BOARD, [], lexicon=TINY))
    assert words == "words must hold at least one word (the answer)"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", *SEED_BOARD, "--max-words", str(10**12)), "--max-words"),
        (("solve", *SEED_BOARD, "--max-words", "0"), "--max-words"),
        (("solve", *SEED_BOARD, "--limit", "-1"), "--limit"),
        (("solve", *SEED_BOARD, "--min-zipf", "nan"), "--min-zipf must be a finite number"),
        (("solve", *SEED_BOARD, "--min-zipf", "inf"), "--min-zipf must be a finite number"),
        (("solve", "TAPERDNILYCO"), "at least 3 sides"),
        (("generate", "--tries", str(10**12)), "--tries"),
        (("generate", "--min-zipf", "-inf"), "--min-zipf must be a finite number"),
        (("generate", "--min-zipf", "7", "--tries", "10000"), "at most 3 different letters"),
        (("generate", "--seed", str(2**64)), "--seed"),
        (("generate", "--sides", "5", "--per-side", "4"), "at most 16 letters"),
        (("generate", "--vowels", "6"), "--vowels"),
        (("check", *SEED_BOARD, "--"), "words must hold at least one word"),
        (("words", *SEED_BOARD, "--min-zipf", "9"), "--min-zipf must be a finite number"),
    ],
)
def test_cli_bounds_every_number(cli, bad_input, enable1, args, message):
    bad_input(cli("letterboxed", *args), message)


def test_cli_generate_takes_negative_seeds(cli, enable1):
    first = cli("letterboxed", "generate", "--seed", "-7", "--json")
    assert first.exit_code == 0
    again = cli("letterboxed", "generate", "--seed", "-7", "--json")
    assert json.loads(first.stdout)["sides"] == json.loads(again.stdout)["sides"]
    assert json.loads(first.stdout)["seed"] == -7


def test_cli_json_is_the_envelope_of_one_library_call(cli, enable1, tmp_path):
    from letterplay.draw.letterbox import draw_puzzle
    from letterplay.results import envelope

    board = lb.parse_board(SEED_BOARD)
    out = cli("letterboxed", "solve", *SEED_BOARD, "--limit", "4", "--json")
    assert json.loads(out.stdout) == json.loads(
        json.dumps(envelope(lb.solve(board, lexicon=enable1, limit=4)))
    )
    svg = tmp_path / "b.svg"
    drawn = cli("letterboxed", "draw", *SEED_BOARD, "--solution", "-o", svg, "--json")
    expected = envelope(draw_puzzle(board, lexicon=enable1, solution=True))
    assert json.loads(drawn.stdout) == {**expected, "output": str(svg)}
    checked = cli("letterboxed", "check", *SEED_BOARD, "--json", "--", "ancient", "yelp")
    answer = lb.check(board, ["ancient", "yelp"], lexicon=enable1)
    assert json.loads(checked.stdout) == json.loads(json.dumps(envelope(answer)))
    words = cli("letterboxed", "words", "TAP,ERD,NIL,YCO", "--json")
    assert json.loads(words.stdout) == envelope(lb.playable(board, lexicon=enable1))


def test_cli_draw_checks_the_file_before_solving(cli, enable1, tmp_path, monkeypatch):
    target = tmp_path / "board.svg"
    target.write_text("keep me")
    calls = []
    monkeypatch.setattr(lb, "solve", lambda *a, **k: calls.append(a))
    from letterplay.draw import letterbox

    monkeypatch.setattr(letterbox, "solve", lambda *a, **k: calls.append(a))
    result = cli("letterboxed", "draw", *SEED_BOARD, "--solution", "-o", target)
    assert result.exit_code == 2 and "--force" in result.stderr
    assert calls == [] and target.read_text() == "keep me"
    wrong = cli("letterboxed", "draw", *SEED_BOARD, "--solution", "-o", tmp_path / "b.pdf")
    assert wrong.exit_code == 2 and calls == []


def test_cli_draw_leaves_no_partial_file(cli, enable1, tmp_path, monkeypatch):
    from letterplay.draw import letterbox

    def broken(*args):
        raise InputError("renderer failed")

    monkeypatch.setattr(letterbox, "draw_board", broken)
    target = tmp_path / "board.svg"
    target.write_text("old")
    result = cli("letterboxed", "draw", *SEED_BOARD, "-o", target, "--force")
    assert result.exit_code == 2 and "renderer failed" in result.stderr
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"]
