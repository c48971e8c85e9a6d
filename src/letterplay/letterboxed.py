"""Letter Boxed: exact solutions in the fewest words, counted exactly, fair boards, answer checks.

- A *board* is a polygon whose *sides* each carry letters (NYT: 4 sides × 3 letters); all its
  letters are distinct.
- A word is *playable* on a board if it has at least 3 letters, uses only board letters and no
  two consecutive letters lie on the same side (letters may repeat).
- A *solution* is a sequence of playable words, each starting with the last letter of the one
  before, that uses every board letter; the game ends when the last letter is first used, so the
  last word is the one that completes the board (a longer sequence is not a solution). Words may
  be used twice, as the rules do not forbid it; solutions with no word used twice are counted
  separately.

The solver is exact. A partial solution is summarised by its *state*: the last letter played and
the mask of board letters used so far. ``completions[r][c, M]`` is the number of ways to finish
from state ``(c, M)`` with exactly ``r`` more words, the first of which starts with ``c``. These
tables come from the recurrence

    completions[r + 1][c, M] = Σ_{words w starting with c} completions[r][last(w), M | mask(w)]

which is an OR-convolution; with subset/superset sums (zeta and Möbius transforms over the masks)
each layer costs O(n² 2ⁿ) array operations for a board of ``n`` letters, whatever the lexicon's
size. The fewest words is the first ``r`` with ``Σ_c completions[r][c, 0] > 0``: every shorter
count is zero, which is the proof. That sum is the exact number of solutions of that length
(word sequences: two words with the same letters are two solutions). Solutions are then listed
by walking forward only through states that can still finish in the words left.

:func:`simple_solutions` is the seed's method beside it: grow every chain of playable words one
word at a time until some chain uses every letter. It is short and obviously right, and slow
(work proportional to the number of chains); the tests check the fast solver against it.

Bounds: a board has at most :data:`MAX_LETTERS` letters (the state space has n · 2ⁿ states);
``max_words`` is at most :data:`MAX_WORDS` (one table of n · 2ⁿ counts per word);
``limit`` at most :data:`MAX_LIMIT`; ``tries`` at most :data:`MAX_TRIES`; ``min_zipf`` from 0 to
:data:`MAX_ZIPF`. Arguments outside them raise :class:`InputError` naming the parameter.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary", "yelp", "tapir"])
>>> result = solve(parse_board(["tap", "erd", "nil", "yco"]), lex)
>>> result.min_words, result.count
(2, 3)
>>> sorted(s.words for s in result.solutions)
[('ancient', 'torpidly'), ('dictionary', 'yelp'), ('plead', 'dictionary')]

References
----------
- The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
- Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times", Outsider Data Science
  (2019): https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
  (also https://www.r-bloggers.com/2019/04/solving-the-letterboxed-puzzle-in-the-new-york-times/)
- A. Björklund, T. Husfeldt, P. Kaski, M. Koivisto, "Fourier meets Möbius: fast subset
  convolution", STOC 2007, https://doi.org/10.1145/1250790.1250801 (zeta and Möbius transforms
  over subsets, used here for the OR-convolution of the recurrence).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import (
    ALPHABET,
    PAD,
    letter_mask,
    mask_letters,
    parse_letters,
    popcount,
    sorted_unique,
)
from letterplay.lexicon import Lexicon, zipf_floor_mask
from letterplay.progress import ProgressCallback, report

__all__ = [
    "MAX_LETTERS",
    "MAX_LIMIT",
    "MAX_SIMPLE_WORDS",
    "MAX_TRIES",
    "MAX_WORDS",
    "MAX_ZIPF",
    "MIN_WORD_LENGTH",
    "Board",
    "BoxSolution",
    "CheckResult",
    "Completions",
    "GenerateResult",
    "Playable",
    "SolveResult",
    "best_rows",
    "check",
    "count_distinct",
    "fewest_letters",
    "fewest_words",
    "generate",
    "parse_board",
    "partial_count",
    "playable_words",
    "random_board",
    "rank_rows",
    "simple_playable",
    "simple_solutions",
    "solution_rows",
    "solve",
    "subset_zeta",
    "superset_mobius",
    "superset_zeta",
    "word_problems",
]

MIN_WORD_LENGTH = 3
MAX_LETTERS = 16  # the state space has n · 2ⁿ states
MAX_WORDS = 12  # longest solutions counted: one table of n · 2ⁿ counts is kept per word
MAX_SIMPLE_WORDS = 4  # the simple solver's work grows as (words per letter) ** words
MAX_LIMIT = 2_000_000  # most solutions listed (the same as LIST_CAP)
MAX_TRIES = 10_000  # most random boards the generator tries
MAX_ZIPF = 8.0  # Zipf frequencies run from 0 to about 7.7 ("the")
DENSE_TABLE_LETTERS = 13  # up to here the transformed word table (n · n · 2ⁿ) is kept in memory
ENUMERATION_CAP = 200_000  # above this many solutions, the ranked list is found under a Zipf floor
LIST_CAP = 2_000_000  # most solutions ever held in memory to rank them
DISTINCT_BUDGET = 2_000_000  # partial solutions listed at most to count those with distinct words
SIMPLE_CHAIN_CAP = 2_000_000  # most chains the simple solver holds
CHUNK = 4096  # partial solutions extended at a time, to bound memory
VOWELS = "aeiou"

# ----------------------------------------------------------------------------- the board


def _check_sides(sides: object) -> tuple[str, ...]:
    """The sides as lower-case strings, checked against the rules (any lengths)."""
    if isinstance(sides, str):
        raise InputError(
            "sides must be a sequence of sides such as ['tap', 'erd', 'nil', 'yco'], "
            f"not the string {sides!r}"
        )
    items = validate.words("sides", sides)
    if len(items) < 3:
        raise InputError(f"a board needs at least 3 sides, got {len(items)}")
    if len(items) > MAX_LETTERS:
        raise InputError(f"a board may have at most {MAX_LETTERS} sides, got {len(items)}")
    clean = []
    for i, side in enumerate(items, 1):
        if not side.strip():
            raise InputError(f"side {i} is empty")
        clean.append(parse_letters(side, f"side {i}"))
    seen: dict[str, int] = {}
    for i, side in enumerate(clean, 1):
        for ch in side:
            if ch in seen:
                where = f"sides {seen[ch]} and {i}" if seen[ch] != i else f"side {i}"
                raise InputError(f"letter {ch.upper()} is on the board twice ({where})")
            seen[ch] = i
    if len(seen) > MAX_LETTERS:
        raise InputError(f"a board may have at most {MAX_LETTERS} letters, got {len(seen)}")
    return tuple(clean)


@dataclass(frozen=True)
class Board:
    """The letters on the sides of a polygon; ``sides`` are lower-case strings.

    A board is checked when it is made: 3 to 16 sides, letters a–z, no letter twice, at most
    :data:`MAX_LETTERS` letters (sides may have different lengths; :func:`parse_board` asks
    for equal ones unless told otherwise).

    Examples
    --------
    >>> board = Board(("tap", "erd", "nil", "yco"))
    >>> board.n, board.letters, str(board)
    (12, 'taperdnilyco', 'TAP ERD NIL YCO')
    >>> board.side_of("e")
    1
    """

    sides: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", _check_sides(self.sides))

    @cached_property
    def letters(self) -> str:
        """All board letters, side after side."""
        return "".join(self.sides)

    @property
    def n(self) -> int:
        """The number of letters on the board."""
        return len(self.letters)

    @property
    def full(self) -> int:
        """The local mask of all board letters (bit ``i`` is ``letters[i]``)."""
        return (1 << self.n) - 1

    @cached_property
    def side_table(self) -> np.ndarray:
        """Side of each letter code 0..255 (-1 for letters not on the board and for PAD)."""
        table = np.full(256, -1, dtype=np.int16)
        for s, side in enumerate(self.sides):
            for ch in side:
                table[ord(ch) - 97] = s
        return table

    @cached_property
    def local_table(self) -> np.ndarray:
        """Position of each letter code in :attr:`letters` (-1 when not on the board)."""
        table = np.full(256, -1, dtype=np.int16)
        for i, ch in enumerate(self.letters):
            table[ord(ch) - 97] = i
        return table

    def side_of(self, letter: str) -> int:
        """The side (0, 1, ...) that holds ``letter``, -1 when it is not on the board."""
        code = ord(letter) - 97
        return int(self.side_table[code]) if 0 <= code < 26 else -1

    def __str__(self) -> str:
        return " ".join(side.upper() for side in self.sides)

    def to_dict(self) -> dict[str, object]:
        return {
            "sides": [s.upper() for s in self.sides],
            "letters": mask_letters(letter_mask(self.letters)),
        }


def parse_board(sides: Sequence[str], ragged: bool = False) -> Board:
    """A board from its sides, in any case, checked against the rules.

    Parameters
    ----------
    sides : sequence of str
        One string per side (``["tap", "erd", "nil", "yco"]``). A single string is refused,
        never read as sides of one letter each.
    ragged : bool
        Allow sides of different lengths (by default all sides have the same length).

    Returns
    -------
    Board
        At least 3 sides, each with at least one letter a–z, no letter twice.

    Raises
    ------
    InputError
        Naming what is wrong.

    Examples
    --------
    >>> parse_board(["TAP", "erd", "Nil", "yco"]).sides
    ('tap', 'erd', 'nil', 'yco')
    >>> parse_board("TAPERDNILYCO")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: sides must be a sequence ... not the string 'TAPERDNILYCO'
    >>> parse_board(["tap", "er", "nil"], ragged=True).n
    8
    """
    if not isinstance(ragged, bool):
        raise InputError(f"ragged must be True or False, not {ragged!r}")
    board = Board(_check_sides(sides))
    lengths = {len(s) for s in board.sides}
    if len(lengths) > 1 and not ragged:
        shown = ", ".join(str(len(s)) for s in board.sides)
        raise InputError(f"sides have unequal lengths ({shown}); pass ragged=True to allow that")
    return board


# ----------------------------------------------------------------------------- playable words


@dataclass(frozen=True, eq=False)
class Playable:
    """The playable words of a board, as arrays aligned with ``ids`` (rows of the lexicon).

    ``first``/``last`` are board positions (0..n-1) of the first and last letters, ``masks`` the
    local masks of the letters used, ``lengths`` and ``zipfs`` as in the lexicon.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> p = playable_words(Board(("ab", "cd", "ef")), Lexicon.from_words(["ace", "cab", "fbd"]))
    >>> len(p), p.word(0), p.first.tolist(), p.last.tolist(), p.masks.tolist()
    (2, 'ace', [0, 5], [4, 3], [21, 42])
    """

    board: Board
    lexicon: Lexicon
    ids: np.ndarray
    first: np.ndarray
    last: np.ndarray
    masks: np.ndarray
    lengths: np.ndarray
    zipfs: np.ndarray

    def __len__(self) -> int:
        return len(self.ids)

    def word(self, i: int) -> str:
        """The ``i``-th playable word."""
        return self.lexicon.words[int(self.ids[i])]

    def subset(self, keep: np.ndarray) -> Playable:
        """The playable words where boolean ``keep`` is true."""
        return Playable(
            self.board, self.lexicon, self.ids[keep], self.first[keep], self.last[keep],
            self.masks[keep], self.lengths[keep], self.zipfs[keep],
        )  # fmt: skip

    @cached_property
    def by_first(self) -> tuple[np.ndarray, np.ndarray]:
        """Words grouped by first letter: ``order[starts[c]:starts[c + 1]]`` start with ``c``."""
        order = np.argsort(self.first, kind="stable")
        starts = np.searchsorted(self.first[order], np.arange(self.board.n + 1))
        return order, starts


def playable_words(board: Board, lexicon: Lexicon, min_zipf: float | None = None) -> Playable:
    """Every playable word of ``lexicon`` on ``board`` (at or above ``min_zipf`` if given),
    found with array operations over the lexicon's letter index.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "tapir", "yelp", "ox"])
    >>> p = playable_words(Board(("tap", "erd", "nil", "yco")), lex)
    >>> [p.word(i) for i in range(len(p))]  # tapir: T and A share a side; ox: X is not there
    ['ancient', 'yelp']
    """
    index = lexicon.index
    outside = np.uint32(~letter_mask(board.letters) & (2**26 - 1))
    rows = np.flatnonzero(((index.masks & outside) == 0) & (index.lengths >= MIN_WORD_LENGTH))
    if min_zipf is not None:
        rows = rows[zipf_floor_mask(lexicon, min_zipf)[rows]]
    lengths = index.lengths[rows].astype(np.int64)
    width = int(lengths.max()) if len(rows) else 1
    codes = index.codes[rows, :width]
    side = board.side_table[codes]
    same_side = (side[:, 1:] == side[:, :-1]) & (side[:, 1:] >= 0)
    ok = ~same_side.any(axis=1)
    rows, codes, lengths = rows[ok], codes[ok], lengths[ok]
    local = board.local_table[codes]
    bits = np.where(codes == PAD, 0, np.left_shift(1, local.clip(0).astype(np.int64)))
    masks = np.bitwise_or.reduce(bits, axis=1) if len(rows) else np.zeros(0, np.int64)
    first = local[:, 0].astype(np.int64)
    last = local[np.arange(len(rows)), lengths - 1].astype(np.int64)
    zipfs = lexicon.zipfs[rows].astype(np.float64)
    return Playable(board, lexicon, rows, first, last, masks.astype(np.int64), lengths, zipfs)


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


# ----------------------------------------------------------------------------- exact counting


class Completions:
    """The tables ``completions[r][c, M]``: ways to finish from state (last letter ``c``, letters
    used ``M``) with exactly ``r`` more words, computed layer by layer on demand.

    Counts are exact: int64 while ``W^r`` (W playable words) stays below 2⁶², Python integers
    beyond that.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> completions = Completions(playable_words(Board(("ab", "cd", "ef")), lex))
    >>> [completions.count(k) for k in (1, 2, 3)]  # solutions of exactly 1, 2, 3 words
    [0, 0, 5]
    """

    def __init__(self, playable: Playable):
        self.playable = playable
        self.n = n = playable.board.n
        done = np.zeros((n, 1 << n), dtype=np.int64)
        done[:, -1] = 1
        self.tables: list[np.ndarray] = [done]
        self.partials: list[np.ndarray] = []  # see partial_count
        self._rows: dict[int, np.ndarray] = {}  # see _row

    def _exact_dtype(self, r: int) -> type:
        words = max(len(self.playable), 2)
        return np.int64 if r * math.log2(words) < 62 else object

    def __getitem__(self, r: int) -> np.ndarray:
        while len(self.tables) <= r:
            r_next = len(self.tables)
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
            table = self._next(table, r)
        return table

    def _next(self, previous: np.ndarray, r: int) -> np.ndarray:
        n, dtype = self.n, self._exact_dtype(r)
        h = superset_mobius(previous.astype(dtype), n)
        if self._dense is not None and dtype is np.int64:
            product = np.einsum("clm,lm->cm", self._dense, h)
        else:
            product = np.stack([(self._row(c).astype(dtype) * h).sum(axis=0) for c in range(n)])
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
        return _total(self[k - 1][p.last, p.masks]) if k >= 1 else 0

    def can_finish(self, k: int, last: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Whether each state can be finished with exactly ``k`` more words."""
        return self[k][last, masks] != 0


