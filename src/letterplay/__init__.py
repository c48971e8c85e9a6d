"""letterplay: solve, study, generate and draw letter-set word puzzles.

Anigrams (nested anagram chains), Spelling Bee (honeycombs), Multiplets (fewest link words that
connect a set of words; word ladders) and Letter Boxed, over any word list.
"""

from letterplay.errors import (
    InputError,
    LetterplayError,
    LexiconError,
    NoSolutionError,
    UnknownWordError,
)
from letterplay.lexicon import Lexicon, load

__version__ = "0.1.0"
__all__ = [
    "InputError",
    "LetterplayError",
    "Lexicon",
    "LexiconError",
    "NoSolutionError",
    "UnknownWordError",
    "load",
]
