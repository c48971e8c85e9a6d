"""Spelling Bee: solve any honeycomb, find the best honeycombs, hints, reports, puzzles to publish.

The puzzle (seed 002, the NY Times Spelling Bee):

- A *honeycomb* (hive) is seven distinct letters, one of them the *center*.
- A honeycomb *can make* a word of at least 4 letters that contains the center and uses only the
  honeycomb's letters (each as often as it likes).
- A *pangram* uses all seven letters; a *perfect pangram* uses each of them exactly once.
- The *word score* is 1 for a 4-letter word, else its length, plus 7 for a pangram; the
  *game score* of a honeycomb is the sum of the scores of the words it can make.
- A *valid word* (for finding the best honeycomb) has at least 4 letters, at most 7 distinct
  letters and no S (unless S is allowed). A *pangram letter set* is the letter set of a valid word
  with 7 distinct letters; every published honeycomb has a pangram, so the *candidate honeycombs*
  are the pangram letter sets, each with any of its 7 letters as the center.
- A player's *standing* is what they have found in a game: their score, their rank, and (in
  counts only, so nothing is revealed) what is left.

One spelling: identifiers, parameters and JSON keys say ``center``, as the command line's option
does; only text written for people reads "AEGINRT centre R".

Everything reasons about *letter masks* (26-bit sets, :mod:`letterplay.letters`). The *points
table* gives, for every letter set, the total score of the valid words with exactly that letter
set (seed 002's idea): a honeycomb's game score is the sum of the table over its 64 *letter
subsets* (subsets of its letters that contain the center). :func:`simple_scores` does just that
with plain loops, as seed 002 does; it is the reference the fast version is tested against.

The fast version: the table is one ``np.bincount`` over the words' *set ranks*, a dense numbering
of all letter sets of at most 7 letters (971,712 of them; indexing by the raw 26-bit mask would
take 2**26 entries). All candidate honeycombs are scored at once: the ranks of each pangram letter
set's 128 subsets are built by doubling, one gather reads their points, and for each of the seven
centers a strided sum adds the 64 subsets that contain it. :func:`best` first bounds each set by
the sum over all 128 subsets, as seed 002's fastest version does, and sums centers only for the
sets that could reach the top.

Examples
--------
Seed 002's tiny word list (:data:`EXAMPLE_WORDS`): its best honeycomb is ACEIORT with center T,
31 points for *cacciatore* and *erotica*.

>>> lex = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> top = best(lex).best
>>> top.honeycomb, top.score
(Honeycomb(letters='ACEIORT', center='T'), 31)
>>> solve(lex, honeycomb("GAEMPLX")).words
('amalgam', 'game', 'glam', 'megaplex')

References
----------
- The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
- Peter Norvig, *Spelling Bee Puzzle* (pytudes; seed 002, the source of the points table and of
  the figures tested here): https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
- The Riddler, 3 January 2020, the question seed 002 answers:
  https://fivethirtyeight.com/features/can-you-solve-the-vexing-vexillology/
- The combinatorial number system, behind the set ranks:
  https://en.wikipedia.org/wiki/Combinatorial_number_system
"""

from __future__ import annotations

import math
import warnings
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

import numpy as np

from letterplay import cache, validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import (
    ALPHABET,
    letter_mask,
    mask_letters,
    parse_letters,
    popcount,
    sorted_unique,
)
from letterplay.lexicon import Lexicon, zipf_floor_mask
from letterplay.progress import ProgressCallback, report

__all__ = [
    "EXAMPLE_WORDS",
    "HIVE_SIZE",
    "MAX_BOUND",
    "MAX_PUZZLES",
    "MAX_TOP",
    "MAX_ZIPF",
    "MIN_LENGTH",
    "N_RANKS",
    "PANGRAM_BONUS",
    "BeeSolution",
    "Best",
    "Candidates",
    "Generated",
    "Hints",
    "Honeycomb",
    "PointsTable",
    "Range",
    "Rank",
    "Ranked",
    "Report",
    "Standing",
    "Stats",
    "SubsetGroup",
    "answer_words",
    "best",
    "build_report",
    "can_make",
    "candidates",
    "generate",
    "hints",
    "honeycomb",
    "points_table",
    "rank_of",
    "ranks",
    "set_letters",
    "set_ranks",
    "simple_scores",
    "solve",
    "standing",
    "stats",
    "subset_ranks",
    "valid_words",
    "word_problem",
    "word_score",
]

HIVE_SIZE = 7
MIN_LENGTH = 4
PANGRAM_BONUS = 7
MIN_PANGRAM_SCORE = HIVE_SIZE + PANGRAM_BONUS  # a pangram has at least 7 letters
MAX_ZIPF = 8.0  # the top of wordfreq's Zipf scale ("the" is 7.73)
MAX_TOP = 10_000  # most best honeycombs listed at once
MAX_PUZZLES = 1_000  # most puzzles generated at once: each is solved and listed in full
MAX_BOUND = 10**9  # largest bound on a score, word count or pangram count
S = letter_mask("s")
ALL_LETTERS = (1 << 26) - 1

EXAMPLE_WORDS = tuple(
    "amalgam amalgamation game games gem glam megaplex cacciatore erotica I me".split()
)
"""Seed 002's tiny word list, used by the examples."""


def _outside(mask: int) -> int:
    """The 26-bit mask of the letters not in ``mask`` (Python's ``~`` would be negative)."""
    return ALL_LETTERS & ~mask


# ----------------------------------------------------------------------------- checking arguments


def _check_lexicon(lexicon: object) -> Lexicon:
    if not isinstance(lexicon, Lexicon):
        raise InputError(
            f"lexicon must be a Lexicon (see letterplay.lexicon.load), not {type(lexicon).__name__}"
        )
    return lexicon


def _check_zipf(min_zipf: object) -> float | None:
    return None if min_zipf is None else validate.number("min_zipf", min_zipf, 0, MAX_ZIPF)


def _check_hive(hive: object, name: str = "hive") -> Honeycomb:
    if not isinstance(hive, Honeycomb):
        got = repr(hive) if isinstance(hive, str) else type(hive).__name__
        raise InputError(f"{name} must be a Honeycomb (see honeycomb()), not {got}")
    return hive


def _letters_mask(name: str, text: object) -> int:
    """The mask of an optional letter set given as text (``exclude``, ``require``); 0 if empty."""
    if text is None or text == "":
        return 0
    return letter_mask(parse_letters(validate.text(name, text), name))


def _check_masks(name: str, masks: object, max_letters: int = HIVE_SIZE) -> np.ndarray:
    """An integer array of letter masks of at most ``max_letters`` letters."""
    array = np.asarray(masks)
    if array.dtype.kind not in "iu":
        raise InputError(f"{name} must be an array of letter masks (integers)")
    if array.size and (array.min() < 0 or array.max() > ALL_LETTERS):
        raise InputError(f"{name} must hold 26-bit letter masks")
    if array.size and popcount(array).max() > max_letters:
        raise InputError(f"{name} must hold letter sets of at most {max_letters} letters")
    return array


# ----------------------------------------------------------------------------- honeycombs


