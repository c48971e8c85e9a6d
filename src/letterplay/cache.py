"""A disk cache of numpy arrays, keyed by what they were computed from.

An entry is one ``.npz`` file holding the arrays, the key they were computed from (usually a
lexicon's identity hash plus parameters) and a digest of their bytes. A file whose key, format
version or digest does not match, or that cannot be read at all, is treated as absent: the caller
rebuilds and the entry is rewritten. Writes go through a temporary file and an atomic rename, and a
cache dir that cannot be written is silently skipped, because a cache is never needed for a result.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from letterplay.dirs import cache_dir

FORMAT = 1  # bump when the layout of cache files changes
_META = ("__key__", "__digest__", "__format__")


def _digest(arrays: Mapping[str, np.ndarray]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        h.update(a.view(np.uint8).reshape(-1) if a.size else b"")
    return h.hexdigest()


def entry_path(kind: str, key: str) -> Path:
    """The file of the entry ``kind`` for ``key`` (the key is hashed into a short file name)."""
    safe = re.sub(r"[^a-z0-9_-]", "-", kind.lower())
    short = hashlib.sha256(key.encode()).hexdigest()[:20]
    return cache_dir() / f"{safe}-{short}.npz"


def load(kind: str, key: str) -> dict[str, np.ndarray] | None:
    """The arrays cached for ``(kind, key)``, or None when absent, stale or corrupt."""
    path = entry_path(kind, key)
    try:
        with np.load(path, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
    except Exception:  # missing, truncated, not a zip, bad CRC …: rebuild, never trust
        return None
    meta = {name: arrays.pop(name, None) for name in _META}
    if any(v is None for v in meta.values()):
        return None
    if str(meta["__key__"]) != key or int(meta["__format__"]) != FORMAT:
        return None
    if str(meta["__digest__"]) != _digest(arrays):
        return None
    return arrays


def store(kind: str, key: str, arrays: Mapping[str, np.ndarray]) -> Path | None:
    """Write an entry atomically; returns its path, or None if the cache dir is not writable."""
    path = entry_path(kind, key)
    payload = dict(arrays)
    payload["__key__"] = np.array(key)
    payload["__digest__"] = np.array(_digest(arrays))
    payload["__format__"] = np.array(FORMAT)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, **payload)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return None
    return path


def cached(
    kind: str, key: str, build: Callable[[], Mapping[str, np.ndarray]]
) -> dict[str, np.ndarray]:
    """The arrays for ``(kind, key)`` from the cache, or built by ``build()`` and stored."""
    arrays = load(kind, key)
    if arrays is None:
        arrays = dict(build())
        store(kind, key, arrays)
    return arrays
