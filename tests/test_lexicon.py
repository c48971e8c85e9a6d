"""Lexicons: normalisation, identity, the catalog, installing, and every bad-input path."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from letterplay import lexicon as lx
from letterplay.errors import LetterplayError, LexiconError
from letterplay.lexicon import Lexicon, identity, normalise, normalise_text

ENABLE1_SHA = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- normalisation


def test_normalise_lowercases_dedupes_sorts_and_counts_skips():
    words, skipped = normalise(["Cat", "dog", "cat", "don't", "  bee ", "naïve", "", "x1"])
    assert words == ("bee", "cat", "dog")
    assert skipped == 3


def test_identity_is_sha256_of_joined_words_with_trailing_newline():
    import hashlib

    assert identity(("a", "b")) == hashlib.sha256(b"a\nb\n").hexdigest()


def test_text_with_comments_blank_lines_and_several_words_per_line():
    text = "# a comment\n\nZebra apple\r\n  # indented comment\nmango-tree apple\n"
    assert normalise_text(text) == (("apple", "zebra"), 1)


def test_file_with_bom_crlf_and_upper_case(tmp_path):
    path = write(tmp_path, "w.txt", b"\xef\xbb\xbfWord\r\nOTHER\r\n")
    lex = Lexicon.from_file(path)
    assert lex.words == ("other", "word")
    assert lex.name == "w" and lex.source == str(path) and lex.skipped == 0


def test_same_words_in_any_form_have_the_same_identity(tmp_path):
    a = Lexicon.from_words(["pear", "apple", "fig"])
    b = Lexicon.from_file(write(tmp_path, "b.txt", "FIG\r\nPear\r\napple\r\napple\r\n"))
    assert a.sha256 == b.sha256 and a.words == b.words


def test_lexicon_membership_lookup_and_info():
    lex = Lexicon.from_words(["pear", "apple", "fig"], name="fruit")
    assert "fig" in lex and "kiwi" not in lex
    assert lex.word_id("fig") == 1 and lex.word_id("kiwi") == -1 and lex.word_id("zzz") == -1
    assert lex.info() == {"name": "fruit", "words": 3, "sha256": lex.sha256}
    assert len(lex) == 3 and list(lex) == ["apple", "fig", "pear"]


def test_subset_is_a_lexicon_of_its_own():
    lex = Lexicon.from_words(["pear", "apple", "fig"])
    sub = lex.subset(np.array([True, False, True]))
    assert sub.words == ("apple", "pear") and sub.sha256 == identity(("apple", "pear"))


def test_zipf_ranks_common_words_above_rare_ones():
    lex = Lexicon.from_words(["the", "zyzzyva", "house"])
    assert lex.zipf("the") > lex.zipf("house") > lex.zipf("zyzzyva") >= 0
    assert lex.zipfs.shape == (3,)
    assert lex.zipf("notaword") == 0.0
    mask = lx.zipf_floor_mask(lex, 4.0)
    assert mask.tolist() == [True, True, False]  # house, the, zyzzyva
    assert lx.zipf_floor_mask(lex, None).all()


def test_vectorised_zipf_agrees_with_wordfreq():
    import wordfreq

    words = ["apple", "the", "quixotic", "zzzxq", "run"]
    lex = Lexicon.from_words(words)
    for word, z in zip(lex.words, lex.zipfs, strict=True):
        assert z == pytest.approx(wordfreq.zipf_frequency(word, "en"), abs=0.006)


# ----------------------------------------------------------------------------- enable1


def test_enable1_has_known_size_and_identity(enable1):
    assert len(enable1) == 172_820
    assert enable1.sha256 == ENABLE1_SHA == lx.KNOWN["enable1"].sha256
    assert enable1.skipped == 0


def test_shuffled_crlf_uppercase_enable1_has_enable1_identity(enable1, tmp_path):
    words = list(enable1.words)
    random.Random(7).shuffle(words)
    path = write(tmp_path, "messy.txt", "\r\n".join(w.upper() for w in words) + "\r\n")
    assert Lexicon.from_file(path).sha256 == ENABLE1_SHA


def test_enable1_is_found_through_letterplay_data(data_dir):
    assert lx.find("enable1") == data_dir / "enable1.txt"
    assert lx.load("enable1").sha256 == ENABLE1_SHA
    assert lx.load(None).name == "enable1"  # installed, so it is the default
    assert lx.default_notice() is None


# ----------------------------------------------------------------------------- the catalog


def test_common_is_bundled_and_large_enough():
    lex = lx.load("common")
    assert lex.name == "common" and len(lex) >= 20_000
    assert {"house", "water", "people", "puzzle"} <= set(lex.words)
    assert not {"mr", "tv", "nfl", "ii", "xii", "www", "london", "david", "iran"} & set(lex.words)


def test_common_is_the_default_when_enable1_is_missing(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_DATA", str(tmp_path))
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    assert lx.load(None).name == "common"
    notice = lx.default_notice()
    assert notice and "letterplay lexicon fetch enable1" in notice and "\n" not in notice


def test_catalog_lists_known_bundled_and_installed(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path))
    lx.install("fruit", write(tmp_path, "f.txt", "apple\nfig\n"))
    names = {e.name: e for e in lx.catalog()}
    assert {"enable1", "common", "fruit"} <= set(names)
    assert names["fruit"].path == tmp_path / "lexicons" / "fruit.txt"
    assert lx.load("fruit").words == ("apple", "fig")


def test_add_enable1_verifies_identity_and_refuses_to_overwrite(enable1, monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("LETTERPLAY_DATA")
    wrong = write(tmp_path, "wrong.txt", "apple\nbanana\n")
    with pytest.raises(LexiconError, match="is not enable1"):
        lx.install("enable1", wrong)
    assert lx.find("enable1") is None
    lex, path = lx.install("enable1", enable1.source)
    assert lex.sha256 == ENABLE1_SHA and lx.find("enable1") == path
    with pytest.raises(LexiconError, match="--force"):
        lx.install("enable1", enable1.source)
    lx.install("enable1", enable1.source, force=True)


def test_fetch_verifies_what_it_downloads(monkeypatch, tmp_path):
    import pooch

    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    fake = write(tmp_path, "download.txt", "not\r\nenable\r\n")
    monkeypatch.setattr(pooch, "retrieve", lambda *args, **kwargs: str(fake))
    with pytest.raises(LexiconError, match="is not enable1"):
        lx.fetch("enable1")

    def offline(*args, **kwargs):
        raise ConnectionError("Name or service not known")

    monkeypatch.setattr(pooch, "retrieve", offline)
    with pytest.raises(LexiconError, match=r"cannot download enable1.*not known"):
        lx.fetch("enable1")
    with pytest.raises(LexiconError, match="only enable1"):
        lx.fetch("common")


def test_a_corrupt_installed_enable1_is_rejected(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_DATA", str(tmp_path))
    write(tmp_path, "enable1.txt", "apple\n")
    with pytest.raises(LexiconError, match="is not enable1"):
        lx.load("enable1")


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("", "empty file"),
        ("  \n\n", "empty file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary file"),
        (b"caf\xe9\n", "not UTF-8"),
        ("123\n!!!\n", "no valid words"),
        ("# only a comment\n", "no valid words"),
    ],
)
def test_bad_word_list_files(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    if content is not None:
        write(tmp_path, "bad.txt", content)
    with pytest.raises(LexiconError, match=message) as caught:
        Lexicon.from_file(path)
    assert isinstance(caught.value, LetterplayError) and "\n" not in str(caught.value)


def test_directory_is_not_a_word_list(tmp_path):
    with pytest.raises(LexiconError, match="is a directory"):
        Lexicon.from_file(tmp_path)


def test_unknown_names_and_bad_install_names(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path))
    with pytest.raises(LexiconError, match="unknown lexicon 'nosuch'"):
        lx.load("nosuch")
    with pytest.raises(LexiconError, match="no valid words"):
        Lexicon.from_words(["123"])
    for bad in ("common", "Bad Name", "../up"):
        with pytest.raises(LexiconError, match="cannot install"):
            lx.install(bad, write(tmp_path, "ok.txt", "apple\n"))


def test_enable1_not_installed_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_DATA", str(tmp_path))
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path))
    with pytest.raises(LexiconError, match=r"not installed.*lexicon fetch enable1"):
        lx.load("enable1")


def test_large_lists_are_read_back_from_the_cache_exactly(tmp_path):
    from letterplay import cache

    rng = random.Random(3)
    words = {
        "".join(rng.choice("abcdefghij") for _ in range(rng.randint(3, 12))) for _ in range(40_000)
    }
    path = write(tmp_path, "big.txt", "\n".join(sorted(words, reverse=True)) + "\nNot-a-word\n")
    first = Lexicon.from_file(path)
    cached_files = list(cache.entry_path("wordlist", "x").parent.glob("wordlist-*.npz"))
    assert cached_files
    second = Lexicon.from_file(path)
    assert second.words == first.words == tuple(sorted(words))
    assert second.sha256 == first.sha256 and second.skipped == first.skipped == 1
    for entry in cached_files:
        entry.write_bytes(b"garbage")
    assert Lexicon.from_file(path).words == first.words
