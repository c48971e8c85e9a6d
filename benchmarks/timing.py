"""Timing helpers shared by the benchmarks: medians of repeated runs and a printed table."""

from __future__ import annotations

import os
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


def median_time(fn: Callable[[], object], repeat: int = 5, warmup: int = 1) -> float:
    """Median wall-clock seconds of ``fn()`` over ``repeat`` runs after ``warmup`` runs."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def process_time(args: list[str], repeat: int = 5, env: dict[str, str] | None = None) -> float:
    """Median wall-clock seconds of a whole process (``python -m …`` or the console script)."""
    full_env = {**os.environ, **(env or {})}
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=full_env)
        times.append(time.perf_counter() - start)
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
