"""Public word sources and per-word features for ``build_nyt.py`` (build time only).

Every source is a well-kept public list read from an installed package:

- Debian's ``scowl`` (``/usr/share/dict/scowl/``): SCOWL's lists by category (English, American,
  British, Canadian and Australian words, spelling variants, abbreviations, proper names, words
  written with a capital) and by *size level* 10 (the commonest words) to 95 (the rarest);
- Debian's ``wamerican-huge`` / ``wbritish-huge`` lists, ``hunspell-en-us``'s dictionary and
  ``wordnet-base`` (lemmas, sense counts, whether a lemma is written with a capital, and its usage
  markers: slang, archaism, trade name, ethnic slur, obscenity …);
- ``enable1`` from ``$LETTERPLAY_DATA``;
- PyPI's ``wordfreq``: Zipf frequency in English and in six other languages (a word common in
  French but rare in English is usually a French word);
- PyPI's ``better-profanity``: a list of swear words (an offensive marker, reviewed in
  ``build_offensive.py``).

:func:`feature_matrix` turns a list of words into a float32 matrix and the names of its
columns. Nothing here uses the NY Times data: verdict features (is the base word of an
inflection accepted?) are added by the caller from the training verdicts only.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import numpy as np

SCOWL = Path("/usr/share/dict/scowl")
HUGE = (Path("/usr/share/dict/american-english-huge"), Path("/usr/share/dict/british-english-huge"))
HUNSPELL = Path("/usr/share/hunspell/en_US.dic")
WORDNET = Path("/usr/share/wordnet")
PACKAGES = "scowl wamerican-huge wbritish-huge hunspell-en-us wordnet-base"
WORD = re.compile(r"[a-z]+")
ABSENT = 100.0  # the size level of a word a SCOWL category does not list
OTHER_LANGUAGES = ("fr", "de", "es", "it", "nl", "pt")
USAGES = {
    "trade_name": "trade_name",
    "trademark": "trade_name",
    "colloquialism": "colloquial",
    "slang": "slang",
    "archaism": "archaism",
    "disparagement": "offensive",
    "ethnic_slur": "offensive",
    "obscenity": "offensive",
    "plural": "plural",
}
SUFFIXES = ("s", "es", "ed", "d", "ing", "er", "ers", "est", "ly", "ness", "ies", "ied", "y")
Y_SUFFIXES = (*SUFFIXES, "ier", "iest")  # with the comparatives of words in -y (jankier -> janky)


def need(path: Path) -> Path:
    if not path.exists():
        raise SystemExit(f"error: {path} is missing: apt-get install {PACKAGES}")
    return path


def data_dir() -> Path:
    value = os.environ.get("LETTERPLAY_DATA")
    if not value or not (Path(value) / "enable1.txt").is_file():
        raise SystemExit("error: set LETTERPLAY_DATA to the folder holding enable1.txt")
    return Path(value)


# ----------------------------------------------------------------------------- reading sources


@cache
def scowl_levels() -> dict[str, dict[str, float]]:
    """For each feature group, word -> smallest SCOWL size level that lists it."""
    groups: dict[str, dict[str, float]] = defaultdict(dict)
    for path in sorted(need(SCOWL).iterdir()):
        category, _, level = path.name.rpartition(".")
        if not level.isdigit():
            continue
        group = _scowl_group(category)
        if group is None:
            continue
        table = groups[group]
        for entry in path.read_text(encoding="latin-1").split():
            word = entry.lower() if group in ("upper", "proper") else entry
            if WORD.fullmatch(word) and float(level) < table.get(word, ABSENT):
                table[word] = float(level)
    return dict(groups)


def _scowl_group(category: str) -> str | None:
    kind = category.rpartition("-")[2]
    region = category.split("-")[0].split("_")[0]
    if kind == "words":
        return "variant" if "variant" in category else region
    return {"upper": "upper", "proper-names": "proper", "abbreviations": "abbrev"}.get(
        category.split("-", 1)[1] if "-" in category else ""
    )


@cache
def huge_words() -> frozenset[str]:
    text = " ".join(need(p).read_text("utf-8") for p in HUGE)
    return frozenset(w for w in text.split() if WORD.fullmatch(w))


@cache
def hunspell_words() -> tuple[frozenset[str], frozenset[str]]:
    """Hunspell's stems written in lower case, and those written with a capital (lowered)."""
    lower, upper = set(), set()
    for line in need(HUNSPELL).read_text("utf-8").splitlines()[1:]:
        stem = line.split("/")[0]
        (lower if stem.islower() else upper).add(stem.lower())
    return frozenset(lower), frozenset(upper)


@cache
def wordnet() -> dict[str, dict[str, int]]:
    """WordNet counts per lower-case lemma: senses, senses written in lower case / with a
    capital, and senses carrying each usage marker of :data:`USAGES`."""
    synsets, pointers = _wordnet_synsets()
    usage_names = {key: USAGES[w] for key, words in synsets.items() for w in words if w in USAGES}
    table: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for key, words in synsets.items():
        marks = {usage_names[p] for p in pointers.get(key, ()) if p in usage_names}
        for word in words:
            lemma = word.lower()
            if not WORD.fullmatch(lemma):
                continue
            row = table[lemma]
            row["senses"] += 1
            row["lower" if word.islower() else "capital"] += 1
            for mark in marks:
                row[mark] += 1
    return table


