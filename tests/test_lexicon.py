"""Lexicons: normalisation, identity, the catalog, installing, and every bad-input path."""

from __future__ import annotations

import random
import re
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
    mask = lex.zipf_mask(4.0)
    assert mask.tolist() == [True, True, False]  # house, the, zyzzyva
    assert lex.zipf_mask(None).all()


def test_vectorised_zipf_agrees_with_wordfreq():
    import wordfreq

    words = ["apple", "the", "quixotic", "zzzxq", "run"]
    lex = Lexicon.from_words(words)
    for word, z in zip(lex.words, lex.zipfs, strict=True):
        assert z == pytest.approx(wordfreq.zipf_frequency(word, "en"), abs=0.006)


# ----------------------------------------------------------------------------- enable1


def test_enable1_has_known_size_and_identity(enable1):
    assert len(enable1) == 172_820
    assert enable1.sha256 == ENABLE1_SHA == lx.BUNDLED["enable1"].sha256
    assert enable1.skipped == 0 and enable1.probabilities is None


def test_bundled_enable1_file_is_the_normalised_list_gzipped_reproducibly():
    import gzip
    import hashlib

    data = lx.BUNDLED["enable1"].path.read_bytes()
    assert data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0"  # gzip, mtime 0
    text = gzip.decompress(data)
    assert hashlib.sha256(text).hexdigest() == ENABLE1_SHA  # already normalised
    assert text.count(b"\n") == 172_820


def test_shuffled_crlf_uppercase_enable1_has_enable1_identity(enable1, tmp_path):
    words = list(enable1.words)
    random.Random(7).shuffle(words)
    path = write(tmp_path, "messy.txt", "\r\n".join(w.upper() for w in words) + "\r\n")
    assert Lexicon.from_file(path).sha256 == ENABLE1_SHA


def test_enable1_is_the_default_with_no_data_dir_and_no_home(monkeypatch, tmp_path):
    monkeypatch.delenv("LETTERPLAY_DATA", raising=False)
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    lex = lx.load(None)
    assert lex.name == lx.DEFAULT == "enable1" and lex.sha256 == ENABLE1_SHA
    assert lx.find("enable1") == lx.BUNDLED["enable1"].path


def test_data_dir_list_is_found_by_name(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_DATA", str(tmp_path))
    write(tmp_path, "fruit.txt", "apple\nfig\n")
    write(tmp_path, "enable1.txt", "apple\n")  # a bundled name is never shadowed
    assert lx.load("fruit").words == ("apple", "fig")
    assert lx.load("enable1").sha256 == ENABLE1_SHA


# ----------------------------------------------------------------------------- the registry


def test_every_bundled_list_loads_and_pinned_identities_match():
    for entry in lx.BUNDLED.values():
        assert entry.path.is_file(), entry
        assert entry.name and entry.description and entry.licence and entry.sha256
        lex = lx.load(entry.name)
        assert lex.name == entry.name and len(lex) > 1000
        assert lex.sha256 == entry.sha256
        for count in re.findall(r"\d[\d,]*\d words", entry.description):
            assert count == f"{len(lex):,} words", entry  # a description's count is exact
        if lex.probabilities is not None:
            assert lex.probabilities.shape == (len(lex),)
            assert ((lex.probabilities >= 0) & (lex.probabilities <= 1)).all()


def test_common_is_bundled_and_large_enough():
    lex = lx.load("common")
    assert lex.name == "common" and len(lex) >= 20_000
    assert {"house", "water", "people", "puzzle"} <= set(lex.words)
    assert not {"mr", "tv", "nfl", "ii", "xii", "www", "london", "david", "iran"} & set(lex.words)


def test_catalog_lists_bundled_installed_and_downloadable(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path))
    lx.install("fruit", write(tmp_path, "f.txt", "apple\nfig\n"))
    names = {e.name: e for e in lx.catalog()}
    assert {"enable1", "common", "fruit", "sowpods"} <= set(names)
    assert names["enable1"].origin == "bundled" and names["enable1"].to_dict()["default"]
    assert names["fruit"].origin == "installed"
    assert names["fruit"].path == tmp_path / "lexicons" / "fruit.txt"
    assert names["sowpods"].origin == "downloadable" and names["sowpods"].path is None
    assert lx.load("fruit").words == ("apple", "fig")


