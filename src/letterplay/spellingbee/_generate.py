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
from typing import NamedTuple

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError, named, shown
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.progress import ProgressCallback, report
from letterplay.results import Result
from letterplay.spellingbee._best import Candidates, candidates
from letterplay.spellingbee._solve import SolveResult, solve
from letterplay.spellingbee.rules import HIVE_SIZE, MAX_BOUND, MAX_PUZZLES, MIN_PANGRAM_SCORE

__all__ = ["GenerateResult", "Range", "generate"]

Range = tuple[int | None, int | None]
"""Bounds (low, high) of a score or word count, both included; None for an open end."""


def _check_range(name: str, bounds: object) -> Range:
    if not isinstance(bounds, tuple | list) or len(bounds) != 2:
        raise InputError(
            f"{named(name)} must be a pair (low, high), not {shown(bounds)}", parameter=name
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
    like: str | None = None,
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
        Keep slurs and obscenities (:mod:`letterplay.offensive`), left out by default: from the
        answers, and honeycombs whose letters spell one are drawn again.
    like : str, optional
        ``"nyt"``: draw honeycombs shaped like the NY Times' puzzles (their answer counts,
        scores, pangrams, how common the pangrams are, vowels and letters), each candidate in
        proportion to the bundled shape model's weight
        (:mod:`letterplay.spellingbee._shape`); from the ``nyt-bee`` list when ``lexicon`` is
        None. The other constraints still apply.
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
    drawn = _draw(
        lexicon=lexicon,
        count=count,
        seed=seed,
        score=score,
        words=words,
        pangrams=pangrams,
        min_zipf=min_zipf,
        allow_s=allow_s,
        exclude=exclude,
        require=require,
        allow_offensive=allow_offensive,
        like=like,
    )
    puzzles = tuple(_solve_chosen(drawn, drawn.chosen, progress=progress))
    return GenerateResult(
        seed=drawn.seed,
        eligible=len(drawn.eligible),
        candidates=len(drawn.cands),
        puzzles=puzzles,
        constraints=drawn.constraints,
        lexicon=drawn.given,
    )


class Drawn(NamedTuple):
    """Honeycombs drawn but not yet solved: ``chosen`` (candidate ids, in the order drawn)
    among ``eligible`` ones of ``cands``, to be solved on ``lexicon`` (the ``given`` list less
    its offensive words, unless those are allowed)."""

    given: Lexicon
    lexicon: Lexicon
    cands: Candidates
    eligible: np.ndarray
    chosen: np.ndarray
    seed: int
    constraints: dict[str, object]
    min_zipf: float | None


def _draw(
    *,
    lexicon: Lexicon | str | None,
    count: int,
    seed: int | None,
    score: Range,
    words: Range,
    pangrams: int,
    min_zipf: float | None,
    allow_s: bool,
    exclude: str | None,
    require: str | None,
    allow_offensive: bool,
    like: str | None,
) -> Drawn:
    """What :func:`generate` draws, checked, before anything is solved."""
    if like is not None:
        from letterplay.spellingbee._shape import LIKES

        like = validate.one_of("like", like, LIKES, fold=True)
        lexicon = "nyt-bee" if lexicon is None else lexicon
    given, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    lexicon = given  # the result names the list it was given; the filter is a policy on it
    clean = not validate.flag("allow_offensive", allow_offensive)
    if clean:
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
    if like is not None:
        constraints["like"] = like
    eligible = _eligible(cands, constraints)
    rng = validate.random_generator("seed", seed)
    if like is not None:
        eligible, chosen = _draw_shaped(
            rng,
            lexicon,
            cands,
            eligible=eligible,
            count=count,
            constraints=constraints,
            clean=clean,
        )
    else:
        chosen = rng.choice(eligible, size=min(count, len(eligible)), replace=False)
        if clean:
            chosen = _redraw_offensive(rng, cands, eligible, chosen)
    return Drawn(
        given=given,
        lexicon=lexicon,
        cands=cands,
        eligible=eligible,
        chosen=chosen,
        seed=seed,
        constraints=constraints,
        min_zipf=min_zipf,
    )


