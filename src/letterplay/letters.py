"""The letter-set vocabulary every puzzle shares.

- A *term* is a word's letters in sorted order: ``ride`` → ``deir``. Anagrams share a term.
- A *letter mask* is the set of a word's distinct letters as a 26-bit integer, bit 0 for ``a``:
  ``ride`` → d, e, i, r. Spelling Bee and Letter Boxed reason about masks.
- A *letter-count vector* has 26 entries, how many times each letter occurs.
- A *letter set* is written for people as its upper-case sorted letters: ``"AEGINRT"``.

:class:`LetterIndex` holds all of these for a whole lexicon as numpy arrays, computed in bulk
(no per-word Python loop) and cached on disk by the lexicon's identity, so a second process gets
enable1 and its index in a fraction of a second. The index is built a block of words at a time,
straight into the cache file, so building it holds only a few bytes a word in memory (and a
block's worth of temporaries) whatever the list's size.

Examples
--------
>>> term("ride"), mask_letters(letter_mask("ride")), letter_counts("bee")[:5].tolist()
('deir', 'DEIR', [0, 1, 0, 0, 2])
>>> popcount(np.array([letter_mask("aegints"), 0])).tolist()
[7, 0]

References
----------
- Anagram classes by sorted letters (signatures): Peter Norvig, "How to Write a Spelling
  Corrector" and pytudes, https://github.com/norvig/pytudes
- Bit-set letter masks and SWAR popcount: https://graphics.stanford.edu/~seander/bithacks.html
- Sorting by a packed prefix, then by the whole string within a group (MSD radix sort):
  https://en.wikipedia.org/wiki/Radix_sort#Most_significant_digit
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial

import numpy as np

from letterplay import cache
from letterplay.errors import InputError, named, shown

__all__ = [
    "ALPHABET",
    "PAD",
    "LetterIndex",
    "letter_counts",
    "letter_mask",
    "mask_letters",
    "parse_letters",
    "popcount",
    "sorted_unique",
    "term",
]

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
PAD = 255  # fills the letter codes of a word beyond its length
INDEX_VERSION = 1  # bump when LetterIndex's arrays change meaning

_BITS = np.left_shift(np.uint32(1), np.arange(26, dtype=np.uint32))
_BITS_OF_CODE = np.concatenate([_BITS, np.zeros(230, np.uint32)])  # PAD (and all above 25): 0
_BLOCK = 1 << 14  # words built at once: a block's temporaries take a few MB whatever the list


# ----------------------------------------------------------------------------- one word


def term(word: str) -> str:
    """A word's *term*: its letters in sorted order (``ride`` → ``deir``).

    >>> term("dire") == term("ride")
    True
    """
    return "".join(sorted(word))


def letter_mask(letters: Iterable[str]) -> int:
    """The 26-bit mask of a set of letters (``"ride"`` → bits of d, e, i, r)."""
    mask = 0
    for ch in letters:
        mask |= 1 << (ord(ch) - 97)
    return mask


def mask_letters(mask: int) -> str:
    """The upper-case sorted letters of a mask, as letter sets are shown (``"DEIR"``)."""
    return "".join(ALPHABET[i].upper() for i in range(26) if mask >> i & 1)


def letter_counts(word: str) -> np.ndarray:
    """A word's 26-entry letter-count vector (uint8)."""
    codes = np.frombuffer(word.encode("ascii"), dtype=np.uint8) - 97
    return np.bincount(codes, minlength=26).astype(np.uint8)


