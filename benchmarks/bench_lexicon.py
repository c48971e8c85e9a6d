"""Lexicon benchmark: loading the bundled enable1 plus its LetterIndex in a fresh process.

The first run fills the cache; the timed runs are second processes, as a user's next command
(target < 0.3 s). Baseline: the same process without the disk cache, which reads, unzips,
splits, sorts and hashes the word list and builds the index every time.
"""

from __future__ import annotations

import sys
import tempfile

from timing import Row, process_time, report

SCRIPT = (
    "from letterplay.lexicon import load; "
    "lex = load('enable1'); lex.index.masks; lex.index.term_ids; lex.zipfs; lex.word(0)"
)
NO_CACHE = (
    "from letterplay.lexicon import BUNDLED, Lexicon, _parse_arrays; "
    "from letterplay.letters import LetterIndex; "
    "arrays = _parse_arrays(BUNDLED['enable1'].path); "
    "LetterIndex.build_blob(arrays['blob'])"
)


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = {"LETTERPLAY_CACHE": cache}
        process_time([sys.executable, "-c", SCRIPT], repeat=1, env=env)  # fill the cache
        cached = process_time([sys.executable, "-c", SCRIPT], repeat=7, env=env)
        rebuilt = process_time([sys.executable, "-c", NO_CACHE], repeat=7, env=env)
    row = Row(
        "enable1 load + index + zipf, whole process", cached, rebuilt, "< 0.3 s", cached < 0.3
    )
    report("lexicon", [row])


if __name__ == "__main__":
    main()
