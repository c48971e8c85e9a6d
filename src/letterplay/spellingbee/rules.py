"""The rules of the Spelling Bee, and the bounds on the work one call may ask for.

Examples
--------
>>> MIN_PANGRAM_SCORE, [name for name, _ in RANKS][-2:]
(14, ['Genius', 'Queen Bee'])
>>> word_score("game"), word_score("amalgam"), word_score("megaplex")
(1, 7, 15)
"""

from __future__ import annotations

from letterplay import validate
from letterplay.errors import InputError, shown
from letterplay.letters import parse_letters

__all__ = [
    "DAILY_LEXICON",
    "EXAMPLE_WORDS",
    "HIVE_SIZE",
    "MAX_BOUND",
    "MAX_PUZZLES",
    "MAX_TOP",
    "MIN_LENGTH",
    "MIN_PANGRAM_SCORE",
    "PANGRAM_BONUS",
    "RANKS",
    "word_score",
]

DAILY_LEXICON = "nyt-bee"
"""The daily puzzles' word list when none is named: the NY Times' answers."""

HIVE_SIZE = 7
"""Letters of a honeycomb."""

MIN_LENGTH = 4
"""The shortest word that counts."""

PANGRAM_BONUS = 7
"""Points a pangram scores on top of its length."""

MIN_PANGRAM_SCORE = HIVE_SIZE + PANGRAM_BONUS
"""The least a pangram scores (it has at least 7 letters)."""

RANKS: tuple[tuple[str, int], ...] = (
    ("Beginner", 0),
    ("Good Start", 2),
    ("Moving Up", 5),
    ("Good", 8),
    ("Solid", 15),
    ("Nice", 25),
    ("Great", 40),
    ("Amazing", 50),
    ("Genius", 70),
    ("Queen Bee", 100),
)
"""The NY Times game's ranks and the percent of the maximum score each needs."""

MAX_TOP = 10_000
"""The most best honeycombs listed at once."""

MAX_PUZZLES = 1_000
"""The most puzzles generated at once: each is solved and listed in full."""

MAX_BOUND = 10**9
"""The largest bound on a score, a word count or a pangram count."""

EXAMPLE_WORDS = tuple(
    "amalgam amalgamation game games gem glam megaplex cacciatore erotica I me".split()
)
"""The tiny word list of Norvig's Spelling Bee notebook, used by the examples."""


def word_score(word: str) -> int:
    """The score of one word of at least 4 letters: 1 for 4 letters, else its length, plus 7
    for a pangram (a word with exactly 7 distinct letters).

    Examples
    --------
    >>> word_score("game"), word_score("amalgam"), word_score("megaplex")
    (1, 7, 15)
    """
    text = parse_letters(validate.text("word", word), "word")
    if len(text) < MIN_LENGTH:
        raise InputError(
            f"`word` must have at least {MIN_LENGTH} letters, got {shown(word)}", parameter="word"
        )
    bonus = PANGRAM_BONUS if len(set(text)) == HIVE_SIZE else 0
    return (1 if len(text) == MIN_LENGTH else len(text)) + bonus
