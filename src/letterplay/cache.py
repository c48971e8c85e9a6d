"""A disk cache of numpy arrays, keyed by what they were computed from, read by memory-mapping.

An *entry* is one file: a small JSON header (the key it was computed from, a format version, and
each array's dtype, shape, place and CRC-32) followed by the arrays' raw bytes. Reading an entry
maps the file into memory instead of copying it, so a process pays only for the pages it touches,
and each array's checksum is verified the first time that array is used. An entry whose key,
format, layout or checksum does not match, that is not a regular file (a pipe, a device, a
folder, a link to one of those: never opened in a way that could block), or that cannot be read
at all, is treated as absent: :func:`cached` rebuilds it and rewrites the file. Writes go through
a temporary file and an atomic rename, so concurrent processes on one cache only ever see whole
entries; a cache dir that cannot be written is silently skipped, because a cache is never needed
for a result.

The cache is bounded: after each write, the entries least recently used (each read of an entry
touches its modification time) are removed until the whole fits in :func:`max_bytes` (about
1 GB unless ``$LETTERPLAY_CACHE_MAX_BYTES`` or :func:`set_max_bytes` says otherwise). Removing
an entry is safe for a process reading it (its mapped pages stay alive), and a temporary file
is never removed while it may still be written.

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
import stat
import struct
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from letterplay.dirs import cache_dir
from letterplay.errors import InputError, named

__all__ = [
    "DEFAULT_MAX_BYTES",
    "FORMAT",
    "MAX_BYTES_VARIABLE",
    "SMALL_LIST",
    "CacheInfo",
    "Entry",
    "cached",
    "clear",
    "entry_path",
    "info",
    "load",
    "max_bytes",
    "open_entry",
    "set_max_bytes",
    "store",
    "store_parts",
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

    Not for a small list, nor for an *ephemeral* lexicon (one made for a single request, such
    as the words of a list above a Zipf floor): there are as many of those as requests, so their
    arrays stay in memory, with the lexicon, and are never written to disk.

    Examples
    --------
    >>> worth_caching(["bee", "hive"]), worth_caching(range(SMALL_LIST))
    (False, True)
    """
    return len(lexicon) >= SMALL_LIST and not getattr(lexicon, "ephemeral", False)


DEFAULT_MAX_BYTES = 2**30
"""The cache's size cap when nothing else sets one: 1 GiB."""

MAX_BYTES_VARIABLE = "LETTERPLAY_CACHE_MAX_BYTES"
"""The environment variable that sets the cap, in bytes (0: nothing is cached on disk)."""

_max_bytes: int | None = None  # set by set_max_bytes; None: the variable's, or the default


def _whole_bytes(value: object, name: str) -> int:
    if isinstance(value, str) and name == MAX_BYTES_VARIABLE:  # the environment holds text
        text = value.strip()
        value = int(text) if text.isascii() and text.isdigit() else value
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
        raise InputError(
            f"{named(name)} must be a whole number of bytes, 0 or more, not {shown}",
            parameter=name,
        )
    return int(value)


def max_bytes() -> int:
    """The cache's size cap in bytes: :func:`set_max_bytes`'s, else ``$LETTERPLAY_CACHE_MAX_BYTES``,
    else :data:`DEFAULT_MAX_BYTES`.

    Returns
    -------
    int
        The largest total size of the cache's entries, in bytes (0: nothing is written).

    Raises
    ------
    InputError
        When ``$LETTERPLAY_CACHE_MAX_BYTES`` is not a whole number of bytes.

    Examples
    --------
    >>> max_bytes() == DEFAULT_MAX_BYTES
    True
    """
    if _max_bytes is not None:
        return _max_bytes
    value = os.environ.get(MAX_BYTES_VARIABLE)
    if value is None or not value.strip():
        return DEFAULT_MAX_BYTES
    return _whole_bytes(value, MAX_BYTES_VARIABLE)


