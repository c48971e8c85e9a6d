"""Lexicons: the word lists every puzzle is played over.

A *lexicon* is an immutable, normalised list of words: lower-case a–z only, de-duplicated and
sorted. Its *identity* is the sha256 of those words joined with ``\\n`` plus a trailing
``\\n``, so a CRLF, upper-case or shuffled copy of a list has the same identity as the list
itself; every result letterplay gives names the lexicon it came from by name, word count and
identity. A list may also give each word an *acceptance probability* in [0, 1] (a line
``word<TAB>p``): how likely a puzzle editor is to accept it. Words without one have 1.

Lexicons are named by one registry of *bundled lists*, shipped inside the package
(:data:`BUNDLED`; ``enable1``, the default, ``common`` and the NY Times lists), then by word
lists in ``$LETTERPLAY_DATA`` and those installed with ``letterplay lexicon add NAME FILE`` or
downloaded with ``letterplay lexicon fetch NAME`` (:data:`DOWNLOADS`). Any word list file works
as well. Puzzle functions take their ``lexicon`` keyword through :func:`as_lexicon`.

*Commonness* is wordfreq's Zipf frequency: log10 of a word's frequency per billion words (7 for
"the", 0 for a word wordfreq has never seen). Puzzles use it to rank solutions and to filter.

Examples
--------
>>> lex = Lexicon.from_words(["Ride", "dire", "ire", "ride"], name="tiny")
>>> lex
<Lexicon 'tiny': 3 words, sha256 ac240592527f…>
>>> lex.words
('dire', 'ire', 'ride')
>>> "ride" in lex, lex.word_id("ride")
(True, 2)
>>> load("enable1").info()["words"]
172820
>>> as_lexicon("common") is load("common")
True

References
----------
- ENABLE2K word list (public domain): https://everything2.com/title/ENABLE+word+list
- A copy of it: https://norvig.com/ngrams/enable1.txt
- wordfreq, word frequencies in many languages: https://github.com/rspeer/wordfreq
"""

from letterplay.lexicon._catalog import (
    BUNDLED,
    DEFAULT,
    DOWNLOADS,
    ENABLE1_SHA256,
    BundledList,
    CatalogEntry,
    DownloadableList,
    as_lexicon,
    catalog,
    find,
    installed_dir,
    load,
)
from letterplay.lexicon._commonness import MAX_ZIPF, check_min_zipf, zipf_frequency
from letterplay.lexicon._install import AlreadyInstalledError, export, fetch, install
from letterplay.lexicon._lexicon import Lexicon
from letterplay.lexicon._read import MAX_BYTES
from letterplay.lexicon._words import NAME, identity, normalise, normalise_text

__all__ = [
    "BUNDLED",
    "DEFAULT",
    "DOWNLOADS",
    "ENABLE1_SHA256",
    "MAX_BYTES",
    "MAX_ZIPF",
    "NAME",
    "AlreadyInstalledError",
    "BundledList",
    "CatalogEntry",
    "DownloadableList",
    "Lexicon",
    "as_lexicon",
    "catalog",
    "check_min_zipf",
    "export",
    "fetch",
    "find",
    "identity",
    "install",
    "installed_dir",
    "load",
    "normalise",
    "normalise_text",
    "zipf_frequency",
]
