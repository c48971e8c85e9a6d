"""Spelling Bee: solve any honeycomb, find the best honeycombs, hints, reports, puzzles to publish.

The puzzle (seed 002, the NY Times Spelling Bee):

- A *honeycomb* (hive) is seven distinct letters, one of them the *centre*.
- A honeycomb *can make* a word of at least 4 letters that contains the centre and uses only the
  honeycomb's letters (each as often as it likes).
- A *pangram* uses all seven letters; a *perfect pangram* uses each of them exactly once.
- The *word score* is 1 for a 4-letter word, else its length, plus 7 for a pangram; the
  *game score* of a honeycomb is the sum of the scores of the words it can make.
- A *valid word* (for finding the best honeycomb) has at least 4 letters, at most 7 distinct
  letters and no S (unless S is allowed). A *pangram letter set* is the letter set of a valid word
  with 7 distinct letters; every published honeycomb has a pangram, so the *candidate honeycombs*
  are the pangram letter sets, each with any of its 7 letters as the centre.

Everything reasons about *letter masks* (26-bit sets, :mod:`letterplay.letters`). The *points
table* gives, for every letter set, the total score of the valid words with exactly that letter
set (seed 002's idea): a honeycomb's game score is the sum of the table over its 64 *letter
subsets* (subsets of its letters that contain the centre). The table is one ``np.bincount`` over
the words' *set ranks*, a dense numbering of all letter sets of at most 7 letters (971,712 of
them; indexing by the raw 26-bit mask would take 2**26 entries). All candidate honeycombs are
scored at once: the ranks of each pangram letter set's 128 subsets are built by doubling, one
gather reads their points, and for each of the seven centres a strided sum adds the 64 subsets
that contain it. :func:`best` first bounds each set by the sum over all 128 subsets, as seed
002's fastest version does, and sums centres only for the sets that could reach the top.
"""

from __future__ import annotations

import math
import re
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from letterplay import cache
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import ALPHABET, letter_mask, mask_letters, parse_letters, popcount
from letterplay.lexicon import Lexicon, zipf_floor_mask
from letterplay.progress import ProgressCallback, report

HIVE_SIZE = 7
MIN_LENGTH = 4
PANGRAM_BONUS = 7
S = letter_mask("s")

# ----------------------------------------------------------------------------- honeycombs


@dataclass(frozen=True)
class Honeycomb:
    """Seven distinct letters (upper-case, sorted: ``"AEGINRT"``) and one of them the centre."""

    letters: str
    center: str

    @property
    def mask(self) -> int:
        """The letter mask of the seven letters."""
        return letter_mask(self.letters.lower())

    @property
    def center_mask(self) -> int:
        """The letter mask of the centre alone."""
        return letter_mask(self.center.lower())

    @property
    def outer(self) -> str:
        """The six letters around the centre, sorted."""
        return self.letters.replace(self.center, "")

    def __str__(self) -> str:
        return f"{self.letters} centre {self.center}"

    def to_dict(self) -> dict[str, str]:
        return {"letters": self.letters, "center": self.center}


def honeycomb(letters: str, center: str | None = None) -> Honeycomb:
    """The honeycomb of seven distinct ``letters`` (any order, any case) with ``center``.

    Without ``center`` the first letter given is the centre (``"RAEGINT"`` → centre R).
    Raises :class:`InputError` for anything but seven distinct letters a–z and a centre among them.
    """
    text = parse_letters(letters, "honeycomb letters")
    if len(text) != HIVE_SIZE:
        raise InputError(f"a honeycomb has {HIVE_SIZE} letters, got {len(text)} ({letters!r})")
    repeated = sorted(ch for ch, n in Counter(text).items() if n > 1)
    if repeated:
        raise InputError(
            f"a honeycomb has 7 distinct letters; {letters!r} repeats {', '.join(repeated)}"
        )
    centre = text[0] if center is None else parse_letters(center, "centre")
    if len(centre) != 1:
        raise InputError(f"the centre is one letter, got {center!r}")
    if centre not in text:
        raise InputError(f"the centre {centre.upper()} is not one of the letters {letters!r}")
    return Honeycomb(mask_letters(letter_mask(text)), centre.upper())