@dataclass(frozen=True)
class Honeycomb:
    """Seven distinct letters (upper-case, sorted: ``"AEGINRT"``) and one of them the center.

    Make one from letters in any order and case with :func:`honeycomb`; the constructor takes
    only the canonical form.

    Examples
    --------
    >>> hive = Honeycomb("AEGINRT", "R")
    >>> hive.outer, str(hive)
    ('AEGINT', 'AEGINRT centre R')
    >>> Honeycomb("aeginrt", "r")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: letters must be 7 distinct upper-case letters in alphabetical \
order, not 'aeginrt' (honeycomb() takes any order and case)
    """

    letters: str
    center: str

    def __post_init__(self) -> None:
        letters = validate.text("letters", self.letters)
        text = parse_letters(letters, "letters") if letters else ""
        if len(text) != HIVE_SIZE or mask_letters(letter_mask(text)) != letters:
            raise InputError(
                f"letters must be {HIVE_SIZE} distinct upper-case letters in alphabetical order, "
                f"not {letters!r} (honeycomb() takes any order and case)"
            )
        center = validate.text("center", self.center)
        if len(center) != 1 or center not in letters:
            raise InputError(f"center must be one of the letters {letters}, not {center!r}")

    @property
    def mask(self) -> int:
        """The letter mask of the seven letters."""
        return letter_mask(self.letters.lower())

    @property
    def center_mask(self) -> int:
        """The letter mask of the center alone."""
        return letter_mask(self.center.lower())

    @property
    def outer(self) -> str:
        """The six letters around the center, sorted."""
        return self.letters.replace(self.center, "")

    def __str__(self) -> str:
        return f"{self.letters} centre {self.center}"

    def to_dict(self) -> dict[str, str]:
        return {"letters": self.letters, "center": self.center}


def honeycomb(letters: str, center: str | None = None) -> Honeycomb:
    """The honeycomb of seven distinct ``letters`` (any order, any case) with ``center``.

    Without ``center`` the first letter given is the center (``"RAEGINT"`` → center R).
    Raises :class:`InputError` for anything but seven distinct letters a–z and a center among
    them.

    Examples
    --------
    >>> honeycomb("TRAEGIN", "r")
    Honeycomb(letters='AEGINRT', center='R')
    >>> honeycomb("raegint").center
    'R'
    >>> honeycomb("abcdef")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: letters must be 7 letters, got 6 ('abcdef')
    """
    text = parse_letters(validate.text("letters", letters), "letters")
    if len(text) != HIVE_SIZE:
        raise InputError(f"letters must be {HIVE_SIZE} letters, got {len(text)} ({letters!r})")
    repeated = sorted(ch for ch, n in Counter(text).items() if n > 1)
    if repeated:
        raise InputError(
            f"letters must be {HIVE_SIZE} distinct letters; {letters!r} repeats "
            + ", ".join(repeated)
        )
    chosen = text[0] if center is None else parse_letters(validate.text("center", center), "center")
    if len(chosen) != 1:
        raise InputError(f"center must be one letter, got {center!r}")
    if chosen not in text:
        raise InputError(f"center {chosen.upper()} is not one of the letters {letters!r}")
    return Honeycomb(mask_letters(letter_mask(text)), chosen.upper())


# ----------------------------------------------------------------------------- words and scores


def _word_points(lengths: np.ndarray, pangram: np.ndarray) -> np.ndarray:
    """Word scores (vectorised): 1 for 4 letters, else the length, plus 7 for a pangram."""
    lengths = np.asarray(lengths, dtype=np.int64)
    return np.where(lengths == MIN_LENGTH, 1, lengths) + PANGRAM_BONUS * np.asarray(pangram)


def word_score(word: str) -> int:
    """The score of one word of at least 4 letters: 1 for 4 letters, else its length, plus 7
    for a pangram (a word with exactly 7 distinct letters).

    Examples
    --------
    >>> word_score("game"), word_score("amalgam"), word_score("megaplex")
    (1, 7, 15)
    """
    text = parse_letters(validate.text("word", word), "word")
    if len(text) < MIN_LENGTH:
        raise InputError(f"word must have at least {MIN_LENGTH} letters, got {word!r}")
    bonus = PANGRAM_BONUS if len(set(text)) == HIVE_SIZE else 0
    return (1 if len(text) == MIN_LENGTH else len(text)) + bonus


@dataclass(frozen=True, eq=False)
class _WordArrays:
    """Per-word arrays Spelling Bee needs, aligned with the lexicon's words: ``masks`` (uint32
    letter masks) and ``lengths`` (int16) from its :class:`~letterplay.letters.LetterIndex`,
    and ``ranks`` (int32 set ranks of the words' letter sets, -1 beyond 7 letters)."""

    masks: np.ndarray
    lengths: np.ndarray
    ranks: np.ndarray

    @classmethod
    def build(cls, masks: np.ndarray, lengths: np.ndarray) -> _WordArrays:
        ranks = np.full(len(masks), -1, dtype=np.int32)
        small = popcount(masks) <= HIVE_SIZE
        ranks[small] = _set_ranks(masks[small])
        return cls(masks, lengths, ranks)


_ARRAYS: weakref.WeakKeyDictionary[Lexicon, _WordArrays] = weakref.WeakKeyDictionary()


def _skip_cache(lexicon: Lexicon) -> bool:
    """Whether to build a lexicon's arrays in memory rather than read them from the disk cache:
    for a small list building is faster than reading a file, and for one whose letter index is
    already loaded the arrays are a cheap step from it."""
    return not cache.worth_caching(lexicon) or "index" in vars(lexicon)


def _word_arrays(lexicon: Lexicon) -> _WordArrays:
    """The lexicon's :class:`_WordArrays`, kept for the life of the lexicon and in their own
    small disk-cache entry, so a ``solve`` in a new process reads 1.4 MB instead of the whole
    letter index."""
    arrays = _ARRAYS.get(lexicon)
    if arrays is None:
        if _skip_cache(lexicon):
            arrays = _WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
        else:

            def build() -> dict[str, np.ndarray]:
                built = _WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
                return {"masks": built.masks, "lengths": built.lengths, "ranks": built.ranks}

            key = f"{lexicon.sha256}:bee-word-arrays:v2"
            arrays = _WordArrays(**cache.cached("bee", key, build))
        _ARRAYS[lexicon] = arrays
    return arrays


def answer_words(lexicon: Lexicon, min_zipf: float | None = None) -> np.ndarray:
    """Boolean mask of the lexicon's words a honeycomb may count: at least 4 letters and at most
    7 distinct letters, and at least ``min_zipf`` common (wordfreq Zipf, 0 to 8) when given.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> [w for w, ok in zip(lex.words, answer_words(lex)) if ok]
    ['amalgam', 'cacciatore', 'erotica', 'game', 'games', 'glam', 'megaplex']
    """
    lexicon, min_zipf = _check_lexicon(lexicon), _check_zipf(min_zipf)
    arrays = _word_arrays(lexicon)
    keep = (arrays.lengths >= MIN_LENGTH) & (arrays.ranks >= 0)  # rank -1: over 7 letters
    return keep & zipf_floor_mask(lexicon, min_zipf) if min_zipf is not None else keep


