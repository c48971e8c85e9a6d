"""The errors letterplay raises for bad input and impossible requests.

Every message is one line meant for a person: the command line prints it as is on stderr and exits
with status 2, so a message names the offending input and, where it helps, what to do instead.

Examples
--------
>>> from letterplay.lexicon import load
>>> try:
...     load("no-such-list")
... except LetterplayError as e:
...     print(type(e).__name__, str(e).split(" (")[0])
LexiconError unknown lexicon 'no-such-list'
"""

from __future__ import annotations

__all__ = ["InputError", "LetterplayError", "LexiconError", "NoSolutionError", "UnknownWordError"]


class LetterplayError(Exception):
    """Bad input or an impossible request; ``str(error)`` is a one-line message for a person."""


class LexiconError(LetterplayError):
    """A word list that cannot be read, found, installed or verified."""


class InputError(LetterplayError):
    """Puzzle input that breaks the rules: non-letters, wrong letter counts, bad options."""


class UnknownWordError(InputError):
    """A word the puzzle needs that is not in the lexicon."""


class NoSolutionError(LetterplayError):
    """A well-formed puzzle or request that has no answer (for example, disconnected targets)."""
