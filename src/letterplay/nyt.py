"""The NY Times word lists: the bundled lists, what their build recorded, and unsure words.

``nyt-bee`` and ``nyt-letterboxed`` are bundled lexicons that reproduce the judgements of the
NY Times Spelling Bee and Letter Boxed (``scripts/build_nyt.py`` builds them from the real
puzzles and public word sources). Each line of ``nyt-bee`` carries the word's *acceptance
probability*: 1 for words the game has accepted, the classifier's estimate for words it never
judged. A listed word below :func:`unsure_below` is *unsure*. What the build recorded for each
list (its identity, the classifier's threshold, and for Letter Boxed the learned ranking of
solutions, which :mod:`letterplay.letterboxed` applies) is in ``data/nyt-models.json``
(:func:`models`).

This module knows no puzzle: the Spelling Bee asks it which words are unsure, Letter Boxed
which weights rank its solutions.

Examples
--------
>>> bee = load_bundled("nyt-bee")
>>> built_as(bee), models()["nyt-bee"]["words"] == len(bee)
('nyt-bee', True)
>>> from letterplay.lexicon import load
>>> unsure_below(bee) < 1.0, unsure_below(load("enable1"))
(True, 1.0)

References
----------
- The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
- The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from letterplay.errors import LexiconError, shown

if TYPE_CHECKING:
    import numpy as np

    from letterplay.lexicon import Lexicon

__all__ = [
    "NAMES",
    "built_as",
    "bundled_file",
    "lexicon_from_lines",
    "load_bundled",
    "models",
    "probabilities",
    "unsure_below",
    "unsure_words",
]

NAMES = ("nyt-bee", "nyt-letterboxed")
"""The bundled NY Times lists."""

DATA = Path(__file__).resolve().parent / "data"


def bundled_file(name: str) -> Path:
    """The package data file of a bundled NY Times list (``nyt-bee`` or ``nyt-letterboxed``).

    Examples
    --------
    >>> bundled_file("nyt-bee").name
    'nyt-bee.txt.gz'
    >>> bundled_file("enable1")
    Traceback (most recent call last):
    ...
    letterplay.errors.LexiconError: `name` must be one of nyt-bee, nyt-letterboxed, got 'enable1'
    """
    if name not in NAMES:
        raise LexiconError(
            f"`name` must be one of {', '.join(NAMES)}, got {shown(name)}", parameter="name"
        )
    from letterplay.lexicon import BUNDLED

    return BUNDLED[name].path


def load_bundled(name: str) -> Lexicon:
    """The bundled list ``name`` (``nyt-bee`` or ``nyt-letterboxed``) as a
    :class:`~letterplay.lexicon.Lexicon`, as ``lexicon.load(name)`` gives it.

    Examples
    --------
    >>> len(load_bundled("nyt-letterboxed"))
    144359
    """
    from letterplay.lexicon import load

    bundled_file(name)  # checks the name
    return load(name)


def lexicon_from_lines(words: list[str], name: str) -> Lexicon:
    """A lexicon of already normalised ``words`` (used by the build to rank solutions).

    Examples
    --------
    >>> lexicon_from_lines(["bee", "hive"], "tiny").name
    'tiny'
    """
    from letterplay.lexicon import Lexicon

    return Lexicon.from_words(words, name=name)


@cache
def models() -> dict[str, dict]:
    """What the build recorded for each list: file, words, sha256, threshold, ranking.

    Examples
    --------
    >>> sorted(models())
    ['nyt-bee', 'nyt-letterboxed']
    """
    return json.loads((DATA / "nyt-models.json").read_text(encoding="utf-8"))


def built_as(lexicon: Lexicon) -> str | None:
    """The NY Times list ``lexicon`` is (matched by identity, whatever its name), or None.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> built_as(Lexicon.from_words(["bee"])) is None
    True
    """
    for name, info in models().items():
        if info.get("sha256") == lexicon.sha256:
            return name
    return None


def probabilities(lexicon: Lexicon) -> np.ndarray | None:
    """Acceptance probability of each word of ``lexicon`` (aligned with its words), or None
    when it is not a list that carries them.

    Examples
    --------
    >>> probabilities(load_bundled("nyt-letterboxed")) is None
    True
    """
    return lexicon.probabilities


def unsure_below(lexicon: Lexicon) -> float:
    """The probability under which a listed word is unsure (1.0 for unknown lists)."""
    name = built_as(lexicon)
    return float(models()[name]["unsure_below"]) if name else 1.0


def unsure_words(lexicon: Lexicon, words: list[str]) -> list[str]:
    """Those of ``words`` whose acceptance the list is unsure of (none without probabilities).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> unsure_words(Lexicon.from_words(["bee", "hive"]), ["bee"])
    []
    """
    p = probabilities(lexicon)
    if p is None:
        return []
    cut = unsure_below(lexicon)
    return [w for w in words if (i := lexicon.word_id(w)) >= 0 and p[i] < cut]
