"""Counting games: paths in the term DAG between two lengths, by dynamic programming.

The number of chains from the start terms into each term is one CSR matrix-vector product per
letter added, restricted to one layer (a gather and a cumulative sum over that layer's edges),
and the number of games from each term to the end length is one product per letter removed. All
terms of one length are handled together, so no Python loop runs per term, and each edge is read
once. Counts are exact 64-bit integers; a lexicon whose counts would not fit is refused with
:class:`~letterplay.errors.NoSolutionError` rather than given a wrapped-around number.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> count(start=4, end=8, lexicon=Lexicon.from_words(EXAMPLE_WORDS)).games
1
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.anigrams._dag import TermDAG, term_dag
from letterplay.anigrams._words import game_lexicon
from letterplay.anigrams.rules import RIDDLER_END, RIDDLER_START
from letterplay.errors import InputError, NoSolutionError, UnknownWordError, named, shown
from letterplay.letters import parse_letters
from letterplay.lexicon import Lexicon
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = [
    "CountResult",
    "TableResult",
    "check_length",
    "check_order",
    "count",
    "games_to",
    "lookup",
    "paths_from",
    "step",
    "table",
    "total",
]


# ----------------------------------------------------------------------------- checks


def check_length(dag: TermDAG, name: str, value: object) -> int:
    """``value`` as a term length of ``dag``'s lexicon, or an error naming ``name``."""
    n = validate.whole(name, value)
    top = dag.max_length
    if not 1 <= n <= top:
        raise InputError(
            f"{named(name)} must be from 1 to {top} (the longest term of {dag.lexicon.name}), "
            f"not {n}",
            parameter=name,
        )
    return n


def check_order(start: int, end: int) -> None:
    """An error unless ``start <= end``."""
    if start > end:
        raise InputError(
            f"{named('start')} ({start}) is greater than {named('end')} ({end})",
            parameter="start",
        )


def lookup(dag: TermDAG, name: str, letters: object) -> int:
    """The term row of ``letters`` (a word, or its letters in any order), or an error naming
    the parameter ``name``."""
    letters = parse_letters(validate.text(name, letters), name)
    t = dag.term_id(letters)
    if t < 0:
        raise UnknownWordError(
            f"{named(name)} {shown(letters)} is not a word of {dag.lexicon.name}, nor the "
            "letters of one",
            parameter=name,
        )
    return t


def _fixed_length(
    dag: TermDAG, name: str, value: object, given: tuple[int | None, str, object], *, default: int
) -> int:
    """The length ``name``: ``value`` (or ``default``), unless the term of a word ``given`` as
    ``(row, parameter, word)`` fixes it; a different explicit ``value`` then is an error, never
    ignored."""
    t, by, word = given
    if t is None:
        return check_length(dag, name, default if value is None else value)
    n = int(dag.lengths[t])
    if value is not None and validate.whole(name, value) != n:
        raise InputError(
            f"{named(name)} ({value}) must be {n}, the length of {named(by)} {shown(word)}, or be "
            "left out",
            parameter=name,
        )
    return n


# ----------------------------------------------------------------------------- counting paths


def total(counts: np.ndarray) -> int:
    """The exact sum of non-negative 64-bit counts, refusing to overflow silently."""
    if float(counts.sum(dtype=np.float64)) >= 2.0**62:
        raise NoSolutionError("the number of chains exceeds 64-bit integers")
    return int(counts.sum())


def step(indptr: np.ndarray, indices: np.ndarray, counts: np.ndarray, rows: range) -> np.ndarray:
    """Rows ``rows`` of the CSR matrix-vector product ``M @ counts``, in exact 64-bit integers.

    The rows' edges are one slice of ``indices``: gather the counts along them, then difference
    a cumulative sum at the row boundaries. Counts are never negative, so checking the total
    first (in floating point, with a margin) rules out any overflow of the partial sums.

    Examples
    --------
    >>> ptr, idx = np.array([0, 0, 0, 2]), np.array([0, 1])  # row 2 sums entries 0 and 1
    >>> step(ptr, idx, np.array([5, 7, 0]), range(0, 3)).tolist()
    [0, 0, 12]
    """
    ptr = indptr[rows.start : rows.stop + 1]
    gathered = counts[indices[ptr[0] : ptr[-1]]]
    total(gathered)
    running = np.zeros(len(gathered) + 1, dtype=np.int64)
    np.cumsum(gathered, out=running[1:])
    return running[ptr[1:] - ptr[0]] - running[ptr[:-1] - ptr[0]]


