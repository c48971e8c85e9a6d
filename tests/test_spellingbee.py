"""Spelling Bee: the figures of Norvig's Spelling Bee notebook, the rules on the 365 real 2023
puzzles, hints, ranks, reports, generation, pictures and the command line."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from letterplay import spellingbee as sb
from letterplay.commands import parse_range
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import letter_mask, mask_letters
from letterplay.lexicon import Lexicon, load
from letterplay.spellingbee._best import candidates
from letterplay.spellingbee._ranks import N_RANKS, set_letters, set_ranks, subset_ranks
from letterplay.spellingbee._solve import hints, rank_of, ranks
from letterplay.spellingbee._table import points_table, valid_words
from letterplay.spellingbee.rules import EXAMPLE_WORDS, word_score
from letterplay.spellingbee.simple import simple_best

# the tiny word list of Norvig's notebook, verbatim
SEED_TEXT = "amalgam amalgamation game games gem glam megaplex cacciatore erotica I me"


def test_example_words_are_the_notebooks():
    assert " ".join(EXAMPLE_WORDS) == SEED_TEXT


@pytest.fixture(scope="module")
def tiny() -> Lexicon:
    return Lexicon.from_words(SEED_TEXT.split(), name="seed-tiny")


@pytest.fixture(scope="module")
def tiny_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("bee") / "tiny.txt"
    path.write_text(SEED_TEXT + "\n")
    return str(path)


@pytest.fixture(scope="module")
def enable1_stats(enable1) -> sb.StatsResult:
    return sb.stats(lexicon=enable1)


@pytest.fixture(scope="module")
def puzzles(data_dir) -> list[dict]:
    with open(data_dir / "nyt-spelling-bee-2023.jsonl") as f:
        return [json.loads(line) for line in f]


def obeys_rules(word: str, hive: sb.Honeycomb) -> bool:
    """The rules, written independently of the library: 4+ letters, center, hive letters."""
    letters = set(hive.letters.lower())
    return len(word) >= 4 and hive.center.lower() in word and set(word) <= letters


# ------------------------------------------------------------------------ the notebook, tiny list


def test_tiny_valid_words_and_scores(tiny):
    valid = [w for w, ok in zip(tiny.words, valid_words(tiny), strict=True) if ok]
    # I, me, gem too short; games has an S; amalgamation has 8 distinct letters
    assert sorted(valid) == ["amalgam", "cacciatore", "erotica", "game", "glam", "megaplex"]
    assert {w: word_score(w) for w in valid} == {
        "amalgam": 7,
        "cacciatore": 17,
        "erotica": 14,
        "game": 1,
        "glam": 1,
        "megaplex": 15,
    }


def test_tiny_game_score_and_best(tiny):
    assert sb.solve("AEGLMPX", center="G", lexicon=tiny).score == 24
    assert sb.solve(sb.Honeycomb("AEGLMPX", "G"), lexicon=tiny).score == 24
    result = sb.best(lexicon=tiny)
    assert (result.best.score, result.best.honeycomb) == (31, sb.Honeycomb("ACEIORT", "T"))
    assert result.candidates == 14


def test_tiny_points_table(tiny):
    table = points_table(tiny, valid_words(tiny))
    sets = ["ACEIORT", "AGLM", "AEGM", "AEGLMPX", "AEGLM", "T"]
    masks = np.array([letter_mask(s.lower()) for s in sets])
    assert table.lookup(masks).tolist() == [31, 8, 1, 15, 0, 0]
    assert table.lookup(masks, "words").tolist() == [2, 2, 1, 1, 0, 0]
    assert table.points.sum() == 31 + 8 + 1 + 15 and table.letter_sets == 4
    assert sorted(mask_letters(int(m)) for m in table.pangram_sets) == ["ACEIORT", "AEGLMPX"]


def test_set_ranks_number_small_sets_densely():
    """Set ranks are a one-to-one numbering of the letter sets of 0..7 letters (checked
    exhaustively up to 3 letters, and on random larger sets), and subset ranks agree."""
    from itertools import combinations

    small = [sum(1 << i for i in c) for k in range(4) for c in combinations(range(26), k)]
    numbers = set_ranks(np.array(small))
    assert sorted(numbers.tolist()) == list(range(len(small)))
    rng = np.random.default_rng(1)
    sets = np.array(
        [sum(1 << int(i) for i in rng.choice(26, 7, replace=False)) for _ in range(300)]
    )
    letters = set_letters(sets)
    subsets = np.array(
        [
            [sum(1 << int(row[j]) for j in range(7) if k >> j & 1) for k in range(128)]
            for row in letters
        ]
    )
    assert (subset_ranks(letters) == set_ranks(subsets)).all()
    assert set_ranks(np.array([0b1111111 << 19])).item() == N_RANKS - 1


def test_tiny_report_groups_pangrams_first(tiny):
    rep = sb.report(lexicon=tiny)
    assert rep.optimal and rep.honeycomb == sb.Honeycomb("ACEIORT", "T")
    assert rep.valid_words == 6
    assert [(g.letters, g.words, g.score) for g in rep.groups] == [
        ("ACEIORT", ("cacciatore", "erotica"), 31)
    ]
    given = sb.report("AEGLMPX", center="G", lexicon=tiny)
    assert [g.letters for g in given.groups] == ["AEGLMPX", "AEGM", "AGLM"]
    assert given.score == 24 and not given.optimal


# ------------------------------------------------------------------------- the notebook, enable1


def test_enable1_counts(enable1_stats):
    st = enable1_stats
    assert st.words == 172_820
    assert st.valid_words == 44_585
    assert st.pangram_words == 14_741
    assert st.pangram_letter_sets == 7_986
    assert st.candidate_honeycombs == 55_902
    assert len(st.scores) == 55_902
    assert sum(st.breakdown.values()) == 172_820


def test_enable1_best(enable1, enable1_stats):
    result = sb.best(lexicon=enable1, top=3)
    assert result.best.honeycomb == sb.Honeycomb("AEGINRT", "R")
    assert result.best.score == 3_898
    assert [r.score for r in result.top] == sorted((r.score for r in result.top), reverse=True)
    assert enable1_stats.best.score == 3_898 == int(enable1_stats.scores.max())
    solution = sb.solve("AEGINRT", center="R", lexicon=enable1)
    assert solution.score == 3_898 and solution.count == result.best.words
    assert len(solution.pangrams) == result.best.pangrams
    # many honeycombs take their counts from the table, a few from the words: they agree
    many, few = sb.best(lexicon=enable1, top=100), sb.best(lexicon=enable1, top=64)
    assert many.top[:64] == few.top
    last = many.top[-1]
    solution = sb.solve(last.honeycomb, lexicon=enable1)
    assert (solution.score, solution.count, len(solution.pangrams)) == (
        last.score,
        last.words,
        last.pangrams,
    )


@pytest.mark.parametrize("top, exclude", [(1, None), (9, None), (300, None), (40, "e")])
def test_pruned_best_equals_scoring_all(enable1, top, exclude):
    """best() scores only the sets whose bound can reach the top; the result is the same as
    ranking every candidate."""
    cands = candidates(enable1, exclude=exclude)
    everything = [(cands.honeycomb(i), int(cands.scores[i])) for i in cands.top(top)]
    result = sb.best(lexicon=enable1, top=top, exclude=exclude)
    assert [(r.honeycomb, r.score) for r in result.top] == everything
    assert result.candidates == len(cands)


def test_enable1_best_with_s(enable1):
    # the notebook's "S words" section: the optimal honeycomb AEINRST centre E, 1,179 words, 8,681
    result = sb.best(lexicon=enable1, allow_s=True)
    assert result.best.honeycomb == sb.Honeycomb("AEINRST", "E")
    assert (result.best.score, result.best.words) == (8_681, 1_179)


def test_vectorised_scores_match_solving_each(enable1):
    """The points-table scores of a random sample of candidates equal solving them directly."""
    cands = candidates(enable1)
    rng = np.random.default_rng(2)
    for i in rng.choice(len(cands), size=60, replace=False):
        solution = sb.solve(cands.honeycomb(int(i)), lexicon=enable1)
        assert solution.score == cands.scores[i]
        assert solution.count == cands.words[i]
        assert len(solution.pangrams) == cands.pangrams[i]


def fast_scores(lexicon: Lexicon, allow_s: bool = False) -> dict[sb.Honeycomb, int]:
    cands = candidates(lexicon, allow_s)
    return {cands.honeycomb(i): int(cands.scores[i]) for i in range(len(cands))}


def test_simple_best_tiny_matches_the_notebooks_figures(tiny):
    """The simple reference gives the notebook's hand-checked figures on its tiny list."""
    ranked = simple_best(lexicon=tiny)
    scores = dict(ranked)
    assert len(ranked) == len(scores) == 14
    assert ranked[0] == (sb.Honeycomb("ACEIORT", "T"), 31)
    assert scores[sb.Honeycomb("ACEIORT", "T")] == 31
    assert scores[sb.Honeycomb("AEGLMPX", "G")] == 24
    assert max(scores.values()) == 31
    assert scores == fast_scores(tiny)


