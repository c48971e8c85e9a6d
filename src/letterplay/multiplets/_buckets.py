"""The word graph's edges from bucket keys: no word pair is ever compared.

Each rule puts words into *buckets* by a key, and words sharing a bucket are neighbours —

- change: for each position, the word with that position blanked (``c_ld`` for ``cold``);
- add/remove: each word's one-letter deletions, matched against the shorter words themselves;
- anagram: the word's term (``lexicon.index.term_ids``).

Keys are packed into integers (5 bits a letter, 12 letters a 64-bit column) and grouped with
numpy sorts; the result is a CSR matrix (``indptr``, ``indices``, ``data``) whose entries say
which rules join two words (:data:`~letterplay.multiplets.rules.RULE_BIT`).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> words = Lexicon.from_words(["cat", "cot", "act"])
>>> indptr, indices, data = adjacency_arrays(words, ("change", "anagram"), 3)
>>> indptr.tolist(), indices.tolist(), data.tolist()
([0, 1, 3, 4], [1, 0, 2, 1], [4, 4, 1, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from letterplay.letters import PAD
from letterplay.multiplets.rules import RULE_BIT

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = ["adjacency_arrays", "bucket_pairs"]

SYMBOLS_PER_KEY = 12  # 5-bit symbols in one uint64 key column
BLANK = np.uint64(27)  # the symbol of a blanked position (letters are 1..26, padding 0)

Pairs = tuple[np.ndarray, np.ndarray]


def adjacency_arrays(
    lexicon: Lexicon, rules: Sequence[str], min_length: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(indptr, indices, data)`` of the word graph of ``lexicon``'s words of ``min_length``+
    letters under ``rules`` (parsed): the pairs of each rule, merged, both ways round."""
    index = lexicon.index
    lengths = index.lengths.astype(np.int64)
    ok = lengths >= min_length
    n = len(lexicon)
    parts: list[tuple[np.ndarray, np.ndarray, int]] = []
    if "change" in rules:
        parts.append((*_change_pairs(index.codes, lengths, ok), RULE_BIT["change"]))
    if "addremove" in rules:
        parts.append((*_addremove_pairs(index.codes, lengths, ok), RULE_BIT["addremove"]))
    if "anagram" in rules:
        parts.append((*bucket_pairs(index.term_ids[ok], np.flatnonzero(ok)), RULE_BIT["anagram"]))
    if sum(len(p[0]) for p in parts) == 0:
        return np.zeros(n + 1, np.int64), np.zeros(0, np.int32), np.zeros(0, np.uint8)
    rows = np.concatenate([p[0] for p in parts] + [p[1] for p in parts])
    cols = np.concatenate([p[1] for p in parts] + [p[0] for p in parts])
    bits = np.concatenate([np.full(len(p[0]), p[2], np.uint8) for p in parts] * 2)
    # Two rules, or two deletions (b-e-et, be-e-t), can join the same pair: OR their bits.
    key = rows * n + cols
    order = np.argsort(key, kind="stable")
    key, bits = key[order], bits[order]
    first = np.concatenate(([True], key[1:] != key[:-1]))
    merged = np.bitwise_or.reduceat(bits, np.flatnonzero(first))
    key = key[first]
    indptr = np.searchsorted(key, np.arange(n + 1, dtype=np.int64) * n)
    return indptr.astype(np.int64), (key % n).astype(np.int32), merged.astype(np.uint8)


def _symbols(codes: np.ndarray) -> np.ndarray:
    """Letter codes as key symbols: letters 0..25 become 1..26, :data:`PAD` becomes 0."""
    sym = codes.astype(np.uint64) + np.uint64(1)
    sym[codes == PAD] = 0
    return sym


def _pack(sym: np.ndarray) -> np.ndarray:
    """Pack rows of symbols into integer keys, 5 bits a symbol, 12 symbols a column.

    Two rows have equal keys exactly when they hold the same symbols. Returns (M, C) uint64
    with C = ceil(width / 12)."""
    columns = []
    for start in range(0, max(sym.shape[1], 1), SYMBOLS_PER_KEY):
        chunk = sym[:, start : start + SYMBOLS_PER_KEY]
        shifts = np.arange(chunk.shape[1], dtype=np.uint64) * np.uint64(5)
        columns.append(np.bitwise_or.reduce(chunk << shifts, axis=1))
    return np.stack(columns, axis=1)


def _group_ids(keys: np.ndarray) -> np.ndarray:
    """A group number for each row of ``keys`` (M, C): equal rows, equal numbers."""
    if keys.shape[1] == 1:
        return np.unique(keys[:, 0], return_inverse=True)[1].reshape(-1)
    order = np.lexsort(keys.T[::-1])
    ordered = keys[order]
    new = np.concatenate(([True], np.any(ordered[1:] != ordered[:-1], axis=1)))
    ids = np.empty(len(keys), dtype=np.int64)
    ids[order] = np.cumsum(new) - 1
    return ids