def test_install_refuses_to_overwrite_without_force(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    source = write(tmp_path, "f.txt", "Fig\napple\n")
    lex, path = lx.install("fruit", source)
    assert path.read_text() == "apple\nfig\n" and lex.source == str(path)
    with pytest.raises(lx.AlreadyInstalledError, match="already installed"):
        lx.install("fruit", write(tmp_path, "g.txt", "grape\n"))
    assert path.read_text() == "apple\nfig\n"
    lx.install("fruit", write(tmp_path, "g.txt", "grape\n"), force=True)
    assert path.read_text() == "grape\n"


def test_fetch_verifies_what_it_downloads(monkeypatch, tmp_path):
    import pooch

    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path / "home"))
    fake = write(tmp_path, "download.txt", "AA\r\naah\r\n")
    monkeypatch.setattr(pooch, "retrieve", lambda *args, **kwargs: str(fake))
    lex, path = lx.fetch("sowpods")
    assert lex.words == ("aa", "aah") and path.name == "sowpods.txt"
    pinned = lx.DownloadableList("pinned", "https://example.org/x.txt", "x", "x", "0" * 64)
    monkeypatch.setitem(lx.DOWNLOADS, "pinned", pinned)
    with pytest.raises(LexiconError, match="is not pinned"):
        lx.fetch("pinned")

    def offline(*args, **kwargs):
        raise ConnectionError("Name or service not known")

    monkeypatch.setattr(pooch, "retrieve", offline)
    with pytest.raises(LexiconError, match=r"cannot download sowpods.*not known"):
        lx.fetch("sowpods", force=True)
    with pytest.raises(LexiconError, match="bundled"):
        lx.fetch("enable1")
    with pytest.raises(LexiconError, match="only sowpods"):
        lx.fetch("nosuch")


def test_probabilities_are_read_aligned_and_checked(tmp_path):
    path = write(tmp_path, "p.txt", "zebra\t0.25\nApple\t1\napple\t0.5\nfig\nit's\t0.3\n")
    lex = Lexicon.from_file(path)
    assert lex.words == ("apple", "fig", "zebra") and lex.skipped == 1
    assert lex.probabilities.dtype == np.float32
    assert lex.probabilities.tolist() == [1.0, 1.0, 0.25]
    assert lex.subset(np.array([False, True, True])).probabilities.tolist() == [1.0, 0.25]
    for bad in ("1.5", "nan", "-0.1", "x"):
        write(tmp_path, "bad.txt", f"apple\t{bad}\n")
        with pytest.raises(LexiconError, match=r"line 1: acceptance probability"):
            Lexicon.from_file(tmp_path / "bad.txt")


def test_gzipped_lists_are_read(tmp_path):
    import gzip

    path = tmp_path / "g.txt.gz"
    path.write_bytes(gzip.compress(b"Fig\napple\n"))
    lex = Lexicon.from_file(path)
    assert lex.name == "g" and lex.words == ("apple", "fig")
    (tmp_path / "bad.txt.gz").write_bytes(b"\x1f\x8bnot really")
    with pytest.raises(LexiconError, match="not a valid gzip file"):
        Lexicon.from_file(tmp_path / "bad.txt.gz")


def test_export_writes_a_plain_list_atomically(tmp_path):
    lex = Lexicon.from_words(["fig", "apple"])
    target = lx.export(lex, tmp_path / "out.txt")
    assert target.read_text() == "apple\nfig\n"
    with pytest.raises(LetterplayError, match="already exists"):
        lx.export(Lexicon.from_words(["kiwi"]), target)
    assert target.read_text() == "apple\nfig\n"
    lx.export(Lexicon.from_words(["kiwi"]), target, overwrite=True)
    assert target.read_text() == "kiwi\n"


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
    for bad in ("common", "enable1", "Bad Name", "../up"):
        with pytest.raises(LexiconError, match="cannot install"):
            lx.install(bad, write(tmp_path, "ok.txt", "apple\n"))


def test_downloadable_but_missing_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("LETTERPLAY_DATA", str(tmp_path))
    monkeypatch.setenv("LETTERPLAY_HOME", str(tmp_path))
    with pytest.raises(LexiconError, match=r"not installed.*lexicon fetch sowpods"):
        lx.load("sowpods")


@pytest.mark.parametrize("spec", [123, 1.5, b"enable1", ["enable1"], "", "  "])
def test_load_names_its_parameter_for_bad_specs(spec):
    with pytest.raises(LexiconError, match="spec must be a lexicon name or a file path"):
        lx.load(spec)


@pytest.mark.parametrize("words", ["hello", b"hello"])
def test_from_words_refuses_a_lone_string(words):
    with pytest.raises(LexiconError, match="words must be a sequence of words"):
        Lexicon.from_words(words)


def test_from_words_refuses_non_strings_and_bad_names():
    with pytest.raises(LexiconError, match="words must hold strings"):
        Lexicon.from_words(["ok", 3])
    with pytest.raises(LexiconError, match="words must be a sequence"):
        Lexicon.from_words(5)
    with pytest.raises(LexiconError, match="name must be"):
        Lexicon.from_words(["ok"], name=7)


