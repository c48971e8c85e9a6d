"""Anigrams benchmark: seed 000's algorithm against the term DAG, on enable1.

Baseline (written from seed 000): a dict of terms, the 26 one-letter additions of a term, and
memoised recursion for the longest chain and the number of games; the table of games by terminus
length calls the game count once per terminus length, as seed 000's ``goal_length`` allows.

Targets: the full analysis (count + longest + table) at least 10x faster than the baseline once
the lexicon and its letter index are loaded (cached); the whole ``letterplay anigrams count``
process faster than a baseline process that reads enable1 and counts the games.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from letterplay import anigrams as ag
from letterplay.lexicon import Lexicon
from timing import Row, data_dir, median_time, process_time, report

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def baseline_analysis(words: list[str]) -> tuple[int, list[str], dict[int, int]]:
    """Seed 000's way: games 4→9, a longest chain from 4 letters, games by terminus length."""

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
    mine = ag.full_analysis(lexicon)
    assert (count, len(longest), table) == (
        mine[0].games,
        mine[1].length,
        mine[2].by_terminus_length,
    ), "baseline and letterplay disagree"

    def ours() -> None:
        ag.term_dag.cache_clear()  # the DAG from the disk cache, as a new process would
        ag.full_analysis(lexicon)

    def ours_rebuilt() -> None:
        ag.term_dag.cache_clear()
        dag = ag.term_dag(lexicon)
        ag._one_letter_deletions(dag.terms)  # the DAG edges computed again, not read
        ag.full_analysis(lexicon)

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

    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline_count.py"
        script.write_text(BASELINE_COUNT)
        env = {"LETTERPLAY_DATA": str(data), "LETTERPLAY_CACHE": str(Path(tmp) / "cache")}
        command = [console_script(), "anigrams", "count", "--json"]
        out = subprocess.run(
            command, check=True, capture_output=True, text=True, env={**os.environ, **env}
        )
        assert '"games": 4510515' in out.stdout, out.stdout  # also fills the cache
        base_out = subprocess.run(
            [sys.executable, str(script), str(enable1)], check=True, capture_output=True, text=True
        )
        assert base_out.stdout.strip() == "4510515", base_out.stdout
        ours_process = process_time(command, repeat=5, env=env)
        base_process = process_time([sys.executable, str(script), str(enable1)], repeat=5)
    rows.append(
        Row(
            "`letterplay anigrams count` whole process",
            ours_process,
            base_process,
            "faster than baseline",
            ours_process < base_process,
        )
    )
    report("anigrams (enable1)", rows)


def console_script() -> str:
    """The installed ``letterplay`` command (beside this Python, else on the PATH)."""
    beside = Path(sys.executable).with_name("letterplay")
    return str(beside) if beside.exists() else (shutil.which("letterplay") or "letterplay")


if __name__ == "__main__":
    main()