def _wordnet_synsets():
    synsets: dict[tuple[str, str], list[str]] = {}
    pointers: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in need(WORDNET / f"data.{pos}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            f = line.split(" | ")[0].split()
            n = int(f[3], 16)
            key = (f[0], "a" if f[2] == "s" else f[2])
            synsets[key] = [re.sub(r"\(.*\)$", "", f[4 + 2 * i]) for i in range(n)]
            k = 4 + 2 * n
            usage = [
                (f[k + 2 + 4 * i], "a" if f[k + 3 + 4 * i] == "s" else f[k + 3 + 4 * i])
                for i in range(int(f[k]))
                if f[k + 1 + 4 * i] == ";u"
            ]
            if usage:
                pointers[key] = usage
    return synsets, pointers


@cache
def wordnet_inflections() -> frozenset[str]:
    """Inflected forms WordNet's exception lists give (geese, swum …)."""
    forms = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in need(WORDNET / f"{pos}.exc").read_text("latin-1").splitlines():
            forms.add(line.split()[0])
    return frozenset(forms)


@cache
def enable1() -> frozenset[str]:
    return frozenset((data_dir() / "enable1.txt").read_text("ascii").split())


@cache
def profanity_words() -> frozenset[str]:
    """better-profanity's word list: single a–z words only."""
    import better_profanity

    path = Path(better_profanity.__file__).parent / "profanity_wordlist.txt"
    return frozenset(w for w in path.read_text("utf-8").split() if WORD.fullmatch(w))


@cache
def zipf_tables() -> dict[str, dict[str, float]]:
    import math

    import wordfreq

    tables = {}
    for lang in ("en", *OTHER_LANGUAGES):
        freq = wordfreq.get_frequency_dict(lang)
        tables[lang] = {
            w: round(math.log10(f) + 9, 2) for w, f in freq.items() if WORD.fullmatch(w)
        }
    return tables


def inflection_bases() -> set[str]:
    """Words whose regular inflections :func:`inflect` makes candidates: the words of enable1,
    the huge lists, SCOWL's word lists (not names nor abbreviations), WordNet's lower-case
    lemmas, and the words with an English Zipf frequency of 2 or more."""
    words = set(enable1()) | huge_words()
    for group, table in scowl_levels().items():
        if group not in ("proper", "abbrev", "upper"):
            words |= set(table)
    words |= {w for w, row in wordnet().items() if row.get("lower")}
    words |= {w for w, f in zipf_tables()["en"].items() if f >= 2.0}
    return words


def universe() -> set[str]:
    """Every a–z word any source lists (lower case)."""
    words = set(enable1()) | huge_words() | set(wordnet())
    for table in scowl_levels().values():
        words |= set(table)
    words |= set(zipf_tables()["en"])
    return words


# ----------------------------------------------------------------------------- features


def base_candidates(word: str, suffixes: tuple[str, ...] = SUFFIXES) -> list[str]:
    """Words ``word`` may be an inflection or simple derivative of (cats -> cat, tried -> try)."""
    out = []
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            out.append(stem)
            if suffix in ("ies", "ied", "ier", "iest"):
                out.append(stem + "y")
            if suffix in ("ed", "ing", "er", "est", "ers"):
                out.append(stem + "e")
                if len(stem) > 3 and stem[-1] == stem[-2]:
                    out.append(stem[:-1])
    return out


def inflect(base: str) -> list[tuple[str, str]]:
    """Regular inflections of ``base`` by English spelling rules, with the ending each takes:
    plural / third person (``s``), past (``ed``), ``ing``, comparative (``er``) and superlative
    (``est``). Doubled final consonants are left out (Letter Boxed can never play them)."""
    if len(base) < 3 or not base.isalpha():
        return []
    out = []
    consonant_y = base[-1] == "y" and base[-2] not in "aeiou"
    if consonant_y:
        out += [
            (base[:-1] + "ies", "s"),
            (base[:-1] + "ied", "ed"),
            (base + "ing", "ing"),
            (base[:-1] + "ier", "er"),
            (base[:-1] + "iest", "est"),
        ]
    elif base[-1] == "e":
        out += [
            (base + "s", "s"),
            (base + "d", "ed"),
            (base[:-1] + "ing", "ing"),
            (base + "r", "er"),
            (base + "st", "est"),
        ]
    else:
        sibilant = base.endswith(("s", "x", "z", "ch", "sh"))
        out += [
            (base + ("es" if sibilant else "s"), "s"),
            (base + "ed", "ed"),
            (base + "ing", "ing"),
            (base + "er", "er"),
            (base + "est", "est"),
        ]
    return out


def _level(table: dict[str, float], words) -> np.ndarray:
    return np.array([table.get(w, ABSENT) for w in words], dtype=np.float32)


def _member(members, words) -> np.ndarray:
    return np.array([w in members for w in words], dtype=np.float32)


def feature_matrix(
    words: list[str], suffixes: tuple[str, ...] = SUFFIXES, generated: frozenset[str] = frozenset()
) -> tuple[np.ndarray, list[str]]:
    """Source features of ``words`` (no NY Times data): one float32 column per name. ``suffixes``
    are the endings whose base words are looked up; ``generated``, when given, the words
    :func:`inflect` made that no source lists (a column says which)."""
    cols: dict[str, np.ndarray] = {}
    levels = scowl_levels()
    for group in sorted(levels):
        cols[f"scowl_{group}"] = _level(levels[group], words)
    cols["scowl_min"] = np.min(
        [cols[f"scowl_{g}"] for g in ("english", "american", "british", "canadian", "australian")],
        axis=0,
    )
    cols["enable1"] = _member(enable1(), words)
    cols["huge"] = _member(huge_words(), words)
    lower, upper = hunspell_words()
    cols["hunspell"] = _member(lower, words)
    cols["hunspell_capital"] = _member(upper, words)
    wn = wordnet()
    for key in ("senses", "lower", "capital", *sorted(set(USAGES.values()))):
        cols[f"wordnet_{key}"] = np.array(
            [wn[w].get(key, 0) if w in wn else 0 for w in words], dtype=np.float32
        )
    cols["wordnet_inflection"] = _member(wordnet_inflections(), words)
    cols["profanity"] = _member(profanity_words(), words)
    zipfs = zipf_tables()
    for lang, table in zipfs.items():
        cols[f"zipf_{lang}"] = np.array([table.get(w, 0.0) for w in words], dtype=np.float32)
    cols["zipf_other_max"] = np.max([cols[f"zipf_{x}"] for x in OTHER_LANGUAGES], axis=0)
    cols["zipf_en_minus_other"] = cols["zipf_en"] - cols["zipf_other_max"]
    cols.update(_shape_features(words, suffixes))
    cols.update(_base_source_features(words, levels, zipfs["en"], suffixes))
    if generated:
        cols["generated"] = _member(generated, words)
    names = list(cols)
    return np.column_stack([cols[n] for n in names]).astype(np.float32), names


def _shape_features(words: list[str], suffixes=SUFFIXES) -> dict[str, np.ndarray]:
    cols = {
        "length": [len(w) for w in words],
        "distinct": [len(set(w)) for w in words],
        "vowels": [sum(c in "aeiou" for c in w) / len(w) for w in words],
        "rare_letters": [sum(c in "jqxzkv" for c in w) for w in words],
        "max_consonants": [max(map(len, re.findall(r"[^aeiouy]+", w)), default=0) for w in words],
        "double": [bool(re.search(r"(.)\1", w)) for w in words],
    }
    for suffix in suffixes:
        cols[f"ends_{suffix}"] = [w.endswith(suffix) for w in words]
    return {k: np.asarray(v, dtype=np.float32) for k, v in cols.items()}


def _base_source_features(words, levels, zipf_en, suffixes=SUFFIXES) -> dict[str, np.ndarray]:
    """The best-known base word of each word: its SCOWL level and English Zipf."""
    best = levels.get("english", {})
    lvl = np.full(len(words), ABSENT, dtype=np.float32)
    zipf = np.zeros(len(words), dtype=np.float32)
    for i, w in enumerate(words):
        for base in base_candidates(w, suffixes):
            lvl[i] = min(lvl[i], best.get(base, ABSENT))
            zipf[i] = max(zipf[i], zipf_en.get(base, 0.0))
    return {"base_scowl": lvl, "base_zipf": zipf}


def base_verdicts(
    words: list[str], verdict: dict[str, int], suffixes: tuple[str, ...] = SUFFIXES
) -> np.ndarray:
    """For each word: 1 if a base word of it was accepted, 0 if one was refused (and none
    accepted), -1 if no base word has a verdict."""
    out = np.full(len(words), -1, dtype=np.float32)
    for i, w in enumerate(words):
        for base in base_candidates(w, suffixes):
            v = verdict.get(base, -1)
            if v > out[i]:
                out[i] = v
    return out


PARTNERS = (
    ("iest", "ier"),
    ("ier", "iest"),
    ("est", "er"),
    ("er", "est"),
    ("ied", "ying"),
    ("ying", "ied"),
    ("ed", "ing"),
    ("ing", "ed"),
    ("ing", "e"),
    ("ies", "y"),
)


def partners(word: str) -> list[str]:
    """The forms paired with an inflected ``word``: comparative and superlative (jankier,
    jankiest; larger, largest), past and present participle (baked, baking; carried, carrying), and
    the base of a few (baking -> bake, cities -> city)."""
    out = []
    for end, other in PARTNERS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            out.append(word[: -len(end)] + other)
    return out


def partner_verdicts(words: list[str], verdict: dict[str, int]) -> np.ndarray:
    """For each word: the best verdict of its :func:`partners` (1 accepted, 0 refused), -1 if
    none was judged."""
    out = np.full(len(words), -1, dtype=np.float32)
    for i, w in enumerate(words):
        for v in partners(w):
            out[i] = max(out[i], verdict.get(v, -1))
    return out