@pytest.mark.parametrize("allow_s", [False, True])
def test_simple_and_fast_scores_agree(common_lexicon, allow_s):
    """The notebook's plain algorithm (simple_best: a dict points table, string letter subsets)
    and the vectorised candidates() score every candidate of `common` alike, and best() picks
    the top of the simple scores, ties broken as the notebook's max((score, honeycomb))."""
    ranked = simple_best(lexicon=common_lexicon, allow_s=allow_s)
    scores = dict(ranked)
    assert fast_scores(common_lexicon, allow_s) == scores
    top = max(scores.items(), key=lambda kv: (kv[1], kv[0].letters, kv[0].center))
    assert ranked[0] == top
    result = sb.best(lexicon=common_lexicon, allow_s=allow_s)
    assert (result.best.honeycomb, result.best.score) == top


@pytest.fixture(scope="module")
def common_lexicon() -> Lexicon:
    return load("common")


def test_exclude_and_require(enable1):
    result = sb.best(lexicon=enable1, exclude="r", require="xz", top=5)
    for r in result.top:
        assert "R" not in r.honeycomb.letters
        assert {"X", "Z"} <= set(r.honeycomb.letters)
        assert sb.solve(r.honeycomb, lexicon=enable1).score == r.score
    with pytest.raises(InputError):
        sb.best(lexicon=enable1, exclude="a", require="a")
    with pytest.raises(InputError):
        sb.best(lexicon=enable1, require="abcdefgh")
    with pytest.raises(InputError):
        sb.best(lexicon=enable1, require="s")
    with pytest.raises(NoSolutionError):
        sb.best(lexicon=enable1, require="jqxz")


