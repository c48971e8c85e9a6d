"""Generating puzzles: honeycombs drawn at random among the candidates that meet constraints.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> result = generate(lexicon=tiny, seed=1, score=(20, None))
>>> result.eligible, result.puzzles[0].score >= 20
(11, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError, named
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.progress import ProgressCallback, report
from letterplay.results import Result
from letterplay.spellingbee._best import Candidates, candidates
from letterplay.spellingbee._solve import SolveResult, solve
from letterplay.spellingbee.rules import MAX_BOUND, MAX_PUZZLES, MIN_PANGRAM_SCORE

__all__ = ["GenerateResult", "Range", "generate"]

Range = tuple[int | None, int | None]
"""Bounds (low, high) of a score or word count, both included; None for an open end."""


def _check_range(name: str, bounds: object) -> Range:
    if not isinstance(bounds, tuple | list) or len(bounds) != 2:
        raise InputError(
            f"{named(name)} must be a pair (low, high), not {bounds!r}", parameter=name
        )
    low, high = (None if b is None else validate.whole(name, b, 0, MAX_BOUND) for b in bounds)
    if low is not None and high is not None and low > high:
        raise InputError(
            f"{named(name)} range {low}-{high} is empty (low above high)", parameter=name
        )
    return (low, high)


def _within(values: np.ndarray, bounds: Range) -> np.ndarray:
    low, high = bounds
    ok = np.ones(len(values), dtype=bool)
    if low is not None:
        ok &= values >= low
    if high is not None:
        ok &= values <= high
    return ok


@dataclass(frozen=True)
class GenerateResult(Result):
    """Publishable honeycombs drawn at random (reproducibly, from ``seed``) among the
    ``eligible`` candidates that meet the constraints, each with its full solution."""

    seed: int
    eligible: int
    candidates: int
    puzzles: tuple[SolveResult, ...]
    constraints: dict[str, object]

    def to_dict(self) -> dict[str, object]:
        return {
            "seed": self.seed,
            "eligible": self.eligible,
            "candidates": self.candidates,
            "constraints": self.constraints,
            "puzzles": [
                {
                    **s.honeycomb.to_dict(),
                    "score": s.score,
                    "count": s.count,
                    "pangrams": list(s.pangrams),
                    "words": list(s.words),
                }
                for s in self.puzzles
            ],
        }


def generate(
    *,
    lexicon: Lexicon | str | None = None,
    count: int = 1,
    seed: int | None = None,
    score: Range = (None, None),
    words: Range = (None, None),
    pangrams: int = 1,
    min_zipf: float | None = None,
    allow_s: bool = False,
    exclude: str | None = None,
    require: str | None = None,
    allow_offensive: bool = False,
    progress: ProgressCallback | None = None,
) -> GenerateResult:
    """Honeycombs to publish, drawn at random among the candidates that meet the constraints,
    each solved in full.

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list (default: enable1).
    count : int
        How many distinct honeycombs (1 to 1,000).
    seed : int, optional
        Any integer of magnitude below 2**63: the same seed gives the same puzzles; without one
        a seed is drawn and reported.
    score, words : (int or None, int or None)
        Bounds (low, high), both included, on the game score and the number of words; None for
        an open end.
    pangrams : int
        At least this many pangrams.
    min_zipf : float, optional
        Count only words at least this common (wordfreq Zipf, 0 to 8).
    allow_s, exclude, require
        As for :func:`best`.
    allow_offensive : bool
        Keep slurs and obscenities (:mod:`letterplay.offensive`), left out by default.
    progress : callable, optional
        ``progress(description, done, total)``, called as puzzles are solved.

    Returns
    -------
    GenerateResult
        ``puzzles`` (each a :class:`SolveResult`), ``seed``, ``eligible``, ``candidates``.

    Raises
    ------
    NoSolutionError
        When no candidate meets the constraints.

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
    >>> [str(s.honeycomb) for s in generate(lexicon=tiny, count=2, seed=-1, words=(2, 2)).puzzles]
    ['ACEIORT centre I', 'ACEIORT centre R']
    >>> generate(lexicon=tiny, score=(None, 20), pangrams=2)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no honeycomb with 2 pangrams scores at most 20: \
