"""Multiplets and word ladders: connecting words through a graph of one-step changes.

Seed 003's puzzle. Two words are *neighbours* when one becomes the other by one *rule*:

- ``change``: one letter is changed (MINUS → MINES);
- ``addremove``: one letter is added or removed (PLUS → PLUMS);
- ``anagram``: the letters are rearranged (PLUMS → LUMPS), i.e. the words share a term.

The *word graph* joins every pair of neighbours among the lexicon's words of at least
``min_length`` letters. A *multiplet* is a set of *target* words; a *network* connecting them is a
tree of the word graph containing every target, and its other words are *link words*. The puzzle
asks for a network with as few link words as possible: the Steiner tree problem in graphs, solved
exactly by :mod:`letterplay.steiner` with a lower bound that proves the answer. Among networks of
minimum size, the one whose words are most common wins (sum of *obscurity*, see
:func:`obscurity`).

A *ladder* is a shortest path of the word graph from one word to another (Lewis Carroll's
doublets, when only ``change`` is allowed).

The word graph is never built by comparing word pairs: each rule puts words into *buckets* by a
key, and words sharing a bucket are neighbours —

- change: for each position, the word with that position blanked (``c_ld`` for ``cold``);
- add/remove: each word's one-letter deletions, matched against the shorter words themselves;
- anagram: the word's term (``lexicon.index.term_ids``).

Keys are packed into integers (5 bits a letter) and grouped with numpy sorts; the graph is a
``scipy.sparse`` CSR matrix whose entries say which rules join two words, cached on disk by the
lexicon's identity, the rules and the minimum length.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse import csgraph

from letterplay import cache
from letterplay.errors import InputError, NoSolutionError, UnknownWordError
from letterplay.letters import ALPHABET, PAD, parse_letters, term
from letterplay.progress import ProgressCallback, report

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

RULES = ("change", "addremove", "anagram")
RULE_BIT = {"change": 1, "addremove": 2, "anagram": 4}
MIN_LENGTH = 3
GRAPH_VERSION = 1  # bump when the cached graph's arrays change meaning

# ----------------------------------------------------------------------------- rules


def parse_rules(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """The edge rules named in ``text`` (``"change,anagram"``), in canonical order.

    None means all three rules."""
    if text is None:
        return RULES
    names = text.split(",") if isinstance(text, str) else list(text)
    names = [n.strip().lower() for n in names if n.strip()]
    unknown = [n for n in names if n not in RULES]
    if unknown or not names:
        raise InputError(
            f"unknown rule {', '.join(map(repr, unknown)) or 'list (empty)'}; "
            f"choose from {', '.join(RULES)}"
        )
    return tuple(r for r in RULES if r in names)


# ----------------------------------------------------------------------------- word graph


@dataclass(frozen=True, eq=False)
class WordGraph:
    """The word graph of a lexicon: node ``i`` is ``lexicon.words[i]``.

    ``adjacency`` is a symmetric CSR matrix whose entry for two neighbours holds the bits
    (:data:`RULE_BIT`) of the rules that join them. Words shorter than ``min_length`` and
    excluded words are isolated nodes (no edges), so node numbers stay word numbers.
    """

    lexicon: Lexicon
    adjacency: sp.csr_matrix
    rules: tuple[str, ...]
    min_length: int
    excluded: frozenset[str] = frozenset()

    @property
    def n_edges(self) -> int:
        """Number of (undirected) edges."""
        return self.adjacency.nnz // 2

    def usable(self, word: str) -> bool:
        """Whether ``word`` is a node that may carry edges (in the lexicon, long enough,
        not excluded)."""
        return len(word) >= self.min_length and word not in self.excluded and word in self.lexicon

    def neighbours(self, word: str) -> list[str]:
        """The neighbours of ``word`` in the graph, in lexicon order."""
        i = self.lexicon.word_id(word)
        if i < 0:
            return []
        a = self.adjacency
        return [self.lexicon.words[j] for j in a.indices[a.indptr[i] : a.indptr[i + 1]]]

    def rules_between(self, a: str, b: str) -> tuple[str, ...]:
        """The rules that join words ``a`` and ``b`` (empty if they are not neighbours)."""
        i, j = self.lexicon.word_id(a), self.lexicon.word_id(b)
        if i < 0 or j < 0:
            return ()
        bits = int(self.adjacency[i, j])
        return tuple(r for r in RULES if bits & RULE_BIT[r])

    def without(self, words: Iterable[str]) -> WordGraph:
        """The same graph with the edges of ``words`` removed (cheap: one pass over edges)."""
        ids = [self.lexicon.word_id(w) for w in words]
        ids = [i for i in ids if i >= 0]
        if not ids:
            return self
        keep = np.ones(self.adjacency.shape[0], dtype=bool)
        keep[ids] = False
        coo = self.adjacency.tocoo()
        mask = keep[coo.row] & keep[coo.col]
        adjacency = sp.csr_matrix(
            (coo.data[mask], (coo.row[mask], coo.col[mask])), shape=self.adjacency.shape
        )
        excluded = self.excluded | {self.lexicon.words[i] for i in ids}
        return WordGraph(self.lexicon, adjacency, self.rules, self.min_length, excluded)


def word_graph(
    lexicon: Lexicon,
    rules: Sequence[str] | str | None = None,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
) -> WordGraph:
    """The word graph of ``lexicon`` under ``rules`` over words of ``min_length``+ letters.

    Built once per (lexicon, rules, min_length) and cached on disk; ``exclude`` words are
    removed afterwards, which is cheap.
    """
    rules = parse_rules(rules)
    if min_length < 1:
        raise InputError(f"--min-length must be at least 1, got {min_length}")
    key = f"{lexicon.sha256}:wordgraph:{','.join(rules)}:{min_length}:v{GRAPH_VERSION}"

    def build() -> dict[str, np.ndarray]:
        a = build_adjacency(lexicon, rules, min_length)
        return {"indptr": a.indptr, "indices": a.indices, "data": a.data}

    # tiny lists build faster than a file is read
    arrays = build() if len(lexicon) < 2000 else cache.cached("wordgraph", key, build)
    n = len(lexicon)
    adjacency = sp.csr_matrix((arrays["data"], arrays["indices"], arrays["indptr"]), shape=(n, n))
    graph = WordGraph(lexicon, adjacency, rules, min_length)
    return graph.without(exclude)


def build_adjacency(lexicon: Lexicon, rules: Sequence[str], min_length: int) -> sp.csr_matrix:
    """The word graph's adjacency (rule bits as entries), from bucket keys: no pair comparisons."""
    index = lexicon.index
    lengths = index.lengths.astype(np.int64)
    ok = lengths >= min_length
    n = len(lexicon)
    parts: list[tuple[np.ndarray, np.ndarray, int]] = []
    if "change" in rules:
        parts.append((*change_pairs(index.codes, lengths, ok), RULE_BIT["change"]))
    if "addremove" in rules:
        parts.append((*addremove_pairs(index.codes, lengths, ok), RULE_BIT["addremove"]))
    if "anagram" in rules:
        parts.append((*bucket_pairs(index.term_ids[ok], np.flatnonzero(ok)), RULE_BIT["anagram"]))
    if sum(len(p[0]) for p in parts) == 0:
        return sp.csr_matrix((n, n), dtype=np.uint8)
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
    return sp.csr_matrix(
        (merged.astype(np.uint8), (key % n).astype(np.int32), indptr.astype(np.int64)),
        shape=(n, n),
    )