def test_utf16_list_with_bom_is_decoded(tmp_path):
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        bom = "\ufeff" if encoding != "utf-16" else ""
        path = write(tmp_path, f"{encoding}.txt", (bom + "Zebra\r\napple\r\n").encode(encoding))
        assert Lexicon.from_file(path).words == ("apple", "zebra"), encoding


def test_a_bare_name_that_is_an_existing_file_is_read_as_the_file(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "words", "Kiwi\nfig\n")
    lex = lx.load("words")
    assert lex.words == ("fig", "kiwi") and lex.name == "words"


def test_large_lists_are_read_back_from_the_cache_exactly(tmp_path):
    from letterplay import cache

    rng = random.Random(3)
    words = {
        "".join(rng.choice("abcdefghij") for _ in range(rng.randint(3, 12))) for _ in range(40_000)
    }
    path = write(tmp_path, "big.txt", "\n".join(sorted(words, reverse=True)) + "\nNot-a-word\n")
    first = Lexicon.from_file(path)
    folder = cache.entry_path("words", "x").parent
    cached_files = list(folder.glob("words-*.lpc"))
    assert cached_files
    second = Lexicon.from_file(path)
    assert second.word(5) == sorted(words)[5] and "not" not in second
    assert second.word_id(sorted(words)[-1]) == len(words) - 1
    assert second.words == first.words == tuple(sorted(words))
    assert second.sha256 == first.sha256 == identity(tuple(sorted(words)))
    assert second.skipped == first.skipped == 1
    for entry in cached_files:
        entry.write_bytes(b"garbage")
    assert Lexicon.from_file(path).words == first.words


def test_a_changed_file_is_read_again_not_taken_from_the_cache(tmp_path):
    import os

    path = write(
        tmp_path,
        "big.txt",
        "\n".join(f"word{'a' * (i % 7)}x{chr(97 + i % 26)}" for i in range(20_000)),
    )
    first = Lexicon.from_file(path)
    path.write_text(path.read_text() + "\nzzzz\n")
    os.utime(path, ns=(0, path.stat().st_mtime_ns + 1))
    again = Lexicon.from_file(path)
    assert "zzzz" in again and "zzzz" not in first
    assert again.sha256 == identity(again.words) != first.sha256


def test_a_corrupt_cached_word_list_is_rebuilt(tmp_path, monkeypatch):
    from letterplay import cache

    monkeypatch.setenv("LETTERPLAY_CACHE", str(tmp_path / "cache"))
    path = write(
        tmp_path,
        "big.txt",
        "\n".join(
            f"w{'ab'[i % 2]}{i:06d}".translate(str.maketrans("0123456789", "abcdefghij"))
            for i in range(20_000)
        ),
    )
    good = Lexicon.from_file(path)
    (entry,) = cache.entry_path("words", "x").parent.glob("words-*.lpc")
    data = bytearray(entry.read_bytes())
    data[len(data) // 3] ^= 0x01  # inside the packed words
    entry.write_bytes(bytes(data))
    again = Lexicon.from_file(path)
    assert again.words == good.words and again.sha256 == good.sha256


def test_too_big_lists_are_refused_before_reading(tmp_path, monkeypatch):
    import gzip

    from letterplay.lexicon import _read

    monkeypatch.setattr(_read, "MAX_BYTES", 1000)
    path = write(tmp_path, "big.txt", "apple\n" * 200)
    with pytest.raises(LexiconError, match=r"too big for a word list \(limit 1,000 bytes\)"):
        Lexicon.from_file(path)
    bomb = tmp_path / "bomb.txt.gz"
    bomb.write_bytes(gzip.compress(b"apple\n" * 100_000))
    with pytest.raises(LexiconError, match="unpacks to more than 1,000 bytes"):
        Lexicon.from_file(bomb)


def test_plain_and_general_parsers_agree(tmp_path):
    rng = random.Random(5)
    words = ["".join(rng.choice("abcXYZ") for _ in range(rng.randint(1, 6))) for _ in range(3000)]
    plain = write(tmp_path, "plain.txt", "\r\n".join(words) + "\n")
    general = write(tmp_path, "general.txt", "# comment\n" + "\n".join(words) + "\nit's\n")
    a, b = Lexicon.from_file(plain), Lexicon.from_file(general)
    assert a.words == b.words == tuple(sorted({w.lower() for w in words}))
    assert (a.skipped, b.skipped) == (0, 1) and a.sha256 == b.sha256


def test_a_lexicon_read_from_a_file_pickles_with_its_words(enable1):
    import pickle

    copy = pickle.loads(pickle.dumps(enable1))
    assert copy.words == enable1.words and copy.sha256 == enable1.sha256
    assert copy.name == "enable1" and copy.word_id("zyzzyva") == enable1.word_id("zyzzyva")
    with pytest.raises(AttributeError):
        enable1.name = "other"
