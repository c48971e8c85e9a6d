"""Multiplets and word ladders: connecting words through a graph of one-step changes.

Seed 003's puzzle (New Scientist Enigma 288a). Two words are *neighbours* when one becomes the
other by one *rule*:

- ``change``: one letter is changed (MINUS → MINES);
- ``addremove``: one letter is added or removed (PLUS → PLUMS);
- ``anagram``: the letters are rearranged (PLUMS → LUMPS), i.e. the words share a term.

The *word graph* joins every pair of neighbours among the lexicon's words of at least
``min_length`` letters. A *multiplet* is a set of *target* words; a *network* connecting them is a
tree of the word graph containing every target, and its other words are *link words*. The puzzle
asks for a network with as few link words as possible: the Steiner tree problem in graphs, solved
exactly by :mod:`letterplay.steiner` with a lower bound that proves the answer. Among networks of
minimum size, the one whose words are most common wins (sum of *obscurity*, see
:func:`obscurity`). :func:`multiplet_brute_force` is the simple definition (try every set of link
words) that the tests hold :func:`multiplet` to.

A *ladder* is a shortest path of the word graph from one word to another (Lewis Carroll's
doublets, when only ``change`` is allowed). :func:`ladder` finds the most common one and counts
them all with breadth-first layers over the graph's CSR arrays (numpy only: a ladder on a cached
graph never imports scipy); :func:`ladder_bfs` is the plain word-by-word breadth-first search.

The word graph is never built by comparing word pairs: each rule puts words into *buckets* by a
key, and words sharing a bucket are neighbours —

- change: for each position, the word with that position blanked (``c_ld`` for ``cold``);
- add/remove: each word's one-letter deletions, matched against the shorter words themselves;
- anagram: the word's term (``lexicon.index.term_ids``).

Keys are packed into integers (5 bits a letter) and grouped with numpy sorts; the graph is a CSR
matrix (``indptr``, ``indices``, ``data``) whose entries say which rules join two words, cached
on disk by the lexicon's identity, the rules and the minimum length.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words("cold cord card ward warm word worm".split(), name="tiny")
>>> graph = word_graph(lex, ["change"])
>>> ladder(graph, "cold", "warm").path
['cold', 'cord', 'word', 'ward', 'warm']
>>> result = multiplet(graph, ["cold", "ward", "worm"])
>>> result.links, result.optimal, sorted(result.network.link_words)
(2, True, ['cord', 'word'])

References
----------
- Enigma 288a, "Multiplets", New Scientist #1435 (20 December 1984); the puzzle and solvers'
  programs are collected on Enigmatic Code (search "Enigma 288a"):
  https://enigmaticcode.wordpress.com/
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202 (the engine
  behind :func:`multiplet`). https://doi.org/10.1007/s12532-016-0110-1
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567 (the distance test of :func:`relevant_words`).
  https://doi.org/10.1002/net.3230190506
- Word ladders, Lewis Carroll's "Doublets" (1877–79): https://en.wikipedia.org/wiki/Word_ladder
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from letterplay import cache
from letterplay.errors import InputError, NoSolutionError, UnknownWordError
from letterplay.letters import ALPHABET, PAD, parse_letters, sorted_unique, term
from letterplay.progress import ProgressCallback, report
from letterplay.validate import number, whole
from letterplay.validate import words as word_list

if TYPE_CHECKING:
    import scipy.sparse as sp

    from letterplay.lexicon import Lexicon
    from letterplay.steiner import SteinerResult

__all__ = [
    "MAX_ALTERNATIVES",
    "MAX_LISTED",
    "MAX_MIN_LENGTH",
    "MIN_LENGTH",
    "RULES",
    "RULE_BIT",
    "LadderResult",
    "MultipletResult",
    "Network",
    "WordGraph",
    "all_ladders",
    "branches",
    "build_adjacency",
    "check_words",
    "count_ladders",
    "is_tree",
    "ladder",
    "ladder_bfs",
    "ladder_dag",
    "most_common_ladder",
    "multiplet",
    "multiplet_brute_force",
    "near_words",
    "obscurity",
    "parse_rules",
    "relevant_words",
    "solve_ladder",
    "solve_multiplet",
    "word_graph",
]

RULES = ("change", "addremove", "anagram")
RULE_BIT = {"change": 1, "addremove": 2, "anagram": 4}
MIN_LENGTH = 3
MAX_MIN_LENGTH = 64  # no word list has longer words worth a graph
MAX_ALTERNATIVES = 100
GRAPH_VERSION = 1  # bump when the cached graph's arrays change meaning

# ----------------------------------------------------------------------------- rules


def parse_rules(rules: str | Iterable[str] | None) -> tuple[str, ...]:
    """The edge rules named in ``rules`` (names, or one comma-separated string), in canonical
    order. None means all three rules.

    Examples
    --------
    >>> parse_rules(["anagram", "change"])
    ('change', 'anagram')
    >>> parse_rules("change,swap")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: rules: unknown rule 'swap'; choose from change, addremove, anagram
    """
    if rules is None:
        return RULES
    names = rules.split(",") if isinstance(rules, str) else word_list("rules", rules)
    names = [n.strip().lower() for n in names if n.strip()]
    unknown = [n for n in names if n not in RULES]
    if unknown or not names:
        raise InputError(
            f"rules: unknown rule {', '.join(map(repr, unknown)) or 'list (empty)'}; "
            f"choose from {', '.join(RULES)}"
        )
    return tuple(r for r in RULES if r in names)


# ----------------------------------------------------------------------------- word graph


def _ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The concatenation of ``arange(starts[i], ends[i])`` for every i, without a Python loop."""
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(starts - np.cumsum(lengths) + lengths, lengths)
    return offsets + np.arange(total)