def fewest_words(completions: Completions, max_words: int | None) -> int:
    """The proven minimum number of words, or :class:`NoSolutionError`.

    The search stops early when the set of states that can finish stops growing: the states
    that can finish with ``r + 1`` words follow from those with ``r`` alone, so the set never
    grows again, and no first word reaches it (no shorter solution), so no longer solution
    exists either.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> completions = Completions(playable_words(Board(("ab", "cd", "ef")), lex))
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


# ----------------------------------------------------------------------------- listing solutions


def _successors(playable: Playable, last: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (parent, word) pair where ``word`` starts with the letter ``last[parent]``."""
    order, starts = playable.by_first
    degree = starts[last + 1] - starts[last]
    parent = np.repeat(np.arange(len(last)), degree)
    offset = np.arange(len(parent)) - np.repeat(np.cumsum(degree) - degree, degree)
    return parent, order[np.repeat(starts[last], degree) + offset]


def _first_words(playable: Playable, completions: Completions, k: int):
    """One-word partial solutions of ``k``-word solutions: rows and their masks."""
    keep = completions.can_finish(k - 1, playable.last, playable.masks)
    return np.flatnonzero(keep)[:, None], playable.masks[keep]


def _extend(playable, completions, rows, masks, left: int, distinct: bool):
    """Partial solutions one word longer that can still finish with ``left`` more words (and,
    if ``distinct``, use no word twice)."""
    parent, nxt = _successors(playable, playable.last[rows[:, -1]])
    new_masks = masks[parent] | playable.masks[nxt]
    ok = completions.can_finish(left, playable.last[nxt], new_masks)
    parent, nxt, new_masks = parent[ok], nxt[ok], new_masks[ok]
    rows = np.column_stack([rows[parent], nxt])
    if distinct:
        fresh = (rows[:, :-1] != nxt[:, None]).all(axis=1)
        rows, new_masks = rows[fresh], new_masks[fresh]
    return rows, new_masks


