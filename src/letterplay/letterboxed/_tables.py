"""Exact counting: the tables of ways to finish a board, and the proven fewest words.

A partial solution is summarised by its *state*: the last letter played and the mask of board
letters used so far. ``completions[r][c, M]`` is the number of ways to finish from state
``(c, M)`` with exactly ``r`` more words, the first of which starts with ``c``. These tables
come from the recurrence

    completions[r + 1][c, M] = Σ_{words w starting with c} completions[r][last(w), M | mask(w)]

which is an OR-convolution; with subset/superset sums (zeta and Möbius transforms over the
masks) each layer costs O(n² 2ⁿ) array operations for a board of ``n`` letters, whatever the
lexicon's size. The fewest words is the first ``r`` with ``Σ_c completions[r][c, 0] > 0``:
every shorter count is zero, which is the proof. That sum is the exact number of solutions of
that length (word sequences: two words with the same letters are two solutions).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed._board import Board
>>> from letterplay.letterboxed._playable import playable_words
>>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
>>> completions = Completions(playable_words(Board(EXAMPLE_SIDES), Lexicon.from_words(EXAMPLE_WORDS)))
>>> fewest_words(completions, None), completions.count(2)
(2, 3)

References
----------
- A. Björklund, T. Husfeldt, P. Kaski, M. Koivisto, "Fourier meets Möbius: fast subset
  convolution", STOC 2007, https://doi.org/10.1145/1250790.1250801 (zeta and Möbius transforms
  over subsets, used here for the OR-convolution of the recurrence).
"""  # noqa: E501

from __future__ import annotations

import math
from functools import cached_property

import numpy as np

from letterplay.errors import NoSolutionError
from letterplay.letterboxed._playable import Playable
from letterplay.progress import ProgressCallback, report

__all__ = [
    "DENSE_TABLE_LETTERS",
    "Completions",
    "fewest_words",
    "subset_zeta",
    "superset_mobius",
    "superset_zeta",
    "total",
]

DENSE_TABLE_LETTERS = 13
"""Up to this many letters, the transformed word table (n · n · 2ⁿ) is kept in memory."""


# ----------------------------------------------------------------------------- mask transforms


def _transform(a: np.ndarray, n: int, superset: bool, sign: int) -> np.ndarray:
    """Zeta (sign +1) or Möbius (sign -1) transform over the last axis (length 2ⁿ), summing over
    subsets or supersets of each mask. Works in place on a copy; exact in int64 modulo 2⁶⁴."""
    a = a.copy()
    lead = a.shape[:-1]
    for bit in range(n):
        view = a.reshape(*lead, -1, 2, 1 << bit)
        if superset:
            view[..., 0, :] += sign * view[..., 1, :]
        else:
            view[..., 1, :] += sign * view[..., 0, :]
    return a


def subset_zeta(a: np.ndarray, n: int) -> np.ndarray:
    """``out[M] = Σ_{S ⊆ M} a[S]`` over the last axis.

    Examples
    --------
    >>> subset_zeta(np.array([1, 2, 3, 4]), 2).tolist()  # masks 00, 01, 10, 11
    [1, 3, 4, 10]
    """
    return _transform(a, n, superset=False, sign=1)


def superset_zeta(a: np.ndarray, n: int) -> np.ndarray:
    """``out[M] = Σ_{S ⊇ M} a[S]`` over the last axis.

    Examples
    --------
    >>> superset_zeta(np.array([1, 2, 3, 4]), 2).tolist()
    [10, 6, 7, 4]
    """
    return _transform(a, n, superset=True, sign=1)


def superset_mobius(a: np.ndarray, n: int) -> np.ndarray:
    """The inverse of :func:`superset_zeta`.

    Examples
    --------
    >>> superset_mobius(np.array([10, 6, 7, 4]), 2).tolist()
    [1, 2, 3, 4]
    """
    return _transform(a, n, superset=True, sign=-1)


def total(counts: np.ndarray) -> int:
    """The exact sum of an array of counts (as Python integers: no wrap-around).

    Examples
    --------
    >>> total(np.array([2**62, 2**62], dtype=np.int64))
    9223372036854775808
    """
    return int(counts.astype(object).sum())


# ----------------------------------------------------------------------------- exact counting


