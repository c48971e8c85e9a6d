"""The rules of Letter Boxed, and the bounds on the work one call may ask for.

Examples
--------
>>> MIN_WORD_LENGTH, MAX_LETTERS, MAX_WORDS
(3, 16, 12)
>>> EXAMPLE_SIDES, EXAMPLE_WORDS[:3]
('TAP ERD NIL YCO', ('ancient', 'torpidly', 'plead'))
"""

from __future__ import annotations

__all__ = [
    "DAILY_LEXICON",
    "EXAMPLE_SIDES",
    "EXAMPLE_WORDS",
    "MAX_LETTERS",
    "MAX_LIMIT",
    "MAX_SIMPLE_WORDS",
    "MAX_TRIES",
    "MAX_WORDS",
    "MIN_SIDES",
    "MIN_WORD_LENGTH",
    "VOWELS",
]

DAILY_LEXICON = "nyt-letterboxed"
"""The daily puzzles' word list when none is named: the NY Times' answers and more."""

MIN_WORD_LENGTH = 3
"""The shortest playable word."""

MIN_SIDES = 3
"""The fewest sides of a board (a polygon)."""

MAX_LETTERS = 16
"""The most letters on a board: the solver's state space has n · 2ⁿ states."""

MAX_WORDS = 12
"""The longest solutions counted: one table of n · 2ⁿ counts is kept per word."""

MAX_SIMPLE_WORDS = 4
"""The longest solutions the simple solver looks for (its work grows as words per letter to the
power of words)."""

MAX_LIMIT = 2_000_000
"""The most solutions listed at once (and the most ever held in memory to rank them)."""

MAX_TRIES = 10_000
"""The most random boards the generator tries."""

VOWELS = "aeiou"
"""The vowels the generator spreads round the sides first."""

EXAMPLE_SIDES = "TAP ERD NIL YCO"
"""The board of Art Steinmetz's article (and of the New York Times, 2019), used by the examples."""

EXAMPLE_WORDS = ("ancient", "torpidly", "plead", "dictionary", "yelp", "tapir")
"""A tiny word list for :data:`EXAMPLE_SIDES`: three two-word solutions (``tapir`` is not
playable: T and A share a side)."""
