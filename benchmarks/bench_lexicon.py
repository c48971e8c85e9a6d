"""Lexicon benchmark: loading enable1 plus its LetterIndex in a fresh process (target < 0.3 s).

The first run fills the cache; the timed runs are second processes, as a user's next command.
Baseline: the same process without the disk cache (index rebuilt every time).
"""

from __future__ import annotations

import sys
import tempfile

from timing import Row, data_dir, process_time, report

SCRIPT = (
    "import sys; from letterplay.lexicon import Lexicon; "
    "lex = Lexicon.from_file(sys.argv[1], 'enable1'); lex.index; lex.zipfs"
)
NO_CACHE = SCRIPT.replace(
    "lex.index", "__import__('letterplay.letters').letters.LetterIndex.build(lex.words)"
)


def main() -> None:
    enable1 = str(data_dir() / "enable1.txt")
    with tempfile.TemporaryDirectory() as cache:
        env = {"LETTERPLAY_CACHE": cache}
        process_time([sys.executable, "-c", SCRIPT, enable1], repeat=1, env=env)  # fill cache
        cached = process_time([sys.executable, "-c", SCRIPT, enable1], repeat=7, env=env)
        rebuilt = process_time([sys.executable, "-c", NO_CACHE, enable1], repeat=7, env=env)
    row = Row(
        "enable1 load + index + zipf, whole process", cached, rebuilt, "< 0.3 s", cached < 0.3
    )
    report("lexicon", [row])


if __name__ == "__main__":
    main()
