"""The words a honeycomb can count, and the points table of Norvig's Spelling Bee notebook.

- An *answer word* has at least 4 letters and at most 7 distinct letters; a *valid word* (for
  finding the best honeycomb) is an answer word without S, unless S is allowed.
- The *points table* gives, for every letter set, the total score of the valid words with
  exactly that letter set: a honeycomb's game score is the sum of the table over its 64 *letter
  subsets* (subsets of its letters that contain the center). Here it is one ``np.bincount`` over
  the words' set ranks (:mod:`letterplay.spellingbee._ranks`).

Examples
--------
>>> from letterplay.letters import letter_mask
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> lex = Lexicon.from_words(EXAMPLE_WORDS)
>>> [w for w, ok in zip(lex.words, valid_words(lex)) if ok]
['amalgam', 'cacciatore', 'erotica', 'game', 'glam', 'megaplex']
>>> table = points_table(lex, valid_words(lex))
>>> table.lookup(np.array([letter_mask("acteior"), letter_mask("aglm")])).tolist()
[31, 8]
>>> table.letter_sets, len(table.pangram_letters), int(table.points.sum())
(4, 2, 55)
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from letterplay import cache
from letterplay.errors import InputError
from letterplay.letters import letter_mask, popcount, sorted_unique
from letterplay.lexicon import Lexicon
from letterplay.spellingbee._honeycomb import Honeycomb, word_points
from letterplay.spellingbee._ranks import (
    ALL_LETTERS,
    FIRST_RANK,
    N_RANKS,
    center_sums,
    set_masks,
    set_ranks,
    subset_ranks,
    unrank_sets,
)
from letterplay.spellingbee.rules import HIVE_SIZE, MIN_LENGTH

__all__ = [
    "ALL_LETTERS",
    "PointsTable",
    "S",
    "WordArrays",
    "answer_words",
    "can_make",
    "outside",
    "points_table",
    "subset_totals",
    "valid_words",
    "word_arrays",
]

S = letter_mask("s")


def outside(mask: int) -> int:
    """The 26-bit mask of the letters not in ``mask`` (Python's ``~`` would be negative)."""
    return ALL_LETTERS & ~mask


@dataclass(frozen=True, eq=False)
class WordArrays:
    """Per-word arrays Spelling Bee needs, aligned with the lexicon's words: ``masks`` (uint32
    letter masks) and ``lengths`` (int16) from its :class:`~letterplay.letters.LetterIndex`,
    and ``ranks`` (int32 set ranks of the words' letter sets, -1 beyond 7 letters)."""

    masks: np.ndarray
    lengths: np.ndarray
    ranks: np.ndarray

    @classmethod
    def build(cls, masks: np.ndarray, lengths: np.ndarray) -> WordArrays:
        ranks = np.full(len(masks), -1, dtype=np.int32)
        small = popcount(masks) <= HIVE_SIZE
        ranks[small] = set_ranks(masks[small])
        return cls(masks, lengths, ranks)


_ARRAYS: weakref.WeakKeyDictionary[Lexicon, WordArrays] = weakref.WeakKeyDictionary()


def _skip_cache(lexicon: Lexicon) -> bool:
    """Whether to build a lexicon's arrays in memory rather than read them from the disk cache:
    for a small list building is faster than reading a file, and for one whose letter index is
    already loaded the arrays are a cheap step from it."""
    return not cache.worth_caching(lexicon) or "index" in vars(lexicon)


def word_arrays(lexicon: Lexicon) -> WordArrays:
    """The lexicon's :class:`WordArrays`, kept for the life of the lexicon and in their own
    small disk-cache entry, so a ``solve`` in a new process reads 1.4 MB instead of the whole
    letter index."""
    arrays = _ARRAYS.get(lexicon)
    if arrays is None:
        if _skip_cache(lexicon):
            arrays = WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
        else:

            def build() -> dict[str, np.ndarray]:
                built = WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
                return {"masks": built.masks, "lengths": built.lengths, "ranks": built.ranks}

            key = f"{lexicon.sha256}:bee-word-arrays:v2"
            arrays = WordArrays(**cache.cached("bee", key, build))
        _ARRAYS[lexicon] = arrays
    return arrays


def answer_words(lexicon: Lexicon, min_zipf: float | None = None) -> np.ndarray:
    """Boolean mask of the lexicon's words a honeycomb may count: at least 4 letters and at most
    7 distinct letters, and at least ``min_zipf`` common when given."""
    arrays = word_arrays(lexicon)
    keep = (arrays.lengths >= MIN_LENGTH) & (arrays.ranks >= 0)  # rank -1: over 7 letters
    return keep & lexicon.zipf_mask(min_zipf) if min_zipf is not None else keep


def valid_words(
    lexicon: Lexicon, allow_s: bool = False, min_zipf: float | None = None
) -> np.ndarray:
    """Boolean mask of the *valid words*: answer words, without S unless ``allow_s``."""
    keep = answer_words(lexicon, min_zipf)
    return keep if allow_s else keep & ((word_arrays(lexicon).masks & S) == 0)


def can_make(lexicon: Lexicon, honeycomb: Honeycomb, keep: np.ndarray | None) -> np.ndarray:
    """Boolean mask of the lexicon's words ``honeycomb`` can make (among ``keep`` if given)."""
    arrays = word_arrays(lexicon)
    masks = arrays.masks
    ok = ((masks & np.uint32(outside(honeycomb.mask))) == 0) & (
        (masks & honeycomb.center_mask) != 0
    )
    ok &= arrays.lengths >= MIN_LENGTH
    return ok & keep if keep is not None else ok


@dataclass(frozen=True, eq=False)
class PointsTable:
    """The points table, dense over set ranks: ``points[r]`` is the total score of the valid
    words whose letter set has rank ``r`` (``np.bincount``); ``words`` and ``pangrams`` count
    them. ``pangram_letters`` are the 7-letter sets present (their letters, ascending)."""

    ranks: np.ndarray = field(repr=False)  # set rank of every valid word
    word_points: np.ndarray = field(repr=False)
    word_pangram: np.ndarray = field(repr=False)

    @cached_property
    def pangram_letters(self) -> np.ndarray:
        """The *pangram letter sets*, (P, 7) letters ascending, in set-rank order."""
        ranks = sorted_unique(self.ranks[self.word_pangram]) - FIRST_RANK[HIVE_SIZE]
        return unrank_sets(ranks, HIVE_SIZE)

    @property
    def pangram_sets(self) -> np.ndarray:
        """The pangram letter sets as letter masks."""
        return set_masks(self.pangram_letters)

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
        return np.rint(getattr(self, column)[set_ranks(masks)]).astype(np.int64)


def points_table(lexicon: Lexicon, keep: np.ndarray) -> PointsTable:
    """The points table of the words where the boolean array ``keep`` is true (those of at most
    7 letters count; ``keep`` is aligned with the lexicon's words, as :func:`valid_words` is)."""
    keep = np.asarray(keep)
    if keep.dtype != bool or keep.shape != (len(lexicon),):
        raise InputError(
            f"`keep` must be a boolean array of {len(lexicon)} entries, one a word",
            parameter="keep",
        )
    arrays = word_arrays(lexicon)
    keep = keep & (arrays.ranks >= 0)
    masks = arrays.masks[keep]
    pangram = popcount(masks) == HIVE_SIZE
    points = word_points(arrays.lengths[keep], pangram)
    return PointsTable(arrays.ranks[keep], points, pangram)


def subset_totals(
    table: PointsTable, letters: np.ndarray, columns: Sequence[str] = ("points",)
) -> dict[str, np.ndarray]:
    """For 7-letter sets given as their letters (P, 7), and each letter as center, the sum of
    the points table's ``columns`` over the 64 letter subsets that contain the center:
    name → (P, 7) int64 (column j: centered on the set's j-th letter)."""
    ranks = subset_ranks(letters)
    return {name: center_sums(getattr(table, name)[ranks]) for name in columns}
