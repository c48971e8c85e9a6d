"""Lexicons: normalisation, identity, the catalog, installing, and every bad-input path."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_zipf_frequencies_of_a_packed_list_are_looked_up_batch_by_batch(enable1):
    import wordfreq

    from letterplay.lexicon._commonness import zipf_array

    words = list(enable1.words)  # 172,820 words: three batches
    assert np.array_equal(enable1.zipfs, zipf_array(words))
    for i in (0, 65_535, 65_536, 131_072, 172_819):
        assert enable1.zipfs[i] == np.float32(round(wordfreq.zipf_frequency(words[i], "en"), 2))


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
    with pytest.raises(LexiconError, match=r"^`spec` must be a lexicon name or a file path") as e:
        lx.load(spec)
    assert e.value.parameter == "spec"


@pytest.mark.parametrize("words", ["hello", b"hello"])
def test_from_words_refuses_a_lone_string(words):
    with pytest.raises(LexiconError, match=r"^`words` must be a sequence of words") as e:
        Lexicon.from_words(words)
    assert e.value.parameter == "words"


def test_from_words_refuses_non_strings_and_bad_names():
    with pytest.raises(LexiconError, match=r"^`words` must hold strings"):
        Lexicon.from_words(["ok", 3])
    with pytest.raises(LexiconError, match=r"^`words` must be a sequence"):
        Lexicon.from_words(5)
    with pytest.raises(LexiconError, match=r"^`name` must be") as e:
        Lexicon.from_words(["ok"], name=7)
    assert e.value.parameter == "name"


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


# ----------------------------------------------------------------------------- reading by chunks

TRICKY = [
    "a",
    "b",
    "Z",
    "K",
    "ab",
    "Quiz",
    " ",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "#",
    "'",
    "1",
    ".",
    "5",
    "é",
    "\u212a",
    "\x85",
    "\u2028",
    "\xa0",
    "\u3000",
    "\x1c",
    "\x1f",
    "\v",
    "\u0130",
    "\u03a3",
    "  # note\n",
    "\t0.5\n",
    "\t1\n",
    "\t2\n",
]  # letters, every kind of white space and line end, comments, tabs, and non-ASCII letters


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(st.sampled_from(TRICKY), max_size=40),
    chunk=st.sampled_from([1, 2, 3, 7, 64]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]),
)
def test_reading_by_chunks_gives_the_words_python_s_rules_give(
    tmp_path_factory, parts, chunk, encoding
):
    from letterplay.lexicon import _read

    data = "".join(parts).encode(encoding)
    path = tmp_path_factory.mktemp("chunks") / "w.txt"
    path.write_bytes(data)
    try:  # the rules, on the whole text at once
        if not data.strip():
            raise LexiconError(f"{path}: empty file")
        text = _read.decode(path, data)
        if "\t" in text:
            best, _, skipped = _read._weighted_lines(
                path, np.frombuffer(text.encode(), np.uint8), 1
            )
            words, expected_p = tuple(sorted(best)), [np.float32(best[w]) for w in sorted(best)]
        else:
            (words, skipped), expected_p = normalise_text(text), None
    except LexiconError as e:
        words, expected_error = (), str(e)
    else:
        expected_error = f"{path}: no valid words (only words of letters a–z count)"
    original = _read._CHUNK
    _read._CHUNK = chunk  # cuts everywhere: inside lines, CRLFs, comments, runs of spaces
    try:
        lexicon = Lexicon.from_file(path)
    except LexiconError as e:
        assert not words and str(e) == expected_error
        return
    finally:
        _read._CHUNK = original
    assert words, "read words the rules do not give"
    assert (lexicon.words, lexicon.skipped) == (words, skipped)
    assert lexicon.sha256 == identity(words)
    probabilities = None if lexicon.probabilities is None else list(lexicon.probabilities)
    assert probabilities == expected_p


def test_the_white_space_tables_are_python_s():
    from letterplay.lexicon import _read

    every = [chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000]
    spaces = {c for c in every if c.isspace()}
    breaks = {c for c in every if len(f"a{c}b".splitlines()) == 2}
    ascii_spaces = {chr(c) for c in np.flatnonzero(_read._SPACE)}
    ascii_breaks = {chr(c) for c in np.flatnonzero(_read._BREAK)}
    assert ascii_spaces == {c for c in spaces if c.isascii()}
    assert ascii_breaks == {c for c in breaks if c.isascii()}
    wide = {chr(c): s for c, s in _read._WIDE_SPACE.items()}
    assert set(wide) == {c for c in spaces if not c.isascii()}
    assert {c for c, s in wide.items() if s == "\n"} == {c for c in breaks if not c.isascii()}
    # Beyond ASCII only the Kelvin sign lower-cases to a–z: Python's lower() is kept for it.
    assert [c for c in every if not c.isascii() and re.fullmatch("[a-z]+", c.lower())] == ["\u212a"]


def test_long_words_and_shared_prefixes_sort_as_strings(tmp_path):
    rng = random.Random(11)
    stems = ["".join(rng.choice("ab") for _ in range(rng.randint(1, 40))) for _ in range(300)]
    words = [s + "".join(rng.choice("ab") for _ in range(rng.randint(0, 20))) for s in stems * 8]
    path = write(tmp_path, "long.txt", "\n".join(w.upper() if len(w) % 3 else w for w in words))
    assert Lexicon.from_file(path).words == tuple(sorted(set(words)))


# ----------------------------------------------------------------------------- memory

FIRST_READ = """
import json, sys
import wordfreq
from letterplay.lexicon import Lexicon


