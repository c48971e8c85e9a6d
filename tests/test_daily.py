"""Daily puzzles: one a date, the same in every process, consecutive with --days, solving to
what they report, showing no offensive word, on the command line and the web alike."""

from __future__ import annotations

import datetime
import itertools
import json
import os
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from letterplay import anigrams, daily, letterboxed, spellingbee
from letterplay.errors import InputError
from letterplay.lexicon import load
from letterplay.offensive import is_offensive, offensive_shown, without_offensive
from letterplay.results import envelope

FACES = {"bee": spellingbee, "letterboxed": letterboxed, "anigrams": anigrams}
DATE = "2026-11-25"
WEEK = [f"2026-{m:02}-{d:02}" for m, d in ((11, 25), (11, 26), (11, 27), (11, 28), (11, 29))]
WEEK += ["2026-11-30", "2026-12-01"]


def _json(game: str, date: str = DATE, days: int = 1) -> dict:
    return json.loads(json.dumps(envelope(FACES[game].daily(date, days=days)), default=str))


# ----------------------------------------------------------------------------- dates and seeds


def test_seed_is_the_sha256_of_game_and_date():
    assert daily.seed_for("bee", DATE) == 271744931586043921
    assert daily.seed_for("bee", datetime.date(2026, 11, 25)) == 271744931586043921
    seeds = {daily.seed_for(g, d) for g in daily.GAMES for d in WEEK}
    assert len(seeds) == 21 and all(0 <= s < 2**63 for s in seeds)


def test_dates_are_consecutive_across_months_years_and_leap_days():
    assert [str(d) for d in daily.dates("2024-02-28", 3)] == [
        "2024-02-28",
        "2024-02-29",
        "2024-03-01",
    ]
    assert [str(d) for d in daily.dates("2025-12-31", 2)] == ["2025-12-31", "2026-01-01"]
    assert len(daily.dates(DATE, 366)) == 366
    assert daily.dates(None) == (datetime.date.today(),)
    when = datetime.datetime(2026, 11, 25, 23, 59)
    assert daily.parse_date(when) == datetime.date(2026, 11, 25)


@pytest.mark.parametrize(
    "date, days, name",
    [
        ("2026-02-30", 1, "date"),
        ("2026-13-01", 1, "date"),
        ("25/11/2026", 1, "date"),
        ("20261125", 1, "date"),
        ("", 1, "date"),
        (20261125, 1, "date"),
        (DATE, 0, "days"),
        (DATE, 367, "days"),
        (DATE, 2.0, "days"),
        (DATE, True, "days"),
        ("9999-12-31", 2, "days"),
    ],
)
def test_bad_dates_and_days_name_their_parameter(date, days, name):
    with pytest.raises(InputError) as e:
        daily.dates(date, days)
    assert e.value.parameter == name and f"`{name}`" in str(e.value)
    with pytest.raises(InputError) as e:
        spellingbee.daily(date, days=days)
    assert e.value.parameter == name


@settings(max_examples=200, deadline=None)
@given(
    date=st.one_of(
        st.text(max_size=12),
        st.dates().map(str),
        st.from_regex(r"\A\d{4}-\d{2}-\d{2}\Z"),
        st.integers(),
        st.none(),
    ),
    days=st.one_of(st.integers(-5, 400), st.floats(), st.text(max_size=3)),
)
def test_any_date_and_days_give_dates_or_one_error_naming_them(date, days):
    try:
        got = daily.dates(date, days)
    except InputError as e:
        assert e.parameter in ("date", "days") and "\n" not in str(e)
        return
    steps = {b - a for a, b in itertools.pairwise(got)}
    assert len(got) == days and steps <= {datetime.timedelta(days=1)}
    first = datetime.date.today() if date is None else datetime.date.fromisoformat(date.strip())
    assert got[0] == first


def test_an_unknown_game_has_no_seed():
    with pytest.raises(InputError, match="`game` must be one of bee, letterboxed, anigrams"):
        daily.seed_for("sudoku", DATE)


# ----------------------------------------------------------------------------- the puzzles


