"""Chains: the longest chains from the terms of one length, or from one word's term.

A *longest chain* from ``start``-letter terms is a chain with the most words that begins with a
``start``-letter term; its *terminals* are the last words of all longest chains, and the *count*
of longest chains is the number of distinct term sequences that are longest chains. They are
counted with the same products as games (:mod:`letterplay.anigrams._count`), then walked back
from the terminals through the reductions that chains reach.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> longest(lexicon=Lexicon.from_words(EXAMPLE_WORDS)).chain.shown
('ride', 'dried', 'riddle', 'riddler', 'riddlers')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from letterplay import validate
from letterplay.anigrams._count import check_length, lookup, paths_from, total
from letterplay.anigrams._dag import TermDAG, term_dag
from letterplay.anigrams._words import game_lexicon
from letterplay.anigrams.rules import MAX_LISTED, RIDDLER_START
from letterplay.errors import InputError, NoSolutionError, named
from letterplay.letters import letter_counts
from letterplay.lexicon import Lexicon
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = [
    "Chain",
    "LongestResult",
    "TooManyChainsError",
    "added_letter",
    "chain",
    "longest",
    "make_chain",
]


class TooManyChainsError(InputError):
    """More longest chains exist (``count``) than the caller allowed to be listed
    (``max_listed``).

    Examples
    --------
    >>> str(TooManyChainsError(2142, 1000))
    '2,142 longest chains are more than `max_listed` (1,000)'
    """

    def __init__(self, count: int, max_listed: int) -> None:
        self.count, self.max_listed = count, max_listed
        super().__init__(
            f"{count:,} longest chains are more than {named('max_listed')} ({max_listed:,})",
            parameter="max_listed",
        )


def added_letter(small: str, big: str) -> str:
    """The letter term ``big`` has more than term ``small`` (lower case).

    Examples
    --------
    >>> added_letter("deir", "ddeir")
    'd'
    """
    diff = letter_counts(big).astype(int) - letter_counts(small).astype(int)
    return chr(97 + int(np.flatnonzero(diff > 0)[0]))


@dataclass(frozen=True)
class Chain:
    """A chain: its terms, the word shown for each and every word each term unscrambles to.

    Examples
    --------
    >>> c = Chain(("deir", "ddeir"), ("ride", "dried"), (("dire", "ride"), ("dried", "redid")))
    >>> len(c), c.added(), c.to_dict()["terms"]
    (2, ['d'], ['DEIR', 'DDEIR'])
    """

    terms: tuple[str, ...]
    shown: tuple[str, ...]
    words: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.terms)

    def added(self) -> list[str]:
        """The letter added at each step after the first (lower case)."""
        return [added_letter(a, b) for a, b in zip(self.terms, self.terms[1:], strict=False)]

    def to_dict(self) -> dict[str, object]:
        """The JSON form: shown words, upper-case terms, added letters, every word per term."""
        return {
            "chain": list(self.shown),
            "terms": [t.upper() for t in self.terms],
            "added": [c.upper() for c in self.added()],
            "words": [list(ws) for ws in self.words],
        }


def make_chain(dag: TermDAG, ids: Sequence[int], first_word: str | None = None) -> Chain:
    """The chain of the term rows ``ids``, each shown by its most common word (the first by
    ``first_word``, when given)."""
    shown = [dag.word(t) for t in ids]
    if first_word is not None:
        shown[0] = first_word
    return Chain(
        tuple(dag.term_text(t) for t in ids),
        tuple(shown),
        tuple(tuple(dag.words(t)) for t in ids),
    )


@dataclass(frozen=True)
class LongestResult(Result):
    """The longest chains from ``start``-letter terms (or from the term of ``origin``).

    ``length`` is the number of words of a longest chain, ``count`` the number of longest chains
    as distinct term sequences, ``terminals`` the last words of all of them, ``chain`` one of them.
    ``chains`` lists every longest chain (shown words) when asked for; ``output`` is the file a
    caller wrote that list to, if any (the library writes no files).

    Examples
    --------
    >>> from letterplay.anigrams.rules import EXAMPLE_WORDS
    >>> from letterplay.lexicon import Lexicon
    >>> result = longest(list_all=True, lexicon=Lexicon.from_words(EXAMPLE_WORDS))
    >>> result.listing()
    'ride dried riddle riddler riddlers\\n'
    >>> sorted(result.to_dict())[:4]
    ['added', 'chain', 'chains', 'count']
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


