"""Small graphs for the Steiner tests, written as ``{(u, v): weight}``."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def graph(n: int, edges: dict[tuple[int, int], int]) -> sp.csr_array:
    """A symmetric sparse matrix from ``{(u, v): weight}`` (stored zeros are 0-weight edges)."""
    rows = [a for a, _ in edges] + [b for _, b in edges]
    cols = [b for _, b in edges] + [a for a, _ in edges]
    data = list(edges.values()) * 2
    return sp.csr_array((np.array(data, dtype=np.int64), (rows, cols)), shape=(n, n))
