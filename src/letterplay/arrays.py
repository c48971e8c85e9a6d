"""Array helpers the puzzles share.

:func:`ranges` gathers many slices of one array at once: the neighbours of a set of nodes in a
CSR graph (a word ladder's frontier, the arcs into a dual ascent's new nodes).

Examples
--------
>>> ranges(np.array([0, 5]), np.array([2, 8])).tolist()
[0, 1, 5, 6, 7]
"""

from __future__ import annotations

import numpy as np

__all__ = ["ranges"]


def ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The concatenation of ``arange(starts[i], ends[i])`` for every i, without a Python loop.

    Examples
    --------
    >>> ranges(np.array([0, 5]), np.array([2, 8])).tolist()
    [0, 1, 5, 6, 7]
    >>> ranges(np.array([2, 7, 4]), np.array([4, 7, 6])).tolist()  # an empty span
    [2, 3, 4, 5]
    >>> ranges(np.array([3]), np.array([3])).tolist()
    []
    """
    if len(starts) == 1:  # one span (a set grown by one node, often): no bookkeeping
        return np.arange(starts[0], ends[0])
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(starts - np.cumsum(lengths) + lengths, lengths)
    return offsets + np.arange(total)