def bucket_pairs(buckets: np.ndarray, members: np.ndarray) -> Pairs:
    """Every pair (a, b), a < b, of ``members`` that share a bucket number.

    Vectorised: members are sorted by bucket, and a member at rank r in a bucket of size s is
    paired with the s - r - 1 members after it.

    Examples
    --------
    >>> a, b = bucket_pairs(np.array([7, 3, 7, 7]), np.array([10, 11, 12, 13]))
    >>> sorted(zip(a.tolist(), b.tolist()))
    [(10, 12), (10, 13), (12, 13)]
    """
    if len(members) == 0:
        return _empty_pairs()
    order = np.argsort(buckets, kind="stable")
    b, m = buckets[order], np.asarray(members, dtype=np.int64)[order]
    starts = np.flatnonzero(np.concatenate(([True], b[1:] != b[:-1])))
    sizes = np.diff(np.append(starts, len(b)))
    end = np.repeat(starts + sizes, sizes)  # one past the last member of each member's bucket
    later = end - np.arange(len(b)) - 1  # how many members follow each one in its bucket
    left = np.repeat(np.arange(len(b)), later)
    offset = np.arange(len(left)) - np.repeat(np.cumsum(later) - later, later)
    right = left + 1 + offset
    a, c = m[left], m[right]
    return np.minimum(a, c), np.maximum(a, c)


def _by_length(lengths: np.ndarray, ok: np.ndarray) -> dict[int, np.ndarray]:
    """The ids of the ``ok`` words, grouped by length."""
    words = np.flatnonzero(ok)
    order = np.argsort(lengths[words], kind="stable")
    words = words[order]
    ls = lengths[words]
    cuts = np.flatnonzero(np.diff(ls)) + 1
    return {
        int(group[0]): w
        for group, w in zip(np.split(ls, cuts), np.split(words, cuts), strict=True)
        if len(w)
    }


def _empty_pairs() -> Pairs:
    return np.empty(0, np.int64), np.empty(0, np.int64)


def _concat_pairs(pairs: list[Pairs]) -> Pairs:
    if not pairs:
        return _empty_pairs()
    return np.concatenate([p[0] for p in pairs]), np.concatenate([p[1] for p in pairs])


def _change_pairs(codes: np.ndarray, lengths: np.ndarray, ok: np.ndarray) -> Pairs:
    """Neighbours by one changed letter: words of one length that are equal once the same
    position is blanked. A blanked key is the word's key with one symbol replaced, so all
    (word, position) keys of a length come from one array expression."""
    pairs = []
    for n, words in _by_length(lengths, ok).items():
        sym = _symbols(codes[words, :n])
        base = _pack(sym)  # (M, C)
        keys = np.repeat(base[:, None, :], n, axis=1)  # (M, n, C): one row per blanked position
        positions = np.arange(n)
        shifts = (positions % SYMBOLS_PER_KEY).astype(np.uint64) * np.uint64(5)
        keys[:, positions, positions // SYMBOLS_PER_KEY] += (BLANK - sym) << shifts
        buckets = _group_ids(keys.reshape(len(words) * n, -1))
        pairs.append(bucket_pairs(buckets, np.repeat(words, n)))
    return _concat_pairs(pairs)


def _addremove_pairs(codes: np.ndarray, lengths: np.ndarray, ok: np.ndarray) -> Pairs:
    """Neighbours by one added or removed letter: a word's one-letter deletions that are
    words themselves (of at least the minimum length). Returns (shorter, longer) pairs."""
    groups = _by_length(lengths, ok)
    pairs = []
    for n, parents in groups.items():
        children = groups.get(n - 1)
        if children is None:
            continue
        deleted = _deletion_keys(_symbols(codes[parents, :n]))  # (M * n, C)
        child_keys = _pack(_symbols(codes[children, : n - 1]))
        ids = _group_ids(np.concatenate((child_keys, deleted)))
        owner = np.full(int(ids.max()) + 1, -1, dtype=np.int64)
        owner[ids[: len(children)]] = children
        child = owner[ids[len(children) :]]
        hit = child >= 0
        pairs.append((child[hit], np.repeat(parents, n)[hit]))
    return _concat_pairs(pairs)


def _deletion_keys(sym: np.ndarray) -> np.ndarray:
    """Keys of every one-letter deletion of rows of ``sym`` (M, n): (M * n, C), row-major by
    (word, deleted position)."""
    m, n = sym.shape
    if n <= SYMBOLS_PER_KEY:  # one key column: deleting a symbol is two masks and a shift
        base = _pack(sym)[:, :1]  # (M, 1)
        shift = np.arange(n, dtype=np.uint64) * np.uint64(5)
        low = base & ((np.uint64(1) << shift) - np.uint64(1))
        high = (base >> (shift + np.uint64(5))) << shift
        return (low | high).reshape(m * n, 1)
    keep = ~np.eye(n, dtype=bool)  # row p: every position but p
    cut = np.broadcast_to(sym[:, None, :], (m, n, n))[:, keep].reshape(m * n, n - 1)
    return _pack(cut)