def solution_rows(
    playable: Playable, completions: Completions, k: int, distinct: bool = False
) -> np.ndarray:
    """Every solution of exactly ``k`` words as rows of word indices into ``playable``.

    The walk keeps only partial solutions whose state can still finish in the words left, so its
    work is proportional to the number of solutions. ``distinct`` drops rows that use a word
    twice.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> p = playable_words(Board(("ab", "cd", "ef")), lex)
    >>> rows = solution_rows(p, Completions(p), 3)
    >>> sorted(" ".join(p.word(i) for i in row) for row in rows)[:2]
    ['ace ebd dfa', 'dfa ace ebd']
    """
    rows, masks = _first_words(playable, completions, k)
    for t in range(1, k):
        parts = [
            _extend(playable, completions, rows[i : i + CHUNK], masks[i : i + CHUNK],
                    k - 1 - t, distinct)
            for i in range(0, len(rows), CHUNK)
        ]  # fmt: skip
        if not parts:
            return np.zeros((0, k), dtype=np.int64)
        rows = np.concatenate([r for r, _ in parts])
        masks = np.concatenate([m for _, m in parts])
    return rows


def partial_count(completions: Completions, k: int) -> int:
    """How many sequences of ``k - 1`` words can be finished by one more word (words may
    repeat): the work of :func:`count_distinct`, found from the tables without listing them.

    The tables carried back are kept, so asking for ``k`` = 5, 6, 7, ... adds one layer each.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> partial_count(Completions(playable_words(Board(("ab", "cd", "ef")), lex)), 3)
    4
    """
    partials = completions.partials
    if not partials:
        partials.append((completions[1] != 0).astype(np.int64))
    while len(partials) < k:
        partials.append(completions.extend(partials[-1], 1, first_layer=len(partials)))
    return _total(partials[k - 1][:, 0])