def _longest(
    dag: TermDAG, sources: np.ndarray, origin: str | None, first_word: str | None
) -> tuple[LongestResult, np.ndarray, np.ndarray]:
    """The longest chains from ``sources`` (terms of one length), with the chain counts ``f``
    into every term and the terminal terms ``ends`` (to list the chains from)."""
    start = int(dag.lengths[sources[0]])
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
    result = LongestResult(
        start=start,
        length=last - start + 1,
        count=total(f[ends]),
        terminals=tuple(terminals),
        chain=make_chain(dag, ids, first_word),
        origin=origin,
        lexicon=dag.lexicon,
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


def longest(
    *,
    start: int = RIDDLER_START,
    list_all: bool = False,
    max_listed: int = MAX_LISTED,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
    progress: ProgressCallback | None = None,
) -> LongestResult:
    """The longest chains from ``start``-letter terms: their length, how many there are, their
    terminals and one of them; with ``list_all``, every longest chain too.

    Chains are counted as sequences of terms (anagrams make the same chain). The chain shown is
    built backwards from the most common terminal word, taking the most common word at each
    step.

    Parameters
    ----------
    start : int
        Letters of the first word (1 to the longest term's length; default 4).
    list_all : bool
        List every longest chain (as shown words) in ``chains``.
    max_listed : int
        With ``list_all``, the most chains to list: more is a :class:`TooManyChainsError`,
        raised before any is listed.
    lexicon, min_zipf, one_letter, progress
        As for :func:`count`.

    Returns
    -------
    LongestResult
        ``length``, ``count``, ``terminals``, ``chain`` (a :class:`Chain`), ``chains`` (with
        ``list_all``) and the ``lexicon`` played on.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("rid ride dire dried redid riddle rides sired".split())
    >>> result = longest(start=3, list_all=True, lexicon=lex)
    >>> result.length, result.count, result.terminals
    (4, 1, ('riddle',))
    >>> result.chains
    (('rid', 'ride', 'dried', 'riddle'),)
    >>> longest().terminals  # enable1
    ('indeterminations', 'underestimations')
    >>> longest(start=1, one_letter=True).length  # with a and i added
    16

    References
    ----------
    - The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    - Peter Norvig, *Anigrams Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
    """
    progress = check_progress(progress)
    report(progress, "finding the longest chains", 0, 2)
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    dag = term_dag(lexicon)
    report(progress, "finding the longest chains", 1, 2)
    start = check_length(dag, "start", start)
    list_all = validate.flag("list_all", list_all)
    max_listed = validate.whole("max_listed", max_listed, low=0)
    sources = dag.terms_of_length(start)
    if len(sources) == 0:
        hint = " (the one-letter words a and i can be added)" if start == 1 else ""
        raise NoSolutionError(f"{dag.lexicon.name} has no {start}-letter words{hint}")
    result, f, ends = _longest(dag, sources, None, None)
    report(progress, "finding the longest chains", 2, 2)
    if not list_all:
        return result
    if result.count > max_listed:
        raise TooManyChainsError(result.count, max_listed)
    chains = []
    for ids in _walk(dag, f, ends, start):
        if len(chains) % 4096 == 0:  # a million chains take seconds: stay stoppable
            report(progress, "listing chains", len(chains), result.count)
        chains.append(tuple(dag.word(t) for t in ids))
    return replace(result, chains=tuple(chains))


def chain(
    word: str,
    *,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
) -> LongestResult:
    """The longest chains from the term of ``word``: their length, how many there are, their
    terminals, and one of them, which starts with ``word`` itself when it is a word.

    Parameters
    ----------
    word : str
        A word, or its letters in any order (``"eepb"``).
    lexicon, min_zipf, one_letter
        As for :func:`count`.

    Returns
    -------
    LongestResult
        As for :func:`longest`, with ``origin`` the term of ``word``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> chain("dire", lexicon=lex).chain.shown
    ('dire', 'dried', 'riddle')
    >>> chain("beep").chain.terms  # enable1: beep starts exactly one game
    ('beep', 'beelp', 'abeelp', 'abeelpt', 'abdeelpt', 'abdeelpst')

    References
    ----------
    - Peter Norvig, *Anigrams Puzzle*, pytudes (the chain from ``beep``):
      https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
    """
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    dag = term_dag(lexicon)
    t = lookup(dag, "word", word)
    word = word.strip().lower()
    first = word if word in dag.lexicon else None
    result, _, _ = _longest(dag, np.array([t]), dag.term_text(t), first)
    return result
