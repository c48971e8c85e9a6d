"""The word graph: every word of a lexicon joined to its neighbours, and the checks of words.

The graph of a (lexicon, rules, minimum length) is built once (:mod:`._buckets`), cached on disk
by the lexicon's identity and kept in memory for the next calls; exclusions are applied
afterwards, which is cheap.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> graph = word_graph(lexicon=Lexicon.from_words(["cold", "cord", "word"]))
>>> graph.neighbours("cord"), graph.n_edges
(['cold', 'word'], 2)
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from letterplay import cache, validate
from letterplay.errors import InputError, UnknownWordError
from letterplay.letters import ALPHABET, parse_letters, term
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.multiplets._buckets import adjacency_arrays
from letterplay.multiplets.rules import MAX_MIN_LENGTH, MIN_LENGTH, RULE_BIT, RULES, parse_rules

if TYPE_CHECKING:
    import scipy.sparse as sp

__all__ = [
    "WordGraph",
    "check_words",
    "checked_words",
    "near_words",
    "target_words",
    "word_graph",
]

GRAPH_VERSION = 1  # bump when the cached graph's arrays change meaning
KEPT = 4  # word graphs kept in memory (the web asks for the same few again and again)

_kept: OrderedDict[str, WordGraph] = OrderedDict()
_kept_lock = threading.Lock()


@dataclass(frozen=True, eq=False)
class WordGraph:
    """The word graph of a lexicon: node ``i`` is ``lexicon.words[i]``.

    A symmetric CSR matrix as three arrays: the neighbours of word ``i`` are
    ``indices[indptr[i]:indptr[i + 1]]`` (sorted), and ``data`` holds the bits
    (:data:`~letterplay.multiplets.rules.RULE_BIT`) of the rules that join them. Words shorter
    than ``min_length`` and excluded words are isolated nodes (no edges), so node numbers stay
    word numbers.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["plus", "plum", "plums", "lumps"]))
    >>> graph.neighbours("plums"), graph.rules_between("plums", "lumps")
    (['lumps', 'plum', 'plus'], ('anagram',))
    >>> graph.without(["plum"]).neighbours("plums")
    ['lumps', 'plus']
    """

    lexicon: Lexicon
    indptr: np.ndarray
    indices: np.ndarray
    data: np.ndarray
    rules: tuple[str, ...]
    min_length: int
    excluded: frozenset[str] = frozenset()

    @cached_property
    def adjacency(self) -> sp.csr_matrix:
        """The graph as a scipy CSR matrix (imports scipy: the network searches need it)."""
        import scipy.sparse as sp

        n = len(self.lexicon)
        return sp.csr_matrix((self.data, self.indices, self.indptr), shape=(n, n))

    @property
    def n_edges(self) -> int:
        """Number of (undirected) edges."""
        return len(self.indices) // 2

    def usable(self, word: str) -> bool:
        """Whether ``word`` is a node that may carry edges (in the lexicon, long enough,
        not excluded)."""
        return len(word) >= self.min_length and word not in self.excluded and word in self.lexicon

    def _row(self, i: int) -> np.ndarray:
        return self.indices[self.indptr[i] : self.indptr[i + 1]]

    def neighbours(self, word: str) -> list[str]:
        """The neighbours of ``word`` in the graph, in lexicon order."""
        i = self.lexicon.word_id(word)
        return [] if i < 0 else [self.lexicon.words[j] for j in self._row(i).tolist()]

    def rules_between(self, a: str, b: str) -> tuple[str, ...]:
        """The rules that join words ``a`` and ``b`` (empty if they are not neighbours)."""
        i, j = self.lexicon.word_id(a), self.lexicon.word_id(b)
        if i < 0 or j < 0:
            return ()
        row = self._row(i)
        at = int(np.searchsorted(row, j))
        if at == len(row) or row[at] != j:
            return ()
        bits = int(self.data[self.indptr[i] + at])
        return tuple(r for r in RULES if bits & RULE_BIT[r])

    def without(self, words: Iterable[str]) -> WordGraph:
        """The same graph with the edges of ``words`` removed (cheap: one pass over edges)."""
        ids = [i for i in (self.lexicon.word_id(w) for w in words) if i >= 0]
        if not ids:
            return self
        keep = np.ones(len(self.indptr) - 1, dtype=bool)
        keep[ids] = False
        rows = np.repeat(np.arange(len(keep)), np.diff(self.indptr))
        mask = keep[rows] & keep[self.indices]
        indptr = np.concatenate(([0], np.cumsum(np.bincount(rows[mask], minlength=len(keep)))))
        return dataclasses.replace(
            self,
            indptr=indptr.astype(np.int64),
            indices=self.indices[mask],
            data=self.data[mask],
            excluded=self.excluded | {self.lexicon.words[i] for i in ids},
        )


def checked_words(name: str, values: object) -> list[str]:
    """Words lower-cased and checked to be a–z letters (a lone string is an error)."""
    return [parse_letters(w, name) for w in validate.words(name, values)]


def target_words(name: str, values: object) -> list[str]:
    """The puzzle's words, given as a sequence or as one text (separated by commas or white
    space): lower-cased, checked, de-duplicated in order."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    return list(dict.fromkeys(checked_words(name, values)))


