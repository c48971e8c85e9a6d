"""The term DAG: every term of a lexicon linked to its one-letter extensions, as CSR arrays.

It is built for the whole lexicon at once with array operations: every term of length L+1 is cut
at each of its L+1 letters and the cut keys are looked up among the sorted terms with
``np.searchsorted``. Its terms are numbered by length (then alphabetically), so the terms of one
length, a *layer*, are a range of rows, and the edges leaving a layer a range of the CSR arrays
(``indptr``, ``indices``), kept in both directions. The arrays are cached on disk by the
lexicon's identity: a warm process reads a few arrays and never imports scipy.

Examples
--------
>>> from letterplay.lexicon import Lexicon, as_lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> dag = term_dag(Lexicon.from_words(EXAMPLE_WORDS))
>>> dag.n_terms, dag.max_length, [dag.term_text(t) for t in dag.terms_of_length(6)]
(5, 8, ['ddeilr'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from letterplay import cache
from letterplay.letters import term
from letterplay.lexicon import Lexicon, as_lexicon

__all__ = ["DAG_VERSION", "TermDAG", "term_dag"]

DAG_VERSION = 4
"""The version of the cached arrays: bumped when they change meaning."""


@dataclass(frozen=True, eq=False)
class TermDAG:
    """The terms of a lexicon and their one-letter extensions, as CSR arrays.

    - ``lengths`` (T,) int16: the letters of each term; terms are numbered by length, then
      alphabetically, so the terms of length L are the rows ``layer(L)``.
    - ``ext_ptr``, ``ext_idx``: the extensions of term ``t`` are ``ext_idx[ext_ptr[t]:
      ext_ptr[t + 1]]`` (terms with one letter more that contain ``t``).
    - ``red_ptr``, ``red_idx``: the same for reductions (the transposed edges).

    Counting needs nothing else. The names are read from their own cache entries only when
    needed: the lexicon's words grouped by term (:attr:`word_order`, :attr:`word_starts`) when a
    term or word is shown, and the terms' letters, layer after layer, when one is looked up.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> dag = term_dag(Lexicon.from_words(["ride", "dire", "dried", "rides"]))
    >>> [dag.term_text(u) for u in dag.extensions_of(dag.term_id("ride"))]
    ['ddeir', 'deirs']
    >>> dag.words(dag.term_id("ierd"))
    ['dire', 'ride']
    """

    lexicon: Lexicon
    lengths: np.ndarray
    ext_ptr: np.ndarray
    ext_idx: np.ndarray
    red_ptr: np.ndarray
    red_idx: np.ndarray

    FIELDS = ("lengths", "ext_ptr", "ext_idx", "red_ptr", "red_idx")

    @property
    def n_terms(self) -> int:
        """How many distinct terms the lexicon has."""
        return len(self.lengths)

    @property
    def max_length(self) -> int:
        """The length of the longest term."""
        return int(self.lengths.max())

    @cached_property
    def _words(self) -> dict[str, np.ndarray]:
        return _names(self.lexicon, self.lengths, "words")

    @cached_property
    def _letters(self) -> np.ndarray:
        return _names(self.lexicon, self.lengths, "letters")["letters"]

    @property
    def word_order(self) -> np.ndarray:
        """Word rows grouped by term: the words of term ``t`` are ``word_order[word_starts[t]:
        word_starts[t + 1]]``, alphabetically."""
        return self._words["word_order"]

    @property
    def word_starts(self) -> np.ndarray:
        """Where each term's words start in :attr:`word_order` (T + 1 entries)."""
        return self._words["word_starts"]

    @cached_property
    def _layer_starts(self) -> np.ndarray:
        return np.searchsorted(self.lengths, np.arange(self.max_length + 2))

    @cached_property
    def _layer_bytes(self) -> np.ndarray:
        sizes = np.diff(self._layer_starts) * np.arange(self.max_length + 1)
        return np.concatenate(([0], np.cumsum(sizes)))

    def _layer_terms(self, length: int) -> np.ndarray:
        """The terms of one layer as fixed-width bytes (a view of the letters, no copy)."""
        chunk = self._letters[self._layer_bytes[length] : self._layer_bytes[length + 1]]
        return chunk.view(f"S{length}")

    def term_text(self, t: int) -> str:
        """Term ``t`` as lower-case sorted letters (``"deir"``)."""
        return term(self.lexicon.word(int(self.word_order[self.word_starts[t]])))

    def layer(self, length: int) -> range:
        """The rows of the terms with ``length`` letters (an empty range for other lengths)."""
        if not 0 <= length <= self.max_length:
            return range(0)
        return range(int(self._layer_starts[length]), int(self._layer_starts[length + 1]))

    def term_id(self, letters: str) -> int:
        """The row of the term of ``letters`` (any order), or -1 when no word has those letters."""
        key = term(letters).encode("ascii")
        if not 1 <= len(key) <= self.max_length:
            return -1
        layer = self._layer_terms(len(key))
        i = int(np.searchsorted(layer, key))
        return self.layer(len(key)).start + i if i < len(layer) and layer[i] == key else -1

    def terms_of_length(self, length: int) -> np.ndarray:
        """The rows of all terms with ``length`` letters."""
        rows = self.layer(length)
        return np.arange(rows.start, rows.stop)

    def extensions_of(self, t: int) -> np.ndarray:
        """The rows of the extensions of term ``t``."""
        return self.ext_idx[self.ext_ptr[t] : self.ext_ptr[t + 1]]

    def reductions_of(self, t: int) -> np.ndarray:
        """The rows of the reductions of term ``t``."""
        return self.red_idx[self.red_ptr[t] : self.red_ptr[t + 1]]

    def words(self, t: int) -> list[str]:
        """Every word term ``t`` unscrambles to, alphabetically."""
        rows = self.word_order[self.word_starts[t] : self.word_starts[t + 1]]
        return [self.lexicon.word(int(w)) for w in rows]

    @cached_property
    def _shown(self) -> dict[int, int]:
        return {}  # term row -> word row of its shown word, filled as terms are shown

    def _best_word(self, t: int) -> int:
        # The most common word of term t; argmax takes the first of equals and the words of a
        # term are in alphabetical order, so ties go to the alphabetically first. Computed per
        # term shown (a few dozen for a chain), never for the whole lexicon.
        if t not in self._shown:
            rows = self.word_order[self.word_starts[t] : self.word_starts[t + 1]]
            self._shown[t] = int(rows[np.argmax(self.lexicon.zipfs[rows])])
        return self._shown[t]

    def word(self, t: int) -> str:
        """The word shown for term ``t``: its most common word (alphabetical among equals)."""
        return self.lexicon.word(self._best_word(int(t)))

    def commonness(self, t: np.ndarray) -> np.ndarray:
        """Zipf frequency of the shown word of each term in ``t``."""
        rows = [self._best_word(int(u)) for u in np.atleast_1d(t)]
        return self.lexicon.zipfs[np.array(rows, dtype=np.int64)]