@pytest.mark.parametrize("game", FACES)
def test_each_face_offers_daily(game):
    assert "daily" in FACES[game].__all__


def test_the_hints_verb_left_the_bee_face_and_the_hints_stayed_on_its_solutions():
    assert "hints" not in spellingbee.__all__ and not hasattr(spellingbee, "hints")
    assert spellingbee.solve("CEFINTV", center="C").hints().total == 37


@pytest.mark.parametrize("game", FACES)
def test_a_date_gives_the_same_puzzle_and_different_dates_differ(game):
    week = FACES[game].daily(WEEK[0], days=7)
    assert [str(d) for d in week.dates] == WEEK
    if game == "bee":  # a year's honeycombs are drawn together: the year's seed, the day
        assert week.seeds == (daily.seed_for(game, "2026-01-01"),) * 7
        assert week.numbers == tuple(range(329, 336))
    else:
        assert week.seeds == tuple(daily.seed_for(game, d) for d in WEEK)
    one = [FACES[game].daily(d).to_dict()["puzzles"][0] for d in WEEK]
    assert week.to_dict()["puzzles"] == one
    key = {"bee": "letters", "letterboxed": "sides", "anigrams": "chain"}[game]
    shown = [json.dumps(p[key]) for p in one]
    assert len(set(shown)) == 7, shown