@dataclass(frozen=True, eq=False)
class WordGraph:
    """The word graph of a lexicon: node ``i`` is ``lexicon.words[i]``.

    A symmetric CSR matrix as three arrays: the neighbours of word ``i`` are
    ``indices[indptr[i]:indptr[i + 1]]`` (sorted), and ``data`` holds the bits
    (:data:`RULE_BIT`) of the rules that join them. Words shorter than ``min_length`` and
    excluded words are isolated nodes (no edges), so node numbers stay word numbers.
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
        """The graph as a scipy CSR matrix (imports scipy: the engine's searches need it)."""
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
        excluded = self.excluded | {self.lexicon.words[i] for i in ids}
        return WordGraph(
            self.lexicon,
            indptr.astype(np.int64),
            self.indices[mask],
            self.data[mask],
            self.rules,
            self.min_length,
            excluded,
        )


def _checked_words(name: str, values: Iterable[str]) -> list[str]:
    """Words lower-cased and checked to be a–z letters (a lone string is an error)."""
    return [parse_letters(w, f"{name} word") for w in word_list(name, values)]


def word_graph(
    lexicon: Lexicon,
    rules: Sequence[str] | str | None = None,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
) -> WordGraph:
    """The word graph of ``lexicon`` under ``rules`` over words of ``min_length``+ letters
    (1 to :data:`MAX_MIN_LENGTH`).

    Built once per (lexicon, rules, min_length) and cached on disk; ``exclude`` (a sequence of
    words) are removed afterwards, which is cheap.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["plus", "plum", "plums", "lumps"]))
    >>> graph.neighbours("plums"), graph.rules_between("plums", "lumps")
    (['lumps', 'plum', 'plus'], ('anagram',))
    >>> word_graph(graph.lexicon, exclude="one")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: exclude must be a sequence of words, not the string 'one'
    """
    from letterplay.lexicon import Lexicon

    if not isinstance(lexicon, Lexicon):
        raise InputError(f"lexicon must be a Lexicon, not {type(lexicon).__name__}")
    rules = parse_rules(rules)
    min_length = whole("min_length", min_length, low=1, high=MAX_MIN_LENGTH)
    excluded = _checked_words("exclude", exclude)
    key = f"{lexicon.sha256}:wordgraph:{','.join(rules)}:{min_length}:v{GRAPH_VERSION}"

    def build() -> dict[str, np.ndarray]:
        indptr, indices, data = _adjacency_arrays(lexicon, rules, min_length)
        return {"indptr": indptr, "indices": indices, "data": data}

    # tiny lists build faster than a file is read
    arrays = cache.cached("wordgraph", key, build) if cache.worth_caching(lexicon) else build()
    graph = WordGraph(
        lexicon, arrays["indptr"], arrays["indices"], arrays["data"], rules, min_length
    )
    return graph.without(excluded)


def build_adjacency(lexicon: Lexicon, rules: Sequence[str], min_length: int) -> sp.csr_matrix:
    """The word graph's adjacency as a scipy CSR matrix (rule bits as entries), from bucket
    keys: no pair comparisons.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> build_adjacency(Lexicon.from_words(["cat", "cot", "act"]), RULES, 3).toarray().tolist()
    [[0, 4, 0], [4, 0, 1], [0, 1, 0]]
    """
    import scipy.sparse as sp

    indptr, indices, data = _adjacency_arrays(lexicon, parse_rules(rules), min_length)
    n = len(lexicon)
    return sp.csr_matrix((data, indices, indptr), shape=(n, n))


def _adjacency_arrays(lexicon: Lexicon, rules: Sequence[str], min_length: int):
    """``(indptr, indices, data)`` of the word graph: the pairs of each rule, merged."""
    index = lexicon.index
    lengths = index.lengths.astype(np.int64)
    ok = lengths >= min_length
    n = len(lexicon)
    parts: list[tuple[np.ndarray, np.ndarray, int]] = []
    if "change" in rules:
        parts.append((*_change_pairs(index.codes, lengths, ok), RULE_BIT["change"]))
    if "addremove" in rules:
        parts.append((*_addremove_pairs(index.codes, lengths, ok), RULE_BIT["addremove"]))
    if "anagram" in rules:
        parts.append((*_bucket_pairs(index.term_ids[ok], np.flatnonzero(ok)), RULE_BIT["anagram"]))
    if sum(len(p[0]) for p in parts) == 0:
        return np.zeros(n + 1, np.int64), np.zeros(0, np.int32), np.zeros(0, np.uint8)
    rows = np.concatenate([p[0] for p in parts] + [p[1] for p in parts])
    cols = np.concatenate([p[1] for p in parts] + [p[0] for p in parts])
    bits = np.concatenate([np.full(len(p[0]), p[2], np.uint8) for p in parts] * 2)
    # Two rules, or two deletions (b-e-et, be-e-t), can join the same pair: OR their bits.
    key = rows * n + cols
    order = np.argsort(key, kind="stable")
    key, bits = key[order], bits[order]
    first = np.concatenate(([True], key[1:] != key[:-1]))
    merged = np.bitwise_or.reduceat(bits, np.flatnonzero(first))
    key = key[first]
    indptr = np.searchsorted(key, np.arange(n + 1, dtype=np.int64) * n)
    return indptr.astype(np.int64), (key % n).astype(np.int32), merged.astype(np.uint8)


SYMBOLS_PER_KEY = 12  # 5-bit symbols in one uint64 key column
BLANK = np.uint64(27)  # the symbol of a blanked position (letters are 1..26, padding 0)


def _symbols(codes: np.ndarray) -> np.ndarray:
    """Letter codes as key symbols: letters 0..25 become 1..26, :data:`PAD` becomes 0."""
    sym = codes.astype(np.uint64) + np.uint64(1)
    sym[codes == PAD] = 0
    return sym


def _pack(sym: np.ndarray) -> np.ndarray:
    """Pack rows of symbols into integer keys, 5 bits a symbol, 12 symbols a column.

    Two rows have equal keys exactly when they hold the same symbols. Returns (M, C) uint64
    with C = ceil(width / 12)."""
    columns = []
    for start in range(0, max(sym.shape[1], 1), SYMBOLS_PER_KEY):
        chunk = sym[:, start : start + SYMBOLS_PER_KEY]
        shifts = np.arange(chunk.shape[1], dtype=np.uint64) * np.uint64(5)
        columns.append(np.bitwise_or.reduce(chunk << shifts, axis=1))
    return np.stack(columns, axis=1)


def _group_ids(keys: np.ndarray) -> np.ndarray:
    """A group number for each row of ``keys`` (M, C): equal rows, equal numbers."""
    if keys.shape[1] == 1:
        return np.unique(keys[:, 0], return_inverse=True)[1].reshape(-1)
    order = np.lexsort(keys.T[::-1])
    ordered = keys[order]
    new = np.concatenate(([True], np.any(ordered[1:] != ordered[:-1], axis=1)))
    ids = np.empty(len(keys), dtype=np.int64)
    ids[order] = np.cumsum(new) - 1
    return ids


def _bucket_pairs(buckets: np.ndarray, members: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every pair (a, b), a < b, of ``members`` that share a bucket number.

    Vectorised: members are sorted by bucket, and a member at rank r in a bucket of size s is
    paired with the s - r - 1 members after it."""
    if len(members) == 0:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    order = np.argsort(buckets, kind="stable")
    b, m = buckets[order], np.asarray(members, dtype=np.int64)[order]
    starts = np.flatnonzero(np.concatenate(([True], b[1:] != b[:-1])))
    sizes = np.diff(np.append(starts, len(b)))
    end = np.repeat(starts + sizes, sizes)  # one past the last member of each member's bucket
    later = end - np.arange(len(b)) - 1  # how many members follow each one in its bucket
    left = np.repeat(np.arange(len(b)), later)
    offset = np.arange(len(left)) - np.repeat(np.cumsum(later) - later, later)
    right = left + 1 + offset
    a, c = m[left], m[right]
    return np.minimum(a, c), np.maximum(a, c)


def _by_length(lengths: np.ndarray, ok: np.ndarray) -> dict[int, np.ndarray]:
    words = np.flatnonzero(ok)
    order = np.argsort(lengths[words], kind="stable")
    words = words[order]
    ls = lengths[words]
    cuts = np.flatnonzero(np.diff(ls)) + 1
    return {
        int(group[0]): w
        for group, w in zip(np.split(ls, cuts), np.split(words, cuts), strict=True)
        if len(w)
    }


def _empty_pairs() -> tuple[np.ndarray, np.ndarray]:
    return np.empty(0, np.int64), np.empty(0, np.int64)


def _concat_pairs(pairs: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not pairs:
        return _empty_pairs()
    return np.concatenate([p[0] for p in pairs]), np.concatenate([p[1] for p in pairs])


def _change_pairs(
    codes: np.ndarray, lengths: np.ndarray, ok: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Neighbours by one changed letter: words of one length that are equal once the same
    position is blanked. A blanked key is the word's key with one symbol replaced, so all
    (word, position) keys of a length come from one array expression."""
    pairs = []
    for n, words in _by_length(lengths, ok).items():
        sym = _symbols(codes[words, :n])
        base = _pack(sym)  # (M, C)
        keys = np.repeat(base[:, None, :], n, axis=1)  # (M, n, C): one row per blanked position
        positions = np.arange(n)
        shifts = (positions % SYMBOLS_PER_KEY).astype(np.uint64) * np.uint64(5)
        keys[:, positions, positions // SYMBOLS_PER_KEY] += (BLANK - sym) << shifts
        buckets = _group_ids(keys.reshape(len(words) * n, -1))
        pairs.append(_bucket_pairs(buckets, np.repeat(words, n)))
    return _concat_pairs(pairs)


def _addremove_pairs(
    codes: np.ndarray, lengths: np.ndarray, ok: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Neighbours by one added or removed letter: a word's one-letter deletions that are
    words themselves (of at least the minimum length). Returns (shorter, longer) pairs."""
    groups = _by_length(lengths, ok)
    pairs = []
    for n, parents in groups.items():
        children = groups.get(n - 1)
        if children is None:
            continue
        deleted = _deletion_keys(_symbols(codes[parents, :n]))  # (M * n, C)
        child_keys = _pack(_symbols(codes[children, : n - 1]))
        ids = _group_ids(np.concatenate((child_keys, deleted)))
        owner = np.full(int(ids.max()) + 1, -1, dtype=np.int64)
        owner[ids[: len(children)]] = children
        child = owner[ids[len(children) :]]
        hit = child >= 0
        pairs.append((child[hit], np.repeat(parents, n)[hit]))
    return _concat_pairs(pairs)


def _deletion_keys(sym: np.ndarray) -> np.ndarray:
    """Keys of every one-letter deletion of rows of ``sym`` (M, n): (M * n, C), row-major by
    (word, deleted position)."""
    m, n = sym.shape
    if n <= SYMBOLS_PER_KEY:  # one key column: deleting a symbol is two masks and a shift
        base = _pack(sym)[:, :1]  # (M, 1)
        shift = np.arange(n, dtype=np.uint64) * np.uint64(5)
        low = base & ((np.uint64(1) << shift) - np.uint64(1))
        high = (base >> (shift + np.uint64(5))) << shift
        return (low | high).reshape(m * n, 1)
    keep = ~np.eye(n, dtype=bool)  # row p: every position but p
    cut = np.broadcast_to(sym[:, None, :], (m, n, n))[:, keep].reshape(m * n, n - 1)
    return _pack(cut)


# ----------------------------------------------------------------------------- commonness


def obscurity(zipf: np.ndarray | float) -> np.ndarray:
    """A word's *obscurity*: ``round(100 * (8 - zipf))`` — 0 for the commonest words, 800 for
    words wordfreq has never seen. A network's obscurity is the sum over its words; among
    networks of minimum size the least obscure is preferred.

    Examples
    --------
    >>> obscurity([7.5, 3.0, 0.0]).tolist()
    [50, 500, 800]
    """
    return np.rint(100 * (8 - np.clip(np.asarray(zipf, dtype=np.float64), 0, 8))).astype(np.int64)


# ----------------------------------------------------------------------------- input checks


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
    """Lower-cased ``words`` after checking each is letters, in the lexicon, long enough and
    not excluded; raises a one-line :class:`InputError` / :class:`UnknownWordError`.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cold", "cord", "word"], name="tiny"))
    >>> check_words(graph, ["Cold", "WORD"])
    ['cold', 'word']
    >>> check_words(graph, ["cold", "wird"])
    Traceback (most recent call last):
    ...
    letterplay.errors.UnknownWordError: target word not in lexicon tiny: wird (near: word)
    """
    cleaned = _checked_words(f"{what}s", words)
    unknown = [w for w in cleaned if w not in graph.lexicon]
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
    short = [w for w in cleaned if len(w) < graph.min_length]
    if short:
        raise InputError(
            f"{what} word{'s' if len(short) > 1 else ''} shorter than the minimum length "
            f"{graph.min_length}: {', '.join(short)}"
        )
    excluded = [w for w in cleaned if w in graph.excluded]
    if excluded:
        raise InputError(
            f"{what} word{'s' if len(excluded) > 1 else ''} excluded: {', '.join(excluded)}"
        )
    return cleaned


# ----------------------------------------------------------------------------- multiplets


@dataclass
class Network:
    """A network connecting targets: a tree of the word graph whose other words are link words.

    ``obscurity`` is the sum of :func:`obscurity` over its link words; ``optimal`` says whether
    it is proven to be the least obscure network of its size (under its constraints);
    ``edge_rules`` (not part of the JSON) names the rules joining each edge, for drawing."""

    targets: list[str]
    link_words: list[str]
    edges: list[tuple[str, str]]
    obscurity: int | None  # None when commonness was not asked for
    optimal: bool = False
    edge_rules: dict[tuple[str, str], tuple[str, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def links(self) -> int:
        """Number of link words."""
        return len(self.link_words)

    @property
    def words(self) -> list[str]:
        """Every word of the network: targets, then link words."""
        return self.targets + self.link_words

    def branches(self) -> list[list[str]]:
        """The network as branches, as seed 003 writes it (see :func:`branches`)."""
        return branches(self.edges, self.targets)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: links, link words, edges, obscurity, optimal."""
        return {
            "links": self.links,
            "link_words": self.link_words,
            "edges": [list(e) for e in self.edges],
            "obscurity": self.obscurity,
            "optimal": self.optimal,
        }


@dataclass
class MultipletResult:
    """The smallest network connecting a multiplet's targets, and how far it is proven.

    - ``links``: number of link words of ``network``; ``lower_bound``: no network has fewer;
      ``optimal``: the two are equal, so ``links`` is the proven minimum.
    - ``tie_break_proven``: among networks with ``links`` link words, none is less obscure.
    - ``alternatives``: other networks of minimum size, each the least obscure one avoiding a
      link word of ``network``, least obscure first.
    """

    targets: list[str]
    network: Network
    lower_bound: int
    optimal: bool
    tie_break_proven: bool
    alternatives: list[Network] = field(default_factory=list)
    searched_words: int = 0
    seconds: float = 0.0
    rules: tuple[str, ...] = RULES
    min_length: int = MIN_LENGTH
    excluded: list[str] = field(default_factory=list)

    @property
    def links(self) -> int:
        """Number of link words of the network."""
        return self.network.links

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of a multiplet (the multiplet command and the web API print it)."""
        return {
            "targets": self.targets,
            "links": self.links,
            "link_words": self.network.link_words,
            "edges": [list(e) for e in self.network.edges],
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "tie_break_proven": self.tie_break_proven,
            "obscurity": self.network.obscurity,
            "branches": self.network.branches(),
            "alternatives": [a.to_dict() for a in self.alternatives],
            "searched_words": self.searched_words,
            "seconds": round(self.seconds, 3),
            "rules": list(self.rules),
            "min_length": self.min_length,
            "exclude": self.excluded,
        }


@dataclass
class _Searched:
    """The part of the graph a multiplet's searches run on, and what the size search proved."""

    words: list[str]
    nodes: np.ndarray  # word ids, targets first
    sub: Any  # unit-weight adjacency among them
    size: SteinerResult  # the fewest-link-words search
    deadline: float | None
    progress: ProgressCallback | None

    @property
    def k(self) -> int:
        return len(self.words)

    @property
    def links(self) -> int:
        return self.size.cost + 1 - self.k

    @property
    def big(self) -> int:
        """An edge weight above any obscurity sum of a network that small."""
        return 800 * (self.links + 1) + 1


def multiplet(
    graph: WordGraph,
    targets: Sequence[str],
    *,
    time_limit: float | None = None,
    alternatives: int = 0,
    prefer_common: bool = True,
    progress: ProgressCallback | None = None,
) -> MultipletResult:
    """The network connecting ``targets`` with the fewest link words, proven by the Steiner
    engine, and among those the least obscure (sum of :func:`obscurity` of its link words).

    Two exact searches on the part of the graph that can matter (:func:`relevant_words`):
    first with unit edge weights (cost = edges = link words + targets - 1), which proves the
    size; then with edge weight ``big`` and each link word's obscurity as node weight, so the
    cost is ``big * edges + obscurity`` — the lexicographic order, since ``big`` exceeds any
    obscurity sum of a network that small (skipped when ``prefer_common`` is False: any
    smallest network will do). ``time_limit`` (seconds, finite, at least 0) bounds the whole
    call; when it runs out the best network found is returned with ``optimal`` /
    ``tie_break_proven`` False and the bound reached. ``alternatives`` (0 to
    :data:`MAX_ALTERNATIVES`) asks for other networks of the same size.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> result = multiplet(graph, ["cat", "dog"])
    >>> result.links, result.lower_bound, result.network.edges
    (2, 2, [('cat', 'cot'), ('cot', 'dot'), ('dog', 'dot')])
    >>> multiplet(graph, ["cat", "dog"], alternatives=-1)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: alternatives must be a whole number from 0 to 100, not -1
    """
    start = time.perf_counter()
    words, deadline, alternatives = _check_multiplet(graph, targets, time_limit, alternatives)
    searched = _size_search(graph, words, deadline, progress)
    network, lower, tie_proven, within = _commonest(graph, searched, prefer_common)
    optimal = lower >= network.links
    alts = []
    if alternatives > 0:
        within = within or _tie_break_words(graph, searched)
        alts = _alternatives(graph, words, network, within, searched.big, alternatives, deadline)
    return MultipletResult(
        targets=words,
        network=network,
        lower_bound=min(lower, network.links),
        optimal=optimal,
        tie_break_proven=tie_proven and optimal,
        alternatives=alts,
        searched_words=len(within[0] if within else searched.nodes),
        seconds=time.perf_counter() - start,
        rules=graph.rules,
        min_length=graph.min_length,
        excluded=sorted(graph.excluded),
    )


def _check_multiplet(graph, targets, time_limit, alternatives):
    """The checked targets, the deadline and the number of alternatives."""
    start = time.perf_counter()
    if time_limit is not None:
        time_limit = number("time_limit", time_limit, low=0)
    alternatives = whole("alternatives", alternatives, low=0, high=MAX_ALTERNATIVES)
    if not isinstance(graph, WordGraph):
        raise InputError(f"graph must be a WordGraph, not {type(graph).__name__}")
    words = check_words(graph, list(dict.fromkeys(word_list("targets", targets))))
    if len(words) < 2:
        raise InputError("a multiplet needs at least two different target words")
    return words, None if time_limit is None else start + time_limit, alternatives


def _size_search(graph: WordGraph, words: list[str], deadline, progress) -> _Searched:
    """The fewest link words: the Steiner tree with unit edge weights on the relevant words."""
    nodes, sub = relevant_words(graph, words)
    terminals = np.arange(len(words))  # relevant_words puts the targets first
    size = _steiner(sub, terminals, None, _left(deadline), progress, "fewest link words")
    return _Searched(words, nodes, sub, size, deadline, progress)


def _commonest(graph: WordGraph, s: _Searched, prefer_common: bool):
    """The least obscure network of the proven size (when ``prefer_common``): ``(network, lower
    bound on link words, tie-break proven, (word ids, adjacency, node weights) searched)``."""
    k, size = s.k, s.size
    link_lb = max(0, size.lower_bound + 1 - k)
    if not prefer_common:
        network = _network(graph, s.words, s.nodes, size.edges, False, False)
        return network, link_lb, False, None
    within = _tie_break_words(graph, s)
    nodes2, sub2, weights = within
    # The smallest network found is a good start: its obscurity bounds the search at once.
    where = {int(word): i for i, word in enumerate(nodes2)}
    start_nodes = [where.get(int(s.nodes[x]), -1) for x in size.nodes]
    common = _steiner(
        sub2 * s.big,
        np.arange(k),
        weights,
        _left(s.deadline),
        s.progress,
        "most common words",
        start_nodes if min(start_nodes) >= 0 else None,
    )
    best_nodes, best_edges, tie_proven = s.nodes, size.edges, False
    # Under a time limit the size search may stop first with more link words than this one.
    if len(common.edges) + 1 - k <= s.links:
        best_nodes, best_edges, tie_proven = nodes2, common.edges, common.optimal
    link_lb = max(link_lb, common.lower_bound // s.big + 1 - k)
    network = _network(graph, s.words, best_nodes, best_edges, tie_proven, True)
    return network, link_lb, tie_proven, within


def _tie_break_words(graph: WordGraph, s: _Searched):
    """``(word ids, adjacency, node weights)`` for the searches among networks of the proven
    size: the size proof bounds the relevant part again, more tightly."""
    nodes2, sub2 = relevant_words(graph, s.words, upper_bound=s.size.cost, within=(s.nodes, s.sub))
    weights = obscurity(graph.lexicon.zipfs[nodes2])
    weights[: s.k] = 0
    return nodes2, sub2, weights


def solve_multiplet(
    lexicon: Lexicon,
    targets: Sequence[str],
    *,
    rules: Sequence[str] | str | None = None,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
    time_limit: float | None = None,
    alternatives: int = 0,
    prefer_common: bool = True,
    progress: ProgressCallback | None = None,
) -> MultipletResult:
    """:func:`multiplet` on the :func:`word_graph` of ``lexicon``: the ``letterplay multiplet``
    command (and the web API) as one call.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cot", "cag", "cog", "dog"])
    >>> solve_multiplet(lex, ["cat", "dog"], exclude=["cot"]).network.link_words
    ['cag', 'cog']
    """
    graph = word_graph(lexicon, rules, min_length, exclude)
    return multiplet(
        graph,
        targets,
        time_limit=time_limit,
        alternatives=alternatives,
        prefer_common=prefer_common,
        progress=progress,
    )


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.01, deadline - time.perf_counter())


def _steiner(
    graph,
    terminals: np.ndarray,
    node_weights: np.ndarray | None,
    time_limit: float | None,
    progress: ProgressCallback | None = None,
    stage: str = "",
    start_nodes: list[int] | None = None,
) -> SteinerResult:
    from letterplay.steiner import steiner_tree

    def forward(description: str, done: int, total: int) -> None:
        report(progress, f"{stage}: {description}", done, total)

    return steiner_tree(
        graph,
        [int(t) for t in terminals],
        node_weights=node_weights,
        time_limit=time_limit,
        progress=forward if progress is not None else None,
        start_nodes=start_nodes,
    )


def relevant_words(
    graph: WordGraph,
    targets: Sequence[str],
    upper_bound: int | None = None,
    within: tuple[np.ndarray, sp.csr_matrix] | None = None,
) -> tuple[np.ndarray, sp.csr_matrix]:
    """The words that can belong to a smallest network, and the graph between them.

    A link word of a smallest network lies on the network's path between two targets, so its
    distances to its two nearest targets add up to at most the network's edge count; words
    farther than that from the targets are dropped (the *distance test*). Without
    ``upper_bound``, the bound is the minimum spanning tree of the targets' distances, whose
    paths always make a network that large or smaller. Raises :class:`NoSolutionError` naming
    the groups of targets that cannot be connected.

    Returns word ids (targets first, in order) and the unit-weight adjacency among them.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "dot", "dog", "zebra"]))
    >>> nodes, sub = relevant_words(graph, ["cat", "dot"])
    >>> [graph.lexicon.words[i] for i in nodes]
    ['cat', 'dot', 'cot']
    """
    from scipy.sparse import csgraph

    ids = np.array([graph.lexicon.word_id(w) for w in targets], dtype=np.int64)
    if within is None:
        nodes, adjacency, local = _targets_component(graph, list(targets), ids)
    else:
        nodes, adjacency = within
        local = np.arange(len(ids))  # targets come first there
    dist = csgraph.shortest_path(adjacency, unweighted=True, directed=False, indices=local)
    if upper_bound is None:
        import scipy.sparse as sp

        closure = dist[:, local]
        upper_bound = int(csgraph.minimum_spanning_tree(sp.csr_matrix(closure)).sum())
    two_nearest = np.sort(dist, axis=0)[: min(2, len(ids))].sum(axis=0)
    keep = two_nearest <= upper_bound
    keep[local] = False
    order = np.concatenate((local, np.flatnonzero(keep)))
    sub = adjacency[order][:, order].tocsr()
    return nodes[order], sub


def _targets_component(graph: WordGraph, targets: list[str], ids: np.ndarray):
    """The word ids of the targets' part of the graph, its 0/1 adjacency and the targets'
    positions in it; :class:`NoSolutionError` when the targets lie in different parts."""
    from scipy.sparse import csgraph

    _, labels = csgraph.connected_components(graph.adjacency, directed=False)
    groups: dict[int, list[str]] = {}
    for w, i in zip(targets, ids, strict=True):
        groups.setdefault(int(labels[i]), []).append(w)
    if len(groups) > 1:
        parts = [f"{{{', '.join(g)}}}" for g in groups.values()]
        raise NoSolutionError(
            f"the targets cannot be connected: {', '.join(parts[:-1])} and {parts[-1]} are "
            f"in different parts of the word graph"
        )
    nodes = np.flatnonzero(labels == labels[ids[0]])
    adjacency = (graph.adjacency[nodes][:, nodes] != 0).astype(np.int32)
    return nodes, adjacency, np.searchsorted(nodes, ids)


def _network(
    graph: WordGraph,
    targets: list[str],
    nodes: np.ndarray,
    edges: Iterable[tuple[int, int]],
    optimal: bool,
    commonness: bool = True,
) -> Network:
    """A :class:`Network` from engine edges (local node numbers), checked to be a tree of
    valid edges containing every target; leaves that are not targets are pruned."""
    from letterplay.steiner import prune_leaves

    words = graph.lexicon.words
    pairs = {tuple(sorted((words[nodes[a]], words[nodes[b]]))) for a, b in edges}
    pairs = set(prune_leaves(pairs, set(targets)))
    rules = {(a, b): graph.rules_between(a, b) for a, b in pairs}
    if not all(rules.values()):
        raise RuntimeError("the Steiner engine returned a pair of words that are not neighbours")
    tree_words = {w for e in pairs for w in e} | set(targets)
    if not is_tree(pairs, tree_words):
        raise RuntimeError("the Steiner engine returned a network that is not a tree")
    link_words = sorted(tree_words - set(targets))
    obsc = None
    if commonness:  # the Zipf table costs a moment to load: only when it is used
        ids = [graph.lexicon.word_id(w) for w in link_words]
        obsc = int(obscurity(graph.lexicon.zipfs[ids]).sum()) if ids else 0
    return Network(list(targets), link_words, sorted(pairs), obsc, optimal, rules)


def is_tree(edges: Iterable[tuple[str, str]], words: set[str]) -> bool:
    """Whether ``edges`` form one tree spanning exactly ``words``.

    Examples
    --------
    >>> is_tree([("cat", "cot"), ("cot", "dot")], {"cat", "cot", "dot"})
    True
    >>> is_tree([("cat", "cot")], {"cat", "cot", "dot"})
    False
    """
    edges = list(edges)
    if len(edges) != len(words) - 1 or any(a not in words or b not in words for a, b in edges):
        return False
    parent = {w: w for w in words}

    def root(w: str) -> str:
        while parent[w] != w:
            parent[w] = parent[parent[w]]
            w = parent[w]
        return w

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def _alternatives(
    graph: WordGraph,
    targets: list[str],
    best: Network,
    within: tuple[np.ndarray, Any, np.ndarray],
    big: int,
    count: int,
    deadline: float | None,
) -> list[Network]:
    """Other networks of minimum size: for each link word of ``best``, the least obscure
    network of the same size avoiding it (on ``within``: word ids, adjacency, node weights).
    Distinct ones, least obscure first, at most ``count``."""
    nodes, sub, weights = within
    k = len(targets)
    found: dict[tuple[str, ...], Network] = {}
    position = {int(n): i for i, n in enumerate(nodes)}
    for word in best.link_words:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        drop = position.get(graph.lexicon.word_id(word))
        if drop is None:
            continue
        keep = np.flatnonzero(np.arange(len(nodes)) != drop)
        try:
            result = _steiner(
                sub[keep][:, keep] * big, np.arange(k), weights[keep], _left(deadline)
            )
        except NoSolutionError:  # the word is a bridge every network needs
            continue
        network = _network(graph, targets, nodes[keep], result.edges, result.optimal)
        if network.links == best.links:
            found.setdefault(tuple(network.link_words), network)
    ranked = sorted(found.values(), key=lambda n: (n.obscurity, n.link_words))
    return ranked[:count]


def branches(edges: Iterable[tuple[str, str]], targets: Sequence[str]) -> list[list[str]]:
    """A network written as branches, seed 003's way.

    The first branch is the path from the alphabetically first target to the target farthest
    from it; each further branch starts at the next target (alphabetically) not yet written and
    follows the network until it meets a word already written, which ends the branch.

    Examples
    --------
    >>> edges = [("eight", "night"), ("night", "thing"), ("thing", "two"), ("nine", "thing")]
    >>> branches(edges, ["two", "eight", "nine"])
    [['eight', 'night', 'thing', 'two'], ['nine', 'thing']]
    """
    neighbours: dict[str, list[str]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    order = sorted(targets)
    if not neighbours:
        return [order]

    def parents_from(root: str) -> dict[str, str | None]:
        parent: dict[str, str | None] = {root: None}
        queue = [root]
        for w in queue:
            for v in sorted(neighbours.get(w, [])):
                if v not in parent:
                    parent[v] = w
                    queue.append(v)
        return parent

    first = order[0]
    parent = parents_from(first)

    def path_up(w: str) -> list[str]:
        path = [w]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])  # type: ignore[arg-type]
        return path

    depth = {t: len(path_up(t)) for t in order}
    far = max(order, key=lambda t: (depth[t], t))
    spine = path_up(far)[::-1]
    written = set(spine)
    result = [spine]
    for t in order:
        if t in written:
            continue
        branch = [t]
        for w in path_up(t)[1:]:
            branch.append(w)
            if w in written:
                break
        written.update(branch)
        result.append(branch)
    return result


# ----------------------------------------------------------------------------- simple references

BRUTE_FORCE_MAX_WORDS = 40


def multiplet_brute_force(graph: WordGraph, targets: Sequence[str], max_links: int = 3) -> Network:
    """The least obscure of the networks with the fewest link words, by trying every set of link
    words, smallest sets first: the definition :func:`multiplet` is held to, for tiny graphs (at
    most :data:`BRUTE_FORCE_MAX_WORDS` words with edges). Raises :class:`NoSolutionError` when
    more than ``max_links`` link words would be needed.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cold", "cord", "word", "worm", "warm"]))
    >>> multiplet_brute_force(graph, ["cold", "worm"]).link_words
    ['cord', 'word']
    """
    words = check_words(graph, list(dict.fromkeys(word_list("targets", targets))))
    max_links = whole("max_links", max_links, low=0, high=8)
    lex = graph.lexicon
    candidates = [
        lex.words[i] for i in np.flatnonzero(np.diff(graph.indptr)) if lex.words[i] not in words
    ]
    if len(candidates) > BRUTE_FORCE_MAX_WORDS:
        raise InputError(f"graph: brute force takes at most {BRUTE_FORCE_MAX_WORDS} words")
    for size in range(max_links + 1):
        found = []
        for links in itertools.combinations(candidates, size):
            edges = _spanning_edges(graph, [*words, *links])
            if edges is not None:
                ids = [lex.word_id(w) for w in links]
                found.append((int(obscurity(lex.zipfs[ids]).sum()) if ids else 0, links, edges))
        if found:
            obsc, links, edges = min(found)
            return Network(words, sorted(links), sorted(edges), obsc, True)
    raise NoSolutionError(f"no network of the targets with at most {max_links} link words")


def _spanning_edges(graph: WordGraph, words: list[str]) -> list[tuple[str, str]] | None:
    """The edges of a breadth-first spanning tree of the words, or None if they are apart."""
    inside, parent = set(words), {words[0]: words[0]}
    queue = [words[0]]
    for w in queue:
        for v in graph.neighbours(w):
            if v in inside and v not in parent:
                parent[v] = w
                queue.append(v)
    if len(parent) < len(inside):
        return None
    return [tuple(sorted((w, p))) for w, p in parent.items() if w != p]


def ladder_bfs(graph: WordGraph, start: str, end: str) -> list[str]:
    """One shortest ladder by the plain breadth-first search, word by word: the definition
    :func:`ladder` is held to. Raises :class:`NoSolutionError` when there is none.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cold", "cord", "card", "ward", "warm"]))
    >>> ladder_bfs(graph, "cold", "warm")
    ['cold', 'cord', 'card', 'ward', 'warm']
    """
    start, end = check_words(graph, [start, end], "ladder")
    parent: dict[str, str | None] = {start: None}
    queue = [start]
    for word in queue:
        if word == end:
            path = [end]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for v in graph.neighbours(word):
            if v not in parent:
                parent[v] = word
                queue.append(v)
    raise NoSolutionError(f"no ladder from {start} to {end}")


# ----------------------------------------------------------------------------- ladders


@dataclass
class LadderResult:
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


MAX_LISTED = 100_000


def ladder(graph: WordGraph, start: str, end: str, *, list_all: bool = False) -> LadderResult:
    """The shortest ladders from ``start`` to ``end`` in the word graph.

    Breadth-first distances from both ends pick the words on some shortest ladder (distance
    from start + distance to end = the ladder's length); layer by layer, the number of ladders
    reaching each word is the sum over its predecessors, which counts them exactly without
    listing them. ``list_all`` lists them too (at most :data:`MAX_LISTED`).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> result = ladder(graph, "cat", "dog", list_all=True)
    >>> result.steps, result.count, sorted(result.ladders)
    (3, 2, [['cat', 'cot', 'cog', 'dog'], ['cat', 'cot', 'dot', 'dog']])
    """
    if not isinstance(graph, WordGraph):
        raise InputError(f"graph must be a WordGraph, not {type(graph).__name__}")
    if not isinstance(list_all, bool):
        raise InputError(f"list_all must be True or False, not {list_all!r}")
    start, end = check_words(graph, [start, end], "ladder")
    if start == end:
        raise InputError(f"a ladder needs two different words, got {start} twice")
    layers, adjacency = ladder_dag(graph, start, end)
    count = count_ladders(layers, adjacency)
    path = most_common_ladder(graph, layers, adjacency)
    ladders = None
    if list_all:
        if count > MAX_LISTED:
            raise InputError(
                f"{count:,} shortest ladders are too many to list (at most {MAX_LISTED:,})"
            )
        ladders = all_ladders(graph, layers, adjacency)
    return LadderResult(start, end, path, count, ladders, graph.rules, graph.min_length)


def solve_ladder(
    lexicon: Lexicon,
    start: str,
    end: str,
    *,
    rules: Sequence[str] | str | None = None,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
    list_all: bool = False,
) -> LadderResult:
    """:func:`ladder` on the :func:`word_graph` of ``lexicon``: the ``letterplay ladder``
    command (and the web API) as one call.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"])
    >>> solve_ladder(lex, "cat", "dog", exclude=["dot"]).path
    ['cat', 'cot', 'cog', 'dog']
    """
    graph = word_graph(lexicon, rules, min_length, exclude)
    return ladder(graph, start, end, list_all=list_all)


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
        span = _ranges(adjacency.indptr[frontier], adjacency.indptr[frontier + 1])
        nbrs = adjacency.indices[span]
        frontier = sorted_unique(nbrs[dist[nbrs] < 0])
        d += 1
        dist[frontier] = d
    return dist


def ladder_dag(graph: WordGraph, start: str, end: str) -> tuple[list[np.ndarray], WordGraph]:
    """The words on shortest ladders, layer by layer (``layers[i]`` = sorted word ids at distance
    i from ``start``), and the graph (steps go from a layer to the next). Raises
    :class:`NoSolutionError` if no ladder exists.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> [a.tolist() for a in ladder_dag(graph, "cat", "dog")[0]]
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
    layers = [on_path[level == i] for i in range(length + 1)]
    return layers, graph


def _layer_steps(adjacency, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The steps from words ``a`` to words ``b`` (sorted) as positions ``(row, col)`` into them:
    the neighbours of each word of ``a`` from the CSR arrays, looked up in ``b``."""
    starts, ends = adjacency.indptr[a], adjacency.indptr[a + 1]
    nbrs = adjacency.indices[_ranges(starts, ends)]
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
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> count_ladders(*ladder_dag(graph, "cat", "dog"))
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


def most_common_ladder(graph: WordGraph, layers: list[np.ndarray], adjacency) -> list[str]:
    """The shortest ladder whose most obscure intermediate word is least obscure, then with the
    least total obscurity, then alphabetically first (two dynamic programmes over the layers).

    The programmes run from ``end`` back to ``start``, so that following the best successor
    from ``start``, the earliest word on ties, gives the alphabetically first best ladder.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> most_common_ladder(graph, *ladder_dag(graph, "cat", "dog"))
    ['cat', 'cot', 'dot', 'dog']
    """
    layers = layers[::-1]
    obsc = obscurity(graph.lexicon.zipfs)
    inner = layers[1:-1]
    worst = 0
    if inner:  # the least possible maximum obscurity: bottleneck DP
        best = np.zeros(1, dtype=np.int64)
        for a, b in itertools.pairwise(layers[:-1]):
            row, col = _layer_steps(adjacency, a, b)
            nxt = np.full(len(b), np.iinfo(np.int64).max)
            np.minimum.at(nxt, col, np.maximum(best[row], obsc[b][col]))
            best = nxt
        row, _ = _layer_steps(adjacency, layers[-2], layers[-1])
        worst = int(best[row].min())
    # least total obscurity using only words no more obscure than `worst`
    total = np.zeros(1, dtype=np.int64)
    back: list[np.ndarray] = []
    big = np.iinfo(np.int64).max // 4
    for i, (a, b) in enumerate(itertools.pairwise(layers)):
        row, col = _layer_steps(adjacency, a, b)
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


def all_ladders(graph: WordGraph, layers: list[np.ndarray], adjacency) -> list[list[str]]:
    """Every shortest ladder, most common first (as :func:`most_common_ladder` ranks them).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"]))
    >>> all_ladders(graph, *ladder_dag(graph, "cat", "dog"))[1]
    ['cat', 'cot', 'cog', 'dog']
    """
    paths: list[list[int]] = [[0]]
    for a, b in itertools.pairwise(layers):
        row, col = _layer_steps(adjacency, a, b)
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
