"""letterplay: solve, study, generate and draw letter-set word puzzles.

Anigrams (nested anagram chains), Spelling Bee (honeycombs), Multiplets (fewest link words that
connect a set of words; word ladders) and Letter Boxed, over any word list. Each puzzle is a
package whose functions take the puzzle first and everything else by keyword, ``lexicon``
among them (a name, a file or a :class:`Lexicon`; enable1 by default):

>>> import letterplay as lp
>>> lp.spellingbee.solve("CEFINTV", center="C").score
219
>>> lp.letterboxed.solve("TAP ERD NIL YCO").min_words
2

The puzzle packages are imported when first used, so ``import letterplay`` stays cheap.
"""

from __future__ import annotations

from typing import Any

from letterplay.errors import (
    InputError,
    LetterplayError,
    LexiconError,
    NoSolutionError,
    UnknownWordError,
)
from letterplay.lexicon import Lexicon, load

__version__ = "0.1.0"
PUZZLES = ("anigrams", "letterboxed", "multiplets", "spellingbee", "steiner")
__all__ = [
    "InputError",
    "LetterplayError",
    "Lexicon",
    "LexiconError",
    "NoSolutionError",
    "UnknownWordError",
    "load",
    *PUZZLES,
]


def __getattr__(name: str) -> Any:
    # ``lp.spellingbee`` imports the puzzle's package on first use (PEP 562); importing it
    # makes it an attribute of this package, so this runs once per puzzle.
    if name == "anigrams":
        import letterplay.anigrams as puzzle
    elif name == "letterboxed":
        import letterplay.letterboxed as puzzle
    elif name == "multiplets":
        import letterplay.multiplets as puzzle
    elif name == "spellingbee":
        import letterplay.spellingbee as puzzle
    elif name == "steiner":
        import letterplay.steiner as puzzle
    else:
        raise AttributeError(f"module 'letterplay' has no attribute {name!r}")
    return puzzle
