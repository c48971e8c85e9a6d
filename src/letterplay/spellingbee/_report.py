"""The notebook's report of a honeycomb, and statistics over a whole word list.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> [(g.letters, g.score) for g in report("GAELMPX", lexicon=tiny).groups]
[('AEGLMPX', 15), ('AEGM', 1), ('AGLM', 8)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from letterplay import validate
from letterplay.errors import InputError
from letterplay.letters import letter_mask, mask_letters, popcount
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.results import Result
from letterplay.spellingbee._best import Candidates, Ranked, best, candidates
from letterplay.spellingbee._honeycomb import Honeycomb, as_honeycomb, word_points
from letterplay.spellingbee._solve import solve
from letterplay.spellingbee._table import S, points_table, valid_words, word_arrays
from letterplay.spellingbee.rules import HIVE_SIZE, MIN_LENGTH

__all__ = ["ReportResult", "StatsResult", "SubsetGroup", "report", "stats"]


# ----------------------------------------------------------------------------- report


@dataclass(frozen=True)
class SubsetGroup:
    """The words of a honeycomb with exactly one letter subset, with their scores.

    Examples
    --------
    >>> SubsetGroup("AGLM", ("amalgam", "glam"), (7, 1)).score
    8
    """

    letters: str
    words: tuple[str, ...]
    points: tuple[int, ...]

    @property
    def score(self) -> int:
        return sum(self.points)

    def to_dict(self) -> dict[str, object]:
        return {
            "letters": self.letters,
            "words": list(self.words),
            "points": list(self.points),
            "score": self.score,
        }


@dataclass(frozen=True)
class ReportResult(Result):
    """The notebook's report: a honeycomb's words grouped by letter subset, pangram subsets first
    (then by fewer letters, alphabetically), with points; ``optimal`` when it is the best
    honeycomb of the ``valid_words`` it was chosen from."""

    honeycomb: Honeycomb
    optimal: bool
    valid_words: int
    groups: tuple[SubsetGroup, ...]

    @property
    def score(self) -> int:
        return sum(g.score for g in self.groups)

    @property
    def count(self) -> int:
        return sum(len(g.words) for g in self.groups)

    def to_dict(self) -> dict[str, object]:
        return {
            **self.honeycomb.to_dict(),
            "optimal": self.optimal,
            "valid_words": self.valid_words,
            "score": self.score,
            "count": self.count,
            "groups": [g.to_dict() for g in self.groups],
        }


def report(
    honeycomb: Honeycomb | str | None = None,
    *,
    center: str | None = None,
    lexicon: Lexicon | str | None = None,
    allow_s: bool = False,
) -> ReportResult:
    """The words of a honeycomb grouped by letter subset, as Norvig's notebook reports them;
    for the best honeycomb of the word list when ``honeycomb`` is None.

    Parameters
    ----------
    honeycomb : Honeycomb, str or None
        The puzzle, as for :func:`solve`; None: the best honeycomb.
    center : str, optional
        The center letter, when ``honeycomb`` is letters.
    lexicon : Lexicon, str or None
        The word list (default: enable1).
    allow_s : bool
        Allow S when choosing the best honeycomb (a honeycomb with S allows it anyway).

    Returns
    -------
    ReportResult
        ``groups`` of words by letter subset, ``score``, ``count``, ``optimal``.

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
    >>> result = report(lexicon=tiny)
    >>> str(result.honeycomb), result.optimal, [g.words for g in result.groups]
    ('ACEIORT centre T', True, [('cacciatore', 'erotica')])

    References
    ----------
    - Peter Norvig, *Spelling Bee Puzzle*, pytudes (the report's format):
      https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
    """
    lexicon, allow_s = as_lexicon(lexicon), validate.flag("allow_s", allow_s)
    if honeycomb is None and center is not None:
        raise InputError("`center` needs the honeycomb's letters", parameter="center")
    hive = None if honeycomb is None else as_honeycomb(honeycomb, center)
    allow_s = allow_s or (hive is not None and "S" in hive.letters)
    n_valid = int(valid_words(lexicon, allow_s).sum())
    optimal = hive is None
    if hive is None:
        hive = best(lexicon=lexicon, allow_s=allow_s).best.honeycomb
    solution = solve(hive, lexicon=lexicon)
    groups: dict[str, list[tuple[str, int]]] = {}
    for word, pts in zip(solution.words, solution.points, strict=True):
        groups.setdefault(mask_letters(letter_mask(word)), []).append((word, pts))
    ordered = sorted(groups, key=lambda s: (-len(s), s))
    return ReportResult(
        hive,
        optimal,
        n_valid,
        tuple(
            SubsetGroup(s, tuple(w for w, _ in groups[s]), tuple(p for _, p in groups[s]))
            for s in ordered
        ),
        lexicon=lexicon,
    )


# ----------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class StatsResult(Result):
    """The notebook's counts over a word list, and the score distribution of all candidate
    honeycombs (``scores``, best first)."""

    words: int
    valid_words: int
    pangram_words: int
    perfect_pangram_words: int
    pangram_letter_sets: int
    candidate_honeycombs: int
    letter_subsets: int
    breakdown: dict[str, int]
    top_word: str | None
    best: Ranked | None
    scores: np.ndarray = field(repr=False)
    allow_s: bool = False

    def distribution(self) -> dict[str, object]:
        """Summary of the candidate scores: min, max, mean, percentiles and a histogram.

        Examples
        --------
        >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
        >>> result = stats(lexicon=Lexicon.from_words(EXAMPLE_WORDS))
        >>> result.distribution()["max"], result.distribution()["histogram"]
        (31, {'bin_width': 2, 'counts': [0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 1, 3, 0, 0, 7]})
        """
        s = self.scores
        if not len(s):
            return {"min": None, "max": None, "mean": None, "percentiles": {}, "histogram": {}}
        width = _bin_width(int(s.max()))
        counts = np.bincount(s // width)
        return {
            "min": int(s.min()),
            "max": int(s.max()),
            "mean": round(float(s.mean()), 2),
            "percentiles": {str(p): float(np.percentile(s, p)) for p in (10, 25, 50, 75, 90, 99)},
            "histogram": {"bin_width": width, "counts": counts.tolist()},
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "words": self.words,
            "valid_words": self.valid_words,
            "pangram_words": self.pangram_words,
            "perfect_pangram_words": self.perfect_pangram_words,
            "pangram_letter_sets": self.pangram_letter_sets,
            "candidate_honeycombs": self.candidate_honeycombs,
            "letter_subsets": self.letter_subsets,
            "breakdown": self.breakdown,
            "top_word": self.top_word,
            "best": self.best.to_dict() if self.best else None,
            "allow_s": self.allow_s,
            "score_distribution": self.distribution(),
        }


def _bin_width(top: int) -> int:
    """A round histogram bin width giving at most about 20 bins."""
    for width in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top // width < 20:
            return width
    return 10 ** len(str(top))


def stats(*, lexicon: Lexicon | str | None = None, allow_s: bool = False) -> StatsResult:
    """The notebook's counts for a word list (valid words, pangrams, candidate honeycombs) and
    the scores of all its candidate honeycombs.

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list (default: enable1).
    allow_s : bool
        Count words and honeycombs with S too.

    Returns
    -------
    StatsResult
        The counts, ``breakdown`` (why words are invalid), ``top_word``, ``best`` and the
        candidates' ``scores`` (``distribution()`` summarises them).

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> result = stats(lexicon=Lexicon.from_words(EXAMPLE_WORDS))
    >>> result.valid_words, result.pangram_words, result.candidate_honeycombs, result.breakdown
    (6, 3, 14, {'S': 1, '<4': 3, '>7': 1, 'valid': 6})
    >>> result.top_word, result.best.score
    ('cacciatore', 31)

    References
    ----------
    - Peter Norvig, *Spelling Bee Puzzle*, pytudes (the counts reproduced here):
      https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
    """
    lexicon, allow_s = as_lexicon(lexicon), validate.flag("allow_s", allow_s)
    arrays = word_arrays(lexicon)
    valid = valid_words(lexicon, allow_s)
    pangram = valid & (popcount(arrays.masks) == HIVE_SIZE)
    table = points_table(lexicon, valid)
    cands = candidates(lexicon, allow_s, table=table)
    return StatsResult(
        words=len(lexicon),
        valid_words=int(valid.sum()),
        pangram_words=int(pangram.sum()),
        perfect_pangram_words=int((pangram & (arrays.lengths == HIVE_SIZE)).sum()),
        pangram_letter_sets=len(table.pangram_sets),
        candidate_honeycombs=len(cands),
        letter_subsets=table.letter_sets,
        breakdown=_breakdown(lexicon, valid, allow_s),
        top_word=_top_word(lexicon, valid),
        best=_first(cands),
        scores=np.sort(cands.scores)[::-1],
        allow_s=allow_s,
        lexicon=lexicon,
    )


def _breakdown(lexicon: Lexicon, valid: np.ndarray, allow_s: bool) -> dict[str, int]:
    """The notebook's breakdown of why words are invalid, each word counted once in this order."""
    arrays = word_arrays(lexicon)
    has_s = ((arrays.masks & S) != 0) & (not allow_s)
    short = arrays.lengths < MIN_LENGTH
    reasons = {"S": int(has_s.sum()), "<4": int((short & ~has_s).sum()), "valid": int(valid.sum())}
    over = len(lexicon) - sum(reasons.values())
    return {"S": reasons["S"], "<4": reasons["<4"], ">7": over, "valid": reasons["valid"]}


def _top_word(lexicon: Lexicon, valid: np.ndarray) -> str | None:
    """The highest-scoring valid word (the first in the lexicon of those tied)."""
    if not valid.any():
        return None
    arrays = word_arrays(lexicon)
    rows = np.flatnonzero(valid)
    pts = word_points(arrays.lengths[rows], popcount(arrays.masks[rows]) == HIVE_SIZE)
    return lexicon.word(int(rows[int(np.argmax(pts))]))


def _first(cands: Candidates) -> Ranked | None:
    """The best candidate with its tallies (None when there is none)."""
    if not len(cands):
        return None
    i = int(cands.top(1)[0])
    return Ranked(
        cands.honeycomb(i), int(cands.scores[i]), int(cands.words[i]), int(cands.pangrams[i])
    )
