"""A disk cache of numpy arrays, keyed by what they were computed from, read by memory-mapping.

An *entry* is one file: a small JSON header (the key it was computed from, a format version, and
each array's dtype, shape, place and CRC-32) followed by the arrays' raw bytes. Reading an entry
maps the file into memory instead of copying it, so a process pays only for the pages it touches,
and each array's checksum is verified the first time that array is used. An entry whose key,
format, layout or checksum does not match, or that cannot be read at all, is treated as absent:
:func:`cached` rebuilds it and rewrites the file. Writes go through a temporary file and an
atomic rename, so concurrent processes on one cache only ever see whole entries; a cache dir
that cannot be written is silently skipped, because a cache is never needed for a result.

Examples
--------
>>> calls = []
>>> def build():
...     calls.append(1)
...     return {"squares": np.arange(5) ** 2}
>>> cached("demo", "key-1", build)["squares"].tolist()
[0, 1, 4, 9, 16]
>>> cached("demo", "key-1", build)["squares"].tolist(), len(calls)
([0, 1, 4, 9, 16], 1)

References
----------
- Memory-mapped files in numpy: https://numpy.org/doc/stable/reference/generated/numpy.memmap.html
- CRC-32 (zlib): https://www.zlib.net/manual.html#Checksum
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import re
import struct
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from letterplay.dirs import cache_dir

__all__ = [
    "FORMAT",
    "SMALL_LIST",
    "CacheInfo",
    "Entry",
    "cached",
    "clear",
    "entry_path",
    "info",
    "load",
    "open_entry",
    "store",
    "worth_caching",
]

FORMAT = 2  # bump when the layout of cache files changes
MAGIC = b"LPCACHE2"
_ALIGN = 64  # every array starts on a 64-byte boundary, so views are aligned
_MAX_HEADER = 1 << 20


SMALL_LIST = 2000
"""Below this many words, a lexicon's arrays are built faster than a cache file is opened and
checked, so they are not cached."""


def worth_caching(lexicon: object) -> bool:
    """Whether the arrays of ``lexicon`` (anything with a length) are worth a cache entry.

    Examples
    --------
    >>> worth_caching(["bee", "hive"]), worth_caching(range(SMALL_LIST))
    (False, True)
    """
    return len(lexicon) >= SMALL_LIST


class CorruptEntryError(Exception):
    """An array of a cache entry does not match its checksum (internal: means rebuild)."""


def entry_path(kind: str, key: str) -> Path:
    """The file of the entry ``kind`` for ``key``: the key is hashed into a short file name.

    Two checksums make the name (hashlib would cost more to import than a warm command's
    lookup is worth); the full key is in the header, so a clash only means a rebuild."""
    safe = re.sub(r"[^a-z0-9_-]", "-", kind.lower())
    data = key.encode()
    return cache_dir() / f"{safe}-{zlib.crc32(data):08x}{zlib.adler32(data):08x}.lpc"


def _crc(buffer: object) -> int:
    return zlib.crc32(buffer) & 0xFFFFFFFF


class Entry(Mapping[str, np.ndarray]):
    """The arrays of one cache entry, memory-mapped (copy on write, so callers may modify their
    arrays without touching the file) and verified against their checksum on first use."""

    def __init__(self, buffer: mmap.mmap, layout: dict[str, dict]) -> None:
        self._buffer = buffer
        self._layout = layout
        self._arrays: dict[str, np.ndarray] = {}

    def __getitem__(self, name: str) -> np.ndarray:
        array = self._arrays.get(name)
        if array is None:
            spec = self._layout[name]
            start, size = spec["offset"], spec["nbytes"]
            if _crc(memoryview(self._buffer)[start : start + size]) != spec["crc32"]:
                raise CorruptEntryError(name)
            dtype = np.dtype(spec["dtype"])
            count = size // dtype.itemsize if dtype.itemsize else 0
            flat = np.frombuffer(self._buffer, dtype=dtype, count=count, offset=start)
            array = self._arrays[name] = flat.reshape(tuple(spec["shape"]))
        return array

    def __iter__(self) -> Iterator[str]:
        return iter(self._layout)

    def __len__(self) -> int:
        return len(self._layout)

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of array ``name``, read from the header (nothing is verified)."""
        return tuple(self._layout[name]["shape"])

    def verify(self) -> bool:
        """Check every array's checksum now; False if one does not match."""
        try:
            for name in self._layout:
                self[name]
        except CorruptEntryError:
            return False
        return True