def valid_words(
    lexicon: Lexicon, allow_s: bool = False, min_zipf: float | None = None
) -> np.ndarray:
    """Boolean mask of the *valid words*: answer words, without S unless ``allow_s``.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> [w for w, ok in zip(lex.words, valid_words(lex)) if ok]
    ['amalgam', 'cacciatore', 'erotica', 'game', 'glam', 'megaplex']
    """
    keep = answer_words(lexicon, min_zipf)
    allow_s = validate.flag("allow_s", allow_s)
    return keep if allow_s else keep & ((_word_arrays(lexicon).masks & S) == 0)


# ----------------------------------------------------------------------------- the points table

# Every letter set of at most 7 letters has a *set rank*, its place in one dense array: sets of
# k letters come after all smaller sets, and among them the set with letters l_1 < … < l_k is
# number C(l_1, 1) + C(l_2, 2) + … + C(l_k, k) (the combinatorial number system). The 971,712
# ranks index the points table directly, where the 2**26 possible masks would need 64M entries.
_BINOM = np.array(
    [[math.comb(n, t) if t else 0 for t in range(HIVE_SIZE + 1)] for n in range(26)], dtype=np.int64
)  # _BINOM[l, t] = C(l, t), 0 for t = 0
_FIRST_RANK = np.cumsum([0] + [math.comb(26, k) for k in range(HIVE_SIZE + 1)])
N_RANKS = int(_FIRST_RANK[-1])  # letter sets of 0..7 letters


def set_ranks(masks: np.ndarray) -> np.ndarray:
    """The set rank of each letter mask of at most 7 letters (an array of any shape): its place
    in one dense numbering of all letter sets of 0 to 7 letters, smaller sets first.

    Examples
    --------
    >>> set_ranks(np.array([0, letter_mask("a"), letter_mask("b"), letter_mask("ab")])).tolist()
    [0, 1, 2, 27]
    >>> int(set_ranks(np.array([letter_mask("tuvwxyz")]))[0]) == N_RANKS - 1
    True
    """
    return _set_ranks(_check_masks("masks", masks))


def _set_ranks(masks: np.ndarray) -> np.ndarray:
    # one pass per letter of the alphabet, counting each letter's place in its set
    masks = np.asarray(masks, dtype=np.int64)
    place = np.zeros(masks.shape, dtype=np.int64)
    rank = np.zeros(masks.shape, dtype=np.int64)
    for letter in range(26):
        bit = (masks >> letter) & 1
        place += bit
        rank += _BINOM[letter][place * bit]
    return _FIRST_RANK[place] + rank


@dataclass(frozen=True, eq=False)
class PointsTable:
    """Seed 002's points table, dense over set ranks: ``points[r]`` is the total score of the
    valid words whose letter set has rank ``r`` (``np.bincount``); ``words`` and ``pangrams``
    count them. ``pangram_letters`` are the 7-letter sets present (their letters, ascending).

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> table = points_table(lex, valid_words(lex))
    >>> table.lookup(np.array([letter_mask("acteior"), letter_mask("aglm")])).tolist()
    [31, 8]
    >>> table.letter_sets, len(table.pangram_letters)
    (4, 2)
    """

    ranks: np.ndarray = field(repr=False)  # set rank of every valid word
    word_points: np.ndarray = field(repr=False)
    word_pangram: np.ndarray = field(repr=False)

    @cached_property
    def pangram_letters(self) -> np.ndarray:
        """The *pangram letter sets*, (P, 7) letters ascending, in set-rank order."""
        ranks = sorted_unique(self.ranks[self.word_pangram]) - _FIRST_RANK[HIVE_SIZE]
        return _unrank_sets(ranks, HIVE_SIZE)

    @property
    def pangram_sets(self) -> np.ndarray:
        """The pangram letter sets as letter masks."""
        return _set_masks(self.pangram_letters)

    def _column(self, weights: np.ndarray | None) -> np.ndarray:
        # float64, as np.bincount makes it with weights (totals are exact integers far below
        # 2**53): converting 971,712 entries would cost more than the sums could gain
        counts = np.bincount(self.ranks, weights=weights, minlength=N_RANKS)
        return counts.astype(np.float64, copy=False)

    @cached_property
    def points(self) -> np.ndarray:
        return self._column(self.word_points)

    @cached_property
    def words(self) -> np.ndarray:
        return self._column(None)

    @cached_property
    def pangrams(self) -> np.ndarray:
        return self._column(self.word_pangram)

    @property
    def letter_sets(self) -> int:
        """How many distinct letter sets the valid words have."""
        return int(np.count_nonzero(self.words))

    def lookup(self, masks: np.ndarray, column: str = "points") -> np.ndarray:
        """The table's ``column`` (points, words or pangrams) at letter masks of at most 7
        letters (int64)."""
        if column not in ("points", "words", "pangrams"):
            raise InputError(f"column must be points, words or pangrams, not {column!r}")
        ranks = set_ranks(masks)
        return np.rint(getattr(self, column)[ranks]).astype(np.int64)


def points_table(lexicon: Lexicon, keep: np.ndarray) -> PointsTable:
    """The points table of the words where the boolean array ``keep`` is true (those of at most
    7 letters count; ``keep`` is aligned with the lexicon's words, as :func:`valid_words` is).

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> int(points_table(lex, valid_words(lex)).points.sum())
    55
    """
    lexicon = _check_lexicon(lexicon)
    keep = np.asarray(keep)
    if keep.dtype != bool or keep.shape != (len(lexicon),):
        raise InputError(f"keep must be a boolean array of {len(lexicon)} entries, one a word")
    return _points_table(lexicon, keep)


def _points_table(lexicon: Lexicon, keep: np.ndarray) -> PointsTable:
    arrays = _word_arrays(lexicon)
    keep = keep & (arrays.ranks >= 0)
    masks = arrays.masks[keep]
    pangram = popcount(masks) == HIVE_SIZE
    points = _word_points(arrays.lengths[keep], pangram)
    return PointsTable(arrays.ranks[keep], points, pangram)


_SIZE = popcount(np.arange(128)).astype(np.int64)  # letters in subset k
# Adding a letter in place t adds C(letter, t), and moves the set from the sets of t - 1
# letters to those of t letters: that shift of first rank is folded in here.
_GROW = (_BINOM + np.diff(_FIRST_RANK[: HIVE_SIZE + 1], prepend=0)).astype(np.int32)


def _unrank_sets(ranks: np.ndarray, size: int) -> np.ndarray:
    """The letters (P, size), ascending, of the ``size``-letter sets whose ranks among sets of
    that size are ``ranks``: the largest letter l with C(l, size) <= rank first, and so on."""
    rest = np.asarray(ranks, dtype=np.int64).copy()
    letters = np.empty((len(rest), size), dtype=np.int64)
    for place in range(size, 0, -1):
        letter = np.searchsorted(_BINOM[:, place], rest, side="right") - 1
        letters[:, place - 1] = letter
        rest -= _BINOM[letter, place]
    return letters