def letter_option(text: str | None, what: str) -> int:
    """The mask of an optional letters option (``--exclude``/``--require``); 0 when empty."""
    return letter_mask(parse_letters(text, what)) if text else 0


# ----------------------------------------------------------------------------- words and scores


def word_points(lengths: np.ndarray, pangram: np.ndarray) -> np.ndarray:
    """Word scores (vectorised): 1 for 4 letters, else the length, plus 7 for a pangram."""
    lengths = np.asarray(lengths, dtype=np.int64)
    return np.where(lengths == MIN_LENGTH, 1, lengths) + PANGRAM_BONUS * np.asarray(pangram)


def word_score(word: str) -> int:
    """The score of one word (a pangram is a word with exactly 7 distinct letters)."""
    return int(word_points(len(word), len(set(word)) == HIVE_SIZE))


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


_word_arrays: weakref.WeakKeyDictionary[Lexicon, WordArrays] = weakref.WeakKeyDictionary()


def word_arrays(lexicon: Lexicon) -> WordArrays:
    """The lexicon's :class:`WordArrays`, kept for the life of the lexicon and in their own
    small disk-cache entry, so a ``bee solve`` process reads 1.4 MB instead of the whole index
    (which is used, and the entry skipped, when already loaded or for a tiny lexicon)."""
    arrays = _word_arrays.get(lexicon)
    if arrays is None:
        if "index" in vars(lexicon) or len(lexicon) < 2000:
            arrays = WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
        else:

            def build() -> dict[str, np.ndarray]:
                built = WordArrays.build(lexicon.index.masks, lexicon.index.lengths)
                return {"masks": built.masks, "lengths": built.lengths, "ranks": built.ranks}

            key = f"{lexicon.sha256}:bee-word-arrays:v2"
            arrays = WordArrays(**cache.cached("bee", key, build))
        _word_arrays[lexicon] = arrays
    return arrays


def answer_words(lexicon: Lexicon, min_zipf: float | None = None) -> np.ndarray:
    """Boolean mask of the lexicon's words a honeycomb may count: at least 4 letters and at most
    7 distinct letters, and at least ``min_zipf`` common when given."""
    arrays = word_arrays(lexicon)
    keep = (arrays.lengths >= MIN_LENGTH) & (arrays.ranks >= 0)  # rank -1: over 7 letters
    return keep & zipf_floor_mask(lexicon, min_zipf) if min_zipf is not None else keep


def valid_words(
    lexicon: Lexicon, allow_s: bool = False, min_zipf: float | None = None
) -> np.ndarray:
    """Boolean mask of the *valid words*: answer words, without S unless ``allow_s``."""
    keep = answer_words(lexicon, min_zipf)
    return keep if allow_s else keep & ((word_arrays(lexicon).masks & S) == 0)


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
    """The set rank of each letter mask of at most 7 letters (1-D, vectorised; one pass per
    letter of the alphabet, counting each letter's place in its set)."""
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
    count them. ``pangram_letters`` are the 7-letter sets present (their letters, ascending)."""

    ranks: np.ndarray = field(repr=False)  # set rank of every valid word
    word_points: np.ndarray = field(repr=False)
    word_pangram: np.ndarray = field(repr=False)

    @cached_property
    def pangram_letters(self) -> np.ndarray:
        """The *pangram letter sets*, (P, 7) letters ascending, in set-rank order."""
        ranks = np.unique(self.ranks[self.word_pangram]) - _FIRST_RANK[HIVE_SIZE]
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
        """The table's ``column`` at letter masks of at most 7 letters (int64)."""
        return np.rint(getattr(self, column)[set_ranks(masks)]).astype(np.int64)


