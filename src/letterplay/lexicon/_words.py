"""Normalising word lists: lower-case a–z words, de-duplicated and sorted, and their identity.

Words are strings here, or *packed*: bytes in one uint8 array, each word given by its start and
length, which :func:`sort_packed` sorts and de-duplicates and :func:`pack` writes out as
``word\\n`` after word, with a few bytes per word whatever their number (no Python object per
word).

Examples
--------
>>> normalise(["Cat", "dog", "cat", "don't", "", "x1"])
(('cat', 'dog'), 2)
>>> data = np.frombuffer(b"pear fig pear apple" + bytes(8), dtype=np.uint8)
>>> starts, lengths = np.array([0, 5, 9, 14]), np.array([4, 3, 4, 5])
>>> order, new = sort_packed(data, starts, lengths)
>>> pack(data, starts, lengths, order[new]).tobytes()
b'apple\\nfig\\npear\\n'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, shown

__all__ = ["NAME", "WORD", "identity", "normalise", "normalise_text", "pack", "sort_packed"]

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

    if isinstance(words, str | bytes):
        raise InputError(
            f"`words` must be a sequence of words, not {shown(words)}", parameter="words"
        )
    try:
        text = "\n".join(words) + "\n"
    except TypeError:  # (checked here, not word by word: a lexicon's identity is hashed often)
        raise InputError("`words` must hold strings", parameter="words") from None
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def normalise(words: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lower-case, keep a–z words, de-duplicate and sort; returns (words, number skipped).

    Examples
    --------
    >>> normalise(["Cat", "dog", "cat", "don't", "", "x1"])
    (('cat', 'dog'), 2)
    """
    kept: list[str] = []
    skipped = 0
    for word in validate.words("words", words):
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
    text = validate.text("text", text).lower()
    if "#" not in text and _ONLY_WORDS.fullmatch(text):  # the usual case, checked in one pass
        return _sorted_unique(text.split()), 0
    return normalise(token for line in _content_lines(text) for token in line.split())


def _content_lines(text: str) -> Iterable[str]:
    return (line for line in text.splitlines() if not line.lstrip().startswith("#"))


# ----------------------------------------------------------------------------- packed words

# _TOP[r] keeps the first r bytes of a big-endian 8-byte number.
_TOP = np.array([(2**64 - 1) ^ (2 ** (64 - 8 * r) - 1) for r in range(9)], dtype=np.uint64)
_DIGIT = 7  # bytes of a word compared per round; the key's last byte says whether it goes on
_BLOCK = 1 << 16  # words per step where a step needs a few temporary bytes per byte or word


def _keys(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, depth: int) -> np.ndarray:
    """Each word's bytes ``depth`` to ``depth + 6`` (zero past its end) as a big-endian number,
    then a byte that is 1 if the word goes on past them: keys compare as those bytes do, a
    word sorts before its extensions (letters are never zero), and equal keys are equal words
    unless they go on. ``data`` has 8 zero bytes after its last word."""
    every_byte = np.ndarray((len(data) - 7,), dtype=">u8", buffer=data, strides=(1,))
    keys = np.empty(len(starts), dtype=np.uint64)
    for i in range(0, len(starts), _BLOCK):
        part = slice(i, i + _BLOCK)
        rest = lengths[part] - depth
        keys[part] = every_byte[starts[part] + depth]
        keys[part] &= _TOP[np.clip(rest, 0, _DIGIT)]
        keys[part] |= rest > _DIGIT
    return keys


def _tied(keys: np.ndarray, new: np.ndarray, going: np.ndarray) -> None:
    """Mark in ``new`` each sorted key that differs from the one before, and in ``going``
    each that equals it and goes on past its digit (``keys`` sorted; ``new[0]`` is True)."""
    same = keys[1:] == keys[:-1]
    np.logical_not(same, out=new[1:])
    np.logical_and(same, (keys[1:] & 1).astype(bool), out=going[1:])


def _groups_going_on(going: np.ndarray) -> np.ndarray:
    """Which places are in a group of equal keys that goes on: tied and going on with the one
    before, or with the one after."""
    mark = going.copy()
    mark[:-1] |= going[1:]
    return mark


def sort_packed(
    data: np.ndarray, starts: np.ndarray, lengths: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Sort packed words as strings: ``(order, new)``, the word numbers in sorted order and,
    for each place in it, whether that word differs from the one before (``order[new]`` are
    the distinct words, sorted).

    ``data`` is a uint8 array with 8 zero bytes after its last word; word ``i`` is
    ``data[starts[i] : starts[i] + lengths[i]]``, bytes 1 to 255. A most-significant-digit
    radix sort with 7-byte digits: one numpy sort of every word's first digit, then rounds
    that sort only the words still tied and longer, by their next digit within their group,
    so a round costs what is left to compare. Besides the result it takes about 8 bytes a
    word.
    """
    keys = _keys(data, starts, lengths, 0)
    order = np.argsort(keys)
    new = np.ones(len(order), dtype=bool)
    going = np.zeros(len(order), dtype=bool)
    for i in range(1, len(order), _BLOCK):  # blockwise: sorted keys would cost 8 bytes a word
        part = slice(i - 1, i + _BLOCK)
        _tied(keys[order[part]], new[part], going[part])
    del keys
    places = np.flatnonzero(_groups_going_on(going))  # whole groups, in sorted order
    fresh = new[places]  # whether each place starts its group
    del going
    depth = _DIGIT
    while len(places):
        words, group = order[places], np.cumsum(fresh)
        keys = _keys(data, starts[words], lengths[words], depth)
        by = np.lexsort((keys, group))
        order[places], keys = words[by], keys[by]
        fresh, going = np.ones(len(places), dtype=bool), np.zeros(len(places), dtype=bool)
        _tied(keys, fresh, going)
        fresh[1:] |= group[1:] != group[:-1]
        going[1:] &= group[1:] == group[:-1]
        new[places] = fresh
        mark = _groups_going_on(going)
        places, fresh = places[mark], fresh[mark]
        depth += _DIGIT
    return order, new


def pack(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """The words ``ids`` (in that order) as one uint8 array, each followed by ``\\n``."""
    out = np.empty(int(lengths[ids].sum(dtype=np.int64)) + len(ids), dtype=np.uint8)
    end = 0
    for i in range(0, len(ids), _BLOCK):  # a byte index per byte, a block of words at a time
        part = ids[i : i + _BLOCK]
        sizes = lengths[part].astype(np.int64) + 1
        ends = end + np.cumsum(sizes)
        shift = np.repeat(starts[part] - (ends - sizes), sizes)
        out[end : ends[-1]] = data[np.arange(end, ends[-1]) + shift]
        out[ends - 1] = 10
        end = int(ends[-1])
    return out
