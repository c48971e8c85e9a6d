"""Honeycombs and the scores of words.

Examples
--------
>>> Honeycomb("traegin", "r")
Honeycomb(letters='AEGINRT', center='R')
>>> word_points([4, 7, 8], [False, False, True]).tolist()
[1, 7, 15]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, named, shown
from letterplay.letters import letter_mask, mask_letters, parse_letters
from letterplay.spellingbee.rules import HIVE_SIZE, MIN_LENGTH, PANGRAM_BONUS

__all__ = ["Honeycomb", "as_honeycomb", "word_points", "word_problem"]


@dataclass(frozen=True)
class Honeycomb:
    """Seven distinct letters and one of them the *center*, kept upper-case and sorted.

    Give the letters in any order and case; without ``center`` the first letter given is the
    center (``"RAEGINT"`` → R). Anything but seven distinct letters a–z and a center among
    them raises :class:`InputError`.

    Examples
    --------
    >>> hive = Honeycomb("AEGINRT", "R")
    >>> hive.outer, str(hive), Honeycomb("raegint") == hive
    ('AEGINT', 'AEGINRT centre R', True)
    >>> Honeycomb("abcdef")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `letters` must be 7 letters, got 6 ('abcdef')
    >>> Honeycomb("aeginrt", "z")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `center` Z is not one of the letters 'aeginrt'
    """

    letters: str
    center: str | None = None

    def __post_init__(self) -> None:
        given = validate.text("letters", self.letters)
        text = parse_letters(given, "letters")
        if len(text) != HIVE_SIZE:
            raise InputError(
                f"`letters` must be {HIVE_SIZE} letters, got {len(text)} ({shown(given)})",
                parameter="letters",
            )
        repeated = sorted(ch for ch, n in Counter(text).items() if n > 1)
        if repeated:
            raise InputError(
                f"`letters` must be {HIVE_SIZE} distinct letters; {shown(given)} repeats "
                + ", ".join(repeated),
                parameter="letters",
            )
        center = text[0] if self.center is None else _center(self.center)
        if center not in text:
            raise InputError(
                f"`center` {center.upper()} is not one of the letters {shown(given)}",
                parameter="center",
            )
        object.__setattr__(self, "letters", mask_letters(letter_mask(text)))
        object.__setattr__(self, "center", center.upper())

    @property
    def mask(self) -> int:
        """The letter mask of the seven letters."""
        return letter_mask(self.letters.lower())

    @property
    def center_mask(self) -> int:
        """The letter mask of the center alone."""
        return letter_mask(self.center.lower())

    @property
    def outer(self) -> str:
        """The six letters around the center, sorted."""
        return self.letters.replace(self.center, "")

    def __str__(self) -> str:
        return f"{self.letters} centre {self.center}"

    def to_dict(self) -> dict[str, str]:
        return {"letters": self.letters, "center": self.center}


def _center(value: object) -> str:
    letter = parse_letters(validate.text("center", value), "center")
    if len(letter) != 1:
        raise InputError(f"`center` must be one letter, got {shown(value)}", parameter="center")
    return letter


def as_honeycomb(value: object, center: str | None = None, name: str = "honeycomb") -> Honeycomb:
    """The honeycomb a puzzle function is given: a :class:`Honeycomb`, or its letters (with
    ``center``, else the first letter).

    Examples
    --------
    >>> as_honeycomb("CEFINTV", "C").center, as_honeycomb(Honeycomb("CEFINTV")).center
    ('C', 'C')
    """
    if isinstance(value, Honeycomb):
        if center is not None and _center(center).upper() != value.center:
            raise InputError(
                f"`center` {shown(center)} is not the center of {value}", parameter="center"
            )
        return value
    if isinstance(value, str):
        return Honeycomb(value, center)
    raise InputError(
        f"{named(name)} must be a Honeycomb or its letters, not {type(value).__name__}",
        parameter=name,
    )


def word_points(lengths: np.ndarray, pangram: np.ndarray) -> np.ndarray:
    """Word scores (vectorised): 1 for 4 letters, else the length, plus 7 for a pangram."""
    lengths = np.asarray(lengths, dtype=np.int64)
    return np.where(lengths == MIN_LENGTH, 1, lengths) + PANGRAM_BONUS * np.asarray(pangram)


def word_problem(word: str, honeycomb: Honeycomb) -> str | None:
    """Why ``word`` breaks the rules of ``honeycomb`` (None when it obeys them).

    Examples
    --------
    >>> hive = Honeycomb("AEGINRT", "R")
    >>> [word_problem(w, hive) for w in ("gin", "tint", "razz", "x1", "grain")]
    ['too short', 'missing the centre R', 'uses Z, not in the honeycomb', 'not letters a–z', None]
    """
    word = validate.text("word", word).strip().lower()
    if not word.isascii() or not word.isalpha():
        return "not letters a–z"
    if len(word) < MIN_LENGTH:
        return "too short"
    if honeycomb.center.lower() not in word:
        return f"missing the centre {honeycomb.center}"
    bad = sorted(set(word.upper()) - set(honeycomb.letters))
    if bad:
        return f"uses {''.join(bad)}, not in the honeycomb"
    return None