# ----------------------------------------------------------------------------- real puzzles


@pytest.mark.parametrize("name", ["enable1", "common"])
def test_real_2023_puzzles(name, enable1, common_lexicon, puzzles):
    lexicon = enable1 if name == "enable1" else common_lexicon
    assert len(puzzles) == 365
    missed, broken, found = [], [], 0
    for p in puzzles:
        hive = sb.Honeycomb(p["center"] + p["outer"], p["center"])
        solution = sb.solve(hive, lexicon=lexicon)
        got = set(solution.words)
        broken += [w for w in got if not obeys_rules(w, hive)]
        official = [w for w in p["answers"] if w in lexicon]
        missed += [w for w in official if w not in got]
        found += len(official)
        assert set(p["pangrams"]) & got <= set(solution.pangrams)
        assert all(word_score(w) == s for w, s in solution.word_scores().items())
    assert broken == []
    assert missed == []
    assert found > 1000  # the lexicon does hold most official answers


# ----------------------------------------------------------------------------- ranks and hints


def test_rank_thresholds_round_half_up():
    by_name = {r.name: r.min_score for r in ranks(185)}
    # 2% of 185 = 3.7 → 4, 5% = 9.25 → 9, 70% = 129.5 → 130 (half rounds up)
    assert by_name == {
        "Beginner": 0,
        "Good Start": 4,
        "Moving Up": 9,
        "Good": 15,
        "Solid": 28,
        "Nice": 46,
        "Great": 74,
        "Amazing": 93,
        "Genius": 130,
        "Queen Bee": 185,
    }
    assert {r.name: r.min_score for r in ranks(10)}["Solid"] == 2  # 1.5 → 2
    assert rank_of(129, 185) == "Amazing" and rank_of(130, 185) == "Genius"
    assert rank_of(185, 185) == "Queen Bee" and rank_of(0, 185) == "Beginner"


