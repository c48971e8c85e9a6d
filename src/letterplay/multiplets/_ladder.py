"""Word ladders: the shortest paths of the word graph from one word to another, counted.

Breadth-first distances from both ends pick the words on some shortest ladder; layer by layer,
the number of ladders reaching each word is the sum over its predecessors, which counts them
exactly without listing them. Everything runs over the graph's CSR arrays with numpy: a ladder
on a cached graph never imports scipy.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words("cold cord card ward warm word worm".split(), name="tiny")
>>> ladder("cold", "warm", lexicon=lex, rules="change").path
['cold', 'cord', 'word', 'ward', 'warm']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from letterplay import validate
from letterplay.arrays import ranges
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import parse_letters, sorted_unique
from letterplay.lexicon import Lexicon
from letterplay.multiplets._graph import WordGraph, check_words, word_graph
from letterplay.multiplets.rules import MAX_LISTED, MIN_LENGTH, RULES, obscurity
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = [
    "LadderResult",
    "all_ladders",
    "count_ladders",
    "ladder",
    "ladder_dag",
    "most_common_ladder",
]


@dataclass(frozen=True)
class LadderResult(Result):
    """Shortest ladders from one word to another.

    ``path`` is the most common shortest ladder: its rarest intermediate word is as common as
    possible, then its total obscurity is least. ``count`` is the exact number of shortest
    ladders; ``ladders`` lists them (most common first) when asked for.
    """

    start: str
    end: str
    path: list[str]
    count: int
    ladders: list[list[str]] | None = None
    rules: tuple[str, ...] = RULES
    min_length: int = MIN_LENGTH

    @property
    def steps(self) -> int:
        """Number of steps (words in the ladder minus one)."""
        return len(self.path) - 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of a ladder (the ladder command and the web API print it)."""
        data: dict[str, Any] = {
            "from": self.start,
            "to": self.end,
            "path": self.path,
            "steps": self.steps,
            "count": self.count,
            "rules": list(self.rules),
            "min_length": self.min_length,
        }
        if self.ladders is not None:
            data["ladders"] = self.ladders
        return data


def ladder(
    start: str,
    end: str,
    *,
    lexicon: Lexicon | str | None = None,
    rules: Sequence[str] | str = RULES,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
    list_all: bool = False,
    progress: ProgressCallback | None = None,
) -> LadderResult:
    """The shortest word ladders from ``start`` to ``end``: the most common one, and how many.

    Breadth-first distances from both ends pick the words on some shortest ladder (distance
    from start + distance to end = the ladder's length); layer by layer, the number of ladders
    reaching each word is the sum over its predecessors, which counts them exactly without
    listing them. The ladder shown has the least obscure rarest word, then the least total
    obscurity, then comes first alphabetically.

    Parameters
    ----------
    start, end : str
        The two words (different ones, each in the lexicon).
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    rules : str or sequence of str
        Which steps join words: ``change`` (a letter), ``addremove`` (a letter), ``anagram``
        (default: all three; Lewis Carroll's doublets are ``"change"``).
    min_length : int
        The shortest word allowed (1 to 64, default 3).
    exclude : sequence of str
        Words the ladder may not use.
    list_all : bool
        List every shortest ladder too (at most 100,000), most common first.
    progress : callable, optional
        ``progress(description, done, total)``, called between the stages of the search.

    Returns
    -------
    LadderResult
        ``path``, ``steps``, ``count`` and, with ``list_all``, ``ladders``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"])
    >>> result = ladder("cat", "dog", lexicon=lex, list_all=True)
    >>> result.steps, result.count, result.ladders
    (3, 2, [['cat', 'cot', 'dot', 'dog'], ['cat', 'cot', 'cog', 'dog']])
    >>> ladder("cat", "dog", lexicon=lex, exclude=["dot"]).path
    ['cat', 'cot', 'cog', 'dog']
    >>> ladder("cold", "warm").count
    6

    References
    ----------
    - Word ladders, Lewis Carroll's "Doublets" (1877–79): https://en.wikipedia.org/wiki/Word_ladder
    """
    start = parse_letters(validate.text("start", start), "start")
    end = parse_letters(validate.text("end", end), "end")
    list_all = validate.flag("list_all", list_all)
    progress = check_progress(progress)
    report(progress, "finding ladders", 0, 3)
    graph = word_graph(lexicon=lexicon, rules=rules, min_length=min_length, exclude=exclude)
    start, end = check_words(graph, [start, end], "ladder")
    if start == end:
        raise InputError(f"a ladder needs two different words, got {start} twice")
    report(progress, "finding ladders", 1, 3)
    layers = ladder_dag(graph, start, end)
    count = count_ladders(layers, graph)
    path = most_common_ladder(graph, layers)
    report(progress, "finding ladders", 2, 3)
    ladders = None
    if list_all:
        if count > MAX_LISTED:
            raise InputError(
                f"{count:,} shortest ladders are too many to list (at most {MAX_LISTED:,})",
                parameter="list_all",
            )
        ladders = all_ladders(graph, layers)
    report(progress, "finding ladders", 3, 3)
    return LadderResult(
        start=start,
        end=end,
        path=path,
        count=count,
        ladders=ladders,
        rules=graph.rules,
        min_length=graph.min_length,
        lexicon=graph.lexicon,
    )


