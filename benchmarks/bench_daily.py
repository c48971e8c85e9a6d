"""Daily puzzles shaped like the NY Times', against the real puzzles held out of the fit.

A year of daily puzzles on the NY Times lists (``spellingbee.daily`` and ``letterboxed.daily``:
``generate(like="nyt")`` with each date's seed) against the real puzzles the shape model never
saw: the Spelling Bee of 2023 and the Letter Boxed boards of 2025. Both sides are measured the
same way, by letterplay's solvers on the lists the puzzles are generated from (``nyt-bee`` and
``nyt-letterboxed`` without offensive words): a real puzzle's answers are its honeycomb solved
on ``nyt-bee`` (within a word or two of the published ones), a real board's dictionary is its
playable words and its solution letterplay's top-ranked one; par is the published par for real
boards and the drawn one for generated boards.

Printed: each statistic's two-sample Kolmogorov-Smirnov distance (``scipy.stats.ks_2samp``;
target <= 0.10 each), the 5-fold cross-validated AUC of classifiers telling daily from real
puzzles apart on all the statistics and the letters (a gradient-boosted tree model and a
logistic regression; target <= 0.65), whether any offensive word shows anywhere, and how long
a puzzle takes: ``generate(like="nyt")`` against the plain ``generate`` (the baseline), medians,
warm. For scale, the KS distances of the real puzzles of the year before the held-out one
against it are printed too: the editors' taste drifts from year to year.
"""

from __future__ import annotations

import datetime
import json
import time

import numpy as np

from letterplay import letterboxed as lb
from letterplay import spellingbee as sb
from letterplay.letters import ALPHABET
from letterplay.lexicon import load
from letterplay.offensive import is_offensive, offensive_shown, without_offensive
from timing import archive, median_time

BEE_ARCHIVE, LB_ARCHIVE = "nyt-spelling-bee-2018-2023.jsonl", "nyt-letter-boxed-2024-2025.jsonl"
BEE_YEAR, LB_YEAR = 2023, 2025
KS_TARGET, AUC_TARGET = 0.10, 0.65
VOWELS = "aeiou"


def year(y: int) -> list[str]:
    first = datetime.date(y, 1, 1)
    return [(first + datetime.timedelta(days=i)).isoformat() for i in range(365)]


def seeded(game: str, date: str) -> int:
    try:
        from letterplay.daily import seed_for
    except ImportError:  # before the daily puzzles: a seed from the date
        return int(date.replace("-", ""))
    return seed_for(game, date)


def daily_bee(dates: list[str], lexicon) -> list[dict]:
    """The daily Spelling Bees of ``dates``, as their JSON (``letters``, ``center``, ...)."""
    if hasattr(sb, "daily"):
        return sb.daily(dates[0], days=len(dates), lexicon=lexicon).to_dict()["puzzles"]
    made = [sb.generate(like="nyt", seed=seeded("bee", d), lexicon=lexicon) for d in dates]
    return [r.to_dict()["puzzles"][0] for r in made]


def daily_box(dates: list[str], lexicon) -> list[dict]:
    if hasattr(lb, "daily"):
        return lb.daily(dates[0], days=len(dates), lexicon=lexicon).to_dict()["puzzles"]
    made = [lb.generate(like="nyt", seed=seeded("letterboxed", d), lexicon=lexicon) for d in dates]
    return [r.to_dict() for r in made]


def letter_rows(letters: list[str]) -> np.ndarray:
    return np.array([[ch in s.lower() for ch in ALPHABET.lower()] for s in letters], dtype=float)