def test_hints_grid_and_two_letter_list():
    h = hints(["tart", "tree", "trite", "rate", "retreat"])
    assert h.lengths == (4, 5, 7)
    assert h.grid == {"R": {4: 1, 7: 1}, "T": {4: 2, 5: 1}}
    assert h.row_total("T") == 3 and h.column_total(4) == 3 and h.total == 5
    assert h.two_letter == {"RA": 1, "RE": 1, "TA": 1, "TR": 2}
    d = h.to_dict()
    assert d["grid"]["T"] == {"4": 2, "5": 1, "7": 0, "total": 3}
    assert d["totals"] == {"4": 3, "5": 1, "7": 1, "total": 5}


def test_check_counts_without_revealing(enable1):
    hive = sb.Honeycomb("AEGINRT", "R")
    solution = sb.solve(hive, lexicon=enable1)
    found = ["grain", "GRAIN", "tear", "gin", "tint", "razz", "x1", "entertaining"]
    p = sb.check(hive, found, lexicon=enable1)
    assert p == sb.check("AEGINRT", found, center="R", lexicon=enable1)
    assert p.solution == solution
    assert p.found == ("entertaining", "grain", "tear")
    assert p.rejected == {
        "gin": "too short",
        "tint": "missing the centre R",
        "razz": "uses Z, not in the honeycomb",
        "x1": "not letters a–z",
    }
    assert p.score == 19 + 5 + 1
    assert p.remaining.total == solution.count - 3
    assert p.remaining_pangrams == len(solution.pangrams) - 1
    assert p.rank == rank_of(25, 3898)
    text = json.dumps(p.to_dict())
    for word in set(solution.words) - set(p.found):
        assert f'"{word}"' not in text


# ----------------------------------------------------------------------------- generate


def test_generate_reproducible_and_constrained(enable1):
    kwargs = dict(count=3, seed=7, score=(100, 250), words=(20, 60), pangrams=1, min_zipf=2.5)
    a = sb.generate(lexicon=enable1, **kwargs)
    b = sb.generate(lexicon=enable1, **kwargs)
    assert [s.honeycomb for s in a.puzzles] == [s.honeycomb for s in b.puzzles]
    assert len({s.honeycomb for s in a.puzzles}) == 3
    for s in a.puzzles:
        assert 100 <= s.score <= 250 and 20 <= s.count <= 60 and s.pangrams
        assert "S" not in s.honeycomb.letters
        assert all(enable1.zipf(w) >= 2.5 for w in s.words)
    assert a.eligible >= 3
    with pytest.raises(NoSolutionError):
        sb.generate(lexicon=enable1, score=(100_000, None))


def test_parse_range():
    assert parse_range("score", "100-200") == (100, 200)
    assert parse_range("score", "100-") == (100, None)
    assert parse_range("score", "-200") == (None, 200)
    assert parse_range("score", "150") == (150, 150)
    for bad in ("abc", "200-100", "-", "1-2-3"):
        with pytest.raises(InputError, match="`score`") as caught:
            parse_range("score", bad)
        assert caught.value.parameter == "score"
    # a bound beyond MAX_BOUND is read, and refused by the library, naming the parameter
    huge = parse_range("score", "1-" + "9" * 20)
    with pytest.raises(InputError, match="`score`") as caught:
        sb.generate(lexicon=Lexicon.from_words(EXAMPLE_WORDS), score=huge)
    assert caught.value.parameter == "score"


# ----------------------------------------------------------------------------- honeycomb input


