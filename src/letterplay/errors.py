"""The errors letterplay raises for bad input and impossible requests.

Every message is one line meant for a person: the command line prints it on stderr and exits with
status 2, the web app answers HTTP 400 with it. A message names the offending input and, where it
helps, what to do instead.

A message names a parameter of the library in backquotes (```min_zipf` must be a finite number
…``), and a flag to pass as ```ragged=True```. That one mark lets each face say the same sentence
in its own words: the command line writes ``--min-zipf`` and ``--ragged``, the web API
``min-zipf`` and ``ragged=true`` (:func:`said`). The error also keeps the parameter it is about
in :attr:`LetterplayError.parameter`.

Examples
--------
>>> from letterplay.lexicon import load
>>> try:
...     load("no-such-list")
... except LetterplayError as e:
...     print(type(e).__name__, str(e).split(" (")[0])
LexiconError unknown lexicon 'no-such-list'
>>> error = InputError("`max_words` must be at most 12; pass `ragged=True` for odd sides")
>>> said(error, {"max_words": "--max-words", "ragged=True": "--ragged"})
'--max-words must be at most 12; pass --ragged for odd sides'
>>> said(error, {})
'max_words must be at most 12; pass ragged=True for odd sides'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "InputError",
    "LetterplayError",
    "LexiconError",
    "NoSolutionError",
    "UnknownWordError",
    "named",
    "said",
]

NAME_MARK = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*(?:=True)?)`")
"""A parameter named in a message: ```min_zipf``` or a flag ```ragged=True```."""


class LetterplayError(Exception):
    """Bad input or an impossible request; ``str(error)`` is a one-line message for a person.

    ``parameter`` is the library parameter the error is about, when it is about one.
    """

    def __init__(self, message: str = "", *, parameter: str | None = None) -> None:
        super().__init__(message)
        self.parameter = parameter


class LexiconError(LetterplayError):
    """A word list that cannot be read, found, installed or verified."""


class InputError(LetterplayError):
    """Puzzle input that breaks the rules: non-letters, wrong letter counts, bad options."""


class UnknownWordError(InputError):
    """A word the puzzle needs that is not in the lexicon."""


class NoSolutionError(LetterplayError):
    """A well-formed puzzle or request that has no answer (for example, disconnected targets)."""


def named(name: str) -> str:
    """How a message names the parameter ``name``: in backquotes when it is an identifier.

    Examples
    --------
    >>> named("min_zipf"), named("side 2")
    ('`min_zipf`', 'side 2')
    """
    return f"`{name}`" if name.isidentifier() else name


def said(error: BaseException, words: Mapping[str, str]) -> str:
    """The message of ``error`` with each parameter it names said as ``words`` says it
    (``{"min_zipf": "--min-zipf", "ragged=True": "--ragged"}``); a name ``words`` does not
    know is said as the library names it."""
    return NAME_MARK.sub(lambda m: words.get(m.group(1), m.group(1)), str(error))