def count_distinct(
    playable: Playable, completions: Completions, k: int, minimal: bool
) -> int | None:
    """The exact number of ``k``-word solutions that use no word twice (None when that takes
    listing more than :data:`DISTINCT_BUDGET` partial solutions).

    A last word is never a repeat: its letters would all be used already and the game over.
    A minimal solution of at most 4 words never repeats a word at all: a repeat at the first
    position, or in two adjacent positions, can be cut out, leaving a shorter solution; so the
    count equals :meth:`Completions.count`. Solutions of 3 or 4 words that repeat one are counted
    by inclusion–exclusion (:func:`_repeats`). Longer ones: the first ``k - 1`` words of every
    solution with distinct words are listed, chunk by chunk, and their last words counted from
    the tables.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["pca", "acb", "bxa", "byc"])
    >>> p = playable_words(Board(("a", "b", "c", "x", "y", "p")), lex)
    >>> completions = Completions(p)
    >>> completions.count(5), count_distinct(p, completions, 5, minimal=True)
    (1, 0)
    """
    total = completions.count(k)
    if k <= 2 or (minimal and k <= 4) or total == 0:
        return total
    if k <= 4:
        return total - _repeats(playable, completions, k)
    if partial_count(completions, k) > DISTINCT_BUDGET:
        return None
    rows, masks = _first_words(playable, completions, k)
    return _count_distinct_from(playable, completions, rows, masks, k - 1)


def _repeats(playable: Playable, completions: Completions, k: int) -> int:
    """How many solutions of ``k`` = 3 or 4 words use a word twice, by inclusion–exclusion over
    the positions that hold the same word (never the last). A word used twice in a row must
    start and end with the same letter (a *loop*); ``w x w`` needs ``x`` to lead back."""
    loops = np.flatnonzero(playable.first == playable.last)
    loop_last, loop_masks = playable.last[loops], playable.masks[loops]
    if k == 3:  # only w w x
        return _total(completions[1][loop_last, loop_masks])
    same_12 = _total(completions[2][loop_last, loop_masks])  # w w x y
    same_123 = _total(completions[1][loop_last, loop_masks])  # w w w y
    parent, nxt = _successors(playable, playable.last)  # every pair (w, x), x after w
    both = playable.masks[parent] | playable.masks[nxt]
    is_loop = playable.first[nxt] == playable.last[nxt]
    same_23 = _total(completions[1][playable.last[nxt[is_loop]], both[is_loop]])  # v w w y
    back = playable.last[nxt] == playable.first[parent]
    same_13 = _total(completions[1][playable.last[parent[back]], both[back]])  # w x w y
    # the three pairwise events meet only where all three words are the same
    return same_12 + same_23 + same_13 - 2 * same_123


def _total(counts: np.ndarray) -> int:
    return int(counts.astype(object).sum())


def _count_distinct_from(playable, completions, rows, masks, left: int) -> int:
    if left == 1:
        return int(completions[1][playable.last[rows[:, -1]], masks].astype(object).sum())
    total = 0
    for start in range(0, len(rows), CHUNK):
        longer, longer_masks = _extend(
            playable, completions, rows[start : start + CHUNK], masks[start : start + CHUNK],
            left - 1, distinct=True,
        )  # fmt: skip
        total += _count_distinct_from(playable, completions, longer, longer_masks, left - 1)
    return total


