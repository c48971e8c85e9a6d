"""Walking the solutions: listing them, counting those with no word used twice, and the fewest
letters, always only through states that can still finish in the words left.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed._board import Board
>>> from letterplay.letterboxed._playable import playable_words
>>> p = playable_words(Board("ab cd ef"), Lexicon.from_words(["ace", "ebd", "dfa", "acf"]))
>>> [" ".join(p.word(i) for i in row) for row in solution_rows(p, Completions(p), 3)]
['ace ebd dfa', 'dfa ace ebd', 'ebd dfa ace', 'ebd dfa acf']
"""

from __future__ import annotations

import itertools

import numpy as np

from letterplay.letterboxed._playable import Playable
from letterplay.letterboxed._tables import Completions, total
from letterplay.progress import ProgressCallback, report

__all__ = [
    "CHUNK",
    "DISTINCT_BUDGET",
    "count_distinct",
    "fewest_letters",
    "partial_count",
    "solution_rows",
    "successors",
]

CHUNK = 4096
"""Partial solutions extended at a time, to bound memory."""

DISTINCT_BUDGET = 2_000_000
"""The most partial solutions listed to count the solutions with no word used twice."""

PAIR_CHUNK = 1 << 21
"""Word pairs made at a time: a board of many short sides has over 10⁸ of them, so they are
made in chunks, which bounds memory and lets a progress report come between chunks."""


