"""The best honeycombs: every candidate scored at once, bounded before it is scored.

Every published honeycomb has a pangram, so the *candidate honeycombs* are the pangram letter
sets, each with any of its 7 letters as the center. All of them are scored at once: the ranks of
each set's 128 subsets are built by doubling, one gather reads their points, and for each of the
seven centers a strided sum adds the 64 subsets that contain it. :func:`best` first bounds each
set by the sum over all 128 subsets, as the notebook's fastest version does, and sums centers only
for the sets that could reach the top.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> lex = Lexicon.from_words(EXAMPLE_WORDS)
>>> cands = candidates(lex, require="x")
>>> len(cands), sorted(cands.scores.tolist())
(7, [15, 15, 16, 23, 24, 24, 24])
>>> cands = candidates(lex)
>>> len(cands), [cands.honeycomb(i).center for i in cands.top(3)]
(14, ['T', 'R', 'O'])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import ALPHABET, letter_mask, mask_letters, parse_letters, popcount
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result
from letterplay.spellingbee._honeycomb import Honeycomb
from letterplay.spellingbee._ranks import center_sums, set_letters, set_masks, subset_ranks
from letterplay.spellingbee._table import (
    PointsTable,
    S,
    outside,
    points_table,
    subset_totals,
    valid_words,
    word_arrays,
)
from letterplay.spellingbee.rules import HIVE_SIZE, MAX_TOP

__all__ = ["BestResult", "Candidates", "Ranked", "best", "candidates"]


@dataclass(frozen=True, eq=False)
class Candidates:
    """Every candidate honeycomb with its game score, word count and pangram count, as flat
    aligned arrays: ``sets`` (letter masks), ``centers`` (0..25), ``scores``, ``words``,
    ``pangrams`` (the last two zero unless tallied) and ``keys``, larger for better: the score,
    then, as the notebook's ``max((score, honeycomb))`` breaks ties, the later letters and
    center alphabetically."""

    sets: np.ndarray
    centers: np.ndarray
    scores: np.ndarray
    words: np.ndarray
    pangrams: np.ndarray
    keys: np.ndarray

    def __len__(self) -> int:
        return len(self.sets)

    def honeycomb(self, i: int) -> Honeycomb:
        """The i-th candidate as a :class:`Honeycomb`."""
        return Honeycomb(mask_letters(int(self.sets[i])), ALPHABET[int(self.centers[i])])

    def top(self, k: int) -> np.ndarray:
        """Positions of the ``k`` best candidates, best first (a partial sort)."""
        k = min(k, len(self))
        if k == 0:
            return np.zeros(0, dtype=np.int64)
        part = np.argpartition(self.keys, len(self) - k)[len(self) - k :]
        return part[np.argsort(-self.keys[part])]


def candidates(
    lexicon: Lexicon,
    allow_s: bool = False,
    *,
    exclude: str | None = None,
    require: str | None = None,
    min_zipf: float | None = None,
    table: PointsTable | None = None,
    tallies: bool = True,
) -> Candidates:
    """All candidate honeycombs (pangram letter set × center), scored at once, filtered to
    those without the letters of ``exclude`` and with all letters of ``require``; with
    ``tallies`` also their word and pangram counts. ``table``, when given, is the points table
    of the valid words, to save building it again."""
    if table is None:
        table = points_table(lexicon, valid_words(lexicon, allow_s, min_zipf))
    letters = allowed_sets(table, exclude, require, allow_s)
    columns = ("points", "words", "pangrams") if tallies else ("points",)
    return _scored(letters, subset_totals(table, letters, columns))


def _letters_mask(name: str, text: object) -> int:
    """The mask of an optional letter set given as text (``exclude``, ``require``); 0 if empty."""
    if text is None or text == "":
        return 0
    return letter_mask(parse_letters(validate.text(name, text), name))


def allowed_sets(
    table: PointsTable, exclude: str | None, require: str | None, allow_s: bool
) -> np.ndarray:
    """The table's pangram letter sets (letters) without ``exclude`` and with ``require``."""
    excluded, required = _letters_mask("exclude", exclude), _letters_mask("require", require)
    if excluded & required:
        both = mask_letters(excluded & required)
        raise InputError(f"cannot both `require` and `exclude` {both}", parameter="require")
    if bin(required).count("1") > HIVE_SIZE:
        raise InputError(
            f"a honeycomb has 7 letters; cannot `require` {mask_letters(required)}",
            parameter="require",
        )
    if required & S and not allow_s:
        raise InputError("cannot `require` S without `allow_s=True`", parameter="require")
    letters = table.pangram_letters
    if excluded or required:
        sets = set_masks(letters)
        letters = letters[((sets & excluded) == 0) & ((sets & required) == required)]
    return letters