@pytest.mark.parametrize(
    "letters, center",
    [
        ("abcdef", "a"),  # 6 letters
        ("abcdefgh", "a"),  # 8 letters
        ("aabcdef", "a"),  # repeated letter
        ("abcdefg", "z"),  # center not among the letters
        ("abcdefg", "ab"),  # center not one letter
        ("abc1efg", "a"),  # non-letter
        ("abcdéfg", "a"),  # non-ASCII
    ],
)
def test_bad_honeycombs(letters, center):
    with pytest.raises(InputError):
        sb.Honeycomb(letters, center)


def test_honeycomb_normalises():
    assert sb.Honeycomb("TRAEGIN", "r") == sb.Honeycomb("AEGINRT", "R")
    assert sb.Honeycomb("raegint").center == "R"
    assert repr(sb.Honeycomb("traegin", "R")) == "Honeycomb(letters='AEGINRT', center='R')"


# ----------------------------------------------------------------------------- command line


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["bee", "solve", "abcdef", "--center", "a"], "7 letters, got 6"),
        (["bee", "solve", "aabcdef", "--center", "a"], "repeats a"),
        (["bee", "solve", "abcdefg", "--center", "z"], "center Z is not one of the letters"),
        (["bee", "solve", "ab-defg", "--center", "a"], "must be letters a–z"),
        (["bee", "draw", "abcdefgh", "--center", "a", "-o", "x.svg"], "7 letters, got 8"),
        (["bee", "report", "abcdef"], "7 letters, got 6"),
        (["bee", "best", "--require", "a", "--exclude", "a"], "both --require and --exclude A"),
        (["bee", "best", "--require", "abcdefgh"], "cannot --require ABCDEFGH"),
        (["bee", "best", "--require", "s"], "--require S without --allow-s"),
        (["bee", "best", "--require", "jqxz"], "no candidate honeycomb"),
        (["bee", "best", "--top", "0"], "--top"),
        (["bee", "best", "--top", "10001"], "--top"),
        (["bee", "best", "--min-zipf", "nan"], "--min-zipf"),
        (["bee", "solve", "abcdefg", "--min-zipf", "inf"], "--min-zipf"),
        (["bee", "generate", "--count", str(10**12)], "--count"),
        (["bee", "generate", "--seed", str(2**63)], "--seed"),
        (["bee", "generate", "--score", "-10", "--pangrams", "1"], "scores at most 10"),
        (["bee", "generate", "--words", "-1", "--pangrams", "2"], "has at most 1 words"),
        (["bee", "generate", "--score", "900-100"], "is empty"),
        (["bee", "generate", "--score", "1-99999999999999999999"], "--score"),
        (["bee", "generate", "--score", "100000-"], "no honeycomb meets the constraints"),
        (["bee", "generate", "--pangrams", "0"], "--pangrams"),
    ],
)
def test_cli_bad_input(cli, bad_input, tiny_file, args, fragment):
    result = cli(*args, "--lexicon", tiny_file) if args[1] != "draw" else cli(*args)
    bad_input(result, fragment)


def test_cli_impossible_constraints_enable1(cli, bad_input, enable1):
    bad_input(cli("bee", "best", "--require", "jqxz", "--lexicon", "enable1"), "JQXZ")
    bad_input(cli("bee", "generate", "--words", "5000-", "--lexicon", "enable1"), "words 5000-")


def test_cli_solve_json(cli, enable1):
    r = cli("bee", "solve", "TRAEGIN", "--center", "R", "--json", "--lexicon", "enable1")
    assert r.exit_code == 0
    d = json.loads(r.stdout)
    assert d["letters"] == "AEGINRT" and d["center"] == "R"
    assert d["score"] == 3_898 and len(d["words"]) == d["count"] == 537
    assert all(w == w.lower() for w in d["words"]) and set(d["pangrams"]) <= set(d["words"])
    assert d["lexicon"]["name"] == "enable1"
    assert d["ranks"][-1] == {"name": "Queen Bee", "percent": 100, "min_score": 3_898}
    assert d["hints"]["totals"]["total"] == 537
    assert sum(d["hints"]["two_letter"].values()) == 537


