"""Anigrams: nested anagram chains, how many games there are, and games to play.

The concepts, as in the Riddler puzzle of 16 September 2022 and Norvig's notebook on it:

- A *word* is an entry of the lexicon; a *term* is a word's letters in sorted order
  (:func:`letterplay.letters.term`): ``ride``, ``dire`` and ``ired`` share the term ``deir``.
- An *extension* of a term is a term of the lexicon with one letter more that contains it
  (``deir`` → ``ddeir``, the term of ``dried``); a *reduction* is the reverse step.
- The *term DAG* links every term to its extensions. It is built for the whole lexicon at once
  with array operations: every term of length L+1 is cut at each of its L+1 letters and the
  resulting keys are looked up among the sorted terms with ``np.searchsorted``. Its terms are
  numbered by length (then alphabetically), so the terms of one length, a *layer*, are a range
  of rows, and the edges leaving a layer a range of the CSR arrays (``indptr``, ``indices``) kept
  in both directions and cached on disk by the lexicon's identity: a warm process reads a few
  arrays and never imports scipy.
- A *chain* is a sequence of words, each one letter longer than the last and an anagram of the
  previous word plus one letter. Chains are counted as sequences of *terms*: two chains whose
  words differ only by anagrams (``ride`` or ``dire``) are the same chain.
- A *game* (Riddler rules) is a chain from a 4-letter term to a 9-letter term; more generally
  from ``start`` to ``end`` letters. Swapping letters is not a new game, so a game is a sequence
  of terms, and the number of games is the number of paths in the term DAG between those lengths.
- A *longest chain* from ``start``-letter terms is a chain with the most words that begins with
  a ``start``-letter term; its *terminals* are the last words of all longest chains, and the
  *count* of longest chains is the number of distinct term sequences that are longest chains.

Simple first, fast second. :func:`simple_games` and :func:`simple_longest` are the notebook's
algorithm: a set of terms, the 26 one-letter additions of a term, and memoised recursion. The
fast functions compute the same numbers by dynamic programming over lengths: the number of
chains from the start terms into each term is one CSR matrix-vector product per letter added,
restricted to one layer (a gather and a cumulative sum over that layer's edges), and the number
of games from each term to the end length is one product per letter removed. All terms of one
length are handled together, so no Python loop runs per term, and each edge is read once; the
tests check the two against each other.

Choices where the puzzle is silent:

- A chain is shown with one word per term, its most common word (wordfreq Zipf, ties broken
  alphabetically); results also list every word each term unscrambles to. When several longest
  chains exist, the one shown is built backwards from the most common terminal word, taking
  the most common word at each step.
- :func:`common_words` keeps only words with a wordfreq Zipf frequency of at least a floor, for
  games a player can solve (``beleapt`` and ``bedplate`` are enable1 words few people know).
- :func:`with_one_letter_words` adds ``a`` and ``i`` (not Scrabble words, so not in enable1) as
  the notebook's last experiment does; it makes a new lexicon with its own identity.
- :func:`play` draws uniformly at random among all games (each of the 4,510,515 enable1 games is
  equally likely), with numpy's generator for the seed (:func:`letterplay.validate.seed`: any
  integer of magnitude below 2**63, negative ones too).
- Counts are exact 64-bit integers; a lexicon whose counts would not fit is refused with
  :class:`~letterplay.errors.NoSolutionError` rather than given a wrapped-around number.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words("rid ride dire dried redid riddle riddler riddlers".split())
>>> count_games(lex, start=4, end=7).games
1
>>> longest_chains(lex, start=3).chain.shown
('rid', 'ride', 'dried', 'riddle', 'riddler', 'riddlers')

References
----------
- The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022.
  https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
- Peter Norvig, "Anigrams Puzzle", pytudes (2022).
  https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
- The game itself: http://anigrams.us
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

import numpy as np

from letterplay import cache, validate
from letterplay.errors import InputError, NoSolutionError, UnknownWordError
from letterplay.letters import ALPHABET, letter_counts, parse_letters, term
from letterplay.lexicon import Lexicon, zipf_floor_mask
from letterplay.progress import ProgressCallback, report

__all__ = [
    "MAX_LISTED",
    "MAX_ZIPF",
    "ONE_LETTER_WORDS",
    "RIDDLER_END",
    "RIDDLER_START",
    "Chain",
    "ChainCheck",
    "Game",
    "GameCount",
    "GameTable",
    "LongestChains",
    "Step",
    "TermDAG",
    "TooManyChainsError",
    "chain_from",
    "check_chain",
    "common_words",
    "count_games",
    "full_analysis",
    "game_table",
    "games_by_start_term",
    "iter_longest_chains",
    "longest_chains",
    "play",
    "simple_games",
    "simple_longest",
    "term_dag",
    "with_one_letter_words",
]

DAG_VERSION = 4  # bump when the cached arrays change meaning
ONE_LETTER_WORDS = ("a", "i")
RIDDLER_START, RIDDLER_END = 4, 9
MAX_LISTED = 100_000  # default bound on the longest chains one result may list
MAX_ZIPF = 8.0  # wordfreq's Zipf scale tops out below 8 ("the" is 7.7)


class TooManyChainsError(InputError):
    """More longest chains exist (``count``) than the caller allowed to be listed
    (``max_listed``)."""

    def __init__(self, count: int, max_listed: int) -> None:
        self.count, self.max_listed = count, max_listed
        super().__init__(f"{count:,} longest chains are more than max_listed ({max_listed:,})")


# ----------------------------------------------------------------------------- the term DAG


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
        return term(self.lexicon.words[int(self.word_order[self.word_starts[t]])])

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
        return [self.lexicon.words[w] for w in rows]

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
        return self.lexicon.words[self._best_word(int(t))]

    def commonness(self, t: np.ndarray) -> np.ndarray:
        """Zipf frequency of the shown word of each term in ``t``."""
        rows = [self._best_word(int(u)) for u in np.atleast_1d(t)]
        return self.lexicon.zipfs[np.array(rows, dtype=np.int64)]


def _one_letter_deletions(terms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edges ``(small, big)`` of the term DAG: ``small`` is ``big`` less one letter.

    For each letter position j (at most the longest term's length, never per term), cut letter j
    out of every term long enough, skipping a j that repeats letter j-1 (same cut), and look
    the cut keys up among the sorted terms.
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


def _by_length(lexicon: Lexicon) -> np.ndarray:
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


def _build_graph(lexicon: Lexicon) -> dict[str, np.ndarray]:
    """The term DAG's layers and edges as stored: the number of terms of each length and, for
    each direction, every term's degree and the edges' other ends."""
    index = lexicon.index
    n = index.n_terms
    order = _by_length(lexicon)
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


def _unpack_graph(stored: dict[str, np.ndarray]) -> dict[str, np.ndarray] | None:
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
    order = _by_length(lexicon)
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
def _cached_dag(lexicon: Lexicon) -> TermDAG:
    if not cache.worth_caching(lexicon):
        return TermDAG(lexicon, **_unpack_graph(_build_graph(lexicon)))
    key = f"{lexicon.sha256}:term-dag-v{DAG_VERSION}"
    stored = cache.load("anigrams-dag", key)
    arrays = None if stored is None else _unpack_graph(stored)
    if arrays is None:
        stored = _build_graph(lexicon)
        cache.store("anigrams-dag", key, stored)
        arrays = _unpack_graph(stored)
    return TermDAG(lexicon, **arrays)


def term_dag(lexicon: Lexicon) -> TermDAG:
    """The term DAG of ``lexicon`` (its arrays cached on disk by the lexicon's identity).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> dag = term_dag(Lexicon.from_words(["rid", "ride", "dire", "dried"]))
    >>> dag.n_terms, dag.max_length, [dag.term_text(t) for t in dag.terms_of_length(4)]
    (3, 5, ['deir'])
    """
    return _cached_dag(_lexicon(lexicon))


def _lexicon(value: object) -> Lexicon:
    if not isinstance(value, Lexicon):
        raise InputError(f"lexicon must be a Lexicon, not {type(value).__name__}")
    return value


def with_one_letter_words(lexicon: Lexicon, words: Sequence[str] = ONE_LETTER_WORDS) -> Lexicon:
    """``lexicon`` plus one-letter words, ``a`` and ``i`` by default (the notebook's last
    experiment); a new lexicon with its own name and identity, or ``lexicon`` itself when it
    already has them.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> with_one_letter_words(Lexicon.from_words(["as", "sea"], name="tiny")).name
    'tiny+a+i'
    """
    checked = tuple(validate.words("words", words))
    for word in checked:
        if len(parse_letters(word, "words")) != 1:
            raise InputError(f"words must be one-letter words, not {word!r}")
    return _with_words(_lexicon(lexicon), tuple(w.strip().lower() for w in checked))


@lru_cache(maxsize=4)
def _with_words(lexicon: Lexicon, words: tuple[str, ...]) -> Lexicon:
    missing = [w for w in dict.fromkeys(words) if w not in lexicon]
    if not missing:
        return lexicon
    name = lexicon.name + "".join(f"+{w}" for w in missing)
    return Lexicon.from_words((*lexicon.words, *missing), name=name, source=lexicon.source)


def common_words(lexicon: Lexicon, min_zipf: float) -> Lexicon:
    """The words of ``lexicon`` at least as common as ``min_zipf`` (wordfreq Zipf, 0 to 8), so
    that games use only words a player is likely to know.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> common_words(Lexicon.from_words(["ride", "ired"], name="tiny"), 3).words
    ('ride',)
    """
    min_zipf = validate.number("min_zipf", min_zipf, 0, MAX_ZIPF)
    return _common_words(_lexicon(lexicon), min_zipf)


@lru_cache(maxsize=4)
def _common_words(lexicon: Lexicon, min_zipf: float) -> Lexicon:
    mask = zipf_floor_mask(lexicon, min_zipf)
    if not mask.any():
        raise NoSolutionError(
            f"no word of {lexicon.name} has a Zipf frequency of {min_zipf:g} or more"
        )
    return lexicon.subset(mask, name=f"{lexicon.name}-zipf{min_zipf:g}")


# ----------------------------------------------------------------------------- the simple way


def _add_one_letter(t: str, terms: set[str] | frozenset[str]) -> set[str]:
    """The terms among ``terms`` made by adding one letter to term ``t`` (the notebook's way)."""
    return {u for u in (term(t + c) for c in ALPHABET) if u in terms}


def simple_games(words: Iterable[str], start: int = RIDDLER_START, end: int = RIDDLER_END) -> int:
    """Number of games from ``start`` to ``end`` letters, the simple way: memoised recursion
    over terms, as in Norvig's notebook. The reference :func:`count_games` is checked against.

    Examples
    --------
    >>> simple_games(["rid", "ride", "dire", "dried", "rides"], start=3, end=5)
    2
    """
    terms = frozenset(term(w) for w in validate.words("words", words))
    start = validate.whole("start", start, low=1)
    end = validate.whole("end", end, low=start)

    @functools.cache
    def games_from(t: str) -> int:
        if len(t) == end:
            return 1
        return sum(games_from(u) for u in _add_one_letter(t, terms))

    return sum(games_from(t) for t in terms if len(t) == start)


def simple_longest(words: Iterable[str], start: int = RIDDLER_START) -> tuple[int, int]:
    """The words of a longest chain from ``start``-letter terms and how many longest chains
    there are (as term sequences), by memoised recursion: the reference for
    :func:`longest_chains`. ``(0, 0)`` when no term has ``start`` letters.

    Examples
    --------
    >>> simple_longest(["rid", "ride", "dire", "dried", "rides"], start=3)
    (3, 2)
    """
    terms = frozenset(term(w) for w in validate.words("words", words))
    start = validate.whole("start", start, low=1)

    @functools.cache
    def longest_from(t: str) -> tuple[int, int]:
        below = [longest_from(u) for u in _add_one_letter(t, terms)]
        if not below:
            return 1, 1
        best = max(n for n, _ in below)
        return best + 1, sum(c for n, c in below if n == best)

    found = [longest_from(t) for t in terms if len(t) == start]
    best = max((n for n, _ in found), default=0)
    return best, sum(c for n, c in found if n == best)


# ----------------------------------------------------------------------------- counting paths


def _check_length(dag: TermDAG, name: str, value: object) -> int:
    """``value`` as a term length of ``dag``'s lexicon, or an error naming ``name``."""
    n = validate.whole(name, value)
    top = dag.max_length
    if not 1 <= n <= top:
        raise InputError(
            f"{name} must be from 1 to {top} (the longest term of {dag.lexicon.name}), not {n}"
        )
    return n


def _check_order(start: int, end: int) -> None:
    if start > end:
        raise InputError(f"start ({start}) is greater than end ({end})")


def _step(indptr: np.ndarray, indices: np.ndarray, counts: np.ndarray, rows: range) -> np.ndarray:
    """Rows ``rows`` of the CSR matrix-vector product ``M @ counts``, in exact 64-bit integers.

    The rows' edges are one slice of ``indices``: gather the counts along them, then difference
    a cumulative sum at the row boundaries. Counts are never negative, so checking the total
    first (in floating point, with a margin) rules out any overflow of the partial sums.
    """
    ptr = indptr[rows.start : rows.stop + 1]
    gathered = counts[indices[ptr[0] : ptr[-1]]]
    if float(gathered.sum(dtype=np.float64)) >= 2.0**62:
        raise NoSolutionError("the number of chains exceeds 64-bit integers")
    running = np.zeros(len(gathered) + 1, dtype=np.int64)
    np.cumsum(gathered, out=running[1:])
    return running[ptr[1:] - ptr[0]] - running[ptr[:-1] - ptr[0]]


def _paths_from(dag: TermDAG, sources: np.ndarray, steps: int | None = None) -> np.ndarray:
    """Number of chains (term sequences) from any of ``sources`` to each term.

    ``sources`` are term rows of one length. One product per added letter, over the next
    layer only: the chains into a term are the chains into its reductions. Layers are disjoint,
    so one vector holds the counts of every step.
    """
    f = np.zeros(dag.n_terms, dtype=np.int64)
    f[sources] = 1
    if len(sources) == 0:
        return f
    length = int(dag.lengths[sources[0]])
    last = dag.max_length if steps is None else min(dag.max_length, length + steps)
    for above in range(length + 1, last + 1):
        rows = dag.layer(above)
        f[rows.start : rows.stop] = _step(dag.red_ptr, dag.red_idx, f, rows)
        if not f[rows.start : rows.stop].any():
            break
    return f


def _games_to(dag: TermDAG, end: int, start: int = 1) -> np.ndarray:
    """Number of chains from each term of ``start`` to ``end`` letters to an ``end``-letter term
    (1 for the ``end``-letter terms themselves, 0 outside those lengths)."""
    g = np.zeros(dag.n_terms, dtype=np.int64)
    top = dag.layer(end)
    g[top.start : top.stop] = 1
    for below in range(end - 1, start - 1, -1):
        rows = dag.layer(below)
        g[rows.start : rows.stop] = _step(dag.ext_ptr, dag.ext_idx, g, rows)
    return g


def _total(counts: np.ndarray) -> int:
    """The exact sum of non-negative 64-bit counts, refusing to overflow silently."""
    if float(counts.sum(dtype=np.float64)) >= 2.0**62:
        raise NoSolutionError("the number of chains exceeds 64-bit integers")
    return int(counts.sum())


def _sum_by_length(dag: TermDAG, counts: np.ndarray) -> np.ndarray:
    """Sum of ``counts`` over the terms of each length (index = length), in exact integers."""
    _total(counts)  # every partial sum is at most the whole
    sums = np.zeros(dag.max_length + 1, dtype=np.int64)
    np.add.at(sums, dag.lengths, counts)
    return sums


# ----------------------------------------------------------------------------- results


@dataclass(frozen=True)
class GameCount:
    """How many games run from ``start``-letter terms (or from the term ``origin``) to
    ``end``-letter terms (or to the term ``target``)."""

    games: int
    start: int
    end: int
    origin: str | None = None  # the start term when counting from one term
    target: str | None = None  # the end term when counting the games ending at one term

    def to_dict(self) -> dict[str, object]:
        """The JSON contract: ``games``, ``start``, ``end``, ``from`` and ``to``."""
        return {
            "games": self.games,
            "start": self.start,
            "end": self.end,
            "from": self.origin.upper() if self.origin else None,
            "to": self.target.upper() if self.target else None,
        }


@dataclass(frozen=True)
class GameTable:
    """Games from ``start``-letter terms by terminus length, up to the first length with none.

    ``plot`` is the file a caller drew the table to, if any (the library writes no files).
    """

    start: int
    by_terminus_length: dict[int, int]
    plot: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The JSON contract: ``start`` and ``by_terminus_length`` (string keys)."""
        data: dict[str, object] = {
            "start": self.start,
            "by_terminus_length": {str(k): v for k, v in self.by_terminus_length.items()},
        }
        if self.plot is not None:
            data["plot"] = self.plot
        return data


@dataclass(frozen=True)
class Chain:
    """A chain: its terms, the word shown for each and every word each term unscrambles to."""

    terms: tuple[str, ...]
    shown: tuple[str, ...]
    words: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.terms)

    def added(self) -> list[str]:
        """The letter added at each step after the first (lower case)."""
        return [_added_letter(a, b) for a, b in zip(self.terms, self.terms[1:], strict=False)]

    def to_dict(self) -> dict[str, object]:
        """The JSON form: shown words, upper-case terms, added letters, every word per term."""
        return {
            "chain": list(self.shown),
            "terms": [t.upper() for t in self.terms],
            "added": [c.upper() for c in self.added()],
            "words": [list(ws) for ws in self.words],
        }


@dataclass(frozen=True)
class LongestChains:
    """The longest chains from ``start``-letter terms (or from the term of ``origin``).

    ``length`` is the number of words of a longest chain, ``count`` the number of longest chains
    as distinct term sequences, ``terminals`` the last words of all of them, ``chain`` one of them.
    ``chains`` lists every longest chain (shown words) when asked for; ``output`` is the file a
    caller wrote that list to, if any (the library writes no files).
    """

    start: int
    length: int
    count: int
    terminals: tuple[str, ...]
    chain: Chain
    origin: str | None = None
    chains: tuple[tuple[str, ...], ...] | None = None
    output: str | None = None

    def listing(self) -> str:
        """Every listed chain as text, one chain a line, words separated by spaces."""
        return "".join(" ".join(words) + "\n" for words in self.chains or ())

    def to_dict(self) -> dict[str, object]:
        """The JSON contract: ``chain``, ``length``, ``terminals``, ``count`` and more; the
        listed ``chains``, or the ``output`` file they were written to."""
        data: dict[str, object] = {
            "chain": list(self.chain.shown),
            "length": self.length,
            "terminals": list(self.terminals),
            "count": self.count,
            "start": self.start,
            "from": self.origin,
            "terms": [t.upper() for t in self.chain.terms],
            "added": [c.upper() for c in self.chain.added()],
            "words": [list(ws) for ws in self.chain.words],
        }
        if self.output is not None:
            data["output"] = self.output
        elif self.chains is not None:
            data["chains"] = [list(words) for words in self.chains]
        return data


def _added_letter(small: str, big: str) -> str:
    diff = letter_counts(big).astype(int) - letter_counts(small).astype(int)
    return chr(97 + int(np.flatnonzero(diff > 0)[0]))


def _chain(dag: TermDAG, ids: Sequence[int], first_word: str | None = None) -> Chain:
    shown = [dag.word(t) for t in ids]
    if first_word is not None:
        shown[0] = first_word
    return Chain(
        tuple(dag.term_text(t) for t in ids),
        tuple(shown),
        tuple(tuple(dag.words(t)) for t in ids),
    )


# ----------------------------------------------------------------------------- the analyses


def _lookup(dag: TermDAG, name: str, letters: object) -> int:
    """The term row of ``letters`` (a word, or its letters in any order), or an error naming
    the parameter ``name``."""
    letters = parse_letters(validate.text(name, letters), name)
    t = dag.term_id(letters)
    if t < 0:
        raise UnknownWordError(
            f"{name} {letters!r} is not a word of {dag.lexicon.name}, nor the letters of one"
        )
    return t


def _fixed_length(
    dag: TermDAG, name: str, value: object, t: int | None, by: str, word: object, default: int
) -> int:
    """The length ``name``: ``value`` (or ``default``), unless the term ``t`` of ``word``, given
    as ``by``, fixes it; a different explicit ``value`` then is an error, never ignored."""
    if t is None:
        return _check_length(dag, name, default if value is None else value)
    n = int(dag.lengths[t])
    if value is not None and validate.whole(name, value) != n:
        raise InputError(
            f"{name} ({value}) must be {n}, the length of {by} {word!r}, or be left out"
        )
    return n


def count_games(
    lexicon: Lexicon,
    start: int | None = None,
    end: int | None = None,
    origin: str | None = None,
    target: str | None = None,
) -> GameCount:
    """Number of games: chains from a ``start``-letter term to an ``end``-letter term
    (defaults 4 and 9, the Riddler's game).

    ``origin`` (a word or its letters in any order) counts only the games from its term, whose
    length is then the start; ``target`` counts only the games ending at its term, whose
    length is then the end (seed 001 counts the games ending at each terminal word). Giving
    ``start`` with ``origin`` (or ``end`` with ``target``) is allowed only when they agree.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle riddler rides".split())
    >>> count_games(lex, start=3, end=5).games
    2
    >>> count_games(lex, origin="dir", target="riddler").to_dict()["to"]
    'DDEILRR'
    """
    dag = term_dag(lexicon)
    first = _lookup(dag, "origin", origin) if origin is not None else None
    last = _lookup(dag, "target", target) if target is not None else None
    start = _fixed_length(dag, "start", start, first, "origin", origin, RIDDLER_START)
    end = _fixed_length(dag, "end", end, last, "target", target, RIDDLER_END)
    _check_order(start, end)
    sources = np.array([first]) if first is not None else dag.terms_of_length(start)
    f = _paths_from(dag, sources, steps=end - start)
    layer = dag.layer(end)
    games = int(f[last]) if last is not None else _total(f[layer.start : layer.stop])
    return GameCount(
        games,
        start,
        end,
        dag.term_text(first) if first is not None else None,
        dag.term_text(last) if last is not None else None,
    )


def game_table(lexicon: Lexicon, start: int = RIDDLER_START) -> GameTable:
    """Games from ``start``-letter terms by terminus length: every length from ``start`` up to
    and including the first length with no games (seed 001's table).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle rides".split())
    >>> game_table(lex, start=3).by_terminus_length
    {3: 1, 4: 1, 5: 2, 6: 1, 7: 0}
    """
    dag = term_dag(lexicon)
    start = _check_length(dag, "start", start)
    sums = _sum_by_length(dag, _paths_from(dag, dag.terms_of_length(start)))
    table: dict[int, int] = {}
    for length in range(start, dag.max_length + 2):
        table[length] = int(sums[length]) if length < len(sums) else 0
        if table[length] == 0:
            break
    return GameTable(start, table)


def games_by_start_term(
    lexicon: Lexicon, start: int = RIDDLER_START, end: int = RIDDLER_END
) -> dict[str, int]:
    """Games from each ``start``-letter term to ``end`` letters, most games first.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid rides tide tides".split())
    >>> games_by_start_term(lex, start=4, end=5)
    {'deir': 2, 'deit': 1}
    """
    dag = term_dag(lexicon)
    start = _check_length(dag, "start", start)
    end = _check_length(dag, "end", end)
    _check_order(start, end)
    g = _games_to(dag, end, start)
    ids = dag.terms_of_length(start)
    ids = ids[np.lexsort((ids, -g[ids]))]
    return {dag.term_text(t): int(g[t]) for t in ids}


def _longest(
    dag: TermDAG, sources: np.ndarray, start: int, origin: str | None, first_word: str | None
) -> tuple[LongestChains, np.ndarray, np.ndarray]:
    """The longest chains from ``sources`` (terms of ``start`` letters), with the chain counts
    ``f`` into every term and the terminal terms ``ends`` (to list the chains from)."""
    f = _paths_from(dag, sources)
    reached = np.flatnonzero(f)
    last = int(dag.lengths[reached].max())
    ends = reached[dag.lengths[reached] == last]
    # Walk back from the most common terminal through reductions that chains reach.
    ids = [int(ends[np.lexsort((ends, -dag.commonness(ends)))[0]])]
    while dag.lengths[ids[-1]] > start:
        prev = dag.reductions_of(ids[-1])
        prev = prev[f[prev] > 0]
        ids.append(int(prev[np.lexsort((prev, -dag.commonness(prev)))[0]]))
    ids.reverse()
    terminals = sorted(w for t in ends for w in dag.words(int(t)))
    result = LongestChains(
        start=start,
        length=last - start + 1,
        count=_total(f[ends]),
        terminals=tuple(terminals),
        chain=_chain(dag, ids, first_word),
        origin=origin,
    )
    return result, f, ends


def _walk(dag: TermDAG, f: np.ndarray, ends: np.ndarray, start: int) -> Iterator[list[int]]:
    """Every chain (term rows, first to last) from a ``start``-letter term to one of ``ends``.

    Every reduction a chain reaches (f > 0) leads back to a start, so this depth-first walk
    never meets a dead end and yields exactly ``f[ends].sum()`` chains.
    """
    stack: list[list[int]] = [[int(t)] for t in ends[::-1]]
    while stack:
        path = stack.pop()
        if dag.lengths[path[-1]] == start:
            yield path[::-1]
            continue
        prev = dag.reductions_of(path[-1])
        stack.extend([*path, int(p)] for p in prev[f[prev] > 0][::-1])


def longest_chains(
    lexicon: Lexicon,
    start: int = RIDDLER_START,
    list_all: bool = False,
    max_listed: int = MAX_LISTED,
) -> LongestChains:
    """The longest chains from ``start``-letter terms: length, count, terminals and one chain;
    with ``list_all``, every longest chain too (at most ``max_listed`` of them, else
    :class:`TooManyChainsError` before any is listed).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle rides sired".split())
    >>> result = longest_chains(lex, start=3, list_all=True)
    >>> result.length, result.count, result.terminals
    (4, 1, ('riddle',))
    >>> result.chains
    (('rid', 'ride', 'dried', 'riddle'),)
    """
    dag = term_dag(lexicon)
    start = _check_length(dag, "start", start)
    max_listed = validate.whole("max_listed", max_listed, low=0)
    sources = dag.terms_of_length(start)
    if len(sources) == 0:
        hint = " (the one-letter words a and i can be added)" if start == 1 else ""
        raise NoSolutionError(f"{dag.lexicon.name} has no {start}-letter words{hint}")
    result, f, ends = _longest(dag, sources, start, None, None)
    if not list_all:
        return result
    if result.count > max_listed:
        raise TooManyChainsError(result.count, max_listed)
    chains = tuple(tuple(dag.word(t) for t in ids) for ids in _walk(dag, f, ends, start))
    return replace(result, chains=chains)


def chain_from(lexicon: Lexicon, word: str) -> LongestChains:
    """The longest chains starting from the term of ``word`` (a word, or its letters scrambled);
    the chain shown starts with ``word`` itself when it is a word.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> chain_from(lex, "dire").chain.shown
    ('dire', 'dried', 'riddle')
    """
    dag = term_dag(lexicon)
    t = _lookup(dag, "word", word)
    word = word.strip().lower()
    first = word if word in dag.lexicon else None
    result, _, _ = _longest(dag, np.array([t]), int(dag.lengths[t]), dag.term_text(t), first)
    return result


def iter_longest_chains(lexicon: Lexicon, start: int = RIDDLER_START) -> Iterator[Chain]:
    """Every longest chain from ``start``-letter terms, one per distinct term sequence.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried rides".split())
    >>> [c.shown for c in iter_longest_chains(lex, start=3)]
    [('rid', 'ride', 'dried'), ('rid', 'ride', 'rides')]
    """
    dag = term_dag(lexicon)
    start = _check_length(dag, "start", start)
    f = _paths_from(dag, dag.terms_of_length(start))
    reached = np.flatnonzero(f)
    if len(reached) == 0:
        return iter(())
    last = int(dag.lengths[reached].max())
    ends = reached[dag.lengths[reached] == last]
    return (_chain(dag, ids) for ids in _walk(dag, f, ends, start))


# ----------------------------------------------------------------------------- play


@dataclass(frozen=True)
class Game:
    """A game to play: the scrambled start letters, then one added letter per step.

    ``games`` is how many games it was drawn from (uniformly), ``seed`` reproduces it;
    ``answers`` says whether its JSON form reveals the words (``replace(game, answers=True)``).
    """

    seed: int
    scrambled: str
    chain: Chain
    games: int
    answers: bool = False

    def to_dict(self, answers: bool | None = None) -> dict[str, object]:
        """The JSON form; the words of each step and the chain only with ``answers`` (by
        default the game's own :attr:`answers`)."""
        answers = self.answers if answers is None else answers
        steps: list[dict[str, object]] = []
        added = [None, *self.chain.added()]
        for i, t in enumerate(self.chain.terms):
            step: dict[str, object] = {
                "letters": t.upper(),
                "added": added[i].upper() if added[i] else None,
                "length": len(t),
            }
            if answers:
                step["words"] = list(self.chain.words[i])
            steps.append(step)
        return {
            "seed": self.seed,
            "scrambled": self.scrambled.upper(),
            "added": [c.upper() for c in self.chain.added()],
            "steps": steps,
            "games": self.games,
            **({"chain": list(self.chain.shown)} if answers else {}),
        }


def _pick(rng: np.random.Generator, ids: np.ndarray, weights: np.ndarray) -> int:
    """One of ``ids`` with probability proportional to its integer weight, exactly."""
    cumulative = np.cumsum(weights)
    r = int(rng.integers(int(cumulative[-1])))
    return int(ids[np.searchsorted(cumulative, r, side="right")])


def play(
    lexicon: Lexicon,
    seed: int | None = None,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    allow_offensive: bool = False,
) -> Game:
    """A game drawn uniformly at random from all games of ``start`` to ``end`` letters.

    The same ``seed`` (any integer of magnitude below 2**63) gives the same game; without one, a
    seed is drawn and reported. Offensive words (:mod:`letterplay.offensive`) are left out
    unless ``allow_offensive``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> game = play(lex, seed=-7, start=4, end=6)
    >>> game.games, game.chain.terms, sorted(game.scrambled)
    (1, ('deir', 'ddeir', 'ddeilr'), ['d', 'e', 'i', 'r'])
    """
    if not validate.flag("allow_offensive", allow_offensive):
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(lexicon)
    dag = term_dag(lexicon)
    seed = validate.seed("seed", seed)
    start = _check_length(dag, "start", start)
    end = _check_length(dag, "end", end)
    _check_order(start, end)
    if seed is None:
        import secrets  # only a game without a seed needs fresh randomness

        seed = secrets.randbelow(2**validate.SEED_BITS)
    rng = validate.random_generator("seed", seed)
    g = _games_to(dag, end, start)
    starts = dag.terms_of_length(start)
    total = _total(g[starts])
    if total == 0:
        raise NoSolutionError(f"{dag.lexicon.name} has no games from {start} to {end} letters")
    ids = [_pick(rng, starts, g[starts])]
    while dag.lengths[ids[-1]] < end:
        nxt = dag.extensions_of(ids[-1])
        ids.append(_pick(rng, nxt, g[nxt]))
    letters = rng.permutation(list(dag.term_text(ids[0])))
    return Game(seed, "".join(letters), _chain(dag, ids), total)


# ----------------------------------------------------------------------------- check


@dataclass(frozen=True)
class Step:
    """One word of a checked chain: whether it follows the rules and, if not, why."""

    word: str
    ok: bool
    added: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``word``, ``ok``, ``added`` (upper case) and ``reason``."""
        return {
            "word": self.word,
            "ok": self.ok,
            "added": self.added.upper() if self.added else None,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class ChainCheck:
    """A player's chain checked: ``valid`` when every word is in the lexicon and each is the
    previous word plus one letter, rearranged; ``game`` when it is also a Riddler game
    (6 words from 4 to 9 letters); ``broken_step`` is the 1-based position of the first bad word."""

    words: tuple[str, ...]
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def valid(self) -> bool:
        """Whether every step follows the rules."""
        return all(s.ok for s in self.steps)

    @property
    def broken_step(self) -> int | None:
        """The 1-based position of the first word that breaks the chain, or None."""
        return next((i + 1 for i, s in enumerate(self.steps) if not s.ok), None)

    @property
    def reason(self) -> str | None:
        """Why the chain breaks at :attr:`broken_step`, or None when it is valid."""
        step = self.broken_step
        return None if step is None else self.steps[step - 1].reason

    @property
    def game(self) -> bool:
        """Whether the chain is a valid Riddler game (from 4 to 9 letters)."""
        return (
            self.valid
            and len(self.words[0]) == RIDDLER_START
            and len(self.words[-1]) == RIDDLER_END
        )

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``valid``, ``game``, ``broken_step``, ``reason`` and ``steps``."""
        return {
            "valid": self.valid,
            "game": self.game,
            "broken_step": self.broken_step,
            "reason": self.reason,
            "steps": [s.to_dict() for s in self.steps],
        }


def _step_problem(prev: str, word: str) -> str | None:
    """Why ``word`` cannot follow ``prev`` in a chain, or None when it can."""
    if len(word) != len(prev) + 1:
        return (
            f"{word!r} has {len(word)} letters; after {prev!r} ({len(prev)} letters) "
            f"the next word needs {len(prev) + 1}"
        )
    missing = letter_counts(prev).astype(int) - letter_counts(word).astype(int)
    if (missing > 0).any():
        lacks = "".join(chr(97 + i) * int(n) for i, n in enumerate(missing) if n > 0)
        return f"{word!r} is not {prev!r} plus one letter: it lacks {lacks.upper()} of {prev!r}"
    return None


def check_chain(lexicon: Lexicon, words: Sequence[str]) -> ChainCheck:
    """Check a player's chain word by word and say which step breaks and why.

    ``words`` is a sequence of words (a lone string is an error, not a sequence of letters),
    each letters a–z; a word missing from the lexicon, or not the previous word plus one
    letter rearranged, breaks the chain at that step.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> check_chain(lex, ["ride", "dried", "riddle"]).valid
    True
    >>> check_chain(lex, ["ride", "rides", "riddle"]).reason
    "'riddle' is not 'rides' plus one letter: it lacks S of 'rides'"
    """
    lexicon = _lexicon(lexicon)
    checked = validate.words("words", words)
    if not checked:
        raise InputError("words must hold at least one word")
    chain = tuple(parse_letters(w, "words") for w in checked)
    steps = []
    for i, word in enumerate(chain):
        problem = None if word in lexicon else f"{word!r} is not a word of {lexicon.name}"
        added = None
        if i > 0:
            rule = _step_problem(chain[i - 1], word)
            problem = rule or problem
            if rule is None:
                added = _added_letter(term(chain[i - 1]), term(word))
        steps.append(Step(word, problem is None, added, problem))
    return ChainCheck(chain, tuple(steps))


def full_analysis(
    lexicon: Lexicon,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    progress: ProgressCallback | None = None,
) -> tuple[GameCount, LongestChains, GameTable]:
    """Seeds 000 and 001 in one call: the number of games, the longest chains and the table.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> count, longest, table = full_analysis(lex, start=4, end=5)
    >>> count.games, longest.length, table.by_terminus_length
    (2, 3, {4: 1, 5: 2, 6: 1, 7: 0})
    """
    report(progress, "anigrams", 0, 3)
    count = count_games(lexicon, start, end)
    report(progress, "anigrams", 1, 3)
    longest = longest_chains(lexicon, start)
    report(progress, "anigrams", 2, 3)
    table = game_table(lexicon, start)
    report(progress, "anigrams", 3, 3)
    return count, longest, table
