"""The simple versions the fast Anigrams functions are tested against.

Norvig's algorithm: a set of terms, the 26 one-letter additions of a term, and memoised
recursion. Obviously right, and slow (for small word lists only).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> tiny = Lexicon.from_words(EXAMPLE_WORDS)
>>> simple_count(start=4, end=8, lexicon=tiny), simple_longest(lexicon=tiny)
(1, (5, 1))
"""

from __future__ import annotations

import functools

from letterplay import validate
from letterplay.anigrams.rules import RIDDLER_END, RIDDLER_START
from letterplay.letters import ALPHABET, term
from letterplay.lexicon import Lexicon, as_lexicon

__all__ = ["simple_count", "simple_longest"]


def _terms(lexicon: Lexicon | str | None) -> frozenset[str]:
    return frozenset(term(w) for w in as_lexicon(lexicon).words)


def _add_one_letter(t: str, terms: frozenset[str]) -> set[str]:
    """The terms among ``terms`` made by adding one letter to term ``t`` (the notebook's way)."""
    return {u for u in (term(t + c) for c in ALPHABET) if u in terms}


def simple_count(
    *, start: int = RIDDLER_START, end: int = RIDDLER_END, lexicon: Lexicon | str | None = None
) -> int:
    """Number of games from ``start`` to ``end`` letters, the simple way: memoised recursion
    over terms, as in Norvig's notebook. The reference :func:`letterplay.anigrams.count` is
    tested against.

    Parameters
    ----------
    start, end : int
        Letters of the first and of the last word (default 4 and 9).
    lexicon : Lexicon, str or None
        The word list (default: enable1; meant for small ones).

    Returns
    -------
    int
        How many games (term sequences) there are.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> simple_count(start=3, end=5, lexicon=Lexicon.from_words(["rid", "ride", "dried", "rides"]))
    2

    References
    ----------
    - Peter Norvig, *Anigrams Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
    """
    start = validate.whole("start", start, low=1)
    end = validate.whole("end", end, low=start)
    terms = _terms(lexicon)

    @functools.cache
    def games_from(t: str) -> int:
        if len(t) == end:
            return 1
        return sum(games_from(u) for u in _add_one_letter(t, terms))

    return sum(games_from(t) for t in terms if len(t) == start)


def simple_longest(
    *, start: int = RIDDLER_START, lexicon: Lexicon | str | None = None
) -> tuple[int, int]:
    """The words of a longest chain from ``start``-letter terms and how many longest chains
    there are (as term sequences), by memoised recursion: the reference
    :func:`letterplay.anigrams.longest` is tested against. ``(0, 0)`` when no term has
    ``start`` letters.

    Parameters
    ----------
    start : int
        Letters of the first word (default 4).
    lexicon : Lexicon, str or None
        The word list (default: enable1; meant for small ones).

    Returns
    -------
    tuple of (int, int)
        The length of a longest chain and how many longest chains there are.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> simple_longest(start=3, lexicon=Lexicon.from_words(["rid", "ride", "dried", "rides"]))
    (3, 2)

    References
    ----------
    - Peter Norvig, *Anigrams Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
    """
    start = validate.whole("start", start, low=1)
    terms = _terms(lexicon)

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