def _scored(letters: np.ndarray, totals: dict[str, np.ndarray]) -> Candidates:
    """Candidates from sets (letters) and their (P, 7) totals by center."""
    scores = totals["points"].ravel()
    zero = np.zeros_like(scores)
    words, pangrams = (totals[c].ravel() if c in totals else zero for c in ("words", "pangrams"))
    # For sets of equal size, later alphabetically (AEGINRT after ADEINRT) means a smaller mask
    # with the bit order reversed (A the highest bit).
    reversed_mask = (np.int64(1) << (25 - letters)).sum(axis=1)
    later = np.repeat(outside(0) - reversed_mask, HIVE_SIZE)
    keys = (scores << 32) | (later << 3) | np.tile(np.arange(HIVE_SIZE), len(letters))
    sets = np.repeat(set_masks(letters), HIVE_SIZE)
    return Candidates(
        sets=sets, centers=letters.ravel(), scores=scores, words=words, pangrams=pangrams, keys=keys
    )


@dataclass(frozen=True)
class Ranked:
    """A honeycomb with its game score, word count and pangram count.

    Examples
    --------
    >>> Ranked(Honeycomb("ACEIORT", "T"), 31, 2, 2).to_dict()["score"]
    31
    """

    honeycomb: Honeycomb
    score: int
    words: int
    pangrams: int

    def to_dict(self) -> dict[str, object]:
        return {
            **self.honeycomb.to_dict(),
            "score": self.score,
            "words": self.words,
            "pangrams": self.pangrams,
        }


@dataclass(frozen=True)
class BestResult(Result):
    """The best honeycombs over all candidates, best first; exhaustive, so proven optimal."""

    top: tuple[Ranked, ...]
    candidates: int
    allow_s: bool
    exclude: str
    require: str

    @property
    def best(self) -> Ranked:
        """The best honeycomb."""
        return self.top[0]

    def to_dict(self) -> dict[str, object]:
        return {
            **self.best.to_dict(),
            "top": [r.to_dict() for r in self.top],
            "candidates": self.candidates,
            "optimal": True,
            "allow_s": self.allow_s,
            "exclude": self.exclude,
            "require": self.require,
        }


