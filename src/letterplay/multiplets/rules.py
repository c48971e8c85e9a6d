"""The rules of Multiplets and word ladders, and the bounds on the work one call may ask for.

Two words are *neighbours* when one becomes the other by one *rule*:

- ``change``: one letter is changed (MINUS → MINES);
- ``addremove``: one letter is added or removed (PLUS → PLUMS);
- ``anagram``: the letters are rearranged (PLUMS → LUMPS), i.e. the words share a term.

Among networks (or ladders) of the fewest words, the most common one wins: a word's
*obscurity* is ``round(100 × (8 − Zipf))``.

Examples
--------
>>> RULES, MIN_LENGTH
(('change', 'addremove', 'anagram'), 3)
>>> neighbours("plums", "lumps"), neighbours("plus", "plums"), neighbours("cold", "warm")
(True, True, False)
>>> obscurity([7.5, 3.0, 0.0]).tolist()
[50, 500, 800]

References
----------
- Enigma 288a, "Multiplets", New Scientist #1435 (20 December 1984), collected on Enigmatic
  Code: https://enigmaticcode.wordpress.com/
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, named
from letterplay.letters import term

__all__ = [
    "MAX_ALTERNATIVES",
    "MAX_LISTED",
    "MAX_MIN_LENGTH",
    "MIN_LENGTH",
    "RULES",
    "RULE_BIT",
    "SIMPLE_MAX_WORDS",
    "neighbours",
    "obscurity",
    "parse_rules",
]

RULES = ("change", "addremove", "anagram")
"""The rules that can join two words, in their canonical order."""

RULE_BIT = {"change": 1, "addremove": 2, "anagram": 4}
"""How the word graph's entries record the rules joining two words."""

MIN_LENGTH = 3
"""The shortest word of the word graph, by default (targets too)."""

MAX_MIN_LENGTH = 64
"""The largest minimum length: no word list has longer words worth a graph."""

MAX_ALTERNATIVES = 100
"""The most alternative networks one call lists."""

MAX_LISTED = 100_000
"""The most shortest ladders one call lists."""

SIMPLE_MAX_WORDS = 40
"""The most words (long enough, not excluded) the simple references of
:mod:`letterplay.multiplets.simple` take: they compare every pair and try every set."""


def parse_rules(rules: str | Iterable[str] | None) -> tuple[str, ...]:
    """The rules named in ``rules`` (names, or one comma-separated string), in canonical order.

    Parameters
    ----------
    rules : str, sequence of str or None
        Rule names (any of :data:`RULES`, any case); None means all three.

    Returns
    -------
    tuple of str
        The rules, in the order of :data:`RULES`.

    Examples
    --------
    >>> parse_rules(["anagram", "change"])
    ('change', 'anagram')
    >>> parse_rules("change,swap")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `rules`: unknown rule 'swap'; choose from change, addremove, \
anagram
    """
    if rules is None:
        return RULES
    names = rules.split(",") if isinstance(rules, str) else validate.words("rules", rules)
    names = [n.strip().lower() for n in names if n.strip()]
    unknown = [n for n in names if n not in RULES]
    if unknown or not names:
        raise InputError(
            f"{named('rules')}: unknown rule {', '.join(map(repr, unknown)) or 'list (empty)'}; "
            f"choose from {', '.join(RULES)}",
            parameter="rules",
        )
    return tuple(r for r in RULES if r in names)


def neighbours(a: str, b: str, rules: Iterable[str] = RULES) -> bool:
    """Whether words ``a`` and ``b`` are neighbours under ``rules``, by the rules' own words,
    checked pair by pair (the definition the word graph is built to, the fast way).

    Parameters
    ----------
    a, b : str
        Two words (lower case).
    rules : sequence of str
        The rules that may join them (default: all three).

    Returns
    -------
    bool
        True when one rule of ``rules`` turns one word into the other (a word is not its own
        neighbour).

    Examples
    --------
    >>> neighbours("cold", "cord"), neighbours("cold", "cord", ["anagram"])
    (True, False)
    """
    rules = parse_rules(rules)
    if a == b:
        return False
    if "anagram" in rules and term(a) == term(b):
        return True
    if "change" in rules and len(a) == len(b) and sum(map(str.__ne__, a, b)) == 1:
        return True
    if "addremove" in rules and abs(len(a) - len(b)) == 1:
        short, long = sorted((a, b), key=len)
        return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
    return False


def obscurity(zipf: np.ndarray | Iterable[float] | float) -> np.ndarray:
    """A word's *obscurity*: ``round(100 × (8 − zipf))``, 0 for the commonest words, 800 for
    words wordfreq has never seen. A network's obscurity is the sum over its link words.

    Parameters
    ----------
    zipf : float or array of float
        wordfreq Zipf frequencies (clipped to 0 to 8).

    Returns
    -------
    numpy.ndarray of int64
        The obscurities, in the shape of ``zipf``.

    Examples
    --------
    >>> obscurity([7.5, 3.0, 0.0]).tolist()
    [50, 500, 800]
    """
    return np.rint(100 * (8 - np.clip(np.asarray(zipf, dtype=np.float64), 0, 8))).astype(np.int64)
