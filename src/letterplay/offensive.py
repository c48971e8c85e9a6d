"""Offensive words: slurs and obscenities that generated puzzles leave out by default.

A published puzzle (a generated honeycomb, Letter Boxed board or Anigrams game) must not show a
slur or an obscenity, as a pangram, an answer or a solution. The list is package data built by
``scripts/build_offensive.py`` from better-profanity's list and WordNet's usage markers (ethnic
slur, obscenity, disparagement), reviewed so that ordinary words with an offensive sense among
others stay (club, girl, murder, bull, male). Generators take ``allow_offensive`` to turn the
filter off.

Examples:
    >>> from letterplay.lexicon import Lexicon
    >>> lexicon = Lexicon.from_words(["girl", "shit", "murder", "bull"], name="tiny")
    >>> without_offensive(lexicon).words
    ('bull', 'girl', 'murder')
    >>> is_offensive("kike"), is_offensive("club")
    (True, False)

References:
    https://pypi.org/project/better-profanity/
    https://wordnet.princeton.edu/documentation/wninput5wn
"""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = ["is_offensive", "offensive_mask", "offensive_words", "path", "without_offensive"]


def path() -> Path:
    """The package data file of the offensive-word list (gzip, one word a line, sorted)."""
    return Path(__file__).resolve().parent / "data" / "offensive-words.gz"


@cache
def offensive_words() -> frozenset[str]:
    """The offensive words (lower case a–z)."""
    with gzip.open(path(), "rt", encoding="ascii") as f:
        return frozenset(f.read().split())


def is_offensive(word: str) -> bool:
    """Whether ``word`` (any case) is on the offensive-word list."""
    return word.strip().lower() in offensive_words()


def offensive_mask(lexicon: Lexicon) -> np.ndarray:
    """Boolean mask of the lexicon's offensive words, aligned with its words."""
    banned = np.array(sorted(offensive_words()))
    return np.isin(lexicon.array, banned) if len(lexicon) else np.zeros(0, dtype=bool)


def without_offensive(lexicon: Lexicon) -> Lexicon:
    """``lexicon`` without its offensive words (the same lexicon when it has none).

    The result is a lexicon of its own identity, named after the original with ``-clean``.
    """
    mask = offensive_mask(lexicon)
    if not mask.any():
        return lexicon
    return lexicon.subset(~mask, name=f"{lexicon.name}-clean")
