"""Lexicon benchmarks: enable1's load in a fresh process, and the memory of a big list's first read.

**Load.** The first run fills the cache; the timed runs are second processes, as a user's next
command (target < 0.3 s). Baseline: the same process without the disk cache, which reads,
unzips, splits, sorts and hashes the word list and builds the index every time.

**Memory.** A word list of 10 MB and one of 50 MB are generated (deterministically, into a
temporary folder): random letter strings with enable1's word lengths and letter frequencies,
one a line with CRLF endings, a fifth of them capitalised and some in capitals, a tenth listed
twice, a comment line, a few possessives and accented words that are skipped. Each is read for
the first time (empty cache) in a fresh process, which then looks up the Zipf frequency of
every word: everything a first load computes (normalising, sorting, de-duplicating, hashing,
the cache entry, the Zipf frequencies). The figure is the process's peak resident memory
(``VmHWM`` in ``/proc/self/status``, so Linux; ``getrusage``'s ``ru_maxrss`` would start from
the parent's, which it keeps across ``exec``) minus the same figure just before, once the
process has imported the modules and loaded wordfreq's frequency table (about 40 MB whatever
the list): what the list itself costs, as a multiple of the file's size. Resident memory
rather than tracemalloc: it is what the machine pays, counts numpy's buffers and the
interpreter's own allocations alike, and does not slow the Python parts down. Target: at
most 10 times the file's size. Baseline: the same read with a parser that builds a Python string
per word (``normalise_text``), as letterplay did before.

**Letter index.** The same lists, read in a fresh process with an empty cache, then
``lexicon.index``: what a puzzle's first use of a list builds (lengths, letter codes, masks,
counts, terms), measured the same way (peak resident memory above the same baseline, so the
read's own peak counts too) against the same target, at most 10 times the file's size; the
figure after every array has then been read is shown beside it (the arrays are memory-mapped
from the cache file, so reading them adds their size: about 88 bytes a word for these lists,
whose longest word has 28 letters). Seconds: the index alone. Baseline: the build before,
whole-list arrays computed in memory and then stored (:func:`build_in_one_piece`). On enable1,
in this process: the first build of its index into an empty cache, against that baseline's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from timing import Row, median_time, process_time, report

HERE = Path(__file__).resolve().parent

SCRIPT = (
    "from letterplay.lexicon import load; "
    "lex = load('enable1'); lex.index.masks; lex.index.term_ids; lex.zipfs; lex.word(0)"
)
NO_CACHE = (
    "from letterplay.lexicon import BUNDLED; "
    "from letterplay.lexicon._read import _parse_arrays; "
    "from letterplay.letters import LetterIndex; "
    "arrays = _parse_arrays(BUNDLED['enable1'].path); "
    "LetterIndex.build_blob(arrays['blob'])"
)

MEMORY_TARGET = 10.0  # peak memory of a first read, in multiples of the file's size
SIZES_MB = (10, 50)

# A fresh process: imports and wordfreq's table first (fixed costs), then the first read.
FIRST_READ = """
import json, sys, time
import numpy, wordfreq
from letterplay.lexicon import Lexicon
from letterplay.lexicon._words import normalise_text


def peak():  # KiB; getrusage's ru_maxrss would start from the parent's, kept across exec
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


wordfreq.get_frequency_dict("en")
before = peak()
start = time.perf_counter()
if sys.argv[2] == "new":
    lexicon = Lexicon.from_file(sys.argv[1])
    zipfs = lexicon.zipfs
    count = len(lexicon)
else:  # the parser before: a Python string per word, then a tuple of them
    with open(sys.argv[1], "rb") as f:
        text = f.read().decode("utf-8")
    words, skipped = normalise_text(text)
    del text
    from letterplay.lexicon._commonness import zipf_array
    from letterplay.lexicon._words import identity

    sha256, zipfs, count = identity(words), zipf_array(words), len(words)
seconds = time.perf_counter() - start
print(json.dumps({"kib": peak() - before, "seconds": seconds, "words": count}))
"""


# A fresh process: the same fixed costs, then the first read and the first letter index.
FIRST_INDEX = """
import json, sys, time
sys.path.insert(0, sys.argv[3])
import numpy, wordfreq
from letterplay import cache
from letterplay.letters import INDEX_VERSION, LetterIndex
from letterplay.lexicon import Lexicon
from bench_lexicon import build_in_one_piece


def peak():  # KiB
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


