"""Timing helpers shared by the benchmarks: medians of repeated runs and a printed table."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def archives() -> Path | None:
    """The real-data archives (NY Times puzzles, PACE and SteinLib instances):
    ``$LETTERPLAY_DATA`` or ``../shared/data`` beside the project, when there."""
    env = os.environ.get("LETTERPLAY_DATA")
    path = Path(env) if env else ROOT.parent / "shared" / "data"
    return path.resolve() if path.is_dir() else None


def archive(name: str) -> Path | None:
    """The archive ``name`` (a file or folder of :func:`archives`), or None with a note that the
    benchmark needing it is skipped: a fresh clone runs every benchmark that needs no archive."""
    folder = archives()
    if folder is not None and (folder / name).exists():
        return folder / name
    print(f"skipped: {name} is one of the real-data archives; set LETTERPLAY_DATA to its folder")
    return None


def data_dir() -> Path:
    """A folder holding ``enable1.txt``: the archives' copy when there is one, else the bundled
    enable1 written once to a temporary folder (the same words, so the same figures)."""
    folder = archives()
    if folder is not None and (folder / "enable1.txt").is_file():
        return folder
    import tempfile

    from letterplay.lexicon import load

    path = Path(tempfile.gettempdir()) / f"letterplay-bench-{os.getuid()}"
    target = path / "enable1.txt"
    if not target.is_file():
        path.mkdir(exist_ok=True)
        partial = path / f".enable1.{os.getpid()}.tmp"
        partial.write_text(load("enable1").to_text(), encoding="utf-8")
        os.replace(partial, target)  # whole or absent, whichever benchmark runs at once
    return path


def median_time(
    fn: Callable[[], object],
    repeat: int = 5,
    warmup: int = 1,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Median seconds of ``fn()`` over ``repeat`` runs after ``warmup`` runs, by ``clock``
    (wall clock; ``time.process_time`` gives CPU time, what an idle machine would take)."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def process_time(
    args: list[str], repeat: int = 5, env: dict[str, str] | None = None, cpu: bool = False
) -> float:
    """Median seconds of a whole process (``python -m …`` or the console script): wall clock,
    or with ``cpu`` its user + system CPU time."""
    full_env = {**os.environ, **(env or {})}
    clock = _children_cpu if cpu else time.perf_counter
    times = []
    for _ in range(repeat):
        start = clock()
        subprocess.run(args, check=True, capture_output=True, env=full_env)
        times.append(clock() - start)
    return statistics.median(times)


@dataclass
class Row:
    """One benchmark line: what was timed, its median, an optional baseline and target."""

    name: str
    seconds: float
    baseline: float | None = None
    target: str = ""
    met: bool | None = None

    def ratio(self) -> str:
        return f"{self.baseline / self.seconds:8.1f}x" if self.baseline else " " * 9


def report(title: str, rows: list[Row]) -> None:
    """Print a table: median, baseline median, speed-up ratio, target and whether it is met."""
    print(f"\n{title}")
    print(f"{'benchmark':48} {'median':>10} {'baseline':>10} {'speed-up':>9}  target")
    for r in rows:
        base = f"{r.baseline:9.4f}s" if r.baseline else " " * 10
        met = "" if r.met is None else ("  ok" if r.met else "  MISSED")
        print(f"{r.name:48} {r.seconds:9.4f}s {base} {r.ratio()}  {r.target}{met}")