def points_table(lexicon: Lexicon, keep: np.ndarray) -> PointsTable:
    """The points table of the words where ``keep`` is true (those of at most 7 letters)."""
    arrays = word_arrays(lexicon)
    keep = keep & (arrays.ranks >= 0)
    masks = arrays.masks[keep]
    pangram = popcount(masks) == HIVE_SIZE
    points = word_points(arrays.lengths[keep], pangram)
    return PointsTable(arrays.ranks[keep], points, pangram)


_SIZE = popcount(np.arange(128)).astype(np.int64)  # letters in subset k
# Adding a letter in place t adds C(letter, t), and moves the set from the sets of t - 1
# letters to those of t letters: that shift of first rank is folded in here.
_GROW = (_BINOM + np.diff(_FIRST_RANK[: HIVE_SIZE + 1], prepend=0)).astype(np.int32)


def unrank_sets(ranks: np.ndarray, size: int) -> np.ndarray:
    """The letters (P, size), ascending, of the ``size``-letter sets whose ranks among sets of
    that size are ``ranks``: the largest letter l with C(l, size) <= rank first, and so on."""
    rest = np.asarray(ranks, dtype=np.int64).copy()
    letters = np.empty((len(rest), size), dtype=np.int64)
    for place in range(size, 0, -1):
        letter = np.searchsorted(_BINOM[:, place], rest, side="right") - 1
        letters[:, place - 1] = letter
        rest -= _BINOM[letter, place]
    return letters


def set_masks(letters: np.ndarray) -> np.ndarray:
    """Letter masks (uint32) of sets given as rows of distinct letters."""
    return (np.int64(1) << letters).sum(axis=1).astype(np.uint32)


def set_letters(sets: np.ndarray) -> np.ndarray:
    """The letters (0..25, ascending) of 7-letter masks: (P,) → (P, 7) int64."""
    bits = (np.asarray(sets, dtype=np.int64)[:, None] >> np.arange(26)) & 1
    return np.nonzero(bits)[1].reshape(len(sets), HIVE_SIZE)


def subset_ranks(letters: np.ndarray) -> np.ndarray:
    """Set ranks of all 128 subsets of 7-letter sets given as their letters: (P, 7) → (P, 128)
    int32; column k is the subset with the set's j-th letter when bit j of k is set.

    Built by doubling: the subsets with letter j are those without it plus letter j, which (the
    letters ascending) comes last, in place size + 1, adding C(letter j, size + 1) to the rank.
    """
    grow = _GROW[letters]  # (P, 7, 8): what letter j adds to a rank in each place
    ranks = np.empty((len(letters), 128), dtype=np.int32)
    ranks[:, 0] = 0  # the empty set
    width = 1
    for j in range(HIVE_SIZE):
        added = grow[:, j, :][:, _SIZE[:width] + 1]
        np.add(ranks[:, :width], added, out=ranks[:, width : 2 * width])
        width *= 2
    return ranks


def subset_totals(
    table: PointsTable, letters: np.ndarray, columns: Sequence[str] = ("points",)
) -> dict[str, np.ndarray]:
    """For 7-letter sets given as their letters (P, 7), and each letter as centre, the sum of
    the points table's ``columns`` over the 64 letter subsets that contain the centre:
    name → (P, 7) int64 (column j: centred on the set's j-th letter)."""
    ranks = subset_ranks(letters)
    return {name: centre_sums(getattr(table, name)[ranks]) for name in columns}


def centre_sums(values: np.ndarray) -> np.ndarray:
    """(P, 128) values of letter subsets → (P, 7) sums, for each letter j, over the 64 subsets
    that contain it: those whose column k has bit j set, a strided slice of each row."""
    p = len(values)
    sums = np.empty((p, HIVE_SIZE), dtype=values.dtype)
    for j in range(HIVE_SIZE):
        sums[:, j] = values.reshape(p, 2 ** (HIVE_SIZE - 1 - j), 2, 2**j)[:, :, 1, :].sum(
            axis=(1, 2)
        )
    return np.rint(sums).astype(np.int64)