SYMBOLS_PER_KEY = 12  # 5-bit symbols in one uint64 key column
BLANK = np.uint64(27)  # the symbol of a blanked position (letters are 1..26, padding 0)


def symbols(codes: np.ndarray) -> np.ndarray:
    """Letter codes as key symbols: letters 0..25 become 1..26, :data:`PAD` becomes 0."""
    sym = codes.astype(np.uint64) + np.uint64(1)
    sym[codes == PAD] = 0
    return sym


def pack(sym: np.ndarray) -> np.ndarray:
    """Pack rows of symbols into integer keys, 5 bits a symbol, 12 symbols a column.

    Two rows have equal keys exactly when they hold the same symbols. Returns (M, C) uint64
    with C = ceil(width / 12)."""
    columns = []
    for start in range(0, max(sym.shape[1], 1), SYMBOLS_PER_KEY):
        chunk = sym[:, start : start + SYMBOLS_PER_KEY]
        shifts = np.arange(chunk.shape[1], dtype=np.uint64) * np.uint64(5)
        columns.append(np.bitwise_or.reduce(chunk << shifts, axis=1))
    return np.stack(columns, axis=1)


def group_ids(keys: np.ndarray) -> np.ndarray:
    """A group number for each row of ``keys`` (M, C): equal rows, equal numbers."""
    if keys.shape[1] == 1:
        return np.unique(keys[:, 0], return_inverse=True)[1].reshape(-1)
    order = np.lexsort(keys.T[::-1])
    ordered = keys[order]
    new = np.concatenate(([True], np.any(ordered[1:] != ordered[:-1], axis=1)))
    ids = np.empty(len(keys), dtype=np.int64)
    ids[order] = np.cumsum(new) - 1
    return ids