def successors(playable: Playable, last: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (parent, word) pair where ``word`` starts with the letter ``last[parent]``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> p = playable_words(Board("ab cd ef"), Lexicon.from_words(["ace", "ebd", "eca"]))
    >>> [(int(i), p.word(w)) for i, w in zip(*successors(p, p.last))]  # after ace: ebd, eca
    [(0, 'ebd'), (0, 'eca'), (2, 'ace')]
    """
    order, starts = playable.by_first
    degree = starts[last + 1] - starts[last]
    parent = np.repeat(np.arange(len(last)), degree)
    offset = np.arange(len(parent)) - np.repeat(np.cumsum(degree) - degree, degree)
    return parent, order[np.repeat(starts[last], degree) + offset]


def _first_words(playable: Playable, completions: Completions, k: int):
    """One-word partial solutions of ``k``-word solutions: rows and their masks."""
    keep = completions.can_finish(k - 1, playable.last, playable.masks)
    return np.flatnonzero(keep)[:, None], playable.masks[keep]


def _extend(playable, completions, rows, masks, *, left: int, distinct: bool):
    """Partial solutions one word longer that can still finish with ``left`` more words (and,
    if ``distinct``, use no word twice)."""
    parent, nxt = successors(playable, playable.last[rows[:, -1]])
    new_masks = masks[parent] | playable.masks[nxt]
    ok = completions.can_finish(left, playable.last[nxt], new_masks)
    parent, nxt, new_masks = parent[ok], nxt[ok], new_masks[ok]
    rows = np.column_stack([rows[parent], nxt])
    if distinct:
        fresh = (rows[:, :-1] != nxt[:, None]).all(axis=1)
        rows, new_masks = rows[fresh], new_masks[fresh]
    return rows, new_masks


def solution_rows(
    playable: Playable,
    completions: Completions,
    k: int,
    distinct: bool = False,
    progress: ProgressCallback | None = None,
) -> np.ndarray:
    """Every solution of exactly ``k`` words as rows of word indices into ``playable``.

    The walk keeps only partial solutions whose state can still finish in the words left, so its
    work is proportional to the number of solutions. ``distinct`` drops rows that use a word
    twice.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> p = playable_words(Board("ab cd ef"), lex)
    >>> rows = solution_rows(p, Completions(p), 3)
    >>> sorted(" ".join(p.word(i) for i in row) for row in rows)[:2]
    ['ace ebd dfa', 'dfa ace ebd']
    """
    rows, masks = _first_words(playable, completions, k)
    for t in range(1, k):
        parts = []
        for a, b in _chunks(playable, playable.last[rows[:, -1]]):
            report(progress, "listing solutions", a, len(rows))
            parts.append(
                _extend(
                    playable, completions, rows[a:b], masks[a:b], left=k - 1 - t, distinct=distinct
                )
            )
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
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> partial_count(Completions(playable_words(Board("ab cd ef"), lex)), 3)
    4
    """
    partials = completions.partials
    if not partials:
        partials.append((completions[1] != 0).astype(np.int64))
    while len(partials) < k:
        partials.append(completions.extend(partials[-1], 1, first_layer=len(partials)))
    return total(partials[k - 1][:, 0])


def count_distinct(
    playable: Playable,
    completions: Completions,
    k: int,
    minimal: bool,
    progress: ProgressCallback | None = None,
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
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["pca", "acb", "bxa", "byc"])
    >>> p = playable_words(Board("a b c x y p"), lex)
    >>> completions = Completions(p)
    >>> completions.count(5), count_distinct(p, completions, 5, minimal=True)
    (1, 0)
    """
    count = completions.count(k)
    if k <= 2 or (minimal and k <= 4) or count == 0:
        return count
    if k <= 4:
        return count - _repeats(playable, completions, k, progress)
    if partial_count(completions, k) > DISTINCT_BUDGET:
        return None
    rows, masks = _first_words(playable, completions, k)
    return _count_distinct_from(playable, completions, rows, masks, left=k - 1)


def _chunks(playable: Playable, last: np.ndarray) -> list[tuple[int, int]]:
    """Ranges of ``last`` (last letters of partial solutions) whose successors number about
    :data:`PAIR_CHUNK` (at least one range, even an empty one)."""
    _, starts = playable.by_first
    ends = np.cumsum(starts[last + 1] - starts[last])
    cuts = np.searchsorted(ends, np.arange(PAIR_CHUNK, ends[-1] if len(ends) else 0, PAIR_CHUNK))
    bounds = [0, *sorted(set((cuts + 1).tolist()) - {0, len(last)}), len(last)]
    return list(itertools.pairwise(bounds))


def _successor_chunks(
    playable: Playable, last: np.ndarray, progress: ProgressCallback | None, description: str
):
    """:func:`successors` of ``last`` in chunks (:func:`_chunks`), reporting before each."""
    for a, b in _chunks(playable, last):
        report(progress, description, a, len(last))
        parent, nxt = successors(playable, last[a:b])
        yield parent + a, nxt


def _repeats(
    playable: Playable, completions: Completions, k: int, progress: ProgressCallback | None = None
) -> int:
    """How many solutions of ``k`` = 3 or 4 words use a word twice, by inclusion–exclusion over
    the positions that hold the same word (never the last). A word used twice in a row must
    start and end with the same letter (a *loop*); ``w x w`` needs ``x`` to lead back."""
    loops = np.flatnonzero(playable.first == playable.last)
    loop_last, loop_masks = playable.last[loops], playable.masks[loops]
    if k == 3:  # only w w x
        return total(completions[1][loop_last, loop_masks])
    same_12 = total(completions[2][loop_last, loop_masks])  # w w x y
    same_123 = total(completions[1][loop_last, loop_masks])  # w w w y
    same_23 = same_13 = 0
    pairs = _successor_chunks(playable, playable.last, progress, "counting repeats")
    for parent, nxt in pairs:  # every pair (w, x), x after w
        both = playable.masks[parent] | playable.masks[nxt]
        is_loop = playable.first[nxt] == playable.last[nxt]
        same_23 += total(completions[1][playable.last[nxt[is_loop]], both[is_loop]])  # v w w y
        back = playable.last[nxt] == playable.first[parent]
        same_13 += total(completions[1][playable.last[parent[back]], both[back]])  # w x w y
    # the three pairwise events meet only where all three words are the same
    return same_12 + same_23 + same_13 - 2 * same_123


def _count_distinct_from(playable, completions, rows, masks, *, left: int) -> int:
    if left == 1:
        return total(completions[1][playable.last[rows[:, -1]], masks])
    count = 0
    for start in range(0, len(rows), CHUNK):
        longer, longer_masks = _extend(
            playable,
            completions,
            rows[start : start + CHUNK],
            masks[start : start + CHUNK],
            left=left - 1,
            distinct=True,
        )
        count += _count_distinct_from(playable, completions, longer, longer_masks, left=left - 1)
    return count


def fewest_letters(
    playable: Playable,
    completions: Completions,
    k: int,
    progress: ProgressCallback | None = None,
) -> int:
    """The fewest total letters of a ``k``-word solution: a shortest path over the states that
    can still finish, layer by layer (min-plus instead of the counts' plus-times).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed._board import Board
    >>> from letterplay.letterboxed._playable import playable_words
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde", "acfbde"])
    >>> p = playable_words(Board("ab cd ef"), lex)
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
        parts = []  # the cheapest cost per state of each chunk, then of them all
        for parent, nxt in _successor_chunks(playable, last, progress, "fewest letters"):
            new_masks = masks[parent] | playable.masks[nxt]
            ok = completions.can_finish(k - 1 - t, playable.last[nxt], new_masks)
            new_state = playable.last[nxt[ok]] << n | new_masks[ok]
            parts.append(_min_by_state(new_state, cost[parent[ok]] + playable.lengths[nxt[ok]]))
        states, costs = zip(*parts, strict=True)
        state, cost = _min_by_state(np.concatenate(states), np.concatenate(costs))
    return int(cost.min())


def _min_by_state(state: np.ndarray, cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    unique, inverse = np.unique(state, return_inverse=True)
    best = np.full(len(unique), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(best, inverse, cost)
    return unique, best
