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
SHAPE_SHA = "0f4fb2c55c7b004d82ccd9a411f370238eceb167f168309f5a17f3a6514067ea"


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


def test_bee_centre_share_is_the_real_puzzles_mix():
    """The model's centre letters: a mix of the real puzzles' (no S, every share a share)."""
    share = np.asarray(shape_model()["bee"]["center_share"])
    assert share.shape == (26,) and abs(share.sum() - 1) < 1e-3 and (share >= 0).all()
    assert share["abcdefghijklmnopqrstuvwxyz".index("s")] == 0.0


def test_calibrated_weights_draw_the_models_centre_letters():
    """Calibrated, the shape weights of every nyt-bee honeycomb draw centre letters in the
    model's shares exactly (the fit's penalty alone leaves them pulled towards the candidates')."""
    from letterplay.offensive import without_offensive
    from letterplay.spellingbee._best import candidates
    from letterplay.spellingbee._shape import calibrated, log_weights, statistics

    model = shape_model()["bee"]
    lexicon = without_offensive(nyt.load_bundled("nyt-bee"))
    stats = statistics(lexicon, candidates(lexicon, False))
    logw = log_weights(stats, model)
    raw = np.where(np.isfinite(logw), np.exp(logw - logw[np.isfinite(logw)].max()), 0.0)
    share = np.asarray(model["center_share"]) / sum(model["center_share"])

    def drawn(weights):
        return np.bincount(stats["center"], weights=weights, minlength=26) / weights.sum()

    assert np.abs(drawn(raw) - share).max() > 0.005  # what calibrating mends
    assert np.abs(drawn(calibrated(raw, stats["center"], model)) - share).max() < 1e-9


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_spread_draw_gives_each_centre_its_share(seed):
    """Drawn together, a batch has each centre letter its expected number of times, rounded up
    or down, all different, in a shuffled order."""
    from letterplay.spellingbee._generate import _spread_draw

    rng = np.random.default_rng(seed)
    centers = rng.integers(0, 26, size=5000)
    weights = rng.random(5000) ** 4
    ids = np.arange(5000) + 10
    chosen = _spread_draw(np.random.default_rng(seed), ids, weights, centers=centers, count=366)
    assert len(set(chosen.tolist())) == 366 and set(chosen.tolist()) <= set(ids.tolist())
    expected = 366 * np.bincount(centers, weights=weights, minlength=26) / weights.sum()
    got = np.bincount(centers[chosen - 10], minlength=26)
    assert np.all(np.abs(got - expected) < 1)
    assert not np.all(np.diff(centers[chosen - 10]) >= 0)  # not grouped by letter


def test_spread_draw_takes_the_rest_when_a_letter_runs_short():
    from letterplay.spellingbee._generate import _spread_draw

    centers = np.array([0] * 2 + [1] * 20)
    weights = np.r_[np.full(2, 100.0), np.ones(20)]  # letter 0 wants 9 of 10 but has 2
    chosen = _spread_draw(
        np.random.default_rng(0), np.arange(22), weights, centers=centers, count=10
    )
    assert len(set(chosen.tolist())) == 10 and {0, 1} <= set(chosen.tolist())


def test_a_year_of_daily_bees_has_the_models_centre_letters():
    from letterplay.daily import seed_for
    from letterplay.spellingbee._daily import year_of_honeycombs

    year = year_of_honeycombs(seed_for("bee", "2031-01-01"), nyt.load_bundled("nyt-bee"))
    share = np.asarray(shape_model()["bee"]["center_share"])
    got = np.bincount(year.cands.centers[year.chosen].astype(int), minlength=26)
    assert np.abs(got - len(year.chosen) * share / share.sum()).max() < 1


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
