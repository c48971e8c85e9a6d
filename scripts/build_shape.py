"""Build the bundled shape model ``src/letterplay/data/nyt-shape.json``: how to draw puzzles
shaped like the NY Times' (``generate(like="nyt")``), fitted on the real puzzles in
``$LETTERPLAY_DATA``.

Run ``LETTERPLAY_DATA=/path/to/data python scripts/build_shape.py`` (about 8 minutes on 2 busy
cores; ``--bee-only`` refits the Spelling Bee only, in 4). It reads
``nyt-spelling-bee-2018-2023.jsonl`` and ``nyt-letter-boxed-2024-2025.jsonl`` and fits only on
the Spelling Bee puzzles up to 2022-12-31 and the Letter Boxed boards up to 2024-12-31: the later
ones are held out for ``python benchmarks/run.py daily``. The output is deterministic (no
randomness in the Bee fit; the Letter Boxed proposal boards come from fixed seeds), and it
records the identity of the lists it was fitted on.

The method, for each game, is an *exponential tilt* of what the plain generator proposes
towards the real puzzles, fitted by maximum likelihood:

- Spelling Bee. The candidates are every honeycomb of ``nyt-bee`` (without offensive words, as
  the generator sees it; about 35,000). Every real puzzle is one of them, and its statistics are
  measured the same way (the solver on the list, not the published answers: the two differ by
  at most a word or two, and measuring both sides alike makes the comparison fair). The model
  says the editors pick candidate ``c`` with probability proportional to ``exp(theta . phi(c))``,
  where ``phi`` holds piecewise-linear (hat) bases of the answer count, score, pangram count,
  Zipf of the commonest pangram and vowel count, the centre letter and the outer letters.
  ``theta`` maximises the likelihood of the real puzzles (a conditional logit over all
  candidates, scipy's L-BFGS) with L2 penalties. The editors' taste drifts (2018-2019 hives
  nearly all had 2 vowels, 2021-2022 half had 3; answer counts grew), but not every factor alike:
  the centre letters swing from year to year with no trend. So each factor of the model (the
  answer count and score together, the pangram count, the pangram's Zipf, the vowels, the
  centre letter, the outer letters) has its own memory: its target means weigh each puzzle by
  a weight halving every *half-life* years back (or not at all), and the centre letter's mix in
  a share of the whole 2018-2022 pool (shrinkage towards the pooled centre letters). The
  penalties and memories are chosen by rolling-origin validation: fit up to a year, score the
  next year's puzzles by their mean log-likelihood, for 2021 and 2022, one choice at a time
  (coordinate ascent). The log-likelihood rather than the KS distance of a weighted sample: it
  is a proper score of the whole model, letters included, and uses every puzzle, where a KS
  distance looks at one marginal through its largest gap and, on a year of puzzles, moves by
  a few hundredths with chance alone. The weights are then the density
  ratio real/candidate, and drawing candidates with them draws puzzles like the recent real
  ones. Candidates outside the real puzzles' range of answer counts and scores get no weight.
  The model also records the centre letters' mix its memory forecasts (``center_share``),
  which the generator calibrates its weights to and spreads a batch over.
- Letter Boxed. Boards cannot all be listed, so the generator *proposes* boards (4 sides of 3,
  the real boards' vowel counts and consonant frequencies, the consonant weights calibrated once
  on 1,000 pilot fair boards since the fairness test favours some letters), keeps the fair ones
  (2 words of Zipf >= 1.5, a floor 91% of the real 2024 boards meet; 79% meet 2.0), and keeps
  each with a probability proportional to its weight (rejection sampling). The weight is the
  same kind of tilt, fitted against 3,000 fair proposals drawn with a fixed seed: hat bases of
  the board's dictionary size (its playable words), the Zipf of the rarer and the commoner word
  of its top-ranked solution and its vowel count, and a weight per letter. The penalty is
  chosen on the last quarter of 2024 among those whose tilt keeps an effective sample of at
  least 20% of the pool; weights above the pool's 99th percentile are capped (kept for sure).
  Par is a multinomial logit of the real par (4, 5, 6) on the logarithm of the dictionary's
  size, drawn for each kept board.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "letterplay" / "data" / "nyt-shape.json"
BEE_FILE = "nyt-spelling-bee-2018-2023.jsonl"
BOX_FILE = "nyt-letter-boxed-2024-2025.jsonl"
BEE_LAST = "2022-12-31"
BOX_LAST = "2024-12-31"
PENALTIES = ((0.01, 0.01), (0.01, 0.03), (0.01, 0.1), (0.003, 0.03))  # statistics, letters
# Each factor of the Bee model has its own memory: the answer count and score (one factor: they
# move together), the pangram count, the pangram's Zipf, the vowels, the centre letter and the
# outer letters. A memory is a half-life in years (None: no decay, every year alike) and, for
# the centre letter, a share of the pooled (undecayed) puzzles mixed in: shrinkage towards the
# 2018-2022 centre letters, which swing from year to year with no trend.
BEE_FACTORS = {
    "size": ("words", "score"),
    "pangrams": ("pangrams",),
    "pangram_zipf": ("pangram_zipf",),
    "vowels": ("vowels",),
    "center": ("center",),
    "outer": ("outer",),
}
HALF_LIVES = (0.25, 0.5, 1.0, 2.0, None)
CENTER_SHRINK = (0.0, 0.25, 0.5, 0.75)
START_LIFE = 0.25  # the search starts where one shared quarter-year memory left off
SWEEPS = 3  # coordinate-ascent sweeps at most
FORECAST_YEARS = 2


def read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def hat_basis(x: np.ndarray, knots: list[float]) -> np.ndarray:
    """(n, len(knots)) hat functions: column k is 1 at knot k, 0 at its neighbours, linear
    between (clamped outside), so ``basis @ values == np.interp(x, knots, values)``."""
    eye = np.eye(len(knots))
    return np.column_stack([np.interp(x, knots, eye[k]) for k in range(len(knots))])


def fit_tilt(
    design: np.ndarray,
    chosen: np.ndarray,
    penalty: float | np.ndarray,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """``theta`` maximising the (``weights``-)weighted mean log-likelihood of the rows
    ``chosen`` (indices, or the real puzzles' own feature rows) under
    ``p(c) ~ exp(design[c] . theta)`` over all rows, minus ``sum(penalty/2 theta^2)``
    (``penalty`` one number or one per column; ``weights`` one per row, or per row and
    column)."""
    rows = design[chosen] if chosen.ndim == 1 else chosen
    weights = np.ones(len(rows)) if weights is None else weights
    if weights.ndim == 1:
        target = (weights / weights.sum()) @ rows
    else:  # a weight for each row and column: each column's mean under its own weights
        target = (weights * rows).sum(axis=0) / weights.sum(axis=0)

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        z = design @ theta
        lse = logsumexp(z)
        p = np.exp(z - lse)
        value = lse - target @ theta + 0.5 * theta @ (penalty * theta)
        return value, design.T @ p - target + penalty * theta

    start = np.zeros(design.shape[1])
    out = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return out.x


def recency(dates: list[str], last: str, half_life: float | None) -> np.ndarray:
    """Weights halving every ``half_life`` years back from ``last`` (``None``: all 1): the
    editors' taste drifts (2018-2019 hives nearly all had 2 vowels, 2021-2022 half of them 3),
    so recent puzzles can say more about the next ones."""
    days = (np.datetime64(last) - np.array(dates, dtype="datetime64[D]")).astype(np.float64)
    if half_life is None:
        return np.ones(len(days))
    return 0.5 ** (days / (365.25 * half_life))


def column_penalty(penalty: tuple[float, float], split: int, design: np.ndarray) -> np.ndarray:
    """The L2 penalty of each column: the statistics' before ``split``, the letters' after."""
    return np.where(np.arange(design.shape[1]) < split, penalty[0], penalty[1])


def factor_weights(
    dates: list[str], last: str, memory: dict, factor_of: np.ndarray, factors: list[str]
) -> np.ndarray:
    """(rows, columns) weights: each column (``factor_of`` its factor's index in ``factors``)
    weighs the puzzles by its factor's memory, ``memory[factor]`` a half-life and
    ``memory[factor + "_shrink"]`` (if any) the share of the undecayed pool mixed in. Each
    column's target mean is then its own factor's weighted mean of the real puzzles."""
    flat = np.full(len(dates), 1.0 / len(dates))
    per = []
    for name in factors:
        w = recency(dates, last, memory[name])
        shrink = memory.get(name + "_shrink", 0.0)
        per.append((1.0 - shrink) * w / w.sum() + shrink * flat)
    return np.column_stack(per)[:, factor_of]


def forecast(
    design: np.ndarray,
    chosen: np.ndarray,
    dates: list[str],
    split: int,
    factor_of: np.ndarray,
    factors: list[str],
    config: tuple,
) -> float:
    """The mean, over the last :data:`FORECAST_YEARS` years, of the mean log-likelihood of each
    year's puzzles under the model fitted (with ``config``: penalties and memories) on the
    puzzles before it: rolling-origin validation, the model scored as it is used."""
    penalty, memory = config[0], dict(config[1:])
    last = np.datetime64(dates[-1])
    scores = []
    for back in range(FORECAST_YEARS, 0, -1):
        cut = str(last - np.timedelta64(365 * back, "D"))
        end = str(last - np.timedelta64(365 * (back - 1), "D"))
        before = np.array([d <= cut for d in dates])
        after = np.array([cut < d <= end for d in dates])
        early = [d for d, b in zip(dates, before, strict=True) if b]
        weights = factor_weights(early, cut, memory, factor_of, factors)
        theta = fit_tilt(design, chosen[before], column_penalty(penalty, split, design), weights)
        scores.append(mean_loglik(design, chosen[after], theta))
    return float(np.mean(scores))


def choose_fit(
    design: np.ndarray,
    chosen: np.ndarray,
    dates: list[str],
    split: int,
    factor_of: np.ndarray,
    factors: list[str],
) -> tuple[tuple[float, float], dict, float]:
    """The penalties and each factor's memory that forecast best (:func:`forecast`, held-out
    log-likelihood), found by coordinate ascent: one choice at a time (the penalties, then each
    factor's half-life, the centre letter's half-life and shrinkage together as they trade off),
    the others held, sweeping until no choice changes. The full grid (5 half-lives for 6
    factors) is too large to fit; the log-likelihood is nearly a sum over the factors, so one at
    a time finds its top."""
    choices: dict[str, list[dict]] = {"penalty": [{"penalty": p} for p in PENALTIES]}
    for name in factors:
        choices[name] = [{name: life} for life in HALF_LIVES]
    choices["center"] = [
        {"center": life, "center_shrink": shrink}
        for life in HALF_LIVES
        for shrink in CENTER_SHRINK
        if life is not None or shrink == 0.0  # no decay: shrinking changes nothing
    ]
    current = {"penalty": PENALTIES[-1], **dict.fromkeys(factors, START_LIFE)}
    current["center_shrink"] = 0.0
    seen: dict[tuple, float] = {}

    def score(config: dict) -> float:
        key = (config["penalty"], *sorted((k, v) for k, v in config.items() if k != "penalty"))
        if key not in seen:
            seen[key] = forecast(design, chosen, dates, split, factor_of, factors, key)
        return seen[key]

    best = score(current)
    print(f"bee: start {current}: forecast log-likelihood {best:.4f}")
    for sweep in range(SWEEPS):
        changed = False
        for options in choices.values():
            held = dict(current)
            for option in options:
                value = score({**held, **option})
                print(f"bee: sweep {sweep + 1}, {option}: {value:.4f}")
                if value > best + 1e-6:  # strictly better: ties keep the earlier choice
                    best, current, changed = value, {**held, **option}, True
        if not changed:
            break
    penalty = current.pop("penalty")
    print(f"bee: chose penalties {penalty}, memories {current}: {best:.4f}")
    return penalty, current, best


def mean_loglik(design: np.ndarray, chosen: np.ndarray, theta: np.ndarray) -> float:
    z = design @ theta
    return float((z[chosen] - logsumexp(z)).mean())


def knots_at(values: np.ndarray, quantiles: tuple[float, ...], extra: tuple[float, ...] = ()):
    """Knots at the quantiles of ``values`` (rounded to 2 places), plus ``extra``."""
    found = np.round(np.quantile(values, quantiles), 2).tolist()
    return sorted({float(v) for v in [*found, *extra]})


# ---------------------------------------------------------------- Spelling Bee


def bee_candidates():
    from letterplay.lexicon import as_lexicon
    from letterplay.offensive import without_offensive
    from letterplay.spellingbee._best import candidates
    from letterplay.spellingbee._shape import statistics

    given = as_lexicon("nyt-bee")
    lexicon = without_offensive(given)
    cands = candidates(lexicon, False)
    return given, statistics(lexicon, cands)


def bee_rows(stats: dict, puzzles: list[dict]) -> np.ndarray:
    """The candidate row of each real puzzle."""
    from letterplay.letters import ALPHABET, letter_mask

    key = stats["sets"] * 32 + stats["center"]
    where = {int(k): i for i, k in enumerate(key)}
    rows = []
    for p in puzzles:
        k = letter_mask(p["center"] + p["outer"]) * 32 + ALPHABET.index(p["center"].lower())
        rows.append(where[k])  # every real puzzle is a candidate (no S, a pangram)
    return np.array(rows)


def bee_design(stats: dict, curves: dict) -> np.ndarray:
    from letterplay.spellingbee._shape import letter_matrix

    blocks = [hat_basis(stats[name], knots) for name, knots in curves.items()]
    center = np.zeros((len(stats["center"]), 26))
    center[np.arange(len(center)), stats["center"]] = 1.0
    outer = letter_matrix(stats["sets"]) - center
    return np.hstack([*blocks, center, outer])


def fit_bee(data: Path) -> dict:
    given, stats = bee_candidates()
    puzzles = [p for p in read_jsonl(data / BEE_FILE) if p["date"] <= BEE_LAST]
    rows = bee_rows(stats, puzzles)
    support = {
        name: [float(stats[name][rows].min()), float(stats[name][rows].max())]
        for name in ("words", "score")
    }
    inside = np.ones(len(stats["center"]), dtype=bool)
    for name, (low, high) in support.items():
        inside &= (stats[name] >= low) & (stats[name] <= high)
    keep = np.flatnonzero(inside)
    sub = {k: v[keep] for k, v in stats.items()}
    local = np.searchsorted(keep, rows)
    real = {k: v[rows] for k, v in stats.items()}
    q = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0)
    curves = {
        "words": knots_at(real["words"], q),
        "score": knots_at(real["score"], q),
        "pangrams": [1.0, 2.0, 3.0, 4.0, 5.0],
        "pangram_zipf": knots_at(real["pangram_zipf"], q[1:], (float(sub["pangram_zipf"].min()),)),
        "vowels": [1.0, 2.0, 3.0, 4.0],
    }
    design = bee_design(sub, curves)
    dates = [p["date"] for p in puzzles]
    split = sum(len(k) for k in curves.values())
    factors = list(BEE_FACTORS)
    column_of = [n for name, knots in curves.items() for n in [name] * len(knots)]
    column_of += ["center"] * 26 + ["outer"] * 26
    factor_of = np.array(
        [next(i for i, f in enumerate(factors) if c in BEE_FACTORS[f]) for c in column_of]
    )
    penalty, memory, best = choose_fit(design, local, dates, split, factor_of, factors)
    weights = factor_weights(dates, BEE_LAST, memory, factor_of, factors)
    theta = fit_tilt(design, local, column_penalty(penalty, split, design), weights)
    model, at = {"curves": {}}, 0
    for name, knots in curves.items():
        values = theta[at : at + len(knots)]
        model["curves"][name] = {"knots": knots, "values": _rounded(values)}
        at += len(knots)
    model["center"] = _rounded(theta[at : at + 26])
    model["outer"] = _rounded(theta[at + 26 : at + 52])
    # The centre letters the model forecasts (its memory's mix of the real ones): the penalty
    # shrinks the centre weights towards the candidates' own mix, so the generator calibrates
    # its weights to these shares and spreads a batch's centres by them.
    share = weights[:, at] @ design[local, at : at + 26] / weights[:, at].sum()
    model["center_share"] = _rounded(share / share.sum())
    model["support"] = support
    model["fit"] = {
        "lexicon": {"name": given.name, "sha256": given.sha256, "words": len(given)},
        "puzzles": len(puzzles),
        "through": BEE_LAST,
        "candidates": len(keep),
        "penalty": {"statistics": penalty[0], "letters": penalty[1]},
        "half_life_years": {name: memory[name] for name in factors},
        "center_shrink": memory["center_shrink"],
        "forecast_loglik": round(best, 4),
        "uniform_loglik": round(float(-np.log(len(keep))), 4),
    }
    return model


# ---------------------------------------------------------------- Letter Boxed

BOX_POOL = 3000  # fair proposal boards the tilt is fitted against
BOX_PILOT = 1000  # fair proposal boards the proposal is calibrated on
BOX_PENALTIES = (0.003, 0.01, 0.03)
MIN_ESS = 0.2  # the tilted pool's effective sample size, as a share of the pool, at least
CAP_QUANTILE = 0.99  # log-weights above the pool's 99th percentile are kept for sure
BOX_SEED = 20240101
PAR_PENALTY = 0.01


def box_lexicon():
    from letterplay.lexicon import as_lexicon
    from letterplay.offensive import without_offensive

    given = as_lexicon("nyt-letterboxed")
    return given, without_offensive(given)


def box_stats(board, lexicon) -> dict[str, float]:
    from letterplay.letterboxed._shape import board_statistics
    from letterplay.letterboxed._solve import solve

    return board_statistics(board, lexicon, solve(board, lexicon=lexicon, limit=1))


def box_design(rows: list[dict], curves: dict) -> np.ndarray:
    from letterplay.spellingbee._shape import letter_matrix

    blocks = [hat_basis(np.array([r[n] for r in rows]), knots) for n, knots in curves.items()]
    letters = letter_matrix(np.array([int(r["letters"]) for r in rows], dtype=np.int64))
    return np.hstack([*blocks, letters])


def proposal(real: list[dict]) -> dict:
    """The proposal: the real boards' distribution of vowel counts and consonant frequencies
    (plus one, so every consonant can be dealt)."""
    from letterplay.letterboxed.rules import VOWELS
    from letterplay.letters import ALPHABET

    vowels = np.array([int(r["vowels"]) for r in real])
    counts = list(range(int(vowels.min()), int(vowels.max()) + 1))
    masks = np.array([int(r["letters"]) for r in real], dtype=np.int64)
    seen = ((masks[:, None] >> np.arange(26)) & 1).sum(axis=0)
    return {
        "vowels_drawn": {"counts": counts, "p": [float((vowels == c).mean()) for c in counts]},
        "consonants": {ch: float(seen[i] + 1) for i, ch in enumerate(ALPHABET) if ch not in VOWELS},
    }


def box_pool(lexicon, model: dict, size: int, seed: int) -> list[dict]:
    """``size`` fair boards from the proposal, with their statistics (a fixed ``seed``:
    deterministic)."""
    from letterplay.errors import NoSolutionError
    from letterplay.letterboxed._generate import random_board, shows_offensive_board
    from letterplay.letterboxed._playable import playable_words
    from letterplay.letterboxed._shape import FAIR_ZIPF, propose
    from letterplay.letterboxed._tables import Completions, fewest_words

    rng, pool, tries = np.random.default_rng(seed), [], 0
    while len(pool) < size:
        tries += 1
        board = propose(rng, model, random_board)
        if shows_offensive_board(board):
            continue
        try:
            fewest_words(Completions(playable_words(board, lexicon, FAIR_ZIPF), None), 2, None)
        except NoSolutionError:
            continue
        pool.append(box_stats(board, lexicon))
    print(f"letterboxed: {size} fair proposal boards in {tries} tries")
    return pool


def calibrate(model: dict, real: list[dict], pilot: list[dict]) -> None:
    """Correct the proposal's consonant weights for the fairness test, which keeps boards with
    rare letters (J, Q, X, Z) less often and with S more often: each weight times how much more
    often the real boards have the letter than the pilot's fair boards (one round of adaptive
    importance sampling), so the tilt has less to correct and keeps more boards."""
    from letterplay.letters import ALPHABET

    def share(rows: list[dict]) -> np.ndarray:
        masks = np.array([int(r["letters"]) for r in rows], dtype=np.int64)
        return (((masks[:, None] >> np.arange(26)) & 1).sum(axis=0) + 1) / (len(rows) + 1)

    ratio = share(real) / share(pilot)
    for ch in model["consonants"]:
        model["consonants"][ch] = round(model["consonants"][ch] * ratio[ALPHABET.index(ch)], 4)


def fit_par(dictionary: np.ndarray, par: np.ndarray) -> dict:
    """A multinomial logit of par on the logarithm of the dictionary's size."""
    values = sorted(set(par.tolist()))
    x = np.log(dictionary)
    centre = float(x.mean())
    y = np.array([values.index(p) for p in par])

    def loss(theta: np.ndarray) -> float:
        a, b = theta[: len(values)], theta[len(values) :]
        logits = a[None, :] + (x - centre)[:, None] * b[None, :]
        return float(
            -(logits[np.arange(len(y)), y] - logsumexp(logits, axis=1)).mean()
            + 0.5 * PAR_PENALTY * theta @ theta
        )

    theta = minimize(loss, np.zeros(2 * len(values)), method="BFGS").x
    a, b = theta[: len(values)], theta[len(values) :]
    return {
        "values": values,
        "intercepts": _rounded(a - b * centre),
        "slopes": _rounded(b),
        "loglik": round(-loss(theta), 4),
        "uniform_loglik": round(float(-np.log(len(values))), 4),
    }