def paths_from(dag: TermDAG, sources: np.ndarray, steps: int | None = None) -> np.ndarray:
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
        f[rows.start : rows.stop] = step(dag.red_ptr, dag.red_idx, f, rows)
        if not f[rows.start : rows.stop].any():
            break
    return f


def games_to(dag: TermDAG, end: int, start: int = 1, target: int | None = None) -> np.ndarray:
    """Number of chains from each term of ``start`` to ``end`` letters to an ``end``-letter term
    (to the term ``target`` alone, when given): 1 for those end terms themselves, 0 outside
    those lengths."""
    g = np.zeros(dag.n_terms, dtype=np.int64)
    if target is None:
        top = dag.layer(end)
        g[top.start : top.stop] = 1
    else:
        g[target] = 1
    for below in range(end - 1, start - 1, -1):
        rows = dag.layer(below)
        g[rows.start : rows.stop] = step(dag.ext_ptr, dag.ext_idx, g, rows)
    return g


# ----------------------------------------------------------------------------- count


@dataclass(frozen=True)
class CountResult(Result):
    """How many games run from ``start``-letter terms (or from the term ``origin``) to
    ``end``-letter terms (or to the term ``target``), on the word list ``lexicon``.

    Examples
    --------
    >>> CountResult(games=1, start=4, end=8, origin="deir").to_dict()
    {'games': 1, 'start': 4, 'end': 8, 'from': 'DEIR', 'to': None}
    """

    games: int
    start: int
    end: int
    origin: str | None = None
    """The start term, when counting the games from one term."""
    target: str | None = None
    """The end term, when counting the games ending at one term."""

    def by_start_term(self) -> dict[str, int]:
        """The games counted, by start term: most games first (alphabetical among equals),
        every start term listed, those with no game too.

        Examples
        --------
        >>> from letterplay.lexicon import Lexicon
        >>> lex = Lexicon.from_words("ride dire dried redid rides tide tides".split())
        >>> count(start=4, end=5, lexicon=lex).by_start_term()
        {'deir': 2, 'deit': 1}
        >>> count(start=4, target="tides", lexicon=lex).by_start_term()
        {'deit': 1, 'deir': 0}
        """
        dag = term_dag(self.lexicon)
        last = dag.term_id(self.target) if self.target else None
        g = games_to(dag, self.end, self.start, last)
        ids = np.array([dag.term_id(self.origin)]) if self.origin else None
        if ids is None:
            ids = dag.terms_of_length(self.start)
        ids = ids[np.lexsort((ids, -g[ids]))]
        return {dag.term_text(t): int(g[t]) for t in ids}

    def to_dict(self) -> dict[str, object]:
        """The JSON contract: ``games``, ``start``, ``end``, ``from`` and ``to``."""
        return {
            "games": self.games,
            "start": self.start,
            "end": self.end,
            "from": self.origin.upper() if self.origin else None,
            "to": self.target.upper() if self.target else None,
        }


