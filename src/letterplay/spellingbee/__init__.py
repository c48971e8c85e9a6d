"""Spelling Bee: solve any honeycomb, find the best ones, report, check, generate, a puzzle a day.

The puzzle (the NY Times Spelling Bee, as Norvig's notebook reads it):

- A *honeycomb* is seven distinct letters, one of them the *center*.
- A honeycomb *can make* a word of at least 4 letters that contains the center and uses only the
  honeycomb's letters (each as often as it likes).
- A *pangram* uses all seven letters; a *perfect pangram* uses each of them exactly once.
- The *word score* is 1 for a 4-letter word, else its length, plus 7 for a pangram; the
  *game score* of a honeycomb is the sum of the scores of the words it can make.
- A *valid word* (for finding the best honeycomb) has at least 4 letters, at most 7 distinct
  letters and no S (unless S is allowed). A *pangram letter set* is the letter set of a valid word
  with 7 distinct letters; every published honeycomb has a pangram, so the *candidate honeycombs*
  are the pangram letter sets, each with any of its 7 letters as the center.
- A player's *standing* (:func:`check`) is what they have found in a game: their score, their
  rank, and (in counts only, so nothing is revealed) what is left.

One spelling: identifiers, parameters and JSON keys say ``center``, as the command line's option
does; only text written for people reads "AEGINRT centre R".

Everything reasons about *letter masks* (26-bit sets, :mod:`letterplay.letters`). The *points
table* gives, for every letter set, the total score of the valid words with exactly that letter
set (the notebook's idea): a honeycomb's game score is the sum of the table over its 64 *letter
subsets*. :func:`letterplay.spellingbee.simple.simple_best` does just that with plain loops; the
fast :func:`best` scores every candidate at once with numpy (see the private modules).

Examples
--------
>>> import letterplay as lp
>>> lp.spellingbee.solve("CEFINTV", center="C").score
219
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> tiny = lp.Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> best(lexicon=tiny).best.honeycomb
Honeycomb(letters='ACEIORT', center='T')
>>> solve("GAEMPLX", lexicon=tiny).words
('amalgam', 'game', 'glam', 'megaplex')

References
----------
- The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
- Peter Norvig, *Spelling Bee Puzzle* (pytudes; the source of the points table and of the
  figures tested here): https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
- The Riddler, 3 January 2020, the question the notebook answers:
  https://fivethirtyeight.com/features/can-you-solve-the-vexing-vexillology/
"""

from letterplay.spellingbee._best import BestResult, best
from letterplay.spellingbee._daily import daily
from letterplay.spellingbee._generate import GenerateResult, generate
from letterplay.spellingbee._honeycomb import Honeycomb
from letterplay.spellingbee._report import ReportResult, StatsResult, report, stats
from letterplay.spellingbee._solve import CheckResult, Hints, SolveResult, check, solve

__all__ = [
    "BestResult",
    "CheckResult",
    "GenerateResult",
    "Hints",
    "Honeycomb",
    "ReportResult",
    "SolveResult",
    "StatsResult",
    "best",
    "check",
    "daily",
    "generate",
    "report",
    "solve",
    "stats",
]