def bee_stats(puzzles: list[dict], lexicon, freq: np.ndarray) -> dict[str, np.ndarray]:
    """Per puzzle (``letters``, ``center``, ``words``, ``score``, ``pangrams``)."""
    zipf = [max((lexicon.zipf(w) for w in p["pangrams"]), default=0.0) for p in puzzles]
    letters = letter_rows([p["letters"] for p in puzzles])
    centre = np.array([ALPHABET.lower().index(p["center"].lower()) for p in puzzles])
    return {
        "words": np.array([len(p["words"]) for p in puzzles], dtype=float),
        "score": np.array([p["score"] for p in puzzles], dtype=float),
        "pangrams": np.array([len(p["pangrams"]) for p in puzzles], dtype=float),
        "pangram_zipf": np.array(zipf),
        "vowels": letters[:, [ALPHABET.lower().index(v) for v in VOWELS]].sum(axis=1),
        "centre_frequency": freq[centre],
        "letters_frequency": letters @ freq / 7,
    }


def real_bees(path, lexicon, when: int = BEE_YEAR) -> tuple[list[dict], np.ndarray]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    held = [r for r in rows if r["date"].startswith(str(when))]
    fit = [r for r in rows if r["date"] < str(BEE_YEAR)]
    freq = np.zeros(26)
    for r in fit:  # the letters' frequency in the puzzles the model was fitted on
        for ch in r["center"] + r["outer"]:
            freq[ALPHABET.lower().index(ch)] += 1
    puzzles = []
    for r in held:
        s = sb.solve(sb.Honeycomb(r["center"] + r["outer"], r["center"]), lexicon=lexicon)
        puzzles.append(
            {
                "letters": r["center"] + r["outer"],
                "center": r["center"],
                "words": list(s.words),
                "score": s.score,
                "pangrams": list(s.pangrams),
            }
        )
    return puzzles, freq / freq.sum()


def box_stats(boards: list[dict], lexicon) -> dict[str, np.ndarray]:
    """Per board (``sides``, ``solutions``, ``playable_words``, ``par``)."""
    low, high = [], []
    for b in boards:
        z = sorted(lexicon.zipf(w) for w in b["solutions"][0])
        low.append(z[0])
        high.append(z[-1])
    letters = ["".join(b["sides"]) for b in boards]
    return {
        "dictionary": np.array([b["playable_words"] for b in boards], dtype=float),
        "par": np.array([b["par"] for b in boards], dtype=float),
        "zipf_low": np.array(low),
        "zipf_high": np.array(high),
        "vowels": np.array([sum(ch in VOWELS for ch in s.lower()) for s in letters], dtype=float),
        "min_words": np.array([b["min_words"] for b in boards], dtype=float),
    }


def real_boxes(path, lexicon) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    boards = []
    for r in rows:
        if not r["date"].startswith(str(LB_YEAR)):
            continue
        sides = [s.lower() for s in r["sides"]]
        s = lb.solve(sides, lexicon=lexicon, limit=1)
        boards.append(
            {
                "sides": sides,
                "solutions": [list(s.solutions[0].words)],
                "playable_words": s.playable_words,
                "par": r["par"],
                "min_words": s.min_words,
            }
        )
    return boards


def compare(game: str, made: dict, real: dict, letters: tuple[np.ndarray, np.ndarray]) -> bool:
    from scipy.stats import ks_2samp
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    ok = True
    print(f"{game}: {len(made['vowels'])} daily puzzles against {len(real['vowels'])} real ones")
    for name in made:
        d = ks_2samp(made[name], real[name]).statistic
        ok &= d <= KS_TARGET
        print(f"  KS {name:<18} {d:.3f}  (target <= {KS_TARGET:.2f})")
    x = np.vstack(
        [
            np.column_stack([*made.values(), letters[0]]),
            np.column_stack([*real.values(), letters[1]]),
        ]
    )
    y = np.r_[np.zeros(len(letters[0])), np.ones(len(letters[1]))]
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    for label, model in (
        ("gradient-boosted trees", HistGradientBoostingClassifier(random_state=0)),
        ("logistic regression", make_pipeline(StandardScaler(), LogisticRegression(C=1.0))),
    ):
        auc = cross_val_score(model, x, y, cv=folds, scoring="roc_auc").mean()
        ok &= auc <= AUC_TARGET
        print(f"  AUC ({label}) {auc:.3f}  (target <= {AUC_TARGET:.2f})")
    return ok