def set_max_bytes(limit: int | None) -> None:
    """Cap the cache at ``limit`` bytes for this process (None: back to the environment's cap).

    The cap is enforced when an entry is written: least recently used entries go first.

    Parameters
    ----------
    limit : int or None
        The largest total size of the cache's entries, in bytes; 0 writes nothing to disk.

    Examples
    --------
    >>> set_max_bytes(500 * 2**20)
    >>> max_bytes()
    524288000
    >>> set_max_bytes(None)
    >>> max_bytes() == DEFAULT_MAX_BYTES
    True
    >>> set_max_bytes(-1)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `limit` must be a whole number of bytes, 0 or more, not -1
    """
    global _max_bytes
    _max_bytes = None if limit is None else _whole_bytes(limit, "limit")


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


_NONBLOCK = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _open_regular(path: Path):
    """``path`` opened for reading if it is a regular file (links followed), else None.

    A pipe, a device or a folder is never read: the checks come before the open (opening a
    pipe waits for a writer, opening some devices does something), and the open itself does
    not block, in case the file was swapped for a pipe between the check and the open."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    fd = os.open(path, _NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return os.fdopen(fd, "rb")


def open_entry(kind: str, key: str) -> Entry | None:
    """The entry for ``(kind, key)``, its arrays verified lazily on first use; None when the
    file is absent, not a regular file, or its header does not describe ``key`` (stale,
    foreign or cut short). Opening an entry marks it used (its modification time), so the
    cache's cap removes it last."""
    try:
        path = entry_path(kind, key)
        f = _open_regular(path)
        if f is None:
            return None
        with f:
            size = os.fstat(f.fileno()).st_size
            layout = _read_layout(f, key, size)
            if layout is None:
                return None
            buffer = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
            with contextlib.suppress(OSError):  # a read-only cache is still read
                os.utime(f.fileno() if os.utime in os.supports_fd else path)
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


def _head(key: str, layout: Mapping[str, dict], start: int = 0) -> tuple[bytes, dict]:
    """An entry's head (magic, length, JSON header padded to an aligned end, at least ``start``
    bytes) and the layout with its offsets counted from the file's start."""
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
    return MAGIC + struct.pack("<Q", len(header)) + header, shifted


def _write(f, key: str, arrays: Mapping[str, np.ndarray]) -> None:
    layout, blobs = _layout_of(arrays)
    head, shifted = _head(key, layout)
    f.write(head)
    position = len(head)
    for spec, raw in zip(shifted.values(), blobs, strict=True):
        f.write(b"\0" * (spec["offset"] - position))
        f.write(raw.data)
        position = spec["offset"] + raw.size


