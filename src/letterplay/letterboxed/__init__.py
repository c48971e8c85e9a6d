"""Letter Boxed: exact solutions in the fewest words, counted, fair boards, checks, a board a day.

The puzzle (the NY Times Letter Boxed, as Art Steinmetz's article reads it):

- A *board* is a polygon whose *sides* each carry letters (NY Times: 4 sides × 3 letters); all
  its letters are distinct.
- A word is *playable* on a board if it has at least 3 letters, uses only board letters and no
  two consecutive letters lie on the same side (letters may repeat).
- A *solution* is a sequence of playable words, each starting with the last letter of the one
  before, that uses every board letter; the game ends when the last letter is first used, so
  the last word is the one that completes the board (a longer sequence is not a solution).
  Words may be used twice, as the rules do not forbid it; solutions with no word used twice
  are counted separately.

Every function takes the board first: a :class:`Board`, or its sides as one text (``"TAP ERD
NIL YCO"``, spaces or commas between them) or as a sequence of sides; then everything else by
keyword, ``lexicon`` among them (a name, a file or a Lexicon; enable1 by default).

The solver is exact. A partial solution is summarised by its *state*, the last letter played
and the letters used so far; the number of ways to finish from every state with ``r`` more
words is an OR-convolution over letter masks, computed with subset and superset sums for the
whole state space at once (see the private modules). The fewest words is the first ``r`` whose
count is not zero, which proves it, and that count is the number of minimal solutions.
:func:`letterplay.letterboxed.simple.simple_solve` grows every chain of playable words one word
at a time instead: obviously right, and slow; the tests hold the fast solver to it.

Examples
--------
>>> import letterplay as lp
>>> lp.letterboxed.solve("TAP ERD NIL YCO").min_words
2
>>> from letterplay.letterboxed.rules import EXAMPLE_WORDS
>>> tiny = lp.Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> result = solve(["tap", "erd", "nil", "yco"], lexicon=tiny)
>>> result.min_words, result.count
(2, 3)
>>> sorted(s.words for s in result.solutions)
[('ancient', 'torpidly'), ('dictionary', 'yelp'), ('plead', 'dictionary')]

References
----------
- The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
- Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times", Outsider Data Science
  (2019): https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
  (also https://www.r-bloggers.com/2019/04/solving-the-letterboxed-puzzle-in-the-new-york-times/)
- A. Björklund, T. Husfeldt, P. Kaski, M. Koivisto, "Fourier meets Möbius: fast subset
  convolution", STOC 2007, https://doi.org/10.1145/1250790.1250801 (zeta and Möbius transforms
  over subsets, used for the OR-convolution).
"""

from letterplay.letterboxed._board import Board, parse_board
from letterplay.letterboxed._check import CheckResult, check
from letterplay.letterboxed._daily import daily
from letterplay.letterboxed._generate import GenerateResult, generate
from letterplay.letterboxed._playable import PlayableResult, playable
from letterplay.letterboxed._solve import BoxSolution, SolveResult, solve

__all__ = [
    "Board",
    "BoxSolution",
    "CheckResult",
    "GenerateResult",
    "PlayableResult",
    "SolveResult",
    "check",
    "daily",
    "generate",
    "parse_board",
    "playable",
    "solve",
]