def test_cli_solve_found_hides_words(cli, enable1):
    r = cli(
        "bee",
        "solve",
        "AEGINRT",
        "-c",
        "r",
        "--found",
        "grain,tear",
        "--found",
        "ratting",
        "--json",
        "--lexicon",
        "enable1",
    )
    d = json.loads(r.stdout)
    assert "words" not in d and d["progress"]["found"] == ["grain", "ratting", "tear"]
    assert d["progress"]["words_left"] == 534
    text = cli("bee", "solve", "AEGINRT", "-c", "r", "--found", "grain", "--lexicon", "enable1")
    assert "entertaining" not in text.stdout and "words left" in text.stdout


def test_cli_best_json(cli, enable1):
    r = cli("bee", "best", "--top", "3", "--json", "--lexicon", "enable1")
    d = json.loads(r.stdout)
    assert (d["letters"], d["center"], d["score"]) == ("AEGINRT", "R", 3_898)
    assert len(d["top"]) == 3 and d["optimal"] is True and d["candidates"] == 55_902


def test_cli_stats_and_plot(cli, bad_input, enable1, tmp_path):
    plot = tmp_path / "scores.png"
    r = cli("bee", "stats", "--json", "-o", plot, "--lexicon", "enable1")
    d = json.loads(r.stdout)
    assert (
        d["valid_words"],
        d["pangram_words"],
        d["pangram_letter_sets"],
        d["candidate_honeycombs"],
    ) == (44_585, 14_741, 7_986, 55_902)
    assert sum(d["score_distribution"]["histogram"]["counts"]) == 55_902
    assert plot.stat().st_size > 1000
    bad_input(cli("bee", "stats", "--output", plot, "--lexicon", "enable1"), "--force")
    bad_input(cli("bee", "stats", "--plot", plot, "--lexicon", "enable1"), "--plot")


def test_cli_report_tiny(cli, tiny_file):
    r = cli("bee", "report", "--lexicon", tiny_file)
    assert r.exit_code == 0
    assert "optimal honeycomb ACEIORT centre T forms 2 words for 31 points" in r.stdout
    assert "cacciatore(17) erotica(14)" in r.stdout


def test_cli_generate_seeded(cli, enable1):
    args = "bee generate --count 2 --score 80-300 --words 20-70 --min-zipf 2 --json".split()
    args += ["--lexicon", "enable1"]
    a, b = (json.loads(cli(*args, "--seed", "3").stdout) for _ in range(2))
    assert a["puzzles"] == b["puzzles"] and len(a["puzzles"]) == 2 and a["seed"] == 3
    assert all(p["letters"] == p["letters"].upper() for p in a["puzzles"])
    assert all(w == w.lower() for p in a["puzzles"] for w in p["words"])
    drawn = json.loads(cli(*args).stdout)  # no seed: one is drawn, reported, and replays
    again = json.loads(cli(*args, "--seed", str(drawn["seed"])).stdout)
    assert drawn["puzzles"] == again["puzzles"]


def test_cli_draw(cli, bad_input, tmp_path, tiny_file):
    svg = tmp_path / "hive.svg"
    r = cli("bee", "draw", "AEGINRT", "--center", "R", "-o", svg, "--lexicon", tiny_file)
    assert r.exit_code == 0
    text = svg.read_text()
    assert text.count("<path") >= 7 and "f7da21" in text.lower()
    bad_input(cli("bee", "draw", "AEGINRT", "--center", "R", "-o", svg), "--force")
    assert cli("bee", "draw", "AEGINRT", "-c", "R", "-o", svg, "--force").exit_code == 0
    bad_input(cli("bee", "draw", "AEGINRT", "-c", "R", "-o", tmp_path / "hive.gif"), ".svg")
    png = tmp_path / "hive.png"
    args = ("bee", "draw", "AEGLMPX", "-c", "G", "-o", png, "--score", "--json")
    d = json.loads(cli(*args, "--lexicon", tiny_file).stdout)
    assert d["title"] == "4 words, 24 points (tiny)" and png.read_bytes()[:4] == b"\x89PNG"


