"""Reading word list files: any case, LF or CRLF, UTF-8 or UTF-16, plain or gzipped.

A file is read once into its normalised words packed as bytes (``word\\n`` after word), with
the offset of each word, its identity, the number of entries skipped and, when its lines say
``word<TAB>p``, each word's acceptance probability. Large files are cached by path, size and
modification time, so the next process maps the words instead of parsing the text again.

The text is read a chunk (about 1 MB) at a time: each chunk's words are found, lower-cased,
sorted and de-duplicated with numpy (no Python object per word, see
:func:`~letterplay.lexicon._words.sort_packed`) and only its distinct words are kept, so the
memory a first read takes stays under 10 times the file's size whatever the list. The
rules are those of :func:`~letterplay.lexicon._words.normalise_text`, word for word: a chunk
with characters beyond ASCII is first lower-cased by Python and its non-ASCII white space
and line ends made ASCII, and a list of ``word<TAB>p`` lines is read line by line in Python.

Examples
--------
>>> decode(Path("w.txt"), "Bee\\n".encode("utf-16"))
'Bee\\n'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from letterplay import cache
from letterplay.errors import LexiconError, shown
from letterplay.lexicon._words import WORD, pack, sort_packed

__all__ = ["MAX_BYTES", "decode", "file_arrays", "read_bytes", "stem"]


def stem(path: Path) -> str:
    """A file's lexicon name: its name without ``.txt`` / ``.gz`` suffixes."""
    name = path.name
    for suffix in (".gz", ".txt"):
        name = name.removesuffix(suffix)
    return name or path.name


def _probability(path: Path, number: int, text: str) -> float:
    try:
        p = float(text)
    except ValueError:
        p = math.nan
    if not 0.0 <= p <= 1.0:
        raise LexiconError(
            f"{shown(path)}: line {number}: acceptance probability must be a number from 0 to 1, "
            f"not {shown(text.strip())}"
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
        raise LexiconError(f"{shown(path)}: no such file") from None
    except OSError as e:  # a name too long for a file, say
        raise LexiconError(f"{shown(path)}: cannot read ({e.strerror})") from None
    except ValueError:  # a NUL in the name
        raise LexiconError(f"{shown(path)}: not a file name") from None
    if path.is_dir():
        raise LexiconError(f"{shown(path)}: is a directory, not a word list file")
    return stat


def _parse_arrays(path: Path, stat=None) -> dict[str, np.ndarray]:
    blob, lengths, skipped, probabilities = _words_of(path)
    if not len(blob):
        raise LexiconError(f"{shown(path)}: no valid words (only words of letters a–z count)")
    if stat is not None:
        now = _stat(path)
        if (now.st_size, now.st_mtime_ns) != (stat.st_size, stat.st_mtime_ns):
            raise _ChangedWhileReading
    import hashlib

    starts = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths + 1, out=starts[1:], dtype=np.int64)
    arrays = {
        "blob": blob,
        "starts": starts,
        "sha256": np.array(hashlib.sha256(blob).hexdigest()),
        "skipped": np.array(skipped, dtype=np.int64),
    }
    if probabilities is not None:
        arrays["probabilities"] = probabilities
    return arrays


# ----------------------------------------------------------------------------- chunk by chunk

_CHUNK = 1 << 18  # bytes of text parsed at a time (cut after white space, never inside a word)


def _table(chars: bytes) -> np.ndarray:
    table = np.zeros(256, dtype=bool)
    table[list(chars)] = True
    return table


_SPACE = _table(b" \t\n\v\f\r\x1c\x1d\x1e\x1f")  # what str.split splits on, in ASCII
_BREAK = _table(b"\n\r\v\f\x1c\x1d\x1e")  # what str.splitlines ends a line on, in ASCII
_LETTER = _table(bytes(range(65, 91)) + bytes(range(97, 123)))
_LOWER = np.arange(256, dtype=np.uint8)
_LOWER[65:91] += 32
# Beyond ASCII, str.split also splits on these, and str.splitlines ends lines on the first
# three; anything else beyond ASCII is never part of an a–z word.
_WIDE_SPACE = {
    0x85: "\n",
    0x2028: "\n",
    0x2029: "\n",
    **dict.fromkeys([0xA0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000], " "),
}
_WIDE = re.compile("[" + "".join(map(chr, _WIDE_SPACE)) + "]")
_FRESH, _CONTENT, _COMMENT = 0, 1, 2  # the line a chunk starts in: new, with words, a comment


