"""Commonness: how often a word is used, as wordfreq's Zipf frequency.

A word's *Zipf frequency* is log10 of its frequency per billion words: 7 for "the", 3 for an
everyday word, 0 for a word wordfreq has never seen. Puzzles use it to rank solutions and, with a
``min_zipf`` floor (0 to :data:`MAX_ZIPF`), to keep only words a player is likely to know.

Examples
--------
>>> check_min_zipf(3), check_min_zipf(None)
(3.0, None)
>>> check_min_zipf(9)
Traceback (most recent call last):
...
letterplay.errors.InputError: `min_zipf` must be a finite number from 0 to 8, not 9

References
----------
- wordfreq, word frequencies in many languages: https://github.com/rspeer/wordfreq
- The Zipf scale: https://github.com/rspeer/wordfreq#usage
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from letterplay import validate

__all__ = ["MAX_ZIPF", "check_min_zipf", "wordfreq_version", "zipf_array", "zipf_frequency"]

MAX_ZIPF = 8.0
"""The top of the Zipf scale a ``min_zipf`` may ask for ("the" is 7.73)."""


def check_min_zipf(value: object, name: str = "min_zipf") -> float | None:
    """A commonness floor: None (no floor) or a finite number from 0 to :data:`MAX_ZIPF`."""
    return None if value is None else validate.number(name, value, 0, MAX_ZIPF)


def wordfreq_version() -> str:
    """wordfreq's version, which keys the cached Zipf frequencies.

    Read from the name of its ``.dist-info`` folder beside the package (one directory
    listing): importing importlib.metadata costs more than a whole warm command.
    """
    import importlib.util
    import os

    spec = importlib.util.find_spec("wordfreq")
    if spec is not None and spec.origin:
        with os.scandir(Path(spec.origin).parent.parent) as entries:
            for entry in entries:
                if entry.name.startswith("wordfreq-") and entry.name.endswith(".dist-info"):
                    return entry.name.removeprefix("wordfreq-").removesuffix(".dist-info")
    from importlib.metadata import version

    return version("wordfreq")


def zipf_frequency(word: str) -> float:
    """wordfreq's English Zipf frequency of one word (0 for words it has never seen).

    Examples
    --------
    >>> round(zipf_frequency("the"))
    8
    """
    import wordfreq

    return float(wordfreq.zipf_frequency(validate.text("word", word), "en"))


def zipf_array(words: Iterable[str], count: int | None = None) -> np.ndarray:
    """Zipf frequencies of many words from wordfreq's frequency table in one pass.

    Same numbers as ``wordfreq.zipf_frequency`` (log10 of frequency per billion words, rounded to
    two decimals) without its per-call tokenisation, which would dominate for 172k words.
    ``words`` may be any iterable of ``count`` words (a sequence gives its own length): they
    are looked up a batch at a time, so only the float32 result grows with their number.

    Examples
    --------
    >>> [round(float(z), 2) for z in zipf_array(iter(["the", "zzzxq"]), 2)]
    [7.73, 0.0]
    """
    import itertools

    import wordfreq

    table = wordfreq.get_frequency_dict("en")
    count = len(words) if count is None else count
    zipf = np.zeros(count, dtype=np.float32)
    words = iter(words)
    for start in range(0, count, _BATCH):
        size = min(_BATCH, count - start)
        batch = (table.get(w, 0.0) for w in itertools.islice(words, size))
        freq = np.fromiter(batch, dtype=np.float64, count=size)
        seen = np.flatnonzero(freq > 0)
        zipf[start + seen] = np.round(np.log10(freq[seen]) + 9.0, 2)
    return zipf


_BATCH = 1 << 16  # words looked up at a time