@dataclass(frozen=True, eq=False)
class Candidates:
    """Every candidate honeycomb with its game score, word count and pangram count, as flat
    aligned arrays: ``sets`` (letter masks), ``centers`` (0..25), ``scores``, ``words``,
    ``pangrams`` (the last two zero unless tallied) and ``keys``, larger for better: the score,
    then, as seed 002's ``max((score, honeycomb))`` breaks ties, the later letters and centre
    alphabetically."""

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
        return Honeycomb(mask_letters(int(self.sets[i])), ALPHABET[int(self.centers[i])].upper())

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
    exclude: str | None = None,
    require: str | None = None,
    min_zipf: float | None = None,
    table: PointsTable | None = None,
    tallies: bool = True,
) -> Candidates:
    """All candidate honeycombs (pangram letter set × centre), scored at once, filtered to
    those without the letters of ``exclude`` and with all letters of ``require``; with
    ``tallies`` also their word and pangram counts."""
    if table is None:
        table = points_table(lexicon, valid_words(lexicon, allow_s, min_zipf))
    letters = _allowed_sets(table, exclude, require, allow_s)
    columns = ("points", "words", "pangrams") if tallies else ("points",)
    return _scored(letters, subset_totals(table, letters, columns))


def _allowed_sets(
    table: PointsTable, exclude: str | None, require: str | None, allow_s: bool
) -> np.ndarray:
    """The table's pangram letter sets (letters) without ``exclude`` and with ``require``."""
    excluded, required = letter_option(exclude, "--exclude"), letter_option(require, "--require")
    if excluded & required:
        both = mask_letters(excluded & required)
        raise InputError(f"cannot both require and exclude {both}")
    if bin(required).count("1") > HIVE_SIZE:
        raise InputError(f"a honeycomb has 7 letters; cannot require {mask_letters(required)}")
    if required & S and not allow_s:
        raise InputError("cannot require S without allowing S (--allow-s)")
    letters = table.pangram_letters
    if excluded or required:
        sets = set_masks(letters)
        letters = letters[((sets & excluded) == 0) & ((sets & required) == required)]
    return letters


def _scored(letters: np.ndarray, totals: dict[str, np.ndarray]) -> Candidates:
    """Candidates from sets (letters) and their (P, 7) totals by centre."""
    scores = totals["points"].ravel()
    zero = np.zeros_like(scores)
    words, pangrams = (totals[c].ravel() if c in totals else zero for c in ("words", "pangrams"))
    # For sets of equal size, later alphabetically (AEGINRT after ADEINRT) means a smaller mask
    # with the bit order reversed (A the highest bit).
    reversed_mask = (np.int64(1) << (25 - letters)).sum(axis=1)
    later = np.repeat((1 << 26) - 1 - reversed_mask, HIVE_SIZE)
    keys = (scores << 32) | (later << 3) | np.tile(np.arange(HIVE_SIZE), len(letters))
    sets = np.repeat(set_masks(letters), HIVE_SIZE)
    return Candidates(sets, letters.ravel(), scores, words, pangrams, keys)


# ----------------------------------------------------------------------------- best honeycombs


