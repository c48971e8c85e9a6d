"""Small graphs for the Steiner tests, written as ``{(u, v): weight}``."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from letterplay.steiner._graph import tree_cost


def graph(n: int, edges: dict[tuple[int, int], int]) -> sp.csr_array:
    """A symmetric sparse matrix from ``{(u, v): weight}`` (stored zeros are 0-weight edges)."""
    rows = [a for a, _ in edges] + [b for _, b in edges]
    cols = [b for _, b in edges] + [a for a, _ in edges]
    data = list(edges.values()) * 2
    return sp.csr_array((np.array(data, dtype=np.int64), (rows, cols)), shape=(n, n))


def check_tree(result, n: int, edges: dict[tuple[int, int], int], terminals, weights=None) -> None:
    """A result is a tree of graph edges (each ``(u, v)`` with ``u < v``) over its nodes, joining
    every terminal, at the cost it claims; its bound is at most that, and ``optimal`` means the
    two meet."""
    nodes = set(result.nodes)
    assert set(terminals) <= nodes and len(result.edges) == len(nodes) - 1
    assert all(u < v and (u, v) in edges for u, v in result.edges)
    assert {x for e in result.edges for x in e} == nodes or len(nodes) == 1
    if len(nodes) > 1:
        local = {x: i for i, x in enumerate(sorted(nodes))}
        ends = ([local[u] for u, _ in result.edges], [local[v] for _, v in result.edges])
        tree = sp.csr_array((np.ones(len(result.edges)), ends), shape=(len(nodes),) * 2)
        assert connected_components(tree, directed=False)[0] == 1
    assert tree_cost(graph(n, edges), result.edges, terminals, weights) == result.cost
    assert result.lower_bound <= result.cost
    assert result.optimal == (result.lower_bound == result.cost)
