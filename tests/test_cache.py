"""The disk cache never trusts a stale, corrupt or foreign entry, and survives concurrency."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from letterplay import cache


def arrays() -> dict[str, np.ndarray]:
    return {
        "a": np.arange(1000, dtype=np.int64),
        "b": np.array([b"xy", b"z"]),
        "c": np.zeros((0, 3), dtype=np.uint8),
        "d": np.array(7.5, dtype=np.float32),
    }


def test_round_trip_and_build_only_once():
    calls = []

    def build():
        calls.append(1)
        return arrays()

    first = cache.cached("unit", "key-1", build)
    second = cache.cached("unit", "key-1", build)
    assert len(calls) == 1
    for name, value in arrays().items():
        assert second[name].dtype == value.dtype and second[name].shape == value.shape
        assert np.array_equal(first[name], second[name]) and np.array_equal(second[name], value)
    assert set(second) == set(arrays())


def test_cached_arrays_are_memory_mapped_and_private():
    cache.store("unit", "key-mm", arrays())
    entry = cache.cached("unit", "key-mm", arrays)
    a = entry["a"]
    assert not a.flags.owndata and a.ctypes.data % 64 == 0
    a[0] = 99  # copy on write: the caller's change never reaches the file
    assert cache.load("unit", "key-mm")["a"][0] == 0


def test_truncated_and_garbage_files_are_absent():
    cache.store("unit", "key-2", arrays())
    path = cache.entry_path("unit", "key-2")
    whole = path.read_bytes()
    for cut in (0, 10, 100, len(whole) // 2, len(whole) - 1):
        path.write_bytes(whole[:cut])
        assert cache.load("unit", "key-2") is None, cut
    path.write_bytes(b"not a cache file at all")
    assert cache.load("unit", "key-2") is None


@pytest.mark.parametrize("where", [0.3, 0.5, 0.9, -1])
def test_a_flipped_byte_anywhere_is_caught_and_cached_rebuilds(where):
    cache.store("unit", "key-3", arrays())
    path = cache.entry_path("unit", "key-3")
    data = bytearray(path.read_bytes())
    data[int(len(data) * where) if where > 0 else -1] ^= 0x5A
    path.write_bytes(bytes(data))
    assert cache.load("unit", "key-3") is None
    rebuilt = cache.cached("unit", "key-3", arrays)
    assert all(np.array_equal(rebuilt[k], v) for k, v in arrays().items())
    assert cache.load("unit", "key-3") is not None  # and the entry was rewritten


def test_entry_for_another_key_is_stale():
    cache.store("unit", "key-4", arrays())
    other = cache.entry_path("unit", "key-5")
    other.write_bytes(cache.entry_path("unit", "key-4").read_bytes())
    assert cache.load("unit", "key-5") is None


def test_swapped_arrays_are_caught():
    cache.store("unit", "key-6", {"a": np.arange(64, dtype=np.uint8), "b": np.ones(64, np.uint8)})
    path = cache.entry_path("unit", "key-6")
    data = path.read_bytes()
    a_at, b_at = data.index(bytes(range(64))), data.index(b"\1" * 64)
    swapped = bytearray(data)
    swapped[a_at : a_at + 64], swapped[b_at : b_at + 64] = (
        data[b_at : b_at + 64],
        data[a_at : a_at + 64],
    )
    path.write_bytes(bytes(swapped))
    assert cache.load("unit", "key-6") is None


def test_unwritable_cache_dir_is_skipped(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("LETTERPLAY_CACHE", str(blocker / "sub"))
    assert cache.store("unit", "key-7", {"a": np.arange(3)}) is None
    assert cache.cached("unit", "key-7", lambda: {"a": np.arange(3)})["a"].tolist() == [0, 1, 2]


def test_object_arrays_are_refused():
    with pytest.raises(TypeError):
        cache.store("unit", "key-8", {"a": np.array([1, "x"], dtype=object)})


WORKER = """
import sys
from letterplay.lexicon import load
lex = load(sys.argv[1])
index = lex.index
print(lex.sha256, len(lex), int(index.masks.sum()), int(index.term_ids.sum()), lex.words[-1])
"""


def test_concurrent_processes_on_one_empty_cache_agree_and_leave_it_valid(tmp_path):
    """Several processes fill one empty cache at once: every one gets the same answer, and the
    entries they leave are whole (a later process reads them without rebuilding)."""
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, "enable1"], env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    outputs = {p.communicate(timeout=300)[0] for p in procs}
    assert all(p.returncode == 0 for p in procs)
    assert len(outputs) == 1 and outputs.pop().startswith(
        "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49 172820"
    )
    entries = list((tmp_path / "cache").glob("*.lpc"))
    assert {p.name.split("-")[0] for p in entries} >= {"words", "letterindex"}
    assert not list((tmp_path / "cache").glob("*.tmp"))
    assert all(cache_entry_ok(path) for path in entries)


def cache_entry_ok(path) -> bool:
    """An entry file is whole: its header parses and every array matches its checksum."""
    import json
    import struct
    import zlib

    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[8:16])
    header = json.loads(data[16 : 16 + length])
    return all(
        zlib.crc32(data[s["offset"] : s["offset"] + s["nbytes"]]) == s["crc32"]
        for s in header["arrays"].values()
    )
