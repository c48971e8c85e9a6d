"""The disk cache never trusts a stale, corrupt or foreign entry."""

from __future__ import annotations

import numpy as np

from letterplay import cache


def test_round_trip_and_build_only_once():
    calls = []

    def build():
        calls.append(1)
        return {"a": np.arange(5), "b": np.array([b"xy", b"z"])}

    first = cache.cached("unit", "key-1", build)
    second = cache.cached("unit", "key-1", build)
    assert len(calls) == 1
    assert np.array_equal(first["a"], second["a"]) and second["b"].tolist() == [b"xy", b"z"]


def test_truncated_and_garbage_files_are_absent():
    cache.store("unit", "key-2", {"a": np.arange(1000)})
    path = cache.entry_path("unit", "key-2")
    path.write_bytes(path.read_bytes()[:100])
    assert cache.load("unit", "key-2") is None
    path.write_bytes(b"not a zip file at all")
    assert cache.load("unit", "key-2") is None


def test_entry_for_another_key_or_with_tampered_arrays_is_stale(monkeypatch):
    cache.store("unit", "key-3", {"a": np.arange(10)})
    path = cache.entry_path("unit", "key-3")
    # an entry copied under another key's file name must not be taken for it
    other = cache.entry_path("unit", "key-4")
    other.write_bytes(path.read_bytes())
    assert cache.load("unit", "key-4") is None
    # arrays changed after the digest was taken
    with np.load(path) as npz:
        arrays = {k: npz[k] for k in npz.files}
    arrays["a"] = arrays["a"] + 1
    np.savez(path, **arrays)
    assert cache.load("unit", "key-3") is None


def test_unwritable_cache_dir_is_skipped(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("LETTERPLAY_CACHE", str(blocker / "sub"))
    assert cache.store("unit", "key-5", {"a": np.arange(3)}) is None
    assert cache.cached("unit", "key-5", lambda: {"a": np.arange(3)})["a"].tolist() == [0, 1, 2]