def fewest_letters(playable: Playable, completions: Completions, k: int) -> int:
    """The fewest total letters of a ``k``-word solution: a shortest path over the states that
    can still finish, layer by layer (min-plus instead of the counts' plus-times).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde", "acfbde"])
    >>> p = playable_words(Board(("ab", "cd", "ef")), lex)
    >>> fewest_letters(p, Completions(p), 1), fewest_letters(p, Completions(p), 3)
    (6, 9)
    """
    n = playable.board.n
    keep = completions.can_finish(k - 1, playable.last, playable.masks)
    state = playable.last[keep] << n | playable.masks[keep]
    cost = playable.lengths[keep]
    state, cost = _min_by_state(state, cost)
    for t in range(1, k):
        last, masks = state >> n, state & ((1 << n) - 1)
        parent, nxt = _successors(playable, last)
        new_masks = masks[parent] | playable.masks[nxt]
        ok = completions.can_finish(k - 1 - t, playable.last[nxt], new_masks)
        new_state = playable.last[nxt[ok]] << n | new_masks[ok]
        state, cost = _min_by_state(new_state, cost[parent[ok]] + playable.lengths[nxt[ok]])
    return int(cost.min())


def _min_by_state(state: np.ndarray, cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    unique, inverse = np.unique(state, return_inverse=True)
    best = np.full(len(unique), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(best, inverse, cost)
    return unique, best


def rank_rows(
    playable: Playable, rows: np.ndarray, weights: np.ndarray | None = None
) -> np.ndarray:
    """Rows ordered by commonness: the Zipf of the rarest word, highest first, then fewest total
    letters, then alphabetically by the lexicon order of the words. With ``weights`` (the
    learned NY Times ranking, :func:`letterplay.nyt.ranking_weights`), by that score first.

    This is the one ranking of solutions; everything that lists them goes through it.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary"])
    >>> p = playable_words(Board(("tap", "erd", "nil", "yco")), lex)
    >>> [[p.word(i) for i in row] for row in rank_rows(p, np.array([[0, 3], [2, 1]]))]
    [['plead', 'dictionary'], ['ancient', 'torpidly']]
    """
    if len(rows) == 0:
        return rows
    rarest = playable.zipfs[rows].min(axis=1)
    letters = playable.lengths[rows].sum(axis=1)
    ids = playable.ids[rows]
    keys = [ids[:, j] for j in range(rows.shape[1] - 1, -1, -1)] + [letters, -rarest]
    if weights is not None:
        from letterplay.nyt import row_scores

        keys.append(-row_scores(playable, rows, weights))
    return rows[np.lexsort(keys)]


def best_rows(
    playable: Playable,
    completions: Completions,
    k: int,
    limit: int,
    distinct: bool = False,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """The ``limit`` best ``k``-word solutions by :func:`rank_rows` (with ``weights``, by the
    learned score among those the Zipf floor below keeps).

    When there are more than :data:`ENUMERATION_CAP` solutions, a binary search finds the highest
    Zipf floor under which at least ``limit`` solutions remain (the tables are recounted for each
    floor); every better-ranked solution uses only words above that floor, so listing those is
    enough. If more than :data:`LIST_CAP` solutions sit at that floor, :class:`InputError` asks
    for a smaller request rather than a guess.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary"])
    >>> p = playable_words(Board(("tap", "erd", "nil", "yco")), lex)
    >>> [[p.word(i) for i in row] for row in best_rows(p, Completions(p), 2, limit=1)]
    [['plead', 'dictionary']]
    """
    if limit <= 0:
        return np.zeros((0, k), dtype=np.int64)
    if completions.count(k) > ENUMERATION_CAP:
        floors = sorted_unique(playable.zipfs)
        lo, hi = 0, len(floors) - 1  # invariant: floor lo keeps at least `limit` solutions
        while lo < hi:
            mid = (lo + hi + 1) // 2
            sub = playable.subset(playable.zipfs >= floors[mid])
            if Completions(sub).count(k) >= limit:
                lo = mid
            else:
                hi = mid - 1
        keep = playable.zipfs >= floors[lo]
        sub = playable.subset(keep)
        sub_completions = Completions(sub)
        if sub_completions.count(k) > LIST_CAP:
            raise InputError(
                f"{sub_completions.count(k):,} solutions of {k} words tie for the last places; "
                "ask for fewer (limit) or only commoner words (min_zipf)"
            )
        rows = solution_rows(sub, sub_completions, k, distinct)
        rows = np.flatnonzero(keep)[rows] if len(rows) else rows
    else:
        rows = solution_rows(playable, completions, k, distinct)
    return rank_rows(playable, rows, weights)[:limit]


# ----------------------------------------------------------------------------- solving


@dataclass
class BoxSolution:
    """One Letter Boxed solution: its words, the Zipf of its rarest word, and its total letters.

    Examples
    --------
    >>> BoxSolution(("plead", "dictionary"), 3.456, 15).to_dict()
    {'words': ['plead', 'dictionary'], 'rarest_zipf': 3.46, 'letters': 15}
    """

    words: tuple[str, ...]
    rarest_zipf: float
    letters: int

    def to_dict(self) -> dict[str, object]:
        return {"words": list(self.words), "rarest_zipf": round(self.rarest_zipf, 2),
                "letters": self.letters}  # fmt: skip


@dataclass
class SolveResult:
    """What :func:`solve` finds.

    - ``min_words``: the proven fewest words; ``count``: exact number of minimal solutions.
    - ``count_distinct``: how many of those use no word twice.
    - ``fewest_letters``: fewest total letters of a minimal solution.
    - ``counts_by_words``: with ``max_words``, exact solution counts for each length up to it
      (``distinct_by_words``: those with no word used twice, None where too many to check);
      ``total`` is their sum.
    - ``solutions``: the best ones, up to ``limit``, ranked by commonness (shortest first when
      several lengths are listed).
    """

    board: Board
    min_words: int
    count: int
    count_distinct: int | None
    fewest_letters: int
    playable_words: int
    solutions: list[BoxSolution]
    max_words: int | None = None
    min_zipf: float | None = None
    counts_by_words: dict[int, int] = field(default_factory=dict)
    distinct_by_words: dict[int, int | None] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The number of solutions of up to ``max_words`` words."""
        return sum(self.counts_by_words.values())

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "board": self.board.to_dict()["sides"],
            "min_words": self.min_words,
            "count": self.count,
            "count_distinct": self.count_distinct,
            "fewest_letters": self.fewest_letters,
            "playable_words": self.playable_words,
            "min_zipf": self.min_zipf,
            "solutions": [list(s.words) for s in self.solutions],
            "ranked": [s.to_dict() for s in self.solutions],
        }
        if self.max_words is not None:
            data["max_words"] = self.max_words
            data["counts_by_words"] = {str(k): v for k, v in self.counts_by_words.items()}
            data["distinct_by_words"] = {str(k): v for k, v in self.distinct_by_words.items()}
            data["total"] = self.total
        return data


def _solutions(playable: Playable, rows: np.ndarray) -> list[BoxSolution]:
    return [
        BoxSolution(
            tuple(playable.word(i) for i in row),
            float(playable.zipfs[row].min()),
            int(playable.lengths[row].sum()),
        )
        for row in rows
    ]


def _check_board(board: object) -> Board:
    if not isinstance(board, Board):
        raise InputError(f"board must be a Board (see parse_board), not {type(board).__name__}")
    return board


def _check_lexicon(lexicon: object) -> Lexicon:
    if not isinstance(lexicon, Lexicon):
        raise InputError(f"lexicon must be a Lexicon, not {type(lexicon).__name__}")
    return lexicon


def _check_progress(progress: object) -> None:
    if progress is not None and not callable(progress):
        raise InputError(f"progress must be a function or None, not {type(progress).__name__}")


def _check_min_zipf(min_zipf: object) -> float | None:
    return None if min_zipf is None else validate.number("min_zipf", min_zipf, 0, MAX_ZIPF)


def solve(
    board: Board,
    lexicon: Lexicon,
    max_words: int | None = None,
    min_zipf: float | None = None,
    limit: int = 10,
    distinct: bool = False,
    progress: ProgressCallback | None = None,
) -> SolveResult:
    """Solve ``board`` exactly: the fewest words (proven), the exact count of such solutions,
    and the ``limit`` most common ones (on the NY Times list, the most NYT-like: the learned
    ranking of :mod:`letterplay.nyt`).

    With ``max_words`` (1 to :data:`MAX_WORDS`), every solution of up to that many words is
    counted (by length) and the best listed, shortest first; raises :class:`NoSolutionError`
    when there is none within the bound. ``min_zipf`` (0 to :data:`MAX_ZIPF`) keeps only words
    at least that common; ``limit`` (0 to :data:`MAX_LIMIT`) solutions are listed; ``distinct``
    lists only solutions with no word used twice (both counts are always given).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> result = solve(parse_board(["ab", "cd", "ef"]), lex, max_words=4, limit=1)
    >>> result.min_words, result.count, result.counts_by_words
    (3, 5, {3: 5, 4: 3})
    >>> solve(lex, parse_board(["ab", "cd", "ef"]))
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: board must be a Board (see parse_board), not Lexicon
    """
    _check_board(board), _check_lexicon(lexicon), _check_progress(progress)
    if max_words is not None:
        validate.whole("max_words", max_words, 1, MAX_WORDS)
    min_zipf = _check_min_zipf(min_zipf)
    validate.whole("limit", limit, 0, MAX_LIMIT)
    distinct = validate.flag("distinct", distinct)
    playable = playable_words(board, lexicon, min_zipf)
    completions = Completions(playable)
    report(progress, "solving", 0, 1)
    k = fewest_words(completions, max_words)
    lengths = range(k, (max_words or k) + 1)
    from letterplay.nyt import ranking_weights  # NYT-like order on the NY Times list

    weights = ranking_weights(lexicon)
    counts = {j: completions.count(j) for j in lengths}
    distincts = {j: count_distinct(playable, completions, j, j == k) for j in lengths}
    listed: list[BoxSolution] = []
    for j in lengths:
        if len(listed) >= limit:
            break
        rows = best_rows(playable, completions, j, limit - len(listed), distinct, weights)
        listed += _solutions(playable, rows)
    report(progress, "solving", 1, 1)
    return SolveResult(
        board, k, counts[k], distincts[k], fewest_letters(playable, completions, k),
        len(playable), listed, max_words, min_zipf,
        counts if max_words is not None else {},
        distincts if max_words is not None else {},
    )  # fmt: skip


# ----------------------------------------------------------------------------- the simple way


def simple_playable(board: Board, words: Sequence[str]) -> list[str]:
    """The playable words among ``words``, by the rules read letter by letter (the seed's
    filter, without arrays).

    Examples
    --------
    >>> simple_playable(Board(("tap", "erd", "nil", "yco")), ["ancient", "tapir", "yelp", "ox"])
    ['ancient', 'yelp']
    """
    _check_board(board)
    side = {ch: i for i, letters in enumerate(board.sides) for ch in letters}
    return [
        w
        for w in validate.words("words", words)
        if len(w) >= MIN_WORD_LENGTH
        and all(ch in side for ch in w)
        and all(side[a] != side[b] for a, b in itertools.pairwise(w))
    ]


def simple_solutions(board: Board, lexicon: Lexicon, max_words: int = 2) -> list[tuple[str, ...]]:
    """Every solution in the fewest words, if that is at most ``max_words`` (1 to
    :data:`MAX_SIMPLE_WORDS`), found the seed's way: start a chain at every playable word and
    add every word that starts with the chain's last letter, until some chains use every
    letter. Returns them sorted; empty when there is none within ``max_words``. Raises
    :class:`InputError` rather than hold more than :data:`SIMPLE_CHAIN_CAP` chains.

    The reference for :func:`solve`: the same rules, nothing clever, slow.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary", "yelp"])
    >>> simple_solutions(Board(("tap", "erd", "nil", "yco")), lex)
    [('ancient', 'torpidly'), ('dictionary', 'yelp'), ('plead', 'dictionary')]
    """
    _check_board(board), _check_lexicon(lexicon)
    validate.whole("max_words", max_words, 1, MAX_SIMPLE_WORDS)
    playable = simple_playable(board, lexicon.words)
    starting: dict[str, list[str]] = {}
    for w in playable:
        starting.setdefault(w[0], []).append(w)
    full = set(board.letters)
    chains = [((w,), set(w)) for w in playable]
    for _ in range(max_words):
        done = sorted(words for words, used in chains if used == full)
        if done:
            return done
        if sum(len(starting.get(words[-1][-1], ())) for words, _ in chains) > SIMPLE_CHAIN_CAP:
            raise InputError(
                f"more than {SIMPLE_CHAIN_CAP:,} chains for the simple solver; use solve"
            )
        chains = [
            ((*words, w), used | set(w))
            for words, used in chains
            for w in starting.get(words[-1][-1], [])
        ]
    return []


# ----------------------------------------------------------------------------- checking answers


@dataclass
class CheckResult:
    """A player's answer judged: ``valid`` when it solves the board; ``problems`` says exactly
    what breaks, one line each; ``missing`` are the unused letters (upper case)."""

    board: Board
    words: tuple[str, ...]
    valid: bool
    problems: list[str]
    missing: str
    min_words: int | None

    def to_dict(self) -> dict[str, object]:
        return {
            "board": self.board.to_dict()["sides"],
            "words": list(self.words),
            "valid": self.valid,
            "problems": self.problems,
            "missing": self.missing,
            "min_words": self.min_words,
            "optimal": self.valid and self.min_words == len(self.words),
        }


def word_problems(board: Board, word: str, lexicon: Lexicon) -> list[str]:
    """Why ``word`` is not playable on ``board`` (empty when it is).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> board, lex = Board(("tap", "erd", "nil", "yco")), Lexicon.from_words(["tapir"])
    >>> word_problems(board, "tapir", lex)
    ["'tapir': TA are consecutive letters on the same side", "'tapir': AP are consecutive letters on the same side"]
    >>> word_problems(board, "ox", lex)
    ["'ox' is shorter than 3 letters", "'ox' uses X, not on the board", "'ox' is not in the lexicon custom"]
    """  # noqa: E501
    _check_board(board), _check_lexicon(lexicon)
    word = parse_letters(validate.text("word", word), "word")
    problems = []
    if len(word) < MIN_WORD_LENGTH:
        problems.append(f"{word!r} is shorter than {MIN_WORD_LENGTH} letters")
    off = sorted({ch.upper() for ch in word if board.side_of(ch) < 0})
    if off:
        problems.append(f"{word!r} uses {', '.join(off)}, not on the board")
    for a, b in itertools.pairwise(word):
        if board.side_of(a) >= 0 and board.side_of(a) == board.side_of(b):
            problems.append(
                f"{word!r}: {a.upper()}{b.upper()} are consecutive letters on the same side"
            )
    if word not in lexicon:
        problems.append(f"{word!r} is not in the lexicon {lexicon.name}")
    return problems


def _chain_problems(board: Board, words: list[str]) -> tuple[list[str], set[str]]:
    """Words that do not start with the last letter before them, words after the board is
    finished; and the letters used."""
    problems = []
    for i, (a, b) in enumerate(itertools.pairwise(words), 2):
        if b[0] != a[-1]:
            problems.append(
                f"word {i} {b!r} must start with {a[-1].upper()}, the last letter of {a!r}"
            )
    used: set[str] = set()
    for i, w in enumerate(words, 1):
        used |= set(w)
        if i < len(words) and set(board.letters) <= used:
            problems.append(f"the board is finished after word {i} {w!r}; the rest is extra")
            break
    return problems, used


def check(board: Board, words: Sequence[str], lexicon: Lexicon) -> CheckResult:
    """Judge a player's answer: every word playable, each starting with the previous word's last
    letter, every letter used, and no words after the board is finished.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "yelp"])
    >>> board = Board(("tap", "erd", "nil", "yco"))
    >>> check(board, ["Ancient", "torpidly"], lex).valid
    True
    >>> check(board, ["ancient", "yelp"], lex).problems
    ["word 2 'yelp' must start with T, the last letter of 'ancient'", 'letters not used: DOR']
    """
    _check_board(board), _check_lexicon(lexicon)
    items = validate.words("words", words)
    if not items:
        raise InputError("words must hold at least one word")
    clean = [parse_letters(w, "words") for w in items]
    problems = [p for w in clean for p in word_problems(board, w, lexicon)]
    chain, used = _chain_problems(board, clean)
    problems += chain
    missing = mask_letters(letter_mask(set(board.letters) - used))
    if missing:
        problems.append(f"letters not used: {missing}")
    try:
        least: int | None = fewest_words(Completions(playable_words(board, lexicon)), None)
    except NoSolutionError:
        least = None
    return CheckResult(board, tuple(clean), not problems, problems, missing, least)


# ----------------------------------------------------------------------------- generating boards


@dataclass
class GenerateResult:
    """A generated board, verified by the exact solver, with how many tries it took."""

    board: Board
    solve: SolveResult
    tries: int
    seed: int | None

    def to_dict(self) -> dict[str, object]:
        return {**self.board.to_dict(), **self.solve.to_dict(), "tries": self.tries,
                "seed": self.seed}  # fmt: skip


def random_board(
    rng: np.random.Generator, sides: int, per_side: int, vowels: int, weights: dict[str, float]
) -> Board:
    """Random distinct letters dealt to the sides: ``vowels`` vowels spread round the sides first,
    consonants drawn without replacement in proportion to ``weights`` (how often each letter
    occurs in the lexicon).

    Examples
    --------
    >>> board = random_board(np.random.default_rng(7), 4, 3, 4, dict.fromkeys(ALPHABET, 1.0))
    >>> len(board.sides), board.n, sum(ch in "aeiou" for ch in board.letters)
    (4, 12, 4)
    """
    if not isinstance(rng, np.random.Generator):
        raise InputError(f"rng must be a numpy Generator, not {type(rng).__name__}")
    n, vowels = _check_shape(sides, per_side, vowels)
    consonants = [ch for ch in ALPHABET if ch not in VOWELS]
    p = np.array([validate.number("weights", weights.get(ch), 0) for ch in consonants])
    if p.sum() <= 0:
        raise InputError("weights must give some consonant a positive weight")
    letters = [str(ch) for ch in rng.choice(list(VOWELS), vowels, replace=False)]
    # vowels first, so dealing round the sides spreads them
    letters += [str(ch) for ch in rng.choice(consonants, n - vowels, replace=False, p=p / p.sum())]
    dealt = [letters[i::sides] for i in range(sides)]
    return Board(tuple("".join(rng.permutation(side)) for side in dealt))


def _check_shape(sides: object, per_side: object, vowels: object) -> tuple[int, int]:
    """The number of letters and of vowels of a ``sides`` × ``per_side`` board."""
    validate.whole("sides", sides, 3, MAX_LETTERS)
    validate.whole("per_side", per_side, 1, MAX_LETTERS)
    n = sides * per_side
    if n > MAX_LETTERS:
        raise InputError(f"a board may have at most {MAX_LETTERS} letters, got {sides}×{per_side}")
    vowels = min(sides, len(VOWELS), n) if vowels is None else vowels
    validate.whole("vowels", vowels, 0, min(len(VOWELS), n))
    if n - vowels > len(ALPHABET) - len(VOWELS):
        raise InputError(f"{n - vowels} consonants needed but there are only 21")
    return n, vowels


def _check_feasible(lexicon: Lexicon, n: int, max_words: int, min_zipf: float | None) -> None:
    """Refuse up front a request no board can meet. Words that join share a letter, so ``k``
    words with at most ``d`` different letters each cover at most ``k·d - (k - 1)`` letters.
    (One pass over the letter masks: cheap next to a single try.)"""
    index = lexicon.index
    ok = (index.lengths >= MIN_WORD_LENGTH) & zipf_floor_mask(lexicon, min_zipf)
    most = int(popcount(index.masks[ok]).max(initial=0))
    if max_words * most - (max_words - 1) >= n:
        return
    floor = f" of Zipf ≥ {min_zipf:g}" if min_zipf is not None else ""
    plural = "s" * (max_words != 1)
    raise NoSolutionError(
        f"no board of {n} letters is solvable in {max_words} word{plural}{floor} from lexicon "
        f"{lexicon.name}: such words have at most {most} different letters, so {max_words} of "
        f"them cover at most {max(max_words * most - max_words + 1, 0)}"
    )


def _letter_weights(lexicon: Lexicon) -> dict[str, float]:
    """How often each letter occurs in the lexicon (plus one, so every letter can be drawn)."""
    totals = lexicon.index.counts.sum(axis=0, dtype=np.int64)
    return {ch: float(totals[i]) + 1.0 for i, ch in enumerate(ALPHABET)}


def generate(
    lexicon: Lexicon,
    sides: int = 4,
    per_side: int = 3,
    vowels: int | None = None,
    seed: int | None = None,
    max_solution_words: int = 2,
    min_zipf: float | None = None,
    tries: int = 500,
    limit: int = 10,
    progress: ProgressCallback | None = None,
    allow_offensive: bool = False,
) -> GenerateResult:
    """A fair board: its proven minimum, using only words at or above ``min_zipf``, is at most
    ``max_solution_words`` (1 to :data:`MAX_WORDS`). Offensive words
    (:mod:`letterplay.offensive`) are left out unless ``allow_offensive``.

    Reproducible with ``seed`` (any whole number of magnitude below 2⁶³, negative ones too).
    ``sides`` (3 to 16) × ``per_side`` letters, at most :data:`MAX_LETTERS`; ``vowels`` 0 to 5
    (default: one per side). A request no board can meet is refused before any try; otherwise
    :class:`NoSolutionError` after ``tries`` (1 to :data:`MAX_TRIES`) boards fail.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> generate(lex, sides=3, per_side=2, max_solution_words=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no board of 6 letters is solvable in 1 word from ...
    """
    _check_lexicon(lexicon), _check_progress(progress)
    if not validate.flag("allow_offensive", allow_offensive):
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(lexicon)
    n, vowels = _check_shape(sides, per_side, vowels)
    validate.whole("max_solution_words", max_solution_words, 1, MAX_WORDS)
    min_zipf = _check_min_zipf(min_zipf)
    validate.whole("tries", tries, 1, MAX_TRIES)
    validate.whole("limit", limit, 0, MAX_LIMIT)
    rng = validate.random_generator("seed", seed)
    _check_feasible(lexicon, n, max_solution_words, min_zipf)
    weights = _letter_weights(lexicon)
    for attempt in range(1, tries + 1):
        report(progress, "boards tried", attempt, tries)
        board = random_board(rng, sides, per_side, vowels, weights)
        playable = playable_words(board, lexicon, min_zipf)
        try:
            fewest_words(Completions(playable), max_solution_words)
        except NoSolutionError:
            continue
        result = solve(board, lexicon, None, min_zipf, limit)
        return GenerateResult(board, result, attempt, seed)
    floor = f" with words of Zipf ≥ {min_zipf:g}" if min_zipf is not None else ""
    raise NoSolutionError(
        f"no {sides}×{per_side} board solvable in {max_solution_words} words{floor} found in "
        f"{tries} tries; allow more words (max_solution_words), commoner words (a lower "
        "min_zipf), more tries or more vowels"
    )
