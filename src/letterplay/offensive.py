"""Offensive words: slurs and obscenities that generated puzzles keep away from players.

A published puzzle (a generated honeycomb, Letter Boxed board or Anigrams game) must not show a
slur or an obscenity, as a pangram, an answer or a solution, nor in a string of letters it
shows: an Anigrams scramble (SHIT), a Letter Boxed side read either way (FAG, GAF), the board's
letters, a honeycomb's letters. The list is package data built by
``scripts/build_offensive.py`` from published profanity and slur lists (better-profanity,
profanity, profanityfilter, glin-profanity, cuss) and WordNet's marks, by one rule per class of
word: slurs and obscenities out, ordinary words with an offensive sense among others kept (club,
girl, murder, bull, spade, fairy; see the script for the rules). :func:`shows_offensive` reads a
shown string for the list's dictionary words of 3 letters or more (``offensive-shown.gz``).
Generators take ``allow_offensive`` to turn the filter off.

Examples:
    >>> from letterplay.lexicon import Lexicon
    >>> lexicon = Lexicon.from_words(["girl", "shit", "murder", "bull"], name="tiny")
    >>> without_offensive(lexicon).words
    ('bull', 'girl', 'murder')
    >>> is_offensive("kike"), is_offensive("club"), is_offensive("retarded")
    (True, False, True)
    >>> shows_offensive("SHIT"), shows_offensive("HITS"), shows_offensive("XFAGY")
    (True, False, True)
    >>> shows_offensive("GAF"), shows_offensive("GAF", backwards=True)
    (False, True)

References:
    https://pypi.org/project/better-profanity/
    https://www.npmjs.com/package/cuss
    https://wordnet.princeton.edu/documentation/wninput5wn
"""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from letterplay import validate

if TYPE_CHECKING:
    from collections.abc import Iterable

    from letterplay.lexicon import Lexicon

__all__ = [
    "is_offensive",
    "offensive_mask",
    "offensive_shown",
    "offensive_words",
    "path",
    "shown_path",
    "shown_words",
    "shows_offensive",
    "without_offensive",
]


def path() -> Path:
    """The package data file of the offensive-word list (gzip, one word a line, sorted)."""
    return Path(__file__).resolve().parent / "data" / "offensive-words.gz"


def shown_path() -> Path:
    """The package data file of the words shown strings are read for (same format)."""
    return path().with_name("offensive-shown.gz")


@cache
def offensive_words() -> frozenset[str]:
    """The offensive words (lower case a–z)."""
    with gzip.open(path(), "rt", encoding="ascii") as f:
        return frozenset(f.read().split())


@cache
def shown_words() -> frozenset[str]:
    """The offensive words a string shown to a player is read for: those of 3 letters or more
    that a dictionary lists (a profanity list's misspellings, such as ``sht``, are not)."""
    with gzip.open(shown_path(), "rt", encoding="ascii") as f:
        return frozenset(f.read().split())


@cache
def _shown_by_length() -> dict[int, np.ndarray]:
    """The shown words by length, as sorted byte strings (what windows of letters are
    compared with)."""
    lengths: dict[int, list[bytes]] = {}
    for word in shown_words():
        lengths.setdefault(len(word), []).append(word.encode("ascii"))
    return {k: np.array(sorted(words), dtype=f"S{k}") for k, words in sorted(lengths.items())}


def is_offensive(word: str) -> bool:
    """Whether ``word`` (any case) is on the offensive-word list."""
    return word.strip().lower() in offensive_words()


@cache
def _banned() -> np.ndarray:
    return np.array(sorted(offensive_words()))


def offensive_mask(lexicon: Lexicon) -> np.ndarray:
    """Boolean mask of the lexicon's offensive words, aligned with its words.

    A lexicon's words are sorted, so each listed word is found by binary search: about 2,000
    look-ups instead of comparing every word of the lexicon with the list.
    """
    words, mask = lexicon.array, np.zeros(len(lexicon), dtype=bool)
    if not len(words):
        return mask
    at = np.minimum(np.searchsorted(words, _banned()), len(words) - 1)
    mask[at[words[at] == _banned()]] = True
    return mask


def without_offensive(lexicon: Lexicon) -> Lexicon:
    """``lexicon`` without its offensive words (the same lexicon when it has none).

    The result is a lexicon of its own identity, named after the original with ``-clean``.
    """
    mask = offensive_mask(lexicon)
    if not mask.any():
        return lexicon
    return lexicon.subset(~mask, name=f"{lexicon.name}-clean")


def offensive_shown(texts: Iterable[str], *, backwards: bool = False) -> np.ndarray:
    """For each string shown to a player, whether it shows an offensive word: one of
    :func:`shown_words` as consecutive letters (any case), read forwards, and backwards too when
    ``backwards``. Anything but a letter a–z splits a string (``"ULR FAG"`` reads ``ulr`` and
    ``fag``). Vectorised: every window of every string is compared at once, length by length.

    Parameters
    ----------
    texts : iterable of str
        The strings a player sees: scrambles, sides, letters of a honeycomb.
    backwards : bool
        Read each string backwards too (a Letter Boxed side drawn right to left).

    Returns
    -------
    numpy.ndarray
        One bool per string.

    Examples
    --------
    >>> offensive_shown(["ACEFITY", "ULR FAG", "ulrfa g", "Shit!"]).tolist()
    [False, True, False, True]
    >>> offensive_shown(["GAF", "gaf"], backwards=True).tolist()
    [True, True]
    """
    texts = validate.words("texts", texts)
    lowered = [t.lower() for t in texts]
    width = max(map(len, lowered), default=0)
    hit = np.zeros(len(lowered), dtype=bool)
    if width < min(_shown_by_length(), default=width + 1):
        return hit
    raw = np.array(lowered, dtype=f"<U{width}").view(np.uint32).reshape(len(lowered), width)
    # a-z keep their code, anything else is 0, which no window of a word may hold
    letters = np.where((raw >= ord("a")) & (raw <= ord("z")), raw, 0).astype(np.uint8)
    readings = (letters, letters[:, ::-1]) if backwards else (letters,)
    for k, banned in _shown_by_length().items():
        if k > width:
            break
        for grid in readings:
            windows = np.ascontiguousarray(sliding_window_view(grid, k, axis=1))
            whole = (windows != 0).all(axis=2)
            keys = windows.view(f"S{k}")[..., 0]
            hit |= (whole & np.isin(keys, banned)).any(axis=1)
    return hit


def shows_offensive(text: str, *, backwards: bool = False) -> bool:
    """Whether ``text``, a string shown to a player (a scramble, a side, a honeycomb's
    letters), shows an offensive word: see :func:`offensive_shown`.

    Parameters
    ----------
    text : str
        The string shown.
    backwards : bool
        Read it backwards too.

    Returns
    -------
    bool
        Whether a word of :func:`shown_words` is in it as consecutive letters.

    Examples
    --------
    >>> shows_offensive("ihts"), shows_offensive("shit"), shows_offensive("ACEFITY")
    (False, True, False)
    """
    return bool(offensive_shown([validate.text("text", text)], backwards=backwards)[0])