def test_a_fresh_process_makes_the_same_puzzles():
    code = (
        "import json, letterplay as lp; from letterplay.results import envelope, to_json; "
        f"print(to_json([envelope(f.daily({DATE!r}, days=2)) for f in "
        "(lp.spellingbee, lp.letterboxed, lp.anigrams)]))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}  # a different hash seed: no effect
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert json.loads(out) == [_json(g, DATE, 2) for g in FACES]


def test_the_bee_json_has_the_solve_keys_and_its_lexicon():
    payload = _json("bee")
    assert set(payload) == {"game", "puzzles", "lexicon"} and payload["game"] == "bee"
    assert payload["lexicon"]["name"] == "nyt-bee"
    puzzle = payload["puzzles"][0]
    solved = envelope(spellingbee.solve("CEFINTV", center="C"))
    assert set(solved) - {"lexicon"} | {"date", "seed", "number"} == set(puzzle)
    assert puzzle["date"] == DATE and puzzle["seed"] == daily.seed_for("bee", "2026-01-01")
    assert puzzle["number"] == 329  # 25 November is the 329th day of 2026
    assert len(puzzle["letters"]) == 7 and puzzle["center"] in puzzle["letters"]
    assert puzzle["pangrams"] and puzzle["score"] == sum(puzzle["word_scores"].values())
    assert "S" not in puzzle["letters"]


def test_the_letter_boxed_json_has_the_solve_keys_and_its_lexicon():
    payload = _json("letterboxed")
    assert payload["lexicon"]["name"] == "nyt-letterboxed"
    puzzle = payload["puzzles"][0]
    solved = envelope(letterboxed.solve("TAP ERD NIL YCO"))
    assert set(solved) - {"lexicon"} <= set(puzzle) and "date" in puzzle
    assert len(puzzle["sides"]) == 4 and {len(s) for s in puzzle["sides"]} == {3}
    assert puzzle["min_words"] == 2 and puzzle["solutions"]


def test_the_anigrams_json_has_the_game_and_its_chain():
    payload = _json("anigrams")
    assert payload["lexicon"]["name"] == "enable1"
    puzzle = payload["puzzles"][0]
    assert {"date", "seed", "scrambled", "added", "steps", "games", "chain"} <= set(puzzle)
    assert [len(w) for w in puzzle["chain"]] == [4, 5, 6, 7, 8, 9]
    assert all("words" in step for step in puzzle["steps"])
    # the seed is the game's number: play gives the same game
    game = anigrams.play(seed=puzzle["seed"], answers=True)
    assert game.to_dict() | {"date": DATE} == puzzle


def test_the_bee_puzzles_solve_to_what_they_report():
    clean = without_offensive(load("nyt-bee"))
    for puzzle in spellingbee.daily(WEEK[0], days=7).puzzles:
        again = spellingbee.solve(puzzle.honeycomb, lexicon=clean)
        assert again.words == puzzle.words and again.score == puzzle.score
        assert again.pangrams == puzzle.pangrams and puzzle.pangrams


def test_the_letter_boxed_boards_solve_to_what_they_report():
    clean = without_offensive(load("nyt-letterboxed"))
    for board in letterboxed.daily(WEEK[0], days=7).puzzles:
        again = letterboxed.solve(board.board, lexicon=clean, limit=5)
        assert again.min_words == board.solve.min_words == 2
        assert again.count == board.solve.count
        assert [s.words for s in again.solutions] == [s.words for s in board.solve.solutions]
        for s in board.solve.solutions:
            assert letterboxed.check(board.board, list(s.words), lexicon=clean).valid


def test_the_anigrams_games_are_valid_games():
    for game in anigrams.daily(WEEK[0], days=7).puzzles:
        result = anigrams.check(list(game.chain.shown))
        assert result.valid and result.game
        assert sorted(game.scrambled) == sorted(game.chain.terms[0])


@pytest.mark.parametrize("game", FACES)
def test_no_daily_puzzle_shows_an_offensive_word(game):
    days = FACES[game].daily("2026-01-01", days=60)
    for puzzle in days.to_dict()["puzzles"]:
        words: list[str] = []
        texts: list[str] = []
        if game == "bee":
            words = puzzle["words"]
            texts = [puzzle["letters"], puzzle["center"] + puzzle["letters"]]
        elif game == "letterboxed":
            words = [w for s in puzzle["solutions"] for w in s]
            texts = [*puzzle["sides"], *[s[::-1] for s in puzzle["sides"]], puzzle["letters"]]
        else:
            words = [w for step in puzzle["steps"] for w in step["words"]]
            texts = [puzzle["scrambled"], *(step["letters"] for step in puzzle["steps"])]
        assert not any(is_offensive(w) for w in words)
        assert not offensive_shown(texts).any(), texts


def test_puzzles_are_kept_in_memory_and_the_memory_is_bounded(monkeypatch):
    first = spellingbee.daily(DATE).puzzle
    assert spellingbee.daily(DATE).puzzle is first  # kept, not made again
    monkeypatch.setattr(daily, "MAX_CACHED", 3)
    spellingbee.daily("2030-01-01", days=5)
    assert len(daily._made) == 3
    assert spellingbee.daily(DATE).puzzle is not first  # forgotten, made again: the same
    assert spellingbee.daily(DATE).puzzle == first


def test_another_lexicon_makes_other_puzzles_named_by_it():
    mine = spellingbee.daily(DATE, lexicon="enable1")
    assert mine.lexicon.name == "enable1"
    assert mine.puzzle.honeycomb != spellingbee.daily(DATE).puzzle.honeycomb


def test_progress_is_reported_per_puzzle():
    calls = []
    spellingbee.daily("2031-01-01", days=3, progress=lambda *a: calls.append(a))
    assert calls[0][1:] == (0, 3) and calls[-1][1:] == (3, 3)


# ----------------------------------------------------------------------------- command line


@pytest.mark.parametrize("game", FACES)
def test_the_command_prints_the_library_json(cli, game):
    result = cli(game, "daily", "--date", DATE, "--days", "3", "--json")
    assert result.exit_code == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed == _json(game, DATE, 3)
    assert [p["date"] for p in printed["puzzles"]] == WEEK[:3]


@pytest.mark.parametrize("game", FACES)
def test_the_command_shows_a_table_of_several_dates(cli, monkeypatch, game):
    monkeypatch.setenv("COLUMNS", "200")
    result = cli(game, "daily", "--date", DATE, "--days", "3")
    assert result.exit_code == 0, result.stderr
    assert all(day in result.stdout for day in WEEK[:3]) and WEEK[3] not in result.stdout
    one = cli(game, "daily", "--date", DATE)
    assert DATE in one.stdout and one.exit_code == 0


def test_one_bee_puzzle_is_shown_as_bee_solve_shows_it(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    puzzle = spellingbee.daily(DATE).puzzle
    shown = cli("bee", "daily", "--date", DATE).stdout.splitlines()
    solved = cli("bee", "solve", str(puzzle.honeycomb.letters), "-c", puzzle.honeycomb.center)
    seed = daily.seed_for("bee", "2026-01-01")
    assert shown[0] == f"Spelling Bee of {DATE} (puzzle 329 of seed {seed})"
    assert shown[1].startswith(f"{puzzle.honeycomb}: {puzzle.count} words, {puzzle.score} points")
    assert "nyt-bee (" in shown[1] and "hints:" in "\n".join(shown)
    assert solved.exit_code == 0


@pytest.mark.parametrize("game", FACES)
@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--date", "2026-02-30"), "--date 2026-02-30 is not a date"),
        (("--date", "tomorrow"), "--date must be a date written YYYY-MM-DD"),
        (("--days", "0"), "--days must be a whole number from 1 to 366"),
        (("--days", "367"), "--days must be a whole number from 1 to 366"),
        (("--days", "two"), "--days must be a whole number"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(cli, bad_input, game, args, fragment):
    bad_input(cli(game, "daily", *args), fragment)


def test_the_help_names_the_daily_word_list(cli):
    for game, name in (("bee", "nyt-bee"), ("letterboxed", "nyt-letterboxed")):
        shown = " ".join(cli(game, "daily", "--help").stdout.split()).replace("nyt- ", "nyt-")
        assert f"Default: {name}." in shown


# ----------------------------------------------------------------------------- web


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from letterplay.web.app import create_app

    # a server whose own default list is another: the daily puzzles keep theirs
    with TestClient(create_app(default_lexicon="common"), base_url="http://127.0.0.1") as c:
        yield c


@pytest.mark.parametrize("game", FACES)
def test_the_web_answers_the_command_line_json(client, game):
    response = client.get(f"/api/{game}/daily", params={"date": DATE, "days": 2})
    assert response.status_code == 200
    assert response.json() == _json(game, DATE, 2)


def test_the_web_names_another_list_when_asked(client):
    response = client.get("/api/bee/daily", params={"date": DATE, "lexicon": "enable1"})
    assert response.json()["lexicon"]["name"] == "enable1"
    assert response.json() == _json_on("enable1")


def _json_on(name: str) -> dict:
    result = spellingbee.daily(DATE, lexicon=name)
    return json.loads(json.dumps(envelope(result), default=str))


@pytest.mark.parametrize(
    "query, fragment",
    [
        ({"date": "2026-02-30"}, "date 2026-02-30 is not a date"),
        ({"date": "25/11/2026"}, "date must be a date written YYYY-MM-DD"),
        ({"days": "0"}, "days must be a whole number from 1 to 366"),
        ({"days": "32"}, "days must be at most 31 in the web app"),
        ({"date": DATE, "seed": "3"}, "unknown parameter 'seed'"),
    ],
)
def test_the_web_refuses_bad_input_with_400_in_its_own_words(client, query, fragment):
    for game in FACES:
        response = client.get(f"/api/{game}/daily", params=query)
        assert response.status_code == 400
        error = response.json()["error"]
        assert fragment in error and "--" not in error and "\n" not in error


def test_no_bee_puzzle_repeats_within_a_year_and_the_draw_is_generates():
    """A year's honeycombs are drawn together without replacement, as ``generate`` draws them:
    its puzzle n is the daily puzzle of the year's day n."""
    year = spellingbee.daily("2027-01-01", days=365)
    shown = [str(p.honeycomb) for p in year.puzzles]
    assert len(set(shown)) == 365
    drawn = spellingbee.generate(like="nyt", seed=year.seeds[0], count=366)
    for n in (1, 100, 365):
        assert str(drawn.puzzles[n - 1].honeycomb) == shown[n - 1]
        assert drawn.puzzles[n - 1].to_dict() == year.puzzles[n - 1].to_dict()