def _set_masks(letters: np.ndarray) -> np.ndarray:
    """Letter masks (uint32) of sets given as rows of distinct letters."""
    return (np.int64(1) << letters).sum(axis=1).astype(np.uint32)


def set_letters(sets: np.ndarray) -> np.ndarray:
    """The letters (0..25, ascending) of 7-letter masks: (P,) → (P, 7) int64.

    Examples
    --------
    >>> set_letters(np.array([letter_mask("aeginrt")])).tolist()
    [[0, 4, 6, 8, 13, 17, 19]]
    """
    sets = _check_masks("sets", sets)
    if sets.ndim != 1:
        raise InputError("sets must be a 1-D array of letter masks")
    if len(sets) and popcount(sets).min() != HIVE_SIZE:
        raise InputError("sets must hold letter sets of exactly 7 letters")
    return _set_letters(sets)


def _set_letters(sets: np.ndarray) -> np.ndarray:
    bits = (np.asarray(sets, dtype=np.int64)[:, None] >> np.arange(26)) & 1
    return np.nonzero(bits)[1].reshape(len(sets), HIVE_SIZE)


def subset_ranks(letters: np.ndarray) -> np.ndarray:
    """Set ranks of all 128 subsets of 7-letter sets given as their letters: (P, 7) → (P, 128)
    int32; column k is the subset with the set's j-th letter when bit j of k is set.

    Built by doubling: the subsets with letter j are those without it plus letter j, which (the
    letters ascending) comes last, in place size + 1, adding C(letter j, size + 1) to the rank.

    Examples
    --------
    >>> ranks = subset_ranks(set_letters(np.array([letter_mask("aeginrt")])))
    >>> ranks.shape, int(ranks[0, 0]), int(ranks[0, 1]) == int(set_ranks(np.array([1]))[0])
    ((1, 128), 0, True)
    """
    array = np.asarray(letters)
    ok = array.ndim == 2 and array.shape[1] == HIVE_SIZE and array.dtype.kind in "iu"
    if not ok or (array.size and (array.min() < 0 or array.max() > 25)):
        raise InputError("letters must be a (P, 7) array of letters 0..25")
    if array.size and (np.diff(array, axis=1) <= 0).any():
        raise InputError("letters must list each set's 7 distinct letters in ascending order")
    return _subset_ranks(array)


def _subset_ranks(letters: np.ndarray) -> np.ndarray:
    grow = _GROW[letters]  # (P, 7, 8): what letter j adds to a rank in each place
    ranks = np.empty((len(letters), 128), dtype=np.int32)
    ranks[:, 0] = 0  # the empty set
    width = 1
    for j in range(HIVE_SIZE):
        added = grow[:, j, :][:, _SIZE[:width] + 1]
        np.add(ranks[:, :width], added, out=ranks[:, width : 2 * width])
        width *= 2
    return ranks


def _subset_totals(
    table: PointsTable, letters: np.ndarray, columns: Sequence[str] = ("points",)
) -> dict[str, np.ndarray]:
    """For 7-letter sets given as their letters (P, 7), and each letter as center, the sum of
    the points table's ``columns`` over the 64 letter subsets that contain the center:
    name → (P, 7) int64 (column j: centered on the set's j-th letter)."""
    ranks = _subset_ranks(letters)
    return {name: _center_sums(getattr(table, name)[ranks]) for name in columns}


def _center_sums(values: np.ndarray) -> np.ndarray:
    """(P, 128) values of letter subsets → (P, 7) sums, for each letter j, over the 64 subsets
    that contain it: those whose column k has bit j set, a strided slice of each row."""
    p = len(values)
    sums = np.empty((p, HIVE_SIZE), dtype=values.dtype)
    for j in range(HIVE_SIZE):
        sums[:, j] = values.reshape(p, 2 ** (HIVE_SIZE - 1 - j), 2, 2**j)[:, :, 1, :].sum(
            axis=(1, 2)
        )
    return np.rint(sums).astype(np.int64)


def simple_scores(lexicon: Lexicon, allow_s: bool = False) -> dict[Honeycomb, int]:
    """The game score of every candidate honeycomb, the simple way seed 002 first computes it:
    a points table keyed by letter-set strings, and for each candidate a sum over its letter
    subsets that contain the center. Plain loops, for small lexicons: the reference that
    :func:`candidates` (and so :func:`best`) is tested against.

    Examples
    --------
    >>> scores = simple_scores(Lexicon.from_words(EXAMPLE_WORDS))
    >>> len(scores), scores[Honeycomb("ACEIORT", "T")], scores[Honeycomb("AEGLMPX", "G")]
    (14, 31, 24)
    """
    lexicon, allow_s = _check_lexicon(lexicon), validate.flag("allow_s", allow_s)
    table: Counter[str] = Counter()
    for word in lexicon.words:
        letters = mask_letters(letter_mask(word))
        if (
            len(word) >= MIN_LENGTH
            and len(letters) <= HIVE_SIZE
            and (allow_s or "S" not in letters)
        ):
            table[letters] += word_score(word)
    scores = {}
    for letters in (s for s in table if len(s) == HIVE_SIZE):
        subsets = ["".join(c) for k in range(1, HIVE_SIZE + 1) for c in combinations(letters, k)]
        subsets = [s for s in subsets if s in table]  # the letter sets of some valid word
        for center in letters:
            scores[Honeycomb(letters, center)] = sum(table[s] for s in subsets if center in s)
    return scores


# ----------------------------------------------------------------------------- candidates


@dataclass(frozen=True, eq=False)
class Candidates:
    """Every candidate honeycomb with its game score, word count and pangram count, as flat
    aligned arrays: ``sets`` (letter masks), ``centers`` (0..25), ``scores``, ``words``,
    ``pangrams`` (the last two zero unless tallied) and ``keys``, larger for better: the score,
    then, as seed 002's ``max((score, honeycomb))`` breaks ties, the later letters and center
    alphabetically.

    Examples
    --------
    >>> cands = candidates(Lexicon.from_words(EXAMPLE_WORDS))
    >>> len(cands), [cands.honeycomb(i).center for i in cands.top(3)]
    (14, ['T', 'R', 'O'])
    """

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
        i = validate.whole("i", i, 0, len(self) - 1)
        return Honeycomb(mask_letters(int(self.sets[i])), ALPHABET[int(self.centers[i])].upper())

    def top(self, k: int) -> np.ndarray:
        """Positions of the ``k`` best candidates, best first (a partial sort)."""
        k = min(validate.whole("k", k, 0), len(self))
        if k == 0:
            return np.zeros(0, dtype=np.int64)
        part = np.argpartition(self.keys, len(self) - k)[len(self) - k :]
        return part[np.argsort(-self.keys[part])]


