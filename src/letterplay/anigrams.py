"""Anigrams: nested anagram chains, how many games there are, and games to play.

The concepts, as in the Riddler puzzle of 16 September 2022 and seeds 000 and 001:

- A *word* is an entry of the lexicon; a *term* is a word's letters in sorted order
  (:func:`letterplay.letters.term`): ``ride``, ``dire`` and ``ired`` share the term ``deir``.
- An *extension* of a term is a term of the lexicon with one letter more that contains it
  (``deir`` → ``ddeir``, the term of ``dried``); a *reduction* is the reverse step.
- The *term DAG* links every term to its extensions. It is built for the whole lexicon at once
  with array operations: every term of length L+1 is cut at each of its L+1 letters and the
  resulting keys are looked up among the sorted terms with ``np.searchsorted``; the edges become
  a ``scipy.sparse`` matrix (and its transpose), cached on disk by the lexicon's identity.
- A *chain* is a sequence of words, each one letter longer than the last and an anagram of the
  previous word plus one letter. Chains are counted as sequences of *terms*: two chains whose
  words differ only by anagrams (``ride`` or ``dire``) are the same chain.
- A *game* (Riddler rules) is a chain from a 4-letter term to a 9-letter term; more generally
  from ``start`` to ``end`` letters. Swapping letters is not a new game, so a game is a sequence
  of terms, and the number of games is the number of paths in the term DAG between those lengths.
- A *longest chain* from ``start``-letter terms is a chain with the most words that begins with
  a ``start``-letter term; its *terminals* are the last words of all longest chains, and the
  *count* of longest chains is the number of distinct term sequences that are longest chains.

Every count is dynamic programming over lengths: the number of paths from the start terms to each
term is one sparse matrix-vector product per letter added (:func:`paths_from`), and the number
of games from each term to the end length is one product per letter removed (:func:`games_to`).
All terms of one length are handled together, so no Python loop runs per term.

Choices where the puzzle is silent:

- A chain is shown with one word per term, its most common word (wordfreq Zipf, ties broken
  alphabetically); results also list every word each term unscrambles to. When several longest
  chains exist, the one shown is built backwards from the most common terminal word, taking
  the most common word at each step.
- :func:`common_words` keeps only words with a wordfreq Zipf frequency of at least a floor, for
  games a player can solve (``beleapt`` and ``bedplate`` are enable1 words few people know).
- ``with_one_letter_words`` adds ``a`` and ``i`` (not Scrabble words, so not in enable1) as seed
  000's last experiment does; it makes a new lexicon with its own identity.
- :func:`play` draws uniformly at random among all games (each of the 4,510,515 enable1 games is
  equally likely), with Python's ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np
from scipy import sparse

from letterplay import cache
from letterplay.errors import InputError, NoSolutionError, UnknownWordError
from letterplay.letters import letter_counts, parse_letters, term
from letterplay.lexicon import Lexicon, zipf_floor_mask
from letterplay.progress import ProgressCallback, report

DAG_VERSION = 1  # bump when the cached edges change meaning
ONE_LETTER_WORDS = ("a", "i")
RIDDLER_START, RIDDLER_END = 4, 9


# ----------------------------------------------------------------------------- the term DAG


@dataclass(frozen=True, eq=False)
class TermDAG:
    """The terms of a lexicon and their one-letter extensions, as sparse matrices.

    - ``terms`` (T,) sorted bytes and ``lengths`` (T,) int16: as in the lexicon's LetterIndex.
    - ``extensions`` (T, T) CSR: entry ``[t, u]`` is 1 when term ``u`` is ``t`` plus one letter.
    - ``reductions`` (T, T) CSR: its transpose, ``[u, t]`` is 1 when ``t`` is ``u`` less a letter.
    """

    lexicon: Lexicon
    terms: np.ndarray
    lengths: np.ndarray
    extensions: sparse.csr_array
    reductions: sparse.csr_array

    @property
    def n_terms(self) -> int:
        """How many distinct terms the lexicon has."""
        return len(self.terms)

    @property
    def max_length(self) -> int:
        """The length of the longest term."""
        return int(self.lengths.max())

    def term_text(self, t: int) -> str:
        """Term ``t`` as lower-case sorted letters (``"deir"``)."""
        return self.terms[t].decode("ascii")

    def term_id(self, letters: str) -> int:
        """The row of the term of ``letters`` (any order), or -1 when no word has those letters."""
        key = term(letters).encode("ascii")
        i = int(np.searchsorted(self.terms, key))
        return i if i < len(self.terms) and self.terms[i] == key else -1

    def terms_of_length(self, length: int) -> np.ndarray:
        """The rows of all terms with ``length`` letters."""
        return np.flatnonzero(self.lengths == length)

    def extensions_of(self, t: int) -> np.ndarray:
        """The rows of the extensions of term ``t``."""
        ext = self.extensions
        return ext.indices[ext.indptr[t] : ext.indptr[t + 1]]

    def reductions_of(self, t: int) -> np.ndarray:
        """The rows of the reductions of term ``t``."""
        red = self.reductions
        return red.indices[red.indptr[t] : red.indptr[t + 1]]

    @cached_property
    def _term_words(self) -> tuple[np.ndarray, np.ndarray]:
        return self.lexicon.index.term_words()

    def words(self, t: int) -> list[str]:
        """Every word term ``t`` unscrambles to, alphabetically."""
        order, starts = self._term_words
        return [self.lexicon.words[w] for w in order[starts[t] : starts[t + 1]]]

    @cached_property
    def _best_word(self) -> np.ndarray:
        # Most common word of each term; lexsort's last key is primary, ties go to the
        # alphabetically first word because word rows are in alphabetical order.
        index = self.lexicon.index
        rows = np.arange(len(index.term_ids))
        order = np.lexsort((rows, -self.lexicon.zipfs, index.term_ids))
        first = np.ones(len(order), dtype=bool)
        first[1:] = index.term_ids[order[1:]] != index.term_ids[order[:-1]]
        return order[first]

    def word(self, t: int) -> str:
        """The word shown for term ``t``: its most common word (alphabetical among equals)."""
        return self.lexicon.words[int(self._best_word[t])]

    def commonness(self, t: np.ndarray) -> np.ndarray:
        """Zipf frequency of the shown word of each term in ``t``."""
        return self.lexicon.zipfs[self._best_word[t]]


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


@lru_cache(maxsize=8)
def term_dag(lexicon: Lexicon) -> TermDAG:
    """The term DAG of ``lexicon`` (edges cached on disk by the lexicon's identity)."""
    index = lexicon.index
    terms = index.terms

    def build() -> dict[str, np.ndarray]:
        small, big = _one_letter_deletions(terms)
        return {"small": small, "big": big}

    if len(lexicon) < 2000:  # tiny lists build faster than a file is read
        edges = build()
    else:
        edges = cache.cached("anigrams-dag", f"{lexicon.sha256}:term-dag-v{DAG_VERSION}", build)
    n = len(terms)
    ones = np.ones(len(edges["small"]), dtype=np.int64)
    extensions = sparse.csr_array((ones, (edges["small"], edges["big"])), shape=(n, n))
    reductions = sparse.csr_array((ones, (edges["big"], edges["small"])), shape=(n, n))
    lengths = np.char.str_len(terms).astype(np.int16)
    return TermDAG(lexicon, terms, lengths, extensions, reductions)


@lru_cache(maxsize=4)
def with_one_letter_words(lexicon: Lexicon, words: Sequence[str] = ONE_LETTER_WORDS) -> Lexicon:
    """``lexicon`` plus the one-letter words ``a`` and ``i`` (seed 000's last experiment)."""
    missing = [w for w in words if w not in lexicon]
    if not missing:
        return lexicon
    name = lexicon.name + "".join(f"+{w}" for w in missing)
    return Lexicon.from_words((*lexicon.words, *missing), name=name, source=lexicon.source)


@lru_cache(maxsize=4)
def common_words(lexicon: Lexicon, min_zipf: float) -> Lexicon:
    """The words of ``lexicon`` at least as common as ``min_zipf`` (wordfreq Zipf), so that
    games use only words a player is likely to know."""
    mask = zipf_floor_mask(lexicon, min_zipf)
    if not mask.any():
        raise InputError(f"no word of {lexicon.name} has a Zipf frequency of {min_zipf:g} or more")
    return lexicon.subset(mask, name=f"{lexicon.name}-zipf{min_zipf:g}")


# ----------------------------------------------------------------------------- counting paths


def check_lengths(dag: TermDAG, start: int, end: int | None = None) -> None:
    """Raise :class:`InputError` unless 1 <= start <= end <= the longest term's length."""
    top = dag.max_length
    for what, n in (("start", start), ("end", end)):
        if n is not None and not 1 <= n <= top:
            raise InputError(
                f"{what} length {n} is out of range: terms of {dag.lexicon.name} have 1 to "
                f"{top} letters"
            )
    if end is not None and start > end:
        raise InputError(f"start length {start} is greater than end length {end}")


def _step(matrix: sparse.csr_array, counts: np.ndarray) -> np.ndarray:
    """``matrix @ counts`` in exact 64-bit integers, refusing to overflow silently."""
    widest = int(np.diff(matrix.indptr).max(initial=0))
    if int(counts.max(initial=0)) * widest >= 2**63:
        raise NoSolutionError("the number of chains exceeds 64-bit integers")
    return matrix @ counts


def paths_from(dag: TermDAG, sources: np.ndarray, steps: int | None = None) -> np.ndarray:
    """Number of chains (term sequences) from any of ``sources`` to each term.

    ``sources`` are term rows of one length. One sparse product per added letter: the chains
    into a term are the chains into its reductions. Terms of different lengths never share a
    step, so the counts of all steps add up into one vector.
    """
    f = np.zeros(dag.n_terms, dtype=np.int64)
    f[sources] = 1
    total = f.copy()
    for _ in range(dag.max_length if steps is None else steps):
        f = _step(dag.reductions, f)
        if not f.any():
            break
        total += f
    return total


def games_to(dag: TermDAG, end: int, start: int = 1) -> np.ndarray:
    """Number of chains from each term of ``start`` to ``end`` letters to an ``end``-letter term
    (1 for the ``end``-letter terms themselves, 0 outside those lengths)."""
    g = (dag.lengths == end).astype(np.int64)
    total = g.copy()
    for _ in range(end - start):
        g = _step(dag.extensions, g)
        total += g
    return total


def _sum_by_length(dag: TermDAG, counts: np.ndarray) -> np.ndarray:
    """Sum of ``counts`` over the terms of each length (index = length), in exact integers."""
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
        return {
            "games": self.games,
            "start": self.start,
            "end": self.end,
            "from": self.origin.upper() if self.origin else None,
            "to": self.target.upper() if self.target else None,
        }


@dataclass(frozen=True)
class GameTable:
    """Games from ``start``-letter terms by terminus length, up to the first length with none."""

    start: int
    by_terminus_length: dict[int, int]

    def to_dict(self) -> dict[str, object]:
        return {
            "start": self.start,
            "by_terminus_length": {str(k): v for k, v in self.by_terminus_length.items()},
        }


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
    """

    start: int
    length: int
    count: int
    terminals: tuple[str, ...]
    chain: Chain
    origin: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
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


def count_games(
    lexicon: Lexicon,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    origin: str | None = None,
    target: str | None = None,
) -> GameCount:
    """Number of games: chains from a ``start``-letter term to an ``end``-letter term.

    ``origin`` (a word or its letters in any order) counts only the games from its term, whose
    length then replaces ``start``; ``target`` counts only the games ending at its term, whose
    length then replaces ``end`` (seed 001 counts the games ending at each terminal word).
    """
    dag = term_dag(lexicon)
    first = lookup_term(dag, origin) if origin is not None else None
    last = lookup_term(dag, target) if target is not None else None
    if first is not None:
        start = int(dag.lengths[first])
    if last is not None:
        end = int(dag.lengths[last])
    check_lengths(dag, start, end)
    sources = np.array([first]) if first is not None else dag.terms_of_length(start)
    f = paths_from(dag, sources, steps=end - start)
    games = int(f[last]) if last is not None else int(f[dag.lengths == end].sum())
    return GameCount(
        games,
        start,
        end,
        dag.term_text(first) if first is not None else None,
        dag.term_text(last) if last is not None else None,
    )


def game_table(lexicon: Lexicon, start: int = RIDDLER_START) -> GameTable:
    """Games from ``start``-letter terms by terminus length: every length from ``start`` up to
    and including the first length with no games (seed 001's table)."""
    dag = term_dag(lexicon)
    check_lengths(dag, start)
    sums = _sum_by_length(dag, paths_from(dag, dag.terms_of_length(start)))
    table: dict[int, int] = {}
    for length in range(start, dag.max_length + 2):
        table[length] = int(sums[length]) if length < len(sums) else 0
        if table[length] == 0:
            break
    return GameTable(start, table)


def games_by_start_term(
    lexicon: Lexicon, start: int = RIDDLER_START, end: int = RIDDLER_END
) -> dict[str, int]:
    """Games from each ``start``-letter term to ``end`` letters, most games first."""
    dag = term_dag(lexicon)
    check_lengths(dag, start, end)
    g = games_to(dag, end, start)
    ids = dag.terms_of_length(start)
    ids = ids[np.lexsort((ids, -g[ids]))]
    return {dag.term_text(t): int(g[t]) for t in ids}


def lookup_term(dag: TermDAG, letters: str, what: str = "word") -> int:
    """The term row of ``letters`` (a word, or its letters in any order), or a one-line error."""
    letters = parse_letters(letters, what)
    t = dag.term_id(letters)
    if t < 0:
        raise UnknownWordError(
            f"{letters!r} is not a word of {dag.lexicon.name}, nor the letters of one"
        )
    return t


def _longest(
    dag: TermDAG, sources: np.ndarray, start: int, origin: str | None, first_word: str | None
) -> LongestChains:
    f = paths_from(dag, sources)
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
    return LongestChains(
        start=start,
        length=last - start + 1,
        count=int(f[ends].sum()),
        terminals=tuple(terminals),
        chain=_chain(dag, ids, first_word),
        origin=origin,
    )


def longest_chains(lexicon: Lexicon, start: int = RIDDLER_START) -> LongestChains:
    """The longest chains from ``start``-letter terms: length, count, terminals and one chain."""
    dag = term_dag(lexicon)
    check_lengths(dag, start)
    sources = dag.terms_of_length(start)
    if len(sources) == 0:
        hint = " (the one-letter words a and i can be added)" if start == 1 else ""
        raise NoSolutionError(f"{lexicon.name} has no {start}-letter words{hint}")
    return _longest(dag, sources, start, None, None)


def chain_from(lexicon: Lexicon, word: str) -> LongestChains:
    """The longest chains starting from the term of ``word`` (a word, or its letters scrambled);
    the chain shown starts with ``word`` itself when it is a word."""
    dag = term_dag(lexicon)
    t = lookup_term(dag, word)
    word = word.strip().lower()
    first = word if word in lexicon else None
    return _longest(dag, np.array([t]), int(dag.lengths[t]), dag.term_text(t), first)


def iter_longest_chains(lexicon: Lexicon, start: int = RIDDLER_START) -> Iterator[Chain]:
    """Every longest chain from ``start``-letter terms, one per distinct term sequence."""
    dag = term_dag(lexicon)
    check_lengths(dag, start)
    f = paths_from(dag, dag.terms_of_length(start))
    reached = np.flatnonzero(f)
    if len(reached) == 0:
        return
    last = int(dag.lengths[reached].max())
    ends = reached[dag.lengths[reached] == last]
    # Every reduction a chain reaches (f > 0) leads back to a start, so this depth-first walk
    # never meets a dead end and yields exactly f[ends].sum() chains.
    stack: list[list[int]] = [[int(t)] for t in ends[::-1]]
    while stack:
        path = stack.pop()
        if dag.lengths[path[-1]] == start:
            yield _chain(dag, path[::-1])
            continue
        prev = dag.reductions_of(path[-1])
        stack.extend([*path, int(p)] for p in prev[f[prev] > 0][::-1])


# ----------------------------------------------------------------------------- play


@dataclass(frozen=True)
class Game:
    """A game to play: the scrambled start letters, then one added letter per step.

    ``games`` is how many games it was drawn from (uniformly), ``seed`` reproduces it.
    """

    seed: int
    scrambled: str
    chain: Chain
    games: int

    def to_dict(self, answers: bool = False) -> dict[str, object]:
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


def _pick(rng: random.Random, ids: np.ndarray, weights: np.ndarray) -> int:
    """One of ``ids`` with probability proportional to its integer weight, exactly."""
    cumulative = np.cumsum(weights)
    return int(ids[np.searchsorted(cumulative, rng.randrange(int(cumulative[-1])), side="right")])


def play(
    lexicon: Lexicon,
    seed: int | None = None,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    allow_offensive: bool = False,
) -> Game:
    """A game drawn uniformly at random from all games of ``start`` to ``end`` letters.

    The same ``seed`` gives the same game; without one, a seed is drawn and reported. Offensive
    words (:mod:`letterplay.offensive`) are left out unless ``allow_offensive``.
    """
    if not allow_offensive:
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(lexicon)
    dag = term_dag(lexicon)
    check_lengths(dag, start, end)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    g = games_to(dag, end, start)
    starts = dag.terms_of_length(start)
    total = int(g[starts].sum())
    if total == 0:
        raise NoSolutionError(f"{lexicon.name} has no games from {start} to {end} letters")
    ids = [_pick(rng, starts, g[starts])]
    while dag.lengths[ids[-1]] < end:
        nxt = dag.extensions_of(ids[-1])
        ids.append(_pick(rng, nxt, g[nxt]))
    letters = list(dag.term_text(ids[0]))
    rng.shuffle(letters)
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
        return all(s.ok for s in self.steps)

    @property
    def broken_step(self) -> int | None:
        return next((i + 1 for i, s in enumerate(self.steps) if not s.ok), None)

    @property
    def reason(self) -> str | None:
        step = self.broken_step
        return None if step is None else self.steps[step - 1].reason

    @property
    def game(self) -> bool:
        return (
            self.valid
            and len(self.words[0]) == RIDDLER_START
            and len(self.words[-1]) == RIDDLER_END
        )

    def to_dict(self) -> dict[str, object]:
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

    Words must be letters a–z (else :class:`InputError`); a word missing from the lexicon or
    not one letter longer than, and an anagram of, the previous word plus one letter, breaks
    the chain at that step.
    """
    if not words:
        raise InputError("a chain needs at least one word")
    words = tuple(parse_letters(w, "a chain word") for w in words)
    steps = []
    for i, word in enumerate(words):
        problem = None if word in lexicon else f"{word!r} is not a word of {lexicon.name}"
        added = None
        if i > 0:
            rule = _step_problem(words[i - 1], word)
            problem = rule or problem
            if rule is None:
                added = _added_letter(term(words[i - 1]), term(word))
        steps.append(Step(word, problem is None, added, problem))
    return ChainCheck(words, tuple(steps))


def full_analysis(
    lexicon: Lexicon,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    progress: ProgressCallback | None = None,
) -> tuple[GameCount, LongestChains, GameTable]:
    """Seeds 000 and 001 in one call: the number of games, the longest chains and the table."""
    report(progress, "anigrams", 0, 3)
    count = count_games(lexicon, start, end)
    report(progress, "anigrams", 1, 3)
    longest = longest_chains(lexicon, start)
    report(progress, "anigrams", 2, 3)
    table = game_table(lexicon, start)
    report(progress, "anigrams", 3, 3)
    return count, longest, table