def count(
    *,
    start: int | None = None,
    end: int | None = None,
    origin: str | None = None,
    target: str | None = None,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
    progress: ProgressCallback | None = None,
) -> CountResult:
    """Number of games: chains from a ``start``-letter term to an ``end``-letter term (4 and 9
    by default, the Riddler's game).

    A game is a sequence of terms: anagrams of a word do not make new games.

    Parameters
    ----------
    start, end : int, optional
        Letters of the first and of the last word, from 1 to the longest term's length
        (default 4 and 9, or the length of ``origin`` and ``target``).
    origin : str, optional
        Count only the games from this word's term (a word, or its letters in any order); its
        length is the start, so ``start`` may be left out (if given, it must agree).
    target : str, optional
        Count only the games ending at this word's term; its length is the end, so ``end`` may
        be left out (if given, it must agree).
    lexicon : Lexicon, str or None
        The word list: a Lexicon, a catalog name or a file (default: enable1).
    min_zipf : float, optional
        Play only with the words at least this common (wordfreq Zipf, 0 to 8).
    one_letter : bool
        Add the one-letter words ``a`` and ``i`` (not in enable1), so chains can start at 1.
    progress : callable, optional
        ``progress(description, done, total)``, called between the stages of the work.

    Returns
    -------
    CountResult
        ``games``, ``start``, ``end``, ``origin``, ``target``; ``by_start_term()``; and the
        ``lexicon`` played on (with ``min_zipf`` or ``one_letter``, a list of its own).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle riddler rides".split())
    >>> count(start=3, end=5, lexicon=lex).games
    2
    >>> count(origin="dir", target="riddler", lexicon=lex).to_dict()["to"]
    'DDEILRR'
    >>> count().games  # the Riddler's question, on enable1
    4510515
    >>> count(start=5, origin="ride", lexicon=lex)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `start` (5) must be 4, the length of `origin` 'ride', or be \
left out

    References
    ----------
    - The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    - Peter Norvig, *Anigrams Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
    """
    progress = check_progress(progress)
    report(progress, "counting games", 0, 2)
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    dag = term_dag(lexicon)
    report(progress, "counting games", 1, 2)
    first = lookup(dag, "origin", origin) if origin is not None else None
    last = lookup(dag, "target", target) if target is not None else None
    start = _fixed_length(dag, "start", start, (first, "origin", origin), default=RIDDLER_START)
    end = _fixed_length(dag, "end", end, (last, "target", target), default=RIDDLER_END)
    check_order(start, end)
    sources = np.array([first]) if first is not None else dag.terms_of_length(start)
    f = paths_from(dag, sources, steps=end - start)
    layer = dag.layer(end)
    games = int(f[last]) if last is not None else total(f[layer.start : layer.stop])
    report(progress, "counting games", 2, 2)
    return CountResult(
        games=games,
        start=start,
        end=end,
        origin=dag.term_text(first) if first is not None else None,
        target=dag.term_text(last) if last is not None else None,
        lexicon=lexicon,
    )


# ----------------------------------------------------------------------------- table


@dataclass(frozen=True)
class TableResult(Result):
    """Games from ``start``-letter terms by terminus length (the letters of the last word), up
    to and including the first length with none.

    Examples
    --------
    >>> TableResult(start=4, by_terminus_length={4: 2, 5: 0}).to_dict()
    {'start': 4, 'by_terminus_length': {'4': 2, '5': 0}}
    """

    start: int
    by_terminus_length: dict[int, int]

    def to_dict(self) -> dict[str, object]:
        """The JSON contract: ``start`` and ``by_terminus_length`` (string keys)."""
        return {
            "start": self.start,
            "by_terminus_length": {str(k): v for k, v in self.by_terminus_length.items()},
        }


def table(
    *,
    start: int = RIDDLER_START,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
    progress: ProgressCallback | None = None,
) -> TableResult:
    """Games from ``start``-letter terms by terminus length: every length from ``start`` up to
    and including the first length with no games.

    Parameters
    ----------
    start : int
        Letters of the first word (1 to the longest term's length; default 4).
    lexicon, min_zipf, one_letter, progress
        As for :func:`count`.

    Returns
    -------
    TableResult
        ``by_terminus_length`` (length → games) and the ``lexicon`` played on.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle rides".split())
    >>> table(start=3, lexicon=lex).by_terminus_length
    {3: 1, 4: 1, 5: 2, 6: 1, 7: 0}
    >>> table().by_terminus_length[9]  # enable1: the Riddler's games end at 9 letters
    4510515

    References
    ----------
    - *Too many anigrams* (blog post, 19 September 2022), whose table this is; the question:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    """
    progress = check_progress(progress)
    report(progress, "counting games", 0, 2)
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    dag = term_dag(lexicon)
    report(progress, "counting games", 1, 2)
    start = check_length(dag, "start", start)
    counts = paths_from(dag, dag.terms_of_length(start))
    total(counts)  # every partial sum is at most the whole
    sums = np.zeros(dag.max_length + 1, dtype=np.int64)
    np.add.at(sums, dag.lengths, counts)
    by_length: dict[int, int] = {}
    for length in range(start, dag.max_length + 2):
        by_length[length] = int(sums[length]) if length < len(sums) else 0
        if by_length[length] == 0:
            break
    report(progress, "counting games", 2, 2)
    return TableResult(start=start, by_terminus_length=by_length, lexicon=lexicon)