def candidates(
    lexicon: Lexicon,
    allow_s: bool = False,
    exclude: str | None = None,
    require: str | None = None,
    min_zipf: float | None = None,
    table: PointsTable | None = None,
    tallies: bool = True,
) -> Candidates:
    """All candidate honeycombs (pangram letter set × center), scored at once, filtered to
    those without the letters of ``exclude`` and with all letters of ``require``; with
    ``tallies`` also their word and pangram counts. ``table``, when given, is the points table
    of the valid words (:func:`points_table`), to save building it again.

    Examples
    --------
    >>> cands = candidates(Lexicon.from_words(EXAMPLE_WORDS), require="x")
    >>> len(cands), sorted(cands.scores.tolist())
    (7, [15, 15, 16, 23, 24, 24, 24])
    """
    lexicon = _check_lexicon(lexicon)
    allow_s, tallies = validate.flag("allow_s", allow_s), validate.flag("tallies", tallies)
    if table is None:
        table = _points_table(lexicon, valid_words(lexicon, allow_s, min_zipf))
    elif not isinstance(table, PointsTable):
        raise InputError(f"table must be a PointsTable, not {type(table).__name__}")
    letters = _allowed_sets(table, exclude, require, allow_s)
    columns = ("points", "words", "pangrams") if tallies else ("points",)
    return _scored(letters, _subset_totals(table, letters, columns))


def _allowed_sets(
    table: PointsTable, exclude: str | None, require: str | None, allow_s: bool
) -> np.ndarray:
    """The table's pangram letter sets (letters) without ``exclude`` and with ``require``."""
    excluded, required = _letters_mask("exclude", exclude), _letters_mask("require", require)
    if excluded & required:
        both = mask_letters(excluded & required)
        raise InputError(f"cannot both require and exclude {both}")
    if bin(required).count("1") > HIVE_SIZE:
        raise InputError(f"a honeycomb has 7 letters; cannot require {mask_letters(required)}")
    if required & S and not allow_s:
        raise InputError("cannot require S without allowing S (allow_s)")
    letters = table.pangram_letters
    if excluded or required:
        sets = _set_masks(letters)
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
    later = np.repeat(_outside(0) - reversed_mask, HIVE_SIZE)
    keys = (scores << 32) | (later << 3) | np.tile(np.arange(HIVE_SIZE), len(letters))
    sets = np.repeat(_set_masks(letters), HIVE_SIZE)
    return Candidates(sets, letters.ravel(), scores, words, pangrams, keys)


# ----------------------------------------------------------------------------- best honeycombs


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
class Best:
    """The best honeycombs over all candidates, best first; exhaustive, so proven optimal.

    Examples
    --------
    >>> result = best(Lexicon.from_words(EXAMPLE_WORDS), top=2)
    >>> [(r.honeycomb.letters, r.honeycomb.center, r.score) for r in result.top]
    [('ACEIORT', 'T', 31), ('ACEIORT', 'R', 31)]
    >>> result.to_dict()["optimal"], result.candidates
    (True, 14)
    """

    top: tuple[Ranked, ...]
    candidates: int
    allow_s: bool
    exclude: str
    require: str

    @property
    def best(self) -> Ranked:
        return self.top[0]

    def to_dict(self) -> dict[str, object]:
        return {
            **self.best.honeycomb.to_dict(),
            "score": self.best.score,
            "words": self.best.words,
            "pangrams": self.best.pangrams,
            "top": [r.to_dict() for r in self.top],
            "candidates": self.candidates,
            "optimal": True,
            "allow_s": self.allow_s,
            "exclude": self.exclude,
            "require": self.require,
        }


def best(
    lexicon: Lexicon,
    top: int = 1,
    allow_s: bool = False,
    exclude: str | None = None,
    require: str | None = None,
    min_zipf: float | None = None,
) -> Best:
    """The ``top`` best candidate honeycombs (1 to 10,000); exact: every candidate is bounded,
    and all that could be among the best are scored. Raises :class:`NoSolutionError` when the
    lexicon has no candidate honeycomb without ``exclude`` and with ``require``.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> best(lex).best.honeycomb
    Honeycomb(letters='ACEIORT', center='T')
    >>> best(lex, exclude="t").best
    Ranked(honeycomb=Honeycomb(letters='AEGLMPX', center='M'), score=24, words=4, pangrams=1)
    """
    lexicon, top = _check_lexicon(lexicon), validate.whole("top", top, 1, MAX_TOP)
    valid = valid_words(lexicon, allow_s, min_zipf)
    table = _points_table(lexicon, valid)
    letters = _allowed_sets(table, exclude, require, allow_s)
    if not len(letters):
        raise NoSolutionError(_no_candidates(allow_s, exclude, require))
    cands = _best_candidates(table, letters, top)
    chosen = cands.top(top)
    words, pangrams = _tallies(lexicon, valid, table, cands, chosen)
    ranked = tuple(
        Ranked(cands.honeycomb(int(i)), int(cands.scores[i]), int(w), int(p))
        for i, w, p in zip(chosen, words, pangrams, strict=True)
    )
    return Best(
        ranked, HIVE_SIZE * len(letters), allow_s, (exclude or "").upper(), (require or "").upper()
    )