def bucket_pairs(buckets: np.ndarray, members: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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


def change_pairs(
    codes: np.ndarray, lengths: np.ndarray, ok: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Neighbours by one changed letter: words of one length that are equal once the same
    position is blanked. A blanked key is the word's key with one symbol replaced, so all
    (word, position) keys of a length come from one array expression."""
    pairs = []
    for n, words in _by_length(lengths, ok).items():
        sym = symbols(codes[words, :n])
        base = pack(sym)  # (M, C)
        keys = np.repeat(base[:, None, :], n, axis=1)  # (M, n, C): one row per blanked position
        positions = np.arange(n)
        shifts = (positions % SYMBOLS_PER_KEY).astype(np.uint64) * np.uint64(5)
        keys[:, positions, positions // SYMBOLS_PER_KEY] += (BLANK - sym) << shifts
        buckets = group_ids(keys.reshape(len(words) * n, -1))
        pairs.append(bucket_pairs(buckets, np.repeat(words, n)))
    return _concat_pairs(pairs)


def addremove_pairs(
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
        deleted = _deletion_keys(symbols(codes[parents, :n]))  # (M * n, C)
        child_keys = pack(symbols(codes[children, : n - 1]))
        ids = group_ids(np.concatenate((child_keys, deleted)))
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
        base = pack(sym)[:, :1]  # (M, 1)
        shift = np.arange(n, dtype=np.uint64) * np.uint64(5)
        low = base & ((np.uint64(1) << shift) - np.uint64(1))
        high = (base >> (shift + np.uint64(5))) << shift
        return (low | high).reshape(m * n, 1)
    keep = ~np.eye(n, dtype=bool)  # row p: every position but p
    cut = np.broadcast_to(sym[:, None, :], (m, n, n))[:, keep].reshape(m * n, n - 1)
    return pack(cut)


# ----------------------------------------------------------------------------- commonness


def obscurity(zipf: np.ndarray | float) -> np.ndarray:
    """A word's *obscurity*: ``round(100 * (8 - zipf))`` — 0 for the commonest words, 800 for
    words wordfreq has never seen. A network's obscurity is the sum over its words; among
    networks of minimum size the least obscure is preferred."""
    return np.rint(100 * (8 - np.clip(np.asarray(zipf, dtype=np.float64), 0, 8))).astype(np.int64)


# ----------------------------------------------------------------------------- input checks


def near_words(lexicon: Lexicon, word: str, limit: int = 5) -> list[str]:
    """Words of ``lexicon`` one step from ``word`` (changed, added or removed letter, anagram),
    most common first: suggestions for a word the lexicon lacks."""
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
    not excluded; raises a one-line :class:`InputError` / :class:`UnknownWordError`."""
    cleaned = [parse_letters(w, f"{what} word") for w in words]
    unknown = [w for w in cleaned if w not in graph.lexicon]
    if unknown:
        hints = []
        for w in unknown:
            near = near_words(graph.lexicon, w)
            hints.append(f"{w} (near: {', '.join(near)})" if near else w)
        plural = "s" if len(unknown) > 1 else ""
        raise UnknownWordError(
            f"{what} word{plural} not in lexicon {graph.lexicon.name}: {'; '.join(hints)}"
        )
    short = [w for w in cleaned if len(w) < graph.min_length]
    if short:
        raise InputError(
            f"{what} word{'s' if len(short) > 1 else ''} shorter than --min-length "
            f"{graph.min_length}: {', '.join(short)}"
        )
    excluded = [w for w in cleaned if w in graph.excluded]
    if excluded:
        raise InputError(
            f"{what} word{'s' if len(excluded) > 1 else ''} excluded: {', '.join(excluded)}"
        )
    return cleaned


def parse_exclude(text: str | Iterable[str] | None) -> list[str]:
    """The words of an ``--exclude`` option (comma or space separated)."""
    if text is None:
        return []
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_letters(w, "excluded word") for w in items]


def parse_targets(words: Iterable[str]) -> list[str]:
    """Target words from the command line: separated by spaces or commas, de-duplicated."""
    items = [w for text in words for w in text.replace(",", " ").split()]
    seen = dict.fromkeys(parse_letters(w, "target word") for w in items)
    return list(seen)


# ----------------------------------------------------------------------------- multiplets


@dataclass
class Network:
    """A network connecting targets: a tree of the word graph whose other words are link words.

    ``obscurity`` is the sum of :func:`obscurity` over its link words; ``optimal`` says whether
    it is proven to be the least obscure network of its size (under its constraints)."""

    targets: list[str]
    link_words: list[str]
    edges: list[tuple[str, str]]
    obscurity: int | None  # None when commonness was not asked for
    optimal: bool = False

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
        return self.network.links

    def to_dict(self) -> dict[str, Any]:
        zipf_free = self.network.to_dict()
        return {
            "targets": self.targets,
            "links": self.links,
            "link_words": self.network.link_words,
            "edges": zipf_free["edges"],
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
    size; then with edge weight ``BIG`` and each link word's obscurity as node weight, so the
    cost is ``BIG * edges + obscurity`` — the lexicographic order, since ``BIG`` exceeds any
    obscurity sum of a network that small (skipped when ``prefer_common`` is False: any
    smallest network will do). ``time_limit`` bounds the whole call (seconds);
    when it runs out the best network found is returned with ``optimal`` / ``tie_break_proven``
    False and the bound reached.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    words = check_words(graph, list(dict.fromkeys(targets)))
    if len(words) < 2:
        raise InputError("a multiplet needs at least two different target words")
    nodes, sub = relevant_words(graph, words)
    terminals = np.arange(len(words))  # relevant_words puts the targets first
    k = len(words)

    size = _steiner(sub, terminals, None, _left(deadline), progress, "fewest link words")
    best_edges = size.edges
    link_lb = max(0, size.lower_bound + 1 - k)
    links = size.cost + 1 - k

    tie_proven = False
    best_nodes = nodes2 = nodes
    if prefer_common or alternatives > 0:
        # The size proof bounds the relevant part again, more tightly, for the tie-break.
        nodes2, sub2 = relevant_words(graph, words, upper_bound=size.cost, within=(nodes, sub))
        weights = obscurity(graph.lexicon.zipfs[nodes2])
        weights[:k] = 0
        big = 800 * (links + 1) + 1
    if prefer_common:
        # The smallest network found is a good start: its obscurity bounds the search at once.
        where = {int(word): i for i, word in enumerate(nodes2)}
        start_nodes = [where.get(int(nodes[x]), -1) for x in size.nodes]
        common = _steiner(
            sub2 * big,
            terminals,
            weights,
            _left(deadline),
            progress,
            "most common words",
            start_nodes if min(start_nodes) >= 0 else None,
        )
        # Under a time limit the size search may stop first with more link words than this one.
        if len(common.edges) + 1 - k <= links:
            best_edges, tie_proven, best_nodes = common.edges, common.optimal, nodes2
        link_lb = max(link_lb, common.lower_bound // big + 1 - k)
    network = _network(graph, words, best_nodes, best_edges, tie_proven, prefer_common)
    optimal = link_lb >= network.links

    alts = []
    if alternatives > 0:
        alts = _alternatives(
            graph, words, network, nodes2, sub2, weights, big, alternatives, deadline
        )
    return MultipletResult(
        targets=words,
        network=network,
        lower_bound=min(link_lb, network.links),
        optimal=optimal,
        tie_break_proven=tie_proven and optimal,
        alternatives=alts,
        searched_words=len(nodes2),
        seconds=time.perf_counter() - start,
        rules=graph.rules,
        min_length=graph.min_length,
        excluded=sorted(graph.excluded),
    )


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.01, deadline - time.perf_counter())


def _steiner(
    graph: sp.csr_matrix,
    terminals: np.ndarray,
    node_weights: np.ndarray | None,
    time_limit: float | None,
    progress: ProgressCallback | None = None,
    stage: str = "",
    start_nodes: list[int] | None = None,
):
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
    """
    ids = np.array([graph.lexicon.word_id(w) for w in targets], dtype=np.int64)
    if within is None:
        adjacency = graph.adjacency
        nodes = np.arange(adjacency.shape[0])
        _, labels = csgraph.connected_components(adjacency, directed=False)
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
        adjacency = (adjacency[nodes][:, nodes] != 0).astype(np.int32)
        local = np.searchsorted(nodes, ids)
    else:
        nodes, adjacency = within
        local = np.arange(len(ids))  # targets come first there
    dist = csgraph.shortest_path(adjacency, unweighted=True, directed=False, indices=local)
    if upper_bound is None:
        closure = dist[:, local]
        upper_bound = int(csgraph.minimum_spanning_tree(sp.csr_matrix(closure)).sum())
    two_nearest = np.sort(dist, axis=0)[: min(2, len(ids))].sum(axis=0)
    keep = two_nearest <= upper_bound
    keep[local] = False
    order = np.concatenate((local, np.flatnonzero(keep)))
    sub = adjacency[order][:, order].tocsr()
    return nodes[order], sub


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
    words = graph.lexicon.words
    pairs = {tuple(sorted((words[nodes[a]], words[nodes[b]]))) for a, b in edges}
    pairs = _prune(pairs, set(targets))
    for a, b in pairs:
        if not graph.adjacency[graph.lexicon.word_id(a), graph.lexicon.word_id(b)]:
            raise RuntimeError(f"the Steiner engine returned a non-edge {a}–{b}")
    tree_words = {w for e in pairs for w in e} | set(targets)
    if not is_tree(pairs, tree_words):
        raise RuntimeError("the Steiner engine returned a network that is not a tree")
    link_words = sorted(tree_words - set(targets))
    obsc = None
    if commonness:  # the Zipf table costs a moment to load: only when it is used
        ids = [graph.lexicon.word_id(w) for w in link_words]
        obsc = int(obscurity(graph.lexicon.zipfs[ids]).sum()) if ids else 0
    return Network(list(targets), link_words, sorted(pairs), obsc, optimal)


def _prune(pairs: set[tuple[str, str]], targets: set[str]) -> set[tuple[str, str]]:
    """Remove leaves that are not targets, repeatedly (they only add link words)."""
    pairs = set(pairs)
    while True:
        degree: dict[str, int] = {}
        for a, b in pairs:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        leaves = {w for w, d in degree.items() if d == 1 and w not in targets}
        if not leaves:
            return pairs
        pairs = {e for e in pairs if e[0] not in leaves and e[1] not in leaves}


def is_tree(edges: Iterable[tuple[str, str]], words: set[str]) -> bool:
    """Whether ``edges`` form one tree spanning exactly ``words``."""
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
    nodes: np.ndarray,
    sub: sp.csr_matrix,
    weights: np.ndarray,
    big: int,
    count: int,
    deadline: float | None,
) -> list[Network]:
    """Other networks of minimum size: for each link word of ``best``, the least obscure
    network of the same size avoiding it. Distinct ones, least obscure first, at most
    ``count``."""
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
        return len(self.path) - 1

    def to_dict(self) -> dict[str, Any]:
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
    reaching each word is the sum over its predecessors (a sparse matrix–vector product), which
    counts them exactly without listing them.
    """
    start, end = check_words(graph, [start, end], "ladder")
    if start == end:
        raise InputError(f"a ladder needs two different words, got {start} twice")
    layers, succ = ladder_dag(graph, start, end)
    count = count_ladders(layers, succ)
    path = most_common_ladder(graph, layers, succ)
    ladders = None
    if list_all:
        if count > MAX_LISTED:
            raise InputError(
                f"{count:,} shortest ladders are too many to list (at most {MAX_LISTED:,})"
            )
        ladders = all_ladders(graph, layers, succ)
    return LadderResult(start, end, path, count, ladders, graph.rules, graph.min_length)


def ladder_dag(graph: WordGraph, start: str, end: str) -> tuple[list[np.ndarray], sp.csr_matrix]:
    """The words on shortest ladders, layer by layer (``layers[i]`` = word ids at distance i
    from ``start``), and the adjacency matrix restricted to them (steps go from a layer to the
    next). Raises :class:`NoSolutionError` if no ladder exists."""
    lex = graph.lexicon
    s, t = lex.word_id(start), lex.word_id(end)
    dist = csgraph.shortest_path(graph.adjacency, unweighted=True, directed=False, indices=[s, t])
    length = dist[0, t]
    if not np.isfinite(length):
        reach = [int(np.isfinite(d).sum()) for d in dist]
        raise NoSolutionError(
            f"no ladder from {start} to {end}: they are in different parts of the word graph "
            f"({start}'s has {reach[0]:,} words, {end}'s {reach[1]:,})"
        )
    on_path = np.flatnonzero(dist[0] + dist[1] == length)
    level = dist[0, on_path].astype(np.int64)
    layers = [on_path[level == i] for i in range(int(length) + 1)]
    return layers, graph.adjacency


def _layer_steps(adjacency: sp.csr_matrix, a: np.ndarray, b: np.ndarray) -> sp.csr_matrix:
    """The steps from words ``a`` to words ``b`` as a 0/1 matrix (len(a), len(b))."""
    return (adjacency[a][:, b] != 0).astype(np.int64).tocsr()


def count_ladders(layers: list[np.ndarray], adjacency: sp.csr_matrix) -> int:
    """The exact number of shortest ladders: ladders into each word of a layer, summed over the
    steps from the previous layer (int64 sparse products, Python integers when they might
    overflow)."""
    counts = np.ones(1, dtype=np.int64)
    exact: list[int] | None = None
    for a, b in itertools.pairwise(layers):
        steps = _layer_steps(adjacency, a, b)
        if exact is None:
            estimate = steps.T.astype(np.float64) @ counts.astype(np.float64)
            if estimate.max(initial=0) < 2.0**62:
                counts = steps.T @ counts
                continue
            exact = [int(c) for c in counts]
        coo = steps.tocoo()
        nxt = [0] * len(b)
        for i, j in zip(coo.row.tolist(), coo.col.tolist(), strict=True):
            nxt[j] += exact[i]
        exact = nxt
    return int(counts[0]) if exact is None else int(exact[0])


def most_common_ladder(
    graph: WordGraph, layers: list[np.ndarray], adjacency: sp.csr_matrix
) -> list[str]:
    """The shortest ladder whose most obscure intermediate word is least obscure, then with the
    least total obscurity, then alphabetically first (two dynamic programmes over the layers).

    The programmes run from ``end`` back to ``start``, so that following the best successor
    from ``start``, the earliest word on ties, gives the alphabetically first best ladder."""
    layers = layers[::-1]
    obsc = obscurity(graph.lexicon.zipfs)
    inner = layers[1:-1]
    worst = 0
    if inner:  # the least possible maximum obscurity: bottleneck DP
        best = np.zeros(1, dtype=np.int64)
        for a, b in itertools.pairwise(layers[:-1]):
            coo = _layer_steps(adjacency, a, b).tocoo()
            nxt = np.full(len(b), np.iinfo(np.int64).max)
            np.minimum.at(nxt, coo.col, np.maximum(best[coo.row], obsc[b][coo.col]))
            best = nxt
        coo = _layer_steps(adjacency, layers[-2], layers[-1]).tocoo()
        worst = int(best[coo.row].min())
    # least total obscurity using only words no more obscure than `worst`
    total = np.zeros(1, dtype=np.int64)
    back: list[np.ndarray] = []
    big = np.iinfo(np.int64).max // 4
    for i, (a, b) in enumerate(itertools.pairwise(layers)):
        coo = _layer_steps(adjacency, a, b).tocoo()
        last = i == len(layers) - 2
        cost = np.zeros(len(b), np.int64) if last else obsc[b]
        allowed = np.ones(len(b), dtype=bool) if last else obsc[b] <= worst
        ok = (total[coo.row] < big) & allowed[coo.col]
        cand = np.where(ok, total[coo.row] + cost[coo.col], big)
        # the cheapest predecessor of each word; ties go to the earliest word
        order = np.lexsort((coo.row, cand, coo.col))
        firsts = np.concatenate(([True], coo.col[order][1:] != coo.col[order][:-1]))
        pick = order[firsts]
        nxt = np.full(len(b), big, dtype=np.int64)
        prev = np.full(len(b), -1, dtype=np.int64)
        nxt[coo.col[pick]] = cand[pick]
        prev[coo.col[pick]] = coo.row[pick]
        total = nxt
        back.append(prev)
    path_local = [0]
    for prev in reversed(back):
        path_local.append(int(prev[path_local[-1]]))
    path_local.reverse()
    words = graph.lexicon.words
    return [words[layer[i]] for layer, i in zip(layers, path_local, strict=True)][::-1]


def all_ladders(
    graph: WordGraph, layers: list[np.ndarray], adjacency: sp.csr_matrix
) -> list[list[str]]:
    """Every shortest ladder, most common first (as :func:`most_common_ladder` ranks them)."""
    steps = [_layer_steps(adjacency, a, b) for a, b in itertools.pairwise(layers)]
    paths: list[list[int]] = [[0]]
    for m in steps:
        grown = []
        for p in paths:
            i = p[-1]
            grown.extend([*p, int(j)] for j in m.indices[m.indptr[i] : m.indptr[i + 1]])
        paths = grown
    obsc = obscurity(graph.lexicon.zipfs)
    words = graph.lexicon.words
    ids = [[int(layer[i]) for layer, i in zip(layers, p, strict=True)] for p in paths]

    def rank(path: list[int]) -> tuple[int, int, list[str]]:
        inner = [int(obsc[i]) for i in path[1:-1]]
        return (max(inner, default=0), sum(inner), [words[i] for i in path])

    ids.sort(key=rank)
    return [[words[i] for i in p] for p in ids]