def _words_of(path: Path) -> tuple[np.ndarray, np.ndarray, int, np.ndarray | None]:
    """The distinct words of a word list file, sorted and packed (``word\\n`` after word),
    their lengths, the entries skipped and the probabilities (None for a plain list)."""
    data, start = _utf8(path, read_bytes(path))
    weighted = b"\t" in data
    text = np.frombuffer(data, dtype=np.uint8)
    kept = bytearray()  # each chunk's distinct words, packed
    lengths: list[np.ndarray] = []
    probabilities: list[np.ndarray] = []
    skipped, state, line = 0, _FRESH, 1
    while start < len(text):
        end = _cut(text, start + _CHUNK, _BREAK if weighted else _SPACE)
        if weighted:
            best, lines, skips = _weighted_lines(path, text[start:end], line)
            kept += ("\n".join(best) + "\n").encode("ascii") if best else b""
            lengths.append(np.fromiter(map(len, best), dtype=np.int32, count=len(best)))
            probabilities.append(np.fromiter(best.values(), dtype=np.float32, count=len(best)))
            line += lines
        else:
            words, sizes, skips, state = _chunk_words(text[start:end], state)
            kept += words.data
            lengths.append(sizes)
        skipped, start = skipped + skips, end
    del data, text
    kept += bytes(8)  # sort_packed reads 8 bytes at a time
    packed = np.frombuffer(kept, dtype=np.uint8)
    sizes = np.concatenate(lengths) if lengths else np.zeros(0, dtype=np.int32)
    del lengths
    if not len(sizes):
        return packed[:0], sizes, skipped, None
    starts = np.zeros(len(sizes), dtype=np.int32)  # (the text is under 2 GB: MAX_BYTES)
    np.cumsum(sizes[:-1] + 1, out=starts[1:])
    order, new = sort_packed(packed, starts, sizes)
    best_p = None
    if weighted:  # a word listed twice keeps its highest probability
        p = np.concatenate(probabilities)[order]
        best_p = np.maximum.reduceat(p, np.flatnonzero(new))
    ids = order[new]
    del order, new, probabilities
    return pack(packed, starts, sizes, ids), sizes[ids], skipped, best_p


def _cut(text: np.ndarray, at: int, ends: np.ndarray) -> int:
    """Where the chunk reaching to about ``at`` ends: after the first byte from ``at - 1`` on
    that ``ends`` marks (a CRLF stays whole), or at the end of the text."""
    i = at - 1
    while i < len(text):
        hits = np.flatnonzero(ends[text[i : i + 65536]])
        if len(hits):
            i += int(hits[0])
            if text[i] == 13 and i + 1 < len(text) and text[i + 1] == 10:
                i += 1
            return i + 1
        i += 65536
    return len(text)