class Completions:
    """The tables ``completions[r][c, M]``: ways to finish from state (last letter ``c``, letters
    used ``M``) with exactly ``r`` more words, computed layer by layer on demand.

    Counts are exact: int64 while ``W^r`` (W playable words) stays below 2⁶², Python integers
    beyond that. ``progress`` is told of each layer made (a board of 16 letters takes tenths of
    a second a layer).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> completions = Completions(playable_words(Board("ab cd ef"), lex))
    >>> [completions.count(k) for k in (1, 2, 3)]  # solutions of exactly 1, 2, 3 words
    [0, 0, 5]
    """

    def __init__(self, playable: Playable, progress: ProgressCallback | None = None):
        self.playable = playable
        self.progress = progress
        self.n = n = playable.board.n
        done = np.zeros((n, 1 << n), dtype=np.int64)
        done[:, -1] = 1
        self.tables: list[np.ndarray] = [done]
        self.partials: list[np.ndarray] = []  # see letterboxed._walk.partial_count
        self._rows: dict[int, np.ndarray] = {}  # see _row

    def _exact_dtype(self, r: int) -> type:
        words = max(len(self.playable), 2)
        return np.int64 if r * math.log2(words) < 62 else object

    def __getitem__(self, r: int) -> np.ndarray:
        while len(self.tables) <= r:
            r_next = len(self.tables)
            report(self.progress, "counting ways to finish", r_next, r)
            table = self._first() if r_next == 1 else self._next(self.tables[-1], r_next)
            self.tables.append(table)
        return self.tables[r]

    def _first(self) -> np.ndarray:
        """One word finishes from ``(c, M)`` if it starts with ``c`` and its mask holds every
        letter missing from ``M``: a superset sum, no word table needed."""
        p, n = self.playable, self.n
        starts = np.bincount(p.first << n | p.masks, minlength=n << n).reshape(n, 1 << n)
        table = superset_zeta(starts, n)[:, ::-1].copy()  # index M reads the sum at full ^ M
        table[:, -1] = 0
        return table

    def extend(self, table: np.ndarray, layers: int, first_layer: int = 1) -> np.ndarray:
        """``table`` carried back ``layers`` words: the same recurrence from another start
        (``first_layer`` numbers the first of them, which sets how wide the counts may be)."""
        for r in range(first_layer, first_layer + layers):
            report(self.progress, "counting ways to finish", r, first_layer + layers - 1)
            table = self._next(table, r)
        return table

    def _next(self, previous: np.ndarray, r: int) -> np.ndarray:
        n, dtype = self.n, self._exact_dtype(r)
        h = superset_mobius(previous.astype(dtype), n)
        if self._dense is not None and dtype is np.int64:
            product = np.einsum("clm,lm->cm", self._dense, h)
        else:  # a big board: a row at a time, each a tenth of a second or less
            rows = []
            for c in range(n):
                report(self.progress, "counting ways to finish", r, r)
                rows.append((self._row(c).astype(dtype) * h).sum(axis=0))
            product = np.stack(rows)
        table = superset_zeta(product, n)
        table[:, -1] = 0  # a finished board takes no more words
        return table

    def _row(self, c: int) -> np.ndarray:
        """Subset sums of ``words[l, m]``: how many playable words go from ``c`` to ``l`` using
        letters ``m``. Kept once made, as int32 (a count of words fits): half the memory of
        the int64 dense table, and each layer after the first costs no transform."""
        if self._dense is not None:
            return self._dense[c]
        if c not in self._rows:
            p, n = self.playable, self.n
            mine = p.first == c
            table = np.bincount(p.last[mine] << n | p.masks[mine], minlength=n << n)
            self._rows[c] = subset_zeta(table.reshape(n, 1 << n), n).astype(np.int32)
        return self._rows[c]

    @cached_property
    def _dense(self) -> np.ndarray | None:
        """All rows of :meth:`_row` at once (n · n · 2ⁿ), for boards small enough to hold it."""
        p, n = self.playable, self.n
        if n > DENSE_TABLE_LETTERS:
            return None
        table = np.bincount((p.first * n + p.last) << n | p.masks, minlength=n * n << n)
        return subset_zeta(table.reshape(n, n, 1 << n), n)

    def count(self, k: int) -> int:
        """The exact number of solutions of exactly ``k`` words: every first word, then the ways
        to finish from the state it leaves."""
        p = self.playable
        return total(self[k - 1][p.last, p.masks]) if k >= 1 else 0

    def can_finish(self, k: int, last: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Whether each state can be finished with exactly ``k`` more words."""
        return self[k][last, masks] != 0


def fewest_words(
    completions: Completions, max_words: int | None, progress: ProgressCallback | None = None
) -> int:
    """The proven minimum number of words, or :class:`NoSolutionError`.

    The search stops early when the set of states that can finish stops growing: the states
    that can finish with ``r + 1`` words follow from those with ``r`` alone, so the set never
    grows again, and no first word reaches it (no shorter solution), so no longer solution
    exists either.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> completions = Completions(playable_words(Board("ab cd ef"), lex))
    >>> fewest_words(completions, None)
    3
    >>> fewest_words(completions, 2)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no solution within 2 words on board AB CD EF
    """
    n = completions.n
    bound = max_words if max_words is not None else n * (n + 1)
    reach = np.zeros((n, 1 << n), dtype=bool)
    for k in range(1, bound + 1):
        report(progress, "fewest words", k, bound)
        if completions.count(k):
            return k
        grown = reach | (completions[k - 1] != 0)
        if (grown == reach).all() and k > 1:
            break
        reach = grown
    playable = completions.playable
    within = f" within {max_words} words" if max_words is not None else ""
    used = int(np.bitwise_or.reduce(playable.masks)) if len(playable) else 0
    unused = [ch.upper() for i, ch in enumerate(playable.board.letters) if not used >> i & 1]
    why = f" (no playable word uses {', '.join(unused)})" if unused else ""
    raise NoSolutionError(f"no solution{within} on board {playable.board}{why}")