def _read_layout(f, key: str, size: int) -> dict[str, dict] | None:
    head = f.read(16)
    if len(head) != 16 or head[:8] != MAGIC:
        return None
    (length,) = struct.unpack("<Q", head[8:])
    if length > min(size, _MAX_HEADER):
        return None
    header = json.loads(f.read(length).decode("utf-8"))
    if header.get("format") != FORMAT or header.get("key") != key:
        return None
    layout = header["arrays"]
    for spec in layout.values():
        dtype = np.dtype(spec["dtype"])
        expected = dtype.itemsize * int(np.prod(spec["shape"], dtype=np.int64))
        if dtype.hasobject or spec["nbytes"] != expected or spec["offset"] + expected > size:
            return None
    return layout


def open_entry(kind: str, key: str) -> Entry | None:
    """The entry for ``(kind, key)``, its arrays verified lazily on first use; None when the
    file is absent or its header does not describe ``key`` (stale, foreign or cut short)."""
    try:
        with open(entry_path(kind, key), "rb") as f:
            size = os.fstat(f.fileno()).st_size
            layout = _read_layout(f, key, size)
            if layout is None:
                return None
            buffer = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
    except Exception:  # missing, unreadable, bad JSON, bad dtype …: rebuild, never trust
        return None
    return Entry(buffer, layout)


def load(kind: str, key: str) -> dict[str, np.ndarray] | None:
    """The arrays cached for ``(kind, key)``, all verified now, or None when absent, stale or
    corrupt."""
    entry = open_entry(kind, key)
    if entry is None or not entry.verify():
        return None
    return {name: entry[name] for name in entry}