@dataclass(frozen=True)
class Ranked:
    """A honeycomb with its game score, word count and pangram count."""

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
    """The best honeycombs over all candidates, best first; exhaustive, so proven optimal."""

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
    """The ``top`` best candidate honeycombs; exact: every candidate is bounded, and all that
    could be among the best are scored."""
    if top < 1:
        raise InputError(f"--top must be at least 1, got {top}")
    valid = valid_words(lexicon, allow_s, min_zipf)
    table = points_table(lexicon, valid)
    letters = _allowed_sets(table, exclude, require, allow_s)
    if not len(letters):
        raise NoSolutionError(_no_candidates(allow_s, exclude, require))
    cands = _best_candidates(table, letters, top)
    chosen = cands.top(top)
    words, pangrams = _tallies(lexicon, valid, table, cands, chosen)
    ranked = tuple(
        Ranked(cands.honeycomb(i), int(cands.scores[i]), int(w), int(p))
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
    s; only those get their seven centres scored."""
    values = table.points[subset_ranks(letters)]  # (P, 128)
    bound = values.sum(axis=1)
    some = np.argsort(-bound, kind="stable")[: -(-top // HIVE_SIZE)]
    scores = np.sort(centre_sums(values[some]).ravel())[::-1]
    threshold = scores[min(top, len(scores)) - 1] if len(scores) else 0
    keep = np.flatnonzero(bound >= threshold)
    return _scored(letters[keep], {"points": centre_sums(values[keep])})


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
        letters = set_letters(cands.sets[chosen])
        totals = subset_totals(table, letters, ("words", "pangrams"))
        column = np.argmax(letters == cands.centers[chosen][:, None], axis=1)
        rows = np.arange(len(chosen))
        return totals["words"][rows, column], totals["pangrams"][rows, column]
    masks = word_arrays(lexicon).masks[valid].astype(np.int64)
    pangram = popcount(masks) == HIVE_SIZE
    outside = ~cands.sets[chosen].astype(np.int64)[:, None] & 0x3FFFFFF
    centre = (np.int64(1) << cands.centers[chosen].astype(np.int64))[:, None]
    made = ((masks & outside) == 0) & ((masks & centre) != 0)  # (K, valid words)
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
    """A rank of the NY Times game: its name, percent of the maximum and minimum score."""

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
    """
    return tuple(Rank(name, pct, (pct * max_score + 50) // 100) for name, pct in RANKS)


def rank_of(score: int, max_score: int) -> str:
    """The name of the highest rank whose threshold ``score`` reaches."""
    return [r.name for r in ranks(max_score) if score >= r.min_score][-1]


@dataclass(frozen=True)
class Hints:
    """The NY Times hints: a grid of word counts by first letter × length (with totals), and
    the two-letter list (word counts by their first two letters). Letters shown upper case."""

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
    """The hints grid and two-letter list of ``words``."""
    words = list(words)
    cells = Counter((w[0].upper(), len(w)) for w in words)
    grid: dict[str, dict[int, int]] = {}
    for (letter, length), n in sorted(cells.items()):
        grid.setdefault(letter, {})[length] = n
    two = Counter(w[:2].upper() for w in words)
    return Hints(tuple(sorted({len(w) for w in words})), grid, dict(sorted(two.items())))


# ----------------------------------------------------------------------------- solving a hive


@dataclass(frozen=True)
class Solution:
    """Every word a honeycomb can make (alphabetical) with its score, and what follows from
    them: game score, pangrams, perfect pangrams, rank thresholds, hints."""

    honeycomb: Honeycomb
    words: tuple[str, ...]
    points: tuple[int, ...]
    pangrams: tuple[str, ...]
    perfect_pangrams: tuple[str, ...]
    min_zipf: float | None = None

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
        }


def can_make(lexicon: Lexicon, hive: Honeycomb, keep: np.ndarray | None = None) -> np.ndarray:
    """Boolean mask of the lexicon's words the honeycomb can make (among ``keep`` if given)."""
    arrays = word_arrays(lexicon)
    masks = arrays.masks
    ok = ((masks & np.uint32(~hive.mask & 0x3FFFFFF)) == 0) & ((masks & hive.center_mask) != 0)
    ok &= arrays.lengths >= MIN_LENGTH
    return ok & keep if keep is not None else ok


def solve(lexicon: Lexicon, hive: Honeycomb, min_zipf: float | None = None) -> Solution:
    """Every word of the lexicon ``hive`` can make (only words at least ``min_zipf`` common,
    when given), with scores and pangrams."""
    keep = zipf_floor_mask(lexicon, min_zipf) if min_zipf is not None else None
    rows = np.flatnonzero(can_make(lexicon, hive, keep))
    arrays = word_arrays(lexicon)
    pangram = arrays.masks[rows] == hive.mask
    points = word_points(arrays.lengths[rows], pangram)
    words = [lexicon.words[i] for i in rows]
    perfect = pangram & (arrays.lengths[rows] == HIVE_SIZE)
    return Solution(
        hive,
        tuple(words),
        tuple(int(p) for p in points),
        tuple(w for w, p in zip(words, pangram, strict=True) if p),
        tuple(w for w, p in zip(words, perfect, strict=True) if p),
        min_zipf,
    )


def word_problem(word: str, hive: Honeycomb) -> str | None:
    """Why ``word`` breaks the rules of ``hive`` (None when it obeys them)."""
    if len(word) < MIN_LENGTH:
        return "too short"
    if hive.center.lower() not in word:
        return f"missing the centre {hive.center}"
    bad = sorted(set(word.upper()) - set(hive.letters))
    if bad:
        return f"uses {''.join(bad)}, not in the honeycomb"
    return None


@dataclass(frozen=True)
class Progress:
    """A player's progress: what they found and, without revealing words, what is left."""

    solution: Solution
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
        nxt = self.next_rank()
        return {
            "found": list(self.found),
            "rejected": self.rejected,
            "score": self.score,
            "rank": self.rank,
            "next_rank": nxt.to_dict() if nxt else None,
            "words_left": self.solution.count - len(self.found),
            "points_left": self.solution.score - self.score,
            "pangrams_left": self.remaining_pangrams,
            "hints_left": self.remaining.to_dict(),
        }


def progress(solution: Solution, found: Iterable[str]) -> Progress:
    """Check a player's ``found`` words against ``solution``; the hints of the words still
    missing are counts only, so nothing is revealed."""
    answers = set(solution.words)
    kept: list[str] = []
    rejected: dict[str, str] = {}
    for raw in found:
        word = raw.strip().lower()
        if not word or word in kept:
            continue
        if not word.isascii() or not word.isalpha():
            rejected[raw] = "not letters a–z"
        elif word in answers:
            kept.append(word)
        else:
            rejected[word] = word_problem(word, solution.honeycomb) or "not in the word list"
    missing = [w for w in solution.words if w not in set(kept)]
    pangrams_left = len(set(solution.pangrams) - set(kept))
    return Progress(solution, tuple(sorted(kept)), rejected, hints(missing), pangrams_left)


# ----------------------------------------------------------------------------- report


@dataclass(frozen=True)
class SubsetGroup:
    """The words of a honeycomb with exactly one letter subset, with their scores."""

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


def build_report(lexicon: Lexicon, hive: Honeycomb | None = None, allow_s: bool = False) -> Report:
    """The report for ``hive``, or for the best honeycomb when it is None."""
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
    """Seed 002's counts for ``lexicon`` and the scores of all its candidate honeycombs."""
    arrays = word_arrays(lexicon)
    valid = valid_words(lexicon, allow_s)
    distinct = popcount(arrays.masks)
    pangram = valid & (distinct == HIVE_SIZE)
    has_s = (arrays.masks & S) != 0
    short = arrays.lengths < MIN_LENGTH
    # Seed 002's breakdown of why words are invalid, each word counted once in this order.
    reasons = {
        "S": int((has_s & ~np.bool_(allow_s)).sum()),
        "<4": int((short & ~(has_s & ~np.bool_(allow_s))).sum()),
        ">7": 0,
        "valid": int(valid.sum()),
    }
    reasons[">7"] = len(lexicon) - reasons["S"] - reasons["<4"] - reasons["valid"]
    table = points_table(lexicon, valid)
    cands = candidates(lexicon, allow_s, table=table)
    scores = np.sort(cands.scores)[::-1]
    top_word = None
    if valid.any():
        rows = np.flatnonzero(valid)
        pts = word_points(arrays.lengths[rows], distinct[rows] == HIVE_SIZE)
        top_word = lexicon.words[rows[int(np.argmax(pts))]]
    first = cands.top(1)[0] if len(cands) else None
    best_one = (
        None
        if first is None
        else Ranked(
            cands.honeycomb(first),
            int(cands.scores[first]),
            int(cands.words[first]),
            int(cands.pangrams[first]),
        )
    )
    return Stats(
        words=len(lexicon),
        valid_words=int(valid.sum()),
        pangram_words=int(pangram.sum()),
        perfect_pangram_words=int((pangram & (arrays.lengths == HIVE_SIZE)).sum()),
        pangram_letter_sets=len(table.pangram_sets),
        candidate_honeycombs=len(cands),
        letter_subsets=table.letter_sets,
        breakdown=reasons,
        top_word=top_word,
        best=best_one,
        scores=scores,
        allow_s=allow_s,
    )


# ----------------------------------------------------------------------------- generating puzzles


Range = tuple[int | None, int | None]


def parse_range(text: str | None, what: str) -> Range:
    """``"A-B"``, ``"A-"``, ``"-B"`` or ``"N"`` → (low, high) with None for an open end."""
    if text is None or text == "":
        return (None, None)
    m = re.fullmatch(r"\s*(\d*)\s*(-?)\s*(\d*)\s*", text)
    if not m or not (m.group(1) or m.group(3)):
        raise InputError(f"{what} must be a range like 100-200, 100- or -200, got {text!r}")
    low = int(m.group(1)) if m.group(1) else None
    high = int(m.group(3)) if m.group(3) else (None if m.group(2) else low)
    if low is not None and high is not None and low > high:
        raise InputError(f"{what} range {text!r} is empty (low above high)")
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
    ``eligible`` candidates that meet the constraints, each with its full solution."""

    seed: int
    eligible: int
    candidates: int
    puzzles: tuple[Solution, ...]
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
    progress_cb: ProgressCallback | None = None,
    allow_offensive: bool = False,
) -> Generated:
    """``count`` distinct honeycombs whose game score is within ``score``, word count within
    ``words``, with at least ``pangrams`` pangrams, counting only words at least ``min_zipf``
    common. The same ``seed`` gives the same puzzles; without one a seed is drawn and reported.
    Offensive words (:mod:`letterplay.offensive`) are left out unless ``allow_offensive``.
    Raises :class:`NoSolutionError` when no candidate meets the constraints."""
    if not allow_offensive:
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(lexicon)
    if count < 1:
        raise InputError(f"--count must be at least 1, got {count}")
    if pangrams < 1:
        raise InputError(f"a published honeycomb has at least 1 pangram, got --pangrams {pangrams}")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)
    constraints = {
        "score": list(score),
        "words": list(words),
        "pangrams": pangrams,
        "min_zipf": min_zipf,
        "allow_s": allow_s,
        "exclude": (exclude or "").upper(),
        "require": (require or "").upper(),
    }
    cands = candidates(lexicon, allow_s, exclude, require, min_zipf)
    ok = _within(cands.scores, score) & _within(cands.words, words) & (cands.pangrams >= pangrams)
    eligible = np.flatnonzero(ok)
    if not len(eligible):
        raise NoSolutionError(
            f"no honeycomb meets the constraints (of {len(cands):,} candidates): "
            + _describe(constraints)
            + "; loosen them"
        )
    rng = np.random.default_rng(seed)
    chosen = rng.choice(eligible, size=min(count, len(eligible)), replace=False)
    puzzles = []
    for done, i in enumerate(chosen):
        report(progress_cb, "solving honeycombs", done, len(chosen))
        puzzles.append(solve(lexicon, cands.honeycomb(int(i)), min_zipf))
    report(progress_cb, "solving honeycombs", len(chosen), len(chosen))
    return Generated(seed, len(eligible), len(cands), tuple(puzzles), constraints)


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