def best(
    *,
    lexicon: Lexicon | str | None = None,
    top: int = 1,
    allow_s: bool = False,
    exclude: str | None = None,
    require: str | None = None,
    min_zipf: float | None = None,
    progress: ProgressCallback | None = None,
) -> BestResult:
    """The best honeycombs of a word list: exact, every candidate is bounded and all that
    could be among the best are scored.

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    top : int
        How many to list, best first (1 to 10,000).
    allow_s : bool
        Allow S in honeycombs and words (the NY Times never uses it).
    exclude, require : str, optional
        Only honeycombs without any of these letters, and with all of those.
    min_zipf : float, optional
        Count only words at least this common (wordfreq Zipf, 0 to 8).
    progress : callable, optional
        ``progress(description, done, total)``, called between the stages of the search.

    Returns
    -------
    BestResult
        ``top`` (:class:`Ranked` honeycombs with score, word and pangram counts), ``best``.

    Raises
    ------
    NoSolutionError
        When no candidate honeycomb is without ``exclude`` and with ``require``.

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
    >>> best(lexicon=tiny).best
    Ranked(honeycomb=Honeycomb(letters='ACEIORT', center='T'), score=31, words=2, pangrams=2)
    >>> [(r.honeycomb.center, r.score) for r in best(lexicon=tiny, top=2, exclude="t").top]
    [('M', 24), ('G', 24)]

    References
    ----------
    - Peter Norvig, *Spelling Bee Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
    """
    lexicon, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    top = validate.whole("top", top, 1, MAX_TOP)
    allow_s = validate.flag("allow_s", allow_s)
    progress = check_progress(progress)
    report(progress, "scoring honeycombs", 0, 3)
    valid = valid_words(lexicon, allow_s, min_zipf)
    table = points_table(lexicon, valid)
    letters = allowed_sets(table, exclude, require, allow_s)
    if not len(letters):
        raise NoSolutionError(_no_candidates(allow_s, exclude, require))
    report(progress, "scoring honeycombs", 1, 3)
    cands = _best_candidates(table, letters, top)
    chosen = cands.top(top)
    report(progress, "scoring honeycombs", 2, 3)
    words, pangrams = _tallies(lexicon, valid, table, cands=cands, chosen=chosen)
    report(progress, "scoring honeycombs", 3, 3)
    ranked = tuple(
        Ranked(cands.honeycomb(int(i)), int(cands.scores[i]), words=int(w), pangrams=int(p))
        for i, w, p in zip(chosen, words, pangrams, strict=True)
    )
    return BestResult(
        top=ranked,
        candidates=HIVE_SIZE * len(letters),
        allow_s=allow_s,
        exclude=(exclude or "").upper(),
        require=(require or "").upper(),
        lexicon=lexicon,
    )


def _best_candidates(table: PointsTable, letters: np.ndarray, top: int) -> Candidates:
    """The candidates among which the ``top`` best honeycombs are, scored exactly.

    Like the notebook's fastest version, it bounds before it scores: no honeycomb scores more
    than the sum of its set's 128 subsets. The sets with the highest bounds give at least
    ``top`` honeycombs, whose ``top``-th best score s is reached only by sets whose bound is at
    least s; only those get their seven centers scored."""
    values = table.points[subset_ranks(letters)]  # (P, 128)
    bound = values.sum(axis=1)
    some = np.argsort(-bound, kind="stable")[: -(-top // HIVE_SIZE)]
    scores = np.sort(center_sums(values[some]).ravel())[::-1]
    threshold = scores[min(top, len(scores)) - 1] if len(scores) else 0
    keep = np.flatnonzero(bound >= threshold)
    return _scored(letters[keep], {"points": center_sums(values[keep])})


def _tallies(
    lexicon: Lexicon,
    valid: np.ndarray,
    table: PointsTable,
    *,
    cands: Candidates,
    chosen: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Word and pangram counts of the ``chosen`` candidates only (scoring needs points alone):
    for a few, test the valid words directly; for many, sum the table's count columns."""
    if len(chosen) > 64:
        letters = set_letters(cands.sets[chosen])
        totals = subset_totals(table, letters, ("words", "pangrams"))
        column = np.argmax(letters == cands.centers[chosen][:, None], axis=1)
        rows = np.arange(len(chosen))
        return totals["words"][rows, column], totals["pangrams"][rows, column]
    masks = word_arrays(lexicon).masks[valid].astype(np.int64)
    pangram = popcount(masks) == HIVE_SIZE
    out = outside(cands.sets[chosen].astype(np.int64))[:, None]
    center = (np.int64(1) << cands.centers[chosen].astype(np.int64))[:, None]
    made = ((masks & out) == 0) & ((masks & center) != 0)  # (K, valid words)
    return made.sum(axis=1), (made & pangram).sum(axis=1)


def _no_candidates(allow_s: bool, exclude: str | None, require: str | None) -> str:
    wanted = []
    if exclude:
        wanted.append(f"without {exclude.upper()}")
    if require:
        wanted.append(f"with {require.upper()}")
    if not allow_s:
        wanted.append("without S")
    return f"no candidate honeycomb (a pangram letter set) {' and '.join(wanted)} in this lexicon"
