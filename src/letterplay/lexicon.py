"""Lexicons: the word lists every puzzle is played over.

A *lexicon* is an immutable, normalised list of words: lower-case a–z only, de-duplicated and
sorted. Its *identity* is the sha256 of those words joined with ``\\n`` plus a trailing
``\\n``, so a CRLF, upper-case or shuffled copy of a list has the same identity as the list
itself; every result letterplay gives names the lexicon it came from by name, word count and
identity. A list may also give each word an *acceptance probability* in [0, 1] (a line
``word<TAB>p``): how likely a puzzle editor is to accept it. Words without one have 1.

Lexicons are named by one registry of *bundled lists*, shipped inside the package
(:data:`BUNDLED`; ``enable1``, the default, and ``common``), then by word lists in
``$LETTERPLAY_DATA`` and those installed with ``letterplay lexicon add NAME FILE`` or downloaded
with ``letterplay lexicon fetch NAME`` (:data:`DOWNLOADS`). Any word list file works as well.

*Commonness* is wordfreq's Zipf frequency: log10 of a word's frequency per billion words (7 for
"the", 0 for a word wordfreq has never seen). Puzzles use it to rank solutions and to filter.

Examples
--------
>>> lex = Lexicon.from_words(["Ride", "dire", "ire", "ride"], name="tiny")
>>> lex
<Lexicon 'tiny': 3 words, sha256 ac240592527f…>
>>> lex.words
('dire', 'ire', 'ride')
>>> "ride" in lex, lex.word_id("ride")
(True, 2)
>>> load("enable1").info()["words"]
172820

References
----------
- ENABLE2K word list (public domain): https://everything2.com/title/ENABLE+word+list
- A copy of it: https://norvig.com/ngrams/enable1.txt
- wordfreq, word frequencies in many languages: https://github.com/rspeer/wordfreq
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from letterplay import cache
from letterplay.dirs import data_env_dir, user_data_dir
from letterplay.errors import LexiconError

if TYPE_CHECKING:
    from letterplay.letters import LetterIndex

__all__ = [
    "BUNDLED",
    "DEFAULT",
    "DOWNLOADS",
    "MAX_BYTES",
    "AlreadyInstalledError",
    "BundledList",
    "CatalogEntry",
    "DownloadableList",
    "Lexicon",
    "catalog",
    "export",
    "fetch",
    "find",
    "identity",
    "install",
    "installed_dir",
    "load",
    "normalise",
    "normalise_text",
    "zipf_floor_mask",
    "zipf_frequency",
]

WORD = re.compile(r"[a-z]+")
_ONLY_WORDS = re.compile(r"[a-z\s]*")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
DATA = Path(__file__).resolve().parent / "data"


# ----------------------------------------------------------------------------- the Lexicon


class Lexicon:
    """An immutable, normalised word list with a name, a source and an identity hash.

    Build one with :meth:`from_words`, :meth:`from_file` or :func:`load`; the constructor
    itself trusts that ``words`` is already normalised. ``probabilities`` (float32, aligned
    with ``words``) holds the list's acceptance probabilities, or is None when it gives none.

    A lexicon read from a file keeps its words packed in one memory-mapped byte array from the
    cache; :attr:`words`, the tuple of strings, is only built when something asks for it
    (:meth:`word`, :meth:`word_id` and ``in`` work without it).

    Examples
    --------
    >>> lex = Lexicon.from_words(["bee", "hive", "Bee"], name="tiny")
    >>> len(lex), lex.words, lex.probabilities is None
    (2, ('bee', 'hive'), True)
    """

    def __init__(
        self,
        name: str,
        words: Sequence[str] | _Packed,
        sha256: str,
        source: str = "<memory>",
        skipped: int = 0,
        probabilities: np.ndarray | None = None,
    ) -> None:
        for attr, value in (("name", name), ("sha256", sha256), ("source", source)):
            object.__setattr__(self, attr, value)
        object.__setattr__(self, "skipped", int(skipped))
        object.__setattr__(self, "probabilities", probabilities)
        packed = words if isinstance(words, _Packed) else None
        object.__setattr__(self, "_packed", packed)
        if packed is None:
            self.__dict__["words"] = tuple(words)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Lexicon is immutable (cannot set {name})")

    def __reduce__(self):  # pickled with its words, not the memory map they may come from
        fields = (self.name, self.words, self.sha256, self.source, self.skipped)
        return (Lexicon, (*fields, self.probabilities))

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The words, sorted, as a tuple of strings."""
        return self._packed.words()

    def word(self, i: int) -> str:
        """The word at position ``i`` (decoded alone, without building :attr:`words`).

        Examples
        --------
        >>> Lexicon.from_words(["pear", "apple", "fig"]).word(1)
        'fig'
        """
        if self._packed is None or "words" in self.__dict__:
            return self.words[i]
        return self._packed[i]

    def blob(self) -> np.ndarray:
        """The normalised list's bytes (``word\\n`` after word) as a uint8 array."""
        if self._packed is not None:
            return self._packed.blob
        return np.frombuffer(self.to_text().encode("ascii"), dtype=np.uint8)

    @classmethod
    def from_words(
        cls, words: Iterable[str], name: str = "custom", source: str = "<memory>"
    ) -> Lexicon:
        """A lexicon of ``words`` (any case); entries that are not a–z letters are skipped.

        Examples
        --------
        >>> Lexicon.from_words(["Apple", "it's", "fig"]).words
        ('apple', 'fig')
        >>> Lexicon.from_words("hello")
        Traceback (most recent call last):
        ...
        letterplay.errors.LexiconError: words must be a sequence of words, not the string 'hello'
        """
        if isinstance(words, str | bytes):
            raise LexiconError(f"words must be a sequence of words, not the string {words!r}")
        if not isinstance(name, str) or not name.strip():
            raise LexiconError(f"name must be a non-empty string, not {name!r}")
        kept, skipped = normalise(_strings("words", words))
        if not kept:
            raise LexiconError(f"lexicon {name!r} has no valid words")
        return cls(name, kept, identity(kept), source, skipped)

    @classmethod
    def from_file(cls, path: str | Path, name: str | None = None) -> Lexicon:
        """Read a word list file: one word per line or whitespace separated, any case, LF or CRLF,
        UTF-8 (with or without BOM) or UTF-16 with a BOM, plain or gzipped; blank lines and lines
        starting with ``#`` are ignored, entries with other characters are skipped and counted.
        A line ``word<TAB>p`` gives the word an acceptance probability ``p`` in [0, 1].

        Examples
        --------
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.txt"
        >>> _ = path.write_text("Zebra\\r\\napple\\r\\nit's\\r\\n")
        >>> lex = Lexicon.from_file(path)
        >>> lex.name, lex.words, lex.skipped
        ('mine', ('apple', 'zebra'), 1)
        """
        path = Path(path)
        if not isinstance(name, str | None):
            raise LexiconError(f"name must be a string, not {name!r}")
        arrays = _file_arrays(path)
        probabilities = arrays.get("probabilities")
        words = _Packed(arrays)
        sha256, skipped = str(arrays["sha256"]), int(arrays["skipped"])
        return cls(name or _stem(path), words, sha256, str(path), skipped, probabilities)

    def __len__(self) -> int:
        if self._packed is not None:
            return len(self._packed)
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.word_id(word) >= 0

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words, sha256 {self.sha256[:12]}…>"

    def info(self) -> dict[str, object]:
        """The lexicon's identity as every JSON result reports it: name, word count, sha256."""
        return {"name": self.name, "words": len(self), "sha256": self.sha256}

    def word_id(self, word: str) -> int:
        """The position of ``word`` in :attr:`words`, or -1 if it is not in the lexicon.

        Examples
        --------
        >>> lex = Lexicon.from_words(["pear", "apple", "fig"])
        >>> lex.word_id("fig"), lex.word_id("kiwi")
        (1, -1)
        """
        words = self._packed if "words" not in self.__dict__ else self.words
        i = bisect.bisect_left(words, word)
        return i if i < len(words) and words[i] == word else -1

    @cached_property
    def array(self) -> np.ndarray:
        """The words as a numpy unicode array (sorted, so ``np.searchsorted`` finds words)."""
        return np.array(self.words)

    @cached_property
    def index(self) -> LetterIndex:
        """The lexicon's :class:`~letterplay.letters.LetterIndex` (cached on disk by identity)."""
        from letterplay.letters import LetterIndex

        return LetterIndex.for_lexicon(self)

    @cached_property
    def zipfs(self) -> np.ndarray:
        """Zipf frequency of every word, aligned with :attr:`words` (float32, cached on disk)."""
        key = f"{self.sha256}:wordfreq-{_wordfreq_version()}"
        arrays = cache.cached("zipf", key, lambda: {"zipf": _zipf_array(self.words)})
        return arrays["zipf"]

    def zipf(self, word: str) -> float:
        """Commonness of ``word``: wordfreq's Zipf frequency in English (0 when unseen).

        Examples
        --------
        >>> lex = Lexicon.from_words(["the", "zyzzyva"])
        >>> lex.zipf("the") > lex.zipf("zyzzyva")
        True
        """
        i = self.word_id(word)
        if i >= 0:
            return float(self.zipfs[i])
        return zipf_frequency(word)

    def subset(self, mask: np.ndarray, name: str | None = None) -> Lexicon:
        """The lexicon of the words where boolean ``mask`` is true (its own identity).

        Examples
        --------
        >>> lex = Lexicon.from_words(["pear", "apple", "fig"])
        >>> lex.subset(np.array([True, False, True])).words
        ('apple', 'pear')
        """
        keep = np.asarray(mask, dtype=bool)
        words = tuple(np.asarray(self.words, dtype=object)[keep])
        probs = None if self.probabilities is None else self.probabilities[keep]
        name = name or f"{self.name}-subset"
        return Lexicon(name, words, identity(words), self.source, 0, probs)

    def to_text(self) -> str:
        """The plain word list: one word a line, sorted, with a trailing newline.

        Examples
        --------
        >>> Lexicon.from_words(["fig", "Apple"]).to_text()
        'apple\\nfig\\n'
        """
        return "\n".join(self.words) + "\n"