def _distances(adjacency, source: int, stop: int | None = None, limit: int | None = None):
    """Breadth-first distances from ``source`` over CSR arrays (-1: not reached), stopping
    once ``stop`` is reached or after ``limit`` layers."""
    n = len(adjacency.indptr) - 1
    dist = np.full(n, -1, dtype=np.int64)
    dist[source] = 0
    frontier, d = np.array([source], dtype=np.int64), 0
    while len(frontier) and (limit is None or d < limit):
        if stop is not None and dist[stop] >= 0:
            break
        span = ranges(adjacency.indptr[frontier], adjacency.indptr[frontier + 1])
        nbrs = adjacency.indices[span]
        frontier = sorted_unique(nbrs[dist[nbrs] < 0])
        d += 1
        dist[frontier] = d
    return dist


def ladder_dag(graph: WordGraph, start: str, end: str) -> list[np.ndarray]:
    """The words on shortest ladders, layer by layer: ``layers[i]`` holds the sorted word ids
    at distance i from ``start`` (steps go from a layer to the next). Raises
    :class:`NoSolutionError` if no ladder exists.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> [a.tolist() for a in ladder_dag(graph, "cat", "dog")]
    [[0], [2], [1, 4], [3]]
    """
    lex = graph.lexicon
    s, t = lex.word_id(start), lex.word_id(end)
    from_start = _distances(graph, s, stop=t)
    length = int(from_start[t])
    if length < 0:
        reach = [int((from_start >= 0).sum()), int((_distances(graph, t) >= 0).sum())]
        raise NoSolutionError(
            f"no ladder from {start} to {end}: they are in different parts of the word graph "
            f"({start}'s has {reach[0]:,} words, {end}'s {reach[1]:,})"
        )
    to_end = _distances(graph, t, limit=length)
    on_path = np.flatnonzero((from_start >= 0) & (to_end >= 0) & (from_start + to_end == length))
    level = from_start[on_path]
    return [on_path[level == i] for i in range(length + 1)]