def _draw_shaped(
    rng: np.random.Generator,
    lexicon: Lexicon,
    cands: Candidates,
    *,
    eligible: np.ndarray,
    count: int,
    constraints: dict[str, object],
    clean: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """The eligible candidates the shape model weighs, and ``count`` of them drawn without
    replacement in proportion to their weights (:mod:`letterplay.spellingbee._shape`); those
    that show an offensive word weigh nothing when ``clean``."""
    from letterplay.spellingbee._shape import shaped

    # the candidates depend on these constraints; the others only pick among them
    key = repr([constraints[k] for k in ("min_zipf", "allow_s", "exclude", "require")])
    offensive = (lambda ids: _shows_offensive(cands, ids)) if clean else None
    like = str(constraints["like"])
    weights = shaped(lexicon, cands, like=like, key=key, offensive=offensive)[eligible]
    eligible = eligible[weights > 0]
    if not len(eligible):
        raise NoSolutionError(
            "no honeycomb meeting the constraints is shaped like the NY Times' puzzles "
            f"(`like` {constraints['like']}): " + _describe(constraints) + "; loosen them"
        )
    weights = weights[weights > 0]
    centers = cands.centers[eligible].astype(np.int64)
    return eligible, _spread_draw(rng, eligible, weights, centers=centers, count=count)


def _spread_draw(
    rng: np.random.Generator,
    ids: np.ndarray,
    weights: np.ndarray,
    *,
    centers: np.ndarray,
    count: int,
) -> np.ndarray:
    """``count`` of ``ids`` drawn without replacement in proportion to ``weights``, with their
    centre letters spread as the weights say: each letter gets its expected number of the
    ``count``, rounded up or down (systematic rounding with one uniform offset, so the numbers
    add up to ``count`` and each letter's expectation is kept), drawn among its own candidates;
    the batch comes shuffled. Drawn one by one, a year of puzzles would clump on some centre
    letters by chance (the centre letter's distribution would be off by about 0.05 in
    Kolmogorov-Smirnov distance); spread, it is off only by the rounding.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> ids, centers = np.arange(8), np.array([0, 0, 0, 0, 1, 1, 1, 1])
    >>> chosen = _spread_draw(rng, ids, np.ones(8), centers=centers, count=4)
    >>> sorted(np.bincount(centers[chosen]).tolist()), len(set(chosen.tolist()))
    ([2, 2], 4)
    """
    count = min(count, len(ids))
    p = weights / weights.sum()
    expected = np.cumsum(np.bincount(centers, weights=p)) * count
    expected[-1] = count  # no rounding error at the end
    wanted = np.diff(np.floor(np.r_[0.0, expected] + rng.random())).astype(np.int64)
    chosen, left = [], np.ones(len(ids), dtype=bool)
    for letter in np.flatnonzero(wanted):
        mine = np.flatnonzero(centers == letter)
        take = rng.choice(
            mine, size=min(wanted[letter], len(mine)), replace=False, p=p[mine] / p[mine].sum()
        )
        chosen.append(take)
        left[take] = False
    chosen = np.concatenate(chosen) if chosen else np.zeros(0, dtype=np.int64)
    short = count - len(chosen)
    if short:  # a letter had fewer candidates than its share: the rest from all the others
        rest = np.flatnonzero(left)
        chosen = np.r_[
            chosen, rng.choice(rest, size=short, replace=False, p=p[rest] / p[rest].sum())
        ]
    return ids[rng.permutation(chosen)]


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


def shown_letters(cands: Candidates, ids: np.ndarray) -> list[str]:
    """What a player reads of each honeycomb ``ids``: its letters in order (``ACEFITY``, as
    the command line and the result show them), then its centre first and the other letters
    in order (``IACEFTY``, the web page's name of the puzzle); two strings a honeycomb."""
    ids = np.asarray(ids, dtype=np.int64)
    bits = (cands.sets[ids, None].astype(np.int64) >> np.arange(26)) & 1
    codes = np.arange(ord("A"), ord("Z") + 1, dtype=np.uint8)
    # the set letters first, in order, then 255 (past Z) for the rest: sorting compacts them
    letters = np.sort(np.where(bits == 1, codes, 255).astype(np.uint8), axis=1)[:, :HIVE_SIZE]
    others = np.where((bits == 1) & (np.arange(26) != cands.centers[ids, None]), codes, 255)
    outer = np.sort(others, axis=1)[:, : HIVE_SIZE - 1]
    centred = np.column_stack([codes[cands.centers[ids]], outer]).astype(np.uint8)
    both = np.stack([letters, centred], axis=1).reshape(-1, HIVE_SIZE)
    return [bytes(row).decode("ascii") for row in both]


def _shows_offensive(cands: Candidates, ids: np.ndarray) -> np.ndarray:
    """For each honeycomb ``ids``, whether what a player reads of it shows an offensive word."""
    from letterplay.offensive import offensive_shown

    return offensive_shown(shown_letters(cands, ids)).reshape(-1, 2).any(axis=1)


def _redraw_offensive(
    rng: np.random.Generator, cands: Candidates, eligible: np.ndarray, chosen: np.ndarray
) -> np.ndarray:
    """``chosen`` with each honeycomb whose letters show an offensive word (AFGIMNT centre F,
    named FAGIMNT) replaced, in its place, by one drawn from the eligible ones not chosen that
    show none; the same generator draws them, so a seed still gives the same puzzles, the
    puzzles stay a uniform draw of clean honeycombs, and a seed whose puzzles showed nothing
    gives what it always gave. Raises when no clean honeycomb is left."""
    bad = _shows_offensive(cands, chosen)
    if not bad.any():
        return chosen
    pool = np.setdiff1d(eligible, chosen)
    pool = pool[~_shows_offensive(cands, pool)] if len(pool) else pool
    extra = rng.choice(pool, size=min(int(bad.sum()), len(pool)), replace=False)
    out, slots = chosen.copy(), np.flatnonzero(bad)
    out[slots[: len(extra)]] = extra
    out = np.delete(out, slots[len(extra) :])  # too few clean ones left: fewer puzzles
    if not len(out):
        raise NoSolutionError(
            f"every honeycomb meeting the constraints (of {len(eligible):,}) shows an offensive "
            "word; `allow_offensive` shows them"
        )
    return out


def _solve_chosen(
    drawn: Drawn, chosen: np.ndarray, *, progress: ProgressCallback | None = None
) -> list[SolveResult]:
    """The honeycombs ``chosen`` (ids of ``drawn.cands``), each solved in full."""
    puzzles = []
    for done, i in enumerate(chosen):
        report(progress, "solving honeycombs", done, len(chosen))
        honeycomb = drawn.cands.honeycomb(int(i))
        puzzles.append(solve(honeycomb, lexicon=drawn.lexicon, min_zipf=drawn.min_zipf))
    report(progress, "solving honeycombs", len(chosen), len(chosen))
    return puzzles


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