def word_graph(
    *,
    lexicon: Lexicon | str | None = None,
    rules: Sequence[str] | str = RULES,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
) -> WordGraph:
    """The word graph of a lexicon: its words joined to their neighbours under ``rules``.

    Built once per (lexicon, rules, minimum length), cached on disk by the lexicon's identity
    and kept in memory for the next calls; ``exclude`` is applied afterwards, which is cheap.
    :func:`solve` and :func:`ladder` search this graph.

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    rules : str or sequence of str
        The rules that join words: any of ``change``, ``addremove``, ``anagram`` (names, or
        one comma-separated string; default: all three).
    min_length : int
        The shortest word of the graph, 1 to 64 (default 3); shorter words have no edges.
    exclude : sequence of str
        Words the graph leaves out (they keep no edges).

    Returns
    -------
    WordGraph
        ``neighbours(word)``, ``rules_between(a, b)``, ``n_edges``, ``adjacency`` (scipy).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["plus", "plum", "plums", "lumps"]))
    >>> graph.neighbours("plums"), graph.rules_between("plums", "lumps")
    (['lumps', 'plum', 'plus'], ('anagram',))
    >>> word_graph(lexicon=graph.lexicon, exclude="one")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `exclude` must be a sequence of words, not the string 'one'
    >>> word_graph(rules="change").neighbours("cold")[:4]
    ['bold', 'coed', 'cola', 'cole']

    References
    ----------
    - Word ladders, Lewis Carroll's "Doublets" (1877–79): https://en.wikipedia.org/wiki/Word_ladder
    """
    rules = parse_rules(rules)
    min_length = validate.whole("min_length", min_length, low=1, high=MAX_MIN_LENGTH)
    excluded = checked_words("exclude", exclude)
    lexicon = as_lexicon(lexicon)
    key = f"{lexicon.sha256}:wordgraph:{','.join(rules)}:{min_length}:v{GRAPH_VERSION}"
    with _kept_lock:
        graph = _kept.get(key)
        if graph is not None:
            _kept.move_to_end(key)
    if graph is None:

        def build() -> dict[str, np.ndarray]:
            indptr, indices, data = adjacency_arrays(lexicon, rules, min_length)
            return {"indptr": indptr, "indices": indices, "data": data}

        # tiny lists build faster than a file is read
        arrays = cache.cached("wordgraph", key, build) if cache.worth_caching(lexicon) else build()
        graph = WordGraph(
            lexicon,
            indptr=arrays["indptr"],
            indices=arrays["indices"],
            data=arrays["data"],
            rules=rules,
            min_length=min_length,
        )
        with _kept_lock:
            _kept[key] = graph
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    if graph.lexicon is not lexicon:  # the same words under another name: the result says which
        graph = dataclasses.replace(graph, lexicon=lexicon)
    return graph.without(excluded)


def near_words(lexicon: Lexicon, word: str, limit: int = 5) -> list[str]:
    """Words of ``lexicon`` one step from ``word`` (changed, added or removed letter, anagram),
    most common first: suggestions for a word the lexicon lacks.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> near_words(Lexicon.from_words(["cold", "cord", "word"]), "wold")
    ['word', 'cold']
    """
    if len(word) > MAX_MIN_LENGTH:  # longer than any word a list holds: nothing is near
        return []
    candidates = set()
    for i in range(len(word) + 1):
        for ch in ALPHABET:
            candidates.add(word[:i] + ch + word[i:])
            if i < len(word):
                candidates.add(word[:i] + ch + word[i + 1 :])
        if i < len(word):
            candidates.add(word[:i] + word[i + 1 :])
    found = [w for w in candidates if w != word and w in lexicon]
    if not found:  # anagrams: the words sharing the word's term
        terms, key = lexicon.index.terms, term(word).encode("ascii")
        at = int(np.searchsorted(terms, key))
        if at < len(terms) and terms[at] == key:
            found = [lexicon.words[i] for i in np.flatnonzero(lexicon.index.term_ids == at)]
    found.sort(key=lambda w: (-lexicon.zipf(w), w))
    return found[:limit]


def check_words(graph: WordGraph, words: Sequence[str], what: str = "target") -> list[str]:
    """``words`` (checked letters, lower case) after checking each is in the lexicon, long
    enough and not excluded; raises a one-line :class:`InputError` / :class:`UnknownWordError`.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cold", "cord", "word"], name="tiny"))
    >>> check_words(graph, ["cold", "word"])
    ['cold', 'word']
    >>> check_words(graph, ["cold", "wird"])
    Traceback (most recent call last):
    ...
    letterplay.errors.UnknownWordError: target word not in lexicon tiny: wird (near: word)
    """
    unknown = [w for w in words if w not in graph.lexicon]
    if unknown:
        hints = []
        for w in unknown:
            near = near_words(graph.lexicon, w)
            shown = w if len(w) <= 40 else f"{w[:40]}… ({len(w):,} letters)"
            hints.append(f"{shown} (near: {', '.join(near)})" if near else shown)
        plural = "s" if len(unknown) > 1 else ""
        raise UnknownWordError(
            f"{what} word{plural} not in lexicon {graph.lexicon.name}: {'; '.join(hints)}"
        )
    short = [w for w in words if len(w) < graph.min_length]
    if short:
        raise InputError(
            f"{what} word{'s' if len(short) > 1 else ''} shorter than the minimum length "
            f"{graph.min_length}: {', '.join(short)}"
        )
    excluded = [w for w in words if w in graph.excluded]
    if excluded:
        raise InputError(
            f"{what} word{'s' if len(excluded) > 1 else ''} excluded: {', '.join(excluded)}"
        )
    return list(words)
