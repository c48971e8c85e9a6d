"""The letter-set vocabulary every puzzle shares.

- A *term* is a word's letters in sorted order: ``ride`` → ``deir``. Anagrams share a term.
- A *letter mask* is the set of a word's distinct letters as a 26-bit integer, bit 0 for ``a``:
  ``ride`` → d, e, i, r. Spelling Bee and Letter Boxed reason about masks.
- A *letter-count vector* has 26 entries, how many times each letter occurs.
- A *letter set* is written for people as its upper-case sorted letters: ``"AEGINRT"``.

:class:`LetterIndex` holds all of these for a whole lexicon as numpy arrays, computed in bulk
(no per-word Python loop) and cached on disk by the lexicon's identity, so a second process gets
enable1 and its index in a fraction of a second.

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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from letterplay import cache
from letterplay.errors import InputError, named

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
        raise InputError(f"{named(what)} must be letters a–z, got {text!r}", parameter=what)
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
    its checksum verified) only when first used, so a command pays only for what it touches.

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
        valid entry exists, else built from ``blob()`` (its ``word\\n`` bytes) and stored."""
        key = f"{sha256}:letterindex-v{INDEX_VERSION}"
        arrays = cache.cached("letterindex", key, lambda: cls.build_blob(blob(), sha256)._arrays)
        return cls(sha256, arrays)

    @classmethod
    def build(cls, words: Sequence[str], sha256: str = "") -> LetterIndex:
        """Compute the index of normalised ``words`` with array operations only."""
        text = "\n".join(words) + "\n"
        return cls.build_blob(np.frombuffer(text.encode("ascii"), dtype=np.uint8), sha256)

    @classmethod
    def build_blob(cls, blob: np.ndarray, sha256: str = "") -> LetterIndex:
        """Compute the index of normalised words packed as ``word\\n`` bytes (uint8 array)."""
        newlines = np.flatnonzero(blob == 10)
        starts = np.concatenate(([0], newlines[:-1] + 1))
        lengths = (newlines - starts).astype(np.int16)
        letters = blob[blob != 10] - 97  # every letter of every word, word after word
        n, width = len(newlines), int(lengths.max())
        word_of = np.repeat(np.arange(n, dtype=np.int64), lengths)
        first = np.concatenate(([0], np.cumsum(lengths[:-1], dtype=np.int64)))
        column = np.arange(len(letters)) - np.repeat(first, lengths)

        codes = np.full((n, width), PAD, dtype=np.uint8)
        codes[word_of, column] = letters
        masks = np.bitwise_or.reduceat(_BITS[letters], first).astype(np.uint32)
        counts = np.bincount(word_of * 26 + letters, minlength=n * 26)
        counts = counts.reshape(n, 26).astype(np.uint8)

        # A word's term: sort its letters by (word, letter), then write them back row by row.
        sorted_letters = (np.sort(word_of * 32 + letters) % 32).astype(np.uint8)
        spelled = np.zeros((n, width), dtype=np.uint8)
        spelled[word_of, column] = sorted_letters + 97
        terms, term_ids = np.unique(spelled.view(f"S{width}").ravel(), return_inverse=True)
        term_ids = term_ids.astype(np.int32).reshape(-1)
        fields = (lengths, codes, masks, counts, term_ids, terms)
        return cls(sha256, dict(zip(cls.FIELDS, fields, strict=True)))

    @property
    def n_terms(self) -> int:
        """How many distinct terms the lexicon has."""
        return len(self.terms)

    def term_text(self, term_id: int) -> str:
        """The term with row ``term_id`` as a string."""
        return self.terms[term_id].decode("ascii")

    def term_lengths(self) -> np.ndarray:
        """Length of every term (int16), aligned with ``terms``."""
        return np.char.str_len(self.terms).astype(np.int16)

    def term_counts(self) -> np.ndarray:
        """Letter-count vector of every term (T, 26), aligned with ``terms``."""
        first_word = np.zeros(self.n_terms, dtype=np.int64)
        first_word[self.term_ids[::-1]] = np.arange(len(self.term_ids))[::-1]
        return self.counts[first_word]

    def term_words(self) -> tuple[np.ndarray, np.ndarray]:
        """Words grouped by term: ``(order, starts)``; the words of term ``t`` are
        ``order[starts[t]:starts[t + 1]]`` (word rows, in lexicon order)."""
        order = np.argsort(self.term_ids, kind="stable")
        starts = np.searchsorted(self.term_ids[order], np.arange(self.n_terms + 1))
        return order, starts

    def encode(self, word: str) -> np.ndarray:
        """Letter codes (0..25) of one word, as in a row of ``codes`` without padding."""
        return np.frombuffer(word.encode("ascii"), dtype=np.uint8) - 97