def test_random_hives_obey_rules(enable1):
    rng = random.Random(5)
    for _ in range(6):
        letters = "".join(rng.sample("abcdefghijklmnopqrstuvwxyz", 7))
        hive = sb.Honeycomb(letters, letters[0])
        solution = sb.solve(hive, lexicon=enable1)
        assert all(obeys_rules(w, hive) for w in solution.words)
        expected = [w for w in enable1.words if obeys_rules(w, hive)]
        assert list(solution.words) == expected


# ----------------------------------------------------------------------------- bad library calls


@pytest.mark.parametrize(
    ("call", "parameter", "fragment"),
    [
        (lambda lex: sb.solve(5, lexicon=lex), "honeycomb", "`honeycomb` must be a Honeycomb"),
        (lambda lex: sb.solve(["AEGINRT"], lexicon=lex), "honeycomb", "or its letters, not list"),
        (lambda lex: sb.solve("AEGINRT", lexicon=5), "lexicon", "`lexicon` must be a Lexicon"),
        (
            lambda lex: sb.solve(sb.Honeycomb("AEGINRT", "R"), center="A", lexicon=lex),
            "center",
            "is not the center of AEGINRT centre R",
        ),
        (
            lambda lex: sb.solve("AEGINRT", lexicon=lex, min_zipf=float("nan")),
            "min_zipf",
            "`min_zipf` must be",
        ),
        (lambda lex: sb.solve("AEGINRT", lexicon=lex, min_zipf=9), "min_zipf", "must be a finite"),
        (lambda lex: sb.best(lexicon=lex, top=0), "top", "`top` must be"),
        (lambda lex: sb.best(lexicon=lex, top=2.0), "top", "`top` must be"),
        (lambda lex: sb.best(lexicon=lex, top=10**12), "top", "`top` must be"),
        (
            lambda lex: sb.best(lexicon=lex, allow_s="no"),
            "allow_s",
            "`allow_s` must be True or False",
        ),
        (lambda lex: sb.best(lexicon=lex, exclude=5), "exclude", "`exclude` must be a string"),
        (lambda lex: sb.best(lexicon=lex, require="x1"), "require", "`require` must be letters"),
        (lambda lex: sb.generate(lexicon=lex, count=0), "count", "`count` must be"),
        (lambda lex: sb.generate(lexicon=lex, count=10**12), "count", "`count` must be"),
        (lambda lex: sb.generate(lexicon=lex, seed=2**63), "seed", "`seed` must be"),
        (lambda lex: sb.generate(lexicon=lex, seed="7"), "seed", "`seed` must be"),
        (lambda lex: sb.generate(lexicon=lex, pangrams=0), "pangrams", "`pangrams` must be"),
        (
            lambda lex: sb.generate(lexicon=lex, score=(-1, None)),
            "score",
            "`score` must be a whole number",
        ),
        (
            lambda lex: sb.generate(lexicon=lex, score=(9, 3)),
            "score",
            "`score` range 9-3 is empty",
        ),
        (lambda lex: sb.generate(lexicon=lex, words="20-60"), "words", "`words` must be a pair"),
        (lambda lex: sb.check("AEGINRT", "grain", lexicon=lex), "found", "`found` must be"),
        (lambda lex: hints("tart"), "words", "`words` must be a sequence of words"),
        (lambda lex: word_score("gem"), "word", "`word` must have at least 4 letters"),
        (lambda lex: sb.report(5, lexicon=lex), "honeycomb", "`honeycomb` must be a Honeycomb"),
        (lambda lex: sb.report(center="a", lexicon=lex), "center", "`center` needs the"),
        (lambda lex: sb.Honeycomb(["a", "b"]), "letters", "`letters` must be a string"),
        (lambda lex: sb.Honeycomb("AEGINRT", "RT"), "center", "`center` must be one letter"),
        (lambda lex: sb.Honeycomb("AEGINRT", "S"), "center", "`center` S is not one of the"),
        (
            lambda lex: set_ranks(np.array([letter_mask("abcdefgh")])),
            "masks",
            "at most 7 letters",
        ),
        (
            lambda lex: subset_ranks(np.array([[6, 5, 4, 3, 2, 1, 0]])),
            "letters",
            "ascending order",
        ),
        (
            lambda lex: subset_ranks(np.array([[6, 5, 4, 3, 2, 1, 0]], dtype=np.uint8)),
            "letters",
            "ascending order",
        ),
        (lambda lex: set_letters(np.array([letter_mask("abc")])), "sets", "exactly 7 letters"),
        (lambda lex: points_table(lex, np.ones(3, dtype=bool)), "keep", "`keep` must be"),
        (lambda lex: ranks(-1), "max_score", "`max_score` must be"),
    ],
)
def test_bad_library_calls_name_the_parameter(tiny, call, parameter, fragment):
    with pytest.raises(InputError, match=fragment) as caught:
        call(tiny)
    assert caught.value.parameter == parameter
    assert "\n" not in str(caught.value)