def fit_letterboxed(data: Path) -> dict:
    from letterplay.letterboxed._board import Board

    given, lexicon = box_lexicon()
    boards = [b for b in read_jsonl(data / BOX_FILE) if b["date"] <= BOX_LAST]
    real = [box_stats(Board(tuple(s.lower() for s in b["sides"])), lexicon) for b in boards]
    model = proposal(real)
    calibrate(model, real, box_pool(lexicon, model, BOX_PILOT, BOX_SEED + 1))
    pool = box_pool(lexicon, model, BOX_POOL, BOX_SEED)
    q = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0)
    col = {n: np.array([r[n] for r in real]) for n in ("dictionary", "zipf_low", "zipf_high")}
    curves = {
        "dictionary": knots_at(col["dictionary"], q),
        "zipf_low": knots_at(col["zipf_low"], q),
        "zipf_high": knots_at(col["zipf_high"], q),
        "vowels": [float(c) for c in model["vowels_drawn"]["counts"]],
    }
    support = {"dictionary": [float(col["dictionary"].min()), float(col["dictionary"].max())]}
    pool = [
        r for r in pool if support["dictionary"][0] <= r["dictionary"] <= support["dictionary"][1]
    ]
    design, target = box_design(pool, curves), box_design(real, curves)
    half = len(real) * 3 // 4  # forward validation: fit on the first three quarters of 2024
    scores = {}
    for penalty in BOX_PENALTIES:
        theta = fit_tilt(design, target[:half], penalty)
        z = design @ theta
        w = np.exp(z - z.max())
        ess = w.sum() ** 2 / (w @ w) / len(w)
        scores[penalty] = float((target[half:] @ theta).mean() - logsumexp(z) + np.log(len(z)))
        print(
            f"letterboxed: penalty {penalty:g}: later boards' log density ratio "
            f"{scores[penalty]:.4f}, effective sample {ess:.0%} of the pool"
        )
        if ess < MIN_ESS:  # a tilt resting on a few pool boards: its log ratio is noise
            scores[penalty] = -np.inf
    penalty = max(scores, key=scores.get)
    theta = fit_tilt(design, target, penalty)
    z = design @ theta
    cap = float(np.quantile(z, CAP_QUANTILE))
    keep = float(np.minimum(1.0, np.exp(z - cap)).mean())
    print(f"letterboxed: chose penalty {penalty:g}; a fair proposal is kept with chance {keep:.3f}")
    at = 0
    model["curves"] = {}
    for name, knots in curves.items():
        model["curves"][name] = {"knots": knots, "values": _rounded(theta[at : at + len(knots)])}
        at += len(knots)
    model["letters"] = _rounded(theta[at : at + 26])
    model["support"] = support
    model["cap"] = round(cap, 5)
    model["par"] = fit_par(col["dictionary"], np.array([b["par"] for b in boards]))
    model["fit"] = {
        "lexicon": {"name": given.name, "sha256": given.sha256, "words": len(given)},
        "boards": len(boards),
        "through": BOX_LAST,
        "pool": len(pool),
        "penalty": penalty,
        "kept": round(keep, 4),
        "later_log_density_ratio": round(scores[penalty], 4),
    }
    return model


def _rounded(values: np.ndarray) -> list[float]:
    return [round(float(v), 5) for v in values]


def main() -> int:
    data = os.environ.get("LETTERPLAY_DATA")
    if not data or not (Path(data) / BEE_FILE).exists():
        print("set LETTERPLAY_DATA to the folder of the real puzzles", file=sys.stderr)
        return 2
    data = Path(data)
    shape = {"format": 1, "bee": fit_bee(data)}
    if "--bee-only" in sys.argv:  # refit the Spelling Bee only, keeping the boards' model
        shape["letterboxed"] = json.loads(OUT.read_text(encoding="utf-8"))["letterboxed"]
    else:
        shape["letterboxed"] = fit_letterboxed(data)
    text = json.dumps(shape, indent=1, sort_keys=True) + "\n"
    tmp = OUT.with_suffix(".json.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(OUT)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
