"""The letter-set vocabulary: terms, masks, counts, and the LetterIndex over a whole lexicon."""

from __future__ import annotations

import os
from itertools import pairwise

import numpy as np
import pytest

from letterplay import cache, letters
from letterplay.errors import InputError
from letterplay.letters import (
    ALPHABET,
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
    # ... in a new file put in its place, as the cache itself replaces entries: indexes mapped
    # from the old file (this session's enable1) keep the old one, as other processes would
    damaged = path.with_suffix(".damaged")
    damaged.write_bytes(bytes(data))
    os.replace(damaged, path)
    assert cache.load("letterindex", key) is None
    rebuilt = LetterIndex.cached(enable1.sha256, enable1.blob)
    for field in LetterIndex.FIELDS:  # arrays are verified when used; the bad one is rebuilt
        assert np.array_equal(getattr(first, field), getattr(rebuilt, field)), field
    assert cache.load("letterindex", key) is not None  # and the entry was rewritten


# ----------------------------------------------------------------------------- built by blocks


def reference_arrays(words):
    """The index's arrays computed word by word in plain Python, as the index defines them."""
    width = max(map(len, words))
    terms = sorted({term(w) for w in words})
    row_of = {t: i for i, t in enumerate(terms)}
    return {
        "lengths": np.array([len(w) for w in words], dtype=np.int16),
        "codes": np.array(
            [[ord(c) - 97 for c in w] + [PAD] * (width - len(w)) for w in words], dtype=np.uint8
        ),
        "masks": np.array([letter_mask(w) for w in words], dtype=np.uint32),
        "counts": np.array([[w.count(c) for c in ALPHABET] for w in words], dtype=np.uint8),
        "term_ids": np.array([row_of[term(w)] for w in words], dtype=np.int32),
        "terms": np.array([t.encode() for t in terms], dtype=f"S{width}"),
    }


def assert_same_arrays(index, expected):
    for field in LetterIndex.FIELDS:
        got, want = np.asarray(getattr(index, field)), expected[field]
        assert (got.dtype, got.shape) == (want.dtype, want.shape), field
        assert np.array_equal(got, want), field


def random_words(seed, n, alphabet, longest):
    """``n`` random words; a small alphabet with long words makes many terms share their first
    letters (and many anagrams), so runs of sort keys must be cut only between prefixes."""
    rng = np.random.default_rng(seed)
    return Lexicon.from_words(
        "".join(alphabet[i] for i in rng.integers(0, len(alphabet), rng.integers(1, longest + 1)))
        for _ in range(n)
    ).words


def test_enable1_index_equals_the_word_by_word_reference(enable1):
    expected = reference_arrays(enable1.words)
    assert_same_arrays(LetterIndex.build_blob(enable1.blob()), expected)
    assert_same_arrays(enable1.index, expected)  # from the cache, written block by block


@pytest.mark.parametrize("block", [1, 3, 64, 1 << 14])
@pytest.mark.parametrize(
    ("seed", "alphabet", "longest"),
    [(1, "ab", 40), (2, "abc", 14), (3, "eilnorst", 9), (4, ALPHABET, 30), (5, "z", 60)],
)
def test_blocks_of_any_size_give_the_reference_index(
    monkeypatch, tmp_path, block, seed, alphabet, longest
):
    monkeypatch.setattr(letters, "_BLOCK", block)
    monkeypatch.setenv("LETTERPLAY_CACHE", str(tmp_path))
    words = random_words(seed, 3000, alphabet, longest)
    expected = reference_arrays(words)
    assert_same_arrays(LetterIndex.build(words), expected)
    lexicon = Lexicon.from_words(words)
    streamed = LetterIndex.cached(lexicon.sha256, lexicon.blob)
    assert_same_arrays(streamed, expected)
    stored = cache.load("letterindex", f"{lexicon.sha256}:letterindex-v{letters.INDEX_VERSION}")
    assert_same_arrays(LetterIndex(lexicon.sha256, stored), expected)  # whole and verified


def test_a_first_build_writes_the_cache_in_parts_and_maps_it(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_CACHE", str(tmp_path))
    monkeypatch.setattr(cache, "store", None)  # the whole-arrays writer is not used at all
    lexicon = Lexicon.from_words(random_words(6, 5000, ALPHABET, 12))
    index = LetterIndex.cached(lexicon.sha256, lexicon.blob)
    assert cache.entry_path("letterindex", f"{lexicon.sha256}:letterindex-v1").is_file()
    for field in LetterIndex.FIELDS:  # every array is a view of the mapped file, none a copy
        assert not getattr(index, field).flags.owndata, field
    assert_same_arrays(index, reference_arrays(lexicon.words))


@pytest.mark.parametrize("cap", [0, 50_000])
def test_an_index_the_cache_will_not_take_is_built_in_memory(monkeypatch, tmp_path, cap):
    monkeypatch.setenv("LETTERPLAY_CACHE", str(tmp_path))
    monkeypatch.setenv(cache.MAX_BYTES_VARIABLE, str(cap))
    lexicon = Lexicon.from_words(random_words(7, 5000, ALPHABET, 12))
    index = LetterIndex.cached(lexicon.sha256, lexicon.blob)
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temporary file
    assert_same_arrays(index, reference_arrays(lexicon.words))


def test_term_tables_match_the_terms():
    words = random_words(8, 4000, "abcdeor", 8)
    index = LetterIndex.build(words)
    spelled = [t.decode() for t in index.terms]
    assert index.term_lengths().tolist() == [len(t) for t in spelled]
    assert index.term_counts().tolist() == [letter_counts(t).tolist() for t in spelled]
    order, starts = index.term_words()
    assert starts[0] == 0 and starts[-1] == len(words)
    for t, (a, b) in enumerate(pairwise(starts.tolist())):
        group = order[a:b].tolist()
        assert group == sorted(group) and {term(words[i]) for i in group} == {spelled[t]}
