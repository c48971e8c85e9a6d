"""Timing helpers shared by the benchmarks: medians of repeated runs and a printed table."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The shared data folder: ``$LETTERPLAY_DATA`` or ``../shared/data`` beside the project."""
    env = os.environ.get("LETTERPLAY_DATA")
    path = Path(env) if env else ROOT.parent / "shared" / "data"
    if not (path / "enable1.txt").is_file():
        sys.exit(f"error: enable1.txt not found in {path}; set LETTERPLAY_DATA")
    return path.resolve()


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
