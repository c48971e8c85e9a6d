"""Daily puzzles' speed: what a date's puzzle costs beyond generating it, and what a kept one
costs.

For each game (Spelling Bee on nyt-bee, Letter Boxed on nyt-letterboxed, Anigrams on enable1),
once its list is loaded and its generator has run once:

- ``daily`` of a date not asked for before, against the baseline of the generator alone with the
  same seed (``generate(like="nyt", seed=seed_for(game, date))``, ``play(seed=…)``), median
  over seven dates: target within 1.2x of it (the date, the seed and the memory cost next to
  nothing: the generator is the puzzle's whole cost);
- ``daily`` of a date asked for before (kept in memory): target under 1 ms;
- ``daily(days=7)`` of seven new dates against the generator on the same seven: within 1.2x.

Then, for the record, the whole process, ``letterplay GAME daily --json`` and ``--days 7``,
beside ``python -c "import numpy"`` (medians of 3; warm disk caches): start-up, loading the list
and the generator, whose cost is its own.

``python benchmarks/run.py daily_speed``. The machine may be shared: medians of several runs.
"""

from __future__ import annotations

import datetime
import statistics
import sys
import time

from letterplay import anigrams, letterboxed, spellingbee
from letterplay.daily import seed_for
from timing import Row, median_time, process_time, report

START = datetime.date(2030, 1, 1)
WEEKS = datetime.date(2040, 1, 1)


def _generators():
    return {
        "bee": (spellingbee, lambda seed: spellingbee.generate(like="nyt", seed=seed)),
        "letterboxed": (letterboxed, lambda seed: letterboxed.generate(like="nyt", seed=seed)),
        "anigrams": (anigrams, lambda seed: anigrams.play(seed=seed, answers=True)),
    }


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _rows(game: str, face, generate) -> list[Row]:
    """The three in-process rows of one game, each against the generator on the same dates
    (its cost varies from seed to seed: a board may take many tries)."""
    face.daily(START - datetime.timedelta(days=1))  # loads the list, runs the generator once
    days = [START + datetime.timedelta(days=i) for i in range(7)]
    generator, new = [], []
    for i, day in enumerate(days):  # in turn first, so neither gains from the other's warmth
        pair = [
            (generator, lambda d=day: generate(seed_for(game, d))),
            (new, lambda d=day: face.daily(d)),  # not kept yet: made anew
        ]
        for times, fn in pair[:: 1 if i % 2 else -1]:
            times.append(_timed(fn))
    kept = median_time(lambda: face.daily(days[0]), repeat=21)
    week = [WEEKS + datetime.timedelta(days=i) for i in range(7)]
    week_generator = sum(_timed(lambda d=d: generate(seed_for(game, d))) for d in week)
    week_daily = _timed(lambda: face.daily(WEEKS, days=7))
    one, base = statistics.median(new), statistics.median(generator)
    return [
        Row(f"{game} daily, a new date", one, base, "within 1.2x", one <= 1.2 * base),
        Row(f"{game} daily, a kept date", kept, base, "< 1 ms", kept < 1e-3),
        Row(
            f"{game} daily, 7 new dates",
            week_daily,
            week_generator,
            "within 1.2x",
            week_daily <= 1.2 * week_generator,
        ),
    ]


def main() -> None:
    rows = []
    for game, (face, generate) in _generators().items():
        rows += _rows(game, face, generate)
    report("daily puzzles in a process (lists loaded; baseline: the generator alone)", rows)

    floor = process_time([sys.executable, "-c", "import numpy"], repeat=3)
    letterplay = [sys.executable, "-m", "letterplay"]
    processes = []
    for game in ("bee", "letterboxed", "anigrams"):
        for days in ("1", "7"):
            args = [*letterplay, game, "daily", "--date", "2026-11-25", "--days", days, "--json"]
            process_time(args, repeat=1)  # warm-up: disk caches, page cache
            seconds = process_time(args, repeat=3)
            name = f"letterplay {game} daily --days {days} --json"
            processes.append(Row(name, seconds, floor))
    report("whole process, for the record (baseline: python -c 'import numpy')", processes)


if __name__ == "__main__":
    main()