def _layout_of(arrays: Mapping[str, np.ndarray]) -> tuple[dict[str, dict], list[np.ndarray]]:
    layout, blobs, offset = {}, [], 0
    for name, value in arrays.items():
        a = np.asarray(value, order="C")  # (ascontiguousarray would make 0-d arrays 1-d)
        if a.dtype.hasobject:
            raise TypeError(f"cache entries hold plain arrays, not objects ({name})")
        raw = a.reshape(-1).view(np.uint8) if a.size else np.zeros(0, np.uint8)
        offset = -(-offset // _ALIGN) * _ALIGN
        layout[name] = {
            "dtype": a.dtype.str,
            "shape": list(a.shape),
            "offset": offset,
            "nbytes": int(raw.size),
            "crc32": _crc(raw),
        }
        blobs.append(raw)
        offset += raw.size
    return layout, blobs


def _write(f, key: str, arrays: Mapping[str, np.ndarray]) -> None:
    layout, blobs = _layout_of(arrays)
    start = 0
    while True:  # the header holds the offsets, which depend on the header's length
        shifted = {
            name: {**spec, "offset": spec["offset"] + start} for name, spec in layout.items()
        }
        header = json.dumps({"format": FORMAT, "key": key, "arrays": shifted}).encode("utf-8")
        need = -(-(16 + len(header)) // _ALIGN) * _ALIGN
        if need <= start:
            break
        start = need
    header += b" " * (start - 16 - len(header))
    f.write(MAGIC + struct.pack("<Q", len(header)) + header)
    position = start
    for spec, raw in zip(shifted.values(), blobs, strict=True):
        f.write(b"\0" * (spec["offset"] - position))
        f.write(raw.data)
        position = spec["offset"] + raw.size


def store(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically; returns its path, or None if the cache dir is not writable."""
    import tempfile  # only writers pay for it

    path = entry_path(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                _write(f, key, arrays)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except OSError:
        return None
    return path


class _Rebuilding(Mapping[str, np.ndarray]):
    """A lazily verified entry that rebuilds (and rewrites) itself if an array is corrupt."""

    def __init__(self, kind: str, key: str, entry: Entry, build: Callable) -> None:
        self._kind, self._key, self._entry, self._build = kind, key, entry, build
        self._rebuilt: dict[str, np.ndarray] | None = None

    def __getitem__(self, name: str) -> np.ndarray:
        if self._rebuilt is None:
            try:
                return self._entry[name]
            except CorruptEntryError:
                self._rebuilt = dict(self._build())
                store(self._kind, self._key, self._rebuilt)
        return self._rebuilt[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entry)

    def __len__(self) -> int:
        return len(self._entry)

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of array ``name`` (from the header; nothing is verified or read)."""
        return self._entry.shape(name)


def cached(
    kind: str, key: str, build: Callable[[], Mapping[str, np.ndarray]]
) -> Mapping[str, np.ndarray]:
    """The arrays for ``(kind, key)`` from the cache, or built by ``build()`` and stored.

    Arrays come memory-mapped and are verified when first used; one that turns out corrupt is
    rebuilt with ``build()`` (the whole entry is rewritten), so callers always get good arrays.
    """
    entry = open_entry(kind, key)
    if entry is not None:
        return _Rebuilding(kind, key, entry, build)
    arrays = dict(build())
    store(kind, key, arrays)
    return arrays


# ----------------------------------------------------------------------------- the whole cache

SUFFIXES = (".lpc", ".tmp")
"""The files of the cache: entries, and the temporary files of writes under way."""


@dataclass(frozen=True)
class CacheInfo:
    """The cache folder, how many entries it holds and how many bytes they take."""

    folder: Path
    entries: int
    bytes: int

    def to_dict(self) -> dict[str, object]:
        return {"folder": str(self.folder), "entries": self.entries, "bytes": self.bytes}


def _files(folder: Path) -> list[Path]:
    """The cache's own files in ``folder`` (nothing else there is ever touched)."""
    try:
        candidates = list(folder.iterdir())
    except OSError:  # no cache yet, or not readable: nothing of ours to count or remove
        return []
    return [p for p in candidates if p.suffix in SUFFIXES and p.is_file() and not p.is_symlink()]


def info() -> CacheInfo:
    """The cache folder and the number and total size of its entries.

    Examples
    --------
    >>> _ = cached("demo", "key-info", lambda: {"a": np.arange(3)})
    >>> details = info()
    >>> details.folder == cache_dir(), details.entries >= 1, details.bytes > 0
    (True, True, True)
    """
    folder = cache_dir()
    sizes = []
    for path in _files(folder):
        with contextlib.suppress(OSError):  # removed meanwhile by another process
            sizes.append(path.stat().st_size)
    return CacheInfo(folder, len(sizes), sum(sizes))


def clear() -> CacheInfo:
    """Remove every entry of the cache (only the cache's own files); returns what was removed.

    Safe while other processes use the cache: an entry already mapped stays readable to them
    (removing a file keeps its pages alive), and one removed before they open it is rebuilt.

    Examples
    --------
    >>> _ = cached("demo", "key-clear", lambda: {"a": np.arange(3)})
    >>> clear().entries >= 1, info().entries
    (True, 0)
    """
    folder = cache_dir()
    removed, total = 0, 0
    for path in _files(folder):
        try:
            size = path.stat().st_size
            path.unlink()
        except OSError:  # gone already, or not ours to remove
            continue
        removed, total = removed + 1, total + size
    return CacheInfo(folder, removed, total)