each pangram scores at least 14
    """
    given, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    lexicon = given  # the result names the list it was given; the filter is a policy on it
    if not validate.flag("allow_offensive", allow_offensive):
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(given)
    allow_s = validate.flag("allow_s", allow_s)
    count = validate.whole("count", count, 1, MAX_PUZZLES)
    score, words = _check_range("score", score), _check_range("words", words)
    pangrams = validate.whole("pangrams", pangrams, 1, MAX_BOUND)
    _check_possible(score, words, pangrams)
    seed = validate.seed("seed", seed)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)
    cands = candidates(lexicon, allow_s, exclude=exclude, require=require, min_zipf=min_zipf)
    constraints = {
        "score": list(score),
        "words": list(words),
        "pangrams": pangrams,
        "min_zipf": min_zipf,
        "allow_s": allow_s,
        "exclude": (exclude or "").upper(),
        "require": (require or "").upper(),
    }
    eligible = _eligible(cands, constraints)
    rng = validate.random_generator("seed", seed)
    chosen = rng.choice(eligible, size=min(count, len(eligible)), replace=False)
    puzzles = _solve_chosen(lexicon, cands, chosen, min_zipf=min_zipf, progress=progress)
    return GenerateResult(
        seed=seed,
        eligible=len(eligible),
        candidates=len(cands),
        puzzles=puzzles,
        constraints=constraints,
        lexicon=given,
    )


def _eligible(cands: Candidates, constraints: dict[str, object]) -> np.ndarray:
    """The candidates meeting the score, word and pangram constraints (raises when none do)."""
    score, words = tuple(constraints["score"]), tuple(constraints["words"])
    ok = _within(cands.scores, score) & _within(cands.words, words)
    eligible = np.flatnonzero(ok & (cands.pangrams >= constraints["pangrams"]))
    if not len(eligible):
        raise NoSolutionError(
            f"no honeycomb meets the constraints (of {len(cands):,} candidates): "
            + _describe(constraints)
            + "; loosen them"
        )
    return eligible


def _solve_chosen(
    lexicon: Lexicon,
    cands: Candidates,
    chosen: np.ndarray,
    *,
    min_zipf: float | None,
    progress: ProgressCallback | None,
) -> tuple[SolveResult, ...]:
    puzzles = []
    for done, i in enumerate(chosen):
        report(progress, "solving honeycombs", done, len(chosen))
        puzzles.append(solve(cands.honeycomb(int(i)), lexicon=lexicon, min_zipf=min_zipf))
    report(progress, "solving honeycombs", len(chosen), len(chosen))
    return tuple(puzzles)


def _check_possible(score: Range, words: Range, pangrams: int) -> None:
    """Refuse, before any work, constraints no honeycomb can meet: each pangram is a word,
    and scores at least 14 (7 letters, plus the bonus)."""
    if words[1] is not None and words[1] < pangrams:
        raise NoSolutionError(
            f"no honeycomb with {pangrams} pangrams has at most {words[1]} words: "
            "each pangram is a word"
        )
    if score[1] is not None and score[1] < MIN_PANGRAM_SCORE * pangrams:
        raise NoSolutionError(
            f"no honeycomb with {pangrams} pangrams scores at most {score[1]}: "
            f"each pangram scores at least {MIN_PANGRAM_SCORE}"
        )


def _describe(c: dict[str, object]) -> str:
    parts = []
    for key in ("score", "words"):
        low, high = c[key]  # type: ignore[misc]
        if low is not None or high is not None:
            parts.append(f"{key} {'' if low is None else low}-{'' if high is None else high}")
    parts.append(f"pangrams >= {c['pangrams']}")
    if c["min_zipf"] is not None:
        parts.append(f"min zipf {c['min_zipf']}")
    for key in ("exclude", "require"):
        if c[key]:
            parts.append(f"{key} {c[key]}")
    return ", ".join(parts)
