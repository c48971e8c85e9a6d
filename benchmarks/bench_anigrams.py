"""Anigrams benchmark: the algorithm of Norvig's *Anigrams Puzzle* against the term DAG, on enable1.

Baseline (written from the notebook): a dict of terms, the 26 one-letter additions of a term, and
memoised recursion for the longest chain and the number of games; the table of games by terminus
length calls the game count once per terminus length, as the notebook's ``goal_length`` allows.

Targets: the full analysis (count + longest + table) at least 10x faster than the baseline once
the lexicon and its letter index are loaded (cached); the whole ``letterplay anigrams count``
process at least 4x faster than a baseline process that reads enable1 and counts the games; and
start-up: warm ``anigrams count --json`` and ``anigrams longest --json`` each within 2.0x of the
floor ``python -c "import numpy"``, measured alternately in one run (median of 7).
"""

from __future__ import annotations

import functools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from letterplay import anigrams as ag
from letterplay.anigrams import _dag
from letterplay.lexicon import Lexicon
from timing import Row, data_dir, median_time, report

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def baseline_analysis(words: list[str]) -> tuple[int, list[str], dict[int, int]]:
    """The notebook's way: games 4→9, a longest chain from 4 letters, games by terminus length."""

    def scramble(word: str) -> str:
        return "".join(sorted(word))

    all_terms = {scramble(w): w for w in words}
    starting_terms = {t for t in all_terms if len(t) == 4}

    @functools.cache
    def add_one_letter(t: str) -> set[str]:
        candidates = (scramble(t + c) for c in ALPHABET)
        return {c for c in candidates if c in all_terms}

    @functools.cache
    def longest_starting_from(t: str) -> list[str]:
        chains = map(longest_starting_from, add_one_letter(t))
        return [all_terms[t], *max(chains, key=len, default=[])]

    @functools.cache
    def games_starting_from(t: str, goal: int) -> int:
        if len(t) == goal:
            return 1
        return sum(games_starting_from(u, goal) for u in add_one_letter(t))

    count = sum(games_starting_from(t, 9) for t in starting_terms)
    longest = max(map(longest_starting_from, starting_terms), key=len)
    table = {}
    for goal in range(4, 40):
        table[goal] = sum(games_starting_from(t, goal) for t in starting_terms)
        if table[goal] == 0:
            break
    return count, longest, table


def full_analysis(lexicon: Lexicon) -> tuple:
    """letterplay's count, longest chain and table of games by terminus length."""
    return (
        ag.count(lexicon=lexicon),
        ag.longest(lexicon=lexicon),
        ag.table(lexicon=lexicon),
    )


BASELINE_COUNT = """
import sys
def scramble(word): return ''.join(sorted(word))
all_terms = {scramble(w): w for w in open(sys.argv[1]).read().split()}
cache = {}
def add_one_letter(term):
    terms = (scramble(term + L) for L in 'abcdefghijklmnopqrstuvwxyz')
    return {t for t in terms if t in all_terms}
def games_starting_from(term, goal=9):
    if term not in cache:
        cache[term] = 1 if len(term) == goal else sum(
            games_starting_from(t, goal) for t in add_one_letter(term))
    return cache[term]
print(sum(games_starting_from(t) for t in all_terms if len(t) == 4))
"""


def main() -> None:
    data = data_dir()
    enable1 = data / "enable1.txt"
    lexicon = Lexicon.from_file(enable1, name="enable1")
    lexicon.index, lexicon.zipfs  # noqa: B018 (loaded once, as a process has them cached)
    words = list(lexicon.words)

    count, longest, table = baseline_analysis(words)
    mine = full_analysis(lexicon)
    assert (count, len(longest), table) == (
        mine[0].games,
        mine[1].length,
        mine[2].by_terminus_length,
    ), "baseline and letterplay disagree"

    def ours() -> None:
        _dag.cached_dag.cache_clear()  # the DAG from the disk cache, as a new process would
        full_analysis(lexicon)

    def ours_rebuilt() -> None:
        _dag.cached_dag.cache_clear()
        _dag.build_graph(lexicon)  # the DAG edges computed again, not read
        full_analysis(lexicon)

    baseline = median_time(lambda: baseline_analysis(words), repeat=3)
    fast = median_time(ours, repeat=7)
    rebuilt = median_time(ours_rebuilt, repeat=7)
    rows = [
        Row(
            "full analysis: count + longest + table",
            fast,
            baseline,
            ">= 10x",
            baseline / fast >= 10,
        ),
        Row("  the same, DAG edges recomputed too", rebuilt, baseline, "", None),
    ]

    rows += process_rows(data, enable1)
    report("anigrams (enable1)", rows)


def process_rows(data: Path, enable1: Path) -> list[Row]:
    """Whole-process times: against the notebook-algorithm script and against the numpy floor."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline_count.py"
        script.write_text(BASELINE_COUNT)
        env = {
            **os.environ,
            "LETTERPLAY_DATA": str(data),
            "LETTERPLAY_CACHE": str(Path(tmp) / "cache"),
        }
        # As installed: modules compiled once to bytecode, not recompiled by every process.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        count = [console_script(), "anigrams", "count", "--json"]
        longest = [console_script(), "anigrams", "longest", "--json"]
        out = subprocess.run(count, check=True, capture_output=True, text=True, env=env)
        assert '"games": 4510515' in out.stdout, out.stdout  # also fills the cache
        out = subprocess.run(longest, check=True, capture_output=True, text=True, env=env)
        assert '"count": 2142' in out.stdout, out.stdout
        base = [sys.executable, str(script), str(enable1)]
        base_out = subprocess.run(base, check=True, capture_output=True, text=True)
        assert base_out.stdout.strip() == "4510515", base_out.stdout
        numpy = [sys.executable, "-c", "import numpy"]
        times = alternating({"count": count, "longest": longest, "numpy": numpy, "base": base}, env)
    floor = times["numpy"]
    return [
        Row(
            "`letterplay anigrams count` whole process",
            times["count"],
            times["base"],
            ">= 4x",
            times["base"] / times["count"] >= 4,
        ),
        Row("start-up floor: python -c 'import numpy'", floor),
        *(
            Row(
                f"`anigrams {name} --json` vs the numpy floor",
                times[name],
                floor,
                f"<= 2.0x the floor (is {times[name] / floor:.2f}x)",
                times[name] <= 2.0 * floor,
            )
            for name in ("count", "longest")
        ),
    ]


def alternating(commands: dict[str, list[str]], env: dict[str, str], repeat: int = 7):
    """Median wall-clock seconds of each whole process, the commands run in turn each round so
    that a busy machine slows them all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def console_script() -> str:
    """The installed ``letterplay`` command (beside this Python, else on the PATH)."""
    beside = Path(sys.executable).with_name("letterplay")
    return str(beside) if beside.exists() else (shutil.which("letterplay") or "letterplay")


if __name__ == "__main__":
    main()
