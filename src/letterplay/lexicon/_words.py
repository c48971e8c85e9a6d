"""Normalising word lists: lower-case a–z words, de-duplicated and sorted, and their identity.

Examples
--------
>>> normalise(["Cat", "dog", "cat", "don't", "", "x1"])
(('cat', 'dog'), 2)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

__all__ = ["NAME", "WORD", "identity", "normalise", "normalise_text"]

WORD = re.compile(r"[a-z]+")
_ONLY_WORDS = re.compile(r"[a-z\s]*")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
"""A lexicon's name in the catalog: lower-case letters, digits, - and _."""


def identity(words: Sequence[str]) -> str:
    """The identity hash of normalised words: sha256 of ``"\\n".join(words) + "\\n"``.

    Examples
    --------
    >>> import hashlib
    >>> identity(("a", "b")) == hashlib.sha256(b"a\\nb\\n").hexdigest()
    True
    """
    import hashlib

    return hashlib.sha256(("\n".join(words) + "\n").encode("ascii")).hexdigest()


def normalise(words: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lower-case, keep a–z words, de-duplicate and sort; returns (words, number skipped).

    Examples
    --------
    >>> normalise(["Cat", "dog", "cat", "don't", "", "x1"])
    (('cat', 'dog'), 2)
    """
    kept: list[str] = []
    skipped = 0
    for word in words:
        word = word.strip().lower()
        if WORD.fullmatch(word):
            kept.append(word)
        elif word:
            skipped += 1
    return _sorted_unique(kept), skipped


def _sorted_unique(words: list[str]) -> tuple[str, ...]:
    # Sorting first and de-duplicating after is linear for the usual already-sorted list,
    # where sorted(set(words)) would pay for a full sort of a hash-shuffled order.
    words.sort()
    return tuple(word for word, _ in itertools.groupby(words))


def normalise_text(text: str) -> tuple[tuple[str, ...], int]:
    """The normalised words of a word list's text and the number of entries skipped.

    Examples
    --------
    >>> normalise_text("# fruit\\nZebra apple\\r\\nmango-tree apple\\n")
    (('apple', 'zebra'), 1)
    """
    text = text.lower()
    if "#" not in text and _ONLY_WORDS.fullmatch(text):  # the usual case, checked in one pass
        return _sorted_unique(text.split()), 0
    return normalise(token for line in _content_lines(text) for token in line.split())


def _content_lines(text: str) -> Iterable[str]:
    return (line for line in text.splitlines() if not line.lstrip().startswith("#"))
