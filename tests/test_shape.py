"""Puzzles shaped like the NY Times' (``generate(like="nyt")``) and the bundled shape model."""

from __future__ import annotations

import hashlib
import json
import warnings

import numpy as np
import pytest

from letterplay import letterboxed as lb
from letterplay import nyt
from letterplay import spellingbee as sb
from letterplay.errors import InputError
from letterplay.letterboxed._shape import FAIR_ZIPF
from letterplay.offensive import is_offensive, shows_offensive
from letterplay.spellingbee._shape import SHAPE_FILE, shape_model

# Recorded by scripts/build_shape.py; a rebuild that changes the model must update it here,
# deliberately (and the figures in docs/spellingbee.md and docs/letterboxed.md).
SHAPE_SHA = "8b602f25365377357a5921029e29977feea81e74bd767665654bca8efc2fbc97"


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from letterplay.web.app import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        yield c


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("verb", [sb.generate, lb.generate])
@pytest.mark.parametrize("like", ["nytimes", "", 3, "guardian"])
def test_like_refused(verb, like):
    with pytest.raises(InputError, match="`like` must be one of nyt") as caught:
        verb(like=like, seed=1)
    assert caught.value.parameter == "like"


def test_like_refuses_another_board_shape():
    with pytest.raises(InputError, match="`like` nyt deals the NY Times' board") as caught:
        lb.generate(like="nyt", sides=5, seed=1)
    assert caught.value.parameter == "like"


@pytest.mark.parametrize("game", ["bee", "letterboxed"])
def test_like_refused_on_the_command_line(cli, bad_input, game):
    bad_input(cli(game, "generate", "--like", "nytimes", "--seed", "1"), "--like must be one of")


@pytest.mark.parametrize("game", ["bee", "letterboxed"])
def test_like_refused_on_the_web(client, game):
    response = client.get(f"/api/{game}/generate?like=nytimes&seed=1")
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith("like must be one of nyt")


# ----------------------------------------------------------------------------- Spelling Bee


def test_bee_like_uses_the_nyt_list_and_is_seeded():
    first = sb.generate(like="nyt", seed=11, count=3)
    again = sb.generate(like="NYT", seed=11, count=3)
    other = sb.generate(like="nyt", seed=12, count=3)
    assert first.lexicon.name == "nyt-bee" and first.constraints["like"] == "nyt"
    assert first.to_dict()["puzzles"] == again.to_dict()["puzzles"]
    assert first.to_dict()["puzzles"] != other.to_dict()["puzzles"]


def test_bee_weights_kept_on_disk_give_the_same_puzzles(monkeypatch):
    """A new process reads the candidates' weights from the cache instead of checking every
    candidate again, and draws exactly what a fresh computation draws."""
    from letterplay import cache
    from letterplay.spellingbee import _shape

    monkeypatch.setattr(_shape, "_SHAPED", {})
    first = [str(p.honeycomb) for p in sb.generate(like="nyt", seed=12, count=3).puzzles]
    entries = [f for f in cache.cache_dir().iterdir() if f.name.startswith("bee-shape-")]
    assert entries
    monkeypatch.setattr(_shape, "_SHAPED", {})  # as in a new process: only the disk has them
    monkeypatch.setattr(_shape, "statistics", lambda *a: pytest.fail("weights recomputed"))
    again = [str(p.honeycomb) for p in sb.generate(like="nyt", seed=12, count=3).puzzles]
    assert again == first


def test_bee_shaped_puzzles_look_like_the_nyt():
    result = sb.generate(like="nyt", seed=2026, count=200)
    support = shape_model()["bee"]["support"]
    counts = np.array([p.count for p in result.puzzles])
    scores = np.array([p.score for p in result.puzzles])
    for p in result.puzzles:
        letters = str(p.honeycomb).split()[0]
        assert "S" not in letters and p.pangrams
        assert not shows_offensive(letters) and not any(map(is_offensive, p.words))
    assert support["words"][0] <= counts.min() and counts.max() <= support["words"][1]
    assert support["score"][0] <= scores.min() and scores.max() <= support["score"][1]
    # the NY Times' 2021-2022 puzzles: median 40 answers, a score of about 160
    assert 34 <= np.median(counts) <= 46 and 130 <= np.median(scores) <= 200
    plain = sb.generate(lexicon="nyt-bee", seed=2026, count=200)
    assert np.median([p.count for p in plain.puzzles]) > 50  # unshaped: far more answers