def _best_candidates(table: PointsTable, letters: np.ndarray, top: int) -> Candidates:
    """The candidates among which the ``top`` best honeycombs are, scored exactly.

    Like seed 002's fastest version, it bounds before it scores: no honeycomb scores more than
    the sum of its set's 128 subsets. The sets with the highest bounds give at least ``top``
    honeycombs, whose ``top``-th best score s is reached only by sets whose bound is at least
    s; only those get their seven centers scored."""
    values = table.points[_subset_ranks(letters)]  # (P, 128)
    bound = values.sum(axis=1)
    some = np.argsort(-bound, kind="stable")[: -(-top // HIVE_SIZE)]
    scores = np.sort(_center_sums(values[some]).ravel())[::-1]
    threshold = scores[min(top, len(scores)) - 1] if len(scores) else 0
    keep = np.flatnonzero(bound >= threshold)
    return _scored(letters[keep], {"points": _center_sums(values[keep])})


def _tallies(
    lexicon: Lexicon,
    valid: np.ndarray,
    table: PointsTable,
    cands: Candidates,
    chosen: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Word and pangram counts of the ``chosen`` candidates only (scoring needs points alone):
    for a few, test the valid words directly; for many, sum the table's count columns."""
    if len(chosen) > 64:
        letters = _set_letters(cands.sets[chosen])
        totals = _subset_totals(table, letters, ("words", "pangrams"))
        column = np.argmax(letters == cands.centers[chosen][:, None], axis=1)
        rows = np.arange(len(chosen))
        return totals["words"][rows, column], totals["pangrams"][rows, column]
    masks = _word_arrays(lexicon).masks[valid].astype(np.int64)
    pangram = popcount(masks) == HIVE_SIZE
    outside = _outside(cands.sets[chosen].astype(np.int64))[:, None]
    center = (np.int64(1) << cands.centers[chosen].astype(np.int64))[:, None]
    made = ((masks & outside) == 0) & ((masks & center) != 0)  # (K, valid words)
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


# ----------------------------------------------------------------------------- ranks and hints


RANKS: tuple[tuple[str, int], ...] = (
    ("Beginner", 0),
    ("Good Start", 2),
    ("Moving Up", 5),
    ("Good", 8),
    ("Solid", 15),
    ("Nice", 25),
    ("Great", 40),
    ("Amazing", 50),
    ("Genius", 70),
    ("Queen Bee", 100),
)


@dataclass(frozen=True)
class Rank:
    """A rank of the NY Times game: its name, percent of the maximum and minimum score.

    Examples
    --------
    >>> Rank("Genius", 70, 130).to_dict()
    {'name': 'Genius', 'percent': 70, 'min_score': 130}
    """

    name: str
    percent: int
    min_score: int

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "percent": self.percent, "min_score": self.min_score}


def ranks(max_score: int) -> tuple[Rank, ...]:
    """The rank thresholds for a game with ``max_score`` points.

    Each is ``percent`` of the maximum rounded half up, as the NY Times page does with JavaScript's
    ``Math.round`` (Genius for 185 points: 0.7 × 185 = 129.5 → 130). It is computed in integers,
    ``(percent × max + 50) // 100``, so exact halves round up without floating-point error.

    Examples
    --------
    >>> [(r.name, r.min_score) for r in ranks(185)][-2:]
    [('Genius', 130), ('Queen Bee', 185)]
    """
    max_score = validate.whole("max_score", max_score, 0)
    return tuple(Rank(name, pct, (pct * max_score + 50) // 100) for name, pct in RANKS)


def rank_of(score: int, max_score: int) -> str:
    """The name of the highest rank whose threshold ``score`` reaches.

    Examples
    --------
    >>> rank_of(129, 185), rank_of(130, 185)
    ('Amazing', 'Genius')
    """
    score = validate.whole("score", score, 0)
    return [r.name for r in ranks(max_score) if score >= r.min_score][-1]


@dataclass(frozen=True)
class Hints:
    """The NY Times hints: a grid of word counts by first letter × length (with totals), and
    the two-letter list (word counts by their first two letters). Letters shown upper case.

    Examples
    --------
    >>> h = hints(["cacciatore", "erotica"])
    >>> h.grid, h.two_letter, h.total
    ({'C': {10: 1}, 'E': {7: 1}}, {'CA': 1, 'ER': 1}, 2)
    """

    lengths: tuple[int, ...]
    grid: dict[str, dict[int, int]]
    two_letter: dict[str, int]

    def row_total(self, letter: str) -> int:
        return sum(self.grid[letter].values())

    def column_total(self, length: int) -> int:
        return sum(row.get(length, 0) for row in self.grid.values())

    @property
    def total(self) -> int:
        return sum(self.row_total(letter) for letter in self.grid)

    def to_dict(self) -> dict[str, object]:
        return {
            "lengths": list(self.lengths),
            "grid": {
                letter: {
                    **{str(n): row.get(n, 0) for n in self.lengths},
                    "total": self.row_total(letter),
                }
                for letter, row in self.grid.items()
            },
            "totals": {**{str(n): self.column_total(n) for n in self.lengths}, "total": self.total},
            "two_letter": self.two_letter,
        }


def hints(words: Iterable[str]) -> Hints:
    """The hints grid and two-letter list of ``words`` (a sequence of words of letters a–z).

    Examples
    --------
    >>> hints(["tart", "tree", "trite", "rate", "retreat"]).two_letter
    {'RA': 1, 'RE': 1, 'TA': 1, 'TR': 2}
    """
    words = [parse_letters(w, "words") for w in validate.words("words", words)]
    cells = Counter((w[0].upper(), len(w)) for w in words)
    grid: dict[str, dict[int, int]] = {}
    for (letter, length), n in sorted(cells.items()):
        grid.setdefault(letter, {})[length] = n
    two = Counter(w[:2].upper() for w in words)
    return Hints(tuple(sorted({len(w) for w in words})), grid, dict(sorted(two.items())))


# ----------------------------------------------------------------------------- solving a hive


@dataclass(frozen=True)
class BeeSolution:
    """Every word a honeycomb can make (alphabetical) with its score, and what follows from
    them: game score, pangrams, perfect pangrams, rank thresholds, hints. ``unsure`` lists the
    words a list with acceptance probabilities (``nyt-bee``) is unsure the game accepts.

    Examples
    --------
    >>> s = solve(Lexicon.from_words(EXAMPLE_WORDS), honeycomb("TACEIOR"))
    >>> s.word_scores(), s.score, s.perfect_pangrams
    ({'cacciatore': 17, 'erotica': 14}, 31, ('erotica',))
    """

    honeycomb: Honeycomb
    words: tuple[str, ...]
    points: tuple[int, ...]
    pangrams: tuple[str, ...]
    perfect_pangrams: tuple[str, ...]
    min_zipf: float | None = None
    unsure: tuple[str, ...] = ()

    @property
    def score(self) -> int:
        return sum(self.points)

    @property
    def count(self) -> int:
        return len(self.words)

    def word_scores(self) -> dict[str, int]:
        return dict(zip(self.words, self.points, strict=True))

    def ranks(self) -> tuple[Rank, ...]:
        return ranks(self.score)

    def hints(self) -> Hints:
        return hints(self.words)

    def to_dict(self) -> dict[str, object]:
        return {
            **self.honeycomb.to_dict(),
            "words": list(self.words),
            "word_scores": self.word_scores(),
            "score": self.score,
            "count": self.count,
            "pangrams": list(self.pangrams),
            "perfect_pangrams": list(self.perfect_pangrams),
            "ranks": [r.to_dict() for r in self.ranks()],
            "hints": self.hints().to_dict(),
            "min_zipf": self.min_zipf,
            "unsure": list(self.unsure),
        }


def __getattr__(name: str) -> object:
    # The old name of BeeSolution, kept for a while: Letter Boxed has a Solution too.
    if name == "Solution":
        warnings.warn(
            "spellingbee.Solution is deprecated; use BeeSolution",
            DeprecationWarning,
            stacklevel=2,
        )
        return BeeSolution
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def can_make(lexicon: Lexicon, hive: Honeycomb, keep: np.ndarray | None = None) -> np.ndarray:
    """Boolean mask of the lexicon's words the honeycomb can make (among ``keep`` if given).

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> [w for w, ok in zip(lex.words, can_make(lex, honeycomb("MAEGLPX"))) if ok]
    ['amalgam', 'game', 'glam', 'megaplex']
    """
    lexicon, hive = _check_lexicon(lexicon), _check_hive(hive)
    if keep is not None:
        keep = np.asarray(keep)
        if keep.dtype != bool or keep.shape != (len(lexicon),):
            raise InputError(f"keep must be a boolean array of {len(lexicon)} entries, one a word")
    return _can_make(lexicon, hive, keep)


def _can_make(lexicon: Lexicon, hive: Honeycomb, keep: np.ndarray | None) -> np.ndarray:
    arrays = _word_arrays(lexicon)
    masks = arrays.masks
    ok = ((masks & np.uint32(_outside(hive.mask))) == 0) & ((masks & hive.center_mask) != 0)
    ok &= arrays.lengths >= MIN_LENGTH
    return ok & keep if keep is not None else ok


def solve(lexicon: Lexicon, hive: Honeycomb, min_zipf: float | None = None) -> BeeSolution:
    """Every word of the lexicon ``hive`` can make (only words at least ``min_zipf`` common,
    wordfreq Zipf 0 to 8, when given), with scores and pangrams.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> s = solve(lex, honeycomb("AEGLMPX", "G"))
    >>> s.words, s.points, s.pangrams
    (('amalgam', 'game', 'glam', 'megaplex'), (7, 1, 1, 15), ('megaplex',))
    >>> solve(lex, "AEGLMPX")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: hive must be a Honeycomb (see honeycomb()), not 'AEGLMPX'
    """
    lexicon, hive, min_zipf = _check_lexicon(lexicon), _check_hive(hive), _check_zipf(min_zipf)
    keep = zipf_floor_mask(lexicon, min_zipf) if min_zipf is not None else None
    rows = np.flatnonzero(_can_make(lexicon, hive, keep))
    arrays = _word_arrays(lexicon)
    pangram = arrays.masks[rows] == hive.mask
    points = _word_points(arrays.lengths[rows], pangram)
    words = [lexicon.words[i] for i in rows]
    perfect = pangram & (arrays.lengths[rows] == HIVE_SIZE)
    return BeeSolution(
        hive,
        tuple(words),
        tuple(int(p) for p in points),
        tuple(w for w, p in zip(words, pangram, strict=True) if p),
        tuple(w for w, p in zip(words, perfect, strict=True) if p),
        min_zipf,
        _unsure(lexicon, rows),
    )


def _unsure(lexicon: Lexicon, rows: np.ndarray) -> tuple[str, ...]:
    """The words at ``rows`` whose acceptance probability is below the list's unsure line."""
    if lexicon.probabilities is None:
        return ()
    from letterplay.nyt import unsure_below

    doubtful = rows[lexicon.probabilities[rows] < unsure_below(lexicon)]
    return tuple(lexicon.words[i] for i in doubtful)


def word_problem(word: str, hive: Honeycomb) -> str | None:
    """Why ``word`` breaks the rules of ``hive`` (None when it obeys them).

    Examples
    --------
    >>> hive = honeycomb("AEGINRT", "R")
    >>> [word_problem(w, hive) for w in ("gin", "tint", "razz", "x1", "grain")]
    ['too short', 'missing the centre R', 'uses Z, not in the honeycomb', 'not letters a–z', None]
    """
    word, hive = validate.text("word", word).strip().lower(), _check_hive(hive)
    try:
        parse_letters(word, "word")
    except InputError:
        return "not letters a–z"
    if len(word) < MIN_LENGTH:
        return "too short"
    if hive.center.lower() not in word:
        return f"missing the centre {hive.center}"
    bad = sorted(set(word.upper()) - set(hive.letters))
    if bad:
        return f"uses {''.join(bad)}, not in the honeycomb"
    return None


# ----------------------------------------------------------------------------- a player's standing


@dataclass(frozen=True)
class Standing:
    """A player's standing in the game of ``solution``: the words they found, the entries not
    counted (and why), their score and rank, and, without revealing words, what is left.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> st = standing(lex, honeycomb("AEGLMPX", "G"), ["game", "gem"])
    >>> st.score, st.rank, st.rejected, st.to_dict()["progress"]["words_left"]
    (1, 'Moving Up', {'gem': 'too short'}, 3)
    """

    solution: BeeSolution
    found: tuple[str, ...]
    rejected: dict[str, str]
    remaining: Hints = field(repr=False)
    remaining_pangrams: int = 0

    @property
    def score(self) -> int:
        scores = self.solution.word_scores()
        return sum(scores[w] for w in self.found)

    @property
    def rank(self) -> str:
        return rank_of(self.score, self.solution.score)

    def next_rank(self) -> Rank | None:
        """The next rank to reach (None at Queen Bee)."""
        above = [r for r in self.solution.ranks() if r.min_score > self.score]
        return above[0] if above else None

    def to_dict(self) -> dict[str, object]:
        s, nxt = self.solution, self.next_rank()
        progress = {
            "found": list(self.found),
            "rejected": self.rejected,
            "score": self.score,
            "rank": self.rank,
            "next_rank": nxt.to_dict() if nxt else None,
            "words_left": s.count - len(self.found),
            "points_left": s.score - self.score,
            "pangrams_left": self.remaining_pangrams,
            "hints_left": self.remaining.to_dict(),
        }
        return {
            **s.honeycomb.to_dict(),
            "score": s.score,
            "count": s.count,
            "progress": progress,
            "ranks": [r.to_dict() for r in s.ranks()],
        }


def standing(
    lexicon: Lexicon, hive: Honeycomb, found: Sequence[str], min_zipf: float | None = None
) -> Standing:
    """Check a player's ``found`` words against the game of ``hive`` (the words of the lexicon
    at least ``min_zipf`` common, when given). Entries that are not answers are listed with the
    reason; the hints of the words still missing are counts only, so nothing is revealed.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> st = standing(lex, honeycomb("ACEIORT", "T"), ["Erotica", "tact", "x1"])
    >>> st.found, st.rejected, st.remaining.total, st.remaining_pangrams
    (('erotica',), {'tact': 'not in the word list', 'x1': 'not letters a–z'}, 1, 1)
    """
    found = validate.words("found", found)
    solution = solve(lexicon, hive, min_zipf)
    answers = set(solution.words)
    kept: set[str] = set()
    rejected: dict[str, str] = {}
    for raw in found:
        word = raw.strip().lower()
        if not word or word in kept:
            continue
        if word in answers:
            kept.add(word)
            continue
        problem = word_problem(word, solution.honeycomb) or "not in the word list"
        rejected[raw if problem == "not letters a–z" else word] = problem
    missing = [w for w in solution.words if w not in kept]
    pangrams_left = len(set(solution.pangrams) - kept)
    return Standing(solution, tuple(sorted(kept)), rejected, hints(missing), pangrams_left)


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
class Report:
    """Seed 002's report: a honeycomb's words grouped by letter subset, pangram subsets first
    (then by fewer letters, alphabetically), with points; ``optimal`` when it is the best
    honeycomb of the ``valid_words`` it was chosen from.

    Examples
    --------
    >>> rep = build_report(Lexicon.from_words(EXAMPLE_WORDS), honeycomb("GAELMPX"))
    >>> [(g.letters, g.score) for g in rep.groups], rep.score, rep.optimal
    ([('AEGLMPX', 15), ('AEGM', 1), ('AGLM', 8)], 24, False)
    """

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


def build_report(lexicon: Lexicon, hive: Honeycomb | None = None, allow_s: bool = False) -> Report:
    """The report for ``hive``, or for the best honeycomb when it is None.

    Examples
    --------
    >>> rep = build_report(Lexicon.from_words(EXAMPLE_WORDS))
    >>> str(rep.honeycomb), rep.optimal, [g.words for g in rep.groups]
    ('ACEIORT centre T', True, [('cacciatore', 'erotica')])
    """
    lexicon, allow_s = _check_lexicon(lexicon), validate.flag("allow_s", allow_s)
    if hive is not None:
        hive = _check_hive(hive)
    allow_s = allow_s or (hive is not None and "S" in hive.letters)
    n_valid = int(valid_words(lexicon, allow_s).sum())
    optimal = hive is None
    if hive is None:
        hive = best(lexicon, allow_s=allow_s).best.honeycomb
    solution = solve(lexicon, hive)
    groups: dict[str, list[tuple[str, int]]] = {}
    for word, pts in zip(solution.words, solution.points, strict=True):
        groups.setdefault(mask_letters(letter_mask(word)), []).append((word, pts))
    ordered = sorted(groups, key=lambda s: (-len(s), s))
    return Report(
        hive,
        optimal,
        n_valid,
        tuple(
            SubsetGroup(s, tuple(w for w, _ in groups[s]), tuple(p for _, p in groups[s]))
            for s in ordered
        ),
    )


# ----------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Stats:
    """Counts over a lexicon (seed 002's) and the score distribution of all candidate
    honeycombs (``scores``, best first).

    Examples
    --------
    >>> st = stats(Lexicon.from_words(EXAMPLE_WORDS))
    >>> st.distribution()["max"], st.distribution()["histogram"]
    (31, {'bin_width': 2, 'counts': [0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 1, 3, 0, 0, 7]})
    """

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
        """Summary of the candidate scores: min, max, mean, percentiles and a histogram."""
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


def stats(lexicon: Lexicon, allow_s: bool = False) -> Stats:
    """Seed 002's counts for ``lexicon`` and the scores of all its candidate honeycombs.

    Examples
    --------
    >>> st = stats(Lexicon.from_words(EXAMPLE_WORDS))
    >>> st.valid_words, st.pangram_words, st.candidate_honeycombs, st.breakdown
    (6, 3, 14, {'S': 1, '<4': 3, '>7': 1, 'valid': 6})
    >>> st.top_word, st.best.score
    ('cacciatore', 31)
    """
    lexicon, allow_s = _check_lexicon(lexicon), validate.flag("allow_s", allow_s)
    arrays = _word_arrays(lexicon)
    valid = valid_words(lexicon, allow_s)
    pangram = valid & (popcount(arrays.masks) == HIVE_SIZE)
    table = _points_table(lexicon, valid)
    cands = candidates(lexicon, allow_s, table=table)
    return Stats(
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
    )


def _breakdown(lexicon: Lexicon, valid: np.ndarray, allow_s: bool) -> dict[str, int]:
    """Seed 002's breakdown of why words are invalid, each word counted once in this order."""
    arrays = _word_arrays(lexicon)
    has_s = ((arrays.masks & S) != 0) & (not allow_s)
    short = arrays.lengths < MIN_LENGTH
    reasons = {"S": int(has_s.sum()), "<4": int((short & ~has_s).sum()), "valid": int(valid.sum())}
    over = len(lexicon) - sum(reasons.values())
    return {"S": reasons["S"], "<4": reasons["<4"], ">7": over, "valid": reasons["valid"]}


def _top_word(lexicon: Lexicon, valid: np.ndarray) -> str | None:
    """The highest-scoring valid word (the first in the lexicon of those tied)."""
    if not valid.any():
        return None
    arrays = _word_arrays(lexicon)
    rows = np.flatnonzero(valid)
    pts = _word_points(arrays.lengths[rows], popcount(arrays.masks[rows]) == HIVE_SIZE)
    return lexicon.words[rows[int(np.argmax(pts))]]


def _first(cands: Candidates) -> Ranked | None:
    """The best candidate with its tallies (None when there is none)."""
    if not len(cands):
        return None
    i = int(cands.top(1)[0])
    return Ranked(
        cands.honeycomb(i), int(cands.scores[i]), int(cands.words[i]), int(cands.pangrams[i])
    )


# ----------------------------------------------------------------------------- generating puzzles


Range = tuple[int | None, int | None]
"""Bounds (low, high) of a score or word count, both included; None for an open end."""


def _check_range(name: str, bounds: object) -> Range:
    if not isinstance(bounds, tuple | list) or len(bounds) != 2:
        raise InputError(f"{name} must be a pair (low, high), not {bounds!r}")
    low, high = (
        None if b is None else validate.whole(f"{name} bound", b, 0, MAX_BOUND) for b in bounds
    )
    if low is not None and high is not None and low > high:
        raise InputError(f"{name} range {low}-{high} is empty (low above high)")
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
class Generated:
    """Publishable honeycombs drawn at random (reproducibly, from ``seed``) among the
    ``eligible`` candidates that meet the constraints, each with its full solution.

    Examples
    --------
    >>> result = generate(Lexicon.from_words(EXAMPLE_WORDS), seed=1, score=(20, None))
    >>> result.eligible, result.to_dict()["puzzles"][0]["score"] >= 20
    (11, True)
    """

    seed: int
    eligible: int
    candidates: int
    puzzles: tuple[BeeSolution, ...]
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
    lexicon: Lexicon,
    count: int = 1,
    seed: int | None = None,
    score: Range = (None, None),
    words: Range = (None, None),
    pangrams: int = 1,
    min_zipf: float | None = None,
    allow_s: bool = False,
    exclude: str | None = None,
    require: str | None = None,
    progress: ProgressCallback | None = None,
    allow_offensive: bool = False,
) -> Generated:
    """``count`` distinct honeycombs (1 to 1,000) with game score within ``score``, word count
    within ``words`` (pairs (low, high), None for an open end), at least ``pangrams`` pangrams,
    counting only words at least ``min_zipf`` common. The same ``seed`` (any integer of
    magnitude below 2**63) gives the same puzzles; without one a seed is drawn and reported.
    Offensive words (:mod:`letterplay.offensive`) are left out unless ``allow_offensive``.
    Raises :class:`NoSolutionError` when no candidate meets the constraints.

    Examples
    --------
    >>> lex = Lexicon.from_words(EXAMPLE_WORDS)
    >>> [str(s.honeycomb) for s in generate(lex, count=2, seed=-1, words=(2, 2)).puzzles]
    ['ACEIORT centre I', 'ACEIORT centre R']
    >>> generate(lex, score=(None, 20), pangrams=2)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no honeycomb with 2 pangrams scores at most 20: \
each pangram scores at least 14
    """
    lexicon, min_zipf = _check_lexicon(lexicon), _check_zipf(min_zipf)
    if not validate.flag("allow_offensive", allow_offensive):
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(lexicon)
    allow_s = validate.flag("allow_s", allow_s)
    count = validate.whole("count", count, 1, MAX_PUZZLES)
    score, words = _check_range("score", score), _check_range("words", words)
    pangrams = validate.whole("pangrams", pangrams, 1, MAX_BOUND)
    _check_possible(score, words, pangrams)
    seed = validate.seed("seed", seed)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)
    cands = candidates(lexicon, allow_s, exclude, require, min_zipf)
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
    puzzles = _solve_chosen(lexicon, cands, chosen, min_zipf, progress)
    return Generated(seed, len(eligible), len(cands), puzzles, constraints)


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
    min_zipf: float | None,
    progress: ProgressCallback | None,
) -> tuple[BeeSolution, ...]:
    puzzles = []
    for done, i in enumerate(chosen):
        report(progress, "solving honeycombs", done, len(chosen))
        puzzles.append(solve(lexicon, cands.honeycomb(int(i)), min_zipf))
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
