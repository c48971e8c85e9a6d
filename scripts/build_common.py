"""Build letterplay's bundled ``common`` lexicon from wordfreq's English word list.

Run ``python scripts/build_common.py`` to rewrite ``src/letterplay/data/common.txt``. The list is
derived from a registry package only (wordfreq), so anyone can rebuild it and get the same words
from the same wordfreq version. A word of wordfreq's English 'best' list is kept when:

1. it is 2 or more lower-case letters a–z (no digits, apostrophes, hyphens or accents);
2. its Zipf frequency is at least 3.0 (once per million words or more often);
3. it has a vowel (a, e, i, o, u or y), which keeps out most abbreviations (mr, tv, nfl, www);
4. it is not made of i, v and x only (roman numerals: ii, iv, xii);
5. no letter appears three times in a row (junk such as 'aaa', 'zzz');
6. it is not a probable name: wordfreq lower-cases everything, so capitals cannot tell names
   apart; but names and brands (london, david, google) are about as frequent in other languages'
   text as in English, while most English words are not. A word at least as frequent in 6 or
   more of 16 other Latin-script languages as in English is dropped.

Frequency data cannot do better than that: names with English-only use (june, american) remain,
and a few loanwords (film, sport) are lost. Puzzles that need a curated list should use enable1.
"""

from __future__ import annotations

import math
import re
from importlib.metadata import version
from pathlib import Path

import wordfreq

MIN_ZIPF = 3.0
OTHER_LANGUAGES = "cs da de es fi fr hu id it nb nl pl pt ro sv tr".split()
NAME_LANGUAGES = 6
TARGET = Path(__file__).resolve().parent.parent / "src" / "letterplay" / "data" / "common.txt"


def zipf(freq: float) -> float:
    return math.log10(freq) + 9.0


def common_words() -> list[str]:
    english = wordfreq.get_frequency_dict("en")
    others = [wordfreq.get_frequency_dict(lang) for lang in OTHER_LANGUAGES]

    def probable_name(word: str, z: float) -> bool:
        hits = sum(1 for table in others if word in table and zipf(table[word]) >= z)
        return hits >= NAME_LANGUAGES

    kept = []
    for word, freq in english.items():
        z = zipf(freq)
        if (
            z >= MIN_ZIPF
            and re.fullmatch(r"[a-z]{2,}", word)
            and re.search(r"[aeiouy]", word)
            and not re.fullmatch(r"[ivx]+", word)
            and not re.search(r"(.)\1\1", word)
            and not probable_name(word, z)
        ):
            kept.append(word)
    return sorted(kept)


def main() -> None:
    words = common_words()
    header = [
        f"# letterplay 'common' lexicon: {len(words)} words",
        f"# derived from wordfreq {version('wordfreq')} English 'best' list",
        "# by scripts/build_common.py",
        f"# rules: a-z, 2+ letters, Zipf >= {MIN_ZIPF}, has a vowel, not i/v/x only,",
        f"# no letter thrice in a row, not as frequent in {NAME_LANGUAGES}+ other languages",
    ]
    TARGET.write_text("\n".join(header + words) + "\n", encoding="ascii")
    print(f"wrote {len(words)} words to {TARGET}")


if __name__ == "__main__":
    main()
