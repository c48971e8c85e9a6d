"""Letter Boxed benchmark on enable1, seed board TAP ERD NIL YCO and generated boards.

Targets: minimum + exact count + ranked list under 50 ms once the index is cached; the `solve`
command as a whole process under 0.5 s; `generate --max-solution-words 2` median under 1 s.
Baseline: Steinmetz's greedy solver (filter the word list with a pattern, then from every word
chain the next word that leaves the fewest letters unused, at most 7 words, never ending two words
on the same letter), written here in plain Python. It proves nothing and may miss solutions; the
benchmark prints what it finds next to the exact answer.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time

from letterplay import letterboxed as lb
from letterplay.lexicon import Lexicon
from timing import Row, data_dir, median_time, process_time, report

SIDES = ("tap", "erd", "nil", "yco")
CLI = "from letterplay.cli import main; main()"


# ------------------------------------------------------------------- Steinmetz's greedy solver


def greedy_words(sides: tuple[str, ...], words: tuple[str, ...]) -> list[str]:
    """Steinmetz's word filter: board letters only, no two letters of one side in a row."""
    letters = "".join(sides)
    allowed = re.compile(f"^[{letters}]{{3,}}$")
    banned = re.compile("|".join(f"[{s}][{s}]" for s in sides))
    found = [w for w in words if allowed.match(w) and not banned.search(w)]
    return sorted(found, key=lambda w: (-len(w), w))


def greedy_solve(sides: tuple[str, ...], words: tuple[str, ...]) -> list[list[str]]:
    """Steinmetz's solver: one greedy chain from every playable word."""
    playable = greedy_words(sides, words)
    letters = set("".join(sides))
    starting: dict[str, list[str]] = {}
    for w in playable:
        starting.setdefault(w[0], []).append(w)

    def chain(words_so_far: list[str], used_last: str) -> list[str] | None:
        needed = letters - set("".join(words_so_far))
        if len(words_so_far) > 6:
            return None
        if not needed:
            return words_so_far
        last = words_so_far[-1][-1]
        if last in used_last:
            return None
        options = starting.get(last, [])
        if not options:
            return None
        best = min(options, key=lambda w: len(needed - set(w)))
        return chain([*words_so_far, best], used_last + last)

    return [s for w in playable if (s := chain([w], "")) is not None]


# ----------------------------------------------------------------------------- benchmark


def main() -> None:
    data = data_dir()
    lexicon = Lexicon.from_file(data / "enable1.txt", name="enable1")
    lexicon.index, lexicon.zipfs  # noqa: B018  (fill the caches: the target is "index cached")
    board = lb.parse_board(SIDES)

    exact = lb.solve(board, lexicon=lexicon)
    ours = median_time(lambda: lb.solve(board, lexicon=lexicon), repeat=21)
    greedy = greedy_solve(SIDES, lexicon.words)
    seed_time = median_time(lambda: greedy_solve(SIDES, lexicon.words), repeat=3)
    shortest = min(len(s) for s in greedy)
    greedy_minimal = {tuple(s) for s in greedy if len(s) == exact.min_words}
    print(
        f"exact: {exact.min_words} words (proven), {exact.count} minimal solutions, "
        f"fewest letters {exact.fewest_letters}, best {' '.join(exact.solutions[0].words)}"
    )
    print(
        f"Steinmetz's greedy: {len(greedy)} chains, shortest {shortest} words, "
        f"{len(greedy_minimal)} of the {exact.count} minimal solutions"
    )

    boards = [lb.generate(lexicon=lexicon, seed=s).board for s in range(20)]
    per_board = [median_time(lambda b=b: lb.solve(b, lexicon=lexicon), repeat=5) for b in boards]
    generate_times = []
    for s in range(20):
        start = time.perf_counter()
        lb.generate(lexicon=lexicon, seed=100 + s, max_solution_words=2)
        generate_times.append(time.perf_counter() - start)

    env = {"LETTERPLAY_DATA": str(data)}
    script = os.path.join(os.path.dirname(sys.executable), "letterplay")
    entry = [script] if os.path.exists(script) else [sys.executable, "-c", CLI]
    command = [*entry, "letterboxed"]
    process_time([*command, "solve", *SIDES, "--json"], repeat=1, env=env)  # warm the caches
    solve_process = process_time([*command, "solve", *SIDES, "--json"], repeat=7, env=env)
    generate_process = statistics.median(
        process_time([*command, "generate", "--seed", str(s), "--json"], repeat=1, env=env)
        for s in range(7)
    )

    rows = [
        Row("solve TAP ERD NIL YCO: min+count+top 10", ours, seed_time, "< 50 ms", ours < 0.05),
        Row(
            "solve 20 generated 4x3 boards (median)",
            statistics.median(per_board),
            None,
            "< 50 ms",
            statistics.median(per_board) < 0.05,
        ),
        Row("generate --max-solution-words 2 (in process)", statistics.median(generate_times)),
        Row(
            "`letterboxed solve` whole process", solve_process, None, "< 0.5 s", solve_process < 0.5
        ),
        Row(
            "`letterboxed generate` whole process (median)",
            generate_process,
            None,
            "< 1 s",
            generate_process < 1.0,
        ),
    ]
    report("letterboxed (enable1; baseline: Steinmetz's greedy solver)", rows)


if __name__ == "__main__":
    main()
