"""Reading word list files: any case, LF or CRLF, UTF-8 or UTF-16, plain or gzipped.

A file is read once into its normalised words packed as bytes (``word\\n`` after word), with
the offset of each word, its identity, the number of entries skipped and, when its lines say
``word<TAB>p``, each word's acceptance probability. Large files are cached by path, size and
modification time, so the next process maps the words instead of parsing the text again.

Examples
--------
>>> decode(Path("w.txt"), "Bee\\n".encode("utf-16"))
'Bee\\n'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from letterplay import cache
from letterplay.errors import LexiconError
from letterplay.lexicon._words import WORD, normalise_text

__all__ = ["MAX_BYTES", "decode", "file_arrays", "read_bytes", "stem"]


def stem(path: Path) -> str:
    """A file's lexicon name: its name without ``.txt`` / ``.gz`` suffixes."""
    name = path.name
    for suffix in (".gz", ".txt"):
        name = name.removesuffix(suffix)
    return name or path.name


def _weighted_entries(path: Path, text: str) -> tuple[tuple[str, ...], int, np.ndarray]:
    """Words and acceptance probabilities of a list with ``word<TAB>p`` lines (no tab: p = 1).

    A word listed twice keeps its highest probability.
    """
    best: dict[str, float] = {}
    skipped = 0
    for number, line in enumerate(text.lower().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        word, _, p_text = line.partition("\t")
        word = word.strip()
        p = _probability(path, number, p_text) if p_text.strip() else 1.0
        if not WORD.fullmatch(word):
            skipped += 1
        elif p > best.get(word, -1.0):
            best[word] = p
    words = tuple(sorted(best))
    return words, skipped, np.array([best[w] for w in words], dtype=np.float32)


def _probability(path: Path, number: int, text: str) -> float:
    try:
        p = float(text)
    except ValueError:
        p = math.nan
    if not 0.0 <= p <= 1.0:
        raise LexiconError(
            f"{path}: line {number}: acceptance probability must be a number from 0 to 1, "
            f"not {text.strip()!r}"
        )
    return p


WORDS_FORMAT = 1  # bump when the cached word arrays change meaning


def file_arrays(path: Path) -> Mapping[str, np.ndarray]:
    """The normalised words of a word list file as packed arrays, with its identity
    (``sha256``), the number of entries skipped and, when the file gives them, the acceptance
    probabilities.

    They are cached by the file's path, size and modification time, so the next process maps
    the words instead of reading, splitting and hashing the text again; the identity is
    computed from the words when the entry is built.
    """
    stat = _stat(path)
    if stat.st_size < _CACHE_FILES_OVER:
        return _parse_arrays(path)
    key = f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:words-v{WORDS_FORMAT}"
    try:
        return cache.cached("words", key, lambda: _parse_arrays(path, stat))
    except _ChangedWhileReading:
        return _parse_arrays(path)


_CACHE_FILES_OVER = 64 * 1024  # bytes; smaller lists parse faster than a cache file maps


class _ChangedWhileReading(Exception):
    """The file changed while it was read: its arrays must not be cached under the old key."""


def _stat(path: Path):
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise LexiconError(f"{path}: no such file") from None
    except OSError as e:
        raise LexiconError(f"{path}: cannot read ({e.strerror})") from None
    if path.is_dir():
        raise LexiconError(f"{path}: is a directory, not a word list file")
    return stat


def _parse_arrays(path: Path, stat=None) -> dict[str, np.ndarray]:
    blob, skipped, probabilities = _parse(path, read_bytes(path))
    if not blob:
        raise LexiconError(f"{path}: no valid words (only words of letters a–z count)")
    if stat is not None:
        now = _stat(path)
        if (now.st_size, now.st_mtime_ns) != (stat.st_size, stat.st_mtime_ns):
            raise _ChangedWhileReading
    import hashlib

    packed = np.frombuffer(blob, dtype=np.uint8)
    starts = np.zeros(blob.count(b"\n") + 1, dtype=np.int64)
    starts[1:] = np.flatnonzero(packed == 10) + 1
    arrays = {
        "blob": packed,
        "starts": starts,
        "sha256": np.array(hashlib.sha256(blob).hexdigest()),
        "skipped": np.array(skipped, dtype=np.int64),
    }
    if probabilities is not None:
        arrays["probabilities"] = probabilities
    return arrays


def _parse(path: Path, data: bytes) -> tuple[bytes, int, np.ndarray | None]:
    """The normalised list's bytes (``word\\n`` after word), entries skipped, probabilities."""
    if b"\t" not in data:
        blob = _plain_list(data)
        if blob is not None:
            return blob, 0, None
    text = decode(path, data)
    if "\t" in text:
        words, skipped, probabilities = _weighted_entries(path, text)
    else:
        (words, skipped), probabilities = normalise_text(text), None
    return ("\n".join(words) + "\n").encode("ascii") if words else b"", skipped, probabilities


_LETTERS_AND_SPACE = bytes(range(65, 91)) + bytes(range(97, 123)) + b" \t\n\r\x0b\x0c"


def _plain_list(data: bytes) -> bytes | None:
    """The normalised bytes of a list made of ASCII letters and whitespace only (None for
    anything else), without a Python string per character or a set of all words: the words
    stay bytes, are sorted in place and de-duplicated in one pass, which keeps the peak memory
    under about 10x the file's size."""
    if data.translate(None, _LETTERS_AND_SPACE):
        return None
    words = (data if data.islower() else data.lower()).split()
    del data
    words.sort()
    unique = [word for word, _ in itertools.groupby(words)]
    del words
    return b"\n".join(unique) + b"\n" if unique else b""


MAX_BYTES = 64 * 1024 * 1024
"""The largest word list read (uncompressed): real lists are a few MB (enable1 1.7 MB). A bigger
file is refused before it is read; one below the limit peaks at about 15x its size in memory
while it is parsed (a Python bytes object per word), so at most about 1 GB."""


def read_bytes(path: Path) -> bytes:
    """The bytes of a word list file (gunzipped): not missing, a directory, empty or too big."""
    size = _stat(path).st_size
    if size > MAX_BYTES:
        raise LexiconError(
            f"{path}: {_mb(size)} is too big for a word list (limit {_mb(MAX_BYTES)})"
        )
    try:
        data = path.read_bytes()
    except OSError as e:
        raise LexiconError(f"{path}: cannot read ({e.strerror})") from None
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(path, data)
    if not data.strip():
        raise LexiconError(f"{path}: empty file")
    return data


def _mb(size: int) -> str:
    return f"{size / 2**20:,.0f} MB" if size >= 2**20 else f"{size:,} bytes"


def _gunzip(path: Path, data: bytes) -> bytes:
    """Decompress at most :data:`MAX_BYTES` (a small file may unpack to gigabytes)."""
    import zlib

    inflate = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
    try:
        out = inflate.decompress(data, MAX_BYTES + 1)
    except zlib.error:
        raise LexiconError(f"{path}: not a valid gzip file") from None
    if len(out) > MAX_BYTES:
        raise LexiconError(f"{path}: unpacks to more than {_mb(MAX_BYTES)}, the word list limit")
    if not inflate.eof:
        raise LexiconError(f"{path}: not a valid gzip file (cut short)")
    return out


_BOMS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8"))


def decode(path: Path, data: bytes) -> str:
    """Word list bytes as text: UTF-8 with or without BOM, or UTF-16 with a BOM.

    Examples
    --------
    >>> decode(Path("w.txt"), "Bee\\n".encode("utf-16"))
    'Bee\\n'
    """
    encoding = "utf-8"
    for bom, name in _BOMS:
        if data.startswith(bom):
            data, encoding = data[len(bom) :], name
            break
    if encoding == "utf-8" and b"\0" in data:
        raise LexiconError(f"{path}: binary file, not a word list")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        what = "UTF-8" if encoding == "utf-8" else encoding.upper()
        raise LexiconError(f"{path}: not {what} text (bad byte at offset {e.start})") from None
    if "\0" in text:
        raise LexiconError(f"{path}: binary file, not a word list")
    return text