def _layer_steps(adjacency, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The steps from words ``a`` to words ``b`` (sorted) as positions ``(row, col)`` into them:
    the neighbours of each word of ``a`` from the CSR arrays, looked up in ``b``."""
    starts, ends = adjacency.indptr[a], adjacency.indptr[a + 1]
    nbrs = adjacency.indices[ranges(starts, ends)]
    rows = np.repeat(np.arange(len(a)), ends - starts)
    pos = np.searchsorted(b, nbrs)
    hit = pos < len(b)
    hit[hit] = b[pos[hit]] == nbrs[hit]
    return rows[hit], pos[hit]


def count_ladders(layers: list[np.ndarray], adjacency) -> int:
    """The exact number of shortest ladders: ladders into each word of a layer, summed over the
    steps from the previous layer (int64 sums, Python integers when they might overflow).
    ``adjacency`` is anything with CSR ``indptr`` and ``indices`` (a :class:`WordGraph`).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> count_ladders(ladder_dag(graph, "cat", "dog"), graph)
    2
    """
    counts = np.ones(1, dtype=np.int64)
    exact: list[int] | None = None
    for a, b in itertools.pairwise(layers):
        row, col = _layer_steps(adjacency, a, b)
        if exact is None:
            values = counts[row]
            estimate = np.bincount(col, weights=values.astype(np.float64), minlength=len(b))
            if estimate.max(initial=0) < 2.0**62:
                counts = np.zeros(len(b), dtype=np.int64)
                np.add.at(counts, col, values)
                continue
            exact = [int(c) for c in counts]
        nxt = [0] * len(b)
        for i, j in zip(row.tolist(), col.tolist(), strict=True):
            nxt[j] += exact[i]
        exact = nxt
    return int(counts[0]) if exact is None else int(exact[0])


def most_common_ladder(graph: WordGraph, layers: list[np.ndarray]) -> list[str]:
    """The shortest ladder whose most obscure intermediate word is least obscure, then with the
    least total obscurity, then alphabetically first (two dynamic programmes over the layers).

    The programmes run from ``end`` back to ``start``, so that following the best successor
    from ``start``, the earliest word on ties, gives the alphabetically first best ladder.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> most_common_ladder(graph, ladder_dag(graph, "cat", "dog"))
    ['cat', 'cot', 'dot', 'dog']
    """
    layers = layers[::-1]
    obsc = obscurity(graph.lexicon.zipfs)
    inner = layers[1:-1]
    worst = 0
    if inner:  # the least possible maximum obscurity: bottleneck DP
        best = np.zeros(1, dtype=np.int64)
        for a, b in itertools.pairwise(layers[:-1]):
            row, col = _layer_steps(graph, a, b)
            nxt = np.full(len(b), np.iinfo(np.int64).max)
            np.minimum.at(nxt, col, np.maximum(best[row], obsc[b][col]))
            best = nxt
        row, _ = _layer_steps(graph, layers[-2], layers[-1])
        worst = int(best[row].min())
    # least total obscurity using only words no more obscure than `worst`
    total = np.zeros(1, dtype=np.int64)
    back: list[np.ndarray] = []
    big = np.iinfo(np.int64).max // 4
    for i, (a, b) in enumerate(itertools.pairwise(layers)):
        row, col = _layer_steps(graph, a, b)
        last = i == len(layers) - 2
        cost = np.zeros(len(b), np.int64) if last else obsc[b]
        allowed = np.ones(len(b), dtype=bool) if last else obsc[b] <= worst
        ok = (total[row] < big) & allowed[col]
        cand = np.where(ok, total[row] + cost[col], big)
        # the cheapest predecessor of each word; ties go to the earliest word
        order = np.lexsort((row, cand, col))
        firsts = np.concatenate(([True], col[order][1:] != col[order][:-1]))
        pick = order[firsts]
        nxt = np.full(len(b), big, dtype=np.int64)
        prev = np.full(len(b), -1, dtype=np.int64)
        nxt[col[pick]] = cand[pick]
        prev[col[pick]] = row[pick]
        total = nxt
        back.append(prev)
    path_local = [0]
    for prev in reversed(back):
        path_local.append(int(prev[path_local[-1]]))
    path_local.reverse()
    words = graph.lexicon.words
    return [words[layer[i]] for layer, i in zip(layers, path_local, strict=True)][::-1]


def all_ladders(graph: WordGraph, layers: list[np.ndarray]) -> list[list[str]]:
    """Every shortest ladder, most common first (as :func:`most_common_ladder` ranks them).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> all_ladders(graph, ladder_dag(graph, "cat", "dog"))[1]
    ['cat', 'cot', 'cog', 'dog']
    """
    paths: list[list[int]] = [[0]]
    for a, b in itertools.pairwise(layers):
        row, col = _layer_steps(graph, a, b)
        nexts: dict[int, list[int]] = {}
        for i, j in zip(row.tolist(), col.tolist(), strict=True):
            nexts.setdefault(i, []).append(j)
        paths = [[*p, j] for p in paths for j in nexts.get(p[-1], [])]
    obsc = obscurity(graph.lexicon.zipfs)
    words = graph.lexicon.words
    ids = [[int(layer[i]) for layer, i in zip(layers, p, strict=True)] for p in paths]

    def rank(path: list[int]) -> tuple[int, int, list[str]]:
        inner = [int(obsc[i]) for i in path[1:-1]]
        return (max(inner, default=0), sum(inner), [words[i] for i in path])

    ids.sort(key=rank)
    return [[words[i] for i in p] for p in ids]
