"""Set ranks: one dense numbering of every letter set of at most 7 letters.

Every letter set of at most 7 letters has a *set rank*, its place in one dense array: sets of k
letters come after all smaller sets, and among them the set with letters l_1 < … < l_k is number
C(l_1, 1) + C(l_2, 2) + … + C(l_k, k) (the combinatorial number system). The 971,712 ranks index
the points table directly, where the 2**26 possible masks would need 64M entries. The ranks of
all 128 subsets of many 7-letter sets are built at once, by doubling.

Examples
--------
>>> from letterplay.letters import letter_mask
>>> set_ranks(np.array([0, letter_mask("a"), letter_mask("b"), letter_mask("ab")])).tolist()
[0, 1, 2, 27]
>>> int(set_ranks(np.array([letter_mask("tuvwxyz")]))[0]) == N_RANKS - 1
True
>>> set_ranks(np.array([letter_mask("abcdefgh")]))
Traceback (most recent call last):
...
letterplay.errors.InputError: `masks` must hold letter sets of at most 7 letters
>>> ranks = subset_ranks(set_letters(np.array([letter_mask("aeginrt")])))
>>> ranks.shape, int(ranks[0, 0]), int(ranks[0, 1]) == int(set_ranks(np.array([1]))[0])
((1, 128), 0, True)

References
----------
- The combinatorial number system: https://en.wikipedia.org/wiki/Combinatorial_number_system
"""

from __future__ import annotations

import math

import numpy as np

from letterplay.errors import InputError, named
from letterplay.letters import popcount
from letterplay.spellingbee.rules import HIVE_SIZE

__all__ = [
    "ALL_LETTERS",
    "FIRST_RANK",
    "N_RANKS",
    "center_sums",
    "set_letters",
    "set_masks",
    "set_ranks",
    "subset_ranks",
    "unrank_sets",
]

BINOM = np.array(
    [[math.comb(n, t) if t else 0 for t in range(HIVE_SIZE + 1)] for n in range(26)], dtype=np.int64
)  # BINOM[l, t] = C(l, t), 0 for t = 0
FIRST_RANK = np.cumsum([0] + [math.comb(26, k) for k in range(HIVE_SIZE + 1)])
N_RANKS = int(FIRST_RANK[-1])  # letter sets of 0..7 letters
ALL_LETTERS = (1 << 26) - 1
"""The letter mask of the whole alphabet."""


def _check_masks(name: str, masks: object, *, exactly: bool = False) -> np.ndarray:
    """``masks`` as an integer array of 26-bit letter masks of at most 7 letters (``exactly``:
    of 7 letters)."""
    array = np.asarray(masks)
    size = "exactly" if exactly else "at most"
    if array.dtype.kind not in "iu":
        problem = "must be an array of letter masks (integers)"
    elif array.size and (array.min() < 0 or array.max() > ALL_LETTERS):
        problem = "must hold 26-bit letter masks"
    elif array.size and (
        popcount(array).max() > HIVE_SIZE or (exactly and popcount(array).min() < HIVE_SIZE)
    ):
        problem = f"must hold letter sets of {size} {HIVE_SIZE} letters"
    else:
        return array
    raise InputError(f"{named(name)} {problem}", parameter=name)


def set_ranks(masks: np.ndarray) -> np.ndarray:
    """The set rank of each letter mask of at most 7 letters (an array of any shape)."""
    # one pass per letter of the alphabet, counting each letter's place in its set
    masks = _check_masks("masks", masks).astype(np.int64)
    place = np.zeros(masks.shape, dtype=np.int64)
    rank = np.zeros(masks.shape, dtype=np.int64)
    for letter in range(26):
        bit = (masks >> letter) & 1
        place += bit
        rank += BINOM[letter][place * bit]
    return FIRST_RANK[place] + rank


_SIZE = popcount(np.arange(128)).astype(np.int64)  # letters in subset k
# Adding a letter in place t adds C(letter, t), and moves the set from the sets of t - 1
# letters to those of t letters: that shift of first rank is folded in here.
_GROW = (BINOM + np.diff(FIRST_RANK[: HIVE_SIZE + 1], prepend=0)).astype(np.int32)


def unrank_sets(ranks: np.ndarray, size: int) -> np.ndarray:
    """The letters (P, size), ascending, of the ``size``-letter sets whose ranks among sets of
    that size are ``ranks``: the largest letter l with C(l, size) <= rank first, and so on."""
    rest = np.asarray(ranks, dtype=np.int64).copy()
    letters = np.empty((len(rest), size), dtype=np.int64)
    for place in range(size, 0, -1):
        letter = np.searchsorted(BINOM[:, place], rest, side="right") - 1
        letters[:, place - 1] = letter
        rest -= BINOM[letter, place]
    return letters


def set_masks(letters: np.ndarray) -> np.ndarray:
    """Letter masks (uint32) of sets given as rows of distinct letters."""
    return (np.int64(1) << letters).sum(axis=1).astype(np.uint32)


def set_letters(sets: np.ndarray) -> np.ndarray:
    """The letters (0..25, ascending) of 7-letter masks: (P,) → (P, 7) int64."""
    sets = _check_masks("sets", sets, exactly=True)
    if sets.ndim != 1:
        raise InputError("`sets` must be a 1-D array of letter masks", parameter="sets")
    bits = (sets.astype(np.int64)[:, None] >> np.arange(26)) & 1
    return np.nonzero(bits)[1].reshape(len(sets), HIVE_SIZE)


def subset_ranks(letters: np.ndarray) -> np.ndarray:
    """Set ranks of all 128 subsets of 7-letter sets given as their letters: (P, 7) → (P, 128)
    int32; column k is the subset with the set's j-th letter when bit j of k is set.

    Built by doubling: the subsets with letter j are those without it plus letter j, which (the
    letters ascending) comes last, in place size + 1, adding C(letter j, size + 1) to the rank.
    """
    letters = np.asarray(letters)
    shaped = letters.ndim == 2 and letters.shape[1] == HIVE_SIZE and letters.dtype.kind in "iu"
    if not shaped or (letters.size and (letters.min() < 0 or letters.max() > 25)):
        raise InputError("`letters` must be a (P, 7) array of letters 0..25", parameter="letters")
    if letters.size and (np.diff(letters.astype(np.int64), axis=1) <= 0).any():
        raise InputError(
            "`letters` must list each set's 7 distinct letters in ascending order",
            parameter="letters",
        )
    grow = _GROW[letters]  # (P, 7, 8): what letter j adds to a rank in each place
    ranks = np.empty((len(letters), 128), dtype=np.int32)
    ranks[:, 0] = 0  # the empty set
    width = 1
    for j in range(HIVE_SIZE):
        added = grow[:, j, :][:, _SIZE[:width] + 1]
        np.add(ranks[:, :width], added, out=ranks[:, width : 2 * width])
        width *= 2
    return ranks


def center_sums(values: np.ndarray) -> np.ndarray:
    """(P, 128) values of letter subsets → (P, 7) sums, for each letter j, over the 64 subsets
    that contain it: those whose column k has bit j set, a strided slice of each row."""
    p = len(values)
    sums = np.empty((p, HIVE_SIZE), dtype=values.dtype)
    for j in range(HIVE_SIZE):
        sums[:, j] = values.reshape(p, 2 ** (HIVE_SIZE - 1 - j), 2, 2**j)[:, :, 1, :].sum(
            axis=(1, 2)
        )
    return np.rint(sums).astype(np.int64)
