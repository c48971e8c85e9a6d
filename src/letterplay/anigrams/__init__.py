"""Anigrams: nested anagram chains, how many games there are, games to play and check, one a day.

The puzzle (the Riddler's, 16 September 2022, as Norvig's notebook reads it):

- A *word* is an entry of the word list; a *term* is a word's letters in sorted order
  (:func:`letterplay.letters.term`): ``ride``, ``dire`` and ``ired`` share the term ``deir``.
- An *extension* of a term is a term of the list with one letter more that contains it
  (``deir`` → ``ddeir``, the term of ``dried``); a *reduction* is the reverse step.
- A *chain* is a sequence of words, each one letter longer than the last and an anagram of the
  previous word plus one letter. Chains are counted as sequences of *terms*: two chains whose
  words differ only by anagrams (``ride`` or ``dire``) are the same chain.
- A *game* (the Riddler's rules) is a chain from a 4-letter term to a 9-letter term; more
  generally from ``start`` to ``end`` letters. Swapping letters is not a new game, so the number
  of games (:func:`count`) is the number of term sequences between those lengths.
- A *longest chain* (:func:`longest`) from ``start``-letter terms is a chain with the most words
  that begins with a ``start``-letter term; its *terminals* are the last words of all longest
  chains, and their *count* the number of distinct term sequences that are longest chains.

Simple first, fast second. :mod:`letterplay.anigrams.simple` holds the notebook's algorithm (a
set of terms, the 26 one-letter additions of a term, memoised recursion). The fast functions
build the *term DAG* of the whole list at once, its terms linked to their extensions as CSR
arrays cached on disk, and count paths by dynamic programming over lengths, one sparse product
per letter added (see the private modules); the tests hold the two to the same numbers.

Choices where the puzzle is silent:

- A chain shows one word per term, its most common (wordfreq Zipf, ties alphabetically); results
  also list every word each term unscrambles to. Among several longest chains, the one shown is
  built backwards from the most common terminal word, taking the most common word at each step.
- Every verb takes ``min_zipf`` (keep only words at least that common, for games a player can
  solve: ``beleapt`` and ``bedplate`` are enable1 words few people know) and ``one_letter`` (add
  ``a`` and ``i``, not Scrabble words, as the notebook's last experiment does); either makes a
  word list of its own name and identity (``enable1-zipf3``), which the result names.
- :func:`play` draws uniformly at random among all games (each of the 4,510,515 enable1 games
  is equally likely).
- Counts are exact 64-bit integers; a list whose counts would not fit is refused with
  :class:`~letterplay.errors.NoSolutionError` rather than given a wrapped-around number.

Examples
--------
>>> import letterplay as lp
>>> lp.anigrams.count().games
4510515
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> tiny = lp.Lexicon.from_words(EXAMPLE_WORDS)
>>> longest(lexicon=tiny).chain.shown
('ride', 'dried', 'riddle', 'riddler', 'riddlers')
>>> count(start=4, end=8, lexicon=tiny).games
1

References
----------
- The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
  https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
- Peter Norvig, *Anigrams Puzzle*, pytudes (2022), the algorithm and the figures tested here:
  https://github.com/norvig/pytudes/blob/main/ipynb/Anigrams.ipynb
- *Too many anigrams* (blog post, 19 September 2022): the games by terminus length and the
  2,142 longest chains, 1,071 ending at each terminal.
- The game itself: http://anigrams.us
"""

from letterplay.anigrams._chains import Chain, LongestResult, TooManyChainsError, chain, longest
from letterplay.anigrams._check import CheckResult, Step, check
from letterplay.anigrams._count import CountResult, TableResult, count, table
from letterplay.anigrams._daily import daily
from letterplay.anigrams._play import PlayResult, play

__all__ = [
    "Chain",
    "CheckResult",
    "CountResult",
    "LongestResult",
    "PlayResult",
    "Step",
    "TableResult",
    "TooManyChainsError",
    "chain",
    "check",
    "count",
    "daily",
    "longest",
    "play",
    "table",
]