def _strings(name: str, values: Iterable[object]) -> Iterable[str]:
    try:
        items = list(values)
    except TypeError:
        raise LexiconError(f"{name} must be a sequence of words, not {values!r}") from None
    for item in items:
        if not isinstance(item, str):
            raise LexiconError(f"{name} must hold strings, not {type(item).__name__}")
    return items


def _stem(path: Path) -> str:
    """A file's lexicon name: its name without ``.txt`` / ``.gz`` suffixes."""
    name = path.name
    for suffix in (".gz", ".txt"):
        name = name.removesuffix(suffix)
    return name or path.name


def identity(words: Sequence[str]) -> str:
    """The identity hash of normalised words: sha256 of ``"\\n".join(words) + "\\n"``.

    Examples
    --------
    >>> import hashlib
    >>> identity(("a", "b")) == hashlib.sha256(b"a\\nb\\n").hexdigest()
    True
    """
    import hashlib

    return hashlib.sha256(("\n".join(words) + "\n").encode("ascii")).hexdigest()


def normalise(words: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lower-case, keep a–z words, de-duplicate and sort; returns (words, number skipped).

    Examples
    --------
    >>> normalise(["Cat", "dog", "cat", "don't", "", "x1"])
    (('cat', 'dog'), 2)
    """
    kept: list[str] = []
    skipped = 0
    for word in words:
        word = word.strip().lower()
        if WORD.fullmatch(word):
            kept.append(word)
        elif word:
            skipped += 1
    return _sorted_unique(kept), skipped


def _sorted_unique(words: list[str]) -> tuple[str, ...]:
    # Sorting first and de-duplicating after is linear for the usual already-sorted list,
    # where sorted(set(words)) would pay for a full sort of a hash-shuffled order.
    words.sort()
    return tuple(word for word, _ in itertools.groupby(words))


def normalise_text(text: str) -> tuple[tuple[str, ...], int]:
    """The normalised words of a word list's text and the number of entries skipped.

    Examples
    --------
    >>> normalise_text("# fruit\\nZebra apple\\r\\nmango-tree apple\\n")
    (('apple', 'zebra'), 1)
    """
    text = text.lower()
    if "#" not in text and _ONLY_WORDS.fullmatch(text):  # the usual case, checked in one pass
        return _sorted_unique(text.split()), 0
    return normalise(token for line in _content_lines(text) for token in line.split())


def _content_lines(text: str) -> Iterable[str]:
    return (line for line in text.splitlines() if not line.lstrip().startswith("#"))


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


class _Packed:
    """Normalised words packed as one byte array (``word\\n`` after word) plus the offset of
    each word: what the cache stores, memory-mapped, so a process decodes only the words it
    uses."""

    def __init__(self, arrays: Mapping[str, np.ndarray]) -> None:
        self._arrays = arrays

    @property
    def blob(self) -> np.ndarray:
        return self._arrays["blob"]

    @cached_property
    def starts(self) -> np.ndarray:
        return self._arrays["starts"]

    def __len__(self) -> int:
        shape = getattr(self._arrays, "shape", None)
        return (shape("starts")[0] if shape else len(self.starts)) - 1

    def __getitem__(self, i: int) -> str:
        return self.blob[self.starts[i] : self.starts[i + 1] - 1].tobytes().decode("ascii")

    def words(self) -> tuple[str, ...]:
        text = self.blob.tobytes().decode("ascii")
        return tuple(text[:-1].split("\n")) if text else ()


WORDS_FORMAT = 1  # bump when the cached word arrays change meaning


def _file_arrays(path: Path) -> Mapping[str, np.ndarray]:
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


# ----------------------------------------------------------------------------- commonness


def _wordfreq_version() -> str:
    """wordfreq's version, which keys the cached Zipf frequencies.

    Read from the name of its ``.dist-info`` folder beside the package (one directory
    listing): importing importlib.metadata costs more than a whole warm command.
    """
    import importlib.util
    import os

    spec = importlib.util.find_spec("wordfreq")
    if spec is not None and spec.origin:
        with os.scandir(Path(spec.origin).parent.parent) as entries:
            for entry in entries:
                if entry.name.startswith("wordfreq-") and entry.name.endswith(".dist-info"):
                    return entry.name.removeprefix("wordfreq-").removesuffix(".dist-info")
    from importlib.metadata import version

    return version("wordfreq")


def zipf_frequency(word: str) -> float:
    """wordfreq's English Zipf frequency of one word (0 for words it has never seen).

    Examples
    --------
    >>> round(zipf_frequency("the"))
    8
    """
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "en"))


def _zipf_array(words: Sequence[str]) -> np.ndarray:
    """Zipf frequencies of many words from wordfreq's frequency table in one pass.

    Same numbers as ``wordfreq.zipf_frequency`` (log10 of frequency per billion words, rounded to
    two decimals) without its per-call tokenisation, which would dominate for 172k words.
    """
    import wordfreq

    table = wordfreq.get_frequency_dict("en")
    freq = np.fromiter((table.get(w, 0.0) for w in words), dtype=np.float64, count=len(words))
    zipf = np.zeros(len(words), dtype=np.float64)
    seen = freq > 0
    zipf[seen] = np.round(np.log10(freq[seen]) + 9.0, 2)
    return zipf.astype(np.float32)


def zipf_floor_mask(lexicon: Lexicon, min_zipf: float | None) -> np.ndarray:
    """Boolean mask of the words at or above ``min_zipf`` (all words when it is None).

    Examples
    --------
    >>> lex = Lexicon.from_words(["the", "house", "zyzzyva"])
    >>> zipf_floor_mask(lex, 4.0).tolist()
    [True, True, False]
    """
    if min_zipf is None or (isinstance(min_zipf, float) and math.isnan(min_zipf)):
        return np.ones(len(lexicon), dtype=bool)
    return lexicon.zipfs >= np.float32(min_zipf)


# ----------------------------------------------------------------------------- the registry


@dataclass(frozen=True)
class BundledList:
    """A word list shipped inside the package: ``data/FILE``, one entry a line (``word`` or
    ``word<TAB>p``), plain or gzipped. ``sha256``, when given, is its identity, checked by the
    tests (and by ``lexicon info``)."""

    name: str
    file: str
    description: str
    licence: str
    sha256: str | None = None

    @property
    def path(self) -> Path:
        return DATA / self.file


@dataclass(frozen=True)
class DownloadableList:
    """A word list ``lexicon fetch NAME`` can download; ``sha256``, when given, is checked."""

    name: str
    url: str
    description: str
    licence: str
    sha256: str | None = None


ENABLE1_SHA256 = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"

BUNDLED: dict[str, BundledList] = {
    entry.name: entry
    for entry in (
        BundledList(
            "enable1",
            "enable1.txt.gz",
            "ENABLE, 172,820 words: the seeds' list",
            "public domain",
            ENABLE1_SHA256,
        ),
        BundledList(
            "common",
            "common.txt",
            "21,897 words of Zipf 3+ that dictionaries list (wordfreq)",
            "CC BY-SA 4.0",
            "a8625eb493efa7764bef9ac4891d3a60482c88e980046b03177c21b3f9f97d1f",
        ),
        BundledList(
            "nyt-bee",
            "nyt-bee.txt.gz",
            "NY Times Spelling Bee words, with probabilities",
            "derived: scripts/build_nyt.py",
            "3b0e24b653eb00b1d7eb7b1447437f86a87903a64261ee1f8e408d338bf21afa",
        ),
        BundledList(
            "nyt-letterboxed",
            "nyt-letterboxed.txt.gz",
            "NY Times Letter Boxed words, NYT-like ranking",
            "derived: scripts/build_nyt.py",
            "d8c03642eff55edb6bd27e221a067193a172d9803c67f1de8928c36d2dbe19e8",
        ),
    )
}
"""Every bundled list by name: adding a list to letterplay is one entry here plus its file."""

DOWNLOADS: dict[str, DownloadableList] = {
    entry.name: entry
    for entry in (
        DownloadableList(
            "sowpods",
            "https://norvig.com/ngrams/sowpods.txt",
            "SOWPODS (Collins Scrabble Words 2006)",
            "Collins; not shipped",
        ),
    )
}
"""The lists ``lexicon fetch NAME`` downloads (the only network access letterplay makes)."""

DEFAULT = "enable1"


@dataclass(frozen=True)
class CatalogEntry:
    """One row of ``lexicon list``: a name, where it comes from, its file (or None) and what it
    is. ``origin`` is ``bundled``, ``data`` ($LETTERPLAY_DATA), ``installed`` or
    ``downloadable`` (not installed yet)."""

    name: str
    origin: str
    path: Path | None
    description: str
    licence: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "origin": self.origin,
            "installed": self.path is not None,
            "path": str(self.path) if self.path else None,
            "description": self.description,
            "licence": self.licence,
            "default": self.name == DEFAULT,
        }


def installed_dir() -> Path:
    """Where ``lexicon add`` and ``lexicon fetch`` install named lexicons."""
    return user_data_dir() / "lexicons"


def _user_lists() -> list[tuple[str, Path]]:
    """``(name, file)`` of the lists in ``$LETTERPLAY_DATA`` and the user data dir, in that
    order of precedence."""
    env = data_env_dir()
    found = []
    for origin, folder in (("data", env), ("installed", installed_dir())):
        if folder is not None and folder.is_dir():
            found += [(origin, p) for p in sorted(folder.glob("*.txt")) if NAME.fullmatch(p.stem)]
    return found


def find(name: str) -> Path | None:
    """The file of the named lexicon: bundled, then ``$LETTERPLAY_DATA/NAME.txt``, then the user
    data dir; None when there is none.

    Examples
    --------
    >>> find("enable1").name
    'enable1.txt.gz'
    """
    if name in BUNDLED:
        return BUNDLED[name].path
    env = data_env_dir()
    for folder in ([env] if env else []) + [installed_dir()]:
        path = folder / f"{name}.txt"
        if path.is_file():
            return path
    return None


def catalog() -> list[CatalogEntry]:
    """Every lexicon letterplay can name: bundled, in ``$LETTERPLAY_DATA``, installed by the
    user, and downloadable.

    Examples
    --------
    >>> [e.name for e in catalog() if e.origin == "bundled"][:2]
    ['enable1', 'common']
    """
    entries = [
        CatalogEntry(b.name, "bundled", b.path, b.description, b.licence) for b in BUNDLED.values()
    ]
    seen = set(BUNDLED)
    for origin, path in _user_lists():
        if path.stem not in seen:
            seen.add(path.stem)
            known = DOWNLOADS.get(path.stem)
            what = known.description if known else f"word list in {path.parent}"
            entries.append(
                CatalogEntry(path.stem, origin, path, what, known.licence if known else "")
            )
    for d in DOWNLOADS.values():
        if d.name not in seen:
            entries.append(CatalogEntry(d.name, "downloadable", None, d.description, d.licence))
    return entries


_loaded: dict[tuple[str, str | None, float, int], Lexicon] = {}


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.startswith(".") or Path(spec).suffix != ""


def load(spec: str | Path | None = None) -> Lexicon:
    """The lexicon named by ``spec``: a catalog name, a file path, or None for the default
    (:data:`DEFAULT`, the bundled enable1). A bare name that is not in the catalog but is an
    existing file is read as that file.

    Examples
    --------
    >>> load().name, load("common").name
    ('enable1', 'common')
    >>> load(123)
    Traceback (most recent call last):
    ...
    letterplay.errors.LexiconError: spec must be a lexicon name or a file path, not 123
    """
    spec = DEFAULT if spec is None else spec
    if not isinstance(spec, str | Path) or (isinstance(spec, str) and not spec.strip()):
        raise LexiconError(f"spec must be a lexicon name or a file path, not {spec!r}")
    path, name = _resolve(spec)
    try:
        stat = path.stat()
    except OSError:
        raise LexiconError(f"{path}: no such file") from None
    key = (str(path.resolve()), name, stat.st_mtime, stat.st_size)
    if key not in _loaded:
        lexicon = Lexicon.from_file(path, name=name)
        _check_pinned(lexicon, path)
        _loaded[key] = lexicon
    return _loaded[key]


def _resolve(spec: str | Path) -> tuple[Path, str | None]:
    """The file and catalog name (None for a plain file) that ``spec`` names."""
    if isinstance(spec, Path) or _looks_like_path(spec):
        return Path(spec), None
    found = find(spec)
    if found is not None:
        return found, spec
    if Path(spec).is_file():
        return Path(spec), None
    raise LexiconError(_not_found_message(spec))


def _check_pinned(lexicon: Lexicon, path: Path) -> None:
    bundled = BUNDLED.get(lexicon.name)
    if bundled and bundled.sha256 and lexicon.sha256 != bundled.sha256 and path == bundled.path:
        raise LexiconError(
            f"{path}: is not {bundled.name} (identity {lexicon.sha256[:12]}…, expected "
            f"{bundled.sha256[:12]}…); reinstall letterplay"
        )


def _not_found_message(name: str) -> str:
    if name in DOWNLOADS:
        return (
            f"lexicon {name!r} is not installed; run `letterplay lexicon fetch {name}` or "
            f"`letterplay lexicon add {name} FILE`"
        )
    names = ", ".join(e.name for e in catalog())
    return f"unknown lexicon {name!r} (known: {names}); or give a word list file path"


# ----------------------------------------------------------------------------- install, export


class AlreadyInstalledError(LexiconError):
    """A lexicon of that name is installed and replacing it was not asked for."""


def _check_install_name(name: str) -> None:
    if not isinstance(name, str) or not NAME.fullmatch(name) or name in BUNDLED:
        bundled = ", ".join(BUNDLED)
        raise LexiconError(
            f"cannot install a lexicon named {name!r} (use lower-case letters, digits, - or _; "
            f"{bundled} are bundled)"
        )


def _entries_text(lexicon: Lexicon) -> str:
    """The normalised list as installed: ``word`` lines, or ``word<TAB>p`` when it has them."""
    if lexicon.probabilities is None:
        return lexicon.to_text()
    lines = (f"{w}\t{p:.6g}" for w, p in zip(lexicon.words, lexicon.probabilities, strict=True))
    return "\n".join(lines) + "\n"


def install(name: str, source: str | Path, force: bool = False) -> tuple[Lexicon, Path]:
    """Install the word list file ``source`` under ``name`` in the user data dir.

    The installed file holds the normalised list. A downloadable name with a known identity
    must have it. Installing is atomic and exclusive: of several installs of one name at once,
    exactly one wins and the others fail; an existing installation is replaced only with
    ``force``.
    """
    from letterplay.files import OutputExistsError, write_atomic

    _check_install_name(name)
    lexicon = Lexicon.from_file(source, name=name)
    known = DOWNLOADS.get(name)
    if known and known.sha256 and lexicon.sha256 != known.sha256:
        raise LexiconError(
            f"{source}: is not {name}: its identity is {lexicon.sha256[:12]}… "
            f"({len(lexicon)} words), {name} has {known.sha256[:12]}…"
        )
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise AlreadyInstalledError(f"{target}: already installed")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, _entries_text(lexicon), overwrite=force)
    except OutputExistsError:
        raise AlreadyInstalledError(f"{target}: already installed") from None
    except OSError as e:
        raise LexiconError(f"{target}: cannot install ({e.strerror})") from None
    installed = Lexicon(
        name, lexicon.words, lexicon.sha256, str(target), lexicon.skipped, lexicon.probabilities
    )
    return installed, target


def export(lexicon: Lexicon, path: str | Path, overwrite: bool = False) -> Path:
    """Write ``lexicon`` as a plain word list (one word a line) to ``path``, atomically; an
    existing file is replaced only with ``overwrite``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "tiny.txt"
    >>> export(Lexicon.from_words(["fig", "apple"]), target).read_text()
    'apple\\nfig\\n'
    """
    from letterplay.files import check_output, write_atomic

    target = check_output(path, overwrite, suffixes=(".txt", ".lst", ""))
    return write_atomic(target, lexicon.to_text(), overwrite)


def fetch(name: str, force: bool = False) -> tuple[Lexicon, Path]:
    """Download a known lexicon from its canonical URL (pooch), verify it, install it.

    This is the only function in letterplay that uses the network.
    """
    known = DOWNLOADS.get(name)
    if known is None:
        if name in BUNDLED:
            raise LexiconError(f"{name!r} is bundled with letterplay: nothing to download")
        raise LexiconError(f"cannot fetch {name!r}: only {', '.join(DOWNLOADS)} can be downloaded")
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise AlreadyInstalledError(f"{target}: already installed")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        downloaded = _download(known, tmp)
        return install(name, downloaded, force=force)


def _download(known: DownloadableList, folder: str) -> str:
    import logging

    import pooch

    # pooch logs a "Downloading file …" line before it tries: one error line is all we print.
    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        # The raw file's bytes vary (CRLF); its normalised identity is what install() checks.
        return pooch.retrieve(known.url, known_hash=None, path=folder, progressbar=False)
    except Exception as e:  # network errors come in many types; all mean the same here
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise LexiconError(f"cannot download {known.name} from {known.url}: {reason}") from None
    finally:
        logger.setLevel(level)