def _one_letter_deletions(terms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edges ``(small, big)`` of the term DAG: ``small`` is ``big`` less one letter.

    For each letter position j (at most the longest term's length, never per term), cut letter j
    out of every term long enough, skipping a j that repeats letter j-1 (same cut), and look
    the cut keys up among the sorted terms.

    Examples
    --------
    >>> small, big = _one_letter_deletions(np.array([b"ddeir", b"deir"]))  # sorted terms
    >>> small.tolist(), big.tolist()
    ([1], [0])
    """
    n, width = len(terms), terms.dtype.itemsize
    letters = terms.view(np.uint8).reshape(n, width)
    lengths = (letters != 0).sum(axis=1)
    smalls, bigs = [], []
    for j in range(width):
        big = np.flatnonzero(lengths > max(j, 1))
        if j > 0:
            big = big[letters[big, j] != letters[big, j - 1]]
        keys = np.zeros((len(big), width), dtype=np.uint8)
        keys[:, :j] = letters[big, :j]
        keys[:, j : width - 1] = letters[big, j + 1 :]
        keys = keys.view(f"S{width}").ravel()
        found = np.minimum(np.searchsorted(terms, keys), n - 1)
        hit = terms[found] == keys
        smalls.append(found[hit])
        bigs.append(big[hit])
    return np.concatenate(smalls).astype(np.int32), np.concatenate(bigs).astype(np.int32)


def _csr(rows: np.ndarray, cols: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR arrays ``(indptr, indices)`` of the edges ``rows[i] → cols[i]`` of an n-node graph."""
    order = np.lexsort((cols, rows))
    indptr = np.zeros(n + 1, dtype=np.int32 if len(rows) < 2**31 else np.int64)
    np.cumsum(np.bincount(rows, minlength=n), out=indptr[1:])
    return indptr, cols[order].astype(np.int32)


def by_length(lexicon: Lexicon) -> np.ndarray:
    """The letter index's term rows in the DAG's order: by length, then alphabetically."""
    return np.argsort(lexicon.index.term_lengths(), kind="stable")


def _narrow(values: np.ndarray) -> np.ndarray:
    """Non-negative integers in the narrowest unsigned type that holds them: degrees and word
    counts are small, and a smaller cache file is read and checked faster."""
    top = int(values.max(initial=0))
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return values.astype(dtype)
    return values.astype(np.int64)


def _offsets(counts: np.ndarray) -> np.ndarray:
    """CSR offsets (``indptr``) from the number of entries of each row."""
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets


def build_graph(lexicon: Lexicon) -> dict[str, np.ndarray]:
    """The term DAG's layers and edges as stored: the number of terms of each length and, for
    each direction, every term's degree and the edges' other ends."""
    index = lexicon.index
    n = index.n_terms
    order = by_length(lexicon)
    row = np.empty(n, dtype=np.int32)  # the DAG row of each of the index's terms
    row[order] = np.arange(n, dtype=np.int32)
    small, big = (row[e] for e in _one_letter_deletions(index.terms))
    ext_ptr, ext_idx = _csr(small, big, n)
    red_ptr, red_idx = _csr(big, small, n)
    return {
        "layer_sizes": np.bincount(index.term_lengths()).astype(np.int64),
        "ext_deg": _narrow(np.diff(ext_ptr)),
        "ext_idx": ext_idx,
        "red_deg": _narrow(np.diff(red_ptr)),
        "red_idx": red_idx,
    }


def unpack_graph(stored: dict[str, np.ndarray]) -> dict[str, np.ndarray] | None:
    """The TermDAG arrays of a stored graph, or None when the arrays do not fit together (a
    stale or foreign entry is rebuilt, never trusted)."""
    if set(stored) != {"layer_sizes", "ext_deg", "ext_idx", "red_deg", "red_idx"}:
        return None
    sizes = stored["layer_sizes"]
    if sizes.ndim != 1 or len(sizes) < 2 or sizes[0] != 0 or sizes.min() < 0:
        return None
    t = int(sizes.sum())
    arrays = {"lengths": np.repeat(np.arange(len(sizes), dtype=np.int16), sizes)}
    for way in ("ext", "red"):
        degrees, ends = stored[f"{way}_deg"], stored[f"{way}_idx"]
        offsets = _offsets(degrees)
        if len(degrees) != t or offsets[-1] != len(ends):
            return None
        if len(ends) and (ends.min() < 0 or ends.max() >= t):
            return None
        arrays[f"{way}_ptr"], arrays[f"{way}_idx"] = offsets, ends
    return arrays


def _build_names(lexicon: Lexicon) -> dict[str, dict[str, np.ndarray]]:
    """The terms' letters (layer after layer, no padding) and the words grouped by term."""
    index = lexicon.index
    n = index.n_terms
    order = by_length(lexicon)
    row = np.empty(n, dtype=np.int32)
    row[order] = np.arange(n, dtype=np.int32)
    terms, lengths = index.terms[order], index.term_lengths()[order]
    padded = terms.view(np.uint8).reshape(n, terms.dtype.itemsize)
    cuts = np.searchsorted(lengths, np.arange(int(lengths.max()) + 2))
    letters = np.concatenate(
        [padded[cuts[k] : cuts[k + 1], :k].ravel() for k in range(len(cuts) - 1)]
    )
    term_of_word = row[index.term_ids]
    words = np.argsort(term_of_word, kind="stable")  # alphabetical within each term
    counts = np.bincount(term_of_word, minlength=n)
    return {
        "letters": {"letters": letters},
        "words": {"word_order": words.astype(np.int32), "word_counts": _narrow(counts)},
    }


def _unpack_names(
    stored: dict[str, np.ndarray], part: str, lengths: np.ndarray, n_words: int
) -> dict[str, np.ndarray] | None:
    """The names as used (word groups with their offsets), or None when they do not fit the
    graph's ``lengths`` and a lexicon of ``n_words`` words."""
    if part == "letters":
        ok = set(stored) == {"letters"} and len(stored["letters"]) == lengths.sum(dtype=np.int64)
        return stored if ok else None
    if set(stored) != {"word_order", "word_counts"} or len(stored["word_counts"]) != len(lengths):
        return None
    starts = _offsets(stored["word_counts"])
    if len(stored["word_order"]) != n_words or starts[-1] != n_words:
        return None
    return {"word_order": stored["word_order"], "word_starts": starts}


def _names(lexicon: Lexicon, lengths: np.ndarray, part: str) -> dict[str, np.ndarray]:
    """The ``"words"`` or ``"letters"`` part of the names of the term DAG of ``lexicon`` (each
    its own cache entry: counting reads neither, showing a chain only the words)."""
    if not cache.worth_caching(lexicon):
        return _unpack_names(_build_names(lexicon)[part], part, lengths, len(lexicon))
    key = f"{lexicon.sha256}:term-{part}-v{DAG_VERSION}"
    stored = cache.load(f"anigrams-{part}", key)
    names = None if stored is None else _unpack_names(stored, part, lengths, len(lexicon))
    if names is None:
        built = _build_names(lexicon)
        for name, value in built.items():
            cache.store(f"anigrams-{name}", f"{lexicon.sha256}:term-{name}-v{DAG_VERSION}", value)
        names = _unpack_names(built[part], part, lengths, len(lexicon))
    return names


@lru_cache(maxsize=8)
def cached_dag(lexicon: Lexicon) -> TermDAG:
    """The term DAG of ``lexicon``, kept in memory for the process (its arrays cached on disk
    by the lexicon's identity); :func:`term_dag` checks its argument first."""
    if not cache.worth_caching(lexicon):
        return TermDAG(lexicon, **unpack_graph(build_graph(lexicon)))
    key = f"{lexicon.sha256}:term-dag-v{DAG_VERSION}"
    stored = cache.load("anigrams-dag", key)
    arrays = None if stored is None else unpack_graph(stored)
    if arrays is None:
        stored = build_graph(lexicon)
        cache.store("anigrams-dag", key, stored)
        arrays = unpack_graph(stored)
    return TermDAG(lexicon, **arrays)


def term_dag(lexicon: Lexicon | str | None = None) -> TermDAG:
    """The term DAG of ``lexicon`` (a name, a file or a Lexicon; default enable1).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> dag = term_dag(Lexicon.from_words(["rid", "ride", "dire", "dried"]))
    >>> dag.n_terms, dag.max_length, [dag.term_text(t) for t in dag.terms_of_length(4)]
    (3, 5, ['deir'])
    >>> term_dag().n_terms
    156473
    """
    return cached_dag(as_lexicon(lexicon))
