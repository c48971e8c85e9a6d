"""Build letterplay's bundled ``common`` lexicon from wordfreq's English word list.

Run ``python scripts/build_common.py`` to rewrite ``src/letterplay/data/common.txt``. The words
and their frequencies come from wordfreq (a declared dependency); wordfreq lower-cases
everything, so to tell ``march`` from ``london`` the script reads how a spelling dictionary
writes each word: Debian's ``wamerican`` and ``wbritish`` lists (``apt-get install wamerican
wbritish``; they install ``/usr/share/dict/american-english`` and ``british-english``), which
write names with a capital. A word of wordfreq's English 'best' list is kept when:

1. it is 2 or more lower-case letters a–z (no digits, apostrophes, hyphens or accents);
2. its Zipf frequency is at least 3.0 (once per million words or more often);
3. one of the dictionaries lists it in lower case: names (london, david, google), which they
   capitalise, and junk and most abbreviations (nfl, lol), which they lack, are left out;
4. it has a vowel (a, e, i, o, u or y), which drops the unit abbreviations dictionaries do list in
   lower case (km, ft, hr);
5. it is not made of i, v and x only (roman numerals: ii, xiv);
6. no letter appears three times in a row ('xxx').

What remains is a list of frequent dictionary words, American and British spellings alike. It is
not checked for offensive words, as enable1 is not.
"""

from __future__ import annotations

import math
import re
import sys
from importlib.metadata import version
from pathlib import Path

import wordfreq

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
from letterplay.files import write_atomic
from letterplay.lexicon import identity

MIN_ZIPF = 3.0
DICTIONARIES = (Path("/usr/share/dict/american-english"), Path("/usr/share/dict/british-english"))
TARGET = Path(__file__).resolve().parent.parent / "src" / "letterplay" / "data" / "common.txt"


def zipf(freq: float) -> float:
    return math.log10(freq) + 9.0


def dictionary_words() -> set[str]:
    """The words the spelling dictionaries write in lower case."""
    words: set[str] = set()
    for path in DICTIONARIES:
        if not path.is_file():
            raise SystemExit(f"error: {path} is missing: apt-get install wamerican wbritish")
        words.update(w for w in path.read_text(encoding="utf-8").split() if w.islower())
    return words


def common_words() -> list[str]:
    english = wordfreq.get_frequency_dict("en")
    dictionary = dictionary_words()
    kept = [
        word
        for word, freq in english.items()
        if zipf(freq) >= MIN_ZIPF
        and re.fullmatch(r"[a-z]{2,}", word)
        and word in dictionary
        and re.search(r"[aeiouy]", word)
        and not re.fullmatch(r"[ivx]+", word)
        and not re.search(r"(.)\1\1", word)
    ]
    return sorted(kept)


def main() -> None:
    words = common_words()
    header = [
        f"# letterplay 'common' lexicon: {len(words)} words",
        f"# derived from wordfreq {version('wordfreq')} English 'best' list",
        "# by scripts/build_common.py: a-z, 2+ letters, Zipf >= 3.0, written in lower case",
        "# by Debian's wamerican or wbritish, has a vowel, not i/v/x only, no letter thrice",
    ]
    write_atomic(TARGET, "\n".join(header + words) + "\n", overwrite=True)
    # the identity lexicon.BUNDLED records and the tests check
    print(f"wrote {len(words)} words to {TARGET}, sha256 {identity(words)}")


if __name__ == "__main__":
    main()