def _chunk_words(chunk: np.ndarray, state: int) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The distinct words of a chunk of a plain list, packed and sorted, their lengths, the
    entries skipped, and the state of the line the chunk ends in (``state``: the one it starts
    in)."""
    if chunk.max() >= 0x80:  # Python's rules for the rest of Unicode, then all ASCII
        text = chunk.tobytes().decode("utf-8").lower()
        if _WIDE.search(text):
            text = text.translate(_WIDE_SPACE)
        chunk = np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8)
        del text
    space = _SPACE[chunk]
    if state != _FRESH or (chunk == 35).any():
        space |= _comment_lines(chunk, space, state)
    state = _state_after(chunk, state, space)
    edges = np.diff(space.view(np.int8), prepend=1, append=1)  # -1 where a word starts
    firsts, ends = np.flatnonzero(edges == -1), np.flatnonzero(edges == 1)
    del edges
    other = np.flatnonzero(~(space | _LETTER[chunk]))  # neither a letter nor space
    good = np.ones(len(firsts), dtype=bool)
    good[np.searchsorted(firsts, other, side="right") - 1] = False
    starts, sizes = firsts[good], (ends - firsts)[good].astype(np.int32)
    lowered = np.zeros(len(chunk) + 8, dtype=np.uint8)
    np.take(_LOWER, chunk, out=lowered[: len(chunk)])
    order, new = sort_packed(lowered, starts, sizes)
    ids = order[new]
    return pack(lowered, starts, sizes, ids), sizes[ids], len(good) - int(good.sum()), state


def _comment_lines(chunk: np.ndarray, space: np.ndarray, state: int) -> np.ndarray:
    """Which bytes of an ASCII chunk are in a comment line (its first non-space is ``#``)."""
    line = np.cumsum(_BREAK[chunk], dtype=np.int32)  # a line end counts for the next line
    filled = np.flatnonzero(~space)
    comment = np.zeros(int(line[-1]) + 1, dtype=bool)
    comment[0] = state == _COMMENT
    if len(filled):
        line_of = line[filled]
        first = np.empty(len(filled), dtype=bool)  # the first non-space of its line
        first[0] = line_of[0] > 0 or state == _FRESH
        np.not_equal(line_of[1:], line_of[:-1], out=first[1:])
        comment[line_of[first & (chunk[filled] == 35)]] = True
    return comment[line]


def _state_after(chunk: np.ndarray, state: int, space: np.ndarray) -> int:
    """The state of the line an ASCII chunk ends in, from ``space`` with comments marked."""
    breaks = _BREAK[chunk]
    last = len(chunk) - 1 - int(np.argmax(breaks[::-1])) if breaks.any() else -1
    tail = chunk[last + 1 :]
    if not len(tail) or _SPACE[tail].all():  # nothing on the line yet
        return state if last < 0 else _FRESH
    return _CONTENT if not space[last + 1 :].all() else _COMMENT


def _weighted_lines(path: Path, chunk: np.ndarray, first_line: int) -> tuple[dict, int, int]:
    """The words of a chunk of a ``word<TAB>p`` list with their highest probability, its number
    of lines and the entries skipped (``first_line``: the number of its first line)."""
    best: dict[str, float] = {}
    skipped = 0
    lines = chunk.tobytes().decode("utf-8").lower().splitlines()
    for number, line in enumerate(lines, first_line):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        word, _, p_text = line.partition("\t")
        word = word.strip()
        p = _probability(path, number, p_text) if p_text.strip() else 1.0
        if not WORD.fullmatch(word):
            skipped += 1
        elif p > best.get(word, -1.0):
            best[word] = p
    return best, len(lines), skipped


# ----------------------------------------------------------------------------- bytes and text

MAX_BYTES = 64 * 1024 * 1024
"""The largest word list read (uncompressed): real lists are a few MB (enable1 1.7 MB). A bigger
file is refused before it is read; one below the limit peaks at under 10 times its size in
memory while it is parsed, so at most about 640 MB."""


def read_bytes(path: Path) -> bytes:
    """The bytes of a word list file (gunzipped): not missing, a directory, empty or too big."""
    size = _stat(path).st_size
    if size > MAX_BYTES:
        raise LexiconError(
            f"{shown(path)}: {_mb(size)} is too big for a word list (limit {_mb(MAX_BYTES)})"
        )
    try:
        data = path.read_bytes()
    except OSError as e:
        raise LexiconError(f"{shown(path)}: cannot read ({e.strerror})") from None
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(path, data)
    if not data or data.isspace():  # (data.strip() would copy it)
        raise LexiconError(f"{shown(path)}: empty file")
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
        raise LexiconError(f"{shown(path)}: not a valid gzip file") from None
    if len(out) > MAX_BYTES:
        raise LexiconError(
            f"{shown(path)}: unpacks to more than {_mb(MAX_BYTES)}, the word list limit"
        )
    if not inflate.eof:
        raise LexiconError(f"{shown(path)}: not a valid gzip file (cut short)")
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
        raise LexiconError(f"{shown(path)}: binary file, not a word list")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        what = "UTF-8" if encoding == "utf-8" else encoding.upper()
        raise LexiconError(
            f"{shown(path)}: not {what} text (bad byte at offset {e.start})"
        ) from None
    if "\0" in text:
        raise LexiconError(f"{shown(path)}: binary file, not a word list")
    return text


def _utf8(path: Path, data: bytes) -> tuple[bytes, int]:
    """Word list bytes as UTF-8 and where the text starts (after a BOM), checked as
    :func:`decode` checks them, without a copy of a UTF-8 file."""
    if data.startswith(_BOMS[0][0]) or data.startswith(_BOMS[1][0]):
        return decode(path, data).encode("utf-8"), 0
    start = len(_BOMS[2][0]) if data.startswith(_BOMS[2][0]) else 0
    if b"\0" in data:
        raise LexiconError(f"{shown(path)}: binary file, not a word list")
    if not data.isascii():
        _check_utf8(path, data, start)
    return data, start


def _check_utf8(path: Path, data: bytes, start: int) -> None:
    """Raise the error :func:`decode` would for bytes that are not UTF-8, a chunk at a time."""
    import codecs

    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    for at in range(start, len(data), _CHUNK):
        pending = len(decoder.getstate()[0])  # bytes of a character cut by the last chunk
        try:
            decoder.decode(view[at : at + _CHUNK], final=at + _CHUNK >= len(data))
        except UnicodeDecodeError as e:
            offset = at - start - pending + e.start
            raise LexiconError(
                f"{shown(path)}: not UTF-8 text (bad byte at offset {offset})"
            ) from None
