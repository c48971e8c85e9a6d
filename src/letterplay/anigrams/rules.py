"""The rules of Anigrams (the Riddler's game), and the bounds on the work one call may ask for.

Examples
--------
>>> RIDDLER_START, RIDDLER_END, RIDDLER_END - RIDDLER_START + 1
(4, 9, 6)
>>> EXAMPLE_WORDS[:3], ONE_LETTER_WORDS
(('dire', 'ired', 'ride'), ('a', 'i'))
"""

from __future__ import annotations

__all__ = [
    "DAILY_LEXICON",
    "EXAMPLE_WORDS",
    "MAX_LISTED",
    "MAX_WRITTEN",
    "ONE_LETTER_WORDS",
    "RIDDLER_END",
    "RIDDLER_START",
]

DAILY_LEXICON = "enable1"
"""The daily games' word list when none is named: the Riddler's."""

RIDDLER_START = 4
"""Letters of the first word of a game: the Riddler's game starts with four letters."""

RIDDLER_END = 9
"""Letters of the last word of a game: six words, from four letters to nine."""

ONE_LETTER_WORDS = ("a", "i")
"""The one-letter words the last experiment of Norvig's notebook adds (not in enable1, which has
no word shorter than two letters)."""

MAX_LISTED = 100_000
"""The most longest chains one result lists (for the screen, JSON or the web)."""

MAX_WRITTEN = 1_000_000
"""The most longest chains written to one file (about 150 bytes each)."""

EXAMPLE_WORDS = tuple("dire ired ride dried redid dirled dreidl riddle riddler riddlers".split())
"""The words of the Riddler's example chain (DEIR, DEIRD, DEIRDL, DEIRDLR, DEIRDLRS), used by
the examples."""