def peak():  # this process's peak resident memory (getrusage's would count the parent's)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))


wordfreq.get_frequency_dict("en")  # the same whatever the list
before = peak()
lexicon = Lexicon.from_file(sys.argv[1])
lexicon.zipfs
print(json.dumps({"grown": peak() - before, "words": len(lexicon)}))
"""


def _messy_list(path: Path, size: int) -> Path:
    """About ``size`` bytes of a word list as people have them: words of 2 to 15 random letters,
    CRLF, a fifth capitalised, a tenth listed twice, a comment, possessives and accented words
    (skipped)."""
    rng = np.random.default_rng(22)
    n = size // 12
    lengths = rng.integers(2, 16, n)
    letters = rng.integers(97, 123, int(lengths.sum()), dtype=np.uint8)
    starts = np.cumsum(lengths) - lengths
    letters[starts[rng.random(n) < 0.2]] -= 32
    text = letters.tobytes()
    words = [text[a : a + b] for a, b in zip(starts.tolist(), lengths.tolist(), strict=True)]
    words += [words[i].lower() for i in rng.integers(0, n, n // 10)]
    words += [words[i] + b"'s" for i in rng.integers(0, n, n // 500)]
    words += ["caf\u00e9".encode() for _ in range(n // 5000)]
    lines = b"\r\n".join(words[i] for i in rng.permutation(len(words)))
    path.write_bytes(b"# a word list\r\n" + lines + b"\r\n")
    return path


def test_a_big_list_s_first_read_takes_under_ten_times_its_size(tmp_path):
    import json
    import os
    import subprocess
    import sys

    if not Path("/proc/self/status").is_file():
        pytest.skip("peak memory is read from /proc/self/status (Linux)")
    path = _messy_list(tmp_path / "big.txt", 10 * 2**20)
    size = path.stat().st_size
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}  # a first read
    out = subprocess.run(
        [sys.executable, "-c", FIRST_READ, str(path)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures = json.loads(out)
    assert figures["words"] > 700_000
    # Peak resident memory above the interpreter's own (numpy, letterplay, wordfreq's table).
    assert figures["grown"] < 10 * size, f"{figures['grown'] / size:.1f} times the list's size"


INDEX_FIRST_BUILD = """
import json, sys
import wordfreq
from letterplay import cache
from letterplay.letters import INDEX_VERSION
from letterplay.lexicon import Lexicon


def peak():  # this process's peak resident memory (getrusage's would count the parent's)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))


wordfreq.get_frequency_dict("en")  # the same whatever the list
before = peak()
lexicon = Lexicon.from_file(sys.argv[1])
index = lexicon.index  # what a puzzle's first use of the list builds
grown = peak() - before
entry = cache.open_entry("letterindex", f"{lexicon.sha256}:letterindex-v{INDEX_VERSION}")
shapes = {name: entry.shape(name) for name in entry}
print(json.dumps({"grown": grown, "words": len(lexicon), "shapes": shapes}))
"""


def test_a_big_list_s_load_and_letter_index_take_under_ten_times_its_size(tmp_path):
    import json
    import os
    import subprocess
    import sys

    if not Path("/proc/self/status").is_file():
        pytest.skip("peak memory is read from /proc/self/status (Linux)")
    path = _messy_list(tmp_path / "big.txt", 10 * 2**20)
    size = path.stat().st_size
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}  # a first build
    env.pop("LETTERPLAY_CACHE_MAX_BYTES", None)
    out = subprocess.run(
        [sys.executable, "-c", INDEX_FIRST_BUILD, str(path)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    figures = json.loads(out)
    n = figures["words"]
    assert n > 700_000
    # the whole index was built (and stored): every array, one row a word, 2 to 15 letters
    shapes = {name: tuple(shape) for name, shape in figures["shapes"].items()}
    assert {k: v for k, v in shapes.items() if k != "terms"} == {
        "lengths": (n,),
        "codes": (n, 15),
        "masks": (n,),
        "counts": (n, 26),
        "term_ids": (n,),
    }
    assert n // 2 < shapes["terms"][0] < n
    # Peak resident memory above the interpreter's own (numpy, letterplay, wordfreq's table).
    assert figures["grown"] < 10 * size, f"{figures['grown'] / size:.1f} times the list's size"