def test_impossible_generate_refused_before_work(tiny):
    with pytest.raises(NoSolutionError, match="each pangram scores at least 14"):
        sb.generate(lexicon=tiny, score=(None, 27), pangrams=2)
    with pytest.raises(NoSolutionError, match="each pangram is a word"):
        sb.generate(lexicon=tiny, words=(0, 2), pangrams=3)


def test_negative_seed_generates_and_replays(tiny):
    a, b = (sb.generate(lexicon=tiny, count=3, seed=-1) for _ in range(2))
    assert a.seed == -1 and a.puzzles == b.puzzles and len(a.puzzles) == 3


def test_results_are_named_by_their_verb(tiny):
    """The results are named after their verbs (the old BeeSolution, its deprecated alias
    Solution, Standing, Best, Report, Stats and Generated are gone with the old face)."""
    hive = sb.Honeycomb("ACEIORT", "T")
    assert type(sb.solve(hive, lexicon=tiny)) is sb.SolveResult
    assert type(sb.check(hive, ["erotica"], lexicon=tiny)) is sb.CheckResult
    assert type(sb.best(lexicon=tiny)) is sb.BestResult
    assert type(sb.report(hive, lexicon=tiny)) is sb.ReportResult
    assert type(sb.stats(lexicon=tiny)) is sb.StatsResult
    assert type(sb.generate(lexicon=tiny, seed=1)) is sb.GenerateResult
    old = ("Solution", "BeeSolution", "Standing", "Best", "Report", "Stats", "Generated")
    assert not [name for name in old if hasattr(sb, name)]


def test_cli_found_json_is_the_check(cli, tiny_file, tiny):
    args = ("bee", "solve", "ACEIORT", "-c", "T", "--found", "erotica, x1", "--json")
    d = json.loads(cli(*args, "--lexicon", tiny_file).stdout)
    expected = sb.check("ACEIORT", ["erotica", "x1"], center="T", lexicon=tiny).to_dict()
    del d["lexicon"]
    assert d == json.loads(json.dumps(expected))
    assert set(d) == {"letters", "center", "score", "count", "progress", "ranks"}


def test_cli_draw_plain_title_and_no_partial_file(cli, bad_input, tmp_path, tiny_file):
    svg = tmp_path / "hive.svg"
    r = cli("bee", "draw", "AEGINRT", "-c", "R", "-o", svg, "--title", r"$\frac{", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["title"] == r"$\frac{"
    assert svg.read_text().startswith("<?xml")
    assert [p.name for p in tmp_path.iterdir()] == ["hive.svg"]  # no temporary file left
    missing = tmp_path / "no" / "hive.svg"
    bad_input(cli("bee", "draw", "AEGINRT", "-c", "R", "-o", missing), "no such directory")


def test_cli_draw_quiet_when_home_is_not_writable(tmp_path, tiny_file):
    """matplotlib warns on stderr when it cannot make its folder under HOME: kept quiet, so a
    command prints nothing there but its one error line."""
    import os
    import subprocess
    import sys

    home = tmp_path / "home-is-a-file"
    home.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MPL", "XDG_"))}
    env.update(HOME=str(home), PYTHONPATH=os.pathsep.join(sys.path))
    args = ["bee", "draw", "AEGINRT", "-c", "R", "-o", str(tmp_path / "h.png"), "--score"]
    command = [sys.executable, "-m", "letterplay", *args, "--lexicon", tiny_file]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
