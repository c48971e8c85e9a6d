"""Run the benchmarks: ``python benchmarks/run.py [NAME ...]`` (all when no name is given).

Each ``bench_NAME.py`` beside this file times one puzzle on enable1 against a baseline written
from its source's algorithm (named by author and title) and prints medians, speed-up ratios
and targets. They use the bundled enable1; those that need the real-data archives (NY Times
puzzles, PACE instances) read them from LETTERPLAY_DATA (default: ../shared/data beside the
project) and say they are skipped when it is missing.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> None:
    sys.path.insert(0, str(HERE))
    available = sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    for name in names or available:
        if name not in available:
            sys.exit(f"error: no benchmark {name!r} (have: {', '.join(available)})")
        importlib.import_module(f"bench_{name}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
