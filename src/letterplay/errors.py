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
...     print(type(e).__name__, str(e).split(";")[0])
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
    "Cancelled",
    "InputError",
    "LetterplayError",
    "LexiconError",
    "NoSolutionError",
    "UnknownWordError",
    "named",
    "said",
    "shown",
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


class Cancelled(LetterplayError):
    """A computation stopped before its end because its caller asked it to: its time ran out,
    or no one waits for its answer any more (see :class:`letterplay.progress.Cancellation`).
    Nothing is wrong with the input; asking again with more time, or for less work, may
    succeed."""


def named(name: str) -> str:
    """How a message names the parameter ``name``: in backquotes when it is an identifier.

    Examples
    --------
    >>> named("min_zipf"), named("side 2")
    ('`min_zipf`', 'side 2')
    """
    return f"`{name}`" if name.isidentifier() else name


SHOWN = 80
"""The most characters of a value a message echoes: a pasted megabyte stays one short line."""


def shown(value: object, limit: int = SHOWN) -> str:
    """How a message echoes a value it was given: its repr (a file path: the path, unless it
    has characters that do not print), at most
    ``limit`` characters, with ``…`` for a middle left out. The repr of a long string or list
    is never built whole (:mod:`reprlib`).

    Examples
    --------
    >>> shown("ride"), shown(b"ride"), shown(None), shown(float("nan"))
    ("'ride'", "b'ride'", 'None', 'nan')
    >>> shown("A" * 10**6)
    "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…AAAAAAAAAAAAAAAAAAAAAAAAA'"
    >>> shown(list(range(10**6)))
    '[0, 1, 2, 3, 4, 5, ...]'
    >>> import numpy as np
    >>> len(shown(np.arange(10**6))) <= 80, "\\n" in shown(np.arange(10**6))
    (True, False)
    """
    import os
    import reprlib

    if isinstance(value, os.PathLike):
        text = os.fsdecode(value)
        text = text if text.isprintable() else repr(text)
    else:  # reprlib leaves out the middle of what is far too long (cut again below)
        brief = reprlib.Repr()
        brief.maxstring = brief.maxother = brief.maxlong = 4 * limit
        try:
            text = re.sub(r"\s*\n\s*", " ", brief.repr(value))  # (numpy's repr has lines)
        except Exception:  # an int of over 4,300 digits, a repr that fails
            text = f"<{type(value).__name__} that cannot be shown>"
    if len(text) <= limit:
        return text
    tail = (limit - 1) // 3
    return f"{text[: limit - 1 - tail]}…{text[len(text) - tail :]}"


def said(error: BaseException, words: Mapping[str, str]) -> str:
    """The message of ``error`` with each parameter it names said as ``words`` says it
    (``{"min_zipf": "--min-zipf", "ragged=True": "--ragged"}``); a name ``words`` does not
    know is said as the library names it."""
    return NAME_MARK.sub(lambda m: words.get(m.group(1), m.group(1)), str(error))
