"""Start-up benchmark: each warm command's whole process against ``python -c "import numpy"``.

Every command runs on the default (bundled) enable1 with ``--json`` (two also with their text
output, rich tables, which may cost a little more), after one warm-up run that
builds its caches (in a temporary cache folder). Then, round after round, the floor and each
command run alternately, so a busy machine slows all of them alike; each line gives the median
of the rounds, wall clock and CPU time (user + system, what an idle machine would take), and
the ratio to the floor's. Target: every command within 2.0x of the floor. Bytecode caching is
on (``PYTHONDONTWRITEBYTECODE`` is dropped), as for any installed package.

``python benchmarks/run.py startup`` (``STARTUP_ROUNDS=N`` for more rounds than 5).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 2.0
FLOOR = ("numpy floor", [sys.executable, "-c", "import numpy"])
COMMANDS = [
    ("bee solve CEFINTV --center C", ["bee", "solve", "CEFINTV", "--center", "C"]),
    ("bee best", ["bee", "best"]),
    ("anigrams count", ["anigrams", "count"]),
    ("anigrams longest", ["anigrams", "longest"]),
    ("letterboxed solve TAP ERD NIL YCO", ["letterboxed", "solve", "TAP", "ERD", "NIL", "YCO"]),
    ("ladder cold warm", ["ladder", "cold", "warm"]),
]
# Human output (rich tables) may cost a little more than --json, not double: shown apart.
TEXT_COMMANDS = [
    ("bee solve CEFINTV --center C (text)", ["bee", "solve", "CEFINTV", "--center", "C"]),
    (
        "letterboxed solve TAP ERD NIL YCO (text)",
        ["letterboxed", "solve", "TAP", "ERD", "NIL", "YCO"],
    ),
]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one whole process."""
    cpu, wall = _children_cpu(), time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return time.perf_counter() - wall, _children_cpu() - cpu


def measure(rounds: int, env: dict[str, str]) -> dict[str, tuple[list[float], list[float]]]:
    """Alternate the floor and every command for ``rounds`` rounds; times per name."""
    letterplay = [sys.executable, "-m", "letterplay"]
    jobs = [FLOOR] + [(name, [*letterplay, *args, "--json"]) for name, args in COMMANDS]
    jobs += [(name, [*letterplay, *args]) for name, args in TEXT_COMMANDS]
    for _, args in jobs:  # warm-up: builds every cache, loads the files into the page cache
        run_once(args, env)
    times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _ in jobs}
    for _ in range(rounds):
        for name, args in jobs:
            wall, cpu = run_once(args, env)
            times[name][0].append(wall)
            times[name][1].append(cpu)
    return times


def main() -> None:
    rounds = int(os.environ.get("STARTUP_ROUNDS", "5"))
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "LETTERPLAY_CACHE": folder}
        # As on any installed package, modules are compiled once to __pycache__ (an environment
        # that forbids it would time the compiler on every run, not letterplay).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        times = measure(rounds, env)
    floor_wall = statistics.median(times[FLOOR[0]][0])
    floor_cpu = statistics.median(times[FLOOR[0]][1])
    print(f"\nstart-up: whole process, median of {rounds} alternate rounds (warm caches, --json)")
    print(f"{'command':42} {'wall':>8} {'ratio':>6} {'cpu':>8} {'ratio':>6}  target {TARGET}x")
    for name, (walls, cpus) in times.items():
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        r_wall, r_cpu = wall / floor_wall, cpu / floor_cpu
        met = "" if name == FLOOR[0] else ("  ok" if r_wall <= TARGET else "  MISSED")
        print(f"{name:42} {wall:7.3f}s {r_wall:5.2f}x {cpu:7.3f}s {r_cpu:5.2f}x{met}")


if __name__ == "__main__":
    main()