wordfreq.get_frequency_dict("en")
before = peak()
lexicon = Lexicon.from_file(sys.argv[1])
start = time.perf_counter()
if sys.argv[2] == "new":
    index = lexicon.index
else:  # the build before: whole-list arrays in memory, then stored
    key = f"{lexicon.sha256}:letterindex-v{INDEX_VERSION}"
    build = lambda: build_in_one_piece(lexicon.blob())
    index = LetterIndex(lexicon.sha256, cache.cached("letterindex", key, build))
seconds = time.perf_counter() - start
built = peak()
for name in LetterIndex.FIELDS:  # every array read (and its checksum verified)
    getattr(index, name)
print(json.dumps({"kib": built - before, "every_kib": peak() - before, "seconds": seconds}))
"""

_BITS = np.left_shift(np.uint32(1), np.arange(26, dtype=np.uint32))


def build_in_one_piece(blob: np.ndarray) -> dict[str, np.ndarray]:
    """The letter index as letterplay built it before: every array of the whole list at once
    (a letter's word and column as int64 for every letter, the counts as int64 words × 26)."""
    newlines = np.flatnonzero(blob == 10)
    starts = np.concatenate(([0], newlines[:-1] + 1))
    lengths = (newlines - starts).astype(np.int16)
    letters = blob[blob != 10] - 97
    n, width = len(newlines), int(lengths.max())
    word_of = np.repeat(np.arange(n, dtype=np.int64), lengths)
    first = np.concatenate(([0], np.cumsum(lengths[:-1], dtype=np.int64)))
    column = np.arange(len(letters)) - np.repeat(first, lengths)
    codes = np.full((n, width), 255, dtype=np.uint8)
    codes[word_of, column] = letters
    masks = np.bitwise_or.reduceat(_BITS[letters], first).astype(np.uint32)
    counts = np.bincount(word_of * 26 + letters, minlength=n * 26)
    counts = counts.reshape(n, 26).astype(np.uint8)
    sorted_letters = (np.sort(word_of * 32 + letters) % 32).astype(np.uint8)
    spelled = np.zeros((n, width), dtype=np.uint8)
    spelled[word_of, column] = sorted_letters + 97
    terms, term_ids = np.unique(spelled.view(f"S{width}").ravel(), return_inverse=True)
    term_ids = term_ids.astype(np.int32).reshape(-1)
    fields = (lengths, codes, masks, counts, term_ids, terms)
    names = ("lengths", "codes", "masks", "counts", "term_ids", "terms")
    return dict(zip(names, fields, strict=True))


def make_list(path: Path, size: int, seed: int = 0) -> Path:
    """Write a messy word list of about ``size`` bytes to ``path`` (same bytes for the same
    arguments): enable1's word lengths and letter frequencies, CRLF, mixed case, duplicates."""
    from letterplay.lexicon import load

    blob = load("enable1").blob()
    ends = np.flatnonzero(blob == 10)
    lengths = np.diff(np.concatenate([[-1], ends])) - 1
    length_p = np.bincount(lengths) / len(lengths)
    letter_p = np.bincount(blob[blob != 10] - 97, minlength=26) / (len(blob) - len(ends))
    rng = np.random.default_rng(seed)
    written = 0
    partial = path.with_name(f".{path.name}.tmp")
    with open(partial, "wb") as f:
        f.write(b"# a generated word list\r\n")
        while written < size:
            n = int(min(50_000, max(1_000, (size - written) // 11)))
            sizes = rng.choice(len(length_p), size=n, p=length_p)
            letters = (rng.choice(26, size=int(sizes.sum()), p=letter_p) + 97).astype(np.uint8)
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
            shout = rng.random(n) < 0.02
            letters[np.repeat(shout, sizes)] -= 32
            letters[starts[(rng.random(n) < 0.2) & ~shout]] -= 32
            text = letters.tobytes()
            words = [text[a : a + b] for a, b in zip(starts.tolist(), sizes.tolist(), strict=True)]
            words += [words[i].lower() for i in rng.integers(0, n, n // 10)]  # listed twice
            words += [words[i] + b"'s" for i in rng.integers(0, n, n // 500)]  # skipped
            words += [words[i] + "é".encode() for i in rng.integers(0, n, n // 5000)]  # skipped
            lines = b"\r\n".join(words[i] for i in rng.permutation(len(words))) + b"\r\n"
            f.write(lines)
            written += len(lines)
    os.replace(partial, path)
    return path


def first_read(path: Path, parser: str) -> dict[str, float]:
    """Peak memory (KiB above the baseline), seconds and word count of a first read of
    ``path`` in a fresh process with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "LETTERPLAY_CACHE": cache}
        args = [sys.executable, "-c", FIRST_READ, str(path), parser]
        out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out)


def first_index(path: Path, build: str) -> dict[str, float]:
    """Peak memory (KiB above the baseline) of a first read of ``path`` and its first letter
    index, then of every array read, and the index's seconds, in a fresh process."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "LETTERPLAY_CACHE": cache}
        args = [sys.executable, "-c", FIRST_INDEX, str(path), build, str(HERE)]
        out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out)


def index_row(path: Path, mb: int) -> Row:
    size_kib = path.stat().st_size / 1024
    new, old = first_index(path, "new"), first_index(path, "old")
    ratio, old_ratio = new["kib"] / size_kib, old["kib"] / size_kib
    every = new["every_kib"] / size_kib
    print(
        f"{mb} MB list, read + letter index: peak {new['kib'] / 1024:,.0f} MB = {ratio:.1f}x its "
        f"size (every array then read: {every:.1f}x), index in {new['seconds']:.1f} s; "
        f"before: {old['kib'] / 1024:,.0f} MB = {old_ratio:.1f}x, index in {old['seconds']:.1f} s"
    )
    return Row(
        f"first letter index of a {mb} MB list, seconds",
        new["seconds"],
        old["seconds"],
        f"peak {ratio:.1f}x size (before {old_ratio:.1f}x; every array read {every:.1f}x), "
        f"target <= {MEMORY_TARGET:g}x",
        ratio <= MEMORY_TARGET,
    )


def enable1_index_row() -> Row:
    """The first build of enable1's letter index into an empty cache, in this process."""
    from letterplay import cache
    from letterplay.letters import INDEX_VERSION, LetterIndex
    from letterplay.lexicon import load

    lexicon = load("enable1")
    blob, key = lexicon.blob(), f"{lexicon.sha256}:letterindex-v{INDEX_VERSION}"

    def first_build(build) -> float:
        saved = os.environ.get("LETTERPLAY_CACHE")

        def run() -> None:
            with tempfile.TemporaryDirectory() as folder:
                os.environ["LETTERPLAY_CACHE"] = folder  # an empty cache each time
                build()

        try:
            return median_time(run, repeat=7)
        finally:
            if saved is None:
                os.environ.pop("LETTERPLAY_CACHE", None)
            else:
                os.environ["LETTERPLAY_CACHE"] = saved

    new = first_build(lambda: LetterIndex.cached(lexicon.sha256, lexicon.blob).masks)
    old = first_build(lambda: cache.cached("letterindex", key, lambda: build_in_one_piece(blob)))
    return Row("enable1 first letter index (build + store)", new, old, "<= before", new <= old)


def memory_rows(folder: Path) -> list[Row]:
    rows = []
    for mb in SIZES_MB:
        path = make_list(folder / f"words-{mb}mb.txt", mb * 2**20, seed=mb)
        rows.append(index_row(path, mb))
        size_kib = path.stat().st_size / 1024
        new, old = first_read(path, "new"), first_read(path, "old")
        ratio, old_ratio = new["kib"] / size_kib, old["kib"] / size_kib
        print(
            f"{mb} MB list ({new['words']:,} words): peak {new['kib'] / 1024:,.0f} MB = "
            f"{ratio:.1f}x its size in {new['seconds']:.1f} s; before: "
            f"{old['kib'] / 1024:,.0f} MB = {old_ratio:.1f}x in {old['seconds']:.1f} s"
        )
        rows.append(
            Row(
                f"first read of a {mb} MB list, seconds",
                new["seconds"],
                old["seconds"],
                f"peak {ratio:.1f}x size (before {old_ratio:.1f}x), target <= {MEMORY_TARGET:g}x",
                ratio <= MEMORY_TARGET,
            )
        )
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {"LETTERPLAY_CACHE": cache}
        process_time([sys.executable, "-c", SCRIPT], repeat=1, env=env)  # fill the cache
        cached = process_time([sys.executable, "-c", SCRIPT], repeat=7, env=env)
        rebuilt = process_time([sys.executable, "-c", NO_CACHE], repeat=7, env=env)
    rows = [
        Row("enable1 load + index + zipf, whole process", cached, rebuilt, "< 0.3 s", cached < 0.3),
        enable1_index_row(),
    ]
    with tempfile.TemporaryDirectory() as folder:
        rows += memory_rows(Path(folder))
    report("lexicon", rows)


if __name__ == "__main__":
    main()
