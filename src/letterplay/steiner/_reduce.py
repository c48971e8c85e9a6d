"""Reductions: the compact graph the exact search runs on.

Degree tests until neither applies (Duin & Volgenant): a Steiner node with one neighbour is in no
optimal tree, and a path of Steiner nodes of degree 2 becomes one edge (its cost: edges plus
inner node weights). :class:`_Reduced` remembers the input edges behind each edge it keeps.

Examples
--------
>>> from letterplay.steiner._bounds import _Problem
>>> from letterplay.steiner._graph import _check, symmetric_graph
>>> path = symmetric_graph(5, [0, 1, 2, 2], [1, 2, 3, 4], [1, 2, 3, 9])  # 0-1-2-3, 2-4
>>> reduced = _reduce(_Problem(_check(path, [0, 3])))
>>> reduced.ids.tolist(), reduced.cost.tolist(), reduced.path_between(0, 1)
([0, 3], [6], (0, 1, 2))

References
----------
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567. https://doi.org/10.1002/net.3230190506
"""

from __future__ import annotations

import numpy as np

from letterplay.steiner._bounds import _Problem
from letterplay.steiner._graph import _lightest_parallel, _peel

__all__: list[str] = []


class _Reduced:
    """A compact graph after degree tests: node ``i`` is input node ``ids[i]``; edge ``j`` joins
    ``a[j] < b[j]`` at ``cost[j]`` and stands for the input edge ``ref[j]`` when that is not
    negative, else for the input edges ``chains[-1 - ref[j]]`` (a contracted path)."""

    def __init__(self, *, ids, a, b, cost, ref, chains, r, terms):
        self.ids, self.a, self.b, self.cost, self.ref = ids, a, b, cost, ref
        self.chains, self.r, self.terms = chains, r, terms

    def path_between(self, x: int, y: int) -> tuple[int, ...]:
        """The input edges behind the reduced edge x–y."""
        x, y = min(x, y), max(x, y)
        n = len(self.ids)
        j = int(np.searchsorted(self.a * n + self.b, x * n + y))
        ref = int(self.ref[j])
        return (ref,) if ref >= 0 else self.chains[-1 - ref]


def _peel_leaves(p: _Problem) -> None:
    """Degree-1 test: a Steiner node with one neighbour is in no optimal tree."""
    p.kill(p.alive & ~_peel(p.u, p.v, p.is_term, p.alive))


def _reduce(p: _Problem) -> _Reduced:
    """Degree tests until neither applies: drop Steiner leaves; replace each path of Steiner nodes
    of degree 2 by one edge (its cost: edges plus inner node weights), dropping paths that return
    to where they start and keeping the lightest of parallel edges. Vectorised except the walk
    along such paths, which touches only their nodes."""
    _peel_leaves(p)
    e = np.flatnonzero(p.edge_alive)
    a, b, cost, ref = p.u[e], p.v[e], p.ce[e], e.copy()
    alive = p.alive.copy()
    chains: list[tuple[int, ...]] = []
    while True:
        alive = _peel(a, b, p.is_term, alive)
        keep = alive[a] & alive[b]
        a, b, cost, ref = a[keep], b[keep], cost[keep], ref[keep]
        degree = np.bincount(a, minlength=p.n) + np.bincount(b, minlength=p.n)
        inner = alive & ~p.is_term & (degree == 2)
        if not inner.any():
            break
        a, b, cost, ref = _contract((a, b, cost, ref), inner, p.r, chains)
        alive &= ~inner
    return _compact(p, (a, b, cost, ref), chains)


def _contract(edges, inner: np.ndarray, r: np.ndarray, chains: list[tuple[int, ...]]):
    """Replace each path through ``inner`` nodes (Steiner nodes of degree 2) by one edge between
    its ends; ``edges`` are the columns ``(a, b, cost, ref)``, and ``chains`` gains the input
    edges behind each new edge."""
    a, b, cost, ref = edges
    touching = np.flatnonzero(inner[a] | inner[b])
    incident: dict[int, list[int]] = {}
    for j, x, y in zip(touching.tolist(), a[touching].tolist(), b[touching].tolist(), strict=True):
        incident.setdefault(x, []).append(j)
        incident.setdefault(y, []).append(j)
    new: list[tuple[int, int, int, int]] = []
    done: set[int] = set()
    ends = [(j, x) for j in touching.tolist() for x in (int(a[j]), int(b[j])) if not inner[x]]
    for j, start in ends:
        if j in done:
            continue
        used, here, total = _walk(j, start, (a, b, cost), inner=inner, r=r, incident=incident)
        done.update(used)
        if here == start:
            continue  # a loop back to its start is in no optimal tree
        chains.append(tuple(i for k in used for i in _input_edges(int(ref[k]), chains)))
        new.append((min(start, here), max(start, here), total, -len(chains)))
    keep = ~inner[a] & ~inner[b]
    columns = [np.array(c, dtype=np.int64) for c in zip(*new, strict=True)] if new else [[]] * 4
    a, b, cost, ref = (
        np.concatenate([old[keep], np.asarray(added, dtype=np.int64)])
        for old, added in zip((a, b, cost, ref), columns, strict=True)
    )
    return _lightest_parallel(a, b, cost, ref)


def _walk(j: int, start: int, edges, *, inner, r, incident) -> tuple[list[int], int, int]:
    """Follow a path of inner nodes from ``start`` along edge ``j`` (``edges`` are the columns
    ``(a, b, cost)``): the edges used, the node where it ends and its cost (edges plus inner node
    weights)."""
    a, b, cost = edges
    used, total, previous = [j], int(cost[j]), j
    here = int(a[j]) + int(b[j]) - start
    while inner[here]:
        total += int(r[here])
        nxt = next(i for i in incident[here] if i != previous)
        used.append(nxt)
        total += int(cost[nxt])
        previous, here = nxt, int(a[nxt]) + int(b[nxt]) - here
    return used, here, total


def _input_edges(ref: int, chains: list[tuple[int, ...]]) -> tuple[int, ...]:
    return (ref,) if ref >= 0 else chains[-1 - ref]


def _compact(p: _Problem, edges, chains) -> _Reduced:
    """Number the nodes left (those with edges, and the terminals) from 0; ``edges`` are the
    columns ``(a, b, cost, ref)``."""
    a, b, cost, ref = edges
    used_nodes = np.zeros(p.n, dtype=bool)
    used_nodes[a] = used_nodes[b] = True
    used_nodes[p.terms] = True
    ids = np.flatnonzero(used_nodes)
    local = np.full(p.n, -1, dtype=np.int64)
    local[ids] = np.arange(len(ids))
    la, lb = local[a], local[b]
    order = np.lexsort((lb, la))
    terms = local[p.terms].tolist()
    return _Reduced(
        ids=ids,
        a=la[order],
        b=lb[order],
        cost=cost[order],
        ref=ref[order],
        chains=chains,
        r=p.r[ids],
        terms=terms,
    )
