"""The disk cache never trusts a stale, corrupt or foreign entry, never blocks on what is not a
file, stays under its size cap, holds nothing made for a single request, and survives
concurrency."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest

from letterplay import cache
from letterplay.errors import InputError


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


# ----------------------------------------------------------------------------- the size cap


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache of its own, and the cap back to the environment's afterwards."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("LETTERPLAY_CACHE", str(folder))
    monkeypatch.delenv(cache.MAX_BYTES_VARIABLE, raising=False)
    yield folder
    cache.set_max_bytes(None)


def entry_of(n: int) -> dict[str, np.ndarray]:
    return {"a": np.full(10_000, n, dtype=np.int64)}  # 80,000 bytes of data


def entry_names(folder) -> set[str]:
    return {p.name for p in folder.glob("*.lpc")}


def test_the_cap_removes_least_recently_used_entries_first(own_cache):
    paths = {key: cache.store("unit", key, entry_of(i)) for i, key in enumerate("abcd")}
    size = paths["a"].stat().st_size
    assert all(p.stat().st_size == size for p in paths.values())
    now = time.time()
    for age, key in zip((400, 300, 200, 100), "abcd", strict=True):  # a the oldest written
        os.utime(paths[key], (now - age, now - age))
    assert cache.load("unit", "a")["a"][0] == 0  # reading a makes it the most recently used
    cache.set_max_bytes(3 * size + size // 2)  # room for three entries: b and c go
    cache.store("unit", "e", entry_of(4))
    assert entry_names(own_cache) == {paths[k].name for k in "ad"} | {
        cache.entry_path("unit", "e").name
    }
    assert cache.info().bytes <= cache.max_bytes()
    cache.set_max_bytes(size + size // 2)  # room for one: only the entry just written stays
    cache.store("unit", "f", entry_of(5))
    assert entry_names(own_cache) == {cache.entry_path("unit", "f").name}
    assert cache.info().bytes <= cache.max_bytes()
    assert cache.cached("unit", "a", lambda: entry_of(0))["a"][0] == 0  # rebuilt when needed


def test_the_cap_comes_from_the_environment_and_is_checked(own_cache, monkeypatch):
    assert cache.max_bytes() == cache.DEFAULT_MAX_BYTES == 2**30
    monkeypatch.setenv(cache.MAX_BYTES_VARIABLE, "200000")
    assert cache.max_bytes() == 200_000
    for key in "abcdef":
        cache.store("unit", key, entry_of(0))
    assert cache.info().entries == 2 and 160_000 < cache.info().bytes <= 200_000
    monkeypatch.setenv(cache.MAX_BYTES_VARIABLE, "0")  # nothing is written at all
    assert cache.store("unit", "g", entry_of(0)) is None
    assert cache.cached("unit", "g", lambda: entry_of(7))["a"][0] == 7
    for bad in ("lots", "-5", "1.5e9"):
        monkeypatch.setenv(cache.MAX_BYTES_VARIABLE, bad)
        with pytest.raises(InputError, match=cache.MAX_BYTES_VARIABLE) as caught:
            cache.max_bytes()
        assert caught.value.parameter == cache.MAX_BYTES_VARIABLE
    for bad in (-1, 2.5, True, "10"):
        with pytest.raises(InputError, match="`limit`"):
            cache.set_max_bytes(bad)


def test_an_entry_larger_than_the_cap_is_not_written_and_evicts_nothing(own_cache):
    small = cache.store("unit", "small", entry_of(0))
    cache.set_max_bytes(small.stat().st_size + 1000)
    assert cache.store("unit", "big", {"a": np.zeros(100_000)}) is None
    assert entry_names(own_cache) == {small.name} and not list(own_cache.glob("*.tmp"))


def test_an_entry_written_in_parts_reads_back_whole_and_verified(own_cache):
    a = np.arange(10, dtype=np.int32).reshape(5, 2)
    b = np.array([b"x", b"yz", b"w"], dtype="S2")
    specs = {"a": (np.int32, (5, 2)), "b": ("S2", (6,))}  # b gets only 3 of its 6 rows

    def fill(put):
        put("b", b[:2])
        put("a", a[:3])
        put("a", a[3:])
        put("b", b[2:])
        with pytest.raises(ValueError, match="rows left to a"):
            put("a", a[:1])

    path = cache.store_parts("unit", "parts", specs, fill)
    loaded = cache.load("unit", "parts")  # every checksum verified
    assert loaded["a"].tolist() == a.tolist() and loaded["b"].tolist() == b.tolist()
    assert loaded["b"].dtype == b.dtype and loaded["a"].dtype == a.dtype
    whole = cache.store("unit", "whole", {"a": a, "b": b})
    assert path.stat().st_size == whole.stat().st_size  # b's unfilled rows take no room
    cache.set_max_bytes(path.stat().st_size - 1)  # could outgrow the cap: nothing is begun
    assert cache.store_parts("unit", "again", specs, lambda put: pytest.fail("filled")) is None
    assert not list(own_cache.glob("*.tmp")) and cache.load("unit", "again") is None


def test_a_write_under_way_is_never_removed_but_a_dead_one_is(own_cache):
    cache.store("unit", "a", entry_of(0))
    live, dead = own_cache / ".unit-live.tmp", own_cache / ".unit-dead.tmp"
    for path in (live, dead):
        path.write_bytes(b"\0" * 100_000)
    old = time.time() - cache.STALE_SECONDS - 60
    os.utime(dead, (old, old))
    b = cache.store("unit", "b", {"a": np.zeros(0)})
    cache.set_max_bytes(b.stat().st_size)  # even so tight a cap leaves a live write alone
    cache.store("unit", "b", {"a": np.zeros(0)})
    assert live.exists() and not dead.exists()
    assert entry_names(own_cache) == {b.name}


def test_cache_info_reports_the_cap(cli, own_cache, monkeypatch):
    monkeypatch.setenv(cache.MAX_BYTES_VARIABLE, "500000000")
    result = cli("cache", "info", "--json")
    assert json.loads(result.stdout) == {
        "folder": str(own_cache),
        "entries": 0,
        "bytes": 0,
        "max_bytes": 500_000_000,
    }
    assert cli("cache", "info").stdout.strip().endswith("0 bytes (at most 476.8 MB)")
    assert cache.info().max_bytes == 500_000_000


def test_a_hundred_zipf_floors_write_nothing_to_disk():
    """Each Zipf floor is a lexicon of its own; one per request must not reach the disk (it
    did: about 3 MB a request), and only a few are kept in memory."""
    pytest.importorskip("starlette")
    from letterplay.anigrams._words import _common_words
    from letterplay.web.api import answer

    def chain(min_zipf: str) -> dict:
        return answer("anigrams/chain", [("word", "ride"), ("min-zipf", min_zipf)])

    first = chain("3")  # the whole list's own entries (words, Zipf, indexes) are written once
    before = {p.name: p.stat().st_size for p in cache.cache_dir().glob("*.lpc")}
    answers = [chain(f"{3 + i * 0.007:.3f}") for i in range(100)]
    after = {p.name: p.stat().st_size for p in cache.cache_dir().glob("*.lpc")}
    assert after == before
    assert answers[0] == first and first["lexicon"]["name"] == "enable1-zipf3"
    assert len({a["lexicon"]["sha256"] for a in answers}) > 50  # as many lists, nearly
    assert _common_words.cache_info().currsize <= 4


def test_a_zipf_floor_stays_ephemeral_through_pickling_and_further_lists():
    import pickle

    from letterplay.anigrams._words import game_lexicon
    from letterplay.lexicon import load

    floor = game_lexicon(load("enable1"), 4.2, one_letter=True)
    assert floor.ephemeral and not cache.worth_caching(floor) and len(floor) > cache.SMALL_LIST
    assert pickle.loads(pickle.dumps(floor)).ephemeral
    assert not load("enable1").ephemeral and cache.worth_caching(load("enable1"))
    assert np.array_equal(floor.zipfs[:50], [floor.zipf(w) for w in floor.words[:50]])


# ----------------------------------------------------------------------------- only files

BLOCKERS = ["fifo", "link-to-fifo", "empty-folder", "full-folder", "link-to-dev-null"]


def put_in_place(path, what: str, elsewhere) -> None:
    """Put ``what`` where the cache entry ``path`` was."""
    path.unlink()
    if what == "fifo":
        os.mkfifo(path)
    elif what == "link-to-fifo":
        os.mkfifo(elsewhere)
        path.symlink_to(elsewhere)
    elif what.endswith("folder"):
        path.mkdir()
        if what == "full-folder":
            (path / "keep.txt").write_text("not ours")
    else:
        path.symlink_to(os.devnull)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("what", BLOCKERS)
def test_what_is_not_a_file_is_a_bad_entry_and_never_blocks(tmp_path, what):
    """A pipe (opening it waits for a writer: it hung every run), a folder or a device in place
    of the entries: a run still finishes with the right answer, and each entry that can be is
    rewritten as a file. Each run has a time limit, so a regression fails instead of hanging."""
    env = {**os.environ, "LETTERPLAY_CACHE": str(tmp_path / "cache")}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", WORKER, "enable1"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    expected = run()
    entries = sorted((tmp_path / "cache").glob("*.lpc"))
    assert {p.name.split("-")[0] for p in entries} >= {"words", "letterindex"}
    for i, path in enumerate(entries):
        put_in_place(path, what, tmp_path / f"pipe-{i}")
    assert run() == expected
    if what == "full-folder":  # not ours to remove: the run goes on without caching
        assert all(p.is_dir() and (p / "keep.txt").exists() for p in entries)
    else:
        assert all(p.is_file() and not p.is_symlink() and cache_entry_ok(p) for p in entries)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_cap_info_and_clear_leave_what_is_not_a_file_alone(own_cache):
    first = cache.store("unit", "a", entry_of(0))
    os.mkfifo(own_cache / "pipe.lpc")
    (own_cache / "folder.lpc").mkdir()
    (own_cache / "link.lpc").symlink_to(first)  # counted once, as the file it is
    assert (cache.info().entries, cache.info().bytes) == (1, first.stat().st_size)
    cache.set_max_bytes(first.stat().st_size)
    second = cache.store("unit", "b", entry_of(1))  # the cap removes a, and nothing else
    assert entry_names(own_cache) == {second.name, "pipe.lpc", "folder.lpc", "link.lpc"}
    assert cache.clear().entries == 1
    assert (own_cache / "pipe.lpc").exists() and (own_cache / "folder.lpc").is_dir()