def test_bee_like_keeps_the_other_constraints():
    result = sb.generate(like="nyt", seed=3, count=5, words=(20, 30), require="q")
    assert all(20 <= p.count <= 30 and "Q" in str(p.honeycomb) for p in result.puzzles)


# ----------------------------------------------------------------------------- Letter Boxed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_letterboxed_shaped_boards(seed):
    result = lb.generate(like="nyt", seed=seed)
    again = lb.generate(like="nyt", seed=seed)
    assert result.to_dict() == again.to_dict() and result.lexicon.name == "nyt-letterboxed"
    sides = result.board.sides
    assert len(sides) == 4 and all(len(s) == 3 for s in sides)
    assert result.solve.min_words <= 2 and len(result.solve.solutions[0].words) == 2
    fair = lb.solve(sides, lexicon="nyt-letterboxed", min_zipf=FAIR_ZIPF, limit=1)
    assert fair.min_words == 2  # proven: two common words solve it
    assert result.par in (4, 5, 6) and result.to_dict()["par"] == result.par
    assert not any(is_offensive(w) for s in result.solve.solutions for w in s.words)


def test_letterboxed_plain_boards_have_no_par():
    assert "par" not in lb.generate(seed=2024, min_zipf=3).to_dict()


# ----------------------------------------------------------------------------- the model


def test_shape_file_identity():
    raw = SHAPE_FILE.read_bytes()
    assert hashlib.sha256(raw).hexdigest() == SHAPE_SHA
    model = json.loads(raw)
    assert model["bee"]["fit"]["through"] == "2022-12-31"
    assert model["letterboxed"]["fit"]["through"] == "2024-12-31"
    for game, name in (("bee", "nyt-bee"), ("letterboxed", "nyt-letterboxed")):
        fitted = model[game]["fit"]["lexicon"]
        assert (fitted["name"], fitted["sha256"]) == (name, nyt.load_bundled(name).sha256)


def test_bee_model_forecasts_better_than_uniform():
    fit = shape_model()["bee"]["fit"]
    # the held-out year's mean log-likelihood per puzzle, against drawing uniformly
    assert fit["forecast_loglik"] > fit["uniform_loglik"] + 0.4


def test_bee_model_has_a_memory_per_factor():
    """Each factor of the Bee model keeps its own memory, chosen by forecasting 2021 and 2022:
    the answer counts, which trend, a short one."""
    fit = shape_model()["bee"]["fit"]
    lives = fit["half_life_years"]
    assert set(lives) == {"size", "pangrams", "pangram_zipf", "vowels", "center", "outer"}
    assert all(life is None or 0 < life <= 2 for life in lives.values())
    assert lives["size"] == 0.25
    assert 0.0 <= fit["center_shrink"] < 1.0


def test_bee_weights_follow_the_held_out_year(data_dir):
    """The shape model's expected answer count and vowels match the 2023 puzzles it never saw,
    where the candidates' do not."""
    from letterplay.lexicon import load
    from letterplay.offensive import without_offensive
    from letterplay.spellingbee._best import candidates
    from letterplay.spellingbee._shape import log_weights, statistics

    lexicon = without_offensive(load("nyt-bee"))
    stats = statistics(lexicon, candidates(lexicon))
    logw = log_weights(stats, shape_model()["bee"])
    w = np.exp(logw - logw.max())
    w /= w.sum()
    lines = (data_dir / "nyt-spelling-bee-2018-2023.jsonl").read_text().splitlines()
    held = [json.loads(x) for x in lines if x.startswith('{"date": "2023')]
    real_words = np.mean([len(p["answers"]) for p in held])
    real_vowels = np.mean([sum(c in "aeiou" for c in p["center"] + p["outer"]) for p in held])
    assert abs(w @ stats["words"] - real_words) < 3 < abs(stats["words"].mean() - real_words)
    assert abs(w @ stats["vowels"] - real_vowels) < 0.1