def store(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically, then remove the least recently used entries until the cache
    fits in :func:`max_bytes`; returns the entry's path, or None if it was not written (the
    cache dir is not writable, something other than a file is in the entry's place, or the
    entry alone is larger than the cap)."""
    import tempfile  # only writers pay for it

    cap = max_bytes()
    path = entry_path(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                _write(f, key, arrays)
                size = f.tell()
            if size > cap:
                return None
            _clear_the_way(path)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except OSError:
        return None
    _evict(path.parent, cap, keep=path)
    return path


def store_parts(
    kind: str, key: str, specs: Mapping[str, tuple[object, tuple]], fill: Callable
) -> Path | None:
    """:func:`store` for arrays too big to hold in memory at once: ``specs`` gives each array's
    dtype and largest shape, and ``fill(put)`` calls ``put(name, rows)`` to append rows to an
    array (each array's rows in order, the arrays in any order), written straight to the file;
    the header gives each array the rows it reached. None if the entry was not written (then
    ``fill`` was not called if the entry could not be begun, or could outgrow the cap)."""
    import tempfile

    layout, room, offset = {}, {}, 0
    for name, (dtype, shape) in specs.items():
        offset, row = -(-offset // _ALIGN) * _ALIGN, np.dtype(dtype).itemsize
        row *= int(np.prod(shape[1:], dtype=np.int64))
        layout[name] = {"dtype": np.dtype(dtype).str, "shape": list(shape), "offset": offset}
        layout[name].update(nbytes=row * shape[0], crc32=0xFFFFFFFF)
        room[name], offset = (max(row, 1), row * shape[0]), offset + row * shape[0]
    start, cap, path = len(_head(key, layout)[0]), max_bytes(), entry_path(kind, key)
    if start + offset > cap:  # (the header's room: every figure above is at its widest)
        return None
    for spec in layout.values():
        spec.update(nbytes=0, crc32=0)

    def put(name: str, rows: np.ndarray) -> None:
        spec, (row, most) = layout[name], room[name]
        raw = np.ascontiguousarray(rows, dtype=spec["dtype"]).reshape(-1).view(np.uint8)
        if raw.size % row or spec["nbytes"] + raw.size > most:
            raise ValueError(f"{raw.size} bytes do not fit in the rows left to {name}")
        data, at = memoryview(raw), start + spec["offset"] + spec["nbytes"]
        while data:
            done = os.pwrite(fd, data, at)
            data, at = data[done:], at + done
        spec.update(crc32=zlib.crc32(raw, spec["crc32"]), nbytes=spec["nbytes"] + raw.size)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "r+b") as f:
                fill(put)
                for name, spec in layout.items():
                    spec["shape"][0] = spec["nbytes"] // room[name][0]
                head, shifted = _head(key, layout, start)
                f.write(head)
                f.truncate(max([start, *(s["offset"] + s["nbytes"] for s in shifted.values())]))
            _clear_the_way(path)  # (an array left short at the end still lies in the file)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except OSError:
        return None
    _evict(path.parent, cap, keep=path)
    return path


def _clear_the_way(path: Path) -> None:
    """Remove an empty folder where the entry ``path`` goes (a rename cannot replace one); a
    pipe, device or link there is replaced by the rename itself, and a folder with anything in
    it is not ours to remove (the write then fails and the result is simply not cached)."""
    with contextlib.suppress(OSError):
        if stat.S_ISDIR(os.lstat(path).st_mode):
            os.rmdir(path)


STALE_SECONDS = 3600
"""A temporary file untouched this long belongs to a write that died (a killed process): it is
removed when the cache is trimmed. A live write touches its file far more often."""


def _evict(folder: Path, cap: int, keep: Path) -> None:
    """Remove entries, least recently used first, until those left fit in ``cap`` bytes; never
    ``keep`` (the entry just written) nor a temporary file that may still be written."""
    files, stale = [], time.time() - STALE_SECONDS
    for path, status in _files(folder):
        if path.suffix == ".tmp":
            if status.st_mtime < stale:
                with contextlib.suppress(OSError):
                    path.unlink()
        else:
            files.append((status.st_mtime_ns, path.name, path, status.st_size))
    total = sum(size for *_, size in files)
    for _, _, path, size in sorted(files):
        if total <= cap:
            break
        if path == keep:
            continue
        with contextlib.suppress(FileNotFoundError):  # removed meanwhile by another process
            path.unlink()
        total -= size


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
    """The cache folder, how many entries it holds, how many bytes they take, and the cap on
    those bytes."""

    folder: Path
    entries: int
    bytes: int
    max_bytes: int

    def to_dict(self) -> dict[str, object]:
        return {
            "folder": str(self.folder),
            "entries": self.entries,
            "bytes": self.bytes,
            "max_bytes": self.max_bytes,
        }


def _files(folder: Path) -> list[tuple[Path, os.stat_result]]:
    """The cache's own files in ``folder`` with their status (not following links): regular
    files named as entries or temporary files; nothing else there is ever touched."""
    try:
        candidates = [p for p in folder.iterdir() if p.suffix in SUFFIXES]
    except OSError:  # no cache yet, or not readable: nothing of ours to count or remove
        return []
    files = []
    for path in candidates:
        with contextlib.suppress(OSError):  # removed meanwhile by another process
            status = os.lstat(path)
            if stat.S_ISREG(status.st_mode):
                files.append((path, status))
    return files


def info() -> CacheInfo:
    """The cache folder and the number and total size of its entries.

    Examples
    --------
    >>> _ = cached("demo", "key-info", lambda: {"a": np.arange(3)})
    >>> details = info()
    >>> details.folder == cache_dir(), details.entries >= 1, details.bytes > 0
    (True, True, True)
    >>> details.max_bytes == max_bytes()
    True
    """
    folder = cache_dir()
    sizes = [status.st_size for _, status in _files(folder)]
    return CacheInfo(folder, len(sizes), sum(sizes), max_bytes())


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
    for path, status in _files(folder):
        try:
            path.unlink()
        except OSError:  # gone already, or not ours to remove
            continue
        removed, total = removed + 1, total + status.st_size
    return CacheInfo(folder, removed, total, max_bytes())