def ks_distance(a: np.ndarray, b: np.ndarray) -> float:
    from scipy.stats import ks_2samp

    return float(ks_2samp(a, b).statistic)


def offensive_anywhere(texts: list[str], words: list[str]) -> int:
    return int(offensive_shown(texts, backwards=True).sum()) + sum(map(is_offensive, words))


def main() -> None:
    bee_path, box_path = archive(BEE_ARCHIVE), archive(LB_ARCHIVE)
    if bee_path is None or box_path is None:
        return
    bee_list, box_list = load("nyt-bee"), load("nyt-letterboxed")
    clean_bee, clean_box = without_offensive(bee_list), without_offensive(box_list)

    real, freq = real_bees(bee_path, clean_bee)
    start = time.perf_counter()
    made = daily_bee(year(BEE_YEAR), bee_list)
    bee_secs = time.perf_counter() - start
    ok = compare(
        "Spelling Bee",
        bee_stats(made, clean_bee, freq),
        bee_stats(real, clean_bee, freq),
        (letter_rows([p["letters"] for p in made]), letter_rows([p["letters"] for p in real])),
    )
    # for scale: how far the real puzzles of the year before are from the held-out year's
    before, _ = real_bees(bee_path, clean_bee, BEE_YEAR - 1)
    a, b = bee_stats(before, clean_bee, freq), bee_stats(real, clean_bee, freq)
    drift = ", ".join(f"{k} {ks_distance(a[k], b[k]):.3f}" for k in a)
    print(f"  for scale, KS of the real {BEE_YEAR - 1} puzzles against {BEE_YEAR}: {drift}")
    bad = offensive_anywhere([p["letters"] for p in made], [w for p in made for w in p["words"]])
    print(f"  offensive words shown or answered: {bad}  (target 0)")

    boards = real_boxes(box_path, clean_box)
    start = time.perf_counter()
    daily = daily_box(year(LB_YEAR), box_list)
    box_secs = time.perf_counter() - start
    ok &= compare(
        "Letter Boxed",
        box_stats(daily, clean_box),
        box_stats(boards, clean_box),
        (
            letter_rows(["".join(b["sides"]) for b in daily]),
            letter_rows(["".join(b["sides"]) for b in boards]),
        ),
    )
    shown = [s for b in daily for s in (*b["sides"], "".join(b["sides"]))]
    bad_box = offensive_anywhere(shown, [w for b in daily for s in b["solutions"] for w in s])
    print(f"  offensive words shown or in a solution: {bad_box}  (target 0)")
    ok &= bad == bad_box == 0

    seeds = list(range(5))
    shaped_bee = median_time(lambda: [sb.generate(like="nyt", seed=s) for s in seeds], 3)
    plain_bee = median_time(lambda: [sb.generate(lexicon=bee_list, seed=s) for s in seeds], 3)
    shaped_box = median_time(lambda: [lb.generate(like="nyt", seed=s) for s in seeds], 1, 0)
    plain_box = median_time(lambda: [lb.generate(lexicon=box_list, seed=s) for s in seeds], 1, 0)
    print("time per puzzle, warm (median of 5 seeds):")
    bee_ms, plain_ms = shaped_bee / 5 * 1000, plain_bee / 5 * 1000
    print(
        f"  Spelling Bee  like=nyt {bee_ms:.0f} ms, plain {plain_ms:.0f} ms "
        f"(x{shaped_bee / plain_bee:.2f}); a year of dailies {bee_secs:.0f} s (target < 1 s each)"
    )
    print(
        f"  Letter Boxed  like=nyt {shaped_box / 5:.2f} s, plain {plain_box / 5:.2f} s "
        f"(x{shaped_box / plain_box:.2f}); a year of dailies {box_secs:.0f} s (target < 5 s each)"
    )
    ok &= shaped_bee / 5 < 1.0 and shaped_box / 5 < 5.0
    print("all targets met" if ok else "some targets missed")
