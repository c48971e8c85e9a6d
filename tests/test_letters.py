"""The letter-set vocabulary: terms, masks, counts, and the LetterIndex over a whole lexicon."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from letterplay import cache
from letterplay.errors import InputError
from letterplay.letters import (
    PAD,
    LetterIndex,
    letter_counts,
    letter_mask,
    mask_letters,
    parse_letters,
    popcount,
    term,
)
from letterplay.lexicon import Lexicon


def test_term_is_sorted_letters():
    assert term("ride") == "deir"
    assert term("tried") == term("tired") == "deirt"


def test_masks_round_trip_to_letter_sets():
    assert letter_mask("ride") == letter_mask("dire") == (1 << 3 | 1 << 4 | 1 << 8 | 1 << 17)
    assert mask_letters(letter_mask("integrate")) == "AEGINRT"
    assert mask_letters(0) == ""


def test_counts_and_popcount():
    assert letter_counts("banana").tolist()[:3] == [3, 1, 0]
    assert letter_counts("banana")[13] == 2
    masks = np.array([0, 1, 0b1011, (1 << 26) - 1], dtype=np.uint32)
    assert popcount(masks).tolist() == [0, 1, 3, 26]


def test_parse_letters():
    assert parse_letters(" AbC ") == "abc"
    for bad in ("", "ab1", "é", "a b"):
        with pytest.raises(InputError, match="letters a–z"):
            parse_letters(bad)


def brute_index(words):
    """The index computed one word at a time, to check the vectorised build against."""
    terms = sorted({term(w) for w in words})
    return {
        "lengths": [len(w) for w in words],
        "masks": [letter_mask(w) for w in words],
        "counts": [letter_counts(w).tolist() for w in words],
        "terms": terms,
        "term_of": [term(w) for w in words],
    }


def test_vectorised_index_matches_word_by_word():
    words = Lexicon.from_words("ride dire tried tired a zebra banana ab ba".split()).words
    index = LetterIndex.build(words)
    expected = brute_index(words)
    assert index.lengths.tolist() == expected["lengths"]
    assert index.masks.tolist() == expected["masks"]
    assert index.counts.tolist() == expected["counts"]
    assert [t.decode() for t in index.terms] == expected["terms"]
    assert [index.term_text(t) for t in index.term_ids] == expected["term_of"]
    assert index.term_lengths().tolist() == [len(t) for t in expected["terms"]]
    for i, word in enumerate(words):
        row = index.codes[i]
        assert bytes(row[: len(word)] + 97).decode() == word
        assert (row[len(word) :] == PAD).all()
        assert index.encode(word).tolist() == row[: len(word)].tolist()
    order, starts = index.term_words()
    groups = [sorted(words[j] for j in order[a:b]) for a, b in pairwise(starts)]
    assert ["ab", "ba"] in groups and ["dire", "ride"] in groups and ["tired", "tried"] in groups
    counts = index.term_counts()
    assert counts.shape == (index.n_terms, 26)
    assert [letter_counts(t.decode()).tolist() for t in index.terms] == counts.tolist()


def test_enable1_index(enable1):
    index = enable1.index
    assert index.n_terms == 156_473
    assert int((index.term_lengths() == 4).sum()) == 2_674
    i = enable1.word_id("integrate")
    assert mask_letters(int(index.masks[i])) == "AEGINRT"
    assert index.term_text(int(index.term_ids[i])) == "aeeginrtt"


def test_index_cache_survives_a_second_load_and_rebuilds_when_corrupt(enable1):
    key = f"{enable1.sha256}:letterindex-v1"
    path = cache.entry_path("letterindex", key)
    first = LetterIndex.cached(enable1.sha256, enable1.blob)
    assert path.is_file()
    again = LetterIndex.cached(enable1.sha256, enable1.blob)
    assert np.array_equal(first.masks, again.masks)

    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # flip a byte in the middle of the file
    path.write_bytes(bytes(data))
    assert cache.load("letterindex", key) is None
    rebuilt = LetterIndex.cached(enable1.sha256, enable1.blob)
    for field in LetterIndex.FIELDS:  # arrays are verified when used; the bad one is rebuilt
        assert np.array_equal(getattr(first, field), getattr(rebuilt, field)), field
    assert cache.load("letterindex", key) is not None  # and the entry was rewritten