def popcount(masks: np.ndarray) -> np.ndarray:
    """Number of letters in each mask of an integer array (vectorised)."""
    m = np.asarray(masks).astype(np.uint32)
    m = m - ((m >> 1) & 0x55555555)
    m = (m & 0x33333333) + ((m >> 2) & 0x33333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F
    # the byte sums add up in the top byte; in 64 bits the product cannot wrap (and warn)
    return (((m.astype(np.uint64) * np.uint64(0x01010101)) >> np.uint64(24)) & 0xFF).astype(
        np.uint8
    )


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """The distinct values of an array, ascending: ``np.unique`` without its import of
    ``numpy.ma`` (numpy 2.3+ checks for masked arrays), which would cost a warm command more
    than the work it does.

    Examples
    --------
    >>> sorted_unique(np.array([3, 1, 3, 2])).tolist()
    [1, 2, 3]
    """
    s = np.sort(np.asarray(values).ravel())
    if len(s) == 0:
        return s
    keep = np.empty(len(s), dtype=bool)
    keep[0] = True
    np.not_equal(s[1:], s[:-1], out=keep[1:])
    return s[keep]


def parse_letters(text: str, what: str = "letters") -> str:
    """Lower-case ``text`` and check it is only a–z letters; raise :class:`InputError` if not.

    >>> parse_letters(" AEGINRT ")
    'aeginrt'
    >>> parse_letters("ab1")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `letters` must be letters a–z, got 'ab1'
    """
    letters = text.strip().lower()
    if not letters or not letters.isascii() or not letters.isalpha():
        raise InputError(f"{named(what)} must be letters a–z, got {shown(text)}", parameter=what)
    return letters


# ----------------------------------------------------------------------------- a whole lexicon


def _field(name: str, doc: str) -> property:
    return property(lambda self: self._arrays[name], doc=doc)


class LetterIndex:
    """Terms, masks, letter counts and letter codes of every word of a lexicon, as numpy arrays.

    Row ``i`` of every array describes ``lexicon.words[i]``.

    - ``lengths``  (N,) int16: word lengths.
    - ``codes``    (N, L) uint8: letters as 0..25, padded with :data:`PAD` (L = longest word).
    - ``masks``    (N,) uint32: letter masks.
    - ``counts``   (N, 26) uint8: letter-count vectors.
    - ``term_ids`` (N,) int32: each word's row in ``terms``.
    - ``terms``    (T,) bytes ``S{L}``: the distinct terms, sorted; ``term_words`` inverts
      ``term_ids`` lazily.

    The arrays of a large lexicon come memory-mapped from the disk cache and each is read (and
    its checksum verified) only when first used, so a command pays only for what it touches;
    so does the first command, whose build writes them to the cache a block of words at a time.

    Examples
    --------
    >>> index = LetterIndex.build(["dire", "ire", "ride"])
    >>> index.n_terms, index.term_ids.tolist(), mask_letters(int(index.masks[0]))
    (2, [0, 1, 0], 'DEIR')
    """

    FIELDS = ("lengths", "codes", "masks", "counts", "term_ids", "terms")

    lengths = _field("lengths", "(N,) int16: word lengths.")
    codes = _field("codes", "(N, L) uint8: letters as 0..25, padded with PAD.")
    masks = _field("masks", "(N,) uint32: letter masks.")
    counts = _field("counts", "(N, 26) uint8: letter-count vectors.")
    term_ids = _field("term_ids", "(N,) int32: each word's row in terms.")
    terms = _field("terms", "(T,) bytes: the distinct terms, sorted.")

    def __init__(self, sha256: str, arrays: Mapping[str, np.ndarray]) -> None:
        self.sha256 = sha256
        self._arrays = arrays

    @classmethod
    def cached(cls, sha256: str, blob: Callable[[], np.ndarray]) -> LetterIndex:
        """The index of the word list whose identity is ``sha256``, from the disk cache when a
        valid entry exists, else built from ``blob()`` (its ``word\\n`` bytes) and stored.

        A first build writes the arrays into the cache file block by block and then maps the
        file, so a process pays in memory only for the arrays it goes on to use."""
        key = f"{sha256}:letterindex-v{INDEX_VERSION}"
        if not os.path.isfile(cache.entry_path("letterindex", key)):  # (False on any error)
            words = blob()
            starts, width = _word_starts(words)
            specs = _specs(len(starts) - 1, width)
            fill = partial(_fill, words, starts, width)
            if cache.store_parts("letterindex", key, specs, fill) is None:  # not cacheable
                return cls(sha256, _in_memory(specs, fill))
        arrays = cache.cached("letterindex", key, lambda: cls.build_blob(blob(), sha256)._arrays)
        return cls(sha256, arrays)

    @classmethod
    def build(cls, words: Sequence[str], sha256: str = "") -> LetterIndex:
        """Compute the index of normalised ``words`` with array operations only."""
        text = "".join(f"{word}\n" for word in words)
        return cls.build_blob(np.frombuffer(text.encode("ascii"), dtype=np.uint8), sha256)

    @classmethod
    def build_blob(cls, blob: np.ndarray, sha256: str = "") -> LetterIndex:
        """Compute the index of normalised words packed as ``word\\n`` bytes (uint8 array), in
        memory, a block of words at a time."""
        starts, width = _word_starts(blob)
        specs = _specs(len(starts) - 1, width)
        return cls(sha256, _in_memory(specs, partial(_fill, blob, starts, width)))

    @property
    def n_terms(self) -> int:
        """How many distinct terms the lexicon has."""
        shape = getattr(self._arrays, "shape", None)  # a cache entry's header says, unread
        return shape("terms")[0] if shape else len(self.terms)

    def term_text(self, term_id: int) -> str:
        """The term with row ``term_id`` as a string."""
        return self.terms[term_id].decode("ascii")

    def term_lengths(self) -> np.ndarray:
        """Length of every term (int16), aligned with ``terms``."""
        lengths = np.zeros(self.n_terms, dtype=np.int16)
        lengths[self.term_ids] = self.lengths  # a term is as long as each of its words
        return lengths

    def term_counts(self) -> np.ndarray:
        """Letter-count vector of every term (T, 26), aligned with ``terms``."""
        some_word = np.zeros(self.n_terms, dtype=np.int32)
        # any word of a term will do: its anagrams have the same counts
        some_word[self.term_ids] = np.arange(len(self.term_ids), dtype=np.int32)
        return self.counts[some_word]

    def term_words(self) -> tuple[np.ndarray, np.ndarray]:
        """Words grouped by term: ``(order, starts)``; the words of term ``t`` are
        ``order[starts[t]:starts[t + 1]]`` (word rows, in lexicon order)."""
        order = np.argsort(self.term_ids, kind="stable")
        starts = np.zeros(self.n_terms + 1, dtype=np.intp)
        np.cumsum(np.bincount(self.term_ids, minlength=self.n_terms), out=starts[1:])
        return order, starts

    def encode(self, word: str) -> np.ndarray:
        """Letter codes (0..25) of one word, as in a row of ``codes`` without padding."""
        return np.frombuffer(word.encode("ascii"), dtype=np.uint8) - 97


# ----------------------------------------------------------------------------- building, by blocks
#
# Three passes over the packed list, a block of words at a time: (1) where each word starts;
# (2) each block's lengths, codes, masks and counts, handed on as they come, and a sort key per
# word, its term's first letters above its row; (3) the keys sorted, and the terms of each run
# of keys (a run never splits a prefix, so never a term) made unique and handed on in order.
# All that stays in memory throughout is a few bytes a word: the starts, the keys, the term ids.
# (A run outgrows its block only where more than a block of words share their first 8 to 12
# sorted letters, which takes a list built for it.)


def _word_starts(blob: np.ndarray) -> tuple[np.ndarray, int]:
    """Where each word of ``blob`` starts, and where one more would (uint32 unless the list
    is 2 GB or more), and the longest word's length."""
    step = 64 * _BLOCK  # bytes: a few blocks of words
    chunks = range(0, len(blob), step)
    n = sum(int(np.count_nonzero(blob[at : at + step] == 10)) for at in chunks)
    starts = np.zeros(n + 1, dtype=np.uint32 if len(blob) < 2**31 else np.int64)
    done = 1
    for at in chunks:
        ends = np.flatnonzero(blob[at : at + step] == 10)
        starts[done : done + len(ends)] = ends + (at + 1)
        done += len(ends)
    blocks = range(0, n, _BLOCK)
    width = max((int(np.diff(starts[i : i + _BLOCK + 1]).max()) - 1 for i in blocks), default=1)
    return starts, width


def _specs(n: int, width: int) -> dict[str, tuple[object, tuple[int, ...]]]:
    """Each array's dtype and largest shape (``terms`` has at most one row a word)."""
    dtypes = (np.int16, np.uint8, np.uint32, np.uint8, np.int32, f"S{width}")
    shapes = ((n,), (n, width), (n,), (n, 26), (n,), (n,))
    return dict(zip(LetterIndex.FIELDS, zip(dtypes, shapes, strict=True), strict=True))


def _in_memory(specs: Mapping[str, tuple], fill: Callable) -> dict[str, np.ndarray]:
    """The arrays ``fill(put)`` makes, gathered in memory (preallocated to their largest)."""
    arrays = {name: np.empty(shape, dtype) for name, (dtype, shape) in specs.items()}
    rows = dict.fromkeys(arrays, 0)

    def put(name: str, part: np.ndarray) -> None:
        arrays[name][rows[name] : rows[name] + len(part)] = part
        rows[name] += len(part)

    fill(put)
    arrays["terms"].resize(rows["terms"], refcheck=False)  # (rows never filled were never paid)
    return arrays


def _fill(blob: np.ndarray, starts: np.ndarray, width: int, put: Callable) -> None:
    """Compute the index of ``blob`` block by block, handing each part to ``put(name, rows)``."""
    n = len(starts) - 1
    row_bits = max(n - 1, 1).bit_length()
    keys = np.empty(n, dtype=np.uint64)
    for lo in range(0, n, _BLOCK):
        part = starts[lo : min(lo + _BLOCK, n) + 1].astype(np.intp)
        text = blob[part[0] : part[-1]] - np.uint8(97)  # letters as codes, each newline as 169
        at, lengths = part[:-1] - part[0], np.diff(part) - 1
        codes = _rows(text, at, lengths, width, pad=PAD)
        letter_of = np.repeat(np.arange(len(at)) * 27, lengths + 1) + np.minimum(text, 26)
        counts = np.bincount(letter_of, minlength=len(at) * 27).reshape(-1, 27)[:, :26]
        put("lengths", lengths.astype(np.int16))
        put("codes", codes)
        put("masks", np.bitwise_or.reduceat(_BITS_OF_CODE[text], at))  # (a newline adds no bit)
        put("counts", counts.astype(np.uint8))  # (uint8 wraps past 255, as it always has)
        prefix = _term_prefixes(np.sort(codes, axis=1), (64 - row_bits) // 5)
        rows = np.arange(lo, lo + len(at), dtype=np.uint64)
        keys[lo : lo + len(at)] = prefix << np.uint64(row_bits) | rows
    keys.sort()
    term_ids = np.empty(n, dtype=np.int32)
    lo = found = 0
    while lo < n:
        hi = min(lo + _BLOCK, n)
        if hi < n:  # run on to the end of the last key's prefix, so no term spans two runs
            hi = int(keys.searchsorted(np.uint64((int(keys[hi - 1]) >> row_bits) + 1 << row_bits)))
        rows = (keys[lo:hi] & np.uint64((1 << row_bits) - 1)).astype(np.intp)
        at = starts[rows].astype(np.intp)
        spelled = np.sort(_rows(blob, at, starts[rows + 1] - at - 1, width, pad=255), axis=1)
        spelled[spelled == 255] = 0  # the padding, sorted to the end, as NULs
        terms, inverse = np.unique(spelled.view(f"S{width}").ravel(), return_inverse=True)
        put("terms", terms)
        term_ids[rows] = inverse.reshape(-1) + found
        lo, found = hi, found + len(terms)
    put("term_ids", term_ids)


def _rows(
    data: np.ndarray, at: np.ndarray, lengths: np.ndarray, width: int, *, pad: int
) -> np.ndarray:
    """The words of ``data`` that start at ``at`` and are ``lengths`` long, one a row of
    ``width`` bytes, padded with ``pad``."""
    out = np.full((len(at), width), pad, dtype=np.uint8)
    before = np.cumsum(lengths) - lengths  # letters of the words before each one
    letter = np.arange(int(before[-1] + lengths[-1]) if len(at) else 0)
    out.reshape(-1)[np.repeat(np.arange(len(at)) * width - before, lengths) + letter] = data[
        np.repeat(at - before, lengths) + letter
    ]
    return out


def _term_prefixes(ordered: np.ndarray, letters: int) -> np.ndarray:
    """The first ``letters`` letters of each row of sorted codes packed 5 bits each (1 to 26;
    0 past the end) into a uint64 that sorts as the terms do."""
    prefixes = np.zeros(len(ordered), dtype=np.uint64)
    for column in range(letters):
        # PAD + 1 wraps to 0 in uint8: padding sorts below every letter, as NULs do in terms
        code = ordered[:, column] + np.uint8(1) if column < ordered.shape[1] else np.uint8(0)
        prefixes = prefixes << np.uint64(5) | code
    return prefixes
